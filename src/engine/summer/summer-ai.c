/* summer-ai.c: the random and greedy computer players for Indian Summer. */
#include "summer-ai.h"

#include <string.h>

static const char *level_names[SUMMER_N_AI_LEVELS] = { "random", "greedy" };

int
summer_ai_level_parse (const char *name)
{
  for (int i = 0; i < SUMMER_N_AI_LEVELS; i++)
    if (g_ascii_strcasecmp (name, level_names[i]) == 0)
      return i;
  return -1;
}

const char *
summer_ai_level_name (SummerAiLevel level)
{
  return level >= 0 && level < SUMMER_N_AI_LEVELS ? level_names[level] : "?";
}

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
  /* free Holes over printed treasures can still feed an Animal tile */
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

/* The squares a Mushroom or Feather will cover come only with the placements
 * after it: count 9 tenths of a square for each square of the tiles it will
 * place (the claimed tiles that fit; for a Feather the two largest tiles of
 * the Path that fit), against 10 for a square covered now. */
static int
alternative_bonus (const SummerState *after, int me)
{
  const SummerComponents *c = summer_components ();
  FolBits72 free_sq = fol_bb_all () & ~after->seat[me].covered;
  int tiles[SUMMER_PATH_MAX], n = 0;
  if (after->pending == SUMMER_PENDING_MUSHROOM)
    {
      for (int k = 0; k < 2; k++)
        if (after->claim_tile[k] != SUMMER_NONE)
          tiles[n++] = after->claim_tile[k];
    }
  else if (after->pending == SUMMER_PENDING_FEATHER)
    for (int i = 0; i < after->seat[me].path_len; i++)
      tiles[n++] = after->seat[me].path[i];
  int best = 0, second = 0;
  for (int i = 0; i < n; i++)
    {
      const FolOrientationSet *set = &c->leaf[tiles[i]].orientations;
      bool fits = false;
      for (int o = 0; o < set->n && !fits; o++)
        fits = fol_orientation_fits (&set->o[o], free_sq) != 0;
      if (!fits)
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
  return 9 * (best + second);
}

bool
summer_ai_choose (const SummerState *s, SummerAiLevel level, FolRng *rng, SummerMove *move)
{
  return summer_ai_choose_full (s, level, rng, NULL, NULL, move);
}

bool
summer_ai_choose_full (const SummerState *s, SummerAiLevel level, FolRng *rng,
                       SummerAiStop stop, void *stop_data, SummerMove *move)
{
  SummerMoveList l;
  summer_legal_moves (s, &l);
  if (l.n == 0)
    {
      summer_move_list_clear (&l);
      return false;
    }
  if (level == SUMMER_AI_RANDOM || l.n == 1)
    {
      *move = l.moves[fol_rng_below (rng, (uint32_t) l.n)];
      summer_move_list_clear (&l);
      return true;
    }

  /* Greedy: apply each move to a copy and score the mover's position; the
   * END move scores the position as it stands.  Every other move must beat
   * ending the turn, so exchanges that gain nothing are not made and the
   * turn always ends.  In the solo end phase the auto-finish is optimal. */
  if (s->phase == SUMMER_PHASE_SOLO_END)
    {
      SummerMoveList fin;
      summer_solo_auto_finish (s, &fin);
      *move = fin.moves[0];
      summer_move_list_clear (&fin);
      summer_move_list_clear (&l);
      return true;
    }
  int me = s->current;
  int base = summer_ai_evaluate (s, me);
  int best = G_MININT;
  int n_best = 0;
  SummerState copy;
  for (int i = 0; i < l.n; i++)
    {
      const SummerMove *m = &l.moves[i];
      int v;
      if (stop && n_best > 0 && (i & 63) == 0 && stop (stop_data))
        break;
      if (m->kind == SUMMER_MOVE_END)
        v = base;
      else
        {
          memcpy (&copy, s, sizeof copy);
          summer_apply_move (&copy, m, NULL, NULL);
          v = summer_ai_evaluate (&copy, me);
          if (copy.pending == SUMMER_PENDING_NONE && m->kind != SUMMER_MOVE_LEAF
              && m->kind != SUMMER_MOVE_SQUIRREL && m->kind != SUMMER_MOVE_ANIMAL
              && m->kind != SUMMER_MOVE_BERRY && v <= base)
            v = G_MININT + 1;  /* an exchange or a Nut must gain something */
          if (m->kind == SUMMER_MOVE_MUSHROOM || m->kind == SUMMER_MOVE_FEATHER)
            v += alternative_bonus (&copy, me);
        }
      if (v > best)
        {
          best = v;
          n_best = 1;
          *move = *m;
        }
      else if (v == best && fol_rng_below (rng, (uint32_t) ++n_best) == 0)
        *move = *m;
    }
  summer_move_list_clear (&l);
  return true;
}
