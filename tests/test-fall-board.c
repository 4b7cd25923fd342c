/* test-fall-board.c: the Fall board widget (src/ui/fall/fol-fall-board.c)
 * under Xvfb (GTK_A11Y=test, GSETTINGS_BACKEND=memory), issue 11:
 * - motion: with GtkSettings:gtk-enable-animations off a new tile is drawn
 *   in place at once; with it on the tile comes into place over frames and
 *   the last picture is the one drawn without motion; the motion changes
 *   nothing the board reports (cursor, ghost, legality, description);
 * - the view re-fits only when the ecosystem no longer fits inside it (a
 *   tile placed inside it leaves it alone), never once the person pans or
 *   zooms; 0 and Home fit again;
 * - the accessible name and the description, which follows the cursor and
 *   the moves (whose turn, the tile in hand, where, why it does not fit,
 *   the last move);
 * - the arrow keys never leave the cursor outside the view, before and
 *   after rotations, at the smallest window and zoomed in. */
#include "config.h"

#include <adwaita.h>
#include <stdio.h>
#include <string.h>

#include "fall-test-util.h"
#include "fall-ui-test-util.h"
#include "key-test-util.h"
#include "fol-fall-board.h"
#include "fol-fall-words.h"

typedef struct {
  GtkWidget *window;
  FolFallBoard *board;
  int emitted;
  FallMove last;
} Fixture;

static void
on_move_chosen (FolFallBoard *board, gpointer move, Fixture *f)
{
  f->emitted++;
  f->last = *(const FallMove *) move;
}

static void
set_animations (gboolean on)
{
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", on, NULL);
}

static void
fixture_setup_size (Fixture *f, int width, int height)
{
  memset (f, 0, sizeof *f);
  set_animations (FALSE);
  f->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f->window), width, height);
  f->board = FOL_FALL_BOARD (fol_fall_board_new ());
  gtk_window_set_child (GTK_WINDOW (f->window), GTK_WIDGET (f->board));
  g_signal_connect (f->board, "move-chosen", G_CALLBACK (on_move_chosen), f);
  fol_fall_board_set_names (f->board, "Norma", "Amedeo");
  gtk_window_present (GTK_WINDOW (f->window));
}

static void
fixture_setup (Fixture *f, gconstpointer data)
{
  fixture_setup_size (f, 1100, 760);
}

/* The smallest window. */
static void
fixture_setup_small (Fixture *f, gconstpointer data)
{
  fixture_setup_size (f, 939, 494);
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  while (g_main_context_iteration (NULL, FALSE))
    ;
  set_animations (FALSE);
}

/* Lets GTK map and allocate the board. */
static void
wait_allocated (Fixture *f)
{
  gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  while ((!gtk_widget_get_mapped (GTK_WIDGET (f->board)) || gtk_widget_get_width (GTK_WIDGET (f->board)) <= 0
          || fol_fall_board_get_layout (f->board)->width != gtk_widget_get_width (GTK_WIDGET (f->board)))
         && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (f->board)));
  g_assert_cmpint (fol_fall_board_get_layout (f->board)->width, ==, gtk_widget_get_width (GTK_WIDGET (f->board)));
}

/* Runs frames until nothing moves; checks that the motion only goes
 * forward.  Returns how many distinct progress values were seen. */
static int
wait_motion_done (Fixture *f)
{
  double last = fol_fall_board_get_motion (f->board);
  int steps = 0;
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (fol_fall_board_get_motion (f->board) < 1 && g_get_monotonic_time () < end)
    {
      g_main_context_iteration (NULL, TRUE);
      double p = fol_fall_board_get_motion (f->board);
      g_assert_cmpfloat (p, >=, last);
      steps += p > last;
      last = p;
    }
  g_assert_cmpfloat (fol_fall_board_get_motion (f->board), ==, 1.0);
  return steps;
}

/* The board's picture now, drawn by its snapshot function. */
static cairo_surface_t *
render (Fixture *f)
{
  return fall_ui_test_render (GTK_WIDGET (f->board));
}

/* How many pixels of @a and @b differ inside the hexagon's box around @cell. */
static int
pixels_differ_at (Fixture *f, cairo_surface_t *a, cairo_surface_t *b, FolHex cell)
{
  const FolFallTransform *t = fol_fall_board_get_transform (f->board);
  double cx, cy;
  fol_fall_transform_cell_center (t, cell, &cx, &cy);
  int w = cairo_image_surface_get_width (a), h = cairo_image_surface_get_height (a);
  int stride = cairo_image_surface_get_stride (a);
  const guint8 *da = cairo_image_surface_get_data (a), *db = cairo_image_surface_get_data (b);
  int n = 0, r = (int) (t->size * 0.7);
  for (int y = MAX (0, (int) cy - r); y < MIN (h, (int) cy + r); y++)
    for (int x = MAX (0, (int) cx - r); x < MIN (w, (int) cx + r); x++)
      n += memcmp (da + y * stride + 4 * x, db + y * stride + 4 * x, 4) != 0;
  return n;
}

