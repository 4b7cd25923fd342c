/* cli-analyse.c: foliage-cli analyse, the analysis of a finished game
 * (issue 13, "Analysis"; analysis.h, docs/computer-players.md).
 *
 *   foliage-cli analyse GAME_ID|RECORD [--rollouts N] [--effort PERCENT]
 *                       [--seed S] [--seat N]... [--json]
 *
 * Prints one line per analysed turn and a summary per seat; with --json,
 * instead, one JSON object with the same (and the values of both turns). */
#include "config.h"

#include <glib.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "fall-analysis.h"
#include "fall-notation.h"
#include "fol-analysis.h"
#include "fol-fall-game.h"
#include "fol-summer-game.h"
#include "summer-analysis.h"
#include "summer-notation.h"

#define N_WORST 3

static const char description[] =
  "Analyses each turn of a saved game (GAME_ID, see 'foliage-cli games') or of a\n"
  "game record file (RECORD, docs/notation.md or docs/notation-fall.md): the turn\n"
  "the Expert level would have played from the same position, and the loss,\n"
  "in points of the final margin, of the turn played against Expert's, with\n"
  "its standard error: both measured by the same rollouts to the game's end\n"
  "(docs/computer-players.md, \"Analysis of a game\").\n"
  "\n"
  "A saved game's persons' seats are analysed (every seat if no person\n"
  "played), a record's every seat; --seat chooses.  A saved game's analysis\n"
  "is stored with it, as the application does.\n"
  "\n"
  "Prints one line per turn, 'Turn 5 (ply 12-14): played ..., Expert ...,\n"
  "loss 3.2 ± 0.8 points', then each seat's total loss, its mean a turn and\n"
  "the worst turns.\n"
  "With --json it prints one JSON object instead: the settings, every turn\n"
  "(plies, moves, both values, loss, standard error) and each seat's summary.";

typedef struct {
  const char *kind_name;        /* "Indian Summer" or "Fall" */
  int n_seats;
  char *names[FOL_STORE_MAX_SEATS];
  double seconds;
} Source;

static void
source_clear (Source *src)
{
  for (int i = 0; i < FOL_STORE_MAX_SEATS; i++)
    g_free (src->names[i]);
}

/* @v with one decimal ('.' in any locale), or three for JSON. */
static void
append_number (GString *s, const char *format, double v)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  g_ascii_formatd (buf, sizeof buf, format, v);
  g_string_append (s, strcmp (buf, "-0.0") == 0 ? "0.0" : buf);
}

static void
append_json_string (GString *s, const char *text)
{
  g_string_append_c (s, '"');
  for (const unsigned char *c = (const unsigned char *) text; *c; c++)
    {
      if (*c == '"' || *c == '\\')
        g_string_append_printf (s, "\\%c", *c);
      else if (*c < 0x20)
        g_string_append_printf (s, "\\u%04x", *c);
      else
        g_string_append_c (s, (char) *c);
    }
  g_string_append_c (s, '"');
}

static char *
format_turn (const Source *src, const FolAnalysisTurn *t, gboolean several_seats)
{
  GString *s = g_string_new (NULL);
  g_string_append_printf (s, "Turn %d (ply %d-%d)", t->turn, t->first_ply, t->last_ply);
  if (several_seats)
    g_string_append_printf (s, ", %s", src->names[t->seat]);
  g_autofree char *played = g_strjoinv ("; ", t->played);
  g_autofree char *suggested = g_strjoinv ("; ", t->suggested);
  g_string_append_printf (s, ": played %s, Expert %s, loss ", played,
                          g_strv_equal ((const char *const *) t->played, (const char *const *) t->suggested)
                            ? "the same" : suggested);
  append_number (s, "%.1f", t->loss);
  g_string_append (s, " ± ");
  append_number (s, "%.1f", t->std_error);
  g_string_append (s, " points");
  return g_string_free (s, FALSE);
}

/* A seat's summary: its turns, their total loss and the worst of them. */
typedef struct {
  int n_turns;
  double total;
  int n_worst;
  const FolAnalysisTurn *worst[N_WORST];
} SeatSummary;

static void
summarise_seat (const FolGameAnalysis *a, int seat, SeatSummary *out)
{
  guint worst[N_WORST];
  out->total = fol_game_analysis_total_loss (a, seat, &out->n_turns);
  out->n_worst = fol_game_analysis_worst_turns (a, seat, N_WORST, worst);
  for (int i = 0; i < out->n_worst; i++)
    out->worst[i] = fol_game_analysis_get_turn (a, worst[i]);
}

