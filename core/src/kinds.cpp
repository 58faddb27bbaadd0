// What each encoding kind is and which parameters it reads (SPEC §3), stated once for the app's
// tooltips, disabled controls and view notes.
#include "pelab/kinds.hpp"

#include <array>
#include <cstddef>
#include <string>

namespace pelab {
namespace {

constexpr std::size_t kKinds = 8;
constexpr std::size_t kParameters = 4;

std::size_t index_of(EncodingKind kind) { return static_cast<std::size_t>(kind); }

// Why `kind` ignores `parameter`, or "" when it reads it. base is read by the three kinds with a
// rule of frequencies or timescales (sinusoidal, sinusoidal-concat, sigmoid); the sign option only
// by binary; sigma and seed only by a seeded learned table.
std::string reason(EncodingKind kind, KindParameter parameter) {
  const std::string name(to_string(kind));
  switch (parameter) {
    case KindParameter::base:
      switch (kind) {
        case EncodingKind::integer:
          return "integer ignores base: P[p, i] = p has no frequencies or timescales.";
        case EncodingKind::normalized:
          return "normalized ignores base: P[p, i] = p/(N−1) depends on N alone.";
        case EncodingKind::binary:
          return "binary ignores base: bit i of p always repeats every 2^{i+1} positions.";
        case EncodingKind::learned:
          return "learned ignores base: its entries are drawn or loaded, not computed from a rule.";
        case EncodingKind::fourier:
          return "fourier ignores base: its bands are 2^k π/(N−1), fixed by N.";
        case EncodingKind::sigmoid:
        case EncodingKind::sinusoidal:
        case EncodingKind::sinusoidal_concat:
          return "";
      }
      return "";
    case KindParameter::binary_signed:
      if (kind == EncodingKind::binary) return "";
      return name + " ignores the signed option: only binary has bits to map from {0, 1} to {−1, +1}.";
    case KindParameter::sigma:
      if (kind == EncodingKind::learned) return "";
      return name + " ignores sigma: its table follows a fixed rule; only learned draws N(0, σ²) entries.";
    case KindParameter::seed:
      if (kind == EncodingKind::learned) return "";
      return name + " ignores the seed: its table follows a fixed rule with nothing random to draw.";
  }
  return "";
}

// Built once (thread-safe static initialisation) so the returned views outlive every call.
const std::array<std::array<std::string, kParameters>, kKinds>& reasons() {
  static const auto table = [] {
    std::array<std::array<std::string, kParameters>, kKinds> t;
    for (EncodingKind kind : all_encoding_kinds()) {
      for (KindParameter parameter :
           {KindParameter::base, KindParameter::binary_signed, KindParameter::sigma, KindParameter::seed}) {
        t[index_of(kind)][static_cast<std::size_t>(parameter)] = reason(kind, parameter);
      }
    }
    return t;
  }();
  return table;
}

}  // namespace

KindText kind_text(EncodingKind kind) {
  switch (kind) {
    case EncodingKind::integer:
      return {"P[p, i] = p",
              "Unbounded: the values grow as fast as the position and soon swamp the token embeddings "
              "(breaks requirements 2 and 3)."};
    case EncodingKind::normalized:
      return {"P[p, i] = p/(N−1) (0 when N = 1)",
              "Bounded, but a position's vector depends on N: p = 1 is 0.5 at N = 3 and 0.142857 at N = 8 "
              "(breaks requirement 1)."};
    case EncodingKind::binary:
      return {"P[p, i] = bit i of p, least significant first (signed: 2·bit − 1)",
              "Bounded but discrete: neighbouring positions can differ in many bits at once (7 → 8 flips "
              "four)."};
    case EncodingKind::sigmoid:
      return {"P[p, i] = 1/(1 + exp(−p/tᵢ)), tᵢ = base^{i/(D−1)}",
              "Bounded but saturating: once p is well past every tᵢ all columns sit near 1, so long "
              "sequences become indistinguishable."};
    case EncodingKind::sinusoidal:
      return {"P[p, 2k] = sin(wₖ p), P[p, 2k+1] = cos(wₖ p), wₖ = base^{−2k/D}",
              "The Transformer encoding: bounded and distinct, and a shift by k rotates every (sin, cos) "
              "pair, so an offset is a linear map T(k) that does not depend on p."};
    case EncodingKind::sinusoidal_concat:
      return {
          "P[p, k] = sin(p/tₖ), P[p, k+K] = cos(p/tₖ), tₖ = base^{k/(K−1)}, K = ⌊D/2⌋ (odd D: a zero "
          "column last)",
          "The same sinusoids in the other layout found in real code (tensor2tensor): all sines first, "
          "then all cosines."};
    case EncodingKind::learned:
      return {"P[p, i] ~ N(0, σ²) from a seed, or row p of a loaded table",
              "No rule at all: nothing links neighbouring rows, and the table is undefined past its last "
              "row."};
    case EncodingKind::fourier:
      return {"P[p, 2k] = sin(2^k π x), P[p, 2k+1] = cos(2^k π x), x = p/(N−1)",
              "NeRF-style frequency bands as a design choice: octaves of one base frequency over the "
              "normalised position."};
  }
  return {"", ""};
}

std::optional<std::string_view> unused_parameter_reason(EncodingKind kind, KindParameter parameter) {
  const std::string& text = reasons()[index_of(kind)][static_cast<std::size_t>(parameter)];
  if (text.empty()) return std::nullopt;
  return std::string_view(text);
}

// For a kind that ignores base the tooltip is the reason it does.
std::string_view base_meaning(EncodingKind kind) {
  switch (kind) {
    case EncodingKind::sinusoidal:
      return "base sets the slowest frequency: wₖ = base^{−2k/D}, so the wavelengths 2π/wₖ run from 2π up "
             "to almost 2π·base (10000 in the paper).";
    case EncodingKind::sinusoidal_concat:
      return "base is the largest timescale: tₖ = base^{k/(K−1)} runs geometrically from 1 to base over the "
             "K = ⌊D/2⌋ pairs, so the wavelengths 2π·tₖ run from 2π to 2π·base.";
    case EncodingKind::sigmoid:
      return "base is the largest timescale: tᵢ = base^{i/(D−1)} runs geometrically from 1 to base over the "
             "D columns, and column i rises around p ≈ tᵢ.";
    default:
      return *unused_parameter_reason(kind, KindParameter::base);
  }
}

}  // namespace pelab
