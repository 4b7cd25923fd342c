/* fol-start-page.c: the start page. */
#include "config.h"

#include <glib/gi18n.h>

#include "fol-start-page.h"
#include "fol-deal-code.h"
#include "fol-par.h"
#include "fol-stats-page.h"
#include "fol-new-game-dialog.h"
#include "fol-player.h"
#include "fol-fall-game.h"
#include "summer-components.h"

/* The saved games list shows this many rows; the rest are counted. */
#define MAX_GAME_ROWS 100

/* How long a deleted game can be brought back (its toast's Undo), in seconds. */
#define DELETE_UNDO_SECONDS 8

/* The number of weeks of Fall and of turns of a solo game of Indian Summer
 * (rulebooks: "The game is played over 12 weeks"; the solo game's 10 turns). */
#define FALL_WEEKS 12
#define SOLO_TURNS 10
#define FALL_TURNS_PER_WEEK 3

/* While the store opens, a spinner joins "Opening saved games…" after this
 * many milliseconds: most opens end sooner, and the spinner's animated icon
 * (an SVG in the Adwaita theme) costs the start-up several megabytes. */
#define SPINNER_DELAY_MS 800

struct _FolStartPage
{
  AdwBin parent_instance;

  FolStore *store;
  char *store_error;
  gboolean opening;           /* the store is being opened: fol_start_page_set_opening() */
  guint spinner_source;       /* shows the spinners while opening */
  gboolean stats_stale;       /* the statistics view has not read the store since it changed */
  gint64 continue_id;
  GHashTable *game_kind;      /* game id (gint64*) -> kind (interned) */
  GHashTable *game_campaign;  /* game id (gint64*) -> its CampaignSlot */
  gint64 pending_delete;      /* the game deleted but for its toast's Undo (0: none); hidden */
  AdwToast *pending_toast;    /* that toast */

  AdwViewStack *view_stack;
  GtkButton *continue_button;
  GtkLabel *continue_label;
  GtkStack *lists_stack;
  GtkWidget *lists_box;
  GtkListBox *games_list;
  GtkLabel *more_games_label;
  GtkListBox *campaigns_list;
  AdwBin *error_bin;
  AdwStatusPage *error_page;  /* NULL until the store fails to open */
  GtkStack *stats_stack;
  GtkWidget *opening_spinner;
  GtkWidget *stats_opening_spinner;
  AdwBin *stats_bin;
  FolStatsPage *stats_page;   /* NULL until the statistics view is first shown */
  GtkRevealer *recovery_revealer;
  GtkLabel *recovery_label;
  AdwActionRow *daily_row;    /* the deal of the day (issue 13) */
  GtkButton *daily_button;
  GtkLabel *daily_par_label;  /* its par, once computed: fol_start_page_set_deal_of_the_day_par() */
  char *daily_code;           /* its code, shown under the title */

  /* the pars of the deal of the day and of the finished campaign games
   * (issue 13), from the store's cache or computed one at a time */
  GHashTable *pars;           /* deal code -> its KnownPar */
  GQueue par_queue;           /* FolPar to compute, in turn */
  FolPar *par_running;        /* the one being computed, or NULL */
  GCancellable *par_cancellable; /* its computation's */
  guint par_source;           /* starts the next one, at a low priority */
  guint64 par_nodes;          /* their budget: 0 the default (fol_start_page_set_par_nodes()) */
};

/* A par known, as the page shows it. */
typedef struct {
  int score;
  gboolean proven;
} KnownPar;

G_DEFINE_FINAL_TYPE (FolStartPage, fol_start_page, ADW_TYPE_BIN)

/* Where a game sits in a campaign. */
typedef struct {
  gint64 campaign_id;
  int index;                  /* 0 .. FOL_CAMPAIGN_N_GAMES - 1 */
} CampaignSlot;

enum {
  SIGNAL_PLAY,
  SIGNAL_REPLAY,
  N_SIGNALS
};
static guint signals[N_SIGNALS];

enum {
  PROP_0,
  PROP_OPENING,
  N_PROPS
};
static GParamSpec *properties[N_PROPS];

const char *
fol_start_page_default_player_name (void)
{
  const char *name = g_get_real_name ();
  if (name == NULL || *name == '\0' || g_str_equal (name, "Unknown"))
    /* Translators: the name proposed for the person playing */
    return _("You");
  return name;
}

const char *
fol_start_page_kind_name (const char *kind)
{
  if (g_strcmp0 (kind, "summer") == 0)
    return _("Indian Summer");
  if (g_strcmp0 (kind, "fall") == 0)
    /* Translators: the name of the board game "Fall" (the season) */
    return C_("game", "Fall");
  return kind;
}

static void
toast (FolStartPage *self, const char *message)
{
  GtkWidget *overlay = gtk_widget_get_ancestor (GTK_WIDGET (self), ADW_TYPE_TOAST_OVERLAY);
  if (overlay == NULL)
    {
      g_message ("%s", message);
      return;
    }
  AdwToast *t = adw_toast_new (message);
  adw_toast_set_timeout (t, 6);
  adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), t);
}

/* "Today at 14:05", "Yesterday at 09:12", "3 November 2026" */
static char *
format_when (gint64 usec)
{
  g_autoptr (GDateTime) when = g_date_time_new_from_unix_local (usec / G_USEC_PER_SEC);
  g_autoptr (GDateTime) now = g_date_time_new_now_local ();
  if (when == NULL || now == NULL)
    return g_strdup ("");
  g_autoptr (GDateTime) yesterday = g_date_time_add_days (now, -1);
  int y, m, d, ny, nm, nd, yy, ym, yd;
  g_date_time_get_ymd (when, &y, &m, &d);
  g_date_time_get_ymd (now, &ny, &nm, &nd);
  g_date_time_get_ymd (yesterday, &yy, &ym, &yd);
  if (y == ny && m == nm && d == nd)
    /* Translators: a g_date_time_format() format: when a game was last played today */
    return g_date_time_format (when, _("Today at %H:%M"));
  if (y == yy && m == ym && d == yd)
    /* Translators: a g_date_time_format() format: when a game was last played yesterday */
    return g_date_time_format (when, _("Yesterday at %H:%M"));
  /* Translators: a g_date_time_format() format: the day a game was last played */
  return g_date_time_format (when, _("%-d %B %Y"));
}

static gint64
row_id (GtkWidget *row)
{
  gint64 *id = g_object_get_data (G_OBJECT (row), "fol-id");
  return id ? *id : 0;
}

static void
set_row_id (gpointer object, gint64 id)
{
  g_object_set_data_full (G_OBJECT (object), "fol-id", g_memdup2 (&id, sizeof id), g_free);
}

static void
clear_list (GtkListBox *list)
{
  /* rows only: the placeholder stays */
  GtkListBoxRow *row;
  while ((row = gtk_list_box_get_row_at_index (list, 0)) != NULL)
    gtk_list_box_remove (list, GTK_WIDGET (row));
}

/* ---- opening games ---- */

static gboolean
emit_play (FolStartPage *self, FolGame *game, FolCampaign *campaign)
{
  g_signal_emit (self, signals[SIGNAL_PLAY], 0, game, campaign);
  return TRUE;
}

