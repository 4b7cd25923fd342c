/* test-summer-rules.c: one test per rule of Indian Summer, with the values
 * written out (../shared/rules/indian-summer-rulebook.txt, DECISIONS.md).
 * Forest Floor side 1A is used throughout; its printed treasures are
 *
 *        a b c d e f g h i          Areas: 1 = a-c rows 1-4, 2 = d-f rows 1-4,
 *     1  M . . . . N . F .                 3 = g-i rows 1-4, 4 = a-c rows 5-8,
 *     2  . B . N . . . . N                 5 = d-f rows 5-8, 6 = g-i rows 5-8
 *     3  N . B . . . B . .
 *     4  . . . B . B . . M
 *     5  . . N . M . . B .
 *     6  B . . M . N . . .
 *     7  . . F . . . . N .
 *     8  . B . . F . M . M
 */
#include "summer-test-util.h"

#define SIDE_1A 0

static void
game_on_1a (SummerState *s, int n_players, uint64_t seed)
{
  SummerSetup setup;
  summer_setup_init (&setup, n_players, seed);
  setup.side[0] = SIDE_1A;
  g_assert_true (summer_state_new_game (&setup, s, NULL));
}

/* Lets the same seat take another Main Action (test scaffolding). */
static void
again (SummerState *s)
{
  s->main_done = false;
}

/* ---- Set-up ------------------------------------------------------------- */

static void
test_setup_multiplayer (void)
{
  const SummerComponents *c = summer_components ();
  for (int n = 2; n <= 4; n++)
    {
      SummerState s;
      new_game (&s, n, 11);
      /* Rulebook: Set-up E: 2 green threes, 2 yellow fours, 1 red five from the Backpack */
      static const SummerColour want[5] = { SUMMER_GREEN, SUMMER_GREEN, SUMMER_YELLOW, SUMMER_YELLOW, SUMMER_RED };
      bool board[6] = { false };
      for (int i = 0; i < n; i++)
        {
          g_assert_cmpint (s.seat[i].path_len, ==, 5);
          for (int k = 0; k < 5; k++)
            g_assert_cmpint (c->leaf[s.seat[i].path[k]].colour, ==, want[k]);
          /* I: 1 Berry, 1 Nut, 1 Mushroom */
          g_assert_cmpint (s.seat[i].treasures[SUMMER_BERRY], ==, 1);
          g_assert_cmpint (s.seat[i].treasures[SUMMER_NUT], ==, 1);
          g_assert_cmpint (s.seat[i].treasures[SUMMER_MUSHROOM], ==, 1);
          g_assert_cmpint (s.seat[i].treasures[SUMMER_FEATHER], ==, 0);
          /* DECISIONS: each seat a different board */
          g_assert_false (board[s.seat[i].side / 2]);
          board[s.seat[i].side / 2] = true;
          g_assert_cmpint (summer_empty_squares (&s, i), ==, 72);
        }
      /* the Common Path holds 20, the rest is the reserve */
      g_assert_cmpint (s.common_len, ==, 20);
      g_assert_cmpint (s.reserve_len, ==, 75 - 5 * n - 20);
      /* supply: 30/24/18/8 less the start treasures and the Racoon's Mushroom,
       * the Fox's Feather and the Badger's Nut */
      g_assert_cmpint (s.supply[SUMMER_BERRY], ==, 30 - n);
      g_assert_cmpint (s.supply[SUMMER_NUT], ==, 24 - n - 1);
      g_assert_cmpint (s.supply[SUMMER_MUSHROOM], ==, 18 - n - 1);
      g_assert_cmpint (s.supply[SUMMER_FEATHER], ==, 8 - 1);
      g_assert_cmpint (s.animal_token[SUMMER_RACOON], ==, SUMMER_MUSHROOM);
      g_assert_cmpint (s.animal_token[SUMMER_FOX], ==, SUMMER_FEATHER);
      g_assert_cmpint (s.animal_token[SUMMER_BADGER], ==, SUMMER_NUT);
      g_assert_cmpint (s.animal_token[SUMMER_MOUSE], ==, SUMMER_NO_TREASURE);
      g_assert_cmpint (s.current, ==, 0);
      check_invariants (&s);
    }
}

static void
test_setup_sides (void)
{
  SummerSetup setup;
  summer_setup_init (&setup, 3, 5);
  setup.side[0] = 3;  /* 2B */
  setup.side[2] = 10; /* 6A */
  SummerState s;
  g_assert_true (summer_state_new_game (&setup, &s, NULL));
  g_assert_cmpint (s.seat[0].side, ==, 3);
  g_assert_cmpint (s.seat[2].side, ==, 10);
  g_assert_cmpint (s.seat[1].side / 2, !=, 1);
  g_assert_cmpint (s.seat[1].side / 2, !=, 5);
  /* two seats on the same board: refused */
  setup.side[1] = 2; /* 2A, the other face of board 2 */
  g_autoptr (GError) error = NULL;
  g_assert_false (summer_state_new_game (&setup, &s, &error));
  g_assert_error (error, SUMMER_ERROR, SUMMER_ERROR_SETUP);
  g_clear_error (&error);
  summer_setup_init (&setup, 5, 1);
  g_assert_false (summer_state_new_game (&setup, &s, &error));
  g_assert_error (error, SUMMER_ERROR, SUMMER_ERROR_SETUP);
}

static void
test_setup_solo (void)
{
  SummerState s;
  new_game (&s, 1, 77);
  /* 25 tiles: 5 Top, 5 Bottom, 10 on the track, 5 on the Player Path */
  g_assert_cmpint (s.solo_len[SUMMER_TOP_PATH], ==, 5);
  g_assert_cmpint (s.solo_len[SUMMER_BOTTOM_PATH], ==, 5);
  g_assert_cmpint (s.seat[0].path_len, ==, 5);
  int on_track = 0;
  for (int k = 0; k < SUMMER_TRACK_SPACES; k++)
    on_track += s.track[k] != SUMMER_NONE;
  g_assert_cmpint (on_track, ==, 10);
  /* turn 1 has begun: the tile of X1 moved to M2; X1 and M1 are empty */
  g_assert_cmpint (s.round, ==, 1);
  g_assert_cmpint (s.track[SUMMER_TRACK_M2], !=, SUMMER_NONE);
  g_assert_cmpint (s.track[SUMMER_TRACK_M1], ==, SUMMER_NONE);
  g_assert_cmpint (s.track[9], ==, SUMMER_NONE);
  check_invariants (&s);
}

/* DECISIONS: Campaign: the 75 tiles in 3 stacks of 25, one per game, one side. */
static void
test_campaign_stacks (void)
{
  int count[SUMMER_N_LEAF_TILES] = { 0 };
  int side = -1;
  for (int g = 0; g < 3; g++)
    {
      SummerSetup setup;
      summer_setup_init (&setup, 1, 4242);
      setup.campaign_game = (int8_t) g;
      SummerState s;
      g_assert_true (summer_state_new_game (&setup, &s, NULL));
      for (int k = 0; k < SUMMER_SOLO_TILES; k++)
        count[s.stack[k]]++;
      if (side < 0)
        side = s.seat[0].side;
      g_assert_cmpint (s.seat[0].side, ==, side);
      check_invariants (&s);
    }
  for (int t = 0; t < SUMMER_N_LEAF_TILES; t++)
    g_assert_cmpint (count[t], ==, 1);
  /* a campaign game with two players is refused */
  SummerSetup bad;
  summer_setup_init (&bad, 2, 1);
  bad.campaign_game = 0;
  SummerState s;
  g_assert_false (summer_state_new_game (&bad, &s, NULL));
}

/* ---- Tile placement rules --------------------------------------------- */

