/* test-summer-board.c: the Indian Summer board widget (fol-summer-board.c)
 * driven through the code paths that pointer and keys use: pick a tile,
 * rotate, flip, move the cursor, drop -> ::move-chosen with the expected
 * legal move; an illegal spot emits nothing; Squirrels and Animal tiles;
 * issue 11: the motion of a move and the animation setting, the acting
 * seat, the accessible description, the keys at the edges and 1-6, the
 * keyboard cursor shown only while the keys are used.
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

/* A new game of @n players shown on the board, seat 0 large and acting. */
static void
show_new_game (Fixture *f, SummerState *s, int n, uint64_t seed)
{
  new_game (s, n, seed);
  fol_summer_board_set_state (f->board, s, 0);
  wait_allocated (f);
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
  show_new_game (f, &s, 3, 7);
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
  show_new_game (f, &s, 2, 3);
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
  show_new_game (f, &s, 4, 9);
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
  show_new_game (f, &s, 2, 5);
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

  /* once the first is placed, the second keeps its key: 2, not 1 */
  fol_summer_board_cancel (f->board);
  int second = s.claim_tile[1];
  SummerMoveList list;
  summer_legal_moves (&s, &list);
  gboolean placed = FALSE;
  for (int i = 0; i < list.n && !placed; i++)
    if (list.moves[i].kind == SUMMER_MOVE_LEAF && list.moves[i].tile == s.claim_tile[0])
      {
        SummerMove m = list.moves[i];
        g_assert_true (summer_apply_move (&s, &m, NULL, NULL));
        placed = TRUE;
      }
  summer_move_list_clear (&list);
  g_assert_true (placed);
  g_assert_cmpint (s.pending, ==, SUMMER_PENDING_MUSHROOM);
  g_assert_cmpint (s.claim_tile[0], ==, SUMMER_NONE);
  fol_summer_board_set_state (f->board, &s, 0);
  g_assert_false (fol_summer_board_key (f->board, GDK_KEY_1, 0));
  g_assert_false (fol_summer_board_get_held (f->board, &held, NULL));
  g_assert_true (fol_summer_board_key (f->board, GDK_KEY_2, 0));
  g_assert_true (fol_summer_board_get_held (f->board, &held, NULL));
  g_assert_cmpint (held.tile, ==, second);
}

/* ------------------------------------------------------------------ */
/* Issue 11: motion, the acting seat, the accessible description, keys */

static void
set_animations (gboolean on)
{
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", on, NULL);
}

/* What the board draws now, as pixels (the widget's own snapshot rendered
 * by its window's renderer). */
static GBytes *
board_pixels (Fixture *f)
{
  GtkWidget *w = GTK_WIDGET (f->board);
  int width = gtk_widget_get_width (w), height = gtk_widget_get_height (w);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  GTK_WIDGET_GET_CLASS (w)->snapshot (w, snapshot);
  GskRenderNode *node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (w));
  g_autoptr (GdkTexture) texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width, height));
  gsk_render_node_unref (node);
  gsize stride = (gsize) width * 4;
  guchar *data = g_malloc (stride * (gsize) height);
  gdk_texture_download (texture, data, stride);
  return g_bytes_new_take (data, stride * (gsize) height);
}

/* How many pixels of @a and @b differ inside @r (the board's coordinates). */
static int
pixels_differ_in (Fixture *f, GBytes *a, GBytes *b, const FolRect *r)
{
  int width = gtk_widget_get_width (GTK_WIDGET (f->board));
  const guint32 *pa = g_bytes_get_data (a, NULL), *pb = g_bytes_get_data (b, NULL);
  int n = 0;
  for (int y = MAX ((int) r->y, 0); y < r->y + r->height; y++)
    for (int x = MAX ((int) r->x, 0); x < r->x + r->width; x++)
      n += pa[y * width + x] != pb[y * width + x];
  return n;
}

