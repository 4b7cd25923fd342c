/* test-summer-board.c: the Indian Summer board widget (fol-summer-board.c)
 * driven through the code paths that pointer and keys use: pick a tile,
 * rotate, flip, move the cursor, drop -> ::move-chosen with the expected
 * legal move; an illegal spot emits nothing; Squirrels and Animal tiles.
 * Runs under Xvfb (GTK_A11Y=test, GSETTINGS_BACKEND=memory). */
#include "config.h"

#include <adwaita.h>
#include <stdio.h>
#include <string.h>
#include "summer-test-util.h"
#include "fol-summer-board.h"

typedef struct {
  GtkWidget *window;
  FolSummerBoard *board;
  int emitted;
  SummerMove last;
} Fixture;

static void
on_move_chosen (FolSummerBoard *board, gpointer move, Fixture *f)
{
  f->emitted++;
  f->last = *(const SummerMove *) move;
}

static void
fixture_setup (Fixture *f, gconstpointer data)
{
  memset (f, 0, sizeof *f);
  f->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1100, 760);
  f->board = FOL_SUMMER_BOARD (fol_summer_board_new ());
  gtk_window_set_child (GTK_WINDOW (f->window), GTK_WIDGET (f->board));
  g_signal_connect (f->board, "move-chosen", G_CALLBACK (on_move_chosen), f);
  gtk_window_present (GTK_WINDOW (f->window));
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* Lets GTK allocate and draw the board. */
static void
wait_allocated (Fixture *f)
{
  gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  while ((gtk_widget_get_width (GTK_WIDGET (f->board)) <= 0 || !fol_summer_board_get_layout (f->board))
         && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (f->board)), >, 0);
  g_assert_nonnull (fol_summer_board_get_layout (f->board));
}

static gboolean
moves_equal (const SummerMove *a, const SummerMove *b)
{
  return a->kind == b->kind && a->tile == b->tile && a->transform == b->transform && a->square == b->square
         && a->a == b->a && a->b == b->b;
}

/* A legal placement of @tile that is not in its first orientation, if any. */
static SummerMove
choose_target (const SummerState *s, int kind, int tile)
{
  SummerMoveList list;
  summer_legal_moves (s, &list);
  SummerMove best = { 0 };
  gboolean found = FALSE;
  for (int i = 0; i < list.n; i++)
    {
      const SummerMove *m = &list.moves[i];
      if (m->kind != kind || m->tile != tile)
        continue;
      if (!found || (best.transform == 0 && m->transform != 0) || (m->transform >= 4 && best.transform < 4))
        best = *m;
      found = TRUE;
    }
  summer_move_list_clear (&list);
  g_assert_true (found);
  return best;
}

/* Turns the held piece with R and F until it has @transform's picture. */
static void
turn_to (Fixture *f, int transform)
{
  for (int i = 0; i < 10; i++)
    {
      SummerMove m;
      g_assert_true (fol_summer_board_get_held (f->board, &m, NULL));
      if (m.transform == transform)
        return;
      if (i == 4)
        g_assert_true (fol_summer_board_key (f->board, GDK_KEY_f, 0));
      else
        g_assert_true (fol_summer_board_key (f->board, GDK_KEY_r, 0));
    }
  g_assert_not_reached ();
}

/* The cursor square that puts the box of @o's orientation at @anchor. */
static int
cursor_for (const FolOrientationSet *set, int transform, int anchor)
{
  const FolOrientation *o = &set->o[set->of_transform[transform]];
  return anchor + (o->height - 1) / 2 * SUMMER_COLS + (o->width - 1) / 2;
}

