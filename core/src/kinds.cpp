// The table of encoding kinds (kinds.hpp): one row per kind, checked at compile time against
// EncodingKind, so adding a kind without its row, a row without its functions (core/src/kinds/) or
// rows out of order does not build.
#include "pelab/kinds.hpp"

#include "kinds/kind_functions.hpp"

namespace pelab {

namespace {

// Reasons for base are the kind's own; the others say what only binary or learned has.
constexpr KindInfo kKinds[] = {
    {EncodingKind::integer,
     "integer",
     "P[p, i] = p",
     "Unbounded: the values grow as fast as the position and soon swamp the token embeddings "
     "(breaks requirements 2 and 3).",
     "P = p",
     "",
     {"integer ignores base: P[p, i] = p has no frequencies or timescales.",
      "integer ignores the signed option: only binary has bits to map from {0, 1} to {−1, +1}.",
      "integer ignores sigma: its table follows a fixed rule; only learned draws N(0, σ²) entries.",
      "integer ignores the seed: its table follows a fixed rule with nothing random to draw.",
      "integer ignores a table file: its table follows a fixed rule; only learned takes its rows from a "
      "file."},
     &integer_functions},
    {EncodingKind::normalized,
     "normalized",
     "P[p, i] = p/(N−1) (0 when N = 1)",
     "Bounded, but a position's vector depends on N: p = 1 is 0.5 at N = 3 and 0.142857 at N = 8 "
     "(breaks requirement 1).",
     "p/(N-1)",
     "",
     {"normalized ignores base: P[p, i] = p/(N−1) depends on N alone.",
      "normalized ignores the signed option: only binary has bits to map from {0, 1} to {−1, +1}.",
      "normalized ignores sigma: its table follows a fixed rule; only learned draws N(0, σ²) entries.",
      "normalized ignores the seed: its table follows a fixed rule with nothing random to draw.",
      "normalized ignores a table file: its table follows a fixed rule; only learned takes its rows from a "
      "file."},
     &normalized_functions},
    {EncodingKind::binary,
     "binary",
     "P[p, i] = bit i of p, least significant first (signed: 2·bit − 1)",
     "Bounded but discrete: neighbouring positions can differ in many bits at once (7 → 8 flips "
     "four).",
     "bit i of p (signed: 2 bit - 1)",
     "",
     {"binary ignores base: bit i of p always repeats every 2^{i+1} positions.", "",
      "binary ignores sigma: its table follows a fixed rule; only learned draws N(0, σ²) entries.",
      "binary ignores the seed: its table follows a fixed rule with nothing random to draw.",
      "binary ignores a table file: its table follows a fixed rule; only learned takes its rows from a "
      "file."},
     &binary_functions},
    {EncodingKind::sigmoid,
     "sigmoid",
     "P[p, i] = 1/(1 + exp(−p/tᵢ)), tᵢ = base^{i/(D−1)}",
     "Bounded but saturating: once p is well past every tᵢ all columns sit near 1, so long "
     "sequences become indistinguishable.",
     "1/(1+exp(-p/t_i)), t_i = base^(i/(D-1))",
     "base is the largest timescale: tᵢ = base^{i/(D−1)} runs geometrically from 1 to base over the "
     "D columns, and column i rises around p ≈ tᵢ.",
     {"", "sigmoid ignores the signed option: only binary has bits to map from {0, 1} to {−1, +1}.",
      "sigmoid ignores sigma: its table follows a fixed rule; only learned draws N(0, σ²) entries.",
      "sigmoid ignores the seed: its table follows a fixed rule with nothing random to draw.",
      "sigmoid ignores a table file: its table follows a fixed rule; only learned takes its rows from a "
      "file."},
     &sigmoid_functions},
    {EncodingKind::sinusoidal,
     "sinusoidal",
     "P[p, 2k] = sin(wₖ p), P[p, 2k+1] = cos(wₖ p), wₖ = base^{−2k/D}",
     "The Transformer encoding: bounded and distinct, and a shift by k rotates every (sin, cos) "
     "pair, so an offset is a linear map T(k) that does not depend on p.",
     "sin/cos interleaved, w_k = base^(-2k/D)",
     "base sets the slowest frequency: wₖ = base^{−2k/D}, so the wavelengths 2π/wₖ run from 2π up "
     "to almost 2π·base (10000 in the paper).",
     {"", "sinusoidal ignores the signed option: only binary has bits to map from {0, 1} to {−1, +1}.",
      "sinusoidal ignores sigma: its table follows a fixed rule; only learned draws N(0, σ²) entries.",
      "sinusoidal ignores the seed: its table follows a fixed rule with nothing random to draw.",
      "sinusoidal ignores a table file: its table follows a fixed rule; only learned takes its rows from a "
      "file."},
     &sinusoidal_functions},
    {EncodingKind::sinusoidal_concat,
     "sinusoidal-concat",
     "P[p, k] = sin(p/tₖ), P[p, k+K] = cos(p/tₖ), tₖ = base^{k/(K−1)}, K = ⌊D/2⌋ (odd D: a zero "
     "column last)",
     "The same sinusoids in the other layout found in real code (tensor2tensor): all sines first, "
     "then all cosines.",
     "all sines then all cosines, timescales 1..base",
     "base is the largest timescale: tₖ = base^{k/(K−1)} runs geometrically from 1 to base over the "
     "K = ⌊D/2⌋ pairs, so the wavelengths 2π·tₖ run from 2π to 2π·base.",
     {"", "sinusoidal-concat ignores the signed option: only binary has bits to map from {0, 1} to {−1, +1}.",
      "sinusoidal-concat ignores sigma: its table follows a fixed rule; only learned draws N(0, σ²) entries.",
      "sinusoidal-concat ignores the seed: its table follows a fixed rule with nothing random to draw.",
      "sinusoidal-concat ignores a table file: its table follows a fixed rule; only learned takes its rows "
      "from a file."},
     &sinusoidal_concat_functions},
    {EncodingKind::learned,
     "learned",
     "P[p, i] ~ N(0, σ²) from a seed, or row p of a loaded table",
     "No rule at all: nothing links neighbouring rows, and the table is undefined past its last "
     "row.",
     "N(0, sigma^2) entries from a seed, or a loaded table (.npy, .safetensors)",
     "",
     {"learned ignores base: its entries are drawn or loaded, not computed from a rule.",
      "learned ignores the signed option: only binary has bits to map from {0, 1} to {−1, +1}.", "", "", ""},
     &learned_functions},
    {EncodingKind::fourier,
     "fourier",
     "P[p, 2k] = sin(2^k π x), P[p, 2k+1] = cos(2^k π x), x = p/(N−1)",
     "NeRF-style frequency bands as a design choice: octaves of one base frequency over the "
     "normalised position.",
     "sin/cos(2^k pi p/(N-1))",
     "",
     {"fourier ignores base: its bands are 2^k π/(N−1), fixed by N.",
      "fourier ignores the signed option: only binary has bits to map from {0, 1} to {−1, +1}.",
      "fourier ignores sigma: its table follows a fixed rule; only learned draws N(0, σ²) entries.",
      "fourier ignores the seed: its table follows a fixed rule with nothing random to draw.",
      "fourier ignores a table file: its table follows a fixed rule; only learned takes its rows from a "
      "file."},
     &fourier_functions},
};
static_assert(std::size(kKinds) == encoding_kind_count, "one row per EncodingKind");

constexpr bool rows_in_enum_order() {
  for (std::size_t i = 0; i < std::size(kKinds); ++i) {
    if (static_cast<std::size_t>(kKinds[i].kind) != i) return false;
    // A kind reads base exactly when it says what base means.
    const bool reads_base = kKinds[i].unused[static_cast<std::size_t>(KindParameter::base)].empty();
    if (reads_base == kKinds[i].base_meaning.empty()) return false;
  }
  return true;
}
static_assert(rows_in_enum_order(),
              "rows in EncodingKind order, base_meaning exactly for the kinds reading base");
// Every row's functions are checked by a test, not here: with -fsanitize=undefined, g++ 12 does not
// treat an extern object's address as a constant non-null pointer.

}  // namespace

std::span<const KindInfo> kind_table() { return kKinds; }

const KindInfo& kind_info(EncodingKind kind) { return kKinds[static_cast<std::size_t>(kind)]; }

KindText kind_text(EncodingKind kind) { return {kind_info(kind).formula, kind_info(kind).lesson}; }

std::optional<std::string_view> unused_parameter_reason(EncodingKind kind, KindParameter parameter) {
  const std::string_view text = kind_info(kind).unused[static_cast<std::size_t>(parameter)];
  if (text.empty()) return std::nullopt;
  return text;
}

bool reads(EncodingKind kind, KindParameter parameter) { return !unused_parameter_reason(kind, parameter); }

std::string_view base_meaning(EncodingKind kind) {
  const KindInfo& info = kind_info(kind);
  return info.base_meaning.empty() ? info.unused[static_cast<std::size_t>(KindParameter::base)]
                                   : info.base_meaning;
}

std::string kind_names() {
  std::string list;
  for (const KindInfo& info : kKinds) {
    if (!list.empty()) list += ", ";
    list += info.name;
  }
  return list;
}

std::string kinds_reading(KindParameter parameter) {
  std::string list;
  for (const KindInfo& info : kKinds) {
    if (!info.unused[static_cast<std::size_t>(parameter)].empty()) continue;
    if (!list.empty()) list += ", ";
    list += info.name;
  }
  return list;
}

}  // namespace pelab