static gboolean
same_picture (cairo_surface_t *a, cairo_surface_t *b)
{
  int h = cairo_image_surface_get_height (a), stride = cairo_image_surface_get_stride (a);
  return cairo_image_surface_get_width (a) == cairo_image_surface_get_width (b) && h == cairo_image_surface_get_height (b)
         && memcmp (cairo_image_surface_get_data (a), cairo_image_surface_get_data (b), (size_t) h * stride) == 0;
}

static gboolean
same_transform (const FolFallTransform *a, const FolFallTransform *b)
{
  return fabs (a->ox - b->ox) < 1e-6 && fabs (a->oy - b->oy) < 1e-6 && fabs (a->size - b->size) < 1e-6;
}

/* A game after its first TAKE: seat to move holds a tile to place. */
static void
game_after_take (FallState *s, guint64 seed)
{
  fall_test_init ();
  fall_state_init (s, C, seed, NULL);
  FallMove take = { .kind = FALL_MOVE_TAKE, .arg = 0 };
  g_assert_true (fall_apply (s, &take, NULL));
  g_assert_cmpint (s->phase, ==, FALL_PHASE_ACT);
  g_assert_cmpint (s->n_hand_tiles, >=, 1);
}

/* The view of the seat to move of @s, shown with that seat acting. */
static void
show_acting (Fixture *f, const FallState *s)
{
  FallState *view = g_new0 (FallState, 1);
  int seat = fall_state_current_seat (s);
  fall_state_view (s, seat, view);
  fol_fall_board_set_state (f->board, view, seat, seat);
  g_free (view);
}

/* Plays @n random legal moves (a seeded choice among all of them). */
static void
play_random (FallState *s, int n, guint32 seed)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  FallMoveList *list = g_new (FallMoveList, 1);
  for (int i = 0; i < n && !fall_state_is_over (s); i++)
    {
      int k = fall_legal_moves (s, list);
      g_assert_cmpint (k, >, 0);
      g_assert_true (fall_apply (s, &list->m[g_rand_int_range (rand, 0, k)], NULL));
    }
  g_free (list);
}

/* A first legal placement of the first tile in hand. */
static FallMove
first_placement (const FallState *s)
{
  FallMove *list = g_new (FallMove, FALL_MAX_MOVES);
  int n = fall_legal_placements (s, s->hand_tile[0], list);
  g_assert_cmpint (n, >, 0);
  FallMove m = list[n / 2];
  g_free (list);
  return m;
}

/* ---- motion ---- */

typedef struct {
  gboolean has_cursor, has_ghost, legal;
  FolHex cursor;
  FallMove ghost;
  int rule, discards, held;
  char *description;
} Reported;

static void
reported_get (Fixture *f, Reported *r)
{
  memset (r, 0, sizeof *r);
  r->has_cursor = fol_fall_board_get_cursor (f->board, &r->cursor);
  r->has_ghost = fol_fall_board_get_ghost (f->board, &r->ghost, &r->legal, &r->rule, &r->discards);
  r->held = fol_fall_board_get_held_tile (f->board);
  r->description = g_strdup (fol_fall_board_get_description (f->board));
}

static void
reported_assert_equal (const Reported *a, const Reported *b)
{
  g_assert_cmpint (a->has_cursor, ==, b->has_cursor);
  g_assert_cmpint (a->cursor.q, ==, b->cursor.q);
  g_assert_cmpint (a->cursor.r, ==, b->cursor.r);
  g_assert_cmpint (a->has_ghost, ==, b->has_ghost);
  g_assert_true (!a->has_ghost || fall_move_equal (&a->ghost, &b->ghost));
  g_assert_cmpint (a->legal, ==, b->legal);
  g_assert_cmpint (a->rule, ==, b->rule);
  g_assert_cmpint (a->discards, ==, b->discards);
  g_assert_cmpint (a->held, ==, b->held);
  g_assert_cmpstr (a->description, ==, b->description);
}

/* With the animations off a placed tile is drawn at once; with them on it
 * comes into place over several frames and ends on the very same picture;
 * meanwhile the board reports what it reports without motion. */
