/* fol-new-game-dialog.c: the New Game dialog. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "fol-new-game-dialog.h"
#include "fol-deal-code.h"
#include "fol-start-page.h"
#include "fol-player.h"
#include "summer-ai.h"
#include "fol-fall-game.h"
#include "fol-summer-painter.h"
#include "rng.h"

#define MAX_SEATS SUMMER_MAX_PLAYERS

/* The games the dialog offers, as in the settings (new-game) and in
 * start_choice[]. */
enum { GAME_SUMMER, GAME_FALL, N_GAMES };

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
  AdwActionRow *summer_row;
  AdwActionRow *fall_row;
  GtkSpinButton *n_seats_spin;
  AdwComboRow *mode_row;
  GtkBox *seats_box;
  GtkLabel *error_label;
  AdwEntryRow *seed_row;
  AdwComboRow *start_row;       /* row 0 at random, row i + 1 the dialog's Player i + 1 */
  AdwComboRow *season_row;      /* Fall: row 0 at random, 1 side A, 2 side B */
  AdwExpanderRow *code_expander;
  AdwEntryRow *code_row;

  gboolean has_code;            /* a valid deal code is entered: it sets the game, players, sides, seed */
  FolDeal code_deal;            /* that code's deal */
  char *code_error;             /* why the text entered is no deal code (translated), or NULL */
  char *seed_before_code;       /* the seed text that the code's seed stands in for meanwhile */

  GSettings *settings;          /* the choices made last (new-game-*) */
  int start_choice[N_GAMES];    /* per game: the start (first) player, -1 at random */
  gboolean levels_fall;         /* the level rows offer Fall's levels */
  gboolean setting_levels;      /* the level rows change by program, not by the person */
  gboolean setting_start;       /* the start row changes by program */
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

static int
current_game (FolNewGameDialog *self)
{
  return is_fall (self) ? GAME_FALL : GAME_SUMMER;
}

/* The name proposed for Player @i + 1: the person at the desk first, the
 * computer players named after trees. */
static const char *
default_name (guint i)
{
  switch (i)
    {
    case 0:
      return fol_start_page_default_player_name ();
    case 1:
      /* Translators: the name proposed for a computer player (a tree) */
      return _("Hazel");
    case 2:
      /* Translators: the name proposed for a computer player (a tree) */
      return _("Rowan");
    default:
      /* Translators: the name proposed for a computer player (a tree) */
      return _("Aspen");
    }
}

/* Indian Summer's start player when drawn at random: "the last person to
 * have taken a stroll in the forest" (rulebook, Set-up K) cannot be known
 * here.  Drawn from the seed, so that a shared seed deals the same game,
 * start player included, again. */
static guint
draw_start_player (guint64 seed, guint n)
{
  guint64 x = seed ^ G_GUINT64_CONSTANT (0x57a27b1a7e55eed5);
  return (guint) (fol_splitmix64 (&x) % n);
}

/* The start player chosen for the game shown, 0 .. n_seats - 1, or -1 for
 * at random (also when the one chosen sits beyond the players shown). */
static int
start_chosen (FolNewGameDialog *self)
{
  /* a deal code's seats are in turn order: Indian Summer's first one
   * starts; Fall's first player is part of the deal */
  if (self->has_code)
    return self->code_deal.game == FOL_DEAL_FALL ? self->code_deal.first_player : 0;
  int start = self->start_choice[current_game (self)];
  return start < (int) n_seats (self) ? start : -1;
}

/* The start (Fall: first) player row: its words for the game shown, "At
 * random" and the players by name, the choice of that game selected. */
