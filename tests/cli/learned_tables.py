#!/usr/bin/env python3
"""numpy checks pelab-cli on a real learned table: GPT-2's first 64 position embeddings.

Usage: learned_tables.py PATH/TO/pelab-cli PATH/TO/gpt2_wpe_64x768.npy

1. `similarity learned --table gpt2_wpe_64x768.npy --metric dot` equals numpy's L @ L.T to 1e-9
   (and cosine / distance their numpy forms).
2. A .safetensors checkpoint written here with only json + struct + numpy (F32, plus a decoy
   token table) gives the same table through `encode learned --table ... [--tensor wpe.weight]`
   as the .npy; a BF16 checkpoint gives exactly the bfloat16 values.
A missing numpy is a failure, not a skip.
"""
import json
import os
import struct
import subprocess
import sys
import tempfile

try:
    import numpy as np
except ImportError as error:  # fail loudly: this test exists to exercise numpy
    sys.exit(f"FAIL: numpy is not importable from {sys.executable} ({error}); "
             "install python3-numpy or point PELAB_PYTHON at a python3 that has it")


def run(cli, *args):
    result = subprocess.run([cli, *args], capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"FAIL: pelab-cli {' '.join(args)} exited {result.returncode}: {result.stderr.strip()}")


def check(condition, message):
    if not condition:
        sys.exit("FAIL: " + message)
    print("ok:", message)


def write_safetensors(path, tensors):
    """tensors: list of (name, dtype string, shape, raw little-endian bytes), laid out in order."""
    header, data = {"__metadata__": {"format": "pt"}}, b""
    for name, dtype, shape, raw in tensors:
        header[name] = {"dtype": dtype, "shape": list(shape), "data_offsets": [len(data), len(data) + len(raw)]}
        data += raw
    text = json.dumps(header).encode("utf-8")
    text += b" " * (-len(text) % 8)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(text)) + text + data)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    cli, npy = sys.argv[1], sys.argv[2]
    table = np.load(npy)
    check(table.dtype == np.float32 and table.shape == (64, 768), f"{os.path.basename(npy)} is float32 (64, 768)")
    L = table.astype(np.float64)
    with tempfile.TemporaryDirectory(prefix="pelab-cli-tables-") as tmp:
        def path(name):
            return os.path.join(tmp, name)

        run(cli, "similarity", "learned", "--table", npy, "--metric", "dot", "--out", path("dot.npy"))
        dot = np.load(path("dot.npy"))
        expected = L @ L.T
        diff = np.max(np.abs(dot - expected))
        check(dot.shape == (64, 64) and diff <= 1e-9, f"similarity --metric dot equals L @ L.T (max diff {diff:.3g})")
        norms = np.linalg.norm(L, axis=1)
        check(abs(norms[0] - 9.8756) < 1e-3 and np.all(norms[0] > 1.8 * norms[1:]),
              f"row 0's norm {norms[0]:.4f} is about twice every other row's")

        run(cli, "similarity", "learned", "--table", npy, "--metric", "cosine", "--out", path("cos.npy"))
        cos = np.load(path("cos.npy"))
        diff = np.max(np.abs(cos - expected / np.outer(norms, norms)))
        check(diff <= 1e-12, f"similarity --metric cosine equals numpy's (max diff {diff:.3g})")

        run(cli, "similarity", "learned", "--table", npy, "--metric", "distance", "--out", path("dist.npy"))
        dist = np.load(path("dist.npy"))
        want = np.linalg.norm(L[:, None, :] - L[None, :, :], axis=2)
        diff = np.max(np.abs(dist - want))
        check(diff <= 1e-9, f"similarity --metric distance equals numpy's (max diff {diff:.3g})")

        run(cli, "encode", "learned", "--table", npy, "--out", path("from_npy.npy"))
        from_npy = np.load(path("from_npy.npy"))
        check(np.array_equal(from_npy, L), "encode learned --table .npy gives the table as float64")

        decoy = (np.arange(10 * 768, dtype=np.float32).reshape(10, 768) / 1000).astype("<f4")
        write_safetensors(path("gpt2.safetensors"), [
            ("wte.weight", "F32", decoy.shape, decoy.tobytes()),
            ("wpe.weight", "F32", table.shape, table.astype("<f4").tobytes()),
        ])
        for extra in ([], ["--tensor", "wpe.weight"]):
            out = path("st.npy")
            run(cli, "encode", "learned", "--table", path("gpt2.safetensors"), *extra, "--out", out)
            check(np.array_equal(np.load(out), from_npy),
                  f"encode learned --table gpt2.safetensors {' '.join(extra)} equals the .npy version")

        bits = table.view(np.uint32).astype(np.uint64)
        bf16 = ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16).astype("<u2")
        write_safetensors(path("gpt2_bf16.safetensors"), [("transformer.wpe.weight", "BF16", table.shape, bf16.tobytes())])
        run(cli, "encode", "learned", "--table", path("gpt2_bf16.safetensors"), "--out", path("bf16.npy"))
        want = (bf16.astype(np.uint32) << 16).view(np.float32).astype(np.float64)
        check(np.array_equal(np.load(path("bf16.npy")), want), "a BF16 checkpoint gives exactly the bfloat16 values")
    print("learned tables: all checks passed")


if __name__ == "__main__":
    main()
