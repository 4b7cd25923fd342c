/* summer-invariants.c: what must hold in every Indian Summer position, and
 * the agreement of the legal-move list with the move check.  The self-play
 * tests, the fuzz harnesses and `foliage-cli soak` run these after every
 * move (issues 2, 14 and 15); they report rather than abort, so that a
 * long run can name the game and move and go on. */
#include "summer-state.h"
#include "summer-notation.h"

#include <string.h>

/* The fields that index arrays, in range before anything is counted, so
 * that a broken state gives a description, never a read out of bounds. */
static char *
check_ranges (const SummerState *s)
{
  if (s->n_players < 1 || s->n_players > SUMMER_MAX_PLAYERS)
    return g_strdup_printf ("%d players", s->n_players);
  if (s->current >= s->n_players)
    return g_strdup_printf ("seat %d to move in a game of %d", s->current + 1, s->n_players);
  if (s->common_len > SUMMER_N_LEAF_TILES || s->reserve_len > SUMMER_N_LEAF_TILES)
    return g_strdup_printf ("a Common Path of %d tiles and a reserve of %d", s->common_len, s->reserve_len);
  for (int k = 0; k < s->common_len; k++)
    if (s->common[k] >= SUMMER_N_LEAF_TILES)
      return g_strdup_printf ("no Leaf tile %d on the Common Path", s->common[k]);
  for (int k = 0; k < s->reserve_len; k++)
    if (s->reserve[k] >= SUMMER_N_LEAF_TILES)
      return g_strdup_printf ("no Leaf tile %d in the reserve", s->reserve[k]);
  if (s->n_players == 1)
    {
      for (int p = 0; p < 2; p++)
        {
          if (s->solo_len[p] > SUMMER_PATH_REFILL)
            return g_strdup_printf ("a solo Path of %d tiles", s->solo_len[p]);
          for (int k = 0; k < s->solo_len[p]; k++)
            if (s->solo_path[p][k] >= SUMMER_N_LEAF_TILES)
              return g_strdup_printf ("no Leaf tile %d on a solo Path", s->solo_path[p][k]);
        }
      for (int k = 0; k < SUMMER_TRACK_SPACES; k++)
        if (s->track[k] != SUMMER_NONE && s->track[k] >= SUMMER_N_LEAF_TILES)
          return g_strdup_printf ("no Leaf tile %d on the track", s->track[k]);
      for (int k = 0; k < SUMMER_SOLO_TILES; k++)
        if (s->stack[k] >= SUMMER_N_LEAF_TILES)
          return g_strdup_printf ("no Leaf tile %d in the solo stack", s->stack[k]);
    }
  for (int i = 0; i < s->n_players; i++)
    {
      const SummerSeat *seat = &s->seat[i];
      if (seat->side >= SUMMER_N_SIDES)
        return g_strdup_printf ("seat %d: no Forest Floor side %d", i + 1, seat->side);
      if (seat->path_len > SUMMER_PATH_MAX)
        return g_strdup_printf ("seat %d: a Player Path of %d tiles, more than %d (Rulebook: Berry)", i + 1,
                                seat->path_len, SUMMER_PATH_MAX);
      for (int k = 0; k < seat->path_len; k++)
        if (seat->path[k] >= SUMMER_N_LEAF_TILES)
          return g_strdup_printf ("seat %d: no Leaf tile %d on the Player Path", i + 1, seat->path[k]);
      if (seat->n_animals > SUMMER_N_ANIMAL_TILES)
        return g_strdup_printf ("seat %d: %d Animal tiles", i + 1, seat->n_animals);
      for (int q = 0; q < SUMMER_SQUARES; q++)
        {
          int cv = seat->cover[q];
          if (cv != SUMMER_NONE && cv != SUMMER_COVER_SQUIRREL && cv >= SUMMER_N_LEAF_TILES)
            return g_strdup_printf ("seat %d: square %d covered by %d", i + 1, q, cv);
          if (seat->token[q] > SUMMER_NO_TREASURE)
            return g_strdup_printf ("seat %d: square %d holds token %d", i + 1, q, seat->token[q]);
        }
    }
  return NULL;
}

/* One seat's Forest Floor: covers, Holes, tokens, Animals, Areas; adds the
 * tokens on its Holes and its treasures to @total. */
