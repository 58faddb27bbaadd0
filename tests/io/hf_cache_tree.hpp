#pragma once
// A small Hugging Face hub cache written by a test, laid out as huggingface_hub lays it out:
//   HUB/models--ORG--NAME/blobs/ETAG, refs/REVISION (a commit hash),
//   snapshots/COMMIT/FILE -> ../../blobs/ETAG (a relative link) or a real copy (as on Windows).
#include <filesystem>
#include <fstream>
#include <string>

namespace pelab::test {

inline void write_bytes(const std::filesystem::path& path, const std::string& bytes) {
  std::filesystem::create_directories(path.parent_path());
  std::ofstream out(path, std::ios::binary);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

// A commit hash made of one repeated hexadecimal digit: "aaaa...a" (40 of them).
inline std::string commit_of(char digit) { return std::string(40, digit); }

class HfCacheModel {
 public:
  HfCacheModel(const std::filesystem::path& hub, const std::string& repo_id) {
    std::string folder = "models--" + repo_id;
    if (const std::size_t slash = folder.find('/'); slash != std::string::npos)
      folder.replace(slash, 1, "--");
    dir_ = hub / folder;
    std::filesystem::create_directories(dir_ / "blobs");
    std::filesystem::create_directories(dir_ / "refs");
  }
  const std::filesystem::path& dir() const { return dir_; }
  std::filesystem::path snapshot(const std::string& commit) const { return dir_ / "snapshots" / commit; }

  // refs/REVISION holding `text` (a commit hash as the hub writes it: no newline).
  void ref(const std::string& revision, const std::string& text) const {
    write_bytes(dir_ / "refs" / revision, text);
  }

  // FILE of the snapshot as a relative link to a blob holding `bytes` (one blob per commit and file).
  void link(const std::string& commit, const std::string& file, const std::string& bytes) const {
    const std::string blob = commit + "-" + file;
    write_bytes(dir_ / "blobs" / blob, bytes);
    link_to(commit, file, blob);
  }
  // FILE as a relative link to a blob that may not exist (a dangling link when it does not).
  void link_to(const std::string& commit, const std::string& file, const std::string& blob) const {
    std::filesystem::create_directories(snapshot(commit));
    std::filesystem::create_symlink(std::filesystem::path("..") / ".." / "blobs" / blob,
                                    snapshot(commit) / file);
  }
  // FILE of the snapshot as a real file.
  void copy(const std::string& commit, const std::string& file, const std::string& bytes) const {
    write_bytes(snapshot(commit) / file, bytes);
  }

 private:
  std::filesystem::path dir_;
};

}  // namespace pelab::test