static void
update_start_row (FolNewGameDialog *self)
{
  gboolean fall = is_fall (self);
  guint n = n_seats (self);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->start_row),
                                 /* Translators: Fall's first player (rulebook, Setup); the one of week 1 */
                                 fall ? _("_First player")
                                 /* Translators: Indian Summer's start player (rulebook, Set-up K) */
                                      : _("S_tart player"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->start_row),
                               fall ? _("Plays first in week 1 and in every odd week")
                                    : _("Plays first; the others follow in the order below"));
  g_autoptr (GPtrArray) items = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (items, g_strdup (_("At random")));
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->seats[i].name))));
      g_ptr_array_add (items, *name ? g_steal_pointer (&name) : g_strdup_printf (_("Player %u"), i + 1));
    }
  GListModel *model = adw_combo_row_get_model (self->start_row);
  gboolean same = g_list_model_get_n_items (model) == items->len;
  for (guint i = 0; same && i < items->len; i++)
    same = g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (model), i), g_ptr_array_index (items, i)) == 0;
  self->setting_start = TRUE;
  if (!same)
    {
      g_ptr_array_add (items, NULL);
      gtk_string_list_splice (GTK_STRING_LIST (model), 0, g_list_model_get_n_items (model),
                              (const char *const *) items->pdata);
    }
  adw_combo_row_set_selected (self->start_row, (guint) (start_chosen (self) + 1));
  self->setting_start = FALSE;
}

static void
start_selected_cb (FolNewGameDialog *self)
{
  if (!self->setting_start)
    self->start_choice[current_game (self)] = (int) adw_combo_row_get_selected (self->start_row) - 1;
}

/* The first problem with the choices, or NULL. */
static char *
check_choices (FolNewGameDialog *self)
{
  if (self->code_error != NULL)
    return g_strdup (self->code_error);
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

/* ---- a deal code (docs/notation.md, "Deal codes") ---- */

/* Why a text is not a deal code (fol_deal_code_parse()), in the person's words. */
static const char *
code_error_text (const GError *error)
{
  switch (error->code)
    {
    case FOL_DEAL_CODE_ERROR_CHARACTER:
      return _("This is not a deal code: a code has only letters and digits, in groups joined by dashes.");
    case FOL_DEAL_CODE_ERROR_GAME:
      /* Translators: IS and FA are the letters that start a deal code; keep them as they are */
      return _("This is not a deal code: a code starts with IS (Indian Summer) or FA (Fall).");
    case FOL_DEAL_CODE_ERROR_PLAYERS:
      return _("This deal code asks for a number of players the game is not played with.");
    case FOL_DEAL_CODE_ERROR_CAMPAIGN:
      return _("This deal code names a campaign game, but only a solo game of Indian Summer can be one.");
    case FOL_DEAL_CODE_ERROR_SIDE:
      return _("A Forest Floor side, the Season board side or the first player in this deal code is not one the "
               "game has.");
    case FOL_DEAL_CODE_ERROR_LENGTH:
      return _("This deal code is too short or too long: check that it was copied whole.");
    case FOL_DEAL_CODE_ERROR_CHECKSUM:
      return _("This deal code has a typing error: compare it with the code you were given.");
    case FOL_DEAL_CODE_ERROR_SEED:
    default:
      return _("The seed in this deal code is not a valid one.");
    }
}

/* The code row's words: what a valid code does, why a text is none, or
 * what the row is for; the entry marked while its text is no code. */
static void
update_code_row (FolNewGameDialog *self)
{
  const char *subtitle = _("Paste the code of a game someone shared to play the same deal");
  if (self->code_error != NULL)
    subtitle = self->code_error;
  else if (self->has_code)
    subtitle = _("The code sets the game, the number of players, the sides and the seed: choose who plays, then "
                 "start.");
  adw_expander_row_set_subtitle (self->code_expander, subtitle);
  if (self->code_error != NULL)
    gtk_widget_add_css_class (GTK_WIDGET (self->code_row), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->code_row), "error");
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
  /* a deal code sets the game, the players, the sides and the seed */
  gboolean free_choice = !self->has_code;
  gtk_widget_set_sensitive (GTK_WIDGET (self->n_seats_spin), !is_fall (self) && free_choice);
  GtkWidget *set_by_code[] = { GTK_WIDGET (self->summer_row), GTK_WIDGET (self->fall_row), GTK_WIDGET (self->mode_row),
                               GTK_WIDGET (self->start_row), GTK_WIDGET (self->season_row), GTK_WIDGET (self->seed_row) };
  for (guint i = 0; i < G_N_ELEMENTS (set_by_code); i++)
    gtk_widget_set_sensitive (set_by_code[i], free_choice);
  for (guint i = 0; i < MAX_SEATS; i++)
    gtk_widget_set_sensitive (GTK_WIDGET (self->seats[i].side), free_choice);
  update_code_row (self);
  gtk_widget_set_visible (GTK_WIDGET (self->mode_row), n == 1);
  gtk_widget_set_visible (GTK_WIDGET (self->start_row), n > 1);
  gtk_widget_set_visible (GTK_WIDGET (self->season_row), is_fall (self));
  update_start_row (self);
  g_clear_pointer (&self->error, g_free);
  self->error = check_choices (self);
  /* a code's problem is said on its own row, not twice */
  gboolean general = self->error != NULL && self->code_error == NULL;
  gtk_label_set_text (self->error_label, general ? self->error : "");
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), general);
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

