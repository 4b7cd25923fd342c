/* fol-fall-words.h: Fall in words, translated: token, colour and flower
 * names, the scoring cards explained, the score of a seat line by line,
 * moves for the game log ("Norma took the Fox with a red and green tile"),
 * hints ("Hint: place a Fox on the marked tile."), and the engine's
 * reasons for refusing a move.
 *
 * No GTK: the painter (and so foliage-cli render fall) uses it too. */
#pragma once

#include <glib.h>
#include "fall-state.h"
#include "fall-scoring.h"

G_BEGIN_DECLS

/** Returns: (transfer none): the translated name of token kind @t ("Fox"). */
const char *fol_fall_token_words (FallToken t);

/** Returns: (transfer none): "a Fox", "a Hoopoe", ... translated. */
const char *fol_fall_token_with_article (FallToken t);

/** Returns: (transfer none): the translated name of flower kind @f (1..3). */
const char *fol_fall_flower_words (FallFlower f);

/** Returns: (transfer none): the translated name of colour @c ("red"). */
const char *fol_fall_colour_words (FallColour c);

/**
 * fol_fall_tile_colours_words:
 * Returns: (transfer full): the colours of Leaf tile @tile in words: "red",
 *   "red and green".
 */
char *fol_fall_tile_colours_words (const FallComponents *comps, int tile);

/** Returns: (transfer none): "Flower card", "Fox card", "Bird card" (translated). */
const char *fol_fall_card_kind_words (FallCardKind kind);

/**
 * fol_fall_card_describe:
 * Returns: (transfer full): what @card scores, in the app's own words,
 *   built from the card's numbers ("Each complete Flower: Autumn Crocus
 *   0 VP, Daffodil 3 VP, Cosmos 1 VP").
 */
char *fol_fall_card_describe (const FallCard *card);

/* One line of a score table. */
typedef struct {
  char *label;      /* translated, e.g. "2 groups of 3 Foxes × 4 VP" */
  int vp;
  int part;         /* 0 Flowers, 1 Foxes, 2 Birds, 3 Mushrooms */
} FolFallScoreLine;

/**
 * fol_fall_score_lines:
 * @t: the tally of the ecosystem (fall_tally())
 * @card: (array fixed-size=3): the seat's card indices (FALL_NONE: hidden)
 * Returns: (transfer full) (element-type FolFallScoreLine): every line of
 *   the seat's score in words, in the engine's order (fall_score_seat()):
 *   each Flower kind, each size of Fox group, each Bird rule, the
 *   Mushrooms by layer.  The VP add up to the engine's total.  Free with
 *   g_array_unref() (the labels are freed with it).
 */
GArray *fol_fall_score_lines (const FallComponents *comps, const FallTally *t, const uint8_t card[3], int seat);

/**
 * fol_fall_describe_move:
 * @before: the position before the move (full state or a view)
 * @move: the move, legal in @before
 * @name: the mover's name
 * Returns: (transfer full) (nullable): one translated sentence for the
 *   game log; NULL for an END that puts nothing back in the box.
 */
char *fol_fall_describe_move (const FallState *before, const FallMove *move, const char *name);

/**
 * fol_fall_describe_hint:
 * @before: the position the hint is for: the view of the seat to move
 * @move: the hinted move, legal in @before (the Hard level's, fol_game_hint_async())
 * Returns: (transfer full): the hint as advice to the person to move, in
 *   the words of the game log, translated: which combination to take ("Hint:
 *   take the second combination (the red and green tile with a Fox)."),
 *   that the tile goes to the marked cell (and onto which layer, and
 *   which token stacking puts back in the box), which token goes on the
 *   marked tile, the Mushroom to claim, or which held tokens go back in the
 *   box when the turn ends.  The board shows where (fol_fall_board_set_hint()).
 */
char *fol_fall_describe_hint (const FallState *before, const FallMove *move);

/**
 * fol_fall_describe_tile:
 * Returns: (transfer full): Leaf tile @tile in words, for tooltips and
 *   screen readers: "red and green tile; icons: Fox, Bird; flowers: Daffodil, Cosmos".
 */
char *fol_fall_describe_tile (const FallComponents *comps, int tile);

/**
 * fol_fall_describe_cell:
 * Returns: (transfer full) (nullable): the stack at (@q, @r) in words ("Layer 2:
 *   red tile; icons: Fox. A Fox on it."), or NULL for a cell without tiles.
 */
char *fol_fall_describe_cell (const FallState *s, int q, int r);

/**
 * fol_fall_reason_words:
 * @reason: (nullable): a reason from fall_check_move()
 * Returns: (transfer none): the same reason translated (a capitalised
 *   sentence), or a generic one for an unknown reason.
 */
const char *fol_fall_reason_words (const char *reason);

G_END_DECLS
