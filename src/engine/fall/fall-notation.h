/* fall-notation.h: the text notation of Fall moves, positions and game
 * records (docs/notation-fall.md), and replay. */
#pragma once

#include <glib.h>
#include "fall-state.h"

/**
 * fall_move_format:
 * @s: the state the move is for (its components name the tiles)
 * @m: a move
 * @buf: (out caller-allocates): at least 24 bytes
 * @size: the size of @buf
 *
 * Writes @m in the notation (docs/notation-fall.md): "T2", "L07@1,-2r4",
 * "XL07", "f@1,-2", "C@1,-2", "E", "E-fh" (the tokens put back in the order
 * m f h r, at most 4).  Every move fall_legal_moves() lists is written so
 * that fall_move_parse() reads it back as the same move; a move no rule can
 * produce (more than 4 tokens put back) is written "?".
 * Returns: @buf.
 */
char *fall_move_format (const FallState *s, const FallMove *m, char *buf, size_t size);

/**
 * fall_move_parse:
 * @comps: the components (tile ids)
 * @text: one move, exactly in the notation: no blanks around it, tile ids
 *   and token letters as fall_move_format() writes them, Q and R canonical
 *   integers in -100..100 ("-0", "+1", "01" are refused), the tokens of an
 *   END in the order m f h r, at most 4
 * @out: (out caller-allocates): the move
 * @error: (nullable): the reason, quoting at most 40 characters of @text
 *
 * Only the syntax is checked (and that a tile id exists); legality is
 * fall_check_move().  Every text accepted formats back to exactly itself.
 * Returns: TRUE, or FALSE with @error (FOL_DATA_ERROR_PARSE) set.
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
 * @comps: the components
 * @text: a position text (docs/notation-fall.md); only the first line and
 *   the "cell" lines are required, other fields default to a finished game
 *   (week 12, turn 3, phase over, hidden cards, markers 8 minus those on
 *   the board, nothing held, empty offer, stacks and bag)
 * @out: (out caller-allocates): the state
 * @error: (nullable): the reason
 *
 * Lines may come in any order (blanks between fields and '#' comments are
 * free); within a field only the spelling fall_position_format() writes is
 * accepted.  Refused, whatever the order of the lines: a second line of a
 * kind that appears once ("a second 'bag' line"), a count beyond its bound
 * (64 tokens in the bag, 14 tiles in a stack, 2 in hand), a tile given
 * twice, two stacks on one cell, no starting tile at 0,0, a stack not
 * connected to it (rulebook "Tile Placement Rules"), a coordinate outside
 * -100..100, '?' outside a seat's view or known stacks and bag in one, a
 * card held by both seats, a phase that the week's course cannot reach
 * (phase over only at week 12 turn 3; take: 1..2 combinations left, with
 * the hand, as many as the turn takes; act: none left), a seat holding more
 * than 2 tokens (or a Toad) between its turns or 4 in it, more tokens of a
 * kind than the game has (DECISIONS.md Tokens), markers on the board and in
 * reserve that do not make 8.  The canonical text of an accepted position
 * (fall_position_format()) parses to the same state and formats back to
 * exactly itself.
 * Returns: TRUE, or FALSE with @error (FOL_DATA_ERROR_PARSE) naming the line
 *   (quoting at most 40 characters of it).
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
 * fall_record_parse:
 * @comps: the components
 * @record: a game record (fall_record_format(), docs/notation-fall.md):
 *   "fall-game 1"; "seed N" (required), "side A|B|random" and
 *   "first-player 0|1|random" once each, before "moves"; the moves, any
 *   blanks between them; "end"; then "hash H" (optional, 16 hex digits)
 * @seed: (out) (optional): the seed
 * @opts: (out) (optional): side and first player, -1 for random
 * @moves: (out) (optional) (transfer full): the moves, a GArray of FallMove
 * @has_hash: (out) (optional): whether a hash line is given
 * @hash: (out) (optional): its value
 * @error: (nullable): the reason, naming the line
 *
 * Reads a record without playing it: the moves are checked for syntax
 * only (fall_replay() plays them).
 * Returns: TRUE, or FALSE with @error (FOL_DATA_ERROR_PARSE) set.
 */
gboolean fall_record_parse (const FallComponents *comps, const char *record, uint64_t *seed, FallOptions *opts,
                            GArray **moves, gboolean *has_hash, uint64_t *hash, GError **error);

/**
 * fall_replay:
 * @comps: the components
 * @record: a game record (fall_record_parse())
 * @out: (out caller-allocates): the state after the last move
 * @moves: (out) (optional) (transfer full): the moves, a GArray of FallMove
 * @error: (nullable): the reason
 * Returns: TRUE; or FALSE with @error set when the record is malformed
 *   (FOL_DATA_ERROR_PARSE), a move is illegal (FOL_DATA_ERROR_INVALID, its
 *   number, line and the reason named), or the final hash differs from the
 *   one recorded (FOL_DATA_ERROR_INVALID).
 */
gboolean fall_replay (const FallComponents *comps, const char *record, FallState *out, GArray **moves,
                      GError **error);
