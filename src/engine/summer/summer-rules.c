/* summer-rules.c: the rules of Indian Summer, solo and multiplayer.
 *
 * Section names in comments are those of ../shared/rules/indian-summer-rulebook.txt;
 * "DECISIONS" points at ../shared/rules/DECISIONS.md; "notes" at docs/rules-notes.md. */
#include "summer-state.h"

#include <string.h>

G_DEFINE_QUARK (summer-error-quark, summer_error)

#define ALL72 (fol_bb_all ())

static const SummerComponents *
comp (void)
{
  return summer_components ();
}

void
summer_setup_init (SummerSetup *setup, int n_players, uint64_t seed)
{
  memset (setup, 0, sizeof *setup);
  setup->seed = seed;
  setup->n_players = (uint8_t) n_players;
  for (int i = 0; i < SUMMER_MAX_PLAYERS; i++)
    setup->side[i] = -1;
  setup->campaign_game = -1;
}

int
summer_empty_squares (const SummerState *s, int seat)
{
  return SUMMER_SQUARES - fol_bb_count (s->seat[seat].covered);
}

/* ------------------------------------------------------------------ */
/* Move lists                                                          */

static void
list_init (SummerMoveList *l)
{
  l->n = 0;
  l->cap = G_N_ELEMENTS (l->inline_moves);
  l->moves = l->inline_moves;
}

static void
list_push (SummerMoveList *l, uint8_t kind, uint8_t tile, uint8_t transform, uint8_t square,
           uint8_t a, uint8_t b)
{
  if (l->n == l->cap)
    {
      int cap = l->cap * 2;
      SummerMove *m = g_new (SummerMove, cap);
      memcpy (m, l->moves, sizeof (SummerMove) * l->n);
      if (l->moves != l->inline_moves)
        g_free (l->moves);
      l->moves = m;
      l->cap = cap;
    }
  l->moves[l->n++] = (SummerMove) { kind, tile, transform, square, a, b };
}

void
summer_move_list_clear (SummerMoveList *l)
{
  if (l->moves != l->inline_moves)
    g_free (l->moves);
  list_init (l);
}

/* ------------------------------------------------------------------ */
/* Paths                                                               */

static bool
path_contains (const SummerSeat *seat, int tile)
{
  for (int i = 0; i < seat->path_len; i++)
    if (seat->path[i] == tile)
      return true;
  return false;
}

static void
path_remove (SummerSeat *seat, int tile)
{
  for (int i = 0; i < seat->path_len; i++)
    if (seat->path[i] == tile)
      {
        memmove (&seat->path[i], &seat->path[i + 1], seat->path_len - i - 1);
        seat->path_len--;
        return;
      }
}

/* DECISIONS: "When it holds fewer than 7, append tiles from the shuffled
 * reserve at its tail until it holds 20 or the reserve is empty." */
static void
common_top_up (SummerState *s)
{
  if (s->common_len >= SUMMER_COMMON_LOW)
    return;
  while (s->common_len < SUMMER_COMMON_MAX && s->reserve_len > 0)
    s->common[s->common_len++] = s->reserve[--s->reserve_len];
}

static int
common_take_head (SummerState *s)
{
  if (s->common_len == 0)
    return -1;
  int tile = s->common[0];
  memmove (&s->common[0], &s->common[1], s->common_len - 1);
  s->common_len--;
  common_top_up (s);
  return tile;
}

/* Rulebook: Player Path, steps 1-4: from the Bush until 5 (or fewer left). */
static int
multi_refill (SummerState *s, int seat_i, int upto)
{
  SummerSeat *seat = &s->seat[seat_i];
  int drawn = 0;
  while (seat->path_len < upto && s->common_len > 0)
    {
      seat->path[seat->path_len++] = (uint8_t) common_take_head (s);
      drawn++;
    }
  return drawn;
}

/* Solo: take the outermost tiles of @path at @end, one by one, until the
 * Player Path holds @upto or the chosen Path is empty (Rulebook: The Top and
 * the Bottom Path). */
static int
solo_take (SummerState *s, int path, int end, int upto)
{
  SummerSeat *seat = &s->seat[0];
  int drawn = 0;
  while (seat->path_len < upto && s->solo_len[path] > 0)
    {
      int tile;
      if (end == SUMMER_LEFT)
        {
          tile = s->solo_path[path][0];
          memmove (&s->solo_path[path][0], &s->solo_path[path][1], s->solo_len[path] - 1);
        }
      else
        tile = s->solo_path[path][s->solo_len[path] - 1];
      s->solo_len[path]--;
      seat->path[seat->path_len++] = (uint8_t) tile;
      drawn++;
    }
  return drawn;
}

/* Solo track: move the tile on space @from to the rightmost empty space to
 * its right (DECISIONS: Solo; notes: a tile never moves left). */
static void
track_move_right (SummerState *s, int from)
{
  if (s->track[from] == SUMMER_NONE)
    return;
  for (int to = SUMMER_TRACK_SPACES - 1; to > from; to--)
    if (s->track[to] == SUMMER_NONE)
      {
        s->track[to] = s->track[from];
        s->track[from] = SUMMER_NONE;
        return;
      }
}

static int
track_space_of_x (int k)
{
  return SUMMER_TRACK_M1 - k; /* X1 -> 9, X10 -> 0 */
}

/* ------------------------------------------------------------------ */
/* Placing on a Forest Floor                                           */

/* Rulebook: Area: complete when all 12 squares are covered; take all the
 * treasure tokens from the Holes of that Area. */
static void
check_areas (SummerState *s, int seat_i, SummerMoveInfo *info)
{
  SummerSeat *seat = &s->seat[seat_i];
  const SummerFloorSide *side = &comp ()->side[seat->side];
  for (int a = 0; a < SUMMER_N_AREAS; a++)
    {
      if (seat->areas_done & (1u << a))
        continue;
      if ((seat->covered & side->area_mask[a]) != side->area_mask[a])
        continue;
      seat->areas_done |= (uint8_t) (1u << a);
      info->areas_completed |= (uint8_t) (1u << a);
      FolBits72 toks = seat->tokens & side->area_mask[a];
      while (toks)
        {
          int sq = fol_bb_lowest (toks);
          toks &= toks - 1;
          int t = seat->token[sq];
          seat->treasures[t]++;
          info->gained[t]++;
          seat->token[sq] = SUMMER_NO_TREASURE;
          seat->tokens &= ~fol_bb_bit (sq);
        }
    }
  if (seat->covered == ALL72)
    info->floor_full = true;
}

static const FolOrientation *
leaf_orientation (int tile, int transform)
{
  const FolOrientationSet *set = &comp ()->leaf[tile].orientations;
  return &set->o[set->of_transform[transform & 7]];
}

static const FolOrientation *
animal_orientation (int kind, int transform)
{
  const FolOrientationSet *set = &comp ()->animal[kind].orientations;
  return &set->o[set->of_transform[transform & 7]];
}

/* Rulebook: Treasures: a Hole over a printed treasure gets a token of that
 * type from the supply (DECISIONS: Supply: nothing when it is out). */
static void
place_leaf (SummerState *s, int seat_i, int tile, int transform, int anchor, SummerMoveInfo *info)
{
  SummerSeat *seat = &s->seat[seat_i];
  const FolOrientation *o = leaf_orientation (tile, transform);
  const SummerFloorSide *side = &comp ()->side[seat->side];
  int ax = anchor % SUMMER_COLS, ay = anchor / SUMMER_COLS;
  for (int i = 0; i < o->n_cells; i++)
    {
      int sq = (ay + o->cells[i].y) * SUMMER_COLS + ax + o->cells[i].x;
      seat->cover[sq] = (uint8_t) tile;
      if (i == o->hole)
        {
          seat->holes |= fol_bb_bit (sq);
          int t = side->treasure[sq];
          if (t != SUMMER_NO_TREASURE)
            {
              if (s->supply[t] > 0)
                {
                  s->supply[t]--;
                  seat->token[sq] = (uint8_t) t;
                  seat->tokens |= fol_bb_bit (sq);
                  info->tokens_placed[t]++;
                }
              else
                info->supply_short[t]++;
            }
        }
    }
  seat->covered |= fol_orientation_at (o, anchor);
  seat->n_leaves++;
  check_areas (s, seat_i, info);
}

