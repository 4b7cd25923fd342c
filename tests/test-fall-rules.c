/* test-fall-rules.c: the rules of Fall, one test per rule, and the
 * rulebook's examples (src/engine/fall/fall-rules.c, fall-state.c). */
#include "fall-test-util.h"

#include <stdio.h>

/* A position where seat 0 is to act in week @week (side A), holding the
 * tiles @hand and tokens @held, with the stacks @cells besides the starting tile. */
static FallState *
act_pos (int week, const char *hand, const char *held, const char *cells)
{
  g_autofree char *text = g_strdup_printf (
    "fall-position 1\nside A\nfirst-player 0\nweek %d\nturn %d\nphase act\nto-take 0\n"
    "cards 0 FL1 F1 B1\ncards 1 FL2 F2 B2\nhand %s\nheld 0 %s\noffered %d\n"
    "cell 0,0 S00/0\n%s",
    week, week % 2 ? 0 : 1, hand, held, 4 * week, cells);
  FallState *s = pos_new (text);
  g_assert_cmpint (fall_state_current_seat (s), ==, 0);
  return s;
}

static gboolean
legal_now (const FallState *s, const char *move)
{
  FallMove m = mv (move);
  gboolean ok = fall_check_move (s, &m, NULL);
  /* the generator agrees with the checker */
  g_assert_cmpint (ok, ==, is_generated (s, &m));
  return ok;
}

/* ---- set-up and the week ------------------------------------------ */

static void
test_setup (void)
{
  FallState *s = g_new (FallState, 1), *t = g_new (FallState, 1);
  for (uint64_t seed = 1; seed <= 20; seed++)
    {
      fall_state_init (s, C, seed, NULL);
      g_assert_null (fall_state_check_invariants (s));
      g_assert_cmpint (s->week, ==, 1);
      g_assert_cmpint (s->turn, ==, 0);
      g_assert_cmpint (s->phase, ==, FALL_PHASE_TAKE);
      g_assert_cmpint (s->to_take, ==, 1);
      g_assert_cmpint (fall_state_current_seat (s), ==, s->first_player);
      /* 4 face-down stacks of 14, 14, 13, 13, one tile revealed from each */
      g_assert_cmpint (s->n_stack[0], ==, 13);
      g_assert_cmpint (s->n_stack[1], ==, 13);
      g_assert_cmpint (s->n_stack[2], ==, 12);
      g_assert_cmpint (s->n_stack[3], ==, 12);
      for (int i = 0; i < FALL_OFFER; i++)
        {
          g_assert_cmpint (s->offer_tile[i], <, FALL_N_LEAF_TILES);
          g_assert_cmpint (s->offer_token[i], <, FALL_N_TOKEN_KINDS);
        }
      g_assert_cmpint (s->n_bag, ==, 60);
      g_assert_cmpint (s->tiles_offered, ==, 4);
      /* one secret card of each kind per seat, different cards */
      for (int k = 0; k < FALL_N_CARD_KINDS; k++)
        {
          g_assert_cmpint (C->card[s->card[0][k]].kind, ==, k);
          g_assert_cmpint (C->card[s->card[1][k]].kind, ==, k);
          g_assert_cmpint (s->card[0][k], !=, s->card[1][k]);
        }
      g_assert_cmpint (s->markers[0], ==, 8);
      g_assert_cmpint (s->markers[1], ==, 8);
      /* the starting tile in the centre and the six cells around it */
      g_assert_cmpint (s->n_cells, ==, 7);
      g_assert_cmpint (s->cell[0].q, ==, 0);
      g_assert_cmpint (s->cell[0].r, ==, 0);
      g_assert_cmpint (s->cell[0].tile[0], ==, FALL_START_TILE);
      g_assert_cmpint (s->n_placed, ==, 0);
      /* same seed, same game; another seed, another */
      fall_state_init (t, C, seed, NULL);
      g_assert_cmphex (fall_state_hash (s), ==, fall_state_hash (t));
      fall_state_init (t, C, seed + 1000, NULL);
      g_assert_cmphex (fall_state_hash (s), !=, fall_state_hash (t));
    }
  FallOptions o = { 1, 1 };
  fall_state_init (s, C, 5, &o);
  g_assert_cmpint (s->side, ==, 1);
  g_assert_cmpint (s->first_player, ==, 1);
  g_assert_cmpint (fall_state_current_seat (s), ==, 1);
  o.side = 0;
  o.first_player = 0;
  fall_state_init (t, C, 5, &o);
  /* the options do not change the rest of the set-up */
  g_assert_cmpmem (s->bag, sizeof s->bag, t->bag, sizeof t->bag);
  g_assert_cmpmem (s->stack, sizeof s->stack, t->stack, sizeof t->stack);
  g_free (s);
  g_free (t);
}

