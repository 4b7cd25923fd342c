/* test-summer-view.c: the Indian Summer page under Xvfb, driven through the
 * same code paths the pointer and the keys use (the board's pick, rotate,
 * flip, cursor and drop; the page's actions): a whole solo game to its end
 * screen, undo, a game against computer players, resume from the store,
 * the hint, the thinking indicator and leaving a page mid-thought. */
#include "config.h"

#include "key-test-util.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <stdio.h>

#include "fol-summer-board.h"
#include "fol-summer-view.h"
#include "summer-ai.h"
#include "summer-notation.h"
#include "store-test-util.h"

static void
spin (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* Waits until @cond holds, running the main loop (computer moves are async). */
#define WAIT_UNTIL(cond)                                              \
  G_STMT_START {                                                      \
    gint64 _end = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;      \
    while (!(cond) && g_get_monotonic_time () < _end)                 \
      g_main_context_iteration (NULL, TRUE);                          \
    g_assert_true (cond);                                             \
  } G_STMT_END

static void
activate (GtkWidget *view, const char *action, GVariant *param)
{
  g_assert_true (gtk_widget_activate_action_variant (view, action, param));
  spin ();
}

/* Places a Leaf tile of the Player Path the way a person would: pick it,
 * turn and flip it, move it over the floor, drop it where it fits. */
static gboolean
place_some_tile (GtkWidget *view, FolSummerGame *game)
{
  FolSummerBoard *board = FOL_SUMMER_BOARD (fol_summer_view_get_board (FOL_SUMMER_VIEW (view)));
  const SummerState *s = fol_summer_game_get_state (game);
  const SummerSeat *seat = &s->seat[s->current];
  int tiles[6], n = 0;
  if (s->pending == SUMMER_PENDING_MUSHROOM)
    {
      for (int k = 0; k < 2; k++)
        if (s->claim_tile[k] != SUMMER_NONE)
          tiles[n++] = s->claim_tile[k];
    }
  else
    for (int i = 0; i < seat->path_len; i++)
      tiles[n++] = seat->path[i];
  guint before = fol_game_get_n_moves (FOL_GAME (game));
  for (int i = 0; i < n; i++)
    {
      if (!fol_summer_board_pick_tile (board, tiles[i]))
        continue;
      for (int turn = 0; turn < 8; turn++)
        {
          for (int q = 0; q < SUMMER_SQUARES; q++)
            {
              fol_summer_board_set_cursor (board, q);
              SummerMove m;
              gboolean legal = FALSE;
              g_assert_true (fol_summer_board_get_held (board, &m, &legal));
              if (!legal)
                continue;
              g_assert_cmpint (m.kind, ==, SUMMER_MOVE_LEAF);
              g_assert_cmpint (m.tile, ==, tiles[i]);
              g_assert_true (summer_check_move (s, &m, NULL));
              g_assert_true (fol_summer_board_drop (board));
              spin ();
              g_assert_cmpuint (fol_game_get_n_moves (FOL_GAME (game)), ==, before + 1);
              return TRUE;
            }
          if (turn == 3)
            fol_summer_board_flip (board);
          else
            fol_summer_board_rotate (board);
        }
      fol_summer_board_cancel (board);
    }
  return FALSE;
}

static GtkWidget *
show_in_window (GtkWidget *view)
{
  GtkWidget *win = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (win), 1400, 900);
  gtk_window_set_child (GTK_WINDOW (win), view);
  gtk_window_present (GTK_WINDOW (win));
  spin ();
  return win;
}

