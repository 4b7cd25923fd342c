/* polyomino.h: polyomino shapes, their orientations (rotations and flips,
 * duplicates removed) and placement tables on the 9x8 bitboard.
 *
 * A shape has 1..FOL_POLY_MAX_CELLS cells given as (x, y), x to the right,
 * y downwards, and may mark one cell as its Hole (Indian Summer Leaf tiles).
 * Transform codes 0..7: code & 3 is the number of quarter turns clockwise;
 * codes 4..7 mirror left-right first.  Two codes are the same orientation
 * when they give the same set of cells with the Hole on the same cell.
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>
#include "bitboard.h"

#define FOL_POLY_MAX_CELLS 5
#define FOL_POLY_TRANSFORMS 8

typedef struct {
  int8_t x, y;
} FolCell;

typedef struct {
  uint8_t n_cells;
  int8_t hole;                   /* index into cells, or -1 */
  FolCell cells[FOL_POLY_MAX_CELLS];
} FolPolyomino;

/* One orientation, normalised: cells sorted by (y, x), bounding box at (0,0). */
typedef struct {
  uint8_t transform;             /* the lowest code giving this orientation */
  uint8_t width, height;
  uint8_t n_cells;
  int8_t hole;                   /* index into cells, or -1 */
  FolCell cells[FOL_POLY_MAX_CELLS];
  FolBits72 mask;                /* the cells with the anchor at square 0 */
  FolBits72 anchors;             /* anchors where the orientation lies inside the 9x8 board */
} FolOrientation;

typedef struct {
  uint8_t n;                                    /* 1..8 distinct orientations */
  FolOrientation o[FOL_POLY_TRANSFORMS];
  int8_t of_transform[FOL_POLY_TRANSFORMS];     /* transform code -> index in o[] */
} FolOrientationSet;

/**
 * fol_polyomino_transform:
 * @shape: the shape as printed
 * @transform: 0..7 (see above)
 * @out: (out caller-allocates): the normalised orientation; its mask and anchors are filled in
 */
void fol_polyomino_transform (const FolPolyomino *shape, int transform, FolOrientation *out);

/**
 * fol_polyomino_orientations:
 * Fills @set with the distinct orientations of @shape, in transform code order.
 */
void fol_polyomino_orientations (const FolPolyomino *shape, FolOrientationSet *set);

/**
 * fol_polyomino_is_connected:
 * Returns: whether the cells of @shape are 4-connected and pairwise distinct.
 */
bool fol_polyomino_is_connected (const FolPolyomino *shape);

/**
 * fol_polyomino_free_key:
 * Returns: a key equal for two shapes exactly when they are the same free
 *   polyomino (same cells up to rotation and reflection; the Hole ignored).
 */
uint64_t fol_polyomino_free_key (const FolPolyomino *shape);

/**
 * fol_polyomino_hole_key:
 * Returns: a key equal for two shapes exactly when they are the same free
 *   polyomino with the Hole on the same cell up to symmetry.
 */
uint64_t fol_polyomino_hole_key (const FolPolyomino *shape);

/**
 * fol_orientation_fits:
 * @free_squares: the empty squares of the board
 * Returns: the anchors at which @o lies on empty squares only.
 */
static inline FolBits72
fol_orientation_fits (const FolOrientation *o, FolBits72 free_squares)
{
  FolBits72 fit = o->anchors;
  for (int i = 0; i < o->n_cells && fit; i++)
    fit &= free_squares >> (o->cells[i].y * FOL_BB_COLS + o->cells[i].x);
  return fit;
}

/* The squares @o covers when anchored at @anchor (top-left of its box). */
static inline FolBits72
fol_orientation_at (const FolOrientation *o, int anchor)
{
  return o->mask << anchor;
}
