/* fall-state.c: set-up, the ecosystem grid, seat views, hashing and
 * invariants of a game of Fall; see fall-state.h. */
#include "fall-state.h"
#include "fall-internal.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static inline unsigned
map_slot (int q, int r)
{
  uint32_t h = (uint32_t) (q * 0x9E3779B1u) ^ (uint32_t) (r * 0x85EBCA77u);
  h ^= h >> 15;
  return h & (FALL_MAP_SIZE - 1);
}

int
fall_state_find (const FallState *s, int q, int r)
{
  unsigned i = map_slot (q, r);
  for (;;)
    {
      uint8_t v = s->map[i];
      if (!v)
        return -1;
      const FallCell *c = &s->cell[v - 1];
      if (c->q == q && c->r == r)
        return v - 1;
      i = (i + 1) & (FALL_MAP_SIZE - 1);
    }
}

/* The 18-bit mask part that the top tile of @from shows across its edge @edge. */
static inline uint32_t
shown_bits (const FallState *s, const FallCell *from, int edge)
{
  return 1u << (3 * fall_hex_opp (edge) + fall_cell_edge_colour (s, from, edge));
}

/* Adds an empty cell at (q, r) (not yet in the map) and links it.  While
 * tiles are placed, the ecosystem is one connected group of at most 55
 * stacks holding the starting tile (fall_state_set_stacks() refuses
 * anything else), and n connected cells have at most 2n + 4 cells next to
 * them: at most 3 x 55 + 4 = 169 cells, so the table never fills and, with
 * every stack within 54 steps of 0,0, no coordinate leaves the int8_t range.
 * (A finished position may show groups apart, but gains no cells.) */
static int
add_cell (FallState *s, int q, int r)
{
  g_assert (s->n_cells < FALL_MAX_CELLS);
  int idx = s->n_cells++;
  FallCell *c = &s->cell[idx];
  memset (c, 0, sizeof *c);
  c->q = (int8_t) q;
  c->r = (int8_t) r;
  c->token = FALL_NO_TOKEN;
  c->marker = -1;
  memset (c->tile, FALL_NONE, sizeof c->tile);
  memset (c->nb, FALL_NONE, sizeof c->nb);
  unsigned i = map_slot (q, r);
  while (s->map[i])
    i = (i + 1) & (FALL_MAP_SIZE - 1);
  s->map[i] = (uint8_t) (idx + 1);
  for (int d = 0; d < 6; d++)
    {
      int j = fall_state_find (s, q + fol_hex_dirs[d].q, r + fol_hex_dirs[d].r);
      if (j < 0)
        continue;
      c->nb[d] = (uint8_t) j;
      FallCell *n = &s->cell[j];
      n->nb[fall_hex_opp (d)] = (uint8_t) idx;
      if (n->height)
        c->emask |= shown_bits (s, n, fall_hex_opp (d));
    }
  return idx;
}

void
fall_grid_top_changed (FallState *s, int idx)
{
  FallCell *c = &s->cell[idx];
  if (c->height == 1)
    {
      /* a newly occupied cell: every neighbour must be known */
      for (int d = 0; d < 6; d++)
        if (c->nb[d] == FALL_NONE)
          add_cell (s, c->q + fol_hex_dirs[d].q, c->r + fol_hex_dirs[d].r);
      c = &s->cell[idx];
    }
  for (int d = 0; d < 6; d++)
    {
      FallCell *n = &s->cell[c->nb[d]];
      int o = fall_hex_opp (d);
      n->emask = (n->emask & ~(7u << (3 * o))) | shown_bits (s, c, d);
    }
}

static void
grid_clear (FallState *s)
{
  s->n_cells = 0;
  memset (s->map, 0, sizeof s->map);
}

static bool
set_reason (const char **reason, const char *why)
{
  if (reason)
    *reason = why;
  return false;
}

