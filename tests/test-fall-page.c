/* test-fall-page.c: the Fall page under Xvfb (GTK_A11Y=test,
 * GSETTINGS_BACKEND=memory): a whole game against the computer played
 * through the board's operations (the code paths of pointer and keys),
 * undo, resume from the store, the pass-the-device screen of a game
 * between two people, the end table, the computer's thinking shown and
 * cancelled when the page is left, and the hint (H): the Hard level's
 * move, legal, from the asking seat's view only, recorded with the game.
 * Issue 12: the log without coordinates, Rotate only with a tile in hand,
 * week 12's tokens of no more use put back unasked, the last move shown
 * again when a game is reopened, the tokens of the end table and of the
 * rules help drawn by the board's painter. */
#include "config.h"

#include "fall-ui-test-util.h"
#include "key-test-util.h"
#include "page-test-util.h"
#include "ui-test-util.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>

#include "fol-fall-board.h"
#include "fol-fall-game.h"
#include "fol-fall-help.h"
#include "fol-fall-page.h"
#include "fol-fall-words.h"
#include "fall-notation.h"
#include "fall-scoring.h"
#include "ai-level.h"

typedef struct {
  char *dir;
  FolStore *store;
  GtkWidget *window;
} Fixture;

static void
fixture_setup (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  f->dir = g_dir_make_tmp ("fall-page-XXXXXX", &error);
  g_assert_no_error (error);
  g_autofree char *path = g_build_filename (f->dir, "games.db", NULL);
  f->store = fol_store_new (path, &error);
  g_assert_no_error (error);
  f->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1200, 800);
}

static void
remove_tree (const char *dir)
{
  GDir *d = g_dir_open (dir, 0, NULL);
  const char *name;
  while (d && (name = g_dir_read_name (d)))
    {
      g_autofree char *p = g_build_filename (dir, name, NULL);
      g_remove (p);
    }
  if (d)
    g_dir_close (d);
  g_rmdir (dir);
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_clear_object (&f->store);
  remove_tree (f->dir);
  g_free (f->dir);
}

static FolFallGame *
new_game (Fixture *f, guint64 seed, gboolean second_human)
{
  g_autoptr (FolPlayer) a = fol_player_new ("Norma", TRUE, 0);
  g_autoptr (FolPlayer) b = fol_player_new ("Amedeo", second_human, 1);
  FolPlayer *players[2] = { a, b };
  FallOptions opts = { 0, 0 };   /* side A, Norma first */
  g_autoptr (GError) error = NULL;
  FolFallGame *game = fol_fall_game_new (seed, &opts, players, f->store, &error);
  g_assert_no_error (error);
  return game;
}

static gboolean
timeout_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

static FolFallPage *
show (Fixture *f, FolFallGame *game)
{
  GtkWidget *view = fol_fall_page_new (game);
  fol_game_page_set_animation_delay (FOL_GAME_PAGE (view), 0);
  gtk_window_set_child (GTK_WINDOW (f->window), view);
  gtk_window_present (GTK_WINDOW (f->window));
  /* let it get a size */
  gboolean timed_out = FALSE;
  guint id = g_timeout_add_seconds (10, timeout_cb, &timed_out);
  while (!timed_out && gtk_widget_get_width (view) == 0)
    g_main_context_iteration (NULL, TRUE);
  if (!timed_out)
    g_source_remove (id);
  g_assert_false (timed_out);
  return FOL_FALL_PAGE (view);
}

/* Runs the main loop until the human seat @seat is to move (or the game ends). */
static void
wait_for_seat (FolFallGame *game, int seat)
{
  gboolean timed_out = FALSE;
  guint id = g_timeout_add_seconds (60, timeout_cb, &timed_out);
  while (!timed_out && !fall_state_is_over (fol_fall_game_get_state (game))
         && fall_state_current_seat (fol_fall_game_get_state (game)) != seat)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (timed_out);
  g_source_remove (id);
}

static void
rect_center (const FolFallRect *r, double *x, double *y)
{
  *x = r->x + r->width / 2;
  *y = r->y + r->height / 2;
}

/* The picture point of a cell, fitting the view first when it is not on the board. */
static void
cell_point (FolFallBoard *board, int q, int r, double *x, double *y)
{
  fol_fall_transform_cell_center (fol_fall_board_get_transform (board), (FolHex) { q, r }, x, y);
  if (fol_fall_layout_hit (fol_fall_board_get_layout (board), *x, *y).kind != FOL_FALL_HIT_BOARD)
    {
      fol_fall_board_fit (board);
      fol_fall_transform_cell_center (fol_fall_board_get_transform (board), (FolHex) { q, r }, x, y);
    }
  g_assert_cmpint (fol_fall_layout_hit (fol_fall_board_get_layout (board), *x, *y).kind, ==, FOL_FALL_HIT_BOARD);
}

/* Asks for a hint (H) and waits for it; checks that it is a legal move of
 * the seat to move on that seat's view, shown on the board and said in
 * words, and counted once more.  Returns the move. */
static FallMove
ask_hint (FolFallPage *view, FolFallGame *game)
{
  FolGame *g = FOL_GAME (game);
  guint hints = fol_game_get_n_hints (g);
  guint n_moves = fol_game_get_n_moves (g);
  g_assert_null (fol_game_page_get_hint (FOL_GAME_PAGE (view)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "game.hint", NULL));
  g_assert_true (fol_thinking_get_hinting (fol_game_page_get_thinking (FOL_GAME_PAGE (view))));
  WAIT_UNTIL (fol_game_page_get_hint (FOL_GAME_PAGE (view)) != NULL);
  const char *text = fol_game_page_get_hint (FOL_GAME_PAGE (view));
  int seat = fall_state_current_seat (fol_fall_game_get_state (game));
  FallState *seat_view = g_new0 (FallState, 1);
  fol_fall_game_get_view (game, seat, seat_view);
  FallMove m;
  g_autoptr (GError) error = NULL;
  g_assert_true (fall_move_parse (seat_view->comps, text, &m, &error));
  g_assert_no_error (error);
  const char *reason = NULL;
  g_assert_true (fall_check_move (seat_view, &m, &reason));
  g_free (seat_view);
  /* on the board, in words, counted; nothing played */
  FallMove shown;
  g_assert_true (fol_fall_board_get_hint (FOL_FALL_BOARD (fol_game_page_get_board (FOL_GAME_PAGE (view))), &shown));
  g_assert_true (fall_move_equal (&shown, &m));
  g_assert_true (g_str_has_prefix (fol_game_page_get_help_text (FOL_GAME_PAGE (view)), "Hint: "));
  g_assert_cmpuint (fol_game_get_n_moves (g), ==, n_moves);
  g_assert_cmpuint (fol_game_get_n_hints (g), ==, hints + 1);
  return m;
}

static gboolean
is_token_picture (GtkWidget *w, gconstpointer data)
{
  return GTK_IS_DRAWING_AREA (w) && g_strcmp0 (gtk_widget_get_name (w), "token-picture") == 0;
}

/* How many pixels of two pictures of one size differ by more than a little. */
static int
pixels_differ (cairo_surface_t *a, cairo_surface_t *b)
{
  int w = cairo_image_surface_get_width (a), h = cairo_image_surface_get_height (a);
  int stride = cairo_image_surface_get_stride (a);
  const guint8 *da = cairo_image_surface_get_data (a), *db = cairo_image_surface_get_data (b);
  int n = 0;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w * 4; x += 4)
      for (int c = 0; c < 4; c++)
        if (ABS (da[y * stride + x + c] - db[y * stride + x + c]) > 8)
          {
            n++;
            break;
          }
  return n;
}

static cairo_surface_t *
painted_tokens (const int *tokens, int n, int width, int height)
{
  cairo_surface_t *surf = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surf);
  fol_fall_paint_token_row (cr, tokens, n, &(FolFallRect) { 0, 0, width, height });
  cairo_destroy (cr);
  cairo_surface_flush (surf);
  return surf;
}

