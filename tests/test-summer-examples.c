/* test-summer-examples.c: every worked example of the Indian Summer rulebook
 * (../shared/rules/indian-summer-rulebook.txt), each on a position built for
 * it.  Seats are named after the rulebook's players. */
#include "summer-test-util.h"

/* Sides by seat: 1A, 2A, 3A, 4A (indices 0, 2, 4, 6). */
static void
game (SummerState *s, int n_players, uint64_t seed, const int *sides)
{
  SummerSetup setup;
  summer_setup_init (&setup, n_players, seed);
  for (int i = 0; i < n_players; i++)
    setup.side[i] = (int8_t) sides[i];
  g_autoptr (GError) error = NULL;
  g_assert_true (summer_state_new_game (&setup, s, &error));
}

static const int SIDES[4] = { 0, 2, 4, 6 };

/* The @nth square (0-based) of Area @area (1..6) showing treasure @t. */
static const char *
find_printed (const SummerState *s, int seat, int area, int t, int nth)
{
  static char names[16][3];
  static int next;
  const SummerFloorSide *side = &summer_components ()->side[s->seat[seat].side];
  for (int q = 0; q < SUMMER_SQUARES; q++)
    if (side->area[q] == area - 1 && side->treasure[q] == t && nth-- == 0)
      {
        char *n = names[next++ % 16];
        n[0] = (char) ('a' + q % 9);
        n[1] = (char) ('1' + q / 9);
        n[2] = 0;
        return n;
      }
  g_error ("no %dth %s in Area %d", nth, summer_treasure_name (t), area);
  return NULL;
}

/* Covers every square of Area @area except those listed. */
static void
fill_area_except (SummerState *s, int seat, int area, const char *keep)
{
  FolBits72 k = 0;
  g_auto (GStrv) w = g_strsplit (keep, " ", -1);
  for (int i = 0; w[i]; i++)
    if (*w[i])
      k |= fol_bb_bit (sq (w[i]));
  FolBits72 m = area_mask (s, seat, area) & ~s->seat[seat].covered & ~k;
  while (m)
    {
      int q = fol_bb_lowest (m);
      m &= m - 1;
      s->seat[seat].covered |= fol_bb_bit (q);
      s->seat[seat].cover[q] = SUMMER_COVER_SQUIRREL;
    }
}

/* "Tini covers 1 Nut with the Hole of the laid Leaf tile. She places 1 Nut
 * (Treasure) onto the Hole." and "Claus placed 1 Leaf tile ... The Hole
 * covered an empty space, therefore nothing happened." (Treasures) */
static void
test_tini_covers_a_nut (void)
{
  SummerState s;
  game (&s, 2, 1, SIDES);
  /* 1A: a3 shows a Nut, a4 nothing.  G06 is #O#; turned r1 it runs down
   * with the Hole in the middle: at a2 the Hole is a3, at a3 it is a4. */
  set_path (&s, 0, "G06");
  SummerMoveInfo info = play (&s, "G06 r1 a2");
  g_assert_cmpint (info.tokens_placed[SUMMER_NUT], ==, 1);
  g_assert_cmpint (s.seat[0].token[sq ("a3")], ==, SUMMER_NUT);
  play (&s, "end");
  set_path (&s, 1, "G07");
  /* Claus on 2A: a2 shows nothing */
  g_assert_cmpint (printed (&s, 1, "a2"), ==, SUMMER_NO_TREASURE);
  info = play (&s, "G07 r1 a1");
  g_assert_cmpint (info.tokens_placed[0] + info.tokens_placed[1] + info.tokens_placed[2] + info.tokens_placed[3], ==, 0);
  g_assert_true (fol_bb_test (s.seat[1].holes, sq ("a2")));
}

/* "Claus places in his Main Action 1 Leaf tile and this way completes 1
 * Area. He can take 1 Berry and 1 Nut. He cannot take the Mushroom, as it
 * is located in an incomplete Area." (Area) */
