/*
 * kernels.h -- the solver kernels compiled into the library (internal).
 *
 * SF_KERNELS lists every kernel, fastest first; its first entry is the
 * default that sf_kernel_at(0) returns.  A kernel lives in a kernel_*.c
 * file, which defines `const sf_kernel_t sf_kernel_NAME`; adding it to the
 * library is one more X(NAME) line here (at the top to make it the
 * default).  The declarations and the table in kernels.c are both
 * generated from this list, so they cannot disagree.
 */
#ifndef SF_KERNELS_H
#define SF_KERNELS_H

#include "sudoflow.h"

#define SF_KERNELS(X) \
    X(bandstack) \
    X(bitboard)

#define SF_KERNEL_DECLARE(name) extern const sf_kernel_t sf_kernel_##name;
SF_KERNELS(SF_KERNEL_DECLARE)
#undef SF_KERNEL_DECLARE

#endif
