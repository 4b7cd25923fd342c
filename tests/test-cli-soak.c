/* test-cli-soak.c: the soak run of foliage-cli soak (src/cli/cli-soak.c)
 * in-process: 20 games per engine with no fault and the same totals on any
 * number of threads; and each check's fault path, fed a position with a
 * broken invariant, a move text that is not the move's, a record that does
 * not replay: each is counted, named with the game and told how to play
 * it again.  No timing is asserted. */
#include <glib.h>
#include <string.h>

#include "cli-soak.h"
#include "fall-notation.h"
#include "fall-state.h"
#include "summer-notation.h"
#include "summer-state.h"

static gboolean
parse (const char *cmdline, FolSoakSettings *settings, GError **error)
{
  g_auto (GStrv) words = NULL;
  int argc = 0;
  g_assert_true (g_shell_parse_argv (cmdline, &argc, &words, NULL));
  /* g_option_context_parse() drops the words it reads without freeing them */
  g_autofree char **argv = g_memdup2 (words, sizeof (char *) * (gsize) (argc + 1));
  return fol_soak_parse_args (argc, argv, settings, error);
}

static FolSoakResult *
run (const char *cmdline)
{
  FolSoakSettings st;
  g_autoptr (GError) error = NULL;
  g_assert_true (parse (cmdline, &st, &error));
  g_assert_no_error (error);
  FolSoakResult *r = fol_soak_run (&st, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (r);
  return r;
}

static int
kind_count (const FolSoakResult *r, const char *kind)
{
  for (int i = 0; i < r->n_kinds; i++)
    if (strcmp (r->kinds[i].name, kind) == 0)
      return r->kinds[i].count;
  return 0;
}

/* 20 games with no fault, the mix of set-ups (@kinds, each dealt at least
 * once with seed 1) and levels drawn, and the same totals on 2 threads as
 * on 1. */
static void
soak_20 (const char *game, const char *const *kinds)
{
  g_autofree char *one = g_strdup_printf ("soak %s --games 20 --seed 1", game);
  g_autofree char *two = g_strdup_printf ("soak %s --games 20 --seed 1 --threads 2", game);
  g_autoptr (FolSoakResult) r1 = run (one);
  g_autoptr (FolSoakResult) r2 = run (two);
  for (guint i = 0; i < r1->fault_lines->len; i++)
    g_test_message ("%s", (const char *) r1->fault_lines->pdata[i]);
  g_assert_cmpint (r1->faults, ==, 0);
  g_assert_cmpuint (r1->fault_lines->len, ==, 0);
  g_assert_cmpint (r1->games, ==, 20);
  g_assert_cmpint (r1->moves, >, 20 * 10);
  for (int i = 0; kinds[i]; i++)
    g_assert_cmpint (kind_count (r1, kinds[i]), >, 0);
  int seats = 0, fast = 0;
  for (int l = 0; l < FOL_N_AI_LEVELS; l++)
    seats += r1->seats[l].count;
  fast = r1->seats[FOL_AI_RANDOM].count + r1->seats[FOL_AI_GREEDY].count + r1->seats[FOL_AI_EASY].count
         + r1->seats[FOL_AI_NORMAL].count;
  g_assert_cmpint (seats, >=, 20);
  g_assert_cmpint (fast, >, seats / 2);
  g_assert_cmpint (r1->seats[FOL_AI_EXPERT].count, ==, 0);
  /* seed 1 deals every fast level and a Hard seat within 20 games */
  static const FolAiLevel played[] = { FOL_AI_RANDOM, FOL_AI_GREEDY, FOL_AI_EASY, FOL_AI_NORMAL, FOL_AI_HARD };
  for (size_t i = 0; i < G_N_ELEMENTS (played); i++)
    g_assert_cmpint (r1->seats[played[i]].count, >, 0);

  g_autofree char *j1 = fol_soak_result_to_json (r1, FALSE);
  g_autofree char *j2 = fol_soak_result_to_json (r2, FALSE);
  g_assert_cmpstr (j1, ==, j2);
  g_assert_nonnull (strstr (j1, "\"faults\": 0"));
  g_assert_null (strstr (j1, "seconds"));
  g_autofree char *jm = fol_soak_result_to_json (r2, TRUE);
  g_assert_nonnull (strstr (jm, "\"games_per_second\": "));
  g_assert_nonnull (strstr (jm, "\"threads\": 2"));
  g_autofree char *summary = fol_soak_summary (r1);
  g_autofree char *want = g_strdup_printf ("soak %s: 20 games, %" G_GINT64_FORMAT " moves, 0 faults in ", game, r1->moves);
  g_assert_true (g_str_has_prefix (summary, want));
}

static void
test_summer_20 (void)
{
  static const char *const kinds[] = { "solo", "solo campaign", "2 players", "3 players", "4 players", NULL };
  soak_20 ("summer", kinds);
}

static void
test_fall_20 (void)
{
  static const char *const kinds[] = { "side A", "side B", NULL };
  soak_20 ("fall", kinds);
}

/* Game 7 (deal seed 4242) of a soak with seed 5, at ply 12 after the move
 * @move: what a fault names. */
static FolSoakPlace
place_of (const char *move)
{
  return (FolSoakPlace) { .index = 7, .seed = 4242, .kind = "test", .n_players = 2,
                          .level = { FOL_AI_EASY, FOL_AI_HARD }, .ply = 12, .move = move };
}

static FolSoakResult *
quiet_result (const char *game)
{
  FolSoakSettings st = { .game = fol_soak_game_find (game), .games = 1, .seed = 5, .threads = 1, .hard_effort = 5 };
  g_assert_nonnull (st.game);
  return fol_soak_result_new (&st, NULL);
}

/* The one fault of @r names the game, the move, @what and the command that
 * plays the game again. */
static void
assert_one_fault (const FolSoakResult *r, const char *move, const char *what)
{
  g_assert_cmpint (r->faults, ==, 1);
  g_assert_cmpuint (r->fault_lines->len, ==, 1);
  const char *line = r->fault_lines->pdata[0];
  g_test_message ("%s", line);
  g_assert_nonnull (strstr (line, "game 7 (seed 4242, test, [easy, hard]) at ply 12"));
  if (move)
    {
      g_autofree char *quoted = g_strdup_printf ("move '%s'", move);
      g_assert_nonnull (strstr (line, quoted));
    }
  g_assert_nonnull (strstr (line, what));
  g_autofree char *again = g_strdup_printf ("foliage-cli soak %s --seed 5 --start 7 --games 1",
                                            r->settings.game->match->name);
  g_assert_nonnull (strstr (line, again));
}

static void
summer_game (SummerState *s, int n_players, uint64_t seed)
{
  SummerSetup setup;
  summer_setup_init (&setup, n_players, seed);
  g_autoptr (GError) error = NULL;
  g_assert_true (summer_state_new_game (&setup, s, &error));
  g_assert_no_error (error);
}

/* A position with a broken invariant is reported as a fault; an intact one is not. */
static void
test_summer_broken_invariant (void)
{
  g_autoptr (FolSoakResult) r = quiet_result ("summer");
  FolRng rng;
  fol_rng_seed (&rng, 1);
  SummerState s;
  summer_game (&s, 3, 11);
  FolSoakPlace place = place_of ("G05 r1 e4");
  g_assert_true (fol_soak_check_position (&fol_soak_summer, r, &place, &s, &rng));
  g_assert_cmpint (r->faults, ==, 0);

  /* a Player Path tile replaced by the head of the Common Path: one tile
   * no longer anywhere, another in two places */
  s.seat[0].path[0] = s.common[0];
  g_assert_false (fol_soak_check_position (&fol_soak_summer, r, &place, &s, &rng));
  assert_one_fault (r, "G05 r1 e4", "is accounted for");
}

/* summer_state_check_invariants() names each kind of breakage, and reads
 * nothing out of bounds on fields out of range. */
static void
test_summer_invariants (void)
{
  SummerState s, t;
  summer_game (&s, 2, 5);
  g_assert_null (summer_state_check_invariants (&s));
  g_assert_null (summer_state_check_move_list (&s));
  t = s;
  t.seat[1].cover[0] = SUMMER_COVER_SQUIRREL;   /* covered but not marked */
  g_autofree char *p1 = summer_state_check_invariants (&t);
  g_assert_nonnull (p1);
  g_assert_nonnull (strstr (p1, "seat 2: a1 is covered but marked empty"));

  t = s;
  t.seat[0].covered |= fol_bb_bit (0);
  t.seat[0].cover[0] = SUMMER_COVER_SQUIRREL;   /* a Squirrel not counted */
  g_autofree char *p2 = summer_state_check_invariants (&t);
  g_assert_nonnull (p2);
  g_assert_nonnull (strstr (p2, "Squirrels"));

  t = s;
  t.supply[0]++;                                /* a token from nowhere */
  g_autofree char *p3 = summer_state_check_invariants (&t);
  g_assert_nonnull (p3);
  g_assert_nonnull (strstr (p3, "tokens of treasure"));

  t = s;
  t.seat[0].areas_done = 1;                     /* Area 1 marked, not covered */
  g_autofree char *p4 = summer_state_check_invariants (&t);
  g_assert_nonnull (p4);
  g_assert_nonnull (strstr (p4, "Area 1"));

  t = s;
  t.seat[1].path_len = 200;                     /* out of range: named, not read */
  g_autofree char *p5 = summer_state_check_invariants (&t);
  g_assert_nonnull (p5);
  g_assert_nonnull (strstr (p5, "Player Path of 200 tiles"));

  t = s;
  t.reserve[0] = 99;
  g_autofree char *p6 = summer_state_check_invariants (&t);
  g_assert_nonnull (p6);
  g_assert_nonnull (strstr (p6, "no Leaf tile 99 in the reserve"));
}

static void
test_fall_broken_invariant (void)
{
  g_autoptr (FolSoakResult) r = quiet_result ("fall");
  g_autoptr (GError) error = NULL;
  g_assert_true (fol_match_fall.load (&error));
  FolRng rng;
  fol_rng_seed (&rng, 1);
  g_autofree void *state = g_malloc0 (fol_match_fall.state_size);
  g_assert_true (fol_soak_fall.new_game (state, 9, 2, &rng, &error));
  FallState *s = state;
  FolSoakPlace place = place_of ("T2");
  g_assert_true (fol_soak_check_position (&fol_soak_fall, r, &place, s, &rng));
  g_assert_cmpint (r->faults, ==, 0);

  /* a token drawn from the bag that is nowhere else */
  s->n_bag--;
  g_assert_false (fol_soak_check_position (&fol_soak_fall, r, &place, s, &rng));
  g_autofree char *problem = fall_state_check_invariants (s);
  g_assert_nonnull (problem);
  assert_one_fault (r, "T2", problem);
}

/* A move text that stands for another move, or does not parse, is named. */
static void
test_move_text_faults (void)
{
  SummerState before, after;
  summer_game (&before, 1, 21);
  SummerMoveList l;
  summer_legal_moves (&before, &l);
  g_assert_cmpint (l.n, >, 1);
  SummerMove m = l.moves[0];
  after = before;
  g_assert_true (summer_apply_move (&after, &m, NULL, NULL));
  g_autofree char *text = summer_move_format (&before, &m);
  g_assert_null (fol_soak_summer.check_move_text (&before, &m, text, &after));
  g_autofree char *other = summer_move_format (&before, &l.moves[l.n - 1]);
  g_autofree char *p1 = fol_soak_summer.check_move_text (&before, &m, other, &after);
  g_assert_cmpstr (p1, ==, "its text parses to another move");
  g_autofree char *p2 = fol_soak_summer.check_move_text (&before, &m, "G05  r1 e4", &after);
  g_assert_nonnull (p2);
  g_assert_true (g_str_has_prefix (p2, "its text does not parse: "));
  summer_move_list_clear (&l);

  g_autoptr (GError) error = NULL;
  g_assert_true (fol_match_fall.load (&error));
  FolRng rng;
  fol_rng_seed (&rng, 1);
  g_autofree void *fb = g_malloc0 (fol_match_fall.state_size);
  g_autofree void *fa = g_malloc0 (fol_match_fall.state_size);
  g_assert_true (fol_soak_fall.new_game (fb, 9, 2, &rng, &error));
  FallMove take = { .kind = FALL_MOVE_TAKE, .arg = 1 };
  memcpy (fa, fb, fol_match_fall.state_size);
  g_assert_true (fall_apply (fa, &take, NULL));
  g_assert_null (fol_soak_fall.check_move_text (fb, &take, "T2", fa));
  g_autofree char *p3 = fol_soak_fall.check_move_text (fb, &take, "T3", fa);
  g_assert_cmpstr (p3, ==, "its text parses to another move");
}

/* Plays @n moves of a game from @state with the first legal move each time,
 * logging texts and moves as the soak does. */
static void
play_first_legal (const FolMatchGame *g, void *state, int n, GPtrArray *texts, GArray *moves)
{
  g_autofree void *move = g_malloc0 (g->move_size);
  for (int i = 0; i < n && !g->is_over (state); i++)
    {
      g_assert_true (g->first_legal (state, move));
      g_ptr_array_add (texts, g->move_text (state, move));
      g_assert_true (g->apply (state, move, NULL));
      g_array_append_vals (moves, move, 1);
    }
}

/* A record that does not lead to the final position is named. */
static void
test_record_faults (void)
{
  const FolSoakGame *games[] = { &fol_soak_summer, &fol_soak_fall };
  for (size_t k = 0; k < G_N_ELEMENTS (games); k++)
    {
      const FolSoakGame *game = games[k];
      const FolMatchGame *g = game->match;
      g_autoptr (GError) error = NULL;
      g_assert_true (g->load (&error));
      FolRng rng;
      fol_rng_seed (&rng, 2);
      g_autofree void *state = g_malloc0 (g->state_size);
      g_assert_true (game->new_game (state, 77, 2, &rng, &error));
      g_autoptr (GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
      g_autoptr (GArray) moves = g_array_new (FALSE, FALSE, (guint) g->move_size);
      play_first_legal (g, state, 12, texts, moves);
      g_assert_null (game->check_record (state, 77, texts, moves));
      /* one move short: replays to another position */
      g_ptr_array_set_size (texts, texts->len - 1);
      g_array_set_size (moves, moves->len - 1);
      g_autofree char *p = game->check_record (state, 77, texts, moves);
      g_assert_nonnull (p);
      g_test_message ("%s: %s", g->name, p);
      g_assert_true (g_str_has_prefix (p, "the game record "));
    }
}

static void
test_parse_args (void)
{
  FolSoakSettings st;
  g_autoptr (GError) error = NULL;
  g_assert_true (parse ("soak fall --games 7 --seed 9 --start 3 --threads 2 --hard-effort 20", &st, &error));
  g_assert_no_error (error);
  g_assert_true (st.game == &fol_soak_fall);
  g_assert_cmpint (st.games, ==, 7);
  g_assert_cmpuint (st.seed, ==, 9);
  g_assert_cmpint (st.start, ==, 3);
  g_assert_cmpint (st.threads, ==, 2);
  g_assert_cmpint (st.hard_effort, ==, 20);
  static const struct {
    const char *cmdline, *message;
  } bad[] = {
    { "soak", "give the game" },
    { "soak chess", "unknown game 'chess'" },
    { "soak summer fall", "unexpected argument 'fall'" },
    { "soak summer --games 0", "--games must be at least 1" },
    { "soak summer --threads 0", "--threads is 1 to" },
    { "soak summer --hard-effort 0", "--hard-effort is a percentage" },
    { "soak summer --start -1", "--start is 0 to" },
  };
  for (size_t i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_clear_error (&error);
      g_assert_false (parse (bad[i].cmdline, &st, &error));
      g_assert_error (error, FOL_SOAK_ERROR, FOL_SOAK_ERROR_USAGE);
      if (!strstr (error->message, bad[i].message))
        g_error ("'%s': '%s', expected '%s'", bad[i].cmdline, error->message, bad[i].message);
    }
}

/* --start K --games 1 plays game K of the longer run again. */
static void
test_start_replays_a_game (void)
{
  g_autoptr (FolSoakResult) all = run ("soak summer --games 4 --seed 8");
  gint64 sum = 0;
  for (int k = 0; k < 4; k++)
    {
      g_autofree char *cmd = g_strdup_printf ("soak summer --games 1 --seed 8 --start %d", k);
      g_autoptr (FolSoakResult) one = run (cmd);
      g_assert_cmpint (one->games, ==, 1);
      sum += one->moves;
    }
  g_assert_cmpint (sum, ==, all->moves);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli-soak/summer-20-games", test_summer_20);
  g_test_add_func ("/cli-soak/fall-20-games", test_fall_20);
  g_test_add_func ("/cli-soak/summer-broken-invariant-reported", test_summer_broken_invariant);
  g_test_add_func ("/cli-soak/summer-invariants-named", test_summer_invariants);
  g_test_add_func ("/cli-soak/fall-broken-invariant-reported", test_fall_broken_invariant);
  g_test_add_func ("/cli-soak/move-text-faults", test_move_text_faults);
  g_test_add_func ("/cli-soak/record-faults", test_record_faults);
  g_test_add_func ("/cli-soak/parse-args", test_parse_args);
  g_test_add_func ("/cli-soak/start-replays-a-game", test_start_replays_a_game);
  return g_test_run ();
}
