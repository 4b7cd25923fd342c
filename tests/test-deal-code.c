/* test-deal-code.c: deal codes (src/model/fol-deal-code.c, docs/notation.md
 * "Deal codes"): every deal of every game, player count, side and campaign
 * game reads back from its code as itself; a code read back deals the very
 * same game as the options it came from (the state hashes of the set-ups
 * are equal); each kind of malformed code is refused with its own error;
 * the check character catches every mistyped character and every swap of
 * two neighbours but 0 and Z; the deal of the day is the same for a given
 * date on every run. */
#include <glib/gstdio.h>
#include <string.h>

#include "fol-campaign.h"
#include "fol-deal-code.h"
#include "fol-fall-game.h"
#include "fol-summer-game.h"
#include "summer-test-util.h"

static const guint64 seeds[] = {
  0, 1, 31, 32, G_GUINT64_CONSTANT (0x7FFFFFFFF), G_GUINT64_CONSTANT (0x800000000),
  G_GUINT64_CONSTANT (0xDEADBEEFCAFEF00D), G_MAXUINT64,
};

/* @code without blanks and dashes, in capitals. */
static char *
plain (const char *code)
{
  GString *s = g_string_new (NULL);
  for (const char *p = code; *p; p++)
    if (*p != '-' && *p != ' ')
      g_string_append_c (s, g_ascii_toupper (*p));
  return g_string_free (s, FALSE);
}

/* @deal's code reads back as @deal, also typed in lower case with blanks
 * for dashes, and is written again as itself. */
static void
assert_round_trip (const FolDeal *deal)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *code = fol_deal_code_format (deal, &error);
  g_assert_no_error (error);
  g_assert_nonnull (code);
  FolDeal back;
  if (!fol_deal_code_parse (code, &back, &error))
    g_error ("%s: %s", code, error->message);
  g_assert_true (fol_deal_equal (&back, deal));
  g_autofree char *again = fol_deal_code_format (&back, NULL);
  g_assert_cmpstr (again, ==, code);
  /* typed by hand: lower case, blanks for dashes, blanks around */
  g_autofree char *typed = g_ascii_strdown (code, -1);
  g_strdelimit (typed, "-", ' ');
  g_autofree char *padded = g_strdup_printf ("  %s \n", typed);
  FolDeal typed_back;
  g_assert_true (fol_deal_code_parse (padded, &typed_back, &error));
  g_assert_no_error (error);
  g_assert_true (fol_deal_equal (&typed_back, deal));
  /* short: the head, the sides, 7 to 13 seed digits and the check */
  g_autofree char *letters = plain (code);
  g_assert_cmpuint (strlen (letters), <=, 5 + 2 * (guint) deal->n_players + 14);
  if (deal->seed < G_GUINT64_CONSTANT (0x800000000))
    g_assert_true (g_str_has_suffix (code, "-") == FALSE && strlen (strrchr (code, '-')) == 5);
}

/* Every assignment of sides (random or 1A..6B, no two seats on one board)
 * to seats @i.. of @deal, each with every seed. */
static guint
summer_sides (FolDeal *deal, int i)
{
  if (i == deal->n_players)
    {
      for (guint k = 0; k < G_N_ELEMENTS (seeds); k++)
        {
          deal->seed = seeds[k];
          assert_round_trip (deal);
        }
      return 1;
    }
  guint n = 0;
  for (int side = -1; side < SUMMER_N_SIDES; side++)
    {
      gboolean clash = FALSE;
      for (int j = 0; j < i; j++)
        clash |= side >= 0 && deal->side[j] / 2 == side / 2 && deal->side[j] >= 0;
      if (clash)
        continue;
      deal->side[i] = side;
      n += summer_sides (deal, i + 1);
    }
  deal->side[i] = -1;
  return n;
}