/* Runs the main loop until the board's motion ends; returns the frames seen. */
static int
wait_motion_end (Fixture *f, double *first, double *last)
{
  int frames = 0;
  double progress = 0;
  *first = -1;
  gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  while (fol_summer_board_get_animating (f->board, &progress) && g_get_monotonic_time () < end)
    {
      g_main_context_iteration (NULL, TRUE);
      if (fol_summer_board_get_animating (f->board, &progress))
        {
          if (*first < 0)
            *first = progress;
          *last = progress;
          frames++;
        }
    }
  g_assert_false (fol_summer_board_get_animating (f->board, NULL));
  return frames;
}

/* A position at the start and a Leaf tile placed from the Player Path. */
static void
placement (SummerState *before, SummerState *after, SummerMove *m)
{
  new_game (before, 2, 7);
  *m = choose_target (before, SUMMER_MOVE_LEAF, before->seat[0].path[1]);
  *after = *before;
  g_assert_true (summer_apply_move (after, m, NULL, NULL));
}

/* With animations off (GNOME's "reduce animation") the board draws the
 * final position at once; on, the placed tile moves into place over some
 * frames and the board ends with the very same picture. */
static void
test_motion_setting (Fixture *f, gconstpointer data)
{
  SummerState before, after;
  SummerMove m;
  placement (&before, &after, &m);
  FolRect floor_r;

  /* off: at once */
  set_animations (FALSE);
  fol_summer_board_set_state (f->board, &before, 0);
  wait_allocated (f);
  fol_summer_board_set_last_move (f->board, 0, &m);
  fol_summer_board_set_state (f->board, &after, 0);
  g_assert_false (fol_summer_board_get_animating (f->board, NULL));
  g_autoptr (GBytes) final = board_pixels (f);
  const FolSummerSeatGeom *g = &fol_summer_board_get_layout (f->board)->seat[0];
  floor_r = (FolRect) { g->gx, g->gy, 9 * g->cell, 8 * g->cell };
  FolRect path_r = { g->path_slot[0].x, g->path_slot[0].y, 6 * g->path_slot[0].width, g->path_slot[0].height };

  /* on: the view's order (the move reported, then its result) */
  set_animations (TRUE);
  fol_summer_board_set_state (f->board, &before, 0);
  fol_summer_board_set_last_move (f->board, 0, &m);
  g_assert_false (fol_summer_board_get_animating (f->board, NULL));
  fol_summer_board_set_state (f->board, &after, 0);
  double progress = -1;
  g_assert_true (fol_summer_board_get_animating (f->board, &progress));
  g_assert_cmpfloat (progress, ==, 0);
  /* at its start the tile is still on the Path, its squares still empty */
  g_autoptr (GBytes) start = board_pixels (f);
  g_assert_cmpint (pixels_differ_in (f, final, start, &floor_r), >, 100);
  g_assert_cmpint (pixels_differ_in (f, final, start, &path_r), >, 100);
  /* the same position again (a page refreshing) does not stop it */
  fol_summer_board_set_state (f->board, &after, 0);
  fol_summer_board_set_last_move (f->board, 0, &m);
  g_assert_true (fol_summer_board_get_animating (f->board, NULL));
  double first, last;
  int frames = wait_motion_end (f, &first, &last);
  g_assert_cmpint (frames, >=, 1);
  g_assert_cmpfloat (first, <, 1.0);
  g_autoptr (GBytes) landed = board_pixels (f);
  g_assert_true (g_bytes_equal (final, landed));

  /* the other order (the result shown, then the move reported) moves too */
  fol_summer_board_set_state (f->board, &before, 0);
  fol_summer_board_set_state (f->board, &after, 0);
  g_assert_false (fol_summer_board_get_animating (f->board, NULL));
  fol_summer_board_set_last_move (f->board, 0, &m);
  g_assert_true (fol_summer_board_get_animating (f->board, NULL));
  /* told again: it moves once */
  fol_summer_board_set_last_move (f->board, 0, &m);
  frames = wait_motion_end (f, &first, &last);
  g_assert_cmpint (frames, >=, 1);
  fol_summer_board_set_last_move (f->board, 0, &m);
  g_assert_false (fol_summer_board_get_animating (f->board, NULL));
  g_autoptr (GBytes) landed2 = board_pixels (f);
  g_assert_true (g_bytes_equal (final, landed2));

  /* a move that does not lead to the position shown moves nothing */
  SummerState other;
  new_game (&other, 2, 8);
  fol_summer_board_set_state (f->board, &other, 0);
  fol_summer_board_set_last_move (f->board, 0, &m);
  g_assert_false (fol_summer_board_get_animating (f->board, NULL));

  /* forced off by the page */
  fol_summer_board_set_animate (f->board, FALSE);
  fol_summer_board_set_state (f->board, &before, 0);
  fol_summer_board_set_last_move (f->board, 0, &m);
  fol_summer_board_set_state (f->board, &after, 0);
  g_assert_false (fol_summer_board_get_animating (f->board, NULL));
  fol_summer_board_set_animate (f->board, TRUE);
}

