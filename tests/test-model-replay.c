/* test-model-replay.c: FolReplay (issue 13): the positions of a saved game,
 * rebuilt from the store, equal the positions the live game went through at
 * every ply (state hashes recorded while it was played), for both games,
 * finished or not; what each move did is told as when it was played; Fall's
 * seat views equal the live views; the stored game is never changed (not
 * even a finished game stored as in progress, which a load would fix); a
 * missing or damaged game is refused with the store's errors. */
#include <glib/gstdio.h>
#include <string.h>

#include "fol-replay.h"
#include "replay-test-util.h"
#include "store-test-util.h"

static FolSummerGame *
new_summer (StoreFixture *f, int n_players, guint64 seed)
{
  SummerSetup setup;
  summer_setup_init (&setup, n_players, seed);
  FolPlayer *players[SUMMER_MAX_PLAYERS];
  const char *names[] = { "Ann", "Hazel", "Rowan", "Aspen" };
  for (int i = 0; i < n_players; i++)
    players[i] = fol_player_new (names[i], i == 0, i == 0 ? 0 : FOL_AI_GREEDY);
  g_autoptr (GError) error = NULL;
  FolSummerGame *game = fol_summer_game_new (&setup, players, f->store, &error);
  g_assert_no_error (error);
  for (int i = 0; i < n_players; i++)
    g_object_unref (players[i]);
  return game;
}

/* The saved game's row as the store keeps it, to compare before and after. */
static void
assert_same_saved (const FolSavedGame *a, const FolSavedGame *b)
{
  g_assert_cmpint (a->id, ==, b->id);
  g_assert_cmpint (a->status, ==, b->status);
  g_assert_cmphex (a->hash, ==, b->hash);
  g_assert_cmpint (a->updated, ==, b->updated);
  g_assert_cmpint (a->finished, ==, b->finished);
  g_assert_cmpint (a->hints, ==, b->hints);
  g_assert_cmpuint (a->moves->len, ==, b->moves->len);
  for (guint i = 0; i < a->moves->len; i++)
    {
      const FolSavedMove *x = &g_array_index (a->moves, FolSavedMove, i), *y = &g_array_index (b->moves, FolSavedMove, i);
      g_assert_cmpint (x->ply, ==, y->ply);
      g_assert_cmpint (x->seat, ==, y->seat);
      g_assert_cmpstr (x->text, ==, y->text);
    }
  for (guint i = 0; i < a->n_seats; i++)
    {
      g_assert_cmpint (a->seats[i].has_result, ==, b->seats[i].has_result);
      g_assert_cmpint (a->seats[i].score, ==, b->seats[i].score);
    }
}

/* Replays saved game @id and compares every position with @live, every
 * move with the stored log; the stored game must stay as it was. */
static void
check_replay (StoreFixture *f, gint64 id, GArray *live, gboolean over)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (FolSavedGame) before = fol_store_load_game (f->store, id, &error);
  g_assert_no_error (error);
  g_autoptr (FolReplay) replay = fol_replay_new (f->store, id, &error);
  g_assert_no_error (error);
  g_assert_nonnull (replay);
  guint n = fol_replay_get_n_plies (replay);
  g_assert_cmpuint (n + 1, ==, live->len);
  g_assert_cmpuint (n, ==, before->moves->len);
  g_assert_cmpint (fol_replay_get_id (replay), ==, id);
  g_assert_cmpint (fol_replay_get_is_over (replay), ==, over);
  g_assert_cmpstr (fol_replay_get_kind (replay), ==, before->kind);
  gboolean fall = g_str_equal (before->kind, "fall");
  g_autofree FallState *view = g_new0 (FallState, 1);
  for (guint ply = 0; ply <= n; ply++)
    {
      const LivePosition *p = &g_array_index (live, LivePosition, ply);
      g_assert_cmphex (fol_replay_get_hash (replay, ply), ==, p->hash);
      if (fall)
        {
          g_assert_null (fol_replay_get_summer_state (replay, ply));
          g_assert_cmphex (fall_state_hash (fol_replay_get_fall_state (replay, ply)), ==, p->hash);
          for (int seat = 0; seat < 2; seat++)
            {
              fol_replay_get_fall_view (replay, ply, seat, view);
              g_assert_cmphex (fall_state_hash (view), ==, p->view[seat]);
              /* the view hides the other seat's cards */
              for (int k = 0; k < FALL_N_CARD_KINDS; k++)
                {
                  g_assert_cmpuint (view->card[1 - seat][k], ==, FALL_NONE);
                  g_assert_cmpuint (view->card[seat][k], !=, FALL_NONE);
                }
            }
        }
      else
        {
          g_assert_null (fol_replay_get_fall_state (replay, ply));
          g_assert_cmphex (summer_state_hash (fol_replay_get_summer_state (replay, ply)), ==, p->hash);
        }
      if (ply == 0)
        continue;
      /* the move that led there, as it was played and stored */
      const FolMoveReport *r = fol_replay_get_move (replay, ply);
      const FolSavedMove *m = &g_array_index (before->moves, FolSavedMove, ply - 1);
      g_assert_cmpuint (r->ply, ==, ply - 1);
      g_assert_cmpint (r->seat, ==, m->seat);
      g_assert_cmpstr (r->text, ==, m->text);
      g_assert_cmpint (r->game_over, ==, over && ply == n);
      if (fall)
        {
          const FolFallMoveDetail *d = r->detail;
          g_assert_true (d->before == fol_replay_get_fall_state (replay, ply - 1));
          g_assert_true (d->after == fol_replay_get_fall_state (replay, ply));
          g_assert_cmpint (r->turn_ended, ==, d->move.kind == FALL_MOVE_END);
        }
      else
        {
          const FolSummerMoveDetail *d = r->detail;
          g_assert_true (d->before == fol_replay_get_summer_state (replay, ply - 1));
          g_assert_true (d->after == fol_replay_get_summer_state (replay, ply));
          g_assert_cmpint (r->turn_ended, ==, d->info.turn_ended);
        }
    }
  /* the game itself is at its last move and saves nowhere */
  FolGame *game = fol_replay_get_game (replay);
  g_assert_cmphex (fol_game_get_hash (game), ==, fol_replay_get_hash (replay, n));
  g_assert_cmpint (fol_game_get_store_id (game), ==, 0);
  g_assert_null (fol_game_get_store (game));
  g_assert_cmpuint (fol_game_get_n_seats (game), ==, before->n_seats);

  g_autoptr (FolSavedGame) after = fol_store_load_game (f->store, id, &error);
  g_assert_no_error (error);
  assert_same_saved (before, after);
}

