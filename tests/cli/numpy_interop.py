#!/usr/bin/env python3
"""numpy reads what pelab-cli writes.

Usage: numpy_interop.py PATH/TO/pelab-cli

Checks that `pelab-cli encode sinusoidal --positions 50 --dims 16` equals source post 002's
get_position_encoding(50, 16) to 1e-12, that the CSV export matches, that index outputs load as
int64 and that the ALiBi tensor keeps its 3-D shape. A missing numpy is a failure, not a skip.
"""
import os
import subprocess
import sys
import tempfile

try:
    import numpy as np
except ImportError as error:  # fail loudly: this test exists to exercise numpy
    sys.exit(f"FAIL: numpy is not importable from {sys.executable} ({error}); "
             "install python3-numpy or point PELAB_PYTHON at a python3 that has it")


def get_position_encoding(seq_len, d, n=10000):
    """source post 002's table from its formula: angle_rates = 1 / n^((2 * (i // 2)) / d),
    sine on even columns, cosine on odd ones."""
    positions = np.arange(seq_len)[:, np.newaxis]
    i = np.arange(d)[np.newaxis, :]
    angle_rates = 1.0 / np.power(float(n), (2 * (i // 2)) / np.float64(d))
    angles = positions * angle_rates
    table = np.empty((seq_len, d))
    table[:, 0::2] = np.sin(angles[:, 0::2])
    table[:, 1::2] = np.cos(angles[:, 1::2])
    return table


def run(cli, *args):
    result = subprocess.run([cli, *args], capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"FAIL: pelab-cli {' '.join(args)} exited {result.returncode}: {result.stderr.strip()}")


def check(condition, message):
    if not condition:
        sys.exit("FAIL: " + message)
    print("ok:", message)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    cli = sys.argv[1]
    with tempfile.TemporaryDirectory(prefix="pelab-cli-numpy-") as tmp:
        def path(name):
            return os.path.join(tmp, name)

        run(cli, "encode", "sinusoidal", "--positions", "50", "--dims", "16", "--out", path("p.npy"))
        table = np.load(path("p.npy"))
        expected = get_position_encoding(50, 16)
        check(table.dtype == np.float64 and table.dtype.byteorder in "<=", f"encode writes float64 little-endian ({table.dtype.str})")
        check(table.shape == (50, 16), f"shape (50, 16) (got {table.shape})")
        check(table.flags["C_CONTIGUOUS"], "C order")
        check(np.max(np.abs(table - expected)) <= 1e-12,
              f"equals source post 002's get_position_encoding(50, 16) (max diff {np.max(np.abs(table - expected)):.3g})")

        run(cli, "encode", "sinusoidal", "--positions", "50", "--dims", "16", "--out", path("p.csv"))
        csv = np.loadtxt(path("p.csv"), delimiter=",")
        check(csv.shape == (50, 16) and np.array_equal(csv, table), "the .csv export reads back to the same numbers")

        run(cli, "t5-bucket", "--from", "-128", "--to", "300", "--out", path("b.npy"))
        buckets = np.load(path("b.npy"))
        check(buckets.dtype == np.int64 and buckets.shape == (429,), f"t5-bucket is int64 (429,) ({buckets.dtype}, {buckets.shape})")
        check(buckets[128] == 0 and buckets[127] == 1 and buckets[129] == 17 and buckets[0] == 15 and buckets[-1] == 31,
              "t5 buckets 0, 1, 17, 15, 31 at r = 0, -1, 1, -128, 300")

        run(cli, "shaw", "--queries", "3", "--keys", "5", "--clip", "2", "--out", path("s.npy"))
        shaw = np.load(path("s.npy"))
        i = np.arange(2, 5)[:, None]  # the 3 queries are the last 3 of 5 key positions
        j = np.arange(5)[None, :]
        check(shaw.dtype == np.int64 and np.array_equal(shaw, np.clip(j - i, -2, 2) + 2), "shaw is int64 clip(j - i) + C")

        run(cli, "alibi", "--heads", "4", "--positions", "5", "--causal", "--out", path("a.npy"))
        bias = np.load(path("a.npy"))
        slopes = 2.0 ** (-2.0 * np.arange(1, 5))
        rel = np.arange(5)[:, None] - np.arange(5)[None, :]
        want = np.where(rel >= 0, -slopes[:, None, None] * rel, -np.inf)
        check(bias.shape == (4, 5, 5) and np.array_equal(bias, want), "alibi --causal is H x N x N with -inf above the diagonal")

        run(cli, "alibi", "--heads", "4", "--positions", "5", "--causal", "--out", path("a.csv"))
        check(np.array_equal(np.loadtxt(path("a.csv"), delimiter=",").reshape(4, 5, 5), want),
              "alibi .csv reshapes to the H x N x N tensor")
    print("numpy interop: all checks passed")


if __name__ == "__main__":
    main()