/* Each analysed seat's total loss and worst turns, as text. */
static void
print_summary (const Source *src, const FolGameAnalysis *a, guint32 seats)
{
  for (int seat = 0; seat < src->n_seats; seat++)
    {
      if (!(seats & (1u << seat)))
        continue;
      SeatSummary sum;
      summarise_seat (a, seat, &sum);
      GString *s = g_string_new (NULL);
      g_string_append_printf (s, "%s: total loss ", src->names[seat]);
      append_number (s, "%.1f", sum.total);
      g_string_append_printf (s, " points over %d turns, ", sum.n_turns);
      /* the window gives the mean: each loss is against Expert from its own position */
      append_number (s, "%.1f", sum.n_turns ? sum.total / sum.n_turns : 0.0);
      g_string_append (s, " a turn");
      for (int i = 0; i < sum.n_worst; i++)
        {
          g_string_append_printf (s, i ? ", %d (" : "; worst turns %d (", sum.worst[i]->turn);
          append_number (s, "%.1f", sum.worst[i]->loss);
          g_string_append_c (s, ')');
        }
      printf ("%s\n", s->str);
      g_string_free (s, TRUE);
    }
  printf ("%s, %d rollouts per position, Expert at %d%%, seed %" G_GUINT64_FORMAT ", method %d, %.1f s\n",
          src->kind_name, a->effort.rollouts, a->effort.expert_percent ? a->effort.expert_percent : 100, a->seed,
          a->method, src->seconds);
}

static void
append_json_strv (GString *s, char **v)
{
  g_string_append_c (s, '[');
  for (int i = 0; v[i]; i++)
    {
      if (i)
        g_string_append (s, ", ");
      append_json_string (s, v[i]);
    }
  g_string_append_c (s, ']');
}

static char *
format_json (const Source *src, const FolGameAnalysis *a, guint32 seats)
{
  GString *s = g_string_new ("{\n  \"game\": ");
  append_json_string (s, a->kind);
  g_string_append_printf (s, ",\n  \"players\": %d,\n  \"method\": %d,\n  \"seed\": %" G_GUINT64_FORMAT
                          ",\n  \"rollouts\": %d,\n  \"expert_percent\": %d,\n  \"seconds\": ",
                          src->n_seats, a->method, a->seed, a->effort.rollouts,
                          a->effort.expert_percent ? a->effort.expert_percent : 100);
  append_number (s, "%.3f", src->seconds);
  g_string_append (s, ",\n  \"seats\": [");
  gboolean first = TRUE;
  for (int seat = 0; seat < src->n_seats; seat++)
    {
      if (!(seats & (1u << seat)))
        continue;
      SeatSummary sum;
      summarise_seat (a, seat, &sum);
      g_string_append_printf (s, "%s\n    {\"seat\": %d, \"name\": ", first ? "" : ",", seat + 1);
      append_json_string (s, src->names[seat]);
      g_string_append_printf (s, ", \"turns\": %d, \"total_loss\": ", sum.n_turns);
      append_number (s, "%.3f", sum.total);
      g_string_append (s, ", \"worst_turns\": [");
      for (int i = 0; i < sum.n_worst; i++)
        g_string_append_printf (s, "%s%d", i ? ", " : "", sum.worst[i]->turn);
      g_string_append (s, "]}");
      first = FALSE;
    }
  g_string_append (s, "\n  ],\n  \"turns\": [");
  for (guint i = 0; i < a->turns->len; i++)
    {
      const FolAnalysisTurn *t = fol_game_analysis_get_turn (a, i);
      g_string_append_printf (s, "%s\n    {\"turn\": %d, \"seat\": %d, \"first_ply\": %d, \"last_ply\": %d, "
                              "\"played\": ", i ? "," : "", t->turn, t->seat + 1, t->first_ply, t->last_ply);
      append_json_strv (s, t->played);
      g_string_append (s, ", \"suggested\": ");
      append_json_strv (s, t->suggested);
      const struct { const char *key; double v; } values[] = {
        { "value_played", t->value_played }, { "value_suggested", t->value_suggested },
        { "loss", t->loss }, { "std_error", t->std_error },
      };
      for (size_t k = 0; k < G_N_ELEMENTS (values); k++)
        {
          g_string_append_printf (s, ", \"%s\": ", values[k].key);
          append_number (s, "%.3f", values[k].v);
        }
      g_string_append_c (s, '}');
    }
  g_string_append (s, "\n  ]\n}\n");
  return g_string_free (s, FALSE);
}

