/* fol-new-game-dialog.c: the New Game dialog. */
#include "config.h"

#include <glib/gi18n.h>

#include "fol-new-game-dialog.h"
#include "fol-start-page.h"
#include "fol-player.h"
#include "summer-ai.h"
#include "fol-fall-game.h"

#define MAX_SEATS SUMMER_MAX_PLAYERS

/* the "Played by" choices */
enum { KIND_PERSON, KIND_COMPUTER, N_KINDS };

typedef struct {
  AdwPreferencesGroup *group;
  AdwEntryRow *name;
  AdwComboRow *kind;
  AdwComboRow *level;           /* row i: the game's offered level i (offered_levels()) */
  AdwComboRow *side;
  int level_wanted;             /* the level chosen last, kept when the game changes */
} Seat;

struct _FolNewGameDialog
{
  AdwWindow parent_instance;

  FolStore *store;
  Seat seats[MAX_SEATS];
  char *error;

  GtkButton *start_button;
  GtkCheckButton *summer_check;
  GtkCheckButton *fall_check;
  AdwActionRow *fall_row;
  GtkSpinButton *n_seats_spin;
  AdwComboRow *mode_row;
  GtkBox *seats_box;
  GtkLabel *error_label;
  AdwEntryRow *seed_row;

  gboolean levels_fall;         /* the level rows offer Fall's levels */
  gboolean setting_levels;      /* the level rows change by program, not by the person */
};

G_DEFINE_FINAL_TYPE (FolNewGameDialog, fol_new_game_dialog, ADW_TYPE_WINDOW)

enum {
  PROP_0,
  PROP_STORE,
  N_PROPS
};
static GParamSpec *properties[N_PROPS];

enum {
  SIGNAL_PLAY,
  N_SIGNALS
};
static guint signals[N_SIGNALS];

/* The computer levels each game offers a person, weakest first
 * (ai-level.h).  Both engines play all four now (summer-ai.h, fall-ai.h);
 * the lists stay per game so that a game can offer fewer. */
static const int summer_levels[] = { FOL_AI_EASY, FOL_AI_NORMAL, FOL_AI_HARD, FOL_AI_EXPERT };
static const int fall_levels[] = { FOL_AI_EASY, FOL_AI_NORMAL, FOL_AI_HARD, FOL_AI_EXPERT };

const int *
fol_new_game_dialog_offered_levels (const char *kind, guint *n_levels)
{
  if (g_strcmp0 (kind, "fall") == 0)
    {
      *n_levels = G_N_ELEMENTS (fall_levels);
      return fall_levels;
    }
  *n_levels = G_N_ELEMENTS (summer_levels);
  return summer_levels;
}

const char *
fol_new_game_dialog_level_name (int level)
{
  switch (level)
    {
    case FOL_AI_EASY:
      /* Translators: a computer player's level, the weakest of four */
      return C_("computer level", "Easy");
    case FOL_AI_NORMAL:
      /* Translators: a computer player's level, the second of four */
      return C_("computer level", "Normal");
    case FOL_AI_HARD:
      /* Translators: a computer player's level, the third of four */
      return C_("computer level", "Hard");
    case FOL_AI_EXPERT:
      /* Translators: a computer player's level, the strongest of four */
      return C_("computer level", "Expert");
    case FOL_AI_RANDOM:
      /* Translators: a test player of the command-line tool that plays any legal move at random */
      return C_("computer level", "Random (test)");
    case FOL_AI_GREEDY:
      /* Translators: a test player of the command-line tool, the former Normal level */
      return C_("computer level", "Greedy (test)");
    default:
      return _("Unknown level");
    }
}

const char *
fol_new_game_dialog_level_description (int level)
{
  switch (level)
    {
    case FOL_AI_EASY:
      /* Translators: what to expect of the Easy computer level, in the New Game dialog */
      return _("Makes mistakes; good for learning the game");
    case FOL_AI_NORMAL:
      /* Translators: what to expect of the Normal computer level */
      return _("Plays the best move it sees, without a plan");
    case FOL_AI_HARD:
      /* Translators: what to expect of the Hard computer level */
      return _("Plans whole turns and watches what you need");
    case FOL_AI_EXPERT:
      /* Translators: what to expect of the Expert computer level */
      return _("Thinks turns ahead; may take a few seconds");
    default:
      return "";
    }
}

