/* summer-ai-plan.c: Hard and Expert for Indian Summer.
 *
 * Hard plans the whole turn: a beam search over the turn's moves (Special
 * Actions, exchanges, the Main Action and what follows it) until the turn
 * can end, every position judged by summer_ai_hard_evaluate().  The beam
 * keeps, per layer, the best placements and, apart from them, the best
 * "enablers" (Berry, exchanges, Mushroom, Feather, refills), so a Berry then
 * a Feather, or two Nuts exchanged for the Mushroom that takes the tile a
 * hole needs, survive beside the many single placements.  The effort is the
 * beam's width, never a time.
 *
 * Expert takes Hard's best few plans and plays each out:
 * - with 2-4 players, over the next two rounds with the Normal player in
 *   every seat, the reserve's hidden order drawn anew for every playout
 *   (the same draws for every plan), scored by its position against the
 *   best opponent's;
 * - in solo (perfect information), by a beam search over whole turns to the
 *   end of the game, scored by the solo score itself.
 */
#include "summer-ai-private.h"
#include "ai-search.h"

#include <string.h>

#define PLAN_MAX_DEPTH 14
#define PLAN_MAX_KEEP 16

/* ------------------------------------------------------------------ */
/* Hard's judgement                                                    */

/* A treasure by what it buys, in tenths of a square: a Nut is a Squirrel
 * (one square, more when it completes an Area), a Mushroom and a Feather
 * each an extra Leaf tile in one turn (about 3.5 squares of tempo, less
 * the tile a Main Action would have placed anyway), a Berry a refill. */
static const int hard_worth[SUMMER_N_TREASURES] = { 6, 12, 24, 30 };

/* What an opponent's Mushroom in its coming turn would take from @me:
 * the first tile of @me's Path, in tenths of a square.  It costs @me the tile
 * (an eighth of its squares: the Path refills) and gives the opponent its
 * squares (half of them, as it might not play the Mushroom on @me); a tile
 * that would fill an opponent's last squares is the game. */
static int
mushroom_threat (const SummerState *s, int me, FolBits72 my_free)
{
  const SummerSeat *seat = &s->seat[me];
  if (s->n_players == 1 || seat->path_len == 0)
    return 0;
  int tile = seat->path[0];
  int size = summer_components ()->leaf[tile].shape.n_cells;
  int worst = 0;
  for (int o = 0; o < s->n_players; o++)
    {
      if (o == me)
        continue;
      const uint8_t *t = s->seat[o].treasures;
      if (t[SUMMER_MUSHROOM] == 0 && t[SUMMER_FEATHER] == 0 && t[SUMMER_NUT] < 2)
        continue;
      FolBits72 their_free = fol_bb_all () & ~s->seat[o].covered;
      int loss = 0;
      if (summer_ai_leaf_fits (tile, their_free))
        loss = fol_bb_count (their_free) == size ? 200 : 10 * size / 2;
      if (loss > worst)
        worst = loss;
    }
  if (worst == 0)
    return 0;
  return worst + (summer_ai_leaf_fits (tile, my_free) ? 10 * size / 8 : 0);
}