static void
test_motion (Fixture *f, gconstpointer data)
{
  FallState s0, s1;
  game_after_take (&s0, 11);
  /* seat 0's first tile (its own move) and then, on to the other seat's
   * turn, a tile of the other seat placed while seat 0 looks on */
  FallMove m = first_placement (&s0);
  s1 = s0;
  g_assert_true (fall_apply (&s1, &m, NULL));
  FolHex cell = { m.q, m.r };

  show_acting (f, &s0);
  wait_allocated (f);
  fol_fall_board_fit (f->board);
  Reported before_off;
  reported_get (f, &before_off);

  /* off: at once */
  show_acting (f, &s1);
  g_assert_cmpfloat (fol_fall_board_get_motion (f->board), ==, 1.0);
  Reported after_off;
  reported_get (f, &after_off);
  FolFallTransform t_off = *fol_fall_board_get_transform (f->board);
  cairo_surface_t *final_off = render (f);

  /* back (an undo: nothing moves), then the same move with the animations on */
  show_acting (f, &s0);
  g_assert_cmpfloat (fol_fall_board_get_motion (f->board), ==, 1.0);
  Reported before_on;
  reported_get (f, &before_on);
  reported_assert_equal (&before_off, &before_on);
  cairo_surface_t *undone = render (f);
  set_animations (TRUE);
  show_acting (f, &s1);
  g_assert_cmpfloat (fol_fall_board_get_motion (f->board), <, 1.0);
  Reported after_on;
  reported_get (f, &after_on);
  reported_assert_equal (&after_off, &after_on);
  /* the tile is not in place yet: the cell still looks as it did */
  cairo_surface_t *start = render (f);
  g_assert_cmpint (pixels_differ_at (f, start, final_off, cell), >, 100);
  g_assert_cmpint (pixels_differ_at (f, start, undone, cell), <, pixels_differ_at (f, start, final_off, cell));
  /* frames go by: it moves, and stops on the final picture */
  /* at least one frame on the way (one frame may take the whole 200 ms on
   * a loaded machine or under the sanitizers: more is not promised) */
  g_assert_cmpint (wait_motion_done (f), >=, 1);
  Reported done_on;
  reported_get (f, &done_on);
  reported_assert_equal (&after_off, &done_on);
  g_assert_true (same_transform (&t_off, fol_fall_board_get_transform (f->board)));
  cairo_surface_t *final_on = render (f);
  g_assert_true (same_picture (final_on, final_off));

  /* a token (and a Mushroom's marker) comes into place too: play on until
   * a token is placed, showing each state */
  FallState s = s1;
  g_autoptr (GRand) rand = g_rand_new_with_seed (5);
  FallMoveList *list = g_new (FallMoveList, 1);
  gboolean token_seen = FALSE;
  for (int i = 0; i < 400 && !token_seen && !fall_state_is_over (&s); i++)
    {
      int k = fall_legal_moves (&s, list);
      FallMove next = list->m[g_rand_int_range (rand, 0, k)];
      for (int j = 0; j < k; j++)
        if (list->m[j].kind == FALL_MOVE_TOKEN)
          next = list->m[j];
      g_assert_true (fall_apply (&s, &next, NULL));
      fol_fall_board_set_state (f->board, &s, -1, -1);
      if (next.kind == FALL_MOVE_TOKEN)
        {
          token_seen = TRUE;
          g_assert_cmpfloat (fol_fall_board_get_motion (f->board), <, 1.0);
        }
      wait_motion_done (f);
    }
  g_free (list);
  g_assert_true (token_seen);

  /* the animations turned off mid-motion: everything is in place at the next frame */
  FallState t = s;
  play_random (&t, 1, 3);
  while (t.n_placed == s.n_placed && !fall_state_is_over (&t))
    play_random (&t, 1, 4);
  fol_fall_board_set_state (f->board, &t, -1, -1);
  g_assert_cmpfloat (fol_fall_board_get_motion (f->board), <, 1.0);
  set_animations (FALSE);
  wait_motion_done (f);

  cairo_surface_destroy (final_on);
  cairo_surface_destroy (start);
  cairo_surface_destroy (undone);
  cairo_surface_destroy (final_off);
  Reported *all[] = { &before_off, &after_off, &before_on, &after_on, &done_on };
  for (guint i = 0; i < G_N_ELEMENTS (all); i++)
    g_free (all[i]->description);
}

/* ---- the view follows the ecosystem ---- */

/* Whether every cell of the ecosystem (the tiles and the cells next to them) is inside the view. */
static gboolean
all_in_view (Fixture *f)
{
  const FallState *s = fol_fall_board_get_state (f->board);
  const FolFallTransform *t = fol_fall_board_get_transform (f->board);
  const FolFallRect *b = &fol_fall_board_get_layout (f->board)->board;
  for (int i = 0; i < s->n_cells; i++)
    {
      double x, y;
      fol_fall_transform_cell_center (t, (FolHex) { s->cell[i].q, s->cell[i].r }, &x, &y);
      if (x < b->x || x > b->x + b->width || y < b->y || y > b->y + b->height)
        return FALSE;
    }
  return TRUE;
}

static FolFallTransform
fit_of (Fixture *f, const FallState *s)
{
  FolFallTransform t;
  fol_fall_transform_fit (&t, s, &fol_fall_board_get_layout (f->board)->board);
  return t;
}

