#!/usr/bin/env python3
"""Compares two PNGs pixel by pixel.

usage: png_diff.py A.png B.png TOLERANCE MAX_FRACTION [--ignore-bottom ROWS]
A pixel differs when any channel differs by more than TOLERANCE; exits 1 when the images differ in
size or when more than MAX_FRACTION of the compared pixels differ, printing the numbers either way.
--ignore-bottom leaves out the last ROWS rows (the status bar shows a compute time in ms).
PIL comes with python3-matplotlib (scripts/install-deps.sh).
"""
import sys

import numpy as np
from PIL import Image


def main():
    args = sys.argv[1:]
    ignore_bottom = 0
    if "--ignore-bottom" in args:
        i = args.index("--ignore-bottom")
        ignore_bottom = int(args[i + 1])
        del args[i : i + 2]
    a_path, b_path, tolerance, max_fraction = args[0], args[1], int(args[2]), float(args[3])
    a = np.asarray(Image.open(a_path).convert("RGB"), np.int32)
    b = np.asarray(Image.open(b_path).convert("RGB"), np.int32)
    if a.shape != b.shape:
        print(f"{a_path} is {a.shape[1]}x{a.shape[0]}, {b_path} is {b.shape[1]}x{b.shape[0]}")
        return 1
    if ignore_bottom:
        a, b = a[:-ignore_bottom], b[:-ignore_bottom]
    diff = np.abs(a - b).max(axis=2)
    differing = int((diff > tolerance).sum())
    fraction = differing / diff.size
    print(f"{b_path}: {differing} of {diff.size} pixels differ by more than {tolerance} "
          f"({100 * fraction:.3f} %, allowed {100 * max_fraction:.3f} %); largest difference {diff.max()}")
    return 0 if fraction <= max_fraction else 1


if __name__ == "__main__":
    sys.exit(main())
