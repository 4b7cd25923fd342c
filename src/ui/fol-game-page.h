/* fol-game-page.h: what the page of a game in the window is, whichever game
 * it is (FolSummerPage and FolFallPage derive from it, adding only their
 * board and actions): the board beside a side panel of a stable width (the
 * turn's title, what to do now, the game's own actions, the game log), a
 * turn bar under the board (the computer's thinking, Undo, Hint, End Turn),
 * computer turns played out move by move in a worker thread (FolThinking)
 * at a pace a person can follow (fol_game_page_set_animation_delay()), the
 * log in words, toasts, the hint (H), and the keys of a turn: Ctrl+Z,
 * Ctrl+Enter, H, F9.
 *
 * The page learns what each move did from the model (FolGame::move-applied
 * and fol_game_replay()), never by playing it again.
 *
 * Layout (data/ui/fol-game-page.ui): below the width where the board would
 * get less than it needs beside the panel (FOL_GAME_PAGE_PANEL_WIDTH):
 * FOL_GAME_PAGE_BOARD_MIN_WIDTH pixels, or what the subclass's
 * board_min_width() says for the board's height (fol-fold.h), the panel
 * folds into a sidebar over the board, opened with the turn bar's toggle
 * or F9; the turn bar stays.  What
 * comes and goes in the panel (a Mushroom's buttons, the end table) never
 * changes its width, so the board never moves.
 *
 * A subclass's template puts its board and its part of the panel in place
 * with <child type="board"> and <child type="panel"> (GtkBuildable), and
 * may give a screen to show in the board's place: <child type="board-cover">
 * (fol_game_page_set_board_covered()). */
#pragma once

#include <adwaita.h>
#include "fol-game.h"
#include "fol-thinking.h"

G_BEGIN_DECLS

/* The side panel's width, in pixels, whatever it shows. */
#define FOL_GAME_PAGE_PANEL_WIDTH 340
/* The narrowest board beside the panel; a narrower page folds the panel away. */
#define FOL_GAME_PAGE_BOARD_MIN_WIDTH 620
/* How long a move's motion on the board lasts, in milliseconds (the boards'
 * "about 200 ms", issue 11): the computer's pace counts it in. */
#define FOL_GAME_PAGE_MOTION_MS 200
/* The computer's paces, in milliseconds a move (the "animation-speed"
 * preference's choices; docs/computer-players.md, "Pace"). */
#define FOL_GAME_PAGE_PACE_SLOW 1500
#define FOL_GAME_PAGE_PACE_NORMAL 900
#define FOL_GAME_PAGE_PACE_FAST 350
#define FOL_GAME_PAGE_PACE_INSTANT 0

#define FOL_TYPE_GAME_PAGE (fol_game_page_get_type ())
G_DECLARE_DERIVABLE_TYPE (FolGamePage, fol_game_page, FOL, GAME_PAGE, GtkWidget)

/**
 * FolGamePageClass:
 * @shortcuts_view: the view of the keyboard shortcuts window that lists
 *   this game's keys ("summer", "fall": the GtkShortcutsGroup:view of
 *   data/ui/help-overlay.ui)
 * @refresh: brings the board, the game's actions and labels up to date
 *   with the game (the base then updates Undo, Hint, the help line and the
 *   computer's turn)
 * @describe_move: appends to @lines (char *, freed by the base) the lines
 *   the game log gets for one move, maybe none, from the model's report alone
 * @describe_start: (transfer full) (nullable): a line for the log before
 *   any move (Fall: "— Week 1 —")
 * @move_applied: a move was played and logged: the last move's highlight,
 *   toasts about it
 * @undone: a move was taken back (the log is rebuilt after)
 * @may_act: whether the person of @seat, whose turn it is, may act on the
 *   page shown now (Fall: not behind the pass-the-device screen); NULL: yes
 * @automatic_move: (transfer full) (nullable): while
 *   fol_game_page_set_auto_playing() is on, the next move to play for the
 *   person without a search (Indian Summer's auto-finish), or NULL when done
 * @show_hint: shows the hinted @move (the engine's notation) on the board
 *   and buttons; Returns: (transfer full): the hint in words, or NULL with
 *   @error when it cannot be shown (not legal there)
 * @clear_hint: takes the hint off the board and buttons
 * @get_help: the line under the title for the person who may act (@acting
 *   a seat) or while nobody may (-1); never NULL
 * @confirm_end_turn: whether End Turn asks "End your turn?" first when the
 *   "confirm-end-turn" preference is on; NULL: always
 * @end_turn: ends the turn of the person acting (End Turn, Ctrl+Enter)
 * @get_focus_target: the widget the keys go to (the board, or what stands
 *   in its place); NULL: the board
 * @wants_panel: whether the person acting needs the side panel now: a
 *   choice that only its buttons make (Fall: discarding a tile that fits
 *   nowhere; Indian Summer: the solo refill, the end phase's exchanges).
 *   A folded panel then opens by itself, and closes again once the choice
 *   is made.  NULL: never.  At the game's end the base opens the folded
 *   panel by itself whatever this says: only the panel shows the winner and
 *   the scores.
 * @board_min_width: the narrowest board, in pixels, that is comfortable at
 *   @board_height pixels high: a page that cannot give the board that much
 *   beside the side panel folds the panel away (fol-fold.h).  NULL:
 *   FOL_GAME_PAGE_BOARD_MIN_WIDTH at any height
 * @get_motion: how far the board's motion of the last move has come, 0..1
 *   (1: nothing moves); the next computer move waits for it to end.  NULL:
 *   the motion is taken to last FOL_GAME_PAGE_MOTION_MS while
 *   GtkSettings:gtk-enable-animations is on
 */
