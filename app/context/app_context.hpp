#pragma once
// Everything one pelab window holds, in four parts that change for different reasons:
//   AppModel     (state/app_model.hpp)     what the user works on; sessions and lessons set it
//   AppRuntimes  (state/app_runtimes.hpp)  the workers that compute off the frame
//   AppGpu       (gfx/app_gpu.hpp)         the renderer and the GPU images
//   AppChrome    (context/app_chrome.hpp)  notices, dialogs, requests between frames, hooks
// ui/ draws it and run/ drives it; neither owns it. A function that needs one part takes that part.
#include "context/app_chrome.hpp"
#include "gfx/app_gpu.hpp"
#include "state/app_model.hpp"
#include "state/app_runtimes.hpp"

namespace pelab::app {

struct AppContext : AppModel, AppRuntimes, AppGpu, AppChrome {};

}  // namespace pelab::app