/* @area (a token picture, allocated) draws what the board's painter draws
 * for @tokens (fol_fall_paint_token_row()): its picture, rendered through
 * its snapshot, is the painter's, and far from the painter's picture of
 * other tokens. */
static void
assert_draws_tokens (GtkWidget *area, const int *tokens, int n)
{
  cairo_surface_t *got = fall_ui_test_render (area);
  int width = cairo_image_surface_get_width (got), height = cairo_image_surface_get_height (got);
  cairo_surface_t *want = painted_tokens (tokens, n, width, height);
  int others[FALL_N_TOKEN_KINDS];
  for (int i = 0; i < n; i++)
    others[i] = (tokens[i] + 1) % FALL_N_TOKEN_KINDS;
  cairo_surface_t *other = painted_tokens (others, n, width, height);
  int total = width * height;
  g_assert_cmpint (pixels_differ (got, want), <, total / 100);
  g_assert_cmpint (pixels_differ (got, other), >, total / 20);
  cairo_surface_destroy (got);
  cairo_surface_destroy (want);
  cairo_surface_destroy (other);
}

/* At the end, each player's Foxes, Birds and Mushrooms come with their
 * tokens drawn by the board's painter. */
static void
assert_end_table_tokens (FolFallPage *view)
{
  g_autoptr (GPtrArray) pictures = g_ptr_array_new ();
  page_test_find (GTK_WIDGET (view), is_token_picture, NULL, pictures);
  g_assert_cmpuint (pictures->len, ==, 6);
  static const int fox[] = { FALL_FOX }, birds[] = { FALL_HOOPOE, FALL_ROBIN }, mushroom[] = { FALL_MUSHROOM };
  for (guint i = 0; i < pictures->len; i++)
    {
      GtkWidget *area = g_ptr_array_index (pictures, i);
      g_assert_true (gtk_widget_get_mapped (area));
      if (i % 3 == 0)
        assert_draws_tokens (area, fox, 1);
      else if (i % 3 == 1)
        assert_draws_tokens (area, birds, 2);
      else
        assert_draws_tokens (area, mushroom, 1);
    }
}

/* Plays one turn of the seat to move as a person would: with @pointer,
 * clicks on the offer, the pointer over the cells, R to rotate, clicks to
 * place, clicks on set-aside tokens and tiles, Enter now and then;
 * without, through the board's operations.  Ends the turn with the
 * discard choice.  @undo_once: place a tile, undo it, place it again. */
static void
play_human_turn (FolFallPage *view, FolFallGame *game, gboolean undo_once, gboolean pointer)
{
  FolFallBoard *board = FOL_FALL_BOARD (fol_game_page_get_board (FOL_GAME_PAGE (view)));
  const FolFallLayout *layout = fol_fall_board_get_layout (board);
  /* the board has its size (after the pass-the-device screen, at the next frame) */
  gboolean timed_out = FALSE;
  guint id = g_timeout_add_seconds (10, timeout_cb, &timed_out);
  while (!timed_out && (gtk_widget_get_width (GTK_WIDGET (board)) == 0 || layout->width != gtk_widget_get_width (GTK_WIDGET (board))))
    g_main_context_iteration (NULL, TRUE);
  if (!timed_out)
    g_source_remove (id);
  g_assert_false (timed_out);
  const FallState *s = fol_fall_game_get_state (game);
  int seat = fall_state_current_seat (s);
  g_assert_cmpint (fol_fall_page_get_shown_seat (view), ==, seat);
  /* the board shows the seat's view: the other seat's cards are hidden */
  const FallState *shown = fol_fall_board_get_state (board);
  g_assert_nonnull (shown);
  g_assert_true (shown->is_view);
  g_assert_cmpint (shown->card[1 - seat][0], ==, FALL_NONE);
  g_assert_cmpint (shown->card[seat][0], !=, FALL_NONE);

  while (s->phase == FALL_PHASE_TAKE)
    {
      int slot = 0;
      while (s->offer_tile[slot] == FALL_NONE)
        slot++;
      guint n_moves = fol_game_get_n_moves (FOL_GAME (game));
      if (pointer)
        {
          double x, y;
          rect_center (&layout->offer_slot[slot], &x, &y);
          fol_fall_board_click (board, x, y);
        }
      else
        g_assert_true (fol_fall_board_take (board, slot));
      g_assert_cmpuint (fol_game_get_n_moves (FOL_GAME (game)), ==, n_moves + 1);
    }
  gboolean undone = !undo_once;
  int placed = 0;
  while (s->n_hand_tiles > 0)
    {
      int tile = fol_fall_board_get_held_tile (board);
      g_assert_cmpint (tile, >=, 0);   /* the board took the tile into the pointer */
      FallMove *list = g_new (FallMove, FALL_MAX_MOVES);
      int n = fall_legal_placements (fol_fall_board_get_state (board), tile, list);
      if (n == 0)
        {
          g_assert_true (fol_fall_board_discard_tile (board, tile));
          g_free (list);
          continue;
        }
      FallMove m = list[n / 2];
      g_free (list);
      double x = 0, y = 0;
      if (pointer)
        {
          cell_point (board, m.q, m.r, &x, &y);
          fol_fall_board_hover (board, x, y);
          FolHex cursor;
          g_assert_true (fol_fall_board_get_cursor (board, &cursor));
          g_assert_cmpint (cursor.q, ==, m.q);
          g_assert_cmpint (cursor.r, ==, m.r);
        }
      else
        fol_fall_board_set_cursor (board, (FolHex) { m.q, m.r });
      while (1)
        {
          FallMove ghost;
          gboolean legal;
          g_assert_true (fol_fall_board_get_ghost (board, &ghost, &legal, NULL, NULL));
          if (ghost.rot == m.rot)
            {
              g_assert_true (legal);
              break;
            }
          if (pointer)
            g_assert_true (fol_fall_board_key (board, GDK_KEY_r, 0));
          else
            fol_fall_board_rotate (board, 1);
        }
      guint n_moves = fol_game_get_n_moves (FOL_GAME (game));
      if (pointer && placed++ % 2 == 0)
        fol_fall_board_click (board, x, y);
      else if (pointer)
        g_assert_true (fol_fall_board_key (board, GDK_KEY_Return, 0));
      else
        g_assert_true (fol_fall_board_activate (board));
      g_assert_cmpuint (fol_game_get_n_moves (FOL_GAME (game)), ==, n_moves + 1);
      if (!undone)
        {
          guint log = fol_game_page_get_log_length (FOL_GAME_PAGE (view));
          int hand = s->n_hand_tiles;
          g_assert_true (fol_game_page_undo (FOL_GAME_PAGE (view)));
          g_assert_cmpint (s->n_hand_tiles, ==, hand + 1);
          g_assert_cmpuint (fol_game_page_get_log_length (FOL_GAME_PAGE (view)), <, log);
          undone = TRUE;
        }
    }
  /* tokens: each held one that fits somewhere, the Toad first */
  static const int order[] = { FALL_TOAD, FALL_MUSHROOM, FALL_FOX, FALL_HOOPOE, FALL_ROBIN };
  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    {
      int k = order[i];
      if (!s->held[seat][k] || k == (int) fall_state_blocked_token (s))
        continue;
      for (int c = 0; c < s->n_cells; c++)
        {
          FallMove m = { .kind = FALL_MOVE_TOKEN, .arg = (uint8_t) k, .q = s->cell[c].q, .r = s->cell[c].r };
          if (!fall_check_move (s, &m, NULL))
            continue;
          guint n_moves = fol_game_get_n_moves (FOL_GAME (game));
          if (pointer)
            {
              double x, y;
              int slot = fol_fall_held_slot_of (fol_fall_board_get_state (board), seat, k);
              g_assert_cmpint (slot, >=, 0);
              rect_center (&layout->held_slot[seat][slot], &x, &y);
              fol_fall_board_click (board, x, y);
              g_assert_cmpint (fol_fall_board_get_selected_token (board), ==, k);
              cell_point (board, m.q, m.r, &x, &y);
              fol_fall_board_click (board, x, y);
            }
          else
            {
              /* T cycles through the tokens that may be placed, Enter places at the cursor */
              for (int tries = 0; fol_fall_board_get_selected_token (board) != k && tries < FALL_N_TOKEN_KINDS; tries++)
                g_assert_true (fol_fall_board_key (board, GDK_KEY_t, 0));
              g_assert_cmpint (fol_fall_board_get_selected_token (board), ==, k);
              fol_fall_board_set_cursor (board, (FolHex) { m.q, m.r });
              g_assert_true (fol_fall_board_key (board, GDK_KEY_Return, 0));
            }
          g_assert_cmpuint (fol_game_get_n_moves (FOL_GAME (game)), ==, n_moves + 1);
          break;
        }
    }
  /* claims */
  for (int c = 0; c < s->n_cells && s->markers[seat]; c++)
    {
      FallMove m = { .kind = FALL_MOVE_CLAIM, .q = s->cell[c].q, .r = s->cell[c].r };
      if (!fall_check_move (s, &m, NULL))
        continue;
      guint n_moves = fol_game_get_n_moves (FOL_GAME (game));
      if (pointer)
        {
          double x, y;
          cell_point (board, m.q, m.r, &x, &y);
          fol_fall_board_click (board, x, y);
        }
      else
        {
          fol_fall_board_set_cursor (board, (FolHex) { m.q, m.r });
          g_assert_true (fol_fall_board_activate (board));
        }
      g_assert_cmpuint (fol_game_get_n_moves (FOL_GAME (game)), ==, n_moves + 1);
    }
  /* end, putting back the excess tokens */
  guint8 discard[4] = { 0 };
  int held = 0;
  for (int k = 0; k < 4; k++)
    held += s->held[seat][k];
  for (int k = 0; k < 4 && held > 2; k++)
    while (s->held[seat][k] - discard[k] > 0 && held > 2)
      {
        discard[k]++;
        held--;
      }
  g_assert_true (fol_fall_page_end_turn (view, discard));
}

