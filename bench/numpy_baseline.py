#!/usr/bin/python3
"""numpy side of pelab's benchmark (bench/pelab_bench.cpp drives it; it also runs on its own).

The code under comparison is source post 002's `get_position_encoding`, copied verbatim below, plus numpy
`P @ P.T` for a sinusoid table and for a learned table drawn as
`np.random.default_rng(0).normal(0, 0.02, (N, D))`.

Modes
  numpy_baseline.py                  time every case here and print a small table (numpy only)
  numpy_baseline.py --serve          line protocol on stdin/stdout, used by pelab-bench so that the
                                     two sides can be timed interleaved in one run:
                                       table N D              -> "<wall ms> <cpu ms>"  one call of get_position_encoding
                                       matmul-sin N D         -> "<wall ms> <cpu ms>"  P @ P.T, P = get_position_encoding(N, D)
                                       matmul-learned N D     -> "<wall ms> <cpu ms>"  L @ L.T, L from default_rng(0)
                                       pipeline IN OUT        -> "<wall ms> <cpu ms>"  np.load(IN), L @ L.T,
                                                                 np.save(OUT): what `pelab-cli similarity
                                                                 learned --table IN --out OUT` does
                                       save-last PATH         -> "ok"    np.save the last result
                                       save-learned N D PATH  -> "ok"    np.save the learned input table
                                       info                   -> one line: numpy version and the BLAS loaded
                                       blas-libs              -> the BLAS/LAPACK .so paths mapped into
                                                                 this process, space-separated
                                       quit
                                     Only the call itself is timed (time.perf_counter, and
                                     time.process_time for the CPU time of all threads: OpenBLAS
                                     runs on every core); inputs (P, L) are built before the clock
                                     starts and cached.
  numpy_baseline.py --mem CASE N D   run one case once in this fresh process and print
                                     "<rss_before_kib> <peak_rss_kib>": VmRSS after `import numpy`
                                     and before the case, and VmHWM at the end (CASE is table,
                                     matmul-sin or matmul-learned; inputs are built inside the case).
Which BLAS numpy uses is decided by the dynamic linker when numpy is imported: Debian's numpy
links libblas.so.3, so LD_LIBRARY_PATH=/usr/lib/x86_64-linux-gnu/blas (netlib reference) or
=/usr/lib/x86_64-linux-gnu/openblas-pthread (OpenBLAS) picks one for this process only, whatever
the system's libblas.so.3 alternative says. `info` reports what was really mapped.
Needs numpy: run it with Debian's /usr/bin/python3 (python3-numpy; python3-threadpoolctl for the
kernel report).
"""
import sys
import time

import numpy as np


