// ui/platform_files.hpp in the browser (emscripten). The app's files live in the page's memory file
// system (MEMFS): a file written for the user becomes a download (a Blob URL on an <a download>,
// which every browser saves without a server), and a file to open comes from the page's
// <input type=file> (scripts/web/index.html); its bytes are written to /picked/NAME and handed to the
// app through pelab_open_picked (run/main_loop_web.cpp), which opens it as a file dropped on the
// page. An opened table is kept in IndexedDB for the next visit.
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

// The picker is the page's (scripts/web/index.html: Ctrl+O shows it from the key's own event, which
// only page code sees); its file arrives through pelab_open_picked.
EM_JS(void, pick_file_in_browser, (const char* what_utf8), {
  if (Module.pelabPickFile) Module.pelabPickFile(UTF8ToString(what_utf8));
});

// The file's bytes into IndexedDB ("pelab", store "tables", keyed by the path), where index.html finds
// them when it restores a state naming the path. Files of the data directory come with the page
// anyway. Storing is asynchronous; a refusal (quota, private window) is printed, and the next visit
// says the table is missing. Returns 0 when the file is larger than `max_bytes` (nothing stored).
EM_JS(int, keep_file_in_browser, (const char* path_utf8, double max_bytes), {
  const path = UTF8ToString(path_utf8);
  if (path.startsWith("/pelab/share/")) return 1;
  let bytes;
  try {
    bytes = FS.readFile(path);
  } catch (error) {
    return 1;  // not a file of the memory file system: nothing to keep
  }
  if (bytes.length > max_bytes) return 0;
  const refused = function(error) {
    console.warn("pelab: could not keep " + path + " for the next visit: " + error);
  };
  try {
    const request = indexedDB.open("pelab", 1);
    request.onupgradeneeded = function() { request.result.createObjectStore("tables"); };
    request.onerror = function() { refused(request.error); };
    request.onsuccess = function() {
      try {
        const transaction = request.result.transaction("tables", "readwrite");
        transaction.objectStore("tables").put(bytes, path);
        transaction.onerror = function() { refused(transaction.error); };
      } catch (error) {
        refused(error);
      }
    };
  } catch (error) {
    refused(error);
  }
  return 1;
});

}  // namespace

void deliver_file(const std::filesystem::path& path) { download_from_memory_fs(path.string().c_str()); }

bool show_file_picker(FileToOpen what) {
  pick_file_in_browser(what == FileToOpen::session ? "session" : "table");
  return true;
}

bool exports_go_to_a_folder() { return false; }

bool keep_opened_table(const std::filesystem::path& path) {
  return keep_file_in_browser(path.string().c_str(), static_cast<double>(kept_table_max_bytes)) != 0;
}

}  // namespace pelab::app::ui
