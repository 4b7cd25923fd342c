/* fol-fall-words.c: Fall in words; see fol-fall-words.h. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "fol-fall-words.h"
#include "fol-fall-game.h"

const char *
fol_fall_token_words (FallToken t)
{
  switch (t)
    {
    /* Translators: the Fall tokens (Mushroom, Fox, Hoopoe, Robin, Toad) */
    case FALL_MUSHROOM: return C_("fall", "Mushroom");
    case FALL_FOX: return C_("fall", "Fox");
    case FALL_HOOPOE: return C_("fall", "Hoopoe");
    case FALL_ROBIN: return C_("fall", "Robin");
    case FALL_TOAD: return C_("fall", "Toad");
    default: return "?";
    }
}

int
fol_fall_held_count (const FallState *s, int seat)
{
  g_return_val_if_fail (s != NULL && seat >= 0 && seat < 2, 0);
  int n = 0;
  for (int k = 0; k < FALL_N_TOKEN_KINDS; k++)
    n += s->held[seat][k];
  return n;
}

char *
fol_fall_held_count_words (const FallState *s, int seat)
{
  int n = fol_fall_held_count (s, seat);
  /* Translators: on a player's card: how many tokens the player keeps set aside (short) */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d set aside", "%d set aside", (gulong) n), n);
}

char *
fol_fall_held_words (const FallState *s, int seat, const char *name)
{
  int n = fol_fall_held_count (s, seat);
  if (n == 0)
    /* Translators: for screen readers: a player's card ("Norma has no tokens set aside.") */
    return g_strdup_printf (_("%s has no tokens set aside."), name);
  g_autoptr (GString) list = g_string_new (NULL);
  for (int k = 0; k < FALL_N_TOKEN_KINDS; k++)
    for (int i = 0; i < s->held[seat][k]; i++)
      g_string_append_printf (list, "%s%s", list->len ? ", " : "", fol_fall_token_words ((FallToken) k));
  /* Translators: for screen readers: a player's card: a name, how many tokens, then their names
   * ("Norma has 2 tokens set aside: Fox, Hoopoe.") */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s has %d token set aside: %s.", "%s has %d tokens set aside: %s.",
                                       (gulong) n),
                          name, n, list->str);
}

const char *
fol_fall_token_with_article (FallToken t)
{
  switch (t)
    {
    /* Translators: a Fall token with its indefinite article, as in "Norma placed a Mushroom" */
    case FALL_MUSHROOM: return C_("token", "a Mushroom");
    case FALL_FOX: return C_("token", "a Fox");
    case FALL_HOOPOE: return C_("token", "a Hoopoe");
    case FALL_ROBIN: return C_("token", "a Robin");
    case FALL_TOAD: return C_("token", "a Toad");
    default: return "?";
    }
}

const char *
fol_fall_flower_words (FallFlower f)
{
  switch (f)
    {
    case FALL_CROCUS: return _("Autumn Crocus");
    case FALL_DAFFODIL: return _("Daffodil");
    case FALL_COSMOS: return _("Cosmos");
    default: return "?";
    }
}

const char *
fol_fall_colour_words (FallColour c)
{
  switch (c)
    {
    /* Translators: the colour of a Leaf tile, as in "a red tile" */
    case FALL_YELLOW: return C_("leaf", "yellow");
    case FALL_RED: return C_("leaf", "red");
    case FALL_GREEN: return C_("leaf", "green");
    default: return "?";
    }
}

char *
fol_fall_tile_colours_words (const FallComponents *comps, int tile)
{
  const FallLeafTile *t = &comps->tile[tile];
  int first = -1, second = -1;
  for (int d = 0; d < 6; d++)
    {
      int c = t->edge[d];
      if (first < 0)
        first = c;
      else if (c != first && second < 0)
        second = c;
    }
  if (tile == FALL_START_TILE)
    return g_strdup (_("starting"));
  if (second < 0)
    return g_strdup (fol_fall_colour_words ((FallColour) first));
  /* keep a stable order: yellow, red, green */
  if (second < first)
    {
      int x = first;
      first = second;
      second = x;
    }
  /* Translators: the two colours of a Leaf tile, as in "a red and green tile" */
  return g_strdup_printf (_("%s and %s"), fol_fall_colour_words ((FallColour) first),
                          fol_fall_colour_words ((FallColour) second));
}

const char *
fol_fall_card_kind_words (FallCardKind kind)
{
  switch (kind)
    {
    case FALL_CARD_FLOWER: return _("Flower card");
    case FALL_CARD_FOX: return _("Fox card");
    case FALL_CARD_BIRD: return _("Bird card");
    default: return "?";
    }
}