/* Reads the deal code entered: a code fills in and locks the game, the
 * number of players, one game (not a campaign), each seat's Forest Floor
 * side, the start (first) player, the Season board side and the seed;
 * any other text unlocks them and says why (check_choices(): Start is then
 * insensitive); an empty entry unlocks them. */
static void
code_changed_cb (FolNewGameDialog *self)
{
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->code_row))));
  FolDeal deal;
  g_autoptr (GError) error = NULL;
  gboolean valid = *text != '\0' && fol_deal_code_parse (text, &deal, &error);
  g_clear_pointer (&self->code_error, g_free);
  if (*text != '\0' && !valid)
    self->code_error = g_strdup (code_error_text (error));
  if (valid)
    {
      if (!self->has_code)
        self->seed_before_code = g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->seed_row)));
      self->has_code = TRUE;
      self->code_deal = deal;
      gboolean fall = deal.game == FOL_DEAL_FALL;
      gtk_check_button_set_active (fall ? self->fall_check : self->summer_check, TRUE);
      adw_combo_row_set_selected (self->mode_row, 0);
      if (fall)
        adw_combo_row_set_selected (self->season_row, (guint) (deal.season_side + 1));
      else
        {
          gtk_spin_button_set_value (self->n_seats_spin, deal.n_players);
          for (int i = 0; i < deal.n_players; i++)
            adw_combo_row_set_selected (self->seats[i].side, (guint) (deal.side[i] + 1));
        }
      g_autofree char *seed = g_strdup_printf ("%" G_GUINT64_FORMAT, deal.seed);
      gtk_editable_set_text (GTK_EDITABLE (self->seed_row), seed);
    }
  else if (self->has_code)
    {
      self->has_code = FALSE;
      gtk_editable_set_text (GTK_EDITABLE (self->seed_row), self->seed_before_code ? self->seed_before_code : "");
      g_clear_pointer (&self->seed_before_code, g_free);
    }
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
    seed = fol_deal_code_random_seed ();
  /* Indian Summer: turn order starts with the start player and goes on in
   * the order of the dialog (rulebook, Game flow: "Beginning with the start
   * player you each take 1 turn in clockwise order"), so the seats are the
   * dialog's turned round to the start player: seat 0 starts, as in the
   * engine.  Fall keeps the dialog's order: its first player is an option
   * of the engine (get_fall_options()). */
  guint start = 0;
  if (!is_fall (self) && n > 1)
    start = start_chosen (self) >= 0 ? (guint) start_chosen (self) : draw_start_player (seed, n);
  summer_setup_init (setup, (int) n, seed);
  for (guint i = 0; i < n; i++)
    setup->side[i] = (int8_t) ((int) adw_combo_row_get_selected (self->seats[(start + i) % n].side) - 1);
  if (self->has_code && self->code_deal.game == FOL_DEAL_SUMMER)
    /* the code's deal to the last tile: its seats in the dialog's order */
    fol_deal_to_summer_setup (&self->code_deal, setup);
  else if (self->has_code)
    setup->seed = self->code_deal.seed;
  if (players != NULL)
    {
      *players = g_ptr_array_new_with_free_func (g_object_unref);
      for (guint i = 0; i < n; i++)
        {
          const Seat *s = &self->seats[(start + i) % n];
          g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (s->name))));
          gboolean person = adw_combo_row_get_selected (s->kind) == KIND_PERSON;
          int level = seat_level (self, s);
          g_ptr_array_add (*players, fol_player_new (name, person, person ? 0 : level));
        }
    }
  if (campaign != NULL)
    *campaign = is_campaign (self);
  return TRUE;
}

