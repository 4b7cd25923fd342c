/* fol-fall-board.h: the Fall board widget: the offer, the Season board, the
 * ecosystem, the players' markers and set-aside tokens and the viewer's
 * scoring cards, drawn by the painter (fol-fall-painter.h).  It turns
 * pointer and keyboard input into engine moves but never changes the game:
 * it emits ::move-chosen with a FallMove that fall_check_move() accepts on
 * the state it shows (the view of the acting seat).
 *
 * Input (issue 6):
 * - drag the ecosystem to pan, the wheel or a pinch to zoom (with a tile
 *   in the pointer the wheel rotates it; Ctrl+wheel zooms), "fit to view";
 *   the view re-fits itself (gliding, with room for a ring of cells more)
 *   only when the ecosystem and the cells next to it no longer fit inside
 *   it with a small margin, never once the person pans or zooms; "fit to
 *   view" (0 or Home) brings the re-fitting back (issue 11);
 * - click a combination of the offer to take it; its tile then follows the
 *   pointer over the cells, R (Shift+R back) or the wheel rotates it, the
 *   cells where it fits are marked and the tile shows the rule that allows
 *   it and the token stacking would put back in the box; click or Enter
 *   places it, Escape lets go of it, Tab switches between two tiles taken;
 * - click a set-aside token to select it, then a marked tile to place it;
 *   click an unclaimed Mushroom to claim it;
 * - arrows move the keyboard cursor between cells, and the view follows
 *   the cursor past any edge; T picks a set-aside token (Enter places it);
 *   + and - zoom, 0 or Home fits.
 *
 * Motion (issue 11): a new tile, token or marker, the person's or the
 * computer's, falls and fades into place in about 200 ms when a new state
 * is set (the difference from the state shown before); none with
 * GtkSettings:gtk-enable-animations off.  It changes only the picture:
 * the cursor, the ghost and its legality are those of the final state.
 *
 * Screen readers: the board is named "Ecosystem" and keeps its accessible
 * description to what matters now: whose turn, the tile or token in hand,
 * where the cursor is (named as the log names places, by the tiles around
 * it: fol_fall_board_set_placements()) and whether it fits there (the rule
 * check's reason when not), and the last move
 * (fol_fall_board_set_last_move_text()). */
#pragma once

#include <gtk/gtk.h>
#include "fall-state.h"
#include "fol-fall-painter.h"
#include "fol-fall-words.h"

G_BEGIN_DECLS

#define FOL_TYPE_FALL_BOARD (fol_fall_board_get_type ())
G_DECLARE_FINAL_TYPE (FolFallBoard, fol_fall_board, FOL, FALL_BOARD, GtkWidget)

/** Returns: (transfer floating): a new, empty board. */
GtkWidget *fol_fall_board_new (void);

/**
 * fol_fall_board_set_state:
 * @state: (nullable): the position to show (copied): the view of @viewer
 * @viewer: whose cards are drawn, or -1 (none)
 * @acting: the seat that may act now (must be the seat to move of @state
 *   and @viewer), or -1: nobody acts (a computer's turn, a hidden screen,
 *   the end)
 * Fits the view the first time; after that re-fits it (gliding, with room
 * to grow: fol_fall_transform_fit_room()) only when the ecosystem and the
 * cells next to it no longer fit inside the view with a small margin, and
 * never once the person has panned or zoomed since the last fit.  What changed in the ecosystem since
 * the state set before moves into place (see "Motion" above).
 */
void fol_fall_board_set_state (FolFallBoard *self, const FallState *state, int viewer, int acting);

/** Returns: (transfer none) (nullable): the position shown. */
const FallState *fol_fall_board_get_state (FolFallBoard *self);

/** Sets the two players' names drawn on the board. */
void fol_fall_board_set_names (FolFallBoard *self, const char *name0, const char *name1);

/** Outlines @n cells (at most 8) as the last move(s); @n 0 clears. */
void fol_fall_board_set_last_cells (FolFallBoard *self, const FolHex *cells, int n);

/**
 * fol_fall_board_set_last_move_text:
 * @text: (nullable): the game log's line of the latest move (translated,
 *   fol_fall_describe_move()), or NULL for none
 * The accessible description says it as what the last move did.
 */
