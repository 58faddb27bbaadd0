// View 5: the wavelength of each (sin, cos) pair on a log axis, from 2π to almost 2π·base, with
// the sequence length N marked: pairs above the N line never complete a period within the
// sequence, so they act like slowly varying (almost absolute) coordinates.
#include <algorithm>
#include <numbers>
#include <string>
#include <vector>

#include "plot/plot.hpp"
#include "ui/panels.hpp"

namespace pelab::app::ui {

void draw_spectrum_view(ViewContext& view) {
  const SpectrumData& spectrum = *view.data.spectrum;
  const EncodingParams& e = view.data.params.encoding;
  const auto n = static_cast<double>(e.positions);
  std::vector<double> short_k, short_l, long_k, long_l;
  for (std::size_t k = 0; k < spectrum.wavelengths.size(); ++k) {
    const double lambda = spectrum.wavelengths[k];
    (lambda <= n ? short_k : long_k).push_back(static_cast<double>(k));
    (lambda <= n ? short_l : long_l).push_back(lambda);
  }
  if (!spectrum.kind_has_wavelengths) {
    note_text("%s has no wavelengths; showing the sinusoidal rule %s for this D and base",
              to_string(e.kind).data(), spectrum.rule.c_str());
  } else {
    note_text("%s.  %zu of %zu pairs never complete a period within N = %lld.", spectrum.rule.c_str(),
              long_k.size(), spectrum.wavelengths.size(), static_cast<long long>(e.positions));
  }
  plot::PlotConfig config;
  config.x.label = "pair k";
  config.x.integer_ticks = true;
  config.y.label = "wavelength λ_k (positions)";
  config.y.scale = plot::Scale::log10;
  if (!plot::BeginPlot("##spectrum", ImVec2(0.0f, 0.0f), config)) return;
  plot::PlotScatter("period within N", short_k.data(), short_l.data(), static_cast<int>(short_k.size()),
                    plot::palette_color(0), 3.5f);
  plot::PlotScatter("never completes within N", long_k.data(), long_l.data(), static_cast<int>(long_k.size()),
                    plot::palette_color(1), 3.5f);
  const std::string n_text = "N = " + std::to_string(e.positions);
  plot::PlotHLine(n, plot::palette_color(3), n_text.c_str(), 2.0f);
  if (e.kind == EncodingKind::sinusoidal || !spectrum.kind_has_wavelengths) {
    const ImU32 bound = ImGui::GetColorU32(ImGuiCol_Text, 0.45f);
    plot::PlotHLine(2.0 * std::numbers::pi, bound, "2π");
    plot::PlotHLine(2.0 * std::numbers::pi * e.base, bound, "2π·base");
  }
  // The selected column's frequency: pair i / 2, or i mod K in the concatenated layout.
  const std::int64_t half = std::max<std::int64_t>(e.dims / 2, 1);
  const std::int64_t pair =
      e.kind == EncodingKind::sinusoidal_concat ? view.params.dimension % half : view.params.dimension / 2;
  if (pair < static_cast<std::int64_t>(spectrum.wavelengths.size())) {
    const double lambda = spectrum.wavelengths[static_cast<std::size_t>(pair)];
    const std::string text =
        "i = " + std::to_string(view.params.dimension) + ": λ = " + plot::format_number(lambda, 4);
    plot::PlotMarker(static_cast<double>(pair), lambda, ImGui::GetColorU32(ImGuiCol_Text), 6.0f,
                     text.c_str());
  }
  plot::EndPlot();
}

}  // namespace pelab::app::ui
