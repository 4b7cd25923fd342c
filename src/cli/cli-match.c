/* cli-match.c: foliage-cli match, the one match loop of both games
 * (cli-match.h), and the command that prints it. */
#include "config.h"

#include <glib.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "cli-match.h"

G_DEFINE_QUARK (fol-match-error-quark, fol_match_error)

#define MAX_THREADS 256

static const FolMatchGame *const games[] = { &fol_match_summer, &fol_match_fall };

const FolMatchGame *
fol_match_game_find (const char *name)
{
  for (size_t i = 0; name && i < G_N_ELEMENTS (games); i++)
    if (g_ascii_strcasecmp (name, games[i]->name) == 0)
      return games[i];
  return NULL;
}

/* "random, greedy": the level names of @game, for messages. */
static char *
level_list (const FolMatchGame *game)
{
  GString *s = g_string_new (NULL);
  for (int i = 0; i < game->n_levels; i++)
    g_string_append_printf (s, "%s%s", i ? ", " : "", game->level_name (i));
  return g_string_free (s, FALSE);
}

/* a format: the level lists of summer and fall */
static const char match_description[] =
  "GAME is summer (Indian Summer, 1 to 4 players) or fall (Fall, 2 players).\n"
  "\n"
  "Every deal is played once per seat rotation: with 2 players in both\n"
  "seatings, with 3 or 4 players in every cyclic rotation (seat i gets level\n"
  "ai[(i + r) %% N] in rotation r), so each level meets the same deals from\n"
  "every seat.  --players 1 (Indian Summer only) plays solo deals.  Deal k is\n"
  "dealt from a seed derived from --seed and k only, every decision's\n"
  "generator from the deal, rotation, seat and ply only: without --time-cap\n"
  "the result does not depend on --threads.\n"
  "\n"
  "Prints one line per deal in deal order, then a JSON object: the settings,\n"
  "and per level its games, wins (a first place shared by k seats counts 1/k),\n"
  "win rate with its 95%% Wilson interval, mean rank and the game's figures\n"
  "(solo: games won, mean score and the scores' histogram), and the decision\n"
  "times: median, 95th percentile and maximum of the thread CPU time, and the\n"
  "wall-clock median.\n"
  "\n"
  "A move a computer player chooses goes through the engine's checked apply;\n"
  "an illegal one is counted in illegal_moves, told on stderr and replaced by\n"
  "the first legal move.  The exit status is 1 when illegal_moves is not 0 or\n"
  "a game did not finish, 2 for a bad command line.\n"
  "\n"
  "Levels of summer: %s.\n"
  "Levels of fall: %s.";