/* Moves the cursor to @target with the arrow keys. */
static void
arrows_to (Fixture *f, int target)
{
  int c = fol_summer_board_get_cursor (f->board);
  g_assert_cmpint (c, >=, 0);
  int dx = target % SUMMER_COLS - c % SUMMER_COLS, dy = target / SUMMER_COLS - c / SUMMER_COLS;
  for (; dx > 0; dx--) g_assert_true (fol_summer_board_key (f->board, GDK_KEY_Right, 0));
  for (; dx < 0; dx++) g_assert_true (fol_summer_board_key (f->board, GDK_KEY_Left, 0));
  for (; dy > 0; dy--) g_assert_true (fol_summer_board_key (f->board, GDK_KEY_Down, 0));
  for (; dy < 0; dy++) g_assert_true (fol_summer_board_key (f->board, GDK_KEY_Up, 0));
  g_assert_cmpint (fol_summer_board_get_cursor (f->board), ==, target);
}

static void
test_keys_place_tile (Fixture *f, gconstpointer data)
{
  SummerState s;
  new_game (&s, 3, 7);
  fol_summer_board_set_state (f->board, &s, 0);
  wait_allocated (f);
  /* 1 takes the first tile of the Player Path */
  int tile = s.seat[0].path[0];
  g_assert_true (fol_summer_board_key (f->board, GDK_KEY_1, 0));
  SummerMove held;
  g_assert_true (fol_summer_board_get_held (f->board, &held, NULL));
  g_assert_cmpint (held.kind, ==, SUMMER_MOVE_LEAF);
  g_assert_cmpint (held.tile, ==, tile);

  SummerMove want = choose_target (&s, SUMMER_MOVE_LEAF, tile);
  turn_to (f, want.transform);
  arrows_to (f, cursor_for (&summer_components ()->leaf[tile].orientations, want.transform, want.square));
  gboolean legal = FALSE;
  g_assert_true (fol_summer_board_get_held (f->board, &held, &legal));
  g_assert_true (legal);
  g_assert_true (moves_equal (&held, &want));
  /* Enter drops it */
  g_assert_true (fol_summer_board_key (f->board, GDK_KEY_Return, 0));
  g_assert_cmpint (f->emitted, ==, 1);
  g_assert_true (moves_equal (&f->last, &want));
  g_assert_true (summer_check_move (&s, &f->last, NULL));
  g_assert_false (fol_summer_board_get_held (f->board, NULL, NULL));

  /* the view plays it and hands back the new state; an illegal spot does nothing */
  SummerMoveInfo info;
  g_assert_true (summer_apply_move (&s, &f->last, &info, NULL));
  fol_summer_board_set_state (f->board, &s, 0);
  fol_summer_board_set_last_move (f->board, 0, &f->last);
  s.main_done = FALSE;  /* a second tile as if by a Feather, to test overlap */
  fol_summer_board_set_state (f->board, &s, 0);
  int other = s.seat[0].path[0];
  g_assert_true (fol_summer_board_pick_tile (f->board, other));
  /* over the tile just placed (some square of it puts the new one on top) */
  legal = TRUE;
  for (int q = 0; q < SUMMER_SQUARES && legal; q++)
    if (fol_bb_test (s.seat[0].covered, q))
      {
        fol_summer_board_set_cursor (f->board, q);
        g_assert_true (fol_summer_board_get_held (f->board, &held, &legal));
      }
  g_assert_false (legal);
  g_assert_false (fol_summer_board_drop (f->board));
  g_assert_cmpint (f->emitted, ==, 1);
  /* Escape lets go */
  g_assert_true (fol_summer_board_key (f->board, GDK_KEY_Escape, 0));
  g_assert_false (fol_summer_board_get_held (f->board, NULL, NULL));
  g_assert_false (fol_summer_board_key (f->board, GDK_KEY_Return, 0));
  g_assert_cmpint (f->emitted, ==, 1);
}

