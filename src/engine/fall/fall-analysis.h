/* fall-analysis.h: the analysis of a Fall game (analysis.h;
 * docs/computer-players.md, "Analysis of a game"). */
#pragma once

#include "analysis.h"
#include "fall-state.h"

/**
 * fall_analysis_game:
 * The adapter of Fall for fol_analyse_game(): states are full FallState
 * (never views); a turn ends with its END move; Expert decides from the
 * view of the seat to move (fall_state_view(), fall_ai_choose_full()), so it
 * sees neither the opponent's cards nor the bag nor the stacks; a rollout
 * first draws everything the analysed seat cannot see from its view
 * (fall_ai_determinize(): the opponent's cards with the odds its play gives
 * them, the stacks and the bag in a new order), then plays the Normal level
 * in both seats, each from its own view, to the end (the playouts of
 * Expert's own search after the first reply); its value is the seat's score
 * less the opponent's (rulebook "End of Game").
 * Returns: (transfer none): the adapter.
 */
const FolAnalysisGame *fall_analysis_game (void);

/**
 * fall_analysis_parse_turn:
 * @start: the full position at the start of the turn
 * @texts: (array zero-terminated=1): the turn's moves in the notation
 *   (FolAnalysisTurn.played or .suggested)
 * @moves: (out caller-allocates) (array length=max): the moves, to draw a
 *   suggested turn as a ghost
 * @max: room in @moves
 * @n_moves: (out): how many were written
 * @end: (out caller-allocates) (optional): the position after the turn
 * Reads the moves one after the other, each checked by the rules from the
 * position the ones before it lead to (fol_analysis_parse_turn()).
 * Returns: TRUE, or FALSE with @error: FOL_DATA_ERROR_PARSE or _INVALID
 *   naming the move's number and the rule when a move cannot be read or
 *   played, FOL_ANALYSIS_ERROR_INVALID when there are more than @max.
 */
gboolean fall_analysis_parse_turn (const FallState *start, const char *const *texts, FallMove *moves, int max,
                                   int *n_moves, FallState *end, GError **error);

/**
 * fall_analyse_record:
 * @record: a game record (fall_record_parse(); its hash line, when given,
 *   must match the replay)
 * @run: what to analyse and how (FolAnalysisRun)
 * Returns: (transfer full) (nullable): the analysis, or NULL with @error
 *   (FOL_DATA_ERROR for a record that cannot be read or replayed, or the
 *   errors of fol_analyse_game()).
 */
FolGameAnalysis *fall_analyse_record (const char *record, const FolAnalysisRun *run, GError **error);