/* Whether every cell of @s (its tiles and the ring of cells next to them)
 * lies inside the ecosystem's area seen through @t, @margin pixels in. */
static gboolean
fits_view (Fixture *f, const FallState *s, const FolFallTransform *t, double margin)
{
  const FolFallRect *b = &fol_fall_board_get_layout (f->board)->board;
  double hw = t->size * 0.866, hh = t->size;
  for (int i = 0; i < s->n_cells; i++)
    {
      double x, y;
      fol_fall_transform_cell_center (t, (FolHex) { s->cell[i].q, s->cell[i].r }, &x, &y);
      if (x - hw < b->x + margin || x + hw > b->x + b->width - margin || y - hh < b->y + margin
          || y + hh > b->y + b->height - margin)
        return FALSE;
    }
  return TRUE;
}

/* The view re-fits only when the ecosystem (and the cells next to it) no
 * longer fits inside it: tiles placed inside the view leave the view as it
 * is, a tile beyond it re-fits it (with room to grow); never once the
 * person has panned or zoomed; 0 and Home fit and re-fit again. */
static void
test_refit (Fixture *f, gconstpointer data)
{
  fall_test_init ();
  FallState *small = g_new0 (FallState, 1), *big = g_new0 (FallState, 1), *s = g_new0 (FallState, 1);
  fall_state_init (small, C, 21, NULL);
  *big = *small;
  play_random (big, 160, 21);
  g_assert_cmpint (big->n_placed, >=, 16);

  fol_fall_board_set_state (f->board, small, -1, -1);
  wait_allocated (f);
  FolFallTransform fit_small = fit_of (f, small), fit_big = fit_of (f, big), room_big;
  fol_fall_transform_fit_room (&room_big, big, &fol_fall_board_get_layout (f->board)->board, 1);
  g_assert_true (same_transform (fol_fall_board_get_transform (f->board), &fit_small));
  g_assert_true (fol_fall_board_get_auto_fit (f->board));

  /* growing move by move: a move that stays inside the view (by more than
   * the board's margin) leaves the view alone; one that does not re-fits
   * it, and then everything is in view */
  *s = *small;
  int kept = 0, refits = 0;
  while (s->n_moves < big->n_moves && !fall_state_is_over (s))
    {
      int placed_before = s->n_placed;
      play_random (s, 1, 1000 + s->n_moves);
      FolFallTransform before = *fol_fall_board_get_transform (f->board);
      fol_fall_board_set_state (f->board, s, -1, -1);
      const FolFallTransform *after = fol_fall_board_get_transform (f->board);
      if (fits_view (f, s, &before, 4))
        {
          g_assert_true (same_transform (&before, after));
          kept += s->n_placed > placed_before;
        }
      else if (!fits_view (f, s, &before, 0))
        {
          g_assert_false (same_transform (&before, after));
          g_assert_true (fits_view (f, s, after, 4));
          refits++;
        }
      g_assert_true (all_in_view (f));
    }
  g_test_message ("%d tiles placed in the view kept it, %d re-fits, %d tiles", kept, refits, big->n_placed);
  /* tiles were placed inside the view without a jump, and the view followed the growth */
  g_assert_cmpint (kept, >=, 5);
  g_assert_cmpint (refits, >=, 1);
  g_assert_cmpint (refits * 3, <, big->n_placed);
  g_assert_cmpfloat (fol_fall_board_get_transform (f->board)->size, <, fit_small.size);

  /* the small ecosystem again (a move taken back): it still fits, the view stays */
  FolFallTransform grown = *fol_fall_board_get_transform (f->board);
  fol_fall_board_set_state (f->board, small, -1, -1);
  g_assert_true (same_transform (fol_fall_board_get_transform (f->board), &grown));
  /* 0 fits the small one; the big one beyond the view re-fits, with room to grow */
  g_assert_true (send_key_to_window (f->window, GDK_KEY_0));
  g_assert_true (same_transform (fol_fall_board_get_transform (f->board), &fit_small));
  fol_fall_board_set_state (f->board, big, -1, -1);
  g_assert_true (same_transform (fol_fall_board_get_transform (f->board), &room_big));
  g_assert_cmpfloat (room_big.size, <, fit_big.size);

  /* panned by the person: the view stays as they left it */
  g_assert_true (send_key_to_window (f->window, GDK_KEY_0));
  fol_fall_board_set_state (f->board, small, -1, -1);
  fol_fall_board_fit (f->board);
  fol_fall_board_pan (f->board, 25, -10);
  g_assert_false (fol_fall_board_get_auto_fit (f->board));
  FolFallTransform panned = *fol_fall_board_get_transform (f->board);
  fol_fall_board_set_state (f->board, big, -1, -1);
  g_assert_true (same_transform (fol_fall_board_get_transform (f->board), &panned));
  g_assert_false (all_in_view (f));
  /* Home fits, and the board re-fits again */
  gtk_widget_grab_focus (GTK_WIDGET (f->board));
  g_assert_true (send_key_to_window (f->window, GDK_KEY_Home));
  g_assert_true (fol_fall_board_get_auto_fit (f->board));
  g_assert_true (same_transform (fol_fall_board_get_transform (f->board), &fit_big));

  /* zoomed by the person (+): the same; 0 fits */
  fol_fall_board_set_state (f->board, small, -1, -1);
  g_assert_true (send_key_to_window (f->window, GDK_KEY_0));
  g_assert_true (send_key_to_window (f->window, GDK_KEY_plus));
  g_assert_false (fol_fall_board_get_auto_fit (f->board));
  FolFallTransform zoomed = *fol_fall_board_get_transform (f->board);
  fol_fall_board_set_state (f->board, big, -1, -1);
  g_assert_true (same_transform (fol_fall_board_get_transform (f->board), &zoomed));
  g_assert_true (send_key_to_window (f->window, GDK_KEY_0));
  g_assert_true (fol_fall_board_get_auto_fit (f->board));
  g_assert_true (same_transform (fol_fall_board_get_transform (f->board), &fit_big));

  /* with the animations on the re-fit glides there */
  fol_fall_board_set_state (f->board, small, -1, -1);
  g_assert_true (send_key_to_window (f->window, GDK_KEY_0));
  set_animations (TRUE);
  fol_fall_board_set_state (f->board, big, -1, -1);
  g_assert_cmpfloat (fol_fall_board_get_motion (f->board), <, 1.0);
  g_assert_false (same_transform (fol_fall_board_get_transform (f->board), &room_big));
  /* at least one frame on the way (one frame may take the whole 200 ms on
   * a loaded machine or under the sanitizers: more is not promised) */
  g_assert_cmpint (wait_motion_done (f), >=, 1);
  g_assert_true (same_transform (fol_fall_board_get_transform (f->board), &room_big));
  /* a pan during the glide stops it there, and the person's view stays */
  fol_fall_board_set_state (f->board, small, -1, -1);
  fol_fall_board_fit (f->board);
  fol_fall_board_set_state (f->board, big, -1, -1);
  g_assert_cmpfloat (fol_fall_board_get_motion (f->board), <, 1.0);
  fol_fall_board_pan (f->board, 5, 5);
  FolFallTransform mid = *fol_fall_board_get_transform (f->board);
  wait_motion_done (f);
  g_assert_true (same_transform (fol_fall_board_get_transform (f->board), &mid));
  g_free (small);
  g_free (big);
  g_free (s);
}