gboolean
fol_start_page_open_game (FolStartPage *self, gint64 id)
{
  g_return_val_if_fail (FOL_IS_START_PAGE (self), FALSE);
  if (self->store == NULL)
    return FALSE;
  const char *kind = g_hash_table_lookup (self->game_kind, &id);
  g_autoptr (GError) error = NULL;
  g_autoptr (FolGame) game = g_strcmp0 (kind, "fall") == 0 ? FOL_GAME (fol_fall_game_load (self->store, id, &error))
                                                          : FOL_GAME (fol_summer_game_load (self->store, id, &error));
  if (game == NULL)
    {
      /* Translators: %s is the reason, from the store or the rules */
      g_autofree char *msg = g_strdup_printf (_("This game cannot be opened: %s"), error->message);
      toast (self, msg);
      return FALSE;
    }
  g_autoptr (FolCampaign) campaign = NULL;
  const CampaignSlot *slot = g_hash_table_lookup (self->game_campaign, &id);
  if (slot != NULL)
    {
      campaign = fol_campaign_load (self->store, slot->campaign_id, &error);
      if (campaign == NULL)
        {
          g_message ("campaign %" G_GINT64_FORMAT " of game %" G_GINT64_FORMAT ": %s", slot->campaign_id, id,
                     error->message);
          g_clear_error (&error);
        }
    }
  return emit_play (self, game, campaign);
}

gboolean
fol_start_page_continue (FolStartPage *self)
{
  g_return_val_if_fail (FOL_IS_START_PAGE (self), FALSE);
  if (self->continue_id <= 0)
    return FALSE;
  return fol_start_page_open_game (self, self->continue_id);
}

static void
continue_clicked_cb (FolStartPage *self)
{
  fol_start_page_continue (self);
}

gboolean
fol_start_page_continue_campaign (FolStartPage *self, gint64 id)
{
  g_return_val_if_fail (FOL_IS_START_PAGE (self), FALSE);
  if (self->store == NULL)
    return FALSE;
  g_autoptr (GError) error = NULL;
  g_autoptr (FolCampaign) campaign = fol_campaign_load (self->store, id, &error);
  g_autoptr (FolSummerGame) game = NULL;
  if (campaign != NULL)
    {
      /* the campaign's player keeps the name of its first game */
      g_autofree char *name = NULL;
      gint64 first = fol_campaign_get_game_id (campaign, 0);
      if (first > 0)
        {
          g_autoptr (FolSavedGame) saved = fol_store_load_game (self->store, first, NULL);
          if (saved != NULL && saved->n_seats > 0)
            name = g_strdup (saved->seats[0].name);
        }
      g_autoptr (FolPlayer) player = fol_player_new (name ? name : fol_start_page_default_player_name (), TRUE, 0);
      game = fol_campaign_continue_game (campaign, player, &error);
    }
  if (game == NULL)
    {
      /* Translators: %s is the reason */
      g_autofree char *msg = g_strdup_printf (_("This campaign cannot be continued: %s"), error->message);
      toast (self, msg);
      return FALSE;
    }
  return emit_play (self, FOL_GAME (game), campaign);
}

/* ---- the pars of solo deals (issue 13) ---- */

/* The pars the page shows (the deal of the day's, the finished campaign
 * games') come from the store's cache (fol_par_load()); those missing are
 * computed in the background one at a time, at a low priority, then shown.
 * Leaving the page (disposing it) or changing the store cancels them. */

/* "6", "−19" (U+2212 MINUS SIGN, as the campaign's results write it) */
static char *
signed_number (int n)
{
  return g_strdup_printf ("%s%d", n < 0 ? "−" : "", ABS (n));
}

/* The deal of game @index (0..2) of campaign @c; FALSE when its side is not one. */
static gboolean
campaign_game_deal (const FolSavedCampaign *c, int index, FolDeal *deal)
{
  const SummerComponents *comps = summer_components_get (NULL);
  int side = comps ? summer_side_index (comps, c->side) : -1;
  if (side < 0)
    return FALSE;
  SummerSetup setup;
  summer_setup_init (&setup, 1, c->seed);
  setup.side[0] = (int8_t) side;
  setup.campaign_game = (int8_t) (c->games[index].stack >= 0 ? c->games[index].stack : index);
  fol_deal_init_summer (deal, &setup);
  return TRUE;
}

static void schedule_pars (FolStartPage *self);
static void update_daily (FolStartPage *self);
static char *campaign_games_text (FolStartPage *self, const FolSavedCampaign *c);

/* Whether @code is being computed or waits for it. */
static gboolean
par_pending (FolStartPage *self, const char *code)
{
  if (self->par_running != NULL && g_strcmp0 (fol_par_get_deal_code (self->par_running), code) == 0)
    return TRUE;
  for (GList *l = self->par_queue.head; l; l = l->next)
    if (g_strcmp0 (fol_par_get_deal_code (l->data), code) == 0)
      return TRUE;
  return FALSE;
}

static void
remember_par (FolStartPage *self, FolPar *par)
{
  const FolParResult *result = fol_par_get_result (par);
  KnownPar *known = g_new (KnownPar, 1);
  *known = (KnownPar) { result->score, result->proven };
  g_hash_table_replace (self->pars, g_strdup (fol_par_get_deal_code (par)), known);
}

/* Returns: (nullable): the par of @deal when it is known: seen before, or
 *   in the store's cache.  Else NULL, and it is queued to be computed. */
static const KnownPar *
known_par (FolStartPage *self, const FolDeal *deal)
{
  g_autofree char *code = fol_deal_code_format (deal, NULL);
  if (code == NULL)
    return NULL;
  const KnownPar *known = g_hash_table_lookup (self->pars, code);
  if (known != NULL || self->store == NULL || self->opening || par_pending (self, code))
    return known;
  g_autoptr (GError) error = NULL;
  g_autoptr (FolPar) par = fol_par_new (deal, &error);
  if (par == NULL)
    {
      g_message ("no par for deal %s: %s", code, error->message);
      return NULL;
    }
  fol_par_set_nodes (par, self->par_nodes);
  if (fol_par_load (par, self->store, NULL))
    {
      remember_par (self, par);
      return g_hash_table_lookup (self->pars, code);
    }
  /* missing or damaged: computed (and a damaged row replaced) */
  fol_par_set_low_priority (par, TRUE);
  g_queue_push_tail (&self->par_queue, g_steal_pointer (&par));
  schedule_pars (self);
  return NULL;
}

/* The par on the deal of the day's row, when it is known. */
static void
update_daily_par (FolStartPage *self, const FolDeal *deal)
{
  const KnownPar *par = known_par (self, deal);
  g_autofree char *number = par ? signed_number (par->score) : NULL;
  /* Translators: on the Deal of the Day's row: the par, the best score the deal allows */
  g_autofree char *text = par ? g_strdup_printf (_("Par %s"), number) : NULL;
  fol_start_page_set_deal_of_the_day_par (self, text);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->daily_par_label),
                               par == NULL ? NULL
                               : par->proven ? _("The best score this deal allows, proven")
                               : _("The best score found for this deal; a better one may exist"));
}

/* The campaign rows' words, after a par came. */
static void
update_campaign_rows (FolStartPage *self)
{
  for (GtkWidget *c = gtk_widget_get_first_child (GTK_WIDGET (self->campaigns_list)); c;
       c = gtk_widget_get_next_sibling (c))
    {
      const FolSavedCampaign *campaign = g_object_get_data (G_OBJECT (c), "fol-campaign");
      if (campaign == NULL)
        continue;
      g_autofree char *games = campaign_games_text (self, campaign);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (c), games);
    }
}

/* Cancels the par being computed and forgets those waiting. */
static void
stop_pars (FolStartPage *self)
{
  g_clear_handle_id (&self->par_source, g_source_remove);
  if (self->par_cancellable != NULL)
    g_cancellable_cancel (self->par_cancellable);
  g_clear_object (&self->par_cancellable);
  g_clear_object (&self->par_running);
  g_queue_clear_full (&self->par_queue, g_object_unref);
}

/* A par's computation ended (@data: a GWeakRef to the page: a reference
 * would keep the page from being disposed with its window, and its dispose
 * must come before the toast overlay's, which keeps a game deleted but for
 * its Undo). */
