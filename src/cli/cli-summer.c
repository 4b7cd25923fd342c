/* cli-summer.c: the Indian Summer commands of foliage-cli. */
#include "config.h"

#include <glib.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "summer-ai.h"
#include "summer-notation.h"
#include "fol-summer-game.h"
#include "fall-components.h"
#include "datafile.h"

static gboolean
load_components (void)
{
  g_autoptr (GError) error = NULL;
  if (!summer_components_get (&error))
    {
      fprintf (stderr, "foliage-cli: %s\n", error->message);
      return FALSE;
    }
  return TRUE;
}

static gboolean
parse_options (GOptionContext *ctx, int *argc, char ***argv)
{
  g_autoptr (GError) error = NULL;
  if (!g_option_context_parse (ctx, argc, argv, &error))
    {
      fprintf (stderr, "%s: %s\n", (*argv)[0], error->message);
      return FALSE;
    }
  return TRUE;
}

/* "greedy" or "greedy,random,random": one level per seat (one for all). */
static gboolean
parse_levels (const char *text, int n_players, SummerAiLevel levels[SUMMER_MAX_PLAYERS])
{
  g_auto (GStrv) parts = g_strsplit (text ? text : "random", ",", -1);
  int n = (int) g_strv_length (parts);
  if (n != 1 && n != n_players)
    {
      fprintf (stderr, "foliage-cli: --ai takes one level or one per player (%d)\n", n_players);
      return FALSE;
    }
  for (int i = 0; i < n_players; i++)
    {
      int lv = fol_ai_level_parse (parts[n == 1 ? 0 : i]);
      if (lv < 0)
        {
          fprintf (stderr, "foliage-cli: unknown computer level '%s' (easy, normal, hard, expert, random, greedy)\n", parts[n == 1 ? 0 : i]);
          return FALSE;
        }
      levels[i] = (SummerAiLevel) lv;
    }
  return TRUE;
}

typedef struct {
  bool finished;
  int plies;
  int turns;
  int illegal;
} GameStats;

/* Plays one whole game between computer players. */
static void
play_game (SummerState *s, const SummerAiLevel *levels, uint64_t seed, GPtrArray *log, GameStats *st)
{
  FolRng ai_rng[SUMMER_MAX_PLAYERS];
  for (int i = 0; i < SUMMER_MAX_PLAYERS; i++)
    {
      uint64_t x = seed ^ (G_GUINT64_CONSTANT (0xA1A1A1A1) * (uint64_t) (i + 1));
      fol_rng_seed (&ai_rng[i], fol_splitmix64 (&x));
    }
  memset (st, 0, sizeof *st);
  while (!summer_is_over (s) && st->plies < 20000)
    {
      SummerMove m;
      int seat = s->current;
      if (!summer_ai_choose (s, levels[seat], &ai_rng[seat], &m))
        break;
      if (log)
        g_ptr_array_add (log, summer_move_format (s, &m));
      if (!summer_apply_move (s, &m, NULL, NULL))
        {
          st->illegal++;
          break;
        }
      st->plies++;
    }
  st->finished = summer_is_over (s);
  st->turns = s->turn;
}

/* Stores a game played by play_game(): through FolSummerGame, move by move
 * (each move saved as the app saves it), in one batch for speed; the
 * replayed hash must equal the one played. */
static gboolean
save_game (FolStore *store, const SummerSetup *setup, FolPlayer **players, GPtrArray *log,
           const SummerState *played, GError **error)
{
  if (!fol_store_begin_batch (store, error))
    return FALSE;
  g_autoptr (FolSummerGame) game = fol_summer_game_new (setup, players, store, error);
  gboolean ok = game != NULL;
  for (guint i = 0; ok && i < log->len; i++)
    ok = fol_game_apply_move (FOL_GAME (game), g_ptr_array_index (log, i), error);
  if (ok && fol_game_get_hash (FOL_GAME (game)) != summer_state_hash (played))
    {
      g_set_error_literal (error, SUMMER_ERROR, SUMMER_ERROR_ILLEGAL, "the saved game does not replay to the game played");
      ok = FALSE;
    }
  if (!fol_store_end_batch (store, ok, ok ? error : NULL))
    return FALSE;
  return ok;
}

