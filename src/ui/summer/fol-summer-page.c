/* fol-summer-page.c: the page of one Indian Summer game (see the header);
 * its widgets are data/ui/fol-summer-page.ui. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "fol-summer-page.h"
#include "fol-summer-board.h"
#include "fol-summer-painter.h"
#include "fol-summer-words.h"
#include "fol-par.h"
#include "summer-ai.h"
#include "summer-notation.h"

struct _FolSummerPage
{
  FolGamePage parent_instance;

  FolCampaign *campaign;
  int home_seat;              /* the person whose Forest Floor stays large, or -1 */

  /* the template */
  GtkWidget *board;
  GtkWidget *side_stack;      /* "play" | "over" */
  GtkWidget *choice_stack;    /* the actions, or the Mushroom's tiles, or the solo refill */
  char *move_line;            /* the log's line of the latest move (not a round's header), or NULL */
  guint close_panel_source;   /* closing the folded panel after a piece was chosen in it */
  GtkWidget *claim_box;       /* buttons to pick the tiles a Mushroom claimed */
  GtkWidget *refill_box;
  GtkWidget *refill_buttons[4]; /* by path * 2 + end */
  GtkWidget *squirrel_button;
  GtkWidget *feather_button;
  GtkWidget *mushroom_action; /* the plain Mushroom button (solo, 2 players) */
  GtkWidget *mushroom_button; /* a menu button for 3-4 players */
  GtkWidget *forgo_button;
  GtkWidget *berry_action;    /* the plain Berry button (2-4 players) */
  GtkWidget *berry_button;    /* a menu button for solo */
  GtkWidget *nut_button;
  GtkWidget *exchange_button;
  GtkWidget *animal_button;
  GtkWidget *auto_finish_button;
  GtkWidget *over_box;        /* rebuilt at the end */
  GtkWidget *over_buttons;    /* ... its buttons, under its title */
  GtkWidget *par_box;         /* ... but for the solo par's part, kept */
  GtkWidget *par_label;
  GtkWidget *par_progress;
  GtkWidget *par_detail_label;
  GtkWidget *par_line_button;

  /* the solo par (issue 13): computed when the end screen appears */
  FolPar *par;                /* the deal's, loaded or computed, or NULL */
  GCancellable *par_cancellable; /* its run's, while it runs */
  char *par_error;            /* why it could not be computed, or NULL */
  guint64 par_nodes;          /* its budget: 0 the default (fol_summer_page_set_par_nodes()) */
  guint par_source;           /* starts it, after the end screen is built */

  GtkWidget *hint_ring[2];    /* the buttons ringed for the hint shown, or NULL */
  char *help;                 /* the line under the title, when made of parts */
  gboolean refused;           /* a Leaf tile that fits nowhere was just picked */
};

G_DEFINE_FINAL_TYPE (FolSummerPage, fol_summer_page, FOL_TYPE_GAME_PAGE)

enum {
  NEXT_GAME,
  N_SIGNALS
};
static guint signals[N_SIGNALS];

#define BASE(self) FOL_GAME_PAGE (self)

/* ---- helpers ---- */

static FolSummerGame *
game_of (FolSummerPage *self)
{
  return FOL_SUMMER_GAME (fol_game_page_get_game (BASE (self)));
}

static const SummerState *
state_of (FolSummerPage *self)
{
  return fol_summer_game_get_state (game_of (self));
}

static const char *
seat_name (FolSummerPage *self, int seat)
{
  return fol_game_page_get_seat_name (BASE (self), seat);
}

/* Every seat's name, NULL-terminated, for the log in words. */
static void
seat_names (FolSummerPage *self, const char *names[SUMMER_MAX_PLAYERS + 1])
{
  guint n = fol_game_get_n_seats (fol_game_page_get_game (BASE (self)));
  for (guint i = 0; i <= SUMMER_MAX_PLAYERS; i++)
    names[i] = i < n ? seat_name (self, (int) i) : NULL;
}

/* The one person at the desk, whose tiles the log calls "your" tiles, or -1
 * (several people, or none). */
static int
the_person (FolSummerPage *self)
{
  int person = -1;
  for (int i = 0; i < state_of (self)->n_players; i++)
    if (fol_game_page_seat_is_human (BASE (self), i))
      {
        if (person >= 0)
          return -1;
        person = i;
      }
  return person;
}

static void
play_move (FolSummerPage *self, const SummerMove *m)
{
  g_autoptr (GError) error = NULL;
  /* the model tells the page what the move did (FolGamePage) */
  if (!fol_summer_game_apply (game_of (self), m, NULL, &error))
    fol_game_page_toast (BASE (self), error->message);
}

/* Plays the first legal move of @kind whose a/b/tile match (parameters of an action). */
static void
play_matching (FolSummerPage *self, SummerMoveKind kind, int a, int b, int tile)
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
  fol_game_page_toast (BASE (self), _("That is not possible now"));
}

static void
on_move_chosen (FolSummerBoard *board, const SummerMove *m, FolSummerPage *self)
{
  if (fol_game_page_get_acting_seat (BASE (self)) >= 0)
    play_move (self, m);
}

static gboolean
close_panel_idle (gpointer data)
{
  FolSummerPage *self = data;
  self->close_panel_source = 0;
  if (fol_summer_board_get_held (FOL_SUMMER_BOARD (self->board), NULL, NULL)
      && fol_game_page_get_panel_folded (BASE (self)))
    fol_game_page_set_panel_revealed (BASE (self), FALSE);
  return G_SOURCE_REMOVE;
}

static void
on_held_changed (FolSummerBoard *board, FolSummerPage *self)
{
  self->refused = FALSE;
  fol_game_page_update_help (BASE (self));
  /* a piece to place (a Squirrel, an Animal tile chosen in a folded panel):
   * the panel open over the board gets out of the way, once the button that
   * chose it is done and the keys are the board's (closed at once, GTK 4.8
   * crashed now and then in gdk_surface_request_motion() on the keyboard
   * tooltip of the button just pressed: test keyboard-play under ASan) */
  if (fol_summer_board_get_held (board, NULL, NULL) && fol_game_page_get_panel_folded (BASE (self))
      && !self->close_panel_source)
    self->close_panel_source = g_idle_add (close_panel_idle, self);
}

/* A click or a key picked a Leaf tile that cannot be placed: the line
 * under the title says why, until the next change. */
static void
on_tile_refused (FolSummerBoard *board, int tile, FolSummerPage *self)
{
  self->refused = TRUE;
  fol_game_page_update_help (BASE (self));
}

/* A click on the person's own treasure counts (or the supply's Squirrels)
 * does what the panel's button does: spend one, when the rules allow it
 * now; a choice the button's drop-down makes (the solo Berry's Path end,
 * a 3-4 player Mushroom's opponent) opens that drop-down, in the panel
 * (opened first when folded).  When the action is not open now, the line
 * under the title says what can be done instead. */
static void spend (FolSummerPage *self, int treasure);

static void
on_treasure_clicked (FolSummerBoard *board, int treasure, FolSummerPage *self)
{
  spend (self, treasure);
}

/* Alt and the letter of a panel button (its mnemonic) while the panel is
 * folded away, whose buttons' mnemonics then do nothing: S Squirrel,
 * F Feather, M Mushroom, B Berry, N Nut, L Leave Tile, A Auto-finish. */
static gboolean
on_action_key (GtkWidget *widget, GVariant *args, gpointer data)
{
  FolSummerPage *self = FOL_SUMMER_PAGE (widget);
  int key = g_variant_get_int32 (args);
  /* the panel on screen: its buttons' mnemonics do it */
  if (fol_game_page_get_panel_revealed (BASE (self)))
    return FALSE;
  if (key == 'l' || key == 'a')
    {
      if (!fol_game_page_activate_action (BASE (self), key == 'l' ? "forgo" : "auto-finish", NULL))
        gtk_widget_error_bell (widget);
    }
  else
    spend (self, key == 'b' ? SUMMER_BERRY : key == 'n' ? SUMMER_NUT : key == 'm' ? SUMMER_MUSHROOM
                 : key == 'f' ? SUMMER_FEATHER : SUMMER_N_TREASURES);
  return TRUE;
}

