/* summer-par.c: the par of a solo Indian Summer deal (summer-par.h).
 *
 * The search runs over whole turns.  A turn is generated in a canonical
 * form that loses no outcome (docs/solo-par.md, "Canonical turns"):
 *
 * - treasures are exchanged only to pay for what is spent next (a Berry, a
 *   Nut, a Mushroom, a Feather), and of the ways to pay only those whose
 *   remaining treasures no other way can be exchanged into;
 * - Nut Squirrels are placed only as a group that completes an Area holding
 *   treasure tokens (any other Squirrel can wait for the end phase, where
 *   DECISIONS' auto-finish places it at the same price);
 * - a Squirrel as Main Action is "virtual": its square is chosen when it
 *   completes an Area or at the end, and the line written out places it in
 *   its own turn on that square (squares only fill up, so it was empty then);
 * - Berries are spent before the Main Action (after it, they only draw for
 *   the next turn, whose start is the same position), Animal tiles only when
 *   they gain a treasure and use a Hole freed since the last chance to
 *   place one (earlier would have gained the same, sooner);
 * - the two tiles of a Feather and of a Mushroom are one set whatever the
 *   order (they lie on disjoint squares), and a Player Path is a set.
 *
 * Stages: the Expert level plays the game out (the first incumbent), beam
 * searches over whole turns of growing width improve it, and a depth-first
 * branch and bound over turns, following the incumbent's line first, with
 * the upper bound pn_upper_bound() and a transposition table, proves it or
 * spends the rest of the budget.
 */
#include "summer-par.h"
#include "summer-ai-private.h"
#include "summer-notation.h"

#include <stdlib.h>
#include <string.h>

/* Marks in SummerMove.a (kind SUMMER_MOVE_SQUIRREL) of the abstract line:
 * a virtual Main Action Squirrel, and the square one of them goes to. */
#define PAR_MARK_MAIN 0xA1
#define PAR_MARK_SQUARE 0xA2

/* The beams (stage 2), tuned on 16 deals (docs/solo-par.md): their share of
 * the budget left after the Expert's game, children kept per position,
 * first placements of a Feather or two-tile Mushroom per tile, Berries per
 * turn. */
#define BEAM_SHARE_TENTHS 7
#define BEAM_PER_PARENT 8
#define BEAM_FIRST_WIDTH 4
#define BEAM_BERRIES 1

/* Memory caps: positions remembered per turn generated (then no longer
 * merged), turns remembered by the branch and bound (the transposition
 * table), outcomes waiting in its open turns (beyond: dropped, and the result
 * is not proven).  About 32, 16 and 90 MB at most. */
#define TURN_KEYS_MAX (1u << 21)
#define TT_MAX (1u << 20)
#define DFS_CHILDREN_MAX 1000000u

#define TURN_MOVES_MAX 256
#define PAY_MAX 16
#define PAY_X_MAX 8
#define REPORT_EVERY (1u << 16)
#define STOP_EVERY 4096u

/* Solo scoring worth of each treasure (Rulebook: Scoring of a game). */
static const int worth[SUMMER_N_TREASURES] = { 1, 2, 3, 4 };

enum {
  ST_PRODUCE = 1,   /* before the Main Action: Nut groups, Animal tiles */
  ST_POST,          /* after it, in the last turn */
  ST_BERRY,
  ST_AFTER,         /* the Main Action done */
  ST_MUSHROOM,
  ST_FEATHER,
  ST_TURN,          /* the start of a turn (transposition table) */
};

/* A search position: the state, the virtual Squirrels owed, and the free
 * Holes at the last chance to place an Animal tile. */
typedef struct {
  SummerState st;
  uint8_t vsq;
  FolBits72 seen;
} PNode;

typedef struct {
  int n;
  SummerMove m[TURN_MOVES_MAX];
} MoveStack;

/* An end-phase evaluation remembered (pn_end_value()). */
#define END_CACHE_SIZE 4096

typedef struct {
  uint64_t key;
  long best;
  int8_t order[SUMMER_N_AREAS];
} EndCacheEntry;

/* ------------------------------------------------------------------ */
/* A set of 64-bit keys (open addressing; 0 is stored as 1)            */

typedef struct {
  uint64_t *slot;
  size_t mask;
  size_t n;
  size_t max_n;      /* no growth beyond: further keys are not stored */
} KeySet;

static void
keyset_init (KeySet *s, size_t max_n)
{
  s->mask = 1023;
  s->slot = g_new0 (uint64_t, s->mask + 1);
  s->n = 0;
  s->max_n = max_n;
}

static void
keyset_free (KeySet *s)
{
  g_clear_pointer (&s->slot, g_free);
  s->n = 0;
}

static void
keyset_clear (KeySet *s)
{
  if (s->mask > 1023)
    {
      g_free (s->slot);
      s->mask = 1023;
      s->slot = g_new0 (uint64_t, s->mask + 1);
    }
  else
    memset (s->slot, 0, (s->mask + 1) * sizeof *s->slot);
  s->n = 0;
}

static size_t
keyset_find (const KeySet *s, uint64_t k)
{
  size_t i = (size_t) (k ^ (k >> 29)) & s->mask;
  while (s->slot[i] && s->slot[i] != k)
    i = (i + 1) & s->mask;
  return i;
}

static bool
keyset_has (const KeySet *s, uint64_t k)
{
  k = k ? k : 1;
  return s->slot[keyset_find (s, k)] == k;
}

/* Returns: TRUE when @k was not in the set (it is now, room permitting). */
static bool
keyset_add (KeySet *s, uint64_t k)
{
  k = k ? k : 1;
  size_t i = keyset_find (s, k);
  if (s->slot[i] == k)
    return false;
  if (s->n >= s->max_n)
    return true;
  if (2 * (s->n + 1) > s->mask + 1)
    {
      uint64_t *old = s->slot;
      size_t old_size = s->mask + 1;
      s->mask = 2 * old_size - 1;
      s->slot = g_new0 (uint64_t, s->mask + 1);
      for (size_t j = 0; j < old_size; j++)
        if (old[j])
          s->slot[keyset_find (s, old[j])] = old[j];
      g_free (old);
      i = keyset_find (s, k);
    }
  s->slot[i] = k;
  s->n++;
  return true;
}

/* ------------------------------------------------------------------ */
/* Position keys                                                       */

static inline uint64_t
mix (uint64_t h, uint64_t v)
{
  h ^= v;
  h *= G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  h ^= h >> 31;
  return h;
}

static inline uint64_t
mix_bb (uint64_t h, FolBits72 b)
{
  return mix (mix (h, (uint64_t) b), (uint64_t) (b >> 64));
}

static uint64_t
pack_bytes (const uint8_t *b, int n)
{
  uint64_t v = 0;
  for (int i = 0; i < n; i++)
    v = (v << 8) | b[i];
  return v;
}

/* What tells two search positions apart: every field the rest of the game
 * depends on, the Player Path as a set; not which tile covers which square
 * (only the squares, Holes, tokens and Animal tiles matter from now on). */
static uint64_t
pn_key (const PNode *n, unsigned stage)
{
  const SummerState *s = &n->st;
  const SummerSeat *seat = &s->seat[0];
  uint64_t h = mix (G_GUINT64_CONSTANT (0x50A5F01A6E), stage);
  h = mix_bb (h, seat->covered);
  h = mix_bb (h, seat->holes);
  h = mix_bb (h, seat->tokens);
  h = mix_bb (h, seat->animals);
  h = mix_bb (h, n->seen);
  h = mix (h, pack_bytes (seat->treasures, SUMMER_N_TREASURES) << 32 | (uint64_t) n->vsq << 24
              | (uint64_t) s->round << 16 | (uint64_t) s->main_done << 8 | s->pending);
  h = mix (h, (uint64_t) s->feather_left | (uint64_t) s->claim_tile[0] << 8 | (uint64_t) s->claim_tile[1] << 16
              | (uint64_t) s->phase << 24 | (uint64_t) s->solo_len[0] << 32 | (uint64_t) s->solo_len[1] << 40);
  uint8_t path[SUMMER_PATH_MAX] = { 0 };
  int np = seat->path_len;
  memcpy (path, seat->path, (size_t) np);
  for (int i = 1; i < np; i++)
    for (int j = i; j > 0 && path[j - 1] > path[j]; j--)
      {
        uint8_t t = path[j];
        path[j] = path[j - 1];
        path[j - 1] = t;
      }
  h = mix (h, pack_bytes (path, SUMMER_PATH_MAX) << 8 | (uint64_t) np);
  for (int p = 0; p < 2; p++)
    h = mix (h, pack_bytes (s->solo_path[p], s->solo_len[p]));
  h = mix (h, pack_bytes (s->track, 6));
  h = mix (h, pack_bytes (s->track + 6, 6));
  h = mix (h, pack_bytes (s->animals_left, SUMMER_N_ANIMAL_KINDS));
  h = mix (h, pack_bytes (s->animal_token, SUMMER_N_ANIMAL_KINDS));
  return h;
}

/* ------------------------------------------------------------------ */
/* Treasures: paying with exchanges                                    */

static void
treasures_int (const uint8_t from[SUMMER_N_TREASURES], int to[SUMMER_N_TREASURES])
{
  for (int t = 0; t < SUMMER_N_TREASURES; t++)
    to[t] = from[t];
}

static int
points (const int h[SUMMER_N_TREASURES])
{
  int v = 0;
  for (int t = 0; t < SUMMER_N_TREASURES; t++)
    v += worth[t] * h[t];
  return v;
}

static int
nut_equivalents (const int h[SUMMER_N_TREASURES])
{
  return h[SUMMER_NUT] + h[SUMMER_MUSHROOM] + h[SUMMER_FEATHER] + h[SUMMER_BERRY] / 2;
}

