/* fall-ai-plan.c: Hard and Expert for Fall, from the seat's view only.
 *
 * Both plan the whole turn first: a beam search over its moves (which
 * combination or two to take, where each tile goes, which tokens go where,
 * claims, which held tokens go back in the box), each position judged by
 * judge_value(): the seat's own score by its three cards, less half the
 * opponent's expected score (its Mushrooms, and for each card kind the
 * five cards of that kind the seat does not hold, weighed by how likely
 * each is from what the opponent's turns have done: fall_ai_card_odds()),
 * plus Flowers one segment short and tokens kept aside that can still be
 * placed (worth less when the Season board blocks their kind in the week
 * of the holder's next turn, nothing when it has no turn left); a plan
 * that boxes tokens pays BOX_COST for each.
 *
 * Hard then tries its best few plans against the opponent's reply: for a
 * few samples of what it cannot see (the opponent's cards, drawn with those
 * odds, the bag, the stacks; fall_ai_determinize()), the opponent plays its
 * next turn as the Normal player would from its own view, and the plan
 * whose position after that reply is best on average is played.  So it
 * counts what the offer it leaves lets the opponent take.
 *
 * Expert looks three turns ahead instead, over more samples: the
 * opponent's reply planned as a narrow Hard would from its own view, then
 * Normal in both seats; the plan with the best mean judgement (or final
 * margin, when the game ends within the three turns) is played.
 *
 * Effort is the beam width, the plans tried and the samples, never a time.
 */
#include "fall-ai-private.h"
#include "ai-search.h"
#include "fall-scoring.h"

#include <limits.h>
#include <math.h>
#include <string.h>

#define PLAN_MAX_MOVES 12
/* A token put back in the box is gone for both players; a person expects a
 * token to be played where it does some good rather than hoarded and boxed,
 * and a token in play keeps options a boxed one has not: boxing one costs
 * this much in the judgement of a plan (VP), also after the opponent's
 * reply.  At 1.5 Hard still boxed 3.3 tokens a game in self-play, 0.9 of
 * them with a free tile for it (denying the opponent's likely card); at 4,
 * 2.8 and 0.1, with the same wins against Normal. */
#define BOX_COST 4.0
/* The opponent's expected VP from its hidden cards counts this much against
 * the seat's own: fully, Hard would rather box a token that might help the
 * opponent's unknown card than play it (a denial game of few points that
 * nobody at the table enjoys); at a half it still keeps Flowers and Fox
 * groups from the opponent when that is cheap. */
#define OPP_WEIGHT 0.5
#define PLAN_MAX_DEPTH 12
/* How sharply the opponent's record (FallState.turn_gain: what its turns did
 * for each card) tells its cards apart: a card's odds grow by exp(this) per
 * VP its turns gave that card.  Measured on 200 self-play games per level
 * (Easy, Normal, Hard, greedy): 0.3 gives the true card the best mean
 * log-likelihood, about 0.45 by week 6 and 0.55 by week 12 (uniform: 0.2). */
#define READ_SHARPNESS 0.3

static const int mushroom_vp[FALL_MAX_HEIGHT + 1] = { 0, 1, 3, 6 };

/* ------------------------------------------------------------------ */
/* Sampling what the seat cannot see                                   */

int
fall_ai_card_odds (const FallState *view, int kind, uint8_t cards[6], double odds[6])
{
  const int me = view->viewer, opp = 1 - me;
  const FallComponents *comps = view->comps;
  int n = 0, top = INT_MIN;
  for (int i = 0; i < 6; i++)
    {
      uint8_t c = comps->cards_of_kind[kind][i];
      if (c == view->card[me][kind])
        continue;
      cards[n++] = c;
      top = MAX (top, view->turn_gain[opp][c]);
    }
  double sum = 0;
  for (int i = 0; i < n; i++)
    sum += odds[i] = exp (READ_SHARPNESS * (view->turn_gain[opp][cards[i]] - top));
  for (int i = 0; i < n; i++)
    odds[i] /= sum;
  return n;
}