static void
test_whole_game (Fixture *f, gconstpointer data)
{
  g_autoptr (FolFallGame) game = new_game (f, 21, FALSE);
  FolFallPage *view = show (f, game);
  g_assert_false (fol_fall_page_is_passing (view));
  int turns = 0;
  while (!fall_state_is_over (fol_fall_game_get_state (game)))
    {
      wait_for_seat (game, 0);
      if (fall_state_is_over (fol_fall_game_get_state (game)))
        break;
      play_human_turn (view, game, turns == 0 || turns == 5, turns % 3 != 2);
      turns++;
    }
  g_assert_cmpint (turns, ==, 18);   /* 12 weeks x 3 turns, half of them Norma's */
  g_assert_true (fol_game_get_is_over (FOL_GAME (game)));
  /* the end: both cards revealed, the table lists every line of both scores */
  g_assert_cmpint (fol_fall_page_get_shown_seat (view), ==, -1);
  const FallState *shown = fol_fall_board_get_state (FOL_FALL_BOARD (fol_game_page_get_board (FOL_GAME_PAGE (view))));
  g_assert_false (shown->is_view);
  g_auto (GStrv) lines = fol_fall_page_get_end_lines (view);
  const FallState *s = fol_fall_game_get_state (game);
  FallTally t;
  fall_tally (s, &t);
  FallScore sc[2];
  fall_result (s, sc);
  for (int p = 0; p < 2; p++)
    {
      g_autoptr (GArray) expect = fol_fall_score_lines (s->comps, &t, s->card[p], p);
      for (guint i = 0; i < expect->len; i++)
        {
          const FolFallScoreLine *l = &g_array_index (expect, FolFallScoreLine, i);
          g_autofree char *row = g_strdup_printf ("    %s\t%d", l->label, l->vp);
          g_assert_true (g_strv_contains ((const char *const *) lines, row));
        }
      g_autofree char *total = g_strdup_printf ("%s: %d VP\t", p ? "Amedeo" : "Norma", sc[p].total);
      g_assert_true (g_strv_contains ((const char *const *) lines, total));
    }
  g_assert_cmpuint (fol_game_page_get_log_length (FOL_GAME_PAGE (view)), >, 100);
  /* the log names places by what one sees, never by coordinates (issue 12) */
  g_autoptr (GRegex) coordinates = g_regex_new ("-?[0-9]+ *, *-?[0-9]+", 0, 0, NULL);
  int places = 0;
  for (guint i = 0; i < fol_game_page_get_log_length (FOL_GAME_PAGE (view)); i++)
    {
      const char *line = fol_game_page_get_log_line (FOL_GAME_PAGE (view), i);
      if (g_regex_match (coordinates, line, 0, NULL))
        g_error ("a log line with coordinates: %s", line);
      places += strstr (line, " next to ") || strstr (line, " between ") || strstr (line, " on top of ");
    }
  g_assert_cmpint (places, >, 48);
  /* the end table's token pictures are the board's tokens */
  spin ();
  assert_end_table_tokens (view);
  /* no hint once the game is over */
  g_assert_false (gtk_widget_get_sensitive (find_button (GTK_WIDGET (view), "game.hint")));
  gtk_widget_activate_action (GTK_WIDGET (view), "game.hint", NULL);
  g_assert_false (fol_thinking_get_busy (fol_game_page_get_thinking (FOL_GAME_PAGE (view))));
  g_assert_null (fol_game_page_get_hint (FOL_GAME_PAGE (view)));
  g_assert_cmpuint (fol_game_get_n_hints (FOL_GAME (game)), ==, 0);
}

/* Shows @game and plays Norma's first turn (@pointer: as play_human_turn()),
 * up to her next one. */
static FolFallPage *
show_after_first_turn (Fixture *f, FolFallGame *game, gboolean pointer)
{
  FolFallPage *view = show (f, game);
  wait_for_seat (game, 0);
  play_human_turn (view, game, FALSE, pointer);
  wait_for_seat (game, 0);
  return view;
}