static void
test_leaf_placement (void)
{
  SummerState s;
  game_on_1a (&s, 2, 1);
  set_path (&s, 0, "G05 Y01 R04 G01 Y13");
  /* G05 is #O# (Hole in the middle). Placed a1-c1: Hole on b1, printed nothing */
  SummerMoveInfo info = play (&s, "G05 r0 a1");
  g_assert_cmpint (summer_empty_squares (&s, 0), ==, 69);
  g_assert_true (fol_bb_test (s.seat[0].holes, sq ("b1")));
  g_assert_cmpint (s.seat[0].token[sq ("b1")], ==, SUMMER_NO_TREASURE);
  g_assert_cmpint (info.tokens_placed[0] + info.tokens_placed[1] + info.tokens_placed[2] + info.tokens_placed[3], ==, 0);
  g_assert_cmpint (s.seat[0].path_len, ==, 4);
  /* one Main Action a turn */
  refuse (&s, "Y01 r0 a5", "Main Action");
  again (&s);
  /* not over the edge: R04 (O####) horizontally from f5 would need 5 columns f..j */
  refuse (&s, "R04 r0 f5", "edge");
  /* not onto other tiles */
  refuse (&s, "R04 r0 a1", "overlap");
  /* only tiles of one's own Player Path */
  refuse (&s, "G02 r0 a8", "Player Path");
  /* R04 O#### placed d2..h2 mirrored (f0: ####O): Hole on h2, printed nothing; */
  /* R04 r0 at e2: Hole on e2 (printed nothing) */
  play (&s, "R04 r0 e2");
  again (&s);
  /* Y13 is ###/.O. : at d3 its Hole is e4 (printed nothing); at c3 -> d4 (Berry) */
  info = play (&s, "Y13 r0 c3");
  g_assert_cmpint (s.seat[0].token[sq ("d4")], ==, SUMMER_BERRY);
  g_assert_cmpint (info.tokens_placed[SUMMER_BERRY], ==, 1);
  check_invariants (&s);
}

/* DECISIONS: Supply: when a type is out, nothing is received. */
static void
test_supply_out (void)
{
  SummerState s;
  game_on_1a (&s, 2, 2);
  set_path (&s, 0, "Y13 G05");
  int berries = s.supply[SUMMER_BERRY];
  s.supply[SUMMER_BERRY] = 0;
  s.seat[1].treasures[SUMMER_BERRY] += (uint8_t) berries; /* keep the count whole */
  SummerMoveInfo info = play (&s, "Y13 r0 c3");
  g_assert_cmpint (info.supply_short[SUMMER_BERRY], ==, 1);
  g_assert_cmpint (info.tokens_placed[SUMMER_BERRY], ==, 0);
  g_assert_false (fol_bb_test (s.seat[0].tokens, sq ("d4")));
  check_invariants (&s);
}

/* Rulebook: Normal Main Action: a Squirrel on an empty square; on a printed
 * treasure nothing happens. */
static void
test_squirrel_main_action (void)
{
  SummerState s;
  game_on_1a (&s, 2, 3);
  int before[4];
  memcpy (before, (int[4]) { s.seat[0].treasures[0], s.seat[0].treasures[1], s.seat[0].treasures[2], s.seat[0].treasures[3] }, sizeof before);
  play (&s, "S a1");  /* a1 shows a Mushroom */
  g_assert_cmpint (summer_empty_squares (&s, 0), ==, 71);
  for (int t = 0; t < 4; t++)
    g_assert_cmpint (s.seat[0].treasures[t], ==, before[t]);
  g_assert_true (s.main_done);
  play (&s, "end");
  g_assert_cmpint (s.current, ==, 1);
  /* not on a covered square; not twice */
  play (&s, "S a1");
  refuse (&s, "S b1", "Main Action");
  again (&s);
  refuse (&s, "S a1", "empty square");
}

/* Rulebook: Normal Main Action: "You are not allowed to pass." */
static void
test_no_pass (void)
{
  SummerState s;
  game_on_1a (&s, 3, 4);
  refuse (&s, "end", "pass");
  set_treasures (&s, 0, 2, 0, 0, 0);
  play (&s, "B"); /* a Special Action is not the Main Action */
  refuse (&s, "end", "pass");
}

/* Rulebook: Area: complete when all 12 squares are covered by Leaf tiles
 * and/or Squirrels, Holes included; then take the tokens of that Area. */
static void
test_area_completion (void)
{
  SummerState s;
  game_on_1a (&s, 2, 5);
  put_hole (&s, 0, "b2", true);   /* Berry */
  put_hole (&s, 0, "a3", true);   /* Nut */
  put_hole (&s, 0, "f1", true);   /* Nut in Area 2 */
  put_squirrels (&s, 0, "a1 b1 c1 a2 c2 b3 c3 a4");
  /* b4 and c4 are left; G01 (O##) turned r1 is vertical with the Hole on top */
  set_path (&s, 0, "G05 G02");
  /* an 11th square does not complete it */
  g_assert_cmpint (s.seat[0].areas_done, ==, 0);
  SummerMoveInfo info = play (&s, "N b4");  /* b4 is printed nothing */
  g_assert_cmpint (info.areas_completed, ==, 0);
  g_assert_cmpint (s.seat[0].treasures[SUMMER_NUT], ==, 0);
  /* the 12th does: the Berry and the Nut of Area 1, not the Nut of Area 2 */
  set_treasures (&s, 0, 0, 1, 0, 0);
  info = play (&s, "N c4");
  g_assert_cmpint (info.areas_completed, ==, 1 << 0);
  g_assert_cmpint (info.gained[SUMMER_BERRY], ==, 1);
  g_assert_cmpint (info.gained[SUMMER_NUT], ==, 1);
  g_assert_cmpint (s.seat[0].treasures[SUMMER_BERRY], ==, 1);
  g_assert_cmpint (s.seat[0].treasures[SUMMER_NUT], ==, 1);
  g_assert_true (fol_bb_test (s.seat[0].tokens, sq ("f1")));
  g_assert_false (fol_bb_test (s.seat[0].tokens, sq ("b2")));
}

/* Rulebook: Player Path: refill at once when the last tile leaves it, from
 * the Bush, in order, to 5.  DECISIONS: the Common Path tops up to 20 when
 * it holds fewer than 7. */
static void
test_player_path_refill (void)
{
  SummerState s;
  game_on_1a (&s, 2, 6);
  set_path (&s, 0, "G05");
  set_common_head (&s, "Y01 Y02 Y03 Y04 R04");
  int common_before = s.common_len;
  SummerMoveInfo info = play (&s, "G05 r0 a1");
  g_assert_cmpint (info.tiles_drawn, ==, 5);
  g_assert_cmpint (s.seat[0].path_len, ==, 5);
  const char *want[5] = { "Y01", "Y02", "Y03", "Y04", "R04" };
  for (int k = 0; k < 5; k++)
    g_assert_cmpint (s.seat[0].path[k], ==, leaf (want[k]));
  g_assert_cmpint (s.common_len, ==, common_before - 5);
  check_invariants (&s);

  /* top-up: with 7 on the Common Path, taking 1 leaves 6 < 7: back to 20 */
  SummerState t;
  game_on_1a (&t, 2, 7);
  set_path (&t, 0, "G05");
  while (t.common_len > 7)
    t.reserve[t.reserve_len++] = t.common[--t.common_len];
  int reserve = t.reserve_len;
  play (&t, "G05 r0 a1");  /* takes 5: 7 -> 2 then topped up after the first take */
  g_assert_cmpint (t.common_len + t.reserve_len, ==, 7 + reserve - 5);
  g_assert_cmpint (t.common_len, >=, SUMMER_COMMON_LOW);
  g_assert_cmpint (t.common_len, <=, SUMMER_COMMON_MAX);
  check_invariants (&t);
}