static void
par_done_cb (GObject *source, GAsyncResult *res, gpointer data)
{
  GWeakRef *weak = data;
  g_autoptr (FolStartPage) self = g_weak_ref_get (weak);
  g_weak_ref_clear (weak);
  g_free (weak);
  g_autoptr (GError) error = NULL;
  gboolean done = fol_par_run_finish (FOL_PAR (source), res, &error);
  /* the page let go of it (gone, left its window, another store) */
  if (self == NULL || FOL_PAR (source) != self->par_running)
    return;
  g_clear_object (&self->par_cancellable);
  g_autoptr (FolPar) par = g_steal_pointer (&self->par_running);
  if (done)
    {
      remember_par (self, par);
      update_daily (self);
      update_campaign_rows (self);
    }
  else
    g_message ("the par of deal %s was not computed: %s", fol_par_get_deal_code (par), error->message);
  schedule_pars (self);
}

static gboolean
run_next_par_cb (gpointer data)
{
  FolStartPage *self = data;
  self->par_source = 0;
  /* out of a window, nothing is computed (its root starts them again) */
  if (self->store == NULL || self->par_running != NULL || gtk_widget_get_root (GTK_WIDGET (self)) == NULL)
    return G_SOURCE_REMOVE;
  self->par_running = g_queue_pop_head (&self->par_queue);
  if (self->par_running == NULL)
    return G_SOURCE_REMOVE;
  self->par_cancellable = g_cancellable_new ();
  GWeakRef *weak = g_new0 (GWeakRef, 1);
  g_weak_ref_init (weak, self);
  fol_par_run_async (self->par_running, self->store, self->par_cancellable, par_done_cb, weak);
  return G_SOURCE_REMOVE;
}

/* Starts the next par waiting, when the window has nothing else to do. */
static void
schedule_pars (FolStartPage *self)
{
  if (self->par_running == NULL && self->par_source == 0 && !g_queue_is_empty (&self->par_queue))
    self->par_source = g_idle_add_full (G_PRIORITY_LOW, run_next_par_cb, self, NULL);
}

void
fol_start_page_set_par_nodes (FolStartPage *self, guint64 nodes)
{
  g_return_if_fail (FOL_IS_START_PAGE (self));
  self->par_nodes = nodes;
  stop_pars (self);
  g_hash_table_remove_all (self->pars);
  if (self->store != NULL)
    fol_start_page_refresh (self);
  else
    update_daily (self);
}

guint
fol_start_page_get_n_pars_pending (FolStartPage *self)
{
  g_return_val_if_fail (FOL_IS_START_PAGE (self), 0);
  return g_queue_get_length (&self->par_queue) + (self->par_running != NULL);
}

/* ---- the deal of the day (issue 13) ---- */

/* Shows today's code (the day may have turned since the page was made);
 * Play waits for the store while it opens, so that the game is saved. */
static void
update_daily (FolStartPage *self)
{
  FolDeal deal;
  fol_deal_of_today (&deal);
  g_free (self->daily_code);
  self->daily_code = fol_deal_code_format (&deal, NULL);
  /* Translators: under "Deal of the Day"; %s is its deal code, such as IS1-R-BM4H-KCFQ */
  g_autofree char *subtitle = g_strdup_printf (_("Solo Indian Summer, the same for everyone today: %s"),
                                               self->daily_code);
  adw_action_row_set_subtitle (self->daily_row, subtitle);
  gtk_widget_set_sensitive (GTK_WIDGET (self->daily_button), !self->opening);
  update_daily_par (self, &deal);
}

/* The solo player's name: the one the New Game dialog remembers for its
 * first seat, else the one it proposes. */
static char *
daily_player_name (void)
{
  g_autoptr (GSettings) settings = g_settings_new (APP_ID);
  g_autoptr (GVariant) seats = g_settings_get_value (settings, "new-game-seats");
  const char *name = NULL;
  gboolean human;
  int level, side;
  if (g_variant_n_children (seats) > 0)
    g_variant_get_child (seats, 0, "(&sbii)", &name, &human, &level, &side);
  return g_strdup (name != NULL && *name != '\0' ? name : fol_start_page_default_player_name ());
}

gboolean
fol_start_page_play_deal_of_the_day (FolStartPage *self)
{
  g_return_val_if_fail (FOL_IS_START_PAGE (self), FALSE);
  if (self->opening)
    return FALSE;
  FolDeal deal;
  fol_deal_of_today (&deal);
  g_autofree char *name = daily_player_name ();
  g_autoptr (FolPlayer) player = fol_player_new (name, TRUE, 0);
  g_autoptr (GError) error = NULL;
  g_autoptr (FolGame) game = fol_deal_new_game (&deal, &player, self->store, &error);
  if (game == NULL && self->store != NULL && error->domain == FOL_STORE_ERROR)
    {
      /* the store refused: play without saving rather than not at all */
      g_message ("deal of the day not saved: %s", error->message);
      g_clear_error (&error);
      game = fol_deal_new_game (&deal, &player, NULL, &error);
    }
  if (game == NULL)
    {
      /* Translators: %s is the reason */
      g_autofree char *msg = g_strdup_printf (_("The game cannot start: %s"), error->message);
      toast (self, msg);
      return FALSE;
    }
  emit_play (self, game, NULL);
  /* as after New Game: a game left without a move before this one goes */
  gint64 id = fol_game_get_store_id (game);
  if (self->store != NULL && id > 0 && fol_store_delete_unstarted_games (self->store, id, &error) < 0)
    g_message ("games never started not deleted: %s", error->message);
  return TRUE;
}

static void
daily_clicked_cb (FolStartPage *self)
{
  fol_start_page_play_deal_of_the_day (self);
}

const char *
fol_start_page_get_deal_of_the_day_code (FolStartPage *self)
{
  g_return_val_if_fail (FOL_IS_START_PAGE (self), NULL);
  update_daily (self);
  return self->daily_code;
}

void
fol_start_page_set_deal_of_the_day_par (FolStartPage *self, const char *text)
{
  g_return_if_fail (FOL_IS_START_PAGE (self));
  gtk_label_set_text (self->daily_par_label, text ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->daily_par_label), text != NULL && *text != '\0');
}

/* ---- deleting, with Undo ---- */

/* A deleted game is hidden at once and deleted from the store for good when
 * its toast goes: when it times out or is closed.  Its Undo brings the
 * game back.  Another deletion while a toast shows deletes the first game
 * for good at once (one Undo at a time).  Closing the window (or a change
 * of store) while the toast shows keeps the game: nothing is lost by
 * closing, and a game deleted by mistake just before is still there at
 * the next start. */

static void
drop_pending_toast (FolStartPage *self)
{
  if (self->pending_toast == NULL)
    return;
  g_signal_handlers_disconnect_by_data (self->pending_toast, self);
  g_clear_object (&self->pending_toast);
}

/* Forgets the deletion waiting for its toast (the game stays) and closes the toast. */
static void
cancel_pending_delete (FolStartPage *self)
{
  g_autoptr (AdwToast) toast = self->pending_toast ? g_object_ref (self->pending_toast) : NULL;
  self->pending_delete = 0;
  drop_pending_toast (self);
  if (toast != NULL)
    adw_toast_dismiss (toast);
}

static void
delete_for_good (FolStartPage *self, gint64 id)
{
  g_autoptr (GError) error = NULL;
  if (self->store != NULL && !fol_store_delete_game (self->store, id, &error)
      && !g_error_matches (error, FOL_STORE_ERROR, FOL_STORE_ERROR_NOT_FOUND))
    {
      /* Translators: %s is the reason */
      g_autofree char *msg = g_strdup_printf (_("The game could not be deleted: %s"), error->message);
      toast (self, msg);
    }
}

