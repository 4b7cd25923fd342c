/* summer-notation.h: the text notation of Indian Summer moves and game
 * records (docs/notation.md), and a text picture of a position. */
#pragma once

#include "summer-state.h"

/**
 * summer_move_format:
 * Returns: (transfer full): @move in the notation, e.g. "G05 r1 e4", "N c7",
 *   "X 2B-N", "M 2,4", "end".  Seats are written 1-based, in the order of
 *   @move (a legal Mushroom names the lower seat first, summer_check_move()),
 *   so the text never stands for another move.
 */
char *summer_move_format (const SummerState *state, const SummerMove *move);

/**
 * summer_move_parse:
 * @state: the position the move is for (the notation depends on it: "B"
 *   has a Path and end in solo games only)
 * @text: one move, in exactly the form summer_move_format() writes
 *   (docs/notation.md, "Moves"): words separated by single spaces with none
 *   around them, names spelt as in the notation, seats in plain decimal
 *   (no sign, no leading zero), a Mushroom's lower seat first
 * @move: (out): the parsed move (not checked for legality)
 * Every text accepted is written back by summer_move_format() as itself.
 * Returns: TRUE, or FALSE with SUMMER_ERROR_PARSE naming what is wrong and
 *   what to write; the message quotes at most 40 characters of @text.
 */
gboolean summer_move_parse (const SummerState *state, const char *text, SummerMove *move, GError **error);

/** Returns: (transfer full): a square's name, "a1" (top left) .. "i8" (bottom right). */
char *summer_square_name (int square);
/** Returns: the square 0..71 named @text ("a1".."i8"), or -1. */
int summer_square_parse (const char *text);

/* A game record: a set-up and a list of moves (docs/notation.md). */
typedef struct {
  SummerSetup setup;
  GPtrArray *moves;   /* of char*, the moves as written */
} SummerRecord;

/**
 * summer_record_parse:
 * @text: the record (see docs/notation.md, "Game records")
 * @record: (out caller-allocates): free with summer_record_clear()
 * The moves are kept as written (checked by summer_record_replay()).
 * Returns: TRUE, or FALSE with SUMMER_ERROR_PARSE naming the line and
 *   quoting at most 40 characters of it: a line that is not a header line,
 *   a header line given twice, a number not in plain decimal or out of
 *   range, a side not named as written ("1A".."6B", "random"), a `sides`
 *   line whose count is not the number of players (Rulebook: Set-up A,
 *   one Forest Floor each), `campaign-game` in a game of several players,
 *   or no `game summer` / `players N`.
 */
gboolean summer_record_parse (const char *text, SummerRecord *record, GError **error);
void summer_record_clear (SummerRecord *record);

/**
 * summer_record_format:
 * Returns: (transfer full): a record text for @setup and @moves (char*).
 */
char *summer_record_format (const SummerSetup *setup, GPtrArray *moves);

/**
 * summer_record_replay:
 * Sets up @record's game and plays its moves into @state.
 * @n_applied: (out) (optional): moves applied before any failure
 * Returns: TRUE, or FALSE with SUMMER_ERROR_SETUP when the set-up cannot be
 *   played, or SUMMER_ERROR_PARSE / _ILLEGAL naming the move number and
 *   quoting at most 40 characters of its text.
 */
gboolean summer_record_replay (const SummerRecord *record, SummerState *state, int *n_applied, GError **error);

/**
 * summer_state_describe:
 * Returns: (transfer full): a multi-line text picture of the position:
 *   every Forest Floor (letters for tiles by colour, '*' Squirrels, Holes with
 *   their tokens), Paths, supply, and whose turn it is.
 */
char *summer_state_describe (const SummerState *state);
