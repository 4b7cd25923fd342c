/* fall-state.h: the state of a game of Fall and its rules (rulebook:
 * Setup, Game Mechanics, Tile Placement Rules, Fauna and Fungi Tokens;
 * DECISIONS.md "Fall").
 *
 * FallState is a plain struct: copy it with memcpy or plain assignment.  It
 * keeps a pointer to the (immutable, process-wide) FallComponents.  Every
 * random choice comes from the FolRng inside it, so a seed and the list of
 * moves reproduce a game exactly.
 *
 * The ecosystem is an unbounded hex grid (hexgrid.h).  The state stores the
 * cells that hold a stack of tiles and the empty cells next to them
 * ("frontier" cells, height 0); a small open-addressing map finds a cell by
 * its coordinates.  Each cell also remembers, as an 18-bit mask, the colours
 * that the neighbouring top tiles show towards it, so that placement rule 1
 * is one AND per rotation.
 *
 * A turn is a sequence of moves by one seat:
 *   1. TAKE a tile-and-token combination of the offer (once; the second
 *      player of the week takes two, one move each);
 *   2. in any order: PLACE each tile taken (or DISCARD_TILE one that fits
 *      nowhere), place TOKENs taken or held, CLAIM unclaimed Mushrooms;
 *   3. END the turn, naming the held tokens put back in the box (at most 2
 *      may stay held; an unplaceable Toad goes back to the box by itself).
 */
#pragma once

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>

#include "fall-components.h"
#include "../common/hexgrid.h"
#include "../common/rng.h"

#define FALL_NONE 0xff
#define FALL_MAX_CELLS 176         /* 49 stacks and at most 2 x 49 + 4 cells next to them */
#define FALL_MAP_SIZE 512
#define FALL_N_STACKS 4
#define FALL_STACK_MAX 14
#define FALL_OFFER 4
#define FALL_MAX_HEIGHT 3
#define FALL_MARKERS 8
#define FALL_MAX_HELD 2            /* tokens kept aside at the end of a turn */
#define FALL_TILES_PLAYED 48       /* 12 weeks x 4 */

typedef enum {
  FALL_PHASE_TAKE,                 /* the seat to move takes a combination */
  FALL_PHASE_ACT,                  /* places tiles and tokens, then ends the turn */
  FALL_PHASE_OVER,                 /* after week 12 */
} FallPhase;

typedef struct {
  int8_t q, r;                     /* axial coordinates */
  uint8_t height;                  /* 0 (empty, next to a tile) .. 3 */
  uint8_t token;                   /* FallToken on the top tile, or FALL_NO_TOKEN */
  int8_t marker;                   /* on a Mushroom: the seat whose marker is on it, or -1 */
  uint8_t tile[FALL_MAX_HEIGHT];   /* tile indices, bottom first */
  uint8_t rot[FALL_MAX_HEIGHT];    /* rotation of each, 0..5 clockwise steps */
  uint8_t nb[6];                   /* index of the cell across each edge, or FALL_NONE */
  uint32_t emask;                  /* bit 3*d+colour: the top tile across edge d shows that colour to us */
} FallCell;

