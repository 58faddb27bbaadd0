#pragma once
// Sentences core hands to the app (why a view does not apply to a kind, requirement verdicts,
// spectrum rules, ...). Each has a stable id and its English pattern here, the single source of the
// English; numbers are arguments ({0}, {1}, ...) formatted into the pattern, never part of the id,
// so the app can look the id up in another language and format the same arguments into it.
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace pelab {

enum class TextId {
  none,  // no sentence (e.g. why_not of a kind that has an exact T(k))
  rotation_why_not_integer,
  rotation_why_not_normalized,
  rotation_why_not_binary,
  rotation_why_not_sigmoid,
  rotation_why_not_learned,
  rotation_why_not_odd_d,  // {0} the kind
  rotation_pairs_interleaved,
  rotation_pairs_concat,
  rotation_pairs_concat_odd,
  rotation_pairs_none_n1,
  spectrum_why_none_integer,
  spectrum_why_none_normalized,
  spectrum_why_none_sigmoid,
  spectrum_why_none_learned,
  spectrum_why_none_concat_d1,
  spectrum_band_pair,
  spectrum_band_band,
  spectrum_band_bit,
  spectrum_rule_bit,
  requirement_name_1,
  requirement_name_2,
  requirement_name_3,
  requirement_name_4,
  requirement_name_5,
  requirement_measure_1,
  requirement_measure_2,
  requirement_measure_3,
  requirement_measure_4,
  requirement_measure_5,
  requirement_measure_5_sampled,
  requirement_not_finite,
  requirement_pass_below,  // {0} value, {1} bound
  requirement_pass_above,  // {0} value, {1} bound
  requirement_fail_1,      // {0} value, {1} bound (the same for every fail_*)
  requirement_fail_2,
  requirement_fail_3,
  requirement_fail_4,
  requirement_fail_5,
  requirement_fail_other,
  compare_differs,  // {0} N, D or start, {1} and {2} the two values
};

// One sentence: which one and the arguments of its pattern, already formatted as text.
struct Text {
  TextId id = TextId::none;
  std::vector<std::string> args;
  bool empty() const { return id == TextId::none; }
  bool operator==(const Text&) const = default;
};

// The stable key of a sentence ("rotation.why_not.integer"); "" for TextId::none.
std::string_view text_key(TextId id);
// Its English pattern with {0}, {1}, ... where the arguments go.
std::string_view text_pattern(TextId id);
// `pattern` with every {n} replaced by args[n] (a {n} without an argument stays as it is).
std::string format_pattern(std::string_view pattern, const std::vector<std::string>& args);
// The English sentence: text_pattern(text.id) formatted with text.args.
std::string english(const Text& text);
// Every id but none, for tests that check each language translates every sentence.
std::span<const TextId> all_text_ids();

}  // namespace pelab
