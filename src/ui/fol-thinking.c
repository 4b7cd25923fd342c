/* fol-thinking.c: the computer's thinking on a game page (see the header). */
#include "config.h"

#include <glib/gi18n.h>

#include "fol-thinking.h"

struct _FolThinking
{
  GtkWidget parent_instance;

  GtkWidget *spinner;
  GtkWidget *label;
  GCancellable *cancellable;    /* the running search, or NULL */
  gboolean hinting;
  char *text;                   /* what the indicator says once shown */
  guint show_source;
  gboolean shown;
};

G_DEFINE_FINAL_TYPE (FolThinking, fol_thinking, GTK_TYPE_WIDGET)

/* One search: what its callback needs, whatever became of the widget. */
typedef struct {
  FolThinking *self;            /* a reference: the widget outlives the task */
  GCancellable *cancellable;
  gboolean hint;
  FolThinkingDone done;
  gpointer user_data;
} Run;

static void
run_free (Run *run)
{
  g_object_unref (run->self);
  g_object_unref (run->cancellable);
  g_free (run);
}

/* Back to idle: nothing shown, no search of ours running. */
static void
set_idle (FolThinking *self)
{
  g_clear_handle_id (&self->show_source, g_source_remove);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->text, g_free);
  self->hinting = FALSE;
  self->shown = FALSE;
  gtk_spinner_stop (GTK_SPINNER (self->spinner));
  gtk_label_set_text (GTK_LABEL (self->label), "");
  /* transparent, not hidden: the page around it never moves */
  gtk_widget_set_opacity (GTK_WIDGET (self), 0.0);
}

void
fol_thinking_show_now (FolThinking *self)
{
  g_return_if_fail (FOL_IS_THINKING (self));
  g_clear_handle_id (&self->show_source, g_source_remove);
  if (self->cancellable == NULL || self->shown)
    return;
  self->shown = TRUE;
  gtk_label_set_text (GTK_LABEL (self->label), self->text);
  gtk_spinner_start (GTK_SPINNER (self->spinner));
  gtk_widget_set_opacity (GTK_WIDGET (self), 1.0);
}

static gboolean
show_timeout (gpointer data)
{
  FolThinking *self = data;
  self->show_source = 0;
  fol_thinking_show_now (self);
  return G_SOURCE_REMOVE;
}

static void
on_search_done (GObject *source, GAsyncResult *result, gpointer data)
{
  Run *run = data;
  FolThinking *self = run->self;
  g_autoptr (GError) error = NULL;
  g_autofree char *move = run->hint ? fol_game_hint_finish (FOL_GAME (source), result, &error)
                                    : fol_game_choose_move_finish (FOL_GAME (source), result, &error);
  /* a cancelled or superseded search says nothing: its page may be gone */
  gboolean current = self->cancellable == run->cancellable && !g_cancellable_is_cancelled (run->cancellable)
                     && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  if (current)
    {
      set_idle (self);
      run->done (move, error, run->user_data);
    }
  run_free (run);
}

static void
start (FolThinking *self, FolGame *game, gboolean hint, const char *text, FolThinkingDone done, gpointer user_data)
{
  fol_thinking_cancel (self);
  self->cancellable = g_cancellable_new ();
  self->hinting = hint;
  self->text = g_strdup (text);
  self->show_source = g_timeout_add (FOL_THINKING_DELAY_MS, show_timeout, self);
  Run *run = g_new0 (Run, 1);
  run->self = g_object_ref (self);
  run->cancellable = g_object_ref (self->cancellable);
  run->hint = hint;
  run->done = done;
  run->user_data = user_data;
  if (hint)
    fol_game_hint_async (game, self->cancellable, on_search_done, run);
  else
    {
      FolPlayer *player = fol_game_get_player (game, (guint) fol_game_get_current_seat (game));
      fol_game_choose_move_async (game, fol_player_get_level (player), self->cancellable, on_search_done, run);
    }
}