static void
place_squirrel (SummerState *s, int seat_i, int square, SummerMoveInfo *info)
{
  SummerSeat *seat = &s->seat[seat_i];
  seat->covered |= fol_bb_bit (square);
  seat->cover[square] = SUMMER_COVER_SQUIRREL;
  seat->n_squirrels++;
  check_areas (s, seat_i, info);
}

static bool
leaf_fits_anywhere (const SummerState *s, int seat_i, int tile)
{
  FolBits72 free_sq = ALL72 & ~s->seat[seat_i].covered;
  const FolOrientationSet *set = &comp ()->leaf[tile].orientations;
  for (int k = 0; k < set->n; k++)
    if (fol_orientation_fits (&set->o[k], free_sq))
      return true;
  return false;
}

/* Whether any tile of @seat_i's Player Path fits anywhere on that floor. */
static bool
path_fits_anywhere (const SummerState *s, int seat_i)
{
  const SummerSeat *seat = &s->seat[seat_i];
  for (int i = 0; i < seat->path_len; i++)
    if (leaf_fits_anywhere (s, seat_i, seat->path[i]))
      return true;
  return false;
}

static bool
leaf_fits_at (const SummerState *s, int seat_i, int tile, int transform, int anchor)
{
  if (transform < 0 || transform > 7 || anchor < 0 || anchor >= SUMMER_SQUARES)
    return false;
  const FolOrientation *o = leaf_orientation (tile, transform);
  if (!fol_bb_test (o->anchors, anchor))
    return false;
  return (fol_orientation_at (o, anchor) & s->seat[seat_i].covered) == 0;
}

static FolBits72
free_holes (const SummerSeat *seat)
{
  return seat->holes & ~seat->tokens & ~seat->animals;
}

/* ------------------------------------------------------------------ */
/* Set-up                                                              */

static gboolean
setup_error (GError **error, const char *msg)
{
  g_set_error_literal (error, SUMMER_ERROR, SUMMER_ERROR_SETUP, msg);
  return FALSE;
}

static void
give_start_treasures (SummerState *s, int seat_i)
{
  /* Rulebook: Set-up I: 1 Berry, 1 Nut and 1 Mushroom each. */
  for (int t = SUMMER_BERRY; t <= SUMMER_MUSHROOM; t++)
    {
      s->supply[t]--;
      s->seat[seat_i].treasures[t]++;
    }
}

static void
seat_init (SummerSeat *seat, int side)
{
  memset (seat, 0, sizeof *seat);
  seat->side = (uint8_t) side;
  memset (seat->cover, SUMMER_NONE, sizeof seat->cover);
  memset (seat->token, SUMMER_NO_TREASURE, sizeof seat->token);
  memset (seat->animal, SUMMER_NONE, sizeof seat->animal);
  memset (seat->animal_kind, SUMMER_NONE, sizeof seat->animal_kind);
}

static void start_turn (SummerState *s);

gboolean
summer_state_new_game (const SummerSetup *setup, SummerState *s, GError **error)
{
  const SummerComponents *c = summer_components_get (error);
  if (!c)
    return FALSE;
  int n = setup->n_players;
  if (n < 1 || n > SUMMER_MAX_PLAYERS)
    return setup_error (error, "Indian Summer takes 1 to 4 players");
  if (setup->campaign_game < -1 || setup->campaign_game > 2 || (setup->campaign_game >= 0 && n != 1))
    return setup_error (error, "a campaign game is a solo game numbered 1 to 3");
  for (int i = 0; i < n; i++)
    {
      if (setup->side[i] < -1 || setup->side[i] >= SUMMER_N_SIDES)
        return setup_error (error, "a Forest Floor side is 1A to 6B");
      for (int j = 0; j < i; j++)
        if (setup->side[i] >= 0 && setup->side[j] >= 0 && setup->side[i] / 2 == setup->side[j] / 2)
          return setup_error (error, "each player needs a different Forest Floor board");
    }

  memset (s, 0, sizeof *s);
  s->setup = *setup;
  s->n_players = (uint8_t) n;
  fol_rng_seed (&s->rng, setup->seed);
  for (int t = 0; t < SUMMER_N_TREASURES; t++)
    s->supply[t] = summer_supply_limit[t];
  for (int k = 0; k < SUMMER_N_ANIMAL_KINDS; k++)
    {
      s->animals_left[k] = c->animal[k].count;
      s->animal_token[k] = c->animal[k].setup_treasure;
      if (c->animal[k].setup_treasure != SUMMER_NO_TREASURE)
        s->supply[c->animal[k].setup_treasure]--;   /* Rulebook: Set-up C */
    }
  memset (s->track, SUMMER_NONE, sizeof s->track);
  memset (s->claim_tile, SUMMER_NONE, sizeof s->claim_tile);
  memset (s->claim_src, SUMMER_NONE, sizeof s->claim_src);
  memset (s->stack, SUMMER_NONE, sizeof s->stack);

  /* Sides: the random ones drawn first, in seat order. */
  int side[SUMMER_MAX_PLAYERS];
  bool board_used[SUMMER_N_SIDES / 2] = { false };
  for (int i = 0; i < n; i++)
    if (setup->side[i] >= 0)
      board_used[setup->side[i] / 2] = true;
  FolRng side_rng = s->rng;
  if (setup->campaign_game >= 0)
    fol_rng_seed (&side_rng, setup->seed ^ G_GUINT64_CONSTANT (0x5CA1AB1E5EED5EED));
  for (int i = 0; i < n; i++)
    {
      if (setup->side[i] >= 0)
        {
          side[i] = setup->side[i];
          continue;
        }
      int free_boards[6], nf = 0;
      for (int b = 0; b < 6; b++)
        if (!board_used[b])
          free_boards[nf++] = b;
      int board = free_boards[fol_rng_below (&side_rng, (uint32_t) nf)];
      board_used[board] = true;
      side[i] = board * 2 + (int) fol_rng_below (&side_rng, 2);
    }
  if (setup->campaign_game < 0)
    s->rng = side_rng;
  for (int i = 0; i < n; i++)
    {
      seat_init (&s->seat[i], side[i]);
      s->result[i].rank = 0;
    }

  uint8_t tiles[SUMMER_N_LEAF_TILES];
  for (int i = 0; i < SUMMER_N_LEAF_TILES; i++)
    tiles[i] = (uint8_t) i;

  if (n == 1)
    {
      /* Rulebook: Set-up solo game; DECISIONS: 25 tiles a game, campaign stacks. */
      if (setup->campaign_game >= 0)
        {
          FolRng split;
          fol_rng_seed (&split, setup->seed);
          fol_rng_shuffle_u8 (&split, tiles, SUMMER_N_LEAF_TILES);
          memcpy (s->stack, tiles + 25 * setup->campaign_game, SUMMER_SOLO_TILES);
          uint64_t x = setup->seed + (uint64_t) setup->campaign_game + 1;
          fol_rng_seed (&s->rng, fol_splitmix64 (&x));
        }
      else
        {
          fol_rng_shuffle_u8 (&s->rng, tiles, SUMMER_N_LEAF_TILES);
          memcpy (s->stack, tiles, SUMMER_SOLO_TILES);
        }
      uint8_t deal[SUMMER_SOLO_TILES];
      memcpy (deal, s->stack, SUMMER_SOLO_TILES);
      fol_rng_shuffle_u8 (&s->rng, deal, SUMMER_SOLO_TILES);
      memcpy (s->solo_path[SUMMER_TOP_PATH], deal, 5);
      memcpy (s->solo_path[SUMMER_BOTTOM_PATH], deal + 5, 5);
      s->solo_len[0] = s->solo_len[1] = 5;
      for (int k = 10; k >= 1; k--)
        s->track[track_space_of_x (k)] = deal[10 + (10 - k)];
      memcpy (s->seat[0].path, deal + 20, 5);
      s->seat[0].path_len = 5;
    }
  else
    {
      /* Rulebook: Set-up E, F, H; DECISIONS: 2 green, 2 yellow, 1 red from the Backpack outwards. */
      fol_rng_shuffle_u8 (&s->rng, tiles, SUMMER_N_LEAF_TILES);
      bool dealt[SUMMER_N_LEAF_TILES] = { false };
      static const int want[5] = { SUMMER_GREEN, SUMMER_GREEN, SUMMER_YELLOW, SUMMER_YELLOW, SUMMER_RED };
      for (int i = 0; i < n; i++)
        for (int w = 0; w < 5; w++)
          for (int k = 0; k < SUMMER_N_LEAF_TILES; k++)
            if (!dealt[tiles[k]] && c->leaf[tiles[k]].colour == (SummerColour) want[w])
              {
                dealt[tiles[k]] = true;
                s->seat[i].path[s->seat[i].path_len++] = tiles[k];
                break;
              }
      uint8_t rest[SUMMER_N_LEAF_TILES];
      int nrest = 0;
      for (int k = 0; k < SUMMER_N_LEAF_TILES; k++)
        if (!dealt[tiles[k]])
          rest[nrest++] = tiles[k];
      /* the first 20 form the Common Path (rest[0] next to the Bush); the
       * reserve is taken from its end, so store it reversed */
      s->common_len = SUMMER_COMMON_MAX;
      memcpy (s->common, rest, SUMMER_COMMON_MAX);
      s->reserve_len = (uint8_t) (nrest - SUMMER_COMMON_MAX);
      for (int k = 0; k < s->reserve_len; k++)
        s->reserve[k] = rest[nrest - 1 - k];
    }
  for (int i = 0; i < n; i++)
    give_start_treasures (s, i);
  s->round = 1;
  s->current = 0;
  s->phase = SUMMER_PHASE_PLAY;
  start_turn (s);
  return TRUE;
}