void
fall_ai_determinize (const FallState *view, FolRng *rng, FallState *full)
{
  fall_state_copy (full, view);
  const int opp = 1 - view->viewer;
  for (int k = 0; k < FALL_N_CARD_KINDS; k++)
    {
      uint8_t choice[6];
      double odds[6];
      int n = fall_ai_card_odds (view, k, choice, odds);
      /* a uniform draw in [0, 1) with 53 bits */
      double u = (double) (fol_rng_next (rng) >> 11) * 0x1p-53;
      int pick = n - 1;
      for (int i = 0; i < n - 1; i++)
        if ((u -= odds[i]) < 0)
          {
            pick = i;
            break;
          }
      full->card[opp][k] = choice[pick];
    }
  /* the tiles and tokens not seen anywhere */
  bool seen[FALL_N_TILES] = { false };
  int tokens[FALL_N_TOKEN_KINDS] = { 0 };
  for (int i = 0; i < view->n_cells; i++)
    {
      const FallCell *c = &view->cell[i];
      for (int h = 0; h < c->height; h++)
        seen[c->tile[h]] = true;
      if (c->height && c->token != FALL_NO_TOKEN)
        tokens[c->token]++;
    }
  for (int i = 0; i < FALL_OFFER; i++)
    {
      if (view->offer_tile[i] != FALL_NONE)
        seen[view->offer_tile[i]] = true;
      if (view->offer_token[i] != FALL_NONE)
        tokens[view->offer_token[i]]++;
    }
  for (int i = 0; i < view->n_hand_tiles; i++)
    seen[view->hand_tile[i]] = true;
  for (int i = 0; i < view->n_discarded_tiles; i++)
    seen[view->discarded_tile[i]] = true;
  for (int k = 0; k < FALL_N_TOKEN_KINDS; k++)
    tokens[k] += view->held[0][k] + view->held[1][k] + view->boxed[k];

  uint8_t tiles[FALL_N_LEAF_TILES];
  int n_tiles = 0;
  for (int t = 0; t < FALL_N_LEAF_TILES; t++)
    if (!seen[t])
      tiles[n_tiles++] = (uint8_t) t;
  fol_rng_shuffle_u8 (rng, tiles, (size_t) n_tiles);
  int at = 0;
  for (int st = 0; st < FALL_N_STACKS; st++)
    for (int i = 0; i < full->n_stack[st]; i++)
      full->stack[st][i] = at < n_tiles ? tiles[at++] : FALL_NONE;

  uint8_t bag[FALL_N_TOKENS];
  int n_bag = 0;
  for (int k = 0; k < FALL_N_TOKEN_KINDS; k++)
    for (int i = tokens[k]; i < fall_token_count[k]; i++)
      bag[n_bag++] = (uint8_t) k;
  fol_rng_shuffle_u8 (rng, bag, (size_t) n_bag);
  for (int i = 0; i < full->n_bag; i++)
    full->bag[i] = i < n_bag ? bag[i] : FALL_NONE;

  fol_rng_seed (&full->rng, fol_rng_next (rng));
  full->is_view = 0;
  full->viewer = 0;
}

/* ------------------------------------------------------------------ */
/* The judgement                                                       */

typedef struct {
  int me;
  int my_fv[FALL_N_FLOWERS + 1];         /* own Flower card VP per kind */
  double opp_fv[FALL_N_FLOWERS + 1];     /* the opponent's expected VP per kind */
  int n_cand[FALL_N_CARD_KINDS];
  const FallCard *cand[FALL_N_CARD_KINDS][6];   /* the opponent's possible cards */
  double odds[FALL_N_CARD_KINDS][6];     /* how likely each is, from its record */
} Judge;

