/* summer-analysis.h: the analysis of an Indian Summer game (analysis.h;
 * docs/computer-players.md, "Analysis of a game"). */
#pragma once

#include "analysis.h"
#include "summer-notation.h"
#include "summer-state.h"

/**
 * summer_analysis_game:
 * The adapter of Indian Summer for fol_analyse_game(): states are
 * SummerState; a turn ends where summer_apply_move() says (turn_ended: the
 * solo end phase is a turn of its own); Expert moves as the Expert level
 * does (summer_ai_choose_full(), which searches a copy whose hidden reserve
 * order is drawn anew: summer_ai_determinize()); a rollout redraws the
 * reserve order from the rollout's seed and plays the Hard level at half its
 * beam in every seat (the playouts of Expert's own search) to the end; its
 * value is the seat's numeric ranking score
 * (fol_analysis_summer_rank_score()) less the best opponent's, or in solo
 * the solo score (Rulebook: Scoring of a game; DECISIONS: Multiplayer,
 * ranking).
 * Returns: (transfer none): the adapter.
 */
const FolAnalysisGame *summer_analysis_game (void);

/**
 * summer_analysis_margin:
 * @state: a finished game
 * @seat: a seat of it
 * Returns: @seat's final margin in points, as a rollout values it: in
 *   solo the solo score; else its numeric ranking score less the best
 *   other seat's.
 */
double summer_analysis_margin (const SummerState *state, int seat);

/**
 * summer_analysis_parse_turn:
 * @start: the position at the start of the turn
 * @texts: (array zero-terminated=1): the turn's moves in the notation
 *   (FolAnalysisTurn.played or .suggested)
 * @moves: (out caller-allocates) (array length=max): the moves, to draw a
 *   suggested turn as a ghost
 * @max: room in @moves
 * @n_moves: (out): how many were written
 * @end: (out caller-allocates) (optional): the position after the turn
 * Reads the moves one after the other, each from the position the ones
 * before it lead to (fol_analysis_parse_turn()).
 * Returns: TRUE, or FALSE with @error: SUMMER_ERROR_PARSE or _ILLEGAL
 *   naming the move's number when a move cannot be read or played,
 *   FOL_ANALYSIS_ERROR_INVALID when there are more than @max.
 */
gboolean summer_analysis_parse_turn (const SummerState *start, const char *const *texts, SummerMove *moves, int max,
                                     int *n_moves, SummerState *end, GError **error);

/**
 * summer_analyse_record:
 * @record: a game record (summer_record_parse())
 * @run: what to analyse and how (FolAnalysisRun)
 * Sets up @record's game and analyses it (fol_analyse_game()).
 * Returns: (transfer full) (nullable): the analysis, or NULL with @error
 *   (SUMMER_ERROR_SETUP, or the errors of fol_analyse_game()).
 */
FolGameAnalysis *summer_analyse_record (const SummerRecord *record, const FolAnalysisRun *run, GError **error);
