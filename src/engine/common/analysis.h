/* analysis.h: the analysis of a finished game, the parts both games share
 * (issue 13, "Analysis"; docs/computer-players.md, "Analysis of a game").
 *
 * For each turn of an analysed seat (a turn is every move that seat plays
 * until the engine says its turn ended), the Expert level plays the turn
 * again from the position at its start, seeing only what the seat saw there
 * (each engine's own determinization: Indian Summer's hidden reserve order,
 * Fall's opponent cards, bag and stacks).  Both the turn played and Expert's
 * turn are then measured the same way: from the position after each, K
 * rollouts to the game's end with the same rollout policy and the same seeds
 * (common random numbers), every hidden part drawn anew from what the seat
 * could see (the same draw for both positions).  A rollout's value is the
 * seat's final margin in points (Indian Summer: the DECISIONS ranking's
 * numeric score, fol_analysis_summer_rank_score(), against the best
 * opponent's; solo: the solo score; Fall: the score difference).  The loss
 * of a turn is Expert's mean less the played turn's mean; its standard
 * error is that of the K paired differences.
 *
 * The analysis is deterministic: the same game, seed and effort give the
 * same result on every machine.  Its effort is a number of rollouts (and
 * Expert's own effort), never a time.  FOL_ANALYSIS_METHOD names the method:
 * a stored analysis of another method is computed again.
 *
 * Each game gives a FolAnalysisGame (summer-analysis.h, fall-analysis.h);
 * fol_analyse_game() replays a game and analyses the turns. */
#pragma once

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>

#include "ai-level.h"
#include "rng.h"

/* The version of the analysis method, stored with every analysis: raise it
 * whenever the rollout policy, the seeds, the values or Expert change, so
 * that analyses stored by the old method are computed again. */
#define FOL_ANALYSIS_METHOD 2     /* 2: turns of forced moves only are not analysed */

/* Rollouts from each position at the default effort. */
#define FOL_ANALYSIS_ROLLOUTS 48

/* The most moves a turn may hold (a guard: no turn of either game comes near). */
#define FOL_ANALYSIS_MAX_TURN_MOVES 64

#define FOL_ANALYSIS_ERROR (fol_analysis_error_quark ())

/**
 * FolAnalysisError:
 * @FOL_ANALYSIS_ERROR_STOPPED: the run's stop callback stopped it (cancelled)
 * @FOL_ANALYSIS_ERROR_INVALID: a move of the game cannot be replayed (the
 *   message names its ply and the rule)
 * @FOL_ANALYSIS_ERROR_FAILED: Expert found no move or did not end its turn
 */
typedef enum {
  FOL_ANALYSIS_ERROR_STOPPED,
  FOL_ANALYSIS_ERROR_INVALID,
  FOL_ANALYSIS_ERROR_FAILED,
} FolAnalysisError;

GQuark fol_analysis_error_quark (void);

/**
 * FolAnalysisEffort:
 * @rollouts: rollouts from each position, at least 2 (fewer are taken as 2)
 * @expert_percent: the effort of Expert's decisions (FolAiSearch.effort_percent:
 *   0 or 100 the level's own, 1..99 scaled down, for tests)
 */
typedef struct {
  int rollouts;
  int expert_percent;
} FolAnalysisEffort;

#define FOL_ANALYSIS_EFFORT_DEFAULT ((FolAnalysisEffort) { FOL_ANALYSIS_ROLLOUTS, 100 })

/**
 * FolAnalysisProgress:
 * @done: turns analysed so far
 * @total: turns to analyse in all
 * Called after each analysed turn (and once with @done 0 before the first),
 * in the thread that runs the analysis.
 */
typedef void (*FolAnalysisProgress) (int done, int total, void *data);

/**
 * FolAnalysisRun:
 * @effort: rollouts and Expert's effort
 * @seed: the analysis seed: with the game and @effort it fixes the result
 * @seats: bit i set: analyse seat i's turns
 * @stop: (nullable): asked between steps: TRUE stops the run
 *   (FOL_ANALYSIS_ERROR_STOPPED); also Expert's search stop
 * @progress: (nullable): told after each turn
 * @check_hash: compare the state hash after the last move with @final_hash
 * @final_hash: the game's stored state hash (the model's, the store's)
 */
typedef struct {
  FolAnalysisEffort effort;
  uint64_t seed;
  uint32_t seats;
  bool check_hash;
  uint64_t final_hash;
  FolAiStop stop;
  void *stop_data;
  FolAnalysisProgress progress;
  void *progress_data;
} FolAnalysisRun;

