/* cli-soak.c: foliage-cli soak, the soak loop of both games (cli-soak.h)
 * and the command that prints it. */
#include "config.h"

#include <glib.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli-soak.h"
#include "datafile.h"

G_DEFINE_QUARK (fol-soak-error-quark, fol_soak_error)

#define MAX_THREADS 256
#define MAX_FAULT_LINES 100
#define PROGRESS_EVERY 1000
/* One game in HARD_ONE_IN has a Hard seat, at --hard-effort. */
#define HARD_ONE_IN 10

static const FolSoakGame *const soak_games[] = { &fol_soak_summer, &fol_soak_fall };

/* The fast levels a seat is drawn from (Hard is added now and then). */
static const FolAiLevel fast_levels[] = { FOL_AI_RANDOM, FOL_AI_GREEDY, FOL_AI_EASY, FOL_AI_NORMAL };

const FolSoakGame *
fol_soak_game_find (const char *name)
{
  const FolMatchGame *match = fol_match_game_find (name);
  for (size_t i = 0; match && i < G_N_ELEMENTS (soak_games); i++)
    if (soak_games[i]->match == match)
      return soak_games[i];
  return NULL;
}

static const char soak_description[] =
  "GAME is summer (Indian Summer) or fall (Fall).\n"
  "\n"
  "Plays N self-play games between computer players.  Each game draws from\n"
  "its seed: the player count (summer: 1 to 4, solo games single or of a\n"
  "campaign; fall: 2, either Season board side) and each seat's level:\n"
  "random, greedy, easy or normal, and in one game of 10 a Hard seat at\n"
  "--hard-effort percent of its search.  Game k is dealt from a seed made of\n"
  "--seed and k only: the games and the totals do not depend on --threads.\n"
  "\n"
  "Checked in every position: the engine's invariants, and that the legal-move\n"
  "list and the move check agree; for every move: that its text parses back\n"
  "to the same move and is written the same again; at the end of a game: that\n"
  "its record formats, parses back and replays to the same state hash.\n"
  "\n"
  "A fault is told on stderr with the game's index and seed, the move and what\n"
  "failed, and how to play that game again (--start K --games 1); that game\n"
  "stops there, the others go on.  Progress goes to stderr every 1000 games.\n"
  "Prints a one-line summary and a JSON object (games, moves, faults,\n"
  "seconds, games per second, the set-ups and levels played).  The exit\n"
  "status is 1 when any fault occurred, 2 for a bad command line.";