struct _FolGamePageClass
{
  GtkWidgetClass parent_class;

  const char *shortcuts_view;

  void (*refresh) (FolGamePage *self);
  void (*describe_move) (FolGamePage *self, const FolMoveReport *report, GPtrArray *lines);
  char *(*describe_start) (FolGamePage *self);
  void (*move_applied) (FolGamePage *self, const FolMoveReport *report);
  void (*undone) (FolGamePage *self);
  gboolean (*may_act) (FolGamePage *self, int seat);
  char *(*automatic_move) (FolGamePage *self);
  char *(*show_hint) (FolGamePage *self, const char *move, GError **error);
  void (*clear_hint) (FolGamePage *self);
  const char *(*get_help) (FolGamePage *self, int acting);
  gboolean (*confirm_end_turn) (FolGamePage *self);
  void (*end_turn) (FolGamePage *self);
  GtkWidget *(*get_focus_target) (FolGamePage *self);
  gboolean (*wants_panel) (FolGamePage *self);
  double (*get_motion) (FolGamePage *self);
  int (*board_min_width) (FolGamePage *self, int board_height);

  gpointer padding[2];
};

/* ---- for subclasses ---- */

/**
 * fol_game_page_set_game:
 * @game: the game to show (its saved game is updated after every move)
 * Shows @game: the log is told again by the model (fol_game_replay()),
 * the page refreshed; a computer's turn starts when the page is in a window.
 * Call once, from the subclass's constructor.
 */
void fol_game_page_set_game (FolGamePage *self, FolGame *game);

/**
 * fol_game_page_add_actions:
 * Adds @entries (with @self as their user data) to the page's "game."
 * action group, beside the base's undo, end-turn, hint, back and
 * show-panel.
 */
void fol_game_page_add_actions (FolGamePage *self, const GActionEntry *entries, int n_entries);

/** Enables or disables action @name of the "game." group. */
void fol_game_page_set_action_enabled (FolGamePage *self, const char *name, gboolean enabled);

/**
 * fol_game_page_activate_action:
 * @name: an action of the "game." group, without the prefix
 * @target: (transfer floating) (nullable): its parameter
 * Activates @name with @target when it is enabled now.
 * Returns: whether it was (FALSE: disabled, or no such action)
 */
gboolean fol_game_page_activate_action (FolGamePage *self, const char *name, GVariant *target);

/**
 * fol_game_page_set_title:
 * @title: the panel's title (whose turn it is), or the end's
 */
void fol_game_page_set_title (FolGamePage *self, const char *title);

/**
 * fol_game_page_update_help:
 * Says again what to do now (or the hint shown) under the title: after a
 * change the base cannot see (a tile taken into the pointer).
 */
void fol_game_page_update_help (FolGamePage *self);

/**
 * fol_game_page_set_end_turn_label:
 * @label: the End Turn button's label with its mnemonic ("_Finish Game")
 */
void fol_game_page_set_end_turn_label (FolGamePage *self, const char *label);

/** Returns: (transfer none): the End Turn button (to ring it for a hint). */
GtkWidget *fol_game_page_get_end_turn_button (FolGamePage *self);

/**
 * fol_game_page_set_auto_playing:
 * While on, nobody acts on the page and the page plays the subclass's
 * automatic_move() one after the other at the computer's pace until it
 * returns NULL (Indian Summer's auto-finish).
 */
void fol_game_page_set_auto_playing (FolGamePage *self, gboolean auto_playing);

/** Returns: whether the page plays automatic moves now (fol_game_page_set_auto_playing()). */
gboolean fol_game_page_get_auto_playing (FolGamePage *self);

/**
 * fol_game_page_get_setting_boolean:
 * Returns: boolean preference @key of the application's settings, or
 *   @fallback when there is no such key (tests without the schema).
 */
gboolean fol_game_page_get_setting_boolean (FolGamePage *self, const char *key, gboolean fallback);

/**
 * fol_game_page_present_dialog:
 * @dialog: (transfer none): a dialog over the page's window
 * Presents @dialog; when it closes the keys go to the board again.
 */
void fol_game_page_present_dialog (FolGamePage *self, GtkWidget *dialog);

/**
 * fol_game_page_new_dialog:
 * @heading: the dialog's question
 * @body: (nullable): what it means
 * Returns: (transfer none): an AdwMessageDialog over the page's window
 *   (modal), not yet shown: add responses, then fol_game_page_present_dialog().
 */
