/* fuzz-util.h: what the fuzz harnesses of tests/fuzz/ share.
 *
 * Each harness is one C file defining LLVMFuzzerTestOneInput() (and, when
 * it needs set-up, LLVMFuzzerInitialize()).  It is linked either with
 * libFuzzer (clang, meson -Dfuzzing=true, ./build-aux/fuzz) or with
 * fuzz-driver.c, which runs it once over every file of the folders given
 * (the 'fuzz' test suite of every build).
 *
 * A finding is an abort: a sanitizer report, a failed g_assert, a GLib
 * critical or warning (made fatal by fuzz_init_common()), or an explicit
 * fuzz_fail() when a property the harness checks does not hold.
 */
#pragma once

#include <glib.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);
int LLVMFuzzerInitialize (int *argc, char ***argv);

/* Reports a broken property of the input being run and aborts, so that
 * libFuzzer keeps the input as a crash and the driver's test fails. */
static inline G_GNUC_NORETURN G_GNUC_PRINTF (3, 4) void
fuzz_fail_at (const char *file, int line, const char *format, ...)
{
  va_list ap;
  va_start (ap, format);
  fprintf (stderr, "%s:%d: fuzz finding: ", file, line);
  vfprintf (stderr, format, ap);
  fputc ('\n', stderr);
  va_end (ap);
  fflush (stderr);
  abort ();
}
#define fuzz_fail(...) fuzz_fail_at (__FILE__, __LINE__, __VA_ARGS__)

/* For every harness's LLVMFuzzerInitialize(): a GLib warning or critical
 * (a g_return_if_fail() reached from the input) counts as a crash. */
static inline void
fuzz_init_common (void)
{
  g_log_set_always_fatal (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
}

/* Returns: the little-endian integer in the first @n (<= 8) bytes of
 * @data; bytes past @size count as 0. */
static inline uint64_t
fuzz_read_le (const uint8_t *data, size_t size, size_t n)
{
  uint64_t v = 0;
  for (size_t i = 0; i < n && i < 8; i++)
    if (i < size)
      v |= (uint64_t) data[i] << (8 * i);
  return v;
}

/* Returns: (transfer full): @data as a string (it ends at the first NUL). */
static inline char *
fuzz_text (const uint8_t *data, size_t size)
{
  return g_strndup ((const char *) data, size);
}

/* The longest input the harnesses read: longer ones are cut there, so that
 * no single input takes seconds (libFuzzer keeps inputs below its -max_len
 * anyway; the driver may be given anything). */
#define FUZZ_MAX_INPUT (64 * 1024)