/* The toast went (timed out, closed): the game goes for good. */
static void
delete_toast_dismissed_cb (AdwToast *t, FolStartPage *self)
{
  gint64 id = self->pending_delete;
  self->pending_delete = 0;
  drop_pending_toast (self);
  if (id > 0)
    delete_for_good (self, id);
  fol_start_page_refresh (self);
}

/* Undo: the game comes back (the toast then goes without deleting it). */
static void
delete_undo_cb (AdwToast *t, FolStartPage *self)
{
  self->pending_delete = 0;
  drop_pending_toast (self);
  fol_start_page_refresh (self);
}

AdwToast *
fol_start_page_delete_game (FolStartPage *self, gint64 id)
{
  g_return_val_if_fail (FOL_IS_START_PAGE (self), NULL);
  g_return_val_if_fail (id > 0, NULL);
  if (self->pending_delete > 0)
    {
      gint64 previous = self->pending_delete;
      cancel_pending_delete (self);
      delete_for_good (self, previous);
    }
  GtkWidget *overlay = gtk_widget_get_ancestor (GTK_WIDGET (self), ADW_TYPE_TOAST_OVERLAY);
  if (overlay == NULL)
    {
      /* no toast, so no Undo: deleted at once */
      delete_for_good (self, id);
      fol_start_page_refresh (self);
      return NULL;
    }
  self->pending_delete = id;
  AdwToast *t = adw_toast_new (_("Game deleted"));
  /* Translators: the button of the toast "Game deleted" that brings the game back */
  adw_toast_set_button_label (t, _("_Undo"));
  adw_toast_set_timeout (t, DELETE_UNDO_SECONDS);
  self->pending_toast = g_object_ref (t);
  g_signal_connect (t, "button-clicked", G_CALLBACK (delete_undo_cb), self);
  g_signal_connect (t, "dismissed", G_CALLBACK (delete_toast_dismissed_cb), self);
  adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), t);
  fol_start_page_refresh (self);
  return self->pending_toast;
}

gint64
fol_start_page_get_pending_delete (FolStartPage *self)
{
  g_return_val_if_fail (FOL_IS_START_PAGE (self), 0);
  return self->pending_delete;
}

static void
delete_clicked_cb (GtkButton *button, FolStartPage *self)
{
  fol_start_page_delete_game (self, row_id (GTK_WIDGET (button)));
}

static void
open_clicked_cb (GtkButton *button, FolStartPage *self)
{
  fol_start_page_open_game (self, row_id (GTK_WIDGET (button)));
}

/* A row's Replay button (issue 13): the window opens the replay. */
static void
replay_clicked_cb (GtkButton *button, FolStartPage *self)
{
  g_signal_emit (self, signals[SIGNAL_REPLAY], 0, row_id (GTK_WIDGET (button)));
}

static void
game_row_activated_cb (FolStartPage *self, GtkListBoxRow *row)
{
  gint64 id = row_id (GTK_WIDGET (row));
  if (id > 0)
    fol_start_page_open_game (self, id);
}

static void
campaign_continue_clicked_cb (GtkButton *button, FolStartPage *self)
{
  fol_start_page_continue_campaign (self, row_id (GTK_WIDGET (button)));
}

/* ---- the note about a damaged file of saved games ---- */

/* What the store did with a damaged file (fol_store_get_recovery()), in
 * the person's words. */
static char *
recovery_text (const FolStoreRecovery *r)
{
  GString *s = g_string_new (NULL);
  switch (r->kind)
    {
    case FOL_STORE_RECOVERY_REPAIRED:
      g_string_append (s, _("The file of saved games had a small fault and was repaired; no game was lost."));
      g_string_append_c (s, ' ');
      /* Translators: %s is a file name */
      g_string_append_printf (s, _("A copy from before the repair is in %s."), r->original);
      break;
    case FOL_STORE_RECOVERY_TOO_NEW:
    case FOL_STORE_RECOVERY_RESCUED:
    default:
      if (r->kind == FOL_STORE_RECOVERY_TOO_NEW)
        g_string_append (s, _("The file of saved games was written by a newer version of Foliage."));
      else
        g_string_append (s, _("The file of saved games was damaged."));
      g_string_append_c (s, ' ');
      if (!r->complete)
        g_string_append (s, _("Its games could not be rescued yet: Foliage tries again at the next start."));
      else
        g_string_append_printf (s, ngettext ("%d saved game was rescued into a new file.",
                                             "%d saved games were rescued into a new file.", r->games_rescued),
                                r->games_rescued);
      if (r->complete && r->games_lost > 0)
        {
          g_string_append_c (s, ' ');
          g_string_append_printf (s, ngettext ("%d game could not be read and stays only in the original.",
                                               "%d games could not be read and stay only in the original.",
                                               r->games_lost),
                                  r->games_lost);
        }
      g_string_append_c (s, ' ');
      if (r->kind == FOL_STORE_RECOVERY_TOO_NEW)
        /* Translators: %s is a file name */
        g_string_append_printf (s, _("The original is kept unchanged in %s, where a newer version can still open it."),
                                r->original);
      else
        /* Translators: %s is a file name */
        g_string_append_printf (s, _("The original is kept unchanged in %s."), r->original);
      break;
    }
  return g_string_free (s, FALSE);
}

static void
update_recovery (FolStartPage *self)
{
  const FolStoreRecovery *r = self->store ? fol_store_get_recovery (self->store) : NULL;
  if (r != NULL)
    {
      g_autofree char *text = recovery_text (r);
      gtk_label_set_text (self->recovery_label, text);
    }
  gtk_revealer_set_reveal_child (self->recovery_revealer, r != NULL);
}

static void
recovery_dismiss_cb (FolStartPage *self)
{
  const FolStoreRecovery *r = self->store ? fol_store_get_recovery (self->store) : NULL;
  g_autoptr (GError) error = NULL;
  if (r != NULL && !fol_store_dismiss_recovery (self->store, r->id, &error))
    {
      /* Translators: %s is the reason */
      g_autofree char *msg = g_strdup_printf (_("The note could not be dismissed: %s"), error->message);
      toast (self, msg);
    }
  update_recovery (self);
}

GtkWidget *
fol_start_page_get_recovery_banner (FolStartPage *self)
{
  g_return_val_if_fail (FOL_IS_START_PAGE (self), NULL);
  return GTK_WIDGET (self->recovery_revealer);
}

/* ---- the lists ---- */

static GtkWidget *
empty_row (const char *text)
{
  GtkWidget *label = gtk_label_new (text);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_add_css_class (label, "dim-label");
  gtk_widget_set_margin_top (label, 18);
  gtk_widget_set_margin_bottom (label, 18);
  gtk_widget_set_margin_start (label, 12);
  gtk_widget_set_margin_end (label, 12);
  return label;
}

/* ---- the words of a saved game's row ---- */

/* The moves that end a turn in each engine's notation, for
 * fol_store_count_moves(): Indian Summer's "end" (docs/notation.md),
 * Fall's "E" and "E-..." (docs/notation-fall.md). */
static const char *
turn_end_pattern (const char *kind)
{
  return g_strcmp0 (kind, "fall") == 0 ? "E*" : "end";
}

/* "Ann", "Ann and Bob", "Ann, Bob and Cy". */
static char *
join_names (GPtrArray *names)
{
  if (names->len == 0)
    return g_strdup ("");
  char *out = g_strdup (g_ptr_array_index (names, 0));
  for (guint i = 1; i < names->len; i++)
    {
      char *longer = i + 1 == names->len
                     /* Translators: the last two of a list of players, such as "Ann and Bob" */
                     ? g_strdup_printf (_("%s and %s"), out, (const char *) g_ptr_array_index (names, i))
                     /* Translators: two players of a longer list, such as "Ann, Bob" (and Cy) */
                     : g_strdup_printf (_("%s, %s"), out, (const char *) g_ptr_array_index (names, i));
      g_free (out);
      out = longer;
    }
  return out;
}

