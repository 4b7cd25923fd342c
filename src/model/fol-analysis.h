/* fol-analysis.h: the analysis of a game for the window (issue 13,
 * "Analysis"): runs the engines' analysis (analysis.h) in a worker thread
 * with its progress as properties, cancellable, and keeps the result with
 * the saved game (fol-saved-analysis.h), so that reopening a game does not
 * compute it again.  docs/computer-players.md, "Analysis of a game". */
#pragma once

#include <gio/gio.h>
#include "analysis.h"
#include "fol-game.h"

G_BEGIN_DECLS

/* FolGameAnalysis (analysis.h) as a boxed type, for properties. */
#define FOL_TYPE_GAME_ANALYSIS (fol_game_analysis_get_type ())
GType fol_game_analysis_get_type (void);

#define FOL_TYPE_ANALYSIS (fol_analysis_get_type ())
G_DECLARE_FINAL_TYPE (FolAnalysis, fol_analysis, FOL, ANALYSIS, GObject)

/**
 * fol_analysis_new:
 * @game: an Indian Summer or Fall game (FolSummerGame, FolFallGame), usually
 *   finished; kept by reference
 * Returns: (transfer full): the analysis of @game, not yet computed or
 *   loaded: its turns are those of every person's seat (a game without a
 *   person: every seat), its seed the game's seed, its effort
 *   FOL_ANALYSIS_EFFORT_DEFAULT.
 */
FolAnalysis *fol_analysis_new (FolGame *game);

/** Returns: (transfer none): the game (also "game"). */
FolGame *fol_analysis_get_game (FolAnalysis *self);

/**
 * fol_analysis_set_effort:
 * @effort: rollouts per position and Expert's effort; the default is
 *   FOL_ANALYSIS_EFFORT_DEFAULT (tests use a small one)
 * For the next run.
 */
void fol_analysis_set_effort (FolAnalysis *self, const FolAnalysisEffort *effort);

/**
 * fol_analysis_set_seed:
 * @seed: the analysis seed for the next run (default: the game's seed), so
 *   that a game's analysis is the same wherever it is made
 */
void fol_analysis_set_seed (FolAnalysis *self, guint64 seed);

/**
 * fol_analysis_set_seats:
 * @seats: bit i set: analyse seat i's turns (default: the persons' seats)
 */
void fol_analysis_set_seats (FolAnalysis *self, guint32 seats);

/** Returns: the seats the next run analyses, a bit per seat. */
guint32 fol_analysis_get_seats (FolAnalysis *self);

/**
 * fol_analysis_get_result:
 * Returns: (transfer none) (nullable): the analysis last computed or loaded
 *   (also "result"), or NULL while there is none.  Valid until the next
 *   result replaces it.
 */
const FolGameAnalysis *fol_analysis_get_result (FolAnalysis *self);

/** Returns: whether a run is under way (also "running"). */
gboolean fol_analysis_get_running (FolAnalysis *self);

/** Returns: the turns analysed so far by the run under way or the last (also "turns-done"). */
guint fol_analysis_get_turns_done (FolAnalysis *self);

/** Returns: the turns the run analyses in all, 0 before it knows (also "n-turns"). */
guint fol_analysis_get_n_turns (FolAnalysis *self);

/** Returns: turns-done / n-turns, 0.0 .. 1.0, for a progress bar (also "fraction"). */
double fol_analysis_get_fraction (FolAnalysis *self);

/**
 * fol_analysis_load:
 * Reads the game's stored analysis of the current method
 * (fol_store_load_analysis()) into "result".
 * Returns: TRUE when one was found; FALSE with @error:
 *   FOL_STORE_ERROR_NOT_FOUND (none yet, the game is not saved, or the game
 *   has changed since), FOL_STORE_ERROR_CORRUPT (a damaged row: the game
 *   itself is untouched and the next run replaces it), or another store
 *   error.  "result" is unchanged then.
 */
gboolean fol_analysis_load (FolAnalysis *self, GError **error);

/**
 * fol_analysis_run_async:
 * @cancellable: (nullable): stops the run (between two rollouts)
 * @callback: called in the thread-default main context of the caller
 * Computes the analysis in a worker thread, which is handed copies of what
 * it needs (the set-up position and the move texts: it never touches
 * @self's game or store), so the window stays responsive.  "turns-done",
 * "n-turns" and "fraction" are notified in the caller's main context as
 * turns are done.  At the end, in that context, the result becomes
 * "result" and is stored with the saved game (a failure to store it is
 * told by ::save-failed: the result is kept in memory).
 */
void fol_analysis_run_async (FolAnalysis *self, GCancellable *cancellable, GAsyncReadyCallback callback,
                             gpointer user_data);

/**
 * fol_analysis_run_finish:
 * Returns: TRUE when the analysis was computed (fol_analysis_get_result()),
 *   else FALSE with @error: G_IO_ERROR_CANCELLED, G_IO_ERROR_PENDING (a run
 *   was already under way), or FOL_ANALYSIS_ERROR (a game that does not
 *   replay to its hash, an Expert that found no move).
 */
gboolean fol_analysis_run_finish (FolAnalysis *self, GAsyncResult *result, GError **error);

/**
 * fol_analysis_run:
 * @cancellable: (nullable): stops the run
 * The same as fol_analysis_run_async(), in the calling thread (the CLI,
 * tests): progress is notified as it goes, the result stored at the end.
 * Returns: TRUE, or FALSE with @error as for fol_analysis_run_finish().
 */
gboolean fol_analysis_run (FolAnalysis *self, GCancellable *cancellable, GError **error);

G_END_DECLS
