#pragma once
// What each encoding kind is, stated once in one table: its name, formula and lesson, its help
// line, what base means for it and which parameters it reads (with the sentence saying why it
// ignores the others). pelab-cli's KIND and options, the CONFIG grammar, session files, --help
// texts, the app's tooltips and disabled controls and the tests' loops over kinds all read it. The
// row also points to what the kind computes (its table, periods, bands, spectrum texts and rotation
// structure: core/src/kinds/<kind>.cpp), so a new kind is its file of functions and one row here.
#include <array>
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "pelab/encodings.hpp"

namespace pelab {

// The functions of a kind (core/src/kinds/kind_functions.hpp), internal to pelab_core.
struct KindFunctions;

// The encoding parameters a kind may ignore. table also covers tensor (a tensor of a table file).
enum class KindParameter { base, binary_signed, sigma, seed, table };
inline constexpr std::size_t kind_parameter_count = 5;

struct KindInfo {
  EncodingKind kind;
  std::string_view name;     // as KIND on the command line, in a CONFIG and in session files
  std::string_view formula;  // one line, e.g. "P[p, 2k] = sin(wₖ p), ..."
  std::string_view lesson;   // one sentence: what the kind teaches
  std::string_view
      summary;  // plain ASCII for pelab-cli --help, e.g. "sin/cos interleaved, w_k = base^(-2k/D)"
  std::string_view base_meaning;  // for a kind that reads base: a tooltip; "" otherwise
  // Indexed by KindParameter: "" when the kind reads the parameter, else one sentence saying why it
  // does not, starting with the kind's name.
  std::array<std::string_view, kind_parameter_count> unused;
  const KindFunctions* functions;  // what the kind computes, for core's encodings.cpp and structure.cpp
};

// Every kind, in EncodingKind order.
std::span<const KindInfo> kind_table();
const KindInfo& kind_info(EncodingKind kind);

struct KindText {
  std::string_view formula;
  std::string_view lesson;
};
KindText kind_text(EncodingKind kind);

// std::nullopt when `kind` reads `parameter`; otherwise one sentence saying why it does not
// (e.g. base for integer: "integer ignores base: P[p, i] = p has no frequencies").
std::optional<std::string_view> unused_parameter_reason(EncodingKind kind, KindParameter parameter);
bool reads(EncodingKind kind, KindParameter parameter);

// What base means for a kind that reads it (sinusoidal, sinusoidal-concat, sigmoid): a tooltip.
// For a kind that ignores base, the reason it does.
std::string_view base_meaning(EncodingKind kind);

// "integer, normalized, ..., fourier".
std::string kind_names();
// The kinds that read `parameter`, e.g. "sigmoid, sinusoidal, sinusoidal-concat" for base.
std::string kinds_reading(KindParameter parameter);

}  // namespace pelab
