/* fall-scoring.c: tallies, scoring cards and the result of a game of Fall. */
#include "fall-scoring.h"
#include "fall-internal.h"

#include <stdio.h>
#include <string.h>

void
fall_tally (const FallState *s, FallTally *out)
{
  memset (out, 0, sizeof *out);
  uint8_t seen[FALL_MAX_CELLS] = { 0 };
  uint8_t queue[FALL_MAX_CELLS];
  for (int i = 0; i < s->n_cells; i++)
    {
      const FallCell *c = &s->cell[i];
      if (!c->height)
        continue;
      /* Flowers: each vertex once, as corner 0 or 1 of one of its cells */
      for (int corner = 0; corner < 2; corner++)
        {
          int kind = fall_cell_flower (s, c, corner);
          if (!kind)
            continue;
          uint8_t a = c->nb[corner], b = c->nb[corner + 1];
          if (a == FALL_NONE || b == FALL_NONE)
            continue;
          if (fall_cell_flower (s, &s->cell[a], corner + 2) == kind
              && fall_cell_flower (s, &s->cell[b], corner + 4) == kind)
            out->flowers[kind]++;
        }
      switch (c->token)
        {
        case FALL_FOX:
          out->foxes++;
          if (!seen[i])
            {
              int head = 0, tail = 0, size = 0;
              queue[tail++] = (uint8_t) i;
              seen[i] = 1;
              while (head < tail)
                {
                  const FallCell *g = &s->cell[queue[head++]];
                  size++;
                  for (int d = 0; d < 6; d++)
                    {
                      uint8_t j = g->nb[d];
                      if (j != FALL_NONE && !seen[j] && s->cell[j].height && s->cell[j].token == FALL_FOX)
                        {
                          seen[j] = 1;
                          queue[tail++] = j;
                        }
                    }
                }
              out->fox_group[out->n_fox_groups++] = (uint8_t) size;
            }
          break;
        case FALL_HOOPOE:
        case FALL_ROBIN:
          if (c->token == FALL_HOOPOE)
            out->hoopoes++;
          else
            out->robins++;
          out->birds_on_layer[c->height]++;
          for (int d = 0; d < 6; d++)
            {
              uint8_t j = c->nb[d];
              if (j == FALL_NONE || !s->cell[j].height)
                continue;
              out->bird_toad_pairs += s->cell[j].token == FALL_TOAD;
              out->bird_fox_pairs += s->cell[j].token == FALL_FOX;
            }
          break;
        case FALL_TOAD:
          out->toads++;
          break;
        case FALL_MUSHROOM:
          if (c->marker >= 0)
            out->mushrooms[c->marker][c->height]++;
          else
            out->unclaimed_mushrooms++;
          break;
        default:
          break;
        }
    }
}

static void
add_line (FallScore *lines, int vp, const char *format, ...) G_GNUC_PRINTF (3, 4);

static void
add_line (FallScore *lines, int vp, const char *format, ...)
{
  if (!lines || lines->n_lines >= FALL_MAX_SCORE_LINES)
    return;
  FallScoreLine *l = &lines->line[lines->n_lines++];
  va_list ap;
  va_start (ap, format);
  vsnprintf (l->label, sizeof l->label, format, ap);
  va_end (ap);
  l->vp = vp;
}

int
fall_card_score (const FallCard *card, const FallTally *t, FallScore *lines)
{
  if (!card)
    {
      add_line (lines, 0, "hidden card");
      return 0;
    }
  int vp = 0;
  switch (card->rule)
    {
    case FALL_RULE_FLOWER:
      for (int k = 1; k <= FALL_N_FLOWERS; k++)
        {
          int v = t->flowers[k] * card->v[k - 1];
          add_line (lines, v, "%s %s: %d complete x %d", card->id, fall_flower_name (k), t->flowers[k], card->v[k - 1]);
          vp += v;
        }
      break;
    case FALL_RULE_FOX_GROUP:
    case FALL_RULE_FOX_PER_FOX:
      {
        /* one line per group size present */
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
            add_line (lines, per * count[size], "%s %d group(s) of %d Fox(es) x %d", card->id,
                      count[size], size, per);
            vp += per * count[size];
          }
        if (!t->n_fox_groups)
          add_line (lines, 0, "%s no Foxes", card->id);
        break;
      }
    case FALL_RULE_FOX_LARGEST:
      {
        int largest = 0;
        for (int g = 0; g < t->n_fox_groups; g++)
          if (t->fox_group[g] > largest)
            largest = t->fox_group[g];
        vp = largest * card->v[0];
        add_line (lines, vp, "%s largest group of %d Fox(es) x %d", card->id, largest, card->v[0]);
        break;
      }
    case FALL_RULE_BIRD_MAJORITY:
      {
        int h = t->hoopoes * card->v[0], r = t->robins * card->v[1];
        int bonus = t->hoopoes > t->robins ? card->v[2] : t->robins > t->hoopoes ? -card->v[2] : 0;
        add_line (lines, h, "%s %d Hoopoe(s) x %d", card->id, t->hoopoes, card->v[0]);
        add_line (lines, r, "%s %d Robin(s) x %d", card->id, t->robins, card->v[1]);
        add_line (lines, bonus, "%s %s", card->id,
                  t->hoopoes > t->robins ? "more Hoopoes than Robins"
                  : t->robins > t->hoopoes ? "more Robins than Hoopoes" : "as many Hoopoes as Robins");
        vp = h + r + bonus;
        break;
      }
    case FALL_RULE_BIRD_ADJACENT:
      {
        int birds = t->hoopoes + t->robins;
        int b = birds * card->v[0], to = t->bird_toad_pairs * card->v[1], fo = t->bird_fox_pairs * card->v[2];
        add_line (lines, b, "%s %d Bird(s) x %d", card->id, birds, card->v[0]);
        add_line (lines, to, "%s %d Toad(s) next to Birds x %d", card->id, t->bird_toad_pairs, card->v[1]);
        add_line (lines, fo, "%s %d Fox(es) next to Birds x %d", card->id, t->bird_fox_pairs, card->v[2]);
        vp = b + to + fo;
        break;
      }
    case FALL_RULE_BIRD_COUNT:
      {
        int h = fall_card_table_value (card, 0, t->hoopoes), r = fall_card_table_value (card, 1, t->robins);
        add_line (lines, h, "%s %d Hoopoe(s)", card->id, t->hoopoes);
        add_line (lines, r, "%s %d Robin(s)", card->id, t->robins);
        vp = h + r;
        break;
      }
    case FALL_RULE_BIRD_PAIRS:
      {
        int pairs = MIN (t->hoopoes, t->robins);
        vp = pairs * card->v[0];
        add_line (lines, vp, "%s %d Hoopoe-Robin pair(s) x %d", card->id, pairs, card->v[0]);
        break;
      }
    case FALL_RULE_BIRD_LAYER:
      for (int l = 1; l <= FALL_MAX_HEIGHT; l++)
        {
          int v = t->birds_on_layer[l] * card->v[l - 1];
          add_line (lines, v, "%s %d Bird(s) on layer %d x %d", card->id, t->birds_on_layer[l], l, card->v[l - 1]);
          vp += v;
        }
      break;
    default:
      break;
    }
  return vp;
}