static void
test_resume (Fixture *f, gconstpointer data)
{
  gint64 id;
  guint64 hash;
  {
    g_autoptr (FolFallGame) game = new_game (f, 4, FALSE);
    FolFallPage *view = show_after_first_turn (f, game, TRUE);
    /* take and place one tile, then leave mid-turn */
    FolFallBoard *board = FOL_FALL_BOARD (fol_game_page_get_board (FOL_GAME_PAGE (view)));
    int slot = 0;
    while (fol_fall_game_get_state (game)->offer_tile[slot] == FALL_NONE)
      slot++;
    g_assert_true (fol_fall_board_take (board, slot));
    id = fol_game_get_store_id (FOL_GAME (game));
    hash = fol_game_get_hash (FOL_GAME (game));
    gtk_window_set_child (GTK_WINDOW (f->window), NULL);
  }
  g_assert_cmpint (id, >, 0);
  g_autoptr (GError) error = NULL;
  g_autoptr (FolFallGame) again = fol_fall_game_load (f->store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (fol_game_get_hash (FOL_GAME (again)), ==, hash);
  FolFallPage *view = show (f, again);
  FolFallBoard *board = FOL_FALL_BOARD (fol_game_page_get_board (FOL_GAME_PAGE (view)));
  const FallState *shown = fol_fall_board_get_state (board);
  FallState *expect = g_new0 (FallState, 1);
  fol_fall_game_get_view (again, 0, expect);
  g_assert_cmphex (fall_state_hash (shown), ==, fall_state_hash (expect));
  g_free (expect);
  /* the tile taken before leaving is in the pointer again, and the turn goes on */
  g_assert_cmpint (fol_fall_board_get_held_tile (board), >=, 0);
  g_assert_cmpuint (fol_game_page_get_log_length (FOL_GAME_PAGE (view)), >, 3);
  play_human_turn (view, again, FALSE, TRUE);
}

static void
test_pass_device (Fixture *f, gconstpointer data)
{
  g_autoptr (FolFallGame) game = new_game (f, 8, TRUE);
  FolFallPage *view = show (f, game);
  FolFallBoard *board = FOL_FALL_BOARD (fol_game_page_get_board (FOL_GAME_PAGE (view)));
  for (int turn = 0; turn < 4; turn++)
    {
      int seat = fall_state_current_seat (fol_fall_game_get_state (game));
      /* between turns: the screen hides everything secret */
      g_assert_true (fol_fall_page_is_passing (view));
      g_assert_cmpint (fol_fall_page_get_shown_seat (view), ==, -1);
      g_assert_null (fol_fall_board_get_state (board));
      g_assert_false (fol_fall_board_take (board, 0));
      fol_fall_page_show_turn (view);
      g_assert_false (fol_fall_page_is_passing (view));
      g_assert_cmpint (fol_fall_page_get_shown_seat (view), ==, seat);
      const FallState *shown = fol_fall_board_get_state (board);
      for (int k = 0; k < FALL_N_CARD_KINDS; k++)
        {
          g_assert_cmpint (shown->card[1 - seat][k], ==, FALL_NONE);
          g_assert_cmpint (shown->card[seat][k], !=, FALL_NONE);
        }
      play_human_turn (view, game, FALSE, turn % 2 == 0);
      g_assert_cmpint (fall_state_current_seat (fol_fall_game_get_state (game)), !=, seat);
    }
}

/* The computer's search shows the shared thinking indicator with its name
 * (the state its delay's timeout sets); closing the page cancels the search
 * and no move is played after. */
static void
test_thinking_and_leaving (Fixture *f, gconstpointer data)
{
  g_autoptr (FolPlayer) a = fol_player_new ("Norma", TRUE, 0);
  g_autoptr (FolPlayer) b = fol_player_new ("Amedeo", FALSE, 1);
  FolPlayer *players[2] = { a, b };
  FallOptions opts = { 0, 1 };   /* Amedeo, the computer, first */
  g_autoptr (GError) error = NULL;
  g_autoptr (FolFallGame) game = fol_fall_game_new (9, &opts, players, f->store, &error);
  g_assert_no_error (error);
  GtkWidget *view = fol_fall_page_new (game);
  FolThinking *thinking = fol_game_page_get_thinking (FOL_GAME_PAGE (view));
  gtk_window_set_child (GTK_WINDOW (f->window), view);
  gtk_window_present (GTK_WINDOW (f->window));
  gboolean timed_out = FALSE;
  guint id = g_timeout_add_seconds (20, timeout_cb, &timed_out);
  while (!timed_out && !fol_thinking_get_busy (thinking))
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (timed_out);
  g_assert_false (fol_thinking_get_shown (thinking));
  fol_thinking_show_now (thinking);
  g_assert_true (fol_thinking_get_shown (thinking));
  g_assert_cmpstr (fol_thinking_get_text (thinking), ==, "Amedeo is thinking…");
  g_autoptr (GCancellable) cancellable = g_object_ref (fol_thinking_get_cancellable (thinking));
  g_object_add_weak_pointer (G_OBJECT (thinking), (gpointer *) &thinking);
  /* leave: the window drops the page (GTK may keep it alive a moment longer:
   * leaving the window is what cancels) */
  gtk_window_set_child (GTK_WINDOW (f->window), NULL);
  g_assert_true (g_cancellable_is_cancelled (cancellable));
  while (!timed_out && thinking != NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (timed_out);
  g_source_remove (id);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_cmpuint (fol_game_get_n_moves (FOL_GAME (game)), ==, 0);
}

/* H on a person's turn: the Hard level's move, legal on the seat's view,
 * drawn on the board and said in words, counted once in the saved game;
 * again does nothing; it goes when the person moves.  Following the hints
 * plays a whole turn (take, place, tokens, end).  On the computer's turn
 * H does nothing. */
static void
test_hint (Fixture *f, gconstpointer data)
{
  g_autoptr (FolFallGame) game = new_game (f, 12, FALSE);
  FolGame *g = FOL_GAME (game);
  FolFallPage *view = show (f, game);
  FolFallBoard *board = FOL_FALL_BOARD (fol_game_page_get_board (FOL_GAME_PAGE (view)));
  FolThinking *thinking = fol_game_page_get_thinking (FOL_GAME_PAGE (view));
  const FallState *s = fol_fall_game_get_state (game);
  g_assert_cmpint (fall_state_current_seat (s), ==, 0);
  /* the Hint button and the H key */
  GtkWidget *button = find_button (GTK_WIDGET (view), "game.hint");
  g_assert_nonnull (button);
  g_assert_true (gtk_widget_get_sensitive (button));
  g_autofree char *keys = shortcut_for (GTK_WIDGET (view), "game.hint");
  g_assert_cmpstr (keys, ==, "h|<Shift>h");

  FallMove m = ask_hint (view, game);
  g_assert_cmpint (m.kind, ==, FALL_MOVE_TAKE);
  g_assert_true (g_str_has_prefix (fol_game_page_get_help_text (FOL_GAME_PAGE (view)), "Hint: take the "));
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (FolSavedGame) saved = fol_store_load_game (f->store, fol_game_get_store_id (g), &error);
    g_assert_no_error (error);
    g_assert_cmpint (saved->hints, ==, 1);
  }
  /* one press, one hint: no second search, nothing counted */
  g_autofree char *first = g_strdup (fol_game_page_get_hint (FOL_GAME_PAGE (view)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "game.hint", NULL));
  g_assert_false (fol_thinking_get_busy (thinking));
  spin ();
  g_assert_cmpstr (fol_game_page_get_hint (FOL_GAME_PAGE (view)), ==, first);
  g_assert_cmpuint (fol_game_get_n_hints (g), ==, 1);
  /* the person moves (another combination than the hint's): the hint goes */
  int slot = m.arg == 0 ? 1 : 0;
  g_assert_true (fol_fall_board_take (board, slot));
  g_assert_null (fol_game_page_get_hint (FOL_GAME_PAGE (view)));
  g_assert_false (fol_fall_board_get_hint (board, NULL));
  g_assert_false (g_str_has_prefix (fol_game_page_get_help_text (FOL_GAME_PAGE (view)), "Hint: "));

  /* follow the hints to the end of the turn: each legal at its stage */
  gboolean placed = FALSE;
  guint hints = 1;
  while (fall_state_current_seat (s) == 0 && !fall_state_is_over (s))
    {
      m = ask_hint (view, game);
      hints++;
      if (m.kind == FALL_MOVE_PLACE)
        {
          placed = TRUE;
          g_assert_true (g_str_has_prefix (fol_game_page_get_help_text (FOL_GAME_PAGE (view)), "Hint: place the ")
                         || g_str_has_prefix (fol_game_page_get_help_text (FOL_GAME_PAGE (view)), "Hint: stack the "));
        }
      if (m.kind == FALL_MOVE_END)
        /* the computer then waits: H is tried on its turn */
        fol_game_page_set_animation_delay (FOL_GAME_PAGE (view), G_MAXINT / 2);
      guint n_moves = fol_game_get_n_moves (g);
      g_signal_emit_by_name (board, "move-chosen", &m);
      g_assert_cmpuint (fol_game_get_n_moves (g), ==, n_moves + 1);
      g_assert_null (fol_game_page_get_hint (FOL_GAME_PAGE (view)));
    }
  g_assert_true (placed);
  g_assert_cmpuint (fol_game_get_n_hints (g), ==, hints);

  /* the computer's turn: the action is off and H does nothing */
  g_assert_cmpint (fall_state_current_seat (s), ==, 1);
  g_assert_false (gtk_widget_get_sensitive (button));
  gtk_widget_activate_action (GTK_WIDGET (view), "game.hint", NULL);
  spin ();
  g_assert_false (fol_thinking_get_busy (thinking));
  g_assert_null (fol_game_page_get_hint (FOL_GAME_PAGE (view)));
  g_assert_false (fol_fall_board_get_hint (board, NULL));
  g_assert_cmpuint (fol_game_get_n_hints (g), ==, hints);
}

/* What the computer is handed for a hint, seen from its worker thread. */
static GMutex spy_lock;
static FallState *spy_state;
static int spy_level = -1;
static char *(*real_choose) (gconstpointer state, int level, guint64 seed, gint64 deadline, GCancellable *cancellable);

static char *
spy_choose (gconstpointer state, int level, guint64 seed, gint64 deadline, GCancellable *cancellable)
{
  g_mutex_lock (&spy_lock);
  g_free (spy_state);
  spy_state = g_memdup2 (state, sizeof (FallState));
  spy_level = level;
  g_mutex_unlock (&spy_lock);
  return real_choose (state, level, seed, deadline, cancellable);
}

/* A game between two people at one desk: no hint on the pass-the-device
 * screen; the hint for seat 2 is computed from seat 2's view alone (the
 * state handed to the computer is exactly that view: seat 1's cards, the
 * bag and the stacks hidden), and it is legal there. */
static void
test_hint_hot_seat (Fixture *f, gconstpointer data)
{
  FolGameClass *klass = g_type_class_ref (FOL_TYPE_FALL_GAME);
  real_choose = klass->choose_move;
  klass->choose_move = spy_choose;

  g_autoptr (FolFallGame) game = new_game (f, 8, TRUE);
  FolFallPage *view = show (f, game);
  const FallState *s = fol_fall_game_get_state (game);
  for (int turn = 0; turn < 2; turn++)
    {
      int seat = fall_state_current_seat (s);
      g_assert_cmpint (seat, ==, turn);
      /* the pass-the-device screen: nothing */
      g_assert_true (fol_fall_page_is_passing (view));
      gtk_widget_activate_action (GTK_WIDGET (view), "game.hint", NULL);
      spin ();
      g_assert_false (fol_thinking_get_busy (fol_game_page_get_thinking (FOL_GAME_PAGE (view))));
      g_assert_null (fol_game_page_get_hint (FOL_GAME_PAGE (view)));
      g_assert_null (spy_state);
      fol_fall_page_show_turn (view);
      if (seat == 0)
        {
          play_human_turn (view, game, FALSE, FALSE);
          continue;
        }
      FallMove m = ask_hint (view, game);
      g_mutex_lock (&spy_lock);
      g_assert_nonnull (spy_state);
      g_assert_cmpint (spy_level, ==, FOL_AI_HARD);
      g_assert_true (spy_state->is_view);
      g_assert_cmpint (spy_state->viewer, ==, 1);
      FallState *expect = g_new0 (FallState, 1);
      fol_fall_game_get_view (game, 1, expect);
      g_assert_cmphex (fall_state_hash (spy_state), ==, fall_state_hash (expect));
      for (int k = 0; k < FALL_N_CARD_KINDS; k++)
        {
          g_assert_cmpint (spy_state->card[0][k], ==, FALL_NONE);
          g_assert_cmpint (spy_state->card[1][k], ==, s->card[1][k]);
        }
      for (int i = 0; i < FALL_N_STACKS; i++)
        for (int j = 0; j < spy_state->n_stack[i]; j++)
          g_assert_cmpint (spy_state->stack[i][j], ==, FALL_NONE);
      for (int i = 0; i < spy_state->n_bag; i++)
        g_assert_cmpint (spy_state->bag[i], ==, FALL_NONE);
      /* legal for seat 2, on the view it was found from */
      g_assert_true (fall_check_move (spy_state, &m, NULL));
      g_free (expect);
      g_mutex_unlock (&spy_lock);
      g_assert_cmpuint (fol_game_get_n_hints (FOL_GAME (game)), ==, 1);
    }
  klass->choose_move = real_choose;
  g_type_class_unref (klass);
  g_clear_pointer (&spy_state, g_free);
}

/* A label of the page whose text begins with @prefix, or NULL. */
static GtkWidget *
find_label (GtkWidget *w, const char *prefix)
{
  if (GTK_IS_LABEL (w) && g_str_has_prefix (gtk_label_get_text (GTK_LABEL (w)), prefix))
    return w;
  for (GtkWidget *c = gtk_widget_get_first_child (w); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_label (c, prefix);
      if (found)
        return found;
    }
  return NULL;
}

/* Right after the page is shown, the number keys reach the board (not the
 * first button of the side panel): 2 takes the second combination. */
static void
test_keys_at_once (Fixture *f, gconstpointer data)
{
  g_autoptr (FolFallGame) game = new_game (f, 12, FALSE);
  FolFallPage *view = show (f, game);
  spin ();
  /* the window's focus: whether the window itself is active is the X server's (other
   * tests' windows come and go on the same display) */
  g_assert_true (gtk_window_get_focus (GTK_WINDOW (f->window)) == fol_game_page_get_board (FOL_GAME_PAGE (view)));
  const FallState *s = fol_fall_game_get_state (game);
  int tile = s->offer_tile[1];
  g_assert_true (send_key_to_window (f->window, GDK_KEY_2));
  g_assert_cmpuint (fol_game_get_n_moves (FOL_GAME (game)), ==, 1);
  g_assert_cmpint (s->hand_tile[0], ==, tile);
}

/* Ctrl+Enter (and Ctrl+E) end the turn in Fall as in Indian Summer: the
 * page's shortcut controller binds them to fall.end-turn. */
static void
test_end_turn_shortcut (Fixture *f, gconstpointer data)
{
  g_autoptr (FolFallGame) game = new_game (f, 12, FALSE);
  FolFallPage *view = show (f, game);
  spin ();
  g_autofree char *keys = shortcut_for (GTK_WIDGET (view), "game.end-turn");
  g_assert_nonnull (keys);
  g_assert_nonnull (strstr (keys, "<Control>Return"));
}

/* The spy's hint: the first legal placement of a tile (not the token the
 * test holds). */
static char *
spy_place (gconstpointer state, int level, guint64 seed, gint64 deadline, GCancellable *cancellable)
{
  const FallState *s = state;
  FallMoveList *list = g_new0 (FallMoveList, 1);
  int n = fall_legal_moves (s, list);
  char buf[32] = "";
  char *text = NULL;
  for (int i = 0; i < n && !text; i++)
    if (list->m[i].kind == FALL_MOVE_PLACE)
      text = g_strdup (fall_move_format (s, &list->m[i], buf, sizeof buf));
  g_free (list);
  return text;
}

static void
save_refusal (FolFallBoard *board, const char *words, gpointer data)
{
  char **out = data;
  g_free (*out);
  *out = g_strdup (words);
}

/* A token set aside that no tile can take now is not taken into the
 * pointer (a click on it, or T): the person is told why; a token a tile
 * takes puts the cursor on such a tile, so Enter places it there. */
static void
test_token_refused (Fixture *f, gconstpointer data)
{
  g_autoptr (FolFallGame) game = new_game (f, 12, FALSE);
  FolFallPage *view = show (f, game);
  FolFallBoard *board = FOL_FALL_BOARD (fol_game_page_get_board (FOL_GAME_PAGE (view)));
  const FallState *s = fol_fall_game_get_state (game);
  g_autofree char *refusal = NULL;
  g_signal_connect (board, "refused", G_CALLBACK (save_refusal), &refusal);
  g_autofree FallMoveList *legal = g_new (FallMoveList, 1);
  gboolean refused = FALSE, placed = FALSE;
  for (int guard = 0; guard < 600 && !(refused && placed) && !fall_state_is_over (s); guard++)
    {
      fall_legal_moves (s, legal);
      if (fall_state_current_seat (s) == 0 && s->phase == FALL_PHASE_ACT)
        for (int k = 0; k < FALL_N_TOKEN_KINDS; k++)
          {
            if (!s->held[0][k] || k == (int) fall_state_blocked_token (s))
              continue;
            gboolean takes = FALSE;
            for (int i = 0; i < legal->n; i++)
              takes |= legal->m[i].kind == FALL_MOVE_TOKEN && legal->m[i].arg == k;
            if (!takes && !refused)
              {
                g_assert_false (fol_fall_board_select_token (board, k));
                g_assert_cmpint (fol_fall_board_get_selected_token (board), ==, -1);
                g_assert_cmpstr (refusal, ==, "No free tile shows that token's icon now: it stays set aside.");
                refused = TRUE;
              }
            else if (takes && !placed)
              {
                g_assert_true (fol_fall_board_select_token (board, k));
                guint n = fol_game_get_n_moves (FOL_GAME (game));
                g_assert_true (fol_fall_board_key (board, GDK_KEY_Return, 0));
                spin ();
                g_assert_cmpuint (fol_game_get_n_moves (FOL_GAME (game)), ==, n + 1);
                placed = TRUE;
                break;
              }
          }
      if (placed && refused)
        break;
      fall_legal_moves (s, legal);
      g_autofree char *move = fol_game_choose_move (FOL_GAME (game), FOL_AI_GREEDY);
      g_autoptr (GError) error = NULL;
      g_assert_true (fol_game_apply_move (FOL_GAME (game), move, &error));
      g_assert_no_error (error);
      spin ();
    }
  g_assert_true (refused);
  g_assert_true (placed);
}

/* H while a token is held shows the hint (a tile's placement) but keeps the
 * token in the pointer (the tile is not taken instead); after Escape the
 * line under the board says how to take the tile again, and Tab does. */
static void
test_hint_keeps_held (Fixture *f, gconstpointer data)
{
  FolGameClass *klass = g_type_class_ref (FOL_TYPE_FALL_GAME);
  char *(*real) (gconstpointer, int, guint64, gint64, GCancellable *) = klass->choose_move;
  g_autoptr (FolFallGame) game = new_game (f, 12, FALSE);
  FolFallPage *view = show (f, game);
  FolFallBoard *board = FOL_FALL_BOARD (fol_game_page_get_board (FOL_GAME_PAGE (view)));
  const FallState *s = fol_fall_game_get_state (game);
  /* a turn of the person's with a tile in hand and a token set aside that
   * a tile takes now (one that none takes is refused: test_token_refused) */
  g_autofree FallMoveList *legal = g_new (FallMoveList, 1);
  int token = -1;
  for (int guard = 0; guard < 400 && token < 0; guard++)
    {
      fall_legal_moves (s, legal);
      if (fall_state_current_seat (s) == 0 && s->phase == FALL_PHASE_ACT && s->n_hand_tiles > 0)
        for (int i = 0; i < legal->n && token < 0; i++)
          if (legal->m[i].kind == FALL_MOVE_TOKEN)
            token = legal->m[i].arg;
      if (token >= 0)
        break;
      g_autofree char *move = fol_game_choose_move (FOL_GAME (game), FOL_AI_GREEDY);
      g_autoptr (GError) error = NULL;
      g_assert_true (fol_game_apply_move (FOL_GAME (game), move, &error));
      g_assert_no_error (error);
      spin ();
    }
  g_assert_cmpint (token, >=, 0);
  g_assert_cmpint (s->phase, ==, FALL_PHASE_ACT);
  g_assert_true (fol_fall_board_select_token (board, token));
  g_assert_cmpint (fol_fall_board_get_held_tile (board), ==, -1);
  klass->choose_move = spy_place;
  FallMove m = ask_hint (view, game);
  klass->choose_move = real;
  g_type_class_unref (klass);
  g_assert_cmpint (m.kind, ==, FALL_MOVE_PLACE);
  /* the token stays in the pointer; the tile is not taken instead */
  g_assert_cmpint (fol_fall_board_get_selected_token (board), ==, token);
  g_assert_cmpint (fol_fall_board_get_held_tile (board), ==, -1);
  /* Escape lets it go: the line says how to take the tile */
  g_assert_true (send_key_to_window (f->window, GDK_KEY_Escape));
  g_assert_cmpint (fol_fall_board_get_selected_token (board), ==, -1);
  g_assert_cmpint (fol_fall_board_get_held_tile (board), ==, -1);
  g_assert_nonnull (find_label (GTK_WIDGET (view), "Nothing held: click a tile in your hand"));
  g_assert_true (g_str_has_prefix (fol_game_page_get_help_text (FOL_GAME_PAGE (view)), "Hint: "));
  /* Tab takes it again, even with one tile in hand: turned as the hint shows */
  g_assert_true (send_key_to_window (f->window, GDK_KEY_Tab));
  g_assert_cmpint (fol_fall_board_get_held_tile (board), ==, s->hand_tile[0]);
  FallMove ghost;
  g_assert_true (fol_fall_board_get_ghost (board, &ghost, NULL, NULL, NULL));
  g_assert_cmpint (ghost.rot, ==, m.rot % 6);
}

/* The label under the page's buttons: the pointer and the keys of now. */
static const char *
keys_text (FolFallPage *view)
{
  GtkWidget *label = find_label (GTK_WIDGET (view), "Drag to pan");
  g_assert_nonnull (label);
  return gtk_label_get_text (GTK_LABEL (label));
}

/* Rotate is insensitive while there is no tile in hand to turn, and the
 * page's lines (what to do, the keys, the board's description) speak of R
 * only while there is one. */
static void
test_rotate (Fixture *f, gconstpointer data)
{
  g_autoptr (FolFallGame) game = new_game (f, 12, FALSE);
  FolFallPage *view = show (f, game);
  FolFallBoard *board = FOL_FALL_BOARD (fol_game_page_get_board (FOL_GAME_PAGE (view)));
  const FallState *s = fol_fall_game_get_state (game);
  GtkWidget *rotate = find_button (GTK_WIDGET (view), "game.rotate");
  g_assert_nonnull (rotate);
  /* a combination to take: nothing to turn */
  g_assert_cmpint (s->phase, ==, FALL_PHASE_TAKE);
  g_assert_false (gtk_widget_get_sensitive (rotate));
  g_assert_null (strstr (keys_text (view), "R turns"));
  g_assert_nonnull (strstr (keys_text (view), "Keys 1 to 4"));
  g_assert_null (strstr (fol_fall_board_get_description (board), "R turns"));
  /* a tile taken: Rotate turns it */
  g_assert_true (fol_fall_board_take (board, 0));
  g_assert_cmpint (s->n_hand_tiles, ==, 1);
  g_assert_true (gtk_widget_get_sensitive (rotate));
  g_assert_nonnull (strstr (keys_text (view), "R turns"));
  g_assert_nonnull (strstr (fol_fall_board_get_description (board), "R turns"));
  g_assert_nonnull (strstr (fol_game_page_get_help_text (FOL_GAME_PAGE (view)), "rotate it with R"));
  FallMove ghost;
  g_assert_true (fol_fall_board_get_ghost (board, &ghost, NULL, NULL, NULL));
  g_signal_emit_by_name (rotate, "clicked");
  FallMove turned;
  g_assert_true (fol_fall_board_get_ghost (board, &turned, NULL, NULL, NULL));
  g_assert_cmpint (turned.rot, ==, (ghost.rot + 1) % 6);
  /* placed: nothing in hand, nothing to turn, and no word of R */
  FallMove *list = g_new (FallMove, FALL_MAX_MOVES);
  g_assert_cmpint (fall_legal_placements (fol_fall_board_get_state (board), s->hand_tile[0], list), >, 0);
  FallMove m = list[0];
  g_free (list);
  g_signal_emit_by_name (board, "move-chosen", &m);
  g_assert_cmpint (s->n_hand_tiles, ==, 0);
  g_assert_cmpint (s->phase, ==, FALL_PHASE_ACT);
  g_assert_false (gtk_widget_get_sensitive (rotate));
  g_assert_null (strstr (keys_text (view), "R turns"));
  g_assert_null (strstr (fol_fall_board_get_description (board), "R turns"));
  g_assert_null (strstr (fol_game_page_get_help_text (FOL_GAME_PAGE (view)), "with R"));
  gtk_widget_activate_action (GTK_WIDGET (view), "game.rotate", NULL);
  g_assert_cmpint (fol_fall_board_get_held_tile (board), ==, -1);
}

/* A move of Norma's (seat 1) that keeps tokens aside: its tiles placed, no token
 * placed but a Toad that must be, the turn ended with as few put back in
 * the box as the rules allow. */
static FallMove
keeping_move (const FallState *s)
{
  FallMoveList *list = g_new (FallMoveList, 1);
  int n = fall_legal_moves (s, list);
  g_assert_cmpint (n, >, 0);
  FallMove best = list->m[0];
  int best_rank = G_MAXINT;
  for (int i = 0; i < n; i++)
    {
      const FallMove *m = &list->m[i];
      int rank;
      switch (m->kind)
        {
        case FALL_MOVE_TAKE:
        case FALL_MOVE_PLACE:
        case FALL_MOVE_DISCARD_TILE:
          rank = 0;
          break;
        case FALL_MOVE_TOKEN:
          rank = m->arg == FALL_TOAD ? 0 : 100;
          break;
        case FALL_MOVE_END:
          rank = 10 + m->discard[0] + m->discard[1] + m->discard[2] + m->discard[3];
          break;
        default:
          rank = 100;
          break;
        }
      if (rank < best_rank)
        {
          best = *m;
          best_rank = rank;
        }
    }
  g_free (list);
  return best;
}

static int
held_tokens (const FallState *s, int seat)
{
  return s->held[seat][FALL_MUSHROOM] + s->held[seat][FALL_FOX] + s->held[seat][FALL_HOOPOE] + s->held[seat][FALL_ROBIN];
}

/* In week 12 Norma's turn (the second player's: her last) ends with more
 * than two tokens kept aside: End Turn asks nothing, the tokens go back in
 * the box by themselves, and the log says why. */
static void
test_week_12 (Fixture *f, gconstpointer data)
{
  /* Norma first in week 1, so second in week 12; she keeps every token */
  g_autoptr (FolFallGame) game = new_game (f, 5, FALSE);
  const FallState *s = fol_fall_game_get_state (game);
  FolGame *g = FOL_GAME (game);
  while (!(s->week == 12 && fall_state_current_seat (s) == 0 && s->phase == FALL_PHASE_ACT && s->n_hand_tiles == 0
           && !s->held[0][FALL_TOAD]))
    {
      g_autoptr (GError) error = NULL;
      if (fall_state_current_seat (s) == 0)
        {
          FallMove m = keeping_move (s);
          g_assert_true (fol_fall_game_apply (game, &m, &error));
        }
      else
        {
          g_autofree char *move = fol_game_choose_move (g, FOL_AI_GREEDY);
          g_assert_true (fol_game_apply_move (g, move, &error));
        }
      g_assert_no_error (error);
    }
  g_assert_cmpint (s->turn, ==, 1);
  /* more than two: before, End Turn asked which to put back */
  g_assert_cmpint (held_tokens (s, 0), >, FALL_MAX_HELD);
  FolFallPage *view = show (f, game);
  g_assert_nonnull (strstr (fol_game_page_get_help_text (FOL_GAME_PAGE (view)), "go back to the box by themselves"));
  guint n_moves = fol_game_get_n_moves (g);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "game.end-turn", NULL));
  spin ();
  /* no dialog: the turn ended at once, nothing kept */
  g_autoptr (GList) toplevels = gtk_window_list_toplevels ();
  for (GList *l = toplevels; l; l = l->next)
    g_assert_false (ADW_IS_MESSAGE_DIALOG (l->data) && gtk_widget_get_visible (l->data));
  g_assert_cmpuint (fol_game_get_n_moves (g), >, n_moves);
  int seat;
  const char *end = fol_game_get_move (g, n_moves, &seat);
  g_assert_cmpint (seat, ==, 0);
  g_assert_true (g_str_has_prefix (end, "E-"));
  g_assert_cmpint (held_tokens (s, 0), ==, 0);
  /* the log says so */
  gboolean said = FALSE;
  for (guint i = 0; i < fol_game_page_get_log_length (FOL_GAME_PAGE (view)); i++)
    {
      const char *line = fol_game_page_get_log_line (FOL_GAME_PAGE (view), i);
      said |= g_str_has_prefix (line, "Norma ended the turn; ")
              && g_str_has_suffix (line, " kept aside were discarded: the game ends this week");
    }
  g_assert_true (said);
}

