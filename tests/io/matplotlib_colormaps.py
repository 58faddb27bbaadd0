"""Compares pelab's viridis and magma LUTs with matplotlib's, run by ctest.

usage: matplotlib_colormaps.py <pelab_io_tool>

Each of the 256 entries must be within 3/255 per channel of matplotlib's colour at the same t.
Fails (exit 1) if matplotlib is missing: install python3-matplotlib to run this check.
"""
import subprocess
import sys

try:
    import matplotlib
    import numpy as np
except ImportError as error:
    print(f"FAIL: {error.name} is not importable by {sys.executable}; install python3-matplotlib "
          "(Debian) so pelab's colormaps can be compared with matplotlib's")
    sys.exit(1)

TOLERANCE = 3


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    tool = sys.argv[1]
    worst_overall = 0
    for name in ("viridis", "magma"):
        output = subprocess.run([tool, "lut", name], check=True, capture_output=True, text=True).stdout
        ours = np.array([[int(v) for v in line.split()] for line in output.splitlines()])
        if ours.shape != (256, 3):
            print(f"FAIL: {name}: expected 256 lines of r g b, got shape {ours.shape}")
            return 1
        colormap = matplotlib.colormaps[name]
        reference = np.round(np.array([colormap(i / 255.0)[:3] for i in range(256)]) * 255).astype(int)
        error = np.abs(ours - reference)
        worst = int(error.max())
        at = int(error.max(axis=1).argmax())
        print(f"{name}: max channel error {worst}/255 at entry {at} "
              f"(pelab {tuple(ours[at])}, matplotlib {tuple(reference[at])}), mean {error.mean():.3f}")
        worst_overall = max(worst_overall, worst)
    if worst_overall > TOLERANCE:
        print(f"FAIL: error above {TOLERANCE}/255")
        return 1
    print(f"matplotlib {matplotlib.__version__}: colormaps agree within {TOLERANCE}/255")
    return 0


if __name__ == "__main__":
    sys.exit(main())
