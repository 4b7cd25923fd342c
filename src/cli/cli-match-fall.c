/* cli-match-fall.c: Fall for the match loop (cli-match.h). */
#include "config.h"

#include <string.h>

#include "cli-match.h"
#include "fall-ai.h"
#include "fall-notation.h"
#include "fall-scoring.h"
#include "fall-state.h"

/* Figures of a seat (rulebook "End of Game", "Scoring Card Details"). */
static const FolMatchFigure figures[] = {
  { "score", "score" },
  { "flower_vp", NULL },
  { "fox_vp", NULL },
  { "bird_vp", NULL },
  { "mushroom_vp", NULL },
};

static const FallComponents *comps;

static gboolean
fall_load (GError **error)
{
  comps = fall_components_get (error);
  return comps != NULL;
}

/* The levels Fall's engine has (fall-ai.h).  When Fall gets the four
 * levels of ai-level.h, these two functions and .n_levels below change. */
static int
fall_level_parse (const char *name)
{
  return fall_ai_level_from_name (name);
}

static const char *
fall_level_name (int level)
{
  return fall_ai_level_name ((FallAiLevel) level);
}

static const FolMatchFigure *
fall_figures (int n_players, int *n_figures)
{
  (void) n_players;
  *n_figures = G_N_ELEMENTS (figures);
  return figures;
}

/* Side and first player at random from @seed (fall_state_init()). */
static gboolean
fall_new_deal (void *state, uint64_t seed, int n_players, GError **error)
{
  (void) error;
  g_return_val_if_fail (n_players == 2, FALSE);
  fall_state_init (state, comps, seed, NULL);
  return TRUE;
}

static int
fall_seat_to_move (const void *state)
{
  return fall_state_current_seat (state);
}

static bool
fall_over (const void *state)
{
  return fall_state_is_over (state);
}

/* The computer player gets its seat's view, never the state (DESIGN.md).
 * Fall's players take no search settings yet: @search stays untouched. */
static bool
fall_choose (const void *state, int level, FolRng *rng, FolAiSearch *search, void *move)
{
  (void) search;
  g_autofree FallState *view = g_new (FallState, 1);
  fall_state_view (state, fall_state_current_seat (state), view);
  return fall_ai_choose (view, (FallAiLevel) level, rng, move);
}

static bool
fall_apply_checked (void *state, const void *move, char **reason)
{
  const char *why = NULL;
  if (fall_apply (state, move, &why))
    return true;
  if (reason)
    *reason = g_strdup (why ? why : "illegal");
  return false;
}

static bool
fall_first_legal (const void *state, void *move)
{
  g_autofree FallMoveList *list = g_new (FallMoveList, 1);
  if (fall_legal_moves (state, list) == 0)
    return false;
  *(FallMove *) move = list->m[0];
  return true;
}

static char *
fall_move_text (const void *state, const void *move)
{
  char buf[64];
  return g_strdup (fall_move_format (state, move, buf, sizeof buf));
}

/* Ranks from fall_result(): ties broken by Mushroom VP then Flower VP; a
 * win still shared gives both rank 1. */
static void
fall_results (const void *state, FolMatchSeatResult *out)
{
  FallScore sc[2];
  int winner = fall_result (state, sc);
  for (int i = 0; i < 2; i++)
    {
      FolMatchSeatResult *o = &out[i];
      memset (o, 0, sizeof *o);
      o->rank = winner < 0 || winner == i ? 1 : 2;
      o->won = winner == i;
      o->figure[0] = sc[i].total;
      o->figure[1] = sc[i].flowers;
      o->figure[2] = sc[i].foxes;
      o->figure[3] = sc[i].birds;
      o->figure[4] = sc[i].mushrooms;
    }
}

const FolMatchGame fol_match_fall = {
  .name = "fall",
  .min_players = 2,
  .max_players = 2,
  .n_levels = FALL_N_AI_LEVELS,
  .state_size = sizeof (FallState),
  .move_size = sizeof (FallMove),
  .max_plies = 100000,
  .load = fall_load,
  .level_parse = fall_level_parse,
  .level_name = fall_level_name,
  .figures = fall_figures,
  .new_deal = fall_new_deal,
  .seat_to_move = fall_seat_to_move,
  .is_over = fall_over,
  .choose = fall_choose,
  .apply = fall_apply_checked,
  .first_legal = fall_first_legal,
  .move_text = fall_move_text,
  .results = fall_results,
};
