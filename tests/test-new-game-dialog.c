/* test-new-game-dialog.c: the New Game dialog builds the set-up the user
 * chose (players, levels, names, sides, seed, start player), refuses two
 * players on one board, starts a game (saved) or a campaign, or a game of
 * Fall with its Season board side and first player; it remembers the
 * choices for the next time (GSettings), deletes the games left without a
 * move when a newer one starts, and shows each Forest Floor side as a
 * picture; a deal code pasted into it deals that deal. */
#include "config.h"

#include "ui-test-util.h"
#include "fol-new-game-dialog.h"
#include "fol-player.h"
#include "fol-fall-game.h"
#include "fol-deal-code.h"

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

/* Every row titled @title ("Level", "Name", ...), seat by seat. */
static void
find_all_rows (GtkWidget *w, const char *title, GPtrArray *rows)
{
  if (ADW_IS_PREFERENCES_ROW (w) && g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (w)), title) == 0)
    g_ptr_array_add (rows, w);
  for (GtkWidget *c = gtk_widget_get_first_child (w); c; c = gtk_widget_get_next_sibling (c))
    find_all_rows (c, title, rows);
}

static const char *
row_item (AdwComboRow *row, guint i)
{
  g_autoptr (GtkStringObject) o = g_list_model_get_item (adw_combo_row_get_model (row), i);
  return g_intern_string (gtk_string_object_get_string (o));
}

/* Forgets the choices remembered by an earlier test: the dialog proposes
 * its first defaults again. */
static void
reset_choices (void)
{
  g_autoptr (GSettings) settings = g_settings_new ("io.github.foliage.Foliage");
  const char *keys[] = { "new-game", "new-game-players", "new-game-seats", "new-game-campaign",
                         "new-game-start-player", "new-game-fall-first-player", "new-game-fall-side" };
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    g_settings_reset (settings, keys[i]);
}

/* A new dialog on screen, held by the caller (close_dialog()). */
static FolNewGameDialog *
open_dialog (FolStore *store)
{
  FolNewGameDialog *d = fol_new_game_dialog_new (NULL, store);
  g_object_ref_sink (d);
  gtk_window_present (GTK_WINDOW (d));
  return d;
}

static void
close_dialog (FolNewGameDialog *d)
{
  gtk_window_destroy (GTK_WINDOW (d));
  g_object_unref (d);
}

/* Ticks the game @title ("Fall", "Indian Summer") as a click would. */
static void
choose_game (FolNewGameDialog *d, const char *title)
{
  GtkWidget *row = NULL;
  find_rows (GTK_WIDGET (d), title, &row);
  g_assert_nonnull (row);
  gtk_check_button_set_active (GTK_CHECK_BUTTON (find_check (row)), TRUE);
}

static void
test_default_setup (void)
{
  reset_choices ();
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
  /* the start player is drawn at random: either seat may come first */
  FolPlayer *person = g_ptr_array_index (players, 0), *computer = g_ptr_array_index (players, 1);
  if (!fol_player_get_human (person))
    {
      person = g_ptr_array_index (players, 1);
      computer = g_ptr_array_index (players, 0);
    }
  g_assert_true (fol_player_get_human (person));
  g_assert_false (fol_player_get_human (computer));
  g_assert_cmpint (fol_player_get_level (computer), ==, FOL_AI_NORMAL);
  g_assert_cmpstr (fol_player_get_name (computer), ==, "Hazel");
  g_assert_null (fol_new_game_dialog_get_error (d));
  /* the Start player row: "At random", then the players by name */
  GtkWidget *start_row = NULL;
  find_rows (GTK_WIDGET (d), "S_tart player", &start_row);
  g_assert_nonnull (start_row);
  g_assert_true (gtk_widget_get_visible (start_row));
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (start_row)), ==, 0);
  g_assert_cmpstr (row_item (ADW_COMBO_ROW (start_row), 0), ==, "At random");
  g_assert_cmpstr (row_item (ADW_COMBO_ROW (start_row), 2), ==, "Hazel");
  /* Fall's rows are hidden */
  GtkWidget *season = NULL;
  find_rows (GTK_WIDGET (d), "Season _board", &season);
  g_assert_nonnull (season);
  g_assert_false (gtk_widget_get_visible (season));
  gtk_window_destroy (GTK_WINDOW (d));
}