bool
fall_state_set_stacks (FallState *s, const FallCell *cells, int n, const char **reason)
{
  grid_clear (s);
  if (n > FALL_N_TILES)
    return set_reason (reason, "too many stacks");
  bool start = false;
  for (int i = 0; i < n; i++)
    {
      if (abs (cells[i].q) > FALL_COORD_MAX || abs (cells[i].r) > FALL_COORD_MAX)
        return set_reason (reason, "a coordinate is out of range (-100..100)");
      if (!cells[i].height || cells[i].height > FALL_MAX_HEIGHT)
        return set_reason (reason, "a stack has 1 to 3 tiles");
      if (fall_state_find (s, cells[i].q, cells[i].r) >= 0)
        return set_reason (reason, "two stacks on one cell");
      start = start || (cells[i].q == 0 && cells[i].r == 0 && cells[i].tile[0] == FALL_START_TILE);
      int idx = add_cell (s, cells[i].q, cells[i].r);
      FallCell *c = &s->cell[idx];
      c->height = cells[i].height;
      memcpy (c->tile, cells[i].tile, sizeof c->tile);
      memcpy (c->rot, cells[i].rot, sizeof c->rot);
      c->token = cells[i].token;
      c->marker = cells[i].marker;
    }
  if (!start)
    return set_reason (reason, "no starting tile at 0,0");
  /* one connected group around the starting tile (rulebook "Tile Placement
   * Rules": every tile is placed next to or on top of tiles already there);
   * a finished game, where nothing is placed any more, may show groups
   * apart (positions made up for scoring) */
  uint8_t queue[FALL_N_TILES];
  bool reached[FALL_N_TILES] = { false };
  int head = 0, tail = 0;
  queue[tail++] = (uint8_t) fall_state_find (s, 0, 0);
  reached[queue[0]] = true;
  while (head < tail)
    {
      const FallCell *c = &s->cell[queue[head++]];
      for (int d = 0; d < 6; d++)
        if (c->nb[d] != FALL_NONE && !reached[c->nb[d]])
          {
            reached[c->nb[d]] = true;
            queue[tail++] = c->nb[d];
          }
    }
  if (tail != n && s->phase != FALL_PHASE_OVER)
    return set_reason (reason, "a stack is not connected to the starting tile");
  /* the cells next to the stacks, and every colour mask, from scratch */
  int n_stacks = s->n_cells;
  for (int i = 0; i < n_stacks; i++)
    for (int d = 0; d < 6; d++)
      if (s->cell[i].nb[d] == FALL_NONE)
        {
          if (s->n_cells >= FALL_MAX_CELLS)
            return set_reason (reason, "the stacks stand too far apart (too many cells next to them)");
          add_cell (s, s->cell[i].q + fol_hex_dirs[d].q, s->cell[i].r + fol_hex_dirs[d].r);
        }
  for (int i = 0; i < s->n_cells; i++)
    {
      FallCell *c = &s->cell[i];
      c->emask = 0;
      for (int d = 0; d < 6; d++)
        if (c->nb[d] != FALL_NONE && s->cell[c->nb[d]].height)
          c->emask |= shown_bits (s, &s->cell[c->nb[d]], fall_hex_opp (d));
    }
  fall_state_note_turn (s, -1);
  return true;
}

static void
reveal_week (FallState *s)
{
  for (int i = 0; i < FALL_OFFER; i++)
    {
      s->offer_tile[i] = FALL_NONE;
      s->offer_token[i] = FALL_NONE;
      for (int k = 0; k < FALL_N_STACKS; k++)
        {
          int st = (i + k) % FALL_N_STACKS;
          if (s->n_stack[st])
            {
              s->offer_tile[i] = s->stack[st][--s->n_stack[st]];
              s->tiles_offered++;
              break;
            }
        }
      if (s->n_bag)
        s->offer_token[i] = s->bag[--s->n_bag];
    }
}

void
fall_state_next_week (FallState *s)
{
  s->week++;
  s->turn = 0;
  s->phase = FALL_PHASE_TAKE;
  s->to_take = 1;
  if (s->is_view)
    {
      /* a view does not know what comes out of the stacks and the bag */
      for (int i = 0; i < FALL_OFFER; i++)
        s->offer_tile[i] = s->offer_token[i] = FALL_NONE;
      return;
    }
  reveal_week (s);
}