/* Plays one turn simply: take the first combination(s), place each tile at
 * its first legal place, the Toad if it must go, end with the first legal END. */
static void
auto_turn (FallState *s)
{
  static FallMoveList list;
  int seat = fall_state_current_seat (s);
  while (!fall_state_is_over (s) && fall_state_current_seat (s) == seat)
    {
      fall_legal_moves (s, &list);
      g_assert_cmpint (list.n, >, 0);
      const FallMove *pick = &list.m[0];
      for (int i = 0; i < list.n; i++)
        if (list.m[i].kind == FALL_MOVE_END || list.m[i].kind == FALL_MOVE_PLACE
            || list.m[i].kind == FALL_MOVE_TAKE || list.m[i].kind == FALL_MOVE_DISCARD_TILE)
          {
            pick = &list.m[i];
            break;
          }
      g_assert_true (fall_apply (s, pick, NULL));
      if (pick->kind == FALL_MOVE_END)
        break;
    }
}

static void
test_week_structure (void)
{
  FallState *s = g_new (FallState, 1);
  fall_state_init (s, C, 77, NULL);
  int first = s->first_player;
  for (int week = 1; week <= 12; week++)
    {
      int fp = week % 2 ? first : 1 - first;
      g_assert_cmpint (fall_state_first_player_of_week (s, week), ==, fp);
      static const int takes[3] = { 1, 2, 1 };
      for (int turn = 0; turn < 3; turn++)
        {
          g_assert_cmpint (s->week, ==, week);
          g_assert_cmpint (s->turn, ==, turn);
          g_assert_cmpint (s->phase, ==, FALL_PHASE_TAKE);
          /* first player, second player (two combinations), first player (the last one) */
          g_assert_cmpint (fall_state_current_seat (s), ==, turn == 1 ? 1 - fp : fp);
          g_assert_cmpint (s->to_take, ==, takes[turn]);
          int left = 0;
          for (int i = 0; i < FALL_OFFER; i++)
            left += s->offer_tile[i] != FALL_NONE;
          g_assert_cmpint (left, ==, turn == 0 ? 4 : turn == 1 ? 3 : 1);
          /* nothing but taking is allowed first */
          assert_illegal (s, "E", "take");
          /* what the next week will reveal: the top of each stack, paired
           * left to right with the next four tokens of the bag */
          uint8_t next_tile[FALL_OFFER], next_token[FALL_OFFER];
          for (int i = 0; i < FALL_OFFER; i++)
            {
              next_tile[i] = s->stack[i][s->n_stack[i] - 1];
              next_token[i] = s->bag[s->n_bag - 1 - i];
            }
          auto_turn (s);
          if (turn == 2 && week < 12)
            for (int i = 0; i < FALL_OFFER; i++)
              {
                g_assert_cmpint (s->offer_tile[i], ==, next_tile[i]);
                g_assert_cmpint (s->offer_token[i], ==, next_token[i]);
              }
          g_assert_null (fall_state_check_invariants (s));
        }
      g_assert_cmpint (s->tiles_offered, ==, week == 12 ? 48 : 4 * (week + 1));
    }
  g_assert_true (fall_state_is_over (s));
  g_free (s);
}

static void
test_end_after_week_12 (void)
{
  FallState *s = g_new (FallState, 1);
  fall_state_init (s, C, 123, NULL);
  int turns = 0;
  while (!fall_state_is_over (s))
    {
      auto_turn (s);
      turns++;
    }
  g_assert_cmpint (turns, ==, 36);
  g_assert_cmpint (s->week, ==, 12);
  g_assert_cmpint (s->tiles_offered, ==, 48);
  g_assert_cmpint (s->n_placed + s->n_discarded_tiles, ==, 48);
  g_assert_null (fall_state_check_invariants (s));
  static FallMoveList list;
  g_assert_cmpint (fall_legal_moves (s, &list), ==, 0);
  assert_illegal (s, "T1", "over");
  g_free (s);
}

/* ---- placement ------------------------------------------------------ */

static void
test_rule1_edge_colour (void)
{
  g_autofree FallState *s = act_pos (1, "L07 L19", "-", "");
  /* the starting tile shows yellow east (edge 0) and red west (edge 3) */
  for (int k = 0; k < 6; k++)
    {
      char buf[32];
      snprintf (buf, sizeof buf, "L07@1,0r%d", k);
      assert_illegal (s, buf, "no edge meets an edge of the same colour");
      snprintf (buf, sizeof buf, "L07@-1,0r%d", k);
      g_assert_true (legal_now (s, buf));
      /* YYYRRR east of the start needs yellow on its west edge 3: rotations 1-3 */
      snprintf (buf, sizeof buf, "L19@1,0r%d", k);
      g_assert_cmpint (legal_now (s, buf), ==, k >= 1 && k <= 3);
    }
  /* an empty cell must touch a tile */
  assert_illegal (s, "L07@3,0r0", "next to or on top of");
  assert_illegal (s, "L07@-5,2r0", "next to or on top of");
  /* a tile not in hand */
  assert_illegal (s, "L08@-1,0r0", "not taken");
  play (s, "L07@-1,0r0");
  g_assert_cmpint (s->cell[cell_at (s, -1, 0)].height, ==, 1);
}

