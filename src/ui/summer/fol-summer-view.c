/* fol-summer-view.c: the page of one Indian Summer game. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "fol-summer-view.h"
#include "fol-summer-board.h"
#include "fol-summer-words.h"
#include "fol-thinking.h"
#include "summer-ai.h"
#include "summer-notation.h"

struct _FolSummerView
{
  GtkWidget parent_instance;

  FolSummerGame *game;
  FolCampaign *campaign;
  GSettings *settings;
  gulong handlers[3];

  GtkWidget *toasts;          /* AdwToastOverlay, the only child */
  GtkWidget *board;
  GtkWidget *side_stack;      /* "play" | "over" */
  GtkWidget *turn_label;
  GtkWidget *thinking;        /* FolThinking: computer moves and hints */
  GtkWidget *help_label;      /* what to do now, or the hint shown */
  GtkWidget *treasure_label;
  GtkWidget *claim_box;       /* buttons to pick the tiles a Mushroom claimed */
  GtkWidget *refill_box;
  GtkWidget *exchange_button;
  GtkWidget *animal_button;
  GtkWidget *mushroom_button; /* a menu button for 3-4 players */
  GtkWidget *berry_button;    /* a menu button for solo */
  GtkWidget *auto_finish_button;
  GtkWidget *end_button;
  GtkWidget *squirrel_button;
  GtkWidget *feather_button;
  GtkWidget *mushroom_action; /* the plain Mushroom button (solo, 2 players) */
  GtkWidget *forgo_button;
  GtkWidget *berry_action;    /* the plain Berry button (2-4 players) */
  GtkWidget *nut_button;
  GtkWidget *refill_buttons[4]; /* by path * 2 + end */
  GtkWidget *hint_ring[2];    /* the buttons ringed for the hint shown, or NULL */
  GtkWidget *log_list;
  GtkWidget *log_scroll;
  GtkWidget *over_box;        /* rebuilt at the end */
  GSimpleActionGroup *actions;

  gboolean log_follow;
  guint ai_source;
  guint delay_ms;
  gboolean auto_finishing;

  char *hint_move;            /* the hint shown (notation), or NULL */
  char *hint_words;           /* ... in words */
};

G_DEFINE_FINAL_TYPE (FolSummerView, fol_summer_view, GTK_TYPE_WIDGET)

enum {
  CLOSE_REQUESTED,
  NEXT_GAME,
  N_SIGNALS
};
static guint signals[N_SIGNALS];

static void refresh (FolSummerView *self);
static void schedule_computer (FolSummerView *self);

/* ---- helpers ---- */

static const SummerState *
state_of (FolSummerView *self)
{
  return fol_summer_game_get_state (self->game);
}

static const char *
seat_name (FolSummerView *self, int seat)
{
  return fol_player_get_name (fol_game_get_player (FOL_GAME (self->game), (guint) seat));
}

/* Every seat's name, NULL-terminated, for the log in words. */
static void
seat_names (FolSummerView *self, const char *names[SUMMER_MAX_PLAYERS + 1])
{
  guint n = fol_game_get_n_seats (FOL_GAME (self->game));
  for (guint i = 0; i <= SUMMER_MAX_PLAYERS; i++)
    names[i] = i < n ? seat_name (self, (int) i) : NULL;
}

static gboolean
seat_is_human (FolSummerView *self, int seat)
{
  return fol_player_get_human (fol_game_get_player (FOL_GAME (self->game), (guint) seat));
}

/* The seat that may act in the window now, or -1 (a computer's turn, or over). */
static int
acting_seat (FolSummerView *self)
{
  const SummerState *s = state_of (self);
  if (summer_is_over (s) || self->auto_finishing)
    return -1;
  return seat_is_human (self, s->current) ? s->current : -1;
}

static gboolean
settings_bool (FolSummerView *self, const char *key, gboolean fallback)
{
  g_autoptr (GSettingsSchema) schema = NULL;
  g_object_get (self->settings, "settings-schema", &schema, NULL);
  return schema && g_settings_schema_has_key (schema, key) ? g_settings_get_boolean (self->settings, key) : fallback;
}

static void
toast (FolSummerView *self, const char *text)
{
  adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (self->toasts), adw_toast_new (text));
}

/* The list's height is known only after the next allocation: the log
 * follows its end whenever the adjustment grows, unless the reader has
 * scrolled up. */
static void
on_log_adjustment_changed (GtkAdjustment *adj, FolSummerView *self)
{
  if (self->log_follow)
    gtk_adjustment_set_value (adj, gtk_adjustment_get_upper (adj) - gtk_adjustment_get_page_size (adj));
}

static void
on_log_value_changed (GtkAdjustment *adj, FolSummerView *self)
{
  /* following the end while the view sits at the end */
  self->log_follow = gtk_adjustment_get_value (adj) + gtk_adjustment_get_page_size (adj)
                     >= gtk_adjustment_get_upper (adj) - 4;
}

static void
queue_scroll_log (FolSummerView *self)
{
  GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->log_scroll));
  self->log_follow = TRUE;
  gtk_adjustment_set_value (adj, gtk_adjustment_get_upper (adj));
}

static void
log_append (FolSummerView *self, const char *text, gboolean scroll)
{
  GtkWidget *label = gtk_label_new (text);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_margin_start (label, 6);
  gtk_widget_set_margin_end (label, 6);
  gtk_widget_set_margin_top (label, 3);
  gtk_widget_set_margin_bottom (label, 3);
  gtk_list_box_append (GTK_LIST_BOX (self->log_list), label);
  if (scroll)
    queue_scroll_log (self);
}

/* The multiplayer end phase (DECISIONS.md: treasures to Nuts, Nuts to
 * Squirrels, Areas completed, again) told seat by seat. */
static void
log_end_phase (FolSummerView *self, const SummerState *before, const SummerState *after)
{
  for (int i = 0; i < after->n_players; i++)
    {
      const SummerSeat *b = &before->seat[i], *a = &after->seat[i];
      int squirrels = a->n_squirrels - b->n_squirrels;
      uint8_t areas = a->areas_done & ~b->areas_done;
      GString *list = g_string_new (NULL);
      int n_areas = 0;
      for (int k = 0; k < SUMMER_N_AREAS; k++)
        if (areas & (1u << k))
          g_string_append_printf (list, "%s%d", n_areas++ ? ", " : "", k + 1);
      const SummerSeatResult *r = &after->result[i];
      g_autofree char *squirrel_text = g_strdup_printf (ngettext ("placed %d Squirrel", "placed %d Squirrels", squirrels),
                                                        squirrels);
      g_autofree char *area_text = n_areas ? g_strdup_printf (ngettext (" completing Area %s", " completing Areas %s", n_areas),
                                                              list->str)
                                           : g_strdup ("");
      g_autofree char *line = g_strdup_printf (_("End phase: %s turned the treasures into Nuts, %s%s, and has %d Nuts%s "
                                                 "and %d empty squares left"),
                                               seat_name (self, i), squirrel_text, area_text, r->nuts,
                                               r->berry ? _(" and a Berry") : "", r->empty);
      g_string_free (list, TRUE);
      log_append (self, line, TRUE);
    }
}

