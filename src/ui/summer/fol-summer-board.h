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
 *   when it is its turn (-1: show the seat to move, nobody acts)
 *
 * The seat to move (@state's current seat) is the acting seat: its card is
 * outlined and glows where it is drawn, so a page that keeps the person's
 * Forest Floor large during a computer's turn (@viewer = the person's seat)
 * shows whose turn it is on that seat's small floor, and the computer's
 * placements fly there (issue 11).  Setting the same position again
 * changes nothing (a motion under way goes on).
 */
void fol_summer_board_set_state (FolSummerBoard *self, const SummerState *state, int viewer);

/**
 * fol_summer_board_set_last_move:
 * Highlights the squares of @move (played by @seat) until the next call;
 * @move NULL clears it (and the last move's text, see
 * fol_summer_board_set_last_move_text()).
 *
 * Motion (issue 11): when @move is new and leads from one position to the
 * next, either the position shown (then the next
 * fol_summer_board_set_state() brings its result) or the one before it (the
 * result is shown), its pieces move into place in about 200 ms: a Leaf
 * tile flies from its Path slot (a Mushroom's taken tile visibly leaves the
 * opponent's Player Path or the Common Path) onto the floor, a Squirrel or
 * Animal tile from the supply; Paths that changed close up.  No motion
 * while GtkSettings:gtk-enable-animations is FALSE or after
 * fol_summer_board_set_animate (FALSE): the final picture at once.  The
 * motion only draws: the held move, the legal moves and ::move-chosen do
 * not wait for it.
 */
void fol_summer_board_set_last_move (FolSummerBoard *self, int seat, const SummerMove *move);

/**
 * fol_summer_board_get_last_move:
 * @seat: (out) (optional): who played the last move shown, or -1
 * @move: (out) (optional): that move (zeroed when none)
 * Returns: whether a last move is outlined (fol_summer_board_set_last_move()).
 */
gboolean fol_summer_board_get_last_move (FolSummerBoard *self, int *seat, SummerMove *move);

/**
 * fol_summer_board_set_last_move_text:
 * @text: (nullable): the game log's line of the last move ("Hazel placed a
 *   red tile and completed Area 4")
 * Says what the last move did in the board's accessible description.
 */
void fol_summer_board_set_last_move_text (FolSummerBoard *self, const char *text);

/** Whether moves are animated (default TRUE; still only while gtk-enable-animations is TRUE). */
void fol_summer_board_set_animate (FolSummerBoard *self, gboolean animate);

/**
 * fol_summer_board_get_animating:
 * @progress: (out) (optional): the motion's progress 0..1 (1 when none)
 * Returns: whether pieces of the last move are moving now.
 */
gboolean fol_summer_board_get_animating (FolSummerBoard *self, double *progress);

/**
 * fol_summer_board_get_description:
 * The board is a GtkAccessible (role group, label "Forest Floor") whose
 * description says what matters now (issue 11): whose turn it is, the
 * piece in hand (colour, id, shape, how it is turned), where it is (its
 * anchor square as in the notation, "c4", the squares it covers) and
 * whether it fits there, or the keyboard cursor's square; and what the last
 * move did.  It is kept up to date with gtk_accessible_update_property().
 * Returns: (transfer none) (nullable): that description, for tests.
 */
const char *fol_summer_board_get_description (FolSummerBoard *self);

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
 * would.  Returns: FALSE when that tile cannot be placed now (then
 * FolSummerBoard::tile-refused tells it, when the viewer may act).
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
/* arrow keys: with a piece held the cursor stays where the whole piece lies on the floor, so every
 * arrow moves it by a square or, at that edge, keeps it there (also after a turn or flip, issue 11) */
void fol_summer_board_move_cursor (FolSummerBoard *self, int dx, int dy);
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
/**
 * fol_summer_board_get_cursor_shown:
 * The keyboard cursor (a square outlined on the Forest Floor while nothing
 * is held) shows only once the board's keys are used (fol_summer_board_key():
 * an arrow, a digit, Enter...), and goes away when the pointer moves or
 * clicks on the board (issue 11).
 * Returns: whether it is drawn now (the board must also have the focus).
 */
gboolean fol_summer_board_get_cursor_shown (FolSummerBoard *self);
const FolSummerLayout *fol_summer_board_get_layout (FolSummerBoard *self);
void fol_summer_board_pointer_press (FolSummerBoard *self, double x, double y);
void fol_summer_board_pointer_motion (FolSummerBoard *self, double x, double y);
gboolean fol_summer_board_pointer_release (FolSummerBoard *self, double x, double y);
gboolean fol_summer_board_key (FolSummerBoard *self, guint keyval, GdkModifierType modifiers);

/**
 * fol_summer_board_get_state:
 * Returns: (transfer none) (nullable): the position shown (the board's copy
 *   of the one last given to fol_summer_board_set_state()), or NULL.
 */
const SummerState *fol_summer_board_get_state (FolSummerBoard *self);

/**
 * fol_summer_board_set_hint_turn:
 * @moves: (array length=n_moves) (nullable): a whole turn, in order, legal
 *   from the position shown (a replay's Expert turn)
 * Draws the turn as a hint: its first Leaf tile (else its first piece) as
 * fol_summer_board_set_hint() does, ringed where it is taken, and every
 * other piece it places (a Squirrel, an Animal tile, a second tile) the
 * same way on the floor, up to FOL_SUMMER_MAX_MORE_HINTS of them.
 * An empty turn, or one that places nothing, takes the hint away.
 */
void fol_summer_board_set_hint_turn (FolSummerBoard *self, const SummerMove *moves, int n_moves);

/**
 * fol_summer_board_set_read_only:
 * @read_only: TRUE: the board takes no pointer or key input and draws no
 *   sign of it (no glow on the tiles to take, no key badges); a hint is
 *   still drawn.  The replay's board.
 */
void fol_summer_board_set_read_only (FolSummerBoard *self, gboolean read_only);

G_END_DECLS