static void
test_solo_game_to_the_end (void)
{
  SummerSetup setup;
  summer_setup_init (&setup, 1, 2024);
  g_autoptr (FolPlayer) me = fol_player_new ("Ann", TRUE, 0);
  g_autoptr (GError) error = NULL;
  g_autoptr (FolSummerGame) game = fol_summer_game_new (&setup, &me, NULL, &error);
  g_assert_no_error (error);
  GtkWidget *view = fol_summer_view_new (game, NULL);
  fol_summer_view_set_animation_delay (FOL_SUMMER_VIEW (view), 0);
  GtkWidget *win = show_in_window (view);
  const SummerState *s = fol_summer_game_get_state (game);

  /* turn 1: a tile, then undo it, then place again and end */
  g_assert_true (place_some_tile (view, game));
  g_assert_true (s->main_done);
  activate (view, "game.undo", NULL);
  g_assert_false (s->main_done);
  g_assert_cmpuint (fol_game_get_n_moves (FOL_GAME (game)), ==, 0);

  while (s->phase == SUMMER_PHASE_PLAY)
    {
      if (s->pending == SUMMER_PENDING_REFILL)
        {
          activate (view, "game.refill", g_variant_new_string (s->solo_len[0] ? "TL" : "BL"));
          continue;
        }
      if (!s->main_done)
        {
          if (!place_some_tile (view, game))
            {
              /* nothing fits: a Squirrel, armed like the button does */
              activate (view, "game.squirrel", NULL);
              FolSummerBoard *board = FOL_SUMMER_BOARD (fol_summer_view_get_board (FOL_SUMMER_VIEW (view)));
              for (int q = 0; q < SUMMER_SQUARES && !s->main_done; q++)
                {
                  fol_summer_board_set_cursor (board, q);
                  fol_summer_board_drop (board);
                  spin ();
                }
            }
          continue;
        }
      activate (view, "game.end-turn", NULL);
    }
  g_assert_cmpint (s->phase, ==, SUMMER_PHASE_SOLO_END);
  activate (view, "game.auto-finish", NULL);
  WAIT_UNTIL (summer_is_over (s));
  /* the end screen shows the score */
  g_assert_cmpint (s->result[0].solo_score, !=, 0);
  gtk_window_destroy (GTK_WINDOW (win));
  spin ();
}

static void
test_against_computers_and_resume (void)
{
  g_autofree char *dir = store_test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "foliage.db", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (FolStore) store = fol_store_new (path, &error);
  g_assert_no_error (error);
  SummerSetup setup;
  summer_setup_init (&setup, 3, 99);
  FolPlayer *players[3] = { fol_player_new ("Ann", TRUE, 0), fol_player_new ("Bob", FALSE, FOL_AI_NORMAL),
                            fol_player_new ("Cat", FALSE, FOL_AI_EASY) };
  g_autoptr (FolSummerGame) game = fol_summer_game_new (&setup, players, store, &error);
  g_assert_no_error (error);
  for (int i = 0; i < 3; i++)
    g_object_unref (players[i]);
  GtkWidget *view = fol_summer_view_new (game, NULL);
  fol_summer_view_set_animation_delay (FOL_SUMMER_VIEW (view), 0);
  GtkWidget *win = show_in_window (view);
  const SummerState *s = fol_summer_game_get_state (game);
  /* three of Ann's turns; the computers answer by themselves */
  for (int t = 0; t < 3; t++)
    {
      WAIT_UNTIL (s->current == 0);
      g_assert_true (place_some_tile (view, game));
      activate (view, "game.end-turn", NULL);
    }
  WAIT_UNTIL (s->current == 0);
  guint n = fol_game_get_n_moves (FOL_GAME (game));
  guint64 hash = fol_game_get_hash (FOL_GAME (game));
  gint64 id = fol_game_get_store_id (FOL_GAME (game));
  gtk_window_destroy (GTK_WINDOW (win));
  spin ();
  /* leave and come back: the same position */
  g_autoptr (FolSummerGame) again = fol_summer_game_load (store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (fol_game_get_n_moves (FOL_GAME (again)), ==, n);
  g_assert_cmphex (fol_game_get_hash (FOL_GAME (again)), ==, hash);
  GtkWidget *view2 = fol_summer_view_new (again, NULL);
  GtkWidget *win2 = show_in_window (view2);
  g_assert_true (place_some_tile (view2, again));
  gtk_window_destroy (GTK_WINDOW (win2));
  spin ();
  g_clear_object (&game);
  g_clear_object (&again);
  g_clear_object (&store);
  store_test_rmdir (dir);
}

static GtkWidget *
find_button (GtkWidget *w, const char *action)
{
  if (GTK_IS_BUTTON (w) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (w)), action) == 0)
    return w;
  for (GtkWidget *c = gtk_widget_get_first_child (w); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_button (c, action);
      if (found)
        return found;
    }
  return NULL;
}

/* A game in @store: Ann (a person) and Hazel (a Normal computer), Hazel
 * first when @computer_first. */
