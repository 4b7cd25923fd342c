/* test-new-game-dialog.c: the New Game dialog builds the set-up the user
 * chose (players, levels, names, sides, seed), refuses two players on one
 * board, starts a game (saved) or a campaign, or a game of Fall. */
#include "config.h"

#include "ui-test-util.h"
#include "fol-new-game-dialog.h"
#include "fol-player.h"
#include "fol-fall-game.h"

typedef struct {
  FolSummerGame *game;
  FolCampaign *campaign;
  int n;
} Played;

static void
on_play (FolNewGameDialog *d, FolSummerGame *game, FolCampaign *campaign, Played *p)
{
  g_set_object (&p->game, game);
  g_set_object (&p->campaign, campaign);
  p->n++;
}

static void
test_default_setup (void)
{
  FolNewGameDialog *d = fol_new_game_dialog_new (NULL, NULL);
  gtk_window_present (GTK_WINDOW (d));
  SummerSetup setup;
  g_autoptr (GPtrArray) players = NULL;
  gboolean campaign = TRUE;
  g_autoptr (GError) error = NULL;
  /* the default: you against one Normal computer player, random sides */
  g_assert_true (fol_new_game_dialog_get_setup (d, &setup, &players, &campaign, &error));
  g_assert_no_error (error);
  g_assert_cmpint (setup.n_players, ==, 2);
  g_assert_cmpint (setup.side[0], ==, -1);
  g_assert_cmpint (setup.side[1], ==, -1);
  g_assert_cmpint (setup.campaign_game, ==, -1);
  g_assert_false (campaign);
  g_assert_cmpuint (players->len, ==, 2);
  g_assert_true (fol_player_get_human (g_ptr_array_index (players, 0)));
  g_assert_false (fol_player_get_human (g_ptr_array_index (players, 1)));
  g_assert_cmpint (fol_player_get_level (g_ptr_array_index (players, 1)), ==, FOL_AI_NORMAL);
  g_assert_null (fol_new_game_dialog_get_error (d));
  gtk_window_destroy (GTK_WINDOW (d));
}