static void
test_rotate_flip_cycle (Fixture *f, gconstpointer data)
{
  SummerState s;
  new_game (&s, 2, 3);
  fol_summer_board_set_state (f->board, &s, 0);
  wait_allocated (f);
  /* a red tile: pentominoes mostly have 8 orientations */
  int tile = s.seat[0].path[4];
  g_assert_true (fol_summer_board_pick_tile (f->board, tile));
  const FolOrientationSet *set = &summer_components ()->leaf[tile].orientations;
  gboolean seen[8] = { FALSE };
  SummerMove m;
  for (int flip = 0; flip < 2; flip++)
    {
      for (int r = 0; r < 4; r++)
        {
          g_assert_true (fol_summer_board_get_held (f->board, &m, NULL));
          seen[set->of_transform[m.transform]] = TRUE;
          fol_summer_board_rotate (f->board);
        }
      fol_summer_board_flip (f->board);
    }
  for (int k = 0; k < set->n; k++)
    g_assert_true (seen[k]);
  /* four quarter turns and two flips come back to the start */
  g_assert_true (fol_summer_board_get_held (f->board, &m, NULL));
  g_assert_cmpint (m.transform, ==, set->o[0].transform);
  fol_summer_board_cancel (f->board);
  g_assert_false (fol_summer_board_get_held (f->board, NULL, NULL));
}

static void
test_pointer_place_tile (Fixture *f, gconstpointer data)
{
  SummerState s;
  new_game (&s, 4, 9);
  fol_summer_board_set_state (f->board, &s, 0);
  wait_allocated (f);
  const FolSummerLayout *l = fol_summer_board_get_layout (f->board);
  /* press on the second tile of the Player Path */
  int tile = s.seat[0].path[1];
  const FolRect *slot = &l->seat[0].path_slot[1];
  fol_summer_board_pointer_press (f->board, slot->x + slot->width / 2, slot->y + slot->height / 2);
  SummerMove held;
  g_assert_true (fol_summer_board_get_held (f->board, &held, NULL));
  g_assert_cmpint (held.tile, ==, tile);
  /* a click (no drag) on the Path keeps holding it */
  g_assert_false (fol_summer_board_pointer_release (f->board, slot->x + slot->width / 2, slot->y + slot->height / 2));
  g_assert_true (fol_summer_board_get_held (f->board, NULL, NULL));
  /* the wheel path: rotate to the wanted orientation */
  SummerMove want = choose_target (&s, SUMMER_MOVE_LEAF, tile);
  turn_to (f, want.transform);
  /* move over the floor and click there */
  double x, y;
  int target = cursor_for (&summer_components ()->leaf[tile].orientations, want.transform, want.square);
  g_assert_true (fol_summer_layout_square_center (l, 0, target, &x, &y));
  fol_summer_board_pointer_motion (f->board, x, y);
  g_assert_cmpint (fol_summer_board_get_cursor (f->board), ==, target);
  fol_summer_board_pointer_press (f->board, x, y);
  g_assert_true (fol_summer_board_pointer_release (f->board, x, y));
  g_assert_cmpint (f->emitted, ==, 1);
  g_assert_true (moves_equal (&f->last, &want));

  /* dragging a tile from the Path onto the floor places it on release */
  fol_summer_board_set_state (f->board, &s, 0);
  tile = s.seat[0].path[0];
  slot = &l->seat[0].path_slot[0];
  fol_summer_board_pointer_press (f->board, slot->x + slot->width / 2, slot->y + slot->height / 2);
  SummerMove first;
  g_assert_true (fol_summer_board_get_held (f->board, &first, NULL));
  g_assert_cmpint (first.tile, ==, tile);
  want = choose_target (&s, SUMMER_MOVE_LEAF, tile);
  if (want.transform != first.transform)
    {
      /* pick a legal anchor in the orientation held */
      SummerMoveList list;
      summer_legal_moves (&s, &list);
      for (int i = 0; i < list.n; i++)
        if (list.moves[i].kind == SUMMER_MOVE_LEAF && list.moves[i].tile == tile
            && list.moves[i].transform == first.transform)
          want = list.moves[i];
      summer_move_list_clear (&list);
    }
  target = cursor_for (&summer_components ()->leaf[tile].orientations, want.transform, want.square);
  g_assert_true (fol_summer_layout_square_center (l, 0, target, &x, &y));
  fol_summer_board_pointer_motion (f->board, x, y);
  g_assert_true (fol_summer_board_pointer_release (f->board, x, y));
  g_assert_cmpint (f->emitted, ==, 2);
  g_assert_true (moves_equal (&f->last, &want));

  /* nobody acts on a computer's turn: nothing is taken */
  fol_summer_board_set_state (f->board, &s, -1);
  g_assert_false (fol_summer_board_pick_tile (f->board, s.seat[0].path[0]));
  fol_summer_board_pointer_press (f->board, slot->x + slot->width / 2, slot->y + slot->height / 2);
  g_assert_false (fol_summer_board_get_held (f->board, NULL, NULL));
  /* nor another seat's tile */
  fol_summer_board_set_state (f->board, &s, 0);
  g_assert_false (fol_summer_board_pick_tile (f->board, s.seat[1].path[0]));
}