/* Spends @treasure (SUMMER_N_TREASURES: takes a Squirrel) as its button
 * does; see on_treasure_clicked(). */
static void
spend (FolSummerPage *self, int treasure)
{
  FolGamePage *page = BASE (self);
  const SummerState *s = state_of (self);
  GtkWidget *menu = NULL;
  const char *action = NULL;
  GVariant *target = NULL;
  switch (treasure)
    {
    case SUMMER_BERRY:
      if (s->n_players == 1)
        menu = self->berry_button;
      else
        action = "berry", target = g_variant_new_string ("");
      break;
    case SUMMER_NUT:
      action = "nut";
      break;
    case SUMMER_MUSHROOM:
      if (s->n_players >= 3)
        menu = self->mushroom_button;
      else
        action = "mushroom", target = g_variant_new ("(ii)", -1, -1);
      break;
    case SUMMER_FEATHER:
      action = "feather";
      break;
    default:
      action = "squirrel";
      break;
    }
  if (menu)
    {
      if (gtk_widget_get_sensitive (menu))
        {
          if (fol_game_page_get_panel_folded (page))
            fol_game_page_set_panel_revealed (page, TRUE);
          gtk_menu_button_popup (GTK_MENU_BUTTON (menu));
        }
      else
        gtk_widget_error_bell (self->board);
      return;
    }
  if (!fol_game_page_activate_action (page, action, target))
    gtk_widget_error_bell (self->board);
}

/* ---- what the model tells ---- */

/* Whether the board outlines @move as the last move: what
 * summer_move_applied() shows (not the end of a turn, not an exchange). */
static gboolean
outlined (const SummerMove *move)
{
  return move->kind != SUMMER_MOVE_END && move->kind != SUMMER_MOVE_EXCHANGE;
}

/* The log's first line: the first round's header. */
static char *
summer_describe_start (FolGamePage *page)
{
  FolSummerPage *self = FOL_SUMMER_PAGE (page);
  g_clear_pointer (&self->move_line, g_free);
  return fol_summer_round_line (state_of (self)->n_players, 1, FALSE, FALSE);
}

/* The header of the round (solo: turn, or end phase) that @d's move began,
 * or made the last; NULL when it began none. */
static char *
round_header (const FolSummerMoveDetail *d)
{
  const SummerState *b = d->before, *a = d->after;
  gboolean end_phase = a->phase == SUMMER_PHASE_SOLO_END;
  if (d->info.game_over
      || (a->round == b->round && end_phase == (b->phase == SUMMER_PHASE_SOLO_END) && a->end_triggered == b->end_triggered))
    return NULL;
  return fol_summer_round_line (a->n_players, a->round, end_phase, a->end_triggered);
}

static void
summer_describe_move (FolGamePage *page, const FolMoveReport *report, GPtrArray *lines)
{
  FolSummerPage *self = FOL_SUMMER_PAGE (page);
  const FolSummerMoveDetail *d = report->detail;
  char *header = round_header (d);
  /* "ended the turn" lines would drown the log; the round's header does not */
  if (d->move.kind != SUMMER_MOVE_END || d->info.game_over)
    {
      const char *names[SUMMER_MAX_PLAYERS + 1];
      seat_names (self, names);
      char *line = fol_summer_describe_move (d->before, d->after, &d->move, &d->info, names, the_person (self));
      g_free (self->move_line);
      self->move_line = g_strdup (line);
      g_ptr_array_add (lines, line);
      if (d->info.game_over && d->after->n_players > 1)
        {
          g_auto (GStrv) end = fol_summer_describe_end_phase (d->before, d->after, names);
          for (int i = 0; end[i]; i++)
            g_ptr_array_add (lines, g_strdup (end[i]));
        }
    }
  if (header)
    g_ptr_array_add (lines, header);
}

static void
summer_move_applied (FolGamePage *page, const FolMoveReport *report)
{
  FolSummerPage *self = FOL_SUMMER_PAGE (page);
  const FolSummerMoveDetail *d = report->detail;
  FolSummerBoard *board = FOL_SUMMER_BOARD (self->board);
  if (outlined (&d->move))
    fol_summer_board_set_last_move (board, report->seat, &d->move);
  if (self->move_line)
    fol_summer_board_set_last_move_text (board, self->move_line);
  /* a computer's Mushroom took the person's tile: said where it is seen,
   * not only in the (maybe folded) log */
  int you = the_person (self);
  if (d->move.kind == SUMMER_MOVE_MUSHROOM && you >= 0 && report->seat != you && self->move_line
      && (d->after->claim_src[0] == you || d->after->claim_src[1] == you))
    fol_game_page_toast (page, self->move_line);
  for (int t = 0; t < SUMMER_N_TREASURES; t++)
    if (d->info.supply_short[t] && fol_game_page_seat_is_human (page, report->seat))
      {
        g_autofree char *msg = g_strdup_printf (_("The supply has no %s left: nothing was placed on the Hole"),
                                                fol_summer_treasure_words (t, 2));
        fol_game_page_toast (page, msg);
      }
}

static void
summer_undone (FolGamePage *page)
{
  fol_summer_board_set_last_move (FOL_SUMMER_BOARD (FOL_SUMMER_PAGE (page)->board), -1, NULL);
}

/* Auto-finish: the exchanges and Squirrels of the best score, then the end. */
static char *
summer_automatic_move (FolGamePage *page)
{
  FolSummerPage *self = FOL_SUMMER_PAGE (page);
  SummerMoveList l;
  summer_solo_auto_finish (state_of (self), &l);
  char *text = l.n > 0 ? summer_move_format (state_of (self), &l.moves[0]) : NULL;
  summer_move_list_clear (&l);
  return text;
}

/* ---- hints ---- */

/* Rings (the "hint" style class: a dashed outline in the hint colour, see
 * data/style.css) the button that plays @m when the board does not show it:
 * a treasure, the Squirrel Main Action, an exchange, the refill, the end. */
static void
ring_hint_buttons (FolSummerPage *self, const SummerMove *m)
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
    case SUMMER_MOVE_END: a = fol_game_page_get_end_turn_button (BASE (self)); break;
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

static char *
summer_show_hint (FolGamePage *page, const char *text, GError **error)
{
  FolSummerPage *self = FOL_SUMMER_PAGE (page);
  const SummerState *s = state_of (self);
  SummerMove m;
  SummerMoveInfo info;
  /* what it would do, as the model tells it (the hint is not played) */
  if (!summer_move_parse (s, text, &m, error) || !fol_summer_game_preview (game_of (self), &m, &info, error))
    return NULL;
  const char *names[SUMMER_MAX_PLAYERS + 1];
  seat_names (self, names);
  fol_summer_board_set_hint (FOL_SUMMER_BOARD (self->board), &m);
  ring_hint_buttons (self, &m);
  return fol_summer_describe_hint (s, &m, &info, names);
}

static void
summer_clear_hint (FolGamePage *page)
{
  FolSummerPage *self = FOL_SUMMER_PAGE (page);
  for (int i = 0; i < 2; i++)
    if (self->hint_ring[i])
      {
        gtk_widget_remove_css_class (self->hint_ring[i], "hint");
        self->hint_ring[i] = NULL;
      }
  fol_summer_board_set_hint (FOL_SUMMER_BOARD (self->board), NULL);
}

/* Whether turning the held piece of @m (a Leaf tile or an Animal tile)
 * changes it (*turns), and whether flipping gives a shape that no turn
 * gives (*flips): a piece that is its own mirror image needs no F, the
 * square Hedgehog neither key (DECISIONS.md: tiles may be rotated and
 * flipped; duplicates removed per tile).  A Squirrel: neither. */
