/* summer-notation.h: the text notation of Indian Summer moves and game
 * records (docs/notation.md), and a text picture of a position. */
#pragma once

#include "summer-state.h"

/**
 * summer_move_format:
 * Returns: (transfer full): @move in the notation, e.g. "G05 r1 e4", "N c7",
 *   "X 2B-N", "M 2,4", "end".  Seats are written 1-based.
 */
char *summer_move_format (const SummerState *state, const SummerMove *move);

/**
 * summer_move_parse:
 * @state: the position the move is for (the notation depends on it: "B"
 *   has a Path and end in solo games only)
 * @text: one move
 * @move: (out): the parsed move (not checked for legality)
 * Returns: TRUE, or FALSE with SUMMER_ERROR_PARSE naming what is wrong.
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
 * @text: the record (see docs/notation.md)
 * @record: (out caller-allocates): free with summer_record_clear()
 * Returns: TRUE, or FALSE with SUMMER_ERROR_PARSE naming the line.
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
 * Returns: TRUE, or FALSE with an error naming the move number and text.
 */
gboolean summer_record_replay (const SummerRecord *record, SummerState *state, int *n_applied, GError **error);

/**
 * summer_state_describe:
 * Returns: (transfer full): a multi-line text picture of the position:
 *   every Forest Floor (letters for tiles by colour, '*' Squirrels, Holes with
 *   their tokens), Paths, supply, and whose turn it is.
 */
char *summer_state_describe (const SummerState *state);
