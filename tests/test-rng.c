/* test-rng.c: the seeded random generator (src/engine/common/rng.c). */
#include <glib.h>
#include "rng.h"

/* Reference values: xoshiro256** seeded by SplitMix64 from seed 0.  The
 * SplitMix64 outputs for counter 0 are the published test vector
 * 0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f, 0xf88bb8a8724c81ec. */
static void
test_splitmix_vector (void)
{
  uint64_t x = 0;
  g_assert_cmphex (fol_splitmix64 (&x), ==, G_GUINT64_CONSTANT (0xe220a8397b1dcdaf));
  g_assert_cmphex (fol_splitmix64 (&x), ==, G_GUINT64_CONSTANT (0x6e789e6aa1b965f4));
  g_assert_cmphex (fol_splitmix64 (&x), ==, G_GUINT64_CONSTANT (0x06c45d188009454f));
  g_assert_cmphex (fol_splitmix64 (&x), ==, G_GUINT64_CONSTANT (0xf88bb8a8724c81ec));
}

static void
test_xoshiro_from_state (void)
{
  /* xoshiro256** with state {1, 2, 3, 4}: first outputs 11520, 0, 1509978240, 1215971899390074240
   * (the reference implementation's well-known sequence). */
  FolRng rng = { { 1, 2, 3, 4 } };
  g_assert_cmpuint (fol_rng_next (&rng), ==, 11520);
  g_assert_cmpuint (fol_rng_next (&rng), ==, 0);
  g_assert_cmpuint (fol_rng_next (&rng), ==, 1509978240);
  g_assert_cmpuint (fol_rng_next (&rng), ==, G_GUINT64_CONSTANT (1215971899390074240));
}

static void
test_same_seed_same_sequence (void)
{
  FolRng a, b, c;
  fol_rng_seed (&a, 42);
  fol_rng_seed (&b, 42);
  fol_rng_seed (&c, 43);
  int differ = 0;
  for (int i = 0; i < 1000; i++)
    {
      uint64_t va = fol_rng_next (&a);
      g_assert_cmpuint (va, ==, fol_rng_next (&b));
      differ += va != fol_rng_next (&c);
    }
  g_assert_cmpint (differ, ==, 1000);
}

static void
test_below_uniform (void)
{
  FolRng rng;
  fol_rng_seed (&rng, 7);
  int counts[6] = { 0 };
  for (int i = 0; i < 60000; i++)
    {
      uint32_t v = fol_rng_below (&rng, 6);
      g_assert_cmpuint (v, <, 6);
      counts[v]++;
    }
  /* each bucket expects 10000; 5 standard deviations is about 456 */
  for (int i = 0; i < 6; i++)
    g_assert_cmpint (ABS (counts[i] - 10000), <, 460);
  g_assert_cmpuint (fol_rng_below (&rng, 1), ==, 0);
}

static void
test_shuffle_is_permutation (void)
{
  FolRng rng;
  fol_rng_seed (&rng, 99);
  uint8_t items[75];
  for (int i = 0; i < 75; i++)
    items[i] = (uint8_t) i;
  fol_rng_shuffle_u8 (&rng, items, 75);
  gboolean seen[75] = { FALSE };
  int moved = 0;
  for (int i = 0; i < 75; i++)
    {
      g_assert_false (seen[items[i]]);
      seen[items[i]] = TRUE;
      moved += items[i] != i;
    }
  g_assert_cmpint (moved, >, 60);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/rng/splitmix-vector", test_splitmix_vector);
  g_test_add_func ("/rng/xoshiro-reference", test_xoshiro_from_state);
  g_test_add_func ("/rng/same-seed", test_same_seed_same_sequence);
  g_test_add_func ("/rng/below-uniform", test_below_uniform);
  g_test_add_func ("/rng/shuffle-permutation", test_shuffle_is_permutation);
  return g_test_run ();
}
