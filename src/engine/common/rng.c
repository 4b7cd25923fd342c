#include "rng.h"

uint64_t
fol_splitmix64 (uint64_t *x)
{
  uint64_t z = (*x += UINT64_C (0x9E3779B97F4A7C15));
  z = (z ^ (z >> 30)) * UINT64_C (0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * UINT64_C (0x94D049BB133111EB);
  return z ^ (z >> 31);
}

void
fol_rng_seed (FolRng *rng, uint64_t seed)
{
  uint64_t x = seed;
  for (int i = 0; i < 4; i++)
    rng->s[i] = fol_splitmix64 (&x);
}

static inline uint64_t
rotl (uint64_t x, int k)
{
  return (x << k) | (x >> (64 - k));
}

uint64_t
fol_rng_next (FolRng *rng)
{
  uint64_t *s = rng->s;
  uint64_t result = rotl (s[1] * 5, 7) * 9;
  uint64_t t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl (s[3], 45);
  return result;
}

uint32_t
fol_rng_below (FolRng *rng, uint32_t n)
{
  if (n <= 1)
    return 0;
  /* Rejection sampling: draw 32 bits, reject the incomplete last bucket. */
  uint32_t limit = UINT32_MAX - (UINT32_MAX % n);
  for (;;)
    {
      uint32_t r = (uint32_t) (fol_rng_next (rng) >> 32);
      if (r < limit)
        return r % n;
    }
}

void
fol_rng_shuffle_u8 (FolRng *rng, uint8_t *items, size_t len)
{
  for (size_t i = len; i > 1; i--)
    {
      size_t j = fol_rng_below (rng, (uint32_t) i);
      uint8_t t = items[i - 1];
      items[i - 1] = items[j];
      items[j] = t;
    }
}
