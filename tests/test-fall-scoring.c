/* test-fall-scoring.c: Flowers, Mushrooms, the 18 scoring cards and the
 * tie-breaks (src/engine/fall/fall-scoring.c; rulebook "Flowers", "End of
 * Game", "Scoring Card Details"; DECISIONS.md "Scoring cards"). */
#include "fall-test-util.h"

typedef struct {
  int q, r;
  const char *token;   /* NULL, "f", "h", "r", "t", "m", "m0", "m1" */
  int height;          /* 0 means 1 */
} Spot;

/* A finished game's position: the starting tile, and tiles picked with the
 * icon each token needs, stacked to the height asked. */
static FallState *
spots_pos (const char *cards0, const char *cards1, const Spot *spots, int n)
{
  GString *text = g_string_new (NULL);
  g_string_append_printf (text, "fall-position 1\ncards 0 %s\ncards 1 %s\ncell 0,0 S00/0\n", cards0, cards1);
  gboolean used[FALL_N_TILES] = { FALSE };
  for (int i = 0; i < n; i++)
    {
      int height = spots[i].height ? spots[i].height : 1;
      uint8_t need = 0;
      if (spots[i].token)
        need = fall_token_icon ((FallToken) fall_token_from_letter (spots[i].token[0]));
      g_string_append_printf (text, "cell %d,%d", spots[i].q, spots[i].r);
      for (int h = 0; h < height; h++)
        {
          int pick = -1;
          for (int t = 0; t < FALL_N_LEAF_TILES && pick < 0; t++)
            if (!used[t] && (h < height - 1 || !need || (C->tile[t].icons & need)))
              pick = t;
          g_assert_cmpint (pick, >=, 0);
          used[pick] = TRUE;
          g_string_append_printf (text, " %s/0", C->tile[pick].id);
        }
      if (spots[i].token)
        g_string_append_printf (text, " %s", spots[i].token);
      g_string_append_c (text, '\n');
    }
  g_autofree char *t = g_string_free (text, FALSE);
  return pos_new (t);
}

static int
card_vp (const FallState *s, const char *id)
{
  FallTally t;
  fall_tally (s, &t);
  int i = fall_card_index (C, id);
  g_assert_cmpint (i, >=, 0);
  FallScore lines = { 0 };
  int vp = fall_card_score (&C->card[i], &t, &lines);
  /* the lines add up to the card's VP */
  int sum = 0;
  for (int l = 0; l < lines.n_lines; l++)
    sum += lines.line[l].vp;
  g_assert_cmpint (sum, ==, vp);
  return vp;
}

/* ---- Flowers ----------------------------------------------------------- */

static const char *flower_cells =
  "cell 0,0 S00/0\n"     /* Autumn Crocus on corner 0 */
  "cell 1,0 L01/1\n";    /* Crocus turned onto corner 2 */

static FallState *
flower_pos (const char *third)
{
  g_autofree char *text = g_strdup_printf ("fall-position 1\ncards 0 FL2 F1 B1\ncards 1 FL1 F2 B2\n%s%s",
                                           flower_cells, third);
  return pos_new (text);
}

static void
test_flower_complete (void)
{
  /* the starting tile's corner 0, corner 2 of the cell east of it and
   * corner 4 of the cell south-east of it are one point */
  g_autofree FallState *s = flower_pos ("cell 0,1 L02/3\n");
  FallTally t;
  fall_tally (s, &t);
  g_assert_cmpint (t.flowers[FALL_CROCUS], ==, 1);
  g_assert_cmpint (t.flowers[FALL_DAFFODIL], ==, 0);
  g_assert_cmpint (t.flowers[FALL_COSMOS], ==, 0);
  static const struct { const char *id; int vp; } want[] = {
    { "FL1", 0 }, { "FL2", 3 }, { "FL3", 1 }, { "FL4", 3 }, { "FL5", 0 }, { "FL6", 1 },
  };
  for (size_t i = 0; i < G_N_ELEMENTS (want); i++)
    g_assert_cmpint (card_vp (s, want[i].id), ==, want[i].vp);
  /* both players score the same Flower with their own card */
  g_assert_cmpint (score_of (s, 0), ==, 3);
  g_assert_cmpint (score_of (s, 1), ==, 0);
}