/* "1: −1, 2: 0, 3–5: 4, 6+: 8" for row @row of a step table. */
static char *
table_words (const FallCard *card, int row, gboolean per_fox)
{
  GString *out = g_string_new (NULL);
  int n = 1;
  while (n < FALL_TABLE_MAX)
    {
      int v = card->table[row][n];
      int end = n;
      while (end + 1 < FALL_TABLE_MAX && card->table[row][end + 1] == v)
        end++;
      if (out->len)
        g_string_append (out, ", ");
      g_autofree char *range = end == FALL_TABLE_MAX - 1 ? g_strdup_printf ("%d+", n)
                               : end == n ? g_strdup_printf ("%d", n) : g_strdup_printf ("%d–%d", n, end);
      if (per_fox)
        /* Translators: a line of a Fox card: a group size, then the VP per Fox in it ("2+: -1 per Fox") */
        g_string_append_printf (out, _("%s: %d per Fox"), range, v);
      else
        g_string_append_printf (out, "%s: %d", range, v);
      n = end + 1;
    }
  return g_string_free (out, FALSE);
}

char *
fol_fall_card_describe (const FallCard *card)
{
  switch (card->rule)
    {
    case FALL_RULE_FLOWER:
      return g_strdup_printf (_("Each complete Flower: Autumn Crocus %d VP, Daffodil %d VP, Cosmos %d VP."),
                              card->v[0], card->v[1], card->v[2]);
    case FALL_RULE_FOX_GROUP:
      {
        g_autofree char *t = table_words (card, 0, FALSE);
        return g_strdup_printf (_("Each separate group of Foxes scores by its size (Foxes: VP): %s."), t);
      }
    case FALL_RULE_FOX_PER_FOX:
      {
        g_autofree char *t = table_words (card, 0, TRUE);
        return g_strdup_printf (_("Each separate group of Foxes scores for every Fox in it, by the group's size: %s."), t);
      }
    case FALL_RULE_FOX_LARGEST:
      return g_strdup_printf (_("%d VP for each Fox in the largest group of Foxes."), card->v[0]);
    case FALL_RULE_BIRD_MAJORITY:
      return g_strdup_printf (_("%d VP per Hoopoe and %d VP per Robin; %+d VP if there are more Hoopoes than Robins, "
                                "%+d VP if there are more Robins than Hoopoes."),
                              card->v[0], card->v[1], card->v[2], -card->v[2]);
    case FALL_RULE_BIRD_ADJACENT:
      return g_strdup_printf (_("%d VP per Bird (Hoopoe or Robin); for each Bird, %+d VP per Toad next to it and "
                                "%+d VP per Fox next to it."),
                              card->v[0], card->v[1], card->v[2]);
    case FALL_RULE_BIRD_COUNT:
      {
        g_autofree char *h = table_words (card, 0, FALSE);
        g_autofree char *r = table_words (card, 1, FALSE);
        return g_strdup_printf (_("By the number of Hoopoes (Hoopoes: VP): %s. By the number of Robins: %s."), h, r);
      }
    case FALL_RULE_BIRD_PAIRS:
      return g_strdup_printf (_("%d VP for each pair of one Hoopoe and one Robin."), card->v[0]);
    case FALL_RULE_BIRD_LAYER:
      return g_strdup_printf (_("Each Bird scores by the layer of the tile under it: layer 1 %d VP, layer 2 %d VP, "
                                "layer 3 %d VP."),
                              card->v[0], card->v[1], card->v[2]);
    default:
      return g_strdup ("?");
    }
}

static void
line_free (gpointer p)
{
  FolFallScoreLine *l = p;
  g_free (l->label);
}

static void
add_line (GArray *a, int part, int vp, char *label)
{
  FolFallScoreLine l = { label, vp, part };
  g_array_append_val (a, l);
}

