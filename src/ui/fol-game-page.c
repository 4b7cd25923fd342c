/* fol-game-page.c: FolGamePage, the base of both games' pages (see the header). */
#include "config.h"

#include <glib/gi18n.h>

#include "fol-game-page.h"
#include "fol-fold.h"

typedef struct
{
  FolGame *game;
  GSettings *settings;          /* NULL without the application's schema (tests) */
  gulong handlers[3];
  GSimpleActionGroup *actions;
  GtkWidget *board;             /* the subclass's <child type="board"> */

  /* the template */
  GtkWidget *toasts;
  GtkWidget *flap;
  GtkWidget *board_slot;
  GtkWidget *thinking;
  GtkWidget *end_button;
  GtkWidget *undo_button;
  GtkWidget *hint_button;
  GtkWidget *replay_button;
  GtkWidget *panel_slot;
  GtkWidget *title_label;
  GtkWidget *help_label;
  GtkWidget *log_scroll;
  GtkWidget *log_list;

  guint log_length;
  gboolean log_follow;          /* the log shows its end (the reader has not scrolled up) */
  guint log_source;             /* showing the end once laid out */
  guint ai_source;              /* the pause before the next computer move */
  guint delay_ms;               /* the computer's pace, ms a move */
  gint64 shown_time;            /* when the last move was shown (monotonic, µs), 0: none yet */
  gint64 motion_end;            /* when its motion was seen to end, 0: not seen */
  guint motion_tick;            /* watching that motion, frame by frame */
  gboolean auto_playing;
  gboolean panel_wanted;        /* the subclass wanted the panel at the last refresh */
  guint focus_source;

  char *hint_move;              /* the hint shown (notation), or NULL */
  char *hint_words;             /* ... in words */
} FolGamePagePrivate;

static void fol_game_page_buildable_init (GtkBuildableIface *iface);

G_DEFINE_ABSTRACT_TYPE_WITH_CODE (FolGamePage, fol_game_page, GTK_TYPE_WIDGET,
                                  G_ADD_PRIVATE (FolGamePage)
                                  G_IMPLEMENT_INTERFACE (GTK_TYPE_BUILDABLE, fol_game_page_buildable_init))

static GtkBuildableIface *parent_buildable_iface;

enum {
  CLOSE_REQUESTED,
  N_SIGNALS
};
static guint signals[N_SIGNALS];

#define PRIV(self) ((FolGamePagePrivate *) fol_game_page_get_instance_private (FOL_GAME_PAGE (self)))

static void schedule_computer (FolGamePage *self);

/* ---- helpers ---- */

const char *
fol_game_page_get_seat_name (FolGamePage *self, int seat)
{
  g_return_val_if_fail (FOL_IS_GAME_PAGE (self), NULL);
  return fol_player_get_name (fol_game_get_player (PRIV (self)->game, (guint) seat));
}

gboolean
fol_game_page_seat_is_human (FolGamePage *self, int seat)
{
  g_return_val_if_fail (FOL_IS_GAME_PAGE (self), FALSE);
  return fol_player_get_human (fol_game_get_player (PRIV (self)->game, (guint) seat));
}

int
fol_game_page_get_acting_seat (FolGamePage *self)
{
  g_return_val_if_fail (FOL_IS_GAME_PAGE (self), -1);
  FolGamePagePrivate *priv = PRIV (self);
  if (!priv->game || priv->auto_playing || fol_game_get_is_over (priv->game))
    return -1;
  int seat = fol_game_get_current_seat (priv->game);
  if (!fol_game_page_seat_is_human (self, seat))
    return -1;
  FolGamePageClass *klass = FOL_GAME_PAGE_GET_CLASS (self);
  return klass->may_act && !klass->may_act (self, seat) ? -1 : seat;
}

gboolean
fol_game_page_get_setting_boolean (FolGamePage *self, const char *key, gboolean fallback)
{
  g_return_val_if_fail (FOL_IS_GAME_PAGE (self), fallback);
  FolGamePagePrivate *priv = PRIV (self);
  g_autoptr (GSettingsSchema) schema = NULL;
  if (priv->settings)
    g_object_get (priv->settings, "settings-schema", &schema, NULL);
  if (!schema || !g_settings_schema_has_key (schema, key))
    return fallback;
  g_autoptr (GSettingsSchemaKey) k = g_settings_schema_get_key (schema, key);
  if (!g_variant_type_equal (g_settings_schema_key_get_value_type (k), G_VARIANT_TYPE_BOOLEAN))
    return fallback;
  return g_settings_get_boolean (priv->settings, key);
}

void
fol_game_page_toast (FolGamePage *self, const char *text)
{
  g_return_if_fail (FOL_IS_GAME_PAGE (self));
  adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (PRIV (self)->toasts), adw_toast_new (text));
}

void
fol_game_page_set_action_enabled (FolGamePage *self, const char *name, gboolean enabled)
{
  g_return_if_fail (FOL_IS_GAME_PAGE (self));
  GAction *a = g_action_map_lookup_action (G_ACTION_MAP (PRIV (self)->actions), name);
  g_return_if_fail (G_IS_SIMPLE_ACTION (a));
  g_simple_action_set_enabled (G_SIMPLE_ACTION (a), enabled);
}

gboolean
fol_game_page_activate_action (FolGamePage *self, const char *name, GVariant *target)
{
  g_return_val_if_fail (FOL_IS_GAME_PAGE (self), FALSE);
  GActionGroup *group = G_ACTION_GROUP (PRIV (self)->actions);
  g_autoptr (GVariant) sunk = target ? g_variant_ref_sink (target) : NULL;
  if (!g_action_group_has_action (group, name) || !g_action_group_get_action_enabled (group, name))
    return FALSE;
  g_action_group_activate_action (group, name, sunk);
  return TRUE;
}