/* Whether exchanges (DECISIONS: Supply: one for one of lower value, two of
 * a kind for one of the next higher) turn @from into @to (supply ignored).
 * From the highest treasure down: a surplus becomes "wildcards" (each one
 * any lower treasure), a shortfall is met by wildcards first, then by pairs
 * of the next lower treasure. */
static bool
can_reach (const uint8_t from[SUMMER_N_TREASURES], const uint8_t to[SUMMER_N_TREASURES])
{
  int wild = 0, demand = 0;
  for (int k = SUMMER_N_TREASURES - 1; k >= 0; k--)
    {
      int need = to[k] + demand, have = from[k];
      if (have >= need)
        {
          wild += have - need;
          demand = 0;
        }
      else
        {
          int d = need - have, use = MIN (wild, d);
          wild -= use;
          demand = 2 * (d - use);
        }
    }
  return demand == 0;
}

typedef struct {
  uint8_t h[SUMMER_N_TREASURES];       /* the treasures after paying */
  uint8_t n_x;
  uint8_t x[PAY_X_MAX][2];             /* the exchanges first: give, take */
} PayOpt;

static bool
pay_push_exchange (PayOpt *o, int give, int take)
{
  if (o->n_x >= PAY_X_MAX)
    return false;
  o->x[o->n_x][0] = (uint8_t) give;
  o->x[o->n_x][1] = (uint8_t) take;
  o->n_x++;
  return true;
}

/* Ways to hold at least @k of treasure @t: one of the smallest higher
 * treasure exchanged down (it leaves more than any higher one would), or
 * two of the next lower exchanged up, each obtained the same way. */
static void
obtain (const PayOpt *cur, int t, int k, PayOpt *out, int *n_out)
{
  if (cur->h[t] >= k)
    {
      if (*n_out < PAY_MAX)
        out[(*n_out)++] = *cur;
      return;
    }
  for (int j = t + 1; j < SUMMER_N_TREASURES; j++)
    if (cur->h[j] > 0)
      {
        PayOpt o = *cur;
        o.h[j]--;
        o.h[t]++;
        if (pay_push_exchange (&o, j, t))
          obtain (&o, t, k, out, n_out);
        break;
      }
  if (t > 0)
    {
      PayOpt pairs[PAY_MAX];
      int n_pairs = 0;
      obtain (cur, t - 1, 2, pairs, &n_pairs);
      for (int i = 0; i < n_pairs; i++)
        {
          PayOpt o = pairs[i];
          o.h[t - 1] -= 2;
          o.h[t]++;
          if (pay_push_exchange (&o, t - 1, t))
            obtain (&o, t, k, out, n_out);
        }
    }
}

/* The ways to pay one @t from @h that no other way dominates (its remaining
 * treasures cannot be exchanged into theirs); with @t in hand, paying it
 * directly is one of them.  Returns how many (0: cannot pay). */
static int
pay_options (const uint8_t h[SUMMER_N_TREASURES], int t, PayOpt *out)
{
  PayOpt start = { { 0 }, 0, { { 0 } } };
  memcpy (start.h, h, SUMMER_N_TREASURES);
  PayOpt all[PAY_MAX];
  int n = 0, m = 0;
  obtain (&start, t, 1, all, &n);
  for (int i = 0; i < n; i++)
    all[i].h[t]--;
  for (int i = 0; i < n; i++)
    {
      bool dominated = false;
      for (int j = 0; j < n && !dominated; j++)
        {
          if (j == i)
            continue;
          if (memcmp (all[i].h, all[j].h, SUMMER_N_TREASURES) == 0)
            dominated = all[j].n_x < all[i].n_x || (all[j].n_x == all[i].n_x && j < i);
          else
            dominated = can_reach (all[j].h, all[i].h);
        }
      if (!dominated)
        out[m++] = all[i];
    }
  return m;
}

/* ------------------------------------------------------------------ */
/* The search context                                                  */

typedef struct {
  const SummerComponents *c;
  const SummerParBudget *budget;
  uint64_t total;            /* the whole budget */
  uint64_t limit;            /* the current stage's end */
  uint64_t nodes;
  uint64_t next_report;
  uint64_t next_stop;
  bool aborted;              /* the stage's budget is spent, or stop said so */
  bool capped;               /* stop said so */
  bool exact;                /* the canonical form's assumptions hold (supply) */
  bool dropped;              /* the branch and bound dropped outcomes (memory cap) */
  const char *stage;
  bool have_best;
  int best;
  GArray *best_line;         /* SummerMove, abstract (with marks) */
  GArray *expert_line;       /* SummerMove: the Expert's game */
  int expert_score;
  EndCacheEntry *end_cache;  /* END_CACHE_SIZE */
  /* the depth-first search */
  GArray *prefix;            /* SummerMove: the line to the current node */
  KeySet tt;
  guint live_children;       /* outcomes held by the open turns */
} Par;

static void
par_report (Par *p)
{
  if (!p->budget || !p->budget->progress)
    return;
  SummerParProgress pr = {
    .fraction = MIN (1.0, (double) p->nodes / (double) MAX (p->total, 1)),
    .nodes = p->nodes,
    .have_best = p->have_best,
    .best_score = p->best,
    .stage = p->stage,
  };
  p->budget->progress (&pr, p->budget->progress_data);
}

static void
par_count (Par *p, uint64_t n)
{
  p->nodes += n;
  if (p->nodes >= p->limit)
    p->aborted = true;
  if (p->nodes >= p->next_stop)
    {
      p->next_stop = p->nodes + STOP_EVERY;
      if (p->budget && p->budget->stop && p->budget->stop (p->budget->stop_data))
        p->aborted = p->capped = true;
    }
  if (p->nodes >= p->next_report)
    {
      p->next_report = p->nodes + REPORT_EVERY;
      par_report (p);
    }
}

static void
par_offer (Par *p, int score, const SummerMove *pre, int n_pre, const MoveStack *ms)
{
  if (p->have_best && score <= p->best)
    return;
  p->have_best = true;
  p->best = score;
  g_array_set_size (p->best_line, 0);
  if (n_pre)
    g_array_append_vals (p->best_line, pre, (guint) n_pre);
  if (ms)
    g_array_append_vals (p->best_line, ms->m, (guint) ms->n);
}

/* ------------------------------------------------------------------ */
/* Playing on a search position                                        */

static bool
ms_push (Par *p, MoveStack *ms, const SummerMove *m)
{
  if (!ms)
    return true;
  if (ms->n >= TURN_MOVES_MAX)
    {
      p->exact = false;   /* a turn too long to write down is not searched */
      return false;
    }
  ms->m[ms->n++] = *m;
  return true;
}

static bool
pn_play (Par *p, PNode *n, const SummerMove *m, MoveStack *ms)
{
  SummerMoveInfo info;
  if (!summer_apply_move (&n->st, m, &info, NULL))
    return false;
  par_count (p, 1);
  for (int t = 0; t < SUMMER_N_TREASURES; t++)
    if (info.supply_short[t])
      p->exact = false;    /* the canonical form assumes the supply never runs out */
  return ms_push (p, ms, m);
}

static bool
pn_pay (Par *p, PNode *n, const PayOpt *o, MoveStack *ms)
{
  for (int i = 0; i < o->n_x; i++)
    {
      SummerMove x = { SUMMER_MOVE_EXCHANGE, SUMMER_NONE, 0, 0, o->x[i][0], o->x[i][1] };
      if (!pn_play (p, n, &x, ms))
        {
          p->exact = false;   /* the supply refused an exchange */
          return false;
        }
    }
  return true;
}

static bool
pn_virtual_main (PNode *n, Par *p, MoveStack *ms)
{
  const SummerMove mark = { SUMMER_MOVE_SQUIRREL, SUMMER_NONE, 0, SUMMER_NONE, PAR_MARK_MAIN, 0 };
  n->st.main_done = true;
  n->vsq++;
  return ms_push (p, ms, &mark);
}

/* Puts one owed virtual Squirrel on @square: played as a Nut whose Nut the
 * supply lends and gets back (so treasures and supply stay as they were);
 * in the middle of a Mushroom or Feather too, where the Squirrel written
 * out already stands (it was placed in an earlier turn). */
static bool
pn_virtual_place (Par *p, PNode *n, int square, MoveStack *ms)
{
  SummerState *s = &n->st;
  uint8_t supply = s->supply[SUMMER_NUT], pending = s->pending;
  SummerMove nut = { SUMMER_MOVE_NUT, SUMMER_NONE, 0, (uint8_t) square, 0, 0 };
  if (n->vsq == 0)
    return false;
  s->seat[0].treasures[SUMMER_NUT]++;
  s->pending = SUMMER_PENDING_NONE;
  bool ok = summer_apply_move (s, &nut, NULL, NULL);
  s->pending = pending;
  if (!ok)
    {
      s->seat[0].treasures[SUMMER_NUT]--;
      return false;
    }
  s->supply[SUMMER_NUT] = supply;
  n->vsq--;
  par_count (p, 1);
  const SummerMove mark = { SUMMER_MOVE_SQUIRREL, SUMMER_NONE, 0, (uint8_t) square, PAR_MARK_SQUARE, 0 };
  return ms_push (p, ms, &mark);
}

static bool
is_mark (const SummerMove *m, int mark)
{
  return m->kind == SUMMER_MOVE_SQUIRREL && m->a == mark;
}

/* Plays the moves of an abstract line (marks included) on @n. */
static bool
pn_replay (Par *p, PNode *n, const SummerMove *moves, int n_moves)
{
  for (int i = 0; i < n_moves; i++)
    {
      if (is_mark (&moves[i], PAR_MARK_MAIN))
        pn_virtual_main (n, p, NULL);   /* (cannot fail without a move list) */
      else if (is_mark (&moves[i], PAR_MARK_SQUARE))
        {
          if (!pn_virtual_place (p, n, moves[i].square, NULL))
            return false;
        }
      else if (!pn_play (p, n, &moves[i], NULL))
        return false;
    }
  return true;
}

static int
pn_empties (const PNode *n)
{
  return SUMMER_SQUARES - fol_bb_count (n->st.seat[0].covered);
}