static void
test_seats_sides_seed (void)
{
  reset_choices ();
  FolNewGameDialog *d = fol_new_game_dialog_new (NULL, NULL);
  fol_new_game_dialog_set_n_seats (d, 4);
  fol_new_game_dialog_set_start_player (d, 0);
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
  reset_choices ();
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
  fol_new_game_dialog_set_start_player (d, 0);
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

/* The four levels by name, each with what to expect; Normal by default;
 * Fall offers the same four, and a level chosen stays when the game
 * changes. */
static void
test_levels (void)
{
  reset_choices ();
  FolNewGameDialog *d = open_dialog (NULL);
  fol_new_game_dialog_set_start_player (d, 0);   /* the players in the dialog's order */
  g_autoptr (GPtrArray) rows = g_ptr_array_new ();
  find_all_rows (GTK_WIDGET (d), "Level", rows);
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
  choose_game (d, "Fall");
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
  choose_game (d, "Indian Summer");
  g_assert_cmpuint (g_list_model_get_n_items (adw_combo_row_get_model (row)), ==, 4);
  g_assert_true (fol_new_game_dialog_get_setup (d, &setup, &players, NULL, NULL));
  g_assert_cmpint (fol_player_get_level (g_ptr_array_index (players, 1)), ==, FOL_AI_EXPERT);
  close_dialog (d);
}

/* Choosing Fall: two seats, no Forest Floors, no solo options; Start gives a Fall game. */
static void
test_fall_game (void)
{
  reset_choices ();
  FolNewGameDialog *d = open_dialog (NULL);
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

/* The start player leads the turn order; the others follow in the dialog's
 * order.  At random, it is drawn from the seed: the same seed, the same
 * start player. */
static void
test_start_player (void)
{
  reset_choices ();
  FolNewGameDialog *d = open_dialog (NULL);
  fol_new_game_dialog_set_n_seats (d, 4);
  const char *names[] = { "Ann", "Bob", "Cy", "Di" };
  for (int i = 0; i < 4; i++)
    fol_new_game_dialog_set_seat (d, (guint) i, names[i], i == 0 ? FOL_SEAT_PERSON : FOL_AI_EASY + i - 1,
                                  2 * i);   /* 1A, 2A, 3A, 4A */
  fol_new_game_dialog_set_seed_text (d, "99");
  /* the row names the players as they are typed */
  GtkWidget *start_row = NULL;
  find_rows (GTK_WIDGET (d), "S_tart player", &start_row);
  g_assert_cmpuint (g_list_model_get_n_items (adw_combo_row_get_model (ADW_COMBO_ROW (start_row))), ==, 5);
  g_assert_cmpstr (row_item (ADW_COMBO_ROW (start_row), 3), ==, "Cy");

  /* Cy starts (chosen in the row): Cy, Di, Ann, Bob, each with their side and level */
  adw_combo_row_set_selected (ADW_COMBO_ROW (start_row), 3);
  SummerSetup setup;
  g_autoptr (GPtrArray) players = NULL;
  g_assert_true (fol_new_game_dialog_get_setup (d, &setup, &players, NULL, NULL));
  const int order[] = { 2, 3, 0, 1 };
  for (int i = 0; i < 4; i++)
    {
      g_assert_cmpstr (fol_player_get_name (g_ptr_array_index (players, i)), ==, names[order[i]]);
      g_assert_cmpint (setup.side[i], ==, 2 * order[i]);
    }
  g_assert_true (fol_player_get_human (g_ptr_array_index (players, 2)));
  g_assert_cmpint (fol_player_get_level (g_ptr_array_index (players, 1)), ==, FOL_AI_HARD);
  g_clear_pointer (&players, g_ptr_array_unref);

  /* a new name shows in the row, the choice stays */
  fol_new_game_dialog_set_seat (d, 2, "Cyril", FOL_AI_EASY + 1, 4);
  g_assert_cmpstr (row_item (ADW_COMBO_ROW (start_row), 3), ==, "Cyril");
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (start_row)), ==, 3);

  /* at random: drawn from the seed, the same for the same seed; every
   * player starts for some seed */
  fol_new_game_dialog_set_start_player (d, -1);
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (start_row)), ==, 0);
  gboolean started[4] = { FALSE };
  for (int seed = 0; seed < 40; seed++)
    {
      g_autofree char *text = g_strdup_printf ("%d", seed);
      fol_new_game_dialog_set_seed_text (d, text);
      g_autoptr (GPtrArray) a = NULL;
      g_autoptr (GPtrArray) b = NULL;
      g_assert_true (fol_new_game_dialog_get_setup (d, &setup, &a, NULL, NULL));
      g_assert_true (fol_new_game_dialog_get_setup (d, &setup, &b, NULL, NULL));
      const char *first = fol_player_get_name (g_ptr_array_index (a, 0));
      g_assert_cmpstr (first, ==, fol_player_get_name (g_ptr_array_index (b, 0)));
      for (int i = 0; i < 4; i++)
        started[i] |= g_strcmp0 (first, i == 2 ? "Cyril" : names[i]) == 0;
    }
  for (int i = 0; i < 4; i++)
    g_assert_true (started[i]);

  /* one player: no start player to choose */
  fol_new_game_dialog_set_n_seats (d, 1);
  g_assert_false (gtk_widget_get_visible (start_row));
  close_dialog (d);
}

