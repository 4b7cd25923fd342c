/* fol-summer-words.h: Indian Summer moves and results in words, for the
 * game log and the end screens ("Hubert placed a red tile and completed
 * Area 4, taking 1 Nut and 1 Mushroom"). Translated. */
#pragma once

#include "summer-state.h"

/**
 * fol_summer_describe_move:
 * @before: the position before the move
 * @after: the position after it (where a Mushroom's tiles came from)
 * @move: the move, legal in @before
 * @info: what it did (the model's report: FolSummerMoveDetail)
 * @names: (array zero-terminated=1): every seat's name, in seat order
 * @you: the seat of the one person at the desk, whose tiles are "your"
 *   tiles ("Hazel spent a Mushroom and took your green tile and the Common
 *   Path's first tile"), or -1 to name every seat
 * Returns: (transfer full): the move in one sentence, translated; in a
 *   game of 2-4 it goes on to say when the mover's Player Path, emptied,
 *   refilled itself from the Common Path ("… The Player Path was empty: 5
 *   tiles came from the Common Path", Rulebook: Player Path) and when the
 *   Common Path was refilled from the reserve (DECISIONS.md: below 7 tiles).
 */
/**
 * fol_summer_winners_words:
 * @s: a finished game of 2-4 players
 * @names: (array zero-terminated=1): every seat's name, in seat order
 * @n_winners: (out) (optional): how many share the first place
 * Returns: (transfer full): the first place's names ("Ann", "Ann and Rowan"),
 *   as the end screen and the replay's last position name them
 */
char *fol_summer_winners_words (const SummerState *s, const char *const *names, int *n_winners);

/**
 * fol_summer_round_line:
 * @n_players: 1..4
 * @round: the round (solo: the turn), 1..
 * @end_phase: the solo game's end phase (its exchanges) has begun
 * @last: a Forest Floor is full: this round is the last (Rulebook: End of
 *   the game; 2-4 players)
 * Returns: (transfer full): the game log's header for a round, translated:
 *   "— Round 3 —", "— Round 9 is the last: a Forest Floor is full —" (in
 *   the round, after the move that filled it), "— Turn 3 of 10 —" (solo),
 *   "— End phase —" (solo), as Fall's log has its weeks
 */
char *fol_summer_round_line (int n_players, int round, gboolean end_phase, gboolean last);

char *fol_summer_describe_move (const SummerState *before, const SummerState *after, const SummerMove *move,
                                const SummerMoveInfo *info, const char *const *names, int you);

/**
 * fol_summer_describe_end_phase:
 * @before: the position before the game's last move
 * @after: the position at the end (results filled in)
 * @names: (array zero-terminated=1): every seat's name, in seat order
 * Returns: (transfer full): one sentence per seat, translated, telling the
 *   multiplayer end phase (DECISIONS.md: treasures to Nuts, Nuts to
 *   Squirrels, Areas completed) and what each seat is left with.
 */
char **fol_summer_describe_end_phase (const SummerState *before, const SummerState *after, const char *const *names);

/**
 * fol_summer_describe_hint:
 * @before: the position the hint is for
 * @move: the hinted move, legal in @before, of the seat to move
 * @info: what it would do (summer_apply_move() on a copy of @before)
 * @names: (array zero-terminated=1): every seat's name, in seat order
 * Returns: (transfer full): the hint as advice to the person to move, in the
 *   words of the game log ("Hint: place the red tile where the dashed
 *   outline shows. It completes Area 4 and earns 1 Nut."), translated.  The
 *   board shows where a tile, Animal tile or Squirrel goes
 *   (fol_summer_board_set_hint()); the words say the rest.
 */
char *fol_summer_describe_hint (const SummerState *before, const SummerMove *move, const SummerMoveInfo *info,
                                const char *const *names);

/** Returns: (transfer none): the translated name of treasure @t, singular or plural by @n. */
const char *fol_summer_treasure_words (int t, int n);

/** Returns: (transfer full): "1 Nut and 2 Mushrooms" for @counts (translated), or NULL when all are 0. */
char *fol_summer_treasures_words (const uint8_t counts[SUMMER_N_TREASURES]);
