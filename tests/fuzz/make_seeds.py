#!/usr/bin/env python3
"""Writes the seed corpora of the fuzz harnesses (tests/fuzz/corpus/<harness>/): a few valid inputs
and a few broken ones per reader, all small (the whole corpus stays far below 200 KB). The files are
committed; run this again only to change them:  /usr/bin/python3 tests/fuzz/make_seeds.py
Needs numpy (Debian's python3-numpy) and GPT-2's table assets/presets/gpt2_wpe_64x768.npy in the
repository."""
import io
import json
import pathlib
import shutil
import struct

import numpy as np

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
GPT2 = ROOT / "assets" / "presets" / "gpt2_wpe_64x768.npy"


def corpus(name):
    path = HERE / "corpus" / name
    shutil.rmtree(path, ignore_errors=True)
    path.mkdir(parents=True)
    return path


def npy_bytes(array, version=None):
    out = io.BytesIO()
    if version is None:
        np.save(out, array)
    else:
        np.lib.format.write_array(out, array, version=version)
    return out.getvalue()


def npy_by_hand(header, data=b""):
    """A version 1.0 file with the header dict text as given (padded as numpy pads it)."""
    text = header + " " * (63 - (10 + len(header)) % 64) + "\n"
    return b"\x93NUMPY\x01\x00" + struct.pack("<H", len(text)) + text.encode("latin1") + data


def safetensors_bytes(tensors, metadata=None, header_override=None):
    """tensors: [(name, dtype, shape, raw bytes)], laid out in the order given."""
    header, data = {}, b""
    if metadata is not None:
        header["__metadata__"] = metadata
    for name, dtype, shape, raw in tensors:
        header[name] = {"dtype": dtype, "shape": shape, "data_offsets": [len(data), len(data) + len(raw)]}
        data += raw
    text = (header_override if header_override is not None else json.dumps(header)).encode()
    text += b" " * (-len(text) % 8)
    return struct.pack("<Q", len(text)) + text + data


def write_npy_corpus(gpt2):
    out = corpus("npy")
    files = {
        "gpt2_wpe_4x16_f4.npy": npy_bytes(gpt2[:4, :16].astype("<f4")),
        "f8_2x3.npy": npy_bytes(np.array([[1.5, -2.0, 0.25], [1e300, -0.0, 3.0]])),
        "i8_6.npy": npy_bytes(np.arange(-2, 4, dtype="<i8")),
        "i4_fortran_3x2.npy": npy_bytes(np.asfortranarray(np.arange(6, dtype="<i4").reshape(3, 2))),
        "f4_1x2x3.npy": npy_bytes(np.arange(6, dtype="<f4").reshape(1, 2, 3)),
        "scalar_f8.npy": npy_bytes(np.float64(7.25)),
        "empty_0x4_f8.npy": npy_bytes(np.zeros((0, 4))),
        "v2_f8_2x2.npy": npy_bytes(np.eye(2), version=(2, 0)),
        "v3_f8_2x2.npy": npy_bytes(np.eye(2) * 3, version=(3, 0)),
        "nan_inf_f8_2x2.npy": npy_bytes(np.array([[np.nan, 1.0], [np.inf, -np.inf]])),
        # Broken.
        "broken_truncated_header.npy": npy_bytes(np.eye(2))[:20],
        "broken_truncated_data.npy": npy_bytes(np.eye(3))[:-5],
        "broken_magic.npy": b"\x93NUMPZ" + npy_bytes(np.eye(2))[6:],
        "broken_shape_too_big.npy": npy_by_hand(
            "{'descr': '<f8', 'fortran_order': False, 'shape': (100000, 100000), }", b"\0" * 16),
        "broken_big_endian.npy": npy_by_hand("{'descr': '>f8', 'fortran_order': False, 'shape': (2,), }",
                                             b"\0" * 16),
        "broken_object.npy": npy_by_hand("{'descr': '|O', 'fortran_order': False, 'shape': (1,), }", b"\0" * 8),
        "broken_negative_dim.npy": npy_by_hand("{'descr': '<f4', 'fortran_order': False, 'shape': (-1, 2), }"),
        "broken_dict.npy": npy_by_hand("{'descr': '<f4', 'fortran_order': Maybe, 'shape': (2,) 'x': 1}"),
    }
    for name, data in files.items():
        (out / name).write_bytes(data)