void
fol_thinking_choose_move (FolThinking *self, FolGame *game, FolThinkingDone done, gpointer user_data)
{
  g_return_if_fail (FOL_IS_THINKING (self));
  g_return_if_fail (FOL_IS_GAME (game));
  g_return_if_fail (done != NULL);
  int seat = fol_game_get_current_seat (game);
  g_return_if_fail (seat >= 0 && (guint) seat < fol_game_get_n_seats (game));
  /* Translators: shown while a computer player searches for its move; %s is its name */
  g_autofree char *text = g_strdup_printf (_("%s is thinking…"),
                                           fol_player_get_name (fol_game_get_player (game, (guint) seat)));
  start (self, game, FALSE, text, done, user_data);
}

void
fol_thinking_find_hint (FolThinking *self, FolGame *game, FolThinkingDone done, gpointer user_data)
{
  g_return_if_fail (FOL_IS_THINKING (self));
  g_return_if_fail (FOL_IS_GAME (game));
  g_return_if_fail (done != NULL);
  /* Translators: shown while the computer works out a hint for a person */
  start (self, game, TRUE, _("Looking for a hint…"), done, user_data);
}

void
fol_thinking_cancel (FolThinking *self)
{
  g_return_if_fail (FOL_IS_THINKING (self));
  if (self->cancellable)
    g_cancellable_cancel (self->cancellable);
  set_idle (self);
}

gboolean
fol_thinking_get_busy (FolThinking *self)
{
  g_return_val_if_fail (FOL_IS_THINKING (self), FALSE);
  return self->cancellable != NULL;
}

gboolean
fol_thinking_get_hinting (FolThinking *self)
{
  g_return_val_if_fail (FOL_IS_THINKING (self), FALSE);
  return self->cancellable != NULL && self->hinting;
}

gboolean
fol_thinking_get_shown (FolThinking *self)
{
  g_return_val_if_fail (FOL_IS_THINKING (self), FALSE);
  return self->shown;
}

const char *
fol_thinking_get_text (FolThinking *self)
{
  g_return_val_if_fail (FOL_IS_THINKING (self), NULL);
  return gtk_label_get_text (GTK_LABEL (self->label));
}

GCancellable *
fol_thinking_get_cancellable (FolThinking *self)
{
  g_return_val_if_fail (FOL_IS_THINKING (self), NULL);
  return self->cancellable;
}

/* A page that leaves its window (the player went back, or another game
 * replaced it) stops thinking at once, whenever GTK lets the widget go. */
static void
fol_thinking_unroot (GtkWidget *widget)
{
  fol_thinking_cancel (FOL_THINKING (widget));
  GTK_WIDGET_CLASS (fol_thinking_parent_class)->unroot (widget);
}

static void
fol_thinking_dispose (GObject *object)
{
  FolThinking *self = FOL_THINKING (object);
  if (self->spinner)
    fol_thinking_cancel (self);
  g_clear_pointer (&self->spinner, gtk_widget_unparent);
  g_clear_pointer (&self->label, gtk_widget_unparent);
  G_OBJECT_CLASS (fol_thinking_parent_class)->dispose (object);
}

static void
fol_thinking_class_init (FolThinkingClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  object_class->dispose = fol_thinking_dispose;
  widget_class->unroot = fol_thinking_unroot;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "thinking");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_STATUS);
}

static void
fol_thinking_init (FolThinking *self)
{
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (gtk_widget_get_layout_manager (GTK_WIDGET (self))), 8);
  self->spinner = gtk_spinner_new ();
  gtk_widget_set_valign (self->spinner, GTK_ALIGN_CENTER);
  gtk_widget_set_parent (self->spinner, GTK_WIDGET (self));
  self->label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->label), 0);
  gtk_label_set_wrap (GTK_LABEL (self->label), TRUE);
  gtk_widget_set_hexpand (self->label, TRUE);
  gtk_widget_add_css_class (self->label, "heading");
  gtk_widget_set_parent (self->label, GTK_WIDGET (self));
  set_idle (self);
}

GtkWidget *
fol_thinking_new (void)
{
  return g_object_new (FOL_TYPE_THINKING, NULL);
}