/* Rulebook: Berry: refill to 5; with 5, a 6th; never more than 6. */
static void
test_berry (void)
{
  SummerState s;
  game_on_1a (&s, 3, 8);
  set_path (&s, 0, "G05 G06 Y01");
  set_common_head (&s, "R04 R05 R06");
  set_treasures (&s, 0, 3, 0, 0, 0);
  SummerMoveInfo info = play (&s, "B");
  g_assert_cmpint (info.tiles_drawn, ==, 2);
  g_assert_cmpint (s.seat[0].path_len, ==, 5);
  g_assert_cmpint (s.seat[0].path[3], ==, leaf ("R04"));
  g_assert_cmpint (s.seat[0].path[4], ==, leaf ("R05"));
  info = play (&s, "B");
  g_assert_cmpint (info.tiles_drawn, ==, 1);
  g_assert_cmpint (s.seat[0].path_len, ==, 6);
  g_assert_cmpint (s.seat[0].path[5], ==, leaf ("R06"));
  refuse (&s, "B", "more than 6");
  g_assert_cmpint (s.seat[0].treasures[SUMMER_BERRY], ==, 1);
  /* no Berry, no refill */
  SummerState t;
  game_on_1a (&t, 2, 9);
  set_treasures (&t, 0, 0, 1, 1, 0);
  set_path (&t, 0, "G05");
  refuse (&t, "B", "no Berry");
}

/* Rulebook: Nut: a Squirrel on an empty square, any number of times. */
static void
test_nut (void)
{
  SummerState s;
  game_on_1a (&s, 2, 10);
  set_treasures (&s, 0, 0, 2, 0, 0);
  play (&s, "N a1");
  play (&s, "N a2");
  g_assert_cmpint (s.seat[0].treasures[SUMMER_NUT], ==, 0);
  g_assert_cmpint (summer_empty_squares (&s, 0), ==, 70);
  refuse (&s, "N a3", "no Nut");
  g_assert_false (s.main_done);  /* Nuts are Special Actions */
  check_invariants (&s);
}

/* Rulebook: Mushroom, 3-4 players: the first tile of two opponents of one's
 * choice; a player left without tiles refills. */
static void
test_mushroom_multiplayer (void)
{
  SummerState s;
  game_on_1a (&s, 4, 11);
  set_path (&s, 1, "Y01 G05 G06");
  set_path (&s, 3, "R04");
  set_common_head (&s, "G07 G08 Y02 Y03 Y04");
  refuse (&s, "M 2,2", "two different");
  refuse (&s, "M 1,2", "opponents");
  play (&s, "M 2,4");
  g_assert_true (s.main_done);
  g_assert_cmpint (s.pending, ==, SUMMER_PENDING_MUSHROOM);
  /* only the claimed tiles can be placed now, in either order */
  refuse (&s, "G05 r0 a1", "claimed");
  refuse (&s, "N a1", "Main Action");
  play (&s, "R04 r0 a1");
  /* Hubert (seat 4) refills only when the Mushroom is done */
  g_assert_cmpint (s.seat[3].path_len, ==, 0);
  play (&s, "Y01 r0 a2");
  g_assert_cmpint (s.pending, ==, SUMMER_PENDING_NONE);
  g_assert_cmpint (s.seat[1].path_len, ==, 2);
  g_assert_cmpint (s.seat[1].path[0], ==, leaf ("G05"));
  g_assert_cmpint (s.seat[3].path_len, ==, 5);
  g_assert_cmpint (s.seat[3].path[0], ==, leaf ("G07"));
  g_assert_cmpint (s.seat[3].path[4], ==, leaf ("Y04"));
  g_assert_cmpint (s.seat[0].treasures[SUMMER_MUSHROOM], ==, 0);
  /* one Alternative Main Action a turn */
  set_treasures (&s, 0, 0, 0, 0, 1);
  refuse (&s, "F", "Main Action");
  check_invariants (&s);
}

/* DECISIONS: with 2 players, the opponent's first tile and the Common Path head. */
static void
test_mushroom_two_players (void)
{
  SummerState s;
  game_on_1a (&s, 2, 12);
  set_path (&s, 1, "Y01 G05");
  set_common_head (&s, "R04 G06");
  play (&s, "M");
  g_assert_cmpint (s.claim_tile[0], ==, leaf ("Y01"));
  g_assert_cmpint (s.claim_tile[1], ==, leaf ("R04"));
  play (&s, "R04 r0 a1");
  g_assert_cmpint (s.common[0], ==, leaf ("G06"));
  play (&s, "Y01 r0 a2");
  g_assert_cmpint (s.seat[1].path[0], ==, leaf ("G05"));
  check_invariants (&s);
}

/* DECISIONS: a claimed tile may be forgone only if it fits nowhere; a
 * forgone tile stays where it was. */
static void
test_mushroom_forgo (void)
{
  SummerState s;
  game_on_1a (&s, 2, 13);
  set_path (&s, 1, "R04 G05");
  set_common_head (&s, "G06 Y01");
  /* the floor has room for 3 in a row only: R04 (5 long) fits nowhere */
  fill_except (&s, 0, "a1 b1 c1");
  play (&s, "M");
  refuse (&s, "forgo G06", "fits nowhere");
  play (&s, "forgo R04");
  g_assert_cmpint (s.seat[1].path[0], ==, leaf ("R04"));
  /* one of the two, not both: G06 still fits and must be placed */
  refuse (&s, "forgo G06", "fits nowhere");
  refuse (&s, "end", "finish");
  play (&s, "G06 r0 a1");
  g_assert_cmpint (s.pending, ==, SUMMER_PENDING_NONE);
  g_assert_cmpint (s.seat[1].path_len, ==, 2);

  /* placed first, the other claimed tile may then be forgone */
  SummerState t;
  game_on_1a (&t, 2, 13);
  set_path (&t, 1, "G05 G07");
  set_common_head (&t, "G06 Y01");
  fill_except (&t, 0, "a1 b1 c1");
  play (&t, "M");
  play (&t, "G06 r0 a1");
  play (&t, "forgo G05");
  g_assert_cmpint (t.pending, ==, SUMMER_PENDING_NONE);
  g_assert_cmpint (t.seat[1].path[0], ==, leaf ("G05"));
  play (&t, "end");
  check_invariants (&t);
}

/* Whether the legal-move list holds a move of @kind (any parameters). */
static bool
has_kind (const SummerState *s, int kind)
{
  SummerMoveList l;
  summer_legal_moves (s, &l);
  bool found = false;
  for (int i = 0; i < l.n; i++)
    found |= l.moves[i].kind == kind;
  summer_move_list_clear (&l);
  return found;
}

/* Whether the legal-move list holds the Mushroom choosing seats @a and @b
 * (0-based, in either order; SUMMER_NONE for none). */
static bool
has_mushroom (const SummerState *s, int a, int b)
{
  SummerMoveList l;
  summer_legal_moves (s, &l);
  bool found = false;
  for (int i = 0; i < l.n; i++)
    {
      const SummerMove *m = &l.moves[i];
      found |= m->kind == SUMMER_MOVE_MUSHROOM && m->a == a && m->b == b;
    }
  summer_move_list_clear (&l);
  return found;
}

/* Issue 15.  Rulebook: Game flow: "You are not allowed to pass."  Mushroom:
 * "Only if there is no more space for them on your Forest Floor you are
 * allowed to forgo taking one of the two Leaf tiles."  Feather: "Place 2 Leaf
 * tiles from your Player Path."  With no claimed or Path tile that fits, a
 * Mushroom or Feather would place nothing: refused, the treasure kept, and a
 * Squirrel is the Main Action. */