static void
test_seats_sides_seed (void)
{
  FolNewGameDialog *d = fol_new_game_dialog_new (NULL, NULL);
  fol_new_game_dialog_set_n_seats (d, 4);
  fol_new_game_dialog_set_seat (d, 0, "Ann", FOL_SEAT_PERSON, 0);   /* 1A */
  fol_new_game_dialog_set_seat (d, 1, "Bob", FOL_SEAT_PERSON, 3);   /* 2B */
  fol_new_game_dialog_set_seat (d, 2, "Easy", FOL_AI_EASY, -1);
  fol_new_game_dialog_set_seat (d, 3, "Hard", FOL_AI_HARD, 11); /* 6B */
  fol_new_game_dialog_set_seed_text (d, "12345");
  SummerSetup setup;
  g_autoptr (GPtrArray) players = NULL;
  g_autoptr (GError) error = NULL;
  g_assert_true (fol_new_game_dialog_get_setup (d, &setup, &players, NULL, &error));
  g_assert_cmpint (setup.n_players, ==, 4);
  g_assert_cmpuint (setup.seed, ==, 12345);
  g_assert_cmpint (setup.side[0], ==, 0);
  g_assert_cmpint (setup.side[1], ==, 3);
  g_assert_cmpint (setup.side[2], ==, -1);
  g_assert_cmpint (setup.side[3], ==, 11);
  const char *names[] = { "Ann", "Bob", "Easy", "Hard" };
  for (int i = 0; i < 4; i++)
    g_assert_cmpstr (fol_player_get_name (g_ptr_array_index (players, i)), ==, names[i]);
  g_assert_true (fol_player_get_human (g_ptr_array_index (players, 1)));
  g_assert_cmpint (fol_player_get_level (g_ptr_array_index (players, 2)), ==, FOL_AI_EASY);
  g_assert_cmpint (fol_player_get_level (g_ptr_array_index (players, 3)), ==, FOL_AI_HARD);

  /* the same seed text gives the same seed; words are seeds too; empty draws one */
  guint64 a, b;
  g_assert_true (fol_new_game_dialog_parse_seed ("autumn leaves", &a));
  g_assert_true (fol_new_game_dialog_parse_seed (" autumn leaves ", &b));
  g_assert_cmpuint (a, ==, b);
  g_assert_false (fol_new_game_dialog_parse_seed ("  ", &a));
  g_assert_true (fol_new_game_dialog_parse_seed ("18446744073709551615", &a));
  g_assert_cmpuint (a, ==, G_MAXUINT64);

  /* two players on one board (2A and 2B): refused, said inline, Start off */
  fol_new_game_dialog_set_seat (d, 0, NULL, FOL_SEAT_PERSON, 2);   /* 2A */
  g_assert_nonnull (fol_new_game_dialog_get_error (d));
  g_assert_nonnull (strstr (fol_new_game_dialog_get_error (d), "Players 1 and 2 both chose Forest Floor 2"));
  g_clear_pointer (&players, g_ptr_array_unref);
  g_assert_false (fol_new_game_dialog_get_setup (d, &setup, &players, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_false (fol_new_game_dialog_start (d));
  /* a seat not shown does not count */
  fol_new_game_dialog_set_seat (d, 0, NULL, FOL_SEAT_PERSON, 0);
  g_assert_null (fol_new_game_dialog_get_error (d));
  fol_new_game_dialog_set_n_seats (d, 2);
  fol_new_game_dialog_set_seat (d, 3, NULL, FOL_SEAT_PERSON, 0);
  g_assert_null (fol_new_game_dialog_get_error (d));

  /* an empty name is refused */
  fol_new_game_dialog_set_seat (d, 1, "  ", FOL_SEAT_PERSON, -1);
  g_assert_nonnull (strstr (fol_new_game_dialog_get_error (d), "Player 2 needs a name"));
  gtk_window_destroy (GTK_WINDOW (d));
}

static void
test_start_saves (void)
{
  ui_test_reset_store ();
  g_autoptr (GError) error = NULL;
  g_autoptr (FolStore) store = fol_store_new (NULL, &error);
  g_assert_no_error (error);
  FolNewGameDialog *d = fol_new_game_dialog_new (NULL, store);
  g_object_ref (d);
  gtk_window_present (GTK_WINDOW (d));
  Played p = { 0 };
  g_signal_connect (d, "play", G_CALLBACK (on_play), &p);
  fol_new_game_dialog_set_n_seats (d, 3);
  fol_new_game_dialog_set_seat (d, 1, "Hazel", FOL_AI_EXPERT, 4);  /* 3A */
  fol_new_game_dialog_set_seed_text (d, "777");
  g_assert_true (fol_new_game_dialog_start (d));
  g_assert_cmpint (p.n, ==, 1);
  g_assert_null (p.campaign);
  /* the dialog closed */
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (d)));
  g_object_unref (d);

  const SummerState *s = fol_summer_game_get_state (p.game);
  g_assert_cmpint (s->n_players, ==, 3);
  g_assert_cmpuint (s->setup.seed, ==, 777);
  g_assert_cmpint (s->seat[1].side, ==, 4);
  gint64 id = fol_game_get_store_id (FOL_GAME (p.game));
  g_assert_cmpint (id, >, 0);
  g_autoptr (FolSavedGame) saved = fol_store_load_game (store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (saved->seed, ==, 777);
  g_assert_cmpuint (saved->n_seats, ==, 3);
  g_assert_cmpstr (saved->seats[1].name, ==, "Hazel");
  g_assert_false (saved->seats[1].human);
  g_assert_cmpint (saved->seats[1].level, ==, FOL_AI_EXPERT);
  g_clear_object (&p.game);

  /* a solo campaign */
  d = fol_new_game_dialog_new (NULL, store);
  g_signal_connect (d, "play", G_CALLBACK (on_play), &p);
  fol_new_game_dialog_set_n_seats (d, 1);
  fol_new_game_dialog_set_campaign (d, TRUE);
  fol_new_game_dialog_set_seat (d, 0, "Ann", FOL_SEAT_PERSON, 7);  /* 4B */
  g_assert_true (fol_new_game_dialog_start (d));
  g_assert_nonnull (p.campaign);
  g_assert_cmpint (fol_campaign_get_side (p.campaign), ==, 7);
  g_assert_cmpint (fol_summer_game_get_state (p.game)->setup.campaign_game, ==, 0);
  g_assert_cmpint (fol_campaign_get_game_id (p.campaign, 0), ==, fol_game_get_store_id (FOL_GAME (p.game)));
  g_clear_object (&p.game);
  g_clear_object (&p.campaign);

  /* without a store: a campaign is refused, a game is played unsaved */
  d = fol_new_game_dialog_new (NULL, NULL);
  g_signal_connect (d, "play", G_CALLBACK (on_play), &p);
  fol_new_game_dialog_set_n_seats (d, 1);
  fol_new_game_dialog_set_campaign (d, TRUE);
  g_assert_nonnull (fol_new_game_dialog_get_error (d));
  fol_new_game_dialog_set_campaign (d, FALSE);
  g_assert_true (fol_new_game_dialog_start (d));
  g_assert_cmpint (fol_game_get_store_id (FOL_GAME (p.game)), ==, 0);
  g_clear_object (&p.game);
  ui_test_wait (50);
}

static void
find_rows (GtkWidget *w, const char *title, GtkWidget **found)
{
  if (ADW_IS_PREFERENCES_ROW (w) && g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (w)), title) == 0)
    *found = w;
  for (GtkWidget *c = gtk_widget_get_first_child (w); c; c = gtk_widget_get_next_sibling (c))
    find_rows (c, title, found);
}