void fol_fall_board_set_last_move_text (FolFallBoard *self, const char *text);

/**
 * fol_fall_board_set_placements:
 * @placed: (nullable): who placed which tile of the game, in order (copied;
 *   NULL: not known)
 * The places the accessible description names are named by these tiles,
 * as the game log names them (fol_fall_words_place()).
 */
void fol_fall_board_set_placements (FolFallBoard *self, const FolFallPlacements *placed);

/**
 * fol_fall_board_get_description:
 * Returns: (transfer none): the accessible description now (the
 *   GTK_ACCESSIBLE_PROPERTY_DESCRIPTION the board keeps up to date), for tests.
 */
const char *fol_fall_board_get_description (FolFallBoard *self);

/**
 * fol_fall_board_describe_keys:
 * Returns: (transfer full): the keys that do something now, in words
 *   (translated), and only those: 1 to 4 while a combination is to be
 *   taken, R and the arrows only with a tile in the pointer, T only with a
 *   set-aside token that may be placed this week; the end of the accessible
 *   description, and the page's line under its buttons.
 */
char *fol_fall_board_describe_keys (FolFallBoard *self);

/**
 * fol_fall_board_get_last_cells:
 * @n: (out): how many cells are outlined as the last move(s)
 * Returns: (transfer none) (array length=n): the cells outlined
 *   (fol_fall_board_set_last_cells()).
 */
const FolHex *fol_fall_board_get_last_cells (FolFallBoard *self, int *n);

/**
 * fol_fall_board_get_motion:
 * Returns: how far the slowest motion under way has come, 0..1 (the
 *   pieces coming into place and a re-fit of the view); 1 when nothing moves.
 */
double fol_fall_board_get_motion (FolFallBoard *self);

/**
 * fol_fall_board_set_hint:
 * @hint: (nullable): a move of the acting seat (legal on the state shown),
 *   or NULL to clear it
 * Shows a hint until the next call (FolFallHighlights.has_hint): the
 * combination to take ringed in the offer, the tile to place translucent at
 * its cell and rotation, the token on its tile or the Mushroom to claim,
 * each in a dashed violet outline, and what it uses ringed in the seat's
 * panel.  It is drawn only while the acting seat may act.  For a move on
 * a cell the pointer also takes what the move places (the tile, turned as
 * the hint turns it, or the token; nothing for a claim) and the cursor goes
 * to that cell, so that Enter plays the hinted move.
 */
void fol_fall_board_set_hint (FolFallBoard *self, const FallMove *hint);

/** Returns: whether a hint is shown, and then the move in @hint (optional). */
gboolean fol_fall_board_get_hint (FolFallBoard *self, FallMove *hint);

/** Whether the cells where a held tile fits are marked (GSettings "show-legal-placements"). */
void fol_fall_board_set_show_legal (FolFallBoard *self, gboolean show);

/**
 * fol_fall_board_fit:
 * Fits the view to the ecosystem at once ("fit to view", keys 0 and Home)
 * and lets the board re-fit it again as the ecosystem grows.
 */
void fol_fall_board_fit (FolFallBoard *self);

/** Returns: whether the board re-fits the view by itself: FALSE once the person panned or zoomed, until the next fit. */
gboolean fol_fall_board_get_auto_fit (FolFallBoard *self);

/** Zooms by @factor about the centre of the ecosystem (keys + and -); the board stops re-fitting by itself. */
void fol_fall_board_zoom (FolFallBoard *self, double factor);

/** Pans the ecosystem by (@dx, @dy) pixels (a drag); the board stops re-fitting by itself. */
void fol_fall_board_pan (FolFallBoard *self, double dx, double dy);

/** Returns: (transfer none): the current view transform (for tests). */
const FolFallTransform *fol_fall_board_get_transform (FolFallBoard *self);

/** Returns: (transfer none): the layout of the current size (for tests). */
const FolFallLayout *fol_fall_board_get_layout (FolFallBoard *self);

/* ---- the operations that the pointer and the keys do ---- */

/**
 * fol_fall_board_take:
 * Takes the combination in offer slot @slot (a click on it): emits
 * ::move-chosen with a TAKE.  Returns: FALSE when that is not legal now.
 */