int
fol_cli_summer_selfplay (int argc, char **argv)
{
  int players = 4, games = 10;
  gint64 seed = 1;
  g_autofree char *ai = NULL;
  g_autofree char *records = NULL;
  gboolean quiet = FALSE;
  gboolean save = FALSE;
  GOptionEntry entries[] = {
    { "save", 0, 0, G_OPTION_ARG_NONE, &save, "Store every game in the database (see --db)", NULL },
    { "players", 'p', 0, G_OPTION_ARG_INT, &players, "Players, 1 (solo) to 4", "N" },
    { "ai", 'a', 0, G_OPTION_ARG_STRING, &ai, "Computer level per seat: easy, normal, hard, expert, or the baselines random, greedy", "LEVEL[,LEVEL...]" },
    { "games", 'g', 0, G_OPTION_ARG_INT, &games, "Games to play", "K" },
    { "seed", 's', 0, G_OPTION_ARG_INT64, &seed, "Seed of the first game (game i uses S+i)", "S" },
    { "records", 0, 0, G_OPTION_ARG_FILENAME, &records, "Write each game's record to DIR/game-SEED.txt", "DIR" },
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &quiet, "Print only the summary line", NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new ("- play Indian Summer games between computer players");
  g_option_context_add_main_entries (ctx, entries, NULL);
  if (!parse_options (ctx, &argc, &argv))
    return 2;
  if (players < 1 || players > SUMMER_MAX_PLAYERS || games < 0)
    {
      fprintf (stderr, "foliage-cli: --players is 1 to 4, --games at least 0\n");
      return 2;
    }
  SummerAiLevel levels[SUMMER_MAX_PLAYERS];
  if (!parse_levels (ai, players, levels) || !load_components ())
    return 2;

  g_autoptr (FolStore) store = NULL;
  g_autoptr (GPtrArray) players_list = g_ptr_array_new_with_free_func (g_object_unref);
  if (save)
    {
      if (!(store = fol_cli_open_store ()))
        return 1;
      for (int i = 0; i < players; i++)
        {
          g_autofree char *name = g_strdup_printf ("%s %d", fol_ai_level_name (levels[i]), i + 1);
          g_ptr_array_add (players_list, fol_player_new (name, FALSE, levels[i]));
        }
    }
  gint64 start = g_get_monotonic_time ();
  int finished = 0, illegal = 0, solo_won = 0;
  long total_turns = 0, total_empty = 0, total_solo = 0;
  int wins[SUMMER_MAX_PLAYERS] = { 0 };
  for (int g = 0; g < games; g++)
    {
      SummerSetup setup;
      summer_setup_init (&setup, players, (uint64_t) seed + (uint64_t) g);
      SummerState s;
      g_autoptr (GError) error = NULL;
      if (!summer_state_new_game (&setup, &s, &error))
        {
          fprintf (stderr, "foliage-cli: %s\n", error->message);
          return 1;
        }
      g_autoptr (GPtrArray) log = records || save ? g_ptr_array_new_with_free_func (g_free) : NULL;
      GameStats st;
      play_game (&s, levels, setup.seed, log, &st);
      if (save && !save_game (store, &setup, (FolPlayer **) players_list->pdata, log, &s, &error))
        {
          fprintf (stderr, "foliage-cli: saving game %d: %s\n", g + 1, error->message);
          return 1;
        }
      finished += st.finished;
      illegal += st.illegal;
      total_turns += st.turns;
      int empty = 0;
      for (int i = 0; i < players; i++)
        {
          empty += summer_empty_squares (&s, i);
          if (st.finished && s.result[i].rank == 1 && (players > 1 || s.result[i].full))
            wins[i]++;
        }
      total_empty += empty;
      if (players == 1)
        {
          total_solo += s.result[0].solo_score;
          solo_won += s.result[0].full;
        }
      if (records)
        {
          g_mkdir_with_parents (records, 0755);
          g_autofree char *text = summer_record_format (&setup, log);
          g_autofree char *name = g_strdup_printf ("game-%" G_GUINT64_FORMAT ".txt", setup.seed);
          g_autofree char *path = g_build_filename (records, name, NULL);
          if (!g_file_set_contents (path, text, -1, &error))
            {
              fprintf (stderr, "foliage-cli: %s\n", error->message);
              return 1;
            }
        }
      if (!quiet)
        {
          GString *line = g_string_new (NULL);
          g_string_append_printf (line, "game %d seed %" G_GUINT64_FORMAT ": %s, %d turns, %d plies;",
                                  g + 1, setup.seed, st.finished ? "finished" : "UNFINISHED", st.turns, st.plies);
          for (int i = 0; i < players; i++)
            {
              const SummerSeatResult *r = &s.result[i];
              if (players == 1)
                g_string_append_printf (line, " %s score %d (%d empty)", r->full ? "won" : "lost",
                                        r->solo_score, r->empty);
              else
                g_string_append_printf (line, " seat %d (%s) rank %d, %d empty, %d Nuts;", i + 1,
                                        fol_ai_level_name (levels[i]), r->rank, r->empty, r->nuts);
            }
          printf ("%s\n", line->str);
          g_string_free (line, TRUE);
        }
    }
  double seconds = (double) (g_get_monotonic_time () - start) / 1e6;
  GString *json = g_string_new (NULL);
  g_string_append_printf (json, "{\"game\": \"summer\", \"players\": %d, \"ai\": [", players);
  for (int i = 0; i < players; i++)
    g_string_append_printf (json, "%s\"%s\"", i ? ", " : "", fol_ai_level_name (levels[i]));
  g_string_append_printf (json, "], \"games\": %d, \"finished\": %d, \"illegal_moves\": %d, "
                          "\"mean_turns\": %.2f, \"mean_empty_squares\": %.3f, \"wins_by_seat\": [",
                          games, finished, illegal, games ? (double) total_turns / games : 0.0,
                          games ? (double) total_empty / (games * players) : 0.0);
  for (int i = 0; i < players; i++)
    g_string_append_printf (json, "%s%d", i ? ", " : "", wins[i]);
  g_string_append (json, "]");
  if (players == 1)
    g_string_append_printf (json, ", \"solo_won\": %d, \"mean_solo_score\": %.3f", solo_won,
                            games ? (double) total_solo / games : 0.0);
  g_string_append_printf (json, ", \"seconds\": %.3f}", seconds);
  printf ("%s\n", json->str);
  g_string_free (json, TRUE);
  return illegal == 0 && finished == games ? 0 : 1;
}

static gboolean
load_record (const char *path, SummerRecord *record)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  if (!g_file_get_contents (path, &text, NULL, &error) || !summer_record_parse (text, record, &error))
    {
      fprintf (stderr, "foliage-cli: %s: %s\n", path, error->message);
      return FALSE;
    }
  return TRUE;
}