static void
test_rule2_shared_colour (void)
{
  g_autofree FallState *s = act_pos (1, "L19 L31", "-", "cell 1,0 L01/0\n");
  for (int k = 0; k < 6; k++)
    {
      char buf[32];
      /* YYYRRR on a yellow tile: every rotation (rule 2) */
      snprintf (buf, sizeof buf, "L19@1,0r%d", k);
      g_assert_true (legal_now (s, buf));
      /* RRRGGG shares no colour and meets only the start's yellow edge */
      snprintf (buf, sizeof buf, "L31@1,0r%d", k);
      assert_illegal (s, buf, "shares no colour");
    }
}

static void
test_rule1_on_a_stack (void)
{
  /* rulebook "Tile Placement Rules": the red-green tile may go on the
   * yellow tile because one of its red edges meets a red edge of a
   * first-layer tile */
  g_autofree FallState *s = act_pos (1, "L31", "-", "cell 1,0 L01/0\ncell 2,0 L07/0\n");
  for (int k = 0; k < 6; k++)
    {
      char buf[32];
      snprintf (buf, sizeof buf, "L31@1,0r%d", k);
      g_assert_cmpint (legal_now (s, buf), ==, k == 0 || k == 4 || k == 5);
    }
  play (s, "L31@1,0r0");
  g_assert_cmpint (s->cell[cell_at (s, 1, 0)].height, ==, 2);
}

static void
test_stacking_example (void)
{
  /* rulebook: the green-yellow tile goes on the second layer (the tile
   * under it has green), the Fox on it leaves the game; the yellow tile goes
   * on the third layer; the yellow-green tile may not make a fourth */
  g_autofree FallState *s = act_pos (1, "L43 L01", "-", "cell 1,0 L15/0 f\n");
  int c = cell_at (s, 1, 0);
  g_assert_cmpint (s->cell[c].token, ==, FALL_FOX);
  play (s, "L43@1,0r0");
  g_assert_cmpint (s->cell[c].height, ==, 2);
  g_assert_cmpint (s->cell[c].token, ==, FALL_NO_TOKEN);
  g_assert_cmpint (s->boxed[FALL_FOX], ==, 1);
  play (s, "L01@1,0r0");
  g_assert_cmpint (s->cell[c].height, ==, 3);
  s->hand_tile[s->n_hand_tiles++] = (uint8_t) T ("L44");
  assert_illegal (s, "L44@1,0r0", "at most 3");
  FallMove buf[FALL_MAX_MOVES];
  int n = fall_legal_placements (s, T ("L44"), buf);
  for (int i = 0; i < n; i++)
    g_assert_false (buf[i].q == 1 && buf[i].r == 0);
  g_assert_cmpint (s->cell[c].tile[0], ==, T ("L15"));
  g_assert_cmpint (s->cell[c].tile[2], ==, T ("L01"));
}

static void
test_never_on_start (void)
{
  g_autofree FallState *s = act_pos (1, "L01", "t", "cell 1,0 L03/0\n");
  for (int k = 0; k < 6; k++)
    {
      char buf[32];
      snprintf (buf, sizeof buf, "L01@0,0r%d", k);
      assert_illegal (s, buf, "starting tile");
    }
  assert_illegal (s, "t@0,0", "starting tile");
}

static void
test_not_on_mushroom_or_toad (void)
{
  g_autofree FallState *s = act_pos (1, "L01 L08", "-", "cell 1,0 L06/0 m0\ncell -1,0 L07/0 t\n");
  assert_illegal (s, "L01@1,0r0", "Mushroom");
  assert_illegal (s, "L08@-1,0r0", "Toad");
}

static void
test_first_week_first_tile (void)
{
  FallState *s = g_new (FallState, 1);
  for (uint64_t seed = 1; seed <= 10; seed++)
    {
      fall_state_init (s, C, seed, NULL);
      FallMove m = mv ("T1");
      g_assert_true (fall_apply (s, &m, NULL));
      static FallMoveList list;
      fall_legal_moves (s, &list);
      int placements = 0;
      for (int i = 0; i < list.n; i++)
        if (list.m[i].kind == FALL_MOVE_PLACE)
          {
            FolHex o = { 0, 0 }, h = { list.m[i].q, list.m[i].r };
            g_assert_cmpint (fol_hex_distance (o, h), ==, 1);
            placements++;
          }
      g_assert_cmpint (placements, >, 0);
    }
  g_free (s);
}

