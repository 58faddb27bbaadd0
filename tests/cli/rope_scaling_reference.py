"""pelab-cli rope-frequencies against an independent numpy reference of RoPE frequency scaling.

The reference below is written from the published formulas (position interpolation, NTK-aware and
dynamic NTK scaling, YaRN, Llama 3.1, LongRoPE as transformers' modeling_rope_utils.py defines
them), vectorised with numpy in float64, deliberately in a different form from pelab's C++ loops:
YaRN's correction dimension as log_base, Llama 3.1's bands by masks, NTK as the per-pair factor
alpha^(2i/(D-2)). Every case runs the CLI with --json and --out and compares both.

Usage: rope_scaling_reference.py PELAB_CLI

With PELAB_REFERENCE_SUBSET=1 (the sanitizer build sets it) the grid shrinks to D in {8, 128}, one
base and factors {1, 8}: every scaling kind and option still runs, in about a seventh of the
launches, because a sanitized process starts ten times slower and the numbers are checked in full
by the Release build.
"""

import json
import math
import os
import subprocess
import sys
import tempfile

import numpy as np

CLI = sys.argv[1]
SUBSET = os.environ.get("PELAB_REFERENCE_SUBSET") == "1"
DIMS = (8, 128) if SUBSET else (8, 64, 128)
BASES = (10000.0,) if SUBSET else (10000.0, 500000.0)
FACTORS = (1.0, 8.0) if SUBSET else (1.0, 2.0, 4.0, 8.0, 32.0)
REPO = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")


def base_freqs(d, base):
    return base ** (-np.arange(0, d, 2, dtype=np.float64) / d)


