/* fol-summer-board.h: the Indian Summer board widget: every Forest Floor
 * (the active player's large, the others small), Player Paths, the Common
 * Path with the Bush and reserve count, the supply, the Animal tiles, and
 * for solo the Top and Bottom Paths and the track.  Draws with the painter
 * (fol-summer-painter.h) and turns pointer and keyboard input into engine
 * moves: it never changes the game itself, it emits ::move-chosen.
 *
 * Placing a Leaf tile (issue 5): pick it from the Player Path (click or
 * drag), rotate (R, mouse wheel), flip (F), move it over the floor with the
 * mouse or the arrow keys; the tile follows the pointer snapped to the grid,
 * green where it fits and red where not; the squares that would get a
 * treasure and the Areas that would complete are shown before the drop;
 * Enter or a click places it; Escape puts it back.  Squirrels (Normal Main
 * Action or Nut) and Animal tiles are placed the same way once armed with
 * fol_summer_board_arm_squirrel() / fol_summer_board_arm_animal(). */
#pragma once

#include <gtk/gtk.h>
#include "summer-state.h"
#include "fol-summer-painter.h"

G_BEGIN_DECLS

#define FOL_TYPE_SUMMER_BOARD (fol_summer_board_get_type ())
G_DECLARE_FINAL_TYPE (FolSummerBoard, fol_summer_board, FOL, SUMMER_BOARD, GtkWidget)

GtkWidget *fol_summer_board_new (void);

/**
 * fol_summer_board_set_state:
 * @state: (nullable): the position to show (copied); NULL shows nothing
 * @viewer: the seat whose Forest Floor is shown large and who may act
 *   (-1: show the seat to move, nobody acts: a computer's turn)
 */
void fol_summer_board_set_state (FolSummerBoard *self, const SummerState *state, int viewer);

/**
 * fol_summer_board_set_last_move:
 * Highlights the squares of @move (played by @seat) until the next call;
 * @move NULL clears it.
 */
void fol_summer_board_set_last_move (FolSummerBoard *self, int seat, const SummerMove *move);

/**
 * fol_summer_board_set_hint:
 * @hint: (nullable): a move of the seat to move, or NULL to clear it
 * Shows a hint on the viewer's Forest Floor until the next call: a Leaf
 * tile or Animal tile translucent at its place and orientation, a Squirrel
 * square marked, each in a dashed outline of the hint colour, and the tile
 * or Animal tile to take ringed.  Other kinds of move draw nothing (the
 * page says them in words).  Drawn only while the viewer may act.
 */
void fol_summer_board_set_hint (FolSummerBoard *self, const SummerMove *hint);

/** Whether legal placements are marked while a tile is held (GSettings "show-legal-placements"). */
void fol_summer_board_set_show_legal (FolSummerBoard *self, gboolean show);

/**
 * fol_summer_board_pick_tile:
 * Takes Leaf tile @tile (one the viewer may place now: from its Player
 * Path, or a claimed Mushroom tile) into the pointer, as a click on it
 * would.  Returns: FALSE when that tile cannot be placed now.
 */
gboolean fol_summer_board_pick_tile (FolSummerBoard *self, int tile);

/** Arms a Squirrel: @kind is SUMMER_MOVE_SQUIRREL (Main Action) or SUMMER_MOVE_NUT. */
void fol_summer_board_arm_squirrel (FolSummerBoard *self, SummerMoveKind kind);
/** Arms an Animal tile of @kind (SummerAnimalKind). */
void fol_summer_board_arm_animal (FolSummerBoard *self, int kind);
/** Drops whatever is held (as Escape). */
void fol_summer_board_cancel (FolSummerBoard *self);

/* The same operations the keys and the pointer do, for tests and the view. */
void fol_summer_board_rotate (FolSummerBoard *self);            /* R / wheel: a quarter turn clockwise */
void fol_summer_board_flip (FolSummerBoard *self);              /* F: mirror left-right */
void fol_summer_board_move_cursor (FolSummerBoard *self, int dx, int dy); /* arrow keys */
void fol_summer_board_set_cursor (FolSummerBoard *self, int square);      /* pointer over a square */
/** Returns: TRUE and emits ::move-chosen when the held piece fits at the cursor (Enter / click). */
gboolean fol_summer_board_drop (FolSummerBoard *self);

/**
 * fol_summer_board_get_held:
 * @move: (out): the move the held piece would make at the cursor
 * Returns: whether something is held; *legal says whether it fits there.
 */
gboolean fol_summer_board_get_held (FolSummerBoard *self, SummerMove *move, gboolean *legal);

/* Added with the widget (issue 5): names, and the pointer and key paths for tests. */
void fol_summer_board_set_names (FolSummerBoard *self, const char *const *names);
int fol_summer_board_get_cursor (FolSummerBoard *self);
const FolSummerLayout *fol_summer_board_get_layout (FolSummerBoard *self);
void fol_summer_board_pointer_press (FolSummerBoard *self, double x, double y);
void fol_summer_board_pointer_motion (FolSummerBoard *self, double x, double y);
gboolean fol_summer_board_pointer_release (FolSummerBoard *self, double x, double y);
gboolean fol_summer_board_key (FolSummerBoard *self, guint keyval, GdkModifierType modifiers);

G_END_DECLS