static void
test_discard_unplaceable_tile (void)
{
  /* the start ringed by red and green tiles bearing Toads: a yellow tile fits nowhere */
  g_autofree FallState *s = act_pos (1, "L01 L31", "-",
                                     "cell 1,0 L07/0 t\ncell 0,1 L08/0 t\ncell -1,1 L09/0 t\n"
                                     "cell -1,0 L10/0 t\ncell 0,-1 L13/0 t\ncell 1,-1 L14/0 t\n");
  g_assert_cmpint (fall_legal_placements (s, T ("L01"), NULL), ==, 0);
  g_assert_cmpint (fall_legal_placements (s, T ("L31"), NULL), >, 0);
  assert_illegal (s, "L01@2,0r0", "no edge meets");
  assert_illegal (s, "XL31", "fits nowhere");
  assert_illegal (s, "E", "every tile taken must be placed");
  g_assert_true (legal_now (s, "XL01"));
  play (s, "XL01");
  g_assert_cmpint (s->n_discarded_tiles, ==, 1);
  g_assert_cmpint (s->discarded_tile[0], ==, T ("L01"));
  g_assert_cmpint (s->n_hand_tiles, ==, 1);
}

/* ---- tokens --------------------------------------------------------- */

static const char *token_cells =
  "cell 1,0 L01/0\n"     /* Bird */
  "cell 2,0 L03/0\n"     /* Fox */
  "cell 3,0 L06/0\n"     /* Mushroom */
  "cell 1,1 L25/0\n";    /* Bird + Mushroom */

static void
test_token_icons (void)
{
  /* week 5 of side A blocks the Hoopoe */
  g_autofree FallState *s = act_pos (5, "-", "fmrt", token_cells);
  assert_illegal (s, "f@1,0", "icon");
  assert_illegal (s, "m@2,0", "icon");
  assert_illegal (s, "f@5,5", "no tile");
  assert_illegal (s, "f@4,0", "no tile");
  assert_illegal (s, "h@1,0", "hold no such token");
  play (s, "f@2,0");
  assert_illegal (s, "m@2,0", "already holds a token");
  play (s, "r@1,0 m@3,0");
  g_assert_cmpint (s->cell[cell_at (s, 3, 0)].marker, ==, 0);
  g_assert_cmpint (s->markers[0], ==, 7);
  /* the Toad goes on any tile without a token */
  play (s, "t@1,1");
  assert_illegal (s, "f@2,0", "hold no such token");
  /* Hoopoe and Robin share the Bird icon */
  g_autofree FallState *u = act_pos (4, "-", "h", token_cells);
  play (u, "h@1,1");
}

static void
test_season_board_example (void)
{
  /* rulebook: the Robin may not be placed in weeks 1 and 2 (side A); in
   * week 3 it may, while the Mushroom may not */
  for (int week = 1; week <= 3; week++)
    {
      g_autofree FallState *s = act_pos (week, "-", "mr", token_cells);
      g_assert_cmpint (fall_state_blocked_token (s), ==, week < 3 ? FALL_ROBIN : FALL_MUSHROOM);
      if (week < 3)
        {
          assert_illegal (s, "r@1,0", "Season board");
          play (s, "m@3,0");
        }
      else
        {
          assert_illegal (s, "m@3,0", "Season board");
          play (s, "r@1,0");
        }
    }
  /* side B, week 1 blocks the Hoopoe */
  g_autofree FallState *b = act_pos (1, "-", "h", token_cells);
  b->side = 1;
  assert_illegal (b, "h@1,0", "Season board");
}

static void
test_toad_must_be_placed (void)
{
  g_autofree FallState *s = act_pos (1, "-", "t", token_cells);
  assert_illegal (s, "E", "Toad must be placed");
  play (s, "t@3,0 E");
  /* with no tile free for it, the Toad goes back to the box at the end of the turn */
  g_autofree FallState *u = act_pos (1, "-", "tf", "cell 1,0 L03/0 f\n");
  g_assert_true (legal_now (u, "E"));
  play (u, "E");
  g_assert_cmpint (u->held[0][FALL_TOAD], ==, 0);
  g_assert_cmpint (u->boxed[FALL_TOAD], ==, 1);
  g_assert_cmpint (u->held[0][FALL_FOX], ==, 1);
}