static void
test_round_trip (void)
{
  guint n_deals = 0;
  for (int n = 1; n <= SUMMER_MAX_PLAYERS; n++)
    for (int campaign = -1; campaign <= (n == 1 ? 2 : -1); campaign++)
      {
        SummerSetup setup;
        summer_setup_init (&setup, n, 0);
        setup.campaign_game = (int8_t) campaign;
        FolDeal deal;
        fol_deal_init_summer (&deal, &setup);
        n_deals += summer_sides (&deal, 0);
      }
  /* 1 player: 13 sides x 4 (single game, campaign games 1-3); 2 players:
   * 13 x 13 less the 12 x 2 pairs on one board; and so on */
  g_assert_cmpuint (n_deals, ==, 4 * 13 + 145 + 1357 + 10369);
  for (int side = 0; side <= 1; side++)
    for (int first = 0; first <= 1; first++)
      for (guint k = 0; k < G_N_ELEMENTS (seeds); k++)
        {
          FolDeal deal;
          fol_deal_init_fall (&deal, seeds[k], side, first);
          assert_round_trip (&deal);
        }
}

/* The codes docs/notation.md shows. */
static void
test_examples (void)
{
  SummerSetup setup;
  summer_setup_init (&setup, 2, G_GUINT64_CONSTANT (20661063766));   /* K7QXM2P */
  setup.side[0] = 5;   /* 3B */
  FolDeal deal;
  fol_deal_init_summer (&deal, &setup);
  g_autofree char *code = fol_deal_code_format (&deal, NULL);
  g_assert_cmpstr (code, ==, "IS2-3BR-K7QX-M2PY");
  summer_setup_init (&setup, 1, 42);
  setup.side[0] = 6;   /* 4A */
  setup.campaign_game = 1;
  fol_deal_init_summer (&deal, &setup);
  g_autofree char *campaign = fol_deal_code_format (&deal, NULL);
  g_assert_cmpstr (campaign, ==, "IS1C2-4A-0000-01AA");
  fol_deal_init_fall (&deal, 1234567, 1, 0);
  g_autofree char *fall = fol_deal_code_format (&deal, NULL);
  g_assert_cmpstr (fall, ==, "FA2-B1-0015-NM7G");
  fol_deal_init_fall (&deal, G_MAXUINT64, 0, 1);
  g_autofree char *longest = fol_deal_code_format (&deal, NULL);
  g_assert_cmpstr (longest, ==, "FA2-A2-FZZZ-ZZZZ-ZZZZ-ZK");
  /* Crockford's readings: O for 0, I and L for 1, in either case */
  FolDeal read;
  g_assert_true (fol_deal_code_parse ("is1c2 4a oooo oiaa", &read, NULL));
  g_assert_cmpuint (read.seed, ==, 42);
  g_assert_true (fol_deal_code_parse ("IS1C2-4A-0000-0LAA", &read, NULL));
  g_assert_cmpuint (read.seed, ==, 42);
}

static FolPlayer **
make_players (int n)
{
  FolPlayer **players = g_new0 (FolPlayer *, SUMMER_MAX_PLAYERS + 1);
  for (int i = 0; i < n; i++)
    players[i] = fol_player_new (i == 0 ? "Ann" : "Hazel", i == 0, i == 0 ? 0 : FOL_AI_GREEDY);
  return players;
}

static void
free_players (FolPlayer **players)
{
  for (int i = 0; players[i]; i++)
    g_object_unref (players[i]);
  g_free (players);
}

/* Plays @n greedy moves of @game. */
static void
play_greedy (FolGame *game, int n)
{
  for (int i = 0; i < n && !fol_game_get_is_over (game); i++)
    {
      g_autofree char *move = fol_game_choose_move (game, FOL_AI_GREEDY);
      g_assert_nonnull (move);
      g_assert_true (fol_game_apply_move (game, move, NULL));
    }
}

/* The code of @game, taken after some moves, deals a game whose set-up has
 * @game's set-up hash @hash0, through the model and through the engine. */