static void
card_lines (GArray *a, const FallCard *card, int kind, const FallTally *t)
{
  if (!card)
    {
      add_line (a, kind, 0, g_strdup_printf (_("%s: hidden"), fol_fall_card_kind_words ((FallCardKind) kind)));
      return;
    }
  switch (card->rule)
    {
    case FALL_RULE_FLOWER:
      for (int k = 1; k <= FALL_N_FLOWERS; k++)
        add_line (a, kind, t->flowers[k] * card->v[k - 1],
                  /* Translators: a score line: flower kind, complete Flowers, VP each */
                  g_strdup_printf (_("%s: %d complete × %d VP"), fol_fall_flower_words ((FallFlower) k),
                                   t->flowers[k], card->v[k - 1]));
      break;
    case FALL_RULE_FOX_GROUP:
    case FALL_RULE_FOX_PER_FOX:
      {
        int count[FALL_N_TOKENS + 1] = { 0 };
        for (int g = 0; g < t->n_fox_groups; g++)
          count[t->fox_group[g]]++;
        for (int size = 1; size <= FALL_N_TOKENS; size++)
          {
            if (!count[size])
              continue;
            int per = fall_card_table_value (card, 0, size);
            if (card->rule == FALL_RULE_FOX_PER_FOX)
              per *= size;
            g_autofree char *groups = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d group", "%d groups",
                                                                    (gulong) count[size]), count[size]);
            g_autofree char *foxes = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d Fox", "%d Foxes",
                                                                   (gulong) size), size);
            /* Translators: a score line: "2 groups of 3 Foxes × 4 VP" */
            add_line (a, kind, per * count[size], g_strdup_printf (_("%s of %s × %d VP"), groups, foxes, per));
          }
        if (!t->n_fox_groups)
          add_line (a, kind, 0, g_strdup (_("No Foxes")));
        break;
      }
    case FALL_RULE_FOX_LARGEST:
      {
        int largest = 0;
        for (int g = 0; g < t->n_fox_groups; g++)
          largest = MAX (largest, t->fox_group[g]);
        add_line (a, kind, largest * card->v[0],
                  g_strdup_printf (_("Largest group: %d Foxes × %d VP"), largest, card->v[0]));
        break;
      }
    case FALL_RULE_BIRD_MAJORITY:
      {
        add_line (a, kind, t->hoopoes * card->v[0], g_strdup_printf (_("%d Hoopoes × %d VP"), t->hoopoes, card->v[0]));
        add_line (a, kind, t->robins * card->v[1], g_strdup_printf (_("%d Robins × %d VP"), t->robins, card->v[1]));
        int bonus = t->hoopoes > t->robins ? card->v[2] : t->robins > t->hoopoes ? -card->v[2] : 0;
        add_line (a, kind, bonus, g_strdup (t->hoopoes > t->robins ? _("More Hoopoes than Robins")
                                            : t->robins > t->hoopoes ? _("More Robins than Hoopoes")
                                            : _("As many Hoopoes as Robins")));
        break;
      }
    case FALL_RULE_BIRD_ADJACENT:
      {
        int birds = t->hoopoes + t->robins;
        add_line (a, kind, birds * card->v[0], g_strdup_printf (_("%d Birds × %d VP"), birds, card->v[0]));
        add_line (a, kind, t->bird_toad_pairs * card->v[1],
                  g_strdup_printf (_("%d Toad–Bird neighbours × %d VP"), t->bird_toad_pairs, card->v[1]));
        add_line (a, kind, t->bird_fox_pairs * card->v[2],
                  g_strdup_printf (_("%d Fox–Bird neighbours × %d VP"), t->bird_fox_pairs, card->v[2]));
        break;
      }
    case FALL_RULE_BIRD_COUNT:
      add_line (a, kind, fall_card_table_value (card, 0, t->hoopoes), g_strdup_printf (_("%d Hoopoes"), t->hoopoes));
      add_line (a, kind, fall_card_table_value (card, 1, t->robins), g_strdup_printf (_("%d Robins"), t->robins));
      break;
    case FALL_RULE_BIRD_PAIRS:
      {
        int pairs = MIN (t->hoopoes, t->robins);
        add_line (a, kind, pairs * card->v[0],
                  g_strdup_printf (_("%d Hoopoe-Robin pairs × %d VP"), pairs, card->v[0]));
        break;
      }
    case FALL_RULE_BIRD_LAYER:
      for (int l = 1; l <= FALL_MAX_HEIGHT; l++)
        add_line (a, kind, t->birds_on_layer[l] * card->v[l - 1],
                  g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d Bird on layer %d × %d VP", "%d Birds on layer %d × %d VP",
                                               (gulong) t->birds_on_layer[l]),
                                  t->birds_on_layer[l], l, card->v[l - 1]));
      break;
    default:
      break;
    }
}

GArray *
fol_fall_score_lines (const FallComponents *comps, const FallTally *t, const uint8_t card[3], int seat)
{
  GArray *a = g_array_new (FALSE, TRUE, sizeof (FolFallScoreLine));
  g_array_set_clear_func (a, line_free);
  for (int k = 0; k < FALL_N_CARD_KINDS; k++)
    card_lines (a, card[k] == FALL_NONE ? NULL : &comps->card[card[k]], k, t);
  static const int vp[FALL_MAX_HEIGHT + 1] = { 0, 1, 3, 6 };
  for (int l = 1; l <= FALL_MAX_HEIGHT; l++)
    add_line (a, 3, t->mushrooms[seat][l] * vp[l],
              /* Translators: a score line: claimed Mushrooms on a layer and the VP each */
              g_strdup_printf (_("Mushrooms on layer %d: %d × %d VP"), l, t->mushrooms[seat][l], vp[l]));
  return a;
}

/* ---- places ---- */

void
fol_fall_placements_init (FolFallPlacements *p)
{
  g_return_if_fail (p != NULL);
  p->n = 0;
}

void
fol_fall_placements_add (FolFallPlacements *p, const FallState *before, const FallMove *move)
{
  g_return_if_fail (p != NULL && before != NULL && move != NULL);
  if (move->kind != FALL_MOVE_PLACE || p->n >= (int) G_N_ELEMENTS (p->cell))
    return;
  p->cell[p->n] = (FolHex) { move->q, move->r };
  p->seat[p->n] = (guint8) fall_state_current_seat (before);
  p->n++;
}

