/* hexgrid.c: axial hex geometry; see hexgrid.h. */
#include "hexgrid.h"

#include <math.h>
#include <stdlib.h>

const FolHex fol_hex_dirs[FOL_HEX_SIDES] = {
  { +1, 0 }, { 0, +1 }, { -1, +1 }, { -1, 0 }, { 0, -1 }, { +1, -1 },
};

int
fol_hex_distance (FolHex a, FolHex b)
{
  int dq = a.q - b.q, dr = a.r - b.r, ds = -dq - dr;
  return (abs (dq) + abs (dr) + abs (ds)) / 2;
}

int
fol_hex_direction_to (FolHex a, FolHex b)
{
  for (int d = 0; d < FOL_HEX_SIDES; d++)
    if (a.q + fol_hex_dirs[d].q == b.q && a.r + fol_hex_dirs[d].r == b.r)
      return d;
  return -1;
}

FolHex
fol_hex_rotate (FolHex h, int steps)
{
  int n = ((steps % 6) + 6) % 6;
  for (int i = 0; i < n; i++)
    {
      /* clockwise on screen: E (1,0) -> SE (0,1) -> SW (-1,1) ... */
      FolHex t = { -h.r, h.q + h.r };
      h = t;
    }
  return h;
}

void
fol_hex_corner_cells (FolHex h, int corner, FolHexCorner out[3])
{
  int c = ((corner % 6) + 6) % 6;
  out[0].cell = h;
  out[0].corner = c;
  out[1].cell = fol_hex_neighbour (h, c);
  out[1].corner = (c + 2) % 6;
  out[2].cell = fol_hex_neighbour (h, c + 1);
  out[2].corner = (c + 4) % 6;
}

FolHexCorner
fol_hex_vertex_canonical (FolHex h, int corner)
{
  FolHexCorner three[3];
  fol_hex_corner_cells (h, corner, three);
  for (int i = 0; i < 3; i++)
    if (three[i].corner < 2)
      return three[i];
  return three[0]; /* not reached: the three corners are c, c+2, c+4 */
}

void
fol_hex_to_pixel (FolHex h, double size, double *x, double *y)
{
  *x = size * sqrt (3.0) * (h.q + h.r / 2.0);
  *y = size * 1.5 * h.r;
}

void
fol_hex_corner_pixel (int corner, double size, double *x, double *y)
{
  /* corner 0 at 30 degrees (lower right), clockwise on screen */
  double a = (30.0 + 60.0 * (((corner % 6) + 6) % 6)) * 3.14159265358979323846 / 180.0;
  *x = size * cos (a);
  *y = size * sin (a);
}
