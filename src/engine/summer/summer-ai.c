/* summer-ai.c: the Indian Summer computer players (summer-ai.h).
 *
 * - random: uniform over the legal moves (baseline).
 * - greedy: the best single move by summer_ai_evaluate() (baseline; the
 *   computer of the first releases).
 * - Easy: the greedy's ranking with human-like slips: now and then one of
 *   the next-best moves; never plans.
 * - Normal: the greedy, with what was plainly silly fixed: it counts a
 *   completed Forest Floor as the aim it is (the greedy could stop one
 *   square short to keep a treasure), and the rules no longer let it spend
 *   a Mushroom or Feather as a pass (issue 15).
 * - Hard: plans the whole turn (summer-ai-plan.c) with a judgement of the
 *   position that counts treasures by what they buy and what the next
 *   opponents' Mushrooms can take.
 * - Expert: Hard's best few turns, each followed over the next rounds by
 *   playouts (multiplayer, the hidden reserve sampled anew for each), or,
 *   in solo, a beam search over whole turns to the end of the game.
 *
 * docs/computer-players.md explains the levels and their measured strength.
 */
#include "summer-ai.h"
#include "summer-ai-private.h"

#include <string.h>

void
summer_ai_determinize (SummerState *s, FolRng *rng)
{
  if (s->n_players == 1 || s->reserve_len < 2)
    return;
  /* sort (counting) then shuffle: nothing of the real order survives */
  bool in[SUMMER_N_LEAF_TILES] = { false };
  for (int i = 0; i < s->reserve_len; i++)
    in[s->reserve[i]] = true;
  int n = 0;
  for (int t = 0; t < SUMMER_N_LEAF_TILES; t++)
    if (in[t])
      s->reserve[n++] = (uint8_t) t;
  fol_rng_shuffle_u8 (rng, s->reserve, (size_t) n);
}

/* ------------------------------------------------------------------ */
/* The greedy's judgement (baseline and Normal)                        */

/* Treasure worth in tenths of a square: a Nut buys one Squirrel (one square)
 * but a Leaf tile covers 3-5, so a treasure is worth less than it buys. */
static const int treasure_worth[SUMMER_N_TREASURES] = { 5, 10, 14, 18 };

int
summer_ai_evaluate (const SummerState *s, int seat_i)
{
  const SummerSeat *seat = &s->seat[seat_i];
  int v = 10 * fol_bb_count (seat->covered);
  for (int t = 0; t < SUMMER_N_TREASURES; t++)
    v += treasure_worth[t] * seat->treasures[t];
  /* tokens waiting on Holes: worth half, the Area is not complete yet */
  FolBits72 toks = seat->tokens;
  while (toks)
    {
      int sq = fol_bb_lowest (toks);
      toks &= toks - 1;
      v += treasure_worth[seat->token[sq]] / 2;
    }
  /* pockets of empty squares: 1 or 2 squares only take Squirrels */
  FolBits72 empty = fol_bb_all () & ~seat->covered;
  while (empty)
    {
      FolBits72 region = fol_bb_flood (fol_bb_bit (fol_bb_lowest (empty)), empty);
      empty &= ~region;
      int n = fol_bb_count (region);
      if (n == 1)
        v -= 7;
      else if (n == 2)
        v -= 8;
      else if (n == 4 || n == 6 || n == 7)
        v -= 2;
    }
  /* the Leaf tiles in hand are future coverage */
  v += 2 * seat->path_len;
  return v;
}

/* Does some orientation of Leaf tile @tile fit on @free_sq? */
bool
summer_ai_leaf_fits (int tile, FolBits72 free_sq)
{
  const FolOrientationSet *set = &summer_components ()->leaf[tile].orientations;
  for (int o = 0; o < set->n; o++)
    if (fol_orientation_fits (&set->o[o], free_sq))
      return true;
  return false;
}