gboolean
fol_match_parse_args (int argc, char **argv, FolMatchSettings *settings, GError **error)
{
  int players = 0, deals = 10, threads = 1, time_cap = 0, effort = 100;
  gint64 seed = 1;
  g_autofree char *ai = NULL;
  GOptionEntry entries[] = {
    { "players", 'p', 0, G_OPTION_ARG_INT, &players,
      "Players: summer 1 (solo) to 4, fall 2 (default: one per --ai entry)", "N" },
    { "ai", 'a', 0, G_OPTION_ARG_STRING, &ai, "The levels, one per player", "A,B[,C,D]" },
    { "deals", 'k', 0, G_OPTION_ARG_INT, &deals, "Deals to play, each once per seat rotation (default 10)", "K" },
    { "seed", 's', 0, G_OPTION_ARG_INT64, &seed, "Seed of the match (default 1)", "S" },
    { "threads", 't', 0, G_OPTION_ARG_INT, &threads, "Deals played at once (default 1)", "T" },
    { "time-cap", 0, 0, G_OPTION_ARG_INT, &time_cap,
      "Stop a search after MS milliseconds, counted in time_capped (default 0: none)", "MS" },
    { "effort", 0, 0, G_OPTION_ARG_INT, &effort, "Search effort of the strong levels in percent (default 100)", "PCT" },
    { NULL }
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new ("GAME - play computer levels against each other over the same deals");
  g_autofree char *summer_levels = level_list (&fol_match_summer);
  g_autofree char *fall_levels = level_list (&fol_match_fall);
  g_autofree char *description = g_strdup_printf (match_description, summer_levels, fall_levels);
  g_option_context_set_description (ctx, description);
  g_option_context_add_main_entries (ctx, entries, NULL);
  if (!g_option_context_parse (ctx, &argc, &argv, error))
    return FALSE;
  if (argc != 2)
    {
      if (argc < 2)
        g_set_error_literal (error, FOL_MATCH_ERROR, FOL_MATCH_ERROR_USAGE, "give the game: summer or fall");
      else
        g_set_error (error, FOL_MATCH_ERROR, FOL_MATCH_ERROR_USAGE, "unexpected argument '%s'", argv[2]);
      return FALSE;
    }
  const FolMatchGame *game = fol_match_game_find (argv[1]);
  if (!game)
    {
      g_set_error (error, FOL_MATCH_ERROR, FOL_MATCH_ERROR_USAGE, "unknown game '%s' (summer, fall)", argv[1]);
      return FALSE;
    }
  if (!ai)
    {
      g_set_error (error, FOL_MATCH_ERROR, FOL_MATCH_ERROR_USAGE, "--ai is missing: give one level per player");
      return FALSE;
    }
  g_auto (GStrv) parts = g_strsplit (ai, ",", -1);
  int n = (int) g_strv_length (parts);
  const char *what = players ? "--players" : "--ai entries";
  if (players == 0)
    players = n;
  if (players < game->min_players || players > game->max_players)
    {
      if (game->min_players == game->max_players)
        g_set_error (error, FOL_MATCH_ERROR, FOL_MATCH_ERROR_USAGE, "%s: %s is played by %d players, not %d",
                     what, game->name, game->min_players, players);
      else
        g_set_error (error, FOL_MATCH_ERROR, FOL_MATCH_ERROR_USAGE, "%s: %s is played by %d to %d players, not %d",
                     what, game->name, game->min_players, game->max_players, players);
      return FALSE;
    }
  if (n != players)
    {
      g_set_error (error, FOL_MATCH_ERROR, FOL_MATCH_ERROR_USAGE,
                   "--ai has %d %s for %d %s: give one level per player", n, n == 1 ? "entry" : "entries",
                   players, players == 1 ? "player" : "players");
      return FALSE;
    }
  memset (settings, 0, sizeof *settings);
  for (int i = 0; i < n; i++)
    {
      const char *name = g_strstrip (parts[i]);
      int level = game->level_parse (name);
      if (level < 0)
        {
          g_autofree char *list = level_list (game);
          g_set_error (error, FOL_MATCH_ERROR, FOL_MATCH_ERROR_USAGE, "--ai: unknown level '%s' for %s (%s)",
                       name, game->name, list);
          return FALSE;
        }
      settings->ai[i] = level;
    }
  if (deals < 1)
    {
      g_set_error (error, FOL_MATCH_ERROR, FOL_MATCH_ERROR_USAGE, "--deals must be at least 1, not %d", deals);
      return FALSE;
    }
  if (threads < 1 || threads > MAX_THREADS)
    {
      g_set_error (error, FOL_MATCH_ERROR, FOL_MATCH_ERROR_USAGE, "--threads is 1 to %d, not %d", MAX_THREADS, threads);
      return FALSE;
    }
  if (time_cap < 0)
    {
      g_set_error (error, FOL_MATCH_ERROR, FOL_MATCH_ERROR_USAGE, "--time-cap is milliseconds, 0 or more, not %d", time_cap);
      return FALSE;
    }
  if (effort < 1 || effort > 100)
    {
      g_set_error (error, FOL_MATCH_ERROR, FOL_MATCH_ERROR_USAGE, "--effort is a percentage, 1 to 100, not %d", effort);
      return FALSE;
    }
  settings->game = game;
  settings->n_players = players;
  settings->deals = deals;
  settings->seed = (uint64_t) seed;
  settings->threads = threads;
  settings->time_cap_ms = time_cap;
  settings->effort_percent = effort;
  return TRUE;
}

uint64_t
fol_match_deal_seed (uint64_t seed, int deal)
{
  uint64_t x = seed + (uint64_t) deal * UINT64_C (0x9E3779B97F4A7C15);
  return fol_splitmix64 (&x);
}

/* The seed of one decision's generator: from the deal, rotation, seat and
 * ply only (the ply counts the moves of this game applied so far). */
static uint64_t
decision_seed (uint64_t deal_seed, int rotation, int seat, int ply)
{
  uint64_t x = deal_seed ^ UINT64_C (0xA15EED0F0A11A15E);
  uint64_t h = fol_splitmix64 (&x);
  x = h ^ ((uint64_t) rotation << 48 | (uint64_t) seat << 40 | (uint64_t) (uint32_t) ply);
  return fol_splitmix64 (&x);
}

typedef struct {
  gint64 deadline;     /* monotonic, microseconds */
} StopData;

static bool
stop_at_deadline (void *data)
{
  return g_get_monotonic_time () >= ((const StopData *) data)->deadline;
}

static double
thread_cpu_ms (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double) ts.tv_sec * 1e3 + (double) ts.tv_nsec / 1e6;
}

