/* fol-fall-words.h: Fall in words, translated: token, colour and flower
 * names, the scoring cards explained, the score of a seat line by line,
 * moves for the game log ("Norma took the Fox with a red and green tile"),
 * hints ("Hint: place a Fox on top of the green tile (marked)."), places
 * named by what a player sees (fol_fall_words_place(), never coordinates),
 * and the engine's reasons for refusing a move.
 *
 * No GTK: the painter (and so foliage-cli render fall) uses it too. */
#pragma once

#include <glib.h>
#include "fall-state.h"
#include "fall-scoring.h"

G_BEGIN_DECLS

/** Returns: (transfer none): the translated name of token kind @t ("Fox"). */
const char *fol_fall_token_words (FallToken t);

/**
 * fol_fall_held_count:
 * Returns: how many tokens @seat holds set aside now, a Toad taken this turn
 *   included (rulebook "Fauna and Fungi Tokens": at most 2 stay aside
 *   between turns).
 */
int fol_fall_held_count (const FallState *s, int seat);

/**
 * fol_fall_held_count_words:
 * Returns: (transfer full): the player card's count of @seat's tokens set
 *   aside, short and translated: "2 set aside".
 */
char *fol_fall_held_count_words (const FallState *s, int seat);

/**
 * fol_fall_held_words:
 * @name: the seat's name as the viewer reads it
 * Returns: (transfer full): @seat's tokens set aside in a sentence, for
 *   screen readers: "Norma has 2 tokens set aside: Fox, Hoopoe.", or "Norma
 *   has no tokens set aside."
 */
char *fol_fall_held_words (const FallState *s, int seat, const char *name);

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
 * FolFallPlacements:
 * @n: how many tiles were placed
 * @cell: where each went, in the order they were placed
 * @seat: who placed each
 *
 * Who placed the Leaf tiles of the ecosystem, in the order of the game's
 * PLACE moves: the words name places by the latest tiles ("next to
 * Hazel's last tile").  What anyone at the table saw, so a seat's view may
 * use it.  Plain data: fol_fall_placements_init(), then
 * fol_fall_placements_add() for each move of the game in order.
 */
typedef struct {
  int n;
  FolHex cell[FALL_TILES_PLAYED];
  guint8 seat[FALL_TILES_PLAYED];
} FolFallPlacements;

/** Empties @p (a game before its first move). */
void fol_fall_placements_init (FolFallPlacements *p);

/**
 * fol_fall_placements_add:
 * @before: the position @move is played in
 * @move: the next move of the game (only a PLACE counts)
 */
void fol_fall_placements_add (FolFallPlacements *p, const FallState *before, const FallMove *move);

/**
 * fol_fall_words_place:
 * @s: the position (full state or a view): for a move, the one before it
 * @cell: the cell to name
 * @viewer: the seat the words speak to ("your last tile"), or -1: every
 *   seat by name (the game log)
 * @names: (array fixed-size=2) (nullable): the players' names (NULL:
 *   "Player 1", "Player 2")
 * @placed: (nullable): who placed which tile, up to @s (NULL: not known)
 *
 * The one way the log, the hints and the board's accessible description
 * name a place of the ecosystem (issue 12): by what a player sees, never by
 * coordinates.  A stack is named by its top tile ("on top of the red Fox
 * tile", "on top of Hazel's last tile"; a tile like another one gets the
 * tile next to it: "on top of the green tile next to the starting tile");
 * an empty cell by its neighbouring tiles, the most recently placed first
 * and the starting tile last: "next to the starting tile", "between your
 * last tile and the yellow Toad tile"; a cell with no tile next to it is
 * "away from the ecosystem".  A tile is the last tile of the seat that
 * placed it while that seat has placed no other since.
 * Returns: (transfer full): the place, translated, to follow a verb
 *   ("Norma placed a red tile next to the starting tile").
 */
char *fol_fall_words_place (const FallState *s, FolHex cell, int viewer, const char *const *names,
                            const FolFallPlacements *placed);

/**
 * fol_fall_describe_move:
 * @before: the position before the move (full state or a view)
 * @move: the move, legal in @before
 * @names: (array fixed-size=2) (nullable): the players' names; the mover
 *   is the seat to move of @before
 * @placed: (nullable): who placed which tile before @move (for the place's words)
 * Returns: (transfer full) (nullable): one translated sentence for the
 *   game log, places named by fol_fall_words_place(); NULL for an END that
 *   puts nothing back in the box.  An END that puts back in week 12 the
 *   tokens no later turn can use (fol_fall_game_unusable_held()) says that
 *   they were discarded because the game ends this week.
 */
char *fol_fall_describe_move (const FallState *before, const FallMove *move, const char *const *names,
                              const FolFallPlacements *placed);

/**
 * fol_fall_describe_hint:
 * @before: the position the hint is for: the view of the seat to move
 * @move: the hinted move, legal in @before (the Hard level's, fol_game_hint_async())
 * @names: (array fixed-size=2) (nullable): the players' names
 * @placed: (nullable): who placed which tile (for the place's words)
 * Returns: (transfer full): the hint as advice to the person to move, in
 *   the words of the game log, translated: which combination to take ("Hint:
 *   take the second combination (the red and green tile with a Fox)."),
 *   where the tile goes (fol_fall_words_place(), spoken to the seat to
 *   move: "next to your last tile"; and onto which layer, and which token
 *   stacking puts back in the box), which token goes on which tile, the
 *   Mushroom to claim, or which held tokens go back in the box when the
 *   turn ends.  The board marks the place too (fol_fall_board_set_hint()).
 */
char *fol_fall_describe_hint (const FallState *before, const FallMove *move, const char *const *names,
                              const FolFallPlacements *placed);

/**
 * fol_fall_describe_tile:
 * Returns: (transfer full): Leaf tile @tile in words, for tooltips and
 *   screen readers: "red and green tile; icons: Fox, Bird; flowers: Daffodil, Cosmos".
 */
char *fol_fall_describe_tile (const FallComponents *comps, int tile);

/**
 * fol_fall_describe_cell:
 * Returns: (transfer full) (nullable): the stack at (@q, @r) in words, for
 *   tooltips and screen readers ("Layer 2: red tile; icons: Fox. Token:
 *   Fox."), or NULL for a cell without tiles.
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
