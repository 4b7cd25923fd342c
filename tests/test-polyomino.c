/* test-polyomino.c: orientations, keys and placement tables (src/engine/common/polyomino.c). */
#include <glib.h>
#include "polyomino.h"

static FolPolyomino
shape_from (const char *rows, int hole_x, int hole_y)
{
  FolPolyomino p = { 0 };
  p.hole = -1;
  int x = 0, y = 0;
  for (const char *c = rows; *c; c++)
    {
      if (*c == '/')
        {
          y++;
          x = 0;
          continue;
        }
      if (*c == '#')
        {
          if (x == hole_x && y == hole_y)
            p.hole = (int8_t) p.n_cells;
          p.cells[p.n_cells].x = (int8_t) x;
          p.cells[p.n_cells].y = (int8_t) y;
          p.n_cells++;
        }
      x++;
    }
  return p;
}

static int
n_orientations (const char *rows, int hx, int hy)
{
  FolPolyomino p = shape_from (rows, hx, hy);
  FolOrientationSet set;
  fol_polyomino_orientations (&p, &set);
  return set.n;
}

static void
test_orientation_counts (void)
{
  /* without a Hole: the textbook counts of fixed polyominoes per free one */
  g_assert_cmpint (n_orientations ("###", -1, -1), ==, 2);        /* I3 */
  g_assert_cmpint (n_orientations ("##/#.", -1, -1), ==, 4);      /* L3 */
  g_assert_cmpint (n_orientations ("##/##", -1, -1), ==, 1);      /* O4 */
  g_assert_cmpint (n_orientations ("###/.#.", -1, -1), ==, 4);    /* T4 */
  g_assert_cmpint (n_orientations (".##/##.", -1, -1), ==, 4);    /* S4: S and Z */
  g_assert_cmpint (n_orientations ("###/#..", -1, -1), ==, 8);    /* L4 */
  g_assert_cmpint (n_orientations (".#./###/.#.", -1, -1), ==, 1); /* X5 */
  g_assert_cmpint (n_orientations (".##/##./.#.", -1, -1), ==, 8); /* F5 */
  /* a Hole breaks symmetry: I3 with the Hole at one end has 4 orientations,
   * in the middle 2; O4 with a Hole in a corner has 4 */
  g_assert_cmpint (n_orientations ("###", 0, 0), ==, 4);
  g_assert_cmpint (n_orientations ("###", 1, 0), ==, 2);
  g_assert_cmpint (n_orientations ("##/##", 0, 0), ==, 4);
  g_assert_cmpint (n_orientations (".#./###/.#.", 1, 1), ==, 1);
  g_assert_cmpint (n_orientations (".#./###/.#.", 1, 0), ==, 4);
}

static void
test_transform_quarter_turn (void)
{
  /* "##/#." turned a quarter clockwise is "##/.#" */
  FolPolyomino p = shape_from ("##/#.", 0, 1);
  FolOrientation o;
  fol_polyomino_transform (&p, 1, &o);
  g_assert_cmpint (o.width, ==, 2);
  g_assert_cmpint (o.height, ==, 2);
  g_assert_cmpint (o.n_cells, ==, 3);
  /* cells sorted by (y, x): (0,0) (1,0) (1,1); the Hole (was bottom-left) is now top-left */
  g_assert_cmpint (o.cells[0].x, ==, 0); g_assert_cmpint (o.cells[0].y, ==, 0);
  g_assert_cmpint (o.cells[1].x, ==, 1); g_assert_cmpint (o.cells[1].y, ==, 0);
  g_assert_cmpint (o.cells[2].x, ==, 1); g_assert_cmpint (o.cells[2].y, ==, 1);
  g_assert_cmpint (o.hole, ==, 0);
}

static void
test_free_keys (void)
{
  FolPolyomino l1 = shape_from ("###/#..", -1, -1);
  FolPolyomino l2 = shape_from ("#../###", -1, -1);   /* the mirror image */
  FolPolyomino t = shape_from ("###/.#.", -1, -1);
  g_assert_cmpuint (fol_polyomino_free_key (&l1), ==, fol_polyomino_free_key (&l2));
  g_assert_cmpuint (fol_polyomino_free_key (&l1), !=, fol_polyomino_free_key (&t));
  /* I3 with the Hole at either end is one class; in the middle another */
  FolPolyomino a = shape_from ("###", 0, 0), b = shape_from ("###", 2, 0), c = shape_from ("###", 1, 0);
  g_assert_cmpuint (fol_polyomino_hole_key (&a), ==, fol_polyomino_hole_key (&b));
  g_assert_cmpuint (fol_polyomino_hole_key (&a), !=, fol_polyomino_hole_key (&c));
  g_assert_cmpuint (fol_polyomino_free_key (&a), ==, fol_polyomino_free_key (&c));
}

static void
test_connected (void)
{
  FolPolyomino ok = shape_from ("##/#.", -1, -1);
  FolPolyomino broken = shape_from ("#.#", -1, -1);
  g_assert_true (fol_polyomino_is_connected (&ok));
  g_assert_false (fol_polyomino_is_connected (&broken));
}

static void
test_fits_on_board (void)
{
  FolPolyomino p = shape_from ("#####", -1, -1);
  FolOrientationSet set;
  fol_polyomino_orientations (&p, &set);
  g_assert_cmpint (set.n, ==, 2);
  /* horizontal I5 on an empty 9x8 board: 5 columns x 8 rows = 40 anchors */
  g_assert_cmpint (fol_bb_count (fol_orientation_fits (&set.o[0], fol_bb_all ())), ==, 40);
  /* vertical: 9 columns x 4 rows = 36 */
  g_assert_cmpint (fol_bb_count (fol_orientation_fits (&set.o[1], fol_bb_all ())), ==, 36);
  /* block square e4 (column 4, row 3 = square 31): horizontal placements in row 3 drop
   * from 5 to 0 (every horizontal I5 in a 9-wide row covers column 4); vertical ones
   * in column 4 drop from 4 to 0 */
  FolBits72 free_sq = fol_bb_all () & ~fol_bb_bit (31);
  g_assert_cmpint (fol_bb_count (fol_orientation_fits (&set.o[0], free_sq)), ==, 35);
  g_assert_cmpint (fol_bb_count (fol_orientation_fits (&set.o[1], free_sq)), ==, 32);
  /* the covered squares at anchor 0 are 0..4 */
  g_assert_true (fol_orientation_at (&set.o[0], 0) == (fol_bb_bit (5) - 1));
}

static void
test_flood (void)
{
  /* free squares: column 0 and column 8, nothing else: two regions of 8 */
  FolBits72 free_sq = fol_bb_column (0) | fol_bb_column (8);
  FolBits72 r = fol_bb_flood (fol_bb_bit (0), free_sq);
  g_assert_cmpint (fol_bb_count (r), ==, 8);
  g_assert_true (r == fol_bb_column (0));
  g_assert_cmpint (fol_bb_lowest (fol_bb_column (8)), ==, 8);
  g_assert_cmpint (fol_bb_lowest (fol_bb_bit (70)), ==, 70);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/polyomino/orientation-counts", test_orientation_counts);
  g_test_add_func ("/polyomino/quarter-turn", test_transform_quarter_turn);
  g_test_add_func ("/polyomino/free-keys", test_free_keys);
  g_test_add_func ("/polyomino/connected", test_connected);
  g_test_add_func ("/polyomino/fits-on-board", test_fits_on_board);
  g_test_add_func ("/bitboard/flood", test_flood);
  return g_test_run ();
}