int
summer_ai_hard_evaluate (const SummerState *s, int me)
{
  const SummerComponents *c = summer_components ();
  const SummerSeat *seat = &s->seat[me];
  const SummerFloorSide *side = &c->side[seat->side];
  FolBits72 free_sq = fol_bb_all () & ~seat->covered;
  int v = 10 * fol_bb_count (seat->covered);
  if (free_sq == 0)
    v += 150;                    /* the aim of the game */

  for (int t = 0; t < SUMMER_N_TREASURES; t++)
    v += hard_worth[t] * seat->treasures[t];
  /* a Feather needs two tiles on the Path to be played */
  if (seat->treasures[SUMMER_FEATHER] > 0 && seat->path_len < 2)
    v -= 4;

  /* tokens on Holes come with their Area: likelier the fewer squares
   * the Area still needs; a Nut that completes an Area is worth them too */
  bool nut_completes = false;
  for (int a = 0; a < SUMMER_N_AREAS; a++)
    {
      if (seat->areas_done & (1u << a))
        continue;
      FolBits72 area = side->area_mask[a];
      int missing = fol_bb_count (area & free_sq);
      int worth = 0;
      FolBits72 toks = seat->tokens & area;
      while (toks)
        {
          int sq = fol_bb_lowest (toks);
          toks &= toks - 1;
          worth += hard_worth[seat->token[sq]];
        }
      v += worth * (missing <= 2 ? 7 : 5) / 10;
      if (missing == 1 && worth > 0)
        nut_completes = true;
    }
  if (nut_completes && seat->treasures[SUMMER_NUT] > 0)
    v += 4;

  /* pockets of empty squares: one or two squares only take Squirrels,
   * three to five only the one shape that fills them */
  FolBits72 empty = free_sq;
  while (empty)
    {
      FolBits72 region = fol_bb_flood (fol_bb_bit (fol_bb_lowest (empty)), empty);
      empty &= ~region;
      int n = fol_bb_count (region);
      if (n == 1)
        v -= 9;
      else if (n == 2)
        v -= 14;
      else if (n <= 5)
        v -= 3;
    }

  /* the Path: tiles that fit are next turns' coverage */
  int fitting = 0;
  for (int i = 0; i < seat->path_len; i++)
    if (summer_ai_leaf_fits (seat->path[i], free_sq))
      fitting++;
  v += 3 * fitting;

  /* an opponent's Mushroom takes the first tile of the Path */
  v -= mushroom_threat (s, me, free_sq);
  return v;
}

/* ------------------------------------------------------------------ */
/* The turn planner                                                    */

/* The beam keeps the best children of each group apart, so that the few
 * Special Actions and enablers are not crowded out by the many placements
 * that score more at once. */
typedef enum {
  GROUP_MAIN,                    /* a Leaf tile, a Main Action Squirrel, a forgone claim */
  GROUP_ENABLER,                 /* Berry, exchange, Mushroom, Feather, solo refill */
  GROUP_SPECIAL,                 /* a Nut's Squirrel, an Animal tile */
  N_GROUPS
} PlanGroup;

static PlanGroup
group_of (uint8_t kind)
{
  switch (kind)
    {
    case SUMMER_MOVE_LEAF:
    case SUMMER_MOVE_SQUIRREL:
    case SUMMER_MOVE_FORGO:
      return GROUP_MAIN;
    case SUMMER_MOVE_NUT:
    case SUMMER_MOVE_ANIMAL:
      return GROUP_SPECIAL;
    default:
      return GROUP_ENABLER;
    }
}

typedef struct {
  SummerState st;
  SummerMove first;
} Node;


typedef struct {
  FolPlanRank rank;              /* first: fol_plans_insert() */
  SummerMove first;
  SummerState end;               /* where the plan can end the turn (END not yet played) */
} Plan;


/* What tells two positions of the same turn apart, for merging transpositions
 * (the same exchanges in another order, the same tiles placed in another order). */
static uint64_t
node_key (const SummerState *s, int me)
{
  const SummerSeat *seat = &s->seat[me];
  uint64_t h = 1469598103934665603u;
#define MIX(x) (h = (h ^ (uint64_t) (x)) * 1099511628211u)
  MIX ((uint64_t) seat->covered);
  MIX ((uint64_t) (seat->covered >> 64));
  MIX ((uint64_t) seat->tokens);
  MIX ((uint64_t) (seat->tokens >> 64));
  MIX ((uint64_t) seat->animals);
  for (int t = 0; t < SUMMER_N_TREASURES; t++)
    MIX (seat->treasures[t]);
  MIX (seat->path_len);
  for (int i = 0; i < seat->path_len; i++)
    MIX (seat->path[i]);
  MIX (s->pending);
  MIX (s->main_done);
  MIX (s->claim_tile[0]);
  MIX (s->claim_tile[1]);
  MIX (s->feather_left);
  MIX (s->common_len);
  MIX (s->solo_len[0] | (s->solo_len[1] << 4));
  MIX (s->phase);
#undef MIX
  return h;
}



