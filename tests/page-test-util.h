/* page-test-util.h: helpers shared by the tests of the game pages
 * (tests/test-game-page.c, test-summer-page.c, test-fall-page.c): running
 * the main loop until something holds, finding a page's buttons, and
 * pressing a page's keys through its own shortcuts as GTK does. */
#pragma once

#include <gtk/gtk.h>

static gboolean
page_test_tick (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

/* Runs the main loop until @cond holds, a minute at most (a tick wakes it
 * to look again: a paused computer's timeout may be the only source, and a
 * search runs in a worker thread). */
#define WAIT_UNTIL(cond)                                              \
  G_STMT_START {                                                      \
    guint _tick = g_timeout_add (20, page_test_tick, NULL);           \
    gint64 _end = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;      \
    while (!(cond) && g_get_monotonic_time () < _end)                 \
      g_main_context_iteration (NULL, TRUE);                          \
    g_source_remove (_tick);                                          \
    g_assert_true (cond);                                             \
  } G_STMT_END

/* Runs what is pending (at most a thousand sources: an open popover's
 * frames never end). */
static inline void
spin (void)
{
  for (int i = 0; i < 1000 && g_main_context_iteration (NULL, FALSE); i++)
    ;
}

/* Returns: (transfer none) (nullable): the first button under @w, @w
 * included, whose action is @action. */
static inline GtkWidget *
find_button (GtkWidget *w, const char *action)
{
  if (GTK_IS_BUTTON (w) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (w)), action) == 0)
    return w;
  for (GtkWidget *c = gtk_widget_get_first_child (w); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_button (c, action);
      if (found)
        return found;
    }
  return NULL;
}

/* Calls @match (with @data) on @w and every widget under it, depth first.
 * Returns: (transfer none) (nullable): the first widget it accepts; when
 * @all is not NULL, every one it accepts is added to @all too. */
static inline GtkWidget *
page_test_find (GtkWidget *w, gboolean (*match) (GtkWidget *, gconstpointer), gconstpointer data, GPtrArray *all)
{
  GtkWidget *first = NULL;
  if (match (w, data))
    {
      if (!all)
        return w;
      g_ptr_array_add (all, w);
      first = w;
    }
  for (GtkWidget *c = gtk_widget_get_first_child (w); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = page_test_find (c, match, data, all);
      if (found && !first)
        {
          first = found;
          if (!all)
            break;
        }
    }
  return first;
}

/* Calls @func on each shortcut of @widget's shortcut controllers until it
 * returns TRUE; returns that shortcut (a new reference), or NULL. */
static inline GtkShortcut *
page_test_find_shortcut (GtkWidget *widget, gboolean (*func) (GtkShortcut *, gconstpointer), gconstpointer data)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (widget);
  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GObject) c = g_list_model_get_item (controllers, i);
      if (!GTK_IS_SHORTCUT_CONTROLLER (c))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (c)); j++)
        {
          g_autoptr (GtkShortcut) sc = g_list_model_get_item (G_LIST_MODEL (c), j);
          if (func (sc, data))
            return g_steal_pointer (&sc);
        }
    }
  return NULL;
}

static inline gboolean
page_test_runs_action (GtkShortcut *sc, gconstpointer action)
{
  GtkShortcutAction *a = gtk_shortcut_get_action (sc);
  return GTK_IS_NAMED_ACTION (a) && g_strcmp0 (gtk_named_action_get_action_name (GTK_NAMED_ACTION (a)), action) == 0;
}

/* Returns: (transfer full) (nullable): the trigger of @widget's shortcut
 * for @action ("h|<Shift>h"), or NULL. */
static inline char *
shortcut_for (GtkWidget *widget, const char *action)
{
  g_autoptr (GtkShortcut) sc = page_test_find_shortcut (widget, page_test_runs_action, action);
  return sc ? gtk_shortcut_trigger_to_string (gtk_shortcut_get_trigger (sc)) : NULL;
}

static inline gboolean
page_test_trigger_matches (GtkShortcutTrigger *t, guint keyval, GdkModifierType mods)
{
  if (GTK_IS_ALTERNATIVE_TRIGGER (t))
    return page_test_trigger_matches (gtk_alternative_trigger_get_first (GTK_ALTERNATIVE_TRIGGER (t)), keyval, mods)
           || page_test_trigger_matches (gtk_alternative_trigger_get_second (GTK_ALTERNATIVE_TRIGGER (t)), keyval, mods);
  return GTK_IS_KEYVAL_TRIGGER (t) && gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (t)) == keyval
         && gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (t)) == mods;
}

static inline gboolean
page_test_takes_key (GtkShortcut *sc, gconstpointer accel)
{
  guint keyval;
  GdkModifierType mods;
  g_assert_true (gtk_accelerator_parse (accel, &keyval, &mods));
  return page_test_trigger_matches (gtk_shortcut_get_trigger (sc), keyval, mods);
}

/* Presses @accel ("<Control>Return") on @widget as GTK does: the widget's
 * shortcut whose trigger the key matches runs its action there.  Returns:
 * FALSE when no shortcut of @widget takes the key, or its action did
 * nothing (disabled). */
static inline gboolean
press (GtkWidget *widget, const char *accel)
{
  g_autoptr (GtkShortcut) sc = page_test_find_shortcut (widget, page_test_takes_key, accel);
  if (!sc)
    return FALSE;
  gboolean done = gtk_shortcut_action_activate (gtk_shortcut_get_action (sc), GTK_SHORTCUT_ACTION_EXCLUSIVE, widget,
                                                gtk_shortcut_get_arguments (sc));
  spin ();
  return done;
}
