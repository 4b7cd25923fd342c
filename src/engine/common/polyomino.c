#include "polyomino.h"

#include <stdlib.h>
#include <string.h>

static int
cell_cmp (FolCell a, FolCell b)
{
  if (a.y != b.y)
    return a.y - b.y;
  return a.x - b.x;
}

void
fol_polyomino_transform (const FolPolyomino *shape, int transform, FolOrientation *out)
{
  FolCell c[FOL_POLY_MAX_CELLS];
  int n = shape->n_cells;

  memset (out, 0, sizeof *out);
  for (int i = 0; i < n; i++)
    {
      int x = shape->cells[i].x, y = shape->cells[i].y;
      if (transform & 4)
        x = -x;
      for (int r = 0; r < (transform & 3); r++)
        {
          /* a quarter turn clockwise with y downwards: (x, y) -> (-y, x) */
          int t = x;
          x = -y;
          y = t;
        }
      c[i].x = (int8_t) x;
      c[i].y = (int8_t) y;
    }
  int minx = 127, miny = 127, maxx = -128, maxy = -128;
  for (int i = 0; i < n; i++)
    {
      if (c[i].x < minx) minx = c[i].x;
      if (c[i].y < miny) miny = c[i].y;
      if (c[i].x > maxx) maxx = c[i].x;
      if (c[i].y > maxy) maxy = c[i].y;
    }
  /* sort by (y, x), carrying the Hole along */
  int order[FOL_POLY_MAX_CELLS];
  for (int i = 0; i < n; i++)
    order[i] = i;
  for (int i = 1; i < n; i++)
    for (int j = i; j > 0 && cell_cmp (c[order[j]], c[order[j - 1]]) < 0; j--)
      {
        int t = order[j];
        order[j] = order[j - 1];
        order[j - 1] = t;
      }
  out->transform = (uint8_t) transform;
  out->n_cells = (uint8_t) n;
  out->hole = -1;
  out->width = (uint8_t) (maxx - minx + 1);
  out->height = (uint8_t) (maxy - miny + 1);
  for (int i = 0; i < n; i++)
    {
      out->cells[i].x = (int8_t) (c[order[i]].x - minx);
      out->cells[i].y = (int8_t) (c[order[i]].y - miny);
      if (order[i] == shape->hole)
        out->hole = (int8_t) i;
      out->mask |= fol_bb_bit (out->cells[i].y * FOL_BB_COLS + out->cells[i].x);
    }
  for (int r = 0; r + out->height <= FOL_BB_ROWS; r++)
    for (int col = 0; col + out->width <= FOL_BB_COLS; col++)
      out->anchors |= fol_bb_bit (r * FOL_BB_COLS + col);
}

static bool
same_orientation (const FolOrientation *a, const FolOrientation *b)
{
  return a->n_cells == b->n_cells && a->hole == b->hole
         && memcmp (a->cells, b->cells, a->n_cells * sizeof (FolCell)) == 0;
}

void
fol_polyomino_orientations (const FolPolyomino *shape, FolOrientationSet *set)
{
  memset (set, 0, sizeof *set);
  for (int t = 0; t < FOL_POLY_TRANSFORMS; t++)
    {
      FolOrientation o;
      fol_polyomino_transform (shape, t, &o);
      int found = -1;
      for (int k = 0; k < set->n; k++)
        if (same_orientation (&set->o[k], &o))
          {
            found = k;
            break;
          }
      if (found < 0)
        {
          found = set->n++;
          set->o[found] = o;
        }
      set->of_transform[t] = (int8_t) found;
    }
}

bool
fol_polyomino_is_connected (const FolPolyomino *shape)
{
  int n = shape->n_cells;
  if (n < 1 || n > FOL_POLY_MAX_CELLS)
    return false;
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++)
      if (shape->cells[i].x == shape->cells[j].x && shape->cells[i].y == shape->cells[j].y)
        return false;
  bool reached[FOL_POLY_MAX_CELLS] = { true };
  bool grew = true;
  while (grew)
    {
      grew = false;
      for (int i = 0; i < n; i++)
        if (!reached[i])
          for (int j = 0; j < n; j++)
            if (reached[j]
                && abs (shape->cells[i].x - shape->cells[j].x) + abs (shape->cells[i].y - shape->cells[j].y) == 1)
              {
                reached[i] = grew = true;
                break;
              }
    }
  for (int i = 0; i < n; i++)
    if (!reached[i])
      return false;
  return true;
}

/* A key of one normalised orientation: 5 bits per cell (x, y < 8 each would
 * need 6; cells lie in a 5x5 box, so x*5+y < 25 fits in 5 bits), and 3 bits
 * for the Hole index + 1. */
static uint64_t
orientation_key (const FolOrientation *o, bool with_hole)
{
  uint64_t k = o->n_cells;
  for (int i = 0; i < o->n_cells; i++)
    k = (k << 5) | (uint64_t) (o->cells[i].x * 5 + o->cells[i].y);
  k = (k << 3) | (uint64_t) (with_hole ? o->hole + 1 : 0);
  return k;
}

static uint64_t
min_key (const FolPolyomino *shape, bool with_hole)
{
  uint64_t best = UINT64_MAX;
  for (int t = 0; t < FOL_POLY_TRANSFORMS; t++)
    {
      FolOrientation o;
      fol_polyomino_transform (shape, t, &o);
      uint64_t k = orientation_key (&o, with_hole);
      if (k < best)
        best = k;
    }
  return best;
}

uint64_t
fol_polyomino_free_key (const FolPolyomino *shape)
{
  return min_key (shape, false);
}

uint64_t
fol_polyomino_hole_key (const FolPolyomino *shape)
{
  return min_key (shape, true);
}
