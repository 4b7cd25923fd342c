/* cli-fall.c: the Fall commands of foliage-cli: selfplay fall, score fall,
 * bench fall. */
#include "config.h"

#include <glib.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "fol-fall-game.h"
#include "fall-ai.h"
#include "fall-notation.h"
#include "fall-scoring.h"
#include "fall-state.h"

typedef struct {
  gboolean finished;
  int illegal;
  int winner;          /* -1 shared */
  int score[2];
  int moves;
  uint64_t hash;
} GameResult;

/* Plays one game between two computer players, each deciding from its own view. */
static void
play_game (const FallComponents *comps, uint64_t seed, const FallAiLevel ai[2], GArray *record,
           FallState *s, GameResult *res)
{
  memset (res, 0, sizeof *res);
  fall_state_init (s, comps, seed, NULL);
  FolRng ai_rng[2];
  uint64_t x = seed ^ UINT64_C (0x5eed0fa11);
  fol_rng_seed (&ai_rng[0], fol_splitmix64 (&x));
  fol_rng_seed (&ai_rng[1], fol_splitmix64 (&x));
  static _Thread_local FallState view;
  while (!fall_state_is_over (s))
    {
      int seat = fall_state_current_seat (s);
      fall_state_view (s, seat, &view);
      FallMove m;
      if (!fall_ai_choose (&view, ai[seat], &ai_rng[seat], &m))
        break;
      const char *reason = NULL;
      if (!fall_apply (s, &m, &reason))
        {
          char buf[32];
          fprintf (stderr, "seed %" PRIu64 ": illegal move %s by seat %d: %s\n", seed,
                   fall_move_format (s, &m, buf, sizeof buf), seat, reason);
          res->illegal++;
          return;
        }
      if (record)
        g_array_append_val (record, m);
      res->moves++;
    }
  res->finished = fall_state_is_over (s);
  FallScore sc[2];
  res->winner = fall_result (s, sc);
  res->score[0] = sc[0].total;
  res->score[1] = sc[1].total;
  res->hash = fall_state_hash (s);
}

/* Stores a game played by play_game() through FolFallGame, move by move,
 * in one batch; the replayed hash must equal the one played. */
static gboolean
save_game (FolStore *store, uint64_t seed, FolPlayer **players, GArray *record, uint64_t hash, GError **error)
{
  if (!fol_store_begin_batch (store, error))
    return FALSE;
  g_autoptr (FolFallGame) game = fol_fall_game_new (seed, NULL, players, store, error);
  gboolean ok = game != NULL;
  for (guint i = 0; ok && i < record->len; i++)
    {
      char buf[64];
      const FallState *st = fol_fall_game_get_state (game);
      ok = fol_game_apply_move (FOL_GAME (game), fall_move_format (st, &g_array_index (record, FallMove, i), buf, sizeof buf),
                                error);
    }
  if (ok && fol_game_get_hash (FOL_GAME (game)) != hash)
    {
      g_set_error_literal (error, FOL_GAME_ERROR, FOL_GAME_ERROR_ILLEGAL, "the saved game does not replay to the game played");
      ok = FALSE;
    }
  if (!fol_store_end_batch (store, ok, ok ? error : NULL))
    return FALSE;
  return ok;
}

static gboolean
parse_ai_pair (const char *text, FallAiLevel ai[2])
{
  g_auto (GStrv) parts = g_strsplit (text, ",", -1);
  if (g_strv_length (parts) != 2)
    return FALSE;
  for (int i = 0; i < 2; i++)
    {
      int l = fol_ai_level_parse (g_strstrip (parts[i]));
      if (l < 0)
        return FALSE;
      ai[i] = (FallAiLevel) l;
    }
  return TRUE;
}

