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

/* Positions and moves name cells with |Q|, |R| <= FALL_COORD_MAX (the
 * ecosystem is connected to the starting tile, so no stack lies further
 * than 54 cells away, and the cells next to one still fit an int8_t). */
#define FALL_COORD_MAX 100


/* Reads a decimal integer in its one canonical spelling from @p: "0", or
 * digits not starting with 0, with a '-' before them only when @lo < 0
 * ("-0", "+1", "01", " 1" are refused), in @lo..@hi.  Returns: whether
 * one is there; then *@out is its value and *@end where it stopped. */
gboolean fall_scan_int (const char *p, const char **end, int lo, int hi, int *out);
