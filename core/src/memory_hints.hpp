#pragma once
// Internal to pelab_core: memory hints for large freshly allocated outputs.
#include <cstddef>

namespace pelab::detail {

// For a buffer of >= 4 MiB: on Linux, madvise(MADV_HUGEPAGE) (numpy does the same for its arrays),
// so first writes fault in 2 MiB pages instead of 4 KiB ones. Only a hint: a no-op elsewhere or when
// transparent huge pages are off; never changes the contents.
void advise_huge_pages(void* data, std::size_t bytes);

}  // namespace pelab::detail