void
fall_state_init (FallState *s, const FallComponents *comps, uint64_t seed, const FallOptions *opts)
{
  memset (s, 0, sizeof *s);
  s->comps = comps;
  fol_rng_seed (&s->rng, seed);
  int side = opts ? opts->side : -1;
  int first = opts ? opts->first_player : -1;
  /* both are always drawn, so that the rest of the sequence does not depend
   * on the options (a record stores the values used) */
  int random_side = (int) fol_rng_below (&s->rng, 2);
  int random_first = (int) fol_rng_below (&s->rng, 2);
  s->side = (uint8_t) (side == 0 || side == 1 ? side : random_side);
  s->first_player = (uint8_t) (first == 0 || first == 1 ? first : random_first);
  for (int k = 0; k < FALL_N_CARD_KINDS; k++)
    {
      uint8_t deck[6];
      memcpy (deck, comps->cards_of_kind[k], 6);
      fol_rng_shuffle_u8 (&s->rng, deck, 6);
      s->card[0][k] = deck[0];
      s->card[1][k] = deck[1];
    }
  s->markers[0] = s->markers[1] = FALL_MARKERS;
  int n = 0;
  for (int k = 0; k < FALL_N_TOKEN_KINDS; k++)
    for (int i = 0; i < fall_token_count[k]; i++)
      s->bag[n++] = (uint8_t) k;
  s->n_bag = FALL_N_TOKENS;
  fol_rng_shuffle_u8 (&s->rng, s->bag, FALL_N_TOKENS);
  uint8_t tiles[FALL_N_LEAF_TILES];
  for (int i = 0; i < FALL_N_LEAF_TILES; i++)
    tiles[i] = (uint8_t) i;
  fol_rng_shuffle_u8 (&s->rng, tiles, FALL_N_LEAF_TILES);
  static const uint8_t sizes[FALL_N_STACKS] = { 14, 14, 13, 13 };
  n = 0;
  for (int st = 0; st < FALL_N_STACKS; st++)
    {
      memcpy (s->stack[st], tiles + n, sizes[st]);
      s->n_stack[st] = sizes[st];
      n += sizes[st];
    }
  FallCell start = { 0 };
  start.height = 1;
  start.tile[0] = FALL_START_TILE;
  start.token = FALL_NO_TOKEN;
  start.marker = -1;
  fall_state_set_stacks (s, &start, 1, NULL);
  s->week = 0;
  fall_state_next_week (s);
}

int
fall_state_first_player_of_week (const FallState *s, int week)
{
  return week % 2 == 1 ? s->first_player : 1 - s->first_player;
}

int
fall_state_current_seat (const FallState *s)
{
  int fp = fall_state_first_player_of_week (s, s->week);
  return s->turn == 1 ? 1 - fp : fp;
}

FallToken
fall_state_blocked_token (const FallState *s)
{
  int w = s->week < 1 ? 1 : s->week > FALL_N_WEEKS ? FALL_N_WEEKS : s->week;
  return (FallToken) s->comps->blocked[s->side][w - 1];
}

void
fall_state_copy (FallState *dst, const FallState *src)
{
  memcpy (dst, src, offsetof (FallState, cell) + (size_t) src->n_cells * sizeof (FallCell));
}

void
fall_state_view (const FallState *s, int seat, FallState *view)
{
  fall_state_copy (view, s);
  view->is_view = 1;
  view->viewer = (uint8_t) seat;
  memset (&view->rng, 0, sizeof view->rng);
  for (int k = 0; k < FALL_N_CARD_KINDS; k++)
    view->card[1 - seat][k] = FALL_NONE;
  /* the face-down tiles and the bag: only how many are left */
  memset (view->stack, FALL_NONE, sizeof view->stack);
  memset (view->bag, FALL_NONE, sizeof view->bag);
}

/* ---- hashing -------------------------------------------------------- */

typedef struct {
  uint64_t h;
} Fnv;

static inline void
fnv_byte (Fnv *f, uint8_t b)
{
  f->h ^= b;
  f->h *= UINT64_C (0x100000001b3);
}

static inline void
fnv_bytes (Fnv *f, const uint8_t *p, size_t n)
{
  for (size_t i = 0; i < n; i++)
    fnv_byte (f, p[i]);
}

static inline void
fnv_u64 (Fnv *f, uint64_t v)
{
  for (int i = 0; i < 8; i++)
    fnv_byte (f, (uint8_t) (v >> (8 * i)));
}

static int
cmp_cells_by_coord (const void *a, const void *b)
{
  const FallCell *x = *(const FallCell *const *) a, *y = *(const FallCell *const *) b;
  if (x->q != y->q)
    return x->q - y->q;
  return x->r - y->r;
}