static const char *
seat_words (const char *const *names, int seat, char *buf, gsize size)
{
  if (names && names[seat & 1])
    return names[seat & 1];
  g_snprintf (buf, size, _("Player %d"), seat + 1);
  return buf;
}

/* The latest placement on @cell (its top tile): its index in @p; -2 for
 * the starting tile (older than any), -1 when not known. */
static int
recency (const FallState *s, int idx, const FolFallPlacements *p)
{
  if (fall_cell_top (&s->cell[idx]) == FALL_START_TILE)
    return -2;
  for (int i = p ? p->n - 1 : -1; i >= 0; i--)
    if (p->cell[i].q == s->cell[idx].q && p->cell[i].r == s->cell[idx].r)
      return i;
  return -1;
}

/* What tells a top tile apart at a glance: its colours and its token. */
static guint
tile_look (const FallState *s, const FallCell *c)
{
  const FallLeafTile *t = &s->comps->tile[fall_cell_top (c)];
  guint colours = 0;
  for (int d = 0; d < 6; d++)
    colours |= 1u << t->edge[d];
  return colours | (guint) c->token << 8;
}

/* Whether another top tile of @s looks like the one of cell @idx. */
static gboolean
look_shared (const FallState *s, int idx)
{
  guint look = tile_look (s, &s->cell[idx]);
  for (int i = 0; i < s->n_cells; i++)
    if (i != idx && s->cell[i].height && fall_cell_top (&s->cell[i]) != FALL_START_TILE
        && tile_look (s, &s->cell[i]) == look)
      return TRUE;
  return FALSE;
}

/* A top tile by what one sees of it: "the starting tile", "Hazel's last
 * tile", "your last tile", "the red Fox tile".  @plain: said by its look
 * (not the starting tile, nor someone's last tile). */
static char *
tile_words (const FallState *s, int idx, int viewer, const char *const *names, const FolFallPlacements *p,
            gboolean *plain)
{
  const FallCell *c = &s->cell[idx];
  int i = recency (s, idx, p);
  *plain = FALSE;
  if (i == -2)
    /* Translators: a place named by a tile: "next to the starting tile" */
    return g_strdup (_("the starting tile"));
  gboolean last = i >= 0;
  for (int j = i + 1; last && j < p->n; j++)
    last = p->seat[j] != p->seat[i];
  if (last && p->seat[i] == viewer)
    /* Translators: a place named by a tile: the last tile the player addressed placed ("next to your last tile") */
    return g_strdup (_("your last tile"));
  if (last)
    {
      char buf[32];
      /* Translators: a place named by a tile: the last tile a player placed ("next to Hazel's last tile") */
      return g_strdup_printf (_("%s's last tile"), seat_words (names, p->seat[i], buf, sizeof buf));
    }
  *plain = TRUE;
  g_autofree char *col = fol_fall_tile_colours_words (s->comps, fall_cell_top (c));
  if (c->token != FALL_NO_TOKEN)
    /* Translators: a place named by a tile: its colours and its token ("next to the red and green Fox tile") */
    return g_strdup_printf (_("the %s %s tile"), col, fol_fall_token_words ((FallToken) c->token));
  /* Translators: a place named by a tile: its colours ("next to the red and green tile") */
  return g_strdup_printf (_("the %s tile"), col);
}

/* The tiles next to @cell, the most recently placed first, the starting
 * tile last (then in the order of the edges).  Returns how many. */
static int
neighbours_by_recency (const FallState *s, FolHex cell, const FolFallPlacements *p, int out[6])
{
  int key[6], n = 0;
  for (int d = 0; d < 6; d++)
    {
      FolHex nb = fol_hex_neighbour (cell, d);
      int j = fall_state_find (s, nb.q, nb.r);
      if (j < 0 || !s->cell[j].height)
        continue;
      int k = recency (s, j, p), at = n++;
      /* insertion: a later placement first; equal keys keep the edge order */
      while (at > 0 && key[at - 1] < k)
        {
          key[at] = key[at - 1];
          out[at] = out[at - 1];
          at--;
        }
      key[at] = k;
      out[at] = j;
    }
  return n;
}

