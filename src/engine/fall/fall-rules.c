/* fall-rules.c: legal moves, move checks and applying moves in Fall
 * (rulebook "Game Mechanics", "Tile Placement Rules", "Fauna and Fungi
 * Tokens"; DECISIONS.md "Fall": Placement, Tokens). */
#include "fall-state.h"
#include "fall-internal.h"

#include <string.h>

static inline void
set_reason (const char **reason, const char *text)
{
  if (reason)
    *reason = text;
}

bool
fall_move_equal (const FallMove *a, const FallMove *b)
{
  if (a->kind != b->kind)
    return false;
  switch (a->kind)
    {
    case FALL_MOVE_TAKE:
    case FALL_MOVE_DISCARD_TILE:
      return a->arg == b->arg;
    case FALL_MOVE_PLACE:
      return a->arg == b->arg && a->q == b->q && a->r == b->r && a->rot == b->rot;
    case FALL_MOVE_TOKEN:
      return a->arg == b->arg && a->q == b->q && a->r == b->r;
    case FALL_MOVE_CLAIM:
      return a->q == b->q && a->r == b->r;
    case FALL_MOVE_END:
      return memcmp (a->discard, b->discard, sizeof a->discard) == 0;
    default:
      return false;
    }
}

/* Can a tile be put on (or next to) cell @c at all, whatever its rotation?
 * Returns 0: no; 1: rule 1 only (edge match needed); 2: every rotation
 * (rule 2: the top tile shares a colour). */
static inline int
cell_accepts (const FallState *s, const FallCell *c, const FallLeafTile *t, const char **reason)
{
  if (c->height >= FALL_MAX_HEIGHT)
    {
      set_reason (reason, "a stack holds at most 3 tiles");
      return 0;
    }
  if (c->height)
    {
      uint8_t top = c->tile[c->height - 1];
      if (top == FALL_START_TILE)
        {
          set_reason (reason, "nothing may be stacked on the starting tile");
          return 0;
        }
      if (c->token == FALL_MUSHROOM)
        {
          set_reason (reason, "nothing may be stacked on a Mushroom");
          return 0;
        }
      if (c->token == FALL_TOAD)
        {
          set_reason (reason, "nothing may be stacked on a Toad");
          return 0;
        }
      if (s->comps->tile[top].colours & t->colours)
        return 2;
      return 1;
    }
  if (s->n_placed == 0)
    {
      /* first-week rule: the first tile goes next to the starting tile */
      bool next_to_start = false;
      for (int d = 0; d < 6; d++)
        next_to_start |= c->nb[d] == 0;
      if (!next_to_start)
        {
          set_reason (reason, "the first tile must be placed next to the starting tile");
          return 0;
        }
    }
  return 1;
}

int
fall_legal_placements (const FallState *s, int tile, FallMove *out)
{
  const FallLeafTile *t = &s->comps->tile[tile];
  int n = 0;
  for (int i = 0; i < s->n_cells; i++)
    {
      const FallCell *c = &s->cell[i];
      int how = cell_accepts (s, c, t, NULL);
      if (!how)
        continue;
      for (int k = 0; k < 6; k++)
        if (how == 2 || (c->emask & t->edge_mask[k]))
          {
            if (out)
              {
                FallMove *m = &out[n];
                memset (m, 0, sizeof *m);
                m->kind = FALL_MOVE_PLACE;
                m->arg = (uint8_t) tile;
                m->q = c->q;
                m->r = c->r;
                m->rot = (uint8_t) k;
              }
            n++;
          }
    }
  return n;
}

static bool
has_placement (const FallState *s, int tile)
{
  const FallLeafTile *t = &s->comps->tile[tile];
  for (int i = 0; i < s->n_cells; i++)
    {
      const FallCell *c = &s->cell[i];
      int how = cell_accepts (s, c, t, NULL);
      if (how == 2)
        return true;
      if (how == 1)
        for (int k = 0; k < 6; k++)
          if (c->emask & t->edge_mask[k])
            return true;
    }
  return false;
}