static void
piece_turns (const SummerMove *m, gboolean *turns, gboolean *flips)
{
  const SummerComponents *c = summer_components ();
  const FolOrientationSet *set = m->kind == SUMMER_MOVE_LEAF ? &c->leaf[m->tile].orientations
                                 : m->kind == SUMMER_MOVE_ANIMAL ? &c->animal[m->tile].orientations : NULL;
  *turns = *flips = FALSE;
  if (!set)
    return;
  int rotations = 0;
  for (int t = 0; t < 4; t++)
    {
      gboolean seen = FALSE;
      for (int u = 0; u < t; u++)
        seen |= set->of_transform[u] == set->of_transform[t];
      rotations += !seen;
    }
  *turns = set->n > 1;
  *flips = set->n > rotations;
}

/* What to do with the piece held (@m), with only the keys that change it. */
static char *
held_help (const SummerMove *m)
{
  const char *how;
  switch ((SummerMoveKind) m->kind)
    {
    case SUMMER_MOVE_LEAF:
      how = _("Move the tile over your Forest Floor with the mouse or the arrow keys; click or press Enter "
              "where it shows green.");
      break;
    case SUMMER_MOVE_ANIMAL:
      how = _("Move the Animal tile over free Holes of your Forest Floor with the mouse or the arrow keys; "
              "click or press Enter where it shows green.");
      break;
    default:
      how = _("Move the Squirrel over your Forest Floor with the mouse or the arrow keys; click or press Enter "
              "on an empty square.");
      break;
    }
  gboolean turns, flips;
  piece_turns (m, &turns, &flips);
  /* TRANSLATORS: the keys for the piece held, after what to do with it; R, F and Escape are the keys */
  const char *keys = flips ? _("R or the mouse wheel turns it, F flips it, Escape puts it back.")
                     : turns ? _("R or the mouse wheel turns it, Escape puts it back.")
                     : _("Escape puts it back.");
  return g_strdup_printf ("%s %s", how, keys);
}

/* What the person may do with nothing held, from the moves legal now
 * (@has: by SummerMoveKind; @fits: bit i set when tile i of the Player
 * Path fits somewhere): only the actions, tiles and keys that work. */
static char *
free_help (const SummerState *s, const gboolean *has, guint fits)
{
  const char *forgo = has[SUMMER_MOVE_FORGO] ? _("A tile that fits nowhere may be left: use Leave Tile.") : NULL;
  if (s->pending == SUMMER_PENDING_MUSHROOM)
    {
      int n = (s->claim_tile[0] != SUMMER_NONE) + (s->claim_tile[1] != SUMMER_NONE);
      /* TRANSLATORS: after a Mushroom; 1 and 2 are the keys that take the tiles */
      const char *place = n == 2 ? _("Place the two tiles you took, in either order: click one or press 1 or 2.")
                                 : _("Place the tile you took: click it or press 1.");
      return g_strjoin (" ", place, forgo, NULL);
    }
  if (s->pending == SUMMER_PENDING_FEATHER)
    {
      int n = s->feather_left;
      g_autofree char *place = g_strdup_printf (ngettext ("Place %d more tile of your Player Path: click it or press its number.",
                                                          "Place %d more tiles of your Player Path: click one or press its number.",
                                                          n), n);
      return g_strjoin (" ", place, forgo, NULL);
    }
  if (!s->main_done)
    {
      gboolean treasure = has[SUMMER_MOVE_BERRY] || has[SUMMER_MOVE_NUT] || has[SUMMER_MOVE_MUSHROOM]
                          || has[SUMMER_MOVE_FEATHER] || has[SUMMER_MOVE_EXCHANGE];
      int n = s->seat[s->current].path_len;
      if (!has[SUMMER_MOVE_LEAF])
        return g_strdup (treasure ? _("None of your Leaf tiles fits: place a Squirrel, or use a treasure.")
                                  : _("None of your Leaf tiles fits: place a Squirrel."));
      if (fits != (1u << n) - 1)
        {
          /* some tiles fit, some do not: the keys of those that do */
          g_autoptr (GString) keys = g_string_new (NULL);
          for (int i = 0; i < n; i++)
            if (fits & (1u << i))
              g_string_append_printf (keys, "%s%d", keys->len ? ", " : "", i + 1);
          /* TRANSLATORS: %s: the keys (1 to 6, "1, 3") of the Player Path's tiles that fit somewhere */
          return g_strdup_printf (treasure ? _("Not every Leaf tile of your Player Path fits: pick one that does "
                                               "(press %s) and place it, or use a treasure.")
                                           : _("Not every Leaf tile of your Player Path fits: pick one that does "
                                               "(press %s) and place it."), keys->str);
        }
      /* TRANSLATORS: the keys that take the tiles of the Player Path: 1 to %d (1 alone: "press 1") */
      return g_strdup_printf (treasure ? ngettext ("Pick the Leaf tile of your Player Path (click it or press %d) and "
                                                   "place it, or use a treasure.",
                                                   "Pick a Leaf tile from your Player Path (click it or press 1 to %d) "
                                                   "and place it, or use a treasure.", n)
                                       : ngettext ("Pick the Leaf tile of your Player Path (click it or press %d) and "
                                                   "place it.",
                                                   "Pick a Leaf tile from your Player Path (click it or press 1 to %d) "
                                                   "and place it.", n), n);
    }
  gboolean treasure = has[SUMMER_MOVE_BERRY] || has[SUMMER_MOVE_NUT] || has[SUMMER_MOVE_EXCHANGE];
  if (treasure && has[SUMMER_MOVE_ANIMAL])
    return g_strdup (_("You may still use treasures and place Animal tiles, then end your turn (Ctrl+Enter)."));
  if (treasure)
    return g_strdup (_("You may still use treasures, then end your turn (Ctrl+Enter)."));
  if (has[SUMMER_MOVE_ANIMAL])
    return g_strdup (_("You may still place Animal tiles, then end your turn (Ctrl+Enter)."));
  return g_strdup (_("End your turn (Ctrl+Enter)."));
}

/* The line under the title: what the person to act can do now, naming
 * only the actions and keys that work now (issue 12: no "R rotates, F
 * flips" while a Squirrel is held). */
static const char *
summer_get_help (FolGamePage *page, int acting)
{
  FolSummerPage *self = FOL_SUMMER_PAGE (page);
  const SummerState *s = state_of (self);
  if (acting < 0 && fol_game_page_get_auto_playing (page))
    return _("Finishing…");
  if (acting < 0 && !summer_is_over (s) && !fol_game_page_seat_is_human (page, s->current))
    {
      /* as Fall says it: whose turn the computer is playing */
      g_free (self->help);
      return self->help = g_strdup_printf (_("%s (computer) is playing…"), seat_name (self, s->current));
    }
  if (acting < 0)
    return _("The computer is playing…");
  if (s->phase == SUMMER_PHASE_SOLO_END)
    return _("Exchange treasures for Nuts and spend Nuts on Squirrels, then finish the game; "
             "Auto-finish does it for the best score.");
  if (s->pending == SUMMER_PENDING_REFILL)
    return _("Your Player Path is empty: choose the Path and the end to refill it from.");
  g_free (self->help);
  SummerMove held;
  if (fol_summer_board_get_held (FOL_SUMMER_BOARD (self->board), &held, NULL))
    self->help = held_help (&held);
  else
    {
      gboolean has[SUMMER_N_MOVE_KINDS] = { FALSE };
      guint fits = 0;
      const SummerSeat *seat = &s->seat[s->current];
      SummerMoveList l;
      summer_legal_moves (s, &l);
      for (int i = 0; i < l.n; i++)
        {
          has[l.moves[i].kind] = TRUE;
          for (int k = 0; l.moves[i].kind == SUMMER_MOVE_LEAF && k < seat->path_len; k++)
            if (seat->path[k] == l.moves[i].tile)
              fits |= 1u << k;
        }
      summer_move_list_clear (&l);
      g_autofree char *help = free_help (s, has, fits);
      const char *why = NULL;
      if (self->refused)
        why = s->pending != SUMMER_PENDING_NONE || !s->main_done
              ? _("That Leaf tile fits nowhere on your Forest Floor.")
              : _("Your Main Action is done: no more Leaf tiles this turn.");
      self->help = g_strjoin (" ", why ? why : help, why ? help : NULL, NULL);
    }
  return self->help;
}

