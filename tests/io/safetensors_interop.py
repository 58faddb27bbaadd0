"""Python <-> pelab .safetensors interop on GPT-2's real position table, run by ctest with
Debian's /usr/bin/python3.

usage: safetensors_interop.py <pelab_io_tool> <scratch dir> <gpt2_wpe_64x768.npy>

The .safetensors files here are written and read with nothing but json, struct and numpy (no
safetensors package), so they are an independent implementation of the format:
1. Python writes GPT-2's wpe table as F32 (plus a 1-D decoy tensor and __metadata__), F64, F16,
   BF16 (rounded to nearest even) and as a [1, 64, 768] "pos_embed"; pelab loads each through
   load_position_table (pelab_io_tool table) and must give exactly the values Python stored.
2. pelab writes the table with safetensors_encode (pelab_io_tool to-safetensors); Python parses
   the file and must find the same numbers.
Fails (exit 1) if numpy is missing.
"""
import json
import pathlib
import shutil
import struct
import subprocess
import sys

try:
    import numpy as np
except ImportError:
    print("FAIL: numpy is not importable by " + sys.executable +
          "; install python3-numpy (Debian) so the .safetensors interop can be checked")
    sys.exit(1)

failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print("FAIL: " + what)
    else:
        print("ok: " + what)


def to_bfloat16_bits(values):
    """float32 -> bfloat16 bit patterns, rounding to nearest, ties to even."""
    bits = np.ascontiguousarray(values, dtype=np.float32).view(np.uint32).astype(np.uint64)
    rounding = ((bits >> 16) & 1) + 0x7FFF
    return ((bits + rounding) >> 16).astype(np.uint16)


def from_bfloat16_bits(bits):
    return (bits.astype(np.uint32) << 16).view(np.float32)


def write_safetensors(path, tensors, metadata=None):
    """tensors: list of (name, dtype string, shape, raw little-endian bytes), laid out in order."""
    header = {}
    if metadata is not None:
        header["__metadata__"] = metadata
    data = b""
    for name, dtype, shape, raw in tensors:
        header[name] = {"dtype": dtype, "shape": list(shape), "data_offsets": [len(data), len(data) + len(raw)]}
        data += raw
    text = json.dumps(header).encode("utf-8")
    text += b" " * (-len(text) % 8)
    path.write_bytes(struct.pack("<Q", len(text)) + text + data)


def read_safetensors(path):
    """{name: (dtype, shape, numpy array)} and the metadata, parsed by hand."""
    raw = path.read_bytes()
    (length,) = struct.unpack("<Q", raw[:8])
    header = json.loads(raw[8:8 + length].decode("utf-8"))
    data = raw[8 + length:]
    kinds = {"F32": "<f4", "F64": "<f8", "F16": "<f2"}
    metadata = header.pop("__metadata__", None)
    tensors = {}
    for name, entry in header.items():
        begin, end = entry["data_offsets"]
        array = np.frombuffer(data[begin:end], dtype=kinds[entry["dtype"]]).reshape(entry["shape"])
        tensors[name] = (entry["dtype"], entry["shape"], array)
    return tensors, metadata, length


def pelab_load(tool, path, out, tensor=None):
    args = [tool, "table", str(path), str(out)] + ([tensor] if tensor else [])
    result = subprocess.run(args, capture_output=True, text=True)
    if result.returncode != 0:
        check(False, f"pelab_io_tool table {path.name} failed: {result.stderr.strip()}")
        return None, ""
    return np.load(out), result.stdout.strip()


def same(a, b):
    return a is not None and a.dtype == np.float64 and a.shape == b.shape and bool(np.array_equal(a, b))