static FolBits72
free_holes (const SummerSeat *seat)
{
  return seat->holes & ~seat->tokens & ~seat->animals;
}

static int
leaf_size (const SummerComponents *c, int tile)
{
  return c->leaf[tile].shape.n_cells;
}

/* The heuristic judgement of a position (beam order, child order): Hard's,
 * with each owed virtual Squirrel counted as the square it will cover. */
static double
pn_eval (const PNode *n)
{
  return summer_ai_hard_evaluate (&n->st, 0) + 10.0 * n->vsq;
}

/* ------------------------------------------------------------------ */
/* The end phase and the upper bound                                   */

typedef struct {
  int n;
  int area[SUMMER_N_AREAS];
  int empties[SUMMER_N_AREAS];
  uint8_t tok[SUMMER_N_AREAS][SUMMER_N_TREASURES];
  bool has_tok[SUMMER_N_AREAS];
} EndAreas;

static void
end_areas (const SummerComponents *c, const PNode *n, EndAreas *ea)
{
  const SummerSeat *seat = &n->st.seat[0];
  const SummerFloorSide *side = &c->side[seat->side];
  memset (ea, 0, sizeof *ea);
  for (int a = 0; a < SUMMER_N_AREAS; a++)
    {
      if (seat->areas_done & (1u << a))
        continue;
      int i = ea->n++;
      ea->area[i] = a;
      ea->empties[i] = fol_bb_count (side->area_mask[a] & ~seat->covered);
      FolBits72 toks = seat->tokens & side->area_mask[a];
      while (toks)
        {
          int q = fol_bb_lowest (toks);
          toks &= toks - 1;
          ea->tok[i][seat->token[q]]++;
          ea->has_tok[i] = true;
        }
    }
}

/* The search over the orders in which the end phase completes the Areas:
 * Areas holding tokens in every order (two alike are one), then the others
 * (paying for them later never costs more).  A value is 1000 + points when
 * the order completes the floor, else the squares it covers. */
typedef struct {
  const EndAreas *ea;
  int tok_idx[SUMMER_N_AREAS], n_tok;
  int rest_idx[SUMMER_N_AREAS], n_rest;
  int order[SUMMER_N_AREAS];
  bool used[SUMMER_N_AREAS];
  long best;
  int best_order[SUMMER_N_AREAS];
  long ceiling;            /* no order does better: the search stops there */
} EndSearch;

static void
end_record (EndSearch *es, long v, int len)
{
  if (v <= es->best)
    return;
  es->best = v;
  memcpy (es->best_order, es->order, (size_t) len * sizeof *es->order);
  bool in[SUMMER_N_AREAS] = { false };
  for (int k = 0; k < len; k++)
    in[es->order[k]] = true;
  for (int i = 0; i < es->ea->n; i++)
    if (!in[i])
      es->best_order[len++] = i;
}

static void
end_dfs (EndSearch *es, int depth, const int h[SUMMER_N_TREASURES], int free_sq, int covered)
{
  const EndAreas *ea = es->ea;
  if (es->best >= es->ceiling)
    return;
  if (depth == es->n_tok)
    {
      int hr[SUMMER_N_TREASURES];
      memcpy (hr, h, sizeof hr);
      for (int k = 0; k < es->n_rest; k++)
        {
          int i = es->rest_idx[k], e = ea->empties[i], f = MIN (free_sq, e), need = e - f;
          free_sq -= f;
          int ne = nut_equivalents (hr);
          if (ne < need)
            {
              memcpy (es->order + depth, es->rest_idx, (size_t) es->n_rest * sizeof *es->order);
              end_record (es, covered + f + ne, depth + es->n_rest);
              return;
            }
          for (int k2 = 0; k2 < need; k2++)
            summer_pay_squirrel (hr);
          covered += e;
        }
      memcpy (es->order + depth, es->rest_idx, (size_t) es->n_rest * sizeof *es->order);
      end_record (es, covered < SUMMER_SQUARES ? covered : 1000 + points (hr), depth + es->n_rest);
      return;
    }
  uint32_t tried[SUMMER_N_AREAS];
  int n_tried = 0;
  for (int j = 0; j < es->n_tok && es->best < es->ceiling; j++)
    {
      int i = es->tok_idx[j];
      if (es->used[i])
        continue;
      uint32_t sig = (uint32_t) ea->empties[i] | (uint32_t) pack_bytes (ea->tok[i], SUMMER_N_TREASURES) << 4;
      bool seen = false;
      for (int k = 0; k < n_tried && !seen; k++)
        seen = tried[k] == sig;
      if (seen)
        continue;
      tried[n_tried++] = sig;
      int e = ea->empties[i], f = MIN (free_sq, e), need = e - f, ne = nut_equivalents (h);
      es->order[depth] = i;
      if (ne < need)
        {
          end_record (es, covered + f + ne, depth + 1);
          continue;
        }
      int h2[SUMMER_N_TREASURES];
      memcpy (h2, h, sizeof h2);
      for (int k = 0; k < need; k++)
        summer_pay_squirrel (h2);
      for (int t = 0; t < SUMMER_N_TREASURES; t++)
        h2[t] += ea->tok[i][t];
      es->used[i] = true;
      end_dfs (es, depth + 1, h2, free_sq - f, covered + e);
      es->used[i] = false;
    }
}

/* The final score of @n finished by the end phase (DECISIONS: Solo: the
 * auto-finish that maximises the score), its owed virtual Squirrels free.
 * @cache: (nullable): END_CACHE_SIZE entries remembering earlier answers
 * @squares: (out) (optional): where the owed Squirrels go (n->vsq squares) */
static int
pn_end_value (const SummerComponents *c, const PNode *n, EndCacheEntry *cache, uint8_t *squares)
{
  const SummerSeat *seat = &n->st.seat[0];
  EndAreas ea;
  end_areas (c, n, &ea);
  int covered = fol_bb_count (seat->covered);
  uint64_t key = mix (mix (G_GUINT64_CONSTANT (0xE4D), pack_bytes (seat->treasures, SUMMER_N_TREASURES)),
                      (uint64_t) n->vsq << 8 | (uint64_t) covered);
  for (int i = 0; i < ea.n; i++)
    key = mix (key, (uint64_t) ea.area[i] << 40 | (uint64_t) ea.empties[i] << 32
                    | pack_bytes (ea.tok[i], SUMMER_N_TREASURES));
  key = key ? key : 1;
  EndCacheEntry *slot = cache ? &cache[key % END_CACHE_SIZE] : NULL;
  EndSearch es = { .ea = &ea, .best = -1 };
  if (slot && slot->key == key)
    {
      es.best = slot->best;
      for (int i = 0; i < ea.n; i++)
        es.best_order[i] = slot->order[i];
    }
  else
    {
      int held[SUMMER_N_TREASURES], all[SUMMER_N_TREASURES];
      treasures_int (seat->treasures, held);
      memcpy (all, held, sizeof all);
      int open = SUMMER_SQUARES - covered;
      for (int i = 0; i < ea.n; i++)
        {
          if (ea.has_tok[i])
            es.tok_idx[es.n_tok++] = i;
          else
            es.rest_idx[es.n_rest++] = i;
          for (int t = 0; t < SUMMER_N_TREASURES; t++)
            all[t] += ea.tok[i][t];
        }
      /* every Squirrel paid costs 2 points at least; nothing covers more than the floor */
      if (nut_equivalents (all) + n->vsq >= open)
        es.ceiling = 1000 + points (all) - 2 * MAX (0, open - n->vsq);
      else
        es.ceiling = covered + n->vsq + nut_equivalents (all);
      end_dfs (&es, 0, held, n->vsq, covered);
      if (slot)
        {
          slot->key = key;
          slot->best = es.best;
          for (int i = 0; i < ea.n; i++)
            slot->order[i] = (int8_t) es.best_order[i];
        }
    }
  if (squares)
    {
      const SummerFloorSide *side = &c->side[seat->side];
      int left = n->vsq, out = 0;
      for (int j = 0; j < ea.n && left > 0; j++)
        for (FolBits72 e = side->area_mask[ea.area[es.best_order[j]]] & ~seat->covered; e && left > 0; e &= e - 1)
          {
            squares[out++] = (uint8_t) fol_bb_lowest (e);
            left--;
          }
    }
  return es.best >= 1000 ? (int) (es.best - 1000) : -(int) (SUMMER_SQUARES - es.best);
}

static int
int_desc (const void *pa, const void *pb)
{
  return *(const int *) pb - *(const int *) pa;
}

/* The most squares @k tiles can cover, of @count[3..5] tiles of each size. */
static int
top_sizes (const int count[6], int k)
{
  int sum = 0;
  for (int size = 5; size >= 3 && k > 0; size--)
    {
      int take = MIN (k, count[size]);
      sum += take * size;
      k -= take;
    }
  return sum;
}

/* A sound upper bound of the final score from @n, with @mains Main Actions
 * still to come and @pending tile sizes to be placed before them
 * (docs/solo-par.md, "The bound"):
 * - points: the treasures held, the tokens on Holes (a full floor completes
 *   every Area), each Hole not under an Animal tile its printed treasure once
 *   more (an Animal tile), each future tile (at most @pending + 2 per Main
 *   Action) twice the best printed treasure still uncovered, and the set-up
 *   tokens of Racoon, Fox and Badger;
 * - costs: a Main Action places one tile free, a Squirrel free, or two tiles
 *   for a Mushroom or a Feather (3 points at least); every other square is a
 *   Nut's Squirrel (2 points at least); tiles cover at most their sizes, the
 *   largest of those still in the game.
 * Returns the best won score so bounded, or, if no win fits, minus the
 * fewest empty squares possible. */