void
fol_game_page_add_actions (FolGamePage *self, const GActionEntry *entries, int n_entries)
{
  g_return_if_fail (FOL_IS_GAME_PAGE (self));
  g_action_map_add_action_entries (G_ACTION_MAP (PRIV (self)->actions), entries, n_entries, self);
}

void
fol_game_page_set_title (FolGamePage *self, const char *title)
{
  g_return_if_fail (FOL_IS_GAME_PAGE (self));
  gtk_label_set_text (GTK_LABEL (PRIV (self)->title_label), title);
}

void
fol_game_page_set_end_turn_label (FolGamePage *self, const char *label)
{
  g_return_if_fail (FOL_IS_GAME_PAGE (self));
  gtk_button_set_label (GTK_BUTTON (PRIV (self)->end_button), label);
}

GtkWidget *
fol_game_page_get_end_turn_button (FolGamePage *self)
{
  g_return_val_if_fail (FOL_IS_GAME_PAGE (self), NULL);
  return PRIV (self)->end_button;
}

/* ---- focus ---- */

static GtkWidget *
focus_target (FolGamePage *self)
{
  FolGamePageClass *klass = FOL_GAME_PAGE_GET_CLASS (self);
  GtkWidget *target = klass->get_focus_target ? klass->get_focus_target (self) : NULL;
  return target ? target : PRIV (self)->board;
}

/* GTK keeps in each container the child that last held the focus, and Tab
 * into the container starts from that child, skipping those before it.  A
 * drop-down's popover that closes leaves such a trail in the side panel
 * (nothing clears it once the focus has moved on from the closed popover),
 * so that Tab from the board would skip every button before the last
 * drop-down used (issue 11: the Squirrel, Berry and Nut buttons after an
 * Exchange).  Forgets every remembered child under @widget off the path to
 * the focus widget @focus. */
static void
forget_focus_trail (GtkWidget *widget, GtkWidget *focus)
{
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    forget_focus_trail (c, focus);
  GtkWidget *remembered = gtk_widget_get_focus_child (widget);
  if (remembered && remembered != focus && !(focus && gtk_widget_is_ancestor (focus, remembered)))
    gtk_widget_set_focus_child (widget, NULL);
}

/* Gives the keys to the board (or what stands in its place): Tab then
 * goes on from there through the turn bar and the panel in their order. */
static gboolean
give_board_keys (FolGamePage *self)
{
  GtkWidget *target = focus_target (self);
  if (!target || !gtk_widget_grab_focus (target))
    return FALSE;
  forget_focus_trail (adw_flap_get_flap (ADW_FLAP (PRIV (self)->flap)), target);
  return TRUE;
}

static gboolean
focus_idle (gpointer data)
{
  FolGamePage *self = data;
  PRIV (self)->focus_source = 0;
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    give_board_keys (self);
  return G_SOURCE_REMOVE;
}

void
fol_game_page_set_board_covered (FolGamePage *self, gboolean covered)
{
  g_return_if_fail (FOL_IS_GAME_PAGE (self));
  GtkStack *slot = GTK_STACK (PRIV (self)->board_slot);
  g_return_if_fail (gtk_stack_get_child_by_name (slot, "cover") != NULL);
  gtk_stack_set_visible_child_name (slot, covered ? "cover" : "board");
}

void
fol_game_page_wrap_button_labels (GtkWidget *widget)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));
  if (GTK_IS_LABEL (widget) && gtk_widget_get_ancestor (widget, GTK_TYPE_BUTTON))
    {
      gtk_label_set_wrap (GTK_LABEL (widget), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (widget), PANGO_WRAP_WORD_CHAR);
      gtk_label_set_justify (GTK_LABEL (widget), GTK_JUSTIFY_CENTER);
    }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    fol_game_page_wrap_button_labels (c);
}

void
fol_game_page_focus_board (FolGamePage *self)
{
  g_return_if_fail (FOL_IS_GAME_PAGE (self));
  FolGamePagePrivate *priv = PRIV (self);
  /* after the popover or dialog that had the keys has gone */
  if (!priv->focus_source)
    priv->focus_source = g_idle_add (focus_idle, self);
}

static void
on_popover_changed (GtkMenuButton *button, GParamSpec *pspec, FolGamePage *self)
{
  GtkPopover *popover = gtk_menu_button_get_popover (button);
  if (popover && !g_object_get_data (G_OBJECT (popover), "fol-game-page"))
    {
      g_object_set_data (G_OBJECT (popover), "fol-game-page", self);
      g_signal_connect_object (popover, "closed", G_CALLBACK (fol_game_page_focus_board), self, G_CONNECT_SWAPPED);
    }
}

/* Every drop-down of the panel gives the keys back to the board when it
 * closes (a choice made, or Escape), whatever popover it has by then. */
static void
watch_menu_buttons (FolGamePage *self, GtkWidget *widget)
{
  if (GTK_IS_MENU_BUTTON (widget))
    {
      g_signal_connect_object (widget, "notify::popover", G_CALLBACK (on_popover_changed), self, 0);
      on_popover_changed (GTK_MENU_BUTTON (widget), NULL, self);
    }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    watch_menu_buttons (self, c);
}

GtkWidget *
fol_game_page_new_dialog (FolGamePage *self, const char *heading, const char *body)
{
  g_return_val_if_fail (FOL_IS_GAME_PAGE (self), NULL);
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  return adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, heading, body);
}

