/* cli-store.c: the foliage-cli commands over the store: saved games,
 * resuming, statistics, solo campaigns, and the store benchmark. */
#include "config.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "fol-campaign.h"
#include "fol-store-bench.h"
#include "fol-store-stats.h"
#include "fol-summer-game.h"
#include "fol-fall-game.h"
#include "fall-ai.h"
#include "fall-scoring.h"
#include "summer-ai.h"
#include "summer-notation.h"

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

FolStore *
fol_cli_open_store (void)
{
  g_autoptr (GError) error = NULL;
  FolStore *store = fol_store_new (fol_cli_db_path, &error);
  if (!store)
    {
      fprintf (stderr, "foliage-cli: %s\n", error->message);
      return NULL;
    }
  const GError *recovery = fol_store_get_recovery_error (store);
  if (recovery)
    fprintf (stderr, "foliage-cli: warning: %s\n", recovery->message);
  return store;
}

static gboolean
parse_id (const char *text, gint64 *id)
{
  guint64 v;
  if (!text || !g_ascii_string_to_unsigned (text, 10, 1, G_MAXINT64, &v, NULL))
    return FALSE;
  *id = (gint64) v;
  return TRUE;
}

static char *
format_time (gint64 usec)
{
  g_autoptr (GDateTime) dt = g_date_time_new_from_unix_local (usec / G_USEC_PER_SEC);
  return dt ? g_date_time_format (dt, "%Y-%m-%d %H:%M") : g_strdup ("?");
}