/* Fall: the Season board side and the first player reach the engine. */
static void
test_fall_options (void)
{
  reset_choices ();
  FolNewGameDialog *d = open_dialog (NULL);
  choose_game (d, "Fall");
  GtkWidget *season = NULL, *first = NULL;
  find_rows (GTK_WIDGET (d), "Season _board", &season);
  find_rows (GTK_WIDGET (d), "_First player", &first);
  g_assert_nonnull (first);
  g_assert_true (gtk_widget_get_visible (season));
  g_assert_true (gtk_widget_get_visible (first));
  g_assert_cmpuint (g_list_model_get_n_items (adw_combo_row_get_model (ADW_COMBO_ROW (first))), ==, 3);
  FallOptions options;
  fol_new_game_dialog_get_fall_options (d, &options);
  g_assert_cmpint (options.side, ==, -1);
  g_assert_cmpint (options.first_player, ==, -1);

  adw_combo_row_set_selected (ADW_COMBO_ROW (season), 2);   /* side B */
  adw_combo_row_set_selected (ADW_COMBO_ROW (first), 2);    /* Player 2, Hazel */
  fol_new_game_dialog_get_fall_options (d, &options);
  g_assert_cmpint (options.side, ==, 1);
  g_assert_cmpint (options.first_player, ==, 1);
  Played p = { 0 };
  g_signal_connect (d, "play", G_CALLBACK (on_play), &p);
  g_assert_true (fol_new_game_dialog_start (d));
  const FallState *s = fol_fall_game_get_state (FOL_FALL_GAME (p.game));
  g_assert_cmpint (s->side, ==, 1);
  g_assert_cmpint (s->first_player, ==, 1);
  g_assert_cmpint (fol_game_get_current_seat (FOL_GAME (p.game)), ==, 1);
  /* Fall keeps the dialog's order: Hazel is seat 1 */
  g_assert_cmpstr (fol_player_get_name (fol_game_get_player (FOL_GAME (p.game), 1)), ==, "Hazel");
  g_clear_object (&p.game);
  g_object_unref (d);
}

static int
combo_selected (GtkWidget *d, const char *title, guint seat)
{
  g_autoptr (GPtrArray) rows = g_ptr_array_new ();
  find_all_rows (d, title, rows);
  g_assert_cmpuint (rows->len, >, seat);
  return (int) adw_combo_row_get_selected (g_ptr_array_index (rows, seat));
}

static const char *
entry_text (GtkWidget *d, guint seat)
{
  g_autoptr (GPtrArray) rows = g_ptr_array_new ();
  find_all_rows (d, "Name", rows);
  return gtk_editable_get_text (GTK_EDITABLE (g_ptr_array_index (rows, seat)));
}