static FolSummerGame *
duel (FolStore *store, gboolean computer_first, guint64 seed)
{
  SummerSetup setup;
  summer_setup_init (&setup, 2, seed);
  FolPlayer *ann = fol_player_new ("Ann", TRUE, 0);
  FolPlayer *hazel = fol_player_new ("Hazel", FALSE, FOL_AI_NORMAL);
  FolPlayer *players[2] = { computer_first ? hazel : ann, computer_first ? ann : hazel };
  g_autoptr (GError) error = NULL;
  FolSummerGame *game = fol_summer_game_new (&setup, players, store, &error);
  g_assert_no_error (error);
  g_object_unref (ann);
  g_object_unref (hazel);
  return game;
}

/* H on a person's turn: the Hard level's move, legal, on the board and in
 * words, counted once in the saved game; again does not recompute; it goes
 * when the person moves.  On a computer's turn the action is off. */
static void
test_hint (void)
{
  g_autofree char *dir = store_test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "foliage.db", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (FolStore) store = fol_store_new (path, &error);
  g_assert_no_error (error);

  /* the computer's turn: nothing */
  {
    g_autoptr (FolSummerGame) game = duel (store, TRUE, 31);
    GtkWidget *view = g_object_ref_sink (fol_summer_view_new (game, NULL));
    GtkWidget *button = find_button (view, "game.hint");
    g_assert_nonnull (button);
    g_assert_false (gtk_widget_get_sensitive (button));
    gtk_widget_activate_action (view, "game.hint", NULL);
    g_assert_false (fol_thinking_get_busy (fol_summer_view_get_thinking (FOL_SUMMER_VIEW (view))));
    g_assert_null (fol_summer_view_get_hint (FOL_SUMMER_VIEW (view)));
    g_assert_cmpuint (fol_game_get_n_hints (FOL_GAME (game)), ==, 0);
    g_object_unref (view);
  }

  g_autoptr (FolSummerGame) game = duel (store, FALSE, 32);
  FolGame *g = FOL_GAME (game);
  GtkWidget *view = fol_summer_view_new (game, NULL);
  fol_summer_view_set_animation_delay (FOL_SUMMER_VIEW (view), 0);
  GtkWidget *win = show_in_window (view);
  const SummerState *s = fol_summer_game_get_state (game);
  g_assert_cmpint (s->current, ==, 0);
  g_assert_true (gtk_widget_get_sensitive (find_button (view, "game.hint")));
  activate (view, "game.hint", NULL);
  WAIT_UNTIL (fol_summer_view_get_hint (FOL_SUMMER_VIEW (view)) != NULL);
  g_autofree char *hint = g_strdup (fol_summer_view_get_hint (FOL_SUMMER_VIEW (view)));
  SummerMove m;
  g_assert_true (summer_move_parse (s, hint, &m, &error));
  g_assert_true (summer_check_move (s, &m, &error));
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (fol_summer_view_get_help_text (FOL_SUMMER_VIEW (view)), "Hint: "));
  g_assert_cmpuint (fol_game_get_n_moves (g), ==, 0);
  g_assert_cmpuint (fol_game_get_n_hints (g), ==, 1);
  {
    g_autoptr (FolSavedGame) saved = fol_store_load_game (store, fol_game_get_store_id (g), &error);
    g_assert_no_error (error);
    g_assert_cmpint (saved->hints, ==, 1);
  }
  /* one press, one hint */
  activate (view, "game.hint", NULL);
  g_assert_false (fol_thinking_get_busy (fol_summer_view_get_thinking (FOL_SUMMER_VIEW (view))));
  g_assert_cmpstr (fol_summer_view_get_hint (FOL_SUMMER_VIEW (view)), ==, hint);
  g_assert_cmpuint (fol_game_get_n_hints (g), ==, 1);
  /* the person moves: the hint goes */
  g_assert_true (place_some_tile (view, game));
  g_assert_null (fol_summer_view_get_hint (FOL_SUMMER_VIEW (view)));
  g_assert_false (g_str_has_prefix (fol_summer_view_get_help_text (FOL_SUMMER_VIEW (view)), "Hint: "));
  gtk_window_destroy (GTK_WINDOW (win));
  spin ();
  g_clear_object (&game);
  g_clear_object (&store);
  store_test_rmdir (dir);
}

/* Right after the page is shown, the number keys reach the board (not the
 * first button of the side panel): 1 takes the first tile of the Path. */