static void
test_claus_completes_an_area (void)
{
  SummerState s;
  game (&s, 2, 2, SIDES);
  /* 1A, Area 1: a Berry token on b2, a Nut token on a3; Area 3: a Mushroom
   * token on i4.  Area 1 is covered but for c3 and c4. */
  put_hole (&s, 0, "b2", true);
  put_hole (&s, 0, "a3", true);
  put_hole (&s, 0, "i4", true);
  fill_area_except (&s, 0, 1, "c3 c4");
  /* G02 is ##O: turned r1 it runs down with the Hole at the bottom: c3 c4 c5 (Hole) */
  set_path (&s, 0, "G02 Y01");
  int b = s.seat[0].treasures[SUMMER_BERRY], n = s.seat[0].treasures[SUMMER_NUT];
  int m = s.seat[0].treasures[SUMMER_MUSHROOM];
  SummerMoveInfo info = play (&s, "G02 r1 c3");
  g_assert_cmpint (info.areas_completed, ==, 1 << 0);
  g_assert_cmpint (s.seat[0].treasures[SUMMER_BERRY], ==, b + 1);
  g_assert_cmpint (s.seat[0].treasures[SUMMER_NUT], ==, n + 1);
  g_assert_cmpint (s.seat[0].treasures[SUMMER_MUSHROOM], ==, m);
  g_assert_true (fol_bb_test (s.seat[0].tokens, sq ("i4")));
  /* the new Hole on c5 (a Nut, Area 4) got its token and keeps it */
  g_assert_cmpint (s.seat[0].token[sq ("c5")], ==, SUMMER_NUT);
}

/* "Claus places the Hedgehog over the 4 Holes on his Forest Floor. As there
 * are 1 Nut and 1 Mushroom depicted in these Holes, he takes these
 * Treasures from the common supply." (The Animal tiles) */
static void
test_claus_hedgehog (void)
{
  SummerState s;
  game (&s, 2, 3, SIDES);
  /* 1A: c5 Nut, d5 nothing, c6 nothing, d6 Mushroom */
  put_hole (&s, 0, "c5", false);
  put_hole (&s, 0, "d5", false);
  put_hole (&s, 0, "c6", false);
  put_hole (&s, 0, "d6", false);
  int n = s.seat[0].treasures[SUMMER_NUT], m = s.seat[0].treasures[SUMMER_MUSHROOM];
  int supply_n = s.supply[SUMMER_NUT];
  SummerMoveInfo info = play (&s, "A hedgehog r0 c5");
  g_assert_cmpint (info.gained[SUMMER_NUT], ==, 1);
  g_assert_cmpint (info.gained[SUMMER_MUSHROOM], ==, 1);
  g_assert_cmpint (info.gained[SUMMER_BERRY] + info.gained[SUMMER_FEATHER], ==, 0);
  g_assert_cmpint (s.seat[0].treasures[SUMMER_NUT], ==, n + 1);
  g_assert_cmpint (s.seat[0].treasures[SUMMER_MUSHROOM], ==, m + 1);
  g_assert_cmpint (s.supply[SUMMER_NUT], ==, supply_n - 1);
  /* "You can also choose Animal tiles that are smaller than the continuous
   * shape of the Holes" */
  SummerState t;
  game (&t, 2, 3, SIDES);
  put_hole (&t, 0, "c5", false);
  put_hole (&t, 0, "d5", false);
  put_hole (&t, 0, "c6", false);
  put_hole (&t, 0, "d6", false);
  play (&t, "A mouse r0 c5");
  play (&t, "A mouse r0 c6");
  g_assert_cmpint (t.animals_left[SUMMER_MOUSE], ==, 4);
}

/* "Matilda has 3 Leaf tiles in her Player Path. She places 1 Berry back
 * into the common supply and refills her Path from the common supply.
 * Matilda also wants the next Leaf tile from the Common Path. She spends
 * another Berry to take a 6th Leaf tile." (Berry) */
static void
test_matilda_berries (void)
{
  SummerState s;
  game (&s, 4, 4, SIDES);
  s.current = 2;
  set_path (&s, 2, "G01 Y01 R01");
  set_common_head (&s, "G02 G03 G04");
  set_treasures (&s, 2, 2, 1, 1, 0);
  int supply_b = s.supply[SUMMER_BERRY];
  play (&s, "B");
  g_assert_cmpint (s.seat[2].path_len, ==, 5);
  play (&s, "B");
  g_assert_cmpint (s.seat[2].path_len, ==, 6);
  const char *want[6] = { "G01", "Y01", "R01", "G02", "G03", "G04" };
  for (int k = 0; k < 6; k++)
    g_assert_cmpint (s.seat[2].path[k], ==, leaf (want[k]));
  g_assert_cmpint (s.seat[2].treasures[SUMMER_BERRY], ==, 0);
  g_assert_cmpint (s.supply[SUMMER_BERRY], ==, supply_b + 2);
  check_invariants (&s);
}

