/* fol-window.c: the main window: the start page, the game page, the store
 * (opened in a worker thread once the window shows). */
#include "config.h"

#include <glib/gi18n.h>

#include "fol-window.h"
#include "fol-start-page.h"
#include "fol-new-game-dialog.h"
#include "fol-help-window.h"
#include "fol-summer-page.h"
#include "fol-summer-board.h"
#include "fol-fall-page.h"
#include "fol-fall-board.h"
#include "fol-fall-help.h"
#include "fol-replay-page.h"
#include "fol-deal-code.h"

struct _FolWindow
{
  AdwApplicationWindow parent_instance;

  GSettings *settings;
  FolStore *store;
  GError *store_error;          /* why the store could not be opened */
  GCancellable *store_opening;  /* until the store is open, else NULL */
  gboolean store_open_started;  /* by the first frame */
  gboolean new_game_asked;      /* New Game while the store opens: the dialog comes after */

  AdwToastOverlay *toast_overlay;
  GtkButton *back_button;
  GtkButton *new_game_button;
  GtkStack *title_stack;
  AdwViewSwitcherTitle *switcher_title;
  AdwWindowTitle *game_title;
  GtkStack *main_stack;
  FolStartPage *start_page;
  AdwViewSwitcherBar *switcher_bar;
  GtkMenuButton *menu_button;
  GMenuModel *primary_menu;

  GtkWidget *game_page;         /* the FolGamePage shown, or NULL */
  GtkWidget *replay_page;       /* the FolReplayPage shown, or NULL */
  GtkWidget *help_window;       /* weak */
  GtkWidget *shortcuts_window;  /* the keyboard shortcuts window once made, or NULL */
};

G_DEFINE_FINAL_TYPE (FolWindow, fol_window, ADW_TYPE_APPLICATION_WINDOW)

enum {
  PROP_0,
  PROP_OPENING_STORE,
  N_PROPS
};
static GParamSpec *properties[N_PROPS];

static guint
animation_delay (FolWindow *self)
{
  /* milliseconds between two computer moves (gschema) */
  int ms = g_settings_get_int (self->settings, "animation-speed");
  return (guint) MAX (ms, 0);
}

static void
apply_game_settings (FolWindow *self)
{
  if (self->game_page == NULL)
    return;
  FolGamePage *page = FOL_GAME_PAGE (self->game_page);
  fol_game_page_set_animation_delay (page, animation_delay (self));
  gboolean legal = g_settings_get_boolean (self->settings, "show-legal-placements");
  GtkWidget *board = fol_game_page_get_board (page);
  if (FOL_IS_SUMMER_BOARD (board))
    fol_summer_board_set_show_legal (FOL_SUMMER_BOARD (board), legal);
  else if (FOL_IS_FALL_BOARD (board))
    fol_fall_board_set_show_legal (FOL_FALL_BOARD (board), legal);
}

static void
settings_changed_cb (GSettings *settings, const char *key, FolWindow *self)
{
  if (g_str_equal (key, "animation-speed") || g_str_equal (key, "show-legal-placements"))
    apply_game_settings (self);
}