static void
test_keys_at_once (void)
{
  g_autofree char *dir = store_test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "foliage.db", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (FolStore) store = fol_store_new (path, &error);
  g_assert_no_error (error);
  g_autoptr (FolSummerGame) game = duel (store, FALSE, 34);
  GtkWidget *view = fol_summer_view_new (game, NULL);
  GtkWidget *win = show_in_window (view);
  FolSummerBoard *board = FOL_SUMMER_BOARD (fol_summer_view_get_board (FOL_SUMMER_VIEW (view)));
  g_assert_true (gtk_widget_has_focus (GTK_WIDGET (board)));
  g_assert_true (send_key_to_window (win, GDK_KEY_1));
  SummerMove held;
  g_assert_true (fol_summer_board_get_held (board, &held, NULL));
  g_assert_cmpint (held.kind, ==, SUMMER_MOVE_LEAF);
  g_assert_cmpint (held.tile, ==, fol_summer_game_get_state (game)->seat[0].path[0]);
  gtk_window_destroy (GTK_WINDOW (win));
  spin ();
  g_clear_object (&game);
  g_clear_object (&store);
  store_test_rmdir (dir);
}

/* The hint the spy hands back: the first legal move of this kind (a Leaf
 * tile: one turned or flipped), instead of the Hard level's. */
static SummerMoveKind spy_kind;
static char *
spy_choose (gconstpointer state, int level, guint64 seed, gint64 deadline, GCancellable *cancellable)
{
  const SummerState *s = state;
  SummerMoveList list;
  summer_legal_moves (s, &list);
  char *text = NULL;
  for (int i = 0; i < list.n && !text; i++)
    if (list.moves[i].kind == spy_kind && (spy_kind != SUMMER_MOVE_LEAF || list.moves[i].transform != 0))
      text = summer_move_format (s, &list.moves[i]);
  summer_move_list_clear (&list);
  return text;
}

/* The hint set up for the hand: the hinted Leaf tile, picked up from the
 * Path (its number key), comes turned and flipped as the hint shows it and
 * over the hint's place, so Enter plays the very hint; a hint the board does
 * not show (the end of the turn) rings its button with the "hint" style
 * class, gone with the hint. */
static void
test_hint_set_up (void)
{
  FolGameClass *klass = g_type_class_ref (FOL_TYPE_SUMMER_GAME);
  char *(*real_choose) (gconstpointer, int, guint64, gint64, GCancellable *) = klass->choose_move;
  klass->choose_move = spy_choose;
  g_autofree char *dir = store_test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "foliage.db", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (FolStore) store = fol_store_new (path, &error);
  g_assert_no_error (error);
  g_autoptr (FolSummerGame) game = duel (store, FALSE, 35);
  GtkWidget *view = fol_summer_view_new (game, NULL);
  GtkWidget *win = show_in_window (view);
  FolSummerBoard *board = FOL_SUMMER_BOARD (fol_summer_view_get_board (FOL_SUMMER_VIEW (view)));
  const SummerState *s = fol_summer_game_get_state (game);

  spy_kind = SUMMER_MOVE_LEAF;
  activate (view, "game.hint", NULL);
  WAIT_UNTIL (fol_summer_view_get_hint (FOL_SUMMER_VIEW (view)) != NULL);
  SummerMove hint;
  g_assert_true (summer_move_parse (s, fol_summer_view_get_hint (FOL_SUMMER_VIEW (view)), &hint, &error));
  g_assert_no_error (error);
  g_assert_cmpint (hint.kind, ==, SUMMER_MOVE_LEAF);
  g_assert_cmpint (hint.transform, !=, 0);
  int slot = -1;
  for (int i = 0; i < s->seat[0].path_len; i++)
    if (s->seat[0].path[i] == hint.tile)
      slot = i;
  g_assert_cmpint (slot, >=, 0);
  g_assert_true (send_key_to_window (win, GDK_KEY_1 + (guint) slot));
  SummerMove held;
  gboolean legal = FALSE;
  g_assert_true (fol_summer_board_get_held (board, &held, &legal));
  g_assert_true (legal);
  g_assert_cmpint (held.tile, ==, hint.tile);
  g_assert_cmpint (held.transform, ==, hint.transform);
  g_assert_cmpint (held.square, ==, hint.square);
  /* no button is ringed for a tile: the board shows it */
  GtkWidget *end = find_button (view, "game.end-turn");
  g_assert_false (gtk_widget_has_css_class (end, "hint"));
  guint n = fol_game_get_n_moves (FOL_GAME (game));
  g_assert_true (send_key_to_window (win, GDK_KEY_Return));
  spin ();
  g_assert_cmpuint (fol_game_get_n_moves (FOL_GAME (game)), ==, n + 1);
  g_assert_null (fol_summer_view_get_hint (FOL_SUMMER_VIEW (view)));

  /* the end of the turn: its button is ringed, until the hint goes */
  spy_kind = SUMMER_MOVE_END;
  activate (view, "game.hint", NULL);
  WAIT_UNTIL (fol_summer_view_get_hint (FOL_SUMMER_VIEW (view)) != NULL);
  g_assert_true (gtk_widget_has_css_class (end, "hint"));
  g_assert_false (gtk_widget_has_css_class (find_button (view, "game.squirrel"), "hint"));
  activate (view, "game.undo", NULL);
  g_assert_null (fol_summer_view_get_hint (FOL_SUMMER_VIEW (view)));
  g_assert_false (gtk_widget_has_css_class (end, "hint"));

  gtk_window_destroy (GTK_WINDOW (win));
  spin ();
  klass->choose_move = real_choose;
  g_type_class_unref (klass);
  g_clear_object (&game);
  g_clear_object (&store);
  store_test_rmdir (dir);
}

