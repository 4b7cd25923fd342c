/* summer-state.h: the Indian Summer game state, moves and rules.
 *
 * Plain C structs (DESIGN.md, engine layer): a state copies with memcpy,
 * every random choice comes from the seeded FolRng inside it, so a set-up
 * plus a move list reproduces a game exactly.  Rule references point at the
 * sections of ../shared/rules/indian-summer-rulebook.txt ("Rulebook: Berry")
 * and at DECISIONS.md ("DECISIONS: Multiplayer"); our own rulings for what
 * both leave open are in docs/rules-notes.md.
 */
#pragma once

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>

#include "../common/rng.h"
#include "summer-components.h"

#define SUMMER_MAX_PLAYERS 4
#define SUMMER_NONE 0xFF
#define SUMMER_COVER_SQUIRREL 0xFE      /* in SummerSeat.cover[] */
#define SUMMER_PATH_MAX 6               /* "never more than 6" (Rulebook: Berry) */
#define SUMMER_PATH_REFILL 5
#define SUMMER_COMMON_MAX 20            /* DECISIONS: Multiplayer, the Common Path */
#define SUMMER_COMMON_LOW 7
#define SUMMER_SOLO_TURNS 10
#define SUMMER_SOLO_TILES 25
#define SUMMER_TRACK_SPACES 12          /* X10 .. X1 M1 M2 */
#define SUMMER_TRACK_M1 10
#define SUMMER_TRACK_M2 11

/* Solo Top / Bottom Path and their ends. */
enum { SUMMER_TOP_PATH = 0, SUMMER_BOTTOM_PATH = 1 };
enum { SUMMER_LEFT = 0, SUMMER_RIGHT = 1 };

typedef struct {
  uint64_t seed;                       /* the deal: tiles, sides drawn at random */
  uint8_t n_players;                   /* 1 (solo) .. 4 */
  int8_t side[SUMMER_MAX_PLAYERS];     /* Forest Floor side 0..11 per seat, or -1 for random */
  int8_t campaign_game;                /* solo only: -1 a single game; 0..2 the game of a
                                          campaign whose 75 tiles are split into 3 stacks
                                          of 25 by @seed (DECISIONS: Solo and the campaign) */
} SummerSetup;

typedef enum {
  SUMMER_MOVE_LEAF,      /* place a Leaf tile: tile, transform, square (anchor) */
  SUMMER_MOVE_SQUIRREL,  /* Normal Main Action Squirrel on square */
  SUMMER_MOVE_NUT,       /* Special Action Nut: a Squirrel on square */
  SUMMER_MOVE_BERRY,     /* Special Action Berry; solo: a = path, b = end */
  SUMMER_MOVE_MUSHROOM,  /* Alternative Main Action; 3-4 players: a, b = opponents (b may be NONE) */
  SUMMER_MOVE_FEATHER,   /* Alternative Main Action */
  SUMMER_MOVE_EXCHANGE,  /* a = treasure given, b = treasure taken: b < a one for one, b == a + 1 two for one */
  SUMMER_MOVE_ANIMAL,    /* tile = SummerAnimalKind, transform, square */
  SUMMER_MOVE_FORGO,     /* not place a claimed tile (tile) or the Feather's second tile (tile = NONE) */
  SUMMER_MOVE_REFILL,    /* solo Player Path refill: a = path, b = end */
  SUMMER_MOVE_END,       /* end the turn; in the solo end phase: end the game */
  SUMMER_N_MOVE_KINDS,
} SummerMoveKind;

typedef struct {
  uint8_t kind;          /* SummerMoveKind */
  uint8_t tile;          /* leaf index 0..74, animal kind, or SUMMER_NONE */
  uint8_t transform;     /* 0..7, see polyomino.h */
  uint8_t square;        /* 0..71: the anchor (top-left of the oriented tile's box) or the Squirrel's square */
  uint8_t a, b;          /* see SummerMoveKind */
} SummerMove;