/* Solo: "At the beginning of each turn move the one Leaf tile that is on the
 * space with the number corresponding to the current turn onto the last
 * empty space on the very right." */
static void
start_turn (SummerState *s)
{
  s->main_done = false;
  s->pending = SUMMER_PENDING_NONE;
  if (s->n_players == 1 && s->round >= 1 && s->round <= SUMMER_SOLO_TURNS)
    track_move_right (s, track_space_of_x (s->round));
}

/* ------------------------------------------------------------------ */
/* End of the game                                                     */

typedef struct {
  int order[SUMMER_N_AREAS];
  int n_order;
  long value;
} EndPlan;

typedef struct {
  const SummerSeat *seat;
  const SummerFloorSide *side;
  bool solo;
  int areas[SUMMER_N_AREAS];
  int n_areas;
  int empties[SUMMER_N_AREAS];
  uint8_t area_tokens[SUMMER_N_AREAS][SUMMER_N_TREASURES];
  EndPlan best;
  int perm[SUMMER_N_AREAS];
  bool used[SUMMER_N_AREAS];
} EndSearch;

/* Pays one Nut for a Squirrel from @h: a Nut, else two Berries, else a
 * Mushroom, else a Feather: the cheapest in solo points first. */
static bool
pay_nut (int h[SUMMER_N_TREASURES])
{
  if (h[SUMMER_NUT] > 0)
    h[SUMMER_NUT]--;
  else if (h[SUMMER_BERRY] >= 2)
    h[SUMMER_BERRY] -= 2;
  else if (h[SUMMER_MUSHROOM] > 0)
    h[SUMMER_MUSHROOM]--;
  else if (h[SUMMER_FEATHER] > 0)
    h[SUMMER_FEATHER]--;
  else
    return false;
  return true;
}

bool
summer_pay_squirrel (int treasures[SUMMER_N_TREASURES])
{
  return pay_nut (treasures);
}

static int
nut_equivalents (const int h[SUMMER_N_TREASURES])
{
  return h[SUMMER_NUT] + h[SUMMER_MUSHROOM] + h[SUMMER_FEATHER] + h[SUMMER_BERRY] / 2;
}

/* Evaluates completing the incomplete Areas in the order of es->perm. */
static long
end_evaluate (EndSearch *es, int n_order)
{
  int h[SUMMER_N_TREASURES];
  for (int t = 0; t < SUMMER_N_TREASURES; t++)
    h[t] = es->seat->treasures[t];
  int covered = fol_bb_count (es->seat->covered);
  bool all_done = true;
  for (int k = 0; k < n_order; k++)
    {
      int a = es->perm[k];
      int e = es->empties[a];
      if (nut_equivalents (h) < e)
        {
          covered += nut_equivalents (h);
          all_done = false;
          break;
        }
      for (int i = 0; i < e; i++)
        pay_nut (h);
      covered += e;
      for (int t = 0; t < SUMMER_N_TREASURES; t++)
        h[t] += es->area_tokens[a][t];
    }
  if (!all_done || covered < SUMMER_SQUARES)
    return covered;
  if (es->solo)
    return 1000 + h[SUMMER_BERRY] + 2 * h[SUMMER_NUT] + 3 * h[SUMMER_MUSHROOM] + 4 * h[SUMMER_FEATHER];
  /* multiplayer: all converted to Nuts, ranked by Nuts then a Berry left */
  return 1000 + 2 * nut_equivalents (h) + (h[SUMMER_BERRY] % 2);
}

static void
end_permute (EndSearch *es, int depth)
{
  if (depth == es->n_areas)
    {
      long v = end_evaluate (es, depth);
      if (v > es->best.value)
        {
          es->best.value = v;
          es->best.n_order = depth;
          memcpy (es->best.order, es->perm, sizeof es->perm);
        }
      return;
    }
  for (int i = 0; i < es->n_areas; i++)
    if (!es->used[i])
      {
        es->used[i] = true;
        es->perm[depth] = es->areas[i];
        end_permute (es, depth + 1);
        es->used[i] = false;
      }
}

static void
end_plan (const SummerState *s, int seat_i, bool solo, EndPlan *plan)
{
  EndSearch es = { 0 };
  es.seat = &s->seat[seat_i];
  es.side = &comp ()->side[es.seat->side];
  es.solo = solo;
  for (int a = 0; a < SUMMER_N_AREAS; a++)
    {
      if (es.seat->areas_done & (1u << a))
        continue;
      es.areas[es.n_areas++] = a;
      es.empties[a] = fol_bb_count (es.side->area_mask[a] & ~es.seat->covered);
      FolBits72 toks = es.seat->tokens & es.side->area_mask[a];
      while (toks)
        {
          int sq = fol_bb_lowest (toks);
          toks &= toks - 1;
          es.area_tokens[a][es.seat->token[sq]]++;
        }
    }
  es.best.value = -1;
  end_permute (&es, 0);
  *plan = es.best;
}

/* The first empty square of the first Area in @plan's order that is not full. */
static int
end_next_square (const SummerState *s, int seat_i, const EndPlan *plan)
{
  const SummerSeat *seat = &s->seat[seat_i];
  const SummerFloorSide *side = &comp ()->side[seat->side];
  for (int k = 0; k < plan->n_order; k++)
    {
      FolBits72 e = side->area_mask[plan->order[k]] & ~seat->covered;
      if (e)
        return fol_bb_lowest (e);
    }
  return -1;
}

/* DECISIONS: Multiplayer, End: convert all treasures to Nuts, spend Nuts on
 * Squirrels while empty squares remain, take the treasures of Areas so
 * completed and convert them again, until nothing changes.  The Areas are
 * completed in the order that covers the most (notes: the end phase). */
static void
finish_multiplayer_seat (SummerState *s, int seat_i)
{
  SummerSeat *seat = &s->seat[seat_i];
  EndPlan plan;
  end_plan (s, seat_i, false, &plan);
  for (;;)
    {
      int h[SUMMER_N_TREASURES];
      for (int t = 0; t < SUMMER_N_TREASURES; t++)
        h[t] = seat->treasures[t];
      int sq = end_next_square (s, seat_i, &plan);
      if (sq < 0 || !pay_nut (h))
        break;
      for (int t = 0; t < SUMMER_N_TREASURES; t++)
        seat->treasures[t] = (uint8_t) h[t];
      SummerMoveInfo info = { 0 };
      place_squirrel (s, seat_i, sq, &info);
    }
  SummerSeatResult *r = &s->result[seat_i];
  int h[SUMMER_N_TREASURES];
  for (int t = 0; t < SUMMER_N_TREASURES; t++)
    h[t] = seat->treasures[t];
  r->nuts = (uint8_t) nut_equivalents (h);
  r->berry = (uint8_t) (h[SUMMER_BERRY] % 2);
  memset (seat->treasures, 0, sizeof seat->treasures);
  seat->treasures[SUMMER_NUT] = r->nuts;
  seat->treasures[SUMMER_BERRY] = r->berry;
  r->empty = (uint8_t) summer_empty_squares (s, seat_i);
  r->full = r->empty == 0;
  r->app_score = (int16_t) (SUMMER_SQUARES - r->empty + r->nuts);
}