static void
assert_same_deal (FolGame *game, guint64 hash0)
{
  play_greedy (game, 7);
  g_assert_cmpuint (fol_game_get_hash (game), !=, hash0);
  g_autofree char *code = fol_deal_code_for_game (game);
  FolDeal deal;
  g_autoptr (GError) error = NULL;
  g_assert_true (fol_deal_code_parse (code, &deal, &error));
  g_assert_no_error (error);
  FolPlayer **players = make_players (deal.n_players);
  g_autoptr (FolGame) again = fol_deal_new_game (&deal, players, NULL, &error);
  g_assert_no_error (error);
  free_players (players);
  g_assert_cmpuint (fol_game_get_n_seats (again), ==, fol_game_get_n_seats (game));
  g_assert_cmpuint (fol_game_get_hash (again), ==, hash0);
  g_assert_cmpuint (fol_game_get_seed (again), ==, fol_game_get_seed (game));
  if (deal.game == FOL_DEAL_SUMMER)
    {
      SummerSetup setup;
      fol_deal_to_summer_setup (&deal, &setup);
      SummerState s;
      g_assert_true (summer_state_new_game (&setup, &s, NULL));
      g_assert_cmpuint (summer_state_hash (&s), ==, hash0);
    }
  else
    {
      FallOptions opts;
      fol_deal_to_fall_options (&deal, &opts);
      g_autofree FallState *s = g_new0 (FallState, 1);
      fall_state_init (s, fall_components_get (NULL), deal.seed, &opts);
      g_assert_cmpuint (fall_state_hash (s), ==, hash0);
    }
}

static void
test_same_deal (void)
{
  /* Indian Summer: sides drawn, given, mixed; campaign games 1-3 */
  const struct { int n; int sides[4]; int campaign; guint64 seed; } cases[] = {
    { 1, { -1 }, -1, 11 },
    { 1, { 9 }, -1, 12 },
    { 1, { 6 }, 0, 13 },
    { 1, { 6 }, 1, 13 },
    { 1, { -1 }, 2, 14 },
    { 2, { -1, -1 }, -1, 15 },
    { 3, { 0, -1, 11 }, -1, G_MAXUINT64 },
    { 4, { 2, 5, 7, 9 }, -1, 0 },
  };
  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      SummerSetup setup;
      summer_setup_init (&setup, cases[k].n, cases[k].seed);
      for (int i = 0; i < cases[k].n; i++)
        setup.side[i] = (int8_t) cases[k].sides[i];
      setup.campaign_game = (int8_t) cases[k].campaign;
      FolPlayer **players = make_players (cases[k].n);
      g_autoptr (GError) error = NULL;
      g_autoptr (FolSummerGame) game = fol_summer_game_new (&setup, players, NULL, &error);
      g_assert_no_error (error);
      free_players (players);
      assert_same_deal (FOL_GAME (game), fol_game_get_hash (FOL_GAME (game)));
    }
  /* a side drawn is not the same deal as that side given: the code keeps R */
  SummerSetup drawn;
  summer_setup_init (&drawn, 1, 99);
  SummerState s;
  g_assert_true (summer_state_new_game (&drawn, &s, NULL));
  FolDeal a, b;
  fol_deal_init_summer (&a, &drawn);
  drawn.side[0] = (int8_t) s.seat[0].side;
  fol_deal_init_summer (&b, &drawn);
  g_autofree char *code_a = fol_deal_code_format (&a, NULL);
  g_autofree char *code_b = fol_deal_code_format (&b, NULL);
  g_assert_true (g_str_has_prefix (code_a, "IS1-R-"));
  g_assert_cmpstr (code_a, !=, code_b);

  /* Fall: the side and first player drawn or chosen; the code names the
   * values played */
  const FallOptions options[] = { { -1, -1 }, { 0, 1 }, { 1, 0 }, { 1, -1 } };
  for (guint k = 0; k < G_N_ELEMENTS (options); k++)
    {
      FolPlayer **players = make_players (2);
      g_autoptr (GError) error = NULL;
      g_autoptr (FolFallGame) game = fol_fall_game_new (100 + k, &options[k], players, NULL, &error);
      g_assert_no_error (error);
      free_players (players);
      const FallState *fs = fol_fall_game_get_state (game);
      g_autofree char *code = fol_deal_code_for_game (FOL_GAME (game));
      g_assert_cmpint (code[4], ==, fs->side ? 'B' : 'A');
      g_assert_cmpint (code[5], ==, fs->first_player ? '2' : '1');
      assert_same_deal (FOL_GAME (game), fol_game_get_hash (FOL_GAME (game)));
    }
}