typedef enum {
  SUMMER_PHASE_PLAY,      /* turns */
  SUMMER_PHASE_SOLO_END,  /* solo: after turn 10, exchanging and Squirrels until END */
  SUMMER_PHASE_OVER,
} SummerPhase;

typedef enum {
  SUMMER_PENDING_NONE,
  SUMMER_PENDING_MUSHROOM,  /* place (or forgo) the claimed tiles */
  SUMMER_PENDING_FEATHER,   /* place the remaining Feather tiles */
  SUMMER_PENDING_REFILL,    /* solo: choose the Path and end to refill from */
} SummerPending;

/* Where a claimed (Mushroom) tile lies: a seat 0..3, or one of these. */
#define SUMMER_SRC_COMMON 10
#define SUMMER_SRC_M1 11
#define SUMMER_SRC_M2 12

typedef struct {
  uint8_t side;                        /* Forest Floor side index 0..11 */
  FolBits72 covered;                   /* Leaf tile cells (Holes included) and Squirrels */
  FolBits72 holes;                     /* the Hole squares of placed Leaf tiles */
  FolBits72 tokens;                    /* Holes with a treasure token on them */
  FolBits72 animals;                   /* Holes under Animal tiles */
  uint8_t cover[SUMMER_SQUARES];       /* leaf index, SUMMER_COVER_SQUIRREL, or SUMMER_NONE */
  uint8_t token[SUMMER_SQUARES];       /* treasure token on a Hole, or SUMMER_NO_TREASURE */
  uint8_t animal[SUMMER_SQUARES];      /* index of the Animal tile (order placed) on a Hole, or SUMMER_NONE */
  uint8_t animal_kind[SUMMER_N_ANIMAL_TILES]; /* kind of each Animal tile this seat placed */
  uint8_t n_animals;
  uint8_t areas_done;                  /* bit i: Area i+1 complete */
  uint8_t treasures[SUMMER_N_TREASURES];
  uint8_t path[SUMMER_PATH_MAX];       /* Player Path; path[0] lies next to the Backpack */
  uint8_t path_len;
  uint8_t n_leaves;                    /* Leaf tiles placed */
  uint8_t n_squirrels;
} SummerSeat;

typedef struct {
  bool full;                           /* Forest Floor completely covered */
  uint8_t empty;                       /* empty squares at the end */
  uint8_t nuts;                        /* Nuts left after the end phase */
  uint8_t berry;                       /* a last Berry left (0 or 1) */
  uint8_t rank;                        /* 1 = first; tied seats share a rank */
  int16_t app_score;                   /* covered squares + Nuts left (the official app's score) */
  int16_t solo_score;                  /* solo: won -> treasure points, lost -> -(empty squares) */
} SummerSeatResult;

typedef struct {
  SummerSetup setup;
  FolRng rng;
  uint8_t n_players;
  uint8_t current;                     /* the seat to move; seat 0 is the start player */
  uint8_t phase;                       /* SummerPhase */
  uint8_t pending;                     /* SummerPending */
  bool main_done;                      /* the Main Action of this turn is taken */
  bool end_triggered;                  /* a Forest Floor is full: finish the round */
  uint16_t turn;                       /* turns completed, all seats together */
  uint8_t round;                       /* 1-based; solo: the turn number 1..10 */
  uint8_t supply[SUMMER_N_TREASURES];
  uint8_t animals_left[SUMMER_N_ANIMAL_KINDS];
  uint8_t animal_token[SUMMER_N_ANIMAL_KINDS]; /* set-up treasure still on this kind, or SUMMER_NO_TREASURE */
  /* multiplayer */
  uint8_t common[SUMMER_N_LEAF_TILES]; /* the Common Path; common[0] lies next to the Bush (the head) */
  uint8_t common_len;
  uint8_t reserve[SUMMER_N_LEAF_TILES];/* the shuffled reserve; taken from the end */
  uint8_t reserve_len;
  /* solo */
  uint8_t solo_path[2][SUMMER_PATH_REFILL]; /* Top and Bottom Path, [0] the left end */
  uint8_t solo_len[2];
  uint8_t track[SUMMER_TRACK_SPACES];  /* X10 .. X1 (0..9), M1 (10), M2 (11): leaf index or NONE */
  uint8_t stack[SUMMER_SOLO_TILES];    /* the 25 tiles of this solo game */
  /* pending placements */
  uint8_t claim_tile[2];               /* Mushroom: claimed tiles (NONE once placed or forgone) */
  uint8_t claim_src[2];
  uint8_t feather_left;                /* Feather: tiles still to place */
  uint8_t refill_seats;                /* bit per seat whose Path emptied during a Mushroom */
  SummerSeat seat[SUMMER_MAX_PLAYERS];
  SummerSeatResult result[SUMMER_MAX_PLAYERS];
} SummerState;