uint64_t
fall_state_hash (const FallState *s)
{
  Fnv f = { UINT64_C (0xcbf29ce484222325) };
  fnv_byte (&f, 'F');
  fnv_byte (&f, 1); /* format version */
  const uint8_t head[] = { s->side, s->first_player, s->week, s->turn, s->phase, s->to_take,
                           s->is_view, s->viewer, (uint8_t) (s->n_moves & 0xff), (uint8_t) (s->n_moves >> 8) };
  fnv_bytes (&f, head, sizeof head);
  fnv_bytes (&f, s->offer_tile, FALL_OFFER);
  fnv_bytes (&f, s->offer_token, FALL_OFFER);
  fnv_byte (&f, s->n_hand_tiles);
  fnv_bytes (&f, s->hand_tile, s->n_hand_tiles);
  for (int p = 0; p < 2; p++)
    {
      fnv_bytes (&f, s->held[p], FALL_N_TOKEN_KINDS);
      fnv_byte (&f, s->markers[p]);
      fnv_bytes (&f, s->card[p], FALL_N_CARD_KINDS);
    }
  for (int st = 0; st < FALL_N_STACKS; st++)
    {
      fnv_byte (&f, s->n_stack[st]);
      fnv_bytes (&f, s->stack[st], s->n_stack[st]);
    }
  fnv_byte (&f, s->n_bag);
  fnv_bytes (&f, s->bag, s->n_bag);
  fnv_byte (&f, s->tiles_offered);
  fnv_byte (&f, s->n_placed);
  fnv_byte (&f, s->n_discarded_tiles);
  fnv_bytes (&f, s->discarded_tile, s->n_discarded_tiles);
  fnv_bytes (&f, s->boxed, FALL_N_TOKEN_KINDS);
  const FallCell *occ[FALL_MAX_CELLS];
  int n = 0;
  for (int i = 0; i < s->n_cells; i++)
    if (s->cell[i].height)
      occ[n++] = &s->cell[i];
  qsort (occ, n, sizeof occ[0], cmp_cells_by_coord);
  fnv_byte (&f, (uint8_t) n);
  for (int i = 0; i < n; i++)
    {
      const FallCell *c = occ[i];
      fnv_byte (&f, (uint8_t) c->q);
      fnv_byte (&f, (uint8_t) c->r);
      fnv_byte (&f, c->height);
      for (int h = 0; h < c->height; h++)
        {
          fnv_byte (&f, c->tile[h]);
          fnv_byte (&f, c->rot[h]);
        }
      fnv_byte (&f, c->token);
      fnv_byte (&f, (uint8_t) c->marker);
    }
  for (int i = 0; i < 4; i++)
    fnv_u64 (&f, s->rng.s[i]);
  return f.h;
}

/* ---- invariants ----------------------------------------------------- */