gboolean
fol_new_game_dialog_parse_seed (const char *text, guint64 *seed)
{
  g_autofree char *t = g_strstrip (g_strdup (text ? text : ""));
  if (*t == '\0')
    return FALSE;
  guint64 value;
  if (g_ascii_string_to_unsigned (t, 10, 0, G_MAXUINT64, &value, NULL))
    {
      *seed = value;
      return TRUE;
    }
  /* FNV-1a, 64 bits: any text is a seed */
  guint64 h = G_GUINT64_CONSTANT (0xcbf29ce484222325);
  for (const unsigned char *c = (const unsigned char *) t; *c; c++)
    {
      h ^= *c;
      h *= G_GUINT64_CONSTANT (0x100000001b3);
    }
  *seed = h;
  return TRUE;
}

static gboolean
is_fall (FolNewGameDialog *self)
{
  return gtk_check_button_get_active (self->fall_check);
}

static guint
n_seats (FolNewGameDialog *self)
{
  if (is_fall (self))
    return 2;  /* Fall is a game for two */
  return (guint) CLAMP (gtk_spin_button_get_value_as_int (self->n_seats_spin), 1, MAX_SEATS);
}

static const int *
offered (FolNewGameDialog *self, guint *n_levels)
{
  return fol_new_game_dialog_offered_levels (is_fall (self) ? "fall" : "summer", n_levels);
}

/* The level of a seat's Level row. */
static int
seat_level (FolNewGameDialog *self, const Seat *s)
{
  guint n;
  const int *levels = offered (self, &n);
  guint i = adw_combo_row_get_selected (s->level);
  return levels[MIN (i, n - 1)];
}

/* The row's subtitle tells what to expect of the level chosen. */
static void
level_selected_cb (AdwComboRow *row, GParamSpec *pspec, FolNewGameDialog *self)
{
  for (guint i = 0; i < MAX_SEATS; i++)
    {
      Seat *s = &self->seats[i];
      if (s->level != row)
        continue;
      int level = seat_level (self, s);
      if (!self->setting_levels)
        s->level_wanted = level;
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), fol_new_game_dialog_level_description (level));
    }
}

/* Fills a seat's Level row with the game's levels and selects the strongest
 * one not above the level chosen last (Normal at first). */
static void
fill_levels (FolNewGameDialog *self, Seat *s)
{
  guint n;
  const int *levels = offered (self, &n);
  g_autoptr (GtkStringList) model = gtk_string_list_new (NULL);
  guint pick = 0;
  for (guint i = 0; i < n; i++)
    {
      gtk_string_list_append (model, fol_new_game_dialog_level_name (levels[i]));
      if (levels[i] <= s->level_wanted)
        pick = i;
    }
  self->setting_levels = TRUE;
  adw_combo_row_set_model (s->level, G_LIST_MODEL (model));
  adw_combo_row_set_selected (s->level, pick);
  level_selected_cb (s->level, NULL, self);
  self->setting_levels = FALSE;
}

static gboolean
is_campaign (FolNewGameDialog *self)
{
  return n_seats (self) == 1 && adw_combo_row_get_selected (self->mode_row) == 1;
}

/* The first problem with the choices, or NULL. */
static char *
check_choices (FolNewGameDialog *self)
{
  guint n = n_seats (self);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->seats[i].name))));
      if (*name == '\0')
        /* Translators: %u is a player's number, 1-4 */
        return g_strdup_printf (_("Player %u needs a name."), i + 1);
    }
  for (guint i = 0; i < n && !is_fall (self); i++)
    for (guint j = i + 1; j < n; j++)
      {
        guint a = adw_combo_row_get_selected (self->seats[i].side);
        guint b = adw_combo_row_get_selected (self->seats[j].side);
        /* row 0 is Random; rows 1..12 are 1A, 1B, ... 6B */
        if (a > 0 && b > 0 && (a - 1) / 2 == (b - 1) / 2)
          /* Translators: two players chose sides of the same Forest Floor board; the
             numbers are the players (1-4) and the board (1-6) */
          return g_strdup_printf (_("Players %u and %u both chose Forest Floor %u. A board has two sides "
                                    "but serves one player: choose another board for one of them."),
                                  i + 1, j + 1, (a - 1) / 2 + 1);
      }
  if (is_campaign (self) && self->store == NULL)
    return g_strdup (_("A campaign is kept in the file of saved games, which cannot be opened now."));
  return NULL;
}

