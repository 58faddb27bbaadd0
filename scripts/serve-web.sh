#!/usr/bin/env bash
# Serves build-web/dist (scripts/build-web.sh) on http://127.0.0.1:PORT/ (default 8000) with the
# headers that make the page cross-origin isolated, without which browsers give it no
# SharedArrayBuffer and pelab's threads cannot start:
#   Cross-Origin-Opener-Policy: same-origin
#   Cross-Origin-Embedder-Policy: require-corp
# and each file's gzipped copy (NAME.gz, which scripts/build-web.sh writes) to a browser that takes gzip.
# PLAIN=1 sends neither header, as most static hosts (GitHub Pages): the page then runs its build
# without threads.
#   DIST   the directory served (default: build-web/dist)
set -euo pipefail
cd "$(dirname "$0")/.."
PORT=${1:-8000}
DIST=${DIST:-$PWD/build-web/dist}
[[ -f $DIST/index.html ]] || { echo "serve-web: $DIST/index.html is missing (bash scripts/build-web.sh)" >&2; exit 1; }
[[ $PORT =~ ^[0-9]+$ ]] || { echo "serve-web: PORT must be a number (got '$PORT')" >&2; exit 2; }
exec python3 - "$DIST" "$PORT" "${PLAIN:-0}" <<'PY'
import functools, http.server, os, sys

class IsolatedHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm",
                      ".js": "text/javascript", ".data": "application/octet-stream"}

    def send_head(self):
        # NAME.gz in NAME's place, with NAME's type, when the browser takes gzip.
        path = self.translate_path(self.path)
        if self.path.split("?")[0].endswith("/") and os.path.isdir(path):
            path = os.path.join(path, "index.html")
        if "gzip" in self.headers.get("Accept-Encoding", "") and os.path.isfile(path + ".gz"):
            try:
                file = open(path + ".gz", "rb")
            except OSError:
                return super().send_head()
            self.send_response(200)
            self.send_header("Content-Type", self.guess_type(path))
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Content-Length", str(os.fstat(file.fileno()).st_size))
            self.end_headers()
            return file
        return super().send_head()

    def end_headers(self):
        if not plain:
            self.send_header("Cross-Origin-Opener-Policy", "same-origin")
            self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format, *args):  # quiet: tests read stderr for errors only
        pass

directory, port, plain = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "1"
server = http.server.ThreadingHTTPServer(("127.0.0.1", port), functools.partial(IsolatedHandler, directory=directory))
print(f"serve-web: http://127.0.0.1:{port}/ serving {directory}", flush=True)
server.serve_forever()
PY