/* What one move did, for logs in words and for tests. */
typedef struct {
  uint8_t areas_completed;             /* bit per Area completed by this move */
  uint8_t gained[SUMMER_N_TREASURES];  /* treasures into the mover's supply */
  uint8_t tokens_placed[SUMMER_N_TREASURES]; /* tokens put on Holes */
  uint8_t supply_short[SUMMER_N_TREASURES];  /* owed but the supply was out */
  uint8_t tiles_drawn;                 /* Leaf tiles added to the mover's Path */
  bool floor_full;                     /* the mover's Forest Floor became full */
  bool turn_ended;
  bool game_over;
} SummerMoveInfo;

typedef struct {
  int n;
  int cap;
  SummerMove *moves;
  SummerMove inline_moves[256];
} SummerMoveList;

#define SUMMER_ERROR (summer_error_quark ())
typedef enum {
  SUMMER_ERROR_SETUP,     /* a set-up that cannot be played */
  SUMMER_ERROR_ILLEGAL,   /* a move the rules forbid now; the message says which rule */
  SUMMER_ERROR_PARSE,     /* text that is not a move or record in the notation */
} SummerError;
GQuark summer_error_quark (void);

/**
 * summer_setup_init:
 * Fills @setup for @n_players (1..4) with @seed, random sides, no campaign.
 */
void summer_setup_init (SummerSetup *setup, int n_players, uint64_t seed);

/**
 * summer_state_new_game:
 * @setup: players, seed, sides (Rulebook: Set-up; solo: Set-up solo game)
 * @state: (out caller-allocates): the state at the start of seat 0's first turn
 * Deals the tiles, draws the sides that are random, gives each player
 * 1 Berry, 1 Nut, 1 Mushroom; solo also moves the tile on X1 (turn 1).
 * Returns: TRUE, or FALSE with SUMMER_ERROR_SETUP when the player count is
 *   not 1..4, a side is out of range, two seats share a board, or the
 *   campaign game is not -1..2 (or is given with more than one player).
 */
gboolean summer_state_new_game (const SummerSetup *setup, SummerState *state, GError **error);

/**
 * summer_legal_moves:
 * @list: (out caller-allocates): initialised by this call; free with summer_move_list_clear()
 * Every legal move for the seat to move, each Leaf tile and Animal
 * placement once per distinct orientation (the lowest transform code).
 */
void summer_legal_moves (const SummerState *state, SummerMoveList *list);
void summer_move_list_clear (SummerMoveList *list);

/**
 * summer_check_move:
 * Returns: TRUE if @move is legal for the seat to move, else FALSE with
 *   SUMMER_ERROR_ILLEGAL and a message naming the rule broken.
 */
gboolean summer_check_move (const SummerState *state, const SummerMove *move, GError **error);

/**
 * summer_apply_move:
 * @info: (out) (optional): what the move did
 * Checks then plays @move.  On FALSE (@error set) @state is unchanged.
 */
gboolean summer_apply_move (SummerState *state, const SummerMove *move, SummerMoveInfo *info, GError **error);

/** Returns: whether the game is over (results are in state->result). */
static inline bool
summer_is_over (const SummerState *state)
{
  return state->phase == SUMMER_PHASE_OVER;
}

/** Returns: the number of empty squares on @seat's Forest Floor (0..72). */
int summer_empty_squares (const SummerState *state, int seat);