/* A computer that thinks longer than a moment is said to think, with its
 * name (the state the delay's timeout sets, not a duration); closing the
 * page cancels its search and no move is played after. */
static void
test_thinking_and_leaving (void)
{
  g_autofree char *dir = store_test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "foliage.db", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (FolStore) store = fol_store_new (path, &error);
  g_assert_no_error (error);
  g_autoptr (FolSummerGame) game = duel (store, TRUE, 33);
  GtkWidget *view = fol_summer_view_new (game, NULL);
  GtkWidget *win = show_in_window (view);
  FolThinking *thinking = fol_summer_view_get_thinking (FOL_SUMMER_VIEW (view));
  g_assert_false (fol_thinking_get_shown (thinking));
  WAIT_UNTIL (fol_thinking_get_busy (thinking));
  /* the search has started; its result cannot arrive before the loop runs
   * again (on a slow machine an earlier move of the computer's turn may have
   * been played while the window was being shown: count from here) */
  guint n_moves = fol_game_get_n_moves (FOL_GAME (game));
  g_assert_false (fol_thinking_get_hinting (thinking));
  fol_thinking_show_now (thinking);
  g_assert_true (fol_thinking_get_shown (thinking));
  g_assert_cmpstr (fol_thinking_get_text (thinking), ==, "Hazel is thinking…");
  g_assert_cmpfloat (gtk_widget_get_opacity (GTK_WIDGET (thinking)), ==, 1.0);
  g_autoptr (GCancellable) cancellable = g_object_ref (fol_thinking_get_cancellable (thinking));
  g_object_add_weak_pointer (G_OBJECT (thinking), (gpointer *) &thinking);

  /* leave */
  gtk_window_destroy (GTK_WINDOW (win));
  g_assert_true (g_cancellable_is_cancelled (cancellable));
  /* the search ends (the widget lives until then) and nothing is played */
  WAIT_UNTIL (thinking == NULL);
  spin ();
  g_assert_cmpuint (fol_game_get_n_moves (FOL_GAME (game)), ==, n_moves);
  g_autoptr (FolSavedGame) saved = fol_store_load_game (store, fol_game_get_store_id (FOL_GAME (game)), &error);
  g_assert_no_error (error);
  g_assert_cmpint (fol_saved_game_get_n_moves (saved), ==, (int) n_moves);
  g_clear_object (&game);
  g_clear_object (&store);
  store_test_rmdir (dir);
}

int
main (int argc, char *argv[])
{
  if (!g_getenv ("DISPLAY") && !g_getenv ("WAYLAND_DISPLAY"))
    {
      printf ("1..0 # SKIP no display (run under xvfb-run)\n");
      return 0;
    }
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  g_autoptr (GError) error = NULL;
  g_assert_nonnull (summer_components_get (&error));
  g_test_add_func ("/ui/summer-view/solo-game-to-the-end", test_solo_game_to_the_end);
  g_test_add_func ("/ui/summer-view/against-computers-and-resume", test_against_computers_and_resume);
  g_test_add_func ("/ui/summer-view/hint", test_hint);
  g_test_add_func ("/ui/summer-view/keys-at-once", test_keys_at_once);
  g_test_add_func ("/ui/summer-view/hint-set-up", test_hint_set_up);
  g_test_add_func ("/ui/summer-view/thinking-and-leaving", test_thinking_and_leaving);
  return g_test_run ();
}