static int
result_cmp (const SummerSeatResult *a, const SummerSeatResult *b)
{
  /* negative: a ranks better.  Rulebook: End of the game; DECISIONS: ranking. */
  if (a->full != b->full)
    return a->full ? -1 : 1;
  if (a->full)
    {
      if (a->nuts != b->nuts)
        return a->nuts > b->nuts ? -1 : 1;
      if (a->berry != b->berry)
        return a->berry > b->berry ? -1 : 1;
      return 0;
    }
  if (a->empty != b->empty)
    return a->empty < b->empty ? -1 : 1;
  return 0;
}

static void
finish_game (SummerState *s)
{
  s->phase = SUMMER_PHASE_OVER;
  s->pending = SUMMER_PENDING_NONE;
  if (s->n_players == 1)
    {
      SummerSeatResult *r = &s->result[0];
      const SummerSeat *seat = &s->seat[0];
      r->empty = (uint8_t) summer_empty_squares (s, 0);
      r->full = r->empty == 0;
      r->nuts = seat->treasures[SUMMER_NUT];
      r->berry = seat->treasures[SUMMER_BERRY];
      r->rank = 1;
      r->app_score = (int16_t) (SUMMER_SQUARES - r->empty + r->nuts);
      /* Rulebook: Scoring of a game */
      r->solo_score = r->full
        ? (int16_t) (seat->treasures[SUMMER_BERRY] + 2 * seat->treasures[SUMMER_NUT]
                     + 3 * seat->treasures[SUMMER_MUSHROOM] + 4 * seat->treasures[SUMMER_FEATHER])
        : (int16_t) -r->empty;
      return;
    }
  for (int i = 0; i < s->n_players; i++)
    finish_multiplayer_seat (s, i);
  for (int i = 0; i < s->n_players; i++)
    {
      int better = 0;
      for (int j = 0; j < s->n_players; j++)
        if (result_cmp (&s->result[j], &s->result[i]) < 0)
          better++;
      s->result[i].rank = (uint8_t) (better + 1);
    }
}

int
summer_campaign_result (const bool won[3], const int score[3], int n_played, bool *forfeit)
{
  if (forfeit)
    *forfeit = false;
  if (n_played >= 2 && !won[0] && !won[1])
    {
      if (forfeit)
        *forfeit = true;
      return score[0] + score[1];
    }
  if (n_played < 3)
    return G_MININT;
  int wins[3], losses[3], nw = 0, nl = 0;
  for (int i = 0; i < 3; i++)
    {
      if (won[i])
        wins[nw++] = score[i];
      else
        losses[nl++] = score[i];
    }
  if (nw >= 2)
    {
      /* the two best won games */
      int best = G_MININT, second = G_MININT;
      for (int i = 0; i < nw; i++)
        {
          if (wins[i] > best)
            {
              second = best;
              best = wins[i];
            }
          else if (wins[i] > second)
            second = wins[i];
        }
      return best + second;
    }
  /* exactly one won: the sum of the two worst lost games (here the only two) */
  return losses[0] + losses[1];
}

/* ------------------------------------------------------------------ */
/* Legality                                                            */

static gboolean
illegal (GError **error, const char *format, ...) G_GNUC_PRINTF (2, 3);

static gboolean
illegal (GError **error, const char *format, ...)
{
  if (error)
    {
      va_list ap;
      va_start (ap, format);
      g_autofree char *msg = g_strdup_vprintf (format, ap);
      va_end (ap);
      g_set_error_literal (error, SUMMER_ERROR, SUMMER_ERROR_ILLEGAL, msg);
    }
  return FALSE;
}

static bool
treasure_ok (int t)
{
  return t >= 0 && t < SUMMER_N_TREASURES;
}

/* The claimable sources of a Mushroom (Rulebook: Mushroom; DECISIONS). */
static int
mushroom_claims (const SummerState *s, const SummerMove *m, uint8_t tile[2], uint8_t src[2])
{
  int n = 0;
  tile[0] = tile[1] = src[0] = src[1] = SUMMER_NONE;
  if (s->n_players == 1)
    {
      for (int sp = SUMMER_TRACK_M1; sp <= SUMMER_TRACK_M2; sp++)
        if (s->track[sp] != SUMMER_NONE)
          {
            tile[n] = s->track[sp];
            src[n++] = (uint8_t) (sp == SUMMER_TRACK_M1 ? SUMMER_SRC_M1 : SUMMER_SRC_M2);
          }
      return n;
    }
  if (s->n_players == 2)
    {
      const SummerSeat *opp = &s->seat[1 - s->current];
      if (opp->path_len > 0)
        {
          tile[n] = opp->path[0];
          src[n++] = (uint8_t) (1 - s->current);
        }
      if (s->common_len > 0)
        {
          tile[n] = s->common[0];
          src[n++] = SUMMER_SRC_COMMON;
        }
      return n;
    }
  int picks[2] = { m->a, m->b };
  for (int k = 0; k < 2; k++)
    if (picks[k] != SUMMER_NONE)
      {
        tile[n] = s->seat[picks[k]].path[0];
        src[n++] = (uint8_t) picks[k];
      }
  return n;
}

/* Rulebook: Mushroom: "Only if there is no more space for them on your
 * Forest Floor you are allowed to forgo taking one of the two Leaf tiles"
 * (solo: "1 of the 2"); Game flow: "You are not allowed to pass."  So at
 * least one of the @n claimed tiles must fit (notes: Forgoing a tile).  As
 * nothing else can be done between the Mushroom and its placements, the
 * tile that fits still fits once the other is forgone: at most one is
 * forgone. */
static bool
claims_fit (const SummerState *s, const uint8_t tile[2], int n)
{
  for (int k = 0; k < n; k++)
    if (leaf_fits_anywhere (s, s->current, tile[k]))
      return true;
  return false;
}

/* Whether a Mushroom choosing opponents @a, @b (ignored with 1-2 players)
 * takes at least one tile that fits (claims_fit). */
static bool
mushroom_choice_fits (const SummerState *s, int a, int b)
{
  SummerMove probe = { SUMMER_MOVE_MUSHROOM, SUMMER_NONE, 0, 0, (uint8_t) a, (uint8_t) b };
  uint8_t tile[2], src[2];
  int n = mushroom_claims (s, &probe, tile, src);
  return claims_fit (s, tile, n);
}

static int
opponents_with_tiles (const SummerState *s)
{
  int n = 0;
  for (int i = 0; i < s->n_players; i++)
    if (i != s->current && s->seat[i].path_len > 0)
      n++;
  return n;
}