/* Rebuilds the log from the game's moves (at start and after an undo). */
static void
rebuild_log (FolSummerView *self)
{
  GtkWidget *child;
  while ((child = gtk_widget_get_first_child (self->log_list)))
    gtk_list_box_remove (GTK_LIST_BOX (self->log_list), child);
  FolGame *g = FOL_GAME (self->game);
  SummerState s;
  if (!summer_state_new_game (&state_of (self)->setup, &s, NULL))
    return;
  for (guint i = 0; i < fol_game_get_n_moves (g); i++)
    {
      int seat;
      const char *text = fol_game_get_move (g, i, &seat);
      SummerMove m;
      SummerMoveInfo info;
      SummerState before = s;
      if (!summer_move_parse (&s, text, &m, NULL) || !summer_apply_move (&s, &m, &info, NULL))
        break;
      if (m.kind == SUMMER_MOVE_END && !info.game_over)
        continue;   /* "ended the turn" lines would drown the log */
      const char *names[SUMMER_MAX_PLAYERS + 1];
      seat_names (self, names);
      g_autofree char *line = fol_summer_describe_move (&before, &m, &info, names);
      log_append (self, line, FALSE);
      if (info.game_over && s.n_players > 1)
        log_end_phase (self, &before, &s);
    }
  queue_scroll_log (self);
}

/* The line under the banner: the hint shown, or what the player to act can do now. */
static void
update_help (FolSummerView *self)
{
  const SummerState *s = state_of (self);
  int me = acting_seat (self);
  const char *hint;
  if (self->hint_words && me >= 0)
    {
      gtk_label_set_text (GTK_LABEL (self->help_label), self->hint_words);
      gtk_widget_remove_css_class (self->help_label, "dim-label");
      gtk_widget_add_css_class (self->help_label, "accent");
      return;
    }
  gtk_widget_remove_css_class (self->help_label, "accent");
  gtk_widget_add_css_class (self->help_label, "dim-label");
  if (me < 0)
    hint = self->auto_finishing ? _("Finishing…") : _("The computer is playing…");
  else if (s->phase == SUMMER_PHASE_SOLO_END)
    hint = _("Exchange treasures for Nuts and spend Nuts on Squirrels, then finish the game; "
             "Auto-finish does it for the best score.");
  else if (s->pending == SUMMER_PENDING_MUSHROOM)
    hint = _("Place the tiles you took, in either order. A tile that fits nowhere may be left.");
  else if (s->pending == SUMMER_PENDING_FEATHER)
    hint = _("Place two tiles of your Player Path.");
  else if (s->pending == SUMMER_PENDING_REFILL)
    hint = _("Your Player Path is empty: choose the Path and the end to refill it from.");
  else if (fol_summer_board_get_held (FOL_SUMMER_BOARD (self->board), &(SummerMove) { 0 }, &(gboolean) { FALSE }))
    hint = _("Move the piece over your Forest Floor with the mouse or the arrow keys and click or press Enter "
             "where it shows green. R rotates, F flips, Escape puts it back.");
  else if (!s->main_done)
    hint = _("Pick a Leaf tile from your Player Path and place it (R rotates, F flips), or use a treasure.");
  else
    hint = _("You may still use treasures and Animal tiles, then end your turn.");
  gtk_label_set_text (GTK_LABEL (self->help_label), hint);
}

static void
refresh_help (FolSummerView *self)
{
  if (self->game && !summer_is_over (state_of (self)))
    update_help (self);
}

/* ---- hints ---- */

/* Rings (the "hint" style class: a dashed outline in the hint colour, see
 * data/style.css) the button that plays @m when the board does not show it:
 * a treasure, the Squirrel Main Action, an exchange, the refill, the end. */
static void
ring_hint_buttons (FolSummerView *self, const SummerMove *m)
{
  GtkWidget *a = NULL, *b = NULL;
  switch ((SummerMoveKind) m->kind)
    {
    case SUMMER_MOVE_SQUIRREL: a = self->squirrel_button; break;
    case SUMMER_MOVE_NUT: a = self->nut_button; break;
    case SUMMER_MOVE_BERRY: a = self->berry_action; b = self->berry_button; break;
    case SUMMER_MOVE_MUSHROOM: a = self->mushroom_action; b = self->mushroom_button; break;
    case SUMMER_MOVE_FEATHER: a = self->feather_button; break;
    case SUMMER_MOVE_EXCHANGE: a = self->exchange_button; break;
    case SUMMER_MOVE_FORGO: a = self->forgo_button; break;
    case SUMMER_MOVE_REFILL:
      if (m->a <= 1 && m->b <= 1)
        a = self->refill_buttons[m->a * 2 + m->b];
      break;
    case SUMMER_MOVE_END: a = self->end_button; break;
    case SUMMER_MOVE_LEAF:
    case SUMMER_MOVE_ANIMAL:
    default:
      break;  /* drawn on the board */
    }
  self->hint_ring[0] = a;
  self->hint_ring[1] = b;
  for (int i = 0; i < 2; i++)
    if (self->hint_ring[i])
      gtk_widget_add_css_class (self->hint_ring[i], "hint");
}

/* The hint goes away (the person moved, took a move back, or left). */
static void
clear_hint (FolSummerView *self)
{
  for (int i = 0; i < 2; i++)
    if (self->hint_ring[i])
      {
        gtk_widget_remove_css_class (self->hint_ring[i], "hint");
        self->hint_ring[i] = NULL;
      }
  if (fol_thinking_get_hinting (FOL_THINKING (self->thinking)))
    fol_thinking_cancel (FOL_THINKING (self->thinking));
  g_clear_pointer (&self->hint_move, g_free);
  g_clear_pointer (&self->hint_words, g_free);
  fol_summer_board_set_hint (FOL_SUMMER_BOARD (self->board), NULL);
}

static void
on_hint (const char *text, const GError *error, gpointer user_data)
{
  FolSummerView *self = user_data;
  const SummerState *s = state_of (self);
  SummerMove m;
  g_autoptr (GError) local = NULL;
  if (!text)
    {
      toast (self, error ? error->message : _("No hint now"));
      return;
    }
  if (acting_seat (self) < 0)
    return;
  if (!summer_move_parse (s, text, &m, &local) || !summer_check_move (s, &m, &local))
    {
      toast (self, local->message);
      return;
    }
  SummerState *copy = g_memdup2 (s, sizeof *s);
  SummerMoveInfo info;
  gboolean applied = summer_apply_move (copy, &m, &info, NULL);
  g_free (copy);
  if (!applied)
    return;
  const char *names[SUMMER_MAX_PLAYERS + 1];
  seat_names (self, names);
  self->hint_move = g_strdup (text);
  self->hint_words = fol_summer_describe_hint (s, &m, &info, names);
  fol_summer_board_set_hint (FOL_SUMMER_BOARD (self->board), &m);
  ring_hint_buttons (self, &m);
  /* the game is played with a hint from now on (the statistics count it apart) */
  fol_game_add_hint (FOL_GAME (self->game));
  update_help (self);
}

/* H or the Hint button: the move the Hard level would play, once per position. */
static void
act_hint (GSimpleAction *a, GVariant *p, gpointer data)
{
  FolSummerView *self = data;
  if (acting_seat (self) < 0 || self->hint_move || fol_thinking_get_busy (FOL_THINKING (self->thinking)))
    return;
  fol_thinking_find_hint (FOL_THINKING (self->thinking), FOL_GAME (self->game), on_hint, self);
}

/* ---- playing a move ---- */

