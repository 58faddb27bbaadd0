// View 5: the period of each band of the kind at hand (core's period_spectrum) on a log axis with
// the sequence length N marked: bands above the N line never complete a period within the
// sequence, so they act like slowly varying (almost absolute) coordinates. Where bands can alias at
// integer positions (fourier), the limit of 2 positions is drawn and the bands below it marked.
// Kinds without periods say so in one sentence.
#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "plot/plot.hpp"
#include "state/i18n.hpp"
#include "ui/panels.hpp"
#include "ui/view_export_arrays.hpp"
#include "ui/view_registry.hpp"
#include "ui/view_texts.hpp"

namespace pelab::app::ui {

std::string spectrum_note(const PeriodSpectrum& spectrum, const EncodingParams& e) {
  const auto n = static_cast<double>(e.positions);
  const double alias = spectrum.aliasing_limit.value_or(0.0);
  std::size_t never = 0, aliased = 0;
  for (double lambda : spectrum.periods) {
    if (spectrum.aliasing_limit && lambda <= alias) {
      ++aliased;
    } else if (lambda > n) {
      ++never;
    }
  }
  const bool binary = e.kind == EncodingKind::binary;
  // Binary's rule with a real superscript (core's plain-text rule reads 2^(i+1), for the terminal).
  std::string note = binary                       ? std::string(tr("views.spectrum.rule_bit"))
                     : spectrum.rule_text.empty() ? spectrum.rule
                                                  : tr_text(spectrum.rule_text);
  note += ".  " +
          trf(binary ? "views.spectrum.note_bits" : "views.spectrum.note",
              {std::to_string(never), std::to_string(spectrum.periods.size()), std::to_string(e.positions)});
  if (spectrum.aliasing_limit) {
    note += trf("views.spectrum.alias_note", {std::to_string(aliased), plot::format_number(alias, 3)});
  }
  note += ".";
  // Core gives bits from 62 up no period (bit 62's, 2^63, is past the largest int64): say so instead of
  // dropping them silently.
  const auto drawn = static_cast<std::int64_t>(spectrum.periods.size());
  if (binary && e.dims > drawn) {
    const std::string bits = e.dims - drawn == 1 ? std::to_string(drawn)
                                                 : std::to_string(drawn) + "–" + std::to_string(e.dims - 1);
    note +=
        "  " +
        trf(e.dims - drawn == 1 ? "views.spectrum.bits_skipped_one" : "views.spectrum.bits_skipped", {bits});
  }
  return note;
}

namespace {

void draw_spectrum_view(ViewContext& view) {
  const PeriodSpectrum& spectrum = *view.data.spectrum;
  const EncodingParams& e = view.data.request.table.encoding;
  if (spectrum.periods.empty()) {
    // A parameter error has only the message (why_none), a kind without bands has a sentence id.
    const std::string why =
        spectrum.why_none_text.empty() ? spectrum.why_none : tr_text(spectrum.why_none_text);
    note_text("%s", why.c_str());
    note_not_applicable(view);  // said why instead of drawing
    return;
  }
  const auto n = static_cast<double>(e.positions);
  const double alias = spectrum.aliasing_limit.value_or(0.0);
  std::vector<double> short_k, short_l, long_k, long_l, alias_k, alias_l;
  for (std::size_t k = 0; k < spectrum.periods.size(); ++k) {
    const double lambda = spectrum.periods[k];
    const auto x = static_cast<double>(k);
    if (spectrum.aliasing_limit && lambda <= alias) {
      alias_k.push_back(x);
      alias_l.push_back(lambda);
    } else if (lambda <= n) {
      short_k.push_back(x);
      short_l.push_back(lambda);
    } else {
      long_k.push_back(x);
      long_l.push_back(lambda);
    }
  }
  note_text("%s", spectrum_note(spectrum, e).c_str());
  plot::PlotConfig config;
  const std::string x_label = tr_text(spectrum.band_text);
  config.x.label = x_label.c_str();
  config.x.integer_ticks = true;
  config.y.label = tr("views.spectrum.period_axis");
  config.y.scale = plot::Scale::log10;
  config.link = "link_spectrum";
  if (!plot::BeginPlot("##spectrum", ImVec2(0.0f, 0.0f), config)) return;
  plot::PlotScatter(tr("views.spectrum.within"), short_k.data(), short_l.data(),
                    static_cast<int>(short_k.size()), plot::palette_color(0), 3.5f);
  plot::PlotScatter(tr("views.spectrum.never"), long_k.data(), long_l.data(), static_cast<int>(long_k.size()),
                    plot::palette_color(1), 3.5f);
  if (!alias_k.empty()) {
    plot::PlotScatter(tr("views.spectrum.aliased"), alias_k.data(), alias_l.data(),
                      static_cast<int>(alias_k.size()), plot::palette_color(3), 3.5f);
  }
  const std::string n_text = "N = " + std::to_string(e.positions);
  plot::PlotHLine(n, plot::palette_color(3), n_text.c_str(), 2.0f);
  const ImU32 bound = ImGui::GetColorU32(ImGuiCol_Text, 0.45f);
  for (const auto& [value, label] : spectrum.bounds) plot::PlotHLine(value, bound, label.c_str());
  if (spectrum.aliasing_limit)
    plot::PlotHLine(alias, plot::palette_color(3), tr("views.spectrum.alias_line"), 1.0f);
  // The selected column's band.
  const std::optional<std::size_t> band = band_of_column(e, view.selection.dimension);
  if (band && *band < spectrum.periods.size()) {
    const double lambda = spectrum.periods[*band];
    const std::string text =
        "i = " + std::to_string(view.selection.dimension) + ": " + plot::format_number(lambda, 4);
    plot::PlotMarker(static_cast<double>(*band), lambda, ImGui::GetColorU32(ImGuiCol_Text), 6.0f,
                     text.c_str());
  }
  plot::EndPlot();
}

using namespace export_arrays;

// The arrays behind the view, for its Export menu (view_data_export.hpp).
std::vector<ExportArray> export_spectrum_data(const ExportContext& sources, std::size_t slot, ExportDetail) {
  const auto data = fresh_data(sources, slot, item_spectrum);
  const PeriodSpectrum& s = *data->spectrum;
  if (s.periods.empty()) throw std::runtime_error(tr_text(s.why_none_text));
  std::vector<double> band(s.periods.size()), column(s.periods.size());
  for (std::size_t b = 0; b < s.periods.size(); ++b) {
    band[b] = static_cast<double>(b);
    column[b] = static_cast<double>(s.columns[b]);
  }
  return {columns_array("periods", "the period of each band in positions (" + s.rule + ")", "row: band",
                        {{"band", &band}, {"first column", &column}, {"period", &s.periods}})};
}

}  // namespace

// The view's row in the registry (view_registry.hpp).
constinit const ViewType spectrum_view_type = {
    .id = "spectrum",
    .title = "Periods of the columns",
    .summary = "the period of each band on a log axis with N marked",
    .needs = item_spectrum,
    .scope = ViewScope::per_config,
    .width = 1.0f,
    .draw = draw_spectrum_view,
    .export_data = export_spectrum_data,
};

}  // namespace pelab::app::ui
