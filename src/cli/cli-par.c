/* cli-par.c: foliage-cli par, the par of solo Indian Summer deals
 * (summer-par.h; issue 13, "Solo par"; docs/solo-par.md). */
#include "config.h"

#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "summer-notation.h"
#include "summer-par.h"

/* --max-seconds: @data is the deadline in monotonic microseconds (0: none). */
static bool
par_stop (void *data)
{
  const gint64 *deadline = data;
  return *deadline > 0 && g_get_monotonic_time () > *deadline;
}

static void
par_progress (const SummerParProgress *pr, void *data)
{
  (void) data;
  if (pr->have_best)
    fprintf (stderr, "  %-6s %5.1f%%  %12" G_GUINT64_FORMAT " nodes  best %d\n", pr->stage,
             100.0 * pr->fraction, pr->nodes, pr->best_score);
  else
    fprintf (stderr, "  %-6s %5.1f%%  %12" G_GUINT64_FORMAT " nodes\n", pr->stage, 100.0 * pr->fraction,
             pr->nodes);
}

static double
thread_seconds (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double) ts.tv_sec + (double) ts.tv_nsec / 1e9;
}

typedef struct {
  SummerParResult r;
  double wall;               /* seconds */
  double cpu;                /* seconds of this thread */
} Solved;

/* Solves @s; FALSE with the reason on stderr. */
static gboolean
solve (const SummerState *s, guint64 nodes, double max_seconds, gboolean progress, Solved *out)
{
  gint64 t0 = g_get_monotonic_time ();
  gint64 deadline = max_seconds > 0 ? t0 + (gint64) (max_seconds * 1e6) : 0;
  SummerParBudget budget = {
    .nodes = nodes,
    .stop = par_stop,
    .stop_data = &deadline,
    .progress = progress ? par_progress : NULL,
  };
  double c0 = thread_seconds ();
  g_autoptr (GError) error = NULL;
  if (!summer_par_solve (s, &budget, &out->r, &error))
    {
      fprintf (stderr, "foliage-cli par: %s\n", error->message);
      return FALSE;
    }
  out->wall = (double) (g_get_monotonic_time () - t0) / 1e6;
  out->cpu = thread_seconds () - c0;
  return TRUE;
}

static const char *
proof_words (const SummerParResult *r)
{
  return r->proven ? "proven optimal" : "best found";
}

/* The deal's set-up: seed, campaign game (1-3, 0: a single game), side. */
static gboolean
make_setup (guint64 seed, int campaign_game, const char *side_name, SummerSetup *setup)
{
  summer_setup_init (setup, 1, seed);
  if (campaign_game < 0 || campaign_game > 3)
    {
      fprintf (stderr, "foliage-cli par: --campaign-game is 1, 2 or 3\n");
      return FALSE;
    }
  setup->campaign_game = (int8_t) (campaign_game - 1);
  if (side_name && g_ascii_strcasecmp (side_name, "random") != 0)
    {
      int side = summer_side_index (summer_components (), side_name);
      if (side < 0)
        {
          fprintf (stderr, "foliage-cli par: no Forest Floor side '%s' (1A..6B, random)\n", side_name);
          return FALSE;
        }
      setup->side[0] = (int8_t) side;
    }
  return TRUE;
}

static void
json_string (GString *out, const char *text)
{
  g_string_append_c (out, '"');
  for (const char *p = text; *p; p++)
    {
      if (*p == '"' || *p == '\\')
        g_string_append_printf (out, "\\%c", *p);
      else if (*p == '\n')
        g_string_append (out, "\\n");
      else if ((unsigned char) *p < 0x20)
        g_string_append_printf (out, "\\u%04x", (unsigned) *p);
      else
        g_string_append_c (out, *p);
    }
  g_string_append_c (out, '"');
}

static int
cmp_double (const void *pa, const void *pb)
{
  double a = *(const double *) pa, b = *(const double *) pb;
  return a < b ? -1 : a > b;
}

