/* test-model-summer.c: FolSummerGame, FolGame and FolCampaign over a real
 * store: saving after every move, reload by replay with the hash check,
 * undo within the turn, signals and what each move did (the move report),
 * computer moves in a worker thread with cancellation, the campaign
 * result, and the store's rescue of a damaged file checking each game by
 * this replay. */
#include <glib/gstdio.h>
#include <sqlite3.h>
#include <string.h>

#include "fol-campaign.h"
#include "fol-fall-game.h"
#include "fol-summer-game.h"
#include "summer-ai.h"
#include "summer-notation.h"
#include "report-test-util.h"

typedef struct {
  char *dir;
  char *path;
  FolStore *store;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  f->dir = g_dir_make_tmp ("foliage-model-XXXXXX", &error);
  g_assert_no_error (error);
  f->path = g_build_filename (f->dir, "foliage.db", NULL);
  f->store = fol_store_new (f->path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (f->store);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  g_clear_object (&f->store);
  g_autoptr (GDir) d = g_dir_open (f->dir, 0, NULL);
  const char *name;
  while (d && (name = g_dir_read_name (d)))
    {
      g_autofree char *p = g_build_filename (f->dir, name, NULL);
      g_unlink (p);
    }
  g_rmdir (f->dir);
  g_free (f->dir);
  g_free (f->path);
}

static FolSummerGame *
new_game (Fixture *f, int n, guint64 seed)
{
  SummerSetup setup;
  summer_setup_init (&setup, n, seed);
  FolPlayer *players[4];
  for (int i = 0; i < n; i++)
    players[i] = fol_player_new (i == 0 ? "Ann" : "Computer", i == 0, i == 0 ? 0 : FOL_AI_GREEDY);
  g_autoptr (GError) error = NULL;
  FolSummerGame *game = fol_summer_game_new (&setup, players, f->store, &error);
  g_assert_no_error (error);
  for (int i = 0; i < n; i++)
    g_object_unref (players[i]);
  return game;
}

typedef struct {
  int applied, turns, over, undone;
} Counts;

static void on_applied (FolGame *g, int seat, const char *text, const FolMoveReport *report, Counts *c) { c->applied++; }
static void on_turn (FolGame *g, int seat, Counts *c) { c->turns++; }
static void on_over (FolGame *g, Counts *c) { c->over++; }
static void on_undone (FolGame *g, Counts *c) { c->undone++; }

static void
test_save_every_move_and_reload (Fixture *f, gconstpointer data)
{
  g_autoptr (FolSummerGame) game = new_game (f, 3, 42);
  FolGame *g = FOL_GAME (game);
  Counts c = { 0 };
  g_signal_connect (g, "move-applied", G_CALLBACK (on_applied), &c);
  g_signal_connect (g, "turn-started", G_CALLBACK (on_turn), &c);
  gint64 id = fol_game_get_store_id (g);
  g_assert_cmpint (id, >, 0);
  /* play 40 plies */
  for (int i = 0; i < 40; i++)
    {
      g_autofree char *m = fol_game_choose_move (g, FOL_AI_GREEDY);
      g_autoptr (GError) error = NULL;
      g_assert_true (fol_game_apply_move (g, m, &error));
      g_assert_no_error (error);
    }
  g_assert_cmpint (c.applied, ==, 40);
  g_assert_cmpint (c.turns, >, 5);
  /* each move is in the store already: a fresh load replays to the same hash */
  g_autoptr (GError) error = NULL;
  g_autoptr (FolSummerGame) again = fol_summer_game_load (f->store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (fol_game_get_n_moves (FOL_GAME (again)), ==, 40);
  g_assert_cmphex (fol_game_get_hash (FOL_GAME (again)), ==, fol_game_get_hash (g));
  g_assert_cmpint (fol_game_get_current_seat (FOL_GAME (again)), ==, fol_game_get_current_seat (g));
  g_assert_cmpuint (fol_game_get_n_undoable (FOL_GAME (again)), ==, fol_game_get_n_undoable (g));
  g_assert_cmpstr (fol_player_get_name (fol_game_get_player (FOL_GAME (again), 0)), ==, "Ann");
  /* the reloaded game goes on and is saved */
  g_signal_connect (again, "game-over", G_CALLBACK (on_over), &c);
  while (!fol_game_get_is_over (FOL_GAME (again)))
    {
      g_autofree char *m = fol_game_choose_move (FOL_GAME (again), FOL_AI_RANDOM);
      g_assert_true (fol_game_apply_move (FOL_GAME (again), m, NULL));
    }
  g_assert_cmpint (c.over, ==, 1);
  g_autoptr (FolSavedGame) saved = fol_store_load_game (f->store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpint (saved->status, ==, FOL_STORE_STATUS_FINISHED);
  g_assert_true (saved->seats[0].has_result);
  const SummerState *s = fol_summer_game_get_state (again);
  for (int i = 0; i < 3; i++)
    {
      g_assert_cmpint (saved->seats[i].rank, ==, s->result[i].rank);
      int empty = -1;
      g_assert_true (fol_saved_seat_get_detail (&saved->seats[i], "empty-squares", &empty));
      g_assert_cmpint (empty, ==, s->result[i].empty);
    }
}

/* What a FolMoveReport of an Indian Summer move says, kept past its emission. */
typedef struct {
  ToldMove head;
  SummerMove move;
  SummerMoveInfo info;
  uint8_t claim_src[2], claim_tile[2];
} Told;

static void
keep_report (FolGame *g, const FolMoveReport *r, gpointer data)
{
  const FolSummerMoveDetail *d = r->detail;
  Told t = { told_move (r, summer_state_hash (d->before), summer_state_hash (d->after)), d->move, d->info,
             { d->after->claim_src[0], d->after->claim_src[1] }, { d->after->claim_tile[0], d->after->claim_tile[1] } };
  g_array_append_val ((GArray *) data, t);
}

static void
assert_info_equal (const SummerMoveInfo *a, const SummerMoveInfo *b)
{
  g_assert_cmpuint (a->areas_completed, ==, b->areas_completed);
  g_assert_cmpmem (a->gained, sizeof a->gained, b->gained, sizeof b->gained);
  g_assert_cmpmem (a->tokens_placed, sizeof a->tokens_placed, b->tokens_placed, sizeof b->tokens_placed);
  g_assert_cmpmem (a->supply_short, sizeof a->supply_short, b->supply_short, sizeof b->supply_short);
  g_assert_cmpuint (a->tiles_drawn, ==, b->tiles_drawn);
  g_assert_cmpint (a->floor_full, ==, b->floor_full);
  g_assert_cmpint (a->turn_ended, ==, b->turn_ended);
  g_assert_cmpint (a->game_over, ==, b->game_over);
}

/* The model tells what each move did (fol_summer_game_apply()'s info, the
 * ::move-applied report with the positions before and after), the same as
 * the engine on a copy; a Mushroom's report names where its tiles came
 * from; fol_game_replay() tells the whole game again the same way and
 * leaves it where it was; a refused move tells nothing. */
static void
test_move_report (Fixture *f, gconstpointer data)
{
  g_autoptr (FolSummerGame) game = new_game (f, 2, 58);
  FolGame *g = FOL_GAME (game);
  g_autoptr (GArray) told = g_array_new (FALSE, TRUE, sizeof (Told));
  g_array_set_clear_func (told, told_clear);
  ToldListener listener = { keep_report, told };
  g_signal_connect (g, "move-applied", G_CALLBACK (told_on_applied), &listener);
  gboolean mushroom = FALSE, turn_ended = FALSE;
  while (!fol_game_get_is_over (g))
    {
      const SummerState *s = fol_summer_game_get_state (game);
      /* a Mushroom whenever one may be spent, else the greedy move */
      SummerMove m;
      SummerMoveList list;
      summer_legal_moves (s, &list);
      gboolean found = FALSE;
      for (int i = 0; i < list.n && !found; i++)
        if (list.moves[i].kind == SUMMER_MOVE_MUSHROOM)
          m = list.moves[i], found = TRUE;
      summer_move_list_clear (&list);
      if (!found)
        {
          g_autofree char *text = fol_game_choose_move (g, FOL_AI_GREEDY);
          g_assert_true (summer_move_parse (s, text, &m, NULL));
        }
      /* the oracle: the engine on a copy */
      const SummerState was = *s;
      SummerState copy = *s;
      SummerMoveInfo expect;
      g_assert_true (summer_apply_move (&copy, &m, &expect, NULL));
      guint64 before = summer_state_hash (s);
      int seat = s->current;
      g_autofree char *text = summer_move_format (s, &m);
      guint n = told->len;
      SummerMoveInfo info;
      g_autoptr (GError) error = NULL;
      g_assert_true (fol_summer_game_apply (game, &m, &info, &error));
      g_assert_no_error (error);
      assert_info_equal (&info, &expect);
      g_assert_cmpuint (told->len, ==, n + 1);
      const Told *t = &g_array_index (told, Told, n);
      ToldMove expect_head = { seat, n, text, expect.turn_ended, expect.game_over, before, summer_state_hash (&copy) };
      assert_told_same (&t->head, &expect_head);
      g_assert_cmphex (t->head.after, ==, fol_game_get_hash (g));
      g_assert_cmpmem (&t->move, sizeof m, &m, sizeof m);
      assert_info_equal (&t->info, &expect);
      turn_ended |= t->head.turn_ended;
      if (m.kind == SUMMER_MOVE_MUSHROOM)
        {
          /* the opponent's first tile and the Common Path's (Rulebook: Mushroom) */
          mushroom = TRUE;
          g_assert_cmpmem (t->claim_src, 2, copy.claim_src, 2);
          g_assert_cmpmem (t->claim_tile, 2, copy.claim_tile, 2);
          int k = 0;
          if (was.seat[1 - seat].path_len > 0)
            {
              g_assert_cmpint (t->claim_src[k], ==, 1 - seat);
              g_assert_cmpint (t->claim_tile[k++], ==, was.seat[1 - seat].path[0]);
            }
          if (was.common_len > 0)
            {
              g_assert_cmpint (t->claim_src[k], ==, SUMMER_SRC_COMMON);
              g_assert_cmpint (t->claim_tile[k++], ==, was.common[0]);
            }
          g_assert_cmpint (k, >, 0);
        }
    }
  g_assert_true (mushroom);
  g_assert_true (turn_ended);
  g_assert_true (g_array_index (told, Told, told->len - 1).head.game_over);

  /* the whole game told again, the same, and the game where it was */
  g_autoptr (GArray) again = assert_replay_tells (g, keep_report, told, sizeof (Told));
  for (guint i = 0; i < told->len; i++)
    assert_info_equal (&g_array_index (told, Told, i).info, &g_array_index (again, Told, i).info);
  g_assert_true (fol_game_get_is_over (g));
  g_assert_cmpuint (told->len, ==, again->len);

  /* a move the rules refuse: no report, the info untouched */
  SummerMove end_move = { .kind = SUMMER_MOVE_END };
  SummerMoveInfo untouched;
  memset (&untouched, 0xab, sizeof untouched);
  g_autoptr (GError) error = NULL;
  g_assert_false (fol_summer_game_apply (game, &end_move, &untouched, &error));
  g_assert_error (error, SUMMER_ERROR, SUMMER_ERROR_ILLEGAL);
  g_assert_cmpuint (untouched.tiles_drawn, ==, 0xab);
  g_assert_cmpuint (told->len, ==, again->len);
}

static void
test_illegal_move (Fixture *f, gconstpointer data)
{
  g_autoptr (FolSummerGame) game = new_game (f, 2, 7);
  FolGame *g = FOL_GAME (game);
  guint64 h = fol_game_get_hash (g);
  g_autoptr (GError) error = NULL;
  g_assert_false (fol_game_apply_move (g, "end", &error));
  g_assert_error (error, SUMMER_ERROR, SUMMER_ERROR_ILLEGAL);
  g_clear_error (&error);
  g_assert_false (fol_game_apply_move (g, "nonsense", &error));
  g_assert_error (error, SUMMER_ERROR, SUMMER_ERROR_PARSE);
  g_assert_cmphex (fol_game_get_hash (g), ==, h);
  g_assert_cmpuint (fol_game_get_n_moves (g), ==, 0);
  g_autoptr (FolSavedGame) saved = fol_store_load_game (f->store, fol_game_get_store_id (g), NULL);
  g_assert_cmpint (saved->moves->len, ==, 0);
}

static void
test_undo_within_turn (Fixture *f, gconstpointer data)
{
  g_autoptr (FolSummerGame) game = new_game (f, 2, 9);
  FolGame *g = FOL_GAME (game);
  Counts c = { 0 };
  g_signal_connect (g, "undone", G_CALLBACK (on_undone), &c);
  guint64 h0 = fol_game_get_hash (g);
  g_assert_true (fol_game_apply_move (g, "X M-B", NULL));
  guint64 h1 = fol_game_get_hash (g);
  g_assert_true (fol_game_apply_move (g, "S a1", NULL));
  g_assert_cmpuint (fol_game_get_n_undoable (g), ==, 2);
  g_assert_true (fol_game_undo (g, NULL));
  g_assert_cmphex (fol_game_get_hash (g), ==, h1);
  g_assert_true (fol_game_undo (g, NULL));
  g_assert_cmphex (fol_game_get_hash (g), ==, h0);
  g_autoptr (GError) error = NULL;
  g_assert_false (fol_game_undo (g, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED);
  g_clear_error (&error);
  g_assert_cmpint (c.undone, ==, 2);
  /* a finished turn cannot be undone */
  g_assert_true (fol_game_apply_move (g, "S a1", NULL));
  g_assert_true (fol_game_apply_move (g, "end", NULL));
  g_assert_cmpuint (fol_game_get_n_undoable (g), ==, 0);
  g_assert_false (fol_game_undo (g, NULL));
  /* the store follows: two moves, the hash of now */
  g_autoptr (FolSummerGame) again = fol_summer_game_load (f->store, fol_game_get_store_id (g), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (fol_game_get_n_moves (FOL_GAME (again)), ==, 2);
  g_assert_cmphex (fol_game_get_hash (FOL_GAME (again)), ==, fol_game_get_hash (g));
}

static void
test_hash_mismatch_keeps_row (Fixture *f, gconstpointer data)
{
  g_autoptr (FolSummerGame) game = new_game (f, 2, 11);
  gint64 id = fol_game_get_store_id (FOL_GAME (game));
  g_assert_true (fol_game_apply_move (FOL_GAME (game), "S a1", NULL));
  g_clear_object (&game);
  /* change the stored hash behind the store's back */
  sqlite3 *db;
  g_assert_cmpint (sqlite3_open (f->path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "UPDATE games SET hash = '0123456789abcdef'", NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
  g_autoptr (GError) error = NULL;
  g_autoptr (FolSummerGame) bad = fol_summer_game_load (f->store, id, &error);
  g_assert_null (bad);
  g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_HASH_MISMATCH);
  g_autofree char *idtext = g_strdup_printf ("%" G_GINT64_FORMAT, id);
  g_assert_nonnull (strstr (error->message, idtext));
  g_clear_error (&error);
  /* the row is still there, untouched */
  g_autoptr (FolSavedGame) saved = fol_store_load_game (f->store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpint (saved->moves->len, ==, 1);
  g_assert_cmphex (saved->hash, ==, G_GUINT64_CONSTANT (0x0123456789abcdef));
  /* a move the rules refuse: named in the error */
  g_assert_cmpint (sqlite3_open (f->path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "UPDATE moves SET move = 'S z9'", NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
  g_assert_null (fol_summer_game_load (f->store, id, &error));
  g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "S z9"));
  g_clear_error (&error);
  /* a megabyte of move: the message quotes 40 characters of it */
  g_assert_cmpint (sqlite3_open (f->path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "UPDATE moves SET move = 'S ' || replace (hex (zeroblob (524288)), '0', 'a')",
                                 NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
  g_assert_null (fol_summer_game_load (f->store, id, &error));
  g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_INVALID);
  g_test_message ("%s", error->message);
  g_assert_cmpuint (strlen (error->message), <, 300);
  g_assert_nonnull (strstr (error->message, "S aaaaaaaa"));
  g_clear_error (&error);
  /* a move saved as played by a seat that was not to move */
  g_assert_cmpint (sqlite3_open (f->path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "UPDATE moves SET move = 'S a1', seat = 1", NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
  g_assert_null (fol_summer_game_load (f->store, id, &error));
  g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_INVALID);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "moves.seat"));
}

/* A damaged file (one row breaking a CHECK constraint): the store carries
 * over the games that replay to their stored hash, by this model's replay
 * of both games; a game with a wrong hash or a move the rules refuse stays
 * behind in the original. */
static void
test_rescue_replays (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  gint64 ids[6];
  guint64 hashes[6];
  for (int i = 0; i < 6; i++)
    {
      g_autoptr (FolGame) g = NULL;
      if (i % 2 == 0)
        g = FOL_GAME (new_game (f, 1 + i / 2, 40 + i));
      else
        {
          g_autoptr (FolPlayer) a = fol_player_new ("Norma", TRUE, 0);
          g_autoptr (FolPlayer) b = fol_player_new ("Amedeo", FALSE, FOL_AI_NORMAL);
          FolPlayer *players[2] = { a, b };
          g = FOL_GAME (fol_fall_game_new (40 + i, NULL, players, f->store, &error));
          g_assert_no_error (error);
        }
      for (int k = 0; k < 6 + 4 * i && !fol_game_get_is_over (g); k++)
        {
          g_autofree char *m = fol_game_choose_move (g, FOL_AI_GREEDY);
          g_assert_true (fol_game_apply_move (g, m, &error));
          g_assert_no_error (error);
        }
      ids[i] = fol_game_get_store_id (g);
      hashes[i] = fol_game_get_hash (g);
    }
  g_clear_object (&f->store);
  /* game 1: a row breaking a constraint; 2: a wrong hash; 3: a move the
   * rules refuse (same length, same seat) */
  sqlite3 *db;
  g_autofree char *sql = g_strdup_printf (
    "UPDATE games SET hash = '0123456789abcdef' WHERE id = %" G_GINT64_FORMAT ";"
    "UPDATE moves SET move = 'S z9' WHERE game_id = %" G_GINT64_FORMAT " AND ply = 1;"
    "PRAGMA ignore_check_constraints = 1;"
    "UPDATE games SET status = 3 WHERE id = %" G_GINT64_FORMAT,
    ids[2], ids[4], ids[1]);
  g_assert_cmpint (sqlite3_open (f->path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, sql, NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);

  f->store = fol_store_new (f->path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (fol_store_get_recovered_from (f->store));
  const FolStoreRecovery *r = fol_store_get_recovery (f->store);
  g_assert_nonnull (r);
  g_test_message ("%s", fol_store_get_recovery_error (f->store)->message);
  g_assert_cmpint (r->games_rescued, ==, 3);
  g_assert_cmpint (r->games_lost, ==, 3);
  for (int i = 0; i < 6; i++)
    {
      g_autoptr (FolGame) g = i % 2 ? FOL_GAME (fol_fall_game_load (f->store, ids[i], &error))
                                    : FOL_GAME (fol_summer_game_load (f->store, ids[i], &error));
      if (i == 1 || i == 2 || i == 4)
        {
          g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_NOT_FOUND);
          g_clear_error (&error);
          continue;
        }
      g_assert_no_error (error);
      g_assert_cmphex (fol_game_get_hash (g), ==, hashes[i]);
      g_assert_cmpint (fol_game_get_store_id (g), ==, ids[i]);
    }
}

typedef struct {
  GMainLoop *loop;
  char *move;
  GError *error;
} AsyncResult;

static void
on_chosen (GObject *source, GAsyncResult *result, gpointer user_data)
{
  AsyncResult *r = user_data;
  r->move = fol_game_choose_move_finish (FOL_GAME (source), result, &r->error);
  g_main_loop_quit (r->loop);
}

static void
test_async_ai (Fixture *f, gconstpointer data)
{
  g_autoptr (FolSummerGame) game = new_game (f, 4, 13);
  AsyncResult r = { g_main_loop_new (NULL, FALSE), NULL, NULL };
  fol_game_choose_move_async (FOL_GAME (game), FOL_AI_GREEDY, NULL, on_chosen, &r);
  g_main_loop_run (r.loop);
  g_assert_no_error (r.error);
  g_assert_nonnull (r.move);
  g_assert_true (fol_game_apply_move (FOL_GAME (game), r.move, NULL));
  g_free (r.move);
  r.move = NULL;
  /* cancelled before it runs: G_IO_ERROR_CANCELLED, no move, nothing leaked */
  g_autoptr (GCancellable) cancel = g_cancellable_new ();
  g_cancellable_cancel (cancel);
  fol_game_choose_move_async (FOL_GAME (game), FOL_AI_GREEDY, cancel, on_chosen, &r);
  g_main_loop_run (r.loop);
  g_assert_error (r.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_null (r.move);
  g_clear_error (&r.error);
  /* the game closed mid-thought: the task keeps what it needs */
  g_autoptr (GCancellable) cancel2 = g_cancellable_new ();
  fol_game_choose_move_async (FOL_GAME (game), FOL_AI_GREEDY, cancel2, on_chosen, &r);
  g_cancellable_cancel (cancel2);
  g_clear_object (&game);
  g_main_loop_run (r.loop);
  g_free (r.move);
  g_clear_error (&r.error);
  g_main_loop_unref (r.loop);
}

/* A 1 ms budget still gives a legal move (the best found by then). */
static void
test_think_time (Fixture *f, gconstpointer data)
{
  g_autoptr (FolSummerGame) game = new_game (f, 4, 15);
  fol_game_set_think_time (FOL_GAME (game), 1);
  for (int i = 0; i < 30; i++)
    {
      g_autofree char *m = fol_game_choose_move (FOL_GAME (game), FOL_AI_GREEDY);
      g_autoptr (GError) error = NULL;
      g_assert_true (fol_game_apply_move (FOL_GAME (game), m, &error));
    }
}

/* The cap of one move depends on the level (a guard only); one set by hand
 * holds for every level, 0 gives the levels' own back. */
static void
test_think_time_per_level (Fixture *f, gconstpointer data)
{
  g_autoptr (FolSummerGame) game = new_game (f, 2, 16);
  FolGame *g = FOL_GAME (game);
  g_assert_cmpuint (fol_game_get_think_time (g, FOL_AI_EASY), ==, 2000);
  g_assert_cmpuint (fol_game_get_think_time (g, FOL_AI_NORMAL), ==, 2000);
  g_assert_cmpuint (fol_game_get_think_time (g, FOL_AI_HARD), ==, 5000);
  g_assert_cmpuint (fol_game_get_think_time (g, FOL_AI_EXPERT), ==, 12000);
  g_assert_cmpuint (fol_game_get_think_time (g, FOL_AI_GREEDY), ==, 2000);
  fol_game_set_think_time (g, 7);
  g_assert_cmpuint (fol_game_get_think_time (g, FOL_AI_EXPERT), ==, 7);
  fol_game_set_think_time (g, 0);
  g_assert_cmpuint (fol_game_get_think_time (g, FOL_AI_EXPERT), ==, 12000);
}

static void
on_hint (GObject *source, GAsyncResult *result, gpointer user_data)
{
  AsyncResult *r = user_data;
  r->move = fol_game_hint_finish (FOL_GAME (source), result, &r->error);
  g_main_loop_quit (r->loop);
}

/* A hint is the Hard level's move for the seat to move, legal there; it is
 * neither played nor counted until fol_game_add_hint(), which saves the
 * count with the game (it survives a reload). */
static void
test_hint (Fixture *f, gconstpointer data)
{
  g_autoptr (FolSummerGame) game = new_game (f, 2, 17);
  FolGame *g = FOL_GAME (game);
  guint64 hash = fol_game_get_hash (g);
  AsyncResult r = { g_main_loop_new (NULL, FALSE), NULL, NULL };
  fol_game_hint_async (g, NULL, on_hint, &r);
  g_main_loop_run (r.loop);
  g_assert_no_error (r.error);
  g_assert_nonnull (r.move);
  const SummerState *s = fol_summer_game_get_state (game);
  SummerMove m;
  g_autoptr (GError) error = NULL;
  g_assert_true (summer_move_parse (s, r.move, &m, &error));
  g_assert_true (summer_check_move (s, &m, &error));
  g_assert_no_error (error);
  g_assert_cmphex (fol_game_get_hash (g), ==, hash);
  g_assert_cmpuint (fol_game_get_n_moves (g), ==, 0);
  g_assert_cmpuint (fol_game_get_n_hints (g), ==, 0);
  g_clear_pointer (&r.move, g_free);

  fol_game_add_hint (g);
  g_assert_cmpuint (fol_game_get_n_hints (g), ==, 1);
  gint64 id = fol_game_get_store_id (g);
  g_autoptr (FolSavedGame) saved = fol_store_load_game (f->store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpint (saved->hints, ==, 1);
  g_autoptr (FolSummerGame) again = fol_summer_game_load (f->store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (fol_game_get_n_hints (FOL_GAME (again)), ==, 1);

  /* cancelled: no hint */
  g_autoptr (GCancellable) cancel = g_cancellable_new ();
  g_cancellable_cancel (cancel);
  fol_game_hint_async (g, cancel, on_hint, &r);
  g_main_loop_run (r.loop);
  g_assert_error (r.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_null (r.move);
  g_clear_error (&r.error);
  g_main_loop_unref (r.loop);
}

static void
test_campaign (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (FolCampaign) campaign = fol_campaign_new (f->store, 2026, 5 /* 3B */, &error);
  g_assert_no_error (error);
  g_autoptr (FolPlayer) me = fol_player_new ("Ann", TRUE, 0);
  bool won[3] = { false, false, false };
  int score[3] = { 0, 0, 0 };
  int played = 0;
  while (!fol_campaign_get_is_finished (campaign))
    {
      g_autoptr (FolSummerGame) game = fol_campaign_continue_game (campaign, me, &error);
      g_assert_no_error (error);
      const SummerState *s = fol_summer_game_get_state (game);
      g_assert_cmpint (s->seat[0].side, ==, 5);
      g_assert_cmpint (s->setup.campaign_game, ==, played);
      /* half a game, then "leave", then come back to it */
      for (int i = 0; i < 6; i++)
        {
          g_autofree char *m = fol_game_choose_move (FOL_GAME (game), FOL_AI_GREEDY);
          g_assert_true (fol_game_apply_move (FOL_GAME (game), m, NULL));
        }
      guint64 h = fol_game_get_hash (FOL_GAME (game));
      g_clear_object (&game);
      g_autoptr (FolCampaign) reloaded = fol_campaign_load (f->store, fol_campaign_get_id (campaign), &error);
      g_assert_no_error (error);
      game = fol_campaign_continue_game (reloaded, me, &error);
      g_assert_no_error (error);
      g_assert_cmphex (fol_game_get_hash (FOL_GAME (game)), ==, h);
      while (!fol_game_get_is_over (FOL_GAME (game)))
        {
          g_autofree char *m = fol_game_choose_move (FOL_GAME (game), FOL_AI_GREEDY);
          g_assert_true (fol_game_apply_move (FOL_GAME (game), m, NULL));
        }
      g_assert_true (fol_campaign_record_game (campaign, game, &error));
      g_assert_no_error (error);
      s = fol_summer_game_get_state (game);
      won[played] = s->result[0].full;
      score[played] = s->result[0].solo_score;
      played++;
    }
  g_assert_cmpint (fol_campaign_get_n_played (campaign), ==, played);
  int expect = summer_campaign_result (won, score, played, NULL);
  g_assert_cmpint (fol_campaign_get_result (campaign, NULL), ==, expect);
  /* stored */
  g_autoptr (FolSavedCampaign) saved = fol_store_load_campaign (f->store, fol_campaign_get_id (campaign), &error);
  g_assert_no_error (error);
  g_assert_true (saved->has_result);
  g_assert_cmpint (saved->result, ==, expect);
  g_assert_cmpstr (saved->side, ==, "3B");
  /* the three stacks are disjoint: every game used its own 25 tiles */
  g_assert_null (fol_campaign_continue_game (campaign, me, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_autoptr (GError) error = NULL;
  g_assert_nonnull (summer_components_get (&error));
  g_assert_nonnull (fall_components_get (&error));
#define ADD(path, fn) g_test_add (path, Fixture, NULL, fixture_set_up, fn, fixture_tear_down)
  ADD ("/model/summer/save-every-move-and-reload", test_save_every_move_and_reload);
  ADD ("/model/summer/illegal-move", test_illegal_move);
  ADD ("/model/summer/move-report", test_move_report);
  ADD ("/model/summer/undo-within-turn", test_undo_within_turn);
  ADD ("/model/summer/hash-mismatch-keeps-row", test_hash_mismatch_keeps_row);
  ADD ("/model/rescue-replays", test_rescue_replays);
  ADD ("/model/summer/async-ai", test_async_ai);
  ADD ("/model/summer/think-time", test_think_time);
  ADD ("/model/summer/think-time-per-level", test_think_time_per_level);
  ADD ("/model/summer/hint", test_hint);
  ADD ("/model/campaign", test_campaign);
  return g_test_run ();
}
