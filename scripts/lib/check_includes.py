"""Compiles each of pelab's sources alone with -fsyntax-only (scripts/check-includes.sh).

argv: mode ("all" or "changed"), compile_commands.json, the source root, the number of parallel
jobs, and the record file. The record holds one line per source or header of the tree: its git blob
hash and its path. "all" checks every source and, when all pass, rewrites the record; "changed"
checks only the sources that differ from the record, themselves or through a header of ours."""
import concurrent.futures
import json
import os
import shlex
import subprocess
import sys

mode, database, root, jobs, record_path = sys.argv[1], sys.argv[2], sys.argv[3] + "/", int(sys.argv[4]), sys.argv[5]
CODE_SUFFIXES = (".cpp", ".hpp", ".h", ".cc", ".inl")


def content_hashes():
    """{path: git blob hash} of every source and header of the work tree, tracked or new."""
    listed = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"], cwd=root,
                            capture_output=True, text=True, check=True).stdout.split("\n")
    paths = sorted({p for p in listed if p.endswith(CODE_SUFFIXES) and os.path.isfile(os.path.join(root, p))})
    hashes = subprocess.run(["git", "hash-object", "--stdin-paths"], cwd=root, input="\n".join(paths) + "\n",
                            capture_output=True, text=True, check=True).stdout.split()
    return dict(zip(paths, hashes))


def read_record():
    try:
        with open(os.path.join(root, record_path)) as f:
            return {path: blob for blob, path in (line.split(None, 1) for line in f.read().splitlines() if line)}
    except OSError:
        return None


def front_end_command(entry):
    """The entry's compile command with -fsyntax-only and without output or dependency files."""
    args, drop = [], False
    for arg in shlex.split(entry["command"]):
        if drop:
            drop = False
        elif arg in ("-o", "-MF", "-MT"):
            drop = True
        elif arg not in ("-c", "-MD") and not arg.startswith("-O"):
            args.append(arg)
    return args[:1] + ["-fsyntax-only", "-O0"] + args[1:]


def our_files(entry, command):
    """The files of the source tree the source is made of (itself and what it includes)."""
    deps = subprocess.run([a for a in command if a != "-fsyntax-only"] + ["-MM"], cwd=entry["directory"],
                          capture_output=True, text=True)
    if deps.returncode != 0:
        return None  # it does not even preprocess: check it, so that the error is shown
    files = deps.stdout.replace("\\\n", " ").split(":", 1)[-1].split()
    return {os.path.relpath(os.path.join(entry["directory"], f), root) for f in files}


def check(entry, changed):
    command = front_end_command(entry)
    if changed is not None and os.path.relpath(entry["file"], root) not in changed:
        files = our_files(entry, command)
        if files is not None and not files & changed:
            return None
    run = subprocess.run(command, cwd=entry["directory"], capture_output=True, text=True)
    return entry["file"], (run.stdout + run.stderr).strip() or ("failed" if run.returncode else "")


current = content_hashes()
changed = None
if mode == "changed":
    record = read_record()
    if record is None:
        print(f"check-includes: no {record_path}; checking every source", file=sys.stderr)
    else:
        changed = {path for path, blob in current.items() if record.get(path) != blob}
# The probes must fail: they prove core cannot include GL or ImGui (tests/core/CMakeLists.txt).
entries = [e for e in json.load(open(database))
           if e["file"].startswith(root) and not e["file"].endswith("_probe.cpp")]
with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
    results = [r for r in pool.map(lambda e: check(e, changed), entries) if r is not None]
failed = [(f, out) for f, out in results if out]
for f, out in failed:
    print(out, file=sys.stderr)
scope = f"{len(results)} sources changed since {record_path}" if changed is not None else f"all {len(results)} sources"
if failed:
    print(f"check-includes: {len(failed)} of the {scope} do not compile on their own:", file=sys.stderr)
    for f, _ in failed:
        print("  " + os.path.relpath(f, root), file=sys.stderr)
    sys.exit(1)
print(f"check-includes: {scope} compile on their own ({len(entries)} in the tree)")
if changed is None:
    with open(os.path.join(root, record_path) + ".tmp", "w") as f:
        f.writelines(f"{blob} {path}\n" for path, blob in current.items())
    os.replace(os.path.join(root, record_path) + ".tmp", os.path.join(root, record_path))
    print(f"check-includes: wrote {record_path} (commit it with the sources)")