gboolean
summer_check_move (const SummerState *s, const SummerMove *m, GError **error)
{
  const SummerComponents *c = comp ();
  const SummerSeat *seat = &s->seat[s->current];
  bool play = s->phase == SUMMER_PHASE_PLAY;
  bool solo_end = s->phase == SUMMER_PHASE_SOLO_END;
  bool free_turn = play && s->pending == SUMMER_PENDING_NONE;

  if (s->phase == SUMMER_PHASE_OVER)
    return illegal (error, "the game is over");
  if (s->pending == SUMMER_PENDING_REFILL && m->kind != SUMMER_MOVE_REFILL)
    return illegal (error, "the Player Path is empty: choose the Top or Bottom Path and its end to refill it first");

  switch (m->kind)
    {
    case SUMMER_MOVE_LEAF:
      if (m->tile >= SUMMER_N_LEAF_TILES)
        return illegal (error, "there is no such Leaf tile");
      if (s->pending == SUMMER_PENDING_MUSHROOM)
        {
          if (m->tile != s->claim_tile[0] && m->tile != s->claim_tile[1])
            return illegal (error, "during a Mushroom action only the two claimed Leaf tiles may be placed");
        }
      else if (s->pending == SUMMER_PENDING_FEATHER)
        {
          if (!path_contains (seat, m->tile))
            return illegal (error, "a Feather places Leaf tiles from your own Player Path");
        }
      else if (!free_turn)
        return illegal (error, "Leaf tiles are placed only during your turn in the game");
      else if (s->main_done)
        return illegal (error, "you have already taken your Main Action this turn");
      else if (!path_contains (seat, m->tile))
        return illegal (error, "that Leaf tile is not on your Player Path");
      if (m->transform > 7 || m->square >= SUMMER_SQUARES)
        return illegal (error, "no such orientation or square");
      if (!fol_bb_test (leaf_orientation (m->tile, m->transform)->anchors, m->square))
        return illegal (error, "the Leaf tile would stick out over the edge of the Forest Floor");
      if (!leaf_fits_at (s, s->current, m->tile, m->transform, m->square))
        return illegal (error, "the Leaf tile would overlap a Leaf tile or a Squirrel");
      return TRUE;

    case SUMMER_MOVE_SQUIRREL:
      if (!free_turn)
        return illegal (error, "a Squirrel as Main Action is placed only during your turn in the game");
      if (s->main_done)
        return illegal (error, "you have already taken your Main Action this turn");
      if (m->square >= SUMMER_SQUARES || fol_bb_test (seat->covered, m->square))
        return illegal (error, "a Squirrel goes on an empty square");
      return TRUE;

    case SUMMER_MOVE_NUT:
      if (!(free_turn || solo_end) || s->pending != SUMMER_PENDING_NONE)
        return illegal (error, "a Nut is spent before or after the Main Action, not during it");
      if (seat->treasures[SUMMER_NUT] == 0)
        return illegal (error, "you have no Nut");
      if (m->square >= SUMMER_SQUARES || fol_bb_test (seat->covered, m->square))
        return illegal (error, "a Squirrel goes on an empty square");
      return TRUE;

    case SUMMER_MOVE_BERRY:
      if (!free_turn)
        return illegal (error, "a Berry is spent before or after the Main Action, during the game");
      if (seat->treasures[SUMMER_BERRY] == 0)
        return illegal (error, "you have no Berry");
      if (seat->path_len >= SUMMER_PATH_MAX)
        return illegal (error, "you can never have more than 6 Leaf tiles on your Player Path");
      if (s->n_players == 1)
        {
          if (m->a > 1 || m->b > 1)
            return illegal (error, "choose the Top or Bottom Path and its left or right end");
          if (s->solo_len[m->a] == 0)
            return illegal (error, "that Path has no Leaf tiles left");
        }
      else if (s->common_len == 0)
        return illegal (error, "the Common Path is empty");
      return TRUE;

    case SUMMER_MOVE_MUSHROOM:
      {
        if (!free_turn)
          return illegal (error, "a Mushroom is an Alternative Main Action of your turn");
        if (s->main_done)
          return illegal (error, "you have already taken your Main Action this turn");
        if (seat->treasures[SUMMER_MUSHROOM] == 0)
          return illegal (error, "you have no Mushroom");
        if (s->n_players >= 3)
          {
            int owt = opponents_with_tiles (s);
            if (m->a >= s->n_players || m->a == s->current || s->seat[m->a].path_len == 0)
              return illegal (error, "choose opponents who have Leaf tiles on their Player Paths");
            if (owt >= 2)
              {
                if (m->b >= s->n_players || m->b == s->current || m->b == m->a || s->seat[m->b].path_len == 0)
                  return illegal (error, "choose two different opponents who have Leaf tiles on their Player Paths");
              }
            else if (m->b != SUMMER_NONE)
              return illegal (error, "only one opponent has Leaf tiles on the Player Path");
            /* Rulebook: Mushroom: the claimed tiles are placed "in the order
             * of your choice", and emptied Paths refill in turn order, so
             * the order of the two opponents changes nothing in play: a
             * choice has one form, the lower seat first (docs/notation.md),
             * as the legal-move list and the notation write it. */
            if (m->b != SUMMER_NONE && m->b < m->a)
              return illegal (error, "name the two opponents lower seat first (M 2,4, not M 4,2): the order "
                                     "changes nothing, the claimed tiles are placed in the order of your choice");
          }
        uint8_t tile[2], src[2];
        int n = mushroom_claims (s, m, tile, src);
        if (n == 0)
          return illegal (error, s->n_players == 1 ? "there are no Leaf tiles on the Mushroom spaces"
                                                  : "there are no Leaf tiles to take");
        if (!claims_fit (s, tile, n))
          {
            if (n == 1)
              return illegal (error, s->n_players == 1
                              ? "the only Leaf tile on the Mushroom spaces fits nowhere on your Forest Floor: "
                                "you are not allowed to pass"
                              : "the only Leaf tile this Mushroom would take fits nowhere on your Forest Floor: "
                                "you are not allowed to pass");
            return illegal (error, s->n_players == 1
                            ? "neither Leaf tile on the Mushroom spaces fits on your Forest Floor: only 1 of the 2 "
                              "may be forgone, and you are not allowed to pass"
                            : "neither Leaf tile this Mushroom would take fits on your Forest Floor: only one of "
                              "the two may be forgone, and you are not allowed to pass");
          }
        return TRUE;
      }

    case SUMMER_MOVE_FEATHER:
      if (!free_turn)
        return illegal (error, "a Feather is an Alternative Main Action of your turn");
      if (s->main_done)
        return illegal (error, "you have already taken your Main Action this turn");
      if (seat->treasures[SUMMER_FEATHER] == 0)
        return illegal (error, "you have no Feather");
      if (seat->path_len < 2)
        return illegal (error, "a Feather needs at least 2 Leaf tiles on your Player Path");
      /* Rulebook: Feather: "Place 2 Leaf tiles"; Game flow: no passing
       * (notes: Forgoing a tile: only the second placement may be forgone) */
      if (!path_fits_anywhere (s, s->current))
        return illegal (error, "no Leaf tile of your Player Path fits on your Forest Floor: a Feather places "
                        "2 of them, only the second may be forgone, and you are not allowed to pass");
      return TRUE;

    case SUMMER_MOVE_EXCHANGE:
      if (!(free_turn || solo_end) || s->pending != SUMMER_PENDING_NONE)
        return illegal (error, "treasures are exchanged during your turn, not in the middle of an action");
      if (!treasure_ok (m->a) || !treasure_ok (m->b))
        return illegal (error, "no such treasure");
      if (m->b < m->a)
        {
          if (seat->treasures[m->a] < 1)
            return illegal (error, "you have no %s", summer_treasure_name (m->a));
        }
      else if (m->b == m->a + 1)
        {
          if (seat->treasures[m->a] < 2)
            return illegal (error, "two of the same treasure are exchanged for one of the next higher value");
        }
      else
        return illegal (error, "exchange one treasure for one of lower value, or two of a kind for one of the next higher value");
      if (play && s->supply[m->b] == 0)
        return illegal (error, "the supply has no %s left", summer_treasure_name (m->b));
      return TRUE;

    case SUMMER_MOVE_ANIMAL:
      {
        if (!free_turn)
          return illegal (error, "Animal tiles are placed during your turn, not in the middle of an action");
        if (m->tile >= SUMMER_N_ANIMAL_KINDS)
          return illegal (error, "there is no such Animal tile");
        if (s->animals_left[m->tile] == 0)
          return illegal (error, "no %s tile is left", c->animal[m->tile].name);
        if (m->transform > 7 || m->square >= SUMMER_SQUARES)
          return illegal (error, "no such orientation or square");
        const FolOrientation *o = animal_orientation (m->tile, m->transform);
        if (!fol_bb_test (o->anchors, m->square))
          return illegal (error, "the Animal tile would stick out over the edge of the Forest Floor");
        FolBits72 mask = fol_orientation_at (o, m->square);
        if ((mask & free_holes (seat)) != mask)
          return illegal (error, "an Animal tile covers only free Holes (no treasure on them), matching its shape");
        return TRUE;
      }

    case SUMMER_MOVE_FORGO:
      if (s->pending == SUMMER_PENDING_MUSHROOM)
        {
          if (m->tile == SUMMER_NONE || (m->tile != s->claim_tile[0] && m->tile != s->claim_tile[1]))
            return illegal (error, "only a claimed Leaf tile can be forgone");
          if (leaf_fits_anywhere (s, s->current, m->tile))
            return illegal (error, "a claimed Leaf tile may be forgone only if it fits nowhere on your Forest Floor");
          return TRUE;
        }
      if (s->pending == SUMMER_PENDING_FEATHER)
        {
          if (m->tile != SUMMER_NONE)
            return illegal (error, "the Feather's second placement is forgone as a whole: write forgo without a tile");
          if (s->feather_left > 1)
            return illegal (error, "a Feather places 2 Leaf tiles: only the second placement may be forgone");
          if (path_fits_anywhere (s, s->current))
            return illegal (error, "a Leaf tile of your Player Path still fits: the Feather places it");
          return TRUE;
        }
      return illegal (error, "there is nothing to forgo");

    case SUMMER_MOVE_REFILL:
      if (s->pending != SUMMER_PENDING_REFILL)
        return illegal (error, "the Player Path is refilled only when its last tile is taken");
      if (m->a > 1 || m->b > 1)
        return illegal (error, "choose the Top or Bottom Path and its left or right end");
      if (s->solo_len[m->a] == 0)
        return illegal (error, "that Path has no Leaf tiles left");
      return TRUE;

    case SUMMER_MOVE_END:
      if (s->pending != SUMMER_PENDING_NONE)
        return illegal (error, "finish the action first");
      if (play && !s->main_done && seat->covered != ALL72)
        return illegal (error, "take a Main Action first: you are not allowed to pass");
      return TRUE;

    default:
      return illegal (error, "unknown move");
    }
}