/* Solo to the end, four players to the end, games stopped mid-way and
 * before the first move, of both games. */
static void
test_positions (StoreFixture *f, gconstpointer data)
{
  struct { int players; guint64 seed; int moves; int level; } cases[] = {
    { 1, 11, -1, FOL_AI_GREEDY },
    { 4, 12, -1, FOL_AI_GREEDY },
    { 2, 13, 37, FOL_AI_RANDOM },
    { 3, 14, 0, FOL_AI_GREEDY },
    /* Fall: players 0 */
    { 0, 21, -1, FOL_AI_GREEDY },
    { 0, 22, -1, FOL_AI_RANDOM },
    { 0, 23, 61, FOL_AI_GREEDY },
    { 0, 24, 0, FOL_AI_GREEDY },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (FolGame) game = cases[i].players > 0 ? FOL_GAME (new_summer (f, cases[i].players, cases[i].seed))
                                                      : FOL_GAME (replay_test_new_fall (f->store, cases[i].seed, FOL_AI_GREEDY));
      g_autoptr (GArray) live = play_recording (game, cases[i].moves, cases[i].level);
      gboolean over = fol_game_get_is_over (game);
      g_assert_cmpint (over, ==, cases[i].moves < 0);
      check_replay (f, fol_game_get_store_id (game), live, over);
    }
}

/* A game that ended while the program stopped before storing the results
 * is stored as in progress: loading it to play stores them
 * (fol_game_restore()), a replay leaves the row alone. */
static void
test_never_writes (StoreFixture *f, gconstpointer data)
{
  g_autoptr (FolSummerGame) game = new_summer (f, 1, 31);
  g_autoptr (GArray) live = play_recording (FOL_GAME (game), -1, FOL_AI_GREEDY);
  gint64 id = fol_game_get_store_id (FOL_GAME (game));
  g_autoptr (GError) error = NULL;
  g_assert_true (fol_store_set_status (f->store, id, FOL_STORE_STATUS_IN_PROGRESS, &error));
  g_assert_no_error (error);
  check_replay (f, id, live, TRUE);
  g_autoptr (FolSavedGame) saved = fol_store_load_game (f->store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpint (saved->status, ==, FOL_STORE_STATUS_IN_PROGRESS);
  /* while a load to play does store them */
  g_autoptr (FolSummerGame) loaded = fol_summer_game_load (f->store, id, &error);
  g_assert_no_error (error);
  g_autoptr (FolSavedGame) fixed = fol_store_load_game (f->store, id, &error);
  g_assert_cmpint (fixed->status, ==, FOL_STORE_STATUS_FINISHED);
}

static void
test_errors (StoreFixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_assert_null (fol_replay_new (f->store, 4242, &error));
  g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);

  /* a stored hash that the moves do not lead to */
  g_autoptr (FolFallGame) game = replay_test_new_fall (f->store, 41, FOL_AI_GREEDY);
  g_autoptr (GArray) live = play_recording (FOL_GAME (game), 12, FOL_AI_GREEDY);
  gint64 id = fol_game_get_store_id (FOL_GAME (game));
  g_clear_object (&f->store);
  g_autofree char *sql = g_strdup_printf ("UPDATE games SET hash = '0123456789abcdef' WHERE id = %" G_GINT64_FORMAT, id);
  store_test_exec (f->path, sql);
  f->store = fol_store_new (f->path, &error);
  g_assert_no_error (error);
  g_assert_null (fol_replay_new (f->store, id, &error));
  g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_HASH_MISMATCH);
  g_clear_error (&error);

  /* a kind of game this version does not know */
  g_autoptr (FolSavedGame) saved = fol_saved_game_new (2);
  saved->id = 7;
  saved->kind = g_intern_static_string ("winter");
  g_assert_null (fol_replay_new_from_saved (saved, &error));
  g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_INVALID);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/model-replay/positions", StoreFixture, NULL, store_test_fixture_set_up, test_positions, store_test_fixture_tear_down);
  g_test_add ("/model-replay/never-writes", StoreFixture, NULL, store_test_fixture_set_up, test_never_writes, store_test_fixture_tear_down);
  g_test_add ("/model-replay/errors", StoreFixture, NULL, store_test_fixture_set_up, test_errors, store_test_fixture_tear_down);
  return g_test_run ();
}