/* The motion only draws: what the board reports (the held move, whether it
 * is legal, the move chosen) is the same while it runs. */
static void
test_motion_reports (Fixture *f, gconstpointer data)
{
  /* a Feather: two tiles to place, the second while the first moves */
  SummerState before, after;
  new_game (&before, 2, 7);
  before.seat[0].treasures[SUMMER_FEATHER] = 1;
  play (&before, "F");
  SummerMove m = choose_target (&before, SUMMER_MOVE_LEAF, before.seat[0].path[1]);
  after = before;
  g_assert_true (summer_apply_move (&after, &m, NULL, NULL));
  g_assert_cmpint (after.pending, ==, SUMMER_PENDING_FEATHER);
  SummerMove held_still[2];
  gboolean legal_still[2];
  for (int on = 0; on < 2; on++)
    {
      set_animations (on);
      fol_summer_board_set_state (f->board, &before, 0);
      wait_allocated (f);
      fol_summer_board_set_last_move (f->board, 0, &m);
      fol_summer_board_set_state (f->board, &after, 0);
      g_assert_cmpint (fol_summer_board_get_animating (f->board, NULL), ==, on);
      g_assert_true (fol_summer_board_key (f->board, GDK_KEY_1, 0));
      fol_summer_board_set_cursor (f->board, sq ("e5"));
      g_assert_true (fol_summer_board_get_held (f->board, &held_still[on], &legal_still[on]));
      g_assert_cmpint (fol_summer_board_get_animating (f->board, NULL), ==, on);
      if (legal_still[on])
        {
          g_assert_true (fol_summer_board_drop (f->board));
          g_assert_true (moves_equal (&f->last, &held_still[on]));
        }
      fol_summer_board_cancel (f->board);
    }
  g_assert_true (moves_equal (&held_still[0], &held_still[1]));
  g_assert_cmpint (legal_still[0], ==, legal_still[1]);
  set_animations (FALSE);
}

/* A computer's turn without flipping the board (issue 11): the person's
 * floor stays large, the seat to move is the acting seat, and its
 * placement moves onto its small floor while the large one stays still. */
static void
test_acting_seat (Fixture *f, gconstpointer data)
{
  set_animations (TRUE);
  SummerState s;
  new_game (&s, 3, 4);
  play (&s, "S a1");
  play (&s, "end");
  g_assert_cmpint (s.current, ==, 1);
  fol_summer_board_set_state (f->board, &s, 0);   /* the person (seat 0) watches seat 1 play */
  wait_allocated (f);
  const FolSummerLayout *l = fol_summer_board_get_layout (f->board);
  g_assert_true (l->seat[0].large);
  g_assert_false (l->seat[1].large);
  g_assert_false (fol_summer_board_pick_tile (f->board, s.seat[1].path[0]));
  g_assert_false (fol_summer_board_pick_tile (f->board, s.seat[0].path[0]));
  SummerMove m = choose_target (&s, SUMMER_MOVE_LEAF, s.seat[1].path[0]);
  SummerState after = s;
  g_assert_true (summer_apply_move (&after, &m, NULL, NULL));
  fol_summer_board_set_last_move (f->board, 1, &m);
  fol_summer_board_set_state (f->board, &after, 0);
  g_assert_true (fol_summer_board_get_animating (f->board, NULL));
  g_assert_true (l->seat[0].large);
  g_autoptr (GBytes) start = board_pixels (f);
  double first, last;
  wait_motion_end (f, &first, &last);
  g_autoptr (GBytes) end = board_pixels (f);
  const FolSummerSeatGeom *big = &l->seat[0], *small = &l->seat[1];
  FolRect big_floor = { big->gx, big->gy, 9 * big->cell, 8 * big->cell };
  FolRect small_floor = { small->gx, small->gy, 9 * small->cell, 8 * small->cell };
  g_assert_cmpint (pixels_differ_in (f, start, end, &small_floor), >, 20);
  g_assert_cmpint (pixels_differ_in (f, start, end, &big_floor), ==, 0);
  set_animations (FALSE);
}