/* A campaign's game, saved and loaded again, has its campaign game and side in its code. */
static void
test_campaign_game (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("foliage-deal-XXXXXX", &error);
  g_assert_no_error (error);
  g_autofree char *path = g_build_filename (dir, "foliage.db", NULL);
  FolStore *store = fol_store_new (path, &error);
  g_assert_no_error (error);
  g_autoptr (FolCampaign) campaign = fol_campaign_new (store, 4321, -1, &error);
  g_assert_no_error (error);
  g_autoptr (FolPlayer) player = fol_player_new ("Ann", TRUE, 0);
  g_autoptr (FolSummerGame) game = fol_campaign_continue_game (campaign, player, &error);
  g_assert_no_error (error);
  guint64 hash0 = fol_game_get_hash (FOL_GAME (game));
  play_greedy (FOL_GAME (game), 3);
  g_autoptr (FolSummerGame) loaded = fol_summer_game_load (store, fol_game_get_store_id (FOL_GAME (game)), &error);
  g_assert_no_error (error);
  g_autofree char *code = fol_deal_code_for_game (FOL_GAME (loaded));
  FolDeal deal;
  g_assert_true (fol_deal_code_parse (code, &deal, NULL));
  g_assert_cmpint (deal.campaign_game, ==, 0);
  g_assert_cmpint (deal.side[0], ==, fol_campaign_get_side (campaign));
  g_assert_cmpuint (deal.seed, ==, 4321);
  g_assert_true (g_str_has_prefix (code, "IS1C1-"));
  assert_same_deal (FOL_GAME (loaded), hash0);
  g_clear_object (&store);
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  g_autofree char *shm = g_strconcat (path, "-shm", NULL);
  g_unlink (wal);
  g_unlink (shm);
  g_unlink (path);
  g_rmdir (dir);
}

/* The check character that makes @text a code as far as the check goes:
 * the one of the 32 with which the error (if any) is not CHECKSUM. */