static int
pn_upper_bound (const SummerComponents *c, const PNode *n, int mains, const int *pending, int n_pending)
{
  const SummerState *s = &n->st;
  const SummerSeat *seat = &s->seat[0];
  const SummerFloorSide *side = &c->side[seat->side];
  FolBits72 open = fol_bb_all () & ~seat->covered, regain = seat->holes & ~seat->animals;
  int held[SUMMER_N_TREASURES];
  treasures_int (seat->treasures, held);
  int pts = points (held), gain = 0, future = n_pending + 2 * mains;
  for (int t = SUMMER_N_TREASURES - 1; t >= 0; t--)
    {
      FolBits72 printed = side->treasure_mask[t];
      gain += worth[t] * (fol_bb_count (seat->tokens & printed) + fol_bb_count (regain & printed));
      int take = MIN (future, fol_bb_count (open & printed));
      gain += 2 * worth[t] * take;
      future -= take;
    }
  for (int k = 0; k < SUMMER_N_ANIMAL_KINDS; k++)
    if (s->animal_token[k] != SUMMER_NO_TREASURE)
      gain += worth[s->animal_token[k]];

  /* the tiles still to come, by size */
  int count[6] = { 0 }, n_pool = 0;
  for (int i = 0; i < seat->path_len; i++)
    count[leaf_size (c, seat->path[i])]++;
  for (int p = 0; p < 2; p++)
    for (int i = 0; i < s->solo_len[p]; i++)
      count[leaf_size (c, s->solo_path[p][i])]++;
  for (int i = 0; i < SUMMER_TRACK_SPACES; i++)
    if (s->track[i] != SUMMER_NONE)
      count[leaf_size (c, s->track[i])]++;
  n_pool = count[3] + count[4] + count[5];
  int pend = 0;
  for (int i = 0; i < n_pending; i++)
    pend += pending[i];

  int open_sq = pn_empties (n) - n->vsq;
  int best_won = G_MININT, best_cover = 0;
  for (int d = 0; d <= mains; d++)
    for (int y = 0; y <= mains - d; y++)
      {
        int cov = pend + top_sizes (count, MIN (mains - d - y + 2 * d, n_pool));
        int left = MAX (0, open_sq - y - cov);
        int budget = pts + gain - 3 * d;
        best_won = MAX (best_won, budget - 2 * left);
        best_cover = MAX (best_cover, y + cov + MAX (0, budget) / 2);
      }
  if (best_won >= 0)
    return best_won;
  return -MAX (0, open_sq - best_cover);
}

/* Main Actions after the current one (the current one not counted). */
static int
mains_after (const PNode *n)
{
  return MAX (0, SUMMER_SOLO_TURNS - (int) n->st.round);
}

/* pn_upper_bound() for any position in play: the tiles a pending Mushroom
 * or Feather will place, and this turn's Main Action if not yet taken. */
static int
pn_bound (const SummerComponents *c, const PNode *n)
{
  const SummerState *s = &n->st;
  const SummerSeat *seat = &s->seat[0];
  int pending[SUMMER_PATH_MAX], np = 0;
  if (s->pending == SUMMER_PENDING_MUSHROOM)
    {
      for (int k = 0; k < 2; k++)
        if (s->claim_tile[k] != SUMMER_NONE)
          pending[np++] = leaf_size (c, s->claim_tile[k]);
    }
  else if (s->pending == SUMMER_PENDING_FEATHER)
    {
      for (int i = 0; i < seat->path_len; i++)
        pending[np++] = leaf_size (c, seat->path[i]);
      qsort (pending, (size_t) np, sizeof *pending, int_desc);
      np = MIN (np, s->feather_left);
    }
  return pn_upper_bound (c, n, mains_after (n) + !s->main_done, pending, np);
}

/* ------------------------------------------------------------------ */
/* The turn generator                                                  */

typedef struct Gen Gen;
typedef void (*GenChildFunc) (Gen *g, const PNode *child);
typedef void (*GenTerminalFunc) (Gen *g, const PNode *end, int score);

struct Gen {
  Par *par;
  bool complete;             /* every canonical outcome, else the pruned beam's */
  bool cut;                  /* complete: cut by the upper bound against the incumbent */
  int first_width;           /* pruned: first placements of a Feather / Mushroom per tile */
  int max_berries;           /* pruned: Berries per turn */
  KeySet seen;               /* positions of this turn already generated */
  MoveStack ms;              /* the moves of the turn so far */
  GenChildFunc on_child;     /* a position at the start of the next turn */
  GenTerminalFunc on_terminal; /* the game's end (before the end phase), with its score */
  void *data;
};

typedef struct {
  uint8_t transform;
  uint8_t anchor;
  FolBits72 mask;
} Place;

/* The head of everything ranked by the judgement: higher @h first, then
 * lower @order (generation order, so that sorting is deterministic). */
typedef struct {
  double h;
  int order;
} Ranked;

static int
ranked_cmp (const void *pa, const void *pb)
{
  const Ranked *a = pa, *b = pb;
  if (a->h != b->h)
    return a->h < b->h ? 1 : -1;
  return (a->order > b->order) - (a->order < b->order);
}

static int
leaf_places (const SummerComponents *c, int tile, FolBits72 free_sq, Place *out)
{
  const FolOrientationSet *set = &c->leaf[tile].orientations;
  int n = 0;
  for (int o = 0; o < set->n; o++)
    {
      FolBits72 fits = fol_orientation_fits (&set->o[o], free_sq);
      while (fits)
        {
          int a = fol_bb_lowest (fits);
          fits &= fits - 1;
          out[n++] = (Place) { set->o[o].transform, (uint8_t) a, fol_orientation_at (&set->o[o], a) };
        }
    }
  return n;
}

static bool
gen_cut (Gen *g, const PNode *n, int mains, const int *pending, int n_pending)
{
  Par *p = g->par;
  return g->cut && p->have_best && pn_upper_bound (p->c, n, mains, pending, n_pending) <= p->best;
}

/* The smallest sets of at most @left squares that hit every one of @places
 * (none of their squares is needed by the others): standing there, the
 * Squirrels owed leave the tile nowhere to fit, so that the game written out
 * may forgo it.  Fills @out (up to @max_out) and returns how many; -1 when
 * there are more (the caller then cannot claim a proof). */
static void
hitting_rec (const Place *places, int n_places, FolBits72 chosen, int left, FolBits72 *out, int *n_out,
             int max_out)
{
  int i = 0;
  while (i < n_places && (places[i].mask & chosen))
    i++;
  if (i == n_places)
    {
      for (FolBits72 q = chosen; q; q &= q - 1)
        {
          FolBits72 rest = chosen & ~fol_bb_bit (fol_bb_lowest (q));
          int j = 0;
          while (j < n_places && (places[j].mask & rest))
            j++;
          if (j == n_places)
            return;        /* not the smallest: a square of it is not needed */
        }
      for (int k = 0; k < *n_out && k < max_out; k++)
        if (out[k] == chosen)
          return;
      if (*n_out < max_out)
        out[*n_out] = chosen;
      (*n_out)++;
      return;
    }
  if (left == 0)
    return;
  for (FolBits72 m = places[i].mask; m; m &= m - 1)
    hitting_rec (places, n_places, chosen | fol_bb_bit (fol_bb_lowest (m)), left - 1, out, n_out, max_out);
}

#define HIT_MAX 64

static int
hitting_sets (const Place *places, int n_places, int left, FolBits72 *out)
{
  int n = 0;
  if (n_places == 0 || left == 0)
    return 0;
  if (left > 4)
    return -1;
  hitting_rec (places, n_places, 0, left, out, &n, HIT_MAX);
  return n > HIT_MAX ? -1 : n;
}

static void gen_produce (Gen *g, const PNode *n, bool post);
static void gen_berry (Gen *g, const PNode *n, int berries);
static void gen_main (Gen *g, const PNode *n);
static void gen_after_main (Gen *g, const PNode *n);
static void gen_mushroom (Gen *g, const PNode *n, int placed, bool must_place);
static void gen_feather (Gen *g, const PNode *n, int first);

static bool
gen_stop (Gen *g)
{
  return g->par->aborted;
}

static void
gen_terminal (Gen *g, const PNode *n)
{
  uint8_t squares[SUMMER_SQUARES];
  int score = pn_end_value (g->par->c, n, g->par->end_cache, squares);
  int mark = g->ms.n;
  const SummerMove end = { SUMMER_MOVE_END, SUMMER_NONE, 0, 0, 0, 0 };
  bool ok = ms_push (g->par, &g->ms, &end);
  for (int i = 0; ok && i < n->vsq; i++)
    {
      const SummerMove m = { SUMMER_MOVE_SQUIRREL, SUMMER_NONE, 0, squares[i], PAR_MARK_SQUARE, 0 };
      ok = ms_push (g->par, &g->ms, &m);
    }
  if (ok)
    g->on_terminal (g, n, score);
  g->ms.n = mark;
}

/* Pays and places the Nut Squirrels of a group on @squares, one by one. */
static void
gen_group_pay (Gen *g, const PNode *n, FolBits72 squares, bool post)
{
  if (!squares)
    {
      gen_produce (g, n, post);
      return;
    }
  int q = fol_bb_lowest (squares);
  PayOpt opts[PAY_MAX];
  int n_opts = pay_options (n->st.seat[0].treasures, SUMMER_NUT, opts);
  for (int i = 0; i < n_opts && !gen_stop (g); i++)
    {
      PNode c = *n;
      int mark = g->ms.n;
      SummerMove nut = { SUMMER_MOVE_NUT, SUMMER_NONE, 0, (uint8_t) q, 0, 0 };
      if (pn_pay (g->par, &c, &opts[i], &g->ms) && pn_play (g->par, &c, &nut, &g->ms))
        gen_group_pay (g, &c, squares & ~fol_bb_bit (q), post);
      g->ms.n = mark;
    }
}

/* Nut groups: every empty square of an incomplete Area holding tokens, the
 * owed virtual Squirrels first, then Nuts. */
