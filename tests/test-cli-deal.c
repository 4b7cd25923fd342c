/* test-cli-deal.c: `foliage-cli deal` (src/cli/cli-deal.c), run as the
 * program: a code, typed in any layout, prints its one form and the set-up
 * it names as a record that reads back as that deal; a saved game's code
 * (--game, over --db) is the model's; the deal of the day's code for a
 * date is the pinned one, today's is today's; a code with a typing error,
 * a bad date and bad usage are refused with their exit status. */
#include <string.h>

#include "cli-test-util.h"
#include "fall-notation.h"
#include "fol-deal-code.h"
#include "fol-fall-game.h"
#include "fol-summer-game.h"
#include "summer-notation.h"

static void
test_code (void)
{
  g_autofree char *out = NULL;
  g_assert_cmpint (run_cli (&out, NULL, "deal", "is2 3br k7qx m2py", NULL), ==, 0);
  g_assert_true (g_str_has_prefix (out, "# deal code IS2-3BR-K7QX-M2PY\n"));
  SummerRecord record;
  g_autoptr (GError) error = NULL;
  g_assert_true (summer_record_parse (out, &record, &error));
  g_assert_no_error (error);
  FolDeal deal, read;
  g_assert_true (fol_deal_code_parse ("IS2-3BR-K7QX-M2PY", &deal, NULL));
  fol_deal_init_summer (&read, &record.setup);
  g_assert_true (fol_deal_equal (&read, &deal));
  g_assert_cmpuint (record.moves->len, ==, 0);
  summer_record_clear (&record);

  g_clear_pointer (&out, g_free);
  g_assert_cmpint (run_cli (&out, NULL, "deal", "FA2-B1-0015-NM7G", NULL), ==, 0);
  guint64 seed;
  FallOptions opts;
  g_assert_true (fall_record_parse (fall_components_get (NULL), out, &seed, &opts, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (seed, ==, 1234567);
  g_assert_cmpint (opts.side, ==, 1);
  g_assert_cmpint (opts.first_player, ==, 0);

  g_autofree char *err = NULL;
  g_assert_cmpint (run_cli (NULL, &err, "deal", "IS2-3BR-K7QX-M2PZ", NULL), ==, 1);
  g_assert_nonnull (strstr (err, "check character does not match"));
  g_assert_cmpint (run_cli (NULL, NULL, "deal", NULL), ==, 2);
  g_assert_cmpint (run_cli (NULL, NULL, "deal", "IS1-R-BM4H-KCFQ", "--today", NULL), ==, 2);
}

static void
test_deal_of_the_day (void)
{
  g_autofree char *out = NULL;
  g_assert_cmpint (run_cli (&out, NULL, "deal", "--date", "2024-10-31", NULL), ==, 0);
  g_assert_cmpstr (out, ==, "IS1-R-BM4H-KCFQ\n");
  const char *bad[] = { "2024-02-30", "2024-1-31", "24-10-31", "2024-10-31x", "2024/10/31" };
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *err = NULL;
      g_assert_cmpint (run_cli (NULL, &err, "deal", "--date", bad[i], NULL), ==, 2);
      g_assert_nonnull (strstr (err, "YYYY-MM-DD"));
    }
  /* today's, by the local date (twice, in case the day turns meanwhile) */
  for (int attempt = 0; attempt < 2; attempt++)
    {
      FolDeal deal;
      fol_deal_of_today (&deal);
      g_autofree char *code = fol_deal_code_format (&deal, NULL);
      g_autofree char *expected = g_strdup_printf ("%s\n", code);
      g_autofree char *today = NULL;
      g_assert_cmpint (run_cli (&today, NULL, "deal", "--today", NULL), ==, 0);
      if (g_strcmp0 (today, expected) == 0)
        return;
    }
  g_assert_not_reached ();
}

static void
test_saved_game (void)
{
  g_autofree char *db = g_build_filename (cli_test_dir, "foliage.db", NULL);
  g_autoptr (GError) error = NULL;
  FolStore *store = fol_store_new (db, &error);
  g_assert_no_error (error);
  g_autoptr (FolPlayer) ann = fol_player_new ("Ann", TRUE, 0);
  g_autoptr (FolPlayer) hazel = fol_player_new ("Hazel", FALSE, FOL_AI_NORMAL);
  FolPlayer *players[] = { ann, hazel };
  SummerSetup setup;
  summer_setup_init (&setup, 2, 99);
  setup.side[1] = 7;
  g_autoptr (FolSummerGame) summer = fol_summer_game_new (&setup, players, store, &error);
  g_assert_no_error (error);
  FallOptions opts = { 0, -1 };
  g_autoptr (FolFallGame) fall = fol_fall_game_new (1000, &opts, players, store, &error);
  g_assert_no_error (error);
  g_clear_object (&store);
  FolGame *games[] = { FOL_GAME (summer), FOL_GAME (fall) };
  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      g_autofree char *id = g_strdup_printf ("%" G_GINT64_FORMAT, fol_game_get_store_id (games[i]));
      g_autofree char *out = NULL;
      g_assert_cmpint (run_cli (&out, NULL, "--db", db, "deal", "--game", id, NULL), ==, 0);
      g_autofree char *code = fol_deal_code_for_game (games[i]);
      g_autofree char *expected = g_strdup_printf ("%s\n", code);
      g_assert_cmpstr (out, ==, expected);
    }
  g_autofree char *err = NULL;
  g_assert_cmpint (run_cli (NULL, &err, "--db", db, "deal", "--game", "999", NULL), ==, 1);
  g_assert_cmpstr (err, !=, "");
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  if (!cli_test_init ("foliage-cli-deal-XXXXXX"))
    return 1;
  g_autoptr (GError) error = NULL;
  g_assert_nonnull (fall_components_get (&error));
  g_test_add_func ("/cli/deal/code", test_code);
  g_test_add_func ("/cli/deal/deal-of-the-day", test_deal_of_the_day);
  g_test_add_func ("/cli/deal/saved-game", test_saved_game);
  int ret = g_test_run ();
  cli_test_cleanup ();
  return ret;
}
