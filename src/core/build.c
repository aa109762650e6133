/*
 * build.c -- what this copy of the library was built with: compiler,
 * flags, the SIMD path the kernels took and the gzip input back end, for
 * `--version`, `bench` headers and bug reports.  Everything is decided by
 * the compiler's predefined macros, the same ones the kernels test, so the
 * text cannot disagree with the code.
 */
#include "sudoflow.h"

#ifdef __clang__
#define COMPILER "clang " __clang_version__
#elif defined(__GNUC__)
#define COMPILER "gcc " __VERSION__
#else
#define COMPILER "unknown compiler"
#endif

#ifndef SF_BUILD_FLAGS
#define SF_BUILD_FLAGS "unknown"
#endif

#if defined(__AVX512BW__) && defined(__AVX512VL__) && defined(__BMI2__)
#define SIMD "avx512"
#elif defined(__AVX2__)
#define SIMD "avx2"
#elif defined(__SSE2__)
#define SIMD "sse2"
#else
#define SIMD "scalar"
#endif

#define INFLATE "built-in (zlib as the reference)"

const char *sf_build_compiler(void) { return COMPILER; }
const char *sf_build_flags(void) { return SF_BUILD_FLAGS; }
const char *sf_build_simd(void) { return SIMD; }
const char *sf_build_inflate(void) { return INFLATE; }
