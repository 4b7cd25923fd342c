/* summer-par.h: the par of a solo Indian Summer deal (issue 13, "Solo par").
 *
 * Solo Indian Summer is a puzzle of perfect information: all 25 Leaf tiles
 * of a deal lie open (Rulebook: Set-up solo game).  The par is the best
 * final score the deal allows from a position (DECISIONS: Solo: won =
 * Berries x1 + Nuts x2 + Mushrooms x3 + Feathers x4 left; lost = -(empty
 * squares)).  summer_par_solve() searches for it: the Expert level's game
 * as the first incumbent, a beam search over whole turns, then a
 * depth-first branch and bound over turns with a sound upper bound.  When
 * the branch and bound finishes, the par is proven optimal; otherwise it is
 * the best found within the node budget.  The budget is an effort (nodes),
 * never a time, so the same position and budget give the same par and line
 * on every machine.  The method, the bound and the measured figures:
 * docs/solo-par.md.
 */
#pragma once

#include "ai-level.h"
#include "summer-state.h"

/* The default effort: a typical deal in 10-15 s of one core of the
 * development machine (docs/solo-par.md, "Budget and time"). */
/* The version of the solver's results: raise it whenever a change of
 * summer-par.c can change the par, the line or the nodes of a deal at a
 * given budget, so that the pars a store keeps from the old solver are
 * computed again (they are keyed by it: fol-saved-par.h, fol-par.h). */
#define SUMMER_PAR_VERSION 2       /* 2: the solo Expert's beam of 24 (its game is the first incumbent) */

/* From this budget on, the first stage's Expert plays at full effort; a
 * smaller budget gives it that share of its effort (at least 1%). */
#define SUMMER_PAR_EXPERT_FULL_NODES G_GUINT64_CONSTANT (5000000)

#define SUMMER_PAR_DEFAULT_NODES G_GUINT64_CONSTANT (50000000)

/* What the solver reports while it works (SummerParBudget.progress). */
typedef struct {
  double fraction;       /* nodes searched / the budget, 0..1 */
  uint64_t nodes;        /* nodes searched so far */
  bool have_best;        /* a complete line has been found */
  int best_score;        /* its final score (valid with @have_best) */
  const char *stage;     /* "expert", "beam", "proof", then "done" (the last
                            report: @best_score is the par): untranslated, for logs */
} SummerParProgress;

typedef void (*SummerParProgressFunc) (const SummerParProgress *progress, void *data);

/**
 * SummerParBudget:
 * @nodes: the effort: positions the search may generate (0:
 *   SUMMER_PAR_DEFAULT_NODES); the Expert level's game, the first stage, is
 *   always played to its end (about 2-5 million nodes from a fresh deal at
 *   full effort), so a smaller budget is exceeded by that much; below
 *   SUMMER_PAR_EXPERT_FULL_NODES it plays at that share of its effort
 * @stop: (nullable): asked now and then; TRUE stops the search with its best
 *   line so far (cancellation, or a time cap that only guards a slow
 *   machine: a stopped search is not reproducible and says so in
 *   SummerParResult.capped)
 * @progress: (nullable): called at each stage and about every 2^16 nodes,
 *   in the calling thread
 */
typedef struct {
  uint64_t nodes;
  FolAiStop stop;
  void *stop_data;
  SummerParProgressFunc progress;
  void *progress_data;
} SummerParBudget;

/**
 * SummerParResult:
 * @score: the par: the final score the line reaches
 * @won: the line covers the whole Forest Floor
 * @proven: the search finished: no line from the position scores more
 *   (docs/solo-par.md, "Proven"); FALSE: the best found within @nodes
 * @capped: the budget's stop callback cut the search
 * @nodes: nodes searched
 * @expert_score: the final score of the Expert level's game from the same
 *   position (the search's first incumbent; the par is never below it)
 * @line: (element-type SummerMove): the moves from the position to the end
 *   of the game (the solo end phase included); summer_apply_move() accepts
 *   each in turn and the game then ends with @score
 * @line_text: (element-type utf8): the same moves in the notation
 *   (docs/notation.md), as a game record lists them
 */
typedef struct {
  int score;
  bool won;
  bool proven;
  bool capped;
  uint64_t nodes;
  int expert_score;
  GArray *line;
  GPtrArray *line_text;
} SummerParResult;

/**
 * summer_par_solve:
 * @start: a solo position: a fresh deal, any point of a game in progress
 *   (a campaign game included), or a finished game
 * @budget: (nullable): the effort, stop and progress; NULL for the default effort
 * @result: (out caller-allocates): filled on success (zeroed on failure);
 *   free its arrays with summer_par_result_clear()
 * Searches for the best final score of the solo game from @start
 * (Rulebook: Solo game rules, Scoring of a game; DECISIONS: Solo).  Runs in
 * the calling thread, single-threaded; deterministic for a given @start and
 * @budget->nodes unless @budget->stop cuts it.
 * Returns: TRUE, or FALSE with SUMMER_ERROR_SETUP when @start is not a solo
 *   game or breaks the game's invariants (summer_state_check_invariants()),
 *   or SUMMER_ERROR_ILLEGAL when no line was found (a bug; also warned).
 */
gboolean summer_par_solve (const SummerState *start, const SummerParBudget *budget,
                           SummerParResult *result, GError **error);

/**
 * summer_par_result_clear:
 * Frees the arrays of @result and zeroes it; safe to call twice.
 */
void summer_par_result_clear (SummerParResult *result);