/* Progress on a terminal only, on stderr. */
static void
show_progress (int done, int total, void *data)
{
  if (isatty (STDERR_FILENO))
    fprintf (stderr, "\ranalysing: %d of %d turns%s", done, total, done == total ? "\n" : "");
}

static void
on_progress_notify (FolAnalysis *analysis, GParamSpec *pspec, gpointer data)
{
  show_progress ((int) fol_analysis_get_turns_done (analysis), (int) fol_analysis_get_n_turns (analysis), NULL);
}

static void
on_save_failed (FolAnalysis *analysis, GError *error, gpointer data)
{
  fprintf (stderr, "foliage-cli: warning: the analysis could not be stored: %s\n", error->message);
}

/* FALSE with @error when --seat named a seat the game does not have. */
static gboolean
check_seats (guint32 seats, int n_seats, GError **error)
{
  if (!(seats >> n_seats))
    return TRUE;
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "the game has %d seats: --seat takes 1-%d", n_seats,
               n_seats);
  return FALSE;
}

/* A saved game: loaded through the model (replay and hash check), analysed
 * and stored as the application does. */
static FolGameAnalysis *
analyse_saved (gint64 id, FolAnalysisRun *run, gboolean seed_given, gboolean seats_given, Source *src,
               GError **error)
{
  g_autoptr (FolStore) store = fol_cli_open_store ();
  if (!store)
    return NULL;
  g_autoptr (FolSavedGame) saved = fol_store_load_game (store, id, error);
  if (!saved)
    return NULL;
  g_autoptr (FolGame) game = g_strcmp0 (saved->kind, "fall") == 0
                               ? FOL_GAME (fol_fall_game_load (store, id, error))
                               : FOL_GAME (fol_summer_game_load (store, id, error));
  if (!game)
    return NULL;
  src->kind_name = FOL_IS_FALL_GAME (game) ? "Fall" : "Indian Summer";
  src->n_seats = (int) fol_game_get_n_seats (game);
  if (!check_seats (run->seats, src->n_seats, error))
    return NULL;
  for (int i = 0; i < src->n_seats && i < FOL_STORE_MAX_SEATS; i++)
    src->names[i] = g_strdup (fol_player_get_name (fol_game_get_player (game, (guint) i)));
  g_autoptr (FolAnalysis) analysis = fol_analysis_new (game);
  fol_analysis_set_effort (analysis, &run->effort);
  if (seed_given)
    fol_analysis_set_seed (analysis, run->seed);
  if (seats_given)
    fol_analysis_set_seats (analysis, run->seats);
  run->seats = fol_analysis_get_seats (analysis);
  g_signal_connect (analysis, "notify::turns-done", G_CALLBACK (on_progress_notify), NULL);
  g_signal_connect (analysis, "save-failed", G_CALLBACK (on_save_failed), NULL);
  if (!fol_analysis_run (analysis, NULL, error))
    return NULL;
  return fol_game_analysis_copy (fol_analysis_get_result (analysis));
}

/* A record file: Fall's begins "fall-game", Indian Summer's has a "game summer" line. */
static FolGameAnalysis *
analyse_record (const char *path, FolAnalysisRun *run, gboolean seed_given, gboolean seats_given, Source *src,
                GError **error)
{
  g_autofree char *text = NULL;
  if (!g_file_get_contents (path, &text, NULL, error))
    return NULL;
  const char *start = text;
  while (g_ascii_isspace (*start))
    start++;
  gboolean fall = g_str_has_prefix (start, "fall-game");
  src->kind_name = fall ? "Fall" : "Indian Summer";
  SummerRecord record = { 0 };
  if (!fall && !summer_record_parse (text, &record, error))
    return NULL;
  src->n_seats = fall ? 2 : record.setup.n_players;
  for (int i = 0; i < src->n_seats; i++)
    src->names[i] = g_strdup_printf ("Seat %d", i + 1);
  if (!check_seats (run->seats, src->n_seats, error))
    {
      summer_record_clear (&record);
      return NULL;
    }
  if (!seats_given)
    run->seats = (1u << src->n_seats) - 1;
  /* the game's own seed unless one is given */
  if (!seed_given && !fall)
    run->seed = record.setup.seed;
  else if (!seed_given)
    {
      const FallComponents *comps = fall_components_get (error);
      if (!comps || !fall_record_parse (comps, text, &run->seed, NULL, NULL, NULL, NULL, error))
        return NULL;
    }
  FolGameAnalysis *a = fall ? fall_analyse_record (text, run, error) : summer_analyse_record (&record, run, error);
  if (!fall)
    summer_record_clear (&record);
  return a;
}