static const int mushroom_vp[FALL_MAX_HEIGHT + 1] = { 0, 1, 3, 6 };

void
fall_score_seat (const FallState *s, const FallTally *t, int seat, bool with_lines, FallScore *out)
{
  FallTally local;
  if (!t)
    {
      fall_tally (s, &local);
      t = &local;
    }
  out->n_lines = 0;
  FallScore *lines = with_lines ? out : NULL;
  int part[FALL_N_CARD_KINDS];
  for (int k = 0; k < FALL_N_CARD_KINDS; k++)
    {
      uint8_t ci = s->card[seat][k];
      part[k] = fall_card_score (ci == FALL_NONE ? NULL : &s->comps->card[ci], t, lines);
    }
  out->flowers = part[FALL_CARD_FLOWER];
  out->foxes = part[FALL_CARD_FOX];
  out->birds = part[FALL_CARD_BIRD];
  out->mushrooms = 0;
  for (int l = 1; l <= FALL_MAX_HEIGHT; l++)
    {
      int v = t->mushrooms[seat][l] * mushroom_vp[l];
      out->mushrooms += v;
      if (t->mushrooms[seat][l] || with_lines)
        add_line (lines, v, "Mushrooms on layer %d: %d x %d", l, t->mushrooms[seat][l], mushroom_vp[l]);
    }
  out->total = out->flowers + out->foxes + out->birds + out->mushrooms;
}

int
fall_result (const FallState *s, FallScore scores[2])
{
  FallTally t;
  fall_tally (s, &t);
  fall_score_seat (s, &t, 0, true, &scores[0]);
  fall_score_seat (s, &t, 1, true, &scores[1]);
  if (scores[0].total != scores[1].total)
    return scores[0].total > scores[1].total ? 0 : 1;
  if (scores[0].mushrooms != scores[1].mushrooms)
    return scores[0].mushrooms > scores[1].mushrooms ? 0 : 1;
  if (scores[0].flowers != scores[1].flowers)
    return scores[0].flowers > scores[1].flowers ? 0 : 1;
  return -1;
}

char *
fall_score_format (const FallState *s)
{
  FallScore sc[2];
  int winner = fall_result (s, sc);
  GString *out = g_string_new (NULL);
  for (int p = 0; p < 2; p++)
    {
      g_string_append_printf (out, "Seat %d cards:", p);
      for (int k = 0; k < FALL_N_CARD_KINDS; k++)
        g_string_append_printf (out, " %s", s->card[p][k] == FALL_NONE ? "?" : s->comps->card[s->card[p][k]].id);
      g_string_append_c (out, '\n');
      for (int i = 0; i < sc[p].n_lines; i++)
        g_string_append_printf (out, "  %-60s %4d\n", sc[p].line[i].label, sc[p].line[i].vp);
      g_string_append_printf (out, "  %-60s %4d\n  %-60s %4d\n  %-60s %4d\n  %-60s %4d\n  %-60s %4d\n",
                              "Flowers", sc[p].flowers, "Foxes", sc[p].foxes, "Birds", sc[p].birds,
                              "Mushrooms", sc[p].mushrooms, "Total", sc[p].total);
    }
  if (winner < 0)
    g_string_append (out, "Result: shared win\n");
  else
    g_string_append_printf (out, "Result: seat %d wins%s\n", winner,
                            sc[0].total != sc[1].total ? ""
                            : sc[0].mushrooms != sc[1].mushrooms ? " (tie broken by Mushroom VP)"
                            : " (tie broken by Flower VP)");
  return g_string_free (out, FALSE);
}

void
fall_state_note_turn (FallState *s, int seat)
{
  if (seat < 0)
    memset (s->turn_gain, 0, sizeof s->turn_gain);
  if (!s->comps)
    return;
  FallTally t;
  fall_tally (s, &t);
  for (int c = 0; c < FALL_N_CARDS; c++)
    {
      int vp = fall_card_score (&s->comps->card[c], &t, NULL);
      if (seat >= 0)
        s->turn_gain[seat][c] = (int16_t) CLAMP (s->turn_gain[seat][c] + vp - s->card_vp[c], INT16_MIN, INT16_MAX);
      s->card_vp[c] = (int16_t) vp;
    }
}
