/* fall-ai.h: the computer players of Fall.  They decide from a seat's view
 * (fall_state_view()) only, never from the full state. */
#pragma once

#include "fall-state.h"

typedef enum {
  FALL_AI_RANDOM,      /* uniform over the legal moves */
  FALL_AI_GREEDY,      /* the best move over one turn by the change of its own expected score */
  FALL_N_AI_LEVELS,
} FallAiLevel;

/** Returns: the level named @name ("random", "greedy"), or -1. */
int fall_ai_level_from_name (const char *name);
/** Returns: (transfer none): the name of @level. */
const char *fall_ai_level_name (FallAiLevel level);

/**
 * fall_ai_choose:
 * @view: the view of the seat to move (fall_state_view() with that seat)
 * @level: the computer player
 * @rng: the player's own generator (for the random player and for breaking
 *   ties); it is not the game's, so hidden information cannot leak through it
 * @out: (out caller-allocates): a legal move for @view
 * Returns: FALSE when the game is over (no move), or (with a critical
 *   warning) when @view is not the view of the seat to move.
 *
 * Greedy (one turn, from the view): a combination is valued by the best
 * placement of its tile plus the value of its token; a tile goes where the
 * change of its own score (Flowers completed with its Flower card, tokens
 * lost by stacking) plus a small bonus for Flowers left one segment short is
 * highest; a token or Mushroom claim is played when it raises its own score
 * by more than keeping the token aside is worth; held tokens beyond 2 are
 * dropped by usefulness.
 */
gboolean fall_ai_choose (const FallState *view, FallAiLevel level, FolRng *rng, FallMove *out);
