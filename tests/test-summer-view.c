/* test-summer-view.c: the Indian Summer page under Xvfb, driven through the
 * same code paths the pointer and the keys use (the board's pick, rotate,
 * flip, cursor and drop; the page's actions): a whole solo game to its end
 * screen, undo, a game against computer players, resume from the store. */
#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <stdio.h>

#include "fol-summer-board.h"
#include "fol-summer-view.h"
#include "summer-ai.h"
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
  FolPlayer *players[3] = { fol_player_new ("Ann", TRUE, 0), fol_player_new ("Bob", FALSE, SUMMER_AI_GREEDY),
                            fol_player_new ("Cat", FALSE, SUMMER_AI_RANDOM) };
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
  return g_test_run ();
}