/* While Norma holds a Toad taken this turn that a tile can still take, End
 * Turn is insensitive, the help line says to place the Toad first, and
 * ending the turn anyway opens no "Too many tokens set aside" dialog; once
 * the Toad is placed, End Turn is sensitive again (rulebook "Fauna and Fungi
 * Tokens": only the Toad must be placed). */
static void
test_toad_first (Fixture *f, gconstpointer data)
{
  g_autoptr (FolFallGame) game = new_game (f, 5, FALSE);
  const FallState *s = fol_fall_game_get_state (game);
  FolGame *g = FOL_GAME (game);
  /* Norma keeps every token, the Toad too until the loop stops */
  while (!(fall_state_current_seat (s) == 0 && s->phase == FALL_PHASE_ACT && s->n_hand_tiles == 0
           && s->held[0][FALL_TOAD] && held_tokens (s, 0) > FALL_MAX_HELD))
    {
      g_assert_false (fall_state_is_over (s));
      g_autoptr (GError) error = NULL;
      if (fall_state_current_seat (s) == 0)
        {
          FallMove m = keeping_move (s);
          if (m.kind == FALL_MOVE_TOKEN && m.arg == FALL_TOAD && held_tokens (s, 0) <= FALL_MAX_HELD)
            {
              /* keep taking, so that more than two tokens are aside */
              FallMoveList *list = g_new (FallMoveList, 1);
              int n = fall_legal_moves (s, list);
              for (int i = 0; i < n; i++)
                if (list->m[i].kind != FALL_MOVE_TOKEN && list->m[i].kind != FALL_MOVE_CLAIM)
                  {
                    m = list->m[i];
                    break;
                  }
              g_free (list);
            }
          g_assert_true (fol_fall_game_apply (game, &m, &error));
        }
      else
        {
          g_autofree char *move = fol_game_choose_move (g, FOL_AI_GREEDY);
          g_assert_true (fol_game_apply_move (g, move, &error));
        }
      g_assert_no_error (error);
    }
  FolFallPage *view = show (f, game);
  spin ();
  GtkWidget *end_button = fol_game_page_get_end_turn_button (FOL_GAME_PAGE (view));
  g_assert_false (gtk_widget_get_sensitive (end_button));
  g_assert_true (g_str_has_prefix (fol_game_page_get_help_text (FOL_GAME_PAGE (view)),
                                   "Place the Toad first: it must be placed in the turn it was taken"));
  guint n_moves = fol_game_get_n_moves (g);
  g_assert_false (fol_fall_page_end_turn (view, NULL));
  spin ();
  g_autoptr (GList) toplevels = gtk_window_list_toplevels ();
  for (GList *l = toplevels; l; l = l->next)
    g_assert_false (ADW_IS_MESSAGE_DIALOG (l->data) && gtk_widget_get_visible (l->data));
  g_assert_cmpuint (fol_game_get_n_moves (g), ==, n_moves);

  /* the Toad placed: End Turn again, and with more than 2 aside it asks */
  FallMoveList *list = g_new (FallMoveList, 1);
  int n = fall_legal_moves (s, list);
  FallMove toad = { .kind = FALL_MOVE_END };
  for (int i = 0; i < n && toad.kind != FALL_MOVE_TOKEN; i++)
    if (list->m[i].kind == FALL_MOVE_TOKEN && list->m[i].arg == FALL_TOAD)
      toad = list->m[i];
  g_free (list);
  g_assert_cmpint (toad.kind, ==, FALL_MOVE_TOKEN);
  g_autoptr (GError) error = NULL;
  g_assert_true (fol_fall_game_apply (game, &toad, &error));
  g_assert_no_error (error);
  spin ();
  g_assert_true (gtk_widget_get_sensitive (end_button));
  g_assert_null (strstr (fol_game_page_get_help_text (FOL_GAME_PAGE (view)), "Toad"));
  g_assert_false (fol_fall_page_end_turn (view, NULL));
  spin ();
  gboolean asked = FALSE;
  g_autoptr (GList) after = gtk_window_list_toplevels ();
  for (GList *l = after; l; l = l->next)
    if (ADW_IS_MESSAGE_DIALOG (l->data) && gtk_widget_get_visible (l->data))
      {
        asked = TRUE;
        gtk_window_destroy (GTK_WINDOW (l->data));
      }
  g_assert_true (asked);
}