char *
fall_state_check_invariants (const FallState *s)
{
  int tile_seen[FALL_N_TILES] = { 0 };
  int tokens[FALL_N_TOKEN_KINDS] = { 0 };
  int on_board = 0, markers_used[2] = { 0 };
  for (int i = 0; i < s->n_cells; i++)
    {
      const FallCell *c = &s->cell[i];
      if (c->height > FALL_MAX_HEIGHT)
        return g_strdup_printf ("cell %d,%d: height %d", c->q, c->r, c->height);
      if (c->height == 0 && c->token != FALL_NO_TOKEN)
        return g_strdup_printf ("cell %d,%d: a token on an empty cell", c->q, c->r);
      for (int h = 0; h < c->height; h++)
        {
          if (c->tile[h] >= FALL_N_TILES)
            return g_strdup_printf ("cell %d,%d: bad tile", c->q, c->r);
          if (c->tile[h] == FALL_START_TILE && (h != 0 || c->height != 1 || c->q || c->r))
            return g_strdup_printf ("cell %d,%d: something on or under the starting tile", c->q, c->r);
          tile_seen[c->tile[h]]++;
          on_board += c->tile[h] != FALL_START_TILE;
        }
      if (c->height && c->tile[c->height - 1] == FALL_START_TILE && c->token != FALL_NO_TOKEN)
        return g_strdup ("a token on the starting tile");
      if (c->token != FALL_NO_TOKEN)
        {
          if (c->token >= FALL_N_TOKEN_KINDS)
            return g_strdup_printf ("cell %d,%d: bad token", c->q, c->r);
          tokens[c->token]++;
          uint8_t need = fall_token_icon (c->token);
          if (need && !(s->comps->tile[c->tile[c->height - 1]].icons & need))
            return g_strdup_printf ("cell %d,%d: a %s on a tile without its icon", c->q, c->r,
                                    fall_token_name (c->token));
          if (c->marker >= 0)
            {
              if (c->token != FALL_MUSHROOM || c->marker > 1)
                return g_strdup_printf ("cell %d,%d: a marker not on a Mushroom", c->q, c->r);
              markers_used[c->marker]++;
            }
        }
      else if (c->marker != -1)
        return g_strdup_printf ("cell %d,%d: a marker without a Mushroom", c->q, c->r);
    }
  if (on_board != s->n_placed)
    return g_strdup_printf ("%d tiles on the board, n_placed %d", on_board, s->n_placed);
  for (int p = 0; p < 2; p++)
    if (markers_used[p] + s->markers[p] != FALL_MARKERS)
      return g_strdup_printf ("seat %d: %d markers placed, %d in reserve", p, markers_used[p], s->markers[p]);
  if (!s->is_view)
    {
      for (int st = 0; st < FALL_N_STACKS; st++)
        for (int i = 0; i < s->n_stack[st]; i++)
          if (s->stack[st][i] < FALL_N_TILES)
            tile_seen[s->stack[st][i]]++;
    }
  for (int i = 0; i < FALL_OFFER; i++)
    {
      if (s->offer_tile[i] != FALL_NONE)
        tile_seen[s->offer_tile[i]]++;
      if (s->offer_token[i] != FALL_NONE)
        tokens[s->offer_token[i]]++;
    }
  for (int i = 0; i < s->n_hand_tiles; i++)
    tile_seen[s->hand_tile[i]]++;
  for (int i = 0; i < s->n_discarded_tiles; i++)
    tile_seen[s->discarded_tile[i]]++;
  for (int i = 0; i < FALL_N_TILES; i++)
    if (tile_seen[i] != 1 && !s->is_view)
      return g_strdup_printf ("tile %s accounted for %d times", s->comps->tile[i].id, tile_seen[i]);
  for (int i = 0; i < s->n_bag; i++)
    {
      if (s->bag[i] < FALL_N_TOKEN_KINDS)
        tokens[s->bag[i]]++;
      else if (!s->is_view)
        return g_strdup ("a bad token in the bag");
    }
  for (int k = 0; k < FALL_N_TOKEN_KINDS && !s->is_view; k++)
    {
      tokens[k] += s->held[0][k] + s->held[1][k] + s->boxed[k];
      if (tokens[k] != fall_token_count[k])
        return g_strdup_printf ("%d %s tokens accounted for, %d exist", tokens[k], fall_token_name (k),
                                fall_token_count[k]);
    }
  int expect_offered = s->phase == FALL_PHASE_OVER ? FALL_TILES_PLAYED : 4 * s->week;
  if (s->tiles_offered != expect_offered)
    return g_strdup_printf ("%d tiles offered by week %d", s->tiles_offered, s->week);
  for (int p = 0; p < 2; p++)
    {
      int held = 0;
      for (int k = 0; k < FALL_N_TOKEN_KINDS; k++)
        held += s->held[p][k];
      gboolean between_turns = s->phase == FALL_PHASE_OVER || p != fall_state_current_seat (s)
                               || (s->phase == FALL_PHASE_TAKE && s->to_take == (s->turn == 1 ? 2 : 1));
      if (between_turns && (held > FALL_MAX_HELD || s->held[p][FALL_TOAD]))
        return g_strdup_printf ("seat %d holds %d tokens (%d Toads) between turns", p, held, s->held[p][FALL_TOAD]);
    }
  if (s->phase == FALL_PHASE_OVER && s->n_placed + s->n_discarded_tiles != FALL_TILES_PLAYED)
    return g_strdup_printf ("game over with %d tiles placed and %d discarded", s->n_placed, s->n_discarded_tiles);
  return NULL;
}
