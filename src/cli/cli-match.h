/* cli-match.h: foliage-cli match, the engine-versus-engine match tool
 * (DESIGN.md: "plays levels against each other over the same deals with
 * seats rotated", Pentobi's twogtp).
 *
 * One match loop serves both games through a FolMatchGame, a small table of
 * per-game functions (cli-match-summer.c, cli-match-fall.c).  The loop is
 * split from the command so that tests run it in-process:
 * fol_match_parse_args() reads the command line, fol_match_run() plays the
 * deals and returns a FolMatchResult, fol_match_deal_format() and
 * fol_match_result_to_json() turn them into the text the command prints.
 *
 * Seeds: deal k (0-based) of a match with --seed S is dealt from
 * fol_match_deal_seed (S, k); every decision's AI generator is seeded from
 * (deal seed, rotation, seat, ply) only.  Without --time-cap the result is
 * therefore the same for any --threads.
 */
#pragma once

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>

#include "ai-level.h"
#include "rng.h"

#define FOL_MATCH_MAX_PLAYERS 4
#define FOL_MATCH_MAX_FIGURES 6

#define FOL_MATCH_ERROR (fol_match_error_quark ())
typedef enum {
  FOL_MATCH_ERROR_USAGE,   /* a bad command line: the message names what is wrong */
  FOL_MATCH_ERROR_DEAL,    /* the component data or a deal's set-up failed */
} FolMatchError;
GQuark fol_match_error_quark (void);

/* A game-specific figure of a seat's result, averaged per level. */
typedef struct {
  const char *key;         /* JSON: "mean_" KEY, e.g. "empty_squares" */
  const char *label;       /* in the deal lines, e.g. "empty"; NULL: not shown there */
} FolMatchFigure;

/* One seat's result of a finished game. */
typedef struct {
  int rank;                                /* 1 = first; tied seats share a rank */
  bool won;                                /* solo: the game is won */
  double figure[FOL_MATCH_MAX_FIGURES];    /* in the order of FolMatchGame.figures() */
} FolMatchSeatResult;

/**
 * FolMatchGame:
 * What the match loop needs of a game.  A state and a move are opaque
 * buffers of @state_size and @move_size bytes that the loop allocates.
 */
typedef struct {
  const char *name;                /* the word after "match": "summer", "fall" */
  int min_players, max_players;
  int n_levels;                    /* this game's levels are 0 .. n_levels - 1 */
  size_t state_size, move_size;
  int max_plies;                   /* a game longer than this is abandoned as unfinished */
  /* Loads the component data once (before any thread starts). */
  gboolean (*load) (GError **error);
  /* The level named @name (any case) of this game, or -1. */
  int (*level_parse) (const char *name);
  const char *(*level_name) (int level);
  /* The figures of a seat for @n_players, at most FOL_MATCH_MAX_FIGURES;
   * in solo the first one is the score (counted in the histogram). */
  const FolMatchFigure *(*figures) (int n_players, int *n_figures);
  /* Sets up the deal of @seed for @n_players into @state. */
  gboolean (*new_deal) (void *state, uint64_t seed, int n_players, GError **error);
  int (*seat_to_move) (const void *state);
  bool (*is_over) (const void *state);
  /* The computer player of @level chooses a move for the seat to move,
   * from what that seat may know.  FALSE when it found none. */
  bool (*choose) (const void *state, int level, FolRng *rng, FolAiSearch *search, void *move);
  /* Plays @move through the engine's checked apply: FALSE (with @reason,
   * transfer full) for an illegal move, @state unchanged. */
  bool (*apply) (void *state, const void *move, char **reason);
  /* The first of the legal moves of the seat to move; FALSE when none. */
  bool (*first_legal) (const void *state, void *move);
  /* (transfer full): @move in the game's notation. */
  char *(*move_text) (const void *state, const void *move);
  /* Every seat's result of a finished game. */
  void (*results) (const void *state, FolMatchSeatResult *out);
} FolMatchGame;

extern const FolMatchGame fol_match_summer;
extern const FolMatchGame fol_match_fall;

/** Returns: (nullable) (transfer none): the game named @name ("summer", "fall"). */
const FolMatchGame *fol_match_game_find (const char *name);

typedef struct {
  const FolMatchGame *game;
  int n_players;                   /* 1 (solo, Indian Summer only) .. game->max_players */
  int ai[FOL_MATCH_MAX_PLAYERS];   /* the levels as given by --ai, one per player */
  int deals;                       /* at least 1 */
  uint64_t seed;
  int threads;                     /* at least 1 */
  int time_cap_ms;                 /* 0: none */
  int effort_percent;              /* 1 .. 100, FolAiSearch.effort_percent */
} FolMatchSettings;

/**
 * fol_match_parse_args:
 * @argv: argv[0] the program name, then GAME and the options (see
 *   fol_cli_match()); g_option_context_parse() may rearrange it
 * @settings: (out caller-allocates): the parsed settings
 * Returns: TRUE; FALSE with FOL_MATCH_ERROR_USAGE (or G_OPTION_ERROR) and a
 *   message naming what was wrong (unknown game or level, the wrong number
 *   of --ai entries for --players, --deals below 1, ...).
 */