char *
fol_fall_words_place (const FallState *s, FolHex cell, int viewer, const char *const *names,
                      const FolFallPlacements *placed)
{
  g_return_val_if_fail (s != NULL, NULL);
  int idx = fall_state_find (s, cell.q, cell.r);
  int nb[6], n = neighbours_by_recency (s, cell, placed, nb);
  gboolean plain;
  if (idx >= 0 && s->cell[idx].height)
    {
      g_autofree char *tile = tile_words (s, idx, viewer, names, placed, &plain);
      if (plain && look_shared (s, idx) && n > 0)
        {
          /* another tile looks the same: the tile next to it tells which */
          gboolean other_plain;
          g_autofree char *other = tile_words (s, nb[0], viewer, names, placed, &other_plain);
          /* Translators: a place on a stack: "on top of the green tile next to the starting tile" */
          return g_strdup_printf (_("on top of %s next to %s"), tile, other);
        }
      /* Translators: a place on a stack, named by its top tile: "on top of the red Fox tile" */
      return g_strdup_printf (_("on top of %s"), tile);
    }
  if (n == 0)
    /* Translators: a place with no tile next to it */
    return g_strdup (_("away from the ecosystem"));
  g_autofree char *first = tile_words (s, nb[0], viewer, names, placed, &plain);
  for (int k = 1; k < n; k++)
    {
      g_autofree char *second = tile_words (s, nb[k], viewer, names, placed, &plain);
      if (strcmp (first, second) != 0)
        /* Translators: an empty place between two tiles: "between your last tile and the yellow Toad tile" */
        return g_strdup_printf (_("between %s and %s"), first, second);
    }
  /* Translators: an empty place next to a tile: "next to the starting tile" */
  return g_strdup_printf (_("next to %s"), first);
}

/* @n (2 or more) tokens of one kind in words: "two Hoopoes", "3 Fox tokens". */
static char *
tokens_words (FallToken t, int n)
{
  if (n == 2)
    switch (t)
      {
      /* Translators: two tokens of one kind put back in the box, as in "put two Hoopoes back in the box" */
      case FALL_MUSHROOM: return g_strdup (C_("tokens", "two Mushrooms"));
      case FALL_FOX: return g_strdup (C_("tokens", "two Foxes"));
      case FALL_HOOPOE: return g_strdup (C_("tokens", "two Hoopoes"));
      case FALL_ROBIN: return g_strdup (C_("tokens", "two Robins"));
      default: break;
      }
  switch (t)
    {
    /* Translators: several tokens of one kind put back in the box, as in "put 3 Fox tokens back in the box" */
    case FALL_MUSHROOM: return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d Mushroom token", "%d Mushroom tokens", (gulong) n), n);
    case FALL_FOX: return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d Fox token", "%d Fox tokens", (gulong) n), n);
    case FALL_HOOPOE: return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d Hoopoe token", "%d Hoopoe tokens", (gulong) n), n);
    case FALL_ROBIN: return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d Robin token", "%d Robin tokens", (gulong) n), n);
    default: return g_strdup ("?");
    }
}

/* The held tokens an END puts back in the box, each kind once: "a Fox and
 * two Hoopoes" (never "a Hoopoe and a Hoopoe"), or NULL for none.  The log
 * line and the hint both say it so. */
static char *
boxed_words (const uint8_t discard[4])
{
  GString *list = g_string_new (NULL);
  int n = 0, kinds = 0;
  for (int k = 0; k < 4; k++)
    kinds += discard[k] > 0;
  for (int k = 0; k < 4; k++)
    if (discard[k] > 0)
      {
        n++;
        if (n > 1)
          g_string_append (list, n == kinds ? _(" and ") : ", ");
        if (discard[k] == 1)
          g_string_append (list, fol_fall_token_with_article ((FallToken) k));
        else
          {
            g_autofree char *w = tokens_words ((FallToken) k, discard[k]);
            g_string_append (list, w);
          }
      }
  if (!n)
    {
      g_string_free (list, TRUE);
      return NULL;
    }
  return g_string_free (list, FALSE);
}

/* The sentence of an END: the tokens put back in the box, those no later
 * turn could use (week 12) said apart. */
static char *
end_words (const FallState *before, const FallMove *m, const char *name)
{
  guint8 unusable[4], chosen[4], automatic[4];
  fol_fall_game_unusable_held (before, fall_state_current_seat (before), unusable);
  int n_auto = 0;
  for (int k = 0; k < 4; k++)
    {
      automatic[k] = MIN (m->discard[k], unusable[k]);
      chosen[k] = m->discard[k] - automatic[k];
      n_auto += automatic[k];
    }
  g_autofree char *what = boxed_words (chosen);
  g_autofree char *lost = boxed_words (automatic);
  if (!lost && !what)
    return NULL;
  if (!lost)
    /* Translators: "Norma ended the turn and put a Fox and a Hoopoe back in the box" */
    return g_strdup_printf (_("%s ended the turn and put %s back in the box"), name, what);
  g_autofree char *gone = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                        /* Translators: the end of a turn in week 12: a token kept aside went
                                                         * back in the box by itself ("a Fox kept aside was discarded") */
                                                        "%s kept aside was discarded: the game ends this week",
                                                        "%s kept aside were discarded: the game ends this week",
                                                        (gulong) n_auto),
                                           lost);
  if (!what)
    /* Translators: "Norma ended the turn; a Fox kept aside was discarded: the game ends this week" */
    return g_strdup_printf (_("%s ended the turn; %s"), name, gone);
  /* Translators: "Norma ended the turn and put a Fox back in the box; a Robin kept aside was discarded: the game ends this week" */
  return g_strdup_printf (_("%s ended the turn and put %s back in the box; %s"), name, what, gone);
}