gboolean
fol_soak_parse_args (int argc, char **argv, FolSoakSettings *settings, GError **error)
{
  int games = 100, start = 0, threads = 1, effort = 5;
  gint64 seed = 1;
  GOptionEntry entries[] = {
    { "games", 'n', 0, G_OPTION_ARG_INT, &games, "Games to play (default 100)", "N" },
    { "seed", 's', 0, G_OPTION_ARG_INT64, &seed, "Seed of the soak (default 1)", "S" },
    { "start", 0, 0, G_OPTION_ARG_INT, &start, "Index of the first game, to play one again (default 0)", "K" },
    { "threads", 't', 0, G_OPTION_ARG_INT, &threads, "Games played at once (default 1)", "T" },
    { "hard-effort", 0, 0, G_OPTION_ARG_INT, &effort, "Search effort of the Hard seats in percent (default 5)", "PCT" },
    { NULL }
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new ("GAME - self-play games with every check after every move");
  g_option_context_set_description (ctx, soak_description);
  g_option_context_add_main_entries (ctx, entries, NULL);
  if (!g_option_context_parse (ctx, &argc, &argv, error))
    return FALSE;
  const char *problem = NULL;
  g_autofree char *message = NULL;
  if (argc < 2)
    problem = "give the game: summer or fall";
  else if (argc > 2)
    problem = message = g_strdup_printf ("unexpected argument '%s'", argv[2]);
  else if (!fol_soak_game_find (argv[1]))
    problem = message = g_strdup_printf ("unknown game '%s' (summer, fall)", argv[1]);
  else if (games < 1)
    problem = message = g_strdup_printf ("--games must be at least 1, not %d", games);
  else if (start < 0 || start > G_MAXINT - games)
    problem = message = g_strdup_printf ("--start is 0 to %d, not %d", G_MAXINT - games, start);
  else if (threads < 1 || threads > MAX_THREADS)
    problem = message = g_strdup_printf ("--threads is 1 to %d, not %d", MAX_THREADS, threads);
  else if (effort < 1 || effort > 100)
    problem = message = g_strdup_printf ("--hard-effort is a percentage, 1 to 100, not %d", effort);
  if (problem)
    {
      g_set_error_literal (error, FOL_SOAK_ERROR, FOL_SOAK_ERROR_USAGE, problem);
      return FALSE;
    }
  *settings = (FolSoakSettings) {
    .game = fol_soak_game_find (argv[1]),
    .games = games,
    .seed = (uint64_t) seed,
    .start = start,
    .threads = threads,
    .hard_effort = effort,
    .progress_every = PROGRESS_EVERY,
  };
  return TRUE;
}

FolSoakResult *
fol_soak_result_new (const FolSoakSettings *settings, FILE *report)
{
  FolSoakResult *r = g_new0 (FolSoakResult, 1);
  if (settings)
    r->settings = *settings;
  r->fault_lines = g_ptr_array_new_with_free_func (g_free);
  r->report = report;
  g_mutex_init (&r->lock);
  for (int l = 0; l < FOL_N_AI_LEVELS; l++)
    r->seats[l].name = fol_ai_level_name (l);
  return r;
}

void
fol_soak_result_free (FolSoakResult *result)
{
  if (!result)
    return;
  g_ptr_array_unref (result->fault_lines);
  g_mutex_clear (&result->lock);
  g_free (result);
}

void
fol_soak_fault (FolSoakResult *result, const FolSoakPlace *place, const char *what)
{
  const FolSoakGame *game = result->settings.game;
  GString *s = g_string_new (NULL);
  g_string_append_printf (s, "fault in game %d (seed %" PRIu64 ", %s, [", place->index, place->seed,
                          place->kind ? place->kind : "?");
  for (int i = 0; i < place->n_players; i++)
    g_string_append_printf (s, "%s%s", i ? ", " : "", fol_ai_level_name (place->level[i]));
  g_string_append_printf (s, "]) at ply %d", place->ply);
  if (place->move)
    {
      g_autofree char *q = fol_quote (place->move);
      g_string_append_printf (s, ", move '%s'", q);
    }
  g_string_append_printf (s, ": %s; play it again with: foliage-cli soak %s --seed %" PRIu64 " --start %d --games 1",
                          what, game ? game->match->name : "GAME", result->settings.seed, place->index);
  char *line = g_string_free (s, FALSE);
  g_mutex_lock (&result->lock);
  result->faults++;
  if (result->report)
    {
      fprintf (result->report, "foliage-cli soak: %s\n", line);
      fflush (result->report);
    }
  if (result->fault_lines->len < MAX_FAULT_LINES)
    g_ptr_array_add (result->fault_lines, g_steal_pointer (&line));
  g_mutex_unlock (&result->lock);
  g_free (line);
}

gboolean
fol_soak_check_position (const FolSoakGame *game, FolSoakResult *result, const FolSoakPlace *place,
                         const void *state, FolRng *rng)
{
  g_autofree char *problem = game->check_position (state, rng);
  if (problem)
    fol_soak_fault (result, place, problem);
  return problem == NULL;
}

/* What one game adds to the totals. */
typedef struct {
  gint64 moves;
  const char *kind;
  int n_players;
  int level[FOL_MATCH_MAX_PLAYERS];
} GameTally;

/* The buffers one thread plays its games in. */
typedef struct {
  void *state, *before, *move;
  GPtrArray *texts;
  GArray *moves;
} Board;

static void
board_init (Board *b, const FolMatchGame *g)
{
  b->state = g_malloc0 (g->state_size);
  b->before = g_malloc0 (g->state_size);
  b->move = g_malloc0 (g->move_size);
  b->texts = g_ptr_array_new_with_free_func (g_free);
  b->moves = g_array_new (FALSE, FALSE, (guint) g->move_size);
}

static void
board_clear (Board *b)
{
  g_free (b->state);
  g_free (b->before);
  g_free (b->move);
  g_ptr_array_unref (b->texts);
  g_array_unref (b->moves);
}

/* The levels of game @place: fast ones, and a Hard seat in one game of HARD_ONE_IN. */
static void
draw_levels (FolRng *rng, FolSoakPlace *place)
{
  for (int i = 0; i < place->n_players; i++)
    place->level[i] = fast_levels[fol_rng_below (rng, G_N_ELEMENTS (fast_levels))];
  if (fol_rng_below (rng, HARD_ONE_IN) == 0)
    place->level[fol_rng_below (rng, (uint32_t) place->n_players)] = FOL_AI_HARD;
}

/* Plays game @index; a fault ends it.  Returns what it adds to the totals. */
static GameTally
play_game (const FolSoakSettings *st, FolSoakResult *result, int index, Board *b)
{
  const FolSoakGame *game = st->game;
  const FolMatchGame *g = game->match;
  FolSoakPlace place = { .index = index, .seed = fol_match_deal_seed (st->seed, index) };
  /* three generators from the deal seed: the set-up and levels, the
   * computer players, the moves outside the list the checks try */
  uint64_t x = place.seed ^ UINT64_C (0x50A4C0FFEE5EED00);
  FolRng draw, ai, check;
  fol_rng_seed (&draw, fol_splitmix64 (&x));
  fol_rng_seed (&ai, fol_splitmix64 (&x));
  fol_rng_seed (&check, fol_splitmix64 (&x));
  place.n_players = g->min_players + (int) fol_rng_below (&draw, (uint32_t) (g->max_players - g->min_players + 1));
  draw_levels (&draw, &place);
  GameTally tally = { .n_players = place.n_players };
  memcpy (tally.level, place.level, sizeof tally.level);

  g_autoptr (GError) error = NULL;
  if (!game->new_game (b->state, place.seed, place.n_players, &draw, &error))
    {
      fol_soak_fault (result, &place, error->message);
      return tally;
    }
  tally.kind = place.kind = game->kind (b->state);
  g_ptr_array_set_size (b->texts, 0);
  g_array_set_size (b->moves, 0);
  if (!fol_soak_check_position (game, result, &place, b->state, &check))
    return tally;
  while (!g->is_over (b->state))
    {
      if (place.ply >= g->max_plies)
        {
          fol_soak_fault (result, &place, "the game did not end");
          return tally;
        }
      int seat = g->seat_to_move (b->state);
      FolAiSearch search = { .effort_percent = st->hard_effort };
      if (!g->choose (b->state, place.level[seat], &ai, &search, b->move))
        {
          fol_soak_fault (result, &place, "the computer player found no move");
          return tally;
        }
      char *text = g->move_text (b->state, b->move);
      g_ptr_array_add (b->texts, text);
      place.move = text;
      memcpy (b->before, b->state, g->state_size);
      g_autofree char *reason = NULL;
      if (!g->apply (b->state, b->move, &reason))
        {
          g_autofree char *what = g_strdup_printf ("the computer player's move is refused: %s", reason);
          fol_soak_fault (result, &place, what);
          return tally;
        }
      g_array_append_vals (b->moves, b->move, 1);
      place.ply++;
      tally.moves++;
      g_autofree char *problem = game->check_move_text (b->before, b->move, text, b->state);
      if (problem)
        {
          fol_soak_fault (result, &place, problem);
          return tally;
        }
      if (!fol_soak_check_position (game, result, &place, b->state, &check))
        return tally;
    }
  place.move = NULL;
  g_autofree char *problem = game->check_record (b->state, place.seed, b->texts, b->moves);
  if (problem)
    fol_soak_fault (result, &place, problem);
  return tally;
}

static void
count_kind (FolSoakResult *r, const char *kind)
{
  int i = 0;
  while (i < r->n_kinds && strcmp (r->kinds[i].name, kind) != 0)
    i++;
  if (i == r->n_kinds)
    {
      if (r->n_kinds == (int) G_N_ELEMENTS (r->kinds))
        return;
      r->kinds[r->n_kinds++].name = kind;
    }
  r->kinds[i].count++;
}

typedef struct {
  FolSoakResult *result;
  gint next;                 /* the next game to hand out, 0-based from --start */
  gint64 t0;
} RunContext;

static void
print_progress (const FolSoakResult *r, gint64 t0)
{
  double seconds = (double) (g_get_monotonic_time () - t0) / 1e6;
  fprintf (r->report, "foliage-cli soak %s: %d of %d games, %" G_GINT64_FORMAT " moves, %d faults, %.1f s (%.1f games/s)\n",
           r->settings.game->match->name, r->games, r->settings.games, r->moves, r->faults, seconds,
           seconds > 0 ? r->games / seconds : 0.0);
  fflush (r->report);
}

static gpointer
worker (gpointer data)
{
  RunContext *ctx = data;
  FolSoakResult *r = ctx->result;
  const FolSoakSettings *st = &r->settings;
  Board b;
  board_init (&b, st->game->match);
  for (;;)
    {
      int k = g_atomic_int_add (&ctx->next, 1);
      if (k >= st->games)
        break;
      GameTally t = play_game (st, r, st->start + k, &b);
      g_mutex_lock (&r->lock);
      r->games++;
      r->moves += t.moves;
      if (t.kind)
        count_kind (r, t.kind);
      for (int i = 0; i < t.n_players; i++)
        r->seats[t.level[i]].count++;
      if (r->report && st->progress_every > 0 && r->games % st->progress_every == 0)
        print_progress (r, ctx->t0);
      g_mutex_unlock (&r->lock);
    }
  board_clear (&b);
  return NULL;
}

static int
compare_count (gconstpointer a, gconstpointer b)
{
  return strcmp (((const FolSoakCount *) a)->name, ((const FolSoakCount *) b)->name);
}

FolSoakResult *
fol_soak_run (const FolSoakSettings *settings, FILE *report, GError **error)
{
  g_return_val_if_fail (settings->game != NULL && settings->games >= 1 && settings->threads >= 1, NULL);
  GError *inner = NULL;
  if (!settings->game->match->load (&inner))
    {
      g_set_error (error, FOL_SOAK_ERROR, FOL_SOAK_ERROR_DATA, "%s", inner->message);
      g_error_free (inner);
      return NULL;
    }
  FolSoakResult *r = fol_soak_result_new (settings, report);
  RunContext ctx = { .result = r, .t0 = g_get_monotonic_time () };
  GThread *threads[MAX_THREADS];
  int n_threads = 0;
  for (int i = 1; i < settings->threads; i++)
    {
      GThread *t = g_thread_try_new ("soak", worker, &ctx, &inner);
      if (!t)
        {
          if (report)
            fprintf (report, "foliage-cli soak: %s; playing on %d threads\n", inner->message, n_threads + 1);
          g_clear_error (&inner);
          break;
        }
      threads[n_threads++] = t;
    }
  worker (&ctx);
  for (int i = 0; i < n_threads; i++)
    g_thread_join (threads[i]);
  r->seconds = (double) (g_get_monotonic_time () - ctx.t0) / 1e6;
  /* the set-up kinds in a fixed order, whatever order the games ended in */
  qsort (r->kinds, (size_t) r->n_kinds, sizeof r->kinds[0], compare_count);
  return r;
}

char *
fol_soak_summary (const FolSoakResult *result)
{
  return g_strdup_printf ("soak %s: %d games, %" G_GINT64_FORMAT " moves, %d faults in %.1f s (%.1f games/s)",
                          result->settings.game->match->name, result->games, result->moves, result->faults,
                          result->seconds, result->seconds > 0 ? result->games / result->seconds : 0.0);
}

static void
append_counts (GString *s, const char *key, const FolSoakCount *counts, int n)
{
  g_string_append_printf (s, ",\n  \"%s\": {", key);
  bool first = true;
  for (int i = 0; i < n; i++)
    {
      if (!counts[i].count)
        continue;
      g_string_append_printf (s, "%s\n    \"%s\": %d", first ? "" : ",", counts[i].name, counts[i].count);
      first = false;
    }
  g_string_append (s, first ? "}" : "\n  }");
}

char *
fol_soak_result_to_json (const FolSoakResult *result, gboolean with_machine)
{
  const FolSoakSettings *st = &result->settings;
  GString *s = g_string_new ("{\n");
  g_string_append_printf (s, "  \"game\": \"%s\",\n  \"seed\": %" G_GINT64_FORMAT ",\n  \"start\": %d,\n",
                          st->game->match->name, (gint64) st->seed, st->start);
  if (with_machine)
    g_string_append_printf (s, "  \"threads\": %d,\n", st->threads);
  g_string_append_printf (s, "  \"hard_effort_percent\": %d,\n  \"games\": %d,\n  \"moves\": %" G_GINT64_FORMAT ",\n"
                          "  \"faults\": %d",
                          st->hard_effort, result->games, result->moves, result->faults);
  append_counts (s, "set_ups", result->kinds, result->n_kinds);
  append_counts (s, "seats", result->seats, FOL_N_AI_LEVELS);
  if (with_machine)
    {
      char buf[G_ASCII_DTOSTR_BUF_SIZE];
      g_string_append_printf (s, ",\n  \"seconds\": %s", g_ascii_formatd (buf, sizeof buf, "%.3f", result->seconds));
      g_string_append_printf (s, ",\n  \"games_per_second\": %s",
                              g_ascii_formatd (buf, sizeof buf, "%.2f",
                                               result->seconds > 0 ? result->games / result->seconds : 0.0));
    }
  g_string_append (s, "\n}\n");
  return g_string_free (s, FALSE);
}

int
fol_cli_soak (int argc, char **argv)
{
  FolSoakSettings settings;
  g_autoptr (GError) error = NULL;
  g_autoptr (FolSoakResult) result = NULL;
  if (fol_soak_parse_args (argc, argv, &settings, &error))
    result = fol_soak_run (&settings, stderr, &error);
  if (!result)
    {
      /* a bad command line is 2, data that cannot be loaded 1 */
      fprintf (stderr, "foliage-cli soak: %s\n", error->message);
      return g_error_matches (error, FOL_SOAK_ERROR, FOL_SOAK_ERROR_DATA) ? 1 : 2;
    }
  g_autofree char *summary = fol_soak_summary (result);
  g_autofree char *json = fol_soak_result_to_json (result, TRUE);
  printf ("%s\n%s", summary, json);
  return result->faults > 0 ? 1 : 0;
}