void
fol_game_page_present_dialog (FolGamePage *self, GtkWidget *dialog)
{
  g_return_if_fail (FOL_IS_GAME_PAGE (self));
  g_return_if_fail (GTK_IS_WINDOW (dialog));
  /* closed: hidden, or destroyed at once (a dialog not hidden on close) */
  g_signal_connect_object (dialog, "hide", G_CALLBACK (fol_game_page_focus_board), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (dialog, "destroy", G_CALLBACK (fol_game_page_focus_board), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* ---- the log ---- */

static gboolean
log_to_end (gpointer data)
{
  FolGamePage *self = data;
  FolGamePagePrivate *priv = PRIV (self);
  priv->log_source = 0;
  GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (priv->log_scroll));
  if (priv->log_follow)
    gtk_adjustment_set_value (adj, gtk_adjustment_get_upper (adj) - gtk_adjustment_get_page_size (adj));
  return G_SOURCE_REMOVE;
}

/* The list's height is known only once it is allocated: the log follows
 * its end whenever the adjustment changes (new lines, a new width that
 * wraps them anew, a page first laid out after a game is loaded, the
 * folded panel opened), unless the reader has scrolled up, so that the
 * newest line shows whole.
 *
 * Not at once: the adjustment changes at the end of the viewport's
 * allocation, and a scroll then asks for an allocation that the one under
 * way forgets, so the list would stay at its old offset for good.  Right
 * after the frame that allocated it, before the next one (a high-priority
 * idle, ahead of the frame clock's own sources): at a lower priority, an
 * idle waits as long as frames follow each other (the board's motion, the
 * thinking indicator, a page being laid out after a game is loaded), the
 * log showing its top meanwhile (issue 12). */
static void
on_log_adjustment_changed (GtkAdjustment *adj, FolGamePage *self)
{
  FolGamePagePrivate *priv = PRIV (self);
  if (priv->log_follow && !priv->log_source)
    priv->log_source = g_idle_add_full (G_PRIORITY_HIGH_IDLE, log_to_end, self, NULL);
}

static void
on_log_value_changed (GtkAdjustment *adj, FolGamePage *self)
{
  PRIV (self)->log_follow = gtk_adjustment_get_value (adj) + gtk_adjustment_get_page_size (adj)
                            >= gtk_adjustment_get_upper (adj) - 4;
}

/* Shows the end of the log, now and once the new lines have their size. */
static void
follow_log (FolGamePage *self)
{
  FolGamePagePrivate *priv = PRIV (self);
  GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (priv->log_scroll));
  priv->log_follow = TRUE;
  gtk_adjustment_set_value (adj, gtk_adjustment_get_upper (adj));
}

static void
log_append (FolGamePage *self, const char *text)
{
  FolGamePagePrivate *priv = PRIV (self);
  GtkWidget *label = gtk_label_new (text);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "log-line");
  gtk_list_box_append (GTK_LIST_BOX (priv->log_list), label);
  priv->log_length++;
}