static void
gen_groups (Gen *g, const PNode *n, bool post)
{
  const SummerSeat *seat = &n->st.seat[0];
  const SummerFloorSide *side = &g->par->c->side[seat->side];
  for (int a = 0; a < SUMMER_N_AREAS && !gen_stop (g); a++)
    {
      if ((seat->areas_done & (1u << a)) || !(seat->tokens & side->area_mask[a]))
        continue;
      FolBits72 e = side->area_mask[a] & ~seat->covered;
      int k = fol_bb_count (e);
      int v = MIN (n->vsq, k);
      int held[SUMMER_N_TREASURES];
      treasures_int (seat->treasures, held);
      if (k == 0 || nut_equivalents (held) < k - v)
        continue;
      PNode c = *n;
      int mark = g->ms.n;
      bool ok = true;
      for (int i = 0; i < v && ok; i++)
        {
          int q = fol_bb_lowest (e);
          e &= e - 1;
          ok = pn_virtual_place (g->par, &c, q, &g->ms);
        }
      if (ok)
        gen_group_pay (g, &c, e, post);
      g->ms.n = mark;
    }
}

/* Animal tiles that gain a treasure and use a Hole freed since n->seen. */
static void
gen_animals (Gen *g, const PNode *n, bool post)
{
  const SummerState *s = &n->st;
  const SummerSeat *seat = &s->seat[0];
  const SummerComponents *c = g->par->c;
  const SummerFloorSide *side = &c->side[seat->side];
  FolBits72 fh = free_holes (seat), fresh = fh & ~n->seen;
  /* an Animal tile covers two or more free Holes side by side, one of them fresh */
  bool paired = false;
  for (FolBits72 f = fresh; f && !paired; f &= f - 1)
    paired = (fol_bb_neighbours (fol_bb_bit (fol_bb_lowest (f))) & fh) != 0;
  if (!paired)
    return;
  for (int k = 0; k < SUMMER_N_ANIMAL_KINDS && !gen_stop (g); k++)
    {
      if (s->animals_left[k] == 0)
        continue;
      const FolOrientationSet *set = &c->animal[k].orientations;
      for (int o = 0; o < set->n && !gen_stop (g); o++)
        {
          FolBits72 fits = fol_orientation_fits (&set->o[o], fh);
          while (fits && !gen_stop (g))
            {
              int a = fol_bb_lowest (fits);
              fits &= fits - 1;
              FolBits72 mask = fol_orientation_at (&set->o[o], a);
              if (!(mask & fresh))
                continue;
              bool gains = s->animal_token[k] != SUMMER_NO_TREASURE;
              for (FolBits72 m = mask; m && !gains; m &= m - 1)
                {
                  int t = side->treasure[fol_bb_lowest (m)];
                  gains = t != SUMMER_NO_TREASURE && s->supply[t] > 0;
                }
              if (!gains)
                continue;
              PNode ch = *n;
              int mark = g->ms.n;
              SummerMove m = { SUMMER_MOVE_ANIMAL, (uint8_t) k, set->o[o].transform, (uint8_t) a, 0, 0 };
              if (pn_play (g->par, &ch, &m, &g->ms))
                gen_produce (g, &ch, post);
              g->ms.n = mark;
            }
        }
    }
}

/* Before the Main Action (@post FALSE) or after it in the last turn: Nut
 * groups and Animal tiles in any number and order, then on. */
static void
gen_produce (Gen *g, const PNode *n, bool post)
{
  if (gen_stop (g) || !keyset_add (&g->seen, pn_key (n, post ? ST_POST : ST_PRODUCE)))
    return;
  int empties = pn_empties (n);
  if (empties == n->vsq && empties > 0)
    {
      /* the floor is full once the owed Squirrels stand: the game ends with this turn */
      PNode c = *n;
      int mark = g->ms.n;
      bool ok = true;
      for (FolBits72 e = fol_bb_all () & ~c.st.seat[0].covered; e && ok; e &= e - 1)
        ok = pn_virtual_place (g->par, &c, fol_bb_lowest (e), &g->ms);
      if (ok)
        gen_produce (g, &c, true);
      g->ms.n = mark;
      return;
    }
  if (empties == 0 && !post)
    {
      /* a full floor: no Main Action is needed, the game ends with this turn */
      gen_produce (g, n, true);
      return;
    }
  if (post)
    gen_terminal (g, n);
  else
    {
      PNode c = *n;
      c.seen = free_holes (&c.st.seat[0]);
      gen_berry (g, &c, 0);
    }
  gen_groups (g, n, post);
  gen_animals (g, n, post);
}

static void
gen_berry (Gen *g, const PNode *n, int berries)
{
  if (gen_stop (g) || !keyset_add (&g->seen, pn_key (n, ST_BERRY)))
    return;
  gen_main (g, n);
  const SummerState *s = &n->st;
  const SummerSeat *seat = &s->seat[0];
  if ((!g->complete && berries >= g->max_berries) || seat->path_len >= SUMMER_PATH_MAX)
    return;
  PayOpt opts[PAY_MAX];
  int n_opts = pay_options (seat->treasures, SUMMER_BERRY, opts);
  for (int p = 0; p < 2; p++)
    for (int e = 0; e < 2; e++)
      {
        if (s->solo_len[p] == 0 || (e == SUMMER_RIGHT && s->solo_len[p] == 1))
          continue;
        for (int i = 0; i < n_opts && !gen_stop (g); i++)
          {
            PNode c = *n;
            int mark = g->ms.n;
            SummerMove m = { SUMMER_MOVE_BERRY, SUMMER_NONE, 0, 0, (uint8_t) p, (uint8_t) e };
            if (pn_pay (g->par, &c, &opts[i], &g->ms) && pn_play (g->par, &c, &m, &g->ms))
              gen_berry (g, &c, berries + 1);
            g->ms.n = mark;
          }
      }
}

/* Plays Leaf tile @tile at @pl; FALSE when it leaves fewer empty squares
 * than Squirrels owed. */
static bool
gen_place (Gen *g, PNode *c, int tile, const Place *pl)
{
  SummerMove m = { SUMMER_MOVE_LEAF, (uint8_t) tile, pl->transform, pl->anchor, 0, 0 };
  return pn_play (g->par, c, &m, &g->ms) && pn_empties (c) >= c->vsq;
}

/* Each of @places for Leaf tile @tile as the Main Action's last placement,
 * then on to the end of the turn. */
static void
gen_last_places (Gen *g, const PNode *n, int tile, const Place *places, int n_places)
{
  for (int k = 0; k < n_places && !gen_stop (g); k++)
    {
      PNode c = *n;
      int mark = g->ms.n;
      if (gen_place (g, &c, tile, &places[k]))
        gen_after_main (g, &c);
      g->ms.n = mark;
    }
}

/* The first tile of a Feather or of a two-tile Mushroom at each of
 * @places: all of them, or (pruned) the best @g->first_width by pn_eval. */
static void
gen_first_tile (Gen *g, const PNode *n, int tile, const Place *places, int n_places, bool feather, bool prunable,
                int placed)
{
  int *chosen = g_new (int, MAX (n_places, 1));
  int n_chosen = 0;
  if (g->complete || !prunable || n_places <= g->first_width)
    for (int i = 0; i < n_places; i++)
      chosen[n_chosen++] = i;
  else
    {
      Ranked *r = g_new (Ranked, n_places);
      int nr = 0;
      for (int i = 0; i < n_places && !gen_stop (g); i++)
        {
          PNode c = *n;
          int mark = g->ms.n;
          if (gen_place (g, &c, tile, &places[i]))
            r[nr++] = (Ranked) { pn_eval (&c), i };
          g->ms.n = mark;
        }
      if (nr > 1)
        qsort (r, (size_t) nr, sizeof *r, ranked_cmp);
      for (int i = 0; i < nr && i < g->first_width; i++)
        chosen[n_chosen++] = r[i].order;
      g_free (r);
    }
  for (int i = 0; i < n_chosen && !gen_stop (g); i++)
    {
      PNode c = *n;
      int mark = g->ms.n;
      if (gen_place (g, &c, tile, &places[chosen[i]]))
        {
          if (feather)
            gen_feather (g, &c, tile);
          else if (c.st.pending == SUMMER_PENDING_MUSHROOM)
            gen_mushroom (g, &c, placed + 1, false);
          else
            gen_after_main (g, &c);
        }
      g->ms.n = mark;
    }
  g_free (chosen);
}

static void
gen_main (Gen *g, const PNode *n)
{
  if (gen_stop (g) || gen_cut (g, n, mains_after (n) + 1, NULL, 0))
    return;
  const SummerState *s = &n->st;
  const SummerSeat *seat = &s->seat[0];
  FolBits72 free_sq = fol_bb_all () & ~seat->covered;
  Place *places = g_new (Place, 8 * SUMMER_SQUARES);
  bool path_fits = false;
  /* a Leaf tile of the Player Path */
  for (int i = 0; i < seat->path_len && !gen_stop (g); i++)
    {
      int tile = seat->path[i];
      int np = leaf_places (g->par->c, tile, free_sq, places);
      path_fits |= np > 0;
      gen_last_places (g, n, tile, places, np);
    }
  /* a Squirrel (virtual: its square is chosen later) */
  if (pn_empties (n) > n->vsq && !gen_stop (g))
    {
      PNode c = *n;
      int mark = g->ms.n;
      if (pn_virtual_main (&c, g->par, &g->ms))
        gen_after_main (g, &c);
      g->ms.n = mark;
    }
  /* a Mushroom: the tiles on M1 and M2, one of them fitting */
  bool claim_fits = false;
  for (int sp = SUMMER_TRACK_M1; sp <= SUMMER_TRACK_M2; sp++)
    if (s->track[sp] != SUMMER_NONE && summer_ai_leaf_fits (s->track[sp], free_sq))
      claim_fits = true;
  PayOpt opts[PAY_MAX];
  if (claim_fits)
    {
      int n_opts = pay_options (seat->treasures, SUMMER_MUSHROOM, opts);
      for (int i = 0; i < n_opts && !gen_stop (g); i++)
        {
          PNode c = *n;
          int mark = g->ms.n;
          const SummerMove m = { SUMMER_MOVE_MUSHROOM, SUMMER_NONE, 0, 0, SUMMER_NONE, SUMMER_NONE };
          if (pn_pay (g->par, &c, &opts[i], &g->ms) && pn_play (g->par, &c, &m, &g->ms))
            gen_mushroom (g, &c, 0, false);
          g->ms.n = mark;
        }
    }
  /* a Feather: two tiles of the Player Path */
  if (seat->path_len >= 2 && path_fits)
    {
      int n_opts = pay_options (seat->treasures, SUMMER_FEATHER, opts);
      for (int i = 0; i < n_opts && !gen_stop (g); i++)
        {
          PNode c = *n;
          int mark = g->ms.n;
          const SummerMove m = { SUMMER_MOVE_FEATHER, SUMMER_NONE, 0, 0, 0, 0 };
          if (pn_pay (g->par, &c, &opts[i], &g->ms) && pn_play (g->par, &c, &m, &g->ms))
            gen_feather (g, &c, SUMMER_NONE);
          g->ms.n = mark;
        }
    }
  g_free (places);
}