/* "Tini places 1 Nut back into the common supply. She takes 1 Squirrel ...
 * As this completes an Area, she takes all Treasures (2 Berries, 1 Nut)." (Nut) */
static void
test_tini_nut (void)
{
  SummerState s;
  game (&s, 2, 5, SIDES);
  /* 1A, Area 4: Berries on a6 and b8, a Nut on c5; a5 is the last gap */
  put_hole (&s, 0, "a6", true);
  put_hole (&s, 0, "b8", true);
  put_hole (&s, 0, "c5", true);
  fill_area_except (&s, 0, 4, "a5");
  set_treasures (&s, 0, 0, 1, 0, 0);
  SummerMoveInfo info = play (&s, "N a5");
  g_assert_cmpint (info.areas_completed, ==, 1 << 3);
  g_assert_cmpint (s.seat[0].treasures[SUMMER_BERRY], ==, 2);
  g_assert_cmpint (s.seat[0].treasures[SUMMER_NUT], ==, 1);
  g_assert_false (s.main_done);
}

/* "Claus places 1 Mushroom back ... From Hubert as well as from Tini he
 * takes the Leaf tile next to their Backpacks and places this Leaf tile on
 * his Forest Floor. As Hubert has now no more Leaf tiles on his Player
 * Path, he refills it immediately." (Mushroom) */
static void
test_claus_mushroom (void)
{
  SummerState s;
  /* Claus 1, Tini 2, Matilda 3, Hubert 4 */
  game (&s, 4, 6, SIDES);
  set_path (&s, 1, "Y05 G05 G06");
  set_path (&s, 3, "R10");
  set_common_head (&s, "G08 G09 Y06 Y07 R12");
  play (&s, "M 2,4");
  play (&s, "R10 r0 a1");
  play (&s, "Y05 r0 a3");
  g_assert_cmpint (s.seat[1].path_len, ==, 2);
  g_assert_cmpint (s.seat[1].path[0], ==, leaf ("G05"));
  g_assert_cmpint (s.seat[3].path_len, ==, 5);
  const char *want[5] = { "G08", "G09", "Y06", "Y07", "R12" };
  for (int k = 0; k < 5; k++)
    g_assert_cmpint (s.seat[3].path[k], ==, leaf (want[k]));
  g_assert_cmpint (summer_empty_squares (&s, 0), ==, 72 - 5 - 4);
  check_invariants (&s);
}

/* "Hubert places 1 Feather back ... He takes the 2nd and 4th Leaf tile from
 * his Path and puts both of them onto his Forest Floor." (Feather) */
static void
test_hubert_feather (void)
{
  SummerState s;
  game (&s, 4, 7, SIDES);
  s.current = 3;
  set_path (&s, 3, "G01 Y02 G03 R04 Y05");
  set_treasures (&s, 3, 1, 1, 1, 1);
  play (&s, "F");
  play (&s, "Y02 r0 a1");
  play (&s, "R04 r0 a2");
  g_assert_cmpint (s.seat[3].path_len, ==, 3);
  g_assert_cmpint (s.seat[3].path[0], ==, leaf ("G01"));
  g_assert_cmpint (s.seat[3].path[1], ==, leaf ("G03"));
  g_assert_cmpint (s.seat[3].path[2], ==, leaf ("Y05"));
  g_assert_cmpint (summer_empty_squares (&s, 3), ==, 72 - 9);
  g_assert_cmpint (s.seat[3].treasures[SUMMER_FEATHER], ==, 0);
  check_invariants (&s);
}

/* "Matilda exchanges 1 Feather for 1 Mushroom and spends it to execute the
 * corresponding Alternative Main Action. By placing the Leaf tiles she has
 * taken from her fellow players she completely covers 1 Area and takes the
 * Treasures (3 Berries). She then exchanges 2 Berries for 1 Nut, which she
 * uses to place 1 Squirrel. That way she manages to complete another Area.
 * From there she also takes the Treasures (1 Nut, 1 Mushroom)." (Exchanging) */