static void
update (FolNewGameDialog *self)
{
  guint n = n_seats (self);
  if (self->levels_fall != is_fall (self))
    {
      self->levels_fall = is_fall (self);
      for (guint i = 0; i < MAX_SEATS; i++)
        fill_levels (self, &self->seats[i]);
    }
  for (guint i = 0; i < MAX_SEATS; i++)
    {
      gtk_widget_set_visible (GTK_WIDGET (self->seats[i].group), i < n);
      gtk_widget_set_visible (GTK_WIDGET (self->seats[i].level),
                              adw_combo_row_get_selected (self->seats[i].kind) == KIND_COMPUTER);
      /* Forest Floors are Indian Summer's */
      gtk_widget_set_visible (GTK_WIDGET (self->seats[i].side), !is_fall (self));
    }
  gtk_widget_set_sensitive (GTK_WIDGET (self->n_seats_spin), !is_fall (self));
  gtk_widget_set_visible (GTK_WIDGET (self->mode_row), n == 1);
  g_clear_pointer (&self->error, g_free);
  self->error = check_choices (self);
  gtk_label_set_text (self->error_label, self->error ? self->error : "");
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), self->error != NULL);
  gtk_widget_set_sensitive (GTK_WIDGET (self->start_button), self->error == NULL);
  for (guint i = 0; i < n; i++)
    {
      /* mark the rows the message is about */
      guint a = adw_combo_row_get_selected (self->seats[i].side);
      gboolean clash = FALSE;
      for (guint j = 0; j < n; j++)
        {
          guint b = adw_combo_row_get_selected (self->seats[j].side);
          if (j != i && a > 0 && b > 0 && (a - 1) / 2 == (b - 1) / 2)
            clash = TRUE;
        }
      if (clash)
        gtk_widget_add_css_class (GTK_WIDGET (self->seats[i].side), "error");
      else
        gtk_widget_remove_css_class (GTK_WIDGET (self->seats[i].side), "error");
    }
}

static void
changed_cb (FolNewGameDialog *self)
{
  update (self);
}

static void
n_seats_changed_cb (FolNewGameDialog *self)
{
  update (self);
}

gboolean
fol_new_game_dialog_get_setup (FolNewGameDialog *self, SummerSetup *setup, GPtrArray **players,
                               gboolean *campaign, GError **error)
{
  g_return_val_if_fail (FOL_IS_NEW_GAME_DIALOG (self), FALSE);
  g_autofree char *problem = check_choices (self);
  if (problem != NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, problem);
      return FALSE;
    }
  guint n = n_seats (self);
  guint64 seed;
  if (!fol_new_game_dialog_parse_seed (gtk_editable_get_text (GTK_EDITABLE (self->seed_row)), &seed))
    seed = ((guint64) g_random_int () << 32) | g_random_int ();
  summer_setup_init (setup, (int) n, seed);
  for (guint i = 0; i < n; i++)
    setup->side[i] = (int8_t) ((int) adw_combo_row_get_selected (self->seats[i].side) - 1);
  if (players != NULL)
    {
      *players = g_ptr_array_new_with_free_func (g_object_unref);
      for (guint i = 0; i < n; i++)
        {
          g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->seats[i].name))));
          gboolean person = adw_combo_row_get_selected (self->seats[i].kind) == KIND_PERSON;
          int level = seat_level (self, &self->seats[i]);
          g_ptr_array_add (*players, fol_player_new (name, person, person ? 0 : level));
        }
    }
  if (campaign != NULL)
    *campaign = is_campaign (self);
  return TRUE;
}

const char *
fol_new_game_dialog_get_error (FolNewGameDialog *self)
{
  g_return_val_if_fail (FOL_IS_NEW_GAME_DIALOG (self), NULL);
  return self->error;
}

static void
show_error (FolNewGameDialog *self, const char *message)
{
  g_free (self->error);
  self->error = g_strdup (message);
  gtk_label_set_text (self->error_label, message);
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), TRUE);
}