/* The cells of the latest turn's moves of @game, and the log's line of its
 * latest move, from its move list. */
static int
latest_turn_cells (FolFallGame *game, FolHex cells[8])
{
  FolGame *g = FOL_GAME (game);
  const FallComponents *comps = fol_fall_game_get_state (game)->comps;
  int n = 0;
  gboolean ended = FALSE;
  for (guint i = 0; i < fol_game_get_n_moves (g); i++)
    {
      FallMove m;
      g_assert_true (fall_move_parse (comps, fol_game_get_move (g, i, NULL), &m, NULL));
      if (ended)
        n = 0;
      ended = m.kind == FALL_MOVE_END;
      if (m.kind == FALL_MOVE_PLACE || m.kind == FALL_MOVE_TOKEN || m.kind == FALL_MOVE_CLAIM)
        cells[n++] = (FolHex) { m.q, m.r };
    }
  return n;
}

static void
assert_last_cells (FolFallBoard *board, FolFallGame *game)
{
  FolHex want[8];
  int n_want = latest_turn_cells (game, want), n;
  const FolHex *got = fol_fall_board_get_last_cells (board, &n);
  g_assert_cmpint (n, ==, n_want);
  g_assert_cmpint (n, >, 0);
  for (int i = 0; i < n; i++)
    g_assert_true (fol_hex_equal (got[i], want[i]));
}