/* Can a token of @kind go on cell @c (ignoring the Season board)? */
static inline bool
token_fits (const FallState *s, const FallCell *c, int kind, const char **reason)
{
  if (!c->height)
    {
      set_reason (reason, "there is no tile there");
      return false;
    }
  uint8_t top = c->tile[c->height - 1];
  if (top == FALL_START_TILE)
    {
      set_reason (reason, "no token may be placed on the starting tile");
      return false;
    }
  if (c->token != FALL_NO_TOKEN)
    {
      set_reason (reason, "that tile already holds a token");
      return false;
    }
  uint8_t need = fall_token_icon ((FallToken) kind);
  if (need && !(s->comps->tile[top].icons & need))
    {
      set_reason (reason, "that tile does not show the token's icon");
      return false;
    }
  return true;
}

static bool
toad_has_spot (const FallState *s)
{
  for (int i = 0; i < s->n_cells; i++)
    if (token_fits (s, &s->cell[i], FALL_TOAD, NULL))
      return true;
  return false;
}

/* How many free spots for a Toad there are now: top tiles without a token,
 * other than the starting tile; counting stops at @enough. */
static int
toad_spots (const FallState *s, int enough)
{
  int n = 0;
  for (int i = 0; i < s->n_cells && n < enough; i++)
    n += token_fits (s, &s->cell[i], FALL_TOAD, NULL);
  return n;
}

static const char toad_spot_reason[] =
  "a held Toad must be placed this turn: that tile is its last free spot";

/* Would placing a token other than a Toad take away a spot that a held
 * Toad still needs?  Every tile that takes another token is a Toad spot
 * too, and tiles only ever add Toad spots, so the answer does not depend on
 * the tile: with k Toads held and at most k spots, every spot is needed
 * (rulebook "Fauna and Fungi Tokens" and DECISIONS.md "Tokens": a Toad must
 * be placed in the turn it was taken; docs/rules-notes-fall.md, "A held
 * Toad keeps its spot"). */
static bool
toad_needs_every_spot (const FallState *s, int seat)
{
  int toads = s->held[seat][FALL_TOAD];
  return toads > 0 && toad_spots (s, toads + 1) <= toads;
}

static int
held_total (const uint8_t held[FALL_N_TOKEN_KINDS], bool with_toad)
{
  int n = 0;
  for (int k = 0; k < FALL_TOAD; k++)
    n += held[k];
  return n + (with_toad ? held[FALL_TOAD] : 0);
}

int
fall_legal_moves (const FallState *s, FallMoveList *list)
{
  list->n = 0;
  if (s->phase == FALL_PHASE_OVER)
    return 0;
  FallMove *m;
  if (s->phase == FALL_PHASE_TAKE)
    {
      for (int i = 0; i < FALL_OFFER; i++)
        if (s->offer_tile[i] != FALL_NONE)
          {
            m = &list->m[list->n++];
            memset (m, 0, sizeof *m);
            m->kind = FALL_MOVE_TAKE;
            m->arg = (uint8_t) i;
          }
      return list->n;
    }
  int seat = fall_state_current_seat (s);
  for (int h = 0; h < s->n_hand_tiles; h++)
    {
      int tile = s->hand_tile[h];
      if (h == 1 && tile == s->hand_tile[0])
        continue;
      int n = fall_legal_placements (s, tile, list->m + list->n);
      if (n == 0)
        {
          m = &list->m[list->n];
          memset (m, 0, sizeof *m);
          m->kind = FALL_MOVE_DISCARD_TILE;
          m->arg = (uint8_t) tile;
          n = 1;
        }
      list->n += n;
    }
  FallToken blocked = fall_state_blocked_token (s);
  bool toad_short = toad_needs_every_spot (s, seat);
  for (int k = 0; k < FALL_N_TOKEN_KINDS; k++)
    {
      if (!s->held[seat][k] || k == (int) blocked || (toad_short && k != FALL_TOAD))
        continue;
      for (int i = 0; i < s->n_cells; i++)
        {
          const FallCell *c = &s->cell[i];
          if (!token_fits (s, c, k, NULL))
            continue;
          m = &list->m[list->n++];
          memset (m, 0, sizeof *m);
          m->kind = FALL_MOVE_TOKEN;
          m->arg = (uint8_t) k;
          m->q = c->q;
          m->r = c->r;
        }
    }
  if (s->markers[seat])
    for (int i = 0; i < s->n_cells; i++)
      {
        const FallCell *c = &s->cell[i];
        if (c->height && c->token == FALL_MUSHROOM && c->marker < 0)
          {
            m = &list->m[list->n++];
            memset (m, 0, sizeof *m);
            m->kind = FALL_MOVE_CLAIM;
            m->q = c->q;
            m->r = c->r;
          }
      }
  if (s->n_hand_tiles == 0 && !(s->held[seat][FALL_TOAD] && toad_has_spot (s)))
    {
      const uint8_t *hd = s->held[seat];
      int total = held_total (hd, false);
      for (int a = 0; a <= hd[0]; a++)
        for (int b = 0; b <= hd[1]; b++)
          for (int c = 0; c <= hd[2]; c++)
            for (int d = 0; d <= hd[3]; d++)
              if (total - (a + b + c + d) <= FALL_MAX_HELD)
                {
                  m = &list->m[list->n++];
                  memset (m, 0, sizeof *m);
                  m->kind = FALL_MOVE_END;
                  m->discard[0] = (uint8_t) a;
                  m->discard[1] = (uint8_t) b;
                  m->discard[2] = (uint8_t) c;
                  m->discard[3] = (uint8_t) d;
                }
    }
  return list->n;
}