static void
test_alternative_needs_a_fit (void)
{
  SummerState s;
  game_on_1a (&s, 2, 50);
  set_path (&s, 1, "R01 R02");
  set_common_head (&s, "R03 R04");
  set_path (&s, 0, "R05 R06");
  set_treasures (&s, 0, 1, 1, 1, 1);
  fill_except (&s, 0, "a1 b1 c1");
  refuse (&s, "M", "only one of the two may be forgone");
  refuse (&s, "M", "not allowed to pass");
  refuse (&s, "F", "only the second may be forgone");
  refuse (&s, "F", "not allowed to pass");
  refuse (&s, "forgo", "nothing to forgo");
  refuse (&s, "forgo R01", "nothing to forgo");
  /* the window's buttons follow the legal-move list */
  g_assert_false (has_kind (&s, SUMMER_MOVE_MUSHROOM));
  g_assert_false (has_kind (&s, SUMMER_MOVE_FEATHER));
  g_assert_false (has_kind (&s, SUMMER_MOVE_FORGO));
  g_assert_true (has_kind (&s, SUMMER_MOVE_SQUIRREL));
  refuse (&s, "end", "pass");
  play (&s, "S a1");
  play (&s, "end");
  g_assert_cmpint (summer_empty_squares (&s, 0), ==, 2);
  g_assert_cmpint (s.seat[0].treasures[SUMMER_MUSHROOM], ==, 1);
  g_assert_cmpint (s.seat[0].treasures[SUMMER_FEATHER], ==, 1);
  check_invariants (&s);

  /* 2 players, only one tile to claim (the opponent's Path is empty): it must fit */
  SummerState t;
  game_on_1a (&t, 2, 51);
  set_path (&t, 1, "");
  set_common_head (&t, "R03");
  fill_except (&t, 0, "a1 b1 c1");
  refuse (&t, "M", "the only Leaf tile this Mushroom would take fits nowhere");
  g_assert_false (has_kind (&t, SUMMER_MOVE_MUSHROOM));
  set_common_head (&t, "G05");
  g_assert_true (has_kind (&t, SUMMER_MOVE_MUSHROOM));
  play (&t, "M");
  g_assert_cmpint (t.claim_tile[1], ==, SUMMER_NONE);
  refuse (&t, "forgo G05", "fits nowhere");
  play (&t, "G05 r0 a1");
  g_assert_cmpint (t.pending, ==, SUMMER_PENDING_NONE);
  check_invariants (&t);
}

/* Issue 15, 3-4 players: a Mushroom with the chosen opponents is legal only
 * when one of their first tiles fits; with one opponent holding tiles, that
 * one tile must fit. */
static void
test_mushroom_choice_needs_a_fit (void)
{
  SummerState s;
  game_on_1a (&s, 4, 52);
  set_path (&s, 1, "R01 G06");
  set_path (&s, 2, "R02");
  set_path (&s, 3, "G05");
  fill_except (&s, 0, "a1 b1 c1");
  refuse (&s, "M 2,3", "only one of the two may be forgone");
  g_assert_false (has_mushroom (&s, 1, 2));
  g_assert_true (has_mushroom (&s, 1, 3));
  g_assert_true (has_mushroom (&s, 2, 3));
  play (&s, "M 3,4");
  refuse (&s, "forgo G05", "fits nowhere");
  play (&s, "forgo R02");
  refuse (&s, "forgo G05", "fits nowhere");
  play (&s, "G05 r0 a1");
  g_assert_cmpint (s.pending, ==, SUMMER_PENDING_NONE);
  /* R02 stays with seat 3; seat 4's Path emptied and was refilled */
  g_assert_cmpint (s.seat[2].path_len, ==, 1);
  g_assert_cmpint (s.seat[2].path[0], ==, leaf ("R02"));
  g_assert_cmpint (s.seat[3].path_len, ==, 5);
  check_invariants (&s);

  /* 3 players, only seat 2 has tiles: its first tile must fit */
  SummerState t;
  game_on_1a (&t, 3, 53);
  set_path (&t, 1, "R01 G06");
  set_path (&t, 2, "");
  fill_except (&t, 0, "a1 b1 c1");
  refuse (&t, "M 2", "the only Leaf tile this Mushroom would take fits nowhere");
  g_assert_false (has_kind (&t, SUMMER_MOVE_MUSHROOM));
  set_path (&t, 1, "G06 R01");
  g_assert_true (has_mushroom (&t, 1, SUMMER_NONE));
  play (&t, "M 2");
  play (&t, "G06 r0 a1");
  g_assert_cmpint (t.pending, ==, SUMMER_PENDING_NONE);
  check_invariants (&t);
}

/* Issue 14.  Rulebook: Mushroom: the claimed tiles are placed "in the order
 * of your choice", and Paths emptied by it refill in turn order, so which
 * opponent is named first changes nothing: a choice has one form, the lower
 * seat first.  The check refuses the other order (it used to play M 4,2 with
 * the claims swapped while writing it M 2,4, so the stored game failed its
 * hash on load), the legal-move list offers the one form only, and the
 * notation refuses "M 4,2" naming the form to write. */
static void
test_mushroom_opponent_order (void)
{
  SummerState s;
  game_on_1a (&s, 4, 11);
  set_path (&s, 1, "Y01 G05 G06");
  set_path (&s, 3, "R04");
  SummerMove low_first = { SUMMER_MOVE_MUSHROOM, SUMMER_NONE, 0, 0, 1, 3 };
  SummerMove high_first = { SUMMER_MOVE_MUSHROOM, SUMMER_NONE, 0, 0, 3, 1 };
  g_autoptr (GError) error = NULL;
  g_assert_true (summer_check_move (&s, &low_first, &error));
  g_assert_no_error (error);
  SummerState before = s;
  g_assert_false (summer_apply_move (&s, &high_first, NULL, &error));
  g_assert_error (error, SUMMER_ERROR, SUMMER_ERROR_ILLEGAL);
  g_assert_nonnull (strstr (error->message, "lower seat first"));
  g_assert_true (memcmp (&before, &s, sizeof s) == 0);
  g_clear_error (&error);
  g_assert_true (has_mushroom (&s, 1, 3));
  g_assert_false (has_mushroom (&s, 3, 1));
  check_legal_moves_agree (&s);

  /* the text: "M 2,4" is the move; "M 4,2" is refused, naming the form */
  SummerMove m;
  g_assert_false (summer_move_parse (&s, "M 4,2", &m, &error));
  g_assert_error (error, SUMMER_ERROR, SUMMER_ERROR_PARSE);
  g_assert_nonnull (strstr (error->message, "M 2,4"));
  g_clear_error (&error);
  g_autofree char *text = summer_move_format (&s, &low_first);
  g_assert_cmpstr (text, ==, "M 2,4");
  /* a refused choice is written as what it is, never as another move */
  g_autofree char *reversed = summer_move_format (&s, &high_first);
  g_assert_cmpstr (reversed, ==, "M 4,2");

  /* the order of placing is free and gives the same position */
  SummerState a = s, b = s;
  play (&a, "M 2,4");
  play (&a, "Y01 r0 a1");
  play (&a, "R04 r0 e1");
  play (&b, "M 2,4");
  play (&b, "R04 r0 e1");
  play (&b, "Y01 r0 a1");
  g_assert_cmpint (a.pending, ==, SUMMER_PENDING_NONE);
  g_assert_cmphex (summer_state_hash (&a), ==, summer_state_hash (&b));
  check_invariants (&a);
}

/* Issue 15.  docs/rules-notes.md (Forgoing a tile): a Feather places a first
 * tile, and only its second placement may be forgone, when no tile of the
 * Path fits any more. */
static void
test_feather_forgo_second (void)
{
  SummerState s;
  game_on_1a (&s, 2, 54);
  set_treasures (&s, 0, 0, 0, 0, 1);
  set_path (&s, 0, "G05 R04");
  fill_except (&s, 0, "a1 b1 c1");
  g_assert_true (has_kind (&s, SUMMER_MOVE_FEATHER));
  play (&s, "F");
  refuse (&s, "forgo", "only the second placement may be forgone");
  g_assert_false (has_kind (&s, SUMMER_MOVE_FORGO));
  play (&s, "G05 r0 a1");
  g_assert_cmpint (s.pending, ==, SUMMER_PENDING_FEATHER);
  refuse (&s, "end", "finish");
  refuse (&s, "forgo R04", "without a tile");
  g_assert_true (has_kind (&s, SUMMER_MOVE_FORGO));
  play (&s, "forgo");
  g_assert_cmpint (s.pending, ==, SUMMER_PENDING_NONE);
  g_assert_cmpint (s.seat[0].path_len, ==, 1);
  g_assert_cmpint (s.seat[0].path[0], ==, leaf ("R04"));
  play (&s, "end");
  check_invariants (&s);

  /* while a Path tile still fits, the second placement is not forgone */
  SummerState t;
  game_on_1a (&t, 2, 55);
  set_treasures (&t, 0, 0, 0, 0, 1);
  set_path (&t, 0, "G05 G06 R04");
  fill_except (&t, 0, "a1 b1 c1 a2 b2 c2");
  play (&t, "F");
  play (&t, "G05 r0 a1");
  refuse (&t, "forgo", "still fits");
  g_assert_false (has_kind (&t, SUMMER_MOVE_FORGO));
  play (&t, "G06 r0 a2");
  g_assert_cmpint (t.pending, ==, SUMMER_PENDING_NONE);
  check_invariants (&t);
}