static void
play_move (FolSummerView *self, const SummerMove *m)
{
  const SummerState *s = state_of (self);
  SummerState before = *s;
  SummerState copy = *s;
  SummerMoveInfo info;
  g_autoptr (GError) error = NULL;
  if (!summer_apply_move (&copy, m, &info, &error))
    {
      toast (self, error->message);
      return;
    }
  int seat = before.current;
  gboolean turn_passes = m->kind == SUMMER_MOVE_END;
  const char *names[SUMMER_MAX_PLAYERS + 1];
  seat_names (self, names);
  g_autofree char *line = fol_summer_describe_move (&before, m, &info, names);
  if (!fol_summer_game_apply (self->game, m, &error))
    {
      toast (self, error->message);
      return;
    }
  clear_hint (self);
  if (m->kind != SUMMER_MOVE_END || info.game_over)
    log_append (self, line, TRUE);
  if (info.game_over && copy.n_players > 1)
    log_end_phase (self, &before, &copy);
  if (m->kind != SUMMER_MOVE_END && m->kind != SUMMER_MOVE_EXCHANGE)
    fol_summer_board_set_last_move (FOL_SUMMER_BOARD (self->board), seat, m);
  for (int t = 0; t < SUMMER_N_TREASURES; t++)
    if (info.supply_short[t] && seat_is_human (self, seat))
      {
        g_autofree char *msg = g_strdup_printf (_("The supply has no %s left: nothing was placed on the Hole"),
                                                fol_summer_treasure_words (t, 2));
        toast (self, msg);
      }
  refresh (self);
  /* a person's turn begins (after a button or the computers): the keys go to the board */
  if (turn_passes && acting_seat (self) >= 0)
    gtk_widget_grab_focus (self->board);
}

/* Plays the first legal move of @kind whose a/b/tile match (parameters of an action). */
static void
play_matching (FolSummerView *self, SummerMoveKind kind, int a, int b, int tile)
{
  SummerMoveList l;
  summer_legal_moves (state_of (self), &l);
  for (int i = 0; i < l.n; i++)
    {
      const SummerMove *m = &l.moves[i];
      if (m->kind == kind && (a < 0 || m->a == a) && (b < 0 || m->b == b) && (tile < 0 || m->tile == tile))
        {
          SummerMove mv = *m;
          summer_move_list_clear (&l);
          play_move (self, &mv);
          return;
        }
    }
  summer_move_list_clear (&l);
  toast (self, _("That is not possible now"));
}

static void
on_move_chosen (FolSummerBoard *board, const SummerMove *m, FolSummerView *self)
{
  if (acting_seat (self) < 0)
    return;
  play_move (self, m);
}

/* ---- computer turns ---- */

/* Never called once the search was cancelled (the page left, a new game): @user_data lives. */
static void
on_computer_move (const char *text, const GError *error, gpointer user_data)
{
  FolSummerView *self = user_data;
  if (!text)
    {
      refresh (self);
      return;
    }
  SummerMove m;
  g_autoptr (GError) local = NULL;
  if (summer_move_parse (state_of (self), text, &m, &local))
    play_move (self, &m);
  else
    toast (self, local->message);
}

static gboolean
computer_step (gpointer user_data)
{
  FolSummerView *self = user_data;
  self->ai_source = 0;
  const SummerState *s = state_of (self);
  if (summer_is_over (s))
    return G_SOURCE_REMOVE;
  if (self->auto_finishing)
    {
      SummerMoveList l;
      summer_solo_auto_finish (s, &l);
      if (l.n > 0)
        {
          SummerMove m = l.moves[0];
          summer_move_list_clear (&l);
          play_move (self, &m);
        }
      else
        summer_move_list_clear (&l);
      return G_SOURCE_REMOVE;
    }
  if (seat_is_human (self, s->current))
    return G_SOURCE_REMOVE;
  fol_thinking_choose_move (FOL_THINKING (self->thinking), FOL_GAME (self->game), on_computer_move, self);
  return G_SOURCE_REMOVE;
}

static void
schedule_computer (FolSummerView *self)
{
  const SummerState *s = state_of (self);
  if (fol_thinking_get_busy (FOL_THINKING (self->thinking)) || self->ai_source || summer_is_over (s))
    return;
  if (!self->auto_finishing && seat_is_human (self, s->current))
    return;
  self->ai_source = g_timeout_add (self->delay_ms, computer_step, self);
}

/* Cancels a computer's search (or a hint's) and the next computer move. */
static void
stop_computer (FolSummerView *self)
{
  g_clear_handle_id (&self->ai_source, g_source_remove);
  fol_thinking_cancel (FOL_THINKING (self->thinking));
}

/* ---- actions ---- */

static void
act_squirrel (GSimpleAction *a, GVariant *p, gpointer data)
{
  FolSummerView *self = data;
  fol_summer_board_arm_squirrel (FOL_SUMMER_BOARD (self->board), SUMMER_MOVE_SQUIRREL);
  gtk_widget_grab_focus (self->board);
}

static void
act_nut (GSimpleAction *a, GVariant *p, gpointer data)
{
  FolSummerView *self = data;
  fol_summer_board_arm_squirrel (FOL_SUMMER_BOARD (self->board), SUMMER_MOVE_NUT);
  gtk_widget_grab_focus (self->board);
}

static void
act_animal (GSimpleAction *a, GVariant *p, gpointer data)
{
  FolSummerView *self = data;
  fol_summer_board_arm_animal (FOL_SUMMER_BOARD (self->board), g_variant_get_int32 (p));
  gtk_widget_grab_focus (self->board);
}

static void
act_pick (GSimpleAction *a, GVariant *p, gpointer data)
{
  FolSummerView *self = data;
  fol_summer_board_pick_tile (FOL_SUMMER_BOARD (self->board), g_variant_get_int32 (p));
  gtk_widget_grab_focus (self->board);
}

/* "TL" etc. for solo, "" for multiplayer */
static void
act_berry (GSimpleAction *a, GVariant *p, gpointer data)
{
  FolSummerView *self = data;
  const char *where = g_variant_get_string (p, NULL);
  if (strlen (where) == 2)
    play_matching (self, SUMMER_MOVE_BERRY, where[0] == 'T' ? 0 : 1, where[1] == 'L' ? 0 : 1, -1);
  else
    play_matching (self, SUMMER_MOVE_BERRY, -1, -1, -1);
}

static void
act_refill (GSimpleAction *a, GVariant *p, gpointer data)
{
  FolSummerView *self = data;
  const char *where = g_variant_get_string (p, NULL);
  play_matching (self, SUMMER_MOVE_REFILL, where[0] == 'T' ? 0 : 1, where[1] == 'L' ? 0 : 1, -1);
}

/* (a, b) seats for 3-4 players, (-1, -1) otherwise */
static void
act_mushroom (GSimpleAction *a, GVariant *p, gpointer data)
{
  FolSummerView *self = data;
  int sa, sb;
  g_variant_get (p, "(ii)", &sa, &sb);
  play_matching (self, SUMMER_MOVE_MUSHROOM, sa, sb, -1);
}

static void
act_feather (GSimpleAction *a, GVariant *p, gpointer data)
{
  play_matching (data, SUMMER_MOVE_FEATHER, -1, -1, -1);
}

static void
act_exchange (GSimpleAction *a, GVariant *p, gpointer data)
{
  int from, to;
  g_variant_get (p, "(ii)", &from, &to);
  play_matching (data, SUMMER_MOVE_EXCHANGE, from, to, -1);
}

static void
act_forgo (GSimpleAction *a, GVariant *p, gpointer data)
{
  play_matching (data, SUMMER_MOVE_FORGO, -1, -1, -1);
}

static void
act_undo (GSimpleAction *a, GVariant *p, gpointer data)
{
  FolSummerView *self = data;
  g_autoptr (GError) error = NULL;
  if (!fol_game_undo (FOL_GAME (self->game), &error))
    {
      toast (self, _("Nothing of this turn is left to undo"));
      return;
    }
  clear_hint (self);
  fol_summer_board_set_last_move (FOL_SUMMER_BOARD (self->board), -1, NULL);
  rebuild_log (self);
  refresh (self);
}

static void
on_confirm_end (AdwMessageDialog *dialog, const char *response, FolSummerView *self)
{
  if (g_strcmp0 (response, "end") == 0)
    play_matching (self, SUMMER_MOVE_END, -1, -1, -1);
}