int
fol_cli_games (int argc, char **argv)
{
  gboolean unfinished = FALSE;
  GOptionEntry entries[] = {
    { "unfinished", 'u', 0, G_OPTION_ARG_NONE, &unfinished, "Only games in progress", NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new ("- list the saved games, most recent first");
  g_option_context_add_main_entries (ctx, entries, NULL);
  if (!parse_options (ctx, &argc, &argv))
    return 2;
  g_autoptr (FolStore) store = fol_cli_open_store ();
  if (!store)
    return 1;
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) list = fol_store_list_games (store, unfinished ? FOL_STORE_STATUS_IN_PROGRESS : -1, &error);
  if (!list)
    {
      fprintf (stderr, "foliage-cli: %s\n", error->message);
      return 1;
    }
  printf ("%6s  %-13s  %-11s  %5s  %-16s  %s\n", "id", "game", "status", "moves", "last played", "players");
  for (guint i = 0; i < list->len; i++)
    {
      const FolGameSummary *g = &g_array_index (list, FolGameSummary, i);
      g_autofree char *when = format_time (g->updated);
      printf ("%6" G_GINT64_FORMAT "  %-13s  %-11s  %5d  %-16s  %s\n", g->id,
              g_strcmp0 (g->kind, "summer") == 0 ? "Indian Summer" : "Fall",
              fol_store_status_to_string (g->status), g->n_moves, when, g->seats);
    }
  printf ("%u saved games\n", list->len);
  return 0;
}

/* Plays @game to the end with computer players at @level for every seat. */
static gboolean
finish_with_ai (FolGame *game, int level, GError **error)
{
  while (!fol_game_get_is_over (game))
    {
      g_autofree char *move = fol_game_choose_move (game, level);
      if (!move)
        break;
      if (!fol_game_apply_move (game, move, error))
        return FALSE;
    }
  return TRUE;
}

static void
print_summer_result (FolSummerGame *game)
{
  const SummerState *s = fol_summer_game_get_state (game);
  for (int i = 0; i < s->n_players; i++)
    {
      const SummerSeatResult *r = &s->result[i];
      FolPlayer *p = fol_game_get_player (FOL_GAME (game), (guint) i);
      if (s->n_players == 1)
        printf ("%s: %s, score %d (%d empty squares)\n", fol_player_get_name (p),
                r->full ? "won" : "lost", r->solo_score, r->empty);
      else
        printf ("%d. %s: %s, %d empty squares, %d Nuts%s\n", r->rank, fol_player_get_name (p),
                r->full ? "full Forest Floor" : "not full", r->empty, r->nuts, r->berry ? " and a Berry" : "");
    }
}

static void
on_save_failed (FolGame *game, GError *error, gpointer user_data)
{
  fprintf (stderr, "foliage-cli: warning: the game could not be saved: %s\n", error->message);
}

int
fol_cli_resume (int argc, char **argv)
{
  g_autofree char *ai = NULL;
  GOptionEntry entries[] = {
    { "ai", 'a', 0, G_OPTION_ARG_STRING, &ai, "Computer level for every seat: easy, normal, hard, expert (Indian Summer), or the baselines random, greedy", "LEVEL" },
    { NULL }
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new ("ID - finish a saved game with computer players");
  g_option_context_add_main_entries (ctx, entries, NULL);
  if (!parse_options (ctx, &argc, &argv))
    return 2;
  gint64 id;
  if (argc != 2 || !parse_id (argv[1], &id))
    {
      fprintf (stderr, "Usage: foliage-cli resume ID [--ai LEVEL]\n");
      return 2;
    }
  /* the stored level numbers of ai-level.h; Fall plays 0 and 1 (and greedy for any other) until it has the four levels */
  int level = fol_ai_level_parse (ai ? ai : "greedy");
  if (level < 0)
    {
      fprintf (stderr, "foliage-cli: unknown computer level '%s' (easy, normal, hard, expert, random, greedy)\n", ai);
      return 2;
    }
  g_autoptr (FolStore) store = fol_cli_open_store ();
  if (!store)
    return 1;
  g_autoptr (GError) error = NULL;
  g_autoptr (FolSavedGame) saved = fol_store_load_game (store, id, &error);
  if (!saved)
    {
      fprintf (stderr, "foliage-cli: %s\n", error->message);
      return 1;
    }
  gboolean fall = g_strcmp0 (saved->kind, "fall") == 0;
  g_autoptr (FolGame) game = fall ? FOL_GAME (fol_fall_game_load (store, id, &error))
                                  : FOL_GAME (fol_summer_game_load (store, id, &error));
  if (!game)
    {
      fprintf (stderr, "foliage-cli: %s\n", error->message);
      return 1;
    }
  g_signal_connect (game, "save-failed", G_CALLBACK (on_save_failed), NULL);
  guint before = fol_game_get_n_moves (game);
  if (fol_game_get_is_over (game))
    printf ("game %" G_GINT64_FORMAT " is already finished\n", id);
  else if (!finish_with_ai (game, level, &error))
    {
      fprintf (stderr, "foliage-cli: %s\n", error->message);
      return 1;
    }
  printf ("game %" G_GINT64_FORMAT ": %u moves replayed, %u played\n", id, before, fol_game_get_n_moves (game) - before);
  if (fall)
    {
      g_autofree char *score = fall_score_format (fol_fall_game_get_state (FOL_FALL_GAME (game)));
      printf ("%s", score);
    }
  else
    print_summer_result (FOL_SUMMER_GAME (game));
  return 0;
}

int
fol_cli_stats (int argc, char **argv)
{
  g_autoptr (GOptionContext) ctx = g_option_context_new ("- print the statistics of the saved games");
  if (!parse_options (ctx, &argc, &argv))
    return 2;
  g_autoptr (FolStore) store = fol_cli_open_store ();
  if (!store)
    return 1;
  g_autoptr (GError) error = NULL;
  g_autoptr (FolStoreStats) st = fol_store_get_stats (store, &error);
  if (!st)
    {
      fprintf (stderr, "foliage-cli: %s\n", error->message);
      return 1;
    }
  printf ("By game and player count (finished games without hints; won = won by a person):\n");
  printf ("  %-13s %7s %6s %5s %10s %5s\n", "game", "players", "played", "won", "mean score", "best");
  for (guint i = 0; i < st->by_kind->len; i++)
    {
      const FolStatsByKind *k = &g_array_index (st->by_kind, FolStatsByKind, i);
      printf ("  %-13s %7d %6d %5d %10.2f %5d\n", g_strcmp0 (k->kind, "summer") == 0 ? "Indian Summer" : "Fall",
              k->n_players, k->played, k->won, k->mean_score, k->best_score);
    }
  printf ("Against computer levels:\n");
  for (guint i = 0; i < st->by_level->len; i++)
    {
      const FolStatsByLevel *l = &g_array_index (st->by_level, FolStatsByLevel, i);
      printf ("  %-13s %-8s played %d, won %d (%.1f%%)\n", g_strcmp0 (l->kind, "summer") == 0 ? "Indian Summer" : "Fall",
              fol_ai_level_name (l->level), l->played, l->won, 100.0 * l->win_rate);
    }
  printf ("Solo scores over time: %u games\n", st->solo_scores->len);
  for (guint i = 0; i < st->solo_scores->len; i++)
    {
      const FolStatsSoloScore *s = &g_array_index (st->solo_scores, FolStatsSoloScore, i);
      g_autofree char *when = format_time (s->time);
      printf ("  %s  game %" G_GINT64_FORMAT "  %s %d\n", when, s->game_id, s->won ? "won " : "lost", s->score);
    }
  printf ("Games played with hints (not counted above): %d, won %d\n", st->hinted_played, st->hinted_won);
  printf ("Campaigns: %u, finished %d", st->campaigns->len, st->campaigns_finished);
  if (st->campaigns_finished > 0)
    printf (", best %d, mean %.2f", st->campaign_best, st->campaign_mean);
  printf ("\n");
  return 0;
}

int
fol_cli_campaign_new (int argc, char **argv)
{
  gint64 seed = -1;
  g_autofree char *side_name = NULL;
  GOptionEntry entries[] = {
    { "seed", 's', 0, G_OPTION_ARG_INT64, &seed, "Seed of the three stacks (default: random)", "S" },
    { "side", 0, 0, G_OPTION_ARG_STRING, &side_name, "Forest Floor side for all three games (default: drawn)", "1A..6B" },
    { NULL }
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new ("- start a solo campaign of Indian Summer");
  g_option_context_add_main_entries (ctx, entries, NULL);
  if (!parse_options (ctx, &argc, &argv))
    return 2;
  g_autoptr (GError) error = NULL;
  const SummerComponents *c = summer_components_get (&error);
  if (!c)
    {
      fprintf (stderr, "foliage-cli: %s\n", error->message);
      return 1;
    }
  int side = -1;
  if (side_name && (side = summer_side_index (c, side_name)) < 0)
    {
      fprintf (stderr, "foliage-cli: no Forest Floor side '%s' (1A..6B)\n", side_name);
      return 2;
    }
  g_autoptr (FolStore) store = fol_cli_open_store ();
  if (!store)
    return 1;
  guint64 s = seed >= 0 ? (guint64) seed : g_random_int () | ((guint64) g_random_int () << 32);
  g_autoptr (FolCampaign) campaign = fol_campaign_new (store, s, side, &error);
  if (!campaign)
    {
      fprintf (stderr, "foliage-cli: %s\n", error->message);
      return 1;
    }
  printf ("campaign %" G_GINT64_FORMAT ": seed %" G_GUINT64_FORMAT ", Forest Floor %s\n",
          fol_campaign_get_id (campaign), s, c->side[fol_campaign_get_side (campaign)].name);
  return 0;
}

static void
print_campaign (FolCampaign *campaign)
{
  const SummerComponents *c = summer_components ();
  printf ("campaign %" G_GINT64_FORMAT ": seed %" G_GUINT64_FORMAT ", Forest Floor %s\n",
          fol_campaign_get_id (campaign), fol_campaign_get_seed (campaign),
          c->side[fol_campaign_get_side (campaign)].name);
  gboolean forfeit = FALSE;
  int result = fol_campaign_get_result (campaign, &forfeit);
  for (int i = 0; i < 3; i++)
    {
      int score;
      gboolean won;
      if (fol_campaign_get_game_result (campaign, i, &score, &won))
        printf ("  game %d: %s, score %d (saved game %" G_GINT64_FORMAT ")\n", i + 1, won ? "won" : "lost",
                score, fol_campaign_get_game_id (campaign, i));
      else if (i == 2 && forfeit)
        printf ("  game 3: forfeit (the first two games were lost)\n");
      else if (fol_campaign_get_game_id (campaign, i) > 0)
        printf ("  game %d: in progress (saved game %" G_GINT64_FORMAT ")\n", i + 1,
                fol_campaign_get_game_id (campaign, i));
      else
        printf ("  game %d: not played yet\n", i + 1);
    }
  if (result != G_MININT)
    printf ("  result: %d\n", result);
  else
    printf ("  result: not decided yet\n");
}

static FolCampaign *
load_campaign_arg (FolStore *store, int argc, char **argv, const char *usage_text)
{
  gint64 id;
  if (argc != 2 || !parse_id (argv[1], &id))
    {
      fprintf (stderr, "Usage: %s\n", usage_text);
      return NULL;
    }
  g_autoptr (GError) error = NULL;
  FolCampaign *campaign = fol_campaign_load (store, id, &error);
  if (!campaign)
    fprintf (stderr, "foliage-cli: %s\n", error->message);
  return campaign;
}

int
fol_cli_campaign_play (int argc, char **argv)
{
  g_autofree char *ai = NULL;
  gboolean all = FALSE;
  GOptionEntry entries[] = {
    { "ai", 'a', 0, G_OPTION_ARG_STRING, &ai, "Computer level playing the games: easy, normal, hard, expert, random, greedy", "LEVEL" },
    { "all", 0, 0, G_OPTION_ARG_NONE, &all, "Play every game left, not just the next", NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new ("ID - play a campaign's next game with a computer player");
  g_option_context_add_main_entries (ctx, entries, NULL);
  if (!parse_options (ctx, &argc, &argv))
    return 2;
  int level = fol_ai_level_parse (ai ? ai : "greedy");
  if (level < 0)
    {
      fprintf (stderr, "foliage-cli: unknown computer level '%s'\n", ai);
      return 2;
    }
  g_autoptr (FolStore) store = fol_cli_open_store ();
  if (!store)
    return 1;
  g_autoptr (FolCampaign) campaign = load_campaign_arg (store, argc, argv, "foliage-cli campaign play ID [--ai LEVEL] [--all]");
  if (!campaign)
    return argc != 2 ? 2 : 1;
  g_autoptr (FolPlayer) player = fol_player_new (fol_ai_level_name (level), FALSE, level);
  do
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (FolSummerGame) game = fol_campaign_continue_game (campaign, player, &error);
      if (!game)
        {
          fprintf (stderr, "foliage-cli: %s\n", error->message);
          return 1;
        }
      g_signal_connect (game, "save-failed", G_CALLBACK (on_save_failed), NULL);
      if (!finish_with_ai (FOL_GAME (game), level, &error) || !fol_campaign_record_game (campaign, game, &error))
        {
          fprintf (stderr, "foliage-cli: %s\n", error->message);
          return 1;
        }
    }
  while (all && !fol_campaign_get_is_finished (campaign));
  print_campaign (campaign);
  return 0;
}

int
fol_cli_campaign_show (int argc, char **argv)
{
  g_autoptr (GOptionContext) ctx = g_option_context_new ("ID - show a campaign's games and result");
  if (!parse_options (ctx, &argc, &argv))
    return 2;
  g_autoptr (GError) error = NULL;
  if (!summer_components_get (&error))
    {
      fprintf (stderr, "foliage-cli: %s\n", error->message);
      return 1;
    }
  g_autoptr (FolStore) store = fol_cli_open_store ();
  if (!store)
    return 1;
  g_autoptr (FolCampaign) campaign = load_campaign_arg (store, argc, argv, "foliage-cli campaign show ID");
  if (!campaign)
    return 1;
  print_campaign (campaign);
  return 0;
}

int
fol_cli_store_bench (int argc, char **argv)
{
  int moves = 2000, games = 10000;
  GOptionEntry entries[] = {
    { "moves", 0, 0, G_OPTION_ARG_INT, &moves, "Moves to save one by one", "N" },
    { "games", 0, 0, G_OPTION_ARG_INT, &games, "Saved games to list", "N" },
    { NULL }
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new ("- time saving one move and listing the saved games");
  g_option_context_set_description (ctx, "Works in a temporary folder (or the folder of --db).");
  g_option_context_add_main_entries (ctx, entries, NULL);
  if (!parse_options (ctx, &argc, &argv) || moves < 1 || games < 1)
    return 2;
  g_autoptr (GError) error = NULL;
  g_autofree char *tmp = NULL;
  const char *dir;
  if (fol_cli_db_path)
    dir = fol_cli_db_path;
  else
    {
      tmp = g_dir_make_tmp ("foliage-bench-XXXXXX", &error);
      if (!tmp)
        {
          fprintf (stderr, "foliage-cli: %s\n", error->message);
          return 1;
        }
      dir = tmp;
    }
  FolStoreBenchResult r;
  gboolean ok = fol_store_bench (dir, (guint) moves, (guint) games, &r, &error);
  if (tmp)
    {
      g_autoptr (GDir) d = g_dir_open (tmp, 0, NULL);
      const char *name;
      while (d && (name = g_dir_read_name (d)))
        {
          g_autofree char *p = g_build_filename (tmp, name, NULL);
          g_unlink (p);
        }
      g_rmdir (tmp);
    }
  if (!ok)
    {
      fprintf (stderr, "foliage-cli: %s\n", error->message);
      return 1;
    }
  printf ("save one move: median %.3f ms, 95th percentile %.3f ms (%u moves)\n", r.save_move_median_ms,
          r.save_move_p95_ms, r.n_moves);
  printf ("list %u saved games: median %.2f ms (filled in %.1f s)\n", r.n_games, r.list_median_ms, r.fill_s);
  printf ("open the database: %.2f ms; load one game: %.2f ms; statistics: %.2f ms; size %" G_GINT64_FORMAT " bytes\n",
          r.open_ms, r.load_game_ms, r.stats_ms, r.db_bytes);
  return 0;
}