static void
judge_init (Judge *j, const FallState *view)
{
  memset (j, 0, sizeof *j);
  j->me = view->viewer;
  const FallComponents *comps = view->comps;
  for (int k = 0; k < FALL_N_CARD_KINDS; k++)
    {
      uint8_t cards[6];
      j->n_cand[k] = fall_ai_card_odds (view, k, cards, j->odds[k]);
      for (int i = 0; i < j->n_cand[k]; i++)
        j->cand[k][i] = &comps->card[cards[i]];
    }
  uint8_t fc = view->card[j->me][FALL_CARD_FLOWER];
  for (int f = 1; f <= FALL_N_FLOWERS; f++)
    {
      if (fc != FALL_NONE)
        j->my_fv[f] = comps->card[fc].v[f - 1];
      for (int i = 0; i < j->n_cand[FALL_CARD_FLOWER]; i++)
        j->opp_fv[f] += j->odds[FALL_CARD_FLOWER][i] * j->cand[FALL_CARD_FLOWER][i]->v[f - 1];
    }
}

/* The week of @seat's next turn after the one being played (the current
 * one when another seat is playing it), or 0 when it has none left. */
static int
next_turn_week (const FallState *s, int seat)
{
  if (fall_state_is_over (s))
    return 0;
  int from = fall_state_current_seat (s) == seat ? 1 : 0;
  for (int i = from; i < 6; i++)
    {
      int week = s->week + (s->turn + i) / 3, turn = (s->turn + i) % 3;
      if (week > FALL_N_WEEKS)
        return 0;
      int fp = fall_state_first_player_of_week (s, week);
      if ((turn == 1 ? 1 - fp : fp) == seat)
        return week;
    }
  return 0;
}

/* What a token of @kind kept aside by @seat is worth in @s: a little when a
 * tile can still take it, less when the Season board blocks its kind in the
 * week of the seat's next turn, next to nothing when no tile can take it,
 * nothing when the seat has no turn left. */
static double
held_worth (const FallState *s, int seat, int kind, const int spots[FALL_N_TOKEN_KINDS])
{
  bool acting = !fall_state_is_over (s) && fall_state_current_seat (s) == seat;
  int week = acting ? s->week : next_turn_week (s, seat);
  if (!week)
    return 0;
  if (!spots[kind])
    return 0.1;
  if (!acting && s->comps->blocked[s->side][week - 1] == kind)
    return 0.2;
  return 0.5;
}

/* The seat's margin in @s as far as it can tell, in VP. */
static double
judge_value (const Judge *j, const FallState *s)
{
  const int me = j->me, opp = 1 - me;
  FallTally t;
  fall_tally (s, &t);
  FallScore mine;
  fall_score_seat (s, &t, me, false, &mine);
  double v = mine.total;
  for (int h = 1; h <= FALL_MAX_HEIGHT; h++)
    v -= mushroom_vp[h] * t.mushrooms[opp][h];
  for (int k = 0; k < FALL_N_CARD_KINDS; k++)
    for (int i = 0; i < j->n_cand[k]; i++)
      v -= OPP_WEIGHT * j->odds[k][i] * fall_card_score (j->cand[k][i], &t, NULL);
  /* Flowers one segment short, at a cell still empty: a third of their worth */
  for (int i = 0; i < s->n_cells; i++)
    {
      const FallCell *c = &s->cell[i];
      if (c->height)
        continue;
      for (int corner = 0; corner < 6; corner++)
        {
          uint8_t a = c->nb[corner], b = c->nb[(corner + 1) % 6];
          if (a == FALL_NONE || b == FALL_NONE || !s->cell[a].height || !s->cell[b].height)
            continue;
          int ka = fall_cell_flower (s, &s->cell[a], (corner + 2) % 6);
          int kb = fall_cell_flower (s, &s->cell[b], (corner + 4) % 6);
          if (ka && ka == kb)
            v += 0.3 * (j->my_fv[ka] - j->opp_fv[ka]);
        }
    }
  /* tokens kept aside: worth a little when a tile can still take them
   * (a Mushroom with a marker left more), next to nothing when none can */
  int spots[FALL_N_TOKEN_KINDS];
  fall_ai_free_spots (s, spots);
  for (int k = 0; k < FALL_TOAD; k++)
    {
      v += held_worth (s, me, k, spots) * s->held[me][k] - held_worth (s, opp, k, spots) * s->held[opp][k];
      if (k == FALL_MUSHROOM)
        v += (s->markers[me] ? 0.7 : 0) * s->held[me][k] - (s->markers[opp] ? 0.7 : 0) * s->held[opp][k];
    }
  return v;
}

