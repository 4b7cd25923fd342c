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
  AdwComboRow *level;           /* row i: computer level i */
  AdwComboRow *side;
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

const char *
fol_new_game_dialog_level_name (int level)
{
  switch (level)
    {
    case SUMMER_AI_RANDOM:
      /* Translators: the easiest computer level (it plays random moves) */
      return _("Easy (random)");
    case SUMMER_AI_GREEDY:
      /* Translators: the computer level that plays the best move of the turn */
      return _("Normal (greedy)");
    default:
      return _("Unknown level");
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
          int level = (int) adw_combo_row_get_selected (self->seats[i].level);
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
  Seat *s = &self->seats[seat];
  if (name != NULL)
    gtk_editable_set_text (GTK_EDITABLE (s->name), name);
  adw_combo_row_set_selected (s->kind, level == FOL_SEAT_PERSON ? KIND_PERSON : KIND_COMPUTER);
  if (level != FOL_SEAT_PERSON)
    adw_combo_row_set_selected (s->level, (guint) CLAMP (level, 0, SUMMER_N_AI_LEVELS - 1));
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
  g_autoptr (GtkStringList) level_model = gtk_string_list_new (NULL);
  for (int l = 0; l < SUMMER_N_AI_LEVELS; l++)
    gtk_string_list_append (level_model, fol_new_game_dialog_level_name (l));
  adw_combo_row_set_model (s->level, G_LIST_MODEL (level_model));
  adw_combo_row_set_selected (s->level, SUMMER_AI_GREEDY);

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
