/* test-keyboard-play.c: a whole game of each kind played with the keyboard
 * alone (issue 11), in the real application window under Xvfb: a 2-player
 * Indian Summer game, the person against an Easy computer, at 1366x768; a
 * whole solo game at 800x600 (the Berry's and the empty Player Path's
 * choice of Path and end, and the end phase's Auto-finish); the first turns
 * of a 4-player game in which the person spends a Mushroom, choosing the
 * two opponents in its drop-down; a Fall game between two people at one
 * desk at the smallest window, 800x600, where the side panel is folded
 * away (F9 shows it).
 *
 * GTK 4.8 has no public way to inject a key event, so each key press is
 * delivered as GTK delivers one: to the widget with the focus in the window
 * that has the keyboard (a dialog the page opened, else the main window),
 * through the capture phase from the window down, then the target and
 * bubble phases back up, to each key controller ("key-pressed") and each
 * shortcut controller (its shortcuts: keyval triggers, mnemonics with Alt,
 * the window's class shortcuts such as Tab; the managed shortcuts of the
 * page and of every mnemonic label through the window's shortcut manager),
 * until one handles it; then the key release goes to the focus of that
 * moment ("key-released": it finishes a button's keyboard activation).
 * Focus moves (Tab, a popover opening and closing, a dialog) are GTK's own.
 *
 * The persons' moves are chosen by a simple strategy from what the page
 * shows (the board's piece in hand and whether it fits, the legal moves of
 * the position shown) and played by keys only: the board's keys (digits, R,
 * F, arrows, Enter, Escape, T), Tab to the side panel's buttons and
 * drop-downs, Return, the arrows and Escape in a drop-down, a mnemonic,
 * Ctrl+Z, Ctrl+Enter, F9, the dialogs' buttons and check buttons, "Show My
 * Turn" on the pass-the-device screen, and at the end Back to the Start
 * Page.  Never the game's or the page's API to make a move.  Asserted: each
 * game ends (the 4-player one once its Mushroom is played); every move of a
 * person in the model's log was played (and every undo done) while a key
 * was being delivered, or by the Auto-finish a key started, and no computer
 * move was; the
 * keys went to the board or a widget of the page (or of a dialog the page
 * opened) every time; the keys are the board's again after every drop-down,
 * button and dialog. */
#include "config.h"

#include "ui-test-util.h"
#include "page-test-util.h"
#include "fol-window.h"
#include "fol-game-page.h"
#include "fol-summer-page.h"
#include "fol-summer-board.h"
#include "fol-summer-game.h"
#include "fol-fall-page.h"
#include "fol-fall-board.h"
#include "fol-fall-game.h"

/* one application for the whole program: an id registers once per process */
static FolApplication *app;

/* ---- a key as GTK delivers it ---- */

#define KEY_MODS (GDK_SHIFT_MASK | GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK | GDK_HYPER_MASK | GDK_META_MASK)

/* Whether @t fires for @keyval with @mods (mnemonics: only when the
 * controller's mnemonic modifier, Alt, is all that is held). */
static gboolean
trigger_fires (GtkShortcutTrigger *t, guint keyval, GdkModifierType mods, gboolean mnemonics)
{
  if (GTK_IS_ALTERNATIVE_TRIGGER (t))
    return trigger_fires (gtk_alternative_trigger_get_first (GTK_ALTERNATIVE_TRIGGER (t)), keyval, mods, mnemonics)
           || trigger_fires (gtk_alternative_trigger_get_second (GTK_ALTERNATIVE_TRIGGER (t)), keyval, mods, mnemonics);
  if (GTK_IS_KEYVAL_TRIGGER (t))
    {
      guint k = gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (t));
      /* Shift+Tab comes as ISO_Left_Tab; GTK matches it to a Tab trigger by its key */
      if (keyval == GDK_KEY_ISO_Left_Tab)
        keyval = GDK_KEY_Tab;
      return gdk_keyval_to_lower (k) == gdk_keyval_to_lower (keyval)
             && gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (t)) == (mods & KEY_MODS);
    }
  if (GTK_IS_MNEMONIC_TRIGGER (t))
    return mnemonics && gtk_mnemonic_trigger_get_keyval (GTK_MNEMONIC_TRIGGER (t)) == gdk_keyval_to_lower (keyval);
  return FALSE;
}

/* A shortcut controller handling a key press (gtkshortcutcontroller.c):
 * only a local one runs (the managed ones run through their manager's);
 * every shortcut whose trigger fires and whose widget is mapped and
 * sensitive is tried in turn, the last one exclusively, until one acts. */
static gboolean
run_shortcuts (GtkShortcutController *c, guint keyval, GdkModifierType mods)
{
  if (gtk_shortcut_controller_get_scope (c) != GTK_SHORTCUT_SCOPE_LOCAL)
    return FALSE;
  GtkWidget *owner = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (c));
  gboolean mnemonics = (mods & KEY_MODS) == gtk_shortcut_controller_get_mnemonics_modifiers (c);
  /* a shortcut manager's controller (the window's, a popover's) lists the
   * shortcuts of the controllers it manages: each acts on its own widget */
  const char *name = gtk_event_controller_get_name (GTK_EVENT_CONTROLLER (c));
  GObject *managed = name && g_str_has_prefix (name, "gtk-shortcut-manager-") ? g_object_get_data (G_OBJECT (owner), name) : NULL;
  g_assert_true (managed == NULL || GTK_IS_FLATTEN_LIST_MODEL (managed));
  g_autoptr (GPtrArray) shortcuts = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GPtrArray) widgets = g_ptr_array_new ();
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (c)); i++)
    {
      g_autoptr (GObject) item = g_list_model_get_item (G_LIST_MODEL (c), i);
      if (!GTK_IS_SHORTCUT (item) || !trigger_fires (gtk_shortcut_get_trigger (GTK_SHORTCUT (item)), keyval, mods, mnemonics))
        continue;
      GtkWidget *widget = owner;
      if (managed)
        {
          GListModel *model = gtk_flatten_list_model_get_model_for_item (GTK_FLATTEN_LIST_MODEL (managed), i);
          if (GTK_IS_SHORTCUT_CONTROLLER (model))
            widget = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (model));
        }
      if (!gtk_widget_is_sensitive (widget) || !gtk_widget_get_mapped (widget))
        continue;
      g_ptr_array_add (shortcuts, g_steal_pointer (&item));
      g_ptr_array_add (widgets, widget);
    }
  for (guint i = 0; i < shortcuts->len; i++)
    {
      GtkShortcut *sc = shortcuts->pdata[i];
      if (gtk_shortcut_action_activate (gtk_shortcut_get_action (sc), i + 1 == shortcuts->len ? GTK_SHORTCUT_ACTION_EXCLUSIVE : 0,
                                        widgets->pdata[i], gtk_shortcut_get_arguments (sc)))
        return TRUE;
    }
  return FALSE;
}

/* The controllers of @w in @phase that see a key for @target (those limited
 * to their own native, the default, do not see a key in a popover). */