static gboolean
contains (const char *text, const char *part)
{
  if (!strstr (text, part))
    {
      g_printerr ("'%s' not in '%s'\n", part, text);
      return FALSE;
    }
  return TRUE;
}

/* The board is an accessible group named "Forest Floor" whose description
 * says whose turn it is, the piece in hand, where it is, whether it fits and
 * what the last move did, kept up to date. */
static void
test_accessible (Fixture *f, gconstpointer data)
{
  GtkAccessible *acc = GTK_ACCESSIBLE (f->board);
  gtk_test_accessible_assert_role (acc, GTK_ACCESSIBLE_ROLE_GROUP);
  gtk_test_accessible_assert_property (acc, GTK_ACCESSIBLE_PROPERTY_LABEL, "Forest Floor");
  SummerState s;
  new_game (&s, 2, 7);
  const char *names[] = { "Hazel", "Rowan", NULL };
  fol_summer_board_set_names (f->board, names);
  fol_summer_board_set_state (f->board, &s, 0);
  wait_allocated (f);
  g_autofree char *d0 = g_strdup (fol_summer_board_get_description (f->board));
  g_assert_nonnull (d0);
  gtk_test_accessible_assert_property (acc, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, d0);
  g_assert_true (contains (d0, "Hazel to play."));
  /* the keys it names are those of the Player Path's tiles (2 players: 5 at the start) */
  g_autofree char *keys = g_strdup_printf ("Pick a Leaf tile with 1 to %d,", s.seat[0].path_len);
  g_assert_cmpint (s.seat[0].path_len, ==, 5);
  g_assert_true (contains (d0, keys));

  /* a tile in hand: its colour, id, shape, how it is turned, where, whether it fits */
  int tile = s.seat[0].path[0];
  g_assert_true (fol_summer_board_key (f->board, GDK_KEY_1, 0));
  g_autofree char *d1 = g_strdup (fol_summer_board_get_description (f->board));
  gtk_test_accessible_assert_property (acc, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, d1);
  g_assert_true (contains (d1, "In hand: green Leaf tile "));
  g_assert_true (contains (d1, summer_components ()->leaf[tile].id));
  g_assert_true (contains (d1, "as printed"));
  SummerMove held;
  gboolean legal;
  g_assert_true (fol_summer_board_get_held (f->board, &held, &legal));
  g_autofree char *anchor = summer_square_name (held.square);
  g_autofree char *at = g_strdup_printf ("At %s, covering ", anchor);
  g_assert_true (contains (d1, at));
  g_assert_true (contains (d1, legal ? "The held piece fits here." : "The held piece does not fit here."));

  /* moved and turned: the description follows */
  g_assert_true (fol_summer_board_key (f->board, GDK_KEY_Left, 0));
  g_assert_true (fol_summer_board_get_held (f->board, &held, &legal));
  g_autofree char *d2 = g_strdup (fol_summer_board_get_description (f->board));
  g_assert_cmpstr (d2, !=, d1);
  gtk_test_accessible_assert_property (acc, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, d2);
  g_autofree char *anchor2 = summer_square_name (held.square);
  g_autofree char *at2 = g_strdup_printf ("At %s, covering ", anchor2);
  g_assert_true (contains (d2, at2));
  g_assert_true (fol_summer_board_key (f->board, GDK_KEY_r, 0));
  g_autofree char *d3 = g_strdup (fol_summer_board_get_description (f->board));
  g_assert_true (contains (d3, "turned a quarter clockwise"));
  fol_summer_board_cancel (f->board);

  /* a second tile (as by a Feather) held over the first: it does not fit there */
  SummerMove m = choose_target (&s, SUMMER_MOVE_LEAF, tile);
  SummerState after = s;
  g_assert_true (summer_apply_move (&after, &m, NULL, NULL));
  after.main_done = FALSE;
  fol_summer_board_set_state (f->board, &after, 0);
  g_assert_true (fol_summer_board_key (f->board, GDK_KEY_1, 0));
  fol_summer_board_set_cursor (f->board, fol_bb_lowest (fol_summer_move_squares (&m, NULL)));
  g_assert_true (fol_summer_board_get_held (f->board, &held, &legal));
  g_assert_false (legal);
  g_assert_true (contains (fol_summer_board_get_description (f->board), "The held piece does not fit here."));
  fol_summer_board_cancel (f->board);

  /* after a move: whose turn, and what it did */
  after = s;
  g_assert_true (summer_apply_move (&after, &m, NULL, NULL));
  play (&after, "end");
  fol_summer_board_set_last_move (f->board, 0, &m);
  fol_summer_board_set_state (f->board, &after, 0);
  fol_summer_board_set_last_move_text (f->board, "Hazel placed a green tile");
  g_autofree char *d4 = g_strdup (fol_summer_board_get_description (f->board));
  gtk_test_accessible_assert_property (acc, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, d4);
  g_assert_cmpstr (d4, !=, d0);
  g_assert_true (contains (d4, "Rowan to play."));
  g_assert_true (contains (d4, "Last move: Hazel placed a green tile."));
  /* a new game: no last move */
  fol_summer_board_set_last_move (f->board, -1, NULL);
  g_assert_null (strstr (fol_summer_board_get_description (f->board), "Last move"));
}