def write_safetensors_corpus(gpt2):
    out = corpus("safetensors")
    wpe = gpt2[:4, :16].astype("<f4").tobytes()
    f16 = np.array([[1.0, -2.0, 0.5], [65504.0, 6e-8, 0.0]], dtype="<f2").tobytes()
    bf16 = (np.array([[1.0, -2.0], [0.5, 3.0], [-0.0, 7.0]], dtype="<f4").view("<u4") >> 16).astype("<u2").tobytes()
    f64 = np.array([[1.0, 2.0], [3.0, 4.0]], dtype="<f8").tobytes()
    i64 = np.array([5, -6, 7], dtype="<i8").tobytes()
    files = {
        "gpt2_wpe_4x16_f32.safetensors": safetensors_bytes([("wpe.weight", "F32", [4, 16], wpe)], {"format": "pt"}),
        "mixed_dtypes.safetensors": safetensors_bytes(
            [("bert.embeddings.position_embeddings.weight", "F16", [2, 3], f16), ("b.bf16", "BF16", [3, 2], bf16),
             ("c.f64", "F64", [2, 2], f64), ("d.ids", "I64", [3], i64)], {"format": "pt", "note": "x"}),
        "vit_1x3x4_f32.safetensors": safetensors_bytes(
            [("embeddings.position_embeddings", "F32", [1, 3, 4], np.arange(12, dtype="<f4").tobytes())]),
        "empty_0x4_f32.safetensors": safetensors_bytes([("wpe", "F32", [0, 4], b"")]),
        # Broken.
        "broken_header_length.safetensors": struct.pack("<Q", 1 << 40) + b'{"a": 1}',
        "broken_truncated_data.safetensors": safetensors_bytes([("wpe.weight", "F32", [4, 16], wpe)])[:-7],
        "broken_duplicate_key.safetensors": safetensors_bytes([], header_override=(
            '{"w": {"dtype": "F64", "shape": [1, 1], "data_offsets": [0, 8]},'
            ' "w": {"dtype": "F64", "shape": [1, 1], "data_offsets": [0, 8]}}')) + b"\0" * 8,
        "broken_overlap.safetensors": safetensors_bytes([], header_override=(
            '{"a": {"dtype": "F32", "shape": [2, 1], "data_offsets": [0, 8]},'
            ' "b": {"dtype": "F32", "shape": [2, 1], "data_offsets": [4, 12]}}')) + b"\0" * 12,
        "broken_dtype_extra_field.safetensors": safetensors_bytes([], header_override=(
            '{"a": {"dtype": "F128", "shape": [1], "data_offsets": [0, 16], "x": 0}}')) + b"\0" * 16,
        "broken_shape_overflow.safetensors": safetensors_bytes([], header_override=(
            '{"a": {"dtype": "F64", "shape": [4294967296, 4294967296], "data_offsets": [0, 8]}}')) + b"\0" * 8,
    }
    for name, data in files.items():
        (out / name).write_bytes(data)


CONFIGS = {
    "sinusoidal": "sinusoidal",
    "sinusoidal_base": "sinusoidal:base=100",
    "concat": "sinusoidal-concat:dims=16,positions=64,start=3",
    "binary": "binary:signed=true,dims=16,label=bits",
    "learned_npy": "learned:table=gpt2_wpe_64x768.npy",
    "learned_safetensors": "learned:table=gpt2 model.safetensors,tensor=wpe.weight,positions=32,label=GPT-2 wpe",
    "learned_seeded": "learned:sigma=0.5,seed=18446744073709551615",
    "fourier": "fourier:positions=+128,dims=8,start=10",
    "sigmoid": "sigmoid:base=1e-3",
    "integer": "integer:positions=4503599627370496",
    "normalized": "normalized:label=a=b:c",
    # Broken.
    "broken_colon": "sinusoidal:",
    "broken_no_value": "sinusoidal:base=",
    "broken_key_not_read": "integer:base=100",
    "broken_nan": "sinusoidal:base=nan",
    "broken_signed": "binary:signed=yes",
    "broken_twice": "sinusoidal:dims=1,dims=2",
    "broken_tensor": "learned:tensor=x",
    "broken_space": "sinusoidal :base=100",
    "broken_start": "integer:start=4503599627370496,positions=1",
}


