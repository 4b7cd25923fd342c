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
  { "tokens_boxed", NULL },
};

/* The match's state: the game, and the tokens each seat put back in the box
 * at the ends of its turns (its choice of discards, and a Toad it could not
 * place), which the engine does not count by seat.  The game comes first,
 * so a pointer to a MatchFall is one to its FallState. */
typedef struct {
  FallState s;
  int boxed[2];
} MatchFall;

static const FallComponents *comps;

static gboolean
fall_load (GError **error)
{
  comps = fall_components_get (error);
  return comps != NULL;
}

/* Fall's levels are those of ai-level.h (fall-ai.h). */
static int
fall_level_parse (const char *name)
{
  return fol_ai_level_parse (name);
}

static const char *
fall_level_name (int level)
{
  return fol_ai_level_name (level);
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
  MatchFall *mf = state;
  fall_state_init (&mf->s, comps, seed, NULL);
  mf->boxed[0] = mf->boxed[1] = 0;
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

/* The computer player gets its seat's view, never the state (DESIGN.md). */
static bool
fall_choose (const void *state, int level, FolRng *rng, FolAiSearch *search, void *move)
{
  g_autofree FallState *view = g_new (FallState, 1);
  fall_state_view (state, fall_state_current_seat (state), view);
  return fall_ai_choose_full (view, (FallAiLevel) level, rng, search, move);
}

static bool
fall_apply_checked (void *state, const void *move, char **reason)
{
  const char *why = NULL;
  MatchFall *mf = state;
  const FallMove *m = move;
  int seat = fall_state_current_seat (&mf->s);
  int toads = mf->s.held[seat][FALL_TOAD];
  if (fall_apply (&mf->s, m, &why))
    {
      if (m->kind == FALL_MOVE_END)
        mf->boxed[seat] += m->discard[0] + m->discard[1] + m->discard[2] + m->discard[3] + toads;
      return true;
    }
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
      o->figure[5] = ((const MatchFall *) state)->boxed[i];
    }
}

const FolMatchGame fol_match_fall = {
  .name = "fall",
  .min_players = 2,
  .max_players = 2,
  .n_levels = FOL_N_AI_LEVELS,
  .state_size = sizeof (MatchFall),
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