int
fol_cli_analyse (int argc, char **argv)
{
  int rollouts = FOL_ANALYSIS_ROLLOUTS, effort = 100;
  g_autofree char *seed_arg = NULL;
  gboolean json = FALSE;
  g_auto (GStrv) seat_args = NULL;
  GOptionEntry entries[] = {
    { "rollouts", 'r', 0, G_OPTION_ARG_INT, &rollouts,
      "Rollouts from each position (default " G_STRINGIFY (FOL_ANALYSIS_ROLLOUTS) ")", "N" },
    { "effort", 'e', 0, G_OPTION_ARG_INT, &effort, "Expert's effort in percent, 1-100 (default 100; less for tests)",
      "PERCENT" },
    { "seed", 's', 0, G_OPTION_ARG_STRING, &seed_arg, "The analysis seed (default: the game's seed)", "S" },
    { "seat", 0, 0, G_OPTION_ARG_STRING_ARRAY, &seat_args, "Analyse seat N (1-based; may be repeated)", "N" },
    { "json", 'j', 0, G_OPTION_ARG_NONE, &json, "Print one JSON object instead of text", NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new ("GAME_ID|RECORD - analyse a game's turns against Expert");
  g_option_context_set_description (ctx, description);
  g_option_context_add_main_entries (ctx, entries, NULL);
  g_autoptr (GError) error = NULL;
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    {
      fprintf (stderr, "%s: %s\n", argv[0], error->message);
      return 2;
    }
  if (argc != 2 || rollouts < 2 || effort < 1 || effort > 100)
    {
      fprintf (stderr, "Usage: foliage-cli analyse GAME_ID|RECORD [--rollouts N>=2] [--effort 1-100] [--seed S] "
                       "[--seat N]... [--json]\n");
      return 2;
    }
  FolAnalysisRun run = {
    .effort = { rollouts, effort },
    .progress = show_progress,
  };
  for (int i = 0; seat_args && seat_args[i]; i++)
    {
      guint64 n;
      if (!g_ascii_string_to_unsigned (seat_args[i], 10, 1, FOL_STORE_MAX_SEATS, &n, NULL))
        {
          fprintf (stderr, "%s: --seat takes a seat number 1-%d, not '%s'\n", argv[0], FOL_STORE_MAX_SEATS,
                   seat_args[i]);
          return 2;
        }
      run.seats |= 1u << (n - 1);
    }
  gboolean seats_given = run.seats != 0;
  if (seed_arg && !g_ascii_string_to_unsigned (seed_arg, 10, 0, G_MAXUINT64, &run.seed, NULL))
    {
      fprintf (stderr, "%s: --seed takes a number 0-%" G_GUINT64_FORMAT ", not '%s'\n", argv[0], G_MAXUINT64,
               seed_arg);
      return 2;
    }

  Source src = { 0 };
  guint64 id;
  gboolean is_id = g_ascii_string_to_unsigned (argv[1], 10, 1, G_MAXINT64, &id, NULL)
                   && !g_file_test (argv[1], G_FILE_TEST_EXISTS);
  gint64 t0 = g_get_monotonic_time ();
  g_autoptr (FolGameAnalysis) a = NULL;
  if (is_id)
    a = analyse_saved ((gint64) id, &run, seed_arg != NULL, seats_given, &src, &error);
  else
    a = analyse_record (argv[1], &run, seed_arg != NULL, seats_given, &src, &error);
  src.seconds = (double) (g_get_monotonic_time () - t0) / G_USEC_PER_SEC;
  if (!a)
    {
      if (error)
        fprintf (stderr, "foliage-cli: %s: %s\n", argv[1], error->message);
      source_clear (&src);
      return 1;
    }
  if (json)
    {
      g_autofree char *text = format_json (&src, a, run.seats);
      fputs (text, stdout);
    }
  else
    {
      gboolean several = (run.seats & (run.seats - 1)) != 0;
      for (guint i = 0; i < a->turns->len; i++)
        {
          g_autofree char *line = format_turn (&src, fol_game_analysis_get_turn (a, i), several);
          printf ("%s\n", line);
        }
      print_summary (&src, a, run.seats);
    }
  source_clear (&src);
  return 0;
}