# ---- source post 002, verbatim (only the plotting that followed it in the post is left out) ----
def get_position_encoding(seq_length, model_dim):
    """
    Sinusoidal Position Encoding을 계산하는 함수.
    Parameters:
    - seq_length: 문장의 최대 길이 (입력 토큰 개수)
    - model_dim: 임베딩 차원 (각 토큰이 표현되는 차원)
    Returns:
    - position_encoding: (seq_length, model_dim) 크기의 NumPy 배열
    """
    pos = np.arange(seq_length)[:, np.newaxis] # (seq_length, 1) 형태로 위치 인덱스 생성
    i = np.arange(model_dim)[np.newaxis, :] # (1, model_dim) 형태로 차원 인덱스 생성
    angle_rates = 1 / np.power(10000, (2 * (i // 2)) / np.float32(model_dim)) # 주기 설정
    encoding = pos * angle_rates # 위치 * 주기 = 위치 인코딩 값
    # 짝수 인덱스에는 sin, 홀수 인덱스에는 cos 적용
    encoding[:, 0::2] = np.sin(encoding[:, 0::2])
    encoding[:, 1::2] = np.cos(encoding[:, 1::2])
    return encoding
# ---- end of source post 002 ----


def learned_table(n, d):
    return np.random.default_rng(0).normal(0, 0.02, (n, d))


def loaded_blas_libraries():
    """The BLAS/LAPACK shared objects mapped into this process (from /proc/self/maps), i.e. what
    numpy really loaded: Debian's numpy links libblas.so.3, which the dynamic linker resolves
    through LD_LIBRARY_PATH first (the bench sets it per process) and then the system alternative."""
    import os
    libs = []
    try:
        with open("/proc/self/maps") as f:
            for line in f:
                path = line.split()[-1] if len(line.split()) >= 6 else ""
                name = os.path.basename(path)
                if ("blas" in name or "lapack" in name) and ".so" in name and path not in libs:
                    libs.append(path)
    except OSError:
        pass
    return libs


def blas_kernels():
    """threadpoolctl's view (Debian python3-threadpoolctl): library, version, kernel, threads.
    It recognises OpenBLAS (and MKL, BLIS); the netlib reference BLAS is not listed by it."""
    try:
        import threadpoolctl
    except ImportError:
        return "threadpoolctl not installed"
    found = []
    for lib in threadpoolctl.threadpool_info():
        if lib.get("user_api") != "blas":
            continue
        found.append("%s %s, kernel %s, %s threads" % (lib.get("internal_api"), lib.get("version"),
                                                      lib.get("architecture"), lib.get("num_threads")))
    return "; ".join(found) if found else "no threaded BLAS (none that threadpoolctl knows)"


def blas_name():
    """One line for the report: the BLAS shared objects mapped into this process and
    threadpoolctl's kernel report. (numpy.show_config() would only name the build-time
    libblas.so.3, not what the alternative or LD_LIBRARY_PATH make the loader pick.)"""
    import os
    libs = loaded_blas_libraries()
    blas = [p for p in libs if os.path.basename(p).startswith(("libblas", "libopenblas"))]
    return "loaded %s | threadpoolctl: %s" % (" ".join(blas) if blas else "no BLAS library", blas_kernels())


def status_kib(field):
    """A /proc/self/status field in KiB: VmRSS (now) or VmHWM (peak of this process image; unlike
    ru_maxrss it is not inherited from the process that forked and exec'd this one)."""
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return -1


class Cases:
    def __init__(self):
        self.inputs = {}
        self.last = None

    def _input(self, kind, n, d):
        key = (kind, n, d)
        if key not in self.inputs:
            self.inputs.clear()  # keep at most one cached input (they are 25-35 MB each)
            self.inputs[key] = get_position_encoding(n, d) if kind == "sin" else learned_table(n, d)
        return self.inputs[key]

    def run(self, case, n, d):
        """Runs one case; returns (wall ms, process CPU ms) of the compared call only."""
        if case == "table":
            self.last = None
            c0, t0 = time.process_time(), time.perf_counter()
            out = get_position_encoding(n, d)
            t1, c1 = time.perf_counter(), time.process_time()
        elif case in ("matmul-sin", "matmul-learned"):
            a = self._input("sin" if case == "matmul-sin" else "learned", n, d)
            self.last = None
            c0, t0 = time.process_time(), time.perf_counter()
            out = a @ a.T  # numpy sees a @ a.T and calls BLAS dsyrk, then mirrors the triangle
            t1, c1 = time.perf_counter(), time.process_time()
        else:
            raise ValueError("unknown case " + case)
        self.last = out
        return (t1 - t0) * 1e3, (c1 - c0) * 1e3

    def pipeline(self, src, dst):
        """np.load, L @ L.T, np.save: the whole step a pipeline would run, in this running interpreter."""
        self.last = None
        c0, t0 = time.process_time(), time.perf_counter()
        a = np.load(src)
        out = a @ a.T
        np.save(dst, out)
        t1, c1 = time.perf_counter(), time.process_time()
        self.last = out
        return (t1 - t0) * 1e3, (c1 - c0) * 1e3


def serve():
    cases = Cases()
    out = sys.stdout
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        cmd = words[0]
        try:
            if cmd == "quit":
                break
            elif cmd == "info":
                reply = "numpy %s, %s" % (np.__version__, blas_name())
            elif cmd == "blas-libs":
                reply = " ".join(loaded_blas_libraries()) or "none"
            elif cmd == "pipeline":
                reply = "%.6f %.6f" % cases.pipeline(words[1], words[2])
            elif cmd == "save-last":
                np.save(words[1], cases.last)
                reply = "ok"
            elif cmd == "save-learned":
                np.save(words[3], learned_table(int(words[1]), int(words[2])))
                reply = "ok"
            else:
                reply = "%.6f %.6f" % cases.run(cmd, int(words[1]), int(words[2]))
        except Exception as e:  # report, keep serving
            reply = "error " + repr(e).replace("\n", " ")
        out.write(reply + "\n")
        out.flush()


def mem(case, n, d):
    before = status_kib("VmRSS")
    if case == "table":
        out = get_position_encoding(n, d)
    elif case == "matmul-sin":
        p = get_position_encoding(n, d)
        out = p @ p.T
    elif case == "matmul-learned":
        l = learned_table(n, d)
        out = l @ l.T
    else:
        raise SystemExit("unknown case " + case)
    peak = status_kib("VmHWM")
    del out
    print(before, peak)


def standalone():
    import statistics
    print("numpy %s, BLAS: %s" % (np.__version__, blas_name()))
    cases = Cases()
    for case, n, d, reps in (("table", 2000, 1600, 7), ("table", 4096, 1024, 7),
                             ("matmul-sin", 2000, 1600, 3), ("matmul-learned", 2000, 1600, 3)):
        cases.run(case, n, d)  # warm-up
        times = [cases.run(case, n, d)[0] for _ in range(reps)]
        print("%-15s %5d x %-5d median %10.2f ms  (min %.2f, %d reps)" %
              (case, n, d, statistics.median(times), min(times), reps))


if __name__ == "__main__":
    if len(sys.argv) >= 2 and sys.argv[1] == "--serve":
        serve()
    elif len(sys.argv) == 5 and sys.argv[1] == "--mem":
        mem(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
    elif len(sys.argv) == 1:
        standalone()
    else:
        raise SystemExit(__doc__)