typedef struct {
  const FallComponents *comps;
  FolRng rng;
  uint8_t side;                    /* Season board side: 0 = A, 1 = B */
  uint8_t first_player;            /* the first player of week 1 (odd weeks) */
  uint8_t week;                    /* 1..12 */
  uint8_t turn;                    /* 0..2 within the week */
  uint8_t phase;                   /* FallPhase */
  uint8_t to_take;                 /* combinations still to take this turn */
  uint8_t is_view;                 /* 1: a seat's view, hidden parts blanked */
  uint8_t viewer;                  /* the seat of a view */
  uint16_t n_moves;                /* moves applied since set-up */
  uint8_t offer_tile[FALL_OFFER];  /* FALL_NONE once taken */
  uint8_t offer_token[FALL_OFFER];
  uint8_t n_hand_tiles;            /* tiles taken this turn, not yet placed */
  uint8_t hand_tile[2];
  uint8_t held[2][FALL_N_TOKEN_KINDS];   /* tokens held aside (and just taken) */
  uint8_t markers[2];              /* Mushroom markers left in reserve */
  uint8_t card[2][FALL_N_CARD_KINDS];    /* card indices; FALL_NONE when hidden */
  uint8_t n_stack[FALL_N_STACKS];
  uint8_t stack[FALL_N_STACKS][FALL_STACK_MAX];  /* the top is the last one; FALL_NONE in a view */
  uint8_t n_bag;
  uint8_t bag[FALL_N_TOKENS];      /* the next token drawn is bag[n_bag - 1] */
  uint8_t tiles_offered;           /* tiles revealed so far: 4 per week */
  uint8_t n_placed;                /* leaf tiles placed in the ecosystem */
  uint8_t n_discarded_tiles;       /* tiles that fitted nowhere */
  uint8_t discarded_tile[FALL_N_LEAF_TILES];
  uint8_t boxed[FALL_N_TOKEN_KINDS];     /* tokens removed from the game */
  /* What each seat's turns did to every scoring card, in public: the VP
   * change of card c (whoever holds it, or nobody) summed over seat p's
   * turns.  Anyone at the table could keep this count; the computer players
   * read the opponent's likely cards from it.  Derived from the moves: not
   * hashed, not in the position text (a parsed position starts it afresh). */
  int16_t turn_gain[2][FALL_N_CARDS];
  int16_t card_vp[FALL_N_CARDS];         /* every card's VP at the last turn's end */
  uint8_t n_cells;
  uint8_t map[FALL_MAP_SIZE];      /* cell index + 1 by coordinate hash, 0 = free slot */
  FallCell cell[FALL_MAX_CELLS];   /* cell[0] is the starting tile at (0, 0) */
} FallState;

/* Set-up choices; -1 = at random (from the game's seeded generator). */
typedef struct {
  int side;                        /* 0 = A, 1 = B */
  int first_player;                /* seat 0 or 1 */
} FallOptions;

#define FALL_OPTIONS_RANDOM ((FallOptions) { -1, -1 })

/**
 * fall_state_init:
 * @s: (out caller-allocates): the state to set up
 * @comps: the component data, kept by pointer (must outlive @s)
 * @seed: any 64-bit value; it fixes every random choice of the game
 * @opts: (nullable): side and first player, NULL for both at random
 *
 * Set-up (rulebook "Setup" 1-8): each seat draws one card of each kind;
 * 8 markers each; the 64 tokens shuffled in the bag; the 54 Leaf tiles
 * shuffled into 4 face-down stacks (14, 14, 13, 13); the Week marker on week
 * 1; 4 tiles revealed (one from each stack) and paired left to right with 4
 * tokens drawn from the bag; the starting tile at (0, 0), rotation 0.
 * The random draws, in this order forever: side, first player (both drawn
 * even when @opts fixes them), the Flower, Fox and Bird card shuffles (6 each; seat 0 takes
 * the first, seat 1 the second), the bag shuffle, the tile shuffle.
 */
void fall_state_init (FallState *s, const FallComponents *comps, uint64_t seed, const FallOptions *opts);

/**
 * fall_state_current_seat:
 * Returns: the seat (0, 1) to move: the week's first player on turns 0 and
 *   2, the other on turn 1 (rulebook "Game Mechanics": the first player role
 *   alternates weekly, week 1 is @s->first_player's).
 */
int fall_state_current_seat (const FallState *s);

/** Returns: the first player of week @week (1..12). */
int fall_state_first_player_of_week (const FallState *s, int week);

/** Returns: whether the game is over (after the last turn of week 12). */
static inline bool
fall_state_is_over (const FallState *s)
{
  return s->phase == FALL_PHASE_OVER;
}

/** Returns: the token kind blocked by the Season board this week (DECISIONS.md, Tokens). */
FallToken fall_state_blocked_token (const FallState *s);

