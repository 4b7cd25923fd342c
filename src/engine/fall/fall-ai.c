/* fall-ai.c: the computer players of Fall (fall-ai.h): the random and
 * greedy baselines, Easy and Normal; Hard and Expert are in fall-ai-plan.c.
 * Every level decides from its seat's view only. */
#include "fall-ai.h"
#include "fall-ai-private.h"
#include "fall-internal.h"
#include "fall-scoring.h"

#include <string.h>

#define HOLD_VALUE 0.3      /* a token kept aside for later */
#define NEAR_FLOWER 0.3     /* share of a Flower's VP for one that lacks one segment */
#define EPS 1e-9

typedef struct {
  FallState *s;          /* scratch copy of the view, changed and restored */
  int seat;
  int fv[FALL_N_FLOWERS + 1];   /* own Flower card VP per kind */
  int base;              /* own score of the position as it is */
  FolRng *rng;
  bool normal;           /* Normal's fixes of the greedy's plain faults */
} Greedy;

static int
own_score (Greedy *g)
{
  FallScore sc;
  fall_score_seat (g->s, NULL, g->seat, false, &sc);
  return sc.total;
}

static inline bool
cell_open (const FallState *s, uint8_t idx)
{
  return idx == FALL_NONE || s->cell[idx].height == 0;
}

/* Own Flower value around cell @idx if its top were @tile at @rot (tile
 * FALL_NONE: an empty cell). */
static double
corner_value (const Greedy *g, int idx, int tile, int rot)
{
  if (tile == FALL_NONE)
    return 0;
  const FallState *s = g->s;
  const FallCell *c = &s->cell[idx];
  const FallLeafTile *t = &s->comps->tile[tile];
  double v = 0;
  for (int corner = 0; corner < 6; corner++)
    {
      int kind = t->flower[(corner - rot + 12) % 6];
      if (!kind || !g->fv[kind])
        continue;
      uint8_t a = c->nb[corner], b = c->nb[(corner + 1) % 6];
      int ka = a != FALL_NONE ? fall_cell_flower (s, &s->cell[a], (corner + 2) % 6) : 0;
      int kb = b != FALL_NONE ? fall_cell_flower (s, &s->cell[b], (corner + 4) % 6) : 0;
      if (ka == kind && kb == kind)
        v += g->fv[kind];
      else if ((ka == kind && cell_open (s, b)) || (kb == kind && cell_open (s, a)))
        v += NEAR_FLOWER * g->fv[kind];
    }
  return v;
}

/* Own score change of putting @m (a PLACE) on the board, with the Flower bonus. */
static double
placement_gain (Greedy *g, const FallMove *m)
{
  int idx = fall_state_find (g->s, m->q, m->r);
  FallCell *c = &g->s->cell[idx];
  double before = c->height ? corner_value (g, idx, c->tile[c->height - 1], c->rot[c->height - 1]) : 0;
  double after = corner_value (g, idx, m->arg, m->rot);
  /* the covered top's own corners are gone; the new top's count */
  double gain = after - before;
  /* the neighbours' near-complete flowers through this cell are counted from
   * this cell's side above; a token lost by stacking changes the cards */
  if (c->height && c->token != FALL_NO_TOKEN)
    {
      uint8_t tk = c->token;
      c->token = FALL_NO_TOKEN;
      gain += own_score (g) - g->base;
      c->token = tk;
    }
  /* a little for height when holding a Mushroom to put on it later */
  if ((g->s->comps->tile[m->arg].icons & FALL_ICON_MUSHROOM) && g->s->held[g->seat][FALL_MUSHROOM]
      && g->s->markers[g->seat])
    gain += 0.2 * (c->height + 1);
  return gain;
}

