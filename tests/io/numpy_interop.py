"""numpy <-> pelab .npy/.csv interop, run by ctest with Debian's /usr/bin/python3.

usage: numpy_interop.py <pelab_io_tool> <scratch dir>

1. pelab writes known arrays; numpy loads them and compares values exactly, and the .npy bytes
   must equal what numpy.save writes for the same array.
2. numpy writes arrays (float16, float32, float64, int32, int64, Fortran order, format 2.0 and 3.0,
   0-d, empty, 3-D); pelab decodes them and compares with the values passed as hex floats.
Fails (exit 1) if numpy is missing: a skipped interop test would hide real breakage.
"""
import io
import pathlib
import shutil
import subprocess
import sys

try:
    import numpy as np
except ImportError:
    print("FAIL: numpy is not importable by " + sys.executable +
          "; install python3-numpy (Debian) so the .npy interop can be checked")
    sys.exit(1)

failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print("FAIL: " + what)


def numpy_save_bytes(array):
    buffer = io.BytesIO()
    np.save(buffer, array)
    return buffer.getvalue()


def expected_pelab_arrays():
    """The arrays pelab_io_tool write produces (restated here as plain numbers)."""
    f64 = np.array([[0.1, -2.5, 1e-300, 1.7976931348623157e308],
                    [-0.0, 3.0, 1.0 / 3.0, 5e-324],
                    [np.nan, np.inf, -np.inf, 123456789.125]], dtype=np.float64)
    f32 = np.array([[0.1, -1.5], [3.25, 1e-3]], dtype=np.float32)
    i64 = np.array([[0, -1, 2**63 - 1], [-2**63, 42, 2**53 + 1]], dtype=np.int64)
    cube = np.array([[[(100 * i + 10 * j + k) * 0.25 - 7 for k in range(4)] for j in range(3)]
                     for i in range(2)], dtype=np.float64)
    line = np.array([0.0, 0.5, 1.0, 1.5, 2.0])
    return {"f64_2d": f64, "f32_2d": f32, "i64_2d": i64, "f64_3d": cube, "f64_1d": line}


def same(a, b):
    """Exact equality including NaN positions and the sign of zero."""
    if a.dtype != b.dtype or a.shape != b.shape:
        return False
    if a.dtype.kind == "f":
        return bool(np.array_equal(a, b, equal_nan=True) and np.array_equal(np.signbit(a), np.signbit(b)))
    return bool(np.array_equal(a, b))


def pelab_writes_numpy_reads(tool, scratch):
    out = scratch / "from_pelab"
    out.mkdir()
    subprocess.run([tool, "write", str(out)], check=True)
    for name, expected in expected_pelab_arrays().items():
        path = out / (name + ".npy")
        loaded = np.load(path, allow_pickle=False)
        check(same(loaded, expected), f"{name}.npy: numpy read {loaded!r}, expected {expected!r}")
        check(path.read_bytes() == numpy_save_bytes(expected), f"{name}.npy: bytes differ from numpy.save")
    f64 = np.loadtxt(out / "f64_2d.csv", delimiter=",", dtype=np.float64)
    check(same(f64, expected_pelab_arrays()["f64_2d"]), "f64_2d.csv: numpy.loadtxt values differ")
    i64 = np.loadtxt(out / "i64_2d.csv", delimiter=",", dtype=np.int64)
    check(same(i64, expected_pelab_arrays()["i64_2d"]), "i64_2d.csv: numpy.loadtxt values differ")
    check(len(list(out.iterdir())) == 7, "pelab left extra files behind: " + ", ".join(p.name for p in out.iterdir()))


def numpy_writes_pelab_reads(tool, scratch):
    out = scratch / "from_numpy"
    out.mkdir()
    rng = np.random.default_rng(1234)
    special = np.array([[0.1, -0.0, np.nan], [np.inf, -np.inf, 5e-324], [1e308, -1.5, 2.0 / 3.0]])
    arrays = {
        "np_f32": (rng.standard_normal((3, 5)).astype(np.float32), None),
        "np_f64": (special, None),
        "np_i64": (np.array([[0, -1, 2**63 - 1, -2**63, 7]], dtype=np.int64), None),
        "np_i32": (np.array([[1, -2], [2**31 - 1, -2**31]], dtype=np.int32), None),
        "np_fortran": (np.asfortranarray(rng.standard_normal((4, 3))), None),
        "np_fortran_3d": (np.asfortranarray(np.arange(24, dtype=np.float64).reshape(2, 3, 4)), None),
        "np_fortran_f32": (np.asfortranarray(rng.standard_normal((2, 5)).astype(np.float32)), None),
        "np_f16": (rng.standard_normal((3, 4)).astype(np.float16), None),
        "np_f16_special": (np.array([[6e-8, -0.0, np.inf], [65504, -np.inf, np.nan]], dtype=np.float16), None),
        "np_fortran_f16": (np.asfortranarray(rng.standard_normal((2, 3)).astype(np.float16)), None),
        "np_v2": (rng.standard_normal((2, 3)), (2, 0)),
        "np_v3": (np.arange(6, dtype=np.int64).reshape(3, 2), (3, 0)),
        "np_3d": (rng.standard_normal((2, 3, 4)), None),
        "np_1d": (np.linspace(-1, 1, 7), None),
        "np_0d": (np.array(2.5), None),
        "np_empty": (np.zeros((0, 3)), None),
        "np_transposed_view": (np.arange(12, dtype=np.float64).reshape(3, 4).T, None),
    }
    for name, (array, version) in arrays.items():
        path = out / (name + ".npy")
        if version is None:
            np.save(path, array)
        else:
            with open(path, "wb") as f:
                np.lib.format.write_array(f, array, version=version)
        header = path.read_bytes()[:128]
        if name.startswith("np_fortran") or name == "np_transposed_view":
            check(b"'fortran_order': True" in header, name + ": numpy did not write Fortran order")
        if version is not None:
            check(header[6] == version[0], name + ": numpy did not write the requested version")
        c_order = np.ascontiguousarray(array)
        expectation = out / (name + ".expected")
        expectation.write_text(
            np.lib.format.dtype_to_descr(array.dtype) + "\n" +
            " ".join(str(d) for d in array.shape) + "\n" +
            " ".join(float(v).hex() for v in c_order.reshape(-1)) + "\n")
        result = subprocess.run([tool, "check", str(path), str(expectation)])
        check(result.returncode == 0, f"{name}.npy: pelab decoded different values (see above)")


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    tool = sys.argv[1]
    scratch = pathlib.Path(sys.argv[2])
    shutil.rmtree(scratch, ignore_errors=True)
    scratch.mkdir(parents=True)
    print("numpy", np.__version__)
    pelab_writes_numpy_reads(tool, scratch)
    numpy_writes_pelab_reads(tool, scratch)
    if failures:
        print(f"{len(failures)} interop check(s) failed")
        return 1
    print("all numpy interop checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