/* ---- screen readers ---- */

static void
assert_description (Fixture *f)
{
  const char *desc = fol_fall_board_get_description (f->board);
  g_assert_nonnull (desc);
  g_assert_true (gtk_test_accessible_has_property (GTK_ACCESSIBLE (f->board), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION));
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (f->board), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, desc);
}

/* The board's name, and its description following the cursor and the moves. */
static void
test_description (Fixture *f, gconstpointer data)
{
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (f->board), GTK_ACCESSIBLE_PROPERTY_LABEL, "Ecosystem");
  FallState s0;
  game_after_take (&s0, 11);
  show_acting (f, &s0);
  wait_allocated (f);
  assert_description (f);
  g_autofree char *d0 = g_strdup (fol_fall_board_get_description (f->board));
  /* whose turn, the tile in hand, where the cursor is, and that it fits */
  g_assert_nonnull (strstr (d0, "Week 1 of 12. Your turn."));
  g_autofree char *tile = fol_fall_describe_tile (s0.comps, s0.hand_tile[0]);
  g_assert_nonnull (strstr (d0, tile));
  g_assert_nonnull (strstr (d0, "The cursor is on an empty cell next to the starting tile."));
  g_assert_nonnull (strstr (d0, "It fits there by rule"));
  /* the keys of a tile in hand, not those of taking */
  g_assert_nonnull (strstr (d0, "R turns it"));
  g_assert_null (strstr (d0, "Keys 1 to 4"));

  /* the cursor moves: the description follows */
  FolHex cur;
  g_assert_true (fol_fall_board_get_cursor (f->board, &cur));
  fol_fall_board_set_cursor (f->board, (FolHex) { 4, 4 });
  assert_description (f);
  const char *d1 = fol_fall_board_get_description (f->board);
  g_assert_cmpstr (d1, !=, d0);
  g_assert_nonnull (strstr (d1, "The cursor is on an empty cell away from the ecosystem."));
  /* why it does not fit there, in the rule check's words */
  FallMove ghost;
  gboolean legal = TRUE;
  g_assert_true (fol_fall_board_get_ghost (f->board, &ghost, &legal, NULL, NULL));
  g_assert_false (legal);
  const char *reason = NULL;
  g_assert_false (fall_check_move (&s0, &ghost, &reason));
  g_assert_nonnull (strstr (d1, fol_fall_reason_words (reason)));
  /* on the starting tile: the stack there, and why not */
  fol_fall_board_set_cursor (f->board, (FolHex) { 0, 0 });
  assert_description (f);
  g_assert_nonnull (strstr (fol_fall_board_get_description (f->board), "The cursor is on top of the starting tile. "));
  g_assert_true (fol_fall_board_get_ghost (f->board, &ghost, &legal, NULL, NULL));
  g_assert_false (legal);
  g_assert_false (fall_check_move (&s0, &ghost, &reason));
  g_assert_nonnull (strstr (fol_fall_board_get_description (f->board), fol_fall_reason_words (reason)));
  /* a rotation is said */
  g_autofree char *pos = g_strdup_printf ("turned to position %d of 6", ghost.rot + 1);
  g_assert_nonnull (strstr (fol_fall_board_get_description (f->board), pos));
  fol_fall_board_rotate (f->board, 1);
  assert_description (f);
  g_autofree char *pos2 = g_strdup_printf ("turned to position %d of 6", (ghost.rot + 1) % 6 + 1);
  g_assert_nonnull (strstr (fol_fall_board_get_description (f->board), pos2));

  /* a move: the next state and the log's line */
  fol_fall_board_set_cursor (f->board, cur);
  g_autofree char *d3 = g_strdup (fol_fall_board_get_description (f->board));
  FallMove m = first_placement (&s0);
  static const char *const names[2] = { "Norma", "Amedeo" };
  g_autofree char *line = fol_fall_describe_move (&s0, &m, names, NULL);
  FallState s1 = s0;
  g_assert_true (fall_apply (&s1, &m, NULL));
  show_acting (f, &s1);
  fol_fall_board_set_last_move_text (f->board, line);
  assert_description (f);
  const char *d4 = fol_fall_board_get_description (f->board);
  g_assert_cmpstr (d4, !=, d3);
  g_autofree char *said = g_strdup_printf ("Last move: %s.", line);
  g_assert_nonnull (strstr (d4, said));

  /* places named as the log names them: next to the tile just placed is
   * next to "your last tile" (the board knows who placed it); never coordinates */
  FolFallPlacements placed;
  fol_fall_placements_init (&placed);
  fol_fall_placements_add (&placed, &s0, &m);
  fol_fall_board_set_placements (f->board, &placed);
  FolHex next = { m.q, m.r };
  for (int d = 0; d < 6; d++)
    {
      next = fol_hex_neighbour ((FolHex) { m.q, m.r }, d);
      int idx = fall_state_find (&s1, next.q, next.r);
      if (idx < 0 || !s1.cell[idx].height)
        break;
    }
  fol_fall_board_set_cursor (f->board, next);
  assert_description (f);
  g_autofree char *where = fol_fall_words_place (&s1, next, fall_state_current_seat (&s0), names, &placed);
  g_assert_nonnull (strstr (where, "your last tile"));
  g_autofree char *cursor_said = g_strdup_printf ("The cursor is on an empty cell %s.", where);
  g_assert_nonnull (strstr (fol_fall_board_get_description (f->board), cursor_said));
  g_autoptr (GRegex) coordinates = g_regex_new ("-?[0-9]+ *, *-?[0-9]+", 0, 0, NULL);
  g_assert_false (g_regex_match (coordinates, fol_fall_board_get_description (f->board), 0, NULL));
  /* no tile in hand now: no "R turns" among the keys */
  g_assert_null (strstr (fol_fall_board_get_description (f->board), "R turns"));

  /* the other seat's turn, watched: its name */
  FallState s2 = s1;
  for (int i = 0; i < 50 && fall_state_current_seat (&s2) == fall_state_current_seat (&s0); i++)
    play_random (&s2, 1, 8 + i);
  g_assert_cmpint (fall_state_current_seat (&s2), !=, fall_state_current_seat (&s0));
  FallState view;
  fall_state_view (&s2, fall_state_current_seat (&s0), &view);
  fol_fall_board_set_state (f->board, &view, fall_state_current_seat (&s0), -1);
  assert_description (f);
  g_autofree char *whose = g_strdup_printf ("It is %s's turn.", fall_state_current_seat (&s2) == 0 ? "Norma" : "Amedeo");
  g_assert_nonnull (strstr (fol_fall_board_get_description (f->board), whose));

  /* a combination to take: the keys that take, not those of a tile */
  FallState s3;
  fall_state_init (&s3, C, 11, NULL);
  show_acting (f, &s3);
  g_assert_nonnull (strstr (fol_fall_board_get_description (f->board), "Keys 1 to 4 take a combination."));
  g_assert_null (strstr (fol_fall_board_get_description (f->board), "R turns"));
}