gboolean
fol_new_game_dialog_start (FolNewGameDialog *self)
{
  g_return_val_if_fail (FOL_IS_NEW_GAME_DIALOG (self), FALSE);
  SummerSetup setup;
  g_autoptr (GPtrArray) players = NULL;
  gboolean campaign_chosen = FALSE;
  g_autoptr (GError) error = NULL;
  if (!fol_new_game_dialog_get_setup (self, &setup, &players, &campaign_chosen, &error))
    {
      show_error (self, error->message);
      return FALSE;
    }
  g_autoptr (FolGame) game = NULL;
  g_autoptr (FolCampaign) campaign = NULL;
  if (is_fall (self))
    {
      game = FOL_GAME (fol_fall_game_new (setup.seed, NULL, (FolPlayer **) players->pdata, self->store, &error));
      if (game == NULL && self->store != NULL && error->domain == FOL_STORE_ERROR)
        {
          g_message ("new game not saved: %s", error->message);
          g_clear_error (&error);
          game = FOL_GAME (fol_fall_game_new (setup.seed, NULL, (FolPlayer **) players->pdata, NULL, &error));
        }
    }
  else if (campaign_chosen)
    {
      campaign = fol_campaign_new (self->store, setup.seed, setup.side[0], &error);
      if (campaign != NULL)
        game = FOL_GAME (fol_campaign_continue_game (campaign, g_ptr_array_index (players, 0), &error));
    }
  else
    {
      game = FOL_GAME (fol_summer_game_new (&setup, (FolPlayer **) players->pdata, self->store, &error));
      if (game == NULL && self->store != NULL && error->domain == FOL_STORE_ERROR)
        {
          /* the store refused: play without saving rather than not at all */
          g_message ("new game not saved: %s", error->message);
          g_clear_error (&error);
          game = FOL_GAME (fol_summer_game_new (&setup, (FolPlayer **) players->pdata, NULL, &error));
        }
    }
  if (game == NULL)
    {
      /* Translators: %s is the reason */
      g_autofree char *msg = g_strdup_printf (_("The game cannot start: %s"), error->message);
      show_error (self, msg);
      return FALSE;
    }
  g_object_ref (self);
  g_signal_emit (self, signals[SIGNAL_PLAY], 0, game, campaign);
  gtk_window_close (GTK_WINDOW (self));
  g_object_unref (self);
  return TRUE;
}

static void
start_clicked_cb (FolNewGameDialog *self)
{
  if (gtk_widget_get_sensitive (GTK_WIDGET (self->start_button)))
    fol_new_game_dialog_start (self);
}

void
fol_new_game_dialog_set_n_seats (FolNewGameDialog *self, guint n)
{
  g_return_if_fail (FOL_IS_NEW_GAME_DIALOG (self));
  gtk_spin_button_set_value (self->n_seats_spin, CLAMP (n, 1, MAX_SEATS));
  update (self);
}

void
fol_new_game_dialog_set_seat (FolNewGameDialog *self, guint seat, const char *name, int level, int side)
{
  g_return_if_fail (FOL_IS_NEW_GAME_DIALOG (self));
  g_return_if_fail (seat < MAX_SEATS);
  g_return_if_fail (side >= -1 && side < SUMMER_N_SIDES);
  g_return_if_fail (level == FOL_SEAT_PERSON || (level >= 0 && level < FOL_AI_N_PLAYER_LEVELS));
  Seat *s = &self->seats[seat];
  if (name != NULL)
    gtk_editable_set_text (GTK_EDITABLE (s->name), name);
  adw_combo_row_set_selected (s->kind, level == FOL_SEAT_PERSON ? KIND_PERSON : KIND_COMPUTER);
  if (level != FOL_SEAT_PERSON)
    {
      s->level_wanted = level;
      fill_levels (self, s);
    }
  adw_combo_row_set_selected (s->side, (guint) (side + 1));
  update (self);
}

void
fol_new_game_dialog_set_campaign (FolNewGameDialog *self, gboolean campaign)
{
  g_return_if_fail (FOL_IS_NEW_GAME_DIALOG (self));
  adw_combo_row_set_selected (self->mode_row, campaign ? 1 : 0);
  update (self);
}

void
fol_new_game_dialog_set_seed_text (FolNewGameDialog *self, const char *text)
{
  g_return_if_fail (FOL_IS_NEW_GAME_DIALOG (self));
  gtk_editable_set_text (GTK_EDITABLE (self->seed_row), text ? text : "");
}

/* ---- the list of levels: each name with what to expect, the chosen one ticked ---- */

static void
level_item_setup (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *text = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  gtk_widget_set_hexpand (text, TRUE);
  GtkWidget *name = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (name), 0);
  GtkWidget *description = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (description), 0);
  gtk_label_set_wrap (GTK_LABEL (description), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (description), 44);
  gtk_widget_add_css_class (description, "dim-label");
  gtk_widget_add_css_class (description, "caption");
  gtk_box_append (GTK_BOX (text), name);
  gtk_box_append (GTK_BOX (text), description);
  gtk_box_append (GTK_BOX (box), text);
  GtkWidget *check = gtk_image_new_from_icon_name ("object-select-symbolic");
  gtk_widget_set_valign (check, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (box), check);
  gtk_widget_set_margin_top (box, 3);
  gtk_widget_set_margin_bottom (box, 3);
  gtk_list_item_set_child (item, box);
}

