/* cli-soak.h: foliage-cli soak, many self-play games with every check after
 * every move (issue 14: "nothing breaks").
 *
 * The games are played through the match tool's adapters (FolMatchGame of
 * cli-match.h: set-up, the computer players, the checked apply, the move
 * text); a FolSoakGame adds what the soak checks on top of them
 * (cli-soak-summer.c, cli-soak-fall.c):
 *   - the engine's invariants, after the set-up and after every move;
 *   - that the legal-move list and the move check agree, in every position;
 *   - that every move's text parses back to the same move and is written
 *     again as the same text;
 *   - at the end, that the game record formats, parses back and replays to
 *     the same state hash.
 *
 * Game k (0-based) of a soak with --seed S is dealt from
 * fol_match_deal_seed (S, k); its player count, set-up variant, levels and
 * every computer decision come from generators seeded from that seed only,
 * so a game's course and the totals do not depend on --threads, and
 * `--start k --games 1` plays game k again.
 */
#pragma once

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "cli-match.h"

#define FOL_SOAK_ERROR (fol_soak_error_quark ())
typedef enum {
  FOL_SOAK_ERROR_USAGE,    /* a bad command line: the message names what is wrong */
  FOL_SOAK_ERROR_DATA,     /* the component data cannot be loaded */
} FolSoakError;
GQuark fol_soak_error_quark (void);

/**
 * FolSoakGame:
 * What the soak checks of one game, over its match adapter.  Every check
 * returns NULL when all holds, else (transfer full) a sentence saying what
 * does not.
 */
typedef struct {
  const FolMatchGame *match;
  /* Sets up the deal of @seed for @n_players into @state (a buffer of
   * match->state_size bytes); may draw a set-up variant from @rng. */
  gboolean (*new_game) (void *state, uint64_t seed, int n_players, FolRng *rng, GError **error);
  /* (transfer none): the set-up's kind, counted in the summary: "solo",
   * "solo campaign", "3 players", "side A"... */
  const char *(*kind) (const void *state);
  /* The invariants of @state and, when the game is not over, the agreement
   * of the legal-move list with the move check; @rng picks the moves
   * outside the list that are tried (from the game's seed, reproducible). */
  char *(*check_position) (const void *state, FolRng *rng);
  /* @text, the move text of @move in @before, parses in @before to the
   * same move (a move that leads from @before to @after) and is written
   * again as @text. */
  char *(*check_move_text) (const void *before, const void *move, const char *text, const void *after);
  /* The record of the game that led to @final: @seed its deal, @texts
   * (char*) and @moves (match->move_size each) the moves played, formats,
   * parses back (formatting again to the same text) and replays to
   * @final's hash. */
  char *(*check_record) (const void *final, uint64_t seed, GPtrArray *texts, GArray *moves);
} FolSoakGame;

extern const FolSoakGame fol_soak_summer;
extern const FolSoakGame fol_soak_fall;

/** Returns: (nullable) (transfer none): the soak of the game named @name ("summer", "fall"). */
const FolSoakGame *fol_soak_game_find (const char *name);

typedef struct {
  const FolSoakGame *game;
  int games;                 /* at least 1 */
  uint64_t seed;
  int start;                 /* the index of the first game, 0 or more */
  int threads;               /* at least 1 */
  int hard_effort;           /* 1 .. 100: FolAiSearch.effort_percent of the Hard seats */
  int progress_every;        /* games between progress lines on stderr; 0: none */
} FolSoakSettings;

/**
 * fol_soak_parse_args:
 * @argv: argv[0] the program name, then GAME and the options (see
 *   fol_cli_soak()); g_option_context_parse() may rearrange it
 * @settings: (out caller-allocates): the parsed settings
 * Returns: TRUE; FALSE with FOL_SOAK_ERROR_USAGE (or G_OPTION_ERROR) and a
 *   message naming what was wrong (unknown game, --games below 1, ...).
 */
gboolean fol_soak_parse_args (int argc, char **argv, FolSoakSettings *settings, GError **error);

/* How often a level sat at a table, and a set-up kind was dealt. */
typedef struct {
  const char *name;          /* level name or set-up kind (static) */
  int count;
} FolSoakCount;

typedef struct {
  FolSoakSettings settings;
  int games;                 /* games played, a faulty one included */
  gint64 moves;              /* moves applied */
  int faults;
  GPtrArray *fault_lines;    /* (element-type utf8): the first 100 fault reports */
  FolSoakCount seats[FOL_N_AI_LEVELS];
  FolSoakCount kinds[8];
  int n_kinds;
  double seconds;            /* wall-clock time of the whole run */
  FILE *report;              /* where faults and progress are told; NULL: nowhere */
  GMutex lock;               /* guards all of the above while a run plays */
} FolSoakResult;

/**
 * fol_soak_result_new:
 * @settings: (nullable): copied into the result
 * @report: (nullable): where fault and progress lines are printed as they
 *   happen (stderr for the command), NULL to keep them quiet
 * Returns: (transfer full): an empty result; free with fol_soak_result_free().
 */
FolSoakResult *fol_soak_result_new (const FolSoakSettings *settings, FILE *report);
void fol_soak_result_free (FolSoakResult *result);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (FolSoakResult, fol_soak_result_free)

/* Where in the soak a check is made: what a fault report names. */
typedef struct {
  int index;                 /* the game's index (--start counts from here) */
  uint64_t seed;             /* its deal seed */
  const char *kind;          /* its set-up kind */
  int n_players;
  int level[FOL_MATCH_MAX_PLAYERS];
  int ply;                   /* moves applied so far */
  const char *move;          /* (nullable): the text of the move just played or tried */
} FolSoakPlace;

/**
 * fol_soak_fault:
 * Counts a fault in @result and prints (to @result->report) and keeps one
 * line naming the game (index and deal seed, set-up, levels), the ply, the
 * move and @what failed, and how to play that game again.  Thread-safe.
 */
void fol_soak_fault (FolSoakResult *result, const FolSoakPlace *place, const char *what);

/**
 * fol_soak_check_position:
 * Runs @game's position checks (invariants, legal-move list against the
 * move check) on @state, as the soak does after every move.
 * Returns: TRUE when all hold; FALSE after fol_soak_fault() told what does not.
 */
gboolean fol_soak_check_position (const FolSoakGame *game, FolSoakResult *result, const FolSoakPlace *place,
                                  const void *state, FolRng *rng);

/**
 * fol_soak_run:
 * Plays @settings->games games from index @settings->start on
 * @settings->threads threads, each stopped at its first fault.  Faults and,
 * every @settings->progress_every games, a progress line go to @report.
 * Returns: (transfer full): the totals; NULL with FOL_SOAK_ERROR_DATA when
 *   the component data cannot be loaded.
 */
FolSoakResult *fol_soak_run (const FolSoakSettings *settings, FILE *report, GError **error);

/** Returns: (transfer full): "soak summer: 20 games, 1234 moves, 0 faults in 1.2 s (16.7 games/s)". */
char *fol_soak_summary (const FolSoakResult *result);

/**
 * fol_soak_result_to_json:
 * @with_machine: include what depends on the machine and the run (threads,
 *   seconds, games per second); FALSE gives text equal for equal runs
 * Returns: (transfer full): the totals as a pretty-printed JSON object
 *   with a fixed key order, ending in a newline.
 */
char *fol_soak_result_to_json (const FolSoakResult *result, gboolean with_machine);