/* ------------------------------------------------------------------ */
/* Applying moves                                                      */

/* After the last tile left the mover's own Path (Rulebook: Player Path). */
static void
own_path_emptied (SummerState *s, SummerMoveInfo *info)
{
  SummerSeat *seat = &s->seat[s->current];
  if (seat->path_len > 0)
    return;
  if (s->n_players == 1)
    {
      if (s->solo_len[0] + s->solo_len[1] > 0)
        s->pending = SUMMER_PENDING_REFILL;
    }
  else
    info->tiles_drawn += (uint8_t) multi_refill (s, s->current, SUMMER_PATH_REFILL);
}

static void
finish_mushroom (SummerState *s)
{
  if (s->n_players == 1)
    {
      /* "Afterwards move any Leaf tiles which lie on spaces with a lower
       * number than the current turn one after the other to the last empty
       * space on the very right." lowest number first */
      for (int k = 1; k < s->round; k++)
        track_move_right (s, track_space_of_x (k));
    }
  else
    {
      /* "If 2 players should be affected, they both refill in turn order." */
      for (int d = 1; d < s->n_players; d++)
        {
          int i = (s->current + d) % s->n_players;
          if (s->refill_seats & (1u << i))
            multi_refill (s, i, SUMMER_PATH_REFILL);
        }
      s->refill_seats = 0;
    }
  s->pending = SUMMER_PENDING_NONE;
}

static void
take_claimed (SummerState *s, int k)
{
  int tile = s->claim_tile[k];
  int src = s->claim_src[k];
  if (src < SUMMER_MAX_PLAYERS)
    {
      path_remove (&s->seat[src], tile);
      if (s->seat[src].path_len == 0)
        s->refill_seats |= (uint8_t) (1u << src);
    }
  else if (src == SUMMER_SRC_COMMON)
    common_take_head (s);
  else
    s->track[src == SUMMER_SRC_M1 ? SUMMER_TRACK_M1 : SUMMER_TRACK_M2] = SUMMER_NONE;
  s->claim_tile[k] = s->claim_src[k] = SUMMER_NONE;
  if (s->claim_tile[0] == SUMMER_NONE && s->claim_tile[1] == SUMMER_NONE)
    finish_mushroom (s);
}

static void
end_turn (SummerState *s, SummerMoveInfo *info)
{
  info->turn_ended = true;
  s->turn++;
  if (s->phase == SUMMER_PHASE_SOLO_END)
    {
      finish_game (s);
      info->game_over = true;
      return;
    }
  if (s->n_players == 1)
    {
      /* Solo: exactly 10 turns; a full floor ends it early (notes). */
      if (s->round >= SUMMER_SOLO_TURNS || s->seat[0].covered == ALL72)
        {
          s->phase = SUMMER_PHASE_SOLO_END;
          s->main_done = true;
          return;
        }
      s->round++;
      start_turn (s);
      return;
    }
  /* Rulebook: End of the game: finish the current round up to the player
   * to the right of the start player (seat n-1). */
  if (s->end_triggered && s->current == s->n_players - 1)
    {
      finish_game (s);
      info->game_over = true;
      return;
    }
  s->current = (uint8_t) ((s->current + 1) % s->n_players);
  if (s->current == 0)
    s->round++;
  start_turn (s);
}