/**
 * fall_state_find:
 * Returns: the index of the cell at (@q, @r) (occupied or next to a tile),
 *   or -1 when the state keeps no such cell.
 */
int fall_state_find (const FallState *s, int q, int r);

/** Returns: the top tile index of cell @c, or FALL_NONE when empty. */
static inline uint8_t
fall_cell_top (const FallCell *c)
{
  return c->height ? c->tile[c->height - 1] : FALL_NONE;
}

/** Returns: the colour the top tile of @c shows on its edge @edge (0..5); @c must be occupied. */
static inline int
fall_cell_edge_colour (const FallState *s, const FallCell *c, int edge)
{
  const FallLeafTile *t = &s->comps->tile[c->tile[c->height - 1]];
  return t->edge[(edge - c->rot[c->height - 1] + 12) % 6];
}

/** Returns: the FallFlower the top tile of @c shows at corner @corner (0..5); 0 if empty. */
static inline int
fall_cell_flower (const FallState *s, const FallCell *c, int corner)
{
  if (!c->height)
    return FALL_NO_FLOWER;
  const FallLeafTile *t = &s->comps->tile[c->tile[c->height - 1]];
  return t->flower[(corner - c->rot[c->height - 1] + 12) % 6];
}

/**
 * fall_state_copy:
 * Copies @src into @dst (the same as *dst = *src, but only the cells in use
 * are copied; cells beyond @src->n_cells in @dst are left as they were).
 */
void fall_state_copy (FallState *dst, const FallState *src);

/**
 * fall_state_view:
 * @s: a full state (not a view)
 * @seat: 0 or 1
 * @view: (out caller-allocates): what @seat may know: the opponent's cards
 *   are FALL_NONE, every tile of the face-down stacks and every token of
 *   the bag is FALL_NONE (only their numbers are kept: which tiles and
 *   tokens are left can be worked out from what has been seen, their order
 *   cannot), and the random generator is zeroed.  Held tokens, the offer,
 *   the ecosystem, the markers and the discards are public.  Two states
 *   that differ only in hidden information give equal views (equal in every
 *   used byte: same hash, same position text).  Rulebook "Setup" 1 (secret
 *   cards), 3-4 (bag, face-down stacks).
 */
void fall_state_view (const FallState *s, int seat, FallState *view);

/**
 * fall_state_hash:
 * Returns: a stable 64-bit FNV-1a hash of every field of @s (but the cards'
 *   record turn_gain and card_vp, which the moves decide), serialised
 *   explicitly (never struct padding; the cells sorted by coordinates, so the
 *   internal cell order does not matter).  Equal on every machine.
 */
uint64_t fall_state_hash (const FallState *s);

/**
 * fall_state_set_stacks:
 * @s: the state whose ecosystem is replaced
 * @cells: @n stacks given as (q, r, height, tiles, rotations, token,
 *   marker) (only those fields are read)
 * @n: how many, 0..55
 * @reason: (out) (optional): a static English sentence saying why not
 *
 * Replaces the whole ecosystem by the stacks of @cells, then rebuilds the
 * cells next to them, the neighbour links and colour masks.  Used by the
 * position parser and by tests.  The cards' record (turn_gain, card_vp)
 * starts afresh from the new ecosystem.  The ecosystem must hold the
 * starting tile at 0,0 and, unless @s->phase is FALL_PHASE_OVER (no tile
 * is placed any more: a position made up for scoring may show groups
 * apart), be one connected group (rulebook "Setup" 8 and "Tile Placement
 * Rules"); that bounds every coordinate and the number of cells, so that
 * no later placement can overflow the cell table or an int8_t coordinate.
 * Returns: TRUE; FALSE (with @reason set, @s's ecosystem then unusable)
 *   when a coordinate is out of range (|q|, |r| <= 100), two stacks share a
 *   cell, a stack has no tile or more than 3, the starting tile is missing,
 *   a stack is not connected to it, or there are too many stacks or cells.
 */
bool fall_state_set_stacks (FallState *s, const FallCell *cells, int n, const char **reason);

/* ---- moves ---------------------------------------------------------- */