static double
median (double *v, int n)
{
  if (n == 0)
    return 0;
  qsort (v, (size_t) n, sizeof *v, cmp_double);
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* foliage-cli par --deals K: the figures of issue 13 over K deals. */
static int
run_deals (int deals, guint64 start, int campaign_game, const char *side_name, guint64 nodes, double max_seconds,
           gboolean progress, gboolean json)
{
  int winnable = 0, proven = 0, expert_won = 0, expert_equal = 0, capped = 0;
  long par_sum = 0, expert_sum = 0;
  g_autofree double *wall = g_new0 (double, MAX (deals, 1));
  g_autofree double *cpu = g_new0 (double, MAX (deals, 1));
  double wall_max = 0, cpu_max = 0;
  guint64 node_sum = 0;
  for (int i = 0; i < deals; i++)
    {
      SummerSetup setup;
      SummerState s;
      g_autoptr (GError) error = NULL;
      if (!make_setup (start + (guint64) i, campaign_game, side_name, &setup))
        return 2;
      if (!summer_state_new_game (&setup, &s, &error))
        {
          fprintf (stderr, "foliage-cli par: %s\n", error->message);
          return 2;
        }
      Solved sv;
      if (!solve (&s, nodes, max_seconds, progress, &sv))
        return 1;
      const SummerParResult *r = &sv.r;
      winnable += r->score >= 0;
      proven += r->proven;
      capped += r->capped;
      expert_won += r->expert_score >= 0;
      expert_equal += r->expert_score == r->score;
      par_sum += r->score;
      expert_sum += r->expert_score;
      node_sum += r->nodes;
      wall[i] = sv.wall;
      cpu[i] = sv.cpu;
      wall_max = MAX (wall_max, sv.wall);
      cpu_max = MAX (cpu_max, sv.cpu);
      const char *side = summer_components ()->side[s.seat[0].side].name;
      if (json)
        printf ("{\"deal\": %d, \"seed\": %" G_GUINT64_FORMAT ", \"side\": \"%s\", \"par\": %d, \"proven\": %s, "
                "\"capped\": %s, \"expert_score\": %d, \"nodes\": %" G_GUINT64_FORMAT ", \"seconds\": %.2f, "
                "\"cpu_seconds\": %.2f}\n",
                i + 1, setup.seed, side, r->score, r->proven ? "true" : "false", r->capped ? "true" : "false",
                r->expert_score, r->nodes, sv.wall, sv.cpu);
      else
        printf ("deal %d seed %" G_GUINT64_FORMAT " side %s: par %d (%s%s), expert %d, %" G_GUINT64_FORMAT
                " nodes, %.1f s (cpu %.1f s)\n",
                i + 1, setup.seed, side, r->score, proof_words (r), r->capped ? ", cut by --max-seconds" : "",
                r->expert_score, r->nodes, sv.wall, sv.cpu);
      fflush (stdout);
      summer_par_result_clear (&sv.r);
    }
  double n = MAX (deals, 1);
  double wall_median = median (wall, deals), cpu_median = median (cpu, deals);
  if (json)
    {
      printf ("{\"deals\": %d, \"start\": %" G_GUINT64_FORMAT ", \"campaign_game\": %d, \"nodes_budget\": %" G_GUINT64_FORMAT
              ", \"winnable\": %d, \"mean_par\": %.3f, \"proven\": %d, \"capped\": %d, "
              "\"seconds_median\": %.2f, \"seconds_max\": %.2f, \"cpu_seconds_median\": %.2f, \"cpu_seconds_max\": %.2f, "
              "\"mean_nodes\": %.0f, \"expert_mean_score\": %.3f, \"expert_won\": %d, \"expert_equals_par\": %d, "
              "\"mean_par_minus_expert\": %.3f}\n",
              deals, start, campaign_game, nodes ? nodes : SUMMER_PAR_DEFAULT_NODES, winnable, par_sum / n, proven,
              capped, wall_median, wall_max, cpu_median, cpu_max, (double) node_sum / n, expert_sum / n, expert_won,
              expert_equal, (par_sum - expert_sum) / n);
      return 0;
    }
  printf ("\n%d deals (seeds %" G_GUINT64_FORMAT "..%" G_GUINT64_FORMAT "), budget %" G_GUINT64_FORMAT " nodes\n", deals,
          start, start + (guint64) MAX (deals - 1, 0), nodes ? nodes : SUMMER_PAR_DEFAULT_NODES);
  printf ("winnable (par >= 0): %d of %d (%.1f%%)\n", winnable, deals, 100.0 * winnable / n);
  printf ("mean par: %.2f; proven optimal: %d of %d\n", par_sum / n, proven, deals);
  printf ("time per deal: median %.1f s, max %.1f s (cpu median %.1f s, max %.1f s)\n", wall_median, wall_max,
          cpu_median, cpu_max);
  printf ("Expert level: mean score %.2f, won %d of %d, equal to par in %d, mean par - Expert %.2f\n",
          expert_sum / n, expert_won, deals, expert_equal, (par_sum - expert_sum) / n);
  if (capped)
    printf ("cut by --max-seconds: %d deals\n", capped);
  return 0;
}

int
fol_cli_par (int argc, char **argv)
{
  gint64 seed = 1, start = 1, nodes = 0;
  int campaign_game = 0, deals = 0;
  double max_seconds = 0;
  gboolean json = FALSE, progress = FALSE;
  g_autofree char *side_name = NULL;
  g_autofree char *record_path = NULL;
  g_autofree char *nodes_help = g_strdup_printf ("Search effort in nodes (default %" G_GUINT64_FORMAT ")",
                                                 SUMMER_PAR_DEFAULT_NODES);
  GOptionEntry entries[] = {
    { "seed", 's', 0, G_OPTION_ARG_INT64, &seed, "Seed of the deal (default 1)", "S" },
    { "campaign-game", 'c', 0, G_OPTION_ARG_INT, &campaign_game, "Game 1-3 of the campaign with this seed (default: a single game)", "N" },
    { "side", 0, 0, G_OPTION_ARG_STRING, &side_name, "Forest Floor side (default: drawn from the seed)", "1A..6B" },
    { "record", 'r', 0, G_OPTION_ARG_FILENAME, &record_path, "Solve from the end of this solo game record (a game in progress)", "FILE" },
    { "nodes", 'n', 0, G_OPTION_ARG_INT64, &nodes, nodes_help, "N" },
    { "max-seconds", 0, 0, G_OPTION_ARG_DOUBLE, &max_seconds, "Stop a deal's search after this long (a guard for slow machines; the par is then not reproducible)", "T" },
    { "deals", 'd', 0, G_OPTION_ARG_INT, &deals, "Solve K deals (seeds --start ..) and print the figures", "K" },
    { "start", 0, 0, G_OPTION_ARG_INT64, &start, "First seed of --deals (default 1)", "S" },
    { "json", 'j', 0, G_OPTION_ARG_NONE, &json, "Print JSON (with --deals: one object per deal, then the summary)", NULL },
    { "progress", 'p', 0, G_OPTION_ARG_NONE, &progress, "Report the search's progress on stderr", NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new ("- the par of a solo Indian Summer deal");
  g_option_context_set_description (ctx,
    "Prints the best final score the deal allows (the par), whether it is proven optimal or the best\n"
    "found within the node budget, the Expert level's score, and the winning line as a game record\n"
    "that foliage-cli replay reads.  With --deals, solves K deals and prints how many are winnable,\n"
    "the mean par, the time per deal and the Expert level's score against par (docs/solo-par.md).");
  g_option_context_add_main_entries (ctx, entries, NULL);
  g_autoptr (GError) error = NULL;
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    {
      fprintf (stderr, "%s: %s\n", argv[0], error->message);
      return 2;
    }
  if (argc != 1 || nodes < 0 || deals < 0 || max_seconds < 0 || (record_path && deals > 0))
    {
      fprintf (stderr, "Usage: foliage-cli par [--seed S] [--campaign-game N] [--side 1A..6B] [--record FILE] "
                       "[--nodes N] [--json] | --deals K [--start S]\n");
      return 2;
    }
  if (!summer_components_get (&error))
    {
      fprintf (stderr, "foliage-cli par: %s\n", error->message);
      return 1;
    }
  if (deals > 0)
    return run_deals (deals, (guint64) start, campaign_game, side_name, (guint64) nodes, max_seconds, progress, json);

  SummerSetup setup;
  SummerState s;
  g_autoptr (GPtrArray) moves = g_ptr_array_new_with_free_func (g_free);
  if (record_path)
    {
      g_autofree char *text = NULL;
      SummerRecord record;
      if (!g_file_get_contents (record_path, &text, NULL, &error) || !summer_record_parse (text, &record, &error))
        {
          fprintf (stderr, "foliage-cli par: %s: %s\n", record_path, error->message);
          return 1;
        }
      gboolean ok = summer_record_replay (&record, &s, NULL, &error);
      setup = record.setup;
      for (guint i = 0; ok && i < record.moves->len; i++)
        g_ptr_array_add (moves, g_strdup (g_ptr_array_index (record.moves, i)));
      summer_record_clear (&record);
      if (!ok)
        {
          fprintf (stderr, "foliage-cli par: %s: %s\n", record_path, error->message);
          return 1;
        }
    }
  else
    {
      if (!make_setup ((guint64) seed, campaign_game, side_name, &setup))
        return 2;
      if (!summer_state_new_game (&setup, &s, &error))
        {
          fprintf (stderr, "foliage-cli par: %s\n", error->message);
          return 2;
        }
    }
  Solved sv;
  if (!solve (&s, (guint64) nodes, max_seconds, progress, &sv))
    return 1;
  const SummerParResult *r = &sv.r;
  for (guint i = 0; i < r->line_text->len; i++)
    g_ptr_array_add (moves, g_strdup (g_ptr_array_index (r->line_text, i)));
  g_autofree char *record_text = summer_record_format (&setup, moves);
  const char *side = summer_components ()->side[s.seat[0].side].name;
  guint64 budget = nodes ? (guint64) nodes : SUMMER_PAR_DEFAULT_NODES;
  if (json)
    {
      GString *out = g_string_new (NULL);
      g_string_append_printf (out, "{\"seed\": %" G_GUINT64_FORMAT ", \"campaign_game\": %d, \"side\": \"%s\", "
                              "\"turn\": %d, \"par\": %d, \"won\": %s, \"proven\": %s, \"capped\": %s, "
                              "\"nodes\": %" G_GUINT64_FORMAT ", \"nodes_budget\": %" G_GUINT64_FORMAT ", "
                              "\"expert_score\": %d, \"seconds\": %.2f, \"cpu_seconds\": %.2f, \"line\": [",
                              setup.seed, setup.campaign_game + 1, side, s.round, r->score,
                              r->won ? "true" : "false", r->proven ? "true" : "false", r->capped ? "true" : "false",
                              r->nodes, budget, r->expert_score, sv.wall, sv.cpu);
      for (guint i = 0; i < r->line_text->len; i++)
        {
          if (i)
            g_string_append (out, ", ");
          json_string (out, g_ptr_array_index (r->line_text, i));
        }
      g_string_append (out, "], \"record\": ");
      json_string (out, record_text);
      printf ("%s}\n", out->str);
      g_string_free (out, TRUE);
    }
  else
    {
      if (setup.campaign_game >= 0)
        printf ("Indian Summer solo, seed %" G_GUINT64_FORMAT ", campaign game %d, Forest Floor %s", setup.seed,
                setup.campaign_game + 1, side);
      else
        printf ("Indian Summer solo, seed %" G_GUINT64_FORMAT ", Forest Floor %s", setup.seed, side);
      if (record_path)
        printf (", from turn %d of %s", s.round, record_path);
      printf ("\npar: %d (%s), %s", r->score, r->won ? "won" : "lost", r->proven ? "proven optimal" : "best found");
      if (r->capped)
        printf (" within %" G_GUINT64_FORMAT " nodes (cut by --max-seconds)", r->nodes);
      else if (!r->proven)
        printf (" within %" G_GUINT64_FORMAT " nodes", budget);
      printf ("\nExpert level: %d\nnodes: %" G_GUINT64_FORMAT ", time: %.1f s (cpu %.1f s)\n\n", r->expert_score,
              r->nodes, sv.wall, sv.cpu);
      printf ("%s", record_text);
    }
  summer_par_result_clear (&sv.r);
  return 0;
}