/* Plays rotation @rotation of @deal; @state and @move are the game's buffers. */
static void
play_game (const FolMatchSettings *st, FolMatchDeal *deal, int rotation, void *state, void *move)
{
  const FolMatchGame *g = st->game;
  FolMatchGameRecord *rec = &deal->game[rotation];
  int n = st->n_players;
  for (int seat = 0; seat < n; seat++)
    {
      rec->level[seat] = st->ai[(seat + rotation) % n];
      rec->cpu_ms[seat] = g_array_new (FALSE, FALSE, sizeof (double));
      rec->wall_ms[seat] = g_array_new (FALSE, FALSE, sizeof (double));
    }
  GError *error = NULL;
  if (!g->new_deal (state, deal->seed, n, &error))
    {
      if (deal->error)
        g_error_free (error);
      else
        deal->error = error;
      return;
    }
  while (!g->is_over (state) && rec->plies < g->max_plies)
    {
      int seat = g->seat_to_move (state);
      FolRng rng;
      fol_rng_seed (&rng, decision_seed (deal->seed, rotation, seat, rec->plies));
      StopData stop;
      FolAiSearch search = {
        .stop = st->time_cap_ms > 0 ? stop_at_deadline : NULL,
        .stop_data = &stop,
        .effort_percent = st->effort_percent,
      };
      gint64 w0 = g_get_monotonic_time ();
      stop.deadline = w0 + (gint64) st->time_cap_ms * 1000;
      double c0 = thread_cpu_ms ();
      bool chosen = g->choose (state, rec->level[seat], &rng, &search, move);
      double cpu = thread_cpu_ms () - c0;
      double wall = (double) (g_get_monotonic_time () - w0) / 1e3;
      g_array_append_val (rec->cpu_ms[seat], cpu);
      g_array_append_val (rec->wall_ms[seat], wall);
      rec->capped[seat] += search.capped;
      g_autofree char *reason = NULL;
      if (!chosen || !g->apply (state, move, &reason))
        {
          g_autofree char *text = chosen ? g->move_text (state, move) : NULL;
          rec->illegal++;
          g_printerr ("foliage-cli match: deal %d (seed %" PRIu64 "), rotation %d, seat %d (%s), ply %d: %s%s%s%s; "
                      "the first legal move is played instead\n",
                      deal->index + 1, deal->seed, rotation + 1, seat + 1, g->level_name (rec->level[seat]),
                      rec->plies, chosen ? "illegal move " : "no move chosen", chosen ? text : "",
                      reason ? ": " : "", reason ? reason : "");
          if (!g->first_legal (state, move) || !g->apply (state, move, NULL))
            break;
        }
      rec->plies++;
    }
  rec->finished = g->is_over (state);
  if (rec->finished)
    g->results (state, rec->seat);
  else
    g_printerr ("foliage-cli match: deal %d (seed %" PRIu64 "), rotation %d: not finished after %d plies\n",
                deal->index + 1, deal->seed, rotation + 1, rec->plies);
}

static void
play_deal (const FolMatchSettings *st, FolMatchDeal *deal)
{
  g_autofree void *state = g_malloc0 (st->game->state_size);
  g_autofree void *move = g_malloc0 (st->game->move_size);
  for (int r = 0; r < deal->n_rotations && !deal->error; r++)
    play_game (st, deal, r, state, move);
}