static void
act_end_turn (GSimpleAction *a, GVariant *p, gpointer data)
{
  FolSummerView *self = data;
  const SummerState *s = state_of (self);
  if (s->phase == SUMMER_PHASE_PLAY && settings_bool (self, "confirm-end-turn", FALSE))
    {
      GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
      GtkWidget *dialog = adw_message_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                                  _("End your turn?"), NULL);
      adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"), "end", _("_End Turn"), NULL);
      adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "end", ADW_RESPONSE_SUGGESTED);
      g_signal_connect (dialog, "response", G_CALLBACK (on_confirm_end), self);
      gtk_window_present (GTK_WINDOW (dialog));
      return;
    }
  play_matching (self, SUMMER_MOVE_END, -1, -1, -1);
}

static void
act_auto_finish (GSimpleAction *a, GVariant *p, gpointer data)
{
  FolSummerView *self = data;
  self->auto_finishing = TRUE;
  refresh (self);
}

static void
act_back (GSimpleAction *a, GVariant *p, gpointer data)
{
  g_signal_emit (data, signals[CLOSE_REQUESTED], 0);
}

static void start_game (FolSummerView *self, FolSummerGame *game);

static void
act_next_game (GSimpleAction *a, GVariant *p, gpointer data)
{
  FolSummerView *self = data;
  if (!self->campaign)
    return;
  g_autoptr (GError) error = NULL;
  FolPlayer *me = fol_game_get_player (FOL_GAME (self->game), 0);
  g_autoptr (FolSummerGame) next = fol_campaign_continue_game (self->campaign, me, &error);
  if (!next)
    {
      toast (self, error->message);
      return;
    }
  /* the window opens it in a page of its own, with its title */
  g_signal_emit (self, signals[NEXT_GAME], 0, next, self->campaign);
}

static const GActionEntry action_entries[] = {
  { .name = "squirrel", .activate = act_squirrel },
  { .name = "nut", .activate = act_nut },
  { .name = "animal", .activate = act_animal, .parameter_type = "i" },
  { .name = "pick", .activate = act_pick, .parameter_type = "i" },
  { .name = "berry", .activate = act_berry, .parameter_type = "s" },
  { .name = "refill", .activate = act_refill, .parameter_type = "s" },
  { .name = "mushroom", .activate = act_mushroom, .parameter_type = "(ii)" },
  { .name = "feather", .activate = act_feather },
  { .name = "exchange", .activate = act_exchange, .parameter_type = "(ii)" },
  { .name = "forgo", .activate = act_forgo },
  { .name = "undo", .activate = act_undo },
  { .name = "end-turn", .activate = act_end_turn },
  { .name = "auto-finish", .activate = act_auto_finish },
  { .name = "back", .activate = act_back },
  { .name = "next-game", .activate = act_next_game },
  { .name = "hint", .activate = act_hint },
};

static void
set_enabled (FolSummerView *self, const char *name, gboolean enabled)
{
  GAction *a = g_action_map_lookup_action (G_ACTION_MAP (self->actions), name);
  g_simple_action_set_enabled (G_SIMPLE_ACTION (a), enabled);
}

/* ---- the end screen ---- */

static void
grid_cell (GtkGrid *grid, int col, int row, const char *text, gboolean header)
{
  GtkWidget *l = gtk_label_new (text);
  gtk_label_set_xalign (GTK_LABEL (l), col == 1 ? 0 : 0.5);
  if (header)
    gtk_widget_add_css_class (l, "heading");
  gtk_grid_attach (grid, l, col, row, 1, 1);
}