/* The log's lines for one move, in words (the subclass's). */
static void
log_move (FolGame *game, const FolMoveReport *report, gpointer data)
{
  FolGamePage *self = data;
  g_autoptr (GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  FOL_GAME_PAGE_GET_CLASS (self)->describe_move (self, report, lines);
  for (guint i = 0; i < lines->len; i++)
    log_append (self, g_ptr_array_index (lines, i));
}

/* The log told again by the model (at the start, after an undo). */
static void
rebuild_log (FolGamePage *self)
{
  FolGamePagePrivate *priv = PRIV (self);
  FolGamePageClass *klass = FOL_GAME_PAGE_GET_CLASS (self);
  GtkWidget *child;
  while ((child = gtk_widget_get_first_child (priv->log_list)))
    gtk_list_box_remove (GTK_LIST_BOX (priv->log_list), child);
  priv->log_length = 0;
  g_autofree char *start = klass->describe_start ? klass->describe_start (self) : NULL;
  if (start)
    log_append (self, start);
  fol_game_replay (priv->game, log_move, self);
  follow_log (self);
}

guint
fol_game_page_get_log_length (FolGamePage *self)
{
  g_return_val_if_fail (FOL_IS_GAME_PAGE (self), 0);
  return PRIV (self)->log_length;
}

const char *
fol_game_page_get_log_line (FolGamePage *self, guint i)
{
  g_return_val_if_fail (FOL_IS_GAME_PAGE (self), NULL);
  GtkListBoxRow *row = gtk_list_box_get_row_at_index (GTK_LIST_BOX (PRIV (self)->log_list), (int) i);
  return row ? gtk_label_get_text (GTK_LABEL (gtk_list_box_row_get_child (row))) : NULL;
}

/* ---- the help line and hints ---- */

void
fol_game_page_update_help (FolGamePage *self)
{
  g_return_if_fail (FOL_IS_GAME_PAGE (self));
  FolGamePagePrivate *priv = PRIV (self);
  if (!priv->game)
    return;
  int acting = fol_game_page_get_acting_seat (self);
  GtkWidget *label = priv->help_label;
  if (priv->hint_words && acting >= 0)
    {
      gtk_label_set_text (GTK_LABEL (label), priv->hint_words);
      gtk_widget_remove_css_class (label, "dim-label");
      gtk_widget_add_css_class (label, "accent");
    }
  else
    {
      gtk_widget_remove_css_class (label, "accent");
      gtk_widget_add_css_class (label, "dim-label");
      gtk_label_set_text (GTK_LABEL (label), fol_game_get_is_over (priv->game)
                                             ? "" : FOL_GAME_PAGE_GET_CLASS (self)->get_help (self, acting));
    }
  gtk_widget_set_visible (label, *gtk_label_get_text (GTK_LABEL (label)) != '\0');
}

/* The hint goes away (the person moved, took a move back, or left). */
static void
clear_hint (FolGamePage *self)
{
  FolGamePagePrivate *priv = PRIV (self);
  FolGamePageClass *klass = FOL_GAME_PAGE_GET_CLASS (self);
  if (fol_thinking_get_hinting (FOL_THINKING (priv->thinking)))
    fol_thinking_cancel (FOL_THINKING (priv->thinking));
  g_clear_pointer (&priv->hint_move, g_free);
  g_clear_pointer (&priv->hint_words, g_free);
  if (klass->clear_hint)
    klass->clear_hint (self);
}

/* Never called once the search was cancelled (the person moved, or the page left). */
static void
on_hint (const char *text, const GError *error, gpointer user_data)
{
  FolGamePage *self = user_data;
  FolGamePagePrivate *priv = PRIV (self);
  if (!text)
    {
      fol_game_page_toast (self, error ? error->message : _("No hint now"));
      return;
    }
  if (fol_game_page_get_acting_seat (self) < 0)
    return;
  g_autoptr (GError) local = NULL;
  char *words = FOL_GAME_PAGE_GET_CLASS (self)->show_hint (self, text, &local);
  if (!words)
    {
      fol_game_page_toast (self, local->message);
      return;
    }
  priv->hint_move = g_strdup (text);
  priv->hint_words = words;
  /* the game is played with a hint from now on (the statistics count it apart) */
  fol_game_add_hint (priv->game);
  fol_game_page_update_help (self);
  /* the help line that says it is in the panel: folded away, the hint is
   * also said where it is seen (at 1000x700 a hint to spend a treasure
   * seemed to do nothing) */
  if (!fol_game_page_get_panel_revealed (self))
    fol_game_page_toast (self, words);
}

/* H or the Hint button: the move the Hard level would play, once per position. */
static void
act_hint (GSimpleAction *a, GVariant *p, gpointer data)
{
  FolGamePage *self = data;
  FolGamePagePrivate *priv = PRIV (self);
  if (fol_game_page_get_acting_seat (self) < 0 || priv->hint_move
      || fol_thinking_get_busy (FOL_THINKING (priv->thinking)))
    return;
  fol_thinking_find_hint (FOL_THINKING (priv->thinking), priv->game, on_hint, self);
  /* the Hint button keeps no keys: the board's (1-6, arrows) work on */
  fol_game_page_focus_board (self);
}

const char *
fol_game_page_get_hint (FolGamePage *self)
{
  g_return_val_if_fail (FOL_IS_GAME_PAGE (self), NULL);
  return PRIV (self)->hint_move;
}

const char *
fol_game_page_get_help_text (FolGamePage *self)
{
  g_return_val_if_fail (FOL_IS_GAME_PAGE (self), NULL);
  return gtk_label_get_text (GTK_LABEL (PRIV (self)->help_label));
}

/* ---- refresh ---- */

/* A choice only the panel's buttons make opens a folded panel, which
 * closes again once the choice is made; so does the end of the game, whose
 * winner and scores only the panel shows (it stays open until closed). */
static void
show_wanted_panel (FolGamePage *self, int acting)
{
  FolGamePagePrivate *priv = PRIV (self);
  FolGamePageClass *klass = FOL_GAME_PAGE_GET_CLASS (self);
  AdwFlap *flap = ADW_FLAP (priv->flap);
  gboolean wanted = fol_game_get_is_over (priv->game)
                    || (acting >= 0 && klass->wants_panel && klass->wants_panel (self));
  if (wanted == priv->panel_wanted)
    return;
  priv->panel_wanted = wanted;
  if (adw_flap_get_folded (flap))
    adw_flap_set_reveal_flap (flap, wanted);
}

/* The flap closes itself when it folds (a narrower window, or the first
 * allocation of a page shown folded): a panel wanted then opens again. */
static void
on_flap_folded (AdwFlap *flap, GParamSpec *pspec, FolGamePage *self)
{
  if (PRIV (self)->panel_wanted && adw_flap_get_folded (flap))
    adw_flap_set_reveal_flap (flap, TRUE);
}

void
fol_game_page_refresh (FolGamePage *self)
{
  g_return_if_fail (FOL_IS_GAME_PAGE (self));
  FolGamePagePrivate *priv = PRIV (self);
  if (!priv->game)
    return;
  FOL_GAME_PAGE_GET_CLASS (self)->refresh (self);
  int acting = fol_game_page_get_acting_seat (self);
  fol_game_page_set_action_enabled (self, "undo", acting >= 0 && fol_game_get_n_undoable (priv->game) > 0);
  fol_game_page_set_action_enabled (self, "hint", acting >= 0);
  gboolean over = fol_game_get_is_over (priv->game);
  if (over)
    fol_game_page_set_action_enabled (self, "end-turn", FALSE);
  /* at the end nothing is left to undo, hint or end: the turn bar offers
   * the replay in their place (the bar keeps its height: the board stays) */
  gtk_widget_set_visible (priv->replay_button, over);
  gtk_widget_set_visible (priv->undo_button, !over);
  gtk_widget_set_visible (priv->hint_button, !over);
  gtk_widget_set_visible (priv->end_button, !over);
  fol_game_page_update_help (self);
  show_wanted_panel (self, acting);
  schedule_computer (self);
}

/* ---- moves ---- */

/* The model played a move (the person's, a computer's, an automatic one):
 * the log says it, the page shows the new position. */
static void
on_move_applied (FolGame *game, int seat, const char *text, const FolMoveReport *report, FolGamePage *self)
{
  FolGamePageClass *klass = FOL_GAME_PAGE_GET_CLASS (self);
  FolGamePagePrivate *priv = PRIV (self);
  /* the next computer move is paced from now (schedule_computer()) */
  priv->shown_time = g_get_monotonic_time ();
  priv->motion_end = 0;
  clear_hint (self);
  log_move (game, report, self);
  follow_log (self);
  if (klass->move_applied)
    klass->move_applied (self, report);
  fol_game_page_refresh (self);
  /* a person acts (or the next turn begins, maybe behind a screen that
   * hides the board): the keys go to the board, or to what stands in its place */
  if ((report->turn_ended || fol_game_page_get_acting_seat (self) >= 0) && gtk_widget_get_mapped (GTK_WIDGET (self)))
    give_board_keys (self);
}

static void
on_undone (FolGame *game, FolGamePage *self)
{
  FolGamePageClass *klass = FOL_GAME_PAGE_GET_CLASS (self);
  clear_hint (self);
  if (klass->undone)
    klass->undone (self);
  rebuild_log (self);
  fol_game_page_refresh (self);
}

static void
on_save_failed (FolGame *game, GError *error, FolGamePage *self)
{
  g_autofree char *msg = g_strdup_printf (_("The game could not be saved: %s. You can go on playing."), error->message);
  fol_game_page_toast (self, msg);
}

/* Plays a move the page chose for a seat (a computer's, an automatic one). */
static void
play_text (FolGamePage *self, const char *text)
{
  g_autoptr (GError) error = NULL;
  if (!fol_game_apply_move (PRIV (self)->game, text, &error))
    {
      fol_game_page_toast (self, error->message);
      fol_game_page_refresh (self);
    }
}

/* ---- computer turns ---- */

/* Whether the page, not a person, plays the next move. */
static gboolean
machine_to_move (FolGamePage *self)
{
  FolGamePagePrivate *priv = PRIV (self);
  if (!priv->game || fol_game_get_is_over (priv->game))
    return FALSE;
  return priv->auto_playing || !fol_game_page_seat_is_human (self, fol_game_get_current_seat (priv->game));
}

/* Never called once the search was cancelled (the page left, a new game): @user_data lives. */
static void
on_computer_move (const char *text, const GError *error, gpointer user_data)
{
  FolGamePage *self = user_data;
  if (!text)
    {
      fol_game_page_toast (self, error ? error->message : _("The computer found no move"));
      fol_game_page_refresh (self);
      return;
    }
  play_text (self, text);
}

static gboolean
computer_step (gpointer user_data)
{
  FolGamePage *self = user_data;
  FolGamePagePrivate *priv = PRIV (self);
  priv->ai_source = 0;
  if (!machine_to_move (self))
    return G_SOURCE_REMOVE;
  if (priv->auto_playing)
    {
      g_autofree char *text = FOL_GAME_PAGE_GET_CLASS (self)->automatic_move (self);
      if (text)
        play_text (self, text);
      else
        fol_game_page_set_auto_playing (self, FALSE);
      return G_SOURCE_REMOVE;
    }
  fol_thinking_choose_move (FOL_THINKING (priv->thinking), priv->game, on_computer_move, self);
  return G_SOURCE_REMOVE;
}

/* The longest a move's motion is waited for (a board whose motion never
 * says it ended must not stop the computer). */
#define MOTION_WAIT_MAX_US (10 * FOL_GAME_PAGE_MOTION_MS * 1000)

/* Whether the last move's motion is still under way on the board (the
 * subclass says; without it the motion is FOL_GAME_PAGE_MOTION_MS long and
 * needs no watching, see next_move_time()). */
static gboolean
motion_running (FolGamePage *self)
{
  FolGamePagePrivate *priv = PRIV (self);
  FolGamePageClass *klass = FOL_GAME_PAGE_GET_CLASS (self);
  if (!klass->get_motion || g_get_monotonic_time () - priv->shown_time > MOTION_WAIT_MAX_US)
    return FALSE;
  return klass->get_motion (self) < 1.0;
}

/* When the next computer move may come (monotonic, µs): a pace after the
 * move before was shown, and never sooner than the pace less the nominal
 * motion after its motion ended (fol_game_page_set_animation_delay()). */
static gint64
next_move_time (FolGamePage *self)
{
  FolGamePagePrivate *priv = PRIV (self);
  gint64 pace = (gint64) priv->delay_ms * 1000;
  gint64 motion_end = MAX (priv->motion_end, priv->shown_time);
  return MAX (priv->shown_time + pace, motion_end + pace - FOL_GAME_PAGE_MOTION_MS * 1000);
}

static gboolean
watch_motion (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  FolGamePage *self = FOL_GAME_PAGE (widget);
  FolGamePagePrivate *priv = PRIV (self);
  if (motion_running (self))
    return G_SOURCE_CONTINUE;
  priv->motion_tick = 0;
  priv->motion_end = g_get_monotonic_time ();
  schedule_computer (self);
  return G_SOURCE_REMOVE;
}

/* A page out of its window plays no computer move: it waits until it is
 * shown again (root).  At a pace other than at once the move waits for
 * the last move's motion to end (watched frame by frame), then for the
 * rest of its pause. */
static void
schedule_computer (FolGamePage *self)
{
  FolGamePagePrivate *priv = PRIV (self);
  if (priv->ai_source || priv->motion_tick || fol_thinking_get_busy (FOL_THINKING (priv->thinking))
      || !machine_to_move (self) || !gtk_widget_get_root (GTK_WIDGET (self)))
    return;
  gint64 now = g_get_monotonic_time ();
  if (priv->shown_time == 0)
    priv->shown_time = now;  /* the page just shown: the position is read first */
  if (priv->delay_ms == 0)
    {
      priv->ai_source = g_timeout_add (0, computer_step, self);
      return;
    }
  if (priv->motion_end == 0 && motion_running (self))
    {
      priv->motion_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self), watch_motion, NULL, NULL);
      return;
    }
  gint64 wait_us = MAX (next_move_time (self) - now, 0);
  priv->ai_source = g_timeout_add ((guint) MIN (wait_us / 1000, (gint64) G_MAXUINT), computer_step, self);
}