/* Forgoes claimed tile @tile (Mushroom) or the Feather's second tile
 * (@tile NONE) after the owed Squirrels @block are placed (0: none), then
 * goes on: the other claimed tile must then be placed (@must_place). */
static void
gen_forgo (Gen *g, const PNode *n, int tile, FolBits72 block, int placed)
{
  PNode c = *n;
  int mark = g->ms.n;
  bool ok = true;
  for (FolBits72 q = block; q && ok; q &= q - 1)
    ok = pn_virtual_place (g->par, &c, fol_bb_lowest (q), &g->ms);
  SummerMove m = { SUMMER_MOVE_FORGO, (uint8_t) tile, 0, 0, 0, 0 };
  if (ok && pn_play (g->par, &c, &m, &g->ms))
    {
      if (c.st.pending == SUMMER_PENDING_MUSHROOM)
        gen_mushroom (g, &c, placed, block != 0);
      else
        gen_after_main (g, &c);
    }
  g->ms.n = mark;
}

/* The Mushroom's claimed tiles (@placed of them placed so far), in either
 * order; a tile that fits nowhere is forgone (Rulebook: Mushroom).  With
 * Squirrels owed, the tile may also be forgone where they could stand so as
 * to leave it nowhere to fit, as long as the other tile is placed (at least
 * one claimed tile fits when the Mushroom is played). */
static void
gen_mushroom (Gen *g, const PNode *n, int placed, bool must_place)
{
  if (gen_stop (g) || !keyset_add (&g->seen, pn_key (n, ST_MUSHROOM + 16u * (unsigned) (placed * 2 + must_place))))
    return;
  const SummerState *s = &n->st;
  int sizes[2], n_claims = 0;
  for (int k = 0; k < 2; k++)
    if (s->claim_tile[k] != SUMMER_NONE)
      sizes[n_claims++] = leaf_size (g->par->c, s->claim_tile[k]);
  if (gen_cut (g, n, mains_after (n), sizes, n_claims))
    return;
  FolBits72 free_sq = fol_bb_all () & ~s->seat[0].covered;
  Place *places = g_new (Place, 8 * SUMMER_SQUARES);
  for (int k = 0; k < 2 && !gen_stop (g); k++)
    {
      int tile = s->claim_tile[k];
      if (tile == SUMMER_NONE)
        continue;
      int np = leaf_places (g->par->c, tile, free_sq, places);
      if (np == 0)
        {
          if (!must_place)
            gen_forgo (g, n, tile, 0, placed);
          continue;
        }
      if (g->complete && n->vsq > 0 && !must_place && (placed > 0 || n_claims == 2))
        {
          FolBits72 sets[HIT_MAX];
          int n_sets = hitting_sets (places, np, n->vsq, sets);
          if (n_sets < 0)
            g->par->exact = false;
          for (int i = 0; i < n_sets && !gen_stop (g); i++)
            gen_forgo (g, n, tile, sets[i], placed);
        }
      /* complete: the two claimed tiles are one set whatever the order, so
       * the second first only where the first then fits nowhere (forgone) */
      if (g->complete && n_claims == 2 && k == 1 && n->vsq == 0)
        {
          int other = s->claim_tile[0], kept = 0;
          Place *rest = g_new (Place, 8 * SUMMER_SQUARES);
          for (int i = 0; i < np; i++)
            if (leaf_places (g->par->c, other, free_sq & ~places[i].mask, rest) == 0)
              places[kept++] = places[i];
          g_free (rest);
          np = kept;
        }
      gen_first_tile (g, n, tile, places, np, false, n_claims == 2, placed);
    }
  g_free (places);
}

static void
gen_feather (Gen *g, const PNode *n, int first)
{
  if (gen_stop (g) || !keyset_add (&g->seen, pn_key (n, ST_FEATHER + 16u * (unsigned) (first + 1))))
    return;
  const SummerState *s = &n->st;
  const SummerSeat *seat = &s->seat[0];
  FolBits72 free_sq = fol_bb_all () & ~seat->covered;
  Place *places = g_new (Place, 8 * SUMMER_SQUARES);
  if (s->feather_left >= 2)
    {
      for (int i = 0; i < seat->path_len && !gen_stop (g); i++)
        {
          int tile = seat->path[i];
          int np = leaf_places (g->par->c, tile, free_sq, places);
          gen_first_tile (g, n, tile, places, np, true, true, 0);
        }
      g_free (places);
      return;
    }
  int biggest = 0;
  for (int i = 0; i < seat->path_len; i++)
    biggest = MAX (biggest, leaf_size (g->par->c, seat->path[i]));
  if (gen_cut (g, n, mains_after (n), &biggest, 1))
    {
      g_free (places);
      return;
    }
  bool any = false;
  Place *all = g->complete && n->vsq > 0 ? g_new (Place, SUMMER_PATH_MAX * 8 * SUMMER_SQUARES) : NULL;
  int n_all = 0;
  for (int i = 0; i < seat->path_len && !gen_stop (g); i++)
    {
      int tile = seat->path[i];
      int np = leaf_places (g->par->c, tile, free_sq, places);
      any |= np > 0;
      if (all)
        {
          memcpy (all + n_all, places, (size_t) np * sizeof *places);
          n_all += np;
        }
      /* the pair {first, tile} was generated with the lower id first */
      if (!(g->complete && first != SUMMER_NONE && tile < first))
        gen_last_places (g, n, tile, places, np);
    }
  if (!any && !gen_stop (g))
    gen_forgo (g, n, SUMMER_NONE, 0, 0);
  else if (all)
    {
      /* the owed Squirrels may stand where no tile of the Path fits: forgone */
      FolBits72 sets[HIT_MAX];
      int n_sets = hitting_sets (all, n_all, n->vsq, sets);
      if (n_sets < 0)
        g->par->exact = false;
      for (int i = 0; i < n_sets && !gen_stop (g); i++)
        gen_forgo (g, n, SUMMER_NONE, sets[i], 0);
    }
  g_free (all);
  g_free (places);
}

static void
gen_after_main (Gen *g, const PNode *n)
{
  if (gen_stop (g))
    return;
  const SummerState *s = &n->st;
  if (s->pending == SUMMER_PENDING_REFILL)
    {
      for (int p = 0; p < 2; p++)
        for (int e = 0; e < 2; e++)
          {
            if (s->solo_len[p] == 0 || (e == SUMMER_RIGHT && s->solo_len[p] == 1) || gen_stop (g))
              continue;
            PNode c = *n;
            int mark = g->ms.n;
            SummerMove m = { SUMMER_MOVE_REFILL, SUMMER_NONE, 0, 0, (uint8_t) p, (uint8_t) e };
            if (pn_play (g->par, &c, &m, &g->ms))
              gen_after_main (g, &c);
            g->ms.n = mark;
          }
      return;
    }
  if (s->round >= SUMMER_SOLO_TURNS || pn_empties (n) == n->vsq)
    {
      /* the last turn: its end is scored exactly, no bound needed */
      gen_produce (g, n, true);
      return;
    }
  if (!keyset_add (&g->seen, pn_key (n, ST_AFTER)) || gen_cut (g, n, mains_after (n), NULL, 0))
    return;
  PNode c = *n;
  int mark = g->ms.n;
  const SummerMove end = { SUMMER_MOVE_END, SUMMER_NONE, 0, 0, 0, 0 };
  if (pn_play (g->par, &c, &end, &g->ms))
    g->on_child (g, &c);
  g->ms.n = mark;
}

/* Generates the rest of the turn of @n (any point of a turn in play). */
static void
gen_turn (Gen *g, const PNode *n)
{
  const SummerState *s = &n->st;
  if (s->phase != SUMMER_PHASE_PLAY)
    return;
  keyset_clear (&g->seen);
  g->ms.n = 0;
  switch (s->pending)
    {
    case SUMMER_PENDING_MUSHROOM:
      /* (at the start of a search no Squirrel is owed: the count placed is moot) */
      gen_mushroom (g, n, 0, false);
      break;
    case SUMMER_PENDING_FEATHER:
      gen_feather (g, n, SUMMER_NONE);
      break;
    case SUMMER_PENDING_REFILL:
      gen_after_main (g, n);
      break;
    default:
      if (s->main_done)
        gen_after_main (g, n);
      else
        gen_produce (g, n, false);
      break;
    }
}

static Gen *
gen_new (Par *p, bool complete)
{
  Gen *g = g_new0 (Gen, 1);
  g->par = p;
  g->complete = complete;
  keyset_init (&g->seen, TURN_KEYS_MAX);
  return g;
}

static void
gen_free (Gen *g)
{
  keyset_free (&g->seen);
  g_free (g);
}