void
fol_window_add_toast (FolWindow *self, const char *message)
{
  g_return_if_fail (FOL_IS_WINDOW (self));
  AdwToast *toast = adw_toast_new (message);
  adw_toast_set_timeout (toast, 5);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

static void
page_close_requested_cb (GtkWidget *page, FolWindow *self)
{
  fol_window_show_start (self);
}

static void
page_next_game_cb (GtkWidget *page, FolSummerGame *game, FolCampaign *campaign, FolWindow *self)
{
  fol_window_play (self, FOL_GAME (game), campaign);
}

/* Drops the game page and the replay page (a game saved itself after
 * every move, a replay changes nothing: dropping them loses nothing). */
static void
remove_pages (FolWindow *self)
{
  GtkWidget **pages[] = { &self->game_page, &self->replay_page };
  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    if (*pages[i] != NULL)
      {
        GtkWidget *page = *pages[i];
        *pages[i] = NULL;
        gtk_stack_remove (self->main_stack, page);
      }
}

/* Shows @page (named @name in the main stack) with the names of @game's
 * players under the window's title, the way back to the start page, and
 * the keys in the page. */
static void
show_page (FolWindow *self, const char *name, GtkWidget *page, FolGame *game)
{
  g_autoptr (GString) names = g_string_new (NULL);
  for (guint i = 0; i < fol_game_get_n_seats (game); i++)
    {
      if (i > 0)
        /* Translators: between the names of the players in the title */
        g_string_append (names, _(", "));
      g_string_append (names, fol_player_get_name (fol_game_get_player (game, i)));
    }
  adw_window_title_set_subtitle (self->game_title, names->str);
  gtk_stack_set_visible_child_name (self->main_stack, name);
  gtk_stack_set_visible_child_name (self->title_stack, "game");
  gtk_widget_set_visible (GTK_WIDGET (self->back_button), TRUE);
  gtk_widget_set_visible (GTK_WIDGET (self->switcher_bar), FALSE);
  gtk_widget_grab_focus (page);
}

/* The game on screen: the game page's, the replay's, or NULL on the
 * start page. */
static FolGame *
shown_game (FolWindow *self)
{
  if (self->game_page != NULL)
    return fol_game_page_get_game (FOL_GAME_PAGE (self->game_page));
  if (self->replay_page != NULL)
    return fol_replay_get_game (fol_replay_page_get_replay (FOL_REPLAY_PAGE (self->replay_page)));
  return NULL;
}

/* The main menu's game section: "Replay This Game" from the game page,
 * "Copy Deal Code" from the game page and the replay. */
static void
update_game_actions (FolWindow *self)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.replay-game", self->game_page != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.copy-deal-code", shown_game (self) != NULL);
}

void
fol_window_play (FolWindow *self, FolGame *game, FolCampaign *campaign)
{
  g_return_if_fail (FOL_IS_WINDOW (self));
  g_return_if_fail (FOL_IS_SUMMER_GAME (game) || FOL_IS_FALL_GAME (game));

  remove_pages (self);

  /* the one place that creates a game page */
  if (FOL_IS_FALL_GAME (game))
    self->game_page = fol_fall_page_new (FOL_FALL_GAME (game));
  else
    self->game_page = fol_summer_page_new (FOL_SUMMER_GAME (game), campaign);
  g_signal_connect_object (self->game_page, "close-requested", G_CALLBACK (page_close_requested_cb), self, 0);
  if (FOL_IS_SUMMER_PAGE (self->game_page))
    g_signal_connect_object (self->game_page, "next-game", G_CALLBACK (page_next_game_cb), self, 0);
  gtk_stack_add_named (self->main_stack, self->game_page, "game");
  apply_game_settings (self);

  FolGame *g = FOL_GAME (game);
  if (campaign != NULL)
    {
      int index = 0;
      for (int i = 0; i < 3; i++)
        if (fol_campaign_get_game_id (campaign, i) == fol_game_get_store_id (g))
          index = i;
      /* Translators: the window title during a campaign game; %d is 1, 2 or 3 */
      g_autofree char *title = g_strdup_printf (_("Indian Summer — Campaign Game %d"), index + 1);
      adw_window_title_set_title (self->game_title, title);
    }
  else if (FOL_IS_FALL_GAME (game))
    /* Translators: the name of the board game "Fall" (the season) */
    adw_window_title_set_title (self->game_title, C_("game", "Fall"));
  else
    adw_window_title_set_title (self->game_title, _("Indian Summer"));
  show_page (self, "game", self->game_page, g);
  update_game_actions (self);
}

void
fol_window_show_start (FolWindow *self)
{
  g_return_if_fail (FOL_IS_WINDOW (self));
  gtk_stack_set_visible_child_name (self->main_stack, "start");
  gtk_stack_set_visible_child_name (self->title_stack, "start");
  gtk_widget_set_visible (GTK_WIDGET (self->back_button), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->switcher_bar), TRUE);
  remove_pages (self);
  update_game_actions (self);
  fol_start_page_refresh (self->start_page);
}

/* "Continue from Here": the game as saved, on the game page (a campaign
 * game with its campaign), as the start page opens it. */
static void
replay_continue_cb (FolReplayPage *page, FolWindow *self)
{
  fol_start_page_open_game (self->start_page, fol_replay_get_id (fol_replay_page_get_replay (page)));
}

