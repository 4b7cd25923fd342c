/* fall-ai-private.h: what fall-ai.c and fall-ai-plan.c share; not public. */
#pragma once

#include "fall-ai.h"

/* @spots[k]: the free top tiles (no token, not the starting tile) showing
 * the icon of token kind k, for k below FALL_TOAD; spots[FALL_TOAD] is 0. */
void fall_ai_free_spots (const FallState *s, int spots[FALL_N_TOKEN_KINDS]);

/* Normal's move for @view (the seat to move's own view); for playouts. */
gboolean fall_ai_normal_move (const FallState *view, FolRng *rng, FallMove *out);

/* Hard (@expert FALSE) or Expert on @view; FALSE when no plan was found. */
bool fall_ai_plan_choose (const FallState *view, bool expert, FolRng *rng, FolAiSearch *search, FallMove *out);

/**
 * fall_ai_card_odds:
 * @kind: a FallCardKind
 * @cards: (out caller-allocates): the cards of @kind the opponent of
 *   @view's seat may hold (the five the seat does not hold)
 * @odds: (out caller-allocates): how likely each is (summing to 1), read
 *   from the public record of what the opponent's turns did for each card
 *   (FallState.turn_gain): a card its turns served better is likelier.
 * Returns: the number of cards (5).
 */
int fall_ai_card_odds (const FallState *view, int kind, uint8_t cards[6], double odds[6]);