/**
 * FolAnalysisTurn:
 * @turn: the game's turn number, 1-based, every seat's turns counted
 *   (Indian Summer: the state's turns completed + 1, the solo end phase is
 *   turn 11; Fall: 3 per week)
 * @seat: the seat whose turn it is (0-based)
 * @first_ply: the turn's first move in the game's log, 1-based (the
 *   store's plies)
 * @last_ply: its last move (the one that ended the turn)
 * @played: (array zero-terminated=1): the moves played, in the game's notation
 * @suggested: (array zero-terminated=1): Expert's turn from the same position,
 *   in the notation (parse it from the turn's start with
 *   summer_analysis_parse_turn() or fall_analysis_parse_turn() to draw it)
 * @value_played: the mean final margin of @seat after the turn played, in
 *   points (see the header comment)
 * @value_suggested: the same after Expert's turn
 * @loss: @value_suggested - @value_played: what the turn played cost
 *   (negative: it did better than Expert)
 * @std_error: the standard error of @loss over the paired rollouts (0 when
 *   Expert's turn reaches the very position the turn played did)
 */
typedef struct {
  int turn;
  int seat;
  int first_ply;
  int last_ply;
  char **played;
  char **suggested;
  double value_played;
  double value_suggested;
  double loss;
  double std_error;
} FolAnalysisTurn;

/**
 * FolGameAnalysis:
 * @kind: "summer" or "fall" (the store's game kind)
 * @method: FOL_ANALYSIS_METHOD of the code that made it
 * @seed: the analysis seed
 * @effort: the effort it was made with
 * @turns: (element-type FolAnalysisTurn): the analysed turns in game order
 *
 * The analysis of one game: free with fol_game_analysis_free().
 */
typedef struct {
  char *kind;
  int method;
  uint64_t seed;
  FolAnalysisEffort effort;
  GArray *turns;
} FolGameAnalysis;

/**
 * fol_game_analysis_new:
 * @kind: "summer" or "fall"
 * Returns: (transfer full): an analysis of the current method with no turns.
 */
FolGameAnalysis *fol_game_analysis_new (const char *kind, uint64_t seed, const FolAnalysisEffort *effort);

/** Returns: (transfer full): a deep copy of @analysis. */
FolGameAnalysis *fol_game_analysis_copy (const FolGameAnalysis *analysis);

void fol_game_analysis_free (FolGameAnalysis *analysis);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FolGameAnalysis, fol_game_analysis_free)

/**
 * fol_game_analysis_add_turn:
 * @turn: (transfer full): appended; its strings now belong to @analysis
 */
void fol_game_analysis_add_turn (FolGameAnalysis *analysis, FolAnalysisTurn *turn);

/** Returns: (transfer none): turn @i (0-based) of @analysis. */
const FolAnalysisTurn *fol_game_analysis_get_turn (const FolGameAnalysis *analysis, guint i);

/**
 * fol_game_analysis_total_loss:
 * @seat: a seat, or -1 for every seat
 * @n_turns: (out) (optional): how many turns were summed
 * Returns: the sum of the losses of @seat's analysed turns, in points.
 */
double fol_game_analysis_total_loss (const FolGameAnalysis *analysis, int seat, int *n_turns);

/**
 * fol_game_analysis_worst_turns:
 * @seat: a seat, or -1 for every seat
 * @max: the most to return
 * @out: (out caller-allocates) (array length=max): indices into @turns
 * The turns that cost most: those with a positive loss, the largest first
 * (ties: the earlier turn first).
 * Returns: how many were written (0 .. @max).
 */
int fol_game_analysis_worst_turns (const FolGameAnalysis *analysis, int seat, int max, guint *out);

/**
 * fol_analysis_turn_clear:
 * Frees the strings of @turn (not @turn itself).
 */
void fol_analysis_turn_clear (FolAnalysisTurn *turn);

/**
 * fol_analysis_summer_rank_score:
 * @full: the Forest Floor is full
 * @nuts: Nuts left after the end phase
 * @berry: a last Berry left (0 or 1)
 * @empty: empty squares at the end
 * Returns: the numeric score that orders Indian Summer players exactly as
 *   the ranking does (DECISIONS.md, Multiplayer: full floors first by Nuts
 *   left, then by a Berry left; then the rest by fewest empty squares):
 *   @nuts + @berry / 2 for a full floor (0 or more), -@empty otherwise
 *   (-1 or less).  Units: points (a Nut or a square).
 */
double fol_analysis_summer_rank_score (bool full, int nuts, int berry, int empty);

/* ---- the game adapters and the run ---- */