/* The placement of Leaf tile @id covering exactly @squares ("g1 g2 g3"), in notation. */
static char *
placement_covering (const char *id, const char *squares)
{
  FolBits72 want = 0;
  g_auto (GStrv) w = g_strsplit (squares, " ", -1);
  for (int i = 0; w[i]; i++)
    want |= fol_bb_bit (sq (w[i]));
  int t = leaf (id);
  const FolOrientationSet *set = &summer_components ()->leaf[t].orientations;
  for (int o = 0; o < set->n; o++)
    for (int a = 0; a < SUMMER_SQUARES; a++)
      if (fol_bb_test (set->o[o].anchors, a) && fol_orientation_at (&set->o[o], a) == want)
        {
          g_autofree char *sqn = summer_square_name (a);
          static const char *tr[8] = { "r0", "r1", "r2", "r3", "f0", "f1", "f2", "f3" };
          return g_strdup_printf ("%s %s %s", id, tr[set->o[o].transform], sqn);
        }
  g_error ("%s cannot cover %s", id, squares);
  return NULL;
}

static void
test_matilda_exchanges (void)
{
  SummerState s;
  /* Matilda is seat 1 here, on 4A:
   *        g h i                     d e f
   *     1  . . N                  1  . . N
   *     2  . B .    (Area 3)      2  . B .    (Area 2)
   *     3  . . B                  3  . . M
   *     4  B . .                  4  N . .
   * Berry tokens on h2, i3, g4; g1 g2 g3 and h3 h4 i4 are left for the two
   * tiles she takes.  Nut and Mushroom tokens on f1 and f3; d1 is the gap. */
  int sides[3] = { 6, 0, 2 };
  game (&s, 3, 8, sides);
  put_hole (&s, 0, "h2", true);
  put_hole (&s, 0, "i3", true);
  put_hole (&s, 0, "g4", true);
  fill_area_except (&s, 0, 3, "g1 g2 g3 h3 h4 i4");
  put_hole (&s, 0, "f1", true);
  put_hole (&s, 0, "f3", true);
  fill_area_except (&s, 0, 2, "d1");
  /* the two opponents' first tiles: a straight three and a bent three */
  set_path (&s, 1, "G05 Y01");
  set_path (&s, 2, "G09 Y02");
  set_treasures (&s, 0, 0, 0, 0, 1);

  play (&s, "X F-M");
  g_assert_cmpint (s.seat[0].treasures[SUMMER_MUSHROOM], ==, 1);
  play (&s, "M 2,3");
  g_autofree char *p1 = placement_covering ("G05", "g1 g2 g3");
  g_autofree char *p2 = placement_covering ("G09", "h3 h4 i4");
  play (&s, p1);
  SummerMoveInfo info = play (&s, p2);
  g_assert_cmpint (info.areas_completed, ==, 1 << 2);
  g_assert_cmpint (info.gained[SUMMER_BERRY], ==, 3);
  g_assert_cmpint (s.seat[0].treasures[SUMMER_BERRY], ==, 3);
  play (&s, "X 2B-N");
  g_assert_cmpint (s.seat[0].treasures[SUMMER_BERRY], ==, 1);
  g_assert_cmpint (s.seat[0].treasures[SUMMER_NUT], ==, 1);
  info = play (&s, "N d1");
  g_assert_cmpint (info.areas_completed, ==, 1 << 1);
  g_assert_cmpint (info.gained[SUMMER_NUT], ==, 1);
  g_assert_cmpint (info.gained[SUMMER_MUSHROOM], ==, 1);
  g_assert_cmpint (s.seat[0].treasures[SUMMER_NUT], ==, 1);
  g_assert_cmpint (s.seat[0].treasures[SUMMER_MUSHROOM], ==, 1);
  g_assert_cmpint (s.seat[0].treasures[SUMMER_BERRY], ==, 1);
  g_assert_cmpint (s.seat[0].treasures[SUMMER_FEATHER], ==, 0);
}

/* The end of the game example (End of the game), with its final placings:
 * "1. Matilda, 2. Claus, 3. Tini, 4. Hubert."  Hubert is the start player
 * (seat 1), then Claus, Tini, Matilda. */