/* Who played and how: "Solo", "Solo campaign, game 2 of 3", "Ann and Bob
 * at this desk", "Ann vs Hazel (Hard)", "Hazel (Hard) vs Rowan (Normal)". */
static char *
players_text (FolStartPage *self, const FolGameSummary *g, GArray *seats)
{
  if (g->n_seats == 1)
    {
      const CampaignSlot *slot = g_hash_table_lookup (self->game_campaign, &g->id);
      if (slot != NULL)
        /* Translators: who played a saved game: one person, game 1-3 of a solo campaign */
        return g_strdup_printf (_("Solo campaign, game %d of %d"), slot->index + 1, FOL_CAMPAIGN_N_GAMES);
      /* Translators: who played a saved game: one person alone */
      return g_strdup (_("Solo"));
    }
  if (seats == NULL)
    return g_strdup (g->seats);
  g_autoptr (GPtrArray) people = g_ptr_array_new ();
  g_autoptr (GPtrArray) computers = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < seats->len; i++)
    {
      const FolSavedSeat *seat = &g_array_index (seats, FolSavedSeat, i);
      if (seat->human)
        g_ptr_array_add (people, seat->name);
      else
        /* Translators: a computer player in the saved games list: its name and level, "Hazel (Hard)" */
        g_ptr_array_add (computers, g_strdup_printf (_("%s (%s)"), seat->name,
                                                     fol_new_game_dialog_level_name (seat->level)));
    }
  g_autofree char *who = join_names (people);
  if (computers->len == 0)
    /* Translators: who played a saved game: people taking turns at one computer, "Ann and Bob at this desk" */
    return g_strdup_printf (_("%s at this desk"), who);
  if (people->len == 0)
    {
      /* computers only (the command-line tool's self-play) */
      g_autofree char *first = g_ptr_array_steal_index (computers, 0);
      g_autofree char *rest = join_names (computers);
      /* Translators: who played a saved game: the people, then the computer players, "Ann vs Hazel (Hard)" */
      return g_strdup_printf (_("%s vs %s"), first, rest);
    }
  g_autofree char *against = join_names (computers);
  return g_strdup_printf (_("%s vs %s"), who, against);
}

/* How far a game in progress is, in the game's own units: "Round 4", "Turn
 * 3 of 10" (solo), "Week 5 of 12"; "Not started" before the first move.
 * @n_turns: the turns played (moves that ended a turn), or -1 if unknown. */
static char *
progress_text (const FolGameSummary *g, int n_turns)
{
  if (g->n_moves == 0)
    /* Translators: a saved game in which no move was made yet */
    return g_strdup (_("Not started"));
  if (n_turns < 0)
    return g_strdup_printf (ngettext ("%d move", "%d moves", g->n_moves), g->n_moves);
  if (g_strcmp0 (g->kind, "fall") == 0)
    /* Translators: how far a game of Fall is: its week, 1-12 */
    return g_strdup_printf (_("Week %d of %d"), MIN (n_turns / FALL_TURNS_PER_WEEK + 1, FALL_WEEKS), FALL_WEEKS);
  if (g->n_seats == 1)
    /* Translators: how far a solo game of Indian Summer is: its turn, 1-10 */
    return g_strdup_printf (_("Turn %d of %d"), MIN (n_turns + 1, SOLO_TURNS), SOLO_TURNS);
  /* Translators: how far a game of Indian Summer is: the round of turns (every player once) */
  return g_strdup_printf (_("Round %d"), n_turns / MAX (g->n_seats, 1) + 1);
}

static int
compare_by_rank (gconstpointer a, gconstpointer b)
{
  const FolSavedSeat *x = *(const FolSavedSeat *const *) a, *y = *(const FolSavedSeat *const *) b;
  if (x->rank != y->rank)
    return x->rank < y->rank ? -1 : 1;
  return x->score > y->score ? -1 : x->score < y->score;
}

/* How a finished game ended: "Ann won 54–48", "Ann and Hazel tied 50–50",
 * solo "Ann won with 12 points" / "Ann lost with 3 empty squares"; NULL
 * when no result was stored. */
static char *
result_text (const FolGameSummary *g, GArray *seats)
{
  if (seats == NULL || seats->len == 0 || !g_array_index (seats, FolSavedSeat, 0).has_result)
    return NULL;
  if (seats->len == 1)
    {
      const FolSavedSeat *seat = &g_array_index (seats, FolSavedSeat, 0);
      if (seat->won)
        /* Translators: a won solo game of Indian Summer: the player and the treasure points */
        return g_strdup_printf (ngettext ("%s won with %d point", "%s won with %d points", seat->score),
                                seat->name, seat->score);
      /* a lost solo game scores minus its empty squares (summer-state.h) */
      int empty = -seat->score;
      /* Translators: a lost solo game of Indian Summer: the player and the squares not covered */
      return g_strdup_printf (ngettext ("%s lost with %d empty square", "%s lost with %d empty squares", empty),
                              seat->name, empty);
    }
  g_autoptr (GPtrArray) ranked = g_ptr_array_new ();
  g_autoptr (GPtrArray) winners = g_ptr_array_new ();
  for (guint i = 0; i < seats->len; i++)
    g_ptr_array_add (ranked, &g_array_index (seats, FolSavedSeat, i));
  g_ptr_array_sort (ranked, compare_by_rank);
  GString *scores = g_string_new (NULL);
  for (guint i = 0; i < ranked->len; i++)
    {
      const FolSavedSeat *seat = g_ptr_array_index (ranked, i);
      /* scores joined by an en dash, best first: "54–48" */
      g_string_append_printf (scores, i ? "–%d" : "%d", seat->score);
      if (seat->won)
        g_ptr_array_add (winners, seat->name);
    }
  g_autofree char *score_text = g_string_free (scores, FALSE);
  g_autofree char *names = join_names (winners);
  if (winners->len > 1)
    /* Translators: a finished game with several winners: their names, then the scores, "Ann and Hazel tied 50–50" */
    return g_strdup_printf (_("%s tied %s"), names, score_text);
  /* Translators: a finished game: the winner, then the scores best first, "Ann won 54–48" */
  return g_strdup_printf (_("%s won %s"), names, score_text);
}

/* A row's title and subtitle: "Indian Summer — Ann vs Hazel (Hard)" and
 * "Round 4 · Today at 14:05", "Finished · Ann won 54–48 · 3 November 2026". */
static void
game_texts (FolStartPage *self, const FolGameSummary *g, char **title, char **subtitle)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) seats = self->store ? fol_store_load_seats (self->store, g->id, &error) : NULL;
  if (error != NULL)
    g_message ("players of game %" G_GINT64_FORMAT ": %s", g->id, error->message);
  g_clear_error (&error);
  int n_turns = -1;
  if (g->n_moves > 0 && g->status != FOL_STORE_STATUS_FINISHED && self->store != NULL)
    n_turns = fol_store_count_moves (self->store, g->id, turn_end_pattern (g->kind), &error);
  if (error != NULL)
    g_message ("turns of game %" G_GINT64_FORMAT ": %s", g->id, error->message);

  g_autofree char *players = players_text (self, g, seats);
  /* Translators: a saved game's title: the game and who played it, "Fall — Ann vs Hazel (Hard)" */
  *title = g_strdup_printf (_("%s — %s"), fol_start_page_kind_name (g->kind), players);

  g_autoptr (GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  if (g->status == FOL_STORE_STATUS_FINISHED)
    {
      g_ptr_array_add (parts, g_strdup (_("Finished")));
      char *result = result_text (g, seats);
      if (result != NULL)
        g_ptr_array_add (parts, result);
    }
  else
    {
      if (g->status == FOL_STORE_STATUS_ABANDONED)
        g_ptr_array_add (parts, g_strdup (_("Abandoned")));
      if (g->n_seats == 1 && seats != NULL && seats->len == 1)
        g_ptr_array_add (parts, g_strdup (g_array_index (seats, FolSavedSeat, 0).name));
      g_ptr_array_add (parts, progress_text (g, n_turns));
    }
  g_ptr_array_add (parts, format_when (g->updated));
  g_ptr_array_add (parts, NULL);
  *subtitle = g_strjoinv (" · ", (char **) parts->pdata);
}