/* The squares a Mushroom or Feather will cover come only with the placements
 * after it: count @per_square tenths for each square of the tiles it will
 * place (the claimed tiles that fit; for a Feather the largest fitting tiles
 * of the Path, as many as are still to place), against 10 for a square
 * covered now. */
int
summer_ai_pending_bonus (const SummerState *after, int me, int per_square)
{
  const SummerComponents *c = summer_components ();
  FolBits72 free_sq = fol_bb_all () & ~after->seat[me].covered;
  int tiles[SUMMER_PATH_MAX], n = 0, want = 2;
  if (after->pending == SUMMER_PENDING_MUSHROOM)
    {
      for (int k = 0; k < 2; k++)
        if (after->claim_tile[k] != SUMMER_NONE)
          tiles[n++] = after->claim_tile[k];
    }
  else if (after->pending == SUMMER_PENDING_FEATHER)
    {
      for (int i = 0; i < after->seat[me].path_len; i++)
        tiles[n++] = after->seat[me].path[i];
      want = after->feather_left;
    }
  else
    return 0;
  int best = 0, second = 0;
  for (int i = 0; i < n; i++)
    {
      if (!summer_ai_leaf_fits (tiles[i], free_sq))
        continue;
      int size = c->leaf[tiles[i]].shape.n_cells;
      if (size > best)
        {
          second = best;
          best = size;
        }
      else if (size > second)
        second = size;
    }
  return per_square * (want >= 2 ? best + second : best);
}

/* Normal's judgement: the greedy's, plus the aim of the game: a completed
 * Forest Floor is worth more than any treasure kept. */
static int
normal_evaluate (const SummerState *s, int me)
{
  int v = summer_ai_evaluate (s, me);
  const SummerSeat *seat = &s->seat[me];
  if (seat->covered == fol_bb_all ())
    v += 100;
  return v;
}

/* Scores every legal move of @l one move deep; the END move scores the
 * position as it stands and every other move must beat it, so exchanges
 * that gain nothing are not made and the turn always ends.  Fills
 * @values[i] (G_MININT + 1 for moves that must not be played). */
static void
score_moves (const SummerState *s, const SummerMoveList *l, bool normal, int *values,
             FolAiSearch *search, int *n_scored)
{
  int me = s->current;
  int base = normal ? normal_evaluate (s, me) : summer_ai_evaluate (s, me);
  SummerState copy;
  int i;
  for (i = 0; i < l->n; i++)
    {
      const SummerMove *m = &l->moves[i];
      int v;
      if (search && search->stop && i > 0 && (i & 63) == 0 && search->stop (search->stop_data))
        {
          search->capped = true;
          break;
        }
      if (m->kind == SUMMER_MOVE_END)
        v = base;
      else
        {
          memcpy (&copy, s, sizeof copy);
          summer_apply_move (&copy, m, NULL, NULL);
          v = normal ? normal_evaluate (&copy, me) : summer_ai_evaluate (&copy, me);
          if (copy.pending == SUMMER_PENDING_NONE && m->kind != SUMMER_MOVE_LEAF
              && m->kind != SUMMER_MOVE_SQUIRREL && m->kind != SUMMER_MOVE_ANIMAL
              && m->kind != SUMMER_MOVE_BERRY && v <= base)
            v = G_MININT + 1;  /* an exchange or a Nut must gain something */
          if (m->kind == SUMMER_MOVE_MUSHROOM || m->kind == SUMMER_MOVE_FEATHER)
            v += summer_ai_pending_bonus (&copy, me, 9);
          if (search)
            search->nodes++;
        }
      values[i] = v;
    }
  *n_scored = i;
}