/* Rulebook: Feather: two tiles of one's own Path, at least 2 there. */
static void
test_feather (void)
{
  SummerState s;
  game_on_1a (&s, 2, 14);
  set_treasures (&s, 0, 0, 0, 0, 1);
  set_path (&s, 0, "G05");
  refuse (&s, "F", "at least 2");
  set_path (&s, 0, "G05 G06 Y01 R04");
  play (&s, "F");
  g_assert_cmpint (s.pending, ==, SUMMER_PENDING_FEATHER);
  refuse (&s, "end", "finish");
  play (&s, "G06 r0 a1");
  play (&s, "R04 r0 a2");
  g_assert_cmpint (s.pending, ==, SUMMER_PENDING_NONE);
  g_assert_cmpint (s.seat[0].path_len, ==, 2);
  g_assert_cmpint (s.seat[0].treasures[SUMMER_FEATHER], ==, 0);
  refuse (&s, "G05 r0 a3", "Main Action");
  check_invariants (&s);
}

/* DECISIONS: Exchanges: one for one of lower value; two of a kind for one of
 * the next higher.  Berry < Nut < Mushroom < Feather. */
static void
test_exchanges (void)
{
  SummerState s;
  game_on_1a (&s, 2, 15);
  set_treasures (&s, 0, 2, 1, 1, 1);
  play (&s, "X F-B");
  g_assert_cmpint (s.seat[0].treasures[SUMMER_FEATHER], ==, 0);
  g_assert_cmpint (s.seat[0].treasures[SUMMER_BERRY], ==, 3);
  play (&s, "X 2B-N");
  g_assert_cmpint (s.seat[0].treasures[SUMMER_BERRY], ==, 1);
  g_assert_cmpint (s.seat[0].treasures[SUMMER_NUT], ==, 2);
  play (&s, "X 2N-M");
  g_assert_cmpint (s.seat[0].treasures[SUMMER_MUSHROOM], ==, 2);
  play (&s, "X 2M-F");
  g_assert_cmpint (s.seat[0].treasures[SUMMER_FEATHER], ==, 1);
  g_assert_cmpint (s.seat[0].treasures[SUMMER_MUSHROOM], ==, 0);
  /* a single Berry cannot become a Nut; two steps up are not one exchange */
  refuse (&s, "X 2B-N", "two of the same");
  SummerMove skip = { SUMMER_MOVE_EXCHANGE, SUMMER_NONE, 0, 0, SUMMER_BERRY, SUMMER_MUSHROOM };
  g_autoptr (GError) error = NULL;
  g_assert_false (summer_check_move (&s, &skip, &error));
  /* nothing from an empty supply */
  s.seat[1].treasures[SUMMER_MUSHROOM] += s.supply[SUMMER_MUSHROOM];
  s.supply[SUMMER_MUSHROOM] = 0;
  refuse (&s, "X F-M", "supply");
  check_invariants (&s);
}

/* Rulebook: The Animal tiles; DECISIONS: only free Holes, the shape exactly. */
static void
test_animals (void)
{
  SummerState s;
  game_on_1a (&s, 2, 16);
  /* Holes at c5 (Nut), d5, c6, d6 (Mushroom): a 2x2 across Areas 4 and 5 */
  put_hole (&s, 0, "c5", false);
  put_hole (&s, 0, "d5", false);
  put_hole (&s, 0, "c6", false);
  put_hole (&s, 0, "d6", true);   /* the Mushroom has its token: not free */
  refuse (&s, "A hedgehog r0 c5", "free Holes");
  /* take the token away: the Hole is free again */
  s.seat[0].tokens &= ~fol_bb_bit (sq ("d6"));
  s.seat[0].token[sq ("d6")] = SUMMER_NO_TREASURE;
  s.supply[SUMMER_MUSHROOM]++;
  refuse (&s, "A racoon r0 c5", "free Holes");   /* T shape does not match */
  int nut = s.seat[0].treasures[SUMMER_NUT], mush = s.seat[0].treasures[SUMMER_MUSHROOM];
  SummerMoveInfo info = play (&s, "A hedgehog r0 c5");
  g_assert_cmpint (info.gained[SUMMER_NUT], ==, 1);
  g_assert_cmpint (info.gained[SUMMER_MUSHROOM], ==, 1);
  g_assert_cmpint (s.seat[0].treasures[SUMMER_NUT], ==, nut + 1);
  g_assert_cmpint (s.seat[0].treasures[SUMMER_MUSHROOM], ==, mush + 1);
  g_assert_cmpint (s.animals_left[SUMMER_HEDGEHOG], ==, 2);
  g_assert_false (s.main_done);  /* free, no action */
  /* covered Holes are not free any more */
  refuse (&s, "A mouse r0 c5", "free Holes");
  /* Animal tiles never go on empty squares */
  refuse (&s, "A mouse r0 a1", "free Holes");
}

/* DECISIONS: the Racoon, Fox and Badger give their set-up treasure too. */
static void
test_animal_setup_token (void)
{
  SummerState s;
  game_on_1a (&s, 2, 17);
  /* Badger: straight 4 over g1 h1 i1 ... use row 3: a3..d3 (a3 Nut, c3 Berry) */
  put_hole (&s, 0, "a3", false);
  put_hole (&s, 0, "b3", false);
  put_hole (&s, 0, "c3", false);
  put_hole (&s, 0, "d3", false);
  SummerMoveInfo info = play (&s, "A badger r0 a3");
  /* printed Nut + Berry, and the Badger's Nut */
  g_assert_cmpint (info.gained[SUMMER_NUT], ==, 2);
  g_assert_cmpint (info.gained[SUMMER_BERRY], ==, 1);
  g_assert_cmpint (s.animal_token[SUMMER_BADGER], ==, SUMMER_NO_TREASURE);
  g_assert_cmpint (s.animals_left[SUMMER_BADGER], ==, 0);
  refuse (&s, "A badger r0 a3", "no Badger");
}

/* ---- End of the game ---------------------------------------------------- */

/* Rulebook: End of the game: the round is finished up to the player to the
 * right of the start player. */
static void
test_end_finishes_round (void)
{
  SummerState s;
  game_on_1a (&s, 3, 18);
  play (&s, "S a1");
  play (&s, "end");
  /* seat 2 fills the floor */
  fill_except (&s, 1, "a1");
  play (&s, "S a1");
  g_assert_true (s.end_triggered);
  play (&s, "end");
  g_assert_false (summer_is_over (&s));
  g_assert_cmpint (s.current, ==, 2);
  play (&s, "S a1");
  play (&s, "end");
  g_assert_true (summer_is_over (&s));
  g_assert_cmpint (s.result[1].rank, ==, 1);
  g_assert_true (s.result[1].full);
}

/* DECISIONS: End: convert all to Nuts (Feather, Mushroom -> 1; 2 Berries ->
 * 1; a last Berry stays), spend Nuts on Squirrels while empty squares
 * remain, convert Areas' treasures again; ranking by full floor, Nuts, a
 * Berry, then fewest empty squares. */