/**
 * summer_state_hash:
 * Returns: a 64-bit FNV-1a hash of every field of @state that the rules use,
 *   serialised field by field (no padding), equal on every machine.
 */
uint64_t summer_state_hash (const SummerState *state);

/**
 * summer_solo_auto_finish:
 * For the solo end phase (DECISIONS: "offer an auto-finish that maximises
 * the score"): fills @list with the exchanges and Nut Squirrels, then END,
 * that give the best score.  Empty list outside that phase.
 */
void summer_solo_auto_finish (const SummerState *state, SummerMoveList *list);

/**
 * summer_solo_best_score:
 * @state: a solo position in the end phase
 * Returns: the solo score that summer_solo_auto_finish()'s moves reach from
 *   @state: the best the end phase allows (Rulebook: Scoring of a game).
 */
int summer_solo_best_score (const SummerState *state);

/**
 * summer_pay_squirrel:
 * @treasures: (inout): how many of each SummerTreasure are held
 * Pays for one Squirrel of the end phase the way summer_solo_auto_finish()
 * does (DECISIONS: Solo and Multiplayer, End; docs/rules-notes.md, the end
 * phase): a Nut, else two Berries, else a Mushroom, else a Feather, the
 * cheapest in solo points first.  For the par search (summer-par.c), which
 * scores the end phase the same way.
 * Returns: TRUE, or FALSE (nothing paid) when @treasures hold no Nut's worth.
 */
bool summer_pay_squirrel (int treasures[SUMMER_N_TREASURES]);

/**
 * summer_campaign_result:
 * @won: three flags; @score: the three solo scores
 * @n_played: games played so far (2 or 3 make a result)
 * @forfeit: (out) (optional): TRUE when the third game is forfeit
 * Returns: the overall result (DECISIONS: Campaign; Rulebook: Scoring of 3 games):
 *   two or more won: the sum of the two best won; exactly one won: the sum
 *   of the two worst lost; the first two lost: the third is forfeit and the
 *   result is their sum.  Returns G_MININT when no result exists yet.
 */
int summer_campaign_result (const bool won[3], const int score[3], int n_played, bool *forfeit);

/** Returns: the number of Leaf tiles anywhere not yet placed, for invariant checks. */
int summer_count_tiles (const SummerState *state, uint8_t seen[SUMMER_N_LEAF_TILES]);

/**
 * summer_state_check_invariants:
 * @state: any position, even a damaged one (fields that index arrays are
 *   checked for range first, nothing is read out of bounds)
 * Checks what holds after every move (issue 2): every Leaf tile accounted
 * for exactly once (Paths, Common Path, reserve, floors; solo: the Top and
 * Bottom Path, the track, the box), no square covered twice or outside the
 * Forest Floor, each placed Leaf tile covering its size in squares with one
 * Hole, tokens only on Holes and of the treasure printed there, Animal
 * tiles only on Holes, the Leaf, Squirrel and Animal counts, an Area marked
 * complete exactly when its 12 squares are covered (Rulebook: Completing an
 * Area), and, while the game is played, every treasure token in the supply,
 * on a floor, on an Animal kind or in a player's hands (Rulebook:
 * Components; the end phases count treasures as Nuts, docs/rules-notes.md).
 * Returns: (transfer full) (nullable): NULL when all hold, else a sentence
 *   naming the first that does not.
 */
char *summer_state_check_invariants (const SummerState *state);

/**
 * summer_state_check_move_list:
 * @state: a position of a game that is not over
 * Checks that summer_legal_moves() and summer_check_move() agree (issue 15):
 * every listed move passes the check, and for the Alternative Main Actions
 * and forgoing (every Mushroom choice of opponents, the Feather, forgoing
 * with no tile, a claimed tile or a Path tile) a move is listed exactly when
 * the check accepts it.  A Mushroom naming seats a, b is listed once, with
 * a < b (issue 14: one move, one text).
 * Returns: (transfer full) (nullable): NULL when they agree, else a
 *   sentence naming the move (in the notation) and what disagrees.
 */
char *summer_state_check_move_list (const SummerState *state);