/* ------------------------------------------------------------------ */
/* Stage 1: the Expert level's game                                    */

static void
expert_run (Par *p, const SummerState *start)
{
  SummerState s = *start;
  FolRng rng;
  fol_rng_seed (&rng, summer_state_hash (start) ^ G_GUINT64_CONSTANT (0xE4BE47E4BE47));
  GArray *line = p->expert_line;
  p->stage = "expert";
  while (!summer_is_over (&s))
    {
      /* Expert at full effort from SUMMER_PAR_EXPERT_FULL_NODES of budget,
       * at that share of it below (a test's budget of 20,000 nodes stays
       * small: the full Expert's game alone is some 2 million nodes) */
      FolAiSearch search = { .effort_percent = (int) CLAMP (p->total * 100 / SUMMER_PAR_EXPERT_FULL_NODES, 1, 100) };
      if (p->budget)
        {
          search.stop = p->budget->stop;
          search.stop_data = p->budget->stop_data;
        }
      SummerMove m;
      if (!summer_ai_choose_full (&s, FOL_AI_EXPERT, &rng, &search, &m) || !summer_apply_move (&s, &m, NULL, NULL))
        break;
      g_array_append_val (line, m);
      if (search.capped)
        p->capped = p->aborted = true;
      par_count (p, search.nodes + 1);
    }
  if (!summer_is_over (&s))
    {
      g_array_set_size (line, 0);
      return;
    }
  p->expert_score = s.result[0].solo_score;
  par_offer (p, p->expert_score, (const SummerMove *) line->data, (int) line->len, NULL);
  par_report (p);
}

/* ------------------------------------------------------------------ */
/* Stage 2: beam searches over whole turns                             */

typedef struct {
  int parent;                /* index in the previous layer's links; -1: the root */
  int n_moves;
  SummerMove *moves;
} BeamLink;

typedef struct {
  Ranked rank;               /* first: ranked_cmp() */
  uint64_t key;
  int parent;
  int n_moves;
  SummerMove *moves;
  PNode node;
} BeamCand;

typedef struct {
  Par *par;
  int per_parent;
  GPtrArray *layers;         /* of GArray of BeamLink */
  int parent;                /* the node being expanded */
  BeamCand *cands;           /* its best children so far (per_parent) */
  int n_cands;
  int order;
} Beam;

static void
beam_line (Beam *b, int parent, GArray *out)
{
  g_array_set_size (out, 0);
  for (int l = (int) b->layers->len - 1; l >= 0 && parent >= 0; l--)
    {
      GArray *links = g_ptr_array_index (b->layers, l);
      const BeamLink *lk = &g_array_index (links, BeamLink, parent);
      g_array_prepend_vals (out, lk->moves, (guint) lk->n_moves);
      parent = lk->parent;
    }
}

static void
beam_on_terminal (Gen *g, const PNode *end, int score)
{
  Beam *b = g->data;
  Par *p = b->par;
  (void) end;
  if (p->have_best && score <= p->best)
    return;
  g_autoptr (GArray) pre = g_array_new (FALSE, FALSE, sizeof (SummerMove));
  beam_line (b, b->parent, pre);
  par_offer (p, score, (const SummerMove *) pre->data, (int) pre->len, &g->ms);
}

static void
beam_on_child (Gen *g, const PNode *child)
{
  Beam *b = g->data;
  double h = pn_eval (child);
  int at = b->n_cands;
  while (at > 0 && b->cands[at - 1].rank.h < h)
    at--;
  if (at >= b->per_parent)
    return;
  if (b->n_cands == b->per_parent)
    {
      g_free (b->cands[b->n_cands - 1].moves);
      b->n_cands--;
    }
  memmove (&b->cands[at + 1], &b->cands[at], (size_t) (b->n_cands - at) * sizeof *b->cands);
  BeamCand *cd = &b->cands[at];
  cd->rank = (Ranked) { h, b->order++ };
  cd->key = pn_key (child, ST_TURN);
  cd->parent = b->parent;
  cd->n_moves = g->ms.n;
  cd->moves = g_memdup2 (g->ms.m, (gsize) g->ms.n * sizeof (SummerMove));
  cd->node = *child;
  b->n_cands++;
}

/* One beam search of @width positions per turn, each expanded by the pruned
 * generator (@first_width, @max_berries) keeping its @per_parent best
 * children.  Returns whether some turn had more children than @width (a
 * wider beam would search more). */
static bool
beam_run (Par *p, const PNode *root, int width, int per_parent, int first_width, int max_berries)
{
  bool truncated = false;
  Beam b = { .par = p, .per_parent = per_parent };
  b.layers = g_ptr_array_new ();
  b.cands = g_new (BeamCand, per_parent);
  Gen *g = gen_new (p, false);
  g->first_width = first_width;
  g->max_berries = max_berries;
  g->on_child = beam_on_child;
  g->on_terminal = beam_on_terminal;
  g->data = &b;
  PNode *front = g_new (PNode, 1);
  front[0] = *root;
  int n_front = 1;
  GArray *all = g_array_new (FALSE, FALSE, sizeof (BeamCand));
  while (n_front > 0 && !p->aborted)
    {
      g_array_set_size (all, 0);
      for (int i = 0; i < n_front && !p->aborted; i++)
        {
          b.parent = i;
          b.n_cands = 0;
          gen_turn (g, &front[i]);
          g_array_append_vals (all, b.cands, (guint) b.n_cands);
        }
      if (all->len > 1)
        qsort (all->data, all->len, sizeof (BeamCand), ranked_cmp);
      /* the next layer: the best @width, a position reached twice once */
      GArray *links = g_array_new (FALSE, FALSE, sizeof (BeamLink));
      PNode *next = g_new (PNode, MAX (width, 1));
      int n_next = 0;
      KeySet keys;
      keyset_init (&keys, G_MAXSIZE);
      for (guint i = 0; i < all->len; i++)
        {
          BeamCand *cd = &g_array_index (all, BeamCand, i);
          bool fresh = !p->aborted && keyset_add (&keys, cd->key);
          if (fresh && n_next >= width)
            truncated = true;
          if (fresh && n_next < width)
            {
              BeamLink lk = { cd->parent, cd->n_moves, cd->moves };
              g_array_append_val (links, lk);
              next[n_next++] = cd->node;
            }
          else
            g_free (cd->moves);
        }
      keyset_free (&keys);
      g_ptr_array_add (b.layers, links);
      g_free (front);
      front = next;
      n_front = n_next;
    }
  g_free (front);
  g_array_free (all, TRUE);
  for (guint l = 0; l < b.layers->len; l++)
    {
      GArray *links = g_ptr_array_index (b.layers, l);
      for (guint i = 0; i < links->len; i++)
        g_free (g_array_index (links, BeamLink, i).moves);
      g_array_free (links, TRUE);
    }
  g_ptr_array_free (b.layers, TRUE);
  g_free (b.cands);
  gen_free (g);
  return truncated;
}

/* ------------------------------------------------------------------ */
/* Stage 3: depth-first branch and bound over turns                    */

typedef struct {
  Ranked rank;               /* first: ranked_cmp() */
  uint64_t key;
  FolBits72 seen;
  guint offset;
  int n_moves;
} DfsChild;

typedef struct {
  GArray *children;          /* DfsChild */
  GArray *moves;             /* SummerMove, the children's turns */
} DfsFrame;

static void
dfs_on_terminal (Gen *g, const PNode *end, int score)
{
  Par *p = g->par;
  (void) end;
  par_offer (p, score, (const SummerMove *) p->prefix->data, (int) p->prefix->len, &g->ms);
}

static void
dfs_on_child (Gen *g, const PNode *child)
{
  DfsFrame *f = g->data;
  Par *p = g->par;
  if (p->have_best && pn_bound (p->c, child) <= p->best)
    return;
  if (p->live_children >= DFS_CHILDREN_MAX)
    {
      p->dropped = true;
      return;
    }
  p->live_children++;
  DfsChild c = { { pn_eval (child), (int) f->children->len }, pn_key (child, ST_TURN), child->seen, f->moves->len,
                 g->ms.n };
  g_array_append_vals (f->moves, g->ms.m, (guint) g->ms.n);
  g_array_append_val (f->children, c);
}

/* The turns of the incumbent's line, for following it first. */
typedef struct {
  int n;
  int start[SUMMER_SOLO_TURNS + 4];
  int len[SUMMER_SOLO_TURNS + 4];
} PvTurns;

static void
pv_split (const GArray *line, PvTurns *pv)
{
  pv->n = 0;
  int from = 0;
  for (guint i = 0; i < line->len && pv->n < (int) G_N_ELEMENTS (pv->start); i++)
    if (g_array_index (line, SummerMove, i).kind == SUMMER_MOVE_END)
      {
        pv->start[pv->n] = from;
        pv->len[pv->n] = (int) i + 1 - from;
        pv->n++;
        from = (int) i + 1;
      }
}

