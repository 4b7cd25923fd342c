/* test-model-fall.c: FolFallGame over a real store: saving after every
 * move, reload by replay with the hash check, undo within the turn, what
 * each move did (the report of ::move-applied and fol_game_replay()), the
 * computer deciding from its seat's view in a worker thread, results. */
#include <glib/gstdio.h>
#include <string.h>

#include "fol-fall-game.h"
#include "fall-ai.h"
#include "fall-notation.h"
#include "fall-scoring.h"
#include "store-test-util.h"
#include "report-test-util.h"

static FolFallGame *
new_game (FolStore *store, guint64 seed)
{
  g_autoptr (FolPlayer) a = fol_player_new ("Norma", TRUE, 0);
  g_autoptr (FolPlayer) b = fol_player_new ("Amedeo", FALSE, FOL_AI_GREEDY);
  FolPlayer *players[2] = { a, b };
  g_autoptr (GError) error = NULL;
  FolFallGame *game = fol_fall_game_new (seed, NULL, players, store, &error);
  g_assert_no_error (error);
  return game;
}

static void
test_save_reload_finish (void)
{
  g_autofree char *dir = store_test_tmpdir ();
  g_autofree char *path = g_build_filename (dir, "foliage.db", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (FolStore) store = fol_store_new (path, &error);
  g_assert_no_error (error);
  g_autoptr (FolFallGame) game = new_game (store, 77);
  FolGame *g = FOL_GAME (game);
  gint64 id = fol_game_get_store_id (g);
  for (int i = 0; i < 50; i++)
    {
      g_autofree char *m = fol_game_choose_move (g, FOL_AI_GREEDY);
      g_assert_nonnull (m);
      g_assert_true (fol_game_apply_move (g, m, &error));
      g_assert_no_error (error);
    }
  g_autoptr (FolFallGame) again = fol_fall_game_load (store, id, &error);
  g_assert_no_error (error);
  g_assert_cmphex (fol_game_get_hash (FOL_GAME (again)), ==, fol_game_get_hash (g));
  g_assert_cmpuint (fol_game_get_n_moves (FOL_GAME (again)), ==, 50);
  g_assert_cmpstr (fol_player_get_name (fol_game_get_player (FOL_GAME (again), 1)), ==, "Amedeo");
  while (!fol_game_get_is_over (FOL_GAME (again)))
    {
      g_autofree char *m = fol_game_choose_move (FOL_GAME (again), FOL_AI_RANDOM);
      g_assert_true (fol_game_apply_move (FOL_GAME (again), m, NULL));
    }
  g_autoptr (FolSavedGame) saved = fol_store_load_game (store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpint (saved->status, ==, FOL_STORE_STATUS_FINISHED);
  FallScore sc[2];
  int winner = fall_result (fol_fall_game_get_state (again), sc);
  for (int i = 0; i < 2; i++)
    {
      g_assert_cmpint (saved->seats[i].score, ==, sc[i].total);
      g_assert_cmpint (saved->seats[i].won, ==, winner < 0 || winner == i);
      int mush = -1;
      g_assert_true (fol_saved_seat_get_detail (&saved->seats[i], "mushrooms", &mush));
      g_assert_cmpint (mush, ==, sc[i].mushrooms);
    }
  g_clear_object (&game);
  g_clear_object (&again);
  g_clear_object (&store);
  store_test_rmdir (dir);
}

static void
test_undo_and_illegal (void)
{
  g_autoptr (FolFallGame) game = new_game (NULL, 5);
  FolGame *g = FOL_GAME (game);
  guint64 h0 = fol_game_get_hash (g);
  g_autoptr (GError) error = NULL;
  g_assert_false (fol_game_apply_move (g, "garbage", &error));
  g_assert_error (error, FOL_GAME_ERROR, FOL_GAME_ERROR_PARSE);
  g_clear_error (&error);
  /* a megabyte of text (a damaged saved game): the message quotes 40
   * characters of it, however the parser quotes it */
  g_autofree char *huge = g_strnfill (1 << 20, 'L');
  g_assert_false (fol_game_apply_move (g, huge, &error));
  g_assert_error (error, FOL_GAME_ERROR, FOL_GAME_ERROR_PARSE);
  g_test_message ("%s", error->message);
  g_assert_cmpuint (strlen (error->message), <, 300);
  g_clear_error (&error);
  g_assert_cmphex (fol_game_get_hash (g), ==, h0);
  g_autofree char *m = fol_game_choose_move (g, FOL_AI_GREEDY);
  g_assert_true (fol_game_apply_move (g, m, NULL));
  g_assert_cmpuint (fol_game_get_n_undoable (g), ==, 1);
  g_assert_true (fol_game_undo (g, NULL));
  g_assert_cmphex (fol_game_get_hash (g), ==, h0);
  /* the same move again, then play to the end of the turn: no undo past it */
  g_assert_true (fol_game_apply_move (g, m, NULL));
  int seat = fol_game_get_current_seat (g);
  while (fol_game_get_current_seat (g) == seat)
    {
      g_autofree char *next = fol_game_choose_move (g, FOL_AI_GREEDY);
      g_assert_true (fol_game_apply_move (g, next, NULL));
    }
  g_assert_cmpuint (fol_game_get_n_undoable (g), ==, 0);
  g_assert_false (fol_game_undo (g, NULL));
}

/* What a FolMoveReport of a Fall move says, kept past its emission. */
typedef struct {
  ToldMove head;
  FallMove move;
  int week_before, week_after;
} Told;

static void
keep_report (FolGame *g, const FolMoveReport *r, gpointer data)
{
  const FolFallMoveDetail *d = r->detail;
  Told t = { told_move (r, fall_state_hash (d->before), fall_state_hash (d->after)), d->move, d->before->week,
             d->after->week };
  g_array_append_val ((GArray *) data, t);
}

/* The model tells what each move did: the ::move-applied report carries
 * the move and the full positions before and after it, the same as the
 * engine on a copy (fol_fall_game_apply() and the notation alike); the
 * weeks turn in it; fol_game_replay() tells the whole game again the same
 * way and leaves it where it was; a refused move tells nothing. */
static void
test_move_report (void)
{
  g_autoptr (FolFallGame) game = new_game (NULL, 31);
  FolGame *g = FOL_GAME (game);
  g_autoptr (GArray) told = g_array_new (FALSE, TRUE, sizeof (Told));
  g_array_set_clear_func (told, told_clear);
  ToldListener listener = { keep_report, told };
  g_signal_connect (g, "move-applied", G_CALLBACK (told_on_applied), &listener);
  FallState *copy = g_new0 (FallState, 1);
  gboolean new_week = FALSE;
  for (guint n = 0; !fol_game_get_is_over (g); n++)
    {
      const FallState *s = fol_fall_game_get_state (game);
      g_autofree char *text = fol_game_choose_move (g, FOL_AI_GREEDY);
      FallMove m;
      g_assert_true (fall_move_parse (s->comps, text, &m, NULL));
      memset (copy, 0, sizeof *copy);
      fall_state_copy (copy, s);
      g_assert_true (fall_apply (copy, &m, NULL));
      guint64 before = fall_state_hash (s);
      int seat = fall_state_current_seat (s);
      g_autoptr (GError) error = NULL;
      /* every other move through the typed call */
      if (n % 2)
        g_assert_true (fol_fall_game_apply (game, &m, &error));
      else
        g_assert_true (fol_game_apply_move (g, text, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (told->len, ==, n + 1);
      const Told *t = &g_array_index (told, Told, n);
      ToldMove expect = { seat, n, text, m.kind == FALL_MOVE_END, fall_state_is_over (copy), before, fall_state_hash (copy) };
      assert_told_same (&t->head, &expect);
      g_assert_cmphex (t->head.after, ==, fol_game_get_hash (g));
      g_assert_true (fall_move_equal (&t->move, &m));
      new_week |= t->week_after == t->week_before + 1;
    }
  g_free (copy);
  g_assert_true (new_week);
  g_assert_true (g_array_index (told, Told, told->len - 1).head.game_over);

  g_autoptr (GArray) again = assert_replay_tells (g, keep_report, told, sizeof (Told));
  for (guint i = 0; i < told->len; i++)
    g_assert_true (fall_move_equal (&g_array_index (told, Told, i).move, &g_array_index (again, Told, i).move));

  /* refused: no report, nothing changed */
  g_autoptr (FolFallGame) fresh = new_game (NULL, 32);
  g_signal_connect (fresh, "move-applied", G_CALLBACK (told_on_applied), &listener);
  guint n = told->len;
  FallMove end_move = { .kind = FALL_MOVE_END };
  g_autoptr (GError) error = NULL;
  g_assert_false (fol_fall_game_apply (fresh, &end_move, &error));
  g_assert_error (error, FOL_GAME_ERROR, FOL_GAME_ERROR_ILLEGAL);
  g_assert_cmpuint (told->len, ==, n);
  g_assert_cmpuint (fol_game_get_n_moves (FOL_GAME (fresh)), ==, 0);
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

/* The worker decides from the view: the same move whatever the hidden
 * cards of the other seat (checked against the engine on the view). */
static void
test_async_from_view (void)
{
  g_autoptr (FolFallGame) game = new_game (NULL, 9);
  AsyncResult r = { g_main_loop_new (NULL, FALSE), NULL, NULL };
  fol_game_choose_move_async (FOL_GAME (game), FOL_AI_GREEDY, NULL, on_chosen, &r);
  g_main_loop_run (r.loop);
  g_assert_no_error (r.error);
  g_assert_nonnull (r.move);
  g_autofree char *sync = fol_game_choose_move (FOL_GAME (game), FOL_AI_GREEDY);
  g_assert_cmpstr (r.move, ==, sync);
  g_assert_true (fol_game_apply_move (FOL_GAME (game), r.move, NULL));
  g_free (r.move);
  g_main_loop_unref (r.loop);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_autoptr (GError) error = NULL;
  g_assert_nonnull (fall_components_get (&error));
  g_test_add_func ("/model/fall/save-reload-finish", test_save_reload_finish);
  g_test_add_func ("/model/fall/undo-and-illegal", test_undo_and_illegal);
  g_test_add_func ("/model/fall/move-report", test_move_report);
  g_test_add_func ("/model/fall/async-from-view", test_async_from_view);
  return g_test_run ();
}