static GtkWidget *
game_row (FolStartPage *self, const FolGameSummary *g, char **continue_text)
{
  GtkWidget *row = adw_action_row_new ();
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;
  game_texts (self, g, &title, &subtitle);
  /* the names are the players' own text, not markup */
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  set_row_id (row, g->id);
  if (g->id == self->continue_id && continue_text != NULL)
    *continue_text = g_strdup_printf ("%s · %s", title, subtitle);

  GtkWidget *open = gtk_button_new_from_icon_name (g->status == FOL_STORE_STATUS_IN_PROGRESS
                                                   ? "media-playback-start-symbolic" : "document-open-symbolic");
  gtk_widget_set_tooltip_text (open, g->status == FOL_STORE_STATUS_IN_PROGRESS ? _("Continue This Game")
                                                                                 : _("Show This Game"));
  gtk_widget_set_valign (open, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (open, "flat");
  set_row_id (open, g->id);
  g_signal_connect_object (open, "clicked", G_CALLBACK (open_clicked_cb), self, 0);

  GtkWidget *del = gtk_button_new_from_icon_name ("user-trash-symbolic");
  gtk_widget_set_tooltip_text (del, _("Delete This Game"));
  gtk_widget_set_valign (del, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (del, "flat");
  set_row_id (del, g->id);
  g_signal_connect_object (del, "clicked", G_CALLBACK (delete_clicked_cb), self, 0);

  if (g->n_moves > 0)
    {
      GtkWidget *replay = gtk_button_new_from_icon_name ("media-seek-backward-symbolic");
      gtk_widget_set_tooltip_text (replay, _("Replay This Game"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (replay), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Replay This Game"), -1);
      gtk_widget_set_valign (replay, GTK_ALIGN_CENTER);
      gtk_widget_add_css_class (replay, "flat");
      set_row_id (replay, g->id);
      g_signal_connect_object (replay, "clicked", G_CALLBACK (replay_clicked_cb), self, 0);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), replay);
    }
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), open);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), del);
  return row;
}

/* A campaign's three games in a board gamer's words: "Game 1 lost (−19) ·
 * Game 2 won: 23 points · Game 3 to play".  A lost solo game scores minus
 * its empty squares, a won one the points of its treasures left
 * (DECISIONS.md, Solo); a game not played after the first two were lost is
 * forfeit. */
static char *
campaign_games_text (FolStartPage *self, const FolSavedCampaign *c)
{
  g_autoptr (GString) s = g_string_new (NULL);
  for (int i = 0; i < FOL_CAMPAIGN_N_GAMES; i++)
    {
      const FolCampaignGame *g = &c->games[i];
      if (i > 0)
        g_string_append (s, " · ");
      if (g->has_result)
        {
          g_autofree char *result = g->won
            /* Translators: a won campaign game: its number (1-3) and its score in points */
            ? g_strdup_printf (ngettext ("Game %d won: %d point", "Game %d won: %d points", (gulong) ABS (g->score)),
                               i + 1, g->score)
            /* Translators: a lost campaign game: its number (1-3) and its score, minus the squares
             * left empty ("Game 1 lost (−19)"; the sign is U+2212 MINUS SIGN) */
            : g_strdup_printf (_("Game %d lost (−%d)"), i + 1, ABS (g->score));
          FolDeal deal;
          const KnownPar *par = campaign_game_deal (c, i, &deal) ? known_par (self, &deal) : NULL;
          if (par != NULL)
            {
              g_autofree char *number = signed_number (par->score);
              /* Translators: a finished campaign game's result, then the par of its deal: the best
               * score the deal allows ("Game 1 lost (−19) · par 6") */
              g_string_append_printf (s, _("%s · par %s"), result, number);
            }
          else
            g_string_append (s, result);
        }
      else if (g->game_id > 0)
        /* Translators: a campaign game being played; %d is 1-3 */
        g_string_append_printf (s, _("Game %d in progress"), i + 1);
      else if (c->status == FOL_STORE_STATUS_FINISHED)
        /* Translators: a campaign game not played because the first two were lost; %d is 1-3 */
        g_string_append_printf (s, _("Game %d forfeit"), i + 1);
      else
        /* Translators: a campaign game not started yet; %d is 1-3 */
        g_string_append_printf (s, _("Game %d to play"), i + 1);
    }
  return g_string_free (g_steal_pointer (&s), FALSE);
}

static GtkWidget *
campaign_row (FolStartPage *self, const FolSavedCampaign *c)
{
  GtkWidget *row = adw_action_row_new ();
  g_autofree char *when = format_when (c->created);
  /* Translators: a campaign's title: its Forest Floor side (such as 3B) and when it was started */
  g_autofree char *title = g_strdup_printf (_("Forest Floor %s, started %s"), c->side, when);
  g_autofree char *games = campaign_games_text (self, c);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), games);
  set_row_id (row, c->id);
  /* its games' words change as their pars come */
  g_object_set_data_full (G_OBJECT (row), "fol-campaign", fol_saved_campaign_ref ((FolSavedCampaign *) c),
                          (GDestroyNotify) fol_saved_campaign_unref);

  if (c->status == FOL_STORE_STATUS_IN_PROGRESS)
    {
      GtkWidget *button = gtk_button_new_with_mnemonic (_("C_ontinue"));
      gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
      set_row_id (button, c->id);
      g_signal_connect_object (button, "clicked", G_CALLBACK (campaign_continue_clicked_cb), self, 0);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), button);
    }
  else
    {
      g_autofree char *text = NULL;
      if (c->has_result)
        /* Translators: a finished campaign's overall result (points) */
        text = g_strdup_printf (_("Result: %d"), c->result);
      else
        text = g_strdup (_("Abandoned"));
      GtkWidget *label = gtk_label_new (text);
      gtk_widget_add_css_class (label, "heading");
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
    }
  return row;
}

/* Shows Continue for game self->continue_id (0: hidden), @text under it. */
static void
update_continue (FolStartPage *self, const char *text)
{
  gboolean show = self->continue_id > 0;
  gtk_widget_set_visible (GTK_WIDGET (self->continue_button), show);
  gtk_widget_set_visible (GTK_WIDGET (self->continue_label), show);
  gtk_label_set_text (self->continue_label, show && text ? text : "");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->continue_button), show ? text : NULL);
}

/* ---- the statistics view ---- */

static gboolean
stats_shown (FolStartPage *self)
{
  return g_strcmp0 (adw_view_stack_get_visible_child_name (self->view_stack), "statistics") == 0;
}

/* Makes the statistics page (its template and the figures) only when it is
 * wanted: reading the statistics of 10,000 saved games takes tens of
 * milliseconds, which the start-up should not wait for. */
static FolStatsPage *
ensure_stats_page (FolStartPage *self)
{
  if (self->stats_page == NULL)
    {
      self->stats_page = FOL_STATS_PAGE (fol_stats_page_new ());
      adw_bin_set_child (self->stats_bin, GTK_WIDGET (self->stats_page));
      self->stats_stale = TRUE;
    }
  if (self->stats_stale && !self->opening)
    {
      self->stats_stale = FALSE;
      /* fol_stats_page_set_store() reads the figures */
      fol_stats_page_set_store (self->stats_page, self->store);
    }
  return self->stats_page;
}