static void
dfs (Par *p, Gen *g, const PNode *n, int depth, const GArray *pv_line, const PvTurns *pv)
{
  if (p->aborted)
    return;
  uint64_t key = pn_key (n, ST_TURN);
  if (keyset_has (&p->tt, key))
    return;
  if (p->have_best && pn_bound (p->c, n) <= p->best)
    {
      keyset_add (&p->tt, key);
      return;
    }
  guint prefix_len = p->prefix->len;
  /* the incumbent's turn first, while on its line */
  uint64_t pv_key = 0;
  if (pv && depth < pv->n)
    {
      PNode c = *n;
      c.seen = 0;
      const SummerMove *turn = &g_array_index (pv_line, SummerMove, pv->start[depth]);
      if (pn_replay (p, &c, turn, pv->len[depth]) && c.st.phase == SUMMER_PHASE_PLAY && !p->aborted)
        {
          pv_key = pn_key (&c, ST_TURN);
          g_array_append_vals (p->prefix, turn, (guint) pv->len[depth]);
          dfs (p, g, &c, depth + 1, pv_line, pv);
          g_array_set_size (p->prefix, prefix_len);
        }
    }
  if (p->aborted)
    return;
  DfsFrame f = {
    g_array_new (FALSE, FALSE, sizeof (DfsChild)),
    g_array_new (FALSE, FALSE, sizeof (SummerMove)),
  };
  g->data = &f;
  gen_turn (g, n);
  if (f.children->len > 1)
    qsort (f.children->data, f.children->len, sizeof (DfsChild), ranked_cmp);
  for (guint i = 0; i < f.children->len && !p->aborted; i++)
    {
      const DfsChild *ch = &g_array_index (f.children, DfsChild, i);
      if (ch->key == pv_key)
        continue;
      PNode c = *n;
      const SummerMove *turn = &g_array_index (f.moves, SummerMove, ch->offset);
      if (!pn_replay (p, &c, turn, ch->n_moves))
        continue;
      c.seen = ch->seen;
      g_array_append_vals (p->prefix, turn, (guint) ch->n_moves);
      dfs (p, g, &c, depth + 1, NULL, NULL);
      g_array_set_size (p->prefix, prefix_len);
    }
  p->live_children -= f.children->len;
  g_array_free (f.children, TRUE);
  g_array_free (f.moves, TRUE);
  if (!p->aborted && !p->dropped)
    keyset_add (&p->tt, key);
}

/* ------------------------------------------------------------------ */
/* Writing the line out                                                */

/* Turns the abstract @line into moves of the game: each virtual Squirrel is
 * played in its own turn on the square it was given (the first one owed
 * takes the first square given), then the end phase is finished by the
 * auto-finish.  Returns FALSE when a move is refused (a bug). */
static bool
realize (const SummerState *start, const GArray *line, GArray *out, int *score)
{
  guint n = line->len;
  g_autofree int *owed = g_new (int, MAX (n, 1));
  g_autofree int *square = g_new (int, MAX (n, 1));
  int head = 0, tail = 0;
  for (guint i = 0; i < n; i++)
    {
      const SummerMove *m = &g_array_index (line, SummerMove, i);
      square[i] = -1;
      if (is_mark (m, PAR_MARK_MAIN))
        owed[tail++] = (int) i;
      else if (is_mark (m, PAR_MARK_SQUARE))
        {
          if (head == tail)
            return false;
          square[owed[head++]] = m->square;
        }
    }
  if (head != tail)
    return false;
  SummerState s = *start;
  g_array_set_size (out, 0);
  for (guint i = 0; i < n; i++)
    {
      SummerMove m = g_array_index (line, SummerMove, i);
      if (is_mark (&m, PAR_MARK_SQUARE))
        continue;
      if (is_mark (&m, PAR_MARK_MAIN))
        m = (SummerMove) { SUMMER_MOVE_SQUIRREL, SUMMER_NONE, 0, (uint8_t) square[i], 0, 0 };
      if (!summer_apply_move (&s, &m, NULL, NULL))
        return false;
      g_array_append_val (out, m);
    }
  if (s.phase == SUMMER_PHASE_SOLO_END && s.pending == SUMMER_PENDING_NONE)
    {
      SummerMoveList fin;
      summer_solo_auto_finish (&s, &fin);
      for (int i = 0; i < fin.n; i++)
        {
          summer_apply_move (&s, &fin.moves[i], NULL, NULL);
          g_array_append_val (out, fin.moves[i]);
        }
      summer_move_list_clear (&fin);
    }
  if (!summer_is_over (&s))
    return false;
  *score = s.result[0].solo_score;
  return true;
}

/* ------------------------------------------------------------------ */
/* The entry point                                                     */

/* Whether the supply holds enough of each treasure for every token and
 * Animal tile still possible, so that it never runs out in the search
 * (the canonical form defers exchanges and Squirrels, which could
 * otherwise matter when a treasure runs out). */
static bool
supply_ample (const SummerComponents *c, const SummerState *s)
{
  const SummerSeat *seat = &s->seat[0];
  const SummerFloorSide *side = &c->side[seat->side];
  int need[SUMMER_N_TREASURES] = { 0 };
  for (int q = 0; q < SUMMER_SQUARES; q++)
    {
      int t = side->treasure[q];
      if (t == SUMMER_NO_TREASURE || fol_bb_test (seat->animals, q))
        continue;
      if (!fol_bb_test (seat->covered, q))
        need[t] += 2;
      else if (fol_bb_test (seat->holes, q))
        need[t] += 1;
    }
  for (int t = 0; t < SUMMER_N_TREASURES; t++)
    if (s->supply[t] < need[t])
      return false;
  return true;
}

static void
par_free (Par *p)
{
  g_array_free (p->best_line, TRUE);
  g_array_free (p->expert_line, TRUE);
  g_array_free (p->prefix, TRUE);
  keyset_free (&p->tt);
  g_free (p->end_cache);
}

void
summer_par_result_clear (SummerParResult *r)
{
  if (r->line)
    g_array_free (r->line, TRUE);
  if (r->line_text)
    g_ptr_array_free (r->line_text, TRUE);
  memset (r, 0, sizeof *r);
}

gboolean
summer_par_solve (const SummerState *start, const SummerParBudget *budget, SummerParResult *result,
                  GError **error)
{
  g_return_val_if_fail (start != NULL && result != NULL, FALSE);
  memset (result, 0, sizeof *result);
  const SummerComponents *c = summer_components_get (error);
  if (!c)
    return FALSE;
  if (start->n_players != 1)
    {
      g_set_error_literal (error, SUMMER_ERROR, SUMMER_ERROR_SETUP,
                           "the par is computed for solo games only (1 player)");
      return FALSE;
    }
  g_autofree char *broken = summer_state_check_invariants (start);
  if (broken)
    {
      g_set_error (error, SUMMER_ERROR, SUMMER_ERROR_SETUP, "not a position of a game: %s", broken);
      return FALSE;
    }

  Par p = { 0 };
  p.c = c;
  p.budget = budget;
  p.total = budget && budget->nodes ? budget->nodes : SUMMER_PAR_DEFAULT_NODES;
  p.limit = p.total;
  p.next_report = REPORT_EVERY;
  p.next_stop = STOP_EVERY;
  p.exact = supply_ample (c, start);
  p.best_line = g_array_new (FALSE, FALSE, sizeof (SummerMove));
  p.expert_line = g_array_new (FALSE, FALSE, sizeof (SummerMove));
  p.prefix = g_array_new (FALSE, FALSE, sizeof (SummerMove));
  keyset_init (&p.tt, TT_MAX);
  p.end_cache = g_new0 (EndCacheEntry, END_CACHE_SIZE);

  PNode root = { 0 };
  root.st = *start;
  bool proven = false;
  if (summer_is_over (start))
    {
      p.have_best = true;
      p.best = p.expert_score = start->result[0].solo_score;
      proven = true;
    }
  else
    {
      /* 1. the Expert level's game: always played to the end */
      expert_run (&p, start);
      if (start->phase == SUMMER_PHASE_SOLO_END)
        proven = p.have_best;   /* the auto-finish is optimal (DECISIONS: Solo) */
      else
        {
          /* 2. beams of growing width over most of what is left */
          static const int widths[] = { 4, 16, 48, 128, 384 };
          uint64_t beam_end = p.nodes + (p.total > p.nodes ? (p.total - p.nodes) / 10 * BEAM_SHARE_TENTHS : 0);
          p.stage = "beam";
          for (guint i = 0; i < G_N_ELEMENTS (widths) && !p.capped && p.nodes < beam_end; i++)
            {
              p.limit = beam_end;
              p.aborted = false;
              if (!beam_run (&p, &root, widths[i], BEAM_PER_PARENT, BEAM_FIRST_WIDTH, BEAM_BERRIES))
                break;   /* every child was kept: a wider beam would search the same */
            }
          /* 3. the branch and bound, the incumbent's line first */
          if (!p.capped && p.nodes < p.total)
            {
              p.stage = "proof";
              p.limit = p.total;
              p.aborted = false;
              par_report (&p);
              Gen *g = gen_new (&p, true);
              g->cut = true;
              g->on_child = dfs_on_child;
              g->on_terminal = dfs_on_terminal;
              g_autoptr (GArray) pv_line = g_array_copy (p.best_line);
              PvTurns pv;
              pv_split (pv_line, &pv);
              dfs (&p, g, &root, 0, pv_line, &pv);
              gen_free (g);
              proven = !p.aborted && p.exact && !p.dropped;
            }
        }
    }

  result->line = g_array_new (FALSE, FALSE, sizeof (SummerMove));
  result->line_text = g_ptr_array_new_with_free_func (g_free);
  int score = p.best;
  if (!summer_is_over (start) && !(p.have_best && realize (start, p.best_line, result->line, &score)))
    {
      /* a bug: the Expert's game (a game of the rules) stands instead */
      g_warning ("summer_par_solve: the best line found does not replay");
      proven = false;
      if (!p.expert_line->len || !realize (start, p.expert_line, result->line, &score))
        {
          g_set_error_literal (error, SUMMER_ERROR, SUMMER_ERROR_ILLEGAL, "the par search found no line");
          par_free (&p);
          summer_par_result_clear (result);
          return FALSE;
        }
    }
  if (score != p.best)
    proven = false;   /* the line written out scores otherwise than searched */
  SummerState s = *start;
  for (guint i = 0; i < result->line->len; i++)
    {
      const SummerMove *m = &g_array_index (result->line, SummerMove, i);
      g_ptr_array_add (result->line_text, summer_move_format (&s, m));
      summer_apply_move (&s, m, NULL, NULL);
    }
  result->score = score;
  result->won = summer_is_over (&s) && s.result[0].full;
  result->proven = proven;
  result->capped = p.capped;
  result->nodes = p.nodes;
  result->expert_score = p.expert_score;
  p.stage = "done";
  p.best = score;
  par_report (&p);
  par_free (&p);
  return TRUE;
}