static void
test_squirrel_and_nut (Fixture *f, gconstpointer data)
{
  SummerState s;
  new_game (&s, 2, 5);
  fol_summer_board_set_state (f->board, &s, 0);
  wait_allocated (f);
  fol_summer_board_arm_squirrel (f->board, SUMMER_MOVE_NUT);
  fol_summer_board_set_cursor (f->board, sq ("b2"));
  SummerMove held;
  gboolean legal;
  g_assert_true (fol_summer_board_get_held (f->board, &held, &legal));
  g_assert_true (legal);
  g_assert_true (fol_summer_board_drop (f->board));
  g_assert_cmpint (f->emitted, ==, 1);
  SummerMove want = { SUMMER_MOVE_NUT, SUMMER_NONE, 0, (uint8_t) sq ("b2"), 0, 0 };
  g_assert_true (moves_equal (&f->last, &want));
  g_assert_true (summer_apply_move (&s, &f->last, NULL, NULL));
  fol_summer_board_set_state (f->board, &s, 0);

  /* the Main Action Squirrel: not on the Nut's Squirrel, yes next to it */
  fol_summer_board_arm_squirrel (f->board, SUMMER_MOVE_SQUIRREL);
  fol_summer_board_set_cursor (f->board, sq ("b2"));
  g_assert_true (fol_summer_board_get_held (f->board, &held, &legal));
  g_assert_false (legal);
  g_assert_true (fol_summer_board_key (f->board, GDK_KEY_space, 0));  /* used, but nothing placed */
  g_assert_cmpint (f->emitted, ==, 1);
  g_assert_true (fol_summer_board_get_held (f->board, NULL, NULL));
  fol_summer_board_move_cursor (f->board, 1, 0);
  g_assert_true (fol_summer_board_key (f->board, GDK_KEY_space, 0));
  g_assert_cmpint (f->emitted, ==, 2);
  SummerMove want2 = { SUMMER_MOVE_SQUIRREL, SUMMER_NONE, 0, (uint8_t) sq ("c2"), 0, 0 };
  g_assert_true (moves_equal (&f->last, &want2));
  g_assert_true (summer_check_move (&s, &f->last, NULL));
}

