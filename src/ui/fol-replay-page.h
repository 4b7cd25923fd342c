/* fol-replay-page.h: the replay of a saved game (issue 13): the board as
 * it was at any position, stepped through with First, Previous, Next and
 * Last (Home, Left, Right, End, wherever the keys are in the page) or a
 * slider, beside the game log, one line per move, the current move's line
 * highlighted (a click on a line goes there).  The board shows what one
 * seat saw, chosen in a drop-down: in Fall its own scoring cards only, the
 * opponent's too once the game is over and "Show both players' cards" is
 * on.  An unfinished game can be continued from its last move ("Continue
 * from Here": ::continue-game); the replay never changes the stored game.
 *
 * Layout (data/ui/fol-replay-page.ui): as the game page, the board with the
 * replay's controls under it beside a side panel (the position, the seat
 * and card choices, Continue, a place for the analysis chart, the log) that
 * folds into a sidebar on a narrow page (the controls' toggle or F9).
 *
 * Analysis (issue 13, "Analysis"; docs/computer-players.md): a finished
 * game offers "Analyse", which runs the model's analysis (FolAnalysis) in
 * its worker thread with a progress bar (turns done of all) and Cancel; the
 * page and its keys stay usable, and leaving the page (it is unmapped)
 * cancels the run.  The result is stored with the saved game; a game whose
 * analysis of the current method is stored shows it at once, without
 * computing it again.  The analysis is drawn as a chart
 * (fol-analysis-chart.h) whose line follows the position shown, with the
 * turns that cost most marked and listed under it; a click on a bar, a
 * mark or a line of the list goes to the start of that turn and shows the
 * Expert level's turn there: its main placement as a ghost on the board
 * (the boards' hints) and the whole turn in words under the board, with
 * what it would have gained ("Expert would have played (about 4.2 points
 * better ± 1.1): …").  Any other position, or Escape, clears it. */
#pragma once

#include <adwaita.h>
#include "analysis.h"
#include "fol-replay.h"
#include "fol-store.h"

G_BEGIN_DECLS

#define FOL_TYPE_REPLAY_PAGE (fol_replay_page_get_type ())
G_DECLARE_FINAL_TYPE (FolReplayPage, fol_replay_page, FOL, REPLAY_PAGE, GtkWidget)

/**
 * fol_replay_page_new:
 * @replay: the saved game's positions (fol_replay_new())
 * Returns: (transfer floating): a page showing @replay at its last
 *   position, seen by the game's first person (or seat 1 when only
 *   computers played).
 */
GtkWidget *fol_replay_page_new (FolReplay *replay);

/** Returns: (transfer none): the replay shown. */
FolReplay *fol_replay_page_get_replay (FolReplayPage *self);

/**
 * fol_replay_page_set_ply:
 * @ply: the position to show: 0 (the set-up) .. fol_replay_get_n_plies()
 *   (after the last move); larger values show the last
 * Shows position @ply: the board, the slider, the log's line, whose turn
 * it was, and whether Continue may be pressed.  Also the "ply" property.
 */
void fol_replay_page_set_ply (FolReplayPage *self, guint ply);

/** Returns: the position shown (fol_replay_page_set_ply()). */
guint fol_replay_page_get_ply (FolReplayPage *self);

/**
 * fol_replay_page_set_seat:
 * @seat: whose view the board shows (0-based; its Forest Floor large in
 *   Indian Summer, its scoring cards in Fall); also the "seat" property and
 *   the drop-down
 */
void fol_replay_page_set_seat (FolReplayPage *self, int seat);

/** Returns: the seat whose view is shown. */
int fol_replay_page_get_seat (FolReplayPage *self);

/**
 * fol_replay_page_set_reveal:
 * @reveal: in Fall, whether both players' scoring cards are shown (the
 *   board then shows the full position); only once the game is over
 *   (fol_replay_get_is_over()): before that the request is refused and the
 *   switch stays off, the opponent's cards hidden.  Also the "reveal"
 *   property.  No effect in Indian Summer, whose positions hide nothing.
 */
void fol_replay_page_set_reveal (FolReplayPage *self, gboolean reveal);