static gboolean
run_controllers (GtkWidget *w, GtkWidget *target, GtkPropagationPhase phase, guint keyval, GdkModifierType mods,
                 gboolean release)
{
  if (!gtk_widget_is_sensitive (w))
    return FALSE;
  g_autoptr (GPtrArray) controllers = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GListModel) list = gtk_widget_observe_controllers (w);
  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    g_ptr_array_add (controllers, g_list_model_get_item (list, i));
  for (guint i = 0; i < controllers->len; i++)
    {
      GtkEventController *c = controllers->pdata[i];
      if (gtk_event_controller_get_propagation_phase (c) != phase
          || (gtk_event_controller_get_propagation_limit (c) == GTK_LIMIT_SAME_NATIVE
              && gtk_widget_get_native (w) != gtk_widget_get_native (target)))
        continue;
      gboolean handled = FALSE;
      if (GTK_IS_EVENT_CONTROLLER_KEY (c))
        {
          if (release)
            g_signal_emit_by_name (c, "key-released", keyval, 0u, mods);
          else
            g_signal_emit_by_name (c, "key-pressed", keyval, 0u, mods, &handled);
        }
      else if (GTK_IS_SHORTCUT_CONTROLLER (c) && !release)
        handled = run_shortcuts (GTK_SHORTCUT_CONTROLLER (c), keyval, mods);
      if (handled)
        return TRUE;
    }
  return FALSE;
}

/* Delivers a key press (or release) to @target and its ancestors as GTK
 * propagates an event: capture from the top down, target, bubble up.
 * Returns: whether a controller handled it. */
static gboolean
propagate_key (GtkWidget *target, guint keyval, GdkModifierType mods, gboolean release)
{
  g_autoptr (GPtrArray) path = g_ptr_array_new_with_free_func (g_object_unref);
  for (GtkWidget *w = target; w; w = gtk_widget_get_parent (w))
    g_ptr_array_insert (path, 0, g_object_ref (w));
  for (guint i = 0; i < path->len; i++)
    if (run_controllers (path->pdata[i], target, GTK_PHASE_CAPTURE, keyval, mods, release))
      return TRUE;
  if (run_controllers (target, target, GTK_PHASE_TARGET, keyval, mods, release))
    return TRUE;
  for (guint i = path->len; i-- > 0;)
    if (run_controllers (path->pdata[i], target, GTK_PHASE_BUBBLE, keyval, mods, release))
      return TRUE;
  return FALSE;
}

/* ---- the page's widgets ---- */

typedef struct {
  const char *action;
  GVariant *target;           /* (nullable): any */
} ButtonSpec;

static gboolean
is_shown_button (GtkWidget *w, gconstpointer data)
{
  const ButtonSpec *spec = data;
  if (!GTK_IS_BUTTON (w) || !gtk_widget_get_mapped (w) || !gtk_widget_is_sensitive (w)
      || g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (w)), spec->action) != 0)
    return FALSE;
  GVariant *t = gtk_actionable_get_action_target_value (GTK_ACTIONABLE (w));
  return !spec->target || (t && g_variant_equal (t, spec->target));
}

/* Returns: (transfer none) (nullable): the button on screen and sensitive
 * under @w whose action is @action (with @target, when not NULL). */
static GtkWidget *
shown_button (GtkWidget *w, const char *action, GVariant *target)
{
  ButtonSpec spec = { action, target };
  return page_test_find (w, is_shown_button, &spec, NULL);
}

static gboolean
is_menu_button_labelled (GtkWidget *w, gconstpointer label)
{
  return GTK_IS_MENU_BUTTON (w) && g_strcmp0 (gtk_menu_button_get_label (GTK_MENU_BUTTON (w)), label) == 0;
}

static gboolean
is_check_button (GtkWidget *w, gconstpointer data)
{
  return GTK_IS_CHECK_BUTTON (w);
}

/* ---- a game played by keys ---- */

typedef struct
{
  FolWindow *win;
  FolGamePage *page;
  GtkWidget *board;
  FolGame *game;
  int in_key;                 /* > 0 while a key (and what it started) is being delivered */
  guint keys;                 /* keys sent */
  guint person_moves;         /* moves of a person, each played while a key was delivered */
  guint undone;               /* moves taken back (Ctrl+Z) */
  guint computer_moves;
  guint menu_choices;         /* drop-down items chosen */
  guint dialogs;              /* dialogs answered */
  gboolean auto_finish;       /* Auto-finish was pressed by a key: the page plays the person's last moves */
  SummerMove summer_last;     /* the last move a person played (Indian Summer) */
  FallMove fall_last;         /* ... (Fall) */
} Play;

/* Every move the model plays is a person's played by a key, or a computer's
 * played while no key is being delivered. */
static void
on_move_applied (FolGame *game, int seat, const char *text, const FolMoveReport *report, Play *p)
{
  if (!fol_player_get_human (fol_game_get_player (game, (guint) seat)))
    {
      g_assert_cmpint (p->in_key, ==, 0);
      p->computer_moves++;
      return;
    }
  if (p->in_key == 0 && !(p->auto_finish && fol_game_page_get_auto_playing (p->page)))
    g_error ("move %s of a person was not played by a key", text);
  p->person_moves++;
  if (FOL_IS_SUMMER_GAME (game))
    p->summer_last = ((const FolSummerMoveDetail *) report->detail)->move;
  else
    p->fall_last = ((const FolFallMoveDetail *) report->detail)->move;
}

static void
on_undone (FolGame *game, Play *p)
{
  if (p->in_key == 0)
    g_error ("a move was taken back without a key");
  p->undone++;
}

/* The window that has the keyboard: a dialog over the window (modal), else the window. */
static GtkWindow *
keyboard_window (Play *p)
{
  GtkWindow *found = GTK_WINDOW (p->win);
  GListModel *toplevels = gtk_window_get_toplevels ();
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) w = g_list_model_get_item (toplevels, i);
      if (w != GTK_WINDOW (p->win) && gtk_widget_get_visible (GTK_WIDGET (w)) && gtk_window_get_modal (w)
          && gtk_window_get_transient_for (w) == GTK_WINDOW (p->win))
        found = w;
    }
  return found;
}

/* Presses and releases @keyval with @mods as a person at the keyboard: the
 * keys go to the focus widget, which must be the board or a widget of the
 * page (a popover's item included), or of a dialog the page opened.
 * Returns: whether the press was handled. */
static gboolean
key (Play *p, guint keyval, GdkModifierType mods)
{
  g_autoptr (GtkWindow) window = g_object_ref (keyboard_window (p));
  /* the keys go to the active window.  A window manager makes the window
   * active again when a dialog over it closes; without one, nothing does,
   * and on a display shared with other tests their windows take the
   * keyboard too: a person would click the window first. */
  if (!gtk_window_is_active (window))
    {
      gtk_window_present (window);
      WAIT_UNTIL (gtk_window_is_active (window));
    }
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window));
  if (window == GTK_WINDOW (p->win))
    {
      if (!focus || !(focus == p->board || gtk_widget_is_ancestor (focus, GTK_WIDGET (p->page))))
        g_error ("key %s sent while the focus is on %s, not in the page", gdk_keyval_name (keyval),
                 focus ? G_OBJECT_TYPE_NAME (focus) : "nothing");
    }
  else
    g_assert_true (ADW_IS_MESSAGE_DIALOG (window) && focus && gtk_widget_get_root (focus) == GTK_ROOT (window));
  p->keys++;
  p->in_key++;
  gboolean handled = propagate_key (focus, keyval, mods, FALSE);
  /* the release goes to the focus of the moment, in the window that has the keyboard now */
  g_autoptr (GtkWindow) release_window = g_object_ref (keyboard_window (p));
  GtkWidget *release_focus = gtk_root_get_focus (GTK_ROOT (release_window));
  if (release_focus && gtk_widget_get_visible (GTK_WIDGET (release_window)))
    propagate_key (release_focus, keyval, mods, TRUE);
  p->in_key--;
  /* what the key started (a computer's turn may then begin: its moves are not the key's) */
  spin ();
  return handled;
}