static void
test_end_of_game_example (void)
{
  SummerState s;
  game (&s, 4, 9, SIDES);
  enum { HUBERT, CLAUS, TINI, MATILDA };
  /* Hubert has played this round: 3 empty squares, no treasures */
  fill_except (&s, HUBERT, "g8 h8 i8");
  set_treasures (&s, HUBERT, 0, 0, 0, 0);
  /* Claus: all but a1 b1 c1 (2A: b1 shows nothing), 2 Nuts */
  fill_except (&s, CLAUS, "a1 b1 c1");
  set_treasures (&s, CLAUS, 0, 2, 0, 0);
  set_path (&s, CLAUS, "G05");
  /* Tini: Area 1 misses a1..c2 and a3; 1 Feather */
  fill_except (&s, TINI, "a1 b1 c1 a2 b2 c2 a3");
  set_treasures (&s, TINI, 0, 0, 0, 1);
  set_path (&s, TINI, "G06 G07");
  /* Matilda on 4A: tokens B, N, N in Area 2 and N, F in Area 4; one gap in
   * each, and one more square elsewhere for her last Main Action */
  const char *tok[5] = {
    find_printed (&s, MATILDA, 2, SUMMER_BERRY, 0), find_printed (&s, MATILDA, 2, SUMMER_NUT, 0),
    find_printed (&s, MATILDA, 2, SUMMER_NUT, 1), find_printed (&s, MATILDA, 4, SUMMER_NUT, 0),
    find_printed (&s, MATILDA, 4, SUMMER_FEATHER, 0),
  };
  for (int i = 0; i < 5; i++)
    put_hole (&s, MATILDA, tok[i], true);
  char gaps[3][3];
  int areas[3] = { 2, 4, 1 };
  GString *keep = g_string_new (NULL);
  for (int k = 0; k < 3; k++)
    {
      FolBits72 free_sq = area_mask (&s, MATILDA, areas[k]) & ~s.seat[MATILDA].covered;
      int q = fol_bb_lowest (free_sq);
      g_snprintf (gaps[k], 3, "%c%d", 'a' + q % 9, q / 9 + 1);
      g_string_append_printf (keep, "%s ", gaps[k]);
    }
  /* Area 1 of 4A keeps its gap but no tokens; the others are covered */
  fill_except (&s, MATILDA, keep->str);
  g_string_free (keep, TRUE);
  set_treasures (&s, MATILDA, 1, 2, 0, 0);
  s.current = CLAUS;

  /* "Claus places 1 Leaf tile and covers his Forest Floor completely." */
  play (&s, "G05 r0 a1");
  g_assert_true (s.end_triggered);
  play (&s, "end");
  /* "Tini puts 1 Feather back into the supply and places 2 Leaf tiles" */
  play (&s, "F");
  play (&s, "G06 r0 a1");
  play (&s, "G07 r0 a2");
  play (&s, "end");
  g_autofree char *main_action = g_strdup_printf ("S %s", gaps[2]);
  play (&s, main_action);
  play (&s, "end");
  g_assert_true (summer_is_over (&s));

  /* "Hubert is left with 3 empty spaces and Tini with 1." */
  g_assert_cmpint (s.result[HUBERT].empty, ==, 3);
  g_assert_cmpint (s.result[TINI].empty, ==, 1);
  /* "Claus has got 2 Nuts left and Matilda 5 Nuts." */
  g_assert_true (s.result[CLAUS].full);
  g_assert_cmpint (s.result[CLAUS].nuts, ==, 2);
  g_assert_true (s.result[MATILDA].full);
  g_assert_cmpint (s.result[MATILDA].nuts, ==, 5);
  /* "Final placings: 1. Matilda, 2. Claus, 3. Tini, 4. Hubert." */
  g_assert_cmpint (s.result[MATILDA].rank, ==, 1);
  g_assert_cmpint (s.result[CLAUS].rank, ==, 2);
  g_assert_cmpint (s.result[TINI].rank, ==, 3);
  g_assert_cmpint (s.result[HUBERT].rank, ==, 4);
}

/* The Turn example: "It's Tini's turn. She has 2 Leaf tiles on her Path, 2
 * Berries and 1 Feather. ... She places the 3rd and 6th Leaf tile on her
 * Forest Floor. This way, she completely covers an Area and gains 1 Nut and
 * 1 Mushroom. She places the Nut back ... takes 1 Squirrel ... This
 * completely covers another Area and she takes 1 Berry, 1 Nut and 1
 * Mushroom. She places 1 Berry back ... to refill her Leaf tiles to 5." */