/* ---- actions ---- */

/* How far the board's pieces have flown (the next computer move waits). */
static double
summer_get_motion (FolGamePage *page)
{
  double progress = 1.0;
  fol_summer_board_get_animating (FOL_SUMMER_BOARD (FOL_SUMMER_PAGE (page)->board), &progress);
  return progress;
}

/* The board is squeezed when its Forest Floor keeps less than
 * FOL_SUMMER_LAYOUT_COMFORT of the size its height allows: the side panel
 * then folds away (at 1000x700, a 2-player floor of 55 px squares rather
 * than 39 px with empty room under it). */
static int
summer_board_min_width (FolGamePage *page, int board_height)
{
  const SummerState *s = fol_game_page_get_game (page) ? state_of (FOL_SUMMER_PAGE (page)) : NULL;
  return fol_summer_layout_comfortable_width (s ? s->n_players : 2, board_height);
}

/* The solo refill and the end phase's exchanges are the panel's buttons. */
static gboolean
summer_wants_panel (FolGamePage *page)
{
  const SummerState *s = state_of (FOL_SUMMER_PAGE (page));
  return s->pending == SUMMER_PENDING_REFILL || s->phase == SUMMER_PHASE_SOLO_END;
}

static gboolean
summer_confirm_end_turn (FolGamePage *page)
{
  return state_of (FOL_SUMMER_PAGE (page))->phase == SUMMER_PHASE_PLAY;
}

/* The solo score of finishing the end phase of @s now, without exchanges
 * or Squirrels, or G_MININT when the rules refuse it. */
static int
solo_score_now (const SummerState *s)
{
  g_autofree SummerState *copy = g_memdup2 (s, sizeof *s);
  SummerMove end = { .kind = SUMMER_MOVE_END, .tile = SUMMER_NONE, .a = SUMMER_NONE, .b = SUMMER_NONE };
  return summer_apply_move (copy, &end, NULL, NULL) ? copy->result[0].solo_score : G_MININT;
}

static void
on_finish_response (AdwMessageDialog *dialog, const char *response, FolSummerPage *self)
{
  if (g_str_equal (response, "auto"))
    fol_game_page_activate_action (BASE (self), "auto-finish", NULL);
  else if (g_str_equal (response, "finish"))
    play_matching (self, SUMMER_MOVE_END, -1, -1, -1);
}

/* End Turn, or in the solo end phase Finish Game: when the exchanges and
 * Squirrels still open would score more (Auto-finish's best, DECISIONS.md
 * "Solo"), the person is asked first: a click on the highlighted button
 * once threw a won game away (3 squares a Mushroom and two Feathers could
 * still have filled). */
static void
summer_end_turn (FolGamePage *page)
{
  FolSummerPage *self = FOL_SUMMER_PAGE (page);
  const SummerState *s = state_of (self);
  if (s->n_players == 1 && s->phase == SUMMER_PHASE_SOLO_END)
    {
      int now = solo_score_now (s), auto_score = summer_solo_best_score (s);
      if (auto_score > now && now != G_MININT)
        {
          g_autofree char *body = g_strdup_printf (
            /* Translators: the solo end phase's question before finishing; both numbers are solo scores */
            _("Exchanging your treasures and placing Squirrels still scores %d (Auto-finish does it); "
              "finishing now scores %d."), auto_score, now);
          GtkWidget *dialog = fol_game_page_new_dialog (page, _("Finish the game now?"), body);
          adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"),
                                            "finish", _("_Finish Now"), "auto", _("_Auto-finish"), NULL);
          adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "auto", ADW_RESPONSE_SUGGESTED);
          adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "finish", ADW_RESPONSE_DESTRUCTIVE);
          adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "auto");
          adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
          g_signal_connect_object (dialog, "response", G_CALLBACK (on_finish_response), self, 0);
          fol_game_page_present_dialog (page, dialog);
          return;
        }
    }
  play_matching (self, SUMMER_MOVE_END, -1, -1, -1);
}

static void
act_squirrel (GSimpleAction *a, GVariant *p, gpointer data)
{
  FolSummerPage *self = data;
  fol_summer_board_arm_squirrel (FOL_SUMMER_BOARD (self->board), SUMMER_MOVE_SQUIRREL);
  gtk_widget_grab_focus (self->board);
}

static void
act_nut (GSimpleAction *a, GVariant *p, gpointer data)
{
  FolSummerPage *self = data;
  fol_summer_board_arm_squirrel (FOL_SUMMER_BOARD (self->board), SUMMER_MOVE_NUT);
  gtk_widget_grab_focus (self->board);
}

static void
act_animal (GSimpleAction *a, GVariant *p, gpointer data)
{
  FolSummerPage *self = data;
  fol_summer_board_arm_animal (FOL_SUMMER_BOARD (self->board), g_variant_get_int32 (p));
  fol_game_page_focus_board (BASE (self));
}

static void
act_pick (GSimpleAction *a, GVariant *p, gpointer data)
{
  FolSummerPage *self = data;
  fol_summer_board_pick_tile (FOL_SUMMER_BOARD (self->board), g_variant_get_int32 (p));
  gtk_widget_grab_focus (self->board);
}

/* "TL" etc. for solo, "" for multiplayer */
static void
act_berry (GSimpleAction *a, GVariant *p, gpointer data)
{
  const char *where = g_variant_get_string (p, NULL);
  if (strlen (where) == 2)
    play_matching (data, SUMMER_MOVE_BERRY, where[0] == 'T' ? 0 : 1, where[1] == 'L' ? 0 : 1, -1);
  else
    play_matching (data, SUMMER_MOVE_BERRY, -1, -1, -1);
}

static void
act_refill (GSimpleAction *a, GVariant *p, gpointer data)
{
  const char *where = g_variant_get_string (p, NULL);
  play_matching (data, SUMMER_MOVE_REFILL, where[0] == 'T' ? 0 : 1, where[1] == 'L' ? 0 : 1, -1);
}

/* The actions that play a move of one kind, by name (the buttons' and
 * menus' actions; Squirrel and Nut arm the board instead). */
static const struct {
  const char *name;
  SummerMoveKind kind;
} action_kinds[] = {
  { "squirrel", SUMMER_MOVE_SQUIRREL }, { "nut", SUMMER_MOVE_NUT }, { "animal", SUMMER_MOVE_ANIMAL },
  { "berry", SUMMER_MOVE_BERRY }, { "refill", SUMMER_MOVE_REFILL }, { "mushroom", SUMMER_MOVE_MUSHROOM },
  { "feather", SUMMER_MOVE_FEATHER }, { "exchange", SUMMER_MOVE_EXCHANGE }, { "forgo", SUMMER_MOVE_FORGO },
  { "end-turn", SUMMER_MOVE_END },
};

/* Mushroom "(ii)": the opponents (3-4 players; -1, -1 otherwise); Exchange
 * "(ii)": the treasures given and taken; Feather and Leave Tile: none. */
static void
act_play (GSimpleAction *a, GVariant *p, gpointer data)
{
  int x = -1, y = -1;
  if (p)
    g_variant_get (p, "(ii)", &x, &y);
  for (guint i = 0; i < G_N_ELEMENTS (action_kinds); i++)
    if (g_str_equal (g_action_get_name (G_ACTION (a)), action_kinds[i].name))
      play_matching (data, action_kinds[i].kind, x, y, -1);
}

static void
act_auto_finish (GSimpleAction *a, GVariant *p, gpointer data)
{
  fol_game_page_set_auto_playing (BASE (data), TRUE);
}

static void
act_next_game (GSimpleAction *a, GVariant *p, gpointer data)
{
  FolSummerPage *self = data;
  if (!self->campaign)
    return;
  g_autoptr (GError) error = NULL;
  FolPlayer *me = fol_game_get_player (fol_game_page_get_game (BASE (self)), 0);
  g_autoptr (FolSummerGame) next = fol_campaign_continue_game (self->campaign, me, &error);
  if (!next)
    {
      fol_game_page_toast (BASE (self), error->message);
      return;
    }
  /* the window opens it in a page of its own, with its title */
  g_signal_emit (self, signals[NEXT_GAME], 0, next, self->campaign);
}