static void
build_over_page (FolSummerView *self)
{
  GtkWidget *child;
  while ((child = gtk_widget_get_first_child (self->over_box)))
    gtk_box_remove (GTK_BOX (self->over_box), child);
  const SummerState *s = state_of (self);
  GtkWidget *title = gtk_label_new (NULL);
  gtk_widget_add_css_class (title, "title-2");
  gtk_label_set_wrap (GTK_LABEL (title), TRUE);
  gtk_box_append (GTK_BOX (self->over_box), title);
  GtkWidget *grid = gtk_grid_new ();
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_box_append (GTK_BOX (self->over_box), grid);

  if (s->n_players == 1)
    {
      const SummerSeatResult *r = &s->result[0];
      g_autofree char *t = r->full ? g_strdup_printf (_("Won! Score %d"), r->solo_score)
                                   : g_strdup_printf (_("Lost: %d empty squares, score %d"), r->empty, r->solo_score);
      gtk_label_set_text (GTK_LABEL (title), t);
      const SummerSeat *seat = &s->seat[0];
      if (r->full)
        {
          /* the score line by line: Berry 1, Nut 2, Mushroom 3, Feather 4 points */
          grid_cell (GTK_GRID (grid), 0, 0, _("Treasure"), TRUE);
          grid_cell (GTK_GRID (grid), 1, 0, _("Left"), TRUE);
          grid_cell (GTK_GRID (grid), 2, 0, _("Points"), TRUE);
          for (int k = 0; k < SUMMER_N_TREASURES; k++)
            {
              g_autofree char *n = g_strdup_printf ("%d", seat->treasures[k]);
              g_autofree char *pts = g_strdup_printf ("%d × %d = %d", seat->treasures[k], k + 1, seat->treasures[k] * (k + 1));
              grid_cell (GTK_GRID (grid), 0, k + 1, fol_summer_treasure_words (k, 2), FALSE);
              grid_cell (GTK_GRID (grid), 1, k + 1, n, FALSE);
              grid_cell (GTK_GRID (grid), 2, k + 1, pts, FALSE);
            }
          grid = gtk_grid_new ();  /* the campaign table below gets a grid of its own */
          gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
          gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
          gtk_box_append (GTK_BOX (self->over_box), grid);
        }
      else
        {
          GtkWidget *l = gtk_label_new (_("The Forest Floor is not full: the game is lost, and each empty square "
                                          "counts one point against you."));
          gtk_label_set_wrap (GTK_LABEL (l), TRUE);
          gtk_box_append (GTK_BOX (self->over_box), l);
        }
      if (self->campaign)
        {
          g_autoptr (GError) error = NULL;
          if (!fol_campaign_record_game (self->campaign, self->game, &error) && error)
            toast (self, error->message);
          grid_cell (GTK_GRID (grid), 0, 0, _("Game"), TRUE);
          grid_cell (GTK_GRID (grid), 1, 0, _("Result"), TRUE);
          gboolean forfeit = FALSE;
          int result = fol_campaign_get_result (self->campaign, &forfeit);
          for (int i = 0; i < 3; i++)
            {
              int score;
              gboolean won;
              g_autofree char *n = g_strdup_printf ("%d", i + 1);
              g_autofree char *res = NULL;
              if (fol_campaign_get_game_result (self->campaign, i, &score, &won))
                res = won ? g_strdup_printf (_("won, %d"), score) : g_strdup_printf (_("lost, %d"), score);
              else
                res = g_strdup (i == 2 && forfeit ? _("forfeit (the first two were lost)") : _("not played yet"));
              grid_cell (GTK_GRID (grid), 0, i + 1, n, FALSE);
              grid_cell (GTK_GRID (grid), 1, i + 1, res, FALSE);
            }
          g_autofree char *overall = result != G_MININT
            ? g_strdup_printf (_("Campaign result: %d"), result)
            : g_strdup (_("The campaign goes on with the next stack of tiles."));
          GtkWidget *l = gtk_label_new (overall);
          gtk_widget_add_css_class (l, "title-4");
          gtk_box_append (GTK_BOX (self->over_box), l);
          if (result == G_MININT)
            {
              GtkWidget *next = gtk_button_new_with_mnemonic (_("_Next Game"));
              gtk_widget_add_css_class (next, "suggested-action");
              gtk_actionable_set_action_name (GTK_ACTIONABLE (next), "game.next-game");
              gtk_box_append (GTK_BOX (self->over_box), next);
            }
        }
    }
  else
    {
      int winners = 0;
      for (int i = 0; i < s->n_players; i++)
        winners += s->result[i].rank == 1;
      GString *names = g_string_new (NULL);
      for (int i = 0; i < s->n_players; i++)
        if (s->result[i].rank == 1)
          g_string_append_printf (names, "%s%s", names->len ? _(" and ") : "", seat_name (self, i));
      g_autofree char *t = winners == 1 ? g_strdup_printf (_("%s wins!"), names->str)
                                        : g_strdup_printf (_("%s share the victory"), names->str);
      g_string_free (names, TRUE);
      gtk_label_set_text (GTK_LABEL (title), t);
      const char *heads[] = { N_("Place"), N_("Player"), N_("Floor"), N_("Empty"), N_("Nuts"), N_("Berry"), N_("Score") };
      for (int c = 0; c < 7; c++)
        grid_cell (GTK_GRID (grid), c, 0, _(heads[c]), TRUE);
      int row = 1;
      for (int rank = 1; rank <= s->n_players; rank++)
        for (int i = 0; i < s->n_players; i++)
          {
            const SummerSeatResult *r = &s->result[i];
            if (r->rank != rank)
              continue;
            g_autofree char *rk = g_strdup_printf ("%d.", r->rank);
            g_autofree char *em = g_strdup_printf ("%d", r->empty);
            g_autofree char *nu = g_strdup_printf ("%d", r->nuts);
            g_autofree char *sc = g_strdup_printf ("%d", r->app_score);
            grid_cell (GTK_GRID (grid), 0, row, rk, FALSE);
            grid_cell (GTK_GRID (grid), 1, row, seat_name (self, i), FALSE);
            /* Translators: whether the Forest Floor is completely covered */
            grid_cell (GTK_GRID (grid), 2, row, r->full ? _("full") : _("not full"), FALSE);
            grid_cell (GTK_GRID (grid), 3, row, em, FALSE);
            grid_cell (GTK_GRID (grid), 4, row, nu, FALSE);
            grid_cell (GTK_GRID (grid), 5, row, r->berry ? _("yes") : "–", FALSE);
            grid_cell (GTK_GRID (grid), 6, row, sc, FALSE);
            row++;
          }
      GtkWidget *note = gtk_label_new (_("Full Forest Floors rank first, by Nuts left after the end phase, then by a "
                                         "Berry left; the others by fewest empty squares. Score: covered squares "
                                         "plus Nuts, as the official app counts."));
      gtk_label_set_wrap (GTK_LABEL (note), TRUE);
      gtk_widget_add_css_class (note, "dim-label");
      gtk_box_append (GTK_BOX (self->over_box), note);
    }
  if (!self->campaign)
    {
      GtkWidget *again = gtk_button_new_with_mnemonic (_("_New Game…"));
      gtk_widget_add_css_class (again, "suggested-action");
      gtk_actionable_set_action_name (GTK_ACTIONABLE (again), "app.new-game");
      gtk_box_append (GTK_BOX (self->over_box), again);
    }
  GtkWidget *back = gtk_button_new_with_mnemonic (_("_Back to the Start Page"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (back), "game.back");
  gtk_box_append (GTK_BOX (self->over_box), back);
}

/* ---- refresh ---- */

static void
clear_box (GtkWidget *box)
{
  GtkWidget *child;
  while ((child = gtk_widget_get_first_child (box)))
    gtk_box_remove (GTK_BOX (box), child);
}

static void
refresh (FolSummerView *self)
{
  const SummerState *s = state_of (self);
  const SummerComponents *c = summer_components ();
  int me = acting_seat (self);
  int shown_seat = me;
  if (summer_is_over (s))
    for (int i = s->n_players - 1; i >= 0; i--)
      if (s->result[i].rank == 1)
        shown_seat = i;  /* the winner's Forest Floor, large */
  fol_summer_board_set_state (FOL_SUMMER_BOARD (self->board), s, shown_seat);

  if (summer_is_over (s))
    {
      for (guint i = 0; i < G_N_ELEMENTS (action_entries); i++)
        set_enabled (self, action_entries[i].name, FALSE);
      set_enabled (self, "back", TRUE);
      set_enabled (self, "next-game", self->campaign != NULL);
      build_over_page (self);
      gtk_stack_set_visible_child_name (GTK_STACK (self->side_stack), "over");
      return;
    }
  gtk_stack_set_visible_child_name (GTK_STACK (self->side_stack), "play");

  /* what the player to act may do */
  gboolean has[SUMMER_N_MOVE_KINDS] = { FALSE };
  SummerMoveList l;
  if (me >= 0)
    summer_legal_moves (s, &l);
  else
    l.n = 0, l.moves = NULL;
  for (int i = 0; i < l.n; i++)
    has[l.moves[i].kind] = TRUE;

  set_enabled (self, "squirrel", has[SUMMER_MOVE_SQUIRREL]);
  set_enabled (self, "nut", has[SUMMER_MOVE_NUT]);
  set_enabled (self, "animal", has[SUMMER_MOVE_ANIMAL]);
  set_enabled (self, "pick", me >= 0);
  set_enabled (self, "berry", has[SUMMER_MOVE_BERRY]);
  set_enabled (self, "refill", has[SUMMER_MOVE_REFILL]);
  set_enabled (self, "mushroom", has[SUMMER_MOVE_MUSHROOM]);
  set_enabled (self, "feather", has[SUMMER_MOVE_FEATHER]);
  set_enabled (self, "exchange", has[SUMMER_MOVE_EXCHANGE]);
  set_enabled (self, "forgo", has[SUMMER_MOVE_FORGO]);
  set_enabled (self, "undo", me >= 0 && fol_game_get_n_undoable (FOL_GAME (self->game)) > 0);
  set_enabled (self, "end-turn", has[SUMMER_MOVE_END]);
  set_enabled (self, "auto-finish", me >= 0 && s->phase == SUMMER_PHASE_SOLO_END);
  set_enabled (self, "hint", me >= 0);
  set_enabled (self, "back", TRUE);
  set_enabled (self, "next-game", FALSE);

  /* menus: exchanges, Animal tiles, Mushroom opponents, solo Berry */
  g_autoptr (GMenu) exchanges = g_menu_new ();
  g_autoptr (GMenu) animals = g_menu_new ();
  g_autoptr (GMenu) mushrooms = g_menu_new ();
  g_autoptr (GMenu) berries = g_menu_new ();
  bool animal_listed[SUMMER_N_ANIMAL_KINDS] = { false };
  static const char *ends[2][2] = { { N_("Top Path, left end"), N_("Top Path, right end") },
                                    { N_("Bottom Path, left end"), N_("Bottom Path, right end") } };
  static const char *codes[2][2] = { { "TL", "TR" }, { "BL", "BR" } };
  for (int i = 0; i < l.n; i++)
    {
      const SummerMove *m = &l.moves[i];
      if (m->kind == SUMMER_MOVE_EXCHANGE)
        {
          g_autofree char *label = m->b == m->a + 1
            ? g_strdup_printf (_("2 %s → 1 %s"), fol_summer_treasure_words (m->a, 2), fol_summer_treasure_words (m->b, 1))
            : g_strdup_printf (_("1 %s → 1 %s"), fol_summer_treasure_words (m->a, 1), fol_summer_treasure_words (m->b, 1));
          g_autoptr (GMenuItem) item = g_menu_item_new (label, NULL);
          g_menu_item_set_action_and_target_value (item, "game.exchange", g_variant_new ("(ii)", m->a, m->b));
          g_menu_append_item (exchanges, item);
        }
      else if (m->kind == SUMMER_MOVE_ANIMAL && !animal_listed[m->tile])
        {
          animal_listed[m->tile] = true;
          g_autofree char *label = g_strdup_printf (_("%s (%d left)"), fol_summer_animal_word (m->tile), s->animals_left[m->tile]);
          g_autoptr (GMenuItem) item = g_menu_item_new (label, NULL);
          g_menu_item_set_action_and_target_value (item, "game.animal", g_variant_new_int32 (m->tile));
          g_menu_append_item (animals, item);
        }
      else if (m->kind == SUMMER_MOVE_MUSHROOM && s->n_players >= 3)
        {
          g_autofree char *label = m->b == SUMMER_NONE
            ? g_strdup_printf (_("Take from %s"), seat_name (self, m->a))
            : g_strdup_printf (_("Take from %s and %s"), seat_name (self, m->a), seat_name (self, m->b));
          g_autoptr (GMenuItem) item = g_menu_item_new (label, NULL);
          g_menu_item_set_action_and_target_value (item, "game.mushroom",
                                                   g_variant_new ("(ii)", m->a, m->b == SUMMER_NONE ? -1 : m->b));
          g_menu_append_item (mushrooms, item);
        }
      else if (m->kind == SUMMER_MOVE_BERRY && s->n_players == 1)
        {
          g_autoptr (GMenuItem) item = g_menu_item_new (_(ends[m->a][m->b]), NULL);
          g_menu_item_set_action_and_target_value (item, "game.berry", g_variant_new_string (codes[m->a][m->b]));
          g_menu_append_item (berries, item);
        }
    }
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (self->exchange_button), G_MENU_MODEL (exchanges));
  gtk_widget_set_sensitive (self->exchange_button, has[SUMMER_MOVE_EXCHANGE]);
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (self->animal_button), G_MENU_MODEL (animals));
  gtk_widget_set_sensitive (self->animal_button, has[SUMMER_MOVE_ANIMAL]);
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (self->mushroom_button), G_MENU_MODEL (mushrooms));
  gtk_widget_set_visible (self->mushroom_button, s->n_players >= 3);
  gtk_widget_set_sensitive (self->mushroom_button, has[SUMMER_MOVE_MUSHROOM]);
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (self->berry_button), G_MENU_MODEL (berries));
  gtk_widget_set_visible (self->berry_button, s->n_players == 1);
  gtk_widget_set_sensitive (self->berry_button, has[SUMMER_MOVE_BERRY]);

  /* claimed tiles to place (Mushroom) */
  clear_box (self->claim_box);
  gtk_widget_set_visible (self->claim_box, s->pending == SUMMER_PENDING_MUSHROOM && me >= 0);
  if (s->pending == SUMMER_PENDING_MUSHROOM)
    for (int k = 0; k < 2; k++)
      if (s->claim_tile[k] != SUMMER_NONE)
        {
          static const char *colour_names[] = { N_("green"), N_("yellow"), N_("red") };
          int src = s->claim_src[k];
          const char *from = src < SUMMER_MAX_PLAYERS ? seat_name (self, src)
                             : src == SUMMER_SRC_COMMON ? _("the Common Path")
                             : src == SUMMER_SRC_M1 ? _("space M1") : _("space M2");
          /* Translators: "Place the red tile from Hazel" / "... from the Common Path" / "... from space M1" */
          g_autofree char *label = g_strdup_printf (_("Place the %s tile from %s"),
                                                    _(colour_names[c->leaf[s->claim_tile[k]].colour]), from);
          GtkWidget *b = gtk_button_new_with_label (label);
          gtk_actionable_set_action_target_value (GTK_ACTIONABLE (b), g_variant_new_int32 (s->claim_tile[k]));
          gtk_actionable_set_action_name (GTK_ACTIONABLE (b), "game.pick");
          gtk_box_append (GTK_BOX (self->claim_box), b);
        }
  gtk_widget_set_visible (self->refill_box, s->pending == SUMMER_PENDING_REFILL && me >= 0);
  gtk_widget_set_visible (self->auto_finish_button, s->phase == SUMMER_PHASE_SOLO_END);
  gtk_button_set_label (GTK_BUTTON (self->end_button),
                        s->phase == SUMMER_PHASE_SOLO_END ? _("_Finish Game") : _("_End Turn"));

  /* the banner and the hint */
  g_autofree char *turn = NULL;
  if (s->n_players == 1)
    turn = s->phase == SUMMER_PHASE_SOLO_END ? g_strdup (_("End phase")) : g_strdup_printf (_("Turn %d of 10"), s->round);
  else
    turn = g_strdup_printf (_("Round %d: %s's turn%s"), s->round, seat_name (self, s->current),
                            s->end_triggered ? _(" (last round)") : "");
  gtk_label_set_text (GTK_LABEL (self->turn_label), turn);
  update_help (self);

  int shown = me >= 0 ? me : s->current;
  const uint8_t *tr = s->seat[shown].treasures;
  g_autofree char *treasures = g_strdup_printf (_("%s has %d %s, %d %s, %d %s, %d %s"), seat_name (self, shown),
                                                tr[0], fol_summer_treasure_words (0, tr[0]),
                                                tr[1], fol_summer_treasure_words (1, tr[1]),
                                                tr[2], fol_summer_treasure_words (2, tr[2]),
                                                tr[3], fol_summer_treasure_words (3, tr[3]));
  gtk_label_set_text (GTK_LABEL (self->treasure_label), treasures);
  if (l.moves)
    summer_move_list_clear (&l);
  schedule_computer (self);
}

