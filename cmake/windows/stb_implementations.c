/* The stb functions pelab and Dear ImGui call. Debian ships their implementation only as a Linux
   library (libstb.a), so a Windows build compiles it from the same Debian headers. stb_rect_pack
   comes first: stb_truetype uses its types when it has been included. */
#define STB_RECT_PACK_IMPLEMENTATION
#include <stb_rect_pack.h>
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb_image_write.h>
#define STB_TRUETYPE_IMPLEMENTATION
#include <stb_truetype.h>