/* The number of legal TOKEN moves of kind @kind. */
static int
token_moves (const FallState *s, FallToken kind)
{
  static FallMoveList list;
  g_assert_cmpint (fall_legal_moves (s, &list), >, 0);
  int n = 0;
  for (int i = 0; i < list.n; i++)
    n += list.m[i].kind == FALL_MOVE_TOKEN && list.m[i].arg == kind;
  return n;
}

static const char *toad_spot = "a held Toad must be placed this turn: that tile is its last free spot";

static void
test_toad_spot_kept (void)
{
  /* one Toad, one Fox, one free tile (a Fox tile): the Fox may not take
   * the Toad's last spot; the Toad goes there, then the turn may end */
  g_autofree FallState *s = act_pos (1, "-", "tf", "cell 1,0 L03/0\n");
  assert_illegal (s, "f@1,0", toad_spot);
  g_assert_false (legal_now (s, "f@1,0"));
  g_assert_cmpint (token_moves (s, FALL_FOX), ==, 0);
  g_assert_true (legal_now (s, "t@1,0"));
  assert_illegal (s, "E", "Toad must be placed");
  play (s, "t@1,0");
  g_assert_true (legal_now (s, "E"));
  play (s, "E");
  g_assert_cmpint (s->cell[cell_at (s, 1, 0)].token, ==, FALL_TOAD);
  g_assert_cmpint (s->held[0][FALL_FOX], ==, 1);
  g_assert_cmpint (s->boxed[FALL_TOAD], ==, 0);

  /* two free tiles: the Fox may take one; then the other is the Toad's
   * last spot, and the Hoopoe may not take it */
  g_autofree FallState *u = act_pos (1, "-", "tfh", "cell 1,0 L03/0\ncell -1,0 L07/0\n");
  g_assert_cmpint (token_moves (u, FALL_FOX), ==, 1);
  g_assert_true (legal_now (u, "h@-1,0"));
  g_assert_true (legal_now (u, "f@1,0"));
  play (u, "f@1,0");
  assert_illegal (u, "h@-1,0", toad_spot);
  g_assert_false (legal_now (u, "h@-1,0"));
  play (u, "t@-1,0 E");
  g_assert_cmpint (u->held[0][FALL_HOOPOE], ==, 1);

  /* two Toads, two free tiles: neither may go to another token; with one
   * Toad placed the other still needs the last tile */
  g_autofree FallState *v = act_pos (1, "-", "ttf", "cell 1,0 L03/0\ncell -1,0 L09/0\n");
  assert_illegal (v, "f@1,0", toad_spot);
  assert_illegal (v, "f@-1,0", toad_spot);
  g_assert_cmpint (token_moves (v, FALL_FOX), ==, 0);
  g_assert_cmpint (token_moves (v, FALL_TOAD), ==, 2);
  play (v, "t@-1,0");
  assert_illegal (v, "f@1,0", toad_spot);
  play (v, "t@1,0 E");
  g_assert_cmpint (v->boxed[FALL_TOAD], ==, 0);
  g_assert_cmpint (v->held[0][FALL_FOX], ==, 1);
  /* with three free tiles the Fox may take one */
  g_autofree FallState *w = act_pos (1, "-", "ttf",
                                     "cell 1,0 L03/0\ncell -1,0 L09/0\ncell 2,0 L04/0\n");
  g_assert_cmpint (token_moves (w, FALL_FOX), ==, 3);
  play (w, "f@2,0 t@1,0 t@-1,0 E");

  /* two Toads, one free tile: the Fox may not take it (one Toad could
   * still be placed); the Toad goes there, the other goes back to the box */
  g_autofree FallState *x = act_pos (1, "-", "ttf", "cell 1,0 L03/0\n");
  assert_illegal (x, "f@1,0", toad_spot);
  play (x, "t@1,0");
  g_assert_true (legal_now (x, "E"));
  play (x, "E");
  g_assert_cmpint (x->boxed[FALL_TOAD], ==, 1);
  g_assert_cmpint (x->held[0][FALL_FOX], ==, 1);

  /* tiles never take a spot away: stacking on the last free tile keeps it
   * (the new top has no token), a tile on an empty cell adds one, after
   * which the Fox may take the other */
  g_autofree FallState *y = act_pos (1, "L04 L05", "tf", "cell 1,0 L03/0\n");
  assert_illegal (y, "f@1,0", toad_spot);
  play (y, "L04@1,0r0");
  assert_illegal (y, "f@1,0", toad_spot);
  play (y, "L05@2,0r0");
  g_assert_cmpint (token_moves (y, FALL_FOX), ==, 2);
  play (y, "f@2,0");
  assert_illegal (y, "f@1,0", "hold no such token");
  play (y, "t@1,0 E");
  g_assert_cmpint (y->cell[cell_at (y, 1, 0)].token, ==, FALL_TOAD);
  g_assert_cmpint (y->cell[cell_at (y, 2, 0)].token, ==, FALL_FOX);

  /* without a Toad held, the last free tile may take any token */
  g_autofree FallState *z = act_pos (1, "-", "f", "cell 1,0 L03/0\n");
  g_assert_true (legal_now (z, "f@1,0"));
}

