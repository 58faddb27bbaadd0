#pragma once
// sin, cos, exp, log and pow that give the same bits on every platform pelab builds for.
//
// The C libraries disagree in the last bit: glibc's vector sin (libmvec, up to 4 ulp), glibc's scalar
// functions, mingw-w64's and emscripten's (musl) each round some results differently, so one table
// computed on Linux, Windows and in the browser differed in up to 69% of its entries
// (docs/building.md, "Numbers: the same bits everywhere"). These routines use only IEEE-754 additions,
// multiplications and divisions (no fused multiply-add: this file's source is compiled with
// -ffp-contract=off), so every conforming platform rounds every step alike.
//
// Accuracy: each result is the exact value rounded once, after an evaluation carried in
// double-doubles where it matters: at most 0.6 ulp from the exact value and at most 1 ulp from
// glibc's (which is within 0.52); they agree in about 99.6% of arguments. A subnormal result of exp
// or pow is rounded twice and may be 1 ulp off. tests/core/test_portable_math.cpp checks these bounds.
// sin and cos reduce any finite argument exactly (the bits of 2/pi, as Payne and Hanek do), so
// positions up to 2^52 (encodings.hpp, position_limit) keep their full accuracy.
#include <span>

namespace pelab::portable {

double sin(double x);
double cos(double x);
double exp(double x);
double log(double x);
// base^y for finite base > 0 (and the IEEE special cases of base 0, 1, infinity and NaN); a negative
// base gives NaN unless y is an integer, as std::pow.
double pow(double base, double y);

// s[i] = sin(angle[i]), c[i] = cos(angle[i]): the same bits as sin and cos one by one, many at a time
// (the common case, |angle| < 1.6e6, is a loop without branches that the compiler vectorises).
// The three spans have the same length.
void sin_cos(std::span<const double> angle, std::span<double> s, std::span<double> c);

}  // namespace pelab::portable
