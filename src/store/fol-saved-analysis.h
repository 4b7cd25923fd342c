/* fol-saved-analysis.h: a game's analysis kept with the saved game
 * (issue 13, "Analysis"; FolGameAnalysis, analysis.h), so that reopening a
 * game does not compute it again.
 *
 * One analysis per game and analysis method (FOL_ANALYSIS_METHOD): a stored
 * analysis of another method is not read, and the model computes it again.
 * The game's state hash is kept with it: once the game has changed (a move
 * more, a move taken back) its old analysis is not read either.  The table
 * and its columns: fol-store-migrations.c, version 6.  A damaged analysis
 * never keeps its game from loading: fol_store_load_game() does not read it,
 * and fol_store_load_analysis() says what is wrong with it.  Deleting a game
 * deletes its analyses; the rescue of a damaged file does not carry them
 * (they are computed again). */
#pragma once

#include "analysis.h"
#include "fol-store.h"

G_BEGIN_DECLS

/**
 * fol_store_save_analysis:
 * @game_id: a saved game
 * @analysis: its analysis: method, seed, effort and every turn are stored
 *
 * Stores @analysis with game @game_id, replacing its stored analysis of
 * the same method, together with the game's state hash now.  The row is
 * written by one statement: it is all there or not at all (inside a batch,
 * it is a part of the batch).
 *
 * Returns: TRUE, or FALSE with @error set: %FOL_STORE_ERROR_NOT_FOUND (no
 *   such game), %FOL_STORE_ERROR_INVALID (@analysis is of another game kind
 *   than the game, or a turn's seat, plies or values cannot be the game's:
 *   a seat outside its seats, plies outside 1 .. its moves or out of order,
 *   a move text empty, a value not finite, a negative standard error),
 *   %FOL_STORE_ERROR_FULL, %FOL_STORE_ERROR_READ_ONLY, ...
 */
gboolean fol_store_save_analysis (FolStore *self, gint64 game_id, const FolGameAnalysis *analysis, GError **error);

/**
 * fol_store_load_analysis:
 * @game_id: a saved game
 * @method: the analysis method wanted, usually FOL_ANALYSIS_METHOD
 *
 * Reads the analysis of @method stored with game @game_id, every field
 * checked as fol_store_save_analysis() checks it.
 *
 * Returns: (transfer full) (nullable): the analysis, or NULL with @error
 *   set: %FOL_STORE_ERROR_NOT_FOUND (no such game; no analysis of @method;
 *   or one made before the game changed: the message says which),
 *   %FOL_STORE_ERROR_CORRUPT (the stored analysis is damaged: the message
 *   names the game and the field, `analyses.turns` for instance, quoting at
 *   most %FOL_QUOTE_MAX characters of stored text; the game is untouched
 *   and a new fol_store_save_analysis() replaces the row), ...
 */
FolGameAnalysis *fol_store_load_analysis (FolStore *self, gint64 game_id, int method, GError **error);

G_END_DECLS
