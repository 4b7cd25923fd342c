/* test-summer-page.c: the Indian Summer page under Xvfb, driven through the
 * same code paths the pointer and the keys use (the board's pick, rotate,
 * flip, cursor and drop; the page's actions): a whole solo game to its end
 * screen, undo, a game against computer players, resume from the store,
 * the hint, the thinking indicator and leaving a page mid-thought, the
 * person's Forest Floor kept large through the computer's turns and the
 * log naming whose tiles its Mushroom took; issue 12: the line under the
 * title naming only the keys that work (R and F as the piece held allows),
 * a reopened game's last move outlined again, and the rules help's
 * pictures drawn by the board's painter. */
#include "config.h"

#include "key-test-util.h"
#include "page-test-util.h"
#include "ui-test-util.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fol-help-window.h"
#include "fol-summer-board.h"
#include "fol-summer-page.h"
#include "fol-summer-painter.h"
#include "summer-ai.h"
#include "summer-notation.h"
#include "store-test-util.h"

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
  FolSummerBoard *board = FOL_SUMMER_BOARD (fol_game_page_get_board (FOL_GAME_PAGE (view)));
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

/* A store in a temporary folder for one test. */
typedef struct {
  char *dir;
  FolStore *store;
} Fixture;

static void
fixture_setup (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  f->dir = store_test_tmpdir ();
  g_autofree char *path = g_build_filename (f->dir, "foliage.db", NULL);
  f->store = fol_store_new (path, &error);
  g_assert_no_error (error);
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  g_clear_object (&f->store);
  store_test_rmdir (f->dir);
  g_free (f->dir);
}

/* The message dialog on screen, or NULL. */
static AdwMessageDialog *
find_message_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GObject) w = g_list_model_get_item (toplevels, i);
      if (ADW_IS_MESSAGE_DIALOG (w) && gtk_widget_get_visible (GTK_WIDGET (w)))
        return ADW_MESSAGE_DIALOG (w);
    }
  return NULL;
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
  GtkWidget *view = fol_summer_page_new (game, NULL);
  fol_game_page_set_animation_delay (FOL_GAME_PAGE (view), 0);
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
              FolSummerBoard *board = FOL_SUMMER_BOARD (fol_game_page_get_board (FOL_GAME_PAGE (view)));
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
  /* Finish Game while the exchanges and Squirrels left would score more:
   * asked first (Cancel keeps the end phase; Auto-finish finishes best) */
  SummerMoveList best;
  summer_solo_auto_finish (s, &best);
  g_autofree SummerState *copy = g_memdup2 (s, sizeof *s);
  for (int i = 0; i < best.n; i++)
    g_assert_true (summer_apply_move (copy, &best.moves[i], NULL, NULL));
  summer_move_list_clear (&best);
  int auto_score = copy->result[0].solo_score;
  memcpy (copy, s, sizeof *s);
  SummerMove end = { .kind = SUMMER_MOVE_END, .tile = SUMMER_NONE, .a = SUMMER_NONE, .b = SUMMER_NONE };
  g_assert_true (summer_apply_move (copy, &end, NULL, NULL));
  g_assert_cmpint (auto_score, >, copy->result[0].solo_score);   /* the deal leaves something to gain */
  for (int round = 0; round < 2; round++)
    {
      activate (view, "game.end-turn", NULL);
      AdwMessageDialog *dialog = NULL;
      WAIT_UNTIL ((dialog = find_message_dialog ()) != NULL);
      g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Finish the game now?");
      adw_message_dialog_response (dialog, round == 0 ? "cancel" : "auto");
      spin ();
      if (round == 0)
        g_assert_cmpint (s->phase, ==, SUMMER_PHASE_SOLO_END);
    }
  WAIT_UNTIL (summer_is_over (s));
  g_assert_cmpint (s->result[0].solo_score, ==, auto_score);
  gtk_window_destroy (GTK_WINDOW (win));
  spin ();
}