gboolean fol_match_parse_args (int argc, char **argv, FolMatchSettings *settings, GError **error);

/* One game of a deal: the levels by seat and the results. */
typedef struct {
  int level[FOL_MATCH_MAX_PLAYERS];        /* seat i sits level ai[(i + rotation) % n_players] */
  FolMatchSeatResult seat[FOL_MATCH_MAX_PLAYERS];
  bool finished;
  int plies;
  int illegal;                             /* illegal (or no) moves chosen, each replaced */
  GArray *cpu_ms[FOL_MATCH_MAX_PLAYERS];   /* double: each decision's thread CPU time */
  GArray *wall_ms[FOL_MATCH_MAX_PLAYERS];  /* double: each decision's wall-clock time */
  int capped[FOL_MATCH_MAX_PLAYERS];       /* decisions cut by --time-cap */
} FolMatchGameRecord;

/* A deal played once per seat rotation. */
typedef struct {
  int index;                               /* 0-based */
  uint64_t seed;
  int n_rotations;
  FolMatchGameRecord game[FOL_MATCH_MAX_PLAYERS];
  GError *error;                           /* the set-up failed */
  bool done;
} FolMatchDeal;

/* Per level: the aggregate over every seat the level sat in. */
typedef struct {
  int level;
  int games;                       /* seats sat in finished games */
  double wins;                     /* a first place shared by k seats counts 1/k */
  int won;                         /* solo: games won */
  double rank_sum;
  double figure_sum[FOL_MATCH_MAX_FIGURES];
  GHashTable *histogram;           /* solo: score (GINT_TO_POINTER) -> count */
  int decisions, time_capped;
  GArray *cpu_ms, *wall_ms;        /* double, every decision */
} FolMatchLevelStats;

typedef struct {
  FolMatchSettings settings;
  int n_figures;
  const FolMatchFigure *figures;
  int n_levels;                    /* distinct levels, in the order of --ai */
  FolMatchLevelStats level[FOL_MATCH_MAX_PLAYERS];
  int games;                       /* games played: deals x rotations */
  int illegal_moves;
  int unfinished;
  double seconds;                  /* wall-clock time of the whole match */
} FolMatchResult;

void fol_match_result_free (FolMatchResult *result);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (FolMatchResult, fol_match_result_free)

/** Returns: (nullable) (transfer none): the statistics of @level in @result. */
const FolMatchLevelStats *fol_match_result_level (const FolMatchResult *result, int level);

/**
 * fol_match_deal_seed:
 * Returns: the seed of deal @deal (0-based) of a match with seed @seed: the
 *   (@deal + 1)-th output of SplitMix64 started at @seed.
 */
uint64_t fol_match_deal_seed (uint64_t seed, int deal);

/* Called for each deal, in deal order, on the thread of fol_match_run(). */
typedef void (*FolMatchDealFunc) (const FolMatchSettings *settings, const FolMatchDeal *deal, void *data);

/**
 * fol_match_run:
 * @on_deal: (nullable): told each deal in deal order as soon as it and all
 *   before it are played
 * Plays every deal of @settings once per seat rotation (2 players: both
 * seatings; 3-4 players: every cyclic rotation; solo: once) on
 * @settings->threads threads.  An illegal move chosen by a computer player
 * is counted, told on stderr (deal, seat, move, reason) and replaced by the
 * first legal move, so the game goes on.
 * Returns: (transfer full): the result; NULL with FOL_MATCH_ERROR_DEAL when
 *   the component data cannot be loaded or a deal cannot be set up.
 */
FolMatchResult *fol_match_run (const FolMatchSettings *settings, FolMatchDealFunc on_deal, void *data,
                               GError **error);

/**
 * fol_match_deal_format:
 * Returns: (transfer full): one line (no newline) for @deal: per rotation,
 *   the levels by seat, the ranks (solo: won or lost) and the figures that
 *   have a label, e.g. "deal 1 seed 42: [greedy, random] ranks 1 2, empty 0 9; ...".
 */
char *fol_match_deal_format (const FolMatchSettings *settings, const FolMatchDeal *deal);

/**
 * fol_match_result_to_json:
 * @with_machine: include what depends on the machine and the run (threads,
 *   decision times, seconds); FALSE gives text that is equal for equal
 *   results (tests compare runs with it)
 * Returns: (transfer full): the result as a pretty-printed JSON object with
 *   a fixed key order, ending in a newline.  Numbers use a '.' in any locale.
 */
char *fol_match_result_to_json (const FolMatchResult *result, gboolean with_machine);

/**
 * fol_match_wilson:
 * @successes: may be fractional (shared wins)
 * @n: trials; 0 gives [0, 1]
 * @lo, @hi: (out): the 95% Wilson score interval of the rate @successes / @n
 */
void fol_match_wilson (double successes, int n, double *lo, double *hi);

/**
 * fol_match_percentile:
 * @sorted_ms: (element-type double): ascending
 * @q: 0.5 for the median (the mean of the two middle values when even),
 *   else the nearest-rank percentile (the smallest value with at least a
 *   fraction @q of the values at or below it)
 * Returns: the percentile, 0 for an empty array.
 */
double fol_match_percentile (GArray *sorted_ms, double q);