def write_config_corpus():
    out = corpus("config_spec")
    for name, text in CONFIGS.items():
        (out / (name + ".txt")).write_text(text)


FULL_SESSION = {
    "pelab_session": 2,
    "configs": [
        {"label": "first", "kind": "binary", "positions": 300, "dims": 12, "base": 123.5, "start": 7,
         "binary_signed": True, "sigma": 0.5, "seed": 42, "table": "", "tensor": "",
         "selection": {"position": 100, "offset": 9, "dimension": 11}},
        {"label": "", "kind": "learned", "positions": 64, "dims": 64, "base": 10000, "start": 0,
         "binary_signed": False, "sigma": 0.02, "seed": 0, "table": "/data/gpt2.safetensors",
         "tensor": "wpe.weight", "selection": {"position": 3, "offset": 2, "dimension": 1}},
    ],
    "active": 1,
    "links": {"positions": True, "dims": True, "base": True, "start": True, "position": True,
              "offset": False, "dimension": True},
    "display": {"neighbour_curves": 3, "colormap": "gray", "range_mode": "fixed", "range_min": -2.5,
                "range_max": 4.0, "metric": "distance", "convention": "row", "show_both_conventions": True,
                "scale_sharing": "always", "difference": [1, 0]},
    "layout": {"views": ["difference", "heatmap", "scorecard"], "maximized": "rotation", "sidebar_width": 21,
               "show_sidebar": False},
    "ui": {"font_size": 30, "theme": "light"},
}

V1_SESSION = """{"pelab_session": 1,
  "encodings": [{"kind": "sigmoid", "positions": 300, "dims": 12, "base": 50, "start": 4,
                 "binary_signed": false, "sigma": 0.02, "seed": 0, "position": 100, "offset": 9,
                 "dimension": 11, "neighbour_curves": 2, "colormap": "magma", "range_mode": "symmetric",
                 "range_min": -1, "range_max": 1, "metric": "cosine", "convention": "row",
                 "show_both_conventions": true}],
  "layout": {"maximized": "spectrum", "sidebar_width": 20, "show_sidebar": true},
  "ui": {"font_size": 22, "theme": "light"}}
"""


def write_session_corpus():
    out = corpus("session")
    for preset in sorted((ROOT / "assets" / "presets").glob("*.json")):
        shutil.copy(preset, out / ("preset_" + preset.name))
    (out / "full_v2.json").write_text(json.dumps(FULL_SESSION, indent=1))
    (out / "v1.json").write_text(V1_SESSION)
    (out / "settings.json").write_text('{"font_size": 20, "theme": "light"}\n')
    (out / "minimal.json").write_text('{"pelab_session": 2}')
    # Broken.
    (out / "broken_not_json.json").write_text('{"pelab_session": 2, "configs": [')
    (out / "broken_unknown_key.json").write_text('{"pelab_session": 2, "colour": "red"}')
    (out / "broken_types.json").write_text(
        '{"pelab_session": "2", "active": -1, "configs": [{"positions": 1e9, "kind": 3}],'
        ' "layout": {"views": ["nope"], "maximized": 5}, "ui": {"font_size": "big"}}')
    (out / "broken_settings.json").write_text('{"font_size": 1000, "theme": "sepia"}')


