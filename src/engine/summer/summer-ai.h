/* summer-ai.h: the Indian Summer computer players.
 *
 * Four levels for people (ai-level.h: Easy, Normal, Hard, Expert) and two
 * baselines for foliage-cli (random, greedy).  How each works and how
 * strong it is: docs/computer-players.md.
 *
 * No level reads what its seat could not see at the table: in a game of
 * 2-4 players the order of the reserve (the face-down Leaf tiles that refill
 * the Common Path) is hidden, so every search first replaces it by an order
 * drawn from the AI's own generator (summer_ai_determinize()).  Solo is a
 * game of perfect information: every tile of the deal lies open.
 */
#pragma once

#include "ai-level.h"
#include "summer-state.h"

typedef FolAiLevel SummerAiLevel;

/**
 * summer_ai_choose:
 * @rng: the AI's own generator (ties, noise, samples); not the game's
 * @move: (out): a legal move for the seat to move
 * Returns: FALSE only when the game is over (no move exists).
 */
bool summer_ai_choose (const SummerState *state, SummerAiLevel level, FolRng *rng, SummerMove *move);

/**
 * summer_ai_choose_full:
 * @search: (nullable) (inout): the time cap and effort scale in, what the
 *   search did out (see FolAiSearch)
 * As summer_ai_choose().  The move depends only on @state (less the
 * reserve's order), @level, the effort and @rng's state, unless @search's
 * stop cut the search (then @search->capped is TRUE).
 */
bool summer_ai_choose_full (const SummerState *state, SummerAiLevel level, FolRng *rng,
                            FolAiSearch *search, SummerMove *move);

/**
 * summer_ai_determinize:
 * @state: (inout): a copy of the real state
 * Puts the reserve in sorted order and then shuffles it with @rng, so that
 * nothing of its real (hidden) order stays; the set of tiles in it is public
 * (every tile not seen elsewhere).  Does nothing in solo.
 */
void summer_ai_determinize (SummerState *state, FolRng *rng);

/**
 * summer_ai_evaluate:
 * The greedy player's view of @seat's position, higher is better: squares
 * covered, treasures held and waiting on Holes, completed Areas, and how
 * fillable the empty regions stay (small pockets that only Squirrels can
 * fill cost points).  Units: tenths of a square.
 */
int summer_ai_evaluate (const SummerState *state, int seat);