/* A game opened again shows its last move as it was: the latest turn's
 * cells outlined, the last move in the board's description. */
static void
test_reopen_last_move (Fixture *f, gconstpointer data)
{
  gint64 id;
  g_autofree char *last_line = NULL;
  {
    g_autoptr (FolFallGame) game = new_game (f, 6, FALSE);
    /* then the computer's turn: leave while it is Norma's to play */
    FolFallPage *view = show_after_first_turn (f, game, FALSE);
    FolFallBoard *board = FOL_FALL_BOARD (fol_game_page_get_board (FOL_GAME_PAGE (view)));
    assert_last_cells (board, game);
    guint n = fol_game_page_get_log_length (FOL_GAME_PAGE (view));
    last_line = g_strdup (fol_game_page_get_log_line (FOL_GAME_PAGE (view), n - 1));
    id = fol_game_get_store_id (FOL_GAME (game));
    gtk_window_set_child (GTK_WINDOW (f->window), NULL);
  }
  g_autoptr (GError) error = NULL;
  g_autoptr (FolFallGame) again = fol_fall_game_load (f->store, id, &error);
  g_assert_no_error (error);
  FolFallPage *view = show (f, again);
  FolFallBoard *board = FOL_FALL_BOARD (fol_game_page_get_board (FOL_GAME_PAGE (view)));
  assert_last_cells (board, again);
  /* the computer's turn ended with its END: its cells stay outlined, its last words said */
  g_autofree char *said = g_strdup_printf ("Last move: %s", last_line);
  g_assert_nonnull (strstr (fol_fall_board_get_description (board), said));
  /* Norma's first move starts a new turn: the computer's cells are no longer outlined */
  int slot = 0;
  while (fol_fall_game_get_state (again)->offer_tile[slot] == FALL_NONE)
    slot++;
  g_assert_true (fol_fall_board_take (board, slot));
  int n;
  fol_fall_board_get_last_cells (board, &n);
  g_assert_cmpint (n, ==, 0);
}