/* Drops the wait for the next computer move (its pause, or the motion
 * before it). */
static void
unschedule_computer (FolGamePage *self)
{
  FolGamePagePrivate *priv = PRIV (self);
  g_clear_handle_id (&priv->ai_source, g_source_remove);
  if (priv->motion_tick)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), priv->motion_tick);
  priv->motion_tick = 0;
}

/* Cancels a computer's search (or a hint's) and the next computer move. */
static void
stop_computer (FolGamePage *self)
{
  FolGamePagePrivate *priv = PRIV (self);
  unschedule_computer (self);
  if (priv->thinking)
    fol_thinking_cancel (FOL_THINKING (priv->thinking));
}

void
fol_game_page_set_auto_playing (FolGamePage *self, gboolean auto_playing)
{
  g_return_if_fail (FOL_IS_GAME_PAGE (self));
  FolGamePagePrivate *priv = PRIV (self);
  if (priv->auto_playing == !!auto_playing)
    return;
  priv->auto_playing = !!auto_playing;
  fol_game_page_refresh (self);
}

gboolean
fol_game_page_get_auto_playing (FolGamePage *self)
{
  g_return_val_if_fail (FOL_IS_GAME_PAGE (self), FALSE);
  return PRIV (self)->auto_playing;
}

void
fol_game_page_set_animation_delay (FolGamePage *self, guint ms)
{
  g_return_if_fail (FOL_IS_GAME_PAGE (self));
  FolGamePagePrivate *priv = PRIV (self);
  priv->delay_ms = ms;
  /* the new pace applies to the move waiting now */
  if (priv->ai_source || priv->motion_tick)
    {
      unschedule_computer (self);
      schedule_computer (self);
    }
}