def python_writes_pelab_reads(tool, scratch, table):
    rows, cols = table.shape
    decoy = np.linspace(-1, 1, cols, dtype=np.float32)  # a 1-D LayerNorm-like tensor, not a table
    f32 = scratch / "gpt2_f32.safetensors"
    write_safetensors(f32, [("h.0.ln_1.weight", "F32", [cols], decoy.tobytes()),
                            ("wpe.weight", "F32", [rows, cols], table.astype("<f4").tobytes())],
                      metadata={"format": "pt"})
    loaded, description = pelab_load(tool, f32, scratch / "f32.npy")
    check(same(loaded, table.astype(np.float64)), "F32 wpe.weight (chosen by its usual name) loads exactly")
    check(description == "gpt2_f32.safetensors: wpe.weight (F32, 64 \u00d7 768)",
          f"description of the F32 table ({description!r})")

    f64 = scratch / "gpt2_f64.safetensors"
    write_safetensors(f64, [("transformer.wpe.weight", "F64", [rows, cols], table.astype("<f8").tobytes())])
    loaded, _ = pelab_load(tool, f64, scratch / "f64.npy")
    check(same(loaded, table.astype(np.float64)), "F64 transformer.wpe.weight loads exactly")

    f16 = scratch / "gpt2_f16.safetensors"
    half = table.astype(np.float16)
    write_safetensors(f16, [("some.table", "F16", [rows, cols], half.astype("<f2").tobytes())])
    loaded, _ = pelab_load(tool, f16, scratch / "f16.npy", "some.table")
    check(same(loaded, half.astype(np.float64)), "F16 (named with a tensor argument) loads exactly as numpy's float16")

    bf16 = scratch / "gpt2_bf16.safetensors"
    bits = to_bfloat16_bits(table)
    write_safetensors(bf16, [("wpe.weight", "BF16", [rows, cols], bits.astype("<u2").tobytes())])
    loaded, _ = pelab_load(tool, bf16, scratch / "bf16.npy")
    expected = from_bfloat16_bits(bits).astype(np.float64)
    check(same(loaded, expected), "BF16 loads exactly as the bfloat16 values stored")
    if loaded is not None:
        error = np.max(np.abs(loaded - table) / np.maximum(np.abs(table), 1e-30))
        check(error <= 2.0 ** -8, f"BF16 is within bfloat16 rounding of the float32 table (max rel error {error:.3g})")

    vit = scratch / "vit_like.safetensors"
    write_safetensors(vit, [("cls_token", "F32", [1, 1, cols], np.zeros(cols, dtype="<f4").tobytes()),
                            ("pos_embed", "F32", [1, rows, cols], table.astype("<f4").tobytes())])
    loaded, description = pelab_load(tool, vit, scratch / "vit.npy")
    check(same(loaded, table.astype(np.float64)), "a [1, 64, 768] pos_embed loads as 64 x 768")
    check("stored as [1, 64, 768]" in description, f"the description says how it was stored ({description!r})")


def pelab_writes_python_reads(tool, scratch, npy_path, table):
    for dtype, kind in (("F32", np.float32), ("F64", np.float64)):
        out = scratch / f"pelab_{dtype}.safetensors"
        subprocess.run([tool, "to-safetensors", str(npy_path), str(out), "wpe.weight", dtype], check=True)
        tensors, metadata, length = read_safetensors(out)
        check(list(tensors) == ["wpe.weight"] and metadata is None, f"pelab's {dtype} file holds wpe.weight only")
        stored_dtype, shape, array = tensors["wpe.weight"]
        check(stored_dtype == dtype and shape == [64, 768], f"pelab's {dtype} header: {stored_dtype} {shape}")
        check(np.array_equal(array.astype(np.float64), table.astype(kind).astype(np.float64)),
              f"Python reads pelab's {dtype} values exactly")
        check((8 + length) % 8 == 0, f"pelab's {dtype} data starts at a multiple of 8 bytes")


def main():
    if len(sys.argv) != 4:
        print(__doc__)
        return 2
    tool = sys.argv[1]
    scratch = pathlib.Path(sys.argv[2])
    npy_path = pathlib.Path(sys.argv[3])
    shutil.rmtree(scratch, ignore_errors=True)
    scratch.mkdir(parents=True)
    table = np.load(npy_path)
    check(table.dtype == np.float32 and table.shape == (64, 768), f"{npy_path.name} is float32 (64, 768)")
    python_writes_pelab_reads(tool, scratch, table)
    pelab_writes_python_reads(tool, scratch, npy_path, table)
    if failures:
        print(f"{len(failures)} safetensors interop check(s) failed")
        return 1
    print("all safetensors interop checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