static void act_copy_par_line (GSimpleAction *a, GVariant *p, gpointer data);

static const GActionEntry action_entries[] = {
  { .name = "squirrel", .activate = act_squirrel },
  { .name = "nut", .activate = act_nut },
  { .name = "animal", .activate = act_animal, .parameter_type = "i" },
  { .name = "pick", .activate = act_pick, .parameter_type = "i" },
  { .name = "berry", .activate = act_berry, .parameter_type = "s" },
  { .name = "refill", .activate = act_refill, .parameter_type = "s" },
  { .name = "mushroom", .activate = act_play, .parameter_type = "(ii)" },
  { .name = "feather", .activate = act_play },
  { .name = "exchange", .activate = act_play, .parameter_type = "(ii)" },
  { .name = "forgo", .activate = act_play },
  { .name = "auto-finish", .activate = act_auto_finish },
  { .name = "next-game", .activate = act_next_game },
  { .name = "copy-par-line", .activate = act_copy_par_line },
};

/* ---- the end screen ---- */

static GtkWidget *
grid_cell (GtkGrid *grid, int col, int row, const char *text, const char *css)
{
  GtkWidget *l = gtk_label_new (text);
  gtk_label_set_xalign (GTK_LABEL (l), col == 1 ? 0 : 0.5);
  gtk_label_set_wrap (GTK_LABEL (l), TRUE);
  if (css)
    gtk_widget_add_css_class (l, css);
  gtk_grid_attach (grid, l, col, row, 1, 1);
  return l;
}

static GtkGrid *
over_grid (FolSummerPage *self)
{
  GtkWidget *grid = gtk_grid_new ();
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_box_append (GTK_BOX (self->over_box), grid);
  return GTK_GRID (grid);
}

static void
over_label (FolSummerPage *self, const char *text, const char *css)
{
  GtkWidget *l = gtk_label_new (text);
  gtk_label_set_wrap (GTK_LABEL (l), TRUE);
  gtk_label_set_xalign (GTK_LABEL (l), 0);
  if (css)
    gtk_widget_add_css_class (l, css);
  gtk_box_append (GTK_BOX (self->over_box), l);
}

/* The end's title, and under it the box of its buttons: they stay in
 * sight above the tables, whatever the panel's height. */
static void
over_title (FolSummerPage *self, const char *title)
{
  over_label (self, title, "title-2");
  self->over_buttons = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_box_append (GTK_BOX (self->over_box), self->over_buttons);
}

static void
over_button (FolSummerPage *self, const char *label, const char *action, gboolean suggested)
{
  GtkWidget *b = gtk_button_new_with_mnemonic (label);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (b), action);
  if (suggested)
    gtk_widget_add_css_class (b, "suggested-action");
  gtk_box_append (GTK_BOX (self->over_buttons), b);
  fol_game_page_wrap_button_labels (b);
}

/* ---- the solo par (issue 13) ---- */

/* The end screen's part about the par: the person's score beside it once
 * it is known, the computation's progress meanwhile, whether the par is
 * proven, and the button that copies its line. */
static void
update_par (FolSummerPage *self)
{
  const SummerState *s = state_of (self);
  gboolean shown = s->n_players == 1 && summer_is_over (s);
  gtk_widget_set_visible (self->par_box, shown);
  FolPar *par = self->par;
  const FolParResult *known = shown && par ? fol_par_get_result (par) : NULL;
  gboolean running = shown && par && fol_par_get_running (par);
  fol_game_page_set_action_enabled (BASE (self), "copy-par-line", known != NULL);
  if (!shown)
    return;
  int score = s->result[0].solo_score;
  g_autofree char *title = known
    /* Translators: on the solo end screen: the player's score, then the par: the best score the deal allows */
    ? g_strdup_printf (_("Your score: %d · Par: %d"), score, known->score)
    /* Translators: on the solo end screen, while the par is not known */
    : g_strdup_printf (_("Your score: %d"), score);
  gtk_label_set_text (GTK_LABEL (self->par_label), title);
  gtk_widget_set_visible (self->par_progress, running);
  if (running)
    {
      double fraction = fol_par_get_fraction (par);
      /* Translators: the progress of the par's computation; %d%% is the percentage done, such as 40% */
      g_autofree char *text = g_strdup_printf (_("Computing par… %d%%"), (int) (fraction * 100));
      gtk_progress_bar_set_fraction (GTK_PROGRESS_BAR (self->par_progress), fraction);
      gtk_progress_bar_set_text (GTK_PROGRESS_BAR (self->par_progress), text);
    }
  const char *detail = NULL;
  if (known && known->proven)
    detail = _("Proven optimal: no way of playing this deal scores more.");
  else if (known && known->capped)
    detail = _("The best score found before the time ran out: a better one may exist.");
  else if (known)
    detail = _("The best score found within the solver's budget: a better one may exist.");
  else if (!running)
    detail = self->par_error;
  gtk_label_set_text (GTK_LABEL (self->par_detail_label), detail ? detail : "");
  gtk_widget_set_visible (self->par_detail_label, detail != NULL);
  gtk_widget_set_visible (self->par_line_button, known != NULL);
}

/* Lets go of the par: a computation under way is cancelled. */
static void
stop_par (FolSummerPage *self)
{
  g_clear_handle_id (&self->par_source, g_source_remove);
  if (self->par_cancellable)
    g_cancellable_cancel (self->par_cancellable);
  g_clear_object (&self->par_cancellable);
  if (self->par)
    g_signal_handlers_disconnect_by_data (self->par, self);
  g_clear_object (&self->par);
  g_clear_pointer (&self->par_error, g_free);
}

/* The computation ended (@data: a reference to the page, taken when it started). */
static void
on_par_done (GObject *source, GAsyncResult *res, gpointer data)
{
  g_autoptr (FolSummerPage) self = data;
  g_autoptr (GError) error = NULL;
  gboolean done = fol_par_run_finish (FOL_PAR (source), res, &error);
  /* the page let go of it (left, or another budget) */
  if (FOL_PAR (source) != self->par)
    return;
  g_clear_object (&self->par_cancellable);
  if (!done && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    /* Translators: on the solo end screen; %s is the reason */
    self->par_error = g_strdup_printf (_("The par could not be computed: %s"), error->message);
  update_par (self);
}

/* Loads the deal's par from the store's cache or computes it in the background. */
static gboolean
start_par (gpointer data)
{
  FolSummerPage *self = data;
  self->par_source = 0;
  FolGame *game = fol_game_page_get_game (BASE (self));
  FolDeal deal;
  fol_deal_from_game (game, &deal);
  g_autoptr (GError) error = NULL;
  self->par = fol_par_new (&deal, &error);
  if (self->par == NULL)
    {
      self->par_error = g_strdup_printf (_("The par could not be computed: %s"), error->message);
      update_par (self);
      return G_SOURCE_REMOVE;
    }
  fol_par_set_nodes (self->par, self->par_nodes);
  g_signal_connect_object (self->par, "notify::running", G_CALLBACK (update_par), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->par, "notify::fraction", G_CALLBACK (update_par), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->par, "notify::has-result", G_CALLBACK (update_par), self, G_CONNECT_SWAPPED);
  self->par_cancellable = g_cancellable_new ();
  fol_par_run_async (self->par, fol_game_get_store (game), self->par_cancellable, on_par_done, g_object_ref (self));
  update_par (self);
  return G_SOURCE_REMOVE;
}

/* Starts the par once the end screen of a solo game shows in a window. */
static void
schedule_par (FolSummerPage *self)
{
  const SummerState *s = state_of (self);
  if (s->n_players != 1 || !summer_is_over (s) || self->par || self->par_source
      || !gtk_widget_get_root (GTK_WIDGET (self)))
    return;
  self->par_source = g_idle_add (start_par, self);
}

static void
act_copy_par_line (GSimpleAction *a, GVariant *p, gpointer data)
{
  FolSummerPage *self = data;
  g_autofree char *record = self->par ? fol_par_format_record (self->par) : NULL;
  if (record == NULL)
    return;
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), record);
  fol_game_page_toast (BASE (self), _("The deal and its best line are on the clipboard, as a game record"));
}