char *
fol_fall_describe_move (const FallState *before, const FallMove *m, const char *const *names,
                        const FolFallPlacements *placed)
{
  g_return_val_if_fail (before != NULL && m != NULL, NULL);
  const FallComponents *comps = before->comps;
  char buf[32];
  const char *name = seat_words (names, fall_state_current_seat (before), buf, sizeof buf);
  switch (m->kind)
    {
    case FALL_MOVE_TAKE:
      {
        if (m->arg >= FALL_OFFER || before->offer_tile[m->arg] == FALL_NONE)
          return NULL;
        g_autofree char *col = fol_fall_tile_colours_words (comps, before->offer_tile[m->arg]);
        /* Translators: "Norma took the Fox with a red and green tile" */
        return g_strdup_printf (_("%s took the %s with a %s tile"), name,
                                fol_fall_token_words ((FallToken) before->offer_token[m->arg]), col);
      }
    case FALL_MOVE_PLACE:
      {
        g_autofree char *col = fol_fall_tile_colours_words (comps, m->arg);
        int idx = fall_state_find (before, m->q, m->r);
        int height = idx >= 0 ? before->cell[idx].height : 0;
        int token = idx >= 0 && height ? before->cell[idx].token : FALL_NO_TOKEN;
        g_autofree char *where = fol_fall_words_place (before, (FolHex) { m->q, m->r }, -1, names, placed);
        if (height == 0)
          /* Translators: "Norma placed a red and green tile next to the starting tile" (the place: fol_fall_words_place()) */
          return g_strdup_printf (_("%s placed a %s tile %s"), name, col, where);
        if (token != FALL_NO_TOKEN)
          /* Translators: "Norma stacked a red tile on top of the green Fox tile (layer 2); the Fox there went back to the box" */
          return g_strdup_printf (_("%s stacked a %s tile %s (layer %d); the %s there went back to the box"), name, col,
                                  where, height + 1, fol_fall_token_words ((FallToken) token));
        /* Translators: "Norma stacked a red tile on top of the green tile (layer 2)" */
        return g_strdup_printf (_("%s stacked a %s tile %s (layer %d)"), name, col, where, height + 1);
      }
    case FALL_MOVE_DISCARD_TILE:
      {
        g_autofree char *col = fol_fall_tile_colours_words (comps, m->arg);
        return g_strdup_printf (_("The %s tile of %s fitted nowhere and left the game"), col, name);
      }
    case FALL_MOVE_TOKEN:
      {
        g_autofree char *where = fol_fall_words_place (before, (FolHex) { m->q, m->r }, -1, names, placed);
        int seat = fall_state_current_seat (before);
        if (m->arg == FALL_MUSHROOM && before->markers[seat] > 0)
          /* Translators: "Norma placed a Mushroom on top of the red tile and claimed it with a marker" */
          return g_strdup_printf (_("%s placed a Mushroom %s and claimed it with a marker"), name, where);
        if (m->arg == FALL_MUSHROOM)
          return g_strdup_printf (_("%s placed a Mushroom %s, unclaimed (no marker left)"), name, where);
        /* Translators: "Norma placed a Fox on top of the green tile" */
        return g_strdup_printf (_("%s placed %s %s"), name, fol_fall_token_with_article ((FallToken) m->arg), where);
      }
    case FALL_MOVE_CLAIM:
      {
        g_autofree char *where = fol_fall_words_place (before, (FolHex) { m->q, m->r }, -1, names, placed);
        /* Translators: "Norma claimed the Mushroom on top of the red tile" */
        return g_strdup_printf (_("%s claimed the Mushroom %s"), name, where);
      }
    case FALL_MOVE_END:
      return end_words (before, m, name);
    default:
      return NULL;
    }
}

/* "first" .. "fourth", for "take the second combination" */
static const char *
offer_ordinal_words (int slot)
{
  switch (slot)
    {
    /* Translators: the place of a combination in the offer, as in "take the second combination" */
    case 0: return C_("combination", "first");
    case 1: return C_("combination", "second");
    case 2: return C_("combination", "third");
    case 3: return C_("combination", "fourth");
    default: return "?";
    }
}