static gboolean
is_spin (GtkWidget *w)
{
  return GTK_IS_SPIN_BUTTON (w);
}

/* The dialog proposes what was started last: choose, start, open it again:
 * the same choices (GSETTINGS_BACKEND=memory). */
static void
test_remembers (void)
{
  reset_choices ();
  ui_test_reset_store ();
  g_autoptr (GError) error = NULL;
  g_autoptr (FolStore) store = fol_store_new (NULL, &error);
  g_assert_no_error (error);
  Played p = { 0 };

  FolNewGameDialog *d = fol_new_game_dialog_new (NULL, store);
  g_signal_connect (d, "play", G_CALLBACK (on_play), &p);
  fol_new_game_dialog_set_n_seats (d, 3);
  fol_new_game_dialog_set_seat (d, 0, "Ann", FOL_SEAT_PERSON, 11);       /* 6B */
  fol_new_game_dialog_set_seat (d, 1, "Bob", FOL_SEAT_PERSON, -1);
  fol_new_game_dialog_set_seat (d, 2, NULL, FOL_AI_EXPERT, 2);           /* Rowan, 2A */
  fol_new_game_dialog_set_start_player (d, 1);
  fol_new_game_dialog_set_seed_text (d, "5");
  g_assert_true (fol_new_game_dialog_start (d));
  g_assert_cmpstr (fol_player_get_name (fol_game_get_player (FOL_GAME (p.game), 0)), ==, "Bob");
  g_clear_object (&p.game);

  /* again: the same players, levels, sides and start player; no seed */
  d = open_dialog (store);
  GtkWidget *w = GTK_WIDGET (d);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (ui_test_find_first (w, is_spin))), ==, 3);
  g_assert_cmpstr (entry_text (w, 0), ==, "Ann");
  g_assert_cmpstr (entry_text (w, 1), ==, "Bob");
  g_assert_cmpstr (entry_text (w, 2), ==, "Rowan");
  g_assert_cmpint (combo_selected (w, "Played by", 1), ==, 0);          /* a person */
  g_assert_cmpint (combo_selected (w, "Played by", 2), ==, 1);          /* the computer */
  g_assert_cmpint (combo_selected (w, "Level", 2), ==, FOL_AI_EXPERT);
  g_assert_cmpint (combo_selected (w, "Forest Floor", 0), ==, 12);      /* 6B */
  g_assert_cmpint (combo_selected (w, "Forest Floor", 1), ==, 0);       /* random */
  g_assert_cmpint (combo_selected (w, "Forest Floor", 2), ==, 3);       /* 2A */
  GtkWidget *start_row = NULL;
  find_rows (w, "S_tart player", &start_row);
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (start_row)), ==, 2);
  g_assert_cmpstr (row_item (ADW_COMBO_ROW (start_row), 2), ==, "Bob");
  GtkWidget *seed = NULL;
  find_rows (w, "S_eed (optional)", &seed);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (seed)), ==, "");

  /* now Fall, side A, Bob first */
  choose_game (d, "Fall");
  fol_new_game_dialog_set_season_side (d, 0);
  fol_new_game_dialog_set_start_player (d, 1);
  g_signal_connect (d, "play", G_CALLBACK (on_play), &p);
  g_assert_true (fol_new_game_dialog_start (d));
  g_assert_true (FOL_IS_FALL_GAME (p.game));
  g_clear_object (&p.game);
  g_object_unref (d);

  /* Fall is proposed, with its choices; Indian Summer's stay as they were */
  d = open_dialog (store);
  w = GTK_WIDGET (d);
  GtkWidget *fall = NULL;
  find_rows (w, "Fall", &fall);
  g_assert_true (gtk_check_button_get_active (GTK_CHECK_BUTTON (find_check (fall))));
  FallOptions options;
  fol_new_game_dialog_get_fall_options (d, &options);
  g_assert_cmpint (options.side, ==, 0);
  g_assert_cmpint (options.first_player, ==, 1);
  choose_game (d, "Indian Summer");
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (ui_test_find_first (w, is_spin))), ==, 3);
  find_rows (w, "S_tart player", &start_row);
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (start_row)), ==, 2);
  close_dialog (d);
  ui_test_wait (50);
}

