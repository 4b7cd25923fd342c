/* hexgrid.h: the unbounded hexagonal grid of Fall (DECISIONS.md, "Fall",
 * Geometry), in axial coordinates.
 *
 * Hexes are "pointy-top".  A cell is (q, r): q grows to the east, r to the
 * south-east.  The third cube coordinate is s = -q - r.
 *
 * Edges (and the neighbours across them) are numbered clockwise as seen on
 * screen (y pointing down), starting east:
 *
 *   0 E (+1, 0)   1 SE (0, +1)   2 SW (-1, +1)
 *   3 W (-1, 0)   4 NW (0, -1)   5 NE (+1, -1)
 *
 * Corner c lies between edge c and edge c + 1 (mod 6): 0 lower right,
 * 1 bottom, 2 lower left, 3 upper left, 4 top, 5 upper right.
 *
 * Every corner is shared by three cells: corner c of cell X is corner c + 2
 * of the neighbour across edge c and corner c + 4 of the neighbour across
 * edge c + 1.  So a grid vertex is named exactly once by corner 0 or corner 1
 * of one cell (fol_hex_vertex_canonical()).
 *
 * Rotation by one step turns a cell, an edge or a corner 60 degrees
 * clockwise: edge d becomes edge d + 1.
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>

#define FOL_HEX_SIDES 6

typedef struct {
  int q, r;
} FolHex;

/* A grid vertex: corner (0..5) of a cell. */
typedef struct {
  FolHex cell;
  int corner;
} FolHexCorner;

/* The axial offsets of the six neighbours, by edge number. */
extern const FolHex fol_hex_dirs[FOL_HEX_SIDES];

/** Returns: the cell across edge @edge (any integer; taken mod 6) of @h. */
static inline FolHex
fol_hex_neighbour (FolHex h, int edge)
{
  FolHex d = fol_hex_dirs[((edge % 6) + 6) % 6];
  FolHex n = { h.q + d.q, h.r + d.r };
  return n;
}

/** Returns: the edge of the neighbour that faces edge @edge: (@edge + 3) mod 6. */
static inline int
fol_hex_opposite (int edge)
{
  return (edge + 3) % 6;
}

/** Returns: whether @a and @b are the same cell. */
static inline bool
fol_hex_equal (FolHex a, FolHex b)
{
  return a.q == b.q && a.r == b.r;
}

/**
 * fol_hex_distance:
 * Returns: the number of steps between @a and @b (0 when equal).
 */
int fol_hex_distance (FolHex a, FolHex b);

/**
 * fol_hex_direction_to:
 * Returns: the edge 0..5 of @a across which @b lies, or -1 when @b is not a
 *   neighbour of @a.
 */
int fol_hex_direction_to (FolHex a, FolHex b);

/**
 * fol_hex_rotate:
 * @steps: any integer; 60-degree clockwise steps (negative: anticlockwise)
 * Returns: @h rotated about the origin (0, 0).
 */
FolHex fol_hex_rotate (FolHex h, int steps);

/**
 * fol_hex_rotate_index:
 * Returns: edge or corner @index (0..5) after turning the tile @steps
 *   clockwise: (@index + @steps) mod 6, for any integer @steps.
 */
static inline int
fol_hex_rotate_index (int index, int steps)
{
  return (((index + steps) % 6) + 6) % 6;
}

/**
 * fol_hex_corner_cells:
 * @h: a cell
 * @corner: 0..5
 * @out: (out caller-allocates): the three (cell, corner) names of that grid
 *   vertex: out[0] is (@h, @corner), out[1] the neighbour across edge
 *   @corner, out[2] the neighbour across edge @corner + 1.
 */
void fol_hex_corner_cells (FolHex h, int corner, FolHexCorner out[3]);

/**
 * fol_hex_vertex_canonical:
 * Returns: the unique name of the vertex at @corner of @h whose corner is 0 or 1.
 */
FolHexCorner fol_hex_vertex_canonical (FolHex h, int corner);

/**
 * fol_hex_to_pixel:
 * @size: the distance from the centre to a corner
 * Computes the centre of @h on screen (y down), the origin at (0, 0).
 */
void fol_hex_to_pixel (FolHex h, double size, double *x, double *y);

/**
 * fol_hex_corner_pixel:
 * Computes corner @corner of a hex centred at (0, 0) with corner radius @size.
 */
void fol_hex_corner_pixel (int corner, double size, double *x, double *y);