void
fol_new_game_dialog_get_fall_options (FolNewGameDialog *self, FallOptions *options)
{
  g_return_if_fail (FOL_IS_NEW_GAME_DIALOG (self));
  g_return_if_fail (options != NULL);
  options->side = (int) adw_combo_row_get_selected (self->season_row) - 1;
  options->first_player = CLAMP (self->start_choice[GAME_FALL], -1, 1);
  if (self->has_code && self->code_deal.game == FOL_DEAL_FALL)
    fol_deal_to_fall_options (&self->code_deal, options);
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
  /* a code's problem is said on its own row, not twice */
  gboolean general = g_strcmp0 (message, self->code_error) != 0;
  gtk_label_set_text (self->error_label, general ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), general);
}

/* A new game of the kind shown, saved in @store (NULL: played unsaved). */
static FolGame *
new_game (FolNewGameDialog *self, const SummerSetup *setup, GPtrArray *players, FolStore *store, GError **error)
{
  if (is_fall (self))
    {
      FallOptions options;
      fol_new_game_dialog_get_fall_options (self, &options);
      return FOL_GAME (fol_fall_game_new (setup->seed, &options, (FolPlayer **) players->pdata, store, error));
    }
  return FOL_GAME (fol_summer_game_new (setup, (FolPlayer **) players->pdata, store, error));
}

/* Remembers the choices for the next New Game (the settings' new-game-*
 * keys): the game, the players, each seat's name (empty while it is the one
 * proposed), person or computer, level and Forest Floor side, solo game or
 * campaign, the start players and the Season board side.  Not the seed: a
 * seed is one deal. */
static void
save_choices (FolNewGameDialog *self)
{
  GSettings *st = self->settings;
  g_settings_delay (st);
  g_settings_set_string (st, "new-game", is_fall (self) ? "fall" : "summer");
  g_settings_set_int (st, "new-game-players", gtk_spin_button_get_value_as_int (self->n_seats_spin));
  GVariantBuilder seats;
  g_variant_builder_init (&seats, G_VARIANT_TYPE ("a(sbii)"));
  for (guint i = 0; i < MAX_SEATS; i++)
    {
      Seat *s = &self->seats[i];
      g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (s->name))));
      gboolean person = adw_combo_row_get_selected (s->kind) == KIND_PERSON;
      g_variant_builder_add (&seats, "(sbii)", g_str_equal (name, default_name (i)) ? "" : name, person,
                             s->level_wanted, (int) adw_combo_row_get_selected (s->side) - 1);
    }
  g_settings_set_value (st, "new-game-seats", g_variant_builder_end (&seats));
  g_settings_set_boolean (st, "new-game-campaign", adw_combo_row_get_selected (self->mode_row) == 1);
  g_settings_set_int (st, "new-game-start-player", self->start_choice[GAME_SUMMER]);
  g_settings_set_int (st, "new-game-fall-first-player", self->start_choice[GAME_FALL]);
  g_settings_set_int (st, "new-game-fall-side", (int) adw_combo_row_get_selected (self->season_row) - 1);
  g_settings_apply (st);
}