static GtkWidget *
focus_of (Play *p)
{
  return gtk_root_get_focus (GTK_ROOT (keyboard_window (p)));
}

/* The widget that should have the keys: the board, or in its place Fall's
 * "Show My Turn" button on the pass-the-device screen. */
static GtkWidget *
keys_target (Play *p)
{
  if (FOL_IS_FALL_PAGE (p->page) && fol_fall_page_is_passing (FOL_FALL_PAGE (p->page)))
    return shown_button (GTK_WIDGET (p->page), "game.show-turn", NULL);
  return p->board;
}

/* The keys are the board's, or the pass-the-device screen's (after a menu,
 * a button or a dialog: at once or once its popover or window has gone). */
static void
assert_board_has_keys (Play *p)
{
  WAIT_UNTIL (keyboard_window (p) == GTK_WINDOW (p->win) && focus_of (p) == keys_target (p));
}

/* Presses Tab until the focus is on @target or inside it (a drop-down's
 * button); fails when it would leave the page first.  From Fall's board,
 * which takes the other tile in hand with Tab, Ctrl+Tab (GTK's windows move
 * the focus on with it from a widget that uses Tab itself). */
static void
tab_to (Play *p, GtkWidget *target)
{
  g_assert_true (gtk_widget_get_mapped (target) && gtk_widget_is_sensitive (target));
  for (int i = 0; i < 100; i++)
    {
      GtkWidget *f = focus_of (p);
      if (f == target || (f && gtk_widget_is_ancestor (f, target)))
        return;
      g_assert_true (key (p, GDK_KEY_Tab, f == p->board && FOL_IS_FALL_BOARD (f) ? GDK_CONTROL_MASK : 0));
    }
  g_error ("Tab never reaches %s", G_OBJECT_TYPE_NAME (target));
}

/* A page too narrow for the side panel beside the board folds it away: F9
 * shows it over the board.  Returns: whether it was folded away. */
static gboolean
open_panel (Play *p)
{
  if (!fol_game_page_get_panel_folded (p->page) || fol_game_page_get_panel_revealed (p->page))
    return FALSE;
  g_assert_true (key (p, GDK_KEY_F9, 0));
  g_assert_true (fol_game_page_get_panel_revealed (p->page));
  /* the keys stay the board's */
  g_assert_true (focus_of (p) == keys_target (p));
  return TRUE;
}

/* F9 again: the board whole again, its keys still its own. */
static void
close_panel (Play *p)
{
  if (!fol_game_page_get_panel_folded (p->page) || !fol_game_page_get_panel_revealed (p->page))
    return;
  g_assert_true (key (p, GDK_KEY_F9, 0));
  g_assert_false (fol_game_page_get_panel_revealed (p->page));
  g_assert_true (focus_of (p) == keys_target (p));
}

/* Tab to the page's button of @action and press Return on it (a folded
 * panel shown with F9 for it, and folded away again after). */
static void
press_button (Play *p, const char *action, GVariant *target)
{
  g_autoptr (GVariant) owned = target ? g_variant_ref_sink (target) : NULL;
  gboolean opened = open_panel (p);
  GtkWidget *button = shown_button (GTK_WIDGET (p->page), action, target);
  if (!button)
    g_error ("no button of %s on screen", action);
  tab_to (p, button);
  key (p, GDK_KEY_Return, 0);
  /* (Back to the Start Page has closed the page) */
  if (opened && fol_window_get_game_page (p->win))
    {
      assert_board_has_keys (p);
      close_panel (p);
    }
}

/* Returns: (transfer full): the label of @button's menu item whose action's
 * target is @target (fails when there is none). */
static char *
menu_item_label (GtkWidget *button, GVariant *target)
{
  GMenuModel *menu = gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (button));
  g_assert_nonnull (menu);
  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autoptr (GVariant) t = g_menu_model_get_item_attribute_value (menu, i, G_MENU_ATTRIBUTE_TARGET, NULL);
      char *label = NULL;
      if (t && g_variant_equal (t, target) && g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_LABEL, "s", &label))
        return label;
    }
  g_error ("the drop-down %s has no item for %s", gtk_menu_button_get_label (GTK_MENU_BUTTON (button)),
           g_variant_print (target, TRUE));
}

/* Returns: (transfer full) (nullable): the text of the drop-down's item that has the focus. */
static char *
focused_item_text (Play *p)
{
  GtkWidget *f = focus_of (p);
  char *text = NULL;
  if (f && g_object_class_find_property (G_OBJECT_GET_CLASS (f), "text"))
    g_object_get (f, "text", &text, NULL);
  return text;
}

/* Opens the drop-down labelled @label with Tab and Return (@escape_first:
 * closes it with Escape and opens it again), goes down its items with the
 * arrow key to the one whose action's target is @target and chooses it
 * with Return; the keys are the board's again after either. */
static void
choose_from_menu (Play *p, const char *label, GVariant *target, gboolean escape_first)
{
  g_autoptr (GVariant) owned = g_variant_ref_sink (target);
  gboolean opened = open_panel (p);
  GtkWidget *button = page_test_find (GTK_WIDGET (p->page), is_menu_button_labelled, label, NULL);
  g_assert_nonnull (button);
  g_autofree char *wanted = menu_item_label (button, target);
  GtkWidget *popover;
  if (escape_first)
    {
      tab_to (p, button);
      key (p, GDK_KEY_Return, 0);
      popover = GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (button)));
      g_assert_true (gtk_widget_get_mapped (popover));
      g_assert_true (key (p, GDK_KEY_Escape, 0));
      g_assert_false (gtk_widget_get_mapped (popover));
      assert_board_has_keys (p);
    }
  tab_to (p, button);
  key (p, GDK_KEY_Return, 0);
  popover = GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (button)));
  g_assert_true (gtk_widget_get_mapped (popover));
  for (int i = 0; i < 30; i++)
    {
      GtkWidget *f = focus_of (p);
      g_assert_true (f && gtk_widget_is_ancestor (f, popover));
      g_autofree char *text = focused_item_text (p);
      if (g_strcmp0 (text, wanted) == 0)
        {
          /* the move made, the page may give the drop-down a new popover */
          g_object_add_weak_pointer (G_OBJECT (popover), (gpointer *) &popover);
          key (p, GDK_KEY_Return, 0);
          g_assert_true (popover == NULL || !gtk_widget_get_mapped (popover));
          if (popover)
            g_object_remove_weak_pointer (G_OBJECT (popover), (gpointer *) &popover);
          p->menu_choices++;
          assert_board_has_keys (p);
          if (opened)
            close_panel (p);
          return;
        }
      key (p, GDK_KEY_Down, 0);
    }
  g_error ("the arrow keys never reach %s in the drop-down %s", wanted, label);
}

static void
set_flag (GtkButton *button, gboolean *flag)
{
  *flag = TRUE;
}

/* Alt and @keyval: the mnemonic of @button.  GtkButton clicks a moment
 * after a key activates it (its keyboard press feedback): the click and the
 * move it may play are the key's. */
static void
press_mnemonic (Play *p, guint keyval, GtkWidget *button)
{
  gboolean clicked = FALSE;
  gulong id = g_signal_connect (button, "clicked", G_CALLBACK (set_flag), &clicked);
  p->in_key++;
  g_assert_true (key (p, keyval, GDK_ALT_MASK));
  WAIT_UNTIL (clicked);
  p->in_key--;
  g_signal_handler_disconnect (button, id);
}