static void
test_tini_turn_exact (void)
{
  SummerState s;
  game (&s, 2, 10, SIDES);
  put_hole (&s, 0, "a1", true);
  put_hole (&s, 0, "a3", true);
  fill_area_except (&s, 0, 1, "c1 c2 c3 a4 b4 c4");
  put_hole (&s, 0, "i2", true);
  put_hole (&s, 0, "g3", true);
  put_hole (&s, 0, "i4", true);
  fill_area_except (&s, 0, 3, "g1");
  set_path (&s, 0, "R01 R02");
  /* the Berry draws the 3rd, 4th, 5th tiles, the second Berry the 6th;
   * the last Berry later draws Y12 */
  set_common_head (&s, "G05 Y10 Y11 G06 Y12");
  set_treasures (&s, 0, 2, 0, 0, 1);

  play (&s, "B");
  play (&s, "B");
  g_assert_cmpint (s.seat[0].path_len, ==, 6);
  g_assert_cmpint (s.seat[0].path[2], ==, leaf ("G05"));
  g_assert_cmpint (s.seat[0].path[5], ==, leaf ("G06"));
  play (&s, "F");
  SummerMoveInfo info = play (&s, "G05 r1 c1");   /* c1 c2 c3, Hole c2 */
  g_assert_cmpint (info.areas_completed, ==, 0);
  info = play (&s, "G06 r0 a4");                  /* a4 b4 c4, Hole b4 */
  g_assert_cmpint (info.areas_completed, ==, 1 << 0);
  g_assert_cmpint (info.gained[SUMMER_NUT], ==, 1);
  g_assert_cmpint (info.gained[SUMMER_MUSHROOM], ==, 1);
  g_assert_cmpint (info.gained[SUMMER_BERRY] + info.gained[SUMMER_FEATHER], ==, 0);
  info = play (&s, "N g1");
  g_assert_cmpint (info.areas_completed, ==, 1 << 2);
  g_assert_cmpint (info.gained[SUMMER_BERRY], ==, 1);
  g_assert_cmpint (info.gained[SUMMER_NUT], ==, 1);
  g_assert_cmpint (info.gained[SUMMER_MUSHROOM], ==, 1);
  g_assert_cmpint (s.seat[0].path_len, ==, 4);
  play (&s, "B");
  g_assert_cmpint (s.seat[0].path_len, ==, 5);
  g_assert_cmpint (s.seat[0].path[4], ==, leaf ("Y12"));
  /* what she has left: no Berry, 1 Nut, 2 Mushrooms, no Feather */
  g_assert_cmpint (s.seat[0].treasures[SUMMER_BERRY], ==, 0);
  g_assert_cmpint (s.seat[0].treasures[SUMMER_NUT], ==, 1);
  g_assert_cmpint (s.seat[0].treasures[SUMMER_MUSHROOM], ==, 2);
  g_assert_cmpint (s.seat[0].treasures[SUMMER_FEATHER], ==, 0);
  play (&s, "end");
  g_assert_cmpint (s.current, ==, 1);
}

/* Solo: "Here there are two already moved Leaf tiles on the very right. In
 * this situation the Leaf tile from space 3 is moved to space 1." */
static void
test_solo_track_example (void)
{
  SummerState s;
  new_game (&s, 1, 11);
  int from_x3 = s.track[7];
  play (&s, "S a1");
  play (&s, "end");
  /* the start of turn 3: two tiles already on M1 and M2 */
  play (&s, "S a2");
  g_assert_cmpint (s.track[SUMMER_TRACK_M1], !=, SUMMER_NONE);
  g_assert_cmpint (s.track[SUMMER_TRACK_M2], !=, SUMMER_NONE);
  play (&s, "end");
  g_assert_cmpint (s.round, ==, 3);
  g_assert_cmpint (s.track[9], ==, from_x3);   /* space "1." */
  g_assert_cmpint (s.track[7], ==, SUMMER_NONE);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  load_components_or_die ();
  g_test_add_func ("/summer/example/tini-covers-a-nut", test_tini_covers_a_nut);
  g_test_add_func ("/summer/example/claus-completes-an-area", test_claus_completes_an_area);
  g_test_add_func ("/summer/example/claus-hedgehog", test_claus_hedgehog);
  g_test_add_func ("/summer/example/matilda-berries", test_matilda_berries);
  g_test_add_func ("/summer/example/tini-nut", test_tini_nut);
  g_test_add_func ("/summer/example/claus-mushroom", test_claus_mushroom);
  g_test_add_func ("/summer/example/hubert-feather", test_hubert_feather);
  g_test_add_func ("/summer/example/matilda-exchanges", test_matilda_exchanges);
  g_test_add_func ("/summer/example/end-of-game", test_end_of_game_example);
  g_test_add_func ("/summer/example/tini-turn", test_tini_turn_exact);
  g_test_add_func ("/summer/example/solo-track", test_solo_track_example);
  return g_test_run ();
}
