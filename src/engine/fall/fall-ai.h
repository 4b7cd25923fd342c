/* fall-ai.h: the computer players of Fall.  They decide from a seat's view
 * (fall_state_view()) only, never from the full state: the function that
 * chooses takes the view, so the opponent's cards, the bag and the stacks
 * cannot be reached.
 *
 * Levels (ai-level.h): Easy, Normal, Hard, Expert for people; random and
 * greedy as baselines for foliage-cli.  docs/computer-players.md says how
 * each works and how strong it is. */
#pragma once

#include "ai-level.h"
#include "fall-state.h"

typedef FolAiLevel FallAiLevel;

/**
 * fall_ai_choose:
 * @view: the view of the seat to move (fall_state_view() with that seat)
 * @level: the computer player (ai-level.h)
 * @rng: the player's own generator (random choices, ties, samples of the
 *   hidden parts); it is not the game's, so hidden information cannot leak
 *   through it
 * @out: (out caller-allocates): a legal move for @view
 * Returns: FALSE when the game is over (no move), or (with a critical
 *   warning) when @view is not the view of the seat to move.
 *
 * greedy (one turn, from the view): a combination is valued by the best
 * placement of its tile plus the value of its token; a tile goes where the
 * change of its own score (Flowers completed with its Flower card, tokens
 * lost by stacking) plus a small bonus for Flowers left one segment short is
 * highest; a token or Mushroom claim is played when it raises its own score
 * by more than keeping the token aside is worth; held tokens beyond 2 are
 * dropped by usefulness.  Normal is the greedy that places a token it would
 * otherwise have to box when that costs it nothing; Easy is Normal with
 * slips; Hard and Expert: fall-ai-plan.c.
 */
gboolean fall_ai_choose (const FallState *view, FallAiLevel level, FolRng *rng, FallMove *out);

/**
 * fall_ai_choose_full:
 * @search: (nullable) (inout): time cap and effort in, what the search did out
 * As fall_ai_choose().  The move depends only on @view, @level, the effort
 * and @rng's state, unless @search's stop cut the search (@search->capped).
 */
gboolean fall_ai_choose_full (const FallState *view, FallAiLevel level, FolRng *rng, FolAiSearch *search,
                              FallMove *out);

/**
 * fall_ai_determinize:
 * @view: a seat's view
 * @full: (out caller-allocates): a full state that @view's seat cannot tell
 *   from the real one: the opponent's cards drawn from the cards of each
 *   kind that the seat does not hold, with the odds of
 *   fall_ai_card_odds(), the face-down stacks and the bag
 *   filled with the tiles and tokens not seen anywhere, in an order drawn
 *   from @rng.  The computer players search such states, and the analysis
 *   draws its rollouts' hidden parts with it (fall-analysis.c), so both
 *   see only what the seat could see at the table.
 */
void fall_ai_determinize (const FallState *view, FolRng *rng, FallState *full);
