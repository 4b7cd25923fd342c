/* fall-notation.h: the text notation of Fall moves, positions and game
 * records (docs/notation-fall.md), and replay. */
#pragma once

#include <glib.h>
#include "fall-state.h"

/**
 * fall_move_format:
 * @buf: (out caller-allocates): at least 24 bytes
 * Writes @m in the notation: "T2", "L07@1,-2r4", "XL07", "f@1,-2",
 * "C@1,-2", "E", "E-fh".  Returns: @buf.
 */
char *fall_move_format (const FallState *s, const FallMove *m, char *buf, size_t size);

/**
 * fall_move_parse:
 * @text: one move in the notation (surrounding blanks ignored)
 * @out: (out caller-allocates): the move
 * Returns: TRUE, or FALSE with @error (FOL_DATA_ERROR_PARSE) set.  Only the
 *   syntax is checked (and that a tile id exists); legality is fall_check_move().
 */
gboolean fall_move_parse (const FallComponents *comps, const char *text, FallMove *out, GError **error);

/**
 * fall_position_format:
 * Returns: (transfer full): @s as a position text ("fall-position 1" ...),
 *   every field, hidden ones included (a view prints what it holds).
 */
char *fall_position_format (const FallState *s);

/**
 * fall_position_parse:
 * @text: a position text; only the first line and the "cell" lines are
 *   required, other fields default to a finished game (week 12, phase over,
 *   hidden cards, markers 8 minus those on the board, nothing held, empty
 *   offer, stacks and bag)
 * @out: (out caller-allocates): the state
 * Returns: TRUE, or FALSE with @error (FOL_DATA_ERROR_PARSE) naming the line.
 */
gboolean fall_position_parse (const FallComponents *comps, const char *text, FallState *out, GError **error);

/**
 * fall_record_format:
 * @moves: the moves played from the set-up, @n of them
 * Returns: (transfer full): a game record: "fall-game 1", the seed, side,
 *   first player, the moves one turn per line, and the hash of the state
 *   after them (fall_state_hash() of replaying it).
 */
char *fall_record_format (uint64_t seed, const FallOptions *opts, const FallState *final_state,
                          const FallMove *moves, int n);

/**
 * fall_replay:
 * @record: a game record (fall_record_format())
 * @out: (out caller-allocates): the state after the last move
 * @moves: (out) (optional) (transfer full): the moves, a GArray of FallMove
 * Returns: TRUE; or FALSE with @error set when the record is malformed, a
 *   move is illegal (its number and the reason are named), or the final hash
 *   differs from the one recorded.
 */
gboolean fall_replay (const FallComponents *comps, const char *record, FallState *out, GArray **moves,
                      GError **error);