GtkWidget *fol_game_page_new_dialog (FolGamePage *self, const char *heading, const char *body);

/**
 * fol_game_page_set_board_covered:
 * Shows the subclass's <child type="board-cover"> in the board's place
 * (Fall's pass-the-device screen), or the board again.
 */
void fol_game_page_set_board_covered (FolGamePage *self, gboolean covered);

/**
 * fol_game_page_wrap_button_labels:
 * @widget: a widget of the side panel
 * Lets the labels of every button under @widget wrap, so that a longer
 * translation, or a button made later (a Mushroom's tiles), never widens
 * the panel.  The base does it for the panel when the game is set.
 */
void fol_game_page_wrap_button_labels (GtkWidget *widget);

/**
 * fol_game_page_focus_board:
 * Gives the keys to the board (or what stands in its place), once the
 * menus and dialogs that had them have closed.
 */
void fol_game_page_focus_board (FolGamePage *self);

/** Returns: (transfer none): the name of the player of @seat. */
const char *fol_game_page_get_seat_name (FolGamePage *self, int seat);

/** Returns: whether a person (not the computer) plays @seat. */
gboolean fol_game_page_seat_is_human (FolGamePage *self, int seat);

/* ---- for everyone ---- */

/** Returns: (transfer none): the game shown. */
FolGame *fol_game_page_get_game (FolGamePage *self);

/** Returns: (transfer none): the board widget. */
GtkWidget *fol_game_page_get_board (FolGamePage *self);

/**
 * fol_game_page_get_acting_seat:
 * Returns: the seat of the person who may act on the page now, or -1 (a
 *   computer's turn, auto-finishing, the end, or the subclass says no).
 */
int fol_game_page_get_acting_seat (FolGamePage *self);

/** Brings the whole page up to date with the game. */
void fol_game_page_refresh (FolGamePage *self);

/** Shows @text in a toast over the page. */
void fol_game_page_toast (FolGamePage *self, const char *text);

/**
 * fol_game_page_set_animation_delay:
 * @ms: the computer's pace: milliseconds from one computer move shown to
 *   the next (FOL_GAME_PAGE_PACE_SLOW ... _INSTANT); the page starts with
 *   the "animation-speed" preference
 *
 * Each computer move (and each automatic move) waits until the motion of
 * the move before it has ended on the board (FolGamePageClass.get_motion)
 * and then for a pause a person can read it in: it comes @ms after that
 * move was shown, and never sooner than @ms - FOL_GAME_PAGE_MOTION_MS after
 * its motion ended (a slow motion delays it).  0 plays at once, without
 * waiting for motion.  A move waiting for its turn waits for the new pace,
 * counted from when the move before it was shown.  Tests pass a huge @ms
 * to play every computer move themselves, or 0.
 */
void fol_game_page_set_animation_delay (FolGamePage *self, guint ms);

/** Returns: the computer's pace in milliseconds a move (fol_game_page_set_animation_delay()). */
guint fol_game_page_get_animation_delay (FolGamePage *self);

/**
 * fol_game_page_get_hint:
 * Returns: (transfer none) (nullable): the hint shown now (the Hint button
 *   or H on a person's turn: the move the Hard level would make, in the
 *   engine's notation), or NULL.  It goes away when the person moves or
 *   takes a move back.
 */
const char *fol_game_page_get_hint (FolGamePage *self);

/** Returns: (transfer none): the line under the title: what to do now, or the hint in words. */
const char *fol_game_page_get_help_text (FolGamePage *self);

/** Returns: (transfer none): the page's thinking indicator. */
FolThinking *fol_game_page_get_thinking (FolGamePage *self);

/** Undo (Ctrl+Z): takes back the last move of this turn.  Returns: FALSE when there is none. */
gboolean fol_game_page_undo (FolGamePage *self);

/** Returns: the number of lines in the game log. */
guint fol_game_page_get_log_length (FolGamePage *self);

/** Returns: (transfer none) (nullable): the text of the log's line @i, or NULL past its end. */
const char *fol_game_page_get_log_line (FolGamePage *self, guint i);

/**
 * fol_game_page_get_panel_folded:
 * Returns: whether the side panel is folded away (a narrow page): it then
 *   shows over the board only when revealed.
 */
gboolean fol_game_page_get_panel_folded (FolGamePage *self);

/** Returns: whether the side panel shows (always, unless folded away and not opened). */
gboolean fol_game_page_get_panel_revealed (FolGamePage *self);

/**
 * fol_game_page_set_panel_revealed:
 * Shows or hides the folded side panel (the turn bar's toggle, F9).
 */
void fol_game_page_set_panel_revealed (FolGamePage *self, gboolean revealed);

/**
 * fol_game_page_get_shortcuts_view:
 * Returns: (transfer none): the view of the keyboard shortcuts window for
 *   this page's game (FolGamePageClass.shortcuts_view)
 */
const char *fol_game_page_get_shortcuts_view (FolGamePage *self);

G_END_DECLS