/* Own score change of putting a token of @kind on cell @idx. */
static int
token_gain (Greedy *g, int idx, int kind)
{
  FallCell *c = &g->s->cell[idx];
  int8_t marker = c->marker;
  c->token = (uint8_t) kind;
  if (kind == FALL_MUSHROOM && g->s->markers[g->seat])
    c->marker = (int8_t) g->seat;
  int v = own_score (g) - g->base;
  c->token = FALL_NO_TOKEN;
  c->marker = marker;
  return v;
}

static bool
pick_better (Greedy *g, double v, double *best, int *ties)
{
  if (v > *best + EPS)
    {
      *best = v;
      *ties = 1;
      return true;
    }
  if (v > *best - EPS)
    {
      (*ties)++;
      return fol_rng_below (g->rng, (uint32_t) *ties) == 0;
    }
  return false;
}

/* The best placement of @tile now; FALSE when it fits nowhere. */
static bool
best_placement (Greedy *g, int tile, FallMove *buf, FallMove *out, double *value)
{
  int n = fall_legal_placements (g->s, tile, buf);
  if (!n)
    return false;
  double best = -1e9;
  int ties = 0;
  for (int i = 0; i < n; i++)
    if (pick_better (g, placement_gain (g, &buf[i]), &best, &ties))
      *out = buf[i];
  *value = best;
  return true;
}

/* Best own-score change of a token of @kind on the board now (or HOLD_VALUE
 * when keeping it is better); the Toad must be placed. */
static double
token_value (Greedy *g, int kind, FallToken blocked)
{
  double best = kind == FALL_TOAD ? -1e9 : HOLD_VALUE;
  if (kind == (int) blocked)
    return best;
  const FallState *s = g->s;
  for (int i = 0; i < s->n_cells; i++)
    {
      const FallCell *c = &s->cell[i];
      if (!c->height || c->token != FALL_NO_TOKEN || c->tile[c->height - 1] == FALL_START_TILE)
        continue;
      uint8_t need = fall_token_icon (kind);
      if (need && !(s->comps->tile[c->tile[c->height - 1]].icons & need))
        continue;
      double v = token_gain (g, i, kind);
      if (v > best)
        best = v;
    }
  return kind == FALL_TOAD && best < -1e8 ? 0 : best;
}

static gboolean
greedy_take (Greedy *g, const FallMoveList *legal, FallMove *out)
{
  static _Thread_local FallMove buf[FALL_MAX_MOVES];
  FallToken blocked = fall_state_blocked_token (g->s);
  double best = -1e18;
  int ties = 0;
  for (int i = 0; i < legal->n; i++)
    {
      int slot = legal->m[i].arg;
      int tile = g->s->offer_tile[slot], kind = g->s->offer_token[slot];
      FallMove place = { 0 };
      double tv = -2;
      bool fits = best_placement (g, tile, buf, &place, &tv);
      if (!fits)
        tv = -2;
      double kv = kind == FALL_NONE ? 0 : token_value (g, kind, blocked);
      if (fits && kind == FALL_MUSHROOM && kind != (int) blocked && g->s->markers[g->seat]
          && (g->s->comps->tile[tile].icons & FALL_ICON_MUSHROOM))
        {
          int idx = fall_state_find (g->s, place.q, place.r);
          static const int vp[4] = { 0, 1, 3, 6 };
          int layer = g->s->cell[idx].height + 1;
          if (vp[layer] > kv)
            kv = vp[layer];
        }
      if (pick_better (g, tv + kv, &best, &ties))
        *out = legal->m[i];
    }
  return TRUE;
}