/* Answers the dialog the page opened, by keys: Tab to each of its last
 * @n_checks check buttons and space, then Tab to its button labelled
 * @label and Return.  The dialog is gone after, and the window manager
 * gives the window the keyboard back. */
static void
answer_dialog (Play *p, const char *label, int n_checks)
{
  GtkWindow *dialog = keyboard_window (p);
  g_assert_true (ADW_IS_MESSAGE_DIALOG (dialog));
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  g_autoptr (GPtrArray) checks = g_ptr_array_new ();
  page_test_find (GTK_WIDGET (dialog), is_check_button, NULL, checks);
  g_assert_cmpuint (checks->len, >=, (guint) n_checks);
  for (int i = 0; i < 40 && dialog; i++)
    {
      GtkWidget *f = focus_of (p);
      guint at;
      if (GTK_IS_CHECK_BUTTON (f) && g_ptr_array_find (checks, f, &at) && at + n_checks >= checks->len
          && !gtk_check_button_get_active (GTK_CHECK_BUTTON (f)))
        {
          key (p, GDK_KEY_space, 0);
          g_assert_true (gtk_check_button_get_active (GTK_CHECK_BUTTON (f)));
        }
      else if (GTK_IS_BUTTON (f) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (f)), label) == 0)
        key (p, GDK_KEY_Return, 0);
      else
        key (p, GDK_KEY_Tab, 0);
    }
  /* closed (destroyed) */
  g_assert_null (dialog);
  p->dialogs++;
  assert_board_has_keys (p);
}

/* Ctrl+Enter: ends the turn of the person at the desk.  When the page asks
 * first, the dialog is answered by keys (answer_dialog()). */
static void
end_turn (Play *p, const char *dialog_button, int n_checks)
{
  guint n = p->person_moves;
  key (p, GDK_KEY_Return, GDK_CONTROL_MASK);
  if (dialog_button)
    answer_dialog (p, dialog_button, n_checks);
  else
    g_assert_true (keyboard_window (p) == GTK_WINDOW (p->win));
  g_assert_cmpuint (p->person_moves, ==, n + 1);
}

/* Runs the computer's turns until a person may act or the game is over;
 * the keys are then the board's. */
static void
wait_for_person (Play *p)
{
  WAIT_UNTIL (fol_game_get_is_over (p->game) || fol_game_page_get_acting_seat (p->page) >= 0);
  spin ();
}

static void
count_frame (GdkFrameClock *clock, int *n)
{
  (*n)++;
}

/* The application window at @width x @height, its store open. */
static void
play_open (Play *p, int width, int height)
{
  ui_test_reset_store ();
  p->win = fol_window_new (app);
  gtk_window_set_default_size (GTK_WINDOW (p->win), width, height);
  gtk_window_present (GTK_WINDOW (p->win));
  while (fol_window_get_opening_store (p->win))
    g_main_context_iteration (NULL, TRUE);
}

/* Shows @game on the window's page, computer moves at once.  The games
 * here are not saved (no store): a commit after every move would make the
 * disk, not the keys, the test's pace. */
static void
play_show (Play *p, FolGame *game)
{
  p->game = game;
  g_signal_connect (game, "move-applied", G_CALLBACK (on_move_applied), p);
  g_signal_connect (game, "undone", G_CALLBACK (on_undone), p);
  fol_window_play (p->win, game, NULL);
  p->page = FOL_GAME_PAGE (fol_window_get_game_page (p->win));
  p->board = fol_game_page_get_board (p->page);
  fol_game_page_set_animation_delay (p->page, 0);
  /* laid out and drawn: the page on screen */
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (p->win));
  int n = 0;
  gulong id = g_signal_connect (clock, "after-paint", G_CALLBACK (count_frame), &n);
  gtk_widget_queue_draw (GTK_WIDGET (p->win));
  WAIT_UNTIL (n > 0);
  g_signal_handler_disconnect (clock, id);
  spin ();
}

/* Every move of the model's log was counted as it was played, the
 * persons' by keys. */
static void
play_check_log (Play *p)
{
  guint by_persons = 0;
  for (guint ply = 0; ply < fol_game_get_n_moves (p->game); ply++)
    {
      int seat = -1;
      g_assert_nonnull (fol_game_get_move (p->game, ply, &seat));
      by_persons += fol_player_get_human (fol_game_get_player (p->game, (guint) seat));
    }
  /* (only a person takes a move back) */
  g_assert_cmpuint (by_persons, ==, p->person_moves - p->undone);
  g_assert_cmpuint (fol_game_get_n_moves (p->game), ==, p->person_moves - p->undone + p->computer_moves);
  g_assert_cmpuint (p->person_moves, >, 0);
}

/* The game is over: its log checked (play_check_log()); then the end
 * screen's Back to the Start Page button, reached with Tab, leaves the page. */
static void
play_close (Play *p)
{
  g_assert_true (fol_game_get_is_over (p->game));
  play_check_log (p);
  press_button (p, "game.back", NULL);
  g_assert_null (fol_window_get_game_page (p->win));
  g_signal_handlers_disconnect_by_data (p->game, p);
  gtk_window_destroy (GTK_WINDOW (p->win));
  spin ();
}

/* ---- Indian Summer ---- */

static const SummerState *
summer_state (Play *p)
{
  return fol_summer_game_get_state (FOL_SUMMER_GAME (p->game));
}

/* The orientations of the piece of @m (a Leaf tile or an Animal tile), or NULL (a Squirrel). */
static const FolOrientationSet *
orientations_of (const SummerMove *m)
{
  const SummerComponents *c = summer_components ();
  if (m->kind == SUMMER_MOVE_LEAF)
    return &c->leaf[m->tile].orientations;
  if (m->kind == SUMMER_MOVE_ANIMAL)
    return &c->animal[m->tile].orientations;
  return NULL;
}

static gboolean
same_placement (const SummerMove *a, const SummerMove *b)
{
  const FolOrientationSet *set = orientations_of (a);
  return a->kind == b->kind && a->tile == b->tile && a->square == b->square
         && (!set || set->of_transform[a->transform] == set->of_transform[b->transform]);
}

/* With the piece of @target in hand, turns it with R and F and moves it
 * with the arrow keys until it lies as @target does, then places it with
 * Enter. */
static void
summer_place_held (Play *p, const SummerMove *target)
{
  FolSummerBoard *board = FOL_SUMMER_BOARD (p->board);
  const FolOrientationSet *set = orientations_of (target);
  SummerMove held;
  gboolean legal = FALSE;
  g_assert_true (fol_summer_board_get_held (board, &held, &legal));
  g_assert_cmpint (held.kind, ==, target->kind);
  /* R, R, R, F, R, R, R: all eight ways */
  for (int i = 0; set && i < 8 && set->of_transform[held.transform] != set->of_transform[target->transform]; i++)
    {
      g_assert_true (key (p, i == 3 ? GDK_KEY_f : GDK_KEY_r, 0));
      g_assert_true (fol_summer_board_get_held (board, &held, &legal));
    }
  for (int i = 0; i < 40 && held.square != target->square; i++)
    {
      int dx = target->square % SUMMER_COLS - held.square % SUMMER_COLS;
      int dy = target->square / SUMMER_COLS - held.square / SUMMER_COLS;
      int before = held.square;
      g_assert_true (key (p, dx > 0 ? GDK_KEY_Right : dx < 0 ? GDK_KEY_Left : dy > 0 ? GDK_KEY_Down : GDK_KEY_Up, 0));
      g_assert_true (fol_summer_board_get_held (board, &held, &legal));
      /* the arrow keys never get stuck */
      g_assert_cmpint (held.square, !=, before);
    }
  g_assert_true (same_placement (&held, target));
  g_assert_true (legal);
  guint n = p->person_moves;
  g_assert_true (key (p, GDK_KEY_Return, 0));
  g_assert_cmpuint (p->person_moves, ==, n + 1);
  g_assert_true (same_placement (&p->summer_last, target));
  assert_board_has_keys (p);
}