/* The shape words of every Leaf tile: trominoes, tetrominoes, pentominoes by name. */
static void
test_shape_words (Fixture *f, gconstpointer data)
{
  SummerState s;
  show_new_game (f, &s, 2, 7);
  const SummerComponents *c = summer_components ();
  struct { const char *id; const char *shape; } known[] = {
    { "G01", "straight" }, { "G09", "bent" }, { "Y01", "straight" }, { "Y05", "square" }, { "Y08", "T-shaped" },
    { "Y15", "S-shaped" },
  };
  for (size_t k = 0; k < G_N_ELEMENTS (known); k++)
    {
      int t = leaf (known[k].id);
      s.seat[0].path[0] = (uint8_t) t;
      fol_summer_board_set_state (f->board, &s, 0);
      g_assert_true (fol_summer_board_pick_tile (f->board, t));
      g_autofree char *want = g_strdup_printf ("%s, %s, %d squares", c->leaf[t].id, known[k].shape, c->leaf[t].shape.n_cells);
      g_assert_true (contains (fol_summer_board_get_description (f->board), want));
    }
  /* every red tile: one of the twelve pentomino names, and all twelve occur */
  const char *pentominoes[] = { "F-shaped", "straight", "L-shaped", "N-shaped", "P-shaped", "T-shaped", "U-shaped",
                                "V-shaped", "W-shaped", "X-shaped", "Y-shaped", "Z-shaped" };
  gboolean seen[G_N_ELEMENTS (pentominoes)] = { FALSE };
  for (int t = 0; t < SUMMER_N_LEAF_TILES; t++)
    {
      if (c->leaf[t].colour != SUMMER_RED)
        continue;
      s.seat[0].path[0] = (uint8_t) t;
      fol_summer_board_set_state (f->board, &s, 0);
      g_assert_true (fol_summer_board_pick_tile (f->board, t));
      const char *d = fol_summer_board_get_description (f->board);
      gboolean one = FALSE;
      for (size_t k = 0; k < G_N_ELEMENTS (pentominoes); k++)
        {
          g_autofree char *want = g_strdup_printf ("%s, %s, 5 squares", c->leaf[t].id, pentominoes[k]);
          if (strstr (d, want))
            {
              one = TRUE;
              seen[k] = TRUE;
            }
        }
      g_assert_true (one);
    }
  for (size_t k = 0; k < G_N_ELEMENTS (pentominoes); k++)
    g_assert_true (seen[k]);
}