int
fol_cli_summer_replay (int argc, char **argv)
{
  g_autoptr (GOptionContext) ctx = g_option_context_new ("FILE - replay an Indian Summer game record");
  g_option_context_set_description (ctx, "Prints the final position and its hash. The record format is in docs/notation.md.");
  if (!parse_options (ctx, &argc, &argv))
    return 2;
  if (argc != 2)
    {
      fprintf (stderr, "Usage: foliage-cli replay FILE\n");
      return 2;
    }
  if (!load_components ())
    return 1;
  SummerRecord record;
  if (!load_record (argv[1], &record))
    return 1;
  SummerState s;
  g_autoptr (GError) error = NULL;
  int applied = 0;
  gboolean ok = summer_record_replay (&record, &s, &applied, &error);
  summer_record_clear (&record);
  if (!ok)
    {
      fprintf (stderr, "foliage-cli: %s: %s\n", argv[1], error->message);
      return 1;
    }
  g_autofree char *text = summer_state_describe (&s);
  printf ("%s\nmoves: %d\nhash: %016" G_GINT64_MODIFIER "x\n", text, applied, summer_state_hash (&s));
  return 0;
}

int
fol_cli_summer_show (int argc, char **argv)
{
  int players = 2;
  gint64 seed = 1;
  g_autofree char *sides = NULL;
  GOptionEntry entries[] = {
    { "players", 'p', 0, G_OPTION_ARG_INT, &players, "Players for a fresh set-up", "N" },
    { "seed", 's', 0, G_OPTION_ARG_INT64, &seed, "Seed for a fresh set-up", "S" },
    { NULL }
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new ("[FILE] - print a position as text");
  g_option_context_set_description (ctx, "With FILE, the position at the end of that game record; "
                                         "without, a fresh set-up for --players and --seed.");
  g_option_context_add_main_entries (ctx, entries, NULL);
  if (!parse_options (ctx, &argc, &argv))
    return 2;
  if (!load_components ())
    return 1;
  SummerState s;
  g_autoptr (GError) error = NULL;
  if (argc >= 2)
    {
      SummerRecord record;
      if (!load_record (argv[1], &record))
        return 1;
      gboolean ok = summer_record_replay (&record, &s, NULL, &error);
      summer_record_clear (&record);
      if (!ok)
        {
          fprintf (stderr, "foliage-cli: %s: %s\n", argv[1], error->message);
          return 1;
        }
    }
  else
    {
      SummerSetup setup;
      summer_setup_init (&setup, players, (uint64_t) seed);
      if (!summer_state_new_game (&setup, &s, &error))
        {
          fprintf (stderr, "foliage-cli: %s\n", error->message);
          return 2;
        }
    }
  g_autofree char *text = summer_state_describe (&s);
  printf ("%s", text);
  return 0;
}

int
fol_cli_summer_bench (int argc, char **argv)
{
  double seconds = 2.0;
  GOptionEntry entries[] = {
    { "seconds", 't', 0, G_OPTION_ARG_DOUBLE, &seconds, "Time per measurement", "SECONDS" },
    { NULL }
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new ("- measure the Indian Summer engine");
  g_option_context_add_main_entries (ctx, entries, NULL);
  if (!parse_options (ctx, &argc, &argv) || !load_components ())
    return 2;
  const SummerComponents *c = summer_components ();

  /* 1. Placement checks: collect mid-game Forest Floors from random games,
   *    then test every Leaf tile in every orientation at every anchor inside
   *    the floor, one test per (tile, orientation, anchor). */
  enum { N_FLOORS = 256 };
  FolBits72 floors[N_FLOORS];
  {
    SummerAiLevel lv[SUMMER_MAX_PLAYERS] = { FOL_AI_RANDOM, FOL_AI_RANDOM, FOL_AI_RANDOM, FOL_AI_RANDOM };
    for (int i = 0; i < N_FLOORS; i++)
      {
        SummerSetup setup;
        summer_setup_init (&setup, 2, 1000 + (uint64_t) i);
        SummerState s;
        summer_state_new_game (&setup, &s, NULL);
        FolRng rng;
        fol_rng_seed (&rng, (uint64_t) i);
        int stop = 10 + i % 60;
        for (int p = 0; p < stop && !summer_is_over (&s); p++)
          {
            SummerMove m;
            summer_ai_choose (&s, lv[s.current], &rng, &m);
            summer_apply_move (&s, &m, NULL, NULL);
          }
        floors[i] = s.seat[0].covered;
      }
  }
  gint64 t0 = g_get_monotonic_time ();
  guint64 checks = 0, fits = 0;
  while ((double) (g_get_monotonic_time () - t0) / 1e6 < seconds)
    for (int f = 0; f < N_FLOORS; f++)
      for (int t = 0; t < SUMMER_N_LEAF_TILES; t++)
        {
          const FolOrientationSet *set = &c->leaf[t].orientations;
          for (int o = 0; o < set->n; o++)
            {
              FolBits72 anchors = set->o[o].anchors;
              while (anchors)
                {
                  int a = fol_bb_lowest (anchors);
                  anchors &= anchors - 1;
                  fits += (fol_orientation_at (&set->o[o], a) & floors[f]) == 0;
                  checks++;
                }
            }
        }
  double t_checks = (double) (g_get_monotonic_time () - t0) / 1e6;
  /* the same work with the bitboard scan: all anchors of an orientation at once */
  t0 = g_get_monotonic_time ();
  guint64 scans = 0, fits2 = 0;
  while ((double) (g_get_monotonic_time () - t0) / 1e6 < seconds)
    for (int f = 0; f < N_FLOORS; f++)
      for (int t = 0; t < SUMMER_N_LEAF_TILES; t++)
        {
          const FolOrientationSet *set = &c->leaf[t].orientations;
          for (int o = 0; o < set->n; o++)
            {
              fits2 += fol_bb_count (fol_orientation_fits (&set->o[o], fol_bb_all () & ~floors[f]));
              scans++;
            }
        }
  double t_scans = (double) (g_get_monotonic_time () - t0) / 1e6;
  printf ("placement checks: %.0f per second (%" G_GUINT64_FORMAT " checks, %.1f%% fit)\n",
          (double) checks / t_checks, checks, 100.0 * (double) fits / (double) MAX (checks, 1));
  printf ("orientation scans (all anchors at once): %.0f per second, %.0f placements found per second\n",
          (double) scans / t_scans, (double) fits2 / t_scans);

  /* 2. Random games per second, per player count. */
  for (int players = 1; players <= SUMMER_MAX_PLAYERS; players++)
    {
      SummerAiLevel lv[SUMMER_MAX_PLAYERS] = { FOL_AI_RANDOM, FOL_AI_RANDOM, FOL_AI_RANDOM, FOL_AI_RANDOM };
      t0 = g_get_monotonic_time ();
      int games = 0;
      long plies = 0;
      while ((double) (g_get_monotonic_time () - t0) / 1e6 < seconds)
        {
          SummerSetup setup;
          summer_setup_init (&setup, players, 5000 + (uint64_t) games);
          SummerState s;
          summer_state_new_game (&setup, &s, NULL);
          GameStats st;
          play_game (&s, lv, setup.seed, NULL, &st);
          plies += st.plies;
          games++;
        }
      double t = (double) (g_get_monotonic_time () - t0) / 1e6;
      printf ("random %d-player games: %.0f per second (%.0f plies per second, %.0f plies a game)\n",
              players, games / t, plies / t, (double) plies / games);
    }
  /* 3. Greedy moves per second (4 players) */
  {
    SummerAiLevel lv[SUMMER_MAX_PLAYERS] = { FOL_AI_GREEDY, FOL_AI_GREEDY, FOL_AI_GREEDY, FOL_AI_GREEDY };
    t0 = g_get_monotonic_time ();
    int games = 0;
    long plies = 0;
    while ((double) (g_get_monotonic_time () - t0) / 1e6 < seconds)
      {
        SummerSetup setup;
        summer_setup_init (&setup, 4, 9000 + (uint64_t) games);
        SummerState s;
        summer_state_new_game (&setup, &s, NULL);
        GameStats st;
        play_game (&s, lv, setup.seed, NULL, &st);
        plies += st.plies;
        games++;
      }
    double t = (double) (g_get_monotonic_time () - t0) / 1e6;
    printf ("greedy 4-player games: %.1f per second (%.0f greedy moves per second)\n", games / t, plies / t);
  }
  return 0;
}

int
fol_cli_data_check (int argc, char **argv)
{
  g_autofree char *dir = NULL;
  GOptionEntry entries[] = {
    { "data-dir", 'd', 0, G_OPTION_ARG_FILENAME, &dir, "Folder of the data files (default: the installed or source data/)", "DIR" },
    { NULL }
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new ("- load and validate every component data file");
  g_option_context_add_main_entries (ctx, entries, NULL);
  if (!parse_options (ctx, &argc, &argv))
    return 2;
  int failures = 0;
  g_autoptr (GError) error = NULL;
  SummerComponents *sc = g_new0 (SummerComponents, 1);
  if (summer_components_load (dir, sc, &error))
    printf ("Indian Summer: %d Leaf tiles, %d Forest Floor sides, %d Animal tiles: OK\n",
            SUMMER_N_LEAF_TILES, SUMMER_N_SIDES, SUMMER_N_ANIMAL_TILES);
  else
    {
      printf ("Indian Summer: %s\n", error->message);
      failures++;
    }
  g_free (sc);
  g_clear_error (&error);
  FallComponents *fc = g_new0 (FallComponents, 1);
  if (fall_components_load (dir, fc, &error))
    printf ("Fall: %d Leaf tiles and the starting tile, %d Season board sides, %d scoring cards: OK\n",
            FALL_N_LEAF_TILES, FALL_N_SIDES, FALL_N_CARDS);
  else
    {
      printf ("Fall: %s\n", error->message);
      failures++;
    }
  g_free (fc);
  printf ("data directory: %s\n", dir ? dir : fol_data_dir ());
  return failures ? 1 : 0;
}