static int
level_of_name (const char *name)
{
  for (int l = 0; l < FOL_N_AI_LEVELS; l++)
    if (g_strcmp0 (name, fol_new_game_dialog_level_name (l)) == 0)
      return l;
  return -1;
}

static void
level_item_update_check (AdwComboRow *row, GParamSpec *pspec, GtkListItem *item)
{
  GtkWidget *box = gtk_list_item_get_child (item);
  GtkWidget *check = gtk_widget_get_last_child (box);
  gtk_widget_set_opacity (check, adw_combo_row_get_selected_item (row) == gtk_list_item_get_item (item) ? 1 : 0);
}

static void
level_item_bind (GtkSignalListItemFactory *factory, GtkListItem *item, AdwComboRow *row)
{
  GtkWidget *box = gtk_list_item_get_child (item);
  GtkWidget *text = gtk_widget_get_first_child (box);
  GtkWidget *name = gtk_widget_get_first_child (text);
  GtkWidget *description = gtk_widget_get_next_sibling (name);
  const char *str = gtk_string_object_get_string (GTK_STRING_OBJECT (gtk_list_item_get_item (item)));
  gtk_label_set_text (GTK_LABEL (name), str);
  gtk_label_set_text (GTK_LABEL (description), fol_new_game_dialog_level_description (level_of_name (str)));
  g_signal_connect (row, "notify::selected-item", G_CALLBACK (level_item_update_check), item);
  level_item_update_check (row, NULL, item);
}

static void
level_item_unbind (GtkSignalListItemFactory *factory, GtkListItem *item, AdwComboRow *row)
{
  g_signal_handlers_disconnect_by_func (row, level_item_update_check, item);
}

