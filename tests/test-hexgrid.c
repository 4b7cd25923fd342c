/* test-hexgrid.c: axial hex geometry (src/engine/common/hexgrid.c). */
#include <glib.h>
#include <math.h>
#include "hexgrid.h"

static void
test_neighbours (void)
{
  FolHex o = { 0, 0 };
  for (int d = 0; d < 6; d++)
    {
      FolHex n = fol_hex_neighbour (o, d);
      g_assert_cmpint (fol_hex_distance (o, n), ==, 1);
      g_assert_cmpint (fol_hex_direction_to (o, n), ==, d);
      /* the neighbour sees us across the opposite edge */
      FolHex back = fol_hex_neighbour (n, fol_hex_opposite (d));
      g_assert_true (fol_hex_equal (back, o));
      /* consecutive neighbours are neighbours of each other */
      FolHex next = fol_hex_neighbour (o, d + 1);
      g_assert_cmpint (fol_hex_distance (n, next), ==, 1);
    }
  FolHex a = { 3, -1 }, b = { -2, 4 };
  g_assert_cmpint (fol_hex_distance (a, b), ==, 5);
  g_assert_cmpint (fol_hex_direction_to (a, b), ==, -1);
  /* edges are clockwise on screen: E, SE, SW, W, NW, NE */
  for (int d = 0; d < 6; d++)
    {
      double x, y;
      fol_hex_to_pixel (fol_hex_dirs[d], 1.0, &x, &y);
      double angle = atan2 (y, x) * 180.0 / 3.14159265358979323846;
      double want = 60.0 * d;
      if (want > 180)
        want -= 360;
      g_assert_cmpfloat (fabs (angle - want), <, 1e-6);
    }
}

static void
test_corners_shared (void)
{
  /* a corner is one point of three cells: check it on screen */
  FolHex cells[] = { { 0, 0 }, { 2, -1 }, { -3, 5 } };
  for (size_t i = 0; i < G_N_ELEMENTS (cells); i++)
    for (int c = 0; c < 6; c++)
      {
        FolHexCorner three[3];
        fol_hex_corner_cells (cells[i], c, three);
        double px[3], py[3];
        for (int k = 0; k < 3; k++)
          {
            double cx, cy, dx, dy;
            fol_hex_to_pixel (three[k].cell, 1.0, &cx, &cy);
            fol_hex_corner_pixel (three[k].corner, 1.0, &dx, &dy);
            px[k] = cx + dx;
            py[k] = cy + dy;
          }
        for (int k = 1; k < 3; k++)
          {
            g_assert_cmpfloat (fabs (px[k] - px[0]), <, 1e-9);
            g_assert_cmpfloat (fabs (py[k] - py[0]), <, 1e-9);
          }
        g_assert_cmpint (three[1].corner, ==, (c + 2) % 6);
        g_assert_cmpint (three[2].corner, ==, (c + 4) % 6);
        /* the three cells are pairwise neighbours */
        g_assert_cmpint (fol_hex_distance (three[0].cell, three[1].cell), ==, 1);
        g_assert_cmpint (fol_hex_distance (three[1].cell, three[2].cell), ==, 1);
        g_assert_cmpint (fol_hex_distance (three[0].cell, three[2].cell), ==, 1);
        /* all three names have the same canonical name */
        FolHexCorner k0 = fol_hex_vertex_canonical (three[0].cell, three[0].corner);
        for (int k = 1; k < 3; k++)
          {
            FolHexCorner kk = fol_hex_vertex_canonical (three[k].cell, three[k].corner);
            g_assert_true (fol_hex_equal (k0.cell, kk.cell));
            g_assert_cmpint (k0.corner, ==, kk.corner);
          }
        g_assert_cmpint (k0.corner, <, 2);
      }
}

static void
test_vertex_count (void)
{
  /* 2 vertices per cell: the canonical names of the corners of a 7-cell
   * flower (a cell and its ring) are 24 distinct points */
  GHashTable *seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  FolHex o = { 0, 0 };
  FolHex cells[7] = { o };
  for (int d = 0; d < 6; d++)
    cells[d + 1] = fol_hex_neighbour (o, d);
  for (int i = 0; i < 7; i++)
    for (int c = 0; c < 6; c++)
      {
        FolHexCorner k = fol_hex_vertex_canonical (cells[i], c);
        g_hash_table_add (seen, g_strdup_printf ("%d,%d,%d", k.cell.q, k.cell.r, k.corner));
      }
  g_assert_cmpuint (g_hash_table_size (seen), ==, 24);
  g_hash_table_destroy (seen);
}

static void
test_rotation (void)
{
  FolHex h = { 2, -1 };
  g_assert_true (fol_hex_equal (fol_hex_rotate (h, 6), h));
  g_assert_true (fol_hex_equal (fol_hex_rotate (h, -1), fol_hex_rotate (h, 5)));
  FolHex e = { 1, 0 };
  for (int k = 0; k < 6; k++)
    {
      /* rotating an edge direction by k steps gives edge k */
      g_assert_true (fol_hex_equal (fol_hex_rotate (e, k), fol_hex_dirs[k]));
      /* rotation keeps distances and the neighbour relation, edges shift by k */
      FolHex r = fol_hex_rotate (h, k);
      FolHex o = { 0, 0 };
      g_assert_cmpint (fol_hex_distance (r, o), ==, fol_hex_distance (h, o));
      for (int d = 0; d < 6; d++)
        g_assert_true (fol_hex_equal (fol_hex_rotate (fol_hex_neighbour (h, d), k),
                                      fol_hex_neighbour (r, fol_hex_rotate_index (d, k))));
    }
  g_assert_cmpint (fol_hex_rotate_index (5, 2), ==, 1);
  g_assert_cmpint (fol_hex_rotate_index (0, -1), ==, 5);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/hexgrid/neighbours", test_neighbours);
  g_test_add_func ("/hexgrid/corners-shared-by-three", test_corners_shared);
  g_test_add_func ("/hexgrid/vertex-count", test_vertex_count);
  g_test_add_func ("/hexgrid/rotation", test_rotation);
  return g_test_run ();
}
