/* fol-saved-par.h: the store's cache of solo pars (issue 13, "Solo par";
 * docs/solo-par.md, "In the window").
 *
 * The par of a solo deal of Indian Summer (summer_par_solve()) costs up to
 * half a minute to compute and depends only on the deal, the solver and its
 * node budget, so the store keeps it: one row per deal code (fol-deal-code.h),
 * solver version and node budget (the table pars, fol-store-migrations.c,
 * version 7).  A changed solver or budget reads no old row: the par is then
 * computed again.  The cache is not tied to saved games (deleting a game
 * keeps the par of its deal; the rescue of a damaged file does not carry
 * it).  A damaged row never breaks anything: fol_store_load_par() says what
 * is wrong with it, and the next fol_store_save_par() of the same key
 * replaces it.  The store checks each field on its own; that the line
 * really reaches the par is the model's check (fol-par.h). */
#pragma once

#include "fol-store.h"

G_BEGIN_DECLS

/* The scores a solo game can end with (DECISIONS.md, "Solo"): a lost game
 * minus its empty squares (at most the 72 squares of the Forest Floor), a
 * won one its treasures' points (far below the maximum). */
#define FOL_SAVED_PAR_SCORE_MIN (-72)
#define FOL_SAVED_PAR_SCORE_MAX 999

/**
 * FolSavedPar:
 * @deal: the deal code (docs/notation.md, "Deal codes"), the key
 * @solver: the solver version that computed it (FOL_PAR_SOLVER_VERSION), >= 1
 * @budget: the node budget it was computed with, >= 1 (the budget itself,
 *   never 0 for "the default")
 * @score: the par: the final score the line reaches,
 *   FOL_SAVED_PAR_SCORE_MIN .. FOL_SAVED_PAR_SCORE_MAX
 * @won: the line covers the whole Forest Floor (exactly when @score >= 0)
 * @proven: no line of the deal scores more (docs/solo-par.md, "Proven");
 *   FALSE: the best found within @budget
 * @nodes: the nodes the solver searched
 * @expert_score: the Expert level's score from the same deal, never above @score
 * @line: (array zero-terminated=1): the par's moves in the notation
 *   (docs/notation.md) from the deal's start to the end of the game, at
 *   least one, none empty or holding a line break
 * @created: when it was stored (µs since the epoch, UTC); set by
 *   fol_store_save_par(), read by fol_store_load_par()
 */
typedef struct {
  char *deal;
  int solver;
  guint64 budget;
  int score;
  gboolean won;
  gboolean proven;
  guint64 nodes;
  int expert_score;
  char **line;
  gint64 created;
} FolSavedPar;

/**
 * fol_saved_par_new:
 * Returns: (transfer full): an empty par (no deal, no line), to fill in.
 */
FolSavedPar *fol_saved_par_new (void);

/**
 * fol_saved_par_free:
 * Frees @par and its strings; NULL is allowed.
 */
void fol_saved_par_free (FolSavedPar *par);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FolSavedPar, fol_saved_par_free)

/**
 * fol_store_save_par:
 * @par: the par to keep (its @created is ignored: now is stored)
 *
 * Stores @par under its deal, solver and budget, replacing the row there
 * (a damaged one included).  One statement: the row is all there or not at
 * all.
 *
 * Returns: TRUE, or FALSE with @error set: %FOL_STORE_ERROR_INVALID (a
 *   field out of the ranges FolSavedPar gives: the message names it),
 *   %FOL_STORE_ERROR_FULL, %FOL_STORE_ERROR_READ_ONLY, ...
 */
gboolean fol_store_save_par (FolStore *self, const FolSavedPar *par, GError **error);

/**
 * fol_store_load_par:
 * @deal: a deal code
 * @solver: the solver version wanted (FOL_PAR_SOLVER_VERSION)
 * @budget: the node budget wanted, >= 1
 *
 * Reads the par stored for @deal, @solver and @budget, every field checked
 * as fol_store_save_par() checks it.
 *
 * Returns: (transfer full) (nullable): the par, or NULL with @error set:
 *   %FOL_STORE_ERROR_NOT_FOUND (none stored for that key),
 *   %FOL_STORE_ERROR_CORRUPT (the row is damaged: the message names the
 *   deal and the field, `pars.line` for instance, quoting at most
 *   %FOL_QUOTE_MAX characters of stored text), or another store error.
 */
FolSavedPar *fol_store_load_par (FolStore *self, const char *deal, int solver, guint64 budget, GError **error);

G_END_DECLS
