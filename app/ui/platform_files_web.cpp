// ui/platform_files.hpp in the browser (emscripten). The app's files live in the page's memory file
// system (MEMFS): a file written for the user becomes a download (a Blob URL on an <a download>,
// which every browser saves without a server), and a file to open comes from an <input type=file>;
// its bytes are written to /picked/NAME and handed to the app through pelab_open_picked
// (run/main_loop_web.cpp), which opens it as a file dropped on the page.
#include "ui/platform_files.hpp"

#include <emscripten/emscripten.h>

namespace pelab::app::ui {
namespace {

// The file is read once and removed from memory: the download holds its own copy. A failure (the file
// vanished) is printed; the app's notice has already named the file.
EM_JS(void, download_from_memory_fs, (const char* path_utf8), {
  const path = UTF8ToString(path_utf8);
  try {
    const bytes = FS.readFile(path);
    const url = URL.createObjectURL(new Blob([bytes]));
    const link = document.createElement("a");
    link.href = url;
    link.download = path.substring(path.lastIndexOf("/") + 1);
    document.body.appendChild(link);
    link.click();
    link.remove();
    const revoke = function() { URL.revokeObjectURL(url); };
    setTimeout(revoke, 60000);  // the download has its bytes long before
    FS.unlink(path);
  } catch (error) {
    console.warn("pelab: could not hand " + path + " to the browser: " + error);
  }
});

// Browsers open a file picker only from a user's gesture; the click or key that asked for it was
// within the last frame, which counts. The input lives on after the call: its change event comes when
// the user has chosen (or never, when they cancel).
EM_JS(void, pick_file_in_browser, (const char* accept_utf8), {
  const input = document.createElement("input");
  input.type = "file";
  input.accept = UTF8ToString(accept_utf8);
  input.style.display = "none";
  input.addEventListener(
      "change", function() {
        const file = input.files && input.files[0];
        input.remove();
        if (!file) return;
        file.arrayBuffer().then(
            function(buffer) {
              try {
                FS.mkdir("/picked");
              } catch (exists) {
              }
              const path = "/picked/" + file.name.split("/").join("_");
              FS.writeFile(path, new Uint8Array(buffer));
              const size = lengthBytesUTF8(path) + 1;
              const text = _malloc(size);
              stringToUTF8(path, text, size);
              _pelab_open_picked(text);
              _free(text);
            },
            function(error) { console.warn("pelab: could not read " + file.name + ": " + error); });
      });
  document.body.appendChild(input);
  input.click();
});

}  // namespace

void deliver_file(const std::filesystem::path& path) { download_from_memory_fs(path.string().c_str()); }

bool show_file_picker(FileToOpen what) {
  pick_file_in_browser(what == FileToOpen::session ? ".json,application/json" : ".npy,.safetensors");
  return true;
}

}  // namespace pelab::app::ui