def ntk_freqs(d, base, alpha):
    # base' = base alpha^(d/(d-2))  <=>  theta'_i = theta_i alpha^(-2i/(d-2))
    i = np.arange(d // 2, dtype=np.float64)
    return base_freqs(d, base) * alpha ** (-2.0 * i / (d - 2))


def reference(d, base, kind, p):
    theta = base_freqs(d, base)
    if kind == "none":
        return theta, 1.0
    s = p.get("factor")
    if kind == "linear":
        return theta / s, 1.0
    if kind == "ntk":
        return ntk_freqs(d, base, s), 1.0
    if kind == "dynamic":
        L, n = p["original_max"], max(p.get("seq_len", p["original_max"]), p["original_max"])
        if n <= L:
            return theta, 1.0
        return ntk_freqs(d, base, s * n / L - (s - 1)), 1.0
    if kind == "yarn":
        L = p["original_max"]
        fast, slow = p.get("beta_fast", 32.0), p.get("beta_slow", 1.0)

        def dim_of(turns):  # pair index whose wavelength fits `turns` times into L
            return (d / 2) * math.log(L / (2 * math.pi * turns), base)

        lo, hi = dim_of(fast), dim_of(slow)
        if p.get("truncate", True):
            lo, hi = math.floor(lo), math.ceil(hi)
        lo, hi = max(lo, 0), min(hi, d - 1)
        if lo == hi:
            hi += 0.001
        r = np.clip((np.arange(d // 2) - lo) / (hi - lo), 0.0, 1.0)
        inv = theta * (1 - r) + theta / s * r
        if "attention_factor" in p:
            att = p["attention_factor"]
        elif "mscale" in p:
            m = lambda x: 1.0 if s <= 1 else 0.1 * x * math.log(s) + 1.0
            att = m(p["mscale"]) / m(p["mscale_all_dim"])
        else:
            att = 1.0 if s <= 1 else 0.1 * math.log(s) + 1.0
        return inv, att
    if kind == "llama3":
        L, lo, hi = p["original_max"], p["low_freq_factor"], p["high_freq_factor"]
        wl = 2 * math.pi / theta
        smooth = (L / wl - lo) / (hi - lo)
        out = np.where(wl < L / hi, theta, np.where(wl > L / lo, theta / s, (1 - smooth) * theta / s + smooth * theta))
        return out, 1.0
    if kind == "longrope":
        L = p["original_max"]
        M = p.get("max_positions")
        scale = s if s is not None else M / L
        # _compute_longrope_parameters: the long factors only for a given seq_len > L.
        use_long = "seq_len" in p and p["seq_len"] > L
        f = np.array(p["long"] if use_long else p["short"], dtype=np.float64)
        att = p.get("attention_factor", 1.0 if scale <= 1 else math.sqrt(1 + math.log(scale) / math.log(L)))
        return theta / f, att
    raise ValueError(kind)


OPTION = {
    "factor": "--factor", "original_max": "--original-max", "seq_len": "--seq-len", "beta_fast": "--beta-fast",
    "beta_slow": "--beta-slow", "mscale": "--mscale", "mscale_all_dim": "--mscale-all-dim",
    "attention_factor": "--attention-factor", "low_freq_factor": "--low-freq-factor",
    "high_freq_factor": "--high-freq-factor", "max_positions": "--max-positions",
}

failures = 0


def check(label, got, want, rtol):
    global failures
    got, want = np.asarray(got, dtype=np.float64), np.asarray(want, dtype=np.float64)
    if got.shape != want.shape or not np.allclose(got, want, rtol=rtol, atol=0.0):
        failures += 1
        err = np.max(np.abs(got - want) / np.abs(want)) if got.shape == want.shape else "shape"
        print(f"FAIL {label}: max relative error {err}", file=sys.stderr)


def run_case(tmp, d, base, kind, p, rtol=1e-13, extra=()):
    args = [CLI, "rope-frequencies", "--dims", str(d), "--base", repr(base), "--scaling", kind, "--json"]
    for key, option in OPTION.items():
        if key in p:
            args += [option, repr(p[key])]
    if p.get("truncate") is False:
        args.append("--no-truncate")
    for key in ("short", "long"):
        if key in p:
            path = os.path.join(tmp, f"{key}.npy")
            np.save(path, np.array(p[key], dtype=np.float64))
            args += [f"--{key}-factors", path]
    out = os.path.join(tmp, "f.npy")
    args += ["--out", out, *extra]
    run = subprocess.run(args, capture_output=True, text=True)
    label = f"{kind} D={d} base={base} {p}"
    if run.returncode != 0:
        global failures
        failures += 1
        print(f"FAIL {label}: exit {run.returncode}: {run.stderr.strip()}", file=sys.stderr)
        return
    result = json.loads(run.stdout)
    want, att = reference(d, base, kind, p)
    check(label + " json", result["inv_freq"], want, rtol)
    check(label + " npy", np.load(out), want, rtol)
    check(label + " attention", [result["attention_factor"]], [att], 1e-14)
    # The JSON and the file hold the same doubles, bit for bit.
    if not np.array_equal(np.array(result["inv_freq"]), np.load(out)):
        failures += 1
        print(f"FAIL {label}: --json and --out differ", file=sys.stderr)


with tempfile.TemporaryDirectory() as tmp:
    rng = np.random.default_rng(7)
    for d in DIMS:
        for base in BASES:
            run_case(tmp, d, base, "none", {})
            for s in FACTORS:
                run_case(tmp, d, base, "linear", {"factor": s})
                run_case(tmp, d, base, "ntk", {"factor": s})
                for n in (100, 4096, 5000, 70000):
                    run_case(tmp, d, base, "dynamic", {"factor": s, "original_max": 4096, "seq_len": n})
                for L in (2048, 8192, 32768):
                    run_case(tmp, d, base, "yarn", {"factor": s, "original_max": L})
                    run_case(tmp, d, base, "yarn", {"factor": s, "original_max": L, "truncate": False})
                    run_case(tmp, d, base, "yarn", {"factor": s, "original_max": L, "beta_fast": 8.0,
                                                    "beta_slow": 2.0, "mscale": 1.0, "mscale_all_dim": 0.707})
                    run_case(tmp, d, base, "llama3", {"factor": s, "original_max": L, "low_freq_factor": 1.0,
                                                      "high_freq_factor": 4.0})
            short = list(rng.uniform(1.0, 2.0, d // 2))
            long = list(rng.uniform(1.0, 40.0, d // 2))
            for extra in ({"max_positions": 131072}, {"max_positions": 4096}, {"factor": 32.0},
                          {"max_positions": 131072, "seq_len": 100}, {"max_positions": 131072, "seq_len": 5000},
                          {"factor": 8.0, "attention_factor": 1.5, "seq_len": 9000}):
                run_case(tmp, d, base, "longrope", {"original_max": 4096, "short": short, "long": long, **extra})

    # The shipped presets through --config, against the same reference.
    models = os.path.join(REPO, "assets", "models")
    presets = {
        "llama-2-7b.json": (128, 10000.0, "none", {}),
        "mistral-7b-v0.1.json": (128, 10000.0, "none", {}),
        "qwen2-7b.json": (128, 1000000.0, "none", {}),
        "llama-3.1-8b.json": (128, 500000.0, "llama3", {"factor": 8.0, "original_max": 8192,
                                                         "low_freq_factor": 1.0, "high_freq_factor": 4.0}),
        "qwen2-7b-instruct-yarn.json": (128, 1000000.0, "yarn", {"factor": 4.0, "original_max": 32768}),
    }
    for name, (d, base, kind, p) in presets.items():
        run = subprocess.run([CLI, "rope-frequencies", "--config", os.path.join(models, name), "--json"],
                             capture_output=True, text=True)
        if run.returncode != 0:
            failures += 1
            print(f"FAIL preset {name}: {run.stderr.strip()}", file=sys.stderr)
            continue
        result = json.loads(run.stdout)
        want, att = reference(d, base, kind, p)
        check(f"preset {name}", result["inv_freq"], want, 1e-13)
        check(f"preset {name} attention", [result["attention_factor"]], [att], 1e-14)

if failures:
    print(f"{failures} failures", file=sys.stderr)
    sys.exit(1)
print("rope-frequencies matches the numpy reference for every case")