static void
plans_add (Plan *plans, int *n, int max, int value, uint64_t key, const SummerMove *first,
           const SummerState *end)
{
  Plan *p = fol_plans_insert (plans, sizeof *plans, n, max, value, key);
  if (!p)
    return;
  p->first = *first;
  memcpy (&p->end, end, sizeof *end);
}


/* Plans the rest of the turn of the seat to move in @root: fills @plans
 * with up to @max_plans distinct ways to reach the end of the turn, best
 * first.  Returns how many. */
static int
plan_turn (const SummerState *root, const FolBeam *beam, int max_plans, FolAiSearch *search, Plan *plans)
{
  const int me = root->current;
  const SummerMove end_move = { SUMMER_MOVE_END, SUMMER_NONE, 0, 0, 0, 0 };
  int n_plans = 0;
  int width = fol_beam_width (beam);
  Node *front = g_new (Node, width);
  Node *next = g_new (Node, width);
  int *chosen = g_new (int, width);
  int n_front = 1;
  memcpy (&front[0].st, root, sizeof *root);
  front[0].first = end_move;
  GArray *layer = g_array_new (FALSE, FALSE, sizeof (FolBeamCand));
  GArray *children = g_array_new (FALSE, FALSE, sizeof (FolBeamCand));
  SummerState copy;
  int order = 0;
  G_STATIC_ASSERT (sizeof (SummerMove) <= FOL_BEAM_MOVE_SIZE);

  for (int depth = 0; depth < PLAN_MAX_DEPTH && n_front > 0; depth++)
    {
      g_array_set_size (layer, 0);
      for (int f = 0; f < n_front; f++)
        {
          const SummerState *st = &front[f].st;
          bool full = st->seat[me].covered == fol_bb_all ();
          if (st->pending == SUMMER_PENDING_NONE && (st->main_done || full))
            plans_add (plans, &n_plans, max_plans, summer_ai_hard_evaluate (st, me),
                       node_key (st, me), depth == 0 ? &end_move : &front[f].first, st);
          SummerMoveList l;
          summer_legal_moves (st, &l);
          g_array_set_size (children, 0);
          for (int i = 0; i < l.n; i++)
            {
              const SummerMove *m = &l.moves[i];
              if (m->kind == SUMMER_MOVE_END)
                continue;
              memcpy (&copy, st, sizeof copy);
              if (!summer_apply_move (&copy, m, NULL, NULL))
                continue;
              if (search)
                search->nodes++;
              FolBeamCand cd = {
                .h = summer_ai_hard_evaluate (&copy, me) + summer_ai_pending_bonus (&copy, me, 9),
                .parent = f,
                .order = order++,
                .group = (uint8_t) group_of (m->kind),
                .key = node_key (&copy, me),
              };
              memcpy (cd.move, m, sizeof *m);
              g_array_append_val (children, cd);
            }
          summer_move_list_clear (&l);
          fol_beam_keep_children (children, beam, layer);
        }
      /* the best of the layer, transpositions merged */
      int n_next = fol_beam_select (layer, beam, chosen);
      for (int i = 0; i < n_next; i++)
        {
          const FolBeamCand *cd = &g_array_index (layer, FolBeamCand, chosen[i]);
          SummerMove m;
          memcpy (&m, cd->move, sizeof m);
          Node *nd = &next[i];
          memcpy (&nd->st, &front[cd->parent].st, sizeof nd->st);
          summer_apply_move (&nd->st, &m, NULL, NULL);
          nd->first = depth == 0 ? m : front[cd->parent].first;
        }
      Node *t = front;
      front = next;
      next = t;
      n_front = n_next;
      if (n_plans > 0 && fol_ai_stop_now (search))
        break;
    }
  g_array_free (layer, TRUE);
  g_array_free (children, TRUE);
  g_free (chosen);
  g_free (front);
  g_free (next);
  return n_plans;
}