/* ---- construction ---- */

static GtkWidget *
action_button (const char *label, const char *action, const char *tooltip)
{
  GtkWidget *b = gtk_button_new_with_mnemonic (label);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (b), action);
  if (tooltip)
    gtk_widget_set_tooltip_text (b, tooltip);
  return b;
}

/* Menu buttons carry no tooltip: it would cover the menu they open. */
static GtkWidget *
menu_button (const char *label)
{
  GtkWidget *b = gtk_menu_button_new ();
  gtk_menu_button_set_label (GTK_MENU_BUTTON (b), label);
  return b;
}

static void
build (FolSummerView *self)
{
  self->toasts = adw_toast_overlay_new ();
  gtk_widget_set_parent (self->toasts, GTK_WIDGET (self));
  GtkWidget *paned = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  adw_toast_overlay_set_child (ADW_TOAST_OVERLAY (self->toasts), paned);

  self->board = fol_summer_board_new ();
  gtk_widget_set_hexpand (self->board, TRUE);
  gtk_widget_set_vexpand (self->board, TRUE);
  g_signal_connect (self->board, "move-chosen", G_CALLBACK (on_move_chosen), self);
  g_signal_connect_swapped (self->board, "held-changed", G_CALLBACK (refresh_help), self);
  gtk_box_append (GTK_BOX (paned), self->board);

  GtkWidget *side = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  gtk_widget_set_size_request (side, 280, -1);
  gtk_widget_set_margin_start (side, 12);
  gtk_widget_set_margin_end (side, 12);
  gtk_widget_set_margin_top (side, 12);
  gtk_widget_set_margin_bottom (side, 12);
  gtk_box_append (GTK_BOX (paned), gtk_separator_new (GTK_ORIENTATION_VERTICAL));
  gtk_box_append (GTK_BOX (paned), side);

  self->side_stack = gtk_stack_new ();
  gtk_box_append (GTK_BOX (side), self->side_stack);

  GtkWidget *play = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_stack_add_named (GTK_STACK (self->side_stack), play, "play");
  self->turn_label = gtk_label_new (NULL);
  gtk_widget_add_css_class (self->turn_label, "title-4");
  gtk_label_set_wrap (GTK_LABEL (self->turn_label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (self->turn_label), 0);
  gtk_box_append (GTK_BOX (play), self->turn_label);
  self->thinking = fol_thinking_new ();
  gtk_box_append (GTK_BOX (play), self->thinking);
  self->help_label = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (self->help_label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (self->help_label), 0);
  gtk_widget_add_css_class (self->help_label, "dim-label");
  gtk_box_append (GTK_BOX (play), self->help_label);
  self->treasure_label = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (self->treasure_label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (self->treasure_label), 0);
  gtk_box_append (GTK_BOX (play), self->treasure_label);

  self->claim_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_box_append (GTK_BOX (play), self->claim_box);

  self->refill_box = gtk_grid_new ();
  gtk_grid_set_column_spacing (GTK_GRID (self->refill_box), 6);
  gtk_grid_set_row_spacing (GTK_GRID (self->refill_box), 6);
  static const char *refill_labels[4] = { N_("Top, left"), N_("Top, right"), N_("Bottom, left"), N_("Bottom, right") };
  static const char *refill_codes[4] = { "TL", "TR", "BL", "BR" };
  for (int i = 0; i < 4; i++)
    {
      GtkWidget *b = self->refill_buttons[i] = gtk_button_new_with_label (_(refill_labels[i]));
      gtk_actionable_set_action_target_value (GTK_ACTIONABLE (b), g_variant_new_string (refill_codes[i]));
      gtk_actionable_set_action_name (GTK_ACTIONABLE (b), "game.refill");
      gtk_grid_attach (GTK_GRID (self->refill_box), b, i % 2, i / 2, 1, 1);
    }
  gtk_box_append (GTK_BOX (play), self->refill_box);

  GtkWidget *main_label = gtk_label_new (_("Main Action"));
  gtk_widget_add_css_class (main_label, "heading");
  gtk_label_set_xalign (GTK_LABEL (main_label), 0);
  gtk_box_append (GTK_BOX (play), main_label);
  GtkWidget *grid = gtk_grid_new ();
  gtk_grid_set_column_spacing (GTK_GRID (grid), 6);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_grid_set_column_homogeneous (GTK_GRID (grid), TRUE);
  gtk_box_append (GTK_BOX (play), grid);
  self->squirrel_button = action_button (_("_Squirrel"), "game.squirrel",
                                         _("Place a Squirrel on an empty square as your Main Action"));
  gtk_grid_attach (GTK_GRID (grid), self->squirrel_button, 0, 0, 1, 1);
  self->feather_button = action_button (_("_Feather: 2 tiles"), "game.feather",
                                        _("Pay 1 Feather: place 2 Leaf tiles of your Player Path"));
  gtk_grid_attach (GTK_GRID (grid), self->feather_button, 1, 0, 1, 1);
  GtkWidget *mush = action_button (_("_Mushroom: 2 tiles"), "game.mushroom",
                                   _("Pay 1 Mushroom: take the first tile of your opponent and the one next to the Bush "
                                     "(solo: the tiles on the Mushroom spaces) and place them"));
  gtk_actionable_set_action_target_value (GTK_ACTIONABLE (mush), g_variant_new ("(ii)", -1, -1));
  gtk_grid_attach (GTK_GRID (grid), mush, 0, 1, 1, 1);
  self->mushroom_action = mush;
  self->mushroom_button = menu_button (_("Mushroom: 2 tiles"));
  gtk_grid_attach (GTK_GRID (grid), self->mushroom_button, 0, 1, 1, 1);
  g_object_bind_property (self->mushroom_button, "visible", mush, "visible", G_BINDING_INVERT_BOOLEAN | G_BINDING_SYNC_CREATE);
  self->forgo_button = action_button (_("_Leave Tile"), "game.forgo",
                                      _("Leave a tile that fits nowhere on your Forest Floor"));
  gtk_grid_attach (GTK_GRID (grid), self->forgo_button, 1, 1, 1, 1);

  GtkWidget *special_label = gtk_label_new (_("Special Actions"));
  gtk_widget_add_css_class (special_label, "heading");
  gtk_label_set_xalign (GTK_LABEL (special_label), 0);
  gtk_box_append (GTK_BOX (play), special_label);
  GtkWidget *grid2 = gtk_grid_new ();
  gtk_grid_set_column_spacing (GTK_GRID (grid2), 6);
  gtk_grid_set_row_spacing (GTK_GRID (grid2), 6);
  gtk_grid_set_column_homogeneous (GTK_GRID (grid2), TRUE);
  gtk_box_append (GTK_BOX (play), grid2);
  GtkWidget *berry = action_button (_("_Berry: refill"), "game.berry",
                                    _("Pay 1 Berry: refill your Player Path to 5, or take a 6th tile"));
  gtk_actionable_set_action_target_value (GTK_ACTIONABLE (berry), g_variant_new_string (""));
  gtk_grid_attach (GTK_GRID (grid2), berry, 0, 0, 1, 1);
  self->berry_action = berry;
  self->berry_button = menu_button (_("Berry: refill"));
  gtk_grid_attach (GTK_GRID (grid2), self->berry_button, 0, 0, 1, 1);
  g_object_bind_property (self->berry_button, "visible", berry, "visible", G_BINDING_INVERT_BOOLEAN | G_BINDING_SYNC_CREATE);
  self->nut_button = action_button (_("_Nut: Squirrel"), "game.nut", _("Pay 1 Nut: place a Squirrel on an empty square"));
  gtk_grid_attach (GTK_GRID (grid2), self->nut_button, 1, 0, 1, 1);
  self->exchange_button = menu_button (_("Exchange"));
  gtk_grid_attach (GTK_GRID (grid2), self->exchange_button, 0, 1, 1, 1);
  self->animal_button = menu_button (_("Animal Tile"));
  gtk_grid_attach (GTK_GRID (grid2), self->animal_button, 1, 1, 1, 1);

  GtkWidget *turn_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_box_set_homogeneous (GTK_BOX (turn_box), TRUE);
  gtk_widget_set_margin_top (turn_box, 6);
  gtk_box_append (GTK_BOX (turn_box), action_button (_("_Undo"), "game.undo", _("Take back the last move of this turn (Ctrl+Z)")));
  gtk_box_append (GTK_BOX (turn_box), action_button (_("_Hint"), "game.hint",
                                                     /* Translators: the tooltip of the Hint button */
                                                     _("Show the move the Hard computer player would make now (H); "
                                                       "the game is then counted apart in the statistics")));
  self->end_button = action_button (_("_End Turn"), "game.end-turn", _("End your turn (Ctrl+Enter)"));
  gtk_widget_add_css_class (self->end_button, "suggested-action");
  gtk_box_append (GTK_BOX (turn_box), self->end_button);
  gtk_box_append (GTK_BOX (play), turn_box);
  self->auto_finish_button = action_button (_("_Auto-finish"), "game.auto-finish",
                                            _("Exchange and place Squirrels for the best score, then finish"));
  gtk_box_append (GTK_BOX (play), self->auto_finish_button);

  self->over_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  gtk_stack_add_named (GTK_STACK (self->side_stack), self->over_box, "over");

  GtkWidget *log_label = gtk_label_new (_("Game Log"));
  gtk_widget_add_css_class (log_label, "heading");
  gtk_label_set_xalign (GTK_LABEL (log_label), 0);
  gtk_widget_set_margin_top (log_label, 6);
  gtk_box_append (GTK_BOX (side), log_label);
  self->log_scroll = gtk_scrolled_window_new ();
  gtk_widget_set_vexpand (self->log_scroll, TRUE);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->log_scroll), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  self->log_list = gtk_list_box_new ();
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (self->log_list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (self->log_list, "boxed-list");
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->log_scroll), self->log_list);
  GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->log_scroll));
  g_signal_connect (adj, "changed", G_CALLBACK (on_log_adjustment_changed), self);
  g_signal_connect (adj, "value-changed", G_CALLBACK (on_log_value_changed), self);
  self->log_follow = TRUE;
  gtk_box_append (GTK_BOX (side), self->log_scroll);

  self->actions = g_simple_action_group_new ();
  g_action_map_add_action_entries (G_ACTION_MAP (self->actions), action_entries, G_N_ELEMENTS (action_entries), self);
  gtk_widget_insert_action_group (GTK_WIDGET (self), "game", G_ACTION_GROUP (self->actions));

  GtkEventController *shortcuts = gtk_shortcut_controller_new ();
  gtk_shortcut_controller_set_scope (GTK_SHORTCUT_CONTROLLER (shortcuts), GTK_SHORTCUT_SCOPE_MANAGED);
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                        gtk_shortcut_new (gtk_shortcut_trigger_parse_string ("<Control>z"),
                                                          gtk_named_action_new ("game.undo")));
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                        gtk_shortcut_new (gtk_shortcut_trigger_parse_string ("<Control>Return|<Control>e"),
                                                          gtk_named_action_new ("game.end-turn")));
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                        gtk_shortcut_new (gtk_shortcut_trigger_parse_string ("h|<Shift>h"),
                                                          gtk_named_action_new ("game.hint")));
  gtk_widget_add_controller (GTK_WIDGET (self), shortcuts);
}