static void
deal_clear (FolMatchDeal *deal)
{
  for (int r = 0; r < FOL_MATCH_MAX_PLAYERS; r++)
    for (int seat = 0; seat < FOL_MATCH_MAX_PLAYERS; seat++)
      {
        g_clear_pointer (&deal->game[r].cpu_ms[seat], g_array_unref);
        g_clear_pointer (&deal->game[r].wall_ms[seat], g_array_unref);
      }
  g_clear_error (&deal->error);
}

typedef struct {
  const FolMatchSettings *settings;
  FolMatchDeal *deals;
  GMutex lock;
  GCond done;
} RunContext;

static void
deal_worker (gpointer item, gpointer user_data)
{
  RunContext *ctx = user_data;
  FolMatchDeal *deal = &ctx->deals[GPOINTER_TO_INT (item) - 1];
  play_deal (ctx->settings, deal);
  g_mutex_lock (&ctx->lock);
  deal->done = true;
  g_cond_broadcast (&ctx->done);
  g_mutex_unlock (&ctx->lock);
}

static FolMatchLevelStats *
level_stats (FolMatchResult *r, int level)
{
  return (FolMatchLevelStats *) fol_match_result_level (r, level);
}

const FolMatchLevelStats *
fol_match_result_level (const FolMatchResult *result, int level)
{
  for (int i = 0; i < result->n_levels; i++)
    if (result->level[i].level == level)
      return &result->level[i];
  return NULL;
}

static void
aggregate (FolMatchResult *result, const FolMatchDeal *deal)
{
  int n = result->settings.n_players;
  for (int r = 0; r < deal->n_rotations; r++)
    {
      const FolMatchGameRecord *rec = &deal->game[r];
      result->games++;
      result->illegal_moves += rec->illegal;
      for (int seat = 0; seat < n; seat++)
        {
          FolMatchLevelStats *ls = level_stats (result, rec->level[seat]);
          ls->decisions += (int) rec->cpu_ms[seat]->len;
          ls->time_capped += rec->capped[seat];
          g_array_append_vals (ls->cpu_ms, rec->cpu_ms[seat]->data, rec->cpu_ms[seat]->len);
          g_array_append_vals (ls->wall_ms, rec->wall_ms[seat]->data, rec->wall_ms[seat]->len);
        }
      if (!rec->finished)
        {
          result->unfinished++;
          continue;
        }
      int n_first = 0;
      for (int seat = 0; seat < n; seat++)
        n_first += rec->seat[seat].rank == 1;
      for (int seat = 0; seat < n; seat++)
        {
          const FolMatchSeatResult *sr = &rec->seat[seat];
          FolMatchLevelStats *ls = level_stats (result, rec->level[seat]);
          ls->games++;
          ls->rank_sum += sr->rank;
          if (sr->rank == 1)
            ls->wins += 1.0 / n_first;
          ls->won += sr->won;
          for (int f = 0; f < result->n_figures; f++)
            ls->figure_sum[f] += sr->figure[f];
          if (ls->histogram)
            {
              gpointer key = GINT_TO_POINTER ((int) sr->figure[0]);
              g_hash_table_insert (ls->histogram, key,
                                   GINT_TO_POINTER (GPOINTER_TO_INT (g_hash_table_lookup (ls->histogram, key)) + 1));
            }
        }
    }
}