static void
test_tokens_never_mandatory (void)
{
  /* except for the Toad, no token must be placed even when a tile allows it */
  g_autofree FallState *s = act_pos (5, "-", "fm", token_cells);
  g_assert_true (legal_now (s, "f@2,0"));
  g_assert_true (legal_now (s, "m@3,0"));
  g_assert_true (legal_now (s, "E"));
  play (s, "E");
  g_assert_cmpint (s->held[0][FALL_FOX], ==, 1);
  g_assert_cmpint (s->held[0][FALL_MUSHROOM], ==, 1);
}

static void
test_set_aside_limit (void)
{
  g_autofree FallState *s = act_pos (1, "-", "ffhr", token_cells);
  assert_illegal (s, "E", "at most 2");
  assert_illegal (s, "E-f", "at most 2");
  assert_illegal (s, "E-mm", "do not hold");
  static FallMoveList list;
  fall_legal_moves (s, &list);
  int ends = 0;
  for (int i = 0; i < list.n; i++)
    ends += list.m[i].kind == FALL_MOVE_END;
  g_assert_cmpint (ends, ==, 8);
  play (s, "E-ff");
  g_assert_cmpint (s->held[0][FALL_HOOPOE] + s->held[0][FALL_ROBIN], ==, 2);
  g_assert_cmpint (s->held[0][FALL_FOX], ==, 0);
  g_assert_cmpint (s->boxed[FALL_FOX], ==, 2);
  /* any held token may be discarded, even when not over the limit */
  g_autofree FallState *u = act_pos (1, "-", "fh", token_cells);
  play (u, "E-h");
  g_assert_cmpint (u->held[0][FALL_FOX], ==, 1);
  g_assert_cmpint (u->held[0][FALL_HOOPOE], ==, 0);
}

static void
test_mushroom_markers_and_claims (void)
{
  /* seat 0 has no marker left: its Mushroom stays unclaimed, seat 1 claims it */
  g_autofree FallState *s = pos_new (
    "fall-position 1\nside A\nfirst-player 0\nweek 1\nturn 0\nphase act\nto-take 0\n"
    "cards 0 FL1 F1 B1\ncards 1 FL2 F2 B2\nmarkers 0 8\nheld 0 m\n"
    "offer - L40:f L41:h L42:r\noffered 4\n"
    "cell 0,0 S00/0\ncell 1,0 L06/0\ncell 2,0 L12/0\ncell -1,0 L17/0 m0\n");
  play (s, "m@1,0");
  int c = cell_at (s, 1, 0);
  g_assert_cmpint (s->cell[c].token, ==, FALL_MUSHROOM);
  g_assert_cmpint (s->cell[c].marker, ==, -1);
  assert_illegal (s, "C@1,0", "no Mushroom marker left");
  play (s, "E");
  g_assert_cmpint (fall_state_current_seat (s), ==, 1);
  assert_illegal (s, "C@1,0", "take");
  play (s, "T2 T3");
  assert_illegal (s, "C@-1,0", "already claimed");
  assert_illegal (s, "C@2,0", "no Mushroom");
  g_assert_true (legal_now (s, "C@1,0"));
  play (s, "C@1,0");
  g_assert_cmpint (s->cell[c].marker, ==, 1);
  g_assert_cmpint (s->markers[1], ==, 7);
  FallScore sc;
  fall_score_seat (s, NULL, 1, FALSE, &sc);
  g_assert_cmpint (sc.mushrooms, ==, 1);
  fall_score_seat (s, NULL, 0, FALSE, &sc);
  g_assert_cmpint (sc.mushrooms, ==, 1);   /* the one at -1,0 */
}

/* ---- the rulebook's first week -------------------------------------- */

/* Puts @tile and @token into offer place @slot, swapping them with where
 * they are (a later place, a stack, the bag) so that all stays accounted for. */
