/*
 * sanitized.h -- SANITIZED is 1 in a build with AddressSanitizer or
 * ThreadSanitizer (gcc's macros, clang's __has_feature), else 0.  Such a
 * build runs several times slower, so the long checks (crosscheck.c,
 * test_se.c) take a sample there.
 */
#ifndef SF_SANITIZED_H
#define SF_SANITIZED_H

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define SANITIZED 1
#endif
#endif
#ifndef SANITIZED
#define SANITIZED 0
#endif

#endif