/* Picks the Leaf tile of @target with its digit key (the Player Path's
 * place, or a Mushroom's claimed tile) and places it.  The @first time
 * also puts it back once with Escape, and takes the placement back with
 * Ctrl+Z before placing it again. */
static void
summer_place_leaf (Play *p, const SummerMove *target, gboolean first)
{
  const SummerState *s = summer_state (p);
  int digit = -1;
  if (s->pending == SUMMER_PENDING_MUSHROOM)
    {
      /* 1 and 2: the tiles as the Mushroom took them, each keeping its
       * key once the other is placed */
      for (int k = 0; k < 2; k++)
        if (s->claim_tile[k] != SUMMER_NONE && s->claim_tile[k] == target->tile)
          digit = k;
    }
  else
    for (int i = 0; i < s->seat[s->current].path_len; i++)
      if (s->seat[s->current].path[i] == target->tile)
        digit = i;
  g_assert_cmpint (digit, >=, 0);
  g_assert_true (key (p, GDK_KEY_1 + (guint) digit, 0));
  if (first)
    {
      /* Escape puts it back; the digit takes it again */
      g_assert_true (key (p, GDK_KEY_Escape, 0));
      g_assert_false (fol_summer_board_get_held (FOL_SUMMER_BOARD (p->board), NULL, NULL));
      g_assert_true (key (p, GDK_KEY_1 + (guint) digit, 0));
    }
  summer_place_held (p, target);
  if (first)
    {
      /* Ctrl+Z takes it back, and it is placed again */
      guint n = fol_game_get_n_moves (p->game);
      g_assert_true (key (p, GDK_KEY_z, GDK_CONTROL_MASK));
      g_assert_cmpuint (fol_game_get_n_moves (p->game), ==, n - 1);
      assert_board_has_keys (p);
      g_assert_true (key (p, GDK_KEY_1 + (guint) digit, 0));
      summer_place_held (p, target);
    }
}

/* The person's choice among the Leaf tile placements: the biggest tile,
 * highest up on the floor. */
static gboolean
summer_best_leaf (const SummerMoveList *l, SummerMove *out)
{
  const SummerComponents *c = summer_components ();
  gboolean found = FALSE;
  for (int i = 0; i < l->n; i++)
    {
      const SummerMove *m = &l->moves[i];
      if (m->kind != SUMMER_MOVE_LEAF)
        continue;
      if (!found || c->leaf[m->tile].shape.n_cells > c->leaf[out->tile].shape.n_cells
          || (c->leaf[m->tile].shape.n_cells == c->leaf[out->tile].shape.n_cells && m->square < out->square))
        *out = *m;
      found = TRUE;
    }
  return found;
}

static const SummerMove *
summer_find (const SummerMoveList *l, SummerMoveKind kind)
{
  for (int i = 0; i < l->n; i++)
    if (l->moves[i].kind == kind)
      return &l->moves[i];
  return NULL;
}

typedef struct {
  guint used[SUMMER_N_MOVE_KINDS];     /* by keys, the whole game */
  guint offered[SUMMER_N_MOVE_KINDS];  /* seen legal at a choice */
  guint turn_used[SUMMER_N_MOVE_KINDS];
  guint turns;
  gboolean confirm;                    /* the page asks "End your turn?" this turn */
  int mushroom_round;                  /* from this round on the person spends a Mushroom once */
  gboolean auto_finished;              /* the solo end phase was finished with Auto-finish */
} SummerCount;

/* The solo Paths' ends as the Berry's drop-down and the refill buttons name them. */
static GVariant *
path_end (const SummerMove *m)
{
  static const char *const codes[2][2] = { { "TL", "TR" }, { "BL", "BR" } };
  return g_variant_new_string (codes[m->a][m->b]);
}

/* The last of the legal moves of @kind, or NULL. */
static const SummerMove *
summer_find_last (const SummerMoveList *l, SummerMoveKind kind)
{
  for (int i = l->n - 1; i >= 0; i--)
    if (l->moves[i].kind == kind)
      return &l->moves[i];
  return NULL;
}