static int
compare_double (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

FolMatchResult *
fol_match_run (const FolMatchSettings *settings, FolMatchDealFunc on_deal, void *data, GError **error)
{
  const FolMatchGame *g = settings->game;
  g_return_val_if_fail (g != NULL && settings->deals >= 1 && settings->threads >= 1, NULL);
  g_return_val_if_fail (settings->n_players >= g->min_players && settings->n_players <= g->max_players, NULL);
  GError *inner = NULL;
  if (!g->load (&inner))
    {
      g_set_error (error, FOL_MATCH_ERROR, FOL_MATCH_ERROR_DEAL, "%s", inner->message);
      g_error_free (inner);
      return NULL;
    }
  g_autoptr (FolMatchResult) result = g_new0 (FolMatchResult, 1);
  result->settings = *settings;
  result->figures = g->figures (settings->n_players, &result->n_figures);
  g_assert (result->n_figures <= FOL_MATCH_MAX_FIGURES);
  for (int i = 0; i < settings->n_players; i++)
    {
      if (fol_match_result_level (result, settings->ai[i]))
        continue;
      FolMatchLevelStats *ls = &result->level[result->n_levels++];
      ls->level = settings->ai[i];
      ls->cpu_ms = g_array_new (FALSE, FALSE, sizeof (double));
      ls->wall_ms = g_array_new (FALSE, FALSE, sizeof (double));
      if (settings->n_players == 1)
        ls->histogram = g_hash_table_new (NULL, NULL);
    }

  RunContext ctx = { .settings = &result->settings };
  ctx.deals = g_new0 (FolMatchDeal, settings->deals);
  g_mutex_init (&ctx.lock);
  g_cond_init (&ctx.done);
  for (int k = 0; k < settings->deals; k++)
    {
      ctx.deals[k].index = k;
      ctx.deals[k].seed = fol_match_deal_seed (settings->seed, k);
      ctx.deals[k].n_rotations = settings->n_players;
    }
  gint64 t0 = g_get_monotonic_time ();
  GThreadPool *pool = NULL;
  if (settings->threads > 1)
    {
      pool = g_thread_pool_new (deal_worker, &ctx, settings->threads, TRUE, &inner);
      if (!pool)
        {
          /* no threads to be had: play the deals here, one after another */
          g_printerr ("foliage-cli match: %s; playing on one thread\n", inner->message);
          g_clear_error (&inner);
        }
      for (int k = 0; pool && k < settings->deals; k++)
        g_thread_pool_push (pool, GINT_TO_POINTER (k + 1), NULL);
    }
  GError *deal_error = NULL;
  for (int k = 0; k < settings->deals; k++)
    {
      FolMatchDeal *deal = &ctx.deals[k];
      if (pool)
        {
          g_mutex_lock (&ctx.lock);
          while (!deal->done)
            g_cond_wait (&ctx.done, &ctx.lock);
          g_mutex_unlock (&ctx.lock);
        }
      else
        play_deal (&result->settings, deal);
      if (deal->error)
        {
          if (!deal_error)
            g_set_error (&deal_error, FOL_MATCH_ERROR, FOL_MATCH_ERROR_DEAL, "deal %d (seed %" PRIu64 "): %s",
                         k + 1, deal->seed, deal->error->message);
        }
      else
        {
          aggregate (result, deal);
          if (on_deal)
            on_deal (&result->settings, deal, data);
        }
      deal_clear (deal);
    }
  if (pool)
    g_thread_pool_free (pool, FALSE, TRUE);
  result->seconds = (double) (g_get_monotonic_time () - t0) / 1e6;
  g_free (ctx.deals);
  g_mutex_clear (&ctx.lock);
  g_cond_clear (&ctx.done);
  if (deal_error)
    {
      g_propagate_error (error, deal_error);
      return NULL;
    }
  for (int i = 0; i < result->n_levels; i++)
    {
      g_array_sort (result->level[i].cpu_ms, compare_double);
      g_array_sort (result->level[i].wall_ms, compare_double);
    }
  return g_steal_pointer (&result);
}

void
fol_match_result_free (FolMatchResult *result)
{
  if (!result)
    return;
  for (int i = 0; i < result->n_levels; i++)
    {
      g_clear_pointer (&result->level[i].cpu_ms, g_array_unref);
      g_clear_pointer (&result->level[i].wall_ms, g_array_unref);
      g_clear_pointer (&result->level[i].histogram, g_hash_table_unref);
    }
  g_free (result);
}

void
fol_match_wilson (double successes, int n, double *lo, double *hi)
{
  if (n <= 0)
    {
      *lo = 0.0;
      *hi = 1.0;
      return;
    }
  const double z = 1.959963984540054;  /* the 97.5% quantile of the normal distribution */
  double p = successes / n, z2 = z * z;
  double denom = 1.0 + z2 / n;
  double centre = (p + z2 / (2.0 * n)) / denom;
  double half = z * sqrt (p * (1.0 - p) / n + z2 / (4.0 * n * (double) n)) / denom;
  *lo = MAX (0.0, centre - half);
  *hi = MIN (1.0, centre + half);
}

double
fol_match_percentile (GArray *sorted_ms, double q)
{
  guint n = sorted_ms->len;
  if (n == 0)
    return 0.0;
  const double *v = (const double *) sorted_ms->data;
  if (q == 0.5)
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0;
  guint rank = (guint) ceil (q * n);
  return v[CLAMP (rank, 1u, n) - 1];
}

/* @v with at most 4 decimals, trailing zeros dropped, '.' in any locale. */
static void
append_number (GString *s, double v)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  g_ascii_formatd (buf, sizeof buf, "%.4f", v);
  if (strchr (buf, '.'))
    {
      char *end = buf + strlen (buf) - 1;
      while (*end == '0')
        *end-- = '\0';
      if (*end == '.')
        *end = '\0';
    }
  if (strcmp (buf, "-0") == 0)
    strcpy (buf, "0");
  g_string_append (s, buf);
}

