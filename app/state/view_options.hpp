#pragma once
// Settings of single views from the command line: `pelab --set KEY=VALUE ...`, e.g.
//   --set rope.model=llama-3.1-8b --set 'rope.b={"type": "yarn", "factor": 8}' --set bias.method=t5
// KEY is a path into a session's "views" object (view_settings.hpp; docs/cli.md lists the keys), VALUE
// is JSON (8, true, [3, 2], {...}) or else taken as a string. `rope.model=NAME` first sets the rope view
// to the model preset NAME (assets/models/NAME.json) as the view's model menu does; the other keys are
// applied after it, whatever their order. The same checks as a session file apply.
#include <filesystem>
#include <span>
#include <string>
#include <vector>

#include "state/view_settings.hpp"

namespace pelab::app {

// Applies every option, or none: problems (one line each, naming the option) when any is refused.
std::vector<std::string> apply_view_options(ViewSettings& views, std::span<const std::string> options,
                                            const std::filesystem::path& models_dir);

}  // namespace pelab::app