static void
test_end_conversion_and_ranking (void)
{
  SummerState s;
  game_on_1a (&s, 4, 19);
  /* seat 1: full floor, 1 Feather 1 Mushroom 3 Berries -> 3 Nuts, a Berry */
  fill_except (&s, 0, "");
  set_treasures (&s, 0, 3, 0, 1, 1);
  /* seat 2: full, 3 Nuts -> 3 Nuts, no Berry: ranked after seat 1 */
  fill_except (&s, 1, "");
  set_treasures (&s, 1, 0, 3, 0, 0);
  /* seat 3: 3 empty squares, 1 Mushroom + 2 Berries = 2 Nuts -> 1 empty */
  fill_except (&s, 2, "a1 b1 c1");
  set_treasures (&s, 2, 2, 0, 1, 0);
  /* seat 4: 1 empty square, nothing */
  fill_except (&s, 3, "i8");
  set_treasures (&s, 3, 0, 0, 0, 0);
  s.end_triggered = true;
  s.main_done = true;
  s.current = 3;
  play (&s, "end");
  g_assert_true (summer_is_over (&s));
  g_assert_cmpint (s.result[0].nuts, ==, 3);
  g_assert_cmpint (s.result[0].berry, ==, 1);
  g_assert_cmpint (s.result[1].nuts, ==, 3);
  g_assert_cmpint (s.result[1].berry, ==, 0);
  g_assert_cmpint (s.result[2].empty, ==, 1);
  g_assert_cmpint (s.result[2].nuts, ==, 0);
  g_assert_cmpint (s.result[3].empty, ==, 1);
  g_assert_cmpint (s.result[0].rank, ==, 1);
  g_assert_cmpint (s.result[1].rank, ==, 2);
  /* ties stay ties */
  g_assert_cmpint (s.result[2].rank, ==, 3);
  g_assert_cmpint (s.result[3].rank, ==, 3);
  /* the app's score: covered squares + Nuts left */
  g_assert_cmpint (s.result[0].app_score, ==, 72 + 3);
  g_assert_cmpint (s.result[2].app_score, ==, 71);
}

/* The end phase completes Areas to win back treasures (DECISIONS). */
static void
test_end_phase_completes_areas (void)
{
  SummerState s;
  game_on_1a (&s, 2, 20);
  /* seat 1: Area 6 misses h6 and i6, and has tokens: h5 Berry, h7 Nut on
   * Holes; Area 1 misses a1; 2 Nuts.  Best: h6, i6 (win 1 Nut + 1 Berry),
   * then a1 with the won Nut: full floor, 1 Berry left.  Filling a1 first
   * would leave one square of Area 6 empty. */
  fill_except (&s, 0, "a1 h5 h7 h6 i6");
  put_hole (&s, 0, "h5", true);
  put_hole (&s, 0, "h7", true);
  set_treasures (&s, 0, 0, 2, 0, 0);
  fill_except (&s, 1, "");
  set_treasures (&s, 1, 0, 0, 0, 0);
  s.end_triggered = true;
  s.current = 1;
  s.main_done = true;
  play (&s, "end");
  g_assert_true (summer_is_over (&s));
  g_assert_true (s.result[0].full);
  g_assert_cmpint (s.result[0].nuts, ==, 0);
  g_assert_cmpint (s.result[0].berry, ==, 1);
  /* both full, seat 1 has a Berry more: seat 1 first */
  g_assert_cmpint (s.result[0].rank, ==, 1);
  g_assert_cmpint (s.result[1].rank, ==, 2);
}

/* ---- Solo ----------------------------------------------------------------- */

/* DECISIONS: Solo track: at the start of turn t move the tile on Xt to the
 * rightmost empty space (turn 1: X1 -> M2; turn 2: X2 -> M1; turn 3: X3 -> X1). */
static void
test_solo_track (void)
{
  SummerState s;
  SummerSetup setup;
  summer_setup_init (&setup, 1, 31);
  /* capture the deal: re-run set-up without the turn-1 move */
  g_assert_true (summer_state_new_game (&setup, &s, NULL));
  int x1 = s.track[SUMMER_TRACK_M2];
  int x2 = s.track[8], x3 = s.track[7];
  g_assert_cmpint (x1, !=, SUMMER_NONE);
  play (&s, "S a1");
  play (&s, "end");
  g_assert_cmpint (s.round, ==, 2);
  g_assert_cmpint (s.track[SUMMER_TRACK_M1], ==, x2);
  g_assert_cmpint (s.track[8], ==, SUMMER_NONE);
  play (&s, "S a2");
  play (&s, "end");
  /* the Rulebook's picture: "the Leaf tile from space 3 is moved to space 1" */
  g_assert_cmpint (s.track[9], ==, x3);
  g_assert_cmpint (s.track[7], ==, SUMMER_NONE);
  g_assert_cmpint (s.track[SUMMER_TRACK_M2], ==, x1);
  check_invariants (&s);
}

/* Rulebook: solo Mushroom: take the tiles of M1 and M2, place them, then move
 * the tiles on spaces numbered below the turn, lowest first, to the right. */
static void
test_solo_mushroom (void)
{
  SummerState s;
  new_game (&s, 1, 32);
  play (&s, "S a1"); play (&s, "end");
  play (&s, "S a2"); play (&s, "end");
  /* turn 3: M1 = X2's tile, M2 = X1's tile, X1 = X3's tile */
  int m1 = s.track[SUMMER_TRACK_M1], m2 = s.track[SUMMER_TRACK_M2], on_x1 = s.track[9];
  SummerMove mv;
  summer_move_parse (&s, "M", &mv, NULL);
  play (&s, "M");
  g_assert_cmpint (s.claim_tile[0], ==, m1);
  g_assert_cmpint (s.claim_tile[1], ==, m2);
  /* place both anywhere legal */
  for (int k = 0; k < 2; k++)
    {
      SummerMoveList l;
      summer_legal_moves (&s, &l);
      g_assert_cmpint (l.n, >, 0);
      g_assert_cmpint (l.moves[0].kind, ==, SUMMER_MOVE_LEAF);
      g_assert_true (summer_apply_move (&s, &l.moves[0], NULL, NULL));
      summer_move_list_clear (&l);
    }
  /* afterwards X1's tile (number 1 < turn 3) moved to M2 */
  g_assert_cmpint (s.track[SUMMER_TRACK_M2], ==, on_x1);
  g_assert_cmpint (s.track[9], ==, SUMMER_NONE);
  g_assert_cmpint (s.track[SUMMER_TRACK_M1], ==, SUMMER_NONE);
  check_invariants (&s);
}

/* The track space X2 (X10 .. X1 are spaces 0 .. 9). */
enum { track_x2 = SUMMER_TRACK_M1 - 2 };

/* Exchanges the places of Leaf tiles @x and @y (neither placed) everywhere in
 * a solo game, its stack included, so every tile stays accounted for once. */
static void
swap_tiles (SummerState *s, int x, int y)
{
  uint8_t *places[] = { s->stack, s->solo_path[0], s->solo_path[1], s->track, s->seat[0].path };
  const int sizes[] = { SUMMER_SOLO_TILES, s->solo_len[0], s->solo_len[1], SUMMER_TRACK_SPACES, s->seat[0].path_len };
  for (int q = 0; q < SUMMER_SQUARES; q++)
    g_assert_true (s->seat[0].cover[q] != x && s->seat[0].cover[q] != y);
  for (unsigned p = 0; p < G_N_ELEMENTS (places); p++)
    for (int k = 0; k < sizes[p]; k++)
      {
        if (places[p][k] == x)
          places[p][k] = (uint8_t) y;
        else if (places[p][k] == y)
          places[p][k] = (uint8_t) x;
      }
}

/* Puts Leaf tile @id on solo track space @space (which holds a tile). */
static void
put_on_track (SummerState *s, int space, const char *id)
{
  g_assert_cmpint (s->track[space], !=, SUMMER_NONE);
  swap_tiles (s, s->track[space], leaf (id));
}

/* Issue 15, solo.  Rulebook: solo Mushroom: "Only when you have no more space
 * for them on your Forest Floor can you forgo to take 1 of the 2 Leaf tiles.
 * If there is only 1 Leaf tile on the Mushroom spaces, you may also take this
 * tile alone."  Game flow: no passing. */