gboolean
summer_apply_move (SummerState *s, const SummerMove *m, SummerMoveInfo *info_out, GError **error)
{
  if (!summer_check_move (s, m, error))
    return FALSE;
  const SummerComponents *c = comp ();
  SummerMoveInfo info = { 0 };
  int me = s->current;
  SummerSeat *seat = &s->seat[me];
  bool end_phase = s->phase != SUMMER_PHASE_PLAY;

  switch (m->kind)
    {
    case SUMMER_MOVE_LEAF:
      if (s->pending == SUMMER_PENDING_MUSHROOM)
        {
          int k = m->tile == s->claim_tile[0] ? 0 : 1;
          place_leaf (s, me, m->tile, m->transform, m->square, &info);
          take_claimed (s, k);
        }
      else
        {
          path_remove (seat, m->tile);
          place_leaf (s, me, m->tile, m->transform, m->square, &info);
          if (s->pending == SUMMER_PENDING_FEATHER)
            {
              if (--s->feather_left == 0)
                s->pending = SUMMER_PENDING_NONE;
            }
          else
            s->main_done = true;
          if (s->pending == SUMMER_PENDING_NONE)
            own_path_emptied (s, &info);
        }
      break;

    case SUMMER_MOVE_SQUIRREL:
      place_squirrel (s, me, m->square, &info);
      s->main_done = true;
      break;

    case SUMMER_MOVE_NUT:
      seat->treasures[SUMMER_NUT]--;
      if (!end_phase)
        s->supply[SUMMER_NUT]++;
      place_squirrel (s, me, m->square, &info);
      break;

    case SUMMER_MOVE_BERRY:
      seat->treasures[SUMMER_BERRY]--;
      s->supply[SUMMER_BERRY]++;
      {
        /* Rulebook: Berry: refill to 5, or with 5 take a 6th. */
        int upto = seat->path_len >= SUMMER_PATH_REFILL ? seat->path_len + 1 : SUMMER_PATH_REFILL;
        if (s->n_players == 1)
          info.tiles_drawn = (uint8_t) solo_take (s, m->a, m->b, upto);
        else
          info.tiles_drawn = (uint8_t) multi_refill (s, me, upto);
      }
      break;

    case SUMMER_MOVE_MUSHROOM:
      seat->treasures[SUMMER_MUSHROOM]--;
      s->supply[SUMMER_MUSHROOM]++;
      s->main_done = true;
      mushroom_claims (s, m, s->claim_tile, s->claim_src);
      s->refill_seats = 0;
      s->pending = SUMMER_PENDING_MUSHROOM;
      break;

    case SUMMER_MOVE_FEATHER:
      seat->treasures[SUMMER_FEATHER]--;
      s->supply[SUMMER_FEATHER]++;
      s->main_done = true;
      s->feather_left = 2;
      s->pending = SUMMER_PENDING_FEATHER;
      break;

    case SUMMER_MOVE_EXCHANGE:
      {
        int give = m->b < m->a ? 1 : 2;
        seat->treasures[m->a] -= (uint8_t) give;
        seat->treasures[m->b]++;
        if (!end_phase)
          {
            s->supply[m->a] += (uint8_t) give;
            s->supply[m->b]--;
          }
        info.gained[m->b]++;
      }
      break;

    case SUMMER_MOVE_ANIMAL:
      {
        /* Rulebook: The Animal tiles; DECISIONS: one treasure per printed
         * treasure under it, plus the set-up token of Racoon, Fox, Badger. */
        const FolOrientation *o = animal_orientation (m->tile, m->transform);
        const SummerFloorSide *side = &c->side[seat->side];
        FolBits72 mask = fol_orientation_at (o, m->square);
        int idx = seat->n_animals++;
        seat->animal_kind[idx] = m->tile;
        seat->animals |= mask;
        s->animals_left[m->tile]--;
        FolBits72 sqs = mask;
        while (sqs)
          {
            int sq = fol_bb_lowest (sqs);
            sqs &= sqs - 1;
            seat->animal[sq] = (uint8_t) idx;
            int t = side->treasure[sq];
            if (t == SUMMER_NO_TREASURE)
              continue;
            if (s->supply[t] > 0)
              {
                s->supply[t]--;
                seat->treasures[t]++;
                info.gained[t]++;
              }
            else
              info.supply_short[t]++;
          }
        if (s->animal_token[m->tile] != SUMMER_NO_TREASURE)
          {
            int t = s->animal_token[m->tile];
            seat->treasures[t]++;
            info.gained[t]++;
            /* one such tile of each kind: its token is gone with it */
            s->animal_token[m->tile] = SUMMER_NO_TREASURE;
          }
      }
      break;

    case SUMMER_MOVE_FORGO:
      if (s->pending == SUMMER_PENDING_MUSHROOM)
        {
          int k = m->tile == s->claim_tile[0] ? 0 : 1;
          s->claim_tile[k] = s->claim_src[k] = SUMMER_NONE;
          if (s->claim_tile[0] == SUMMER_NONE && s->claim_tile[1] == SUMMER_NONE)
            finish_mushroom (s);
        }
      else
        {
          s->feather_left = 0;
          s->pending = SUMMER_PENDING_NONE;
          own_path_emptied (s, &info);
        }
      break;

    case SUMMER_MOVE_REFILL:
      s->pending = SUMMER_PENDING_NONE;
      info.tiles_drawn = (uint8_t) solo_take (s, m->a, m->b, SUMMER_PATH_REFILL);
      break;

    case SUMMER_MOVE_END:
      end_turn (s, &info);
      break;

    default:
      g_assert_not_reached ();
    }

  if (s->phase == SUMMER_PHASE_PLAY && s->n_players > 1 && s->seat[me].covered == ALL72)
    s->end_triggered = true;   /* Rulebook: End of the game */
  if (info_out)
    *info_out = info;
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* Move generation                                                     */

static void
gen_leaf (const SummerState *s, int tile, SummerMoveList *l)
{
  FolBits72 free_sq = ALL72 & ~s->seat[s->current].covered;
  const FolOrientationSet *set = &comp ()->leaf[tile].orientations;
  for (int k = 0; k < set->n; k++)
    {
      FolBits72 fits = fol_orientation_fits (&set->o[k], free_sq);
      while (fits)
        {
          int a = fol_bb_lowest (fits);
          fits &= fits - 1;
          list_push (l, SUMMER_MOVE_LEAF, (uint8_t) tile, set->o[k].transform, (uint8_t) a, 0, 0);
        }
    }
}

static void
gen_squares (const SummerState *s, uint8_t kind, SummerMoveList *l)
{
  FolBits72 e = ALL72 & ~s->seat[s->current].covered;
  while (e)
    {
      int sq = fol_bb_lowest (e);
      e &= e - 1;
      list_push (l, kind, SUMMER_NONE, 0, (uint8_t) sq, 0, 0);
    }
}

static void
gen_exchanges (const SummerState *s, SummerMoveList *l)
{
  const SummerSeat *seat = &s->seat[s->current];
  bool play = s->phase == SUMMER_PHASE_PLAY;
  for (int a = 0; a < SUMMER_N_TREASURES; a++)
    {
      if (seat->treasures[a] == 0)
        continue;
      for (int b = 0; b < a; b++)
        if (!play || s->supply[b] > 0)
          list_push (l, SUMMER_MOVE_EXCHANGE, SUMMER_NONE, 0, 0, (uint8_t) a, (uint8_t) b);
      if (a + 1 < SUMMER_N_TREASURES && seat->treasures[a] >= 2 && (!play || s->supply[a + 1] > 0))
        list_push (l, SUMMER_MOVE_EXCHANGE, SUMMER_NONE, 0, 0, (uint8_t) a, (uint8_t) (a + 1));
    }
}

static void
gen_animals (const SummerState *s, SummerMoveList *l)
{
  const SummerSeat *seat = &s->seat[s->current];
  FolBits72 fh = free_holes (seat);
  if (fol_bb_count (fh) < 2)
    return;
  for (int k = 0; k < SUMMER_N_ANIMAL_KINDS; k++)
    {
      if (s->animals_left[k] == 0)
        continue;
      const FolOrientationSet *set = &comp ()->animal[k].orientations;
      for (int o = 0; o < set->n; o++)
        {
          FolBits72 fits = fol_orientation_fits (&set->o[o], fh);
          while (fits)
            {
              int a = fol_bb_lowest (fits);
              fits &= fits - 1;
              list_push (l, SUMMER_MOVE_ANIMAL, (uint8_t) k, set->o[o].transform, (uint8_t) a, 0, 0);
            }
        }
    }
}

void
summer_legal_moves (const SummerState *s, SummerMoveList *l)
{
  list_init (l);
  if (s->phase == SUMMER_PHASE_OVER)
    return;
  const SummerSeat *seat = &s->seat[s->current];

  switch (s->pending)
    {
    case SUMMER_PENDING_REFILL:
      for (int p = 0; p < 2; p++)
        if (s->solo_len[p] > 0)
          for (int e = 0; e < 2; e++)
            list_push (l, SUMMER_MOVE_REFILL, SUMMER_NONE, 0, 0, (uint8_t) p, (uint8_t) e);
      return;
    case SUMMER_PENDING_MUSHROOM:
      for (int k = 0; k < 2; k++)
        if (s->claim_tile[k] != SUMMER_NONE)
          {
            int before = l->n;
            gen_leaf (s, s->claim_tile[k], l);
            if (l->n == before)
              list_push (l, SUMMER_MOVE_FORGO, s->claim_tile[k], 0, 0, 0, 0);
          }
      return;
    case SUMMER_PENDING_FEATHER:
      for (int i = 0; i < seat->path_len; i++)
        gen_leaf (s, seat->path[i], l);
      if (l->n == 0 && s->feather_left == 1)
        list_push (l, SUMMER_MOVE_FORGO, SUMMER_NONE, 0, 0, 0, 0);
      return;
    default:
      break;
    }

  if (s->phase == SUMMER_PHASE_SOLO_END)
    {
      if (seat->treasures[SUMMER_NUT] > 0)
        gen_squares (s, SUMMER_MOVE_NUT, l);
      gen_exchanges (s, l);
      list_push (l, SUMMER_MOVE_END, SUMMER_NONE, 0, 0, 0, 0);
      return;
    }

  bool floor_full = seat->covered == ALL72;
  if (!s->main_done && !floor_full)
    {
      for (int i = 0; i < seat->path_len; i++)
        gen_leaf (s, seat->path[i], l);
      gen_squares (s, SUMMER_MOVE_SQUIRREL, l);
      if (seat->treasures[SUMMER_MUSHROOM] > 0)
        {
          /* only the choices that take a tile that fits (claims_fit) */
          if (s->n_players >= 3)
            {
              int owt = opponents_with_tiles (s);
              for (int a = 0; a < s->n_players; a++)
                {
                  if (a == s->current || s->seat[a].path_len == 0)
                    continue;
                  if (owt == 1)
                    {
                      if (mushroom_choice_fits (s, a, SUMMER_NONE))
                        list_push (l, SUMMER_MOVE_MUSHROOM, SUMMER_NONE, 0, 0, (uint8_t) a, SUMMER_NONE);
                    }
                  else
                    for (int b = a + 1; b < s->n_players; b++)
                      if (b != s->current && s->seat[b].path_len > 0 && mushroom_choice_fits (s, a, b))
                        list_push (l, SUMMER_MOVE_MUSHROOM, SUMMER_NONE, 0, 0, (uint8_t) a, (uint8_t) b);
                }
            }
          else if (mushroom_choice_fits (s, SUMMER_NONE, SUMMER_NONE))
            list_push (l, SUMMER_MOVE_MUSHROOM, SUMMER_NONE, 0, 0, SUMMER_NONE, SUMMER_NONE);
        }
      if (seat->treasures[SUMMER_FEATHER] > 0 && seat->path_len >= 2 && path_fits_anywhere (s, s->current))
        list_push (l, SUMMER_MOVE_FEATHER, SUMMER_NONE, 0, 0, 0, 0);
    }
  if (seat->treasures[SUMMER_NUT] > 0 && !floor_full)
    gen_squares (s, SUMMER_MOVE_NUT, l);
  if (seat->treasures[SUMMER_BERRY] > 0 && seat->path_len < SUMMER_PATH_MAX)
    {
      if (s->n_players == 1)
        {
          for (int p = 0; p < 2; p++)
            if (s->solo_len[p] > 0)
              for (int e = 0; e < 2; e++)
                list_push (l, SUMMER_MOVE_BERRY, SUMMER_NONE, 0, 0, (uint8_t) p, (uint8_t) e);
        }
      else if (s->common_len > 0)
        list_push (l, SUMMER_MOVE_BERRY, SUMMER_NONE, 0, 0, 0, 0);
    }
  gen_exchanges (s, l);
  gen_animals (s, l);
  if (s->main_done || floor_full)
    list_push (l, SUMMER_MOVE_END, SUMMER_NONE, 0, 0, 0, 0);
}

/* ------------------------------------------------------------------ */
/* Solo auto-finish                                                    */

int
summer_solo_best_score (const SummerState *state)
{
  g_return_val_if_fail (state != NULL, 0);
  SummerState fin = *state;
  SummerMoveList l;
  summer_solo_auto_finish (&fin, &l);
  for (int i = 0; i < l.n; i++)
    summer_apply_move (&fin, &l.moves[i], NULL, NULL);
  summer_move_list_clear (&l);
  return fin.result[0].solo_score;
}

void
summer_solo_auto_finish (const SummerState *s0, SummerMoveList *l)
{
  list_init (l);
  if (s0->phase != SUMMER_PHASE_SOLO_END || s0->pending != SUMMER_PENDING_NONE)
    return;
  SummerState s = *s0;
  EndPlan plan;
  end_plan (&s, 0, true, &plan);
  for (;;)
    {
      SummerSeat *seat = &s.seat[0];
      int sq = end_next_square (&s, 0, &plan);
      if (sq < 0)
        break;
      SummerMove x = { SUMMER_MOVE_EXCHANGE, SUMMER_NONE, 0, 0, 0, SUMMER_NUT };
      if (seat->treasures[SUMMER_NUT] == 0)
        {
          if (seat->treasures[SUMMER_BERRY] >= 2)
            x.a = SUMMER_BERRY;
          else if (seat->treasures[SUMMER_MUSHROOM] > 0)
            x.a = SUMMER_MUSHROOM;
          else if (seat->treasures[SUMMER_FEATHER] > 0)
            x.a = SUMMER_FEATHER;
          else
            break;
          list_push (l, x.kind, x.tile, 0, 0, x.a, x.b);
          summer_apply_move (&s, &x, NULL, NULL);
        }
      SummerMove nut = { SUMMER_MOVE_NUT, SUMMER_NONE, 0, (uint8_t) sq, 0, 0 };
      list_push (l, nut.kind, nut.tile, 0, nut.square, 0, 0);
      summer_apply_move (&s, &nut, NULL, NULL);
    }
  list_push (l, SUMMER_MOVE_END, SUMMER_NONE, 0, 0, 0, 0);
}

/* ------------------------------------------------------------------ */
/* Hash and tile accounting                                            */

typedef struct {
  uint64_t h;
} Fnv;

static void
fnv_bytes (Fnv *f, const void *data, size_t len)
{
  const uint8_t *p = data;
  for (size_t i = 0; i < len; i++)
    {
      f->h ^= p[i];
      f->h *= G_GUINT64_CONSTANT (0x100000001b3);
    }
}

static void
fnv_u64 (Fnv *f, uint64_t v)
{
  uint8_t b[8];
  for (int i = 0; i < 8; i++)
    b[i] = (uint8_t) (v >> (8 * i));
  fnv_bytes (f, b, 8);
}

static void
fnv_bb (Fnv *f, FolBits72 b)
{
  fnv_u64 (f, (uint64_t) b);
  fnv_u64 (f, (uint64_t) (b >> 64));
}

static void
fnv_u8 (Fnv *f, unsigned v)
{
  uint8_t b = (uint8_t) v;
  fnv_bytes (f, &b, 1);
}

uint64_t
summer_state_hash (const SummerState *s)
{
  Fnv f = { G_GUINT64_CONSTANT (0xcbf29ce484222325) };
  for (int i = 0; i < 4; i++)
    fnv_u64 (&f, s->rng.s[i]);
  fnv_u8 (&f, s->n_players);
  fnv_u8 (&f, s->current);
  fnv_u8 (&f, s->phase);
  fnv_u8 (&f, s->pending);
  fnv_u8 (&f, s->main_done);
  fnv_u8 (&f, s->end_triggered);
  fnv_u8 (&f, s->turn & 0xff);
  fnv_u8 (&f, s->turn >> 8);
  fnv_u8 (&f, s->round);
  fnv_bytes (&f, s->supply, sizeof s->supply);
  fnv_bytes (&f, s->animals_left, sizeof s->animals_left);
  fnv_bytes (&f, s->animal_token, sizeof s->animal_token);
  fnv_u8 (&f, s->common_len);
  fnv_bytes (&f, s->common, s->common_len);
  fnv_u8 (&f, s->reserve_len);
  fnv_bytes (&f, s->reserve, s->reserve_len);
  for (int p = 0; p < 2; p++)
    {
      fnv_u8 (&f, s->solo_len[p]);
      fnv_bytes (&f, s->solo_path[p], s->solo_len[p]);
    }
  fnv_bytes (&f, s->track, sizeof s->track);
  fnv_bytes (&f, s->claim_tile, sizeof s->claim_tile);
  fnv_bytes (&f, s->claim_src, sizeof s->claim_src);
  fnv_u8 (&f, s->feather_left);
  fnv_u8 (&f, s->refill_seats);
  for (int i = 0; i < s->n_players; i++)
    {
      const SummerSeat *seat = &s->seat[i];
      fnv_u8 (&f, seat->side);
      fnv_bb (&f, seat->covered);
      fnv_bb (&f, seat->holes);
      fnv_bb (&f, seat->tokens);
      fnv_bb (&f, seat->animals);
      fnv_bytes (&f, seat->cover, sizeof seat->cover);
      fnv_bytes (&f, seat->token, sizeof seat->token);
      fnv_bytes (&f, seat->animal, sizeof seat->animal);
      fnv_bytes (&f, seat->animal_kind, sizeof seat->animal_kind);
      fnv_u8 (&f, seat->n_animals);
      fnv_u8 (&f, seat->areas_done);
      fnv_bytes (&f, seat->treasures, sizeof seat->treasures);
      fnv_u8 (&f, seat->path_len);
      fnv_bytes (&f, seat->path, seat->path_len);
      fnv_u8 (&f, seat->n_leaves);
      fnv_u8 (&f, seat->n_squirrels);
    }
  return f.h;
}

int
summer_count_tiles (const SummerState *s, uint8_t seen[SUMMER_N_LEAF_TILES])
{
  memset (seen, 0, SUMMER_N_LEAF_TILES);
  for (int i = 0; i < s->n_players; i++)
    {
      const SummerSeat *seat = &s->seat[i];
      for (int k = 0; k < seat->path_len; k++)
        seen[seat->path[k]]++;
      bool placed[SUMMER_N_LEAF_TILES] = { false };
      for (int sq = 0; sq < SUMMER_SQUARES; sq++)
        if (seat->cover[sq] < SUMMER_N_LEAF_TILES)
          placed[seat->cover[sq]] = true;
      for (int t = 0; t < SUMMER_N_LEAF_TILES; t++)
        seen[t] += placed[t];
    }
  for (int k = 0; k < s->common_len; k++)
    seen[s->common[k]]++;
  for (int k = 0; k < s->reserve_len; k++)
    seen[s->reserve[k]]++;
  if (s->n_players == 1)
    {
      for (int p = 0; p < 2; p++)
        for (int k = 0; k < s->solo_len[p]; k++)
          seen[s->solo_path[p][k]]++;
      for (int k = 0; k < SUMMER_TRACK_SPACES; k++)
        if (s->track[k] != SUMMER_NONE)
          seen[s->track[k]]++;
      /* the tiles outside this game's stack stay in the box */
      bool in_stack[SUMMER_N_LEAF_TILES] = { false };
      for (int k = 0; k < SUMMER_SOLO_TILES; k++)
        in_stack[s->stack[k]] = true;
      for (int t = 0; t < SUMMER_N_LEAF_TILES; t++)
        if (!in_stack[t])
          seen[t]++;
    }
  int n = 0;
  for (int t = 0; t < SUMMER_N_LEAF_TILES; t++)
    n += seen[t] > 0;
  return n;
}
