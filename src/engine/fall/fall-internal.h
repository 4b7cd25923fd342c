/* fall-internal.h: helpers shared by the Fall engine sources; not public API. */
#pragma once

#include "fall-state.h"

static inline int
fall_hex_opp (int d)
{
  return d >= 3 ? d - 3 : d + 3;
}

/* The top of cell @idx changed (a tile placed on it): add the cells next
 * to a newly occupied one and refresh the neighbours' colour masks. */
void fall_grid_top_changed (FallState *s, int idx);

/* A turn of @seat ended (or, with @seat -1, the ecosystem was replaced):
 * every card's VP change since the last call is added to @seat's
 * turn_gain; card_vp becomes the VP now (fall-scoring.c). */
void fall_state_note_turn (FallState *s, int seat);

/* Starts the next week: reveal 4 tiles and draw 4 tokens (nothing in a view). */
void fall_state_next_week (FallState *s);