guint
fol_game_page_get_animation_delay (FolGamePage *self)
{
  g_return_val_if_fail (FOL_IS_GAME_PAGE (self), 0);
  return PRIV (self)->delay_ms;
}

/* ---- the turn's actions ---- */

gboolean
fol_game_page_undo (FolGamePage *self)
{
  g_return_val_if_fail (FOL_IS_GAME_PAGE (self), FALSE);
  if (fol_game_page_get_acting_seat (self) < 0)
    return FALSE;
  g_autoptr (GError) error = NULL;
  /* the model says it (::undone): the page follows in on_undone() */
  if (!fol_game_undo (PRIV (self)->game, &error))
    {
      fol_game_page_toast (self, _("Nothing of this turn is left to undo"));
      return FALSE;
    }
  return TRUE;
}

static void
act_undo (GSimpleAction *a, GVariant *p, gpointer data)
{
  fol_game_page_undo (data);
}

static void
on_confirm_end (AdwMessageDialog *dialog, const char *response, FolGamePage *self)
{
  if (g_strcmp0 (response, "end") == 0 && fol_game_page_get_acting_seat (self) >= 0)
    FOL_GAME_PAGE_GET_CLASS (self)->end_turn (self);
}

static void
act_end_turn (GSimpleAction *a, GVariant *p, gpointer data)
{
  FolGamePage *self = data;
  FolGamePageClass *klass = FOL_GAME_PAGE_GET_CLASS (self);
  if (fol_game_page_get_acting_seat (self) < 0)
    return;
  if (fol_game_page_get_setting_boolean (self, "confirm-end-turn", FALSE)
      && (!klass->confirm_end_turn || klass->confirm_end_turn (self)))
    {
      GtkWidget *dialog = fol_game_page_new_dialog (self, _("End your turn?"), NULL);
      adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"), "end", _("_End Turn"), NULL);
      adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "end", ADW_RESPONSE_SUGGESTED);
      g_signal_connect_object (dialog, "response", G_CALLBACK (on_confirm_end), self, 0);
      fol_game_page_present_dialog (self, dialog);
      return;
    }
  klass->end_turn (self);
}

static void
act_back (GSimpleAction *a, GVariant *p, gpointer data)
{
  g_signal_emit (data, signals[CLOSE_REQUESTED], 0);
}

/* F9 or the turn bar's toggle: the folded side panel over the board. */
static void
act_show_panel (GSimpleAction *a, GVariant *p, gpointer data)
{
  FolGamePage *self = data;
  AdwFlap *flap = ADW_FLAP (PRIV (self)->flap);
  if (adw_flap_get_folded (flap))
    adw_flap_set_reveal_flap (flap, !adw_flap_get_reveal_flap (flap));
}

static const GActionEntry base_entries[] = {
  { .name = "undo", .activate = act_undo },
  { .name = "end-turn", .activate = act_end_turn },
  { .name = "hint", .activate = act_hint },
  { .name = "back", .activate = act_back },
  { .name = "show-panel", .activate = act_show_panel },
};

gboolean
fol_game_page_get_panel_folded (FolGamePage *self)
{
  g_return_val_if_fail (FOL_IS_GAME_PAGE (self), FALSE);
  return adw_flap_get_folded (ADW_FLAP (PRIV (self)->flap));
}