GtkWidget *
fol_window_show_replay (FolWindow *self, gint64 game_id, GError **error)
{
  g_return_val_if_fail (FOL_IS_WINDOW (self), NULL);
  if (self->store == NULL)
    {
      g_set_error_literal (error, FOL_STORE_ERROR, FOL_STORE_ERROR_OPEN,
                           self->store_error ? self->store_error->message : "the saved games are not open yet");
      return NULL;
    }
  g_autoptr (FolReplay) replay = fol_replay_new (self->store, game_id, error);
  if (replay == NULL)
    return NULL;
  remove_pages (self);
  self->replay_page = fol_replay_page_new (replay);
  /* the game's analysis is read from and stored in the window's store */
  fol_replay_page_set_store (FOL_REPLAY_PAGE (self->replay_page), self->store);
  g_signal_connect_object (self->replay_page, "continue-game", G_CALLBACK (replay_continue_cb), self, 0);
  gtk_stack_add_named (self->main_stack, self->replay_page, "replay");
  const char *kind = fol_replay_get_kind (replay);
  /* Translators: the window title while a saved game is replayed; %s is the game's name */
  g_autofree char *title = g_strdup_printf (_("Replay of %s"), fol_start_page_kind_name (kind));
  adw_window_title_set_title (self->game_title, title);
  show_page (self, "replay", self->replay_page, fol_replay_get_game (replay));
  update_game_actions (self);
  return self->replay_page;
}

GtkWidget *
fol_window_get_replay_page (FolWindow *self)
{
  g_return_val_if_fail (FOL_IS_WINDOW (self), NULL);
  return self->replay_page;
}

static void
start_page_play_cb (FolStartPage *page, FolGame *game, FolCampaign *campaign, FolWindow *self)
{
  fol_window_play (self, game, campaign);
}

/* A saved game's Replay button on the start page. */
static void
start_page_replay_cb (FolStartPage *page, gint64 id, FolWindow *self)
{
  g_autoptr (GError) error = NULL;
  if (fol_window_show_replay (self, id, &error) == NULL)
    {
      /* Translators: %s is the reason, from the store or the rules */
      g_autofree char *msg = g_strdup_printf (_("This game cannot be replayed: %s"), error->message);
      fol_window_add_toast (self, msg);
    }
}

static void
dialog_play_cb (FolNewGameDialog *dialog, FolGame *game, FolCampaign *campaign, FolWindow *self)
{
  fol_window_play (self, game, campaign);
}

GtkWidget *
fol_window_new_game (FolWindow *self)
{
  g_return_val_if_fail (FOL_IS_WINDOW (self), NULL);
  if (self->store_opening != NULL)
    {
      /* a game started now could not be saved: the dialog comes with the store */
      self->new_game_asked = TRUE;
      return NULL;
    }
  FolNewGameDialog *dialog = fol_new_game_dialog_new (GTK_WINDOW (self), self->store);
  g_signal_connect_object (dialog, "play", G_CALLBACK (dialog_play_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  return GTK_WIDGET (dialog);
}

/* Fall's rules with its 18 scoring cards, from the menu at any time. */
static void
rules_fall_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  GtkWidget *help = fol_fall_help_new_window (GTK_WINDOW (widget));
  gtk_window_present (GTK_WINDOW (help));
}

static GtkWidget *
show_summer_rules (FolWindow *self)
{
  if (self->help_window == NULL)
    {
      self->help_window = GTK_WIDGET (fol_help_window_new (GTK_WINDOW (self)));
      g_object_add_weak_pointer (G_OBJECT (self->help_window), (gpointer *) &self->help_window);
    }
  gtk_window_present (GTK_WINDOW (self->help_window));
  return self->help_window;
}

static void
rules_summer_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  show_summer_rules (FOL_WINDOW (widget));
}

GtkWidget *
fol_window_show_rules (FolWindow *self)
{
  g_return_val_if_fail (FOL_IS_WINDOW (self), NULL);
  /* in a Fall game, F1 shows Fall's rules with its scoring cards */
  if (self->game_page != NULL && FOL_IS_FALL_PAGE (self->game_page)
      && g_strcmp0 (gtk_stack_get_visible_child_name (self->main_stack), "game") == 0)
    {
      GtkWidget *help = fol_fall_help_new_window (GTK_WINDOW (self));
      gtk_window_present (GTK_WINDOW (help));
      return help;
    }
  return show_summer_rules (self);
}

