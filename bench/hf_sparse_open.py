#!/usr/bin/python3
"""Opens an hf: model whose sharded checkpoint is 1.9 GB and reports what pelab-cli reads.

The cache is written to a temporary directory as huggingface_hub lays it out (blobs/, refs/main,
snapshots/HASH/ with relative links). The two shards are sparse: only their headers and the
position table are written, everything else is a hole, so the files cost no disk and any read of a
hole would still count in the bytes read. The model is OPT-shaped (hidden size 2048, a 2050 x 2048
F16 table whose first two rows OPT reserves), its table in the second shard.

Measured for `pelab-cli encode learned --table hf:... --out FILE` (the whole table, 2048 positions):
bytes read (rchar of /proc/PID/io: a shell reads its own counters before and after the child, which
the kernel adds to its parent when reaped), the child's maximum resident set size (/usr/bin/time),
and the wall time.

usage: hf_sparse_open.py PELAB_CLI
"""
import json
import os
import struct
import subprocess
import sys
import tempfile
import time


def safetensors_header(tensors):
    """tensors: [(name, dtype, shape)] laid out in order; returns (header bytes, offsets, data size)."""
    item = {"F16": 2, "F32": 4}
    entries, offsets, at = {}, {}, 0
    for name, dtype, shape in tensors:
        size = item[dtype]
        for d in shape:
            size *= d
        entries[name] = {"dtype": dtype, "shape": shape, "data_offsets": [at, at + size]}
        offsets[name] = at
        at += size
    text = json.dumps(entries).encode()
    text += b" " * (-len(text) % 8)
    return struct.pack("<Q", len(text)) + text, offsets, at


def write_sparse(path, tensors, payload=None):
    """A shard with holes: header, then `payload` = (tensor name, bytes) written in place."""
    header, offsets, size = safetensors_header(tensors)
    with open(path, "wb") as f:
        f.write(header)
        f.truncate(len(header) + size)
        if payload:
            f.seek(len(header) + offsets[payload[0]])
            f.write(payload[1])
    return len(header) + size


def half_bits(value):
    return struct.unpack("<H", struct.pack("<e", value))[0]


def main():
    cli = sys.argv[1]
    hidden, rows = 2048, 2050
    with tempfile.TemporaryDirectory() as tmp:
        model = os.path.join(tmp, "hub", "models--facebook--opt-sparse")
        commit = "5" * 40
        snap = os.path.join(model, "snapshots", commit)
        blobs = os.path.join(model, "blobs")
        for d in (snap, blobs, os.path.join(model, "refs")):
            os.makedirs(d)
        with open(os.path.join(model, "refs", "main"), "w") as f:
            f.write(commit)

        def blob(name, writer):
            path = os.path.join(blobs, name)
            size = writer(path)
            return path, size

        # Stored row r, column c holds (r % 64) / 64 + c / 4096 rounded to F16.
        table = bytearray()
        for r in range(rows):
            table += struct.pack("<%dH" % hidden, *[half_bits((r % 64) / 64 + c / 4096) for c in range(hidden)])
        layer = ("F16", [hidden, hidden])
        shard1 = [("model.decoder.layers.%d.fc.weight" % i, *layer) for i in range(113)]
        shard2 = [("model.decoder.embed_tokens.weight", "F16", [50272, hidden]),
                  ("model.decoder.embed_positions.weight", "F16", [rows, hidden])]
        shard2 += [("model.decoder.layers.%d.fc2.weight" % i, *layer) for i in range(113, 200)]
        sizes = {}
        for name, tensors, payload in (("model-00001-of-00002.safetensors", shard1, None),
                                        ("model-00002-of-00002.safetensors", shard2,
                                         ("model.decoder.embed_positions.weight", bytes(table)))):
            _, sizes[name] = blob("b-" + name, lambda p, t=tensors, pl=payload: write_sparse(p, t, pl))
            os.symlink(os.path.join("..", "..", "blobs", "b-" + name), os.path.join(snap, name))
        weight_map = {t[0]: "model-00001-of-00002.safetensors" for t in shard1}
        weight_map.update({t[0]: "model-00002-of-00002.safetensors" for t in shard2})
        for name, text in (("config.json", json.dumps({"model_type": "opt", "pad_token_id": 1,
                                                         "hidden_size": hidden})),
                           ("model.safetensors.index.json",
                            json.dumps({"metadata": {"total_size": sum(sizes.values())},
                                        "weight_map": weight_map}))):
            with open(os.path.join(blobs, "b-" + name), "w") as f:
                f.write(text)
            os.symlink(os.path.join("..", "..", "blobs", "b-" + name), os.path.join(snap, name))
        total = sum(sizes.values())
        on_disk = sum(os.stat(os.path.join(blobs, "b-" + n)).st_blocks * 512 for n in sizes)
        index_bytes = os.path.getsize(os.path.join(blobs, "b-model.safetensors.index.json"))

        out = os.path.join(tmp, "table.npy")
        env = dict(os.environ, HF_HUB_CACHE=os.path.join(tmp, "hub"))
        script = ('grep rchar /proc/$$/io; /usr/bin/time -f "maxrss_kb %M" "$0" encode learned '
                  '--table hf:facebook/opt-sparse --out "$1"; grep rchar /proc/$$/io')
        start = time.perf_counter()
        run = subprocess.run(["sh", "-c", script, cli, out], env=env, capture_output=True, text=True)
        wall = time.perf_counter() - start
        if run.returncode != 0:
            sys.exit("pelab-cli failed: " + run.stderr.strip())
        before, after = [int(line.split()[1]) for line in run.stdout.split("\n") if line.startswith("rchar")]
        maxrss = int(run.stderr.split("maxrss_kb")[1].split()[0])
        # The table as written, from position 0 (stored row 2) on, against what pelab-cli wrote.
        import numpy
        got = numpy.load(out)
        want = numpy.frombuffer(bytes(table), dtype="<f2").reshape(rows, hidden)[2:].astype(numpy.float64)
        assert got.shape == (rows - 2, hidden), got.shape
        assert numpy.array_equal(got, want)
        print("checkpoint: 2 shards, %d bytes (%.2f GB), %d bytes on disk; table %d bytes; index %d bytes"
              % (total, total / 1e9, on_disk, len(table), index_bytes))
        print("pelab-cli encode learned --table hf:facebook/opt-sparse: rchar %d bytes (the shell's counter,"
              " child and grep included), max RSS %d KiB, wall %.3f s; values equal"
              % (after - before, maxrss, wall))


if __name__ == "__main__":
    main()