static void
build_seat (FolNewGameDialog *self, guint i)
{
  Seat *s = &self->seats[i];
  s->group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  /* Translators: the heading of one player's choices; %u is 1-4 */
  g_autofree char *title = g_strdup_printf (_("Player %u"), i + 1);
  adw_preferences_group_set_title (s->group, title);

  s->name = ADW_ENTRY_ROW (adw_entry_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (s->name), _("Name"));
  /* computer players are named after trees */
  const char *names[MAX_SEATS] = { fol_start_page_default_player_name (), _("Hazel"), _("Rowan"), _("Aspen") };
  gtk_editable_set_text (GTK_EDITABLE (s->name), names[i]);
  g_signal_connect_object (s->name, "changed", G_CALLBACK (changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (s->name, "entry-activated", G_CALLBACK (start_clicked_cb), self, G_CONNECT_SWAPPED);

  s->kind = ADW_COMBO_ROW (adw_combo_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (s->kind), _("Played by"));
  /* Translators: who plays a seat: a person at this computer, or the computer */
  const char *kinds[] = { C_("played by", "A person"), C_("played by", "The computer"), NULL };
  g_autoptr (GtkStringList) kind_model = gtk_string_list_new (kinds);
  adw_combo_row_set_model (s->kind, G_LIST_MODEL (kind_model));
  adw_combo_row_set_selected (s->kind, i == 0 ? KIND_PERSON : KIND_COMPUTER);
  g_signal_connect_object (s->kind, "notify::selected", G_CALLBACK (changed_cb), self, G_CONNECT_SWAPPED);

  s->level = ADW_COMBO_ROW (adw_combo_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (s->level), _("Level"));
  /* the row shows the name, its subtitle what to expect; the list both */
  g_autoptr (GtkListItemFactory) list_factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (list_factory, "setup", G_CALLBACK (level_item_setup), NULL);
  g_signal_connect (list_factory, "bind", G_CALLBACK (level_item_bind), s->level);
  g_signal_connect (list_factory, "unbind", G_CALLBACK (level_item_unbind), s->level);
  adw_combo_row_set_list_factory (s->level, list_factory);
  s->level_wanted = FOL_AI_NORMAL;
  fill_levels (self, s);
  g_signal_connect_object (s->level, "notify::selected", G_CALLBACK (level_selected_cb), self, 0);

  s->side = ADW_COMBO_ROW (adw_combo_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (s->side), _("Forest Floor"));
  g_autoptr (GtkStringList) side_model = gtk_string_list_new (NULL);
  /* Translators: a Forest Floor side drawn at random */
  gtk_string_list_append (side_model, _("Random"));
  for (int b = 1; b <= 6; b++)
    for (int k = 0; k < 2; k++)
      {
        g_autofree char *name = g_strdup_printf ("%d%c", b, k ? 'B' : 'A');
        gtk_string_list_append (side_model, name);
      }
  adw_combo_row_set_model (s->side, G_LIST_MODEL (side_model));
  g_signal_connect_object (s->side, "notify::selected", G_CALLBACK (changed_cb), self, G_CONNECT_SWAPPED);

  adw_preferences_group_add (s->group, GTK_WIDGET (s->name));
  adw_preferences_group_add (s->group, GTK_WIDGET (s->kind));
  adw_preferences_group_add (s->group, GTK_WIDGET (s->level));
  adw_preferences_group_add (s->group, GTK_WIDGET (s->side));
  gtk_box_append (self->seats_box, GTK_WIDGET (s->group));
}

static void
fol_new_game_dialog_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  FolNewGameDialog *self = FOL_NEW_GAME_DIALOG (object);
  switch (prop_id)
    {
    case PROP_STORE:
      g_value_set_object (value, self->store);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
fol_new_game_dialog_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  FolNewGameDialog *self = FOL_NEW_GAME_DIALOG (object);
  switch (prop_id)
    {
    case PROP_STORE:
      g_set_object (&self->store, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
fol_new_game_dialog_constructed (GObject *object)
{
  FolNewGameDialog *self = FOL_NEW_GAME_DIALOG (object);
  G_OBJECT_CLASS (fol_new_game_dialog_parent_class)->constructed (object);
  update (self);
}

static void
fol_new_game_dialog_dispose (GObject *object)
{
  FolNewGameDialog *self = FOL_NEW_GAME_DIALOG (object);
  gtk_widget_dispose_template (GTK_WIDGET (self), FOL_TYPE_NEW_GAME_DIALOG);
  g_clear_object (&self->store);
  g_clear_pointer (&self->error, g_free);
  G_OBJECT_CLASS (fol_new_game_dialog_parent_class)->dispose (object);
}

static void
fol_new_game_dialog_class_init (FolNewGameDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = fol_new_game_dialog_get_property;
  object_class->set_property = fol_new_game_dialog_set_property;
  object_class->constructed = fol_new_game_dialog_constructed;
  object_class->dispose = fol_new_game_dialog_dispose;

  properties[PROP_STORE] = g_param_spec_object ("store", NULL, NULL, FOL_TYPE_STORE,
                                                G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * FolNewGameDialog::play:
   * @game: the new game (a FolSummerGame or a FolFallGame)
   * @campaign: (nullable): its campaign, for a solo campaign
   *
   * Start was pressed and the game created; the dialog closes next.
   */
  signals[SIGNAL_PLAY] = g_signal_new ("play", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                       G_TYPE_NONE, 2, FOL_TYPE_GAME, FOL_TYPE_CAMPAIGN);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/foliage/Foliage/ui/fol-new-game-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, FolNewGameDialog, start_button);
  gtk_widget_class_bind_template_child (widget_class, FolNewGameDialog, summer_check);
  gtk_widget_class_bind_template_child (widget_class, FolNewGameDialog, fall_row);
  gtk_widget_class_bind_template_child (widget_class, FolNewGameDialog, fall_check);
  gtk_widget_class_bind_template_child (widget_class, FolNewGameDialog, n_seats_spin);
  gtk_widget_class_bind_template_child (widget_class, FolNewGameDialog, mode_row);
  gtk_widget_class_bind_template_child (widget_class, FolNewGameDialog, seats_box);
  gtk_widget_class_bind_template_child (widget_class, FolNewGameDialog, error_label);
  gtk_widget_class_bind_template_child (widget_class, FolNewGameDialog, seed_row);
  gtk_widget_class_bind_template_callback (widget_class, start_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, n_seats_changed_cb);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
fol_new_game_dialog_init (FolNewGameDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  for (guint i = 0; i < MAX_SEATS; i++)
    build_seat (self, i);
  gtk_window_set_default_widget (GTK_WINDOW (self), GTK_WIDGET (self->start_button));
  /* Enter starts the game at once: two clicks (New Game, Start) or keys */
  gtk_window_set_focus (GTK_WINDOW (self), GTK_WIDGET (self->start_button));
}

FolNewGameDialog *
fol_new_game_dialog_new (GtkWindow *parent, FolStore *store)
{
  return g_object_new (FOL_TYPE_NEW_GAME_DIALOG,
                       "transient-for", parent,
                       "store", store,
                       NULL);
}