static GtkWidget *
find_check (GtkWidget *w)
{
  if (GTK_IS_CHECK_BUTTON (w))
    return w;
  for (GtkWidget *c = gtk_widget_get_first_child (w); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_check (c);
      if (found)
        return found;
    }
  return NULL;
}

/* Every "Level" row, seat by seat. */
static void
find_level_rows (GtkWidget *w, GPtrArray *rows)
{
  if (ADW_IS_COMBO_ROW (w) && g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (w)), "Level") == 0)
    g_ptr_array_add (rows, w);
  for (GtkWidget *c = gtk_widget_get_first_child (w); c; c = gtk_widget_get_next_sibling (c))
    find_level_rows (c, rows);
}

static const char *
row_item (AdwComboRow *row, guint i)
{
  g_autoptr (GtkStringObject) o = g_list_model_get_item (adw_combo_row_get_model (row), i);
  return g_intern_string (gtk_string_object_get_string (o));
}

/* The four levels by name, each with what to expect; Normal by default;
 * Fall offers the same four, and a level chosen stays when the game
 * changes. */
static void
test_levels (void)
{
  FolNewGameDialog *d = fol_new_game_dialog_new (NULL, NULL);
  g_object_ref_sink (d);
  gtk_window_present (GTK_WINDOW (d));
  g_autoptr (GPtrArray) rows = g_ptr_array_new ();
  find_level_rows (GTK_WIDGET (d), rows);
  g_assert_cmpuint (rows->len, ==, 4);
  AdwComboRow *row = g_ptr_array_index (rows, 1);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (row)));  /* seat 2 is the computer's */
  GListModel *model = adw_combo_row_get_model (row);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 4);
  const char *names[] = { "Easy", "Normal", "Hard", "Expert" };
  for (int l = 0; l < 4; l++)
    {
      g_assert_cmpstr (row_item (row, (guint) l), ==, names[l]);
      g_assert_cmpstr (fol_new_game_dialog_level_name (l), ==, names[l]);
      const char *what = fol_new_game_dialog_level_description (l);
      g_assert_cmpuint (strlen (what), >, 10);
      for (int k = 0; k < l; k++)
        g_assert_cmpstr (what, !=, fol_new_game_dialog_level_description (k));
    }
  g_assert_cmpuint (adw_combo_row_get_selected (row), ==, FOL_AI_NORMAL);
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==,
                   fol_new_game_dialog_level_description (FOL_AI_NORMAL));
  /* the subtitle follows the choice */
  adw_combo_row_set_selected (row, FOL_AI_EXPERT);
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==,
                   fol_new_game_dialog_level_description (FOL_AI_EXPERT));
  SummerSetup setup;
  g_autoptr (GPtrArray) players = NULL;
  g_assert_true (fol_new_game_dialog_get_setup (d, &setup, &players, NULL, NULL));
  g_assert_cmpint (fol_player_get_level (g_ptr_array_index (players, 1)), ==, FOL_AI_EXPERT);
  g_clear_pointer (&players, g_ptr_array_unref);

  /* Fall: the same four levels; the choice made for Indian Summer stays */
  guint n = 0;
  const int *fall = fol_new_game_dialog_offered_levels ("fall", &n);
  g_assert_cmpuint (n, ==, 4);
  for (guint l = 0; l < n; l++)
    g_assert_cmpint (fall[l], ==, (int) l);
  fol_new_game_dialog_set_seat (d, 1, NULL, FOL_AI_HARD, -1);
  GtkWidget *fall_row = NULL;
  find_rows (GTK_WIDGET (d), "Fall", &fall_row);
  gtk_check_button_set_active (GTK_CHECK_BUTTON (find_check (fall_row)), TRUE);
  g_assert_cmpuint (g_list_model_get_n_items (adw_combo_row_get_model (row)), ==, 4);
  for (int l = 0; l < 4; l++)
    g_assert_cmpstr (row_item (row, (guint) l), ==, names[l]);
  g_assert_cmpuint (adw_combo_row_get_selected (row), ==, FOL_AI_HARD);
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==,
                   fol_new_game_dialog_level_description (FOL_AI_HARD));
  g_assert_true (fol_new_game_dialog_get_setup (d, &setup, &players, NULL, NULL));
  g_assert_cmpint (fol_player_get_level (g_ptr_array_index (players, 1)), ==, FOL_AI_HARD);
  g_clear_pointer (&players, g_ptr_array_unref);
  /* Expert for Fall as well */
  adw_combo_row_set_selected (row, 3);
  g_assert_true (fol_new_game_dialog_get_setup (d, &setup, &players, NULL, NULL));
  g_assert_cmpint (fol_player_get_level (g_ptr_array_index (players, 1)), ==, FOL_AI_EXPERT);
  g_clear_pointer (&players, g_ptr_array_unref);
  GtkWidget *summer_row = NULL;
  find_rows (GTK_WIDGET (d), "Indian Summer", &summer_row);
  gtk_check_button_set_active (GTK_CHECK_BUTTON (find_check (summer_row)), TRUE);
  g_assert_cmpuint (g_list_model_get_n_items (adw_combo_row_get_model (row)), ==, 4);
  g_assert_true (fol_new_game_dialog_get_setup (d, &setup, &players, NULL, NULL));
  g_assert_cmpint (fol_player_get_level (g_ptr_array_index (players, 1)), ==, FOL_AI_EXPERT);
  gtk_window_destroy (GTK_WINDOW (d));
  g_object_unref (d);
}