static void
test_solo_alternative_needs_a_fit (void)
{
  SummerState s;
  new_game (&s, 1, 56);
  /* turn 1: M2 holds X1's tile; put X2's on M1 as well */
  s.track[SUMMER_TRACK_M1] = s.track[track_x2];
  s.track[track_x2] = SUMMER_NONE;
  put_on_track (&s, SUMMER_TRACK_M1, "R01");
  put_on_track (&s, SUMMER_TRACK_M2, "R02");
  static const char *reds[5] = { "R05", "R06", "R07", "R08", "R09" };
  for (int k = 0; k < 5; k++)
    swap_tiles (&s, s.seat[0].path[k], leaf (reds[k]));
  set_treasures (&s, 0, 1, 1, 1, 1);
  fill_except (&s, 0, "a1 b1 c1");
  refuse (&s, "M", "only 1 of the 2 may be forgone");
  refuse (&s, "M", "not allowed to pass");
  refuse (&s, "F", "only the second may be forgone");
  g_assert_false (has_kind (&s, SUMMER_MOVE_MUSHROOM));
  g_assert_false (has_kind (&s, SUMMER_MOVE_FEATHER));
  g_assert_false (has_kind (&s, SUMMER_MOVE_FORGO));
  play (&s, "S a1");
  g_assert_cmpint (s.seat[0].treasures[SUMMER_MUSHROOM], ==, 1);
  g_assert_cmpint (s.seat[0].treasures[SUMMER_FEATHER], ==, 1);
  check_invariants (&s);

  /* one of the two fits: the other may be forgone, and stays on its space */
  SummerState t;
  new_game (&t, 1, 57);
  t.track[SUMMER_TRACK_M1] = t.track[track_x2];
  t.track[track_x2] = SUMMER_NONE;
  put_on_track (&t, SUMMER_TRACK_M1, "R01");
  put_on_track (&t, SUMMER_TRACK_M2, "G05");
  fill_except (&t, 0, "a1 b1 c1");
  g_assert_true (has_kind (&t, SUMMER_MOVE_MUSHROOM));
  play (&t, "M");
  refuse (&t, "forgo G05", "fits nowhere");
  play (&t, "forgo R01");
  refuse (&t, "forgo G05", "fits nowhere");
  play (&t, "G05 r0 a1");
  g_assert_cmpint (t.pending, ==, SUMMER_PENDING_NONE);
  g_assert_cmpint (t.track[SUMMER_TRACK_M1], ==, leaf ("R01"));
  g_assert_cmpint (t.track[SUMMER_TRACK_M2], ==, SUMMER_NONE);
  check_invariants (&t);

  /* a single tile on the Mushroom spaces must fit */
  SummerState u;
  new_game (&u, 1, 58);
  g_assert_cmpint (u.track[SUMMER_TRACK_M1], ==, SUMMER_NONE);
  put_on_track (&u, SUMMER_TRACK_M2, "R03");
  fill_except (&u, 0, "a1 b1 c1");
  refuse (&u, "M", "the only Leaf tile on the Mushroom spaces fits nowhere");
  g_assert_false (has_kind (&u, SUMMER_MOVE_MUSHROOM));
  put_on_track (&u, SUMMER_TRACK_M2, "G05");
  play (&u, "M");
  refuse (&u, "forgo G05", "fits nowhere");
  play (&u, "G05 r0 a1");
  g_assert_cmpint (u.pending, ==, SUMMER_PENDING_NONE);
  check_invariants (&u);
}

/* Rulebook: solo Player Path: choose the Top or Bottom Path, then its end. */
static void
test_solo_refill_and_berry (void)
{
  SummerState s;
  new_game (&s, 1, 33);
  int top_left = s.solo_path[SUMMER_TOP_PATH][0];
  int bottom_right = s.solo_path[SUMMER_BOTTOM_PATH][4];
  /* place the five tiles of the Player Path, one Main Action each */
  for (int k = 0; k < 5; k++)
    {
      SummerMoveList l;
      summer_legal_moves (&s, &l);
      g_assert_cmpint (l.moves[0].kind, ==, SUMMER_MOVE_LEAF);
      g_assert_true (summer_apply_move (&s, &l.moves[0], NULL, NULL));
      summer_move_list_clear (&l);
      if (k < 4)
        {
          g_assert_cmpint (s.pending, ==, SUMMER_PENDING_NONE);
          again (&s);
        }
    }
  g_assert_cmpint (s.pending, ==, SUMMER_PENDING_REFILL);
  refuse (&s, "end", "refill");
  int top_len = s.solo_len[SUMMER_TOP_PATH];
  play (&s, "R TL");
  g_assert_cmpint (s.seat[0].path_len, ==, MIN (5, top_len));
  g_assert_cmpint (s.seat[0].path[0], ==, top_left);
  /* Berry with 5: a 6th from any Path and end */
  set_treasures (&s, 0, 1, 1, 1, 0);
  if (s.seat[0].path_len == 5)
    {
      play (&s, "B BR");
      g_assert_cmpint (s.seat[0].path_len, ==, 6);
      g_assert_cmpint (s.seat[0].path[5], ==, bottom_right);
    }
  check_invariants (&s);
}

/* Rulebook: Scoring of a game: won -> B x1 + N x2 + M x3 + F x4; lost ->
 * -1 per empty square.  The auto-finish maximises the score. */
static void
test_solo_scoring_and_auto_finish (void)
{
  SummerState s;
  new_game (&s, 1, 34);
  fill_except (&s, 0, "a1 b1");
  set_treasures (&s, 0, 3, 1, 1, 1);
  s.phase = SUMMER_PHASE_SOLO_END;
  s.main_done = true;
  s.round = 10;
  SummerMoveList l;
  summer_solo_auto_finish (&s, &l);
  /* two squares: pay the Nut, then two Berries (both cost 2 points) */
  for (int i = 0; i < l.n; i++)
    g_assert_true (summer_apply_move (&s, &l.moves[i], NULL, NULL));
  summer_move_list_clear (&l);
  g_assert_true (summer_is_over (&s));
  g_assert_true (s.result[0].full);
  /* left: 1 Berry, 0 Nuts, 1 Mushroom, 1 Feather = 1 + 3 + 4 */
  g_assert_cmpint (s.result[0].solo_score, ==, 8);

  SummerState t;
  new_game (&t, 1, 35);
  fill_except (&t, 0, "a1 b1 c1 d1 e1");
  set_treasures (&t, 0, 1, 1, 1, 0);
  t.phase = SUMMER_PHASE_SOLO_END;
  t.main_done = true;
  summer_solo_auto_finish (&t, &l);
  for (int i = 0; i < l.n; i++)
    g_assert_true (summer_apply_move (&t, &l.moves[i], NULL, NULL));
  summer_move_list_clear (&l);
  /* 2 Nuts' worth (Nut, Mushroom): 3 empty squares left, lost */
  g_assert_false (t.result[0].full);
  g_assert_cmpint (t.result[0].solo_score, ==, -3);
}

/* A solo game lasts exactly 10 turns, then the end phase. */
static void
test_solo_ten_turns (void)
{
  SummerState s;
  new_game (&s, 1, 36);
  for (int t = 1; t <= 10; t++)
    {
      g_assert_cmpint (s.round, ==, t);
      g_autofree char *sqn = summer_square_name (t - 1);
      g_autofree char *mv = g_strdup_printf ("S %s", sqn);
      play (&s, mv);
      play (&s, "end");
    }
  g_assert_cmpint (s.phase, ==, SUMMER_PHASE_SOLO_END);
  refuse (&s, "S a8", "Main Action");
  play (&s, "end");
  g_assert_true (summer_is_over (&s));
  g_assert_cmpint (s.result[0].solo_score, ==, -62);
}