/* One thing the person does, by keys.  Returns: FALSE once the turn is over. */
static gboolean
summer_act (Play *p, SummerCount *t)
{
  if (fol_game_get_is_over (p->game) || fol_game_page_get_acting_seat (p->page) < 0)
    return FALSE;
  assert_board_has_keys (p);
  const SummerState *s = summer_state (p);
  if (s->phase == SUMMER_PHASE_SOLO_END)
    {
      /* the end phase: Auto-finish, by keys; the page plays its exchanges and Squirrels */
      guint n = p->person_moves;
      p->auto_finish = TRUE;
      press_button (p, "game.auto-finish", NULL);
      WAIT_UNTIL (fol_game_get_is_over (p->game));
      g_assert_cmpuint (p->person_moves, >, n);
      g_test_message ("Auto-finish played %u moves", p->person_moves - n);
      g_assert_cmpint (p->summer_last.kind, ==, SUMMER_MOVE_END);
      t->auto_finished = TRUE;
      return FALSE;
    }
  SummerMoveList l;
  summer_legal_moves (s, &l);
  for (int i = 0; i < l.n; i++)
    t->offered[l.moves[i].kind]++;
  SummerMove leaf;
  gboolean has_leaf = summer_best_leaf (&l, &leaf);
  /* a legal move of each kind (of a Mushroom with 3-4 players, the last pair of opponents) */
  const SummerMove *found[SUMMER_N_MOVE_KINDS];
  for (int k = 0; k < SUMMER_N_MOVE_KINDS; k++)
    found[k] = k == SUMMER_MOVE_MUSHROOM ? summer_find_last (&l, k) : summer_find (&l, k);
  SummerMoveKind kind;
  if (s->pending == SUMMER_PENDING_REFILL)
    kind = SUMMER_MOVE_REFILL;
  else if (s->pending == SUMMER_PENDING_MUSHROOM || s->pending == SUMMER_PENDING_FEATHER)
    kind = has_leaf ? SUMMER_MOVE_LEAF : SUMMER_MOVE_FORGO;
  else if (found[SUMMER_MOVE_BERRY] && !t->used[SUMMER_MOVE_BERRY] && s->seat[s->current].path_len <= 3)
    kind = SUMMER_MOVE_BERRY;
  else if (!s->main_done && found[SUMMER_MOVE_MUSHROOM] && !t->used[SUMMER_MOVE_MUSHROOM] && s->round >= t->mushroom_round)
    kind = SUMMER_MOVE_MUSHROOM;
  else if (!s->main_done && found[SUMMER_MOVE_FEATHER] && !t->used[SUMMER_MOVE_FEATHER])
    kind = SUMMER_MOVE_FEATHER;
  else if (!s->main_done && has_leaf)
    kind = SUMMER_MOVE_LEAF;
  else if (!s->main_done && found[SUMMER_MOVE_SQUIRREL])
    kind = SUMMER_MOVE_SQUIRREL;
  else if (found[SUMMER_MOVE_ANIMAL] && !t->turn_used[SUMMER_MOVE_ANIMAL])
    kind = SUMMER_MOVE_ANIMAL;
  else if (found[SUMMER_MOVE_EXCHANGE] && !t->turn_used[SUMMER_MOVE_EXCHANGE] && t->used[SUMMER_MOVE_EXCHANGE] < 3)
    kind = SUMMER_MOVE_EXCHANGE;
  else if (found[SUMMER_MOVE_NUT] && !t->turn_used[SUMMER_MOVE_NUT])
    kind = SUMMER_MOVE_NUT;
  else
    kind = SUMMER_MOVE_END;
  /* the move to make (a Leaf tile's is @leaf) */
  SummerMove target = found[kind] ? *found[kind] : (SummerMove) { 0 };
  summer_move_list_clear (&l);

  guint n = p->person_moves - p->undone;
  switch (kind)
    {
    case SUMMER_MOVE_LEAF:
      summer_place_leaf (p, &leaf, t->used[SUMMER_MOVE_LEAF] == 0);
      break;
    case SUMMER_MOVE_FORGO:
      press_button (p, "game.forgo", NULL);
      break;
    case SUMMER_MOVE_BERRY:
      /* solo: the drop-down of the Paths' ends */
      if (s->n_players == 1)
        choose_from_menu (p, "Berry: refill", path_end (&target), FALSE);
      else
        press_button (p, "game.berry", g_variant_new_string (""));
      break;
    case SUMMER_MOVE_REFILL:
      /* solo: the empty Player Path's buttons, one per Path end */
      press_button (p, "game.refill", path_end (&target));
      break;
    case SUMMER_MOVE_MUSHROOM:
      /* 3-4 players: the drop-down of the opponents to take from (the last pair) */
      if (s->n_players >= 3)
        choose_from_menu (p, "Mushroom: 2 tiles",
                          g_variant_new ("(ii)", target.a, target.b == SUMMER_NONE ? -1 : target.b), FALSE);
      else
        press_button (p, "game.mushroom", g_variant_new ("(ii)", -1, -1));
      break;
    case SUMMER_MOVE_FEATHER:
      press_button (p, "game.feather", NULL);
      break;
    case SUMMER_MOVE_SQUIRREL:
      /* the first time with its mnemonic, Alt+S */
      if (t->used[SUMMER_MOVE_SQUIRREL] == 0)
        press_mnemonic (p, GDK_KEY_s, shown_button (GTK_WIDGET (p->page), "game.squirrel", NULL));
      else
        press_button (p, "game.squirrel", NULL);
      assert_board_has_keys (p);
      summer_place_held (p, &target);
      break;
    case SUMMER_MOVE_NUT:
      /* the first time with Alt+N, the Nut button's letter: its mnemonic
       * beside the board, the page's key when the panel is folded away
       * (800x600, the solo game) */
      if (t->used[SUMMER_MOVE_NUT] == 0 && !fol_game_page_get_panel_revealed (FOL_GAME_PAGE (p->page)))
        g_assert_true (key (p, GDK_KEY_n, GDK_ALT_MASK));
      else if (t->used[SUMMER_MOVE_NUT] == 0)
        press_mnemonic (p, GDK_KEY_n, shown_button (GTK_WIDGET (p->page), "game.nut", NULL));
      else
        press_button (p, "game.nut", NULL);
      assert_board_has_keys (p);
      summer_place_held (p, &target);
      break;
    case SUMMER_MOVE_ANIMAL:
      choose_from_menu (p, "Animal Tile", g_variant_new_int32 (target.tile), FALSE);
      summer_place_held (p, &target);
      break;
    case SUMMER_MOVE_EXCHANGE:
      /* the first time closed once with Escape */
      choose_from_menu (p, "Exchange", g_variant_new ("(ii)", target.a, target.b), t->used[SUMMER_MOVE_EXCHANGE] == 0);
      break;
    case SUMMER_MOVE_END:
      end_turn (p, t->confirm ? "_End Turn" : NULL, 0);
      break;
    default:
      g_assert_not_reached ();
    }
  g_assert_cmpuint (p->person_moves - p->undone, ==, n + 1);
  g_assert_cmpint (p->summer_last.kind, ==, kind);
  if (kind == SUMMER_MOVE_BERRY || kind == SUMMER_MOVE_REFILL || kind == SUMMER_MOVE_MUSHROOM)
    {
      /* the choice made is the one played */
      g_assert_cmpint (p->summer_last.a, ==, target.a);
      g_assert_cmpint (p->summer_last.b, ==, target.b);
    }
  t->used[kind]++;
  t->turn_used[kind]++;
  if (kind == SUMMER_MOVE_END)
    return FALSE;
  /* after a button or a drop-down: the board's keys again */
  if (fol_game_page_get_acting_seat (p->page) >= 0)
    assert_board_has_keys (p);
  return TRUE;
}

/* Plays the person's turns by keys (and waits for the computers' between
 * them) until the game is over, or @stop says so after a turn.  With
 * @settings, every third turn the page asks "End your turn?". */
static void
summer_play (Play *p, SummerCount *t, GSettings *settings, gboolean (*stop) (const SummerCount *t))
{
  while (!fol_game_get_is_over (p->game))
    {
      wait_for_person (p);
      if (fol_game_get_is_over (p->game))
        break;
      memset (t->turn_used, 0, sizeof t->turn_used);
      t->confirm = settings && t->turns % 3 == 1;
      if (settings)
        g_settings_set_boolean (settings, "confirm-end-turn", t->confirm);
      for (int i = 0; summer_act (p, t); i++)
        g_assert_cmpint (i, <, 60);
      t->turns++;
      if (stop && stop (t))
        break;
    }
  if (settings)
    g_settings_set_boolean (settings, "confirm-end-turn", FALSE);
  g_test_message ("%u turns, %u keys, %u moves by keys, %u by the computer, %u drop-down choices, %u dialogs", t->turns,
                  p->keys, p->person_moves, p->computer_moves, p->menu_choices, p->dialogs);
}

/* A new Indian Summer game shown on the window: Ann, the person, in seat 1,
 * against @n_players - 1 Easy computers. */
static FolSummerGame *
summer_show (Play *p, int n_players, guint64 seed)
{
  SummerSetup setup;
  summer_setup_init (&setup, n_players, seed);
  const char *names[SUMMER_MAX_PLAYERS] = { "Ann", "Hazel", "Rowan", "Aspen" };
  FolPlayer *players[SUMMER_MAX_PLAYERS];
  for (int i = 0; i < n_players; i++)
    players[i] = fol_player_new (names[i], i == 0, i == 0 ? 0 : FOL_AI_EASY);
  g_autoptr (GError) error = NULL;
  FolSummerGame *game = fol_summer_game_new (&setup, players, NULL, &error);
  g_assert_no_error (error);
  for (int i = 0; i < n_players; i++)
    g_object_unref (players[i]);
  play_show (p, FOL_GAME (game));
  return game;
}