static int
hand_index (const FallState *s, int tile)
{
  for (int h = 0; h < s->n_hand_tiles; h++)
    if (s->hand_tile[h] == tile)
      return h;
  return -1;
}

bool
fall_check_move (const FallState *s, const FallMove *m, const char **reason)
{
  if (s->phase == FALL_PHASE_OVER)
    {
      set_reason (reason, "the game is over");
      return false;
    }
  int seat = fall_state_current_seat (s);
  if (s->phase == FALL_PHASE_TAKE && m->kind != FALL_MOVE_TAKE)
    {
      set_reason (reason, "take a tile-and-token combination first");
      return false;
    }
  switch (m->kind)
    {
    case FALL_MOVE_TAKE:
      if (s->phase != FALL_PHASE_TAKE)
        {
          set_reason (reason, "no more combinations may be taken this turn");
          return false;
        }
      if (m->arg >= FALL_OFFER || s->offer_tile[m->arg] == FALL_NONE)
        {
          set_reason (reason, "there is no combination in that place");
          return false;
        }
      return true;
    case FALL_MOVE_PLACE:
      {
        if (m->arg >= FALL_N_LEAF_TILES || hand_index (s, m->arg) < 0)
          {
            set_reason (reason, "that tile was not taken this turn");
            return false;
          }
        if (m->rot >= 6)
          {
            set_reason (reason, "a rotation is 0..5");
            return false;
          }
        int idx = fall_state_find (s, m->q, m->r);
        if (idx < 0)
          {
            set_reason (reason, "a tile must be placed next to or on top of tiles in the ecosystem");
            return false;
          }
        const FallCell *c = &s->cell[idx];
        const FallLeafTile *t = &s->comps->tile[m->arg];
        int how = cell_accepts (s, c, t, reason);
        if (!how)
          return false;
        if (how == 1 && !(c->emask & t->edge_mask[m->rot]))
          {
            set_reason (reason, c->height
                        ? "the tile below shares no colour, and no edge meets an edge of the same colour"
                        : "no edge meets an edge of the same colour");
            return false;
          }
        return true;
      }
    case FALL_MOVE_DISCARD_TILE:
      if (m->arg >= FALL_N_LEAF_TILES || hand_index (s, m->arg) < 0)
        {
          set_reason (reason, "that tile was not taken this turn");
          return false;
        }
      if (has_placement (s, m->arg))
        {
          set_reason (reason, "a tile may be discarded only when it fits nowhere");
          return false;
        }
      return true;
    case FALL_MOVE_TOKEN:
      {
        if (m->arg >= FALL_N_TOKEN_KINDS || !s->held[seat][m->arg])
          {
            set_reason (reason, "you hold no such token");
            return false;
          }
        if (m->arg == fall_state_blocked_token (s))
          {
            set_reason (reason, "the Season board forbids that token this week");
            return false;
          }
        int idx = fall_state_find (s, m->q, m->r);
        if (idx < 0)
          {
            set_reason (reason, "there is no tile there");
            return false;
          }
        if (!token_fits (s, &s->cell[idx], m->arg, reason))
          return false;
        if (m->arg != FALL_TOAD && toad_needs_every_spot (s, seat))
          {
            set_reason (reason, toad_spot_reason);
            return false;
          }
        return true;
      }
    case FALL_MOVE_CLAIM:
      {
        if (!s->markers[seat])
          {
            set_reason (reason, "you have no Mushroom marker left");
            return false;
          }
        int idx = fall_state_find (s, m->q, m->r);
        if (idx < 0 || !s->cell[idx].height || s->cell[idx].token != FALL_MUSHROOM)
          {
            set_reason (reason, "there is no Mushroom there");
            return false;
          }
        if (s->cell[idx].marker >= 0)
          {
            set_reason (reason, "that Mushroom is already claimed");
            return false;
          }
        return true;
      }
    case FALL_MOVE_END:
      {
        if (s->n_hand_tiles)
          {
            set_reason (reason, "every tile taken must be placed before the turn ends");
            return false;
          }
        if (s->held[seat][FALL_TOAD] && toad_has_spot (s))
          {
            set_reason (reason, "the Toad must be placed in the turn it was taken");
            return false;
          }
        int left = 0;
        for (int k = 0; k < 4; k++)
          {
            if (m->discard[k] > s->held[seat][k])
              {
                set_reason (reason, "you cannot discard tokens you do not hold");
                return false;
              }
            left += s->held[seat][k] - m->discard[k];
          }
        if (left > FALL_MAX_HELD)
          {
            set_reason (reason, "at most 2 tokens may stay aside at the end of a turn");
            return false;
          }
        return true;
      }
    default:
      set_reason (reason, "unknown move");
      return false;
    }
}