/* DECISIONS: Campaign result. */
static void
test_campaign_result (void)
{
  bool forfeit;
  /* two or more won: the two best won */
  g_assert_cmpint (summer_campaign_result ((bool[]) { true, true, true }, (int[]) { 5, 9, 7 }, 3, &forfeit), ==, 16);
  g_assert_false (forfeit);
  g_assert_cmpint (summer_campaign_result ((bool[]) { true, false, true }, (int[]) { 5, -3, 0 }, 3, NULL), ==, 5);
  /* exactly one won: the two worst lost */
  g_assert_cmpint (summer_campaign_result ((bool[]) { true, false, false }, (int[]) { 12, -4, -2 }, 3, NULL), ==, -6);
  g_assert_cmpint (summer_campaign_result ((bool[]) { false, true, false }, (int[]) { -1, 3, -5 }, 3, NULL), ==, -6);
  /* the first two lost: the third is forfeit, their sum */
  g_assert_cmpint (summer_campaign_result ((bool[]) { false, false, false }, (int[]) { -2, -7, 0 }, 2, &forfeit), ==, -9);
  g_assert_true (forfeit);
  /* not yet decided */
  g_assert_cmpint (summer_campaign_result ((bool[]) { true, false, false }, (int[]) { 3, -2, 0 }, 2, NULL), ==, G_MININT);
}

/* Every legal move of many positions is accepted by the check, and moves
 * just outside are refused with a reason. */
static void
test_generation_matches_check (void)
{
  for (int g = 0; g < 60; g++)
    {
      SummerState s;
      new_game (&s, 1 + g % 4, 500 + (uint64_t) g);
      FolRng rng;
      fol_rng_seed (&rng, (uint64_t) g);
      for (int ply = 0; ply < 400 && !summer_is_over (&s); ply++)
        {
          SummerMoveList l;
          summer_legal_moves (&s, &l);
          for (int i = 0; i < l.n; i++)
            g_assert_true (summer_check_move (&s, &l.moves[i], NULL));
          /* exhaustive: every Leaf placement in the list equals the check's
           * verdict over all transforms and anchors of the Path tiles */
          if (s.pending == SUMMER_PENDING_NONE && !s.main_done && s.phase == SUMMER_PHASE_PLAY)
            {
              int legal_leaf = 0;
              for (int i = 0; i < l.n; i++)
                legal_leaf += l.moves[i].kind == SUMMER_MOVE_LEAF;
              int counted = 0;
              const SummerSeat *seat = &s.seat[s.current];
              for (int k = 0; k < seat->path_len; k++)
                {
                  const FolOrientationSet *set = &summer_components ()->leaf[seat->path[k]].orientations;
                  for (int o = 0; o < set->n; o++)
                    for (int a = 0; a < SUMMER_SQUARES; a++)
                      {
                        SummerMove m = { SUMMER_MOVE_LEAF, seat->path[k], set->o[o].transform, (uint8_t) a, 0, 0 };
                        counted += summer_check_move (&s, &m, NULL);
                      }
                }
              g_assert_cmpint (counted, ==, legal_leaf);
            }
          SummerMove m = l.moves[fol_rng_below (&rng, (uint32_t) l.n)];
          summer_move_list_clear (&l);
          g_assert_true (summer_apply_move (&s, &m, NULL, NULL));
        }
    }
}

/* Illegal moves of every kind are refused with a reason, state unchanged. */
static void
test_illegal_every_kind (void)
{
  SummerState s;
  game_on_1a (&s, 3, 40);
  set_treasures (&s, 0, 0, 0, 0, 0);
  refuse (&s, "N a1", "no Nut");
  refuse (&s, "B", "no Berry");
  refuse (&s, "M 2,3", "no Mushroom");
  refuse (&s, "F", "no Feather");
  refuse (&s, "X 2B-N", "two of the same");
  SummerMove unparsable;
  g_assert_false (summer_move_parse (&s, "X B-N", &unparsable, NULL));
  refuse (&s, "X N-B", "no Nut");
  refuse (&s, "A mouse r0 a1", "free Holes");
  refuse (&s, "forgo", "nothing to forgo");
  refuse (&s, "forgo G01", "nothing to forgo");
  refuse (&s, "R TL", "refilled only");
  refuse (&s, "end", "pass");
  SummerState over;
  new_game (&over, 1, 41);
  over.phase = SUMMER_PHASE_OVER;
  refuse (&over, "end", "over");
  /* an out-of-range move from any caller */
  SummerMove junk = { 200, 200, 200, 200, 200, 200 };
  g_autoptr (GError) error = NULL;
  SummerState before = s;
  g_assert_false (summer_apply_move (&s, &junk, NULL, &error));
  g_assert_error (error, SUMMER_ERROR, SUMMER_ERROR_ILLEGAL);
  g_assert_true (memcmp (&before, &s, sizeof s) == 0);
  for (int kind = 0; kind < SUMMER_N_MOVE_KINDS; kind++)
    {
      SummerMove m = { (uint8_t) kind, 250, 9, 99, 77, 66 };
      g_clear_error (&error);
      g_assert_false (summer_apply_move (&s, &m, NULL, &error));
      g_assert_nonnull (error);
      g_assert_true (memcmp (&before, &s, sizeof s) == 0);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  load_components_or_die ();
  g_test_add_func ("/summer/setup/multiplayer", test_setup_multiplayer);
  g_test_add_func ("/summer/setup/sides", test_setup_sides);
  g_test_add_func ("/summer/setup/solo", test_setup_solo);
  g_test_add_func ("/summer/setup/campaign-stacks", test_campaign_stacks);
  g_test_add_func ("/summer/placement/leaf", test_leaf_placement);
  g_test_add_func ("/summer/placement/supply-out", test_supply_out);
  g_test_add_func ("/summer/main-action/squirrel", test_squirrel_main_action);
  g_test_add_func ("/summer/main-action/no-pass", test_no_pass);
  g_test_add_func ("/summer/area/completion", test_area_completion);
  g_test_add_func ("/summer/path/refill", test_player_path_refill);
  g_test_add_func ("/summer/treasure/berry", test_berry);
  g_test_add_func ("/summer/treasure/nut", test_nut);
  g_test_add_func ("/summer/treasure/mushroom-multiplayer", test_mushroom_multiplayer);
  g_test_add_func ("/summer/treasure/mushroom-two-players", test_mushroom_two_players);
  g_test_add_func ("/summer/treasure/mushroom-forgo", test_mushroom_forgo);
  g_test_add_func ("/summer/treasure/feather", test_feather);
  g_test_add_func ("/summer/treasure/alternative-needs-a-fit", test_alternative_needs_a_fit);
  g_test_add_func ("/summer/treasure/mushroom-choice-needs-a-fit", test_mushroom_choice_needs_a_fit);
  g_test_add_func ("/summer/treasure/mushroom-opponent-order", test_mushroom_opponent_order);
  g_test_add_func ("/summer/treasure/feather-forgo-second", test_feather_forgo_second);
  g_test_add_func ("/summer/treasure/exchanges", test_exchanges);
  g_test_add_func ("/summer/animal/placement", test_animals);
  g_test_add_func ("/summer/animal/setup-token", test_animal_setup_token);
  g_test_add_func ("/summer/end/finishes-round", test_end_finishes_round);
  g_test_add_func ("/summer/end/conversion-ranking", test_end_conversion_and_ranking);
  g_test_add_func ("/summer/end/completes-areas", test_end_phase_completes_areas);
  g_test_add_func ("/summer/solo/track", test_solo_track);
  g_test_add_func ("/summer/solo/mushroom", test_solo_mushroom);
  g_test_add_func ("/summer/solo/alternative-needs-a-fit", test_solo_alternative_needs_a_fit);
  g_test_add_func ("/summer/solo/refill-berry", test_solo_refill_and_berry);
  g_test_add_func ("/summer/solo/scoring-auto-finish", test_solo_scoring_and_auto_finish);
  g_test_add_func ("/summer/solo/ten-turns", test_solo_ten_turns);
  g_test_add_func ("/summer/campaign/result", test_campaign_result);
  g_test_add_func ("/summer/moves/generation-matches-check", test_generation_matches_check);
  g_test_add_func ("/summer/moves/illegal-every-kind", test_illegal_every_kind);
  return g_test_run ();
}