static void
hard_beam (FolBeam *b, const FolAiSearch *search)
{
  b->n_groups = N_GROUPS;
  b->per_parent[GROUP_MAIN] = fol_ai_effort (search, 4, 1);
  b->per_parent[GROUP_ENABLER] = fol_ai_effort (search, 4, 1);
  b->per_parent[GROUP_SPECIAL] = fol_ai_effort (search, 2, 1);
  b->cap[GROUP_MAIN] = fol_ai_effort (search, 10, 2);
  b->cap[GROUP_ENABLER] = fol_ai_effort (search, 8, 2);
  b->cap[GROUP_SPECIAL] = fol_ai_effort (search, 4, 1);
}

bool
summer_ai_hard_choose (const SummerState *s, FolRng *rng, FolAiSearch *search, SummerMove *move)
{
  (void) rng;
  FolBeam b;
  hard_beam (&b, search);
  Plan *plans = g_new (Plan, 1);
  int n = plan_turn (s, &b, 1, search, plans);
  if (n > 0)
    *move = plans[0].first;
  g_free (plans);
  return n > 0;
}

/* ------------------------------------------------------------------ */
/* Expert                                                              */

/* Ends the turn that @st can end (its plan is complete). */
static void
play_end (SummerState *st)
{
  const SummerMove end_move = { SUMMER_MOVE_END, SUMMER_NONE, 0, 0, 0, 0 };
  summer_apply_move (st, &end_move, NULL, NULL);
}

/* A multiplayer position for @me after a playout: won or lost outright at
 * the end, else its position against the best opponent's. */
static int
playout_value (const SummerState *st, int me)
{
  if (summer_is_over (st))
    {
      int rank = st->result[me].rank;
      int tied = 0;
      for (int o = 0; o < st->n_players; o++)
        tied += st->result[o].rank == rank;
      return (rank == 1 ? 3000 / tied : -1000 * (rank - 1)) + 10 * st->result[me].app_score;
    }
  int mine = summer_ai_hard_evaluate (st, me), best = G_MININT;
  for (int o = 0; o < st->n_players; o++)
    if (o != me)
      {
        int v = summer_ai_hard_evaluate (st, o);
        if (v > best)
          best = v;
      }
  return mine - best;
}

/* The playout policy: Hard at half its beam, in every seat; a position
 * after a solo refill or a claim falls back to Normal. */
static bool
playout_move (const SummerState *st, FolRng *rng, SummerMove *m)
{
  if (st->phase == SUMMER_PHASE_PLAY)
    {
      FolAiSearch half = { .effort_percent = 50 };
      if (summer_ai_hard_choose (st, rng, &half, m))
        return true;
    }
  return summer_ai_choose (st, FOL_AI_NORMAL, rng, m);
}

static bool
expert_multi (const SummerState *s, FolRng *rng, FolAiSearch *search, SummerMove *move)
{
  const int me = s->current;
  FolBeam b;
  hard_beam (&b, search);
  int max_plans = fol_ai_effort (search, 4, 2);
  Plan *plans = g_new (Plan, max_plans);
  int n = plan_turn (s, &b, max_plans, search, plans);
  if (n == 0)
    {
      g_free (plans);
      return false;
    }
  int best = 0;
  if (n > 1 && !(search && search->capped))
    {
      int rollouts = fol_ai_effort (search, 6, 1);
      int horizon = 2 * s->n_players;
      uint64_t base = fol_rng_next (rng);
      double best_mean = -1e18;
      SummerState st;
      for (int k = 0; k < n; k++)
        {
          long sum = 0;
          for (int r = 0; r < rollouts; r++)
            {
              FolRng rr;
              fol_rng_seed (&rr, base + (uint64_t) r * 0x9E3779B97F4A7C15u);
              memcpy (&st, &plans[k].end, sizeof st);
              summer_ai_determinize (&st, &rr);
              play_end (&st);
              for (int turns = 0; turns < horizon && !summer_is_over (&st);)
                {
                  SummerMove m;
                  if (!playout_move (&st, &rr, &m))
                    break;
                  SummerMoveInfo info;
                  if (!summer_apply_move (&st, &m, &info, NULL))
                    break;
                  if (search)
                    search->nodes++;
                  turns += info.turn_ended;
                }
              sum += playout_value (&st, me);
            }
          /* Hard's own ranking breaks near-ties: a plan must beat the ones
           * before it by more than a tenth of a square per playout */
          double mean = (double) sum / rollouts;
          if (mean > best_mean + 1.0)
            {
              best_mean = mean;
              best = k;
            }
          if (fol_ai_stop_now (search))
            break;
        }
    }
  *move = plans[best].first;
  g_free (plans);
  return true;
}