static void
set_offer (FallState *s, int slot, int tile, int token)
{
  if (s->offer_tile[slot] != tile)
    {
      gboolean done = FALSE;
      for (int i = slot + 1; i < FALL_OFFER && !done; i++)
        if (s->offer_tile[i] == tile)
          {
            s->offer_tile[i] = s->offer_tile[slot];
            s->offer_tile[slot] = (uint8_t) tile;
            done = TRUE;
          }
      for (int st = 0; st < FALL_N_STACKS && !done; st++)
        for (int j = 0; j < s->n_stack[st] && !done; j++)
          if (s->stack[st][j] == tile)
            {
              s->stack[st][j] = s->offer_tile[slot];
              s->offer_tile[slot] = (uint8_t) tile;
              done = TRUE;
            }
      g_assert_true (done);
    }
  if (s->offer_token[slot] != token)
    {
      gboolean done = FALSE;
      for (int i = slot + 1; i < FALL_OFFER && !done; i++)
        if (s->offer_token[i] == token)
          {
            s->offer_token[i] = s->offer_token[slot];
            s->offer_token[slot] = (uint8_t) token;
            done = TRUE;
          }
      for (int j = 0; j < s->n_bag && !done; j++)
        if (s->bag[j] == token)
          {
            s->bag[j] = s->offer_token[slot];
            s->offer_token[slot] = (uint8_t) token;
            done = TRUE;
          }
      g_assert_true (done);
    }
}

/* Plays the first legal placement of @tile on an empty cell; returns its cell. */
static FolHex
place_on_empty (FallState *s, const char *tile)
{
  FallMove buf[FALL_MAX_MOVES];
  int n = fall_legal_placements (s, T (tile), buf);
  for (int i = 0; i < n; i++)
    if (s->cell[cell_at (s, buf[i].q, buf[i].r)].height == 0)
      {
        g_assert_true (fall_apply (s, &buf[i], NULL));
        FolHex h = { buf[i].q, buf[i].r };
        return h;
      }
  g_assert_not_reached ();
  FolHex none = { 0, 0 };
  return none;
}

static void
play_at (FallState *s, char token, FolHex h)
{
  char buf[32];
  snprintf (buf, sizeof buf, "%c@%d,%d", token, h.q, h.r);
  play (s, buf);
}

static void
test_norma_and_amedeo (void)
{
  /* Norma (seat 0) is the first player; side A blocks the Robin in week 1 */
  FallOptions o = { 0, 0 };
  g_autofree FallState *s = g_new (FallState, 1);
  fall_state_init (s, C, 2024, &o);
  set_offer (s, 0, T ("L19"), FALL_ROBIN);    /* yellow-red, Bird */
  set_offer (s, 1, T ("L03"), FALL_FOX);      /* yellow, Fox */
  set_offer (s, 2, T ("L10"), FALL_TOAD);     /* red, Fox */
  set_offer (s, 3, T ("L06"), FALL_HOOPOE);   /* yellow, Mushroom */
  g_assert_null (fall_state_check_invariants (s));

  /* Norma takes the tile and the Robin, places the tile next to the
   * starting tile, but may not place the Robin in the first week */
  play (s, "T1");
  FolHex norma1 = place_on_empty (s, "L19");
  g_assert_cmpint (fol_hex_distance (norma1, (FolHex) { 0, 0 }), ==, 1);
  char buf[32];
  snprintf (buf, sizeof buf, "r@%d,%d", norma1.q, norma1.r);
  assert_illegal (s, buf, "Season board");
  play (s, "E");
  g_assert_cmpint (s->held[0][FALL_ROBIN], ==, 1);

  /* Amedeo takes the Fox and the Toad combinations, places both tiles, the
   * Fox on one of them and the Toad on Norma's tile */
  g_assert_cmpint (fall_state_current_seat (s), ==, 1);
  play (s, "T2 T3");
  FolHex fox_tile = place_on_empty (s, "L03");
  place_on_empty (s, "L10");
  play_at (s, 'f', fox_tile);
  play_at (s, 't', norma1);
  play (s, "E");

  /* Norma takes the last combination and must set the Hoopoe aside: no
   * free tile shows a Bird */
  g_assert_cmpint (fall_state_current_seat (s), ==, 0);
  play (s, "T4");
  place_on_empty (s, "L06");
  static FallMoveList list;
  fall_legal_moves (s, &list);
  for (int i = 0; i < list.n; i++)
    g_assert_cmpint (list.m[i].kind, !=, FALL_MOVE_TOKEN);
  play (s, "E");

  /* the end of the week: Norma holds two tokens, Amedeo none */
  g_assert_cmpint (s->held[0][FALL_ROBIN], ==, 1);
  g_assert_cmpint (s->held[0][FALL_HOOPOE], ==, 1);
  int amedeo = 0;
  for (int k = 0; k < FALL_N_TOKEN_KINDS; k++)
    amedeo += s->held[1][k];
  g_assert_cmpint (amedeo, ==, 0);
  g_assert_cmpint (s->n_placed, ==, 4);
  /* week 2: four new combinations, Amedeo is the first player */
  g_assert_cmpint (s->week, ==, 2);
  g_assert_cmpint (fall_state_current_seat (s), ==, 1);
  g_assert_cmpint (s->tiles_offered, ==, 8);
  g_assert_null (fall_state_check_invariants (s));
}