/* Start deletes the games started before and left without a move, never
 * one with moves. */
static void
test_unstarted_deleted (void)
{
  reset_choices ();
  ui_test_reset_store ();
  g_autoptr (GError) error = NULL;
  g_autoptr (FolStore) store = fol_store_new (NULL, &error);
  g_assert_no_error (error);
  g_autoptr (FolSummerGame) played = ui_test_new_game (store, 2, 61);
  ui_test_play (played, 1);
  Played p = { 0 };
  gint64 ids[2];
  for (int i = 0; i < 2; i++)
    {
      FolNewGameDialog *d = fol_new_game_dialog_new (NULL, store);
      g_signal_connect (d, "play", G_CALLBACK (on_play), &p);
      fol_new_game_dialog_set_start_player (d, 0);   /* the person: no move is made */
      g_assert_true (fol_new_game_dialog_start (d));
      ids[i] = fol_game_get_store_id (FOL_GAME (p.game));
      g_clear_object (&p.game);
    }
  g_autoptr (GArray) games = fol_store_list_games (store, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (games->len, ==, 2);
  g_autoptr (FolSavedGame) first = fol_store_load_game (store, ids[0], &error);
  g_assert_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_autoptr (FolSavedGame) second = fol_store_load_game (store, ids[1], &error);
  g_assert_no_error (error);
  g_autoptr (FolSavedGame) kept = fol_store_load_game (store, fol_game_get_store_id (FOL_GAME (played)), &error);
  g_assert_no_error (error);
  ui_test_wait (50);
}

/* A picture on screen (not one of the list of sides, in its closed popover). */
static gboolean
is_drawing_area (GtkWidget *w)
{
  return GTK_IS_DRAWING_AREA (w) && gtk_widget_get_mapped (w);
}

/* The colours of @widget as drawn: how many different ones (a Forest Floor
 * side shows its Areas and printed treasures in several). */
static guint
count_colours (GtkWidget *widget)
{
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  g_assert_cmpint (width, >, 0);
  g_autoptr (GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  g_autoptr (GtkSnapshot) snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  g_autoptr (GskRenderNode) node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);
  if (node != NULL)
    gsk_render_node_draw (node, cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  g_autoptr (GHashTable) colours = g_hash_table_new (g_direct_hash, g_direct_equal);
  const guint32 *px = (const guint32 *) cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface) / 4;
  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      g_hash_table_add (colours, GUINT_TO_POINTER (px[y * stride + x]));
  cairo_surface_destroy (surface);
  return g_hash_table_size (colours);
}

/* The Forest Floor row shows the side chosen as a picture drawn by the
 * board painter; "Random" as an outline. */
static void
test_floor_pictures (void)
{
  reset_choices ();
  FolNewGameDialog *d = open_dialog (NULL);
  g_autoptr (GPtrArray) rows = g_ptr_array_new ();
  find_all_rows (GTK_WIDGET (d), "Forest Floor", rows);
  g_assert_cmpuint (rows->len, ==, 4);
  GtkWidget *row = g_ptr_array_index (rows, 0);
  g_assert_nonnull (adw_combo_row_get_factory (ADW_COMBO_ROW (row)));
  g_assert_nonnull (adw_combo_row_get_list_factory (ADW_COMBO_ROW (row)));
  ui_test_wait (50);
  GtkWidget *picture = ui_test_find_first (row, is_drawing_area);
  g_assert_nonnull (picture);
  guint random_colours = count_colours (picture);
  fol_new_game_dialog_set_seat (d, 0, NULL, FOL_SEAT_PERSON, 5);   /* 3B */
  ui_test_wait (50);
  picture = ui_test_find_first (row, is_drawing_area);
  g_assert_cmpint (gtk_drawing_area_get_content_width (GTK_DRAWING_AREA (picture)), >, 0);
  guint side_colours = count_colours (picture);
  g_test_message ("colours: random %u, side 3B %u", random_colours, side_colours);
  g_assert_cmpuint (side_colours, >, random_colours);
  g_assert_cmpuint (side_colours, >=, 8);
  close_dialog (d);
}

static gboolean
is_start_button (GtkWidget *w)
{
  return GTK_IS_BUTTON (w) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (w)), "_Start") == 0;
}