/* The statistics view says "Opening saved games…" while the store opens,
 * and reads the figures when it is shown after they changed. */
static void
update_stats (FolStartPage *self)
{
  gtk_stack_set_visible_child_name (self->stats_stack, self->opening ? "opening" : "stats");
  if (!self->opening && stats_shown (self))
    ensure_stats_page (self);
}

static void
view_changed_cb (FolStartPage *self)
{
  update_stats (self);
}

/* ---- refreshing ---- */

void
fol_start_page_refresh (FolStartPage *self)
{
  g_return_if_fail (FOL_IS_START_PAGE (self));
  update_daily (self);
  /* the lists wait for fol_start_page_set_store() */
  if (self->opening)
    return;
  clear_list (self->games_list);
  clear_list (self->campaigns_list);
  g_hash_table_remove_all (self->game_kind);
  g_hash_table_remove_all (self->game_campaign);
  gtk_widget_set_visible (GTK_WIDGET (self->more_games_label), FALSE);
  self->stats_stale = TRUE;
  update_stats (self);

  if (self->store == NULL)
    {
      gtk_stack_set_visible_child_name (self->lists_stack, "error");
      g_autofree char *desc = g_strdup_printf (
        /* Translators: %s is the reason the file of saved games cannot be opened */
        _("%s\n\nYou can still play: new games are not saved."),
        self->store_error ? self->store_error : _("The file of saved games cannot be opened."));
      if (self->error_page == NULL)
        {
          self->error_page = ADW_STATUS_PAGE (adw_status_page_new ());
          adw_status_page_set_icon_name (self->error_page, "dialog-warning-symbolic");
          adw_status_page_set_title (self->error_page, _("Saved Games Are Unavailable"));
          gtk_widget_add_css_class (GTK_WIDGET (self->error_page), "compact");
          adw_bin_set_child (self->error_bin, GTK_WIDGET (self->error_page));
        }
      adw_status_page_set_description (self->error_page, desc);
      self->continue_id = 0;
      update_continue (self, NULL);
      return;
    }
  gtk_widget_set_visible (self->lists_box, TRUE);
  gtk_stack_set_visible_child_name (self->lists_stack, "lists");

  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) campaigns = fol_store_list_campaigns (self->store, &error);
  if (campaigns == NULL)
    {
      g_message ("campaigns: %s", error->message);
      g_clear_error (&error);
    }
  for (guint i = 0; campaigns && i < campaigns->len; i++)
    {
      const FolSavedCampaign *c = g_ptr_array_index (campaigns, i);
      for (int k = 0; k < FOL_CAMPAIGN_N_GAMES; k++)
        if (c->games[k].game_id > 0)
          {
            CampaignSlot slot = { c->id, k };
            g_hash_table_insert (self->game_campaign, g_memdup2 (&c->games[k].game_id, sizeof (gint64)),
                                 g_memdup2 (&slot, sizeof slot));
          }
      gtk_list_box_append (self->campaigns_list, campaign_row (self, c));
    }

  g_autoptr (GArray) games = fol_store_list_games (self->store, -1, &error);
  if (games == NULL)
    {
      g_message ("games: %s", error->message);
      g_clear_error (&error);
    }
  /* Continue: the game in progress played last (one being deleted aside) */
  const FolGameSummary *latest = NULL;
  for (guint i = 0; games && i < games->len && latest == NULL; i++)
    {
      const FolGameSummary *g = &g_array_index (games, FolGameSummary, i);
      if (g->status == FOL_STORE_STATUS_IN_PROGRESS && g->id != self->pending_delete)
        latest = g;
    }
  self->continue_id = latest ? latest->id : 0;
  g_autofree char *continue_text = NULL;
  /* A game that never had a move is not a saved game: only the newest one
   * is listed ("Not started"), so that a game just started and left can be
   * taken up again; the older ones are not shown, and the New Game dialog
   * deletes them when a newer game starts (fol_store_delete_unstarted_games()). */
  gboolean unstarted_listed = FALSE;
  guint n_rows = 0, n_more = 0;
  for (guint i = 0; games && i < games->len; i++)
    {
      const FolGameSummary *g = &g_array_index (games, FolGameSummary, i);
      g_hash_table_insert (self->game_kind, g_memdup2 (&g->id, sizeof (gint64)), (gpointer) g->kind);
      if (g->id == self->pending_delete)
        continue;
      if (g->n_moves == 0 && g->status == FOL_STORE_STATUS_IN_PROGRESS)
        {
          if (unstarted_listed)
            continue;
          unstarted_listed = TRUE;
        }
      if (n_rows < MAX_GAME_ROWS)
        {
          gtk_list_box_append (self->games_list, game_row (self, g, &continue_text));
          n_rows++;
        }
      else
        n_more++;
    }
  if (n_more > 0)
    {
      g_autofree char *text = g_strdup_printf (ngettext ("… and %u older game", "… and %u older games", n_more), n_more);
      gtk_label_set_text (self->more_games_label, text);
      gtk_widget_set_visible (GTK_WIDGET (self->more_games_label), TRUE);
    }
  if (latest != NULL && continue_text == NULL)
    {
      /* played last but beyond the rows shown */
      g_autofree char *title = NULL;
      g_autofree char *subtitle = NULL;
      game_texts (self, latest, &title, &subtitle);
      continue_text = g_strdup_printf ("%s · %s", title, subtitle);
    }
  update_continue (self, continue_text);
}

static gboolean
show_spinners_cb (gpointer data)
{
  FolStartPage *self = data;
  self->spinner_source = 0;
  gtk_widget_set_visible (self->opening_spinner, TRUE);
  gtk_widget_set_visible (self->stats_opening_spinner, TRUE);
  return G_SOURCE_REMOVE;
}

static void
set_opening (FolStartPage *self, gboolean opening)
{
  g_clear_handle_id (&self->spinner_source, g_source_remove);
  gtk_widget_set_visible (self->opening_spinner, FALSE);
  gtk_widget_set_visible (self->stats_opening_spinner, FALSE);
  if (opening)
    self->spinner_source = g_timeout_add (SPINNER_DELAY_MS, show_spinners_cb, self);
  if (self->opening == opening)
    return;
  self->opening = opening;
  update_daily (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_OPENING]);
}

void
fol_start_page_set_opening (FolStartPage *self)
{
  g_return_if_fail (FOL_IS_START_PAGE (self));
  cancel_pending_delete (self);
  stop_pars (self);
  if (self->store != NULL)
    g_signal_handlers_disconnect_by_func (self->store, update_recovery, self);
  g_clear_object (&self->store);
  g_clear_pointer (&self->store_error, g_free);
  set_opening (self, TRUE);
  clear_list (self->games_list);
  clear_list (self->campaigns_list);
  g_hash_table_remove_all (self->game_kind);
  g_hash_table_remove_all (self->game_campaign);
  gtk_widget_set_visible (GTK_WIDGET (self->more_games_label), FALSE);
  gtk_stack_set_visible_child_name (self->lists_stack, "opening");
  /* hidden, the lists are neither styled nor measured meanwhile */
  gtk_widget_set_visible (self->lists_box, FALSE);
  update_recovery (self);
  self->continue_id = 0;
  update_continue (self, NULL);
  update_stats (self);
}

gboolean
fol_start_page_get_opening (FolStartPage *self)
{
  g_return_val_if_fail (FOL_IS_START_PAGE (self), FALSE);
  return self->opening;
}