/**
 * FolAnalysisGame:
 * @kind: "summer" or "fall"
 * @state_size: the size of the game's state struct in bytes
 * @copy: copies a state
 * @current_seat: the seat to move
 * @turn_number: the game's turn number (FolAnalysisTurn.turn) of the turn
 *   the seat to move is in
 * @hash: the engine's state hash
 * @move_size: the size of the game's move struct in bytes
 * @apply_text: plays a move in the notation for the seat to move, gives
 *   the move (@move: nullable, @move_size bytes) and tells whether it ended
 *   the turn; FALSE with @error (the engine's, naming the rule) when it
 *   cannot
 * @expert_move: chooses the Expert level's move for the seat to move from
 *   what that seat can see (the AI's own generator @rng, @search's effort and
 *   stop), plays it, and returns its text (transfer full), or NULL when the
 *   game has no move
 * @has_choice: whether the seat to move in @state has more than one legal
 *   move: a turn in which every move was forced is not analysed (there is
 *   nothing to learn from it, and counting it would dilute the totals)
 * @rollout: plays one game from @state to its end with the rollout policy
 *   in every seat, the hidden parts first drawn anew from what @seat can see
 *   with a generator seeded by @seed; returns @seat's final margin in points
 *
 * What fol_analyse_game() needs of a game (summer_analysis_game(),
 * fall_analysis_game()).
 */
typedef struct {
  const char *kind;
  size_t state_size;
  size_t move_size;
  void (*copy) (void *dst, const void *src);
  int (*current_seat) (const void *state);
  int (*turn_number) (const void *state);
  uint64_t (*hash) (const void *state);
  bool (*apply_text) (void *state, const char *text, void *move, bool *turn_ended, GError **error);
  char *(*expert_move) (void *state, FolRng *rng, FolAiSearch *search, bool *turn_ended);
  bool (*has_choice) (const void *state);
  double (*rollout) (const void *state, int seat, uint64_t seed);
} FolAnalysisGame;

/**
 * fol_analysis_parse_turn:
 * @game: the game's adapter
 * @start: the position at the start of the turn
 * @texts: (array zero-terminated=1): the turn's moves in the notation
 * @moves: (out caller-allocates): room for @max of the game's moves
 * @max: room in @moves
 * @n_moves: (out): how many were written
 * @end: (out caller-allocates) (optional): the position after the turn
 * Reads and plays the moves one after the other, each from the position
 * the ones before it lead to (summer_analysis_parse_turn(),
 * fall_analysis_parse_turn()).
 * Returns: TRUE, or FALSE with @error: the engine's error for a move that
 *   cannot be read or played, its message beginning with the move's number
 *   ("move 2 of the turn: ..."), or FOL_ANALYSIS_ERROR_INVALID for more
 *   than @max moves.
 */
gboolean fol_analysis_parse_turn (const FolAnalysisGame *game, const void *start, const char *const *texts,
                                  void *moves, int max, int *n_moves, void *end, GError **error);

/**
 * fol_analyse_turn:
 * @game: the game's adapter
 * @start: the position at the start of a turn
 * @played: (array zero-terminated=1): the moves of the turn, the last one
 *   ending it
 * @run: effort, seed and stop (its @seats and @progress are not used)
 * @out: (out caller-allocates): filled but for the plies (0): free its
 *   strings with fol_analysis_turn_clear()
 * Analyses one turn: Expert's turn from @start (its generator and the
 * rollout seeds derived from @run's seed and the turn number), then the
 * rollouts from both positions (see the header comment).
 * Returns: TRUE, or FALSE with @error: FOL_ANALYSIS_ERROR_INVALID (a move
 *   of @played is refused, or the last does not end the turn),
 *   _FAILED, _STOPPED.
 */
gboolean fol_analyse_turn (const FolAnalysisGame *game, const void *start, const char *const *played,
                           const FolAnalysisRun *run, FolAnalysisTurn *out, GError **error);

/**
 * fol_analyse_game:
 * @game: the game's adapter
 * @initial: the position after set-up
 * @moves: (array length=n_moves): every move of the game in the notation
 * @run: what to analyse and how
 * Replays the game and analyses every complete turn of the seats in
 * @run->seats (a last turn not ended is left out), telling @run->progress.
 * Returns: (transfer full) (nullable): the analysis, or NULL with @error:
 *   FOL_ANALYSIS_ERROR_INVALID naming the ply of a move the rules refuse
 *   (or the game does not replay to @run->final_hash), _FAILED, _STOPPED.
 */
FolGameAnalysis *fol_analyse_game (const FolAnalysisGame *game, const void *initial, const char *const *moves,
                                   int n_moves, const FolAnalysisRun *run, GError **error);
