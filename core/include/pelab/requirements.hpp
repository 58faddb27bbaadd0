#pragma once
// The five requirements of a good absolute encoding (docs/encodings.md §3), each scored as a number.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "pelab/encodings.hpp"
#include "pelab/stop.hpp"
#include "pelab/text.hpp"

namespace pelab {

struct RequirementScore {
  int number;               // 1..5 as in docs/encodings.md §3
  std::string name;         // short id, e.g. "length-independent"
  std::string description;  // what the number measures
  double value;             // the measured number
  double threshold;         // pass when value <= threshold (or > for "distinct", see `higher_is_better`)
  bool higher_is_better;
  bool pass;  // false when not measurable
  // Positions the measure needs (slope: 2 rows, step variation: 3, pairs: 2); with fewer the score is
  // neither a pass nor a fail but not measurable, and `value` is NaN.
  std::int64_t needs_positions = 1;
  bool measurable = true;
  Text name_text;  // name and description as ids, for a translated UI
  Text description_text;
};

// The five scores in order: 1 length-independent, 2 bounded, 3 slow-growth, 4 distance-like,
// 5 distinct. Each measure, threshold and the positions it needs are defined once, in
// docs/encodings.md §3. With fewer positions than a measure needs, its score is not measurable
// (neither pass nor fail, value NaN). A table containing NaN or inf scores NaN and fails all five.
// `on_scored`, when given, sees the scores so far after each one (1, then 2, ... then all 5), so a
// caller can show the first requirements while the slower last ones are measured. A stop requested on
// `stop` throws Stopped at the next step (after the table, the longer table, each score): at the
// largest sizes one step is a whole-table fill.
using RequirementProgress = std::function<void(const std::vector<RequirementScore>& scored)>;
std::vector<RequirementScore> requirement_scores(const EncodingParams& params,
                                                 const Matrix* learned_source = nullptr,
                                                 const RequirementProgress& on_scored = {},
                                                 const StopToken& stop = {});

// One sentence on the outcome, with the number and its threshold, e.g. "fails: values reach 63,
// above the bound 1 that keeps them on the scale of token embeddings".
std::string requirement_verdict(const RequirementScore& score);
// The same sentence as an id with the value and the bound as arguments.
Text requirement_verdict_text(const RequirementScore& score);

}  // namespace pelab