/* ---- keys ---- */

/* Whether placing @m stacks on a tile bearing a token (which it removes). */
static gboolean
placement_removes (const FallState *s, const FallMove *m)
{
  int idx = fall_state_find (s, m->q, m->r);
  return idx >= 0 && s->cell[idx].height > 0 && s->cell[idx].token != FALL_NO_TOKEN;
}

/* Looks for a take of @s (nothing in hand yet) after which the tile in hand
 * fits, unturned, stacked on a token at *@removing, and also somewhere
 * removing nothing.  Returns: the offer slot, or -1. */
static int
find_removing_take (const FallState *s, FolHex *removing)
{
  if (s->phase != FALL_PHASE_TAKE || s->n_hand_tiles > 0)
    return -1;
  int found = -1;
  FallMove *list = g_new (FallMove, FALL_MAX_MOVES);
  for (int slot = 0; slot < FALL_OFFER && found < 0; slot++)
    {
      FallState after = *s;
      FallMove take = { .kind = FALL_MOVE_TAKE, .arg = (uint8_t) slot };
      if (!fall_apply (&after, &take, NULL) || after.phase != FALL_PHASE_ACT)
        continue;
      int n = fall_legal_placements (&after, after.hand_tile[0], list);
      gboolean clean = FALSE, dirty = FALSE;
      for (int i = 0; i < n; i++)
        {
          gboolean removes = placement_removes (&after, &list[i]);
          clean |= !removes;
          if (removes && list[i].rot == 0 && !dirty)
            {
              dirty = TRUE;
              *removing = (FolHex) { list[i].q, list[i].r };
            }
        }
      if (clean && dirty)
        found = slot;
    }
  g_free (list);
  return found;
}

