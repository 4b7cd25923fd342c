/* cli-match-summer.c: Indian Summer for the match loop (cli-match.h). */
#include "config.h"

#include <string.h>

#include "cli-match.h"
#include "summer-ai.h"
#include "summer-notation.h"
#include "summer-state.h"

/* Figures of a multiplayer seat (Rulebook: End of the game; the official
 * app's score is covered squares + Nuts left). */
static const FolMatchFigure multi_figures[] = {
  { "empty_squares", "empty" },
  { "app_score", "app score" },
  { "nuts", NULL },
};
enum { FIG_EMPTY, FIG_APP, FIG_NUTS };

/* Solo (Rulebook: Scoring, solo game): the score first, for the histogram. */
static const FolMatchFigure solo_figures[] = {
  { "score", "score" },
  { "empty_squares", "empty" },
};
enum { SOLO_SCORE, SOLO_EMPTY };

static gboolean
summer_load (GError **error)
{
  return summer_components_get (error) != NULL;
}

/* Every level of ai-level.h; the lead's Hard and Expert included. */
static int
summer_level_parse (const char *name)
{
  return fol_ai_level_parse (name);
}

static const char *
summer_level_name (int level)
{
  return fol_ai_level_name (level);
}

static const FolMatchFigure *
summer_figures (int n_players, int *n_figures)
{
  if (n_players == 1)
    {
      *n_figures = G_N_ELEMENTS (solo_figures);
      return solo_figures;
    }
  *n_figures = G_N_ELEMENTS (multi_figures);
  return multi_figures;
}

static gboolean
summer_new_deal (void *state, uint64_t seed, int n_players, GError **error)
{
  SummerSetup setup;
  summer_setup_init (&setup, n_players, seed);
  return summer_state_new_game (&setup, state, error);
}

static int
summer_seat_to_move (const void *state)
{
  return ((const SummerState *) state)->current;
}

static bool
summer_over (const void *state)
{
  return summer_is_over (state);
}

/* The AI sees the whole state but determinizes the hidden reserve itself
 * (summer-ai.h). */
static bool
summer_choose (const void *state, int level, FolRng *rng, FolAiSearch *search, void *move)
{
  return summer_ai_choose_full (state, (SummerAiLevel) level, rng, search, move);
}

static bool
summer_apply (void *state, const void *move, char **reason)
{
  g_autoptr (GError) error = NULL;
  if (summer_apply_move (state, move, NULL, &error))
    return true;
  if (reason)
    *reason = g_strdup (error->message);
  return false;
}

static bool
summer_first_legal (const void *state, void *move)
{
  SummerMoveList list;
  summer_legal_moves (state, &list);
  bool any = list.n > 0;
  if (any)
    *(SummerMove *) move = list.moves[0];
  summer_move_list_clear (&list);
  return any;
}

static char *
summer_move_text (const void *state, const void *move)
{
  return summer_move_format (state, move);
}

static void
summer_results (const void *state, FolMatchSeatResult *out)
{
  const SummerState *s = state;
  for (int i = 0; i < s->n_players; i++)
    {
      const SummerSeatResult *r = &s->result[i];
      FolMatchSeatResult *o = &out[i];
      memset (o, 0, sizeof *o);
      o->rank = r->rank;
      o->won = r->full;
      if (s->n_players == 1)
        {
          o->figure[SOLO_SCORE] = r->solo_score;
          o->figure[SOLO_EMPTY] = r->empty;
        }
      else
        {
          o->figure[FIG_EMPTY] = r->empty;
          o->figure[FIG_APP] = r->app_score;
          o->figure[FIG_NUTS] = r->nuts;
        }
    }
}

const FolMatchGame fol_match_summer = {
  .name = "summer",
  .min_players = 1,
  .max_players = SUMMER_MAX_PLAYERS,
  .n_levels = FOL_N_AI_LEVELS,
  .state_size = sizeof (SummerState),
  .move_size = sizeof (SummerMove),
  .max_plies = 20000,
  .load = summer_load,
  .level_parse = summer_level_parse,
  .level_name = summer_level_name,
  .figures = summer_figures,
  .new_deal = summer_new_deal,
  .seat_to_move = summer_seat_to_move,
  .is_over = summer_over,
  .choose = summer_choose,
  .apply = summer_apply,
  .first_legal = summer_first_legal,
  .move_text = summer_move_text,
  .results = summer_results,
};