FolStore *
fol_window_get_store (FolWindow *self)
{
  g_return_val_if_fail (FOL_IS_WINDOW (self), NULL);
  return self->store;
}

gboolean
fol_window_get_opening_store (FolWindow *self)
{
  g_return_val_if_fail (FOL_IS_WINDOW (self), FALSE);
  return self->store_opening != NULL;
}

GtkWidget *
fol_window_get_start_page (FolWindow *self)
{
  g_return_val_if_fail (FOL_IS_WINDOW (self), NULL);
  return GTK_WIDGET (self->start_page);
}

GtkWidget *
fol_window_get_game_page (FolWindow *self)
{
  g_return_val_if_fail (FOL_IS_WINDOW (self), NULL);
  return self->game_page;
}

/* The keyboard shortcuts window (Ctrl+?), built when first asked for: it is
 * a large tree of widgets that the start-up should not wait for.  It shows
 * the keys of the game on screen (its view: the groups of that game and
 * the general ones), on the start page the general ones (the view
 * "general", which no game's group has). */
GtkWidget *
fol_window_show_shortcuts (FolWindow *self)
{
  g_return_val_if_fail (FOL_IS_WINDOW (self), NULL);
  if (self->shortcuts_window == NULL)
    {
      g_autoptr (GtkBuilder) builder = gtk_builder_new_from_resource ("/io/github/foliage/Foliage/ui/help-overlay.ui");
      self->shortcuts_window = GTK_WIDGET (gtk_builder_get_object (builder, "help_overlay"));
      gtk_window_set_transient_for (GTK_WINDOW (self->shortcuts_window), GTK_WINDOW (self));
      gtk_window_set_hide_on_close (GTK_WINDOW (self->shortcuts_window), TRUE);
    }
  gboolean in_game = self->game_page != NULL
                     && g_strcmp0 (gtk_stack_get_visible_child_name (self->main_stack), "game") == 0;
  g_object_set (self->shortcuts_window, "view-name",
                in_game ? fol_game_page_get_shortcuts_view (FOL_GAME_PAGE (self->game_page)) : "general", NULL);
  gtk_window_present (GTK_WINDOW (self->shortcuts_window));
  return self->shortcuts_window;
}

static void
show_help_overlay_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  fol_window_show_shortcuts (FOL_WINDOW (user_data));
}

/* The main menu's popover is built when the menu is first opened (by a
 * click or F10), not with the window. */
static void
create_primary_menu (GtkMenuButton *button, gpointer user_data)
{
  FolWindow *self = FOL_WINDOW (user_data);
  if (gtk_menu_button_get_menu_model (button) == NULL)
    gtk_menu_button_set_menu_model (button, self->primary_menu);
}

static const GActionEntry win_entries[] = {
  { .name = "show-help-overlay", .activate = show_help_overlay_activated },
};

static void start_page_replay_cb (FolStartPage *page, gint64 id, FolWindow *self);

/* "Replay This Game": the game on the game page, as saved so far. */
static void
replay_game_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  FolWindow *self = FOL_WINDOW (widget);
  FolGame *game = shown_game (self);
  if (game == NULL)
    return;
  if (fol_game_get_n_moves (game) == 0)
    {
      fol_window_add_toast (self, _("Nothing to replay yet: no move has been played"));
      return;
    }
  start_page_replay_cb (self->start_page, fol_game_get_store_id (game), self);
}

/* "Copy Deal Code": the code of the deal on screen, for New Game's "Play a
 * deal from a code" (docs/notation.md, Deal codes). */
static void
copy_deal_code_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  FolWindow *self = FOL_WINDOW (widget);
  FolGame *game = shown_game (self);
  if (game == NULL)
    return;
  g_autofree char *code = fol_deal_code_for_game (game);
  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), code);
  /* Translators: a toast; %s is a deal code such as IS2-3BR-K7QX-M2PY */
  g_autofree char *msg = g_strdup_printf (_("Deal code %s copied"), code);
  fol_window_add_toast (self, msg);
}

