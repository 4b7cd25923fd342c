/* driver-selftest.c: a harness that aborts on an input starting with
 * "crash", so that the test 'fuzz-driver-catches' can check that the
 * driver (fuzz-driver.c) fails when a harness finds a fault, and runs
 * every input of a folder before it (the folder's other file is named
 * first and must not crash). */
#include "fuzz-util.h"

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  fuzz_init_common ();
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  if (size >= 5 && memcmp (data, "crash", 5) == 0)
    fuzz_fail ("the input asks for a crash");
  return 0;
}
