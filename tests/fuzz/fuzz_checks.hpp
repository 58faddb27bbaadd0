#pragma once
// What each fuzz harness checks, shared by the libFuzzer binaries (tests/fuzz, clang, PELAB_FUZZ=ON)
// and the regression replay that every build runs (tests/io/test_fuzz_regressions.cpp feeds the
// committed corpora and tests/fuzz/regressions/<harness>/ through the same functions).
//
// A check feeds its bytes to one reader. The reader may accept the input or refuse it with
// pelab::Error (the session reader: with a list of problems); what it must never do is crash, read
// out of bounds, throw anything else (such an exception leaves the check: libFuzzer reports it as a
// crash, Catch2 as a failed test) or break a promise of its header. A broken promise (a shape that
// does not match the data, a round trip that does not hold) is returned as a one-line description;
// "" means the reader behaved.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace pelab::fuzz {

// pelab::npy_decode, npy_to_matrix, decode_position_table (as .npy and by content); a decoded array
// re-encodes and decodes to the same bits.
std::string check_npy(std::string_view bytes);

// pelab::safetensors_index, safetensors_matrix for every table-shaped readable tensor,
// decode_position_table (as .safetensors and by content); a loaded table re-encodes as F64 and
// reads back bit for bit.
std::string check_safetensors(std::string_view bytes);

// pelab::parse_config_spec; when it accepts, format_config_spec(spec) parses back equal to spec and
// formats to the same text again.
std::string check_config_spec(std::string_view bytes);

// pelab::app::session_from_text (with the view ids of app/state/view_types.hpp) and settings_from_text; an
// accepted file saves and reloads equal, a refused one says why.
std::string check_session(std::string_view bytes);

// pelab::parse_model_config (a Hugging Face config.json); an accepted config's scaling validates
// for its rotated dimensions, and model_scaling_for works for every scaling type.
std::string check_model_config(std::string_view bytes);

// pelab::app::lesson_from_text; an accepted lesson has 1 to max_lesson_steps steps whose states
// save and reload equal, a refused one says why.
std::string check_lesson(std::string_view bytes);

// libFuzzer's entry point body: runs one check and aborts (a crash libFuzzer records, with the input
// saved as an artifact) when a promise is broken.
inline int run_check(std::string (*check)(std::string_view), const std::uint8_t* data, std::size_t size) {
  const std::string broken = check(std::string_view(reinterpret_cast<const char*>(data), size));
  if (!broken.empty()) {
    std::fprintf(stderr, "pelab fuzz: broken promise: %s\n", broken.c_str());
    std::abort();
  }
  return 0;
}

}  // namespace pelab::fuzz
