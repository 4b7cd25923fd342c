/* summer-analysis.c: Indian Summer's part of the analysis of a game
 * (summer-analysis.h, analysis.h). */
#include "summer-analysis.h"
#include "summer-ai.h"
#include "summer-notation.h"

#include <string.h>

/* A rollout that has not ended after this many moves is scored where it
 * stands (a guard: a game ends in a few hundred). */
#define ROLLOUT_MAX_MOVES 4000

/* The rollout policy: the Hard level at this share of its beam (Expert's
 * own playouts, summer-ai-plan.c). */
#define ROLLOUT_EFFORT_PERCENT 50

double
summer_analysis_margin (const SummerState *s, int seat)
{
  if (s->n_players == 1)
    return s->result[0].solo_score;
  double best = -G_MAXDOUBLE;
  double mine = 0;
  for (int i = 0; i < s->n_players; i++)
    {
      const SummerSeatResult *r = &s->result[i];
      /* a rollout cut by the guard is scored by its empty squares */
      double v = summer_is_over (s) ? fol_analysis_summer_rank_score (r->full, r->nuts, r->berry, r->empty)
                                    : -(double) summer_empty_squares (s, i);
      if (i == seat)
        mine = v;
      else if (v > best)
        best = v;
    }
  return mine - best;
}

static void
adapter_copy (void *dst, const void *src)
{
  memcpy (dst, src, sizeof (SummerState));
}

static int
adapter_current_seat (const void *state)
{
  return ((const SummerState *) state)->current;
}

static int
adapter_turn_number (const void *state)
{
  return ((const SummerState *) state)->turn + 1;
}

static uint64_t
adapter_hash (const void *state)
{
  return summer_state_hash (state);
}

static bool
adapter_apply_text (void *state, const char *text, void *move, bool *turn_ended, GError **error)
{
  SummerState *s = state;
  SummerMove m;
  SummerMoveInfo info;
  if (!summer_move_parse (s, text, &m, error) || !summer_apply_move (s, &m, &info, error))
    return false;
  if (move)
    memcpy (move, &m, sizeof m);
  *turn_ended = info.turn_ended;
  return true;
}

/* More than one legal move for the seat to move (a turn without a choice
 * is not analysed). */
static bool
adapter_has_choice (const void *state)
{
  SummerMoveList list;
  summer_legal_moves (state, &list);
  bool choice = list.n > 1;
  summer_move_list_clear (&list);
  return choice;
}

static char *
adapter_expert_move (void *state, FolRng *rng, FolAiSearch *search, bool *turn_ended)
{
  SummerState *s = state;
  SummerMove m;
  SummerMoveInfo info;
  if (!summer_ai_choose_full (s, FOL_AI_EXPERT, rng, search, &m))
    return NULL;
  char *text = summer_move_format (s, &m);
  if (!summer_apply_move (s, &m, &info, NULL))
    {
      g_free (text);
      return NULL;
    }
  *turn_ended = info.turn_ended;
  return text;
}

static double
adapter_rollout (const void *state, int seat, uint64_t seed)
{
  SummerState st;
  memcpy (&st, state, sizeof st);
  FolRng rng;
  fol_rng_seed (&rng, seed);
  /* the reserve's order is what no seat saw: drawn anew (nothing in solo) */
  summer_ai_determinize (&st, &rng);
  for (int i = 0; i < ROLLOUT_MAX_MOVES && !summer_is_over (&st); i++)
    {
      FolAiSearch half = { .effort_percent = ROLLOUT_EFFORT_PERCENT };
      SummerMove m;
      if (!summer_ai_choose_full (&st, FOL_AI_HARD, &rng, &half, &m) || !summer_apply_move (&st, &m, NULL, NULL))
        break;
    }
  return summer_analysis_margin (&st, seat);
}

static const FolAnalysisGame summer_game = {
  .kind = "summer",
  .state_size = sizeof (SummerState),
  .move_size = sizeof (SummerMove),
  .copy = adapter_copy,
  .current_seat = adapter_current_seat,
  .turn_number = adapter_turn_number,
  .hash = adapter_hash,
  .apply_text = adapter_apply_text,
  .expert_move = adapter_expert_move,
  .has_choice = adapter_has_choice,
  .rollout = adapter_rollout,
};

const FolAnalysisGame *
summer_analysis_game (void)
{
  return &summer_game;
}

gboolean
summer_analysis_parse_turn (const SummerState *start, const char *const *texts, SummerMove *moves, int max,
                            int *n_moves, SummerState *end, GError **error)
{
  return fol_analysis_parse_turn (&summer_game, start, texts, moves, max, n_moves, end, error);
}

FolGameAnalysis *
summer_analyse_record (const SummerRecord *record, const FolAnalysisRun *run, GError **error)
{
  g_return_val_if_fail (record != NULL && run != NULL, NULL);
  g_autofree SummerState *initial = g_new (SummerState, 1);
  if (!summer_state_new_game (&record->setup, initial, error))
    return NULL;
  return fol_analyse_game (&summer_game, initial, (const char *const *) record->moves->pdata,
                           (int) record->moves->len, run, error);
}