static gboolean
greedy_act (Greedy *g, const FallMoveList *legal, FallMove *out)
{
  const FallState *s = g->s;
  double best = -1e18;
  int ties = 0;
  bool found = false;
  /* 1. tiles first */
  for (int i = 0; i < legal->n; i++)
    {
      const FallMove *m = &legal->m[i];
      double v;
      if (m->kind == FALL_MOVE_PLACE)
        v = placement_gain (g, m);
      else if (m->kind == FALL_MOVE_DISCARD_TILE)
        v = -1e6;
      else
        continue;
      if (pick_better (g, v, &best, &ties))
        {
          *out = *m;
          found = true;
        }
    }
  if (found)
    return TRUE;
  /* 2. tokens and claims worth more than keeping; the Toad when it must go */
  bool toad_forced = s->held[g->seat][FALL_TOAD] > 0;
  for (int i = 0; i < legal->n && toad_forced; i++)
    toad_forced = legal->m[i].kind != FALL_MOVE_END;
  /* Normal: a token beyond the two that may stay aside is boxed at the end
   * of the turn anyway, so placing it is worth what it scores, even nothing */
  double threshold = EPS;
  if (g->normal)
    {
      int held = 0;
      for (int k = 0; k < FALL_TOAD; k++)
        held += s->held[g->seat][k];
      if (held > FALL_MAX_HELD)
        threshold = HOLD_VALUE - 1.0 - EPS;
    }
  best = threshold > EPS ? 0 : threshold;
  ties = 0;
  double toad_best = -1e18;
  int toad_ties = 0;
  FallMove toad_move = { 0 };
  for (int i = 0; i < legal->n; i++)
    {
      const FallMove *m = &legal->m[i];
      if (m->kind == FALL_MOVE_TOKEN)
        {
          int idx = fall_state_find (s, m->q, m->r);
          double v = token_gain (g, idx, m->arg);
          if (m->arg == FALL_TOAD)
            {
              if (pick_better (g, v, &toad_best, &toad_ties))
                toad_move = *m;
              continue;
            }
          v -= HOLD_VALUE;
          if (v > threshold && pick_better (g, v, &best, &ties))
            {
              *out = *m;
              found = true;
            }
        }
      else if (m->kind == FALL_MOVE_CLAIM)
        {
          int idx = fall_state_find (s, m->q, m->r);
          static const int vp[4] = { 0, 1, 3, 6 };
          double v = vp[s->cell[idx].height] + 0.01;
          if (pick_better (g, v, &best, &ties))
            {
              *out = *m;
              found = true;
            }
        }
    }
  if (found)
    return TRUE;
  if (toad_forced || (toad_ties && toad_best > EPS))
    {
      *out = toad_move;
      return TRUE;
    }
  /* 3. end the turn, keeping the most useful tokens */
  int spots[FALL_N_TOKEN_KINDS];
  fall_ai_free_spots (s, spots);
  if (s->markers[g->seat])
    spots[FALL_MUSHROOM] += 4;
  best = -1e18;
  ties = 0;
  for (int i = 0; i < legal->n; i++)
    {
      const FallMove *m = &legal->m[i];
      if (m->kind != FALL_MOVE_END)
        continue;
      double v = 0;
      for (int k = 0; k < 4; k++)
        v -= m->discard[k] * (1.0 + spots[k]);
      if (pick_better (g, v, &best, &ties))
        *out = *m;
    }
  return TRUE;
}

void
fall_ai_free_spots (const FallState *s, int spots[FALL_N_TOKEN_KINDS])
{
  memset (spots, 0, FALL_N_TOKEN_KINDS * sizeof *spots);
  for (int i = 0; i < s->n_cells; i++)
    {
      const FallCell *c = &s->cell[i];
      if (!c->height || c->token != FALL_NO_TOKEN || c->tile[c->height - 1] == FALL_START_TILE)
        continue;
      uint8_t icons = s->comps->tile[c->tile[c->height - 1]].icons;
      for (int k = 0; k < FALL_TOAD; k++)
        spots[k] += (icons & fall_token_icon (k)) != 0;
    }
}