void
fol_summer_page_set_par_nodes (FolSummerPage *self, guint64 nodes)
{
  g_return_if_fail (FOL_IS_SUMMER_PAGE (self));
  self->par_nodes = nodes;
  if (self->par || self->par_source)
    {
      stop_par (self);
      schedule_par (self);
      update_par (self);
    }
}

FolPar *
fol_summer_page_get_par (FolSummerPage *self)
{
  g_return_val_if_fail (FOL_IS_SUMMER_PAGE (self), NULL);
  return self->par;
}

/* The solo score line by line (Berry 1, Nut 2, Mushroom 3, Feather 4
 * points) or the loss, the par under the title, and the campaign's table. */
static void
build_solo_end (FolSummerPage *self, const SummerState *s)
{
  const SummerSeatResult *r = &s->result[0];
  g_autofree char *t = r->full ? g_strdup_printf (_("Won! Score %d"), r->solo_score)
                               : g_strdup_printf (_("Lost: %d empty squares, score %d"), r->empty, r->solo_score);
  over_title (self, t);
  /* the par's part stayed as the first child: under the title now */
  gtk_box_reorder_child_after (GTK_BOX (self->over_box), self->par_box, gtk_widget_get_next_sibling (self->par_box));
  if (r->full)
    {
      GtkGrid *grid = over_grid (self);
      grid_cell (grid, 0, 0, _("Treasure"), "heading");
      grid_cell (grid, 1, 0, _("Left"), "heading");
      grid_cell (grid, 2, 0, _("Points"), "heading");
      const uint8_t *tr = s->seat[0].treasures;
      for (int k = 0; k < SUMMER_N_TREASURES; k++)
        {
          g_autofree char *n = g_strdup_printf ("%d", tr[k]);
          g_autofree char *pts = g_strdup_printf ("%d × %d = %d", tr[k], k + 1, tr[k] * (k + 1));
          grid_cell (grid, 0, k + 1, fol_summer_treasure_words (k, 2), NULL);
          grid_cell (grid, 1, k + 1, n, NULL);
          grid_cell (grid, 2, k + 1, pts, NULL);
        }
    }
  else
    over_label (self, _("The Forest Floor is not full: the game is lost, and each empty square "
                        "counts one point against you."), NULL);
  if (!self->campaign)
    return;
  g_autoptr (GError) error = NULL;
  if (!fol_campaign_record_game (self->campaign, game_of (self), &error) && error)
    fol_game_page_toast (BASE (self), error->message);
  GtkGrid *grid = over_grid (self);
  grid_cell (grid, 0, 0, _("Game"), "heading");
  grid_cell (grid, 1, 0, _("Result"), "heading");
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
      grid_cell (grid, 0, i + 1, n, NULL);
      grid_cell (grid, 1, i + 1, res, NULL);
    }
  g_autofree char *overall = result != G_MININT ? g_strdup_printf (_("Campaign result: %d"), result)
                                                : g_strdup (_("The campaign goes on with the next stack of tiles."));
  over_label (self, overall, "title-4");
  if (result == G_MININT)
    over_button (self, _("_Next Game"), "game.next-game", TRUE);
}

/* The ranking: place, name and score, and under each name what decided
 * it, so that the table keeps the panel's width. */
static void
build_ranking (FolSummerPage *self, const SummerState *s)
{
  int winners = 0;
  const char *seats[SUMMER_MAX_PLAYERS + 1];
  seat_names (self, seats);
  g_autofree char *names = fol_summer_winners_words (s, seats, &winners);
  g_autofree char *t = winners == 1 ? g_strdup_printf (_("%s wins!"), names)
                                    : g_strdup_printf (_("%s share the victory"), names);
  over_title (self, t);
  GtkGrid *grid = over_grid (self);
  grid_cell (grid, 0, 0, _("Place"), "heading");
  gtk_widget_set_hexpand (grid_cell (grid, 1, 0, _("Player"), "heading"), TRUE);
  grid_cell (grid, 2, 0, _("Score"), "heading");
  int row = 1;
  for (int rank = 1; rank <= s->n_players; rank++)
    for (int i = 0; i < s->n_players; i++)
      {
        const SummerSeatResult *r = &s->result[i];
        if (r->rank != rank)
          continue;
        g_autofree char *rk = g_strdup_printf ("%d.", r->rank);
        g_autofree char *sc = g_strdup_printf ("%d", r->app_score);
        g_autofree char *empty = g_strdup_printf (ngettext ("%d empty square", "%d empty squares", r->empty), r->empty);
        g_autofree char *nuts = g_strdup_printf (ngettext ("%d Nut", "%d Nuts", r->nuts), r->nuts);
        /* under a player's name: "Forest Floor full, 0 empty squares, 3 Nuts, a Berry" */
        g_autofree char *why = g_strjoin (", ",
                                          /* Translators: under a player's name in the ranking at the end */
                                          r->full ? _("Forest Floor full") : _("Forest Floor not full"),
                                          empty, nuts,
                                          /* Translators: under a player's name in the ranking: a Berry left */
                                          r->berry ? _("a Berry") : NULL, NULL);
        grid_cell (grid, 0, row, rk, NULL);
        grid_cell (grid, 1, row, seat_name (self, i), NULL);
        grid_cell (grid, 2, row, sc, "heading");
        GtkWidget *detail = gtk_label_new (why);
        gtk_label_set_wrap (GTK_LABEL (detail), TRUE);
        gtk_label_set_xalign (GTK_LABEL (detail), 0);
        gtk_widget_add_css_class (detail, "dim-label");
        gtk_widget_add_css_class (detail, "caption");
        gtk_grid_attach (grid, detail, 1, row + 1, 2, 1);
        row += 2;
      }
  over_label (self, _("Full Forest Floors rank first, by Nuts left after the end phase, then by a Berry left; the "
                      "others by fewest empty squares. Score: covered squares plus Nuts, as the official app counts."),
              "dim-label");
}

static void
build_over_page (FolSummerPage *self)
{
  /* all but the par's part, which keeps its state */
  GtkWidget *child = gtk_widget_get_first_child (self->over_box);
  while (child)
    {
      GtkWidget *next = gtk_widget_get_next_sibling (child);
      if (child != self->par_box)
        gtk_box_remove (GTK_BOX (self->over_box), child);
      child = next;
    }
  const SummerState *s = state_of (self);
  if (s->n_players == 1)
    build_solo_end (self, s);
  else
    build_ranking (self, s);
  if (!self->campaign)
    over_button (self, _("_New Game…"), "app.new-game", TRUE);
  over_button (self, _("_Back to the Start Page"), "game.back", FALSE);
  update_par (self);
  schedule_par (self);
}

/* ---- refresh ---- */

/* The menus of the actions that take a choice: exchanges, Animal tiles,
 * the opponents of a Mushroom (3-4 players), the solo Berry's Path end. */