static void
test_flower_incomplete (void)
{
  /* two segments only */
  g_autofree FallState *two = flower_pos ("");
  g_assert_cmpint (card_vp (two, "FL2"), ==, 0);
  /* the third shows another kind (L02 turned so Daffodil is there) */
  g_autofree FallState *other = flower_pos ("cell 0,1 L02/1\n");
  FallTally t;
  fall_tally (other, &t);
  g_assert_cmpint (t.flowers[1] + t.flowers[2] + t.flowers[3], ==, 0);
}

static void
test_flower_layers (void)
{
  /* complete across layers: the third segment on a second-layer tile */
  g_autofree FallState *up = flower_pos ("cell 0,1 L07/0 L02/3\n");
  g_assert_cmpint (card_vp (up, "FL4"), ==, 3);
  /* only the top tile counts: the segment covered by another tile is gone */
  g_autofree FallState *covered = flower_pos ("cell 0,1 L02/3 L07/0\n");
  g_assert_cmpint (card_vp (covered, "FL4"), ==, 0);
}

/* ---- Mushrooms --------------------------------------------------------- */

static void
test_mushroom_layers (void)
{
  const Spot spots[] = {
    { 1, 0, "m0", 1 }, { 3, 0, "m0", 2 }, { 5, 0, "m0", 3 },
    { -2, 0, "m1", 2 }, { -4, 0, "m", 3 },
  };
  g_autofree FallState *s = spots_pos ("FL1 F1 B1", "FL2 F2 B2", spots, G_N_ELEMENTS (spots));
  FallScore a, b;
  fall_score_seat (s, NULL, 0, TRUE, &a);
  fall_score_seat (s, NULL, 1, TRUE, &b);
  g_assert_cmpint (a.mushrooms, ==, 1 + 3 + 6);
  g_assert_cmpint (b.mushrooms, ==, 3);     /* the unclaimed one scores for nobody */
  g_assert_cmpint (a.total, ==, 10);
  g_assert_cmpint (s->markers[0], ==, 5);
  g_assert_cmpint (s->markers[1], ==, 7);
}

/* ---- Fox cards ------------------------------------------------------- */

/* a solitary Fox, a pair, a group of 3 and a group of 6 */
static const Spot fox_groups[] = {
  { 5, 0, "f" },
  { 0, 3, "f" }, { 1, 3, "f" },
  { -4, 0, "f" }, { -4, 1, "f" }, { -4, 2, "f" },
  { 0, -5, "f" }, { 1, -5, "f" }, { 2, -5, "f" }, { 3, -5, "f" }, { 4, -5, "f" }, { 5, -5, "f" },
  { 2, 0, "h" },
};

static void
test_fox_groups (void)
{
  g_autofree FallState *s = spots_pos ("FL1 F1 B1", "FL2 F2 B2", fox_groups, G_N_ELEMENTS (fox_groups));
  FallTally t;
  fall_tally (s, &t);
  g_assert_cmpint (t.foxes, ==, 12);
  g_assert_cmpint (t.n_fox_groups, ==, 4);
  /* the rulebook's sample: -1 per solitary Fox, 4 per group of 3+, 8 per group of 6+ */
  g_assert_cmpint (card_vp (s, "F1"), ==, -1 + 0 + 4 + 8);
  g_assert_cmpint (card_vp (s, "F2"), ==, 0 + 3 + 6 + 10);
  g_assert_cmpint (card_vp (s, "F3"), ==, 5);
  g_assert_cmpint (card_vp (s, "F4"), ==, 2 * 6);
  g_assert_cmpint (card_vp (s, "F5"), ==, 2 - 2 - 3 - 6);  /* a negative total */
  g_assert_cmpint (card_vp (s, "F6"), ==, 1 + 2 + 4 + 11);
}