static void
test_summer (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  Play p = { 0 };
  /* a laptop's screen: the side panel beside the board */
  play_open (&p, 1366, 768);
  g_autoptr (FolSummerGame) game = summer_show (&p, 2, 5);
  SummerCount t = { .mushroom_round = 3 };
  summer_play (&p, &t, settings, NULL);
  /* what the person does whenever it may was done, by keys */
  static const SummerMoveKind always[] = { SUMMER_MOVE_ANIMAL, SUMMER_MOVE_EXCHANGE, SUMMER_MOVE_NUT, SUMMER_MOVE_FEATHER };
  for (guint i = 0; i < G_N_ELEMENTS (always); i++)
    g_assert_true (t.offered[always[i]] == 0 || t.used[always[i]] > 0);
  /* the deal gives the drop-downs, the dialog, the Squirrel's mnemonic and a Mushroom their turn */
  g_assert_cmpuint (t.used[SUMMER_MOVE_ANIMAL], >, 0);
  g_assert_cmpuint (t.used[SUMMER_MOVE_EXCHANGE], >, 0);
  g_assert_cmpuint (t.used[SUMMER_MOVE_SQUIRREL], >, 0);
  g_assert_cmpuint (t.used[SUMMER_MOVE_MUSHROOM], >, 0);
  g_assert_cmpuint (p.dialogs, >, 0);
  play_close (&p);
}

/* A whole solo game by keys, in the smallest window (800x600: the side
 * panel folded away, F9 shows it; the page opens it by itself for the
 * empty Player Path's choice and the end phase): the Berry takes its tiles
 * from the Path end chosen in its drop-down, the empty Player Path is
 * refilled from the Path end chosen with its buttons, the Mushroom takes
 * the tiles of the Mushroom spaces, and after turn 10 Auto-finish (a
 * button, by keys) plays the end phase; then the end screen. */
static void
test_summer_solo (void)
{
  Play p = { 0 };
  play_open (&p, 800, 600);
  g_autoptr (FolSummerGame) game = summer_show (&p, 1, 12);
  g_assert_true (fol_game_page_get_panel_folded (p.page));
  SummerCount t = { .mushroom_round = 3 };
  summer_play (&p, &t, NULL, NULL);
  g_assert_cmpuint (p.computer_moves, ==, 0);
  g_assert_cmpuint (t.used[SUMMER_MOVE_BERRY], >, 0);
  g_assert_cmpuint (t.used[SUMMER_MOVE_REFILL], >, 0);
  g_assert_cmpuint (t.used[SUMMER_MOVE_MUSHROOM], >, 0);
  g_assert_true (t.auto_finished);
  g_assert_cmpuint (p.menu_choices, >, 0);
  play_close (&p);
}

static gboolean
mushroom_spent (const SummerCount *t)
{
  return t->used[SUMMER_MOVE_MUSHROOM] > 0;
}

/* Four players: on her first turn the person spends her Mushroom by keys,
 * choosing in its drop-down the last pair of opponents (the arrow keys go
 * down the list), places the two tiles taken with 1 and 2 and the arrows,
 * and ends her turn; the game goes on until her next turn. */
static void
test_summer_mushroom_four (void)
{
  Play p = { 0 };
  play_open (&p, 1366, 768);
  g_autoptr (FolSummerGame) game = summer_show (&p, 4, 3);
  SummerCount t = { .mushroom_round = 1 };
  summer_play (&p, &t, NULL, mushroom_spent);
  g_assert_cmpuint (t.used[SUMMER_MOVE_MUSHROOM], ==, 1);
  g_assert_cmpuint (t.turns, ==, 1);
  /* the pair chosen in the drop-down (summer_act() checks it is the pair played) */
  g_assert_cmpuint (p.menu_choices, >=, 1);
  g_assert_cmpuint (t.used[SUMMER_MOVE_LEAF], ==, 2);
  wait_for_person (&p);
  g_assert_cmpuint (p.computer_moves, >, 0);
  play_check_log (&p);
  g_signal_handlers_disconnect_by_data (p.game, &p);
  gtk_window_destroy (GTK_WINDOW (p.win));
  spin ();
}

/* ---- Fall ---- */

static const FallState *
fall_shown (Play *p)
{
  const FallState *s = fol_fall_board_get_state (FOL_FALL_BOARD (p->board));
  g_assert_nonnull (s);
  return s;
}

/* Moves the board's cursor to cell (@q, @r) with the arrow keys: Up and
 * Down go a row up or down (alternately to the left and to the right
 * neighbour), Left and Right along the row. */
static void
fall_cursor_to (Play *p, int q, int r)
{
  FolFallBoard *board = FOL_FALL_BOARD (p->board);
  FolHex c;
  if (!fol_fall_board_get_cursor (board, &c))
    /* the first arrow puts the cursor on the starting tile */
    g_assert_true (key (p, GDK_KEY_Right, 0));
  for (int i = 0; i < 80; i++)
    {
      g_assert_true (fol_fall_board_get_cursor (board, &c));
      if (c.q == q && c.r == r)
        return;
      guint k = c.r > r ? GDK_KEY_Up : c.r < r ? GDK_KEY_Down : c.q < q ? GDK_KEY_Right : GDK_KEY_Left;
      g_assert_true (key (p, k, 0));
      FolHex after;
      g_assert_true (fol_fall_board_get_cursor (board, &after));
      g_assert_false (after.q == c.q && after.r == c.r);
    }
  g_error ("the arrow keys never reach cell %d,%d", q, r);
}

/* Enter on the cursor's cell plays @target (a tile placed, a token, a claim). */
static void
fall_enter (Play *p, const FallMove *target)
{
  guint n = p->person_moves;
  g_assert_true (key (p, GDK_KEY_Return, 0));
  g_assert_cmpuint (p->person_moves, ==, n + 1);
  g_assert_true (fall_move_equal (&p->fall_last, target));
  assert_board_has_keys (p);
}

typedef struct {
  guint used[FALL_MOVE_END + 1];
  guint tabs;                 /* Tab to the other tile in hand */
  guint passes;               /* the pass-the-device screen dismissed with a key */
  guint rotations;            /* turns with R, or (the first) the Rotate button */
  guint discard_dialogs;
} FallCount;

/* Places the tile in hand: takes it with Tab if the pointer has none, turns
 * it with R to the rotation of a placement where it fits, moves it there with
 * the arrows and places it with Enter; a tile that fits nowhere is discarded
 * with the Discard Tile button (Alt+D). */
static void
fall_place_tile (Play *p, FallCount *t)
{
  FolFallBoard *board = FOL_FALL_BOARD (p->board);
  const FallState *s = fall_shown (p);
  if (fol_fall_board_get_held_tile (board) < 0)
    {
      g_assert_true (key (p, GDK_KEY_Tab, 0));
      t->tabs++;
    }
  int tile = fol_fall_board_get_held_tile (board);
  g_assert_cmpint (tile, >=, 0);
  g_autofree FallMove *out = g_new (FallMove, FALL_MAX_MOVES);
  int n = fall_legal_placements (s, tile, out);
  if (n == 0 && s->n_hand_tiles > 1 && fall_legal_placements (s, s->hand_tile[0] == tile ? s->hand_tile[1] : s->hand_tile[0], NULL) > 0)
    {
      /* the other tile first */
      g_assert_true (key (p, GDK_KEY_Tab, 0));
      t->tabs++;
      return;
    }
  if (n == 0)
    {
      guint before = p->person_moves;
      GtkWidget *discard = shown_button (GTK_WIDGET (p->page), "game.discard-tile", NULL);
      g_assert_nonnull (discard);
      press_mnemonic (p, GDK_KEY_d, discard);
      g_assert_cmpuint (p->person_moves, ==, before + 1);
      g_assert_cmpint (p->fall_last.kind, ==, FALL_MOVE_DISCARD_TILE);
      assert_board_has_keys (p);
      return;
    }
  /* somewhere near the middle: the placement nearest the starting tile */
  const FallMove *target = &out[0];
  for (int i = 1; i < n; i++)
    if (abs (out[i].q) + abs (out[i].r) < abs (target->q) + abs (target->r))
      target = &out[i];
  FallMove ghost;
  gboolean legal;
  fall_cursor_to (p, target->q, target->r);
  for (int i = 0; i < 6; i++)
    {
      g_assert_true (fol_fall_board_get_ghost (board, &ghost, NULL, NULL, NULL));
      if (ghost.rot == target->rot)
        break;
      /* the first time with the panel's Rotate button, else R */
      if (t->rotations++ == 0)
        {
          press_button (p, "game.rotate", NULL);
          assert_board_has_keys (p);
        }
      else
        g_assert_true (key (p, GDK_KEY_r, 0));
    }
  g_assert_true (fol_fall_board_get_ghost (board, &ghost, &legal, NULL, NULL));
  g_assert_cmpint (ghost.rot, ==, target->rot);
  g_assert_true (legal);
  fall_enter (p, target);
}

