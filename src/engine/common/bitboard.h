/* bitboard.h: a 72-square bitboard (9 columns x 8 rows) for fast placement
 * tests on the Indian Summer Forest Floor.
 *
 * Square index = row * 9 + column, row 0 at the top, column 0 at the left.
 * Bit i of the 128-bit word is square i; bits 72..127 are always zero.
 * The type is GCC/Clang's unsigned __int128 (Debian's gcc and clang both
 * have it), marked __extension__ so -pedantic stays quiet.
 */
#pragma once

#include <stdint.h>
#include <stdbool.h>

__extension__ typedef unsigned __int128 FolBits72;

#define FOL_BB_COLS 9
#define FOL_BB_ROWS 8
#define FOL_BB_SQUARES 72

static inline FolBits72
fol_bb_all (void)
{
  return (((FolBits72) 1) << 72) - 1;
}

static inline FolBits72
fol_bb_bit (int square)
{
  return ((FolBits72) 1) << square;
}

static inline bool
fol_bb_test (FolBits72 b, int square)
{
  return (b >> square) & 1;
}

static inline int
fol_bb_count (FolBits72 b)
{
  return __builtin_popcountll ((uint64_t) b) + __builtin_popcountll ((uint64_t) (b >> 64));
}

/* Index of the lowest set square; @b must not be empty. */
static inline int
fol_bb_lowest (FolBits72 b)
{
  uint64_t lo = (uint64_t) b;
  if (lo)
    return __builtin_ctzll (lo);
  return 64 + __builtin_ctzll ((uint64_t) (b >> 64));
}

/* The squares of column @col (0..8). */
static inline FolBits72
fol_bb_column (int col)
{
  FolBits72 b = 0;
  for (int r = 0; r < FOL_BB_ROWS; r++)
    b |= fol_bb_bit (r * FOL_BB_COLS + col);
  return b;
}

/* The squares orthogonally next to any square of @b (not @b itself). */
static inline FolBits72
fol_bb_neighbours (FolBits72 b)
{
  /* constant-folded by the compiler: every square but those of column 0 / 8 */
  const FolBits72 not_col0 = fol_bb_all () & ~fol_bb_column (0);
  const FolBits72 not_col8 = fol_bb_all () & ~fol_bb_column (8);
  FolBits72 n = ((b << 1) & not_col0) | ((b >> 1) & not_col8) | (b << 9) | (b >> 9);
  return n & fol_bb_all () & ~b;
}

/* The 4-connected part of @within that contains @seed (a subset of @within). */
static inline FolBits72
fol_bb_flood (FolBits72 seed, FolBits72 within)
{
  FolBits72 region = seed & within;
  for (;;)
    {
      FolBits72 grown = (region | fol_bb_neighbours (region)) & within;
      if (grown == region)
        return region;
      region = grown;
    }
}
