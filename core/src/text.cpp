// The id and English pattern of every sentence core returns to the app, in one table so a
// translation can be checked against the full list (tests/app/test_slides.cpp).
#include "pelab/text.hpp"

#include <array>
#include <utility>

namespace pelab {
namespace {

struct Entry {
  TextId id;
  std::string_view key;
  std::string_view pattern;
};

constexpr auto kEntries = std::to_array<Entry>({
    {TextId::none, "", ""},
    {TextId::rotation_why_not_integer, "rotation.why_not.integer",
     "integer has no exact T(k): Pₚ₊ₖ = Pₚ + k is a shift, an affine map, and no linear map sends P₀ = 0 to "
     "k."},
    {TextId::rotation_why_not_normalized, "rotation.why_not.normalized",
     "normalized has no exact T(k): Pₚ₊ₖ = Pₚ + k/(N−1) is a shift, an affine map, and no linear map sends "
     "P₀ = 0 to k/(N−1)."},
    {TextId::rotation_why_not_binary, "rotation.why_not.binary",
     "binary has no exact T(k): adding k carries between bits, so which bits flip depends on p and not on k "
     "alone (for k = 1, 0 → 1 flips one bit but 3 → 4 flips three)."},
    {TextId::rotation_why_not_sigmoid, "rotation.why_not.sigmoid",
     "sigmoid has no exact T(k): each column is a different nonlinear curve 1/(1 + exp(−p/tᵢ)) with no "
     "partner column, so no fixed matrix moves every row by k."},
    {TextId::rotation_why_not_learned, "rotation.why_not.learned",
     "learned has no exact T(k): its rows are drawn or loaded independently, so no rule links row p to row "
     "p + k."},
    {TextId::rotation_why_not_odd_d, "rotation.why_not.odd_d",
     "{0} with odd D has no exact T(k): the last sine column has no cosine partner, and sin(a + wk) = "
     "cos(wk) sin a + sin(wk) cos a needs the missing cos a."},
    {TextId::rotation_pairs_interleaved, "rotation.pairs.interleaved", "pairs (2k, 2k+1)"},
    {TextId::rotation_pairs_concat, "rotation.pairs.concat", "pairs (k, k + K), K = ⌊D/2⌋"},
    {TextId::rotation_pairs_concat_odd, "rotation.pairs.concat_odd",
     "pairs (k, k + K), K = ⌊D/2⌋; column D−1 is zero"},
    {TextId::rotation_pairs_none_n1, "rotation.pairs.none_n1", "no pairs: with N = 1 every entry is 0"},
    {TextId::spectrum_why_none_integer, "spectrum.why_none.integer",
     "integer has no periods: P[p, i] = p grows without bound and never repeats."},
    {TextId::spectrum_why_none_normalized, "spectrum.why_none.normalized",
     "normalized has no periods: P[p, i] = p/(N−1) rises in a straight line and never repeats."},
    {TextId::spectrum_why_none_sigmoid, "spectrum.why_none.sigmoid",
     "sigmoid has no periods: column i rises once, around p ≈ tᵢ, and then saturates at 1 instead of "
     "repeating."},
    {TextId::spectrum_why_none_learned, "spectrum.why_none.learned",
     "learned has no periods: its rows follow no rule, so nothing repeats along p."},
    {TextId::spectrum_why_none_concat_d1, "spectrum.why_none.concat_d1",
     "sinusoidal-concat with D = 1 has no bands: K = ⌊D/2⌋ = 0 and its one column is zero padding."},
    {TextId::spectrum_band_pair, "spectrum.band.pair", "pair k"},
    {TextId::spectrum_band_band, "spectrum.band.band", "band k"},
    {TextId::spectrum_band_bit, "spectrum.band.bit", "bit i"},
    {TextId::spectrum_rule_bit, "spectrum.rule.bit", "period of bit i = 2^(i+1)"},
    {TextId::requirement_name_1, "requirement.name.1", "length-independent"},
    {TextId::requirement_name_2, "requirement.name.2", "bounded"},
    {TextId::requirement_name_3, "requirement.name.3", "slow-growth"},
    {TextId::requirement_name_4, "requirement.name.4", "distance-like"},
    {TextId::requirement_name_5, "requirement.name.5", "distinct"},
    {TextId::requirement_measure_1, "requirement.measure.1",
     "max |P_N[p] - P_2N[p]|: change of a position's vector when the sequence doubles"},
    {TextId::requirement_measure_2, "requirement.measure.2",
     "max |P[p, i]|: largest value, compared with unit-scale token embeddings"},
    {TextId::requirement_measure_3, "requirement.measure.3",
     "|slope| of maxᵢ |P[p, i]| against p: how much the values grow per position step"},
    {TextId::requirement_measure_4, "requirement.measure.4",
     "std/mean of the neighbour steps |P_p+1 - P_p|: 0 when every step has the same length"},
    {TextId::requirement_measure_5, "requirement.measure.5",
     "min over p != q of |P_p - P_q|: the closest two positions"},
    {TextId::requirement_measure_5_sampled, "requirement.measure.5_sampled",
     "min |P_p - P_q| over neighbours and an even sample of {0} rows (N > {0})"},
    {TextId::requirement_not_finite, "requirement.not_finite",
     "fails: the table holds NaN or infinite values"},
    {TextId::requirement_pass_below, "requirement.pass_below", "passes: {0} ≤ {1}"},
    {TextId::requirement_pass_above, "requirement.pass_above", "passes: {0} > {1}"},
    {TextId::requirement_fail_1, "requirement.fail.1",
     "fails: a position's vector moves by {0} when N doubles (bound {1}), so a position means something "
     "else in a longer sequence"},
    {TextId::requirement_fail_2, "requirement.fail.2",
     "fails: values reach {0}, above the bound {1} that keeps them on the scale of token embeddings"},
    {TextId::requirement_fail_3, "requirement.fail.3",
     "fails: the largest value grows by {0} per position (bound {1})"},
    {TextId::requirement_fail_4, "requirement.fail.4",
     "fails: neighbour steps vary by {0} of their mean (bound {1}), so a difference of vectors is no measure "
     "of distance"},
    {TextId::requirement_fail_5, "requirement.fail.5",
     "fails: two positions are only {0} apart (bound {1}), practically the same vector"},
    {TextId::requirement_fail_other, "requirement.fail.other", "fails: {0} against the bound {1}"},
    {TextId::compare_differs, "compare.differs", "{0} differs: {1} vs {2}"},
});

// The table is in enum order, so an id is its own index (checked at compile time).
constexpr bool in_enum_order() {
  for (std::size_t i = 0; i < kEntries.size(); ++i)
    if (static_cast<std::size_t>(kEntries[i].id) != i) return false;
  return true;
}
static_assert(in_enum_order(), "kEntries must list the TextIds in their declaration order");

constexpr auto kIds = [] {
  std::array<TextId, kEntries.size() - 1> ids{};
  for (std::size_t i = 1; i < kEntries.size(); ++i) ids[i - 1] = kEntries[i].id;
  return ids;
}();

const Entry& entry(TextId id) {
  const auto i = static_cast<std::size_t>(id);
  return i < kEntries.size() ? kEntries[i] : kEntries[0];
}

}  // namespace

std::string_view text_key(TextId id) { return entry(id).key; }
std::string_view text_pattern(TextId id) { return entry(id).pattern; }

std::string format_pattern(std::string_view pattern, const std::vector<std::string>& args) {
  std::string text;
  text.reserve(pattern.size());
  for (std::size_t at = 0; at < pattern.size();) {
    // {n} with a single digit: no pattern has ten arguments.
    if (pattern[at] == '{' && at + 2 < pattern.size() && pattern[at + 1] >= '0' && pattern[at + 1] <= '9' &&
        pattern[at + 2] == '}') {
      const auto n = static_cast<std::size_t>(pattern[at + 1] - '0');
      if (n < args.size()) {
        text += args[n];
        at += 3;
        continue;
      }
    }
    text += pattern[at++];
  }
  return text;
}

std::string english(const Text& text) { return format_pattern(text_pattern(text.id), text.args); }

std::span<const TextId> all_text_ids() { return kIds; }

}  // namespace pelab