static void
remove_hand_tile (FallState *s, int tile)
{
  int h = hand_index (s, tile);
  s->hand_tile[h] = s->hand_tile[s->n_hand_tiles - 1];
  s->n_hand_tiles--;
}

bool
fall_apply (FallState *s, const FallMove *m, const char **reason)
{
  if (!fall_check_move (s, m, reason))
    return false;
  int seat = fall_state_current_seat (s);
  switch (m->kind)
    {
    case FALL_MOVE_TAKE:
      s->hand_tile[s->n_hand_tiles++] = s->offer_tile[m->arg];
      if (s->offer_token[m->arg] != FALL_NONE)
        s->held[seat][s->offer_token[m->arg]]++;
      s->offer_tile[m->arg] = FALL_NONE;
      s->offer_token[m->arg] = FALL_NONE;
      if (--s->to_take == 0)
        s->phase = FALL_PHASE_ACT;
      break;
    case FALL_MOVE_PLACE:
      {
        int idx = fall_state_find (s, m->q, m->r);
        FallCell *c = &s->cell[idx];
        if (c->token != FALL_NO_TOKEN)
          {
            /* stacking removes the covered tile's token from the game */
            s->boxed[c->token]++;
            c->token = FALL_NO_TOKEN;
          }
        c->tile[c->height] = m->arg;
        c->rot[c->height] = m->rot;
        c->height++;
        s->n_placed++;
        remove_hand_tile (s, m->arg);
        fall_grid_top_changed (s, idx);
        break;
      }
    case FALL_MOVE_DISCARD_TILE:
      s->discarded_tile[s->n_discarded_tiles++] = m->arg;
      remove_hand_tile (s, m->arg);
      break;
    case FALL_MOVE_TOKEN:
      {
        FallCell *c = &s->cell[fall_state_find (s, m->q, m->r)];
        c->token = m->arg;
        s->held[seat][m->arg]--;
        if (m->arg == FALL_MUSHROOM && s->markers[seat])
          {
            c->marker = (int8_t) seat;
            s->markers[seat]--;
          }
        break;
      }
    case FALL_MOVE_CLAIM:
      {
        FallCell *c = &s->cell[fall_state_find (s, m->q, m->r)];
        c->marker = (int8_t) seat;
        s->markers[seat]--;
        break;
      }
    case FALL_MOVE_END:
      for (int k = 0; k < 4; k++)
        {
          s->held[seat][k] -= m->discard[k];
          s->boxed[k] += m->discard[k];
        }
      /* a Toad that could not be placed goes back to the box */
      s->boxed[FALL_TOAD] += s->held[seat][FALL_TOAD];
      s->held[seat][FALL_TOAD] = 0;
      fall_state_note_turn (s, seat);
      s->turn++;
      if (s->turn == 3)
        {
          if (s->week >= FALL_N_WEEKS)
            s->phase = FALL_PHASE_OVER;
          else
            fall_state_next_week (s);
        }
      else
        {
          s->phase = FALL_PHASE_TAKE;
          s->to_take = s->turn == 1 ? 2 : 1;
        }
      break;
    default:
      break;
    }
  s->n_moves++;
  return true;
}