gboolean
fol_game_page_get_panel_revealed (FolGamePage *self)
{
  g_return_val_if_fail (FOL_IS_GAME_PAGE (self), FALSE);
  AdwFlap *flap = ADW_FLAP (PRIV (self)->flap);
  return !adw_flap_get_folded (flap) || adw_flap_get_reveal_flap (flap);
}

void
fol_game_page_set_panel_revealed (FolGamePage *self, gboolean revealed)
{
  g_return_if_fail (FOL_IS_GAME_PAGE (self));
  adw_flap_set_reveal_flap (ADW_FLAP (PRIV (self)->flap), revealed);
}

/* ---- the game ---- */

static void
disconnect_game (FolGamePage *self)
{
  FolGamePagePrivate *priv = PRIV (self);
  if (!priv->game)
    return;
  stop_computer (self);
  for (guint i = 0; i < G_N_ELEMENTS (priv->handlers); i++)
    g_clear_signal_handler (&priv->handlers[i], priv->game);
  g_clear_object (&priv->game);
}

void
fol_game_page_set_game (FolGamePage *self, FolGame *game)
{
  g_return_if_fail (FOL_IS_GAME_PAGE (self));
  g_return_if_fail (FOL_IS_GAME (game));
  FolGamePagePrivate *priv = PRIV (self);
  g_return_if_fail (priv->game == NULL);
  priv->game = g_object_ref (game);
  priv->handlers[0] = g_signal_connect (game, "save-failed", G_CALLBACK (on_save_failed), self);
  priv->handlers[1] = g_signal_connect (game, "move-applied", G_CALLBACK (on_move_applied), self);
  priv->handlers[2] = g_signal_connect (game, "undone", G_CALLBACK (on_undone), self);
  watch_menu_buttons (self, priv->panel_slot);
  fol_game_page_wrap_button_labels (priv->panel_slot);
  rebuild_log (self);
  fol_game_page_refresh (self);
}

FolGame *
fol_game_page_get_game (FolGamePage *self)
{
  g_return_val_if_fail (FOL_IS_GAME_PAGE (self), NULL);
  return PRIV (self)->game;
}

GtkWidget *
fol_game_page_get_board (FolGamePage *self)
{
  g_return_val_if_fail (FOL_IS_GAME_PAGE (self), NULL);
  return PRIV (self)->board;
}

FolThinking *
fol_game_page_get_thinking (FolGamePage *self)
{
  g_return_val_if_fail (FOL_IS_GAME_PAGE (self), NULL);
  return FOL_THINKING (PRIV (self)->thinking);
}

const char *
fol_game_page_get_shortcuts_view (FolGamePage *self)
{
  g_return_val_if_fail (FOL_IS_GAME_PAGE (self), NULL);
  return FOL_GAME_PAGE_GET_CLASS (self)->shortcuts_view;
}

/* ---- GtkBuildable: a subclass's board and panel ---- */

static void
fol_game_page_buildable_add_child (GtkBuildable *buildable, GtkBuilder *builder, GObject *child, const char *type)
{
  FolGamePagePrivate *priv = PRIV (buildable);
  if (g_strcmp0 (type, "board") == 0)
    {
      priv->board = GTK_WIDGET (child);
      gtk_stack_add_named (GTK_STACK (priv->board_slot), priv->board, "board");
      gtk_stack_set_visible_child (GTK_STACK (priv->board_slot), priv->board);
    }
  else if (g_strcmp0 (type, "board-cover") == 0)
    gtk_stack_add_named (GTK_STACK (priv->board_slot), GTK_WIDGET (child), "cover");
  else if (g_strcmp0 (type, "panel") == 0)
    adw_bin_set_child (ADW_BIN (priv->panel_slot), GTK_WIDGET (child));
  else
    parent_buildable_iface->add_child (buildable, builder, child, type);
}

static void
fol_game_page_buildable_init (GtkBuildableIface *iface)
{
  parent_buildable_iface = g_type_interface_peek_parent (iface);
  iface->add_child = fol_game_page_buildable_add_child;
}

/* ---- the widget ---- */

static void
fol_game_page_dispose (GObject *object)
{
  FolGamePage *self = FOL_GAME_PAGE (object);
  FolGamePagePrivate *priv = PRIV (self);
  disconnect_game (self);
  g_clear_handle_id (&priv->focus_source, g_source_remove);
  g_clear_handle_id (&priv->log_source, g_source_remove);
  g_clear_pointer (&priv->hint_move, g_free);
  g_clear_pointer (&priv->hint_words, g_free);
  g_clear_object (&priv->settings);
  g_clear_object (&priv->actions);
  priv->board = NULL;
  /* the template's one direct child; the template keeps its objects until
   * finalization (gtk_widget_dispose_template() of GTK 4.8 asserts on a
   * template whose subclass has one too) */
  g_clear_pointer (&priv->toasts, gtk_widget_unparent);
  G_OBJECT_CLASS (fol_game_page_parent_class)->dispose (object);
}

static void
fol_game_page_root (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (fol_game_page_parent_class)->root (widget);
  schedule_computer (FOL_GAME_PAGE (widget));
}

static void
fol_game_page_unroot (GtkWidget *widget)
{
  stop_computer (FOL_GAME_PAGE (widget));
  GTK_WIDGET_CLASS (fol_game_page_parent_class)->unroot (widget);
}

/* Focusing the page (the window does when it shows it) focuses the board,
 * so that its keys work at once, not the first button of the panel. */