static void
test_against_computers_and_resume (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  SummerSetup setup;
  summer_setup_init (&setup, 3, 99);
  FolPlayer *players[3] = { fol_player_new ("Ann", TRUE, 0), fol_player_new ("Bob", FALSE, FOL_AI_NORMAL),
                            fol_player_new ("Cat", FALSE, FOL_AI_EASY) };
  g_autoptr (FolSummerGame) game = fol_summer_game_new (&setup, players, f->store, &error);
  g_assert_no_error (error);
  for (int i = 0; i < 3; i++)
    g_object_unref (players[i]);
  GtkWidget *view = fol_summer_page_new (game, NULL);
  fol_game_page_set_animation_delay (FOL_GAME_PAGE (view), 0);
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
  g_autoptr (FolSummerGame) again = fol_summer_game_load (f->store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (fol_game_get_n_moves (FOL_GAME (again)), ==, n);
  g_assert_cmphex (fol_game_get_hash (FOL_GAME (again)), ==, hash);
  GtkWidget *view2 = fol_summer_page_new (again, NULL);
  GtkWidget *win2 = show_in_window (view2);
  g_assert_true (place_some_tile (view2, again));
  gtk_window_destroy (GTK_WINDOW (win2));
  spin ();
  g_clear_object (&game);
  g_clear_object (&again);
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

/* Shows @game's page in a window (in *@win); the computer waits: the test
 * plays its moves through the model. */
static GtkWidget *
show_paused (FolSummerGame *game, GtkWidget **win)
{
  GtkWidget *view = fol_summer_page_new (game, NULL);
  fol_game_page_set_animation_delay (FOL_GAME_PAGE (view), G_MAXINT / 2);
  *win = show_in_window (view);
  return view;
}

/* A point of the board over the person's count of @treasure, or FALSE. */
static gboolean
treasure_point (FolSummerBoard *board, const SummerState *s, int treasure, double *x, double *y)
{
  const FolSummerLayout *l = fol_summer_board_get_layout (board);
  const FolRect *info = &l->seat[l->main_seat].info;
  for (double py = info->y; py < info->y + info->height; py += 1)
    for (double px = info->x; px < info->x + info->width; px += 1)
      if (fol_summer_layout_treasure_at (l, s, px, py) == treasure)
        {
          *x = px + 2;
          *y = py + 2;
          return fol_summer_layout_treasure_at (l, s, *x, *y) == treasure;
        }
  return FALSE;
}

/* The person's own treasure counts on the board act as the panel's
 * buttons (issue 11: at 1000x700 the panel is folded away): a click on the
 * Nut arms a Squirrel to place, on the supply's Squirrels arms the Main
 * Action's, on the Mushroom (2 players) takes the two tiles; a treasure the
 * person has none of, or a computer's turn, does nothing. */
static void
test_treasure_clicks (Fixture *f, gconstpointer data)
{
  g_autoptr (FolSummerGame) game = duel (f->store, FALSE, 36);
  GtkWidget *win;
  GtkWidget *view = show_paused (game, &win);
  FolSummerBoard *board = FOL_SUMMER_BOARD (fol_game_page_get_board (FOL_GAME_PAGE (view)));
  const SummerState *s = fol_summer_game_get_state (game);
  g_assert_cmpint (s->current, ==, 0);
  g_assert_cmpint (s->seat[0].treasures[SUMMER_NUT], >, 0);
  g_assert_cmpint (s->seat[0].treasures[SUMMER_FEATHER], ==, 0);
  double x, y;
  SummerMove held;

  /* the Feather: none, nothing happens */
  g_assert_true (treasure_point (board, s, SUMMER_FEATHER, &x, &y));
  fol_summer_board_pointer_press (board, x, y);
  fol_summer_board_pointer_release (board, x, y);
  g_assert_false (fol_summer_board_get_held (board, &held, NULL));
  g_assert_cmpint (s->pending, ==, SUMMER_PENDING_NONE);

  /* the Nut: a Squirrel paid with a Nut, held */
  g_assert_true (treasure_point (board, s, SUMMER_NUT, &x, &y));
  fol_summer_board_pointer_press (board, x, y);
  fol_summer_board_pointer_release (board, x, y);
  g_assert_true (fol_summer_board_get_held (board, &held, NULL));
  g_assert_cmpint (held.kind, ==, SUMMER_MOVE_NUT);
  fol_summer_board_cancel (board);

  /* the supply's Squirrels: the Main Action's Squirrel */
  const FolSummerLayout *l = fol_summer_board_get_layout (board);
  const FolRect *sq = &l->supply_item[SUMMER_N_TREASURES];
  fol_summer_board_pointer_press (board, sq->x + sq->width / 2, sq->y + sq->height / 2);
  g_assert_true (fol_summer_board_get_held (board, &held, NULL));
  g_assert_cmpint (held.kind, ==, SUMMER_MOVE_SQUIRREL);
  fol_summer_board_cancel (board);

  /* the Mushroom: the two tiles taken, to place */
  g_assert_cmpint (s->seat[0].treasures[SUMMER_MUSHROOM], >, 0);
  g_assert_true (treasure_point (board, s, SUMMER_MUSHROOM, &x, &y));
  fol_summer_board_pointer_press (board, x, y);
  spin ();
  g_assert_cmpint (s->pending, ==, SUMMER_PENDING_MUSHROOM);

  /* Hazel's turn: the counts (the person's floor, still large) do nothing */
  while (s->current == 0)
    {
      g_autofree char *move = fol_game_choose_move (FOL_GAME (game), FOL_AI_GREEDY);
      g_autoptr (GError) error = NULL;
      g_assert_true (fol_game_apply_move (FOL_GAME (game), move, &error));
      g_assert_no_error (error);
    }
  spin ();
  guint n_moves = fol_game_get_n_moves (FOL_GAME (game));
  if (treasure_point (board, s, SUMMER_BERRY, &x, &y))
    {
      fol_summer_board_pointer_press (board, x, y);
      spin ();
    }
  g_assert_cmpuint (fol_game_get_n_moves (FOL_GAME (game)), ==, n_moves);
  g_assert_false (fol_summer_board_get_held (board, &held, NULL));
  gtk_window_destroy (GTK_WINDOW (win));
  spin ();
}

/* H on a person's turn: the Hard level's move, legal, on the board and in
 * words, counted once in the saved game; again does not recompute; it goes
 * when the person moves.  On a computer's turn the action is off. */
static void
test_hint (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;

  /* the computer's turn: nothing */
  {
    g_autoptr (FolSummerGame) game = duel (f->store, TRUE, 31);
    GtkWidget *view = g_object_ref_sink (fol_summer_page_new (game, NULL));
    GtkWidget *button = find_button (view, "game.hint");
    g_assert_nonnull (button);
    g_assert_false (gtk_widget_get_sensitive (button));
    gtk_widget_activate_action (view, "game.hint", NULL);
    g_assert_false (fol_thinking_get_busy (fol_game_page_get_thinking (FOL_GAME_PAGE (view))));
    g_assert_null (fol_game_page_get_hint (FOL_GAME_PAGE (view)));
    g_assert_cmpuint (fol_game_get_n_hints (FOL_GAME (game)), ==, 0);
    g_object_unref (view);
  }

  g_autoptr (FolSummerGame) game = duel (f->store, FALSE, 32);
  FolGame *g = FOL_GAME (game);
  GtkWidget *view = fol_summer_page_new (game, NULL);
  fol_game_page_set_animation_delay (FOL_GAME_PAGE (view), 0);
  GtkWidget *win = show_in_window (view);
  const SummerState *s = fol_summer_game_get_state (game);
  g_assert_cmpint (s->current, ==, 0);
  g_assert_true (gtk_widget_get_sensitive (find_button (view, "game.hint")));
  activate (view, "game.hint", NULL);
  WAIT_UNTIL (fol_game_page_get_hint (FOL_GAME_PAGE (view)) != NULL);
  g_autofree char *hint = g_strdup (fol_game_page_get_hint (FOL_GAME_PAGE (view)));
  SummerMove m;
  g_assert_true (summer_move_parse (s, hint, &m, &error));
  g_assert_true (summer_check_move (s, &m, &error));
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (fol_game_page_get_help_text (FOL_GAME_PAGE (view)), "Hint: "));
  g_assert_cmpuint (fol_game_get_n_moves (g), ==, 0);
  g_assert_cmpuint (fol_game_get_n_hints (g), ==, 1);
  {
    g_autoptr (FolSavedGame) saved = fol_store_load_game (f->store, fol_game_get_store_id (g), &error);
    g_assert_no_error (error);
    g_assert_cmpint (saved->hints, ==, 1);
  }
  /* one press, one hint */
  activate (view, "game.hint", NULL);
  g_assert_false (fol_thinking_get_busy (fol_game_page_get_thinking (FOL_GAME_PAGE (view))));
  g_assert_cmpstr (fol_game_page_get_hint (FOL_GAME_PAGE (view)), ==, hint);
  g_assert_cmpuint (fol_game_get_n_hints (g), ==, 1);
  /* the person moves: the hint goes */
  g_assert_true (place_some_tile (view, game));
  g_assert_null (fol_game_page_get_hint (FOL_GAME_PAGE (view)));
  g_assert_false (g_str_has_prefix (fol_game_page_get_help_text (FOL_GAME_PAGE (view)), "Hint: "));
  gtk_window_destroy (GTK_WINDOW (win));
  spin ();
  g_clear_object (&game);
}

/* Right after the page is shown, the number keys reach the board (not the
 * first button of the side panel): 1 takes the first tile of the Path. */
static void
test_keys_at_once (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (FolSummerGame) game = duel (f->store, FALSE, 34);
  GtkWidget *view = fol_summer_page_new (game, NULL);
  GtkWidget *win = show_in_window (view);
  FolSummerBoard *board = FOL_SUMMER_BOARD (fol_game_page_get_board (FOL_GAME_PAGE (view)));
  /* the window's focus (whether the window is active is the X server's) */
  g_assert_true (gtk_window_get_focus (GTK_WINDOW (win)) == GTK_WIDGET (board));
  g_assert_true (send_key_to_window (win, GDK_KEY_1));
  SummerMove held;
  g_assert_true (fol_summer_board_get_held (board, &held, NULL));
  g_assert_cmpint (held.kind, ==, SUMMER_MOVE_LEAF);
  g_assert_cmpint (held.tile, ==, fol_summer_game_get_state (game)->seat[0].path[0]);
  gtk_window_destroy (GTK_WINDOW (win));
  spin ();
  g_clear_object (&game);
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
test_hint_set_up (Fixture *f, gconstpointer data)
{
  FolGameClass *klass = g_type_class_ref (FOL_TYPE_SUMMER_GAME);
  char *(*real_choose) (gconstpointer, int, guint64, gint64, GCancellable *) = klass->choose_move;
  klass->choose_move = spy_choose;
  g_autoptr (GError) error = NULL;
  g_autoptr (FolSummerGame) game = duel (f->store, FALSE, 35);
  GtkWidget *view = fol_summer_page_new (game, NULL);
  GtkWidget *win = show_in_window (view);
  FolSummerBoard *board = FOL_SUMMER_BOARD (fol_game_page_get_board (FOL_GAME_PAGE (view)));
  const SummerState *s = fol_summer_game_get_state (game);

  spy_kind = SUMMER_MOVE_LEAF;
  activate (view, "game.hint", NULL);
  WAIT_UNTIL (fol_game_page_get_hint (FOL_GAME_PAGE (view)) != NULL);
  SummerMove hint;
  g_assert_true (summer_move_parse (s, fol_game_page_get_hint (FOL_GAME_PAGE (view)), &hint, &error));
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
  g_assert_null (fol_game_page_get_hint (FOL_GAME_PAGE (view)));

  /* the end of the turn: its button is ringed, until the hint goes */
  spy_kind = SUMMER_MOVE_END;
  activate (view, "game.hint", NULL);
  WAIT_UNTIL (fol_game_page_get_hint (FOL_GAME_PAGE (view)) != NULL);
  g_assert_true (gtk_widget_has_css_class (end, "hint"));
  g_assert_false (gtk_widget_has_css_class (find_button (view, "game.squirrel"), "hint"));
  activate (view, "game.undo", NULL);
  g_assert_null (fol_game_page_get_hint (FOL_GAME_PAGE (view)));
  g_assert_false (gtk_widget_has_css_class (end, "hint"));

  gtk_window_destroy (GTK_WINDOW (win));
  spin ();
  klass->choose_move = real_choose;
  g_type_class_unref (klass);
  g_clear_object (&game);
}

/* A computer that thinks longer than a moment is said to think, with its
 * name (the state the delay's timeout sets, not a duration); closing the
 * page cancels its search and no move is played after. */
static void
test_thinking_and_leaving (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (FolSummerGame) game = duel (f->store, TRUE, 33);
  GtkWidget *view = fol_summer_page_new (game, NULL);
  GtkWidget *win = show_in_window (view);
  FolThinking *thinking = fol_game_page_get_thinking (FOL_GAME_PAGE (view));
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
  g_autoptr (FolSavedGame) saved = fol_store_load_game (f->store, fol_game_get_store_id (FOL_GAME (game)), &error);
  g_assert_no_error (error);
  g_assert_cmpint (fol_saved_game_get_n_moves (saved), ==, (int) n_moves);
  g_clear_object (&game);
}

/* Waits until the board has laid out its picture again; returns the seat
 * whose Forest Floor it draws large. */
static int
large_floor (FolSummerBoard *board)
{
  gtk_widget_queue_draw (GTK_WIDGET (board));
  WAIT_UNTIL (fol_summer_board_get_layout (board) != NULL);
  return fol_summer_board_get_layout (board)->main_seat;
}

static gboolean
summer_has_kind (const SummerState *s, SummerMoveKind kind, SummerMove *out)
{
  SummerMoveList l;
  summer_legal_moves (s, &l);
  gboolean found = FALSE;
  for (int i = 0; i < l.n && !found; i++)
    if (l.moves[i].kind == kind)
      {
        *out = l.moves[i];
        found = TRUE;
      }
  summer_move_list_clear (&l);
  return found;
}

/* The log has a header for each round, as Fall's has its weeks: the
 * first at the start, then one as each round begins and when a full
 * Forest Floor makes the round the last; the board's "last move" stays
 * the move's line, not the header; reopened, the log says the same. */
static void
test_round_headers (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (FolSummerGame) game = duel (f->store, FALSE, 36);
  FolGame *g = FOL_GAME (game);
  GtkWidget *win;
  GtkWidget *view = show_paused (game, &win);
  FolGamePage *page = FOL_GAME_PAGE (view);
  FolSummerBoard *board = FOL_SUMMER_BOARD (fol_game_page_get_board (page));
  const SummerState *s = fol_summer_game_get_state (game);
  g_assert_cmpstr (fol_game_page_get_log_line (page, 0), ==, "— Round 1 —");
  int headers = 0;
  gboolean last_seen = FALSE;
  while (!summer_is_over (s))
    {
      int round = s->round;
      gboolean last = s->end_triggered;
      guint before = fol_game_page_get_log_length (page);
      g_autofree char *move = fol_game_choose_move (g, FOL_AI_GREEDY);
      g_assert_true (fol_game_apply_move (g, move, &error));
      g_assert_no_error (error);
      guint n = fol_game_page_get_log_length (page);
      if (!summer_is_over (s) && (s->round != round || s->end_triggered != last))
        {
          g_autofree char *header = s->end_triggered ? g_strdup_printf ("— Round %d is the last: a Forest Floor is full —", s->round)
                                                     : g_strdup_printf ("— Round %d —", s->round);
          g_assert_cmpstr (fol_game_page_get_log_line (page, n - 1), ==, header);
          headers++;
          last_seen |= s->end_triggered;
          /* the board's last move is the move's own line, not the header */
          if (n >= before + 2)
            {
              g_autofree char *said = g_strdup_printf ("Last move: %s", fol_game_page_get_log_line (page, n - 2));
              g_assert_nonnull (strstr (fol_summer_board_get_description (board), said));
            }
        }
      else if (n > before)
        g_assert_false (g_str_has_prefix (fol_game_page_get_log_line (page, n - 1), "—"));
    }
  spin ();
  g_assert_cmpint (headers, >=, 7);
  g_assert_true (last_seen);
  /* reopened: the same log */
  guint n = fol_game_page_get_log_length (page);
  g_autoptr (GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (lines, g_strdup (fol_game_page_get_log_line (page, i)));
  gint64 id = fol_game_get_store_id (g);
  gtk_window_destroy (GTK_WINDOW (win));
  spin ();
  g_autoptr (FolSummerGame) again = fol_summer_game_load (f->store, id, &error);
  g_assert_no_error (error);
  view = fol_summer_page_new (again, NULL);
  win = show_in_window (view);
  g_assert_cmpuint (fol_game_page_get_log_length (FOL_GAME_PAGE (view)), ==, n);
  for (guint i = 0; i < n; i++)
    g_assert_cmpstr (fol_game_page_get_log_line (FOL_GAME_PAGE (view), i), ==, lines->pdata[i]);
  gtk_window_destroy (GTK_WINDOW (win));
  spin ();
}

/* During the computer's turns the large Forest Floor stays the person's
 * (the board marks the computer's small floor as the seat to move), and
 * the log says whose tiles the computer's Mushroom took: "your" tile. */
static void
test_computer_turn_keeps_floor (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (FolSummerGame) game = duel (f->store, FALSE, 36);
  FolGame *g = FOL_GAME (game);
  GtkWidget *win;
  GtkWidget *view = show_paused (game, &win);
  FolSummerBoard *board = FOL_SUMMER_BOARD (fol_game_page_get_board (FOL_GAME_PAGE (view)));
  const SummerState *s = fol_summer_game_get_state (game);
  g_assert_cmpint (large_floor (board), ==, 0);
  gboolean mushroom = FALSE, hazel_moved = FALSE;
  while (!summer_is_over (s) && !mushroom)
    {
      SummerMove m;
      hazel_moved |= s->current == 1;
      if (s->current == 1 && s->seat[0].path_len > 0 && s->common_len > 0
          && summer_has_kind (s, SUMMER_MOVE_MUSHROOM, &m))
        {
          /* Hazel's Mushroom takes Ann's first tile and the Common Path's */
          const char *colours[] = { "green", "yellow", "red" };
          g_autofree char *expect = g_strdup_printf ("Hazel spent a Mushroom and took your %s tile and the Common "
                                                     "Path's first tile",
                                                     colours[summer_components ()->leaf[s->seat[0].path[0]].colour]);
          g_assert_true (fol_summer_game_apply (game, &m, NULL, &error));
          guint n = fol_game_page_get_log_length (FOL_GAME_PAGE (view));
          g_assert_cmpstr (fol_game_page_get_log_line (FOL_GAME_PAGE (view), n - 1), ==, expect);
          mushroom = TRUE;
        }
      else
        {
          g_autofree char *move = fol_game_choose_move (g, FOL_AI_GREEDY);
          g_assert_true (fol_game_apply_move (g, move, &error));
        }
      g_assert_no_error (error);
      spin ();
      if (!summer_is_over (s))
        g_assert_cmpint (large_floor (board), ==, 0);
    }
  g_assert_true (hazel_moved);
  g_assert_true (mushroom);
  gtk_window_destroy (GTK_WINDOW (win));
  spin ();
  g_clear_object (&game);
}

/* Whether @text names R (turn) or F (flip). */
static gboolean
names_turn_key (const char *text)
{
  return strstr (text, "R or") || strstr (text, "R rotates") || strstr (text, " R ") || strstr (text, " R,");
}

static gboolean
names_flip_key (const char *text)
{
  return strstr (text, "F flips") || strstr (text, " F ") || strstr (text, " F,") || strstr (text, " F.");
}

/* Issue 12: the line under the title says only what applies now.  With
 * nothing held, no R or F; a Leaf tile that is its own mirror image: R
 * only, one that is not: R and F; a Squirrel: neither; each Animal tile as
 * its shape allows (DECISIONS.md: the Hedgehog is a square, the Fox the
 * only L of four); after the Main Action, what is left and Ctrl+Enter. */
static void
test_help_says_what_applies (void)
{
  /* a solo deal whose Player Path holds a green tile of each kind: G01-G12
   * are their own mirror images (a straight or a bent tromino with its
   * Hole in the middle or the bend), G13-G17 are not */
  const SummerComponents *c = summer_components ();
  SummerSetup setup;
  SummerState probe;
  int mirror = -1, chiral = -1;
  guint64 seed;
  for (seed = 1; seed < 200 && (mirror < 0 || chiral < 0); seed++)
    {
      summer_setup_init (&setup, 1, seed);
      g_assert_true (summer_state_new_game (&setup, &probe, NULL));
      mirror = chiral = -1;
      for (int i = 0; i < probe.seat[0].path_len; i++)
        {
          const char *id = c->leaf[probe.seat[0].path[i]].id;
          if (id[0] == 'G' && atoi (id + 1) <= 12)
            mirror = probe.seat[0].path[i];
          else if (id[0] == 'G')
            chiral = probe.seat[0].path[i];
        }
    }
  g_assert_cmpint (mirror, >=, 0);
  g_assert_cmpint (chiral, >=, 0);
  g_autoptr (FolPlayer) me = fol_player_new ("Ann", TRUE, 0);
  g_autoptr (GError) error = NULL;
  g_autoptr (FolSummerGame) game = fol_summer_game_new (&setup, &me, NULL, &error);
  g_assert_no_error (error);
  GtkWidget *view = fol_summer_page_new (game, NULL);
  GtkWidget *win = show_in_window (view);
  FolGamePage *page = FOL_GAME_PAGE (view);
  FolSummerBoard *board = FOL_SUMMER_BOARD (fol_game_page_get_board (page));

  /* nothing held: how to take a tile, no R or F */
  const char *text = fol_game_page_get_help_text (page);
  g_test_message ("nothing held: %s", text);
  g_assert_nonnull (strstr (text, "press 1 to 5"));
  g_assert_false (names_turn_key (text));
  g_assert_false (names_flip_key (text));

  /* a Leaf tile */
  g_assert_true (fol_summer_board_pick_tile (board, chiral));
  text = fol_game_page_get_help_text (page);
  g_test_message ("%s held: %s", c->leaf[chiral].id, text);
  g_assert_true (names_turn_key (text));
  g_assert_true (names_flip_key (text));
  g_assert_true (fol_summer_board_pick_tile (board, mirror));
  text = fol_game_page_get_help_text (page);
  g_test_message ("%s held: %s", c->leaf[mirror].id, text);
  g_assert_true (names_turn_key (text));
  g_assert_false (names_flip_key (text));
  g_assert_nonnull (strstr (text, "Escape"));

  /* a Squirrel (the Main Action's button) */
  activate (view, "game.squirrel", NULL);
  g_assert_true (fol_summer_board_get_held (board, NULL, NULL));
  text = fol_game_page_get_help_text (page);
  g_test_message ("Squirrel held: %s", text);
  g_assert_nonnull (strstr (text, "Squirrel"));
  g_assert_false (names_turn_key (text));
  g_assert_false (names_flip_key (text));
  g_assert_nonnull (strstr (text, "Escape"));

  /* each Animal tile, as the menu arms it */
  static const struct {
    SummerAnimalKind kind;
    gboolean turns, flips;
  } animals[] = {
    { SUMMER_MOUSE, TRUE, FALSE }, { SUMMER_HARE, TRUE, FALSE }, { SUMMER_OWL, TRUE, FALSE },
    { SUMMER_HEDGEHOG, FALSE, FALSE }, { SUMMER_RACOON, TRUE, FALSE }, { SUMMER_FOX, TRUE, TRUE },
    { SUMMER_BADGER, TRUE, FALSE },
  };
  for (guint i = 0; i < G_N_ELEMENTS (animals); i++)
    {
      fol_summer_board_arm_animal (board, animals[i].kind);
      text = fol_game_page_get_help_text (page);
      g_test_message ("%s held: %s", c->animal[animals[i].kind].name, text);
      g_assert_nonnull (strstr (text, "Animal tile"));
      g_assert_cmpint (names_turn_key (text), ==, animals[i].turns);
      g_assert_cmpint (names_flip_key (text), ==, animals[i].flips);
    }

  /* put back: nothing held again */
  g_assert_true (fol_summer_board_key (board, GDK_KEY_Escape, 0));
  g_assert_false (names_turn_key (fol_game_page_get_help_text (page)));

  /* the Main Action done: what is left, and the key that ends the turn */
  g_assert_true (place_some_tile (view, game));
  text = fol_game_page_get_help_text (page);
  g_test_message ("Main Action done: %s", text);
  g_assert_nonnull (strstr (text, "Ctrl+Enter"));
  g_assert_null (strstr (text, "Pick"));
  g_assert_false (names_turn_key (text));
  g_assert_false (names_flip_key (text));
  gtk_window_destroy (GTK_WINDOW (win));
  spin ();
}

/* Path tiles of the person to move that fit somewhere now (bit i: tile i). */
static guint
path_tiles_that_fit (const SummerState *s)
{
  const SummerSeat *seat = &s->seat[s->current];
  guint fits = 0;
  SummerMoveList l;
  summer_legal_moves (s, &l);
  for (int i = 0; i < l.n; i++)
    for (int k = 0; l.moves[i].kind == SUMMER_MOVE_LEAF && k < seat->path_len; k++)
      if (seat->path[k] == l.moves[i].tile)
        fits |= 1u << k;
  summer_move_list_clear (&l);
  return fits;
}

/* A solo Main Action to choose where some tiles of the Player Path fit
 * nowhere (the greedy player's games, seed after seed): the line under the
 * title names the keys of the tiles that fit only, and picking one that
 * fits nowhere (its key, as a click does) takes nothing and says why. */
static void
test_tile_that_fits_nowhere (void)
{
  g_autoptr (FolPlayer) me = fol_player_new ("Ann", TRUE, 0);
  g_autoptr (FolSummerGame) game = NULL;
  guint fits = 0;
  for (guint64 seed = 1; seed < 60 && !game; seed++)
    {
      SummerSetup setup;
      summer_setup_init (&setup, 1, seed);
      g_autoptr (GError) error = NULL;
      g_autoptr (FolSummerGame) g = fol_summer_game_new (&setup, &me, NULL, &error);
      g_assert_no_error (error);
      while (!fol_game_get_is_over (FOL_GAME (g)))
        {
          const SummerState *s = fol_summer_game_get_state (g);
          fits = path_tiles_that_fit (s);
          int n = s->seat[0].path_len;
          if (s->pending == SUMMER_PENDING_NONE && !s->main_done && n >= 2 && fits != 0 && fits != (1u << n) - 1)
            {
              game = g_steal_pointer (&g);
              break;
            }
          g_autofree char *move = fol_game_choose_move (FOL_GAME (g), FOL_AI_GREEDY);
          g_assert_true (fol_game_apply_move (FOL_GAME (g), move, &error));
        }
    }
  g_assert_nonnull (game);
  const SummerState *s = fol_summer_game_get_state (game);
  int nowhere = g_bit_nth_lsf (~fits, -1), fitting = g_bit_nth_lsf (fits, -1);
  GtkWidget *view = fol_summer_page_new (game, NULL);
  GtkWidget *win = show_in_window (view);
  FolGamePage *page = FOL_GAME_PAGE (view);
  FolSummerBoard *board = FOL_SUMMER_BOARD (fol_game_page_get_board (page));

  const char *text = fol_game_page_get_help_text (page);
  g_test_message ("tiles fitting %x of %d: %s", fits, s->seat[0].path_len, text);
  g_autofree char *fit_key = g_strdup_printf ("%d", fitting + 1);
  g_autofree char *nowhere_key = g_strdup_printf ("%d", nowhere + 1);
  g_assert_nonnull (strstr (text, "Not every Leaf tile"));
  g_assert_nonnull (strstr (text, fit_key));
  g_assert_null (strstr (strstr (text, "press"), nowhere_key));

  /* its key takes nothing, and the line says why */
  fol_summer_board_key (board, GDK_KEY_1 + nowhere, 0);
  g_assert_false (fol_summer_board_get_held (board, NULL, NULL));
  text = fol_game_page_get_help_text (page);
  g_test_message ("key %d: %s", nowhere + 1, text);
  g_assert_true (g_str_has_prefix (text, "That Leaf tile fits nowhere"));

  /* one that fits is taken, and the line is about it alone */
  g_assert_true (fol_summer_board_key (board, GDK_KEY_1 + fitting, 0));
  g_assert_true (fol_summer_board_get_held (board, NULL, NULL));
  g_assert_null (strstr (fol_game_page_get_help_text (page), "fits nowhere"));
  gtk_window_destroy (GTK_WINDOW (win));
  spin ();
}

/* Issue 12: a reopened game outlines its last move as it was when played:
 * the last Leaf tile, Squirrel or Animal tile (or treasure action) of the
 * log, not the end of a turn nor an exchange, by its seat; and the board's
 * description says the log's last line.  No motion plays on opening. */
static void
test_reopen_last_move (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (FolSummerGame) game = duel (f->store, FALSE, 31);
  FolGame *g = FOL_GAME (game);
  /* both seats play (the greedy player for both) until Hazel's turn has
   * just ended: Ann, the person, is to move (no computer plays on opening) */
  while (fol_game_get_n_moves (g) < 9 || fol_game_get_n_undoable (g) > 0 || fol_game_get_current_seat (g) != 0)
    {
      g_autofree char *move = fol_game_choose_move (g, FOL_AI_GREEDY);
      g_assert_true (fol_game_apply_move (g, move, &error));
      g_assert_no_error (error);
    }
  /* what the board should outline, from the log replayed by the engine */
  SummerSetup setup;
  summer_setup_init (&setup, 2, 31);
  SummerState s;
  g_assert_true (summer_state_new_game (&setup, &s, NULL));
  int want_seat = -1;
  SummerMove want = { 0 }, m;
  for (guint ply = 0; ply < fol_game_get_n_moves (g); ply++)
    {
      int seat;
      const char *text = fol_game_get_move (g, ply, &seat);
      g_assert_true (summer_move_parse (&s, text, &m, &error));
      g_assert_true (summer_apply_move (&s, &m, NULL, &error));
      if (m.kind != SUMMER_MOVE_END && m.kind != SUMMER_MOVE_EXCHANGE)
        {
          want_seat = seat;
          want = m;
        }
    }
  g_assert_cmpint (m.kind, ==, SUMMER_MOVE_END);
  g_assert_cmpint (want_seat, >=, 0);
  gint64 id = fol_game_get_store_id (g);

  /* reopened from the store */
  g_autoptr (FolSummerGame) again = fol_summer_game_load (f->store, id, &error);
  g_assert_no_error (error);
  GtkWidget *view = fol_summer_page_new (again, NULL);
  GtkWidget *win = show_in_window (view);
  FolSummerBoard *board = FOL_SUMMER_BOARD (fol_game_page_get_board (FOL_GAME_PAGE (view)));
  int seat = -1;
  SummerMove shown;
  g_assert_true (fol_summer_board_get_last_move (board, &seat, &shown));
  g_assert_cmpint (seat, ==, want_seat);
  g_assert_cmpint (shown.kind, ==, want.kind);
  g_assert_cmpint (shown.tile, ==, want.tile);
  g_assert_cmpint (shown.square, ==, want.square);
  g_assert_cmpint (shown.transform, ==, want.transform);
  g_assert_false (fol_summer_board_get_animating (board, NULL));
  /* the latest move's line (a round's header may follow it) */
  guint n = fol_game_page_get_log_length (FOL_GAME_PAGE (view));
  while (n > 0 && g_str_has_prefix (fol_game_page_get_log_line (FOL_GAME_PAGE (view), n - 1), "—"))
    n--;
  g_assert_cmpuint (n, >, 0);
  g_autofree char *said = g_strdup_printf ("Last move: %s", fol_game_page_get_log_line (FOL_GAME_PAGE (view), n - 1));
  g_assert_nonnull (strstr (fol_summer_board_get_description (board), said));
  gtk_window_destroy (GTK_WINDOW (win));
  spin ();

  /* a game without moves outlines nothing */
  g_autoptr (FolSummerGame) fresh = duel (f->store, FALSE, 32);
  view = fol_summer_page_new (fresh, NULL);
  win = show_in_window (view);
  board = FOL_SUMMER_BOARD (fol_game_page_get_board (FOL_GAME_PAGE (view)));
  g_assert_false (fol_summer_board_get_last_move (board, NULL, NULL));
  g_assert_null (strstr (fol_summer_board_get_description (board), "Last move"));
  gtk_window_destroy (GTK_WINDOW (win));
  spin ();
}

static gboolean
is_stack (GtkWidget *w, gconstpointer data)
{
  return GTK_IS_STACK (w);
}

static gboolean
is_drawing_area (GtkWidget *w, gconstpointer data)
{
  return GTK_IS_DRAWING_AREA (w);
}

/* The colours (RGB) of what @w draws now, rendered by its window's renderer. */
static guint
colours_drawn (GtkWidget *w)
{
  int width = gtk_widget_get_width (w), height = gtk_widget_get_height (w);
  g_assert_cmpint (width, >, 0);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  GTK_WIDGET_GET_CLASS (w)->snapshot (w, snapshot);
  GskRenderNode *node = gtk_snapshot_free_to_node (snapshot);
  if (!node)
    return 0;
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (w));
  g_autoptr (GdkTexture) texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width, height));
  gsk_render_node_unref (node);
  g_autofree guint32 *px = g_new (guint32, (gsize) width * (gsize) height);
  gdk_texture_download (texture, (guchar *) px, (gsize) width * 4);
  g_autoptr (GHashTable) seen = g_hash_table_new (NULL, NULL);
  for (int i = 0; i < width * height; i++)
    if (px[i] >> 24)
      g_hash_table_add (seen, GUINT_TO_POINTER (px[i] & 0xffffff));
  return g_hash_table_size (seen);
}

