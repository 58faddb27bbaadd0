#pragma once
// The tests' shorthand for an encoding configuration: kind, N, D, base and start.
#include <cstdint>

#include "pelab/encodings.hpp"

namespace pelab::test {

inline EncodingParams encoding_params(EncodingKind kind, std::int64_t n, std::int64_t d,
                                      double base = 10000.0, std::int64_t start = 0) {
  EncodingParams p;
  p.kind = kind;
  p.positions = n;
  p.dims = d;
  p.base = base;
  p.start = start;
  return p;
}

}  // namespace pelab::test