/* ---- consistency of the generator and the checker -------------------- */

static void
test_illegal_moves_change_nothing (void)
{
  FallState *s = g_new (FallState, 1);
  static FallMoveList list;
  FolRng rng;
  fol_rng_seed (&rng, 99);
  int checked = 0, legal_found = 0;
  for (uint64_t seed = 1; seed <= 6; seed++)
    {
      fall_state_init (s, C, seed, NULL);
      while (!fall_state_is_over (s))
        {
          fall_legal_moves (s, &list);
          for (int i = 0; i < list.n; i++)
            g_assert_true (fall_check_move (s, &list.m[i], NULL));
          for (int j = 0; j < 40; j++)
            {
              FallMove m = { 0 };
              m.kind = (uint8_t) fol_rng_below (&rng, 7);
              m.arg = (uint8_t) (fol_rng_below (&rng, 3) ? fol_rng_below (&rng, 8)
                                 : s->n_hand_tiles ? s->hand_tile[0] : fol_rng_below (&rng, 60));
              m.rot = (uint8_t) fol_rng_below (&rng, 7);
              m.q = (int8_t) (fol_rng_below (&rng, 9) - 4);
              m.r = (int8_t) (fol_rng_below (&rng, 9) - 4);
              for (int k = 0; k < 4; k++)
                m.discard[k] = (uint8_t) (fol_rng_below (&rng, 4) == 0);
              uint64_t h = fall_state_hash (s);
              const char *reason = NULL;
              gboolean ok = fall_check_move (s, &m, &reason);
              gboolean listed = FALSE;
              for (int i = 0; i < list.n && !listed; i++)
                listed = fall_move_equal (&list.m[i], &m);
              g_assert_cmpint (ok, ==, listed);
              if (!ok)
                {
                  g_assert_nonnull (reason);
                  static FallState copy;
                  fall_state_copy (&copy, s);
                  g_assert_false (fall_apply (&copy, &m, &reason));
                  g_assert_cmphex (fall_state_hash (&copy), ==, h);
                  g_assert_cmpmem (&copy, offsetof (FallState, cell), s, offsetof (FallState, cell));
                }
              else
                legal_found++;
              checked++;
            }
          g_assert_true (fall_apply (s, &list.m[fol_rng_below (&rng, (uint32_t) list.n)], NULL));
        }
    }
  g_assert_cmpint (checked, >, 1000);
  g_assert_cmpint (legal_found, >, 0);
  g_free (s);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  fall_test_init ();
  g_test_add_func ("/fall-rules/setup", test_setup);
  g_test_add_func ("/fall-rules/week-structure", test_week_structure);
  g_test_add_func ("/fall-rules/end-after-week-12", test_end_after_week_12);
  g_test_add_func ("/fall-rules/placement-rule-1-edge-colour", test_rule1_edge_colour);
  g_test_add_func ("/fall-rules/placement-rule-2-shared-colour", test_rule2_shared_colour);
  g_test_add_func ("/fall-rules/rule-1-on-a-stack-example", test_rule1_on_a_stack);
  g_test_add_func ("/fall-rules/stacking-example-fox-removed-no-fourth-layer", test_stacking_example);
  g_test_add_func ("/fall-rules/never-on-starting-tile", test_never_on_start);
  g_test_add_func ("/fall-rules/not-on-mushroom-or-toad", test_not_on_mushroom_or_toad);
  g_test_add_func ("/fall-rules/first-week-next-to-start", test_first_week_first_tile);
  g_test_add_func ("/fall-rules/discard-unplaceable-tile", test_discard_unplaceable_tile);
  g_test_add_func ("/fall-rules/token-icons-one-per-tile", test_token_icons);
  g_test_add_func ("/fall-rules/season-board-example", test_season_board_example);
  g_test_add_func ("/fall-rules/toad-must-be-placed", test_toad_must_be_placed);
  g_test_add_func ("/fall-rules/toad-spot-kept-for-held-toad", test_toad_spot_kept);
  g_test_add_func ("/fall-rules/tokens-never-mandatory-but-toad", test_tokens_never_mandatory);
  g_test_add_func ("/fall-rules/set-aside-at-most-2", test_set_aside_limit);
  g_test_add_func ("/fall-rules/mushroom-markers-and-claims", test_mushroom_markers_and_claims);
  g_test_add_func ("/fall-rules/norma-and-amedeo-first-week", test_norma_and_amedeo);
  g_test_add_func ("/fall-rules/illegal-moves-change-nothing", test_illegal_moves_change_nothing);
  return g_test_run ();
}
