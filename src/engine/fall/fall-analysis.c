/* fall-analysis.c: Fall's part of the analysis of a game (fall-analysis.h,
 * analysis.h).  The rollouts draw the hidden parts with the computer
 * players' own determinization (fall_ai_determinize()), so the analysis
 * samples what a seat cannot see exactly as Hard and Expert do. */
#include "fall-analysis.h"
#include "fall-ai.h"
#include "fall-ai.h"
#include "fall-notation.h"
#include "fall-scoring.h"
#include "datafile.h"

#include <string.h>

/* A rollout that has not ended after this many moves is scored where it
 * stands (a guard: a game has about 180 moves). */
#define ROLLOUT_MAX_MOVES 2000

static void
adapter_copy (void *dst, const void *src)
{
  fall_state_copy (dst, src);
}

static int
adapter_current_seat (const void *state)
{
  return fall_state_current_seat (state);
}

static int
adapter_turn_number (const void *state)
{
  const FallState *s = state;
  return (s->week - 1) * 3 + s->turn + 1;
}

/* Plays @m, or sets @error (FOL_DATA_ERROR_INVALID) with the rule. */
static bool
apply_checked (FallState *s, const FallMove *m, GError **error)
{
  const char *reason = NULL;
  if (fall_apply (s, m, &reason))
    return true;
  char buf[64];
  g_set_error (error, FOL_DATA_ERROR, FOL_DATA_ERROR_INVALID, "'%s': %s", fall_move_format (s, m, buf, sizeof buf),
               reason ? reason : "illegal move");
  return false;
}

static uint64_t
adapter_hash (const void *state)
{
  return fall_state_hash (state);
}

static bool
adapter_apply_text (void *state, const char *text, void *move, bool *turn_ended, GError **error)
{
  FallState *s = state;
  FallMove m;
  if (!fall_move_parse (s->comps, text, &m, error) || !apply_checked (s, &m, error))
    return false;
  if (move)
    memcpy (move, &m, sizeof m);
  *turn_ended = m.kind == FALL_MOVE_END;
  return true;
}

/* More than one legal move for the seat to move (a turn without a choice
 * is not analysed). */
static bool
adapter_has_choice (const void *state)
{
  g_autofree FallMoveList *list = g_new (FallMoveList, 1);
  return fall_legal_moves (state, list) > 1;
}

static char *
adapter_expert_move (void *state, FolRng *rng, FolAiSearch *search, bool *turn_ended)
{
  FallState *s = state;
  g_autofree FallState *view = g_new (FallState, 1);
  fall_state_view (s, fall_state_current_seat (s), view);
  FallMove m;
  if (!fall_ai_choose_full (view, FOL_AI_EXPERT, rng, search, &m) || !fall_apply (s, &m, NULL))
    return NULL;
  *turn_ended = m.kind == FALL_MOVE_END;
  char buf[64];
  return g_strdup (fall_move_format (s, &m, buf, sizeof buf));
}

static double
adapter_rollout (const void *state, int seat, uint64_t seed)
{
  g_autofree FallState *view = g_new (FallState, 1);
  g_autofree FallState *full = g_new (FallState, 1);
  FolRng rng;
  fol_rng_seed (&rng, seed);
  /* what @seat cannot see, drawn anew: the same draw for every position
   * that shows the seat the same (the rollouts' common random numbers) */
  fall_state_view (state, seat, view);
  fall_ai_determinize (view, &rng, full);
  for (int i = 0; i < ROLLOUT_MAX_MOVES && !fall_state_is_over (full); i++)
    {
      FallMove m;
      fall_state_view (full, fall_state_current_seat (full), view);
      if (!fall_ai_choose (view, FOL_AI_NORMAL, &rng, &m) || !fall_apply (full, &m, NULL))
        break;
    }
  FallScore sc[2];
  fall_result (full, sc);
  return sc[seat].total - sc[1 - seat].total;
}

static const FolAnalysisGame fall_game = {
  .kind = "fall",
  .state_size = sizeof (FallState),
  .move_size = sizeof (FallMove),
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
fall_analysis_game (void)
{
  return &fall_game;
}

gboolean
fall_analysis_parse_turn (const FallState *start, const char *const *texts, FallMove *moves, int max, int *n_moves,
                          FallState *end, GError **error)
{
  return fol_analysis_parse_turn (&fall_game, start, texts, moves, max, n_moves, end, error);
}

FolGameAnalysis *
fall_analyse_record (const char *record, const FolAnalysisRun *run, GError **error)
{
  g_return_val_if_fail (record != NULL && run != NULL, NULL);
  const FallComponents *comps = fall_components_get (error);
  if (!comps)
    return NULL;
  g_autofree FallState *state = g_new (FallState, 1);
  g_autoptr (GArray) moves = NULL;
  /* the whole record replayed (and its hash checked) before the analysis */
  if (!fall_replay (comps, record, state, &moves, error))
    return NULL;
  uint64_t seed = 0;
  FallOptions opts;
  if (!fall_record_parse (comps, record, &seed, &opts, NULL, NULL, NULL, error))
    return NULL;
  fall_state_init (state, comps, seed, &opts);
  g_autoptr (GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < moves->len; i++)
    {
      char buf[64];
      const FallMove *m = &g_array_index (moves, FallMove, i);
      g_ptr_array_add (texts, g_strdup (fall_move_format (state, m, buf, sizeof buf)));
    }
  return fol_analyse_game (&fall_game, state, (const char *const *) texts->pdata, (int) texts->len, run, error);
}
