/* rng.h: the seeded, deterministic random generator of both engines.
 *
 * Algorithm: xoshiro256** (Blackman and Vigna, 2018), its 256-bit state
 * seeded from one 64-bit seed through SplitMix64.  Bounded integers use
 * rejection sampling on the top bits, so every value in [0, n) is equally
 * likely and the sequence is the same on every machine and compiler.
 * See docs/notation.md ("Random generator") for why this choice.
 */
#pragma once

#include <stdint.h>
#include <stddef.h>

typedef struct {
  uint64_t s[4];
} FolRng;

/**
 * fol_rng_seed:
 * @rng: the generator to set
 * @seed: any 64-bit value; equal seeds give equal sequences forever
 */
void     fol_rng_seed      (FolRng *rng, uint64_t seed);

/**
 * fol_rng_next:
 * Returns: the next 64 uniformly distributed bits.
 */
uint64_t fol_rng_next      (FolRng *rng);

/**
 * fol_rng_below:
 * @n: the bound, at least 1
 * Returns: a uniformly distributed integer in [0, @n).
 */
uint32_t fol_rng_below     (FolRng *rng, uint32_t n);

/**
 * fol_rng_shuffle_u8:
 * Shuffles @len bytes in place (Fisher-Yates, from the last element down).
 */
void     fol_rng_shuffle_u8 (FolRng *rng, uint8_t *items, size_t len);

/**
 * fol_splitmix64:
 * @x: (inout): the SplitMix64 counter
 * Returns: the next SplitMix64 output; used to seed and to derive sub-seeds.
 */
uint64_t fol_splitmix64    (uint64_t *x);