static void
back_activated (GtkWidget *widget, const char *action_name, GVariant *parameter)
{
  fol_window_show_start (FOL_WINDOW (widget));
}

/* What waits for fol_store_new_async(): the window (a weak reference: a
 * window closed meanwhile goes away, its dispose cancels the wait), and the
 * application, held meanwhile so that closing the window never cuts a
 * salvage short, and marked busy (the session may show it). */
typedef struct _StoreOpening {
  GWeakRef window;
  GApplication *app;            /* a reference, held and busy; or NULL */
} StoreOpening;

static void
store_opening_free (StoreOpening *op)
{
  if (op->app != NULL)
    {
      if (g_application_get_is_registered (op->app))
        g_application_unmark_busy (op->app);
      g_application_release (op->app);
      g_object_unref (op->app);
    }
  g_weak_ref_clear (&op->window);
  g_free (op);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StoreOpening, store_opening_free)

static void store_opened_cb (GObject *source, GAsyncResult *result, gpointer data);

/* After the window's first frame: opens the store in a worker thread.  Not
 * earlier, so that the check of a large file (processor time and disk
 * reads, even in its own thread) does not delay the window. */
static void
first_frame_cb (GdkFrameClock *clock, FolWindow *self)
{
  g_signal_handlers_disconnect_by_func (clock, first_frame_cb, self);
  if (self->store_open_started || self->store_opening == NULL)
    return;
  self->store_open_started = TRUE;
  StoreOpening *op = g_new0 (StoreOpening, 1);
  g_weak_ref_init (&op->window, self);
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
  if (app != NULL)
    {
      op->app = G_APPLICATION (g_object_ref (app));
      g_application_hold (op->app);
      if (g_application_get_is_registered (op->app))
        g_application_mark_busy (op->app);
    }
  fol_store_new_async (NULL, self->store_opening, store_opened_cb, op);
}

static void
fol_window_map (GtkWidget *widget)
{
  FolWindow *self = FOL_WINDOW (widget);
  GTK_WIDGET_CLASS (fol_window_parent_class)->map (widget);
  if (!self->store_open_started)
    {
      GdkFrameClock *clock = gtk_widget_get_frame_clock (widget);
      g_signal_handlers_disconnect_by_func (clock, first_frame_cb, self);
      g_signal_connect_object (clock, "after-paint", G_CALLBACK (first_frame_cb), self, 0);
    }
}

/* The end of fol_store_new_async(): fills the start page in, says what
 * happened to a damaged file, opens the New Game dialog asked for
 * meanwhile. */
static void
store_opened_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (StoreOpening) op = data;
  g_autoptr (FolWindow) self = g_weak_ref_get (&op->window);
  g_autoptr (GError) error = NULL;
  g_autoptr (FolStore) store = fol_store_new_finish (result, &error);
  if (self == NULL || self->store_opening == NULL || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;  /* the window went away: the store is closed again */

  g_clear_object (&self->store_opening);
  self->store = g_steal_pointer (&store);
  if (self->store == NULL)
    {
      g_message ("Saved games are unavailable: %s", error->message);
      self->store_error = g_steal_pointer (&error);
    }
  fol_start_page_set_store (self->start_page, self->store, self->store_error);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_OPENING_STORE]);
  if (self->new_game_asked)
    {
      self->new_game_asked = FALSE;
      fol_window_new_game (self);
    }
}

static void
fol_window_dispose (GObject *object)
{
  FolWindow *self = FOL_WINDOW (object);
  /* an open under way runs to its end in its thread; its store is then
   * closed */
  if (self->store_opening != NULL)
    {
      g_cancellable_cancel (self->store_opening);
      g_clear_object (&self->store_opening);
    }
  if (self->help_window != NULL)
    {
      g_object_remove_weak_pointer (G_OBJECT (self->help_window), (gpointer *) &self->help_window);
      gtk_window_destroy (GTK_WINDOW (self->help_window));
      self->help_window = NULL;
    }
  if (self->shortcuts_window != NULL)
    gtk_window_destroy (GTK_WINDOW (g_steal_pointer (&self->shortcuts_window)));
  self->game_page = NULL;
  self->replay_page = NULL;
  gtk_widget_dispose_template (GTK_WIDGET (self), FOL_TYPE_WINDOW);
  g_clear_object (&self->settings);
  G_OBJECT_CLASS (fol_window_parent_class)->dispose (object);
}