/* The greedy: the best-scored move, ties broken by @rng. */
static void
choose_greedy (const SummerState *s, const SummerMoveList *l, bool normal, FolRng *rng,
               FolAiSearch *search, SummerMove *move)
{
  int *values = g_new (int, l->n);
  int n;
  score_moves (s, l, normal, values, search, &n);
  int best = G_MININT, n_best = 0;
  for (int i = 0; i < n; i++)
    {
      if (values[i] > best)
        {
          best = values[i];
          n_best = 1;
          *move = l->moves[i];
        }
      else if (values[i] == best && fol_rng_below (rng, (uint32_t) ++n_best) == 0)
        *move = l->moves[i];
    }
  g_free (values);
}

typedef struct {
  int value;
  int index;
} Ranked;

static int
ranked_cmp (const void *pa, const void *pb)
{
  const Ranked *a = pa, *b = pb;
  if (a->value != b->value)
    return a->value < b->value ? 1 : -1;
  return a->index - b->index;
}

/* Easy: the Normal's ranking of single moves, but a slip now and then: the
 * best move with probability 1/3, else one of the next four, the nearer the
 * likelier.  A slip is never a move that the ranking forbids outright. */
static void
choose_easy (const SummerState *s, const SummerMoveList *l, FolRng *rng, FolAiSearch *search,
             SummerMove *move)
{
  int *values = g_new (int, l->n);
  int n;
  score_moves (s, l, true, values, search, &n);
  Ranked *r = g_new (Ranked, n);
  int nr = 0;
  for (int i = 0; i < n; i++)
    if (values[i] > G_MININT + 1)
      r[nr++] = (Ranked) { values[i], i };
  if (nr == 0)
    {
      *move = l->moves[0];
      g_free (r);
      g_free (values);
      return;
    }
  qsort (r, (size_t) nr, sizeof *r, ranked_cmp);
  int pick = 0;
  while (pick < 4 && pick + 1 < nr && fol_rng_below (rng, 3) < 2)
    pick++;
  *move = l->moves[r[pick].index];
  g_free (r);
  g_free (values);
}

bool
summer_ai_choose (const SummerState *s, SummerAiLevel level, FolRng *rng, SummerMove *move)
{
  return summer_ai_choose_full (s, level, rng, NULL, move);
}

bool
summer_ai_choose_full (const SummerState *s, SummerAiLevel level, FolRng *rng,
                       FolAiSearch *search, SummerMove *move)
{
  if (search)
    {
      search->capped = false;
      search->nodes = 0;
    }
  SummerMoveList l;
  summer_legal_moves (s, &l);
  if (l.n == 0)
    {
      summer_move_list_clear (&l);
      return false;
    }
  if (level == FOL_AI_RANDOM || l.n == 1)
    {
      *move = l.moves[fol_rng_below (rng, (uint32_t) l.n)];
      summer_move_list_clear (&l);
      return true;
    }
  if (s->phase == SUMMER_PHASE_SOLO_END)
    {
      /* the auto-finish is optimal (DECISIONS: Solo) */
      SummerMoveList fin;
      summer_solo_auto_finish (s, &fin);
      *move = fin.moves[0];
      summer_move_list_clear (&fin);
      summer_move_list_clear (&l);
      return true;
    }
  switch (level)
    {
    case FOL_AI_EASY:
      choose_easy (s, &l, rng, search, move);
      break;
    case FOL_AI_NORMAL:
      choose_greedy (s, &l, true, rng, search, move);
      break;
    case FOL_AI_HARD:
    case FOL_AI_EXPERT:
      {
        /* plan on a copy whose hidden reserve order is drawn anew */
        SummerState view;
        memcpy (&view, s, sizeof view);
        summer_ai_determinize (&view, rng);
        if (!(level == FOL_AI_HARD ? summer_ai_hard_choose (&view, rng, search, move)
                                   : summer_ai_expert_choose (&view, rng, search, move)))
          choose_greedy (s, &l, true, rng, search, move);
      }
      break;
    case FOL_AI_GREEDY:
    default:
      choose_greedy (s, &l, false, rng, search, move);
      break;
    }
  summer_move_list_clear (&l);
  return true;
}