int
fol_cli_fall_selfplay (int argc, char **argv)
{
  g_autofree char *ai_text = NULL;
  g_autofree char *record_dir = NULL;
  int games = 1;
  gint64 seed = 1;
  gboolean save = FALSE;
  GOptionEntry entries[] = {
    { "save", 0, 0, G_OPTION_ARG_NONE, &save, "Store every game in the database (see --db)", NULL },
    { "ai", 0, 0, G_OPTION_ARG_STRING, &ai_text, "The two computer players, seat 0 then seat 1: random or greedy (default random,random)", "LEVEL,LEVEL" },
    { "games", 0, 0, G_OPTION_ARG_INT, &games, "Number of games (default 1)", "K" },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, "Seed of the first game; game i uses a seed derived from it (default 1)", "S" },
    { "records", 0, 0, G_OPTION_ARG_FILENAME, &record_dir, "Write each game record to DIR/fall-SEED.txt", "DIR" },
    { NULL }
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new ("- play Fall games between computer players");
  g_option_context_add_main_entries (ctx, entries, NULL);
  g_autoptr (GError) error = NULL;
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    {
      fprintf (stderr, "%s: %s\n", argv[0], error->message);
      return 2;
    }
  FallAiLevel ai[2] = { FOL_AI_RANDOM, FOL_AI_RANDOM };
  if (ai_text && !parse_ai_pair (ai_text, ai))
    {
      fprintf (stderr, "%s: --ai wants two of random, greedy separated by a comma\n", argv[0]);
      return 2;
    }
  if (games < 1)
    {
      fprintf (stderr, "%s: --games must be at least 1\n", argv[0]);
      return 2;
    }
  const FallComponents *comps = fall_components_get (&error);
  if (!comps)
    {
      fprintf (stderr, "%s: %s\n", argv[0], error->message);
      return 1;
    }
  g_autoptr (FolStore) store = save ? fol_cli_open_store () : NULL;
  if (save && !store)
    return 1;
  g_autoptr (FolPlayer) p0 = fol_player_new (fol_ai_level_name (ai[0]), FALSE, ai[0]);
  g_autoptr (FolPlayer) p1 = fol_player_new (fol_ai_level_name (ai[1]), FALSE, ai[1]);
  FolPlayer *players[2] = { p0, p1 };
  g_autofree FallState *s = g_new (FallState, 1);
  int finished = 0, illegal = 0, wins[2] = { 0, 0 }, shared = 0;
  double sum[2] = { 0, 0 };
  gint64 t0 = g_get_monotonic_time ();
  uint64_t seed_counter = (uint64_t) seed;
  for (int i = 0; i < games; i++)
    {
      /* game 1 uses the seed itself, the next ones the SplitMix64 sequence from it */
      uint64_t game_seed = i == 0 ? (uint64_t) seed : fol_splitmix64 (&seed_counter);
      g_autoptr (GArray) record = record_dir || save ? g_array_new (FALSE, FALSE, sizeof (FallMove)) : NULL;
      GameResult r;
      play_game (comps, game_seed, ai, record, s, &r);
      if (save && !save_game (store, game_seed, players, record, r.hash, &error))
        {
          fprintf (stderr, "%s: saving game %d: %s\n", argv[0], i + 1, error->message);
          return 1;
        }
      illegal += r.illegal;
      if (r.finished)
        {
          finished++;
          sum[0] += r.score[0];
          sum[1] += r.score[1];
          if (r.winner < 0)
            shared++;
          else
            wins[r.winner]++;
        }
      printf ("game %d seed %" PRIu64 " %s %s-%s %d-%d winner %s moves %d hash %016" PRIx64 "\n", i + 1, game_seed,
              r.finished ? "finished" : "aborted", fol_ai_level_name (ai[0]), fol_ai_level_name (ai[1]),
              r.score[0], r.score[1], r.winner < 0 ? "shared" : r.winner ? "1" : "0", r.moves, r.hash);
      if (record_dir)
        {
          FallOptions none = FALL_OPTIONS_RANDOM;
          g_autofree char *text = fall_record_format (game_seed, &none, s, (FallMove *) record->data, (int) record->len);
          g_autofree char *name = g_strdup_printf ("fall-%" PRIu64 ".txt", game_seed);
          g_autofree char *path = g_build_filename (record_dir, name, NULL);
          g_autoptr (GError) werr = NULL;
          if (g_mkdir_with_parents (record_dir, 0755) != 0 || !g_file_set_contents (path, text, -1, &werr))
            fprintf (stderr, "%s: cannot write %s%s%s\n", argv[0], path, werr ? ": " : "", werr ? werr->message : "");
        }
    }
  double seconds = (g_get_monotonic_time () - t0) / 1e6;
  printf ("{\"game\": \"fall\", \"games\": %d, \"finished\": %d, \"illegal_moves\": %d, \"mean_score\": [%.3f, %.3f], "
          "\"wins_by_seat\": [%d, %d], \"shared\": %d, \"ai\": [\"%s\", \"%s\"], \"seconds\": %.3f}\n",
          games, finished, illegal, finished ? sum[0] / finished : 0.0, finished ? sum[1] / finished : 0.0,
          wins[0], wins[1], shared, fol_ai_level_name (ai[0]), fol_ai_level_name (ai[1]), seconds);
  return illegal == 0 && finished == games ? 0 : 1;
}