/* Issue 12: the rules help opens; every picture of every section is drawn
 * by the board's painter: a Forest Floor of many colours (squares per
 * Area, Leaf tiles, Holes, tokens), light and dark. */
static void
test_help_pictures (void)
{
  static const char *const sections[] = { "goal", "turn", "placing", "treasures", "areas", "animals", "paths",
                                          "end", "solo", "controls" };
  AdwStyleManager *style = adw_style_manager_get_default ();
  for (int dark = 0; dark < 2; dark++)
    {
      adw_style_manager_set_color_scheme (style, dark ? ADW_COLOR_SCHEME_FORCE_DARK : ADW_COLOR_SCHEME_FORCE_LIGHT);
      FolHelpWindow *help = fol_help_window_new (NULL);
      gtk_window_present (GTK_WINDOW (help));
      g_assert_cmpuint (fol_help_window_get_n_sections (help), ==, G_N_ELEMENTS (sections));
      GtkStack *stack = GTK_STACK (page_test_find (GTK_WIDGET (help), is_stack, NULL, NULL));
      guint pictures = 0;
      for (guint i = 0; i < G_N_ELEMENTS (sections); i++)
        {
          g_assert_true (fol_help_window_show_section (help, sections[i]));
          g_autoptr (GPtrArray) areas = g_ptr_array_new ();
          page_test_find (GTK_WIDGET (help), is_drawing_area, NULL, areas);
          for (guint k = 0; k < areas->len; k++)
            {
              GtkWidget *area = areas->pdata[k];
              if (!gtk_widget_is_ancestor (area, gtk_stack_get_visible_child (stack)))
                continue;  /* another section's */
              WAIT_UNTIL (gtk_widget_get_mapped (area) && gtk_widget_get_width (area) > 0);
              guint n = colours_drawn (area);
              g_test_message ("%s, picture %u: %u colours", sections[i], k, n);
              g_assert_cmpuint (n, >, 40);
              pictures++;
            }
        }
      /* five Forest Floors and the treasures */
      g_assert_cmpuint (pictures, ==, 6);
      gtk_window_destroy (GTK_WINDOW (help));
      spin ();
    }
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
}