void
fol_start_page_set_store (FolStartPage *self, FolStore *store, const GError *error)
{
  g_return_if_fail (FOL_IS_START_PAGE (self));
  if (store != self->store)
    {
      cancel_pending_delete (self);
      /* the pars waiting are computed for the new store's cache, at its refresh */
      stop_pars (self);
    }
  if (self->store != NULL)
    g_signal_handlers_disconnect_by_func (self->store, update_recovery, self);
  g_set_object (&self->store, store);
  g_clear_pointer (&self->store_error, g_free);
  if (error != NULL)
    self->store_error = g_strdup (error->message);
  if (store != NULL)
    g_signal_connect_object (store, "notify::recovery", G_CALLBACK (update_recovery), self, G_CONNECT_SWAPPED);
  set_opening (self, FALSE);
  update_recovery (self);
  fol_start_page_refresh (self);
}

AdwViewStack *
fol_start_page_get_view_stack (FolStartPage *self)
{
  g_return_val_if_fail (FOL_IS_START_PAGE (self), NULL);
  return self->view_stack;
}

GtkWidget *
fol_start_page_get_stats_page (FolStartPage *self)
{
  g_return_val_if_fail (FOL_IS_START_PAGE (self), NULL);
  return GTK_WIDGET (ensure_stats_page (self));
}

gint64
fol_start_page_get_continue_id (FolStartPage *self)
{
  g_return_val_if_fail (FOL_IS_START_PAGE (self), 0);
  return self->continue_id;
}

static guint
count_rows (GtkListBox *list)
{
  guint n = 0;
  for (GtkWidget *c = gtk_widget_get_first_child (GTK_WIDGET (list)); c; c = gtk_widget_get_next_sibling (c))
    if (GTK_IS_LIST_BOX_ROW (c) && row_id (c) > 0)
      n++;
  return n;
}

guint
fol_start_page_get_n_saved_games (FolStartPage *self)
{
  g_return_val_if_fail (FOL_IS_START_PAGE (self), 0);
  return count_rows (self->games_list);
}

guint
fol_start_page_get_n_campaigns (FolStartPage *self)
{
  g_return_val_if_fail (FOL_IS_START_PAGE (self), 0);
  return count_rows (self->campaigns_list);
}

static void
fol_start_page_dispose (GObject *object)
{
  FolStartPage *self = FOL_START_PAGE (object);
  g_clear_handle_id (&self->spinner_source, g_source_remove);
  /* closing the window while a deleted game's toast shows keeps the game */
  cancel_pending_delete (self);
  stop_pars (self);
  if (self->store != NULL)
    g_signal_handlers_disconnect_by_func (self->store, update_recovery, self);
  g_clear_object (&self->store);
  self->stats_page = NULL;    /* a child of stats_bin */
  self->error_page = NULL;    /* a child of error_bin */
  G_OBJECT_CLASS (fol_start_page_parent_class)->dispose (object);
}

/* In a window (again): the pars missing are looked for. */
static void
fol_start_page_root (GtkWidget *widget)
{
  FolStartPage *self = FOL_START_PAGE (widget);
  GTK_WIDGET_CLASS (fol_start_page_parent_class)->root (widget);
  update_daily (self);
  update_campaign_rows (self);
  schedule_pars (self);
}

/* Out of the window (it closes): the pars' computation stops. */
static void
fol_start_page_unroot (GtkWidget *widget)
{
  stop_pars (FOL_START_PAGE (widget));
  GTK_WIDGET_CLASS (fol_start_page_parent_class)->unroot (widget);
}

static void
fol_start_page_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  FolStartPage *self = FOL_START_PAGE (object);
  switch (prop_id)
    {
    case PROP_OPENING:
      g_value_set_boolean (value, self->opening);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
fol_start_page_finalize (GObject *object)
{
  FolStartPage *self = FOL_START_PAGE (object);
  g_clear_pointer (&self->store_error, g_free);
  g_clear_pointer (&self->daily_code, g_free);
  g_clear_pointer (&self->game_kind, g_hash_table_unref);
  g_clear_pointer (&self->game_campaign, g_hash_table_unref);
  g_clear_pointer (&self->pars, g_hash_table_unref);
  G_OBJECT_CLASS (fol_start_page_parent_class)->finalize (object);
}

static void
fol_start_page_class_init (FolStartPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = fol_start_page_dispose;
  object_class->finalize = fol_start_page_finalize;
  object_class->get_property = fol_start_page_get_property;
  widget_class->root = fol_start_page_root;
  widget_class->unroot = fol_start_page_unroot;

  /**
   * FolStartPage:opening:
   * Whether the page waits for the store to open (fol_start_page_set_opening()).
   */
  properties[PROP_OPENING] =
    g_param_spec_boolean ("opening", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * FolStartPage::play:
   * @game: the game to show
   * @campaign: (nullable): its campaign
   *
   * The user chose a game to play (Continue, a saved game, a campaign).
   */
  signals[SIGNAL_PLAY] = g_signal_new ("play", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                       G_TYPE_NONE, 2, FOL_TYPE_GAME, FOL_TYPE_CAMPAIGN);
  /**
   * FolStartPage::replay:
   * @id: a saved game with at least one move
   *
   * The user asked to replay a saved game (its row's Replay button; issue 13).
   */
  signals[SIGNAL_REPLAY] = g_signal_new ("replay", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                         G_TYPE_NONE, 1, G_TYPE_INT64);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/foliage/Foliage/ui/fol-start-page.ui");
  gtk_widget_class_bind_template_child (widget_class, FolStartPage, view_stack);
  gtk_widget_class_bind_template_child (widget_class, FolStartPage, continue_button);
  gtk_widget_class_bind_template_child (widget_class, FolStartPage, continue_label);
  gtk_widget_class_bind_template_child (widget_class, FolStartPage, lists_stack);
  gtk_widget_class_bind_template_child (widget_class, FolStartPage, lists_box);
  gtk_widget_class_bind_template_child (widget_class, FolStartPage, games_list);
  gtk_widget_class_bind_template_child (widget_class, FolStartPage, more_games_label);
  gtk_widget_class_bind_template_child (widget_class, FolStartPage, campaigns_list);
  gtk_widget_class_bind_template_child (widget_class, FolStartPage, error_bin);
  gtk_widget_class_bind_template_child (widget_class, FolStartPage, stats_stack);
  gtk_widget_class_bind_template_child (widget_class, FolStartPage, opening_spinner);
  gtk_widget_class_bind_template_child (widget_class, FolStartPage, stats_opening_spinner);
  gtk_widget_class_bind_template_child (widget_class, FolStartPage, stats_bin);
  gtk_widget_class_bind_template_child (widget_class, FolStartPage, recovery_revealer);
  gtk_widget_class_bind_template_child (widget_class, FolStartPage, recovery_label);
  gtk_widget_class_bind_template_child (widget_class, FolStartPage, daily_row);
  gtk_widget_class_bind_template_child (widget_class, FolStartPage, daily_button);
  gtk_widget_class_bind_template_child (widget_class, FolStartPage, daily_par_label);
  gtk_widget_class_bind_template_callback (widget_class, continue_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, daily_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, recovery_dismiss_cb);
  gtk_widget_class_bind_template_callback (widget_class, game_row_activated_cb);
}

static void
fol_start_page_init (FolStartPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->pars = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_queue_init (&self->par_queue);
  self->game_kind = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  self->game_campaign = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  gtk_list_box_set_placeholder (self->games_list,
                                empty_row (_("No saved games yet. Start a new game: it is saved as you play.")));
  gtk_list_box_set_placeholder (self->campaigns_list,
                                empty_row (_("No campaigns yet. In the New Game dialog, choose one player and the campaign of three games.")));
  g_signal_connect_object (self->view_stack, "notify::visible-child-name", G_CALLBACK (view_changed_cb), self,
                           G_CONNECT_SWAPPED);
  update_daily (self);
}

GtkWidget *
fol_start_page_new (void)
{
  return g_object_new (FOL_TYPE_START_PAGE, NULL);
}