static void
test_fox_cards_edge_cases (void)
{
  /* no Fox: every card 0 */
  const Spot none[] = { { 1, 0, "h" } };
  g_autofree FallState *s0 = spots_pos ("FL1 F1 B1", "FL2 F2 B2", none, 1);
  for (int i = 1; i <= 6; i++)
    {
      g_autofree char *id = g_strdup_printf ("F%d", i);
      g_assert_cmpint (card_vp (s0, id), ==, 0);
    }
  /* two groups of 3 tie for the largest: F4 counts one */
  const Spot tie[] = { { 0, 2, "f" }, { 1, 2, "f" }, { 2, 2, "f" }, { 0, -2, "f" }, { 1, -2, "f" }, { 2, -2, "f" } };
  g_autofree FallState *s1 = spots_pos ("FL1 F1 B1", "FL2 F2 B2", tie, G_N_ELEMENTS (tie));
  g_assert_cmpint (card_vp (s1, "F4"), ==, 6);
  g_assert_cmpint (card_vp (s1, "F1"), ==, 8);
  g_assert_cmpint (card_vp (s1, "F3"), ==, 0);
  /* large groups: F2 caps at 10, F6 at 11, F5 is -1 per Fox */
  const Spot big[] = { { 0, 2, "f" }, { 1, 2, "f" }, { 2, 2, "f" }, { 3, 2, "f" }, { 4, 2, "f" },
                       { 5, 2, "f" }, { 6, 2, "f" }, { 7, 2, "f" } };
  g_autofree FallState *s2 = spots_pos ("FL1 F1 B1", "FL2 F2 B2", big, G_N_ELEMENTS (big));
  g_assert_cmpint (card_vp (s2, "F2"), ==, 10);
  g_assert_cmpint (card_vp (s2, "F6"), ==, 11);
  g_assert_cmpint (card_vp (s2, "F5"), ==, -8);
  g_assert_cmpint (card_vp (s2, "F4"), ==, 16);
  /* Foxes on different layers are still adjacent */
  const Spot layers[] = { { 0, 2, "f", 3 }, { 1, 2, "f", 1 } };
  g_autofree FallState *s3 = spots_pos ("FL1 F1 B1", "FL2 F2 B2", layers, 2);
  g_assert_cmpint (card_vp (s3, "F3"), ==, 5);
}

/* ---- Bird cards -------------------------------------------------------- */

static FallState *
birds (int hoopoes, int robins)
{
  Spot spots[24] = { { 0 } };
  int n = 0;
  for (int i = 0; i < hoopoes; i++)
    spots[n++] = (Spot) { 2 * i, 3, "h" };
  for (int i = 0; i < robins; i++)
    spots[n++] = (Spot) { 2 * i, -3, "r" };
  return spots_pos ("FL1 F1 B1", "FL2 F2 B2", spots, n);
}

static int
bird_vp (const char *id, int hoopoes, int robins)
{
  g_autofree FallState *s = birds (hoopoes, robins);
  return card_vp (s, id);
}

static void
test_bird_majority (void)
{
  /* the rulebook's first sample (B1): 2 per Hoopoe, 1 per Robin, +3 / -3 */
  g_assert_cmpint (bird_vp ("B1", 3, 1), ==, 6 + 1 + 3);
  g_assert_cmpint (bird_vp ("B1", 1, 3), ==, 2 + 3 - 3);
  g_assert_cmpint (bird_vp ("B1", 2, 2), ==, 4 + 2);        /* tie: no bonus */
  g_assert_cmpint (bird_vp ("B1", 0, 0), ==, 0);
  g_assert_cmpint (bird_vp ("B1", 0, 1), ==, 1 - 3);        /* negative */
  /* B4 the other way round */
  g_assert_cmpint (bird_vp ("B4", 3, 1), ==, 3 + 2 - 3);
  g_assert_cmpint (bird_vp ("B4", 1, 3), ==, 1 + 6 + 3);
  g_assert_cmpint (bird_vp ("B4", 2, 2), ==, 2 + 4);
  g_assert_cmpint (bird_vp ("B4", 1, 0), ==, 1 - 3);
}