static void
test_animal (Fixture *f, gconstpointer data)
{
  SummerState s;
  new_game (&s, 2, 5);
  /* two free Holes side by side, then a Mouse fits them */
  put_hole (&s, 0, "d5", false);
  put_hole (&s, 0, "e5", false);
  fol_summer_board_set_state (f->board, &s, 0);
  wait_allocated (f);
  fol_summer_board_arm_animal (f->board, SUMMER_MOUSE);
  SummerMove want = choose_target (&s, SUMMER_MOVE_ANIMAL, SUMMER_MOUSE);
  g_assert_cmpint (want.square, ==, sq ("d5"));
  turn_to (f, want.transform);
  fol_summer_board_set_cursor (f->board, cursor_for (&summer_components ()->animal[SUMMER_MOUSE].orientations,
                                                      want.transform, want.square));
  /* standing up it does not fit */
  fol_summer_board_rotate (f->board);
  SummerMove held;
  gboolean legal;
  g_assert_true (fol_summer_board_get_held (f->board, &held, &legal));
  g_assert_false (legal);
  g_assert_false (fol_summer_board_drop (f->board));
  fol_summer_board_rotate (f->board);
  g_assert_true (fol_summer_board_drop (f->board));
  g_assert_cmpint (f->emitted, ==, 1);
  g_assert_cmpint (f->last.kind, ==, SUMMER_MOVE_ANIMAL);
  g_assert_cmpint (f->last.tile, ==, SUMMER_MOUSE);
  g_assert_cmpint (f->last.square, ==, sq ("d5"));
  g_assert_true (summer_check_move (&s, &f->last, NULL));

  /* the pointer arms an Animal tile from its slot too */
  const FolSummerLayout *l = fol_summer_board_get_layout (f->board);
  const FolRect *r = &l->animal_slot[SUMMER_HARE];
  fol_summer_board_pointer_press (f->board, r->x + r->width / 2, r->y + r->height / 2);
  g_assert_true (fol_summer_board_get_held (f->board, &held, NULL));
  g_assert_cmpint (held.kind, ==, SUMMER_MOVE_ANIMAL);
  g_assert_cmpint (held.tile, ==, SUMMER_HARE);
}

static void
test_mushroom_claims (Fixture *f, gconstpointer data)
{
  SummerState s;
  new_game (&s, 3, 8);
  play (&s, "M 2,3");
  g_assert_cmpint (s.pending, ==, SUMMER_PENDING_MUSHROOM);
  fol_summer_board_set_state (f->board, &s, 0);
  wait_allocated (f);
  /* own Path tiles cannot be taken now; the claimed ones can, by key 1 and 2 */
  g_assert_false (fol_summer_board_pick_tile (f->board, s.seat[0].path[0]));
  g_assert_true (fol_summer_board_key (f->board, GDK_KEY_2, 0));
  SummerMove held;
  g_assert_true (fol_summer_board_get_held (f->board, &held, NULL));
  g_assert_cmpint (held.tile, ==, s.claim_tile[1]);
  /* and by a click on the opponent's first Path tile */
  fol_summer_board_cancel (f->board);
  const FolSummerLayout *l = fol_summer_board_get_layout (f->board);
  const FolRect *slot = &l->seat[1].path_slot[0];
  fol_summer_board_pointer_press (f->board, slot->x + slot->width / 2, slot->y + slot->height / 2);
  g_assert_true (fol_summer_board_get_held (f->board, &held, NULL));
  g_assert_cmpint (held.tile, ==, s.seat[1].path[0]);
  /* the board draws without trouble while holding it */
  gtk_widget_queue_draw (GTK_WIDGET (f->board));
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

int
main (int argc, char *argv[])
{
  if (!g_getenv ("DISPLAY") && !g_getenv ("WAYLAND_DISPLAY"))
    {
      /* UI tests need a display: ./build-aux/test runs them under xvfb-run */
      printf ("1..0 # SKIP no display (run under xvfb-run)\n");
      return 0;
    }
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  load_components_or_die ();
#define ADD(path, fn) g_test_add ("/ui/summer-board/" path, Fixture, NULL, fixture_setup, fn, fixture_teardown)
  ADD ("keys-place-tile", test_keys_place_tile);
  ADD ("rotate-flip-cycle", test_rotate_flip_cycle);
  ADD ("pointer-place-tile", test_pointer_place_tile);
  ADD ("squirrel-and-nut", test_squirrel_and_nut);
  ADD ("animal", test_animal);
  ADD ("mushroom-claims", test_mushroom_claims);
  return g_test_run ();
}
