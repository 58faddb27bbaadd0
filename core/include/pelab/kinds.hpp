#pragma once
// What each encoding kind is, in words and formulas, and which parameters it reads. The app's
// tooltips, disabled controls and view notes come from here, so a rule is stated once.
#include <optional>
#include <string_view>

#include "pelab/encodings.hpp"

namespace pelab {

struct KindText {
  std::string_view
      formula;  // one line, e.g. "P[p, 2k] = sin(w_k p), P[p, 2k+1] = cos(w_k p), w_k = base^(−2k/D)"
  std::string_view lesson;  // one sentence: what the kind teaches (SPEC §3's last column)
};
KindText kind_text(EncodingKind kind);

// The encoding parameters a kind may ignore.
enum class KindParameter { base, binary_signed, sigma, seed };

// std::nullopt when `kind` reads `parameter`; otherwise one sentence saying why it does not
// (e.g. base for integer: "integer ignores base: P[p, i] = p has no frequencies").
std::optional<std::string_view> unused_parameter_reason(EncodingKind kind, KindParameter parameter);

// What base means for a kind that reads it (sinusoidal, sinusoidal-concat, sigmoid): a tooltip.
std::string_view base_meaning(EncodingKind kind);

}  // namespace pelab