/* The first row titled @title, depth first (an expander row holds a row
 * of the same title inside). */
static GtkWidget *
find_row (FolNewGameDialog *d, const char *title)
{
  g_autoptr (GPtrArray) rows = g_ptr_array_new ();
  find_all_rows (GTK_WIDGET (d), title, rows);
  g_assert_cmpuint (rows->len, >, 0);
  return g_ptr_array_index (rows, 0);
}

/* The labels under @w, shown (they and their parents visible), whose text
 * holds @part. */
static guint
count_shown_labels (GtkWidget *w, const char *part)
{
  if (!gtk_widget_get_visible (w))
    return 0;
  guint n = GTK_IS_LABEL (w) && strstr (gtk_label_get_text (GTK_LABEL (w)), part) ? 1 : 0;
  for (GtkWidget *c = gtk_widget_get_first_child (w); c; c = gtk_widget_get_next_sibling (c))
    n += count_shown_labels (c, part);
  return n;
}

/* Types @code into "Deal code" under "Play a deal from a code", as a
 * person pasting it. */
static void
paste_code (FolNewGameDialog *d, const char *code)
{
  GtkWidget *expander = find_row (d, "Play a deal from a code");
  adw_expander_row_set_expanded (ADW_EXPANDER_ROW (expander), TRUE);
  gtk_editable_set_text (GTK_EDITABLE (find_row (d, "Deal _code")), code);
}

/* The rows a deal code sets are locked (insensitive) or all free. */
static void
assert_locked (FolNewGameDialog *d, gboolean locked)
{
  const char *titles[] = { "Indian Summer", "Fall", "Solo _mode", "Season _board", "S_eed (optional)" };
  for (guint i = 0; i < G_N_ELEMENTS (titles); i++)
    g_assert_cmpint (gtk_widget_get_sensitive (find_row (d, titles[i])), ==, !locked);
  g_autoptr (GPtrArray) sides = g_ptr_array_new ();
  find_all_rows (GTK_WIDGET (d), "Forest Floor", sides);
  for (guint i = 0; i < sides->len; i++)
    g_assert_cmpint (gtk_widget_get_sensitive (g_ptr_array_index (sides, i)), ==, !locked);
  GtkWidget *spin = ui_test_find_first (GTK_WIDGET (d), is_spin);
  gboolean summer = gtk_check_button_get_active (GTK_CHECK_BUTTON (find_check (find_row (d, "Indian Summer"))));
  g_assert_cmpint (gtk_widget_get_sensitive (spin), ==, !locked && summer);
}

static void
assert_start_sensitive (FolNewGameDialog *d, gboolean sensitive)
{
  GtkWidget *start = ui_test_find_first (GTK_WIDGET (d), is_start_button);
  g_assert_nonnull (start);
  g_assert_cmpint (gtk_widget_get_sensitive (start), ==, sensitive);
}

/* Clicks Start; returns the game ::play carried (the dialog closes). */
static FolGame *
click_start (FolNewGameDialog *d, FolCampaign **campaign)
{
  Played p = { 0 };
  gulong id = g_signal_connect (d, "play", G_CALLBACK (on_play), &p);
  g_object_ref (d);
  g_signal_emit_by_name (ui_test_find_first (GTK_WIDGET (d), is_start_button), "clicked");
  g_assert_cmpint (p.n, ==, 1);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (d)));
  g_signal_handler_disconnect (d, id);
  g_object_unref (d);
  if (campaign)
    *campaign = p.campaign;
  else
    g_clear_object (&p.campaign);
  return FOL_GAME (p.game);
}

/* "Play a deal from a code": a code fills in and locks the game, the
 * players and the sides, and Start deals exactly its deal (the state
 * hash of the set-up); a text that is no code says why and Start is
 * insensitive; clearing the code frees the rows and gives the seed back. */