/* A combination taken by key (the cursor left on a tile bearing a token
 * where the new tile would fit as it comes): the tile starts on a legal
 * cell that removes no token, since one exists; moved onto the token, the
 * board says that the token would go back to the box and draws it crossed
 * out there. */
static void
test_start_cell (Fixture *f, gconstpointer data)
{
  fall_test_init ();
  FallState s;
  FolHex removing = { 0, 0 };
  int slot = -1;
  for (guint32 seed = 1; seed < 200 && slot < 0; seed++)
    {
      fall_state_init (&s, C, seed, NULL);
      g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
      FallMoveList *list = g_new (FallMoveList, 1);
      while (!fall_state_is_over (&s) && (slot = find_removing_take (&s, &removing)) < 0)
        {
          int k = fall_legal_moves (&s, list);
          g_assert_true (fall_apply (&s, &list->m[g_rand_int_range (rand, 0, k)], NULL));
        }
      g_free (list);
    }
  g_assert_cmpint (slot, >=, 0);
  show_acting (f, &s);
  wait_allocated (f);
  fol_fall_board_set_cursor (f->board, removing);
  g_assert_true (send_key_to_window (f->window, GDK_KEY_1 + slot));
  g_assert_cmpint (f->emitted, ==, 1);
  g_assert_cmpint (f->last.kind, ==, FALL_MOVE_TAKE);
  g_assert_true (fall_apply (&s, &f->last, NULL));
  show_acting (f, &s);

  FallMove ghost;
  gboolean legal = FALSE;
  int discards = 0;
  g_assert_true (fol_fall_board_get_ghost (f->board, &ghost, &legal, NULL, &discards));
  g_assert_true (legal);
  g_assert_cmpint (discards, ==, -1);
  g_assert_false (placement_removes (&s, &ghost));
  g_assert_true (fall_check_move (&s, &ghost, NULL));

  /* onto the token: said, and drawn crossed out over the ghost */
  fol_fall_board_rotate (f->board, -ghost.rot);
  cairo_surface_t *before = render (f);
  fol_fall_board_set_cursor (f->board, removing);
  g_assert_true (fol_fall_board_get_ghost (f->board, NULL, &legal, NULL, &discards));
  g_assert_true (legal);
  int token = s.cell[fall_state_find (&s, removing.q, removing.r)].token;
  g_assert_cmpint (discards, ==, token);
  g_autofree char *said = g_strdup_printf ("the %s there would go back to the box", fol_fall_token_words ((FallToken) token));
  g_assert_nonnull (strstr (fol_fall_board_get_description (f->board), said));
  cairo_surface_t *after = render (f);
  g_assert_cmpint (pixels_differ_at (f, before, after, removing), >, 0);
  cairo_surface_destroy (before);
  cairo_surface_destroy (after);
}

/* Whether the cursor cell's centre is inside the ecosystem's area. */
static gboolean
cursor_in_view (Fixture *f)
{
  FolHex c;
  g_assert_true (fol_fall_board_get_cursor (f->board, &c));
  double x, y;
  fol_fall_transform_cell_center (fol_fall_board_get_transform (f->board), c, &x, &y);
  const FolFallRect *b = &fol_fall_board_get_layout (f->board)->board;
  return x >= b->x && x <= b->x + b->width && y >= b->y && y <= b->y + b->height;
}