typedef struct {
  int value;                     /* the plan's judgement, or the final solo score */
  SummerMove root_first;
  Plan plan;
} SoloEntry;

/* The solo Expert's beam: the plans kept per turn and the lines kept over
 * the game.  24 (was 4): `foliage-cli match summer --players 1 --ai expert
 * --deals 300 --seed 9005 --threads 2` won 90.7% [86.8, 93.5], mean score
 * +11.6, against 51% and +2.1 at 4 on the first 100 of those deals; a
 * decision takes 35 ms median, 225 ms p95, 510 ms at most
 * (docs/computer-players.md). */
#define EXPERT_SOLO_WIDTH 24

static bool
expert_solo (const SummerState *s, FolAiSearch *search, SummerMove *move)
{
  const int width = fol_ai_effort (search, EXPERT_SOLO_WIDTH, 1);
  FolBeam b;
  hard_beam (&b, search);
  SoloEntry *beam = g_new (SoloEntry, width);
  SoloEntry *next = g_new (SoloEntry, width);
  Plan *plans = g_new (Plan, width);
  int n = plan_turn (s, &b, width, search, plans);
  if (n == 0)
    {
      g_free (beam);
      g_free (next);
      g_free (plans);
      return false;
    }
  int n_beam = n;
  for (int i = 0; i < n; i++)
    {
      beam[i].value = (int) plans[i].rank.value;
      beam[i].root_first = plans[i].first;
      memcpy (&beam[i].plan, &plans[i], sizeof plans[i]);
    }
  /* the best finished line: its final score, then its judgement */
  bool have_final = false;
  int best_score = G_MININT, best_tie = G_MININT;
  const SummerMove root_best = plans[0].first;
  SummerMove best_first = root_best;
  SummerState st;
  while (n_beam > 0 && !(search && search->capped))
    {
      int n_next = 0;
      for (int e = 0; e < n_beam; e++)
        {
          memcpy (&st, &beam[e].plan.end, sizeof st);
          if (st.phase == SUMMER_PHASE_PLAY)
            play_end (&st);
          if (st.phase != SUMMER_PHASE_PLAY)
            {
              int score = st.phase == SUMMER_PHASE_OVER ? st.result[0].solo_score : summer_solo_best_score (&st);
              if (!have_final || score > best_score || (score == best_score && beam[e].value > best_tie))
                {
                  have_final = true;
                  best_score = score;
                  best_tie = beam[e].value;
                  best_first = beam[e].root_first;
                }
              continue;
            }
          int k = plan_turn (&st, &b, width, search, plans);
          for (int i = 0; i < k; i++)
            {
              /* keep the @width best over all entries, each end once */
              SoloEntry cand = { (int) plans[i].rank.value, beam[e].root_first, plans[i] };
              int at = n_next;
              bool dup = false;
              for (int j = 0; j < n_next && !dup; j++)
                dup = next[j].plan.rank.key == cand.plan.rank.key;
              if (dup)
                continue;
              while (at > 0 && next[at - 1].value < cand.value)
                at--;
              if (at >= width)
                continue;
              if (n_next == width)
                n_next--;
              memmove (&next[at + 1], &next[at], (size_t) (n_next - at) * sizeof *next);
              memcpy (&next[at], &cand, sizeof cand);
              n_next++;
            }
          if (fol_ai_stop_now (search))
            break;
        }
      SoloEntry *t = beam;
      beam = next;
      next = t;
      n_beam = n_next;
    }
  *move = have_final ? best_first : root_best;
  g_free (beam);
  g_free (next);
  g_free (plans);
  return true;
}

bool
summer_ai_expert_choose (const SummerState *s, FolRng *rng, FolAiSearch *search, SummerMove *move)
{
  if (s->n_players == 1)
    return expert_solo (s, search, move);
  return expert_multi (s, rng, search, move);
}