int
fol_cli_fall_score (int argc, char **argv)
{
  GOptionEntry entries[] = { { NULL } };
  g_autoptr (GOptionContext) ctx = g_option_context_new ("POSITION_FILE - print both players' Fall score breakdown");
  g_option_context_add_main_entries (ctx, entries, NULL);
  g_autoptr (GError) error = NULL;
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    {
      fprintf (stderr, "%s: %s\n", argv[0], error->message);
      return 2;
    }
  if (argc != 2)
    {
      fprintf (stderr, "usage: %s POSITION_FILE\n", argv[0]);
      return 2;
    }
  const FallComponents *comps = fall_components_get (&error);
  if (!comps)
    {
      fprintf (stderr, "%s: %s\n", argv[0], error->message);
      return 1;
    }
  g_autofree char *text = NULL;
  if (!g_file_get_contents (argv[1], &text, NULL, &error))
    {
      fprintf (stderr, "%s: %s\n", argv[0], error->message);
      return 1;
    }
  g_autofree FallState *s = g_new (FallState, 1);
  if (!fall_position_parse (comps, text, s, &error))
    {
      fprintf (stderr, "%s: %s: %s\n", argv[0], argv[1], error->message);
      return 1;
    }
  g_autofree char *out = fall_score_format (s);
  fputs (out, stdout);
  return 0;
}

int
fol_cli_fall_bench (int argc, char **argv)
{
  double seconds = 1.0;
  gint64 seed = 1;
  GOptionEntry entries[] = {
    { "seconds", 0, 0, G_OPTION_ARG_DOUBLE, &seconds, "Time per measurement (default 1)", "T" },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, "First seed (default 1)", "S" },
    { NULL }
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new ("- Fall move generation and random games per second");
  g_option_context_add_main_entries (ctx, entries, NULL);
  g_autoptr (GError) error = NULL;
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    {
      fprintf (stderr, "%s: %s\n", argv[0], error->message);
      return 2;
    }
  const FallComponents *comps = fall_components_get (&error);
  if (!comps)
    {
      fprintf (stderr, "%s: %s\n", argv[0], error->message);
      return 1;
    }
  /* 1. legal placements: generate every placement of each hand tile along random games */
  g_autofree FallState *s = g_new (FallState, 1);
  g_autofree FallMoveList *list = g_new (FallMoveList, 1);
  FolRng rng;
  fol_rng_seed (&rng, (uint64_t) seed);
  gint64 t0 = g_get_monotonic_time (), deadline = t0 + (gint64) (seconds * 1e6);
  uint64_t placements = 0, calls = 0, game = (uint64_t) seed;
  double gen_time = 0;
  while (g_get_monotonic_time () < deadline)
    {
      fall_state_init (s, comps, game++, NULL);
      while (!fall_state_is_over (s))
        {
          if (s->phase == FALL_PHASE_ACT && s->n_hand_tiles)
            {
              gint64 a = g_get_monotonic_time ();
              for (int rep = 0; rep < 50; rep++)
                for (int h = 0; h < s->n_hand_tiles; h++)
                  {
                    placements += (uint64_t) fall_legal_placements (s, s->hand_tile[h], list->m);
                    calls++;
                  }
              gen_time += (g_get_monotonic_time () - a) / 1e6;
            }
          fall_legal_moves (s, list);
          fall_apply (s, &list->m[fol_rng_below (&rng, (uint32_t) list->n)], NULL);
        }
    }
  printf ("legal placements generated per second: %.0f (%" PRIu64 " generations, %.1f placements each)\n",
          placements / (gen_time > 0 ? gen_time : 1e-9), calls, calls ? (double) placements / calls : 0.0);
  /* 2. whole random games, each move chosen by the random player from its seat's view */
  static const FallAiLevel ai[2] = { FOL_AI_RANDOM, FOL_AI_RANDOM };
  int games = 0;
  t0 = g_get_monotonic_time ();
  deadline = t0 + (gint64) (seconds * 1e6);
  while (g_get_monotonic_time () < deadline)
    {
      GameResult r;
      play_game (comps, game++, ai, NULL, s, &r);
      games++;
    }
  double el = (g_get_monotonic_time () - t0) / 1e6;
  printf ("random games per second: %.0f (%d games in %.2f s, one core)\n", games / el, games, el);
  return 0;
}