/* The arrow keys never get stuck at an edge after a turn or a flip: held at
 * each edge in every orientation, every arrow moves the piece by one
 * square, or keeps it when it already touches that edge. */
static void
test_keys_at_edges (Fixture *f, gconstpointer data)
{
  SummerState s;
  show_new_game (f, &s, 2, 3);
  const guint keys[4] = { GDK_KEY_Left, GDK_KEY_Right, GDK_KEY_Up, GDK_KEY_Down };
  const int dxs[4] = { -1, 1, 0, 0 }, dys[4] = { 0, 0, -1, 1 };
  for (int i = 0; i < s.seat[0].path_len; i++)
    {
      int tile = s.seat[0].path[i];
      const FolOrientationSet *set = &summer_components ()->leaf[tile].orientations;
      g_assert_true (fol_summer_board_pick_tile (f->board, tile));
      for (int edge = 0; edge < 4; edge++)
        for (int turn = 0; turn < 8; turn++)
          {
            /* to the edge, then turn (R, or F every fourth) */
            for (int k = 0; k < 10; k++)
              g_assert_true (fol_summer_board_key (f->board, keys[edge], 0));
            g_assert_true (fol_summer_board_key (f->board, turn == 3 || turn == 7 ? GDK_KEY_f : GDK_KEY_r, 0));
            for (int dir = 0; dir < 4; dir++)
              {
                SummerMove a, b;
                g_assert_true (fol_summer_board_get_held (f->board, &a, NULL));
                const FolOrientation *o = &set->o[set->of_transform[a.transform]];
                int ax = a.square % SUMMER_COLS, ay = a.square / SUMMER_COLS;
                g_assert_cmpint (ax + o->width, <=, SUMMER_COLS);
                g_assert_cmpint (ay + o->height, <=, SUMMER_ROWS);
                g_assert_true (fol_summer_board_key (f->board, keys[dir], 0));
                g_assert_true (fol_summer_board_get_held (f->board, &b, NULL));
                int bx = b.square % SUMMER_COLS, by = b.square / SUMMER_COLS;
                int wx = CLAMP (ax + dxs[dir], 0, SUMMER_COLS - o->width);
                int wy = CLAMP (ay + dys[dir], 0, SUMMER_ROWS - o->height);
                g_assert_cmpint (bx, ==, wx);
                g_assert_cmpint (by, ==, wy);
                /* and back: the piece answers at once */
                g_assert_true (fol_summer_board_key (f->board, keys[dir ^ 1], 0));
                g_assert_true (fol_summer_board_get_held (f->board, &b, NULL));
                if (wx != ax || wy != ay)
                  g_assert_cmpint (b.square, ==, a.square);
              }
          }
      fol_summer_board_cancel (f->board);
    }
}

/* Keys 1-6 take the Player Path's tiles in the order drawn: one row from
 * the Backpack, key 1 the tile next to it (the one a Mushroom takes). */