static void
test_deal_code (void)
{
  reset_choices ();
  ui_test_reset_store ();
  g_autoptr (GError) error = NULL;
  g_autoptr (FolStore) store = fol_store_new (NULL, &error);
  g_assert_no_error (error);

  /* Indian Summer, 3 players: 1A, drawn, 6B */
  SummerSetup setup;
  summer_setup_init (&setup, 3, 777);
  setup.side[0] = 0;
  setup.side[2] = 11;
  FolDeal deal;
  fol_deal_init_summer (&deal, &setup);
  g_autofree char *code = fol_deal_code_format (&deal, NULL);
  SummerState expected;
  g_assert_true (summer_state_new_game (&setup, &expected, NULL));

  FolNewGameDialog *d = open_dialog (store);
  fol_new_game_dialog_set_seed_text (d, "my seed");
  choose_game (d, "Fall");
  assert_locked (d, FALSE);
  g_autofree char *typed = g_ascii_strdown (code, -1);
  paste_code (d, typed);
  g_assert_true (fol_new_game_dialog_get_has_deal_code (d));
  g_assert_null (fol_new_game_dialog_get_error (d));
  assert_start_sensitive (d, TRUE);
  assert_locked (d, TRUE);
  GtkWidget *summer = find_row (d, "Indian Summer");
  g_assert_true (gtk_check_button_get_active (GTK_CHECK_BUTTON (find_check (summer))));
  GtkWidget *spin = ui_test_find_first (GTK_WIDGET (d), is_spin);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (spin)), ==, 3);
  g_assert_cmpint (combo_selected (GTK_WIDGET (d), "Forest Floor", 0), ==, 1);    /* 1A */
  g_assert_cmpint (combo_selected (GTK_WIDGET (d), "Forest Floor", 1), ==, 0);    /* Random */
  g_assert_cmpint (combo_selected (GTK_WIDGET (d), "Forest Floor", 2), ==, 12);   /* 6B */
  GtkWidget *start_row = find_row (d, "S_tart player");
  g_assert_false (gtk_widget_get_sensitive (start_row));
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (start_row)), ==, 1);   /* Player 1 starts */
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (find_row (d, "S_eed (optional)"))), ==, "777");
  g_autofree char *words = ui_test_collect_text (find_row (d, "Play a deal from a code"));
  g_assert_nonnull (strstr (words, "The code sets the game"));

  /* a typing error: said, Start off, the rows free again, the seed back */
  g_autofree char *typo = g_strdup (code);
  typo[strlen (typo) - 1] = typo[strlen (typo) - 1] == 'Z' ? 'Y' : 'Z';
  paste_code (d, typo);
  g_assert_false (fol_new_game_dialog_get_has_deal_code (d));
  g_assert_nonnull (fol_new_game_dialog_get_error (d));
  g_assert_nonnull (strstr (fol_new_game_dialog_get_error (d), "typing error"));
  assert_start_sensitive (d, FALSE);
  g_assert_false (fol_new_game_dialog_start (d));
  g_assert_true (gtk_widget_has_css_class (find_row (d, "Deal _code"), "error"));
  g_clear_pointer (&words, g_free);
  words = ui_test_collect_text (GTK_WIDGET (d));
  g_assert_nonnull (strstr (words, "typing error"));
  /* said once, on the code's row (not again between Players and Player 1) */
  g_assert_cmpuint (count_shown_labels (GTK_WIDGET (d), "typing error"), ==, 1);
  assert_locked (d, FALSE);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (find_row (d, "S_eed (optional)"))), ==, "my seed");
  /* each kind of text that is no code says its own reason */
  const struct { const char *text; const char *says; } bad[] = {
    { "XY2-RR-K7QX-M2PD", "IS (Indian Summer) or FA (Fall)" },
    { "IS5-R", "number of players" },
    { "IS2-R7A-K7QX-M2PD", "Forest Floor side" },
    { "IS2-RR-K7Q", "too short or too long" },
    { "IS2-RR-K7QX-M2P!", "only letters and digits" },
    { "IS2C1-RR-K7QX-M2PD", "campaign game" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      paste_code (d, bad[i].text);
      g_assert_nonnull (strstr (fol_new_game_dialog_get_error (d), bad[i].says));
      assert_start_sensitive (d, FALSE);
    }
  /* cleared: nothing to say, Start back */
  paste_code (d, "");
  g_assert_null (fol_new_game_dialog_get_error (d));
  assert_start_sensitive (d, TRUE);
  g_assert_false (gtk_widget_has_css_class (find_row (d, "Deal _code"), "error"));

  /* the code again, then Start: exactly its deal, saved */
  paste_code (d, code);
  fol_new_game_dialog_set_seat (d, 1, "Bob", FOL_SEAT_PERSON, -1);
  g_autoptr (FolGame) game = click_start (d, NULL);
  g_assert_true (FOL_IS_SUMMER_GAME (game));
  g_assert_cmpuint (fol_game_get_hash (game), ==, summer_state_hash (&expected));
  g_assert_cmpstr (fol_player_get_name (fol_game_get_player (game, 1)), ==, "Bob");
  g_autofree char *again = fol_deal_code_for_game (game);
  g_assert_cmpstr (again, ==, code);
  g_assert_cmpint (fol_game_get_store_id (game), >, 0);
  g_object_unref (d);

  /* Fall: side B, the second player first */
  FolDeal fall_deal;
  fol_deal_init_fall (&fall_deal, 4242, 1, 1);
  g_autofree char *fall_code = fol_deal_code_format (&fall_deal, NULL);
  d = open_dialog (store);
  paste_code (d, fall_code);
  g_assert_true (gtk_check_button_get_active (GTK_CHECK_BUTTON (find_check (find_row (d, "Fall")))));
  GtkWidget *season = find_row (d, "Season _board");
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (season)), ==, 2);   /* side B */
  g_assert_false (gtk_widget_get_sensitive (season));
  GtkWidget *first = find_row (d, "_First player");
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (first)), ==, 2);    /* Player 2 */
  g_assert_false (gtk_widget_get_sensitive (first));
  FallOptions options;
  fol_new_game_dialog_get_fall_options (d, &options);
  g_assert_cmpint (options.side, ==, 1);
  g_assert_cmpint (options.first_player, ==, 1);
  g_autoptr (FolGame) fall = click_start (d, NULL);
  g_assert_true (FOL_IS_FALL_GAME (fall));
  g_autofree FallState *fs = g_new0 (FallState, 1);
  fall_state_init (fs, fall_components_get (NULL), 4242, &options);
  g_assert_cmpuint (fol_game_get_hash (fall), ==, fall_state_hash (fs));
  g_object_unref (d);

  /* a campaign's second game: played as one game with that game's stack */
  summer_setup_init (&setup, 1, 5);
  setup.side[0] = 6;   /* 4A */
  setup.campaign_game = 1;
  fol_deal_init_summer (&deal, &setup);
  g_autofree char *campaign_code = fol_deal_code_format (&deal, NULL);
  d = open_dialog (store);
  fol_new_game_dialog_set_n_seats (d, 1);
  fol_new_game_dialog_set_campaign (d, TRUE);
  paste_code (d, campaign_code);
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (find_row (d, "Solo _mode"))), ==, 0);
  FolCampaign *campaign = NULL;
  g_autoptr (FolGame) solo = click_start (d, &campaign);
  g_assert_null (campaign);
  g_assert_cmpint (fol_summer_game_get_state (FOL_SUMMER_GAME (solo))->setup.campaign_game, ==, 1);
  g_assert_true (summer_state_new_game (&setup, &expected, NULL));
  g_assert_cmpuint (fol_game_get_hash (solo), ==, summer_state_hash (&expected));
  g_object_unref (d);
  ui_test_wait (50);
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
  g_test_add_func ("/ui/new-game-dialog/start-player", test_start_player);
  g_test_add_func ("/ui/new-game-dialog/fall-options", test_fall_options);
  g_test_add_func ("/ui/new-game-dialog/remembers", test_remembers);
  g_test_add_func ("/ui/new-game-dialog/unstarted-deleted", test_unstarted_deleted);
  g_test_add_func ("/ui/new-game-dialog/floor-pictures", test_floor_pictures);
  g_test_add_func ("/ui/new-game-dialog/deal-code", test_deal_code);
  int ret = g_test_run ();
  ui_test_cleanup ();
  return ret;
}
