/* fol-par.h: the par of a solo deal of Indian Summer for the window (issue
 * 13, "Solo par"; docs/solo-par.md, "In the window"): the engine's solver
 * (summer_par_solve()) run in a worker thread with its progress as
 * properties, cancellable, and its result kept in the store's cache
 * (fol-saved-par.h), so that a deal's par is computed once.
 *
 * The budget is the solver's (an effort in nodes, SUMMER_PAR_DEFAULT_NODES
 * unless set), so the same deal gives the same par on every machine; a time
 * cap (FOL_PAR_TIME_CAP_SECONDS) only guards a slow machine: a par it cut
 * is shown as the best found but never stored. */
#pragma once

#include <gio/gio.h>
#include "fol-deal-code.h"
#include "fol-store.h"
#include "summer-par.h"

G_BEGIN_DECLS

/* The version of the solver's results the cache is keyed by: the engine's
 * (summer-par.h). */
#define FOL_PAR_SOLVER_VERSION SUMMER_PAR_VERSION

/* The guard on one computation, in seconds: about three times the default
 * budget's time on the development machine (docs/solo-par.md, "Budget and
 * time"), so it cuts only a machine far slower than that one. */
#define FOL_PAR_TIME_CAP_SECONDS 90

/* The environment variable that, when set to a number of nodes, replaces
 * the default budget (the tests set a small one, so that the pars their
 * windows compute take a fraction of a second). */
#define FOL_PAR_NODES_ENV "FOLIAGE_PAR_NODES"

#define FOL_TYPE_PAR (fol_par_get_type ())
G_DECLARE_FINAL_TYPE (FolPar, fol_par, FOL, PAR, GObject)

/**
 * fol_par_new:
 * @deal: a deal of solo Indian Summer: a single game or a campaign game
 *   (fol_deal_of_today(), fol_deal_from_game(), ...)
 * Returns: (transfer full) (nullable): the par of @deal (the best final
 *   score its solo game allows: Rulebook, "Scoring of a game"; DECISIONS.md,
 *   "Solo"), not yet loaded or computed; its budget the default
 *   (fol_par_get_nodes()), its time cap
 *   FOL_PAR_TIME_CAP_SECONDS; or NULL with @error: FOL_DEAL_CODE_ERROR
 *   (not a deal, fol_deal_check()) or SUMMER_ERROR_SETUP (not a deal of
 *   solo Indian Summer, or one the rules cannot set up).
 */
FolPar *fol_par_new (const FolDeal *deal, GError **error);

/** Returns: (transfer none): the code of the deal (also "deal-code"), the cache's key. */
const char *fol_par_get_deal_code (FolPar *self);

/**
 * fol_par_set_nodes:
 * @nodes: the node budget of the next computation, or 0 for the default:
 *   the number in the environment variable FOL_PAR_NODES_ENV when it holds
 *   one, else SUMMER_PAR_DEFAULT_NODES (tests pass a small budget)
 */
void fol_par_set_nodes (FolPar *self, guint64 nodes);

/** Returns: the node budget the next computation uses and the cache is read for (never 0). */
guint64 fol_par_get_nodes (FolPar *self);

/**
 * fol_par_set_time_cap:
 * @seconds: the most a computation may take, or 0 for no cap; a cut
 *   computation ends with its best line so far ("capped"), not stored
 */
void fol_par_set_time_cap (FolPar *self, guint seconds);

/**
 * fol_par_set_low_priority:
 * @low: whether the worker thread runs at a lower scheduling priority
 *   (Linux: nice 10), for computations the person did not ask for (the
 *   start page's); the default is FALSE
 */
void fol_par_set_low_priority (FolPar *self, gboolean low);

/** Returns: whether a computation runs (also "running"). */
gboolean fol_par_get_running (FolPar *self);

/** Returns: how far the computation has come, 0.0 .. 1.0 (the nodes searched / the budget; also "fraction"). */
double fol_par_get_fraction (FolPar *self);

/**
 * FolParResult:
 * @score: the par: the final score of the best line found
 * @proven: no line of the deal scores more (docs/solo-par.md, "Proven");
 *   FALSE: the best found within the budget
 * @won: the line covers the whole Forest Floor (a won game)
 * @capped: the time cap cut the computation (such a par is not stored)
 * @expert_score: the Expert level's score from the deal (the par is never below it)
 * @nodes: the nodes the solver searched for it
 * @line: (array zero-terminated=1): the par's moves in the notation, from
 *   the deal's start to the end of the game
 * @from_cache: it was read from the store's cache rather than computed
 */
typedef struct {
  int score;
  gboolean proven;
  gboolean won;
  gboolean capped;
  int expert_score;
  guint64 nodes;
  char **line;
  gboolean from_cache;
} FolParResult;

/**
 * fol_par_get_result:
 * Returns: (transfer none) (nullable): the par loaded or computed last, or
 *   NULL while there is none; "has-result" is notified each time one is
 *   set.  Valid until the next one replaces it.
 */
const FolParResult *fol_par_get_result (FolPar *self);

/**
 * fol_par_get_cache_error:
 * Returns: (transfer none) (nullable): why the stored par last read could
 *   not be used (FOL_STORE_ERROR_CORRUPT: a damaged row, or a line that
 *   does not reach its par), or NULL; the par was then computed again.
 */
const GError *fol_par_get_cache_error (FolPar *self);

/**
 * fol_par_format_record:
 * Returns: (transfer full) (nullable): the deal's set-up and the par's line
 *   as a game record (docs/notation.md, "Game records"), which
 *   `foliage-cli replay` plays to the par; NULL without a result.
 */
char *fol_par_format_record (FolPar *self);

/**
 * fol_par_load:
 * @store: the store whose cache to read
 * Reads the par of the deal stored for this solver version and budget
 * (fol_store_load_par()) and checks that its line plays from the deal's
 * start to the end of the game with exactly that score.
 * Returns: TRUE (the result is set, its @from_cache TRUE), or FALSE with @error:
 *   FOL_STORE_ERROR_NOT_FOUND (none stored), FOL_STORE_ERROR_CORRUPT (a
 *   damaged row, or a line that does not reach its par: the message names
 *   the deal and the field), or another store error.  The result is then
 *   unchanged.
 */
gboolean fol_par_load (FolPar *self, FolStore *store, GError **error);

/**
 * fol_par_run_async:
 * @store: (nullable): the cache to read first and to keep the result in
 * @cancellable: (nullable): stops the computation (within milliseconds)
 * @callback: called in the thread-default main context of the caller
 *
 * Gives the deal's par: from @store when it holds a sound one
 * (fol_par_load(); a damaged one is told with g_message() and kept in
 * fol_par_get_cache_error()), else computed in a worker thread of its own
 * on a copy of the deal's start (never blocking the caller), with
 * "fraction" notified in the caller's main context as it goes.  A computed
 * par that the time cap did not cut is stored in @store (a store that
 * refuses it is told with g_message(): the result is kept in memory).
 */
void fol_par_run_async (FolPar *self, FolStore *store, GCancellable *cancellable, GAsyncReadyCallback callback,
                        gpointer user_data);

/**
 * fol_par_run_finish:
 * Returns: TRUE when the par is there (fol_par_get_result()), else
 *   FALSE with @error: G_IO_ERROR_CANCELLED, G_IO_ERROR_PENDING (a
 *   computation was already running), G_IO_ERROR_TIMED_OUT (the time cap
 *   cut the computation before any line was found), or SUMMER_ERROR from
 *   the solver.
 */
gboolean fol_par_run_finish (FolPar *self, GAsyncResult *result, GError **error);

G_END_DECLS