static void
test_path_keys_order (Fixture *f, gconstpointer data)
{
  for (int n = 1; n <= SUMMER_MAX_PLAYERS; n++)
    {
      SummerState s;
      new_game (&s, n, 12);
      fol_summer_board_set_state (f->board, &s, 0);
      wait_allocated (f);
      const FolSummerLayout *l = fol_summer_board_get_layout (f->board);
      for (int seat = 0; seat < n; seat++)
        {
          const FolSummerSeatGeom *g = &l->seat[seat];
          g_assert_cmpfloat (g->backpack.x + g->backpack.width, <=, g->path_slot[0].x);
          for (int i = 0; i < s.seat[seat].path_len; i++)
            {
              FolRect slot;
              g_assert_true (fol_summer_layout_slot_of_tile (l, &s, s.seat[seat].path[i], &slot, NULL, NULL));
              g_assert_cmpfloat (slot.x, ==, g->path_slot[i].x);
              g_assert_cmpfloat (slot.y, ==, g->path_slot[0].y);
              if (i > 0)
                g_assert_cmpfloat (slot.x, >, g->path_slot[i - 1].x);
            }
        }
      for (int i = 0; i < s.seat[0].path_len; i++)
        {
          g_assert_true (fol_summer_board_key (f->board, GDK_KEY_1 + (guint) i, 0));
          SummerMove held;
          g_assert_true (fol_summer_board_get_held (f->board, &held, NULL));
          g_assert_cmpint (held.tile, ==, s.seat[0].path[i]);
        }
      fol_summer_board_cancel (f->board);
      g_assert_false (fol_summer_board_key (f->board, GDK_KEY_1 + (guint) s.seat[0].path_len, 0));
    }
}

/* Runs the main loop until the board has the keyboard focus (its window
 * active), a few seconds at most. */