/* ------------------------------------------------------------------ */
/* The turn planner                                                    */

typedef struct {
  FallState st;                          /* only the cells in use are valid */
  FallMove moves[PLAN_MAX_MOVES];
  int n_moves;
} Node;

typedef struct {
  FolPlanRank rank;                      /* first: fol_plans_insert() */
  FallMove moves[PLAN_MAX_MOVES];        /* the whole turn, END last */
  int n_moves;
  double box_cost;                       /* BOX_COST for each token its END boxes */
} Plan;


typedef enum {
  GROUP_TAKE,
  GROUP_PLACE,
  GROUP_TOKEN,                           /* tokens, claims, discards */
  N_GROUPS
} PlanGroup;


static PlanGroup
group_of (uint8_t kind)
{
  switch (kind)
    {
    case FALL_MOVE_TAKE:
      return GROUP_TAKE;
    case FALL_MOVE_PLACE:
      return GROUP_PLACE;
    default:
      return GROUP_TOKEN;
    }
}

/* What tells two positions of the same turn apart. */
static uint64_t
node_key (const FallState *s)
{
  uint64_t h = 1469598103934665603u;
#define MIX(x) (h = (h ^ (uint64_t) (x)) * 1099511628211u)
  for (int i = 0; i < FALL_OFFER; i++)
    MIX (s->offer_tile[i]);
  MIX (s->n_hand_tiles);
  for (int i = 0; i < s->n_hand_tiles; i++)
    MIX (s->hand_tile[i]);
  for (int p = 0; p < 2; p++)
    {
      for (int k = 0; k < FALL_N_TOKEN_KINDS; k++)
        MIX (s->held[p][k]);
      MIX (s->markers[p]);
    }
  MIX (s->n_placed);
  MIX (s->phase);
  for (int i = 0; i < s->n_cells; i++)
    {
      const FallCell *c = &s->cell[i];
      MIX ((c->q + 128) | ((c->r + 128) << 8) | (c->height << 16) | ((uint64_t) c->token << 24)
           | ((uint64_t) (uint8_t) c->marker << 32));
      if (c->height)
        MIX (c->tile[c->height - 1] | (c->rot[c->height - 1] << 8));
    }
#undef MIX
  return h;
}


/* Plans are told apart by their first move: the move to play now is what
 * the plans compete for, so each first move keeps only its best turn. */
static uint64_t
first_move_key (const FallMove *m)
{
  uint64_t h = 1469598103934665603u;
  const uint8_t bytes[] = { m->kind, m->arg, m->rot, (uint8_t) m->q, (uint8_t) m->r,
                            m->discard[0], m->discard[1], m->discard[2], m->discard[3] };
  for (size_t i = 0; i < sizeof bytes; i++)
    h = (h ^ bytes[i]) * 1099511628211u;
  return h;
}

static void
plans_add (Plan *plans, int *n, int max, double value, double box_cost, uint64_t key, const Node *from,
           const FallMove *end)
{
  Plan *p = fol_plans_insert (plans, sizeof *plans, n, max, value - box_cost, key);
  if (!p)
    return;
  p->box_cost = box_cost;
  memcpy (p->moves, from->moves, (size_t) from->n_moves * sizeof (FallMove));
  p->n_moves = from->n_moves;
  p->moves[p->n_moves++] = *end;
}


/* Plans the rest of the turn of the seat to move in @view (its own view):
 * up to @max_plans distinct ways to end it, best first. */