/* Shows the choices made last (save_choices()), as the person would set them. */
static void
load_choices (FolNewGameDialog *self)
{
  GSettings *st = self->settings;
  g_autofree char *game = g_settings_get_string (st, "new-game");
  gtk_check_button_set_active (g_str_equal (game, "fall") ? self->fall_check : self->summer_check, TRUE);
  gtk_spin_button_set_value (self->n_seats_spin, g_settings_get_int (st, "new-game-players"));
  g_autoptr (GVariant) seats = g_settings_get_value (st, "new-game-seats");
  GVariantIter iter;
  const char *name;
  gboolean person;
  int level, side;
  g_variant_iter_init (&iter, seats);
  for (guint i = 0; i < MAX_SEATS && g_variant_iter_next (&iter, "(&sbii)", &name, &person, &level, &side); i++)
    {
      Seat *s = &self->seats[i];
      gtk_editable_set_text (GTK_EDITABLE (s->name), *name ? name : default_name (i));
      adw_combo_row_set_selected (s->kind, person ? KIND_PERSON : KIND_COMPUTER);
      if (level >= 0 && level < FOL_AI_N_PLAYER_LEVELS)
        {
          s->level_wanted = level;
          fill_levels (self, s);
        }
      if (side >= -1 && side < SUMMER_N_SIDES)
        adw_combo_row_set_selected (s->side, (guint) (side + 1));
    }
  adw_combo_row_set_selected (self->mode_row, g_settings_get_boolean (st, "new-game-campaign") ? 1 : 0);
  self->start_choice[GAME_SUMMER] = g_settings_get_int (st, "new-game-start-player");
  self->start_choice[GAME_FALL] = g_settings_get_int (st, "new-game-fall-first-player");
  adw_combo_row_set_selected (self->season_row, (guint) (g_settings_get_int (st, "new-game-fall-side") + 1));
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
  if (campaign_chosen && !is_fall (self))
    {
      campaign = fol_campaign_new (self->store, setup.seed, setup.side[0], &error);
      if (campaign != NULL)
        game = FOL_GAME (fol_campaign_continue_game (campaign, g_ptr_array_index (players, 0), &error));
    }
  else
    {
      game = new_game (self, &setup, players, self->store, &error);
      if (game == NULL && self->store != NULL && error->domain == FOL_STORE_ERROR)
        {
          /* the store refused: play without saving rather than not at all */
          g_message ("new game not saved: %s", error->message);
          g_clear_error (&error);
          game = new_game (self, &setup, players, NULL, &error);
        }
    }
  if (game == NULL)
    {
      /* Translators: %s is the reason */
      g_autofree char *msg = g_strdup_printf (_("The game cannot start: %s"), error->message);
      show_error (self, msg);
      return FALSE;
    }
  save_choices (self);
  g_object_ref (self);
  g_signal_emit (self, signals[SIGNAL_PLAY], 0, game, campaign);
  /* A game that never had a move is not a saved game: the one started
   * before this one and left without a move goes (fol-start-page.c lists
   * the newest such game as "not started"), once the new game has taken
   * the old one's place on screen. */
  gint64 id = fol_game_get_store_id (game);
  if (self->store != NULL && id > 0 && fol_store_delete_unstarted_games (self->store, id, &error) < 0)
    g_message ("games never started not deleted: %s", error->message);
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
fol_new_game_dialog_set_start_player (FolNewGameDialog *self, int seat)
{
  g_return_if_fail (FOL_IS_NEW_GAME_DIALOG (self));
  g_return_if_fail (seat >= -1 && seat < (is_fall (self) ? 2 : MAX_SEATS));
  self->start_choice[current_game (self)] = seat;
  update (self);
}

void
fol_new_game_dialog_set_season_side (FolNewGameDialog *self, int side)
{
  g_return_if_fail (FOL_IS_NEW_GAME_DIALOG (self));
  g_return_if_fail (side >= -1 && side <= 1);
  adw_combo_row_set_selected (self->season_row, (guint) (side + 1));
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

void
fol_new_game_dialog_set_deal_code (FolNewGameDialog *self, const char *code)
{
  g_return_if_fail (FOL_IS_NEW_GAME_DIALOG (self));
  adw_expander_row_set_expanded (self->code_expander, TRUE);
  gtk_editable_set_text (GTK_EDITABLE (self->code_row), code ? code : "");
}

gboolean
fol_new_game_dialog_get_has_deal_code (FolNewGameDialog *self)
{
  g_return_val_if_fail (FOL_IS_NEW_GAME_DIALOG (self), FALSE);
  return self->has_code;
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

/* ---- the Forest Floor sides as pictures ---- */

/* The size of one square of a Forest Floor picture, in pixels: in the row
 * (the side chosen) and in the list of sides. */
#define FLOOR_ROW_CELL 5
#define FLOOR_LIST_CELL 8

/* Draws Forest Floor side @side (0..11, 1A..6B) as the game board draws it:
 * the painter's picture of a solo set-up on that side, cut to the floor's
 * 9 x 8 squares and scaled to @width x @height. */
static void
draw_floor_side (cairo_t *cr, int side, gboolean dark, int width, int height)
{
  SummerSetup setup;
  summer_setup_init (&setup, 1, 0);
  setup.side[0] = (int8_t) side;
  SummerState state;
  if (!summer_state_new_game (&setup, &state, NULL))
    return;
  FolSummerLayout layout;
  fol_summer_layout_compute (&layout, &state, 960, 640, 0);
  const FolSummerSeatGeom *g = &layout.seat[0];
  double fw = g->cell * SUMMER_COLS, fh = g->cell * SUMMER_ROWS;
  double scale = MIN (width / fw, height / fh);
  cairo_translate (cr, (width - fw * scale) / 2, (height - fh * scale) / 2);
  cairo_scale (cr, scale, scale);
  cairo_translate (cr, -g->gx, -g->gy);
  cairo_rectangle (cr, g->gx, g->gy, fw, fh);
  cairo_clip (cr);
  FolSummerHighlights highlights;
  fol_summer_highlights_init (&highlights);
  highlights.dark = dark;
  fol_summer_paint_base (cr, &state, &layout, &highlights);
}

/* A side drawn at random: the outline of a Forest Floor with a question
 * mark, in the text colour. */
static void
draw_random_side (GtkWidget *widget, cairo_t *cr, int width, int height)
{
  GdkRGBA fg;
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);
  double cell = MIN (width / (double) SUMMER_COLS, height / (double) SUMMER_ROWS);
  double w = cell * SUMMER_COLS, h = cell * SUMMER_ROWS;
  double x = (width - w) / 2, y = (height - h) / 2;
  cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, fg.alpha * 0.55);
  cairo_set_line_width (cr, MAX (1.0, cell / 6));
  double dash = MAX (2.0, cell / 2);
  cairo_set_dash (cr, &dash, 1, 0);
  cairo_rectangle (cr, x + 0.5, y + 0.5, w - 1, h - 1);
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
  PangoLayout *text = gtk_widget_create_pango_layout (widget, "?");
  PangoFontDescription *font = pango_font_description_from_string ("Sans Bold");
  pango_font_description_set_absolute_size (font, h * 0.6 * PANGO_SCALE);
  pango_layout_set_font_description (text, font);
  int tw, th;
  pango_layout_get_pixel_size (text, &tw, &th);
  cairo_move_to (cr, x + (w - tw) / 2, y + (h - th) / 2);
  pango_cairo_show_layout (cr, text);
  pango_font_description_free (font);
  g_object_unref (text);
}

static void
floor_picture_draw (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  int side = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (area), "fol-side"));
  if (side < 0)
    draw_random_side (GTK_WIDGET (area), cr, width, height);
  else
    draw_floor_side (cr, side, adw_style_manager_get_dark (adw_style_manager_get_default ()), width, height);
}