static void
on_save_failed (FolGame *game, GError *error, FolSummerView *self)
{
  g_autofree char *msg = g_strdup_printf (_("The game could not be saved: %s. You can go on playing."), error->message);
  toast (self, msg);
}

static void
disconnect_game (FolSummerView *self)
{
  if (!self->game)
    return;
  clear_hint (self);
  stop_computer (self);
  for (guint i = 0; i < G_N_ELEMENTS (self->handlers); i++)
    g_clear_signal_handler (&self->handlers[i], self->game);
  g_clear_object (&self->game);
}

static void
start_game (FolSummerView *self, FolSummerGame *game)
{
  disconnect_game (self);
  self->game = g_object_ref (game);
  self->auto_finishing = FALSE;
  self->handlers[0] = g_signal_connect (game, "save-failed", G_CALLBACK (on_save_failed), self);
  fol_summer_board_set_last_move (FOL_SUMMER_BOARD (self->board), -1, NULL);
  const char *names[SUMMER_MAX_PLAYERS + 1] = { NULL };
  for (guint i = 0; i < fol_game_get_n_seats (FOL_GAME (self->game)) && i < SUMMER_MAX_PLAYERS; i++)
    names[i] = seat_name (self, (int) i);
  fol_summer_board_set_names (FOL_SUMMER_BOARD (self->board), names);
  rebuild_log (self);
  refresh (self);
}