static char *
with_check (const char *text)
{
  static const char symbols[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
  for (int i = 0; i < 32; i++)
    {
      char *code = g_strdup_printf ("%s%c", text, symbols[i]);
      g_autoptr (GError) error = NULL;
      FolDeal deal;
      if (fol_deal_code_parse (code, &deal, &error)
          || !g_error_matches (error, FOL_DEAL_CODE_ERROR, FOL_DEAL_CODE_ERROR_CHECKSUM))
        return code;
      g_free (code);
    }
  g_assert_not_reached ();
}

static void
assert_refused (const char *text, FolDealCodeError code, const char *words)
{
  FolDeal deal, before;
  memset (&deal, 0x5a, sizeof deal);
  before = deal;
  g_autoptr (GError) error = NULL;
  g_assert_false (fol_deal_code_parse (text, &deal, &error));
  g_assert_error (error, FOL_DEAL_CODE_ERROR, (gint) code);
  g_test_message ("%s", error->message);
  if (strstr (error->message, words) == NULL)
    g_error ("'%s' refused with '%s', which does not say '%s'", text, error->message, words);
  g_assert_true (g_utf8_validate (error->message, -1, NULL));
  g_assert_cmpuint (strlen (error->message), <, 300);
  /* the deal is untouched */
  g_assert_cmpmem (&deal, sizeof deal, &before, sizeof before);
}

static void
test_rejected (void)
{
  assert_refused ("", FOL_DEAL_CODE_ERROR_EMPTY, "no deal code");
  assert_refused (" - -\t", FOL_DEAL_CODE_ERROR_EMPTY, "no deal code");
  assert_refused (NULL, FOL_DEAL_CODE_ERROR_EMPTY, "no deal code");
  assert_refused ("IS2-RR-K7QX-M2P!", FOL_DEAL_CODE_ERROR_CHARACTER, "'!' is in none");
  assert_refused ("IS2-RR-K7QX-M2PÄ", FOL_DEAL_CODE_ERROR_CHARACTER, "'Ä' is in none");
  assert_refused ("IS2-RR-K7QX-M2P\xff", FOL_DEAL_CODE_ERROR_CHARACTER, "'?' is in none");
  assert_refused ("IS2_RR", FOL_DEAL_CODE_ERROR_CHARACTER, "'_'");
  assert_refused ("XY2-RR-K7QX-M2PD", FOL_DEAL_CODE_ERROR_GAME, "starts with IS (Indian Summer) or FA (Fall)");
  assert_refused ("I", FOL_DEAL_CODE_ERROR_GAME, "starts with IS");
  assert_refused ("IS", FOL_DEAL_CODE_ERROR_PLAYERS, "1 to 4");
  assert_refused ("IS5-RRRRR-K7QX-M2PD", FOL_DEAL_CODE_ERROR_PLAYERS, "1 to 4");
  assert_refused ("IS0-K7QX-M2PD", FOL_DEAL_CODE_ERROR_PLAYERS, "1 to 4");
  assert_refused ("FA3-A1-K7QX-M2PD", FOL_DEAL_CODE_ERROR_PLAYERS, "2 players");
  assert_refused ("IS2C1-RR-K7QX-M2PD", FOL_DEAL_CODE_ERROR_CAMPAIGN, "only a solo game");
  assert_refused ("IS1C4-R-K7QX-M2PD", FOL_DEAL_CODE_ERROR_CAMPAIGN, "C1, C2 or C3");
  assert_refused ("IS1C-R-K7QX-M2PD", FOL_DEAL_CODE_ERROR_CAMPAIGN, "C1, C2 or C3");
  assert_refused ("IS2-R7A-K7QX-M2PD", FOL_DEAL_CODE_ERROR_SIDE, "player 2's Forest Floor side");
  assert_refused ("IS2-3C3A-K7QX-M2PD", FOL_DEAL_CODE_ERROR_SIDE, "player 1's Forest Floor side");
  assert_refused ("IS2", FOL_DEAL_CODE_ERROR_SIDE, "player 1's");
  g_autofree char *same_board = with_check ("IS2-2A2B-K7QX-M2P");
  assert_refused (same_board, FOL_DEAL_CODE_ERROR_SIDE, "players 1 and 2 cannot both play on Forest Floor 2");
  assert_refused ("FA2-C1-K7QX-M2PD", FOL_DEAL_CODE_ERROR_SIDE, "Season board side");
  assert_refused ("FA2-A3-K7QX-M2PD", FOL_DEAL_CODE_ERROR_SIDE, "first player");
  assert_refused ("FA2", FOL_DEAL_CODE_ERROR_SIDE, "Season board side");
  assert_refused ("IS2-RR-K7QX-M2P", FOL_DEAL_CODE_ERROR_LENGTH, "too short");
  assert_refused ("IS2-RR", FOL_DEAL_CODE_ERROR_LENGTH, "too short");
  assert_refused ("IS2-RR-K7QX-M2PD-K7QX-M2PD", FOL_DEAL_CODE_ERROR_LENGTH, "too long");
  g_autofree char *huge = g_strnfill (100000, 'A');
  assert_refused (huge, FOL_DEAL_CODE_ERROR_LENGTH, "too long");
  assert_refused ("IS2-RR-K7QU-M2PD", FOL_DEAL_CODE_ERROR_CHARACTER, "without the letter U");
  /* a real code with one character mistyped */
  assert_refused ("IS2-3BR-K7QX-M2PZ", FOL_DEAL_CODE_ERROR_CHECKSUM, "a character is mistyped");
  assert_refused ("IS2-3BR-K7QX-N2PY", FOL_DEAL_CODE_ERROR_CHECKSUM, "a character is mistyped");
  /* seeds not in their one form: more leading zeros than seven digits need, above 2^64 - 1 */
  g_autofree char *zeros = with_check ("IS1-R-0000-0001-");
  assert_refused (zeros, FOL_DEAL_CODE_ERROR_SEED, "leading zero");
  g_autofree char *large = with_check ("IS1-R-G000-0000-0000-0");
  assert_refused (large, FOL_DEAL_CODE_ERROR_SEED, "above 18446744073709551615");
  /* quoted: at most FOL_QUOTE_MAX characters */
  g_autofree char *long_bad = g_strdup_printf ("%s!", huge);
  assert_refused (long_bad, FOL_DEAL_CODE_ERROR_LENGTH, "'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA…' is not");

  /* a deal the rules cannot set up has no code */
  FolDeal deal;
  fol_deal_init_fall (&deal, 1, 2, 0);
  g_autoptr (GError) error = NULL;
  g_assert_null (fol_deal_code_format (&deal, &error));
  g_assert_error (error, FOL_DEAL_CODE_ERROR, FOL_DEAL_CODE_ERROR_SIDE);
  g_clear_error (&error);
  SummerSetup setup;
  summer_setup_init (&setup, 2, 1);
  setup.campaign_game = 0;
  fol_deal_init_summer (&deal, &setup);
  g_assert_false (fol_deal_check (&deal, &error));
  g_assert_error (error, FOL_DEAL_CODE_ERROR, FOL_DEAL_CODE_ERROR_CAMPAIGN);
  g_clear_error (&error);
  FolPlayer **players = make_players (2);
  g_assert_null (fol_deal_new_game (&deal, players, NULL, &error));
  g_assert_error (error, FOL_DEAL_CODE_ERROR, FOL_DEAL_CODE_ERROR_CAMPAIGN);
  free_players (players);
}

/* The value of symbol @c (after Crockford's readings). */
static int
value_of (char c)
{
  static const char symbols[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
  if (c == 'I' || c == 'L')
    return 1;
  if (c == 'O')
    return 0;
  return (int) (strchr (symbols, c) - symbols);
}

/* Every mistyped character and every swap of two different neighbours
 * (but 0 and Z, Luhn's blind spot) is refused. */
static void
test_checksum (void)
{
  static const char symbols[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
  const char *codes[] = { "IS2-3BR-K7QX-M2PY", "IS1C2-4A-0000-01AA", "FA2-B1-0015-NM7G", "FA2-A2-FZZZ-ZZZZ-ZZZZ-ZK",
                          "IS4-1A2BR6B-Z0Z0-0ZZ0-9X" };
  guint n_tried = 0;
  for (guint k = 0; k < G_N_ELEMENTS (codes); k++)
    {
      g_autofree char *base = plain (codes[k]);
      FolDeal deal;
      if (!fol_deal_code_parse (base, &deal, NULL))
        {
          /* the made-up one needs its check character */
          base[strlen (base) - 1] = '\0';
          g_autofree char *fixed = with_check (base);
          g_free (base);
          base = g_steal_pointer (&fixed);
          g_assert_true (fol_deal_code_parse (base, &deal, NULL));
        }
      size_t len = strlen (base);
      for (size_t i = 0; i < len; i++)
        for (int s = 0; s < 32; s++)
          {
            if (value_of (base[i]) == s)
              continue;
            g_autofree char *typo = g_strdup (base);
            typo[i] = symbols[s];
            FolDeal other;
            if (fol_deal_code_parse (typo, &other, NULL))
              g_error ("%s: the mistyped %s is a code", base, typo);
            n_tried++;
          }
      for (size_t i = 0; i + 1 < len; i++)
        {
          int a = value_of (base[i]), b = value_of (base[i + 1]);
          if (a == b || (a == 0 && b == 31) || (a == 31 && b == 0))
            continue;
          g_autofree char *swapped = g_strdup (base);
          swapped[i] = base[i + 1];
          swapped[i + 1] = base[i];
          FolDeal other;
          if (fol_deal_code_parse (swapped, &other, NULL))
            g_error ("%s: the swapped %s is a code", base, swapped);
          n_tried++;
        }
    }
  g_assert_cmpuint (n_tried, >, 2000);
}

static void
test_deal_of_the_day (void)
{
  g_autoptr (GDate) date = g_date_new_dmy (31, G_DATE_OCTOBER, 2024);
  FolDeal deal;
  fol_deal_of_the_day (date, &deal);
  g_assert_cmpint (deal.game, ==, FOL_DEAL_SUMMER);
  g_assert_cmpint (deal.n_players, ==, 1);
  g_assert_cmpint (deal.side[0], ==, -1);
  g_assert_cmpint (deal.campaign_game, ==, -1);
  /* pinned: the same deal for everyone on that day, on every version */
  g_assert_cmpuint (deal.seed, ==, fol_deal_of_the_day_seed (date));
  g_assert_cmpuint (deal.seed, ==, G_GUINT64_CONSTANT (12487019919));
  g_autofree char *code = fol_deal_code_format (&deal, NULL);
  g_assert_cmpstr (code, ==, "IS1-R-BM4H-KCFQ");
  /* today's: the one of the local date (twice, in case the day turns meanwhile) */
  gboolean same = FALSE;
  for (int attempt = 0; attempt < 2 && !same; attempt++)
    {
      g_autoptr (GDateTime) now = g_date_time_new_now_local ();
      g_autoptr (GDate) today = g_date_new_dmy ((GDateDay) g_date_time_get_day_of_month (now),
                                                (GDateMonth) g_date_time_get_month (now),
                                                (GDateYear) g_date_time_get_year (now));
      FolDeal of_today;
      fol_deal_of_today (&of_today);
      same = of_today.seed == fol_deal_of_the_day_seed (today) && of_today.n_players == 1;
    }
  g_assert_true (same);
  /* a year of days: seeds of seven digits, no two alike */
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_autoptr (GDate) day = g_date_new_dmy (1, G_DATE_JANUARY, 2025);
  for (int i = 0; i < 366; i++)
    {
      guint64 seed = fol_deal_of_the_day_seed (day);
      g_assert_cmpuint (seed, <, G_GUINT64_CONSTANT (1) << 35);
      g_assert_false (g_hash_table_contains (seen, &seed));
      g_hash_table_add (seen, g_memdup2 (&seed, sizeof seed));
      g_date_add_days (day, 1);
    }
}

static void
test_random_seed (void)
{
  for (int i = 0; i < 1000; i++)
    {
      FolDeal deal;
      fol_deal_init_fall (&deal, fol_deal_code_random_seed (), 0, 0);
      g_assert_cmpuint (deal.seed, <, G_GUINT64_CONSTANT (1) << 35);
      g_autofree char *code = fol_deal_code_format (&deal, NULL);
      g_assert_cmpuint (strlen (code), ==, strlen ("FA2-A1-XXXX-XXXX"));
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  load_components_or_die ();
  g_test_add_func ("/deal-code/round-trip", test_round_trip);
  g_test_add_func ("/deal-code/examples", test_examples);
  g_test_add_func ("/deal-code/same-deal", test_same_deal);
  g_test_add_func ("/deal-code/campaign-game", test_campaign_game);
  g_test_add_func ("/deal-code/rejected", test_rejected);
  g_test_add_func ("/deal-code/checksum", test_checksum);
  g_test_add_func ("/deal-code/deal-of-the-day", test_deal_of_the_day);
  g_test_add_func ("/deal-code/random-seed", test_random_seed);
  return g_test_run ();
}