static void
floor_item_setup (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  int cell = GPOINTER_TO_INT (data);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, cell > FLOOR_ROW_CELL ? 12 : 8);
  /* a picture of what the label next to it names */
  GtkWidget *picture = g_object_new (GTK_TYPE_DRAWING_AREA, "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION, NULL);
  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (picture), cell * SUMMER_COLS);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (picture), cell * SUMMER_ROWS);
  gtk_widget_set_valign (picture, GTK_ALIGN_CENTER);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (picture), floor_picture_draw, NULL, NULL);
  /* the colours follow the style: redrawn when it turns dark or light */
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark", G_CALLBACK (gtk_widget_queue_draw),
                           picture, G_CONNECT_SWAPPED);
  GtkWidget *label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_box_append (GTK_BOX (box), picture);
  gtk_box_append (GTK_BOX (box), label);
  if (cell > FLOOR_ROW_CELL)
    {
      gtk_widget_set_margin_top (box, 3);
      gtk_widget_set_margin_bottom (box, 3);
    }
  gtk_list_item_set_child (item, box);
}

/* The side an item of the Forest Floor list names: "1A" .. "6B" are 0 ..
 * 11; "Random" (translated) is -1. */
static int
side_of_item (const char *text)
{
  if (strlen (text) == 2 && text[0] >= '1' && text[0] <= '6' && (text[1] == 'A' || text[1] == 'B'))
    return (text[0] - '1') * 2 + (text[1] == 'B');
  return -1;
}