/* Presses @key @n times; after each the cursor has moved and is in view. */
static void
press_moving (Fixture *f, guint key, int n)
{
  for (int i = 0; i < n; i++)
    {
      FolHex before, after;
      g_assert_true (fol_fall_board_get_cursor (f->board, &before));
      g_assert_true (send_key_to_window (f->window, key));
      g_assert_true (fol_fall_board_get_cursor (f->board, &after));
      g_assert_false (fol_hex_equal (before, after));
      g_assert_true (cursor_in_view (f));
      /* the tile in the pointer is where the cursor is */
      FallMove ghost;
      g_assert_true (fol_fall_board_get_ghost (f->board, &ghost, NULL, NULL, NULL));
      g_assert_cmpint (ghost.q, ==, after.q);
      g_assert_cmpint (ghost.r, ==, after.r);
    }
}

/* The arrow keys never leave the cursor outside the view, before and after
 * rotations, at the smallest window and zoomed in; R keeps turning the tile. */
static void
test_keys_edges (Fixture *f, gconstpointer data)
{
  FallState s0;
  game_after_take (&s0, 12);
  show_acting (f, &s0);
  wait_allocated (f);
  gtk_widget_grab_focus (GTK_WIDGET (f->board));
  g_assert_true (gtk_widget_has_focus (GTK_WIDGET (f->board)));
  g_assert_cmpint (fol_fall_board_get_held_tile (f->board), ==, s0.hand_tile[0]);
  for (int zoom = 0; zoom < 2; zoom++)
    {
      press_moving (f, GDK_KEY_Right, 25);
      for (int turn = 1; turn <= 7; turn++)
        {
          FallMove before, after;
          g_assert_true (fol_fall_board_get_ghost (f->board, &before, NULL, NULL, NULL));
          g_assert_true (send_key_to_window (f->window, GDK_KEY_r));
          g_assert_true (fol_fall_board_get_ghost (f->board, &after, NULL, NULL, NULL));
          g_assert_cmpint (after.rot, ==, (before.rot + 1) % 6);
          g_assert_cmpint (after.q, ==, before.q);
          g_assert_cmpint (after.r, ==, before.r);
          press_moving (f, turn % 2 ? GDK_KEY_Down : GDK_KEY_Up, 3);
        }
      g_assert_true (send_key_to_window (f->window, GDK_KEY_R));
      press_moving (f, GDK_KEY_Left, 50);
      press_moving (f, GDK_KEY_Up, 25);
      press_moving (f, GDK_KEY_Down, 50);
      press_moving (f, GDK_KEY_Right, 25);
      /* zoomed in as far as it goes, the margins are larger than half the view */
      for (int i = 0; i < 20; i++)
        g_assert_true (send_key_to_window (f->window, GDK_KEY_plus));
      g_assert_cmpfloat (fol_fall_board_get_transform (f->board)->size, >=, 150);
    }
  /* back to a cell where the tile fits, and Enter places it */
  FallMove m = first_placement (&s0);
  fol_fall_board_set_cursor (f->board, (FolHex) { m.q, m.r });
  for (int i = 0; i < 6 && fol_fall_board_get_ghost (f->board, NULL, NULL, NULL, NULL); i++)
    {
      FallMove g;
      fol_fall_board_get_ghost (f->board, &g, NULL, NULL, NULL);
      if (g.rot == m.rot)
        break;
      g_assert_true (send_key_to_window (f->window, GDK_KEY_r));
    }
  g_assert_true (send_key_to_window (f->window, GDK_KEY_Return));
  g_assert_cmpint (f->emitted, ==, 1);
  g_assert_true (fall_move_equal (&f->last, &m));
}

int
main (int argc, char **argv)
{
  if (!g_getenv ("DISPLAY") && !g_getenv ("WAYLAND_DISPLAY"))
    {
      /* UI tests need a display: ./build-aux/test runs them under xvfb-run */
      printf ("1..0 # SKIP no display (run under xvfb-run)\n");
      return 0;
    }
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  g_test_add ("/fall-board/motion", Fixture, NULL, fixture_setup, test_motion, fixture_teardown);
  g_test_add ("/fall-board/refit", Fixture, NULL, fixture_setup, test_refit, fixture_teardown);
  g_test_add ("/fall-board/description", Fixture, NULL, fixture_setup, test_description, fixture_teardown);
  g_test_add ("/fall-board/start-cell", Fixture, NULL, fixture_setup, test_start_cell, fixture_teardown);
  g_test_add ("/fall-board/keys-edges", Fixture, NULL, fixture_setup_small, test_keys_edges, fixture_teardown);
  return g_test_run ();
}
