/* fol-summer-words.c: Indian Summer moves in words. */
#include "config.h"

#include <glib/gi18n.h>
#include "fol-summer-words.h"

const char *
fol_summer_treasure_words (int t, int n)
{
  switch (t)
    {
    case SUMMER_BERRY: return ngettext ("Berry", "Berries", (gulong) n);
    case SUMMER_NUT: return ngettext ("Nut", "Nuts", (gulong) n);
    case SUMMER_MUSHROOM: return ngettext ("Mushroom", "Mushrooms", (gulong) n);
    case SUMMER_FEATHER: return ngettext ("Feather", "Feathers", (gulong) n);
    default: return "?";
    }
}

char *
fol_summer_treasures_words (const uint8_t counts[SUMMER_N_TREASURES])
{
  g_autoptr (GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  for (int t = 0; t < SUMMER_N_TREASURES; t++)
    if (counts[t])
      g_ptr_array_add (parts, g_strdup_printf ("%d %s", counts[t], fol_summer_treasure_words (t, counts[t])));
  if (parts->len == 0)
    return NULL;
  GString *s = g_string_new (g_ptr_array_index (parts, 0));
  for (guint i = 1; i < parts->len; i++)
    /* Translators: joins the last item of a list ("1 Nut and 1 Mushroom"); the others take ", " */
    g_string_append_printf (s, "%s%s", i + 1 == parts->len ? _(" and ") : ", ", (char *) g_ptr_array_index (parts, i));
  return g_string_free (s, FALSE);
}

static const char *
colour_words (int colour)
{
  switch (colour)
    {
    /* Translators: the colour of a Leaf tile, in "Ann placed a green tile" */
    case SUMMER_GREEN: return C_("tile", "green");
    case SUMMER_YELLOW: return C_("tile", "yellow");
    default: return C_("tile", "red");
    }
}

static const char *
animal_words (int kind)
{
  static const char *names[] = { N_("a Mouse"), N_("a Hare"), N_("an Owl"), N_("a Hedgehog"),
                                 N_("the Racoon"), N_("the Fox"), N_("the Badger") };
  return kind >= 0 && kind < SUMMER_N_ANIMAL_KINDS ? _(names[kind]) : "?";
}

/* ", completed Area 4, taking 1 Nut and 1 Mushroom" or "" */
static char *
consequences (const SummerMoveInfo *info)
{
  GString *s = g_string_new (NULL);
  int areas[SUMMER_N_AREAS], n = 0;
  for (int a = 0; a < SUMMER_N_AREAS; a++)
    if (info->areas_completed & (1u << a))
      areas[n++] = a + 1;
  g_autofree char *gained = fol_summer_treasures_words (info->gained);
  if (n == 1)
    g_string_append_printf (s, _(" and completed Area %d"), areas[0]);
  else if (n > 1)
    {
      GString *list = g_string_new (NULL);
      for (int i = 0; i < n; i++)
        g_string_append_printf (list, "%s%d", i == 0 ? "" : i + 1 == n ? _(" and ") : ", ", areas[i]);
      g_string_append_printf (s, _(" and completed Areas %s"), list->str);
      g_string_free (list, TRUE);
    }
  if (gained)
    g_string_append_printf (s, _(", taking %s"), gained);
  g_autofree char *placed = fol_summer_treasures_words (info->tokens_placed);
  if (placed && n == 0)
    g_string_append_printf (s, _("; %s on its Hole"), placed);
  for (int t = 0; t < SUMMER_N_TREASURES; t++)
    if (info->supply_short[t])
      /* Translators: %s is a treasure in the plural, "Feathers" */
      g_string_append_printf (s, _(" (the supply had no %s left)"), fol_summer_treasure_words (t, 2));
  if (info->floor_full)
    g_string_append (s, _(". The Forest Floor is full!"));
  return g_string_free (s, FALSE);
}

/* "your green tile", "Ann's red tile", "the Common Path's first tile": where
 * the claimed tile @k of a Mushroom came from (@after: SummerState.claim_src). */
static char *
claimed_tile_words (const SummerState *after, int k, const char *const *names, int you)
{
  const SummerComponents *c = summer_components ();
  int src = after->claim_src[k];
  const char *colour = colour_words (c->leaf[after->claim_tile[k]].colour);
  if (src == SUMMER_SRC_COMMON)
    /* Translators: in "Hazel spent a Mushroom and took your green tile and the Common Path's first tile" */
    return g_strdup (_("the Common Path's first tile"));
  if (src == SUMMER_SRC_M1 || src == SUMMER_SRC_M2)
    /* Translators: solo: in "Ann spent a Mushroom and took the red tile on space M1" */
    return g_strdup_printf (_("the %s tile on space %s"), colour, src == SUMMER_SRC_M1 ? "M1" : "M2");
  if (src == you)
    /* Translators: in "Hazel spent a Mushroom and took your green tile and ..."; %s is the tile's colour */
    return g_strdup_printf (_("your %s tile"), colour);
  /* Translators: in "Ann spent a Mushroom and took Hazel's green tile and ..."; the player's name, then the colour */
  return g_strdup_printf (_("%1$s's %2$s tile"), names[src], colour);
}

/* "Hazel spent a Mushroom and took your green tile and the Common Path's
 * first tile": whose tiles a Mushroom took (Rulebook: Mushroom). */
static char *
mushroom_words (const char *name, const SummerState *after, const char *const *names, int you)
{
  g_autofree char *first = NULL, *second = NULL;
  if (after->pending == SUMMER_PENDING_MUSHROOM && after->claim_tile[0] != SUMMER_NONE)
    first = claimed_tile_words (after, 0, names, you);
  if (after->pending == SUMMER_PENDING_MUSHROOM && after->claim_tile[1] != SUMMER_NONE)
    second = claimed_tile_words (after, 1, names, you);
  if (first && second)
    /* Translators: "Hazel spent a Mushroom and took your green tile and the Common Path's first tile" */
    return g_strdup_printf (_("%s spent a Mushroom and took %s and %s"), name, first, second);
  if (first || second)
    /* Translators: "Hazel spent a Mushroom and took your green tile" */
    return g_strdup_printf (_("%s spent a Mushroom and took %s"), name, first ? first : second);
  return g_strdup_printf (_("%s spent a Mushroom to take two tiles"), name);
}

static char *
move_words (const SummerState *before, const SummerState *after, const SummerMove *m,
            const SummerMoveInfo *info, const char *const *names, int you)
{
  const char *name = names[before->current];
  const SummerComponents *c = summer_components ();
  g_autofree char *more = consequences (info);
  switch (m->kind)
    {
    case SUMMER_MOVE_LEAF:
      /* Translators: "Ann placed a red tile and completed Area 4, taking 1 Nut" */
      return g_strdup_printf (_("%s placed a %s tile%s"), name, colour_words (c->leaf[m->tile].colour), more);
    case SUMMER_MOVE_SQUIRREL:
      return g_strdup_printf (_("%s placed a Squirrel%s"), name, more);
    case SUMMER_MOVE_NUT:
      return g_strdup_printf (_("%s spent a Nut on a Squirrel%s"), name, more);
    case SUMMER_MOVE_BERRY:
      return g_strdup_printf (ngettext ("%s spent a Berry and drew %d Leaf tile",
                                        "%s spent a Berry and drew %d Leaf tiles", info->tiles_drawn),
                              name, info->tiles_drawn);
    case SUMMER_MOVE_MUSHROOM:
      return mushroom_words (name, after, names, you);
    case SUMMER_MOVE_FEATHER:
      return g_strdup_printf (_("%s spent a Feather to place two tiles"), name);
    case SUMMER_MOVE_EXCHANGE:
      if (m->b == m->a + 1)
        return g_strdup_printf (_("%s exchanged 2 %s for 1 %s"), name, fol_summer_treasure_words (m->a, 2),
                                fol_summer_treasure_words (m->b, 1));
      return g_strdup_printf (_("%s exchanged 1 %s for 1 %s"), name, fol_summer_treasure_words (m->a, 1),
                              fol_summer_treasure_words (m->b, 1));
    case SUMMER_MOVE_ANIMAL:
      return g_strdup_printf (_("%s placed %s over free Holes%s"), name, animal_words (m->tile), more);
    case SUMMER_MOVE_FORGO:
      return g_strdup_printf (_("%s could not place a tile anywhere and left it"), name);
    case SUMMER_MOVE_REFILL:
      return g_strdup_printf (ngettext ("%s refilled the Player Path with %d tile", "%s refilled the Player Path with %d tiles",
                                        info->tiles_drawn), name, info->tiles_drawn);
    case SUMMER_MOVE_END:
      if (info->game_over)
        return g_strdup_printf (_("%s ended the turn. The game is over."), name);
      return g_strdup_printf (_("%s ended the turn"), name);
    default:
      return g_strdup_printf (_("%s moved"), name);
    }
}

char *
fol_summer_describe_move (const SummerState *before, const SummerState *after, const SummerMove *m,
                          const SummerMoveInfo *info, const char *const *names, int you)
{
  g_autofree char *line = move_words (before, after, m, info, names, you);
  GString *s = g_string_new (line);
  /* the Player Path refilled by itself when its last tile left it
   * (multiplayer; a Berry's and the solo refill say it in their own words) */
  if (info->tiles_drawn > 0 && before->n_players > 1 && m->kind != SUMMER_MOVE_BERRY)
    g_string_append_printf (s, ngettext (". The Player Path was empty: %d tile came from the Common Path",
                                         ". The Player Path was empty: %d tiles came from the Common Path",
                                         info->tiles_drawn),
                            info->tiles_drawn);
  /* the Common Path topped up from the reserve (below 7 tiles: DECISIONS.md) */
  if (before->n_players > 1 && after->reserve_len < before->reserve_len)
    {
      int n = before->reserve_len - after->reserve_len;
      g_string_append_printf (s, ngettext (". The Common Path was refilled with %d tile from the reserve",
                                           ". The Common Path was refilled with %d tiles from the reserve", n),
                              n);
    }
  return g_string_free (s, FALSE);
}

char **
fol_summer_describe_end_phase (const SummerState *before, const SummerState *after, const char *const *names)
{
  GStrvBuilder *lines = g_strv_builder_new ();
  for (int i = 0; i < after->n_players; i++)
    {
      const SummerSeat *b = &before->seat[i], *a = &after->seat[i];
      int squirrels = a->n_squirrels - b->n_squirrels;
      uint8_t areas = a->areas_done & ~b->areas_done;
      g_autoptr (GString) list = g_string_new (NULL);
      int n_areas = 0;
      for (int k = 0; k < SUMMER_N_AREAS; k++)
        if (areas & (1u << k))
          g_string_append_printf (list, "%s%d", n_areas++ ? ", " : "", k + 1);
      const SummerSeatResult *r = &after->result[i];
      g_autofree char *squirrel_text = g_strdup_printf (ngettext ("placed %d Squirrel", "placed %d Squirrels", squirrels),
                                                        squirrels);
      g_autofree char *area_text = n_areas ? g_strdup_printf (ngettext (" completing Area %s", " completing Areas %s", n_areas),
                                                              list->str)
                                           : g_strdup ("");
      g_autofree char *line = g_strdup_printf (_("End phase: %s turned the treasures into Nuts, %s%s, and has %d Nuts%s "
                                                 "and %d empty squares left"),
                                               names[i], squirrel_text, area_text, r->nuts,
                                               r->berry ? _(" and a Berry") : "", r->empty);
      g_strv_builder_add (lines, line);
    }
  char **out = g_strv_builder_end (lines);
  g_strv_builder_unref (lines);
  return out;
}

/* "Area 4", "Areas 2 and 4" */
static char *
areas_words (uint8_t areas)
{
  int list[SUMMER_N_AREAS], n = 0;
  for (int a = 0; a < SUMMER_N_AREAS; a++)
    if (areas & (1u << a))
      list[n++] = a + 1;
  if (n == 1)
    /* Translators: in "It completes Area 4" */
    return g_strdup_printf (_("Area %d"), list[0]);
  GString *s = g_string_new (NULL);
  for (int i = 0; i < n; i++)
    g_string_append_printf (s, "%s%d", i == 0 ? "" : i + 1 == n ? _(" and ") : ", ", list[i]);
  /* Translators: in "It completes Areas 2 and 4" */
  char *out = g_strdup_printf (_("Areas %s"), s->str);
  g_string_free (s, TRUE);
  return out;
}

/* " It completes Area 4 and earns 1 Nut." or "" */
static char *
hint_effects (const SummerMoveInfo *info)
{
  GString *s = g_string_new (NULL);
  g_autofree char *areas = info->areas_completed ? areas_words (info->areas_completed) : NULL;
  g_autofree char *gained = fol_summer_treasures_words (info->gained);
  if (areas && gained)
    /* Translators: what a hinted move would do: "It completes Area 4 and earns 1 Nut." */
    g_string_append_printf (s, _(" It completes %s and earns %s."), areas, gained);
  else if (areas)
    g_string_append_printf (s, _(" It completes %s."), areas);
  else if (gained)
    g_string_append_printf (s, _(" It earns %s."), gained);
  g_autofree char *placed = fol_summer_treasures_words (info->tokens_placed);
  if (placed && !areas)
    /* Translators: a hinted tile's Hole lies on a printed treasure: "It puts 1 Feather on its Hole." */
    g_string_append_printf (s, _(" It puts %s on its Hole."), placed);
  if (info->floor_full)
    g_string_append (s, _(" It fills your Forest Floor."));
  return g_string_free (s, FALSE);
}

/* The solo paths' ends, in "draw from the left end of the Top Path". */
static const char *
path_end_words (int path, int end)
{
  static const char *words[2][2] = { { N_("left end of the Top Path"), N_("right end of the Top Path") },
                                     { N_("left end of the Bottom Path"), N_("right end of the Bottom Path") } };
  return _(words[path & 1][end & 1]);
}

char *
fol_summer_describe_hint (const SummerState *before, const SummerMove *m, const SummerMoveInfo *info,
                          const char *const *names)
{
  const SummerComponents *c = summer_components ();
  g_autofree char *effects = hint_effects (info);
  switch (m->kind)
    {
    case SUMMER_MOVE_LEAF:
      /* Translators: a hint; the board outlines the place; %s is the tile's colour, %s what it would do */
      return g_strdup_printf (_("Hint: place the %s tile where the dashed outline shows.%s"),
                              colour_words (c->leaf[m->tile].colour), effects);
    case SUMMER_MOVE_SQUIRREL:
      return g_strdup_printf (_("Hint: place a Squirrel on the marked square.%s"), effects);
    case SUMMER_MOVE_NUT:
      return g_strdup_printf (_("Hint: spend a Nut on a Squirrel for the marked square.%s"), effects);
    case SUMMER_MOVE_ANIMAL:
      /* Translators: a hint; the first %s is "a Mouse", "the Fox", ... */
      return g_strdup_printf (_("Hint: place %s where the dashed outline shows.%s"), animal_words (m->tile), effects);
    case SUMMER_MOVE_BERRY:
      if (before->n_players == 1)
        return g_strdup_printf (_("Hint: spend a Berry and draw from the %s."), path_end_words (m->a, m->b));
      return g_strdup (_("Hint: spend a Berry to refill your Player Path."));
    case SUMMER_MOVE_MUSHROOM:
      if (before->n_players >= 3 && m->b != SUMMER_NONE)
        return g_strdup_printf (_("Hint: spend a Mushroom to take tiles from %s and %s."), names[m->a], names[m->b]);
      if (before->n_players >= 3)
        return g_strdup_printf (_("Hint: spend a Mushroom to take a tile from %s."), names[m->a]);
      return g_strdup (_("Hint: spend a Mushroom to take two tiles."));
    case SUMMER_MOVE_FEATHER:
      return g_strdup (_("Hint: spend a Feather to place two tiles."));
    case SUMMER_MOVE_EXCHANGE:
      if (m->b == m->a + 1)
        return g_strdup_printf (_("Hint: exchange 2 %s for 1 %s."), fol_summer_treasure_words (m->a, 2),
                                fol_summer_treasure_words (m->b, 1));
      return g_strdup_printf (_("Hint: exchange 1 %s for 1 %s."), fol_summer_treasure_words (m->a, 1),
                              fol_summer_treasure_words (m->b, 1));
    case SUMMER_MOVE_FORGO:
      return g_strdup (_("Hint: the tile fits nowhere: leave it (Leave Tile)."));
    case SUMMER_MOVE_REFILL:
      return g_strdup_printf (_("Hint: refill your Player Path from the %s."), path_end_words (m->a, m->b));
    case SUMMER_MOVE_END:
      if (before->phase == SUMMER_PHASE_SOLO_END)
        return g_strdup (_("Hint: finish the game."));
      return g_strdup (_("Hint: end your turn."));
    default:
      return g_strdup (_("Hint: no move to suggest."));
    }
}

char *
fol_summer_round_line (int n_players, int round, gboolean end_phase, gboolean last)
{
  if (n_players == 1)
    return end_phase ? g_strdup (_("— End phase —"))
           /* Translators: a header in the solo game's log */
           : g_strdup_printf (_("— Turn %d of 10 —"), round);
  if (last)
    /* Translators: a line of the game log after the move that filled a Forest Floor: the round under way is the last */
    return g_strdup_printf (_("— Round %d is the last: a Forest Floor is full —"), round);
  /* Translators: a header in the game log */
  return g_strdup_printf (_("— Round %d —"), round);
}

char *
fol_summer_winners_words (const SummerState *s, const char *const *names, int *n_winners)
{
  g_return_val_if_fail (s != NULL && names != NULL, NULL);
  GString *out = g_string_new (NULL);
  int n = 0;
  for (int i = 0; i < s->n_players; i++)
    if (s->result[i].rank == 1)
      {
        g_string_append_printf (out, "%s%s", n ? _(" and ") : "", names[i]);
        n++;
      }
  if (n_winners)
    *n_winners = n;
  return g_string_free (out, FALSE);
}