char *
fol_fall_describe_hint (const FallState *before, const FallMove *m, const char *const *names,
                        const FolFallPlacements *placed)
{
  g_return_val_if_fail (before != NULL && m != NULL, NULL);
  const FallComponents *comps = before->comps;
  int seat = fall_state_current_seat (before);
  g_autofree char *where = m->kind == FALL_MOVE_PLACE || m->kind == FALL_MOVE_TOKEN || m->kind == FALL_MOVE_CLAIM
    ? fol_fall_words_place (before, (FolHex) { m->q, m->r }, seat, names, placed) : NULL;
  switch (m->kind)
    {
    case FALL_MOVE_TAKE:
      {
        if (m->arg >= FALL_OFFER || before->offer_tile[m->arg] == FALL_NONE)
          break;
        g_autofree char *col = fol_fall_tile_colours_words (comps, before->offer_tile[m->arg]);
        /* Translators: a hint: "Hint: take the second combination (the red and green tile with a Fox)." */
        return g_strdup_printf (_("Hint: take the %s combination (the %s tile with %s)."), offer_ordinal_words (m->arg),
                                col, fol_fall_token_with_article ((FallToken) before->offer_token[m->arg]));
      }
    case FALL_MOVE_PLACE:
      {
        g_autofree char *col = fol_fall_tile_colours_words (comps, m->arg);
        int idx = fall_state_find (before, m->q, m->r);
        int height = idx >= 0 ? before->cell[idx].height : 0;
        int token = idx >= 0 && height ? before->cell[idx].token : FALL_NO_TOKEN;
        if (height == 0)
          /* Translators: a hint: "Hint: place the red tile next to your last tile (marked), turned as shown."
           * (the place: fol_fall_words_place()); the board shows the tile, translucent, in a dashed outline */
          return g_strdup_printf (_("Hint: place the %s tile %s (marked), turned as shown."), col, where);
        if (token != FALL_NO_TOKEN)
          /* Translators: a hint: "Hint: stack the red tile on top of the green Fox tile (layer 2, marked), turned as shown; the Fox there goes back to the box." */
          return g_strdup_printf (_("Hint: stack the %s tile %s (layer %d, marked), turned as shown; "
                                    "the %s there goes back to the box."),
                                  col, where, height + 1, fol_fall_token_words ((FallToken) token));
        return g_strdup_printf (_("Hint: stack the %s tile %s (layer %d, marked), turned as shown."), col, where,
                                height + 1);
      }
    case FALL_MOVE_DISCARD_TILE:
      {
        g_autofree char *col = fol_fall_tile_colours_words (comps, m->arg);
        return g_strdup_printf (_("Hint: the %s tile fits nowhere: discard it."), col);
      }
    case FALL_MOVE_TOKEN:
      if (m->arg == FALL_MUSHROOM && before->markers[seat] > 0)
        /* Translators: a hint: "Hint: place the Mushroom on top of the red tile (marked) and claim it with a marker." */
        return g_strdup_printf (_("Hint: place the Mushroom %s (marked) and claim it with a marker."), where);
      if (m->arg == FALL_MUSHROOM)
        return g_strdup_printf (_("Hint: place the Mushroom %s (marked), unclaimed: no marker left."), where);
      /* Translators: a hint: "Hint: place a Fox on top of the green tile (marked)." */
      return g_strdup_printf (_("Hint: place %s %s (marked)."), fol_fall_token_with_article ((FallToken) m->arg), where);
    case FALL_MOVE_CLAIM:
      /* Translators: a hint: "Hint: claim the Mushroom on top of the red tile (marked) with one of your markers." */
      return g_strdup_printf (_("Hint: claim the Mushroom %s (marked) with one of your markers."), where);
    case FALL_MOVE_END:
      {
        g_autofree char *what = boxed_words (m->discard);
        if (what)
          /* Translators: a hint: "Hint: end your turn and put a Fox and a Hoopoe back in the box." */
          return g_strdup_printf (_("Hint: end your turn and put %s back in the box."), what);
        return g_strdup (_("Hint: end your turn."));
      }
    default:
      break;
    }
  return g_strdup (_("Hint: no move to suggest."));
}

char *
fol_fall_describe_tile (const FallComponents *comps, int tile)
{
  const FallLeafTile *t = &comps->tile[tile];
  g_autofree char *col = fol_fall_tile_colours_words (comps, tile);
  GString *out = g_string_new (NULL);
  if (tile == FALL_START_TILE)
    g_string_append (out, _("The starting tile"));
  else
    /* Translators: "red and green tile" */
    g_string_append_printf (out, _("%s tile"), col);
  GString *icons = g_string_new (NULL);
  static const struct { int bit; const char *name; } ic[] = {
    { FALL_ICON_FOX, NC_("icon", "Fox") }, { FALL_ICON_BIRD, NC_("icon", "Bird") }, { FALL_ICON_MUSHROOM, NC_("icon", "Mushroom") } };
  for (guint i = 0; i < G_N_ELEMENTS (ic); i++)
    if (t->icons & ic[i].bit)
      g_string_append_printf (icons, "%s%s", icons->len ? ", " : "",
                              g_dpgettext2 (GETTEXT_PACKAGE, "icon", ic[i].name));
  if (icons->len)
    /* Translators: the icons on a Leaf tile: the tokens it takes */
    g_string_append_printf (out, _("; icons: %s"), icons->str);
  g_string_free (icons, TRUE);
  GString *flowers = g_string_new (NULL);
  for (int c = 0; c < 6; c++)
    if (t->flower[c])
      g_string_append_printf (flowers, "%s%s", flowers->len ? ", " : "", fol_fall_flower_words ((FallFlower) t->flower[c]));
  if (flowers->len)
    g_string_append_printf (out, _("; flowers: %s"), flowers->str);
  g_string_free (flowers, TRUE);
  return g_string_free (out, FALSE);
}

