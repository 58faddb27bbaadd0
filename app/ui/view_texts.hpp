#pragma once
// What some views say and plot, as functions of their data alone (no ImGui), so the tests can check
// the words and numbers a view shows against values derived by hand. Each is defined in the view's
// own file.
#include <string>

#include "pelab/encodings.hpp"
#include "state/view_data.hpp"

namespace pelab::app::ui {

// similarity_view.cpp: the i18n key of the subtitle's "how": the closed form Σₖ cos(wₖ (q − p)) only
// where the drawn values are that sum (a sinusoid of even D computed by the closed form); otherwise the
// values are the Gram matrix P Pᵀ (odd D: the lone last sine column adds sin(w p) sin(w q), which
// depends on p and q, not only on q − p).
const char* similarity_method_key(const SimilarityData& similarity, const EncodingParams& encoding);

}  // namespace pelab::app::ui