int
main (int argc, char *argv[])
{
  if (!ui_test_init (&argc, &argv))
    return 0;
  g_autoptr (GError) error = NULL;
  g_assert_nonnull (summer_components_get (&error));
  g_test_add_func ("/ui/summer-page/solo-game-to-the-end", test_solo_game_to_the_end);
  g_test_add_func ("/ui/summer-page/help-says-what-applies", test_help_says_what_applies);
  g_test_add_func ("/ui/summer-page/help-pictures", test_help_pictures);
  g_test_add_func ("/ui/summer-page/tile-that-fits-nowhere", test_tile_that_fits_nowhere);
  g_test_add ("/ui/summer-page/against-computers-and-resume", Fixture, NULL, fixture_setup, test_against_computers_and_resume, fixture_teardown);
  g_test_add ("/ui/summer-page/reopen-last-move", Fixture, NULL, fixture_setup, test_reopen_last_move, fixture_teardown);
  g_test_add ("/ui/summer-page/hint", Fixture, NULL, fixture_setup, test_hint, fixture_teardown);
  g_test_add ("/ui/summer-page/keys-at-once", Fixture, NULL, fixture_setup, test_keys_at_once, fixture_teardown);
  g_test_add ("/ui/summer-page/hint-set-up", Fixture, NULL, fixture_setup, test_hint_set_up, fixture_teardown);
  g_test_add ("/ui/summer-page/thinking-and-leaving", Fixture, NULL, fixture_setup, test_thinking_and_leaving, fixture_teardown);
  g_test_add ("/ui/summer-page/treasure-clicks", Fixture, NULL, fixture_setup, test_treasure_clicks, fixture_teardown);
  g_test_add ("/ui/summer-page/round-headers", Fixture, NULL, fixture_setup, test_round_headers, fixture_teardown);
  g_test_add ("/ui/summer-page/computer-turn-keeps-floor", Fixture, NULL, fixture_setup, test_computer_turn_keeps_floor, fixture_teardown);
  int ret = g_test_run ();
  ui_test_cleanup ();
  return ret;
}