/* Ctrl+Enter; with more than two tokens set aside the page asks which go
 * back to the box: the last ones of its list are chosen. */
static void
fall_end_turn (Play *p, FallCount *t)
{
  const FallState *s = fall_shown (p);
  int seat = fall_state_current_seat (s);
  int held = 0;
  for (int k = 0; k < FALL_N_TOKEN_KINDS; k++)
    held += s->held[seat][k];
  if (held > FALL_MAX_HELD)
    t->discard_dialogs++;
  end_turn (p, held > FALL_MAX_HELD ? "_Put Back and End Turn" : NULL, held - FALL_MAX_HELD);
  g_assert_cmpint (p->fall_last.kind, ==, FALL_MOVE_END);
}

/* One thing the person at the desk does, by keys.  Returns: FALSE once
 * the game is over. */
static gboolean
fall_act (Play *p, FallCount *t)
{
  if (fol_game_get_is_over (p->game))
    return FALSE;
  FolFallPage *page = FOL_FALL_PAGE (p->page);
  if (fol_fall_page_is_passing (page))
    {
      /* the keys are on "Show My Turn" */
      GtkWidget *f = focus_of (p);
      g_assert_true (GTK_IS_BUTTON (f) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (f)), "game.show-turn") == 0);
      key (p, GDK_KEY_Return, 0);
      g_assert_false (fol_fall_page_is_passing (page));
      t->passes++;
      assert_board_has_keys (p);
      return TRUE;
    }
  g_assert_cmpint (fol_game_page_get_acting_seat (p->page), >=, 0);
  assert_board_has_keys (p);
  FolFallBoard *board = FOL_FALL_BOARD (p->board);
  const FallState *s = fall_shown (p);
  if (s->phase == FALL_PHASE_TAKE)
    {
      /* the combination whose tile fits somewhere, else the first */
      int slot = -1;
      for (int i = FALL_OFFER - 1; i >= 0; i--)
        if (s->offer_tile[i] != FALL_NONE && (slot < 0 || fall_legal_placements (s, s->offer_tile[i], NULL) > 0))
          slot = i;
      guint n = p->person_moves;
      g_assert_true (key (p, GDK_KEY_1 + (guint) slot, 0));
      g_assert_cmpuint (p->person_moves, ==, n + 1);
      g_assert_cmpint (p->fall_last.kind, ==, FALL_MOVE_TAKE);
      t->used[FALL_MOVE_TAKE]++;
      return TRUE;
    }
  if (s->n_hand_tiles > 0)
    {
      fall_place_tile (p, t);
      if (p->fall_last.kind != FALL_MOVE_TAKE)
        t->used[p->fall_last.kind]++;
      return TRUE;
    }
  g_autofree FallMoveList *l = g_new (FallMoveList, 1);
  fall_legal_moves (s, l);
  const FallMove *token = NULL, *claim = NULL;
  for (int i = 0; i < l->n; i++)
    {
      if (l->m[i].kind == FALL_MOVE_TOKEN && !token)
        token = &l->m[i];
      if (l->m[i].kind == FALL_MOVE_CLAIM && !claim)
        claim = &l->m[i];
    }
  if (token)
    {
      /* T until the token is in hand, then to its tile */
      for (int i = 0; i < FALL_N_TOKEN_KINDS && fol_fall_board_get_selected_token (board) != token->arg; i++)
        g_assert_true (key (p, GDK_KEY_t, 0));
      g_assert_cmpint (fol_fall_board_get_selected_token (board), ==, token->arg);
      fall_cursor_to (p, token->q, token->r);
      fall_enter (p, token);
      t->used[FALL_MOVE_TOKEN]++;
    }
  else if (claim)
    {
      fall_cursor_to (p, claim->q, claim->r);
      fall_enter (p, claim);
      t->used[FALL_MOVE_CLAIM]++;
    }
  else
    {
      fall_end_turn (p, t);
      t->used[FALL_MOVE_END]++;
    }
  return TRUE;
}

/* Two people at one desk: the pass-the-device screen before each turn. */
static void
test_fall (void)
{
  Play p = { 0 };
  /* the smallest window (docs/architecture.md): the side panel folded away, F9 shows it */
  play_open (&p, 800, 600);
  g_autoptr (FolPlayer) norma = fol_player_new ("Norma", TRUE, 0);
  g_autoptr (FolPlayer) ben = fol_player_new ("Ben", TRUE, 0);
  FolPlayer *players[2] = { norma, ben };
  FallOptions opts = { 0, 0 };
  g_autoptr (GError) error = NULL;
  g_autoptr (FolFallGame) game = fol_fall_game_new (3, &opts, players, NULL, &error);
  g_assert_no_error (error);
  play_show (&p, FOL_GAME (game));
  g_assert_true (fol_game_page_get_panel_folded (p.page));
  FallCount t = { 0 };
  for (int i = 0; fall_act (&p, &t); i++)
    g_assert_cmpint (i, <, 2000);
  g_test_message ("%u keys; %u takes, %u tiles placed, %u discarded, %u tokens, %u claims, %u turns ended; "
                  "%u passes, %u Tabs to a tile, %u discard dialogs, %u rotations",
                  p.keys, t.used[FALL_MOVE_TAKE], t.used[FALL_MOVE_PLACE], t.used[FALL_MOVE_DISCARD_TILE],
                  t.used[FALL_MOVE_TOKEN], t.used[FALL_MOVE_CLAIM], t.used[FALL_MOVE_END], t.passes, t.tabs,
                  t.discard_dialogs, t.rotations);
  g_assert_cmpuint (p.computer_moves, ==, 0);
  /* every turn began behind the pass-the-device screen */
  g_assert_cmpuint (t.passes, ==, t.used[FALL_MOVE_END]);
  g_assert_cmpuint (t.discard_dialogs, >, 0);
  g_assert_cmpuint (t.rotations, >, 0);
  play_close (&p);
}

int
main (int argc, char *argv[])
{
  if (!ui_test_init (&argc, &argv))
    return 0;
  /* the final picture at once: no motion to wait for */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
  app = ui_test_application_new ();
  g_test_add_func ("/ui/keyboard-play/summer", test_summer);
  g_test_add_func ("/ui/keyboard-play/summer-solo", test_summer_solo);
  g_test_add_func ("/ui/keyboard-play/summer-mushroom-four", test_summer_mushroom_four);
  g_test_add_func ("/ui/keyboard-play/fall", test_fall);
  int ret = g_test_run ();
  g_clear_object (&app);
  ui_test_cleanup ();
  return ret;
}