static void
test_bird_adjacent (void)
{
  /* the rulebook's second sample (B2): 2 per Bird, +1 per Toad next to each
   * Bird, -1 per Fox next to each Bird; one Toad or Fox counts for every
   * Bird it touches */
  const Spot spots[] = {
    { 1, 0, "h" }, { 3, -1, "r" },
    { 2, 0, "t" }, { 1, 1, "t" }, { 2, -1, "f" },
    { -3, 0, "t" },                         /* touches no Bird */
  };
  g_autofree FallState *s = spots_pos ("FL1 F1 B2", "FL2 F2 B1", spots, G_N_ELEMENTS (spots));
  FallTally t;
  fall_tally (s, &t);
  g_assert_cmpint (t.bird_toad_pairs, ==, 3);
  g_assert_cmpint (t.bird_fox_pairs, ==, 2);
  g_assert_cmpint (card_vp (s, "B2"), ==, 4 + 3 - 2);
  /* negative: a Bird among three Foxes */
  const Spot foxed[] = { { 0, 3, "r" }, { 1, 3, "f" }, { -1, 3, "f" }, { 0, 4, "f" } };
  g_autofree FallState *u = spots_pos ("FL1 F1 B2", "FL2 F2 B1", foxed, G_N_ELEMENTS (foxed));
  g_assert_cmpint (card_vp (u, "B2"), ==, 2 - 3);
}

static void
test_bird_count (void)
{
  /* the rulebook's third sample (B3): Hoopoes 1/2/3/4+ -> 1/6/8/3,
   * Robins 1/2-3/4+ -> 4/-2/4 */
  g_assert_cmpint (bird_vp ("B3", 1, 0), ==, 1);
  g_assert_cmpint (bird_vp ("B3", 2, 3), ==, 6 - 2);
  g_assert_cmpint (bird_vp ("B3", 3, 2), ==, 8 - 2);
  g_assert_cmpint (bird_vp ("B3", 5, 1), ==, 3 + 4);
  g_assert_cmpint (bird_vp ("B3", 0, 4), ==, 4);
  g_assert_cmpint (bird_vp ("B3", 0, 2), ==, -2);
  g_assert_cmpint (bird_vp ("B3", 0, 0), ==, 0);
}

static void
test_bird_pairs_and_layers (void)
{
  g_assert_cmpint (bird_vp ("B5", 3, 2), ==, 6);
  g_assert_cmpint (bird_vp ("B5", 0, 4), ==, 0);
  g_assert_cmpint (bird_vp ("B5", 2, 2), ==, 6);
  const Spot spots[] = { { 1, 0, "h", 1 }, { 3, 0, "r", 2 }, { 5, 0, "h", 3 }, { 7, 0, "r", 3 } };
  g_autofree FallState *s = spots_pos ("FL1 F1 B6", "FL2 F2 B1", spots, G_N_ELEMENTS (spots));
  g_assert_cmpint (card_vp (s, "B6"), ==, 1 + 3 + 5 + 5);
  g_assert_cmpint (bird_vp ("B6", 0, 0), ==, 0);
}

/* ---- the result ------------------------------------------------------- */

static void
test_tie_break_mushrooms (void)
{
  /* 3 - 3: seat 0 has 3 Mushroom VP, seat 1 none: seat 0 wins */
  const Spot spots[] = { { 1, 0, "m0", 2 }, { 0, 3, "f" }, { 1, 3, "f" } };
  g_autofree FallState *s = spots_pos ("FL1 F1 B1", "FL5 F2 B4", spots, G_N_ELEMENTS (spots));
  FallScore sc[2];
  int w = fall_result (s, sc);
  g_assert_cmpint (sc[0].total, ==, 3);
  g_assert_cmpint (sc[1].total, ==, 3);
  g_assert_cmpint (w, ==, 0);
  g_autofree char *text = fall_score_format (s);
  g_assert_nonnull (strstr (text, "Mushroom VP"));
}

static void
test_tie_break_flowers (void)
{
  /* 3 - 3, no Mushrooms: seat 0 has 3 Flower VP, seat 1 only 1 */
  g_autofree FallState *s = pos_new ("fall-position 1\ncards 0 FL2 F1 B1\ncards 1 FL3 F6 B4\n"
                                     "cell 0,0 S00/0\ncell 1,0 L01/1\ncell 0,1 L02/3\n"
                                     "cell 5,5 L03/0 f\ncell 6,5 L04/0 f\n");
  FallScore sc[2];
  int w = fall_result (s, sc);
  g_assert_cmpint (sc[0].total, ==, 3);
  g_assert_cmpint (sc[1].total, ==, 3);
  g_assert_cmpint (sc[0].flowers, ==, 3);
  g_assert_cmpint (sc[1].flowers, ==, 1);
  g_assert_cmpint (w, ==, 0);
  /* swap the cards: seat 1 wins */
  s->card[0][FALL_CARD_FLOWER] = (uint8_t) fall_card_index (C, "FL3");
  s->card[0][FALL_CARD_FOX] = (uint8_t) fall_card_index (C, "F6");
  s->card[1][FALL_CARD_FLOWER] = (uint8_t) fall_card_index (C, "FL2");
  s->card[1][FALL_CARD_FOX] = (uint8_t) fall_card_index (C, "F1");
  g_assert_cmpint (fall_result (s, sc), ==, 1);
}