/* The rules help shows the five tokens as the board draws them. */
static gboolean
is_label_with (GtkWidget *w, gconstpointer text)
{
  return GTK_IS_LABEL (w) && strstr (gtk_label_get_text (GTK_LABEL (w)), text) != NULL;
}

static void
test_help (void)
{
  GtkWidget *win = fol_fall_help_new_window (NULL);
  gtk_window_present (GTK_WINDOW (win));
  /* rule 2 as the rulebook puts it ("Tile Placement Rules"): the token beneath is removed,
   * except a Mushroom or a Toad, which is why nothing is stacked on them */
  g_assert_nonnull (page_test_find (win, is_label_with, "The token on the tile beneath is then removed from the game", NULL));
  g_assert_nonnull (page_test_find (win, is_label_with, "except Mushroom and Toad tokens, which can never be removed: "
                                    "so a tile can never be stacked on a tile bearing one of them.", NULL));
  g_assert_null (page_test_find (win, is_label_with, "goes back to the box, so you can never stack", NULL));
  GtkWidget *picture = page_test_find (win, is_token_picture, NULL, NULL);
  g_assert_nonnull (picture);
  WAIT_UNTIL (gtk_widget_get_width (picture) > 0);
  static const int all[] = { FALL_MUSHROOM, FALL_FOX, FALL_HOOPOE, FALL_ROBIN, FALL_TOAD };
  assert_draws_tokens (picture, all, G_N_ELEMENTS (all));
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (picture), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "Mushroom, Fox, Hoopoe, Robin, Toad");
  gtk_window_destroy (GTK_WINDOW (win));
}

int
main (int argc, char *argv[])
{
  if (!ui_test_init (&argc, &argv))
    return 0;
  g_test_add ("/fall-page/whole-game", Fixture, NULL, fixture_setup, test_whole_game, fixture_teardown);
  g_test_add ("/fall-page/resume", Fixture, NULL, fixture_setup, test_resume, fixture_teardown);
  g_test_add ("/fall-page/pass-the-device", Fixture, NULL, fixture_setup, test_pass_device, fixture_teardown);
  g_test_add ("/fall-page/thinking-and-leaving", Fixture, NULL, fixture_setup, test_thinking_and_leaving,
              fixture_teardown);
  g_test_add ("/fall-page/hint", Fixture, NULL, fixture_setup, test_hint, fixture_teardown);
  g_test_add ("/fall-page/hint-hot-seat", Fixture, NULL, fixture_setup, test_hint_hot_seat, fixture_teardown);
  g_test_add ("/fall-page/keys-at-once", Fixture, NULL, fixture_setup, test_keys_at_once, fixture_teardown);
  g_test_add ("/fall-page/end-turn-shortcut", Fixture, NULL, fixture_setup, test_end_turn_shortcut, fixture_teardown);
  g_test_add ("/fall-page/hint-keeps-held", Fixture, NULL, fixture_setup, test_hint_keeps_held, fixture_teardown);
  g_test_add ("/fall-page/token-refused", Fixture, NULL, fixture_setup, test_token_refused, fixture_teardown);
  g_test_add ("/fall-page/rotate", Fixture, NULL, fixture_setup, test_rotate, fixture_teardown);
  g_test_add ("/fall-page/week-12", Fixture, NULL, fixture_setup, test_week_12, fixture_teardown);
  g_test_add ("/fall-page/toad-first", Fixture, NULL, fixture_setup, test_toad_first, fixture_teardown);
  g_test_add ("/fall-page/reopen-last-move", Fixture, NULL, fixture_setup, test_reopen_last_move, fixture_teardown);
  g_test_add_func ("/fall-page/help", test_help);
  int ret = g_test_run ();
  ui_test_cleanup ();
  return ret;
}