static char *
check_seat (const SummerState *s, int i, int total[SUMMER_N_TREASURES])
{
  const SummerComponents *c = summer_components ();
  const SummerSeat *seat = &s->seat[i];
  const SummerFloorSide *side = &c->side[seat->side];
  if ((seat->covered & ~fol_bb_all ()) != 0)
    return g_strdup_printf ("seat %d: squares covered outside the Forest Floor", i + 1);
  if ((seat->holes & ~seat->covered) != 0)
    return g_strdup_printf ("seat %d: a Hole on an uncovered square", i + 1);
  if ((seat->tokens & ~seat->holes) != 0)
    return g_strdup_printf ("seat %d: a treasure token outside a Hole", i + 1);
  if ((seat->animals & ~seat->holes) != 0)
    return g_strdup_printf ("seat %d: an Animal tile outside a Hole", i + 1);
  if ((seat->animals & seat->tokens) != 0)
    return g_strdup_printf ("seat %d: an Animal tile on a treasure token", i + 1);
  /* each placed Leaf tile covers exactly its size in squares, one Hole */
  int cells[SUMMER_N_LEAF_TILES] = { 0 }, holes[SUMMER_N_LEAF_TILES] = { 0 };
  int squirrels = 0;
  for (int q = 0; q < SUMMER_SQUARES; q++)
    {
      int cv = seat->cover[q];
      if ((cv != SUMMER_NONE) != fol_bb_test (seat->covered, q))
        {
          g_autofree char *name = summer_square_name (q);
          return g_strdup_printf ("seat %d: %s is %s but marked %s", i + 1, name,
                                  cv != SUMMER_NONE ? "covered" : "empty",
                                  cv != SUMMER_NONE ? "empty" : "covered");
        }
      if (cv == SUMMER_COVER_SQUIRREL)
        squirrels++;
      else if (cv != SUMMER_NONE)
        {
          cells[cv]++;
          holes[cv] += fol_bb_test (seat->holes, q);
        }
      if (fol_bb_test (seat->tokens, q))
        {
          if (seat->token[q] != side->treasure[q])
            {
              g_autofree char *name = summer_square_name (q);
              return g_strdup_printf ("seat %d: the token on %s is not the treasure printed there", i + 1, name);
            }
          total[seat->token[q]]++;
        }
      else if (seat->token[q] != SUMMER_NO_TREASURE)
        {
          g_autofree char *name = summer_square_name (q);
          return g_strdup_printf ("seat %d: a token recorded on %s, which holds none", i + 1, name);
        }
    }
  int leaves = 0;
  for (int t = 0; t < SUMMER_N_LEAF_TILES; t++)
    if (cells[t])
      {
        leaves++;
        if (cells[t] != c->leaf[t].shape.n_cells)
          return g_strdup_printf ("seat %d: tile %s covers %d squares, not its %d", i + 1, c->leaf[t].id, cells[t],
                                  c->leaf[t].shape.n_cells);
        if (holes[t] != 1)
          return g_strdup_printf ("seat %d: tile %s has %d Holes, not 1", i + 1, c->leaf[t].id, holes[t]);
      }
  if (leaves != seat->n_leaves)
    return g_strdup_printf ("seat %d: %d Leaf tiles on the floor, %d counted", i + 1, leaves, seat->n_leaves);
  if (squirrels != seat->n_squirrels)
    return g_strdup_printf ("seat %d: %d Squirrels on the floor, %d counted", i + 1, squirrels, seat->n_squirrels);
  for (int a = 0; a < SUMMER_N_AREAS; a++)
    {
      bool full = (seat->covered & side->area_mask[a]) == side->area_mask[a];
      if (full != ((seat->areas_done >> a) & 1))
        return g_strdup_printf ("seat %d: Area %d is %s but %s complete", i + 1, a + 1, full ? "covered" : "not covered",
                                full ? "not marked" : "marked");
      if (full && (seat->tokens & side->area_mask[a]) != 0)
        return g_strdup_printf ("seat %d: a token left in the complete Area %d", i + 1, a + 1);
    }
  for (int t = 0; t < SUMMER_N_TREASURES; t++)
    total[t] += seat->treasures[t];
  return NULL;
}