gboolean fol_fall_board_take (FolFallBoard *self, int slot);

/**
 * fol_fall_board_pick_tile:
 * Takes tile @tile of the hand into the pointer.  Returns: FALSE when the
 *   acting seat does not have it in hand.
 */
gboolean fol_fall_board_pick_tile (FolFallBoard *self, int tile);

/** Returns: the tile in the pointer, or -1. */
int fol_fall_board_get_held_tile (FolFallBoard *self);

/** Switches the pointer to the other tile in hand (Tab). */
void fol_fall_board_next_tile (FolFallBoard *self);

/**
 * fol_fall_board_select_token:
 * Selects a held token of kind @token (a click on it) to place it: the
 * tiles that may take it are marked.  -1 clears.  Returns: FALSE when the
 * acting seat holds no such token.
 */
gboolean fol_fall_board_select_token (FolFallBoard *self, int token);

/** Returns: the selected token kind, or -1. */
int fol_fall_board_get_selected_token (FolFallBoard *self);

/** Rotates the tile in the pointer @steps clockwise (R: 1, Shift+R: -1, the wheel). */
void fol_fall_board_rotate (FolFallBoard *self, int steps);

/** Puts the keyboard cursor (and the tile in the pointer) on @cell (the pointer moving over a cell). */
void fol_fall_board_set_cursor (FolFallBoard *self, FolHex cell);

/** Returns: FALSE when there is no cursor; else the cursor cell in @cell. */
gboolean fol_fall_board_get_cursor (FolFallBoard *self, FolHex *cell);

/** Moves the cursor to the neighbour across @edge (0..5; arrow keys). */
void fol_fall_board_move_cursor (FolFallBoard *self, int edge);

/**
 * fol_fall_board_activate:
 * Enter, or a click on the cursor cell: places the tile in the pointer, or
 * the selected token, or claims the unclaimed Mushroom there.
 * Returns: TRUE when a move was emitted; FALSE (and ::refused with the
 *   reason) when not.
 */
gboolean fol_fall_board_activate (FolFallBoard *self);

/** Lets go of the tile or token in the pointer (Escape). */
void fol_fall_board_cancel (FolFallBoard *self);

/**
 * fol_fall_board_get_ghost:
 * @move: (out): the PLACE the tile in the pointer would make at the cursor
 * @legal: (out) (optional): whether fall_check_move() accepts it
 * @rule: (out) (optional): 1 or 2, the rule that allows it (0 when not)
 * @discards: (out) (optional): the token stacking would put back in the box, or -1
 * Returns: whether a tile is in the pointer over a cell.
 */
gboolean fol_fall_board_get_ghost (FolFallBoard *self, FallMove *move, gboolean *legal, int *rule, int *discards);

/**
 * fol_fall_board_end_turn:
 * @discard: (array fixed-size=4): held Mushrooms, Foxes, Hoopoes, Robins to
 *   put back in the box
 * Emits ::move-chosen with the END move.  Returns: FALSE (and ::refused)
 *   when it is not legal.
 */
gboolean fol_fall_board_end_turn (FolFallBoard *self, const guint8 discard[4]);

/**
 * fol_fall_board_discard_tile:
 * Emits the DISCARD_TILE of @tile in hand when it fits nowhere.
 */
gboolean fol_fall_board_discard_tile (FolFallBoard *self, int tile);

/* ---- pointer and keys, as the event controllers deliver them (for tests) ---- */

/**
 * fol_fall_board_click:
 * A click (press and release without a drag) at (@x, @y) in the widget's
 * coordinates: takes an offer slot, picks a tile of the hand, selects a
 * set-aside token, or acts on the cell there (places the tile or token in
 * the pointer, claims a Mushroom).
 */
void fol_fall_board_click (FolFallBoard *self, double x, double y);

/** The pointer moving to (@x, @y): the tile or token in the pointer follows it over the cells. */
void fol_fall_board_hover (FolFallBoard *self, double x, double y);

/**
 * fol_fall_board_key:
 * A key press as the key controller gets it.
 * Returns: whether the board handled it.
 */
gboolean fol_fall_board_key (FolFallBoard *self, guint keyval, GdkModifierType state);

G_END_DECLS