char *
fol_fall_describe_cell (const FallState *s, int q, int r)
{
  int idx = fall_state_find (s, q, r);
  if (idx < 0 || !s->cell[idx].height)
    return NULL;
  const FallCell *c = &s->cell[idx];
  g_autofree char *tile = fol_fall_describe_tile (s->comps, fall_cell_top (c));
  GString *out = g_string_new (NULL);
  /* Translators: a stack of the ecosystem: its layer and its top tile */
  g_string_append_printf (out, _("Layer %d: %s."), c->height, tile);
  if (c->token == FALL_MUSHROOM && c->marker >= 0)
    g_string_append_printf (out, " %s", c->marker == 0 ? _("A Mushroom with a blue marker.") : _("A Mushroom with a black marker."));
  else if (c->token == FALL_MUSHROOM)
    g_string_append_printf (out, " %s", _("An unclaimed Mushroom."));
  else if (c->token != FALL_NO_TOKEN)
    {
      g_string_append_c (out, ' ');
      /* Translators: the token on a stack: "Token: Fox." */
      g_string_append_printf (out, _("Token: %s."), fol_fall_token_words ((FallToken) c->token));
    }
  return g_string_free (out, FALSE);
}

static const struct {
  const char *english;
  const char *words;
} reasons[] = {
  { "a rotation is 0..5", N_("A rotation is 0 to 5.") },
  { "a stack holds at most 3 tiles", N_("A stack holds at most 3 tiles.") },
  { "a tile may be discarded only when it fits nowhere", N_("A tile may be discarded only when it fits nowhere.") },
  { "a tile must be placed next to or on top of tiles in the ecosystem",
    N_("A tile must be placed next to or on top of tiles in the ecosystem.") },
  { "at most 2 tokens may stay aside at the end of a turn", N_("At most 2 tokens may stay aside at the end of a turn.") },
  { "every tile taken must be placed before the turn ends", N_("Every tile taken must be placed before the turn ends.") },
  { "no more combinations may be taken this turn", N_("No more combinations may be taken this turn.") },
  { "no token may be placed on the starting tile", N_("No token may be placed on the starting tile.") },
  { "nothing may be stacked on a Mushroom", N_("Nothing may be stacked on a Mushroom.") },
  { "nothing may be stacked on a Toad", N_("Nothing may be stacked on a Toad.") },
  { "nothing may be stacked on the starting tile", N_("Nothing may be stacked on the starting tile.") },
  { "take a tile-and-token combination first", N_("Take a tile-and-token combination first.") },
  { "that Mushroom is already claimed", N_("That Mushroom is already claimed.") },
  { "that tile already holds a token", N_("That tile already holds a token.") },
  { "that tile does not show the token's icon", N_("That tile does not show the token's icon.") },
  { "that tile was not taken this turn", N_("That tile was not taken this turn.") },
  { "the Season board forbids that token this week", N_("The Season board forbids that token this week.") },
  { "the Toad must be placed in the turn it was taken", N_("The Toad must be placed in the turn it was taken.") },
  { "a held Toad must be placed this turn: that tile is its last free spot",
    N_("The Toad you hold must be placed this turn, and that tile is the last one free for it.") },
  { "the first tile must be placed next to the starting tile", N_("The first tile must be placed next to the starting tile.") },
  { "the game is over", N_("The game is over.") },
  { "there is no Mushroom there", N_("There is no Mushroom there.") },
  { "there is no combination in that place", N_("There is no combination in that place.") },
  { "there is no tile there", N_("There is no tile there.") },
  { "you cannot discard tokens you do not hold", N_("You cannot discard tokens you do not hold.") },
  { "you have no Mushroom marker left", N_("You have no Mushroom marker left.") },
  { "you hold no such token", N_("You hold no such token.") },
  { "the tile below shares no colour, and no edge meets an edge of the same colour",
    N_("The tile below shares no colour, and no edge meets an edge of the same colour.") },
  { "no edge meets an edge of the same colour", N_("No edge meets an edge of the same colour.") },
  /* the board's own: a token chosen that no tile can take now */
  { "no free tile shows that token's icon", N_("No free tile shows that token's icon now: it stays set aside.") },
};

const char *
fol_fall_reason_words (const char *reason)
{
  if (reason)
    for (size_t i = 0; i < G_N_ELEMENTS (reasons); i++)
      if (strcmp (reasons[i].english, reason) == 0)
        return _(reasons[i].words);
  return _("That move is not allowed now.");
}