char *
fol_match_deal_format (const FolMatchSettings *settings, const FolMatchDeal *deal)
{
  const FolMatchGame *g = settings->game;
  int n = settings->n_players, n_figures;
  const FolMatchFigure *figures = g->figures (n, &n_figures);
  GString *s = g_string_new (NULL);
  g_string_append_printf (s, "deal %d seed %" PRIu64 ":", deal->index + 1, deal->seed);
  for (int r = 0; r < deal->n_rotations; r++)
    {
      const FolMatchGameRecord *rec = &deal->game[r];
      g_string_append (s, r ? "; [" : " [");
      for (int seat = 0; seat < n; seat++)
        g_string_append_printf (s, "%s%s", seat ? ", " : "", g->level_name (rec->level[seat]));
      g_string_append (s, "]");
      if (!rec->finished)
        g_string_append_printf (s, " unfinished after %d plies", rec->plies);
      else
        {
          if (n == 1)
            g_string_append (s, rec->seat[0].won ? " won" : " lost");
          else
            {
              g_string_append (s, " ranks");
              for (int seat = 0; seat < n; seat++)
                g_string_append_printf (s, " %d", rec->seat[seat].rank);
            }
          for (int f = 0; f < n_figures; f++)
            {
              if (!figures[f].label)
                continue;
              g_string_append_printf (s, ", %s", figures[f].label);
              for (int seat = 0; seat < n; seat++)
                {
                  g_string_append_c (s, ' ');
                  append_number (s, rec->seat[seat].figure[f]);
                }
            }
        }
      if (rec->illegal)
        g_string_append_printf (s, ", %d illegal", rec->illegal);
    }
  return g_string_free (s, FALSE);
}

static void
append_rate (GString *s, const char *key, double successes, int n)
{
  double lo, hi;
  fol_match_wilson (successes, n, &lo, &hi);
  g_string_append_printf (s, ",\n      \"%s\": ", key);
  append_number (s, n ? successes / n : 0.0);
  g_string_append_printf (s, ",\n      \"%s_ci95\": [", key);
  append_number (s, lo);
  g_string_append (s, ", ");
  append_number (s, hi);
  g_string_append (s, "]");
}

static void
append_ms (GString *s, const char *key, double v)
{
  g_string_append_printf (s, ",\n      \"%s\": ", key);
  append_number (s, v);
}

static int
compare_int (gconstpointer a, gconstpointer b)
{
  int x = GPOINTER_TO_INT (a), y = GPOINTER_TO_INT (b);
  return (x > y) - (x < y);
}

