#pragma once
// What some views say and plot, as functions of their data alone (no ImGui), so the tests can check
// the words and numbers a view shows against values derived by hand. Each is defined in the view's
// own file.
#include <string>
#include <vector>

#include "pelab/encodings.hpp"
#include "pelab/structure.hpp"
#include "state/view_data.hpp"

namespace pelab::app::ui {

// similarity_view.cpp: the i18n key of the subtitle's "how": the closed form Σₖ cos(wₖ (q − p)) only
// where the drawn values are that sum (a sinusoid of even D computed by the closed form); otherwise the
// values are the Gram matrix P Pᵀ (odd D: the lone last sine column adds sin(w p) sin(w q), which
// depends on p and q, not only on q − p).
const char* similarity_method_key(const SimilarityData& similarity, const EncodingParams& encoding);

// rotation_view.cpp: the residual curve's points. A log axis cannot show 0, so exact zeros are kept
// apart: drawn as markers on the axis floor (one decade below the smallest positive value), or, when
// every residual is 0, on a linear axis at 0 itself.
struct ResidualPoints {
  std::vector<double> positions, values;  // the residuals above 0, as they are
  std::vector<double> zero_positions;     // where the residual is exactly 0
  bool log_axis = true;                   // false when there is no positive residual
  double floor = 0.0;  // the y at which the zeros are drawn: 0 on a linear axis, else below every value
  std::vector<double> zero_values() const { return std::vector<double>(zero_positions.size(), floor); }
};
ResidualPoints residual_points(const std::vector<double>& positions, const std::vector<double>& residuals);

// spectrum_view.cpp: the sentence above the spectrum, in the current language (rich-text markup):
// the rule, how many bands never complete a period within N, the aliased ones, and for binary the bits
// that have no point (62 and 63) and why.
std::string spectrum_note(const PeriodSpectrum& spectrum, const EncodingParams& encoding);

}  // namespace pelab::app::ui