static void
focus_board (Fixture *f)
{
  gtk_widget_grab_focus (GTK_WIDGET (f->board));
  gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  while (!gtk_widget_has_focus (GTK_WIDGET (f->board)) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
  g_assert_true (gtk_widget_has_focus (GTK_WIDGET (f->board)));
}

/* Issue 11: the keyboard cursor (a blue square on the Forest Floor) shows
 * only once the board's keys are used, and goes when the pointer moves or
 * clicks on the board: after a tile placed with the mouse no square is
 * outlined; an arrow key draws it; a motion of the pointer takes it away
 * (a motion repeated where the pointer already is does not). */
static void
test_cursor_keys_only (Fixture *f, gconstpointer data)
{
  SummerState s;
  show_new_game (f, &s, 2, 7);
  focus_board (f);
  const FolSummerLayout *l = fol_summer_board_get_layout (f->board);
  g_assert_false (fol_summer_board_get_cursor_shown (f->board));
  /* a digit (a tile taken, then put back with Escape) shows it */
  g_assert_true (fol_summer_board_key (f->board, GDK_KEY_1, 0));
  g_assert_true (fol_summer_board_key (f->board, GDK_KEY_Escape, 0));
  g_assert_true (fol_summer_board_get_cursor_shown (f->board));

  /* a tile placed with the mouse: a click on the Path (the cursor goes), a click on the floor */
  int tile = s.seat[0].path[0];
  const FolRect *slot = &l->seat[0].path_slot[0];
  fol_summer_board_pointer_press (f->board, slot->x + slot->width / 2, slot->y + slot->height / 2);
  g_assert_false (fol_summer_board_pointer_release (f->board, slot->x + slot->width / 2, slot->y + slot->height / 2));
  fol_summer_board_cancel (f->board);
  g_assert_false (fol_summer_board_get_cursor_shown (f->board));
  fol_summer_board_pointer_press (f->board, slot->x + slot->width / 2, slot->y + slot->height / 2);
  SummerMove held;
  g_assert_true (fol_summer_board_get_held (f->board, &held, NULL));
  SummerMoveList list;
  summer_legal_moves (&s, &list);
  SummerMove want = { .tile = SUMMER_NONE };
  for (int i = 0; i < list.n && want.tile == SUMMER_NONE; i++)
    if (list.moves[i].kind == SUMMER_MOVE_LEAF && list.moves[i].tile == tile && list.moves[i].transform == held.transform)
      want = list.moves[i];
  summer_move_list_clear (&list);
  g_assert_cmpint (want.tile, ==, tile);
  int target = cursor_for (&summer_components ()->leaf[tile].orientations, want.transform, want.square);
  double x, y;
  g_assert_true (fol_summer_layout_square_center (l, 0, target, &x, &y));
  fol_summer_board_pointer_motion (f->board, x, y);
  fol_summer_board_pointer_press (f->board, x, y);
  g_assert_true (fol_summer_board_pointer_release (f->board, x, y));
  g_assert_cmpint (f->emitted, ==, 1);
  /* the page shows the position after it, as after any move */
  g_assert_true (summer_apply_move (&s, &f->last, NULL, NULL));
  fol_summer_board_set_state (f->board, &s, 0);
  g_assert_false (fol_summer_board_get_held (f->board, NULL, NULL));
  g_assert_false (fol_summer_board_get_cursor_shown (f->board));
  int cursor = fol_summer_board_get_cursor (f->board);
  g_assert_cmpint (cursor, >=, 0);
  double c = l->seat[0].cell;
  FolRect square = { l->seat[0].gx + (cursor % SUMMER_COLS) * c, l->seat[0].gy + (cursor / SUMMER_COLS) * c, c, c };
  g_autoptr (GBytes) mouse = board_pixels (f);

  /* an arrow key (and back): the cursor is drawn on its square */
  gboolean left_edge = cursor % SUMMER_COLS == 0;
  g_assert_true (fol_summer_board_key (f->board, left_edge ? GDK_KEY_Right : GDK_KEY_Left, 0));
  g_assert_true (fol_summer_board_key (f->board, left_edge ? GDK_KEY_Left : GDK_KEY_Right, 0));
  g_assert_cmpint (fol_summer_board_get_cursor (f->board), ==, cursor);
  g_assert_true (fol_summer_board_get_cursor_shown (f->board));
  g_autoptr (GBytes) keys = board_pixels (f);
  g_assert_cmpint (pixels_differ_in (f, mouse, keys, &square), >, 0);

  /* the same motion again (GTK repeats one when the widgets change): still shown */
  fol_summer_board_pointer_motion (f->board, x, y);
  g_assert_true (fol_summer_board_get_cursor_shown (f->board));
  /* the pointer moves: gone, the square as the mouse left it */
  fol_summer_board_pointer_motion (f->board, x + 3, y);
  g_assert_false (fol_summer_board_get_cursor_shown (f->board));
  g_autoptr (GBytes) moved = board_pixels (f);
  g_assert_cmpint (pixels_differ_in (f, mouse, moved, &square), ==, 0);

  /* an arrow shows it again; a click takes it away */
  g_assert_true (fol_summer_board_key (f->board, GDK_KEY_Up, 0));
  g_assert_true (fol_summer_board_get_cursor_shown (f->board));
  fol_summer_board_pointer_press (f->board, x + 3, y);
  fol_summer_board_pointer_release (f->board, x + 3, y);
  g_assert_false (fol_summer_board_get_cursor_shown (f->board));
  /* a key that does nothing does not show it */
  g_assert_false (fol_summer_board_key (f->board, GDK_KEY_x, 0));
  g_assert_false (fol_summer_board_get_cursor_shown (f->board));
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
  set_animations (FALSE);  /* the tests of issue 11 turn them on where they test them */
  load_components_or_die ();
#define ADD(path, fn) g_test_add ("/ui/summer-board/" path, Fixture, NULL, fixture_setup, fn, fixture_teardown)
  ADD ("keys-place-tile", test_keys_place_tile);
  ADD ("rotate-flip-cycle", test_rotate_flip_cycle);
  ADD ("pointer-place-tile", test_pointer_place_tile);
  ADD ("squirrel-and-nut", test_squirrel_and_nut);
  ADD ("animal", test_animal);
  ADD ("mushroom-claims", test_mushroom_claims);
  ADD ("motion-setting", test_motion_setting);
  ADD ("motion-reports", test_motion_reports);
  ADD ("acting-seat", test_acting_seat);
  ADD ("accessible", test_accessible);
  ADD ("shape-words", test_shape_words);
  ADD ("keys-at-edges", test_keys_at_edges);
  ADD ("path-keys-order", test_path_keys_order);
  ADD ("cursor-keys-only", test_cursor_keys_only);
  return g_test_run ();
}