char *
fol_match_result_to_json (const FolMatchResult *result, gboolean with_machine)
{
  const FolMatchSettings *st = &result->settings;
  const FolMatchGame *g = st->game;
  bool solo = st->n_players == 1;
  GString *s = g_string_new ("{\n");
  g_string_append_printf (s, "  \"game\": \"%s\",\n  \"players\": %d,\n  \"ai\": [", g->name, st->n_players);
  for (int i = 0; i < st->n_players; i++)
    g_string_append_printf (s, "%s\"%s\"", i ? ", " : "", g->level_name (st->ai[i]));
  g_string_append_printf (s, "],\n  \"deals\": %d,\n  \"seed\": %" G_GINT64_FORMAT ",\n", st->deals, (gint64) st->seed);
  if (with_machine)
    g_string_append_printf (s, "  \"threads\": %d,\n", st->threads);
  g_string_append_printf (s, "  \"time_cap_ms\": %d,\n  \"effort_percent\": %d,\n", st->time_cap_ms, st->effort_percent);
  g_string_append_printf (s, "  \"games\": %d,\n  \"illegal_moves\": %d,\n  \"unfinished\": %d,\n  \"levels\": {",
                          result->games, result->illegal_moves, result->unfinished);
  for (int i = 0; i < result->n_levels; i++)
    {
      const FolMatchLevelStats *ls = &result->level[i];
      g_string_append_printf (s, "%s\n    \"%s\": {\n      \"games\": %d", i ? "," : "", g->level_name (ls->level),
                              ls->games);
      if (solo)
        {
          g_string_append_printf (s, ",\n      \"won\": %d", ls->won);
          append_rate (s, "won_rate", ls->won, ls->games);
        }
      else
        {
          g_string_append (s, ",\n      \"wins\": ");
          append_number (s, ls->wins);
          append_rate (s, "win_rate", ls->wins, ls->games);
          g_string_append (s, ",\n      \"mean_rank\": ");
          append_number (s, ls->games ? ls->rank_sum / ls->games : 0.0);
        }
      for (int f = 0; f < result->n_figures; f++)
        {
          g_string_append_printf (s, ",\n      \"mean_%s\": ", result->figures[f].key);
          append_number (s, ls->games ? ls->figure_sum[f] / ls->games : 0.0);
        }
      if (ls->histogram)
        {
          GList *keys = g_list_sort (g_hash_table_get_keys (ls->histogram), compare_int);
          g_string_append_printf (s, ",\n      \"%s_histogram\": {", result->figures[0].key);
          for (GList *k = keys; k; k = k->next)
            g_string_append_printf (s, "%s\"%d\": %d", k != keys ? ", " : "", GPOINTER_TO_INT (k->data),
                                    GPOINTER_TO_INT (g_hash_table_lookup (ls->histogram, k->data)));
          g_list_free (keys);
          g_string_append (s, "}");
        }
      g_string_append_printf (s, ",\n      \"decisions\": %d,\n      \"time_capped\": %d", ls->decisions, ls->time_capped);
      if (with_machine)
        {
          append_ms (s, "median_ms", fol_match_percentile (ls->cpu_ms, 0.5));
          append_ms (s, "p95_ms", fol_match_percentile (ls->cpu_ms, 0.95));
          append_ms (s, "max_ms", fol_match_percentile (ls->cpu_ms, 1.0));
          append_ms (s, "wall_median_ms", fol_match_percentile (ls->wall_ms, 0.5));
        }
      g_string_append (s, "\n    }");
    }
  g_string_append (s, "\n  }");
  if (with_machine)
    {
      g_string_append (s, ",\n  \"seconds\": ");
      append_number (s, result->seconds);
    }
  g_string_append (s, "\n}\n");
  return g_string_free (s, FALSE);
}

static void
print_deal (const FolMatchSettings *settings, const FolMatchDeal *deal, void *data)
{
  (void) data;
  g_autofree char *line = fol_match_deal_format (settings, deal);
  printf ("%s\n", line);
  fflush (stdout);
}

int
fol_cli_match (int argc, char **argv)
{
  FolMatchSettings settings;
  g_autoptr (GError) error = NULL;
  if (!fol_match_parse_args (argc, argv, &settings, &error))
    {
      fprintf (stderr, "foliage-cli match: %s\n", error->message);
      return 2;
    }
  g_autoptr (FolMatchResult) result = fol_match_run (&settings, print_deal, NULL, &error);
  if (!result)
    {
      fprintf (stderr, "foliage-cli match: %s\n", error->message);
      return 1;
    }
  g_autofree char *json = fol_match_result_to_json (result, TRUE);
  fputs (json, stdout);
  if (result->illegal_moves > 0 || result->unfinished > 0)
    {
      fprintf (stderr, "foliage-cli match: %d illegal moves, %d unfinished games\n", result->illegal_moves,
               result->unfinished);
      return 1;
    }
  return 0;
}