static gboolean
fol_game_page_grab_focus (GtkWidget *widget)
{
  return give_board_keys (FOL_GAME_PAGE (widget));
}

static void
fol_game_page_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (fol_game_page_parent_class)->map (widget);
  fol_game_page_grab_focus (widget);
}

static void
fol_game_page_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                       int *minimum, int *natural, int *minimum_baseline, int *natural_baseline)
{
  FolGamePagePrivate *priv = PRIV (FOL_GAME_PAGE (widget));
  fol_fold_measure (priv->toasts, ADW_FLAP (priv->flap), orientation, for_size,
                    minimum, natural, minimum_baseline, natural_baseline);
}

/* The panel folds away when the board, at the height it gets, would be
 * narrower than the subclass says it needs (fol-fold.h). */
static void
fol_game_page_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  FolGamePage *self = FOL_GAME_PAGE (widget);
  FolGamePagePrivate *priv = PRIV (self);
  FolGamePageClass *klass = FOL_GAME_PAGE_GET_CLASS (self);
  AdwFlap *flap = ADW_FLAP (priv->flap);
  int board_width = FOL_GAME_PAGE_BOARD_MIN_WIDTH;
  if (klass->board_min_width)
    board_width = MAX (board_width, klass->board_min_width (self, fol_fold_board_height (flap, priv->board_slot, height)));
  fol_fold_allocate (priv->toasts, flap, width, height, baseline, board_width);
}

static void
fol_game_page_class_init (FolGamePageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  object_class->dispose = fol_game_page_dispose;
  widget_class->root = fol_game_page_root;
  widget_class->unroot = fol_game_page_unroot;
  widget_class->map = fol_game_page_map;
  widget_class->grab_focus = fol_game_page_grab_focus;
  widget_class->measure = fol_game_page_measure;
  widget_class->size_allocate = fol_game_page_size_allocate;

  /**
   * FolGamePage::close-requested:
   * The player asks to go back to the start page; the game is already saved.
   */
  signals[CLOSE_REQUESTED] = g_signal_new ("close-requested", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                           NULL, NULL, NULL, G_TYPE_NONE, 0);

  g_type_ensure (FOL_TYPE_THINKING);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/foliage/Foliage/ui/fol-game-page.ui");
  gtk_widget_class_bind_template_child_private (widget_class, FolGamePage, toasts);
  gtk_widget_class_bind_template_child_private (widget_class, FolGamePage, flap);
  gtk_widget_class_bind_template_child_private (widget_class, FolGamePage, board_slot);
  gtk_widget_class_bind_template_child_private (widget_class, FolGamePage, thinking);
  gtk_widget_class_bind_template_child_private (widget_class, FolGamePage, end_button);
  gtk_widget_class_bind_template_child_private (widget_class, FolGamePage, undo_button);
  gtk_widget_class_bind_template_child_private (widget_class, FolGamePage, hint_button);
  gtk_widget_class_bind_template_child_private (widget_class, FolGamePage, replay_button);
  gtk_widget_class_bind_template_child_private (widget_class, FolGamePage, panel_slot);
  gtk_widget_class_bind_template_child_private (widget_class, FolGamePage, title_label);
  gtk_widget_class_bind_template_child_private (widget_class, FolGamePage, help_label);
  gtk_widget_class_bind_template_child_private (widget_class, FolGamePage, log_scroll);
  gtk_widget_class_bind_template_child_private (widget_class, FolGamePage, log_list);
}

static void
fol_game_page_init (FolGamePage *self)
{
  FolGamePagePrivate *priv = PRIV (self);
  gtk_widget_init_template (GTK_WIDGET (self));

  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr (GSettingsSchema) schema = source ? g_settings_schema_source_lookup (source, APP_ID, TRUE) : NULL;
  if (schema)
    priv->settings = g_settings_new (APP_ID);
  priv->delay_ms = schema && g_settings_schema_has_key (schema, "animation-speed")
                   ? (guint) MAX (0, g_settings_get_int (priv->settings, "animation-speed"))
                   : FOL_GAME_PAGE_PACE_NORMAL;

  priv->actions = g_simple_action_group_new ();
  g_action_map_add_action_entries (G_ACTION_MAP (priv->actions), base_entries, G_N_ELEMENTS (base_entries), self);
  gtk_widget_insert_action_group (GTK_WIDGET (self), "game", G_ACTION_GROUP (priv->actions));

  /* the keys of a turn, whichever widget of the window has the focus */
  static const struct { const char *trigger, *action; } keys[] = {
    { "<Control>z", "game.undo" },
    { "<Control>Return|<Control>KP_Enter|<Control>e", "game.end-turn" },
    { "h|<Shift>h", "game.hint" },
    { "F9", "game.show-panel" },
  };
  GtkEventController *shortcuts = gtk_shortcut_controller_new ();
  gtk_shortcut_controller_set_scope (GTK_SHORTCUT_CONTROLLER (shortcuts), GTK_SHORTCUT_SCOPE_MANAGED);
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                          gtk_shortcut_new (gtk_shortcut_trigger_parse_string (keys[i].trigger),
                                                            gtk_named_action_new (keys[i].action)));
  gtk_widget_add_controller (GTK_WIDGET (self), shortcuts);

  GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (priv->log_scroll));
  g_signal_connect (adj, "changed", G_CALLBACK (on_log_adjustment_changed), self);
  g_signal_connect (adj, "value-changed", G_CALLBACK (on_log_value_changed), self);
  priv->log_follow = TRUE;
  g_signal_connect_object (priv->flap, "notify::folded", G_CALLBACK (on_flap_folded), self, 0);
}
