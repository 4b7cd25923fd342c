/* summer-ai.h: the Indian Summer computer players. */
#pragma once

#include "summer-state.h"

typedef enum {
  SUMMER_AI_RANDOM,   /* uniform over the legal moves */
  SUMMER_AI_GREEDY,   /* the best move by a one-turn heuristic (summer_ai_evaluate) */
  SUMMER_N_AI_LEVELS,
} SummerAiLevel;

/** Returns: the level named @name ("random", "greedy"), or -1. */
int summer_ai_level_parse (const char *name);
/** Returns: (transfer none): the name of @level. */
const char *summer_ai_level_name (SummerAiLevel level);

/**
 * summer_ai_choose:
 * @rng: the AI's own generator (ties and random choices); not the game's
 * @move: (out): a legal move for the seat to move
 * Returns: FALSE only when the game is over (no move exists).
 */
bool summer_ai_choose (const SummerState *state, SummerAiLevel level, FolRng *rng, SummerMove *move);

/* Asked now and then during a search: TRUE stops it (a time budget, a
 * cancelled search).  The engine itself knows no clock. */
typedef bool (*SummerAiStop) (void *data);

/**
 * summer_ai_choose_full:
 * @stop: (nullable): checked between candidate moves; when it returns TRUE
 *   the best move found so far is returned (at least one is always scored)
 * As summer_ai_choose().
 */
bool summer_ai_choose_full (const SummerState *state, SummerAiLevel level, FolRng *rng,
                            SummerAiStop stop, void *stop_data, SummerMove *move);

/**
 * summer_ai_evaluate:
 * The greedy player's view of @seat's position, higher is better: squares
 * covered, treasures held and waiting on Holes, completed Areas, and how
 * fillable the empty regions stay (small pockets that only Squirrels can
 * fill cost points).  Units: tenths of a square.
 */
int summer_ai_evaluate (const SummerState *state, int seat);