static void
test_shared_win (void)
{
  g_autofree FallState *s = pos_new ("fall-position 1\ncards 0 FL2 F1 B1\ncards 1 FL4 F2 B4\n"
                                     "cell 0,0 S00/0\ncell 1,0 L01/1\ncell 0,1 L02/3\n");
  FallScore sc[2];
  g_assert_cmpint (fall_result (s, sc), ==, -1);
  g_assert_cmpint (sc[0].total, ==, 3);
  g_assert_cmpint (sc[1].total, ==, 3);
  g_autofree char *text = fall_score_format (s);
  g_assert_nonnull (strstr (text, "shared"));
}

static void
test_breakdown_lines (void)
{
  g_autofree FallState *s = spots_pos ("FL1 F1 B3", "FL2 F6 B5", fox_groups, G_N_ELEMENTS (fox_groups));
  FallScore sc[2];
  fall_result (s, sc);
  for (int p = 0; p < 2; p++)
    {
      int sum = 0;
      for (int l = 0; l < sc[p].n_lines; l++)
        sum += sc[p].line[l].vp;
      g_assert_cmpint (sum, ==, sc[p].total);
      g_assert_cmpint (sc[p].total, ==, sc[p].flowers + sc[p].foxes + sc[p].birds + sc[p].mushrooms);
    }
  g_autofree char *text = fall_score_format (s);
  g_assert_nonnull (strstr (text, "F1 1 group(s) of 1 Fox(es) x -1"));
  g_assert_nonnull (strstr (text, "F1 1 group(s) of 6 Fox(es) x 8"));
  g_assert_nonnull (strstr (text, "B3 1 Hoopoe(s)"));
  g_assert_nonnull (strstr (text, "Seat 1 cards: FL2 F6 B5"));
  /* hidden cards score nothing and say so */
  FallState view;
  fall_state_view (s, 0, &view);
  FallScore v;
  fall_score_seat (&view, NULL, 1, TRUE, &v);
  g_assert_cmpint (v.flowers + v.foxes + v.birds, ==, 0);
  g_assert_cmpstr (v.line[0].label, ==, "hidden card");
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  fall_test_init ();
  g_test_add_func ("/fall-scoring/flower-complete-all-flower-cards", test_flower_complete);
  g_test_add_func ("/fall-scoring/flower-incomplete", test_flower_incomplete);
  g_test_add_func ("/fall-scoring/flower-across-layers-top-only", test_flower_layers);
  g_test_add_func ("/fall-scoring/mushroom-vp-by-layer", test_mushroom_layers);
  g_test_add_func ("/fall-scoring/fox-cards-and-sample", test_fox_groups);
  g_test_add_func ("/fall-scoring/fox-cards-none-tie-large", test_fox_cards_edge_cases);
  g_test_add_func ("/fall-scoring/bird-majority-b1-b4-sample", test_bird_majority);
  g_test_add_func ("/fall-scoring/bird-adjacent-b2-sample", test_bird_adjacent);
  g_test_add_func ("/fall-scoring/bird-count-b3-sample", test_bird_count);
  g_test_add_func ("/fall-scoring/bird-pairs-b5-layers-b6", test_bird_pairs_and_layers);
  g_test_add_func ("/fall-scoring/tie-break-mushrooms", test_tie_break_mushrooms);
  g_test_add_func ("/fall-scoring/tie-break-flowers", test_tie_break_flowers);
  g_test_add_func ("/fall-scoring/shared-win", test_shared_win);
  g_test_add_func ("/fall-scoring/breakdown-lines", test_breakdown_lines);
  return g_test_run ();
}