static int
plan_turn (const FallState *view, const Judge *j, const FolBeam *beam, int max_plans, FolAiSearch *search,
           Plan *plans)
{
  int width = fol_beam_width (beam);
  Node *front = g_new (Node, width);
  Node *next = g_new (Node, width);
  int *chosen = g_new (int, width);
  FallMoveList *legal = g_new (FallMoveList, 1);
  FallState *scratch = g_new (FallState, 1);
  GArray *layer = g_array_new (FALSE, FALSE, sizeof (FolBeamCand));
  GArray *children = g_array_new (FALSE, FALSE, sizeof (FolBeamCand));
  int n_front = 1, n_plans = 0, order = 0;
  fall_state_copy (&front[0].st, view);
  front[0].n_moves = 0;
  G_STATIC_ASSERT (sizeof (FallMove) <= FOL_BEAM_MOVE_SIZE);

  for (int depth = 0; depth < PLAN_MAX_DEPTH && n_front > 0; depth++)
    {
      g_array_set_size (layer, 0);
      for (int f = 0; f < n_front; f++)
        {
          const FallState *st = &front[f].st;
          fall_legal_moves (st, legal);
          g_array_set_size (children, 0);
          for (int i = 0; i < legal->n; i++)
            {
              const FallMove *m = &legal->m[i];
              if (m->kind == FALL_MOVE_END)
                {
                  /* the turn's end: judged with the tokens it keeps, less
                   * the ones it boxes */
                  fall_state_copy (scratch, st);
                  if (!fall_apply (scratch, m, NULL))
                    continue;
                  double v = judge_value (j, scratch), box = 0;
                  for (int k = 0; k < FALL_TOAD; k++)
                    box += BOX_COST * m->discard[k];
                  plans_add (plans, &n_plans, max_plans, v, box, first_move_key (front[f].n_moves ? &front[f].moves[0] : m),
                             &front[f], m);
                  continue;
                }
              if (front[f].n_moves + 1 >= PLAN_MAX_MOVES)
                continue;
              fall_state_copy (scratch, st);
              if (!fall_apply (scratch, m, NULL))
                continue;
              if (search)
                search->nodes++;
              FolBeamCand cd = {
                .h = judge_value (j, scratch),
                .parent = f,
                .order = order++,
                .group = (uint8_t) group_of (m->kind),
                .key = node_key (scratch),
              };
              memcpy (cd.move, m, sizeof *m);
              g_array_append_val (children, cd);
            }
          fol_beam_keep_children (children, beam, layer);
        }
      int n_next = fol_beam_select (layer, beam, chosen);
      for (int i = 0; i < n_next; i++)
        {
          const FolBeamCand *cd = &g_array_index (layer, FolBeamCand, chosen[i]);
          FallMove m;
          memcpy (&m, cd->move, sizeof m);
          Node *nd = &next[i];
          const Node *par = &front[cd->parent];
          fall_state_copy (&nd->st, &par->st);
          fall_apply (&nd->st, &m, NULL);
          memcpy (nd->moves, par->moves, (size_t) par->n_moves * sizeof (FallMove));
          nd->n_moves = par->n_moves;
          nd->moves[nd->n_moves++] = m;
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
  g_free (scratch);
  g_free (legal);
  g_free (chosen);
  g_free (front);
  g_free (next);
  return n_plans;
}

/* ------------------------------------------------------------------ */
/* Trying the plans                                                    */


/* Plays @seat's turn in @full with Normal, from its own view. */
static bool
normal_turn (FallState *full, FolRng *rng, FallState *view_buf)
{
  int seat = fall_state_current_seat (full);
  for (int guard = 0; guard < 40 && !fall_state_is_over (full) && fall_state_current_seat (full) == seat; guard++)
    {
      fall_state_view (full, seat, view_buf);
      FallMove m;
      if (!fall_ai_normal_move (view_buf, rng, &m) || !fall_apply (full, &m, NULL))
        return false;
      if (m.kind == FALL_MOVE_END)
        return true;
    }
  return true;
}

/* Plays @seat's turn in @full as a narrow Hard would plan it from its own
 * view (its own reading of the cards, no samples): the opponent's reply in
 * Expert's playouts.  Falls back on Normal when the plan does not apply. */
static bool
planned_turn (FallState *full, FolRng *rng, FallState *view_buf, Plan *plan_buf)
{
  int seat = fall_state_current_seat (full);
  fall_state_view (full, seat, view_buf);
  Judge j;
  judge_init (&j, view_buf);
  FolBeam b = {
    .n_groups = N_GROUPS,
    .per_parent = { 4, 2, 2 },
    .cap = { 4, 4, 4 },
  };
  if (plan_turn (view_buf, &j, &b, 1, NULL, plan_buf) == 1)
    {
      FallState *keep = view_buf;        /* the view is no longer needed: a backup */
      fall_state_copy (keep, full);
      bool ok = true;
      for (int i = 0; i < plan_buf->n_moves && ok; i++)
        ok = fall_apply (full, &plan_buf->moves[i], NULL);
      if (ok && fall_state_current_seat (full) != seat)
        return true;
      fall_state_copy (full, keep);
    }
  return normal_turn (full, rng, view_buf);
}

static double
final_margin (const FallState *full, int me)
{
  FallScore sc[2];
  int winner = fall_result (full, sc);
  double v = sc[me].total - sc[1 - me].total;
  if (winner == me)
    v += 5;
  else if (winner == 1 - me)
    v -= 5;
  return v;
}

bool
fall_ai_plan_choose (const FallState *view, bool expert, FolRng *rng, FolAiSearch *search, FallMove *out)
{
  Judge j;
  judge_init (&j, view);
  FolBeam b = {
    .n_groups = N_GROUPS,
    .per_parent = { 4, fol_ai_effort (search, 4, 1), fol_ai_effort (search, 4, 1) },
    .cap = { 12, fol_ai_effort (search, 8, 2), fol_ai_effort (search, 8, 2) },
  };
  int max_plans = expert ? fol_ai_effort (search, 6, 2) : fol_ai_effort (search, 4, 2);
  Plan *plans = g_new (Plan, max_plans);
  int n = plan_turn (view, &j, &b, max_plans, search, plans);
  if (n == 0)
    {
      g_free (plans);
      return false;
    }
  int best = 0;
  if (n > 1 && !(search && search->capped))
    {
      int samples = expert ? fol_ai_effort (search, 16, 2) : fol_ai_effort (search, 4, 1);
      int horizon = expert ? 3 : 1;
      FallState *root = g_new (FallState, 1);
      FallState *sim = g_new (FallState, 1);
      FallState *vbuf = g_new (FallState, 1);
      double *sum = g_new0 (double, n);
      Plan *reply = g_new (Plan, 1);
      for (int d = 0; d < samples; d++)
        {
          FolRng sample;
          fol_rng_seed (&sample, fol_rng_next (rng));
          fall_ai_determinize (view, &sample, root);
          uint64_t playout_seed = fol_rng_next (rng);
          for (int k = 0; k < n; k++)
            {
              fall_state_copy (sim, root);
              bool ok = true;
              for (int i = 0; i < plans[k].n_moves && ok; i++)
                ok = fall_apply (sim, &plans[k].moves[i], NULL);
              if (!ok)
                {
                  sum[k] -= 1e6;
                  continue;
                }
              FolRng pr;
              fol_rng_seed (&pr, playout_seed);
              /* Hard: the opponent's reply; Expert: the next @horizon turns */
              for (int turn = 0; turn < horizon && !fall_state_is_over (sim); turn++)
                if (!(expert && turn == 0 ? planned_turn (sim, &pr, vbuf, reply) : normal_turn (sim, &pr, vbuf)))
                  break;
              sum[k] += (fall_state_is_over (sim) ? final_margin (sim, j.me) : judge_value (&j, sim)) - plans[k].box_cost;
              if (search)
                search->nodes++;
            }
          if (fol_ai_stop_now (search))
            break;
        }
      /* the planner's order breaks near-ties */
      for (int k = 1; k < n; k++)
        if (sum[k] > sum[best] + 0.25 * samples)
          best = k;
      g_free (sum);
      g_free (reply);
      g_free (vbuf);
      g_free (sim);
      g_free (root);
    }
  *out = plans[best].moves[0];
  g_free (plans);
  return true;
}