/* The greedy's (or, with @normal, Normal's) move among @legal. */
static gboolean
greedy_choose (const FallState *view, const FallMoveList *legal, bool normal, FolRng *rng, FallMove *out)
{
  static _Thread_local FallState tls_scratch;
  FallState *scratch = &tls_scratch;
  fall_state_copy (scratch, view);
  Greedy g = { scratch, fall_state_current_seat (view), { 0 }, 0, rng, normal };
  uint8_t fc = view->card[g.seat][FALL_CARD_FLOWER];
  if (fc != FALL_NONE)
    for (int k = 1; k <= FALL_N_FLOWERS; k++)
      g.fv[k] = view->comps->card[fc].v[k - 1];
  g.base = own_score (&g);
  if (view->phase == FALL_PHASE_TAKE)
    return greedy_take (&g, legal, out);
  return greedy_act (&g, legal, out);
}

gboolean
fall_ai_normal_move (const FallState *view, FolRng *rng, FallMove *out)
{
  static _Thread_local FallMoveList tls_playout;
  if (!fall_legal_moves (view, &tls_playout))
    return FALSE;
  if (tls_playout.n == 1)
    {
      *out = tls_playout.m[0];
      return TRUE;
    }
  return greedy_choose (view, &tls_playout, true, rng, out);
}

/* Easy: Normal's move, but every other time a slip: another legal move of
 * the same kind (another combination, another place for the same tile,
 * another tile for the same token).  Ends and claims are never slipped. */
static void
easy_slip (const FallMoveList *legal, FolRng *rng, FallMove *move)
{
  if (fol_rng_below (rng, 2) == 0 || move->kind == FALL_MOVE_END || move->kind == FALL_MOVE_CLAIM)
    return;
  int n = 0;
  for (int i = 0; i < legal->n; i++)
    n += legal->m[i].kind == move->kind && legal->m[i].arg == move->arg;
  if (move->kind == FALL_MOVE_TAKE)
    {
      n = 0;
      for (int i = 0; i < legal->n; i++)
        n += legal->m[i].kind == FALL_MOVE_TAKE;
    }
  if (n < 2)
    return;
  int pick = (int) fol_rng_below (rng, (uint32_t) n);
  for (int i = 0; i < legal->n; i++)
    {
      const FallMove *m = &legal->m[i];
      if (m->kind != move->kind || (m->kind != FALL_MOVE_TAKE && m->arg != move->arg))
        continue;
      if (pick-- == 0)
        {
          *move = *m;
          return;
        }
    }
}

gboolean
fall_ai_choose (const FallState *view, FallAiLevel level, FolRng *rng, FallMove *out)
{
  return fall_ai_choose_full (view, level, rng, NULL, out);
}

gboolean
fall_ai_choose_full (const FallState *view, FallAiLevel level, FolRng *rng, FolAiSearch *search, FallMove *out)
{
  g_return_val_if_fail (view->is_view && view->viewer == fall_state_current_seat (view), FALSE);
  if (search)
    {
      search->capped = false;
      search->nodes = 0;
    }
  static _Thread_local FallMoveList tls_legal;
  FallMoveList *legal = &tls_legal;
  if (!fall_legal_moves (view, legal))
    return FALSE;
  if (level == FOL_AI_RANDOM || legal->n == 1)
    {
      *out = legal->m[level == FOL_AI_RANDOM ? fol_rng_below (rng, (uint32_t) legal->n) : 0];
      return TRUE;
    }
  switch (level)
    {
    case FOL_AI_EASY:
      greedy_choose (view, legal, true, rng, out);
      easy_slip (legal, rng, out);
      return TRUE;
    case FOL_AI_NORMAL:
      return greedy_choose (view, legal, true, rng, out);
    case FOL_AI_HARD:
    case FOL_AI_EXPERT:
      if (fall_ai_plan_choose (view, level == FOL_AI_EXPERT, rng, search, out))
        return TRUE;
      return greedy_choose (view, legal, true, rng, out);
    case FOL_AI_GREEDY:
    default:
      return greedy_choose (view, legal, false, rng, out);
    }
}