static void
fill_menus (FolSummerPage *self, const SummerMoveList *l, const gboolean *has)
{
  const SummerState *s = state_of (self);
  g_autoptr (GMenu) exchanges = g_menu_new ();
  g_autoptr (GMenu) animals = g_menu_new ();
  g_autoptr (GMenu) mushrooms = g_menu_new ();
  g_autoptr (GMenu) berries = g_menu_new ();
  bool animal_listed[SUMMER_N_ANIMAL_KINDS] = { false };
  static const char *ends[2][2] = { { N_("Top Path, left end"), N_("Top Path, right end") },
                                    { N_("Bottom Path, left end"), N_("Bottom Path, right end") } };
  static const char *codes[2][2] = { { "TL", "TR" }, { "BL", "BR" } };
  for (int i = 0; i < l->n; i++)
    {
      const SummerMove *m = &l->moves[i];
      g_autoptr (GMenuItem) item = NULL;
      if (m->kind == SUMMER_MOVE_EXCHANGE)
        {
          g_autofree char *label = m->b == m->a + 1
            ? g_strdup_printf (_("2 %s → 1 %s"), fol_summer_treasure_words (m->a, 2), fol_summer_treasure_words (m->b, 1))
            : g_strdup_printf (_("1 %s → 1 %s"), fol_summer_treasure_words (m->a, 1), fol_summer_treasure_words (m->b, 1));
          item = g_menu_item_new (label, NULL);
          g_menu_item_set_action_and_target_value (item, "game.exchange", g_variant_new ("(ii)", m->a, m->b));
          g_menu_append_item (exchanges, item);
        }
      else if (m->kind == SUMMER_MOVE_ANIMAL && !animal_listed[m->tile])
        {
          animal_listed[m->tile] = true;
          g_autofree char *label = g_strdup_printf (_("%s (%d left)"), fol_summer_animal_word (m->tile), s->animals_left[m->tile]);
          item = g_menu_item_new (label, NULL);
          g_menu_item_set_action_and_target_value (item, "game.animal", g_variant_new_int32 (m->tile));
          g_menu_append_item (animals, item);
        }
      else if (m->kind == SUMMER_MOVE_MUSHROOM && s->n_players >= 3)
        {
          g_autofree char *label = m->b == SUMMER_NONE
            ? g_strdup_printf (_("Take from %s"), seat_name (self, m->a))
            : g_strdup_printf (_("Take from %s and %s"), seat_name (self, m->a), seat_name (self, m->b));
          item = g_menu_item_new (label, NULL);
          g_menu_item_set_action_and_target_value (item, "game.mushroom",
                                                   g_variant_new ("(ii)", m->a, m->b == SUMMER_NONE ? -1 : m->b));
          g_menu_append_item (mushrooms, item);
        }
      else if (m->kind == SUMMER_MOVE_BERRY && s->n_players == 1)
        {
          item = g_menu_item_new (_(ends[m->a][m->b]), NULL);
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
}

/* The buttons of the tiles a Mushroom took, to place them (also keys 1 and 2). */
static void
fill_claims (FolSummerPage *self, int me)
{
  const SummerState *s = state_of (self);
  const SummerComponents *c = summer_components ();
  GtkWidget *child;
  while ((child = gtk_widget_get_first_child (self->claim_box)))
    gtk_box_remove (GTK_BOX (self->claim_box), child);
  if (s->pending != SUMMER_PENDING_MUSHROOM || me < 0)
    return;
  static const char *colour_names[] = { N_("green"), N_("yellow"), N_("red") };
  for (int k = 0; k < 2; k++)
    if (s->claim_tile[k] != SUMMER_NONE)
      {
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
  fol_game_page_wrap_button_labels (self->claim_box);
}

/* The seat whose Forest Floor the board shows large: the person acting,
 * else the person who acted last (a computer's turn never takes the large
 * floor: the board highlights the seat to move where it is), else the
 * winner at the end. */
static int
shown_seat (FolSummerPage *self, int me)
{
  const SummerState *s = state_of (self);
  if (summer_is_over (s))
    {
      for (int i = 0; i < s->n_players; i++)
        if (s->result[i].rank == 1)
          return i;
      return -1;
    }
  if (me >= 0)
    return self->home_seat = me;
  if (fol_game_page_get_auto_playing (BASE (self)))
    return -1;
  if (self->home_seat < 0)
    for (int i = s->n_players - 1; i >= 0; i--)
      if (fol_game_page_seat_is_human (BASE (self), i))
        self->home_seat = i;
  return self->home_seat;
}

static void
summer_refresh (FolGamePage *page)
{
  FolSummerPage *self = FOL_SUMMER_PAGE (page);
  const SummerState *s = state_of (self);
  int me = fol_game_page_get_acting_seat (page);
  self->refused = FALSE;
  fol_summer_board_set_state (FOL_SUMMER_BOARD (self->board), s, shown_seat (self, me));

  if (summer_is_over (s))
    {
      for (guint i = 0; i < G_N_ELEMENTS (action_entries); i++)
        fol_game_page_set_action_enabled (page, action_entries[i].name, FALSE);
      fol_game_page_set_action_enabled (page, "next-game", self->campaign != NULL);
      fol_game_page_set_title (page, _("The game is over"));
      build_over_page (self);
      gtk_stack_set_visible_child_name (GTK_STACK (self->side_stack), "over");
      return;
    }
  gtk_stack_set_visible_child_name (GTK_STACK (self->side_stack), "play");

  /* what the person to act may do */
  gboolean has[SUMMER_N_MOVE_KINDS] = { FALSE };
  SummerMoveList l;
  if (me >= 0)
    summer_legal_moves (s, &l);
  else
    l.n = 0, l.moves = NULL;
  for (int i = 0; i < l.n; i++)
    has[l.moves[i].kind] = TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (action_kinds); i++)
    fol_game_page_set_action_enabled (page, action_kinds[i].name, has[action_kinds[i].kind]);
  fol_game_page_set_action_enabled (page, "pick", me >= 0);
  fol_game_page_set_action_enabled (page, "auto-finish", me >= 0 && s->phase == SUMMER_PHASE_SOLO_END);
  fol_game_page_set_action_enabled (page, "next-game", FALSE);
  fol_game_page_set_action_enabled (page, "copy-par-line", FALSE);
  fill_menus (self, &l, has);
  fill_claims (self, me);
  gtk_stack_set_visible_child_name (GTK_STACK (self->choice_stack),
                                    me < 0 ? "actions"
                                    : s->pending == SUMMER_PENDING_MUSHROOM ? "claims"
                                    : s->pending == SUMMER_PENDING_REFILL ? "refill" : "actions");
  /* shown only when a Leaf tile fits nowhere: greyed all game long it misled */
  gtk_widget_set_visible (self->forgo_button, has[SUMMER_MOVE_FORGO]);
  gtk_widget_set_visible (self->auto_finish_button, s->phase == SUMMER_PHASE_SOLO_END);
  fol_game_page_set_end_turn_label (page, s->phase == SUMMER_PHASE_SOLO_END ? _("_Finish Game") : _("_End Turn"));

  g_autofree char *turn = NULL;
  if (s->n_players == 1)
    turn = s->phase == SUMMER_PHASE_SOLO_END ? g_strdup (_("End phase")) : g_strdup_printf (_("Turn %d of 10"), s->round);
  else
    turn = g_strdup_printf (_("Round %d: %s's turn%s"), s->round, seat_name (self, s->current),
                            s->end_triggered ? _(" (last round)") : "");
  fol_game_page_set_title (page, turn);

  if (l.moves)
    summer_move_list_clear (&l);
}

/* ---- construction ---- */

typedef struct {
  int seat;
  SummerMove move;
} LastMove;

static void
remember_last_move (FolGame *game, const FolMoveReport *report, gpointer data)
{
  LastMove *last = data;
  const FolSummerMoveDetail *d = report->detail;
  if (outlined (&d->move))
    {
      last->seat = report->seat;
      last->move = d->move;
    }
}

/* A game reopened: the board outlines its last move as it did when the
 * move was played (issue 12), the model telling the moves of its log
 * (fol_game_replay()). */
static void
restore_last_move (FolSummerPage *self, FolSummerGame *game)
{
  LastMove last = { .seat = -1 };
  fol_game_replay (FOL_GAME (game), remember_last_move, &last);
  fol_summer_board_set_last_move (FOL_SUMMER_BOARD (self->board), last.seat, last.seat >= 0 ? &last.move : NULL);
}

/* The page is in a window: a finished solo game's par is wanted. */
static void
fol_summer_page_root (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (fol_summer_page_parent_class)->root (widget);
  schedule_par (FOL_SUMMER_PAGE (widget));
}

/* The page goes away: its par's computation stops. */
static void
fol_summer_page_unroot (GtkWidget *widget)
{
  stop_par (FOL_SUMMER_PAGE (widget));
  GTK_WIDGET_CLASS (fol_summer_page_parent_class)->unroot (widget);
}

static void
fol_summer_page_dispose (GObject *object)
{
  FolSummerPage *self = FOL_SUMMER_PAGE (object);
  g_clear_handle_id (&self->close_panel_source, g_source_remove);
  stop_par (self);
  g_clear_object (&self->campaign);
  self->hint_ring[0] = self->hint_ring[1] = NULL;
  G_OBJECT_CLASS (fol_summer_page_parent_class)->dispose (object);
}

static void
fol_summer_page_finalize (GObject *object)
{
  g_free (FOL_SUMMER_PAGE (object)->help);
  g_free (FOL_SUMMER_PAGE (object)->move_line);
  G_OBJECT_CLASS (fol_summer_page_parent_class)->finalize (object);
}

static void
fol_summer_page_class_init (FolSummerPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  FolGamePageClass *page_class = FOL_GAME_PAGE_CLASS (klass);
  object_class->dispose = fol_summer_page_dispose;
  object_class->finalize = fol_summer_page_finalize;
  widget_class->root = fol_summer_page_root;
  widget_class->unroot = fol_summer_page_unroot;
  page_class->shortcuts_view = "summer";
  page_class->refresh = summer_refresh;
  page_class->describe_start = summer_describe_start;
  page_class->describe_move = summer_describe_move;
  page_class->move_applied = summer_move_applied;
  page_class->undone = summer_undone;
  page_class->automatic_move = summer_automatic_move;
  page_class->show_hint = summer_show_hint;
  page_class->clear_hint = summer_clear_hint;
  page_class->get_help = summer_get_help;
  page_class->confirm_end_turn = summer_confirm_end_turn;
  page_class->end_turn = summer_end_turn;
  page_class->wants_panel = summer_wants_panel;
  page_class->get_motion = summer_get_motion;
  page_class->board_min_width = summer_board_min_width;

  /**
   * FolSummerPage::next-game:
   * @game: the campaign's next game, created and saved
   * @campaign: the campaign
   * The player asks for the next game of the campaign.
   */
  signals[NEXT_GAME] = g_signal_new ("next-game", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                     NULL, NULL, NULL, G_TYPE_NONE, 2, FOL_TYPE_SUMMER_GAME, FOL_TYPE_CAMPAIGN);

  g_type_ensure (FOL_TYPE_SUMMER_BOARD);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/foliage/Foliage/ui/fol-summer-page.ui");
  gtk_widget_class_bind_template_child (widget_class, FolSummerPage, board);
  gtk_widget_class_bind_template_child (widget_class, FolSummerPage, side_stack);
  gtk_widget_class_bind_template_child (widget_class, FolSummerPage, choice_stack);
  gtk_widget_class_bind_template_child (widget_class, FolSummerPage, claim_box);
  gtk_widget_class_bind_template_child (widget_class, FolSummerPage, refill_box);
  gtk_widget_class_bind_template_child_full (widget_class, "refill_tl", FALSE,
                                             G_STRUCT_OFFSET (FolSummerPage, refill_buttons[0]));
  gtk_widget_class_bind_template_child_full (widget_class, "refill_tr", FALSE,
                                             G_STRUCT_OFFSET (FolSummerPage, refill_buttons[1]));
  gtk_widget_class_bind_template_child_full (widget_class, "refill_bl", FALSE,
                                             G_STRUCT_OFFSET (FolSummerPage, refill_buttons[2]));
  gtk_widget_class_bind_template_child_full (widget_class, "refill_br", FALSE,
                                             G_STRUCT_OFFSET (FolSummerPage, refill_buttons[3]));
  gtk_widget_class_bind_template_child (widget_class, FolSummerPage, squirrel_button);
  gtk_widget_class_bind_template_child (widget_class, FolSummerPage, feather_button);
  gtk_widget_class_bind_template_child (widget_class, FolSummerPage, mushroom_action);
  gtk_widget_class_bind_template_child (widget_class, FolSummerPage, mushroom_button);
  gtk_widget_class_bind_template_child (widget_class, FolSummerPage, forgo_button);
  gtk_widget_class_bind_template_child (widget_class, FolSummerPage, berry_action);
  gtk_widget_class_bind_template_child (widget_class, FolSummerPage, berry_button);
  gtk_widget_class_bind_template_child (widget_class, FolSummerPage, nut_button);
  gtk_widget_class_bind_template_child (widget_class, FolSummerPage, exchange_button);
  gtk_widget_class_bind_template_child (widget_class, FolSummerPage, animal_button);
  gtk_widget_class_bind_template_child (widget_class, FolSummerPage, auto_finish_button);
  gtk_widget_class_bind_template_child (widget_class, FolSummerPage, over_box);
  gtk_widget_class_bind_template_child (widget_class, FolSummerPage, par_box);
  gtk_widget_class_bind_template_child (widget_class, FolSummerPage, par_label);
  gtk_widget_class_bind_template_child (widget_class, FolSummerPage, par_progress);
  gtk_widget_class_bind_template_child (widget_class, FolSummerPage, par_detail_label);
  gtk_widget_class_bind_template_child (widget_class, FolSummerPage, par_line_button);
  gtk_widget_class_bind_template_callback (widget_class, on_move_chosen);
  gtk_widget_class_bind_template_callback (widget_class, on_held_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_tile_refused);
  gtk_widget_class_bind_template_callback (widget_class, on_treasure_clicked);
}

static void
fol_summer_page_init (FolSummerPage *self)
{
  self->home_seat = -1;
  gtk_widget_init_template (GTK_WIDGET (self));
  fol_game_page_add_actions (BASE (self), action_entries, G_N_ELEMENTS (action_entries));
  /* local: a key in the page reaches them on its way up, before the
   * window's mnemonics (which would miss a folded panel's buttons) */
  GtkEventController *keys = gtk_shortcut_controller_new ();
  gtk_shortcut_controller_set_scope (GTK_SHORTCUT_CONTROLLER (keys), GTK_SHORTCUT_SCOPE_LOCAL);
  static const char letters[] = "sfmbnla";
  for (const char *c = letters; *c; c++)
    {
      GtkShortcut *sc = gtk_shortcut_new (gtk_keyval_trigger_new (gdk_unicode_to_keyval ((guint32) *c), GDK_ALT_MASK),
                                          gtk_callback_action_new (on_action_key, NULL, NULL));
      gtk_shortcut_set_arguments (sc, g_variant_new_int32 (*c));
      gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (keys), sc);
    }
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
  fol_summer_board_set_show_legal (FOL_SUMMER_BOARD (self->board),
                                   fol_game_page_get_setting_boolean (BASE (self), "show-legal-placements", TRUE));
}

GtkWidget *
fol_summer_page_new (FolSummerGame *game, FolCampaign *campaign)
{
  g_return_val_if_fail (FOL_IS_SUMMER_GAME (game), NULL);
  FolSummerPage *self = g_object_new (FOL_TYPE_SUMMER_PAGE, NULL);
  if (campaign)
    self->campaign = g_object_ref (campaign);
  const char *names[SUMMER_MAX_PLAYERS + 1] = { NULL };
  for (guint i = 0; i < fol_game_get_n_seats (FOL_GAME (game)) && i < SUMMER_MAX_PLAYERS; i++)
    names[i] = fol_player_get_name (fol_game_get_player (FOL_GAME (game), i));
  fol_summer_board_set_names (FOL_SUMMER_BOARD (self->board), names);
  /* before the board has a position: the outline comes without motion */
  restore_last_move (self, game);
  fol_game_page_set_game (BASE (self), FOL_GAME (game));
  if (self->move_line && fol_game_get_n_moves (FOL_GAME (game)) > 0)
    fol_summer_board_set_last_move_text (FOL_SUMMER_BOARD (self->board), self->move_line);
  return GTK_WIDGET (self);
}