/* Choosing Fall: two seats, no Forest Floors, no solo options; Start gives a Fall game. */
static void
test_fall_game (void)
{
  FolNewGameDialog *d = fol_new_game_dialog_new (NULL, NULL);
  g_object_ref_sink (d);
  gtk_window_present (GTK_WINDOW (d));
  GtkWidget *fall = NULL;
  find_rows (GTK_WIDGET (d), "Fall", &fall);
  g_assert_nonnull (fall);
  g_assert_true (gtk_widget_get_sensitive (fall));
  GtkWidget *check = find_check (fall);
  g_assert_nonnull (check);
  fol_new_game_dialog_set_n_seats (d, 3);
  gtk_check_button_set_active (GTK_CHECK_BUTTON (check), TRUE);
  SummerSetup setup;
  g_autoptr (GPtrArray) players = NULL;
  g_assert_true (fol_new_game_dialog_get_setup (d, &setup, &players, NULL, NULL));
  g_assert_cmpuint (players->len, ==, 2);
  Played p = { 0 };
  g_signal_connect (d, "play", G_CALLBACK (on_play), &p);
  g_assert_true (fol_new_game_dialog_start (d));
  g_assert_cmpint (p.n, ==, 1);
  g_assert_true (FOL_IS_FALL_GAME (p.game));
  g_assert_null (p.campaign);
  g_assert_cmpuint (fol_game_get_n_seats (FOL_GAME (p.game)), ==, 2);
  g_clear_object (&p.game);
  g_object_unref (d);
}

int
main (int argc, char *argv[])
{
  if (!ui_test_init (&argc, &argv))
    return 0;
  g_test_add_func ("/ui/new-game-dialog/default-setup", test_default_setup);
  g_test_add_func ("/ui/new-game-dialog/seats-sides-seed", test_seats_sides_seed);
  g_test_add_func ("/ui/new-game-dialog/start-saves", test_start_saves);
  g_test_add_func ("/ui/new-game-dialog/fall-game", test_fall_game);
  g_test_add_func ("/ui/new-game-dialog/levels", test_levels);
  int ret = g_test_run ();
  ui_test_cleanup ();
  return ret;
}