typedef enum {
  FALL_MOVE_TAKE,                  /* arg: offer slot 0..3 */
  FALL_MOVE_PLACE,                 /* arg: tile index in hand; q, r; rot 0..5 */
  FALL_MOVE_DISCARD_TILE,          /* arg: tile index in hand that fits nowhere */
  FALL_MOVE_TOKEN,                 /* arg: FallToken held; q, r */
  FALL_MOVE_CLAIM,                 /* q, r of an unclaimed Mushroom */
  FALL_MOVE_END,                   /* discard[k]: held Mushroom/Fox/Hoopoe/Robin put back in the box */
} FallMoveKind;

typedef struct {
  uint8_t kind;
  uint8_t arg;
  uint8_t rot;
  int8_t q, r;
  uint8_t discard[4];
} FallMove;

#define FALL_MAX_MOVES 4096

typedef struct {
  int n;
  FallMove m[FALL_MAX_MOVES];
} FallMoveList;

/**
 * fall_legal_moves:
 * @list: (out caller-allocates): every legal move of the seat to move, in a
 *   fixed order (by kind, then hand/offer order, cell index, rotation):
 *   TAKE in the take phase; then PLACE (rules 1 and 2) or, for a tile that
 *   fits nowhere, DISCARD_TILE; TOKEN (icon, one per tile, Season board;
 *   while the seat holds k Toads and at most k tiles could take a Toad,
 *   only Toads: no other token may take a spot a held Toad needs);
 *   CLAIM (a marker left, an unclaimed Mushroom); END once no tile is in
 *   hand and no Toad must still be placed, one per choice of held tokens to
 *   put back in the box leaving at most 2.  Rulebook "Game Mechanics", "Tile
 *   Placement Rules", "Fauna and Fungi Tokens"; DECISIONS.md Placement, Tokens.
 *   Works on a view as well (the same moves as on the full state).
 * Returns: the number of moves (0 only when the game is over).
 */
int fall_legal_moves (const FallState *s, FallMoveList *list);

/**
 * fall_legal_placements:
 * @tile: a tile index 0..53
 * @out: (nullable) (out caller-allocates): up to FALL_MAX_MOVES PLACE moves
 * Returns: how many placements of @tile are legal now (placement rules 1
 *   and 2, rulebook "Tile Placement Rules", DECISIONS.md "Placement"),
 *   whether or not @tile is in hand.
 */
int fall_legal_placements (const FallState *s, int tile, FallMove *out);

/**
 * fall_check_move:
 * @reason: (out) (optional): a static English sentence saying why @m is
 *   illegal (not to be freed; e.g. "a stack holds at most 3 tiles", "the
 *   Season board forbids that token this week")
 * Returns: whether @m is legal for the seat to move; the state is untouched.
 *   Exactly the moves fall_legal_moves() lists are legal.
 */
bool fall_check_move (const FallState *s, const FallMove *m, const char **reason);

/**
 * fall_apply:
 * Checks @m and, when legal, plays it for the seat to move.  An END
 * finishes the turn: the named held tokens go back to the box, so does a
 * Toad that could not be placed; after the third turn of a week the next
 * week starts (4 tiles revealed, 4 tokens drawn), after week 12 the game is over.
 * Returns: TRUE; or FALSE with @reason set and @s unchanged.
 */
bool fall_apply (FallState *s, const FallMove *m, const char **reason);

/** Returns: whether @a and @b are the same move. */
bool fall_move_equal (const FallMove *a, const FallMove *b);

/**
 * fall_state_check_invariants:
 * Checks what must always hold (in a view, the tile and token totals are
 * not checked: the stacks and the bag are hidden there): stacks of 0-3, nothing on the starting tile,
 * at most one token per tile and none on an empty cell, every tile and
 * token accounted for exactly once, tiles offered = 4 per week, at most 2
 * held tokens per seat outside its own turn.
 * Returns: NULL when all hold, else a newly allocated description.
 */
char *fall_state_check_invariants (const FallState *s);