static void
fol_window_finalize (GObject *object)
{
  FolWindow *self = FOL_WINDOW (object);
  g_clear_object (&self->store);
  g_clear_error (&self->store_error);
  G_OBJECT_CLASS (fol_window_parent_class)->finalize (object);
}

static void
fol_window_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  FolWindow *self = FOL_WINDOW (object);
  switch (prop_id)
    {
    case PROP_OPENING_STORE:
      g_value_set_boolean (value, self->store_opening != NULL);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
fol_window_class_init (FolWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = fol_window_dispose;
  object_class->finalize = fol_window_finalize;
  object_class->get_property = fol_window_get_property;
  widget_class->map = fol_window_map;

  /**
   * FolWindow:opening-store:
   * Whether the store is still being opened and checked in a worker thread
   * (fol_window_get_opening_store()).
   */
  properties[PROP_OPENING_STORE] =
    g_param_spec_boolean ("opening-store", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (FOL_TYPE_START_PAGE);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/foliage/Foliage/ui/fol-window.ui");
  gtk_widget_class_bind_template_child (widget_class, FolWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, FolWindow, back_button);
  gtk_widget_class_bind_template_child (widget_class, FolWindow, new_game_button);
  gtk_widget_class_bind_template_child (widget_class, FolWindow, title_stack);
  gtk_widget_class_bind_template_child (widget_class, FolWindow, switcher_title);
  gtk_widget_class_bind_template_child (widget_class, FolWindow, game_title);
  gtk_widget_class_bind_template_child (widget_class, FolWindow, main_stack);
  gtk_widget_class_bind_template_child (widget_class, FolWindow, start_page);
  gtk_widget_class_bind_template_child (widget_class, FolWindow, switcher_bar);
  gtk_widget_class_bind_template_child (widget_class, FolWindow, menu_button);
  gtk_widget_class_bind_template_child (widget_class, FolWindow, primary_menu);

  gtk_widget_class_install_action (widget_class, "win.back", NULL, back_activated);
  gtk_widget_class_install_action (widget_class, "win.replay-game", NULL, replay_game_activated);
  gtk_widget_class_install_action (widget_class, "win.copy-deal-code", NULL, copy_deal_code_activated);
  gtk_widget_class_install_action (widget_class, "win.rules-fall", NULL, rules_fall_activated);
  gtk_widget_class_install_action (widget_class, "win.rules-summer", NULL, rules_summer_activated);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, GDK_ALT_MASK, "win.back", NULL);
}

static void
fol_window_init (FolWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_action_map_add_action_entries (G_ACTION_MAP (self), win_entries, G_N_ELEMENTS (win_entries), self);
  gtk_menu_button_set_create_popup_func (self->menu_button, create_primary_menu, self, NULL);

  self->settings = g_settings_new (APP_ID);
  g_settings_bind (self->settings, "window-width", self, "default-width", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "window-height", self, "default-height", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "window-maximized", self, "maximized", G_SETTINGS_BIND_DEFAULT);
  g_signal_connect_object (self->settings, "changed", G_CALLBACK (settings_changed_cb), self, 0);

  AdwViewStack *stack = fol_start_page_get_view_stack (self->start_page);
  adw_view_switcher_title_set_stack (self->switcher_title, stack);
  adw_view_switcher_bar_set_stack (self->switcher_bar, stack);
  g_object_bind_property (self->switcher_title, "title-visible", self->switcher_bar, "reveal", G_BINDING_SYNC_CREATE);

  /* the store's check (and any salvage) runs in a worker thread from the
   * window's first frame (first_frame_cb()) */
  self->store_opening = g_cancellable_new ();
  fol_start_page_set_opening (self->start_page);
  g_signal_connect_object (self->start_page, "play", G_CALLBACK (start_page_play_cb), self, 0);
  g_signal_connect_object (self->start_page, "replay", G_CALLBACK (start_page_replay_cb), self, 0);
  update_game_actions (self);
}

FolWindow *
fol_window_new (FolApplication *app)
{
  return g_object_new (FOL_TYPE_WINDOW, "application", app, NULL);
}