static void
fol_summer_view_dispose (GObject *object)
{
  FolSummerView *self = FOL_SUMMER_VIEW (object);
  disconnect_game (self);
  g_clear_object (&self->campaign);
  g_clear_object (&self->settings);
  g_clear_object (&self->actions);
  g_clear_pointer (&self->toasts, gtk_widget_unparent);
  g_clear_pointer (&self->hint_move, g_free);
  g_clear_pointer (&self->hint_words, g_free);
  G_OBJECT_CLASS (fol_summer_view_parent_class)->dispose (object);
}

/* A page out of its window plays no computer move: it stops when it
 * leaves (going back, another game) and goes on when shown again. */
static void
fol_summer_view_root (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (fol_summer_view_parent_class)->root (widget);
  FolSummerView *self = (FolSummerView *) widget;
  if (self->game)
    schedule_computer (self);
}

/* The page is shown: the keys (1-6, arrows, R, F, Enter) go to the board,
 * not to whichever button the window would focus first. */
static void
fol_summer_view_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (fol_summer_view_parent_class)->map (widget);
  gtk_widget_grab_focus (((FolSummerView *) widget)->board);
}

/* Focusing the page (the window does when it shows it) focuses the board. */
static gboolean
fol_summer_view_grab_focus (GtkWidget *widget)
{
  return gtk_widget_grab_focus (((FolSummerView *) widget)->board);
}

static void
fol_summer_view_unroot (GtkWidget *widget)
{
  FolSummerView *self = (FolSummerView *) widget;
  if (self->game)
    stop_computer (self);
  GTK_WIDGET_CLASS (fol_summer_view_parent_class)->unroot (widget);
}

static void
fol_summer_view_class_init (FolSummerViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  object_class->dispose = fol_summer_view_dispose;
  widget_class->root = fol_summer_view_root;
  widget_class->unroot = fol_summer_view_unroot;
  widget_class->map = fol_summer_view_map;
  widget_class->grab_focus = fol_summer_view_grab_focus;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  /**
   * FolSummerView::close-requested:
   * The player asks to go back to the start page.
   */
  signals[CLOSE_REQUESTED] = g_signal_new ("close-requested", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                           NULL, NULL, NULL, G_TYPE_NONE, 0);
  /**
   * FolSummerView::next-game:
   * @game: the campaign's next game, created and saved
   * @campaign: the campaign
   * The player asks for the next game of the campaign.
   */
  signals[NEXT_GAME] = g_signal_new ("next-game", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                     NULL, NULL, NULL, G_TYPE_NONE, 2, FOL_TYPE_SUMMER_GAME, FOL_TYPE_CAMPAIGN);
}

static void
fol_summer_view_init (FolSummerView *self)
{
  self->settings = g_settings_new (APP_ID);
  self->delay_ms = 450;
  build (self);
}

GtkWidget *
fol_summer_view_new (FolSummerGame *game, FolCampaign *campaign)
{
  g_return_val_if_fail (FOL_IS_SUMMER_GAME (game), NULL);
  FolSummerView *self = g_object_new (FOL_TYPE_SUMMER_VIEW, NULL);
  if (campaign)
    self->campaign = g_object_ref (campaign);
  g_autoptr (GSettingsSchema) schema = NULL;
  g_object_get (self->settings, "settings-schema", &schema, NULL);
  if (schema && g_settings_schema_has_key (schema, "animation-speed"))
    self->delay_ms = (guint) MAX (0, g_settings_get_int (self->settings, "animation-speed"));
  if (schema && g_settings_schema_has_key (schema, "show-legal-placements"))
    fol_summer_board_set_show_legal (FOL_SUMMER_BOARD (self->board),
                                     g_settings_get_boolean (self->settings, "show-legal-placements"));
  start_game (self, game);
  return GTK_WIDGET (self);
}

FolSummerGame *
fol_summer_view_get_game (FolSummerView *self)
{
  g_return_val_if_fail (FOL_IS_SUMMER_VIEW (self), NULL);
  return self->game;
}

GtkWidget *
fol_summer_view_get_board (FolSummerView *self)
{
  g_return_val_if_fail (FOL_IS_SUMMER_VIEW (self), NULL);
  return self->board;
}

void
fol_summer_view_set_animation_delay (FolSummerView *self, guint ms)
{
  g_return_if_fail (FOL_IS_SUMMER_VIEW (self));
  self->delay_ms = ms;
}

const char *
fol_summer_view_get_hint (FolSummerView *self)
{
  g_return_val_if_fail (FOL_IS_SUMMER_VIEW (self), NULL);
  return self->hint_move;
}

const char *
fol_summer_view_get_help_text (FolSummerView *self)
{
  g_return_val_if_fail (FOL_IS_SUMMER_VIEW (self), NULL);
  return gtk_label_get_text (GTK_LABEL (self->help_label));
}

FolThinking *
fol_summer_view_get_thinking (FolSummerView *self)
{
  g_return_val_if_fail (FOL_IS_SUMMER_VIEW (self), NULL);
  return FOL_THINKING (self->thinking);
}