/** Returns: whether both players' cards are shown (fol_replay_page_set_reveal()). */
gboolean fol_replay_page_get_reveal (FolReplayPage *self);

/**
 * fol_replay_page_get_board:
 * Returns: (transfer none): the board (a FolSummerBoard or FolFallBoard),
 *   showing the position and view chosen; nobody can move on it.
 */
GtkWidget *fol_replay_page_get_board (FolReplayPage *self);

/**
 * fol_replay_page_get_can_continue:
 * Returns: whether "Continue from Here" may be pressed: only at the last
 *   position of a game that is not over (no other position can be played
 *   on: saved games do not branch).
 */
gboolean fol_replay_page_get_can_continue (FolReplayPage *self);

/**
 * fol_replay_page_set_store:
 * @store: (nullable): the store the replayed game comes from (the window's)
 *
 * Where the analysis of a finished game is read from and stored: its
 * analysis of the current method (FOL_ANALYSIS_METHOD), when the store
 * keeps one, is read now and shown.  Without a store a game can still be
 * analysed, but the result is not kept.  Also the "store" property.
 */
void fol_replay_page_set_store (FolReplayPage *self, FolStore *store);

/**
 * fol_replay_page_set_analysis_effort:
 * @effort: rollouts and Expert's effort for the next analysis (default
 *   FOL_ANALYSIS_EFFORT_DEFAULT); tests use a small one
 */
void fol_replay_page_set_analysis_effort (FolReplayPage *self, const FolAnalysisEffort *effort);

/**
 * fol_replay_page_analyse:
 * Starts the analysis of a finished game ("Analyse", the replay.analyse
 * action): in the model's worker thread (fol_analysis_run_async()), the
 * progress bar and Cancel shown.  When it ends the chart shows the result,
 * which the model stored with the game; a failure is told on the page.
 * Returns: FALSE when it cannot start: the game is not over, a run is
 *   under way, the game has an analysis already, or its saved game cannot
 *   be loaded (said on the page).
 */
gboolean fol_replay_page_analyse (FolReplayPage *self);

/**
 * fol_replay_page_cancel_analysis:
 * Stops the run under way, if any ("Cancel", replay.cancel-analysis): it
 * ends soon after (between two rollouts), storing nothing, and "Analyse"
 * is offered again.
 */
void fol_replay_page_cancel_analysis (FolReplayPage *self);

/** Returns: whether an analysis is running (also "analysing"). */
gboolean fol_replay_page_get_analysing (FolReplayPage *self);

/**
 * fol_replay_page_get_analysis:
 * Returns: (transfer none) (nullable): the analysis shown (also
 *   "analysis"), read from the store or just computed; NULL while there is
 *   none.
 */
const FolGameAnalysis *fol_replay_page_get_analysis (FolReplayPage *self);

/** Returns: (transfer none): the analysis chart (a FolAnalysisChart; hidden while there is no analysis). */
GtkWidget *fol_replay_page_get_chart (FolReplayPage *self);

/**
 * fol_replay_page_show_turn:
 * @turn: an index into the analysis's turns (fol_replay_page_get_analysis())
 * What a click on the turn's bar or mark does: shows the position at the
 * start of the turn, as its seat saw it, with Expert's turn from there: its
 * first tile (Indian Summer: a Leaf tile, else an Animal tile or Squirrel;
 * Fall: a Leaf tile, else a token or a claim) as a ghost on the board (the
 * board's hint, drawn on the position at the turn's start), and the whole
 * turn in words under the board.  Stepping to another position or seat, or
 * Escape, clears it.
 */
void fol_replay_page_show_turn (FolReplayPage *self, guint turn);

/**
 * fol_replay_page_get_ghost_turn:
 * @move: (out caller-allocates) (optional): the move shown as a ghost (a
 *   SummerMove or a FallMove, by the game), zeroed when there is none
 * @move_size: the size of @move in bytes
 * Returns: the turn whose Expert turn is shown (fol_replay_page_show_turn()),
 *   or -1.
 */
int fol_replay_page_get_ghost_turn (FolReplayPage *self, gpointer move, gsize move_size);

G_END_DECLS