char *
summer_state_check_invariants (const SummerState *s)
{
  char *problem = check_ranges (s);
  if (problem)
    return problem;
  const SummerComponents *c = summer_components ();
  uint8_t seen[SUMMER_N_LEAF_TILES];
  summer_count_tiles (s, seen);
  for (int t = 0; t < SUMMER_N_LEAF_TILES; t++)
    if (seen[t] != 1)
      return g_strdup_printf ("tile %s is accounted for %d times", c->leaf[t].id, seen[t]);

  int total[SUMMER_N_TREASURES];
  for (int t = 0; t < SUMMER_N_TREASURES; t++)
    total[t] = s->supply[t];
  for (int k = 0; k < SUMMER_N_ANIMAL_KINDS; k++)
    if (s->animal_token[k] != SUMMER_NO_TREASURE)
      {
        if (s->animal_token[k] > SUMMER_NO_TREASURE)
          return g_strdup_printf ("Animal kind %d holds token %d", k, s->animal_token[k]);
        total[s->animal_token[k]]++;
      }
  for (int i = 0; i < s->n_players; i++)
    if ((problem = check_seat (s, i, total)))
      return problem;
  /* conservation holds while the game is played; the end phases count
   * treasures as Nuts without the supply (docs/rules-notes.md) */
  if (s->phase == SUMMER_PHASE_PLAY)
    for (int t = 0; t < SUMMER_N_TREASURES; t++)
      if (total[t] != summer_supply_limit[t])
        return g_strdup_printf ("%d tokens of treasure %d in the game, not %d", total[t], t, summer_supply_limit[t]);
  int animals = 0;
  for (int k = 0; k < SUMMER_N_ANIMAL_KINDS; k++)
    animals += s->animals_left[k];
  for (int i = 0; i < s->n_players; i++)
    animals += s->seat[i].n_animals;
  if (animals != SUMMER_N_ANIMAL_TILES)
    return g_strdup_printf ("%d Animal tiles in the game, not %d", animals, SUMMER_N_ANIMAL_TILES);
  return NULL;
}

/* Whether @l lists a move with the kind and tile of @m (a Mushroom: and its seats). */
static bool
listed_as (const SummerMoveList *l, const SummerMove *m)
{
  for (int i = 0; i < l->n; i++)
    {
      const SummerMove *x = &l->moves[i];
      if (x->kind != m->kind || x->tile != m->tile)
        continue;
      if (m->kind != SUMMER_MOVE_MUSHROOM)
        return true;
      if (x->a == m->a && x->b == m->b)
        return true;
    }
  return false;
}

char *
summer_state_check_move_list (const SummerState *s)
{
  SummerMoveList l;
  summer_legal_moves (s, &l);
  char *problem = NULL;
  for (int i = 0; i < l.n && !problem; i++)
    {
      g_autoptr (GError) error = NULL;
      if (!summer_check_move (s, &l.moves[i], &error))
        {
          g_autofree char *t = summer_move_format (s, &l.moves[i]);
          problem = g_strdup_printf ("the legal move %s is refused: %s", t, error->message);
        }
    }
  SummerMove cand[64];
  int n = 0;
  cand[n++] = (SummerMove) { SUMMER_MOVE_FEATHER, SUMMER_NONE, 0, 0, 0, 0 };
  cand[n++] = (SummerMove) { SUMMER_MOVE_FORGO, SUMMER_NONE, 0, 0, 0, 0 };
  for (int k = 0; k < 2; k++)
    if (s->claim_tile[k] != SUMMER_NONE)
      cand[n++] = (SummerMove) { SUMMER_MOVE_FORGO, s->claim_tile[k], 0, 0, 0, 0 };
  const SummerSeat *seat = &s->seat[s->current];
  for (int k = 0; k < seat->path_len; k++)
    cand[n++] = (SummerMove) { SUMMER_MOVE_FORGO, seat->path[k], 0, 0, 0, 0 };
  if (s->n_players < 3)
    cand[n++] = (SummerMove) { SUMMER_MOVE_MUSHROOM, SUMMER_NONE, 0, 0, SUMMER_NONE, SUMMER_NONE };
  else
    for (int a = 0; a < s->n_players; a++)
      {
        cand[n++] = (SummerMove) { SUMMER_MOVE_MUSHROOM, SUMMER_NONE, 0, 0, (uint8_t) a, SUMMER_NONE };
        for (int b = 0; b < s->n_players; b++)
          cand[n++] = (SummerMove) { SUMMER_MOVE_MUSHROOM, SUMMER_NONE, 0, 0, (uint8_t) a, (uint8_t) b };
      }
  g_assert (n <= (int) G_N_ELEMENTS (cand));
  for (int i = 0; i < n && !problem; i++)
    {
      bool ok = summer_check_move (s, &cand[i], NULL);
      if (ok != listed_as (&l, &cand[i]))
        {
          g_autofree char *t = summer_move_format (s, &cand[i]);
          problem = g_strdup_printf ("%s is %s but %s the legal-move list", t, ok ? "accepted" : "refused",
                                     ok ? "missing from" : "in");
        }
    }
  summer_move_list_clear (&l);
  return problem;
}
