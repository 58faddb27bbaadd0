#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <type_traits>

#include "pelab/kinds.hpp"
#include "state/params.hpp"

namespace pelab::app {
namespace {

std::string format_short(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.6g", value);
  return text;
}

}  // namespace

char config_letter(std::size_t index) { return static_cast<char>('A' + index); }

std::string lettered_label(std::size_t index, const Config& config) {
  return std::string(1, config_letter(index)) + "  " + display_label(config);
}

std::string display_label(const Config& config) {
  if (!config.label.empty()) return config.label;
  const EncodingParams& e = config.encoding;
  std::string text(to_string(e.kind));
  if (!unused_parameter_reason(e.kind, KindParameter::base)) text += " base " + format_short(e.base);
  if (e.kind == EncodingKind::learned) {
    // Appended piece by piece: `"literal" + std::string&&` trips GCC 12's false -Wrestrict.
    if (config.table_path.empty()) {
      text += " seed ";
      text += std::to_string(e.seed);
    } else {
      text += ' ';
      text += std::filesystem::path(config.table_path).filename().string();
    }
  }
  return text;
}

void clamp_encoding(EncodingParams& e) {
  e.positions = view_positions_range.clamp(e.positions);
  e.dims = view_dims_range.clamp(e.dims);
  e.start = view_start_range.clamp(e.start);
  e.base = base_range.clamp(e.base);
}

Selection clamped(const Selection& s, const EncodingParams& e) {
  Selection out;
  out.position = position_bounds(e).clamp(s.position);
  out.offset = offset_bounds(e).clamp(s.offset);
  out.dimension = dimension_bounds(e).clamp(s.dimension);
  return out;
}

std::string_view to_string(LinkedParam param) {
  switch (param) {
    case LinkedParam::positions:
      return "N";
    case LinkedParam::dims:
      return "D";
    case LinkedParam::base:
      return "base";
    case LinkedParam::start:
      return "start";
    case LinkedParam::position:
      return "p";
    case LinkedParam::offset:
      return "k";
    case LinkedParam::dimension:
      return "i";
  }
  return "";
}

std::string_view link_key(LinkedParam param) {
  switch (param) {
    case LinkedParam::positions:
      return "positions";
    case LinkedParam::dims:
      return "dims";
    case LinkedParam::base:
      return "base";
    case LinkedParam::start:
      return "start";
    case LinkedParam::position:
      return "position";
    case LinkedParam::offset:
      return "offset";
    case LinkedParam::dimension:
      return "dimension";
  }
  return "";
}

namespace {

// The member of a slot that a linked parameter names (one place for the mapping).
auto& linked_member(Slot& slot, LinkedParam param) {
  switch (param) {
    case LinkedParam::positions:
      return slot.config.encoding.positions;
    case LinkedParam::dims:
      return slot.config.encoding.dims;
    case LinkedParam::start:
      return slot.config.encoding.start;
    case LinkedParam::position:
      return slot.selection.position;
    case LinkedParam::offset:
      return slot.selection.offset;
    case LinkedParam::dimension:
    default:
      return slot.selection.dimension;
  }
}

const auto& linked_member(const Slot& slot, LinkedParam param) {
  return linked_member(const_cast<Slot&>(slot), param);
}

}  // namespace

void copy_linked(AppState& state, std::size_t from, LinkedParam param) {
  if (from >= state.slots.size()) return;
  const Slot source = state.slots[from];
  for (Slot& other : state.slots) {
    if (param == LinkedParam::base) {
      other.config.encoding.base = source.config.encoding.base;
    } else {
      linked_member(other, param) = linked_member(source, param);
    }
  }
}

void propagate_links(AppState& state, std::size_t edited, const Slot& before) {
  if (edited >= state.slots.size()) return;
  const Slot& now = state.slots[edited];
  for (LinkedParam param : all_linked_params) {
    if (!state.links[param]) continue;
    const bool changed = param == LinkedParam::base
                             ? now.config.encoding.base != before.config.encoding.base
                             : linked_member(now, param) != linked_member(before, param);
    if (changed) copy_linked(state, edited, param);
  }
}

Links links_for_slots(const std::vector<Slot>& slots) {
  Links links;
  for (LinkedParam param : all_linked_params) {
    bool same = true;
    const bool shape = param == LinkedParam::positions || param == LinkedParam::dims ||
                       param == LinkedParam::base || param == LinkedParam::start;
    for (const Slot& slot : slots) {
      if (!shape || slots.empty()) break;
      same = same &&
             (param == LinkedParam::base ? slot.config.encoding.base == slots.front().config.encoding.base
                                         : linked_member(slot, param) == linked_member(slots.front(), param));
    }
    links[param] = same;
  }
  return links;
}

int AppState::next_config_id() const {
  int id = 0;
  for (const Slot& slot : slots) id = std::max(id, slot.config.id);
  return id + 1;
}

bool add_slot(AppState& state, const Slot& slot) {
  if (state.slots.size() >= max_configs) return false;
  Slot added = slot;
  added.config.id = state.next_config_id();
  state.slots.push_back(std::move(added));
  state.active = state.slots.size() - 1;
  return true;
}

bool duplicate_slot(AppState& state, std::size_t index) {
  if (index >= state.slots.size()) return false;
  Slot copy = state.slots[index];
  if (!copy.config.label.empty()) copy.config.label.clear();
  return add_slot(state, copy);
}

bool remove_slot(AppState& state, std::size_t index) {
  if (state.slots.size() <= 1 || index >= state.slots.size()) return false;
  state.slots.erase(state.slots.begin() + static_cast<std::ptrdiff_t>(index));
  state.active = std::min(state.active > index ? state.active - 1 : state.active, state.slots.size() - 1);
  return true;
}

void move_slot(AppState& state, std::size_t index, int direction) {
  const auto target = static_cast<std::ptrdiff_t>(index) + direction;
  if (index >= state.slots.size() || target < 0 || target >= static_cast<std::ptrdiff_t>(state.slots.size()))
    return;
  std::swap(state.slots[index], state.slots[static_cast<std::size_t>(target)]);
  if (state.active == index) state.active = static_cast<std::size_t>(target);
}

std::string_view to_string(ScaleSharing sharing) {
  switch (sharing) {
    case ScaleSharing::same_kind:
      return "same-kind";
    case ScaleSharing::always:
      return "always";
    case ScaleSharing::never:
      return "never";
  }
  return "same-kind";
}

std::optional<ScaleSharing> parse_scale_sharing(std::string_view name) {
  for (ScaleSharing s : {ScaleSharing::same_kind, ScaleSharing::always, ScaleSharing::never})
    if (to_string(s) == name) return s;
  return std::nullopt;
}

std::string_view to_string(Theme theme) { return theme == Theme::dark ? "dark" : "light"; }

std::optional<Theme> parse_theme(std::string_view name) {
  if (name == "dark") return Theme::dark;
  if (name == "light") return Theme::light;
  return std::nullopt;
}

}  // namespace pelab::app