static void
floor_item_bind (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  GtkWidget *box = gtk_list_item_get_child (item);
  GtkWidget *picture = gtk_widget_get_first_child (box);
  GtkWidget *label = gtk_widget_get_last_child (box);
  const char *text = gtk_string_object_get_string (GTK_STRING_OBJECT (gtk_list_item_get_item (item)));
  g_object_set_data (G_OBJECT (picture), "fol-side", GINT_TO_POINTER (side_of_item (text)));
  gtk_widget_queue_draw (picture);
  gtk_label_set_text (GTK_LABEL (label), text);
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
  gtk_editable_set_text (GTK_EDITABLE (s->name), default_name (i));
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
  /* each side with its picture: small in the row, larger in the list */
  g_autoptr (GtkListItemFactory) floor_factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (floor_factory, "setup", G_CALLBACK (floor_item_setup), GINT_TO_POINTER (FLOOR_ROW_CELL));
  g_signal_connect (floor_factory, "bind", G_CALLBACK (floor_item_bind), NULL);
  adw_combo_row_set_factory (s->side, floor_factory);
  g_autoptr (GtkListItemFactory) floor_list_factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (floor_list_factory, "setup", G_CALLBACK (floor_item_setup), GINT_TO_POINTER (FLOOR_LIST_CELL));
  g_signal_connect (floor_list_factory, "bind", G_CALLBACK (floor_item_bind), NULL);
  adw_combo_row_set_list_factory (s->side, floor_list_factory);
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
  g_clear_object (&self->settings);
  g_clear_pointer (&self->error, g_free);
  g_clear_pointer (&self->code_error, g_free);
  g_clear_pointer (&self->seed_before_code, g_free);
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
  gtk_widget_class_bind_template_child (widget_class, FolNewGameDialog, summer_row);
  gtk_widget_class_bind_template_child (widget_class, FolNewGameDialog, fall_row);
  gtk_widget_class_bind_template_child (widget_class, FolNewGameDialog, fall_check);
  gtk_widget_class_bind_template_child (widget_class, FolNewGameDialog, n_seats_spin);
  gtk_widget_class_bind_template_child (widget_class, FolNewGameDialog, mode_row);
  gtk_widget_class_bind_template_child (widget_class, FolNewGameDialog, seats_box);
  gtk_widget_class_bind_template_child (widget_class, FolNewGameDialog, error_label);
  gtk_widget_class_bind_template_child (widget_class, FolNewGameDialog, seed_row);
  gtk_widget_class_bind_template_child (widget_class, FolNewGameDialog, start_row);
  gtk_widget_class_bind_template_child (widget_class, FolNewGameDialog, season_row);
  gtk_widget_class_bind_template_child (widget_class, FolNewGameDialog, code_expander);
  gtk_widget_class_bind_template_child (widget_class, FolNewGameDialog, code_row);
  gtk_widget_class_bind_template_callback (widget_class, start_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, start_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, code_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, n_seats_changed_cb);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
fol_new_game_dialog_init (FolNewGameDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->settings = g_settings_new (APP_ID);
  self->start_choice[GAME_SUMMER] = self->start_choice[GAME_FALL] = -1;
  g_autoptr (GtkStringList) start_model = gtk_string_list_new (NULL);
  adw_combo_row_set_model (self->start_row, G_LIST_MODEL (start_model));
  for (guint i = 0; i < MAX_SEATS; i++)
    build_seat (self, i);
  load_choices (self);
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