def write_model_config_corpus():
    out = corpus("model_config")
    for model in sorted((ROOT / "assets" / "models").glob("*.json")):
        shutil.copy(model, out / ("model_" + model.name))
    files = {
        "phi3_longrope.json": {
            "model_type": "phi3", "hidden_size": 64, "num_attention_heads": 4, "max_position_embeddings": 131072,
            "original_max_position_embeddings": 4096, "partial_rotary_factor": 0.5,
            "rope_scaling": {"type": "longrope", "short_factor": [1.0] * 4, "long_factor": [1.5, 2.0, 3.0, 4.0]}},
        "deepseek_yarn_mscale.json": {
            "head_dim": 64, "rope_theta": 10000, "max_position_embeddings": 163840,
            "rope_scaling": {"rope_type": "yarn", "factor": 40, "original_max_position_embeddings": 4096,
                             "beta_fast": 32, "beta_slow": 1, "mscale": 1.0, "mscale_all_dim": 1.0}},
        "transformers5_rope_parameters.json": {
            "hidden_size": 128, "num_attention_heads": 2, "max_position_embeddings": 8192,
            "rope_parameters": {"rope_type": "dynamic", "factor": 2.0, "rope_theta": 50000.0}},
        # Broken.
        "broken_text_config.json": {
            "text_config": {"hidden_size": 256, "num_attention_heads": 4, "rope_scaling": {"type": "linear", "factor": 4}}},
        "broken_both_scalings.json": {
            "head_dim": 64, "rope_scaling": {"type": "linear", "factor": 2}, "rope_parameters": {"rope_type": "linear"}},
        "broken_types.json": {"head_dim": "64", "rope_theta": -1, "partial_rotary_factor": 2},
        "broken_odd_dims.json": {"head_dim": 63},
    }
    for name, value in files.items():
        (out / name).write_text(json.dumps(value))
    (out / "broken_not_json.json").write_text('{"head_dim": 64,')
    (out / "broken_number_overflow.json").write_text('{"head_dim": 64, "rope_theta": 1e999999}')


def write_lesson_corpus():
    out = corpus("lesson")
    for lesson in ("01_why_positions.json", "03_sinusoid.json", "07_long_context.json"):
        shutil.copy(ROOT / "assets" / "lessons" / lesson, out / ("lesson_" + lesson))
    minimal = {"pelab_lesson": 1, "title_en": "The sinusoid", "title_ko": "사인 인코딩",
               "session": {"configs": [{"kind": "sinusoidal", "positions": 64, "dims": 64}]},
               "steps": [{"text_en": "One.", "text_ko": "하나.", "formula": "Pₚ₊ₖ = T(k) Pₚ",
                          "session": {"layout": {"views": ["rotation"]}, "configs": [{"dims": 32}]},
                          "highlight": {"kind": "view", "target": "rotation"}, "try_en": "Try.", "try_ko": "해 보세요."},
                         {"text_en": "Two.", "text_ko": "둘.", "session": {"layout": None},
                          "highlight": {"kind": "cell", "target": {"p": 3, "i": 2, "config": 0}}}]}
    (out / "minimal.json").write_text(json.dumps(minimal, ensure_ascii=False))
    (out / "broken_steps.json").write_text(json.dumps(
        {"pelab_lesson": 1, "title_en": "x", "title_ko": "y",
         "steps": [{"text_en": "a", "highlight": {"kind": "cell", "target": {"p": -1, "config": 9}}}]}))
    (out / "broken_version.json").write_text('{"pelab_lesson": 2, "title_en": "x", "steps": []}')
    (out / "broken_number_overflow.json").write_text('{"pelab_lesson": 1, "steps": [{"session": {"active": 1e999999}}]}')


def main():
    gpt2 = np.load(GPT2)
    write_npy_corpus(gpt2)
    write_safetensors_corpus(gpt2)
    write_config_corpus()
    write_session_corpus()
    write_model_config_corpus()
    write_lesson_corpus()
    total = sum(p.stat().st_size for p in (HERE / "corpus").rglob("*") if p.is_file())
    print(f"corpora written: {total} bytes")


if __name__ == "__main__":
    main()
