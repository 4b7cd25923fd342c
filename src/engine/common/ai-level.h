/* ai-level.h: the computer levels both games share, and the search report.
 *
 * A level is a search effort (nodes, rollouts, beam width), never a time:
 * the same position and AI seed give the same move on every machine
 * (docs/computer-players.md).  A time cap (FolAiSearch.stop) only guards a
 * slow machine, and a search that it cuts says so (FolAiSearch.capped).
 *
 * The numbers are stored with every computer seat of a saved game
 * (FolPlayer level, the store's seat level): 0 and 1 were "random" and
 * "greedy" before the four levels existed, and a seat saved with them
 * resumes as Easy and Normal.  Never renumber.
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>

typedef enum {
  FOL_AI_EASY = 0,     /* sensible moves with human-like slips */
  FOL_AI_NORMAL = 1,   /* the one-move greedy, its plain faults fixed */
  FOL_AI_HARD = 2,     /* plans whole turns, looks at the opponents */
  FOL_AI_EXPERT = 3,   /* Hard plus search over future turns */
  FOL_AI_RANDOM = 4,   /* baseline for foliage-cli: uniform over the legal moves */
  FOL_AI_GREEDY = 5,   /* baseline for foliage-cli: the one-move greedy as it was */
  FOL_N_AI_LEVELS,
} FolAiLevel;

/* The levels a person is offered (Easy .. Expert). */
#define FOL_AI_N_PLAYER_LEVELS 4

/**
 * fol_ai_level_parse:
 * @name: "easy", "normal", "hard", "expert", "random" or "greedy" (any case)
 * Returns: the level, or -1 for any other text.
 */
int fol_ai_level_parse (const char *name);

/**
 * fol_ai_level_name:
 * Returns: (transfer none): the untranslated lower-case name of @level
 *   ("easy" .. "greedy"), or "?" outside 0 .. FOL_N_AI_LEVELS - 1.
 */
const char *fol_ai_level_name (int level);

/* Asked now and then during a search: TRUE stops it (a time cap, a
 * cancelled search).  The engines themselves know no clock. */
typedef bool (*FolAiStop) (void *data);

/**
 * FolAiSearch:
 * @stop: (nullable): in: checked between search steps; TRUE returns the
 *   best move found so far (at least one candidate is always complete)
 * @stop_data: in: passed to @stop
 * @effort_percent: in: 0 or 100 for the level's own effort; 1..99 scales
 *   the strong levels' effort down (tests), never up
 * @capped: out: TRUE when @stop cut the search short
 * @nodes: out: positions the search evaluated (a measure of effort)
 */
typedef struct {
  FolAiStop stop;
  void *stop_data;
  int effort_percent;
  bool capped;
  uint64_t nodes;
} FolAiSearch;
