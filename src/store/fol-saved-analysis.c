/* fol-saved-analysis.c: a game's analysis in the store
 * (fol-saved-analysis.h).  The row (fol-store-migrations.c, version 6)
 * keeps the run's figures in columns and the turns as the text of a
 * GVariant of type TURNS_TYPE, one element per turn: (turn, seat,
 * first_ply, last_ply, played, suggested, value_played, value_suggested,
 * loss, std_error).  Not a hot path: the statements are prepared per call. */
#include "config.h"
#include "fol-saved-analysis.h"
#include "fol-store-private.h"

#include <math.h>

#define TURNS_TYPE "a(iiiiasasdddd)"
#define TURN_FORMAT "(iiii^as^asdddd)"

/* The reason a turn of @a cannot belong to a game of @n_seats seats and
 * @n_moves moves, or NULL when every turn can. */
static char *
check_turns (const FolGameAnalysis *a, int n_seats, int n_moves)
{
  int last = 0;
  for (guint i = 0; i < a->turns->len; i++)
    {
      const FolAnalysisTurn *t = fol_game_analysis_get_turn (a, i);
      if (t->seat < 0 || t->seat >= n_seats)
        return g_strdup_printf ("turn %u is of seat %d, but the game has %d seats", i + 1, t->seat, n_seats);
      if (t->first_ply <= last || t->last_ply < t->first_ply || t->last_ply > n_moves)
        return g_strdup_printf ("turn %u has the plies %d-%d: not after the turn before it (%d) and within the "
                                "game's %d moves", i + 1, t->first_ply, t->last_ply, last, n_moves);
      last = t->last_ply;
      if (t->turn < 1)
        return g_strdup_printf ("turn %u has the number %d", i + 1, t->turn);
      if (!t->played || !t->played[0] || !t->suggested || !t->suggested[0])
        return g_strdup_printf ("turn %u has no move played or suggested", i + 1);
      for (int k = 0; t->played[k]; k++)
        if (!*t->played[k])
          return g_strdup_printf ("turn %u has an empty move", i + 1);
      for (int k = 0; t->suggested[k]; k++)
        if (!*t->suggested[k])
          return g_strdup_printf ("turn %u has an empty move", i + 1);
      if (!isfinite (t->value_played) || !isfinite (t->value_suggested) || !isfinite (t->loss)
          || !isfinite (t->std_error) || t->std_error < 0)
        return g_strdup_printf ("turn %u has a value that is not a finite number (or a negative standard error)",
                                i + 1);
    }
  if (a->effort.rollouts < 1 || a->effort.expert_percent < 0 || a->effort.expert_percent > 100)
    return g_strdup_printf ("its effort (%d rollouts, Expert at %d%%) is out of range", a->effort.rollouts,
                            a->effort.expert_percent);
  return NULL;
}

static char *
turns_to_text (const FolGameAnalysis *a)
{
  GVariantBuilder b;
  g_variant_builder_init (&b, G_VARIANT_TYPE (TURNS_TYPE));
  for (guint i = 0; i < a->turns->len; i++)
    {
      const FolAnalysisTurn *t = fol_game_analysis_get_turn (a, i);
      g_variant_builder_add (&b, TURN_FORMAT, t->turn, t->seat, t->first_ply, t->last_ply,
                             (const char *const *) t->played, (const char *const *) t->suggested, t->value_played,
                             t->value_suggested, t->loss, t->std_error);
    }
  g_autoptr (GVariant) v = g_variant_ref_sink (g_variant_builder_end (&b));
  return g_variant_print (v, FALSE);
}

/* Fills @a's turns from @text; FALSE with the reason in @why. */
static gboolean
turns_from_text (FolGameAnalysis *a, const char *text, char **why)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GVariant) v = g_variant_parse (G_VARIANT_TYPE (TURNS_TYPE), text, NULL, NULL, &error);
  if (!v)
    {
      *why = fol_store_elide (error->message, text);
      return FALSE;
    }
  GVariantIter iter;
  g_variant_iter_init (&iter, v);
  FolAnalysisTurn t = { 0 };
  while (g_variant_iter_next (&iter, TURN_FORMAT, &t.turn, &t.seat, &t.first_ply, &t.last_ply, &t.played,
                              &t.suggested, &t.value_played, &t.value_suggested, &t.loss, &t.std_error))
    fol_game_analysis_add_turn (a, &t);
  return TRUE;
}

/* CORRUPT: "The analysis of saved game N in “PATH” is damaged: WHAT (analyses.FIELD)" */
static gboolean
damaged (GError **error, FolStore *self, gint64 game_id, const char *what, const char *field)
{
  g_set_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_CORRUPT,
               "The analysis of saved game %" G_GINT64_FORMAT " in “%s” is damaged: %s (analyses.%s); the game "
               "itself is not affected", game_id, fol_store_get_path (self), what, field);
  return FALSE;
}

static gboolean
not_found (GError **error, gint64 game_id)
{
  g_set_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_NOT_FOUND, "There is no saved game %" G_GINT64_FORMAT,
               game_id);
  return FALSE;
}

/* The game's kind, seats and moves; FALSE with @error when it has none. */
static gboolean
read_game (FolStore *self, gint64 game_id, char **kind, int *n_seats, int *n_moves, GError **error)
{
  sqlite3 *db = fol_store_get_db (self);
  sqlite3_stmt *st = NULL;
  int rc = sqlite3_prepare_v2 (db, "SELECT kind, n_seats, n_moves FROM games WHERE id = ?1", -1, &st, NULL);
  if (rc == SQLITE_OK)
    {
      sqlite3_bind_int64 (st, 1, game_id);
      rc = sqlite3_step (st);
    }
  gboolean ok = FALSE;
  if (rc == SQLITE_ROW)
    {
      *kind = g_strdup ((const char *) sqlite3_column_text (st, 0));
      *n_seats = sqlite3_column_int (st, 1);
      *n_moves = sqlite3_column_int (st, 2);
      ok = TRUE;
    }
  else if (rc == SQLITE_DONE)
    not_found (error, game_id);
  else
    fol_store_error_from_sqlite (db, rc, fol_store_get_path (self), "read the game to analyse", error);
  sqlite3_finalize (st);
  return ok;
}

gboolean
fol_store_save_analysis (FolStore *self, gint64 game_id, const FolGameAnalysis *analysis, GError **error)
{
  g_return_val_if_fail (FOL_IS_STORE (self), FALSE);
  g_return_val_if_fail (analysis != NULL, FALSE);
  g_autofree char *kind = NULL;
  int n_seats = 0, n_moves = 0;
  if (!read_game (self, game_id, &kind, &n_seats, &n_moves, error))
    return FALSE;
  if (g_strcmp0 (kind, analysis->kind) != 0)
    {
      g_autofree char *quote = fol_quote (analysis->kind ? analysis->kind : "");
      g_set_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_INVALID,
                   "An analysis of a '%s' game cannot be stored with saved game %" G_GINT64_FORMAT " ('%s')", quote,
                   game_id, kind);
      return FALSE;
    }
  g_autofree char *why = check_turns (analysis, n_seats, n_moves);
  if (why)
    {
      g_set_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_INVALID,
                   "The analysis cannot be of saved game %" G_GINT64_FORMAT ": %s", game_id, why);
      return FALSE;
    }
  g_autofree char *text = turns_to_text (analysis);
  sqlite3 *db = fol_store_get_db (self);
  sqlite3_stmt *st = NULL;
  /* the game's hash as it is now, in the same statement */
  int rc = sqlite3_prepare_v2 (db,
                    "INSERT OR REPLACE INTO analyses "
                    "(game_id, method, game_hash, seed, rollouts, expert_percent, created, turns) "
                    "SELECT id, ?2, hash, ?3, ?4, ?5, ?6, ?7 FROM games WHERE id = ?1", -1, &st, NULL);
  if (rc == SQLITE_OK)
    {
      sqlite3_bind_int64 (st, 1, game_id);
      sqlite3_bind_int (st, 2, analysis->method);
      sqlite3_bind_int64 (st, 3, (gint64) analysis->seed);
      sqlite3_bind_int (st, 4, analysis->effort.rollouts);
      sqlite3_bind_int (st, 5, analysis->effort.expert_percent);
      sqlite3_bind_int64 (st, 6, g_get_real_time ());
      sqlite3_bind_text (st, 7, text, -1, SQLITE_STATIC);
      rc = sqlite3_step (st);
    }
  gboolean ok = rc == SQLITE_DONE;
  if (!ok)
    fol_store_error_from_sqlite (db, rc, fol_store_get_path (self), "save the analysis", error);
  else if (sqlite3_changes (db) == 0)
    ok = not_found (error, game_id);
  sqlite3_finalize (st);
  return ok;
}

/* The column as an int within [min, max]. */
static gboolean
int_in (sqlite3_stmt *st, int col, gint64 min, gint64 max, gint64 *out)
{
  if (sqlite3_column_type (st, col) != SQLITE_INTEGER)
    return FALSE;
  *out = sqlite3_column_int64 (st, col);
  return *out >= min && *out <= max;
}

/* Reads the row of @st (see fol_store_load_analysis()) into a new analysis. */
static FolGameAnalysis *
read_row (FolStore *self, sqlite3_stmt *st, gint64 game_id, int method, GError **error)
{
  const char *kind = (const char *) sqlite3_column_text (st, 0);
  int n_seats = sqlite3_column_int (st, 1);
  int n_moves = sqlite3_column_int (st, 2);
  if (sqlite3_column_type (st, 3) == SQLITE_NULL)
    {
      g_set_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_NOT_FOUND,
                   "Saved game %" G_GINT64_FORMAT " has no stored analysis of method %d", game_id, method);
      return NULL;
    }
  if (!sqlite3_column_int (st, 4))
    {
      g_set_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_NOT_FOUND,
                   "Saved game %" G_GINT64_FORMAT " has changed since it was analysed", game_id);
      return NULL;
    }
  gint64 rollouts = 0, percent = 0;
  /* the types first: reading a column as text converts it */
  gboolean text_is_text = sqlite3_column_type (st, 8) == SQLITE_TEXT;
  const char *what = NULL, *field = NULL;
  if (sqlite3_column_type (st, 5) != SQLITE_INTEGER)
    {
      what = "the seed is not an integer";
      field = "seed";
    }
  else if (!int_in (st, 6, 1, G_MAXINT, &rollouts))
    {
      what = "the number of rollouts is out of range";
      field = "rollouts";
    }
  else if (!int_in (st, 7, 0, 100, &percent))
    {
      what = "Expert's effort is out of range";
      field = "expert_percent";
    }
  else if (!text_is_text)
    {
      what = "the turns are not text";
      field = "turns";
    }
  if (what)
    {
      damaged (error, self, game_id, what, field);
      return NULL;
    }
  const char *text = (const char *) sqlite3_column_text (st, 8);
  FolAnalysisEffort effort = { (int) rollouts, (int) percent };
  g_autoptr (FolGameAnalysis) a = fol_game_analysis_new (kind ? kind : "", (guint64) sqlite3_column_int64 (st, 5),
                                                         &effort);
  a->method = method;
  g_autofree char *why = NULL;
  if (!turns_from_text (a, text ? text : "", &why) || (why = check_turns (a, n_seats, n_moves)))
    {
      g_autofree char *reason = g_strdup_printf ("its turns cannot be read: %s", why);
      damaged (error, self, game_id, reason, "turns");
      return NULL;
    }
  return g_steal_pointer (&a);
}

FolGameAnalysis *
fol_store_load_analysis (FolStore *self, gint64 game_id, int method, GError **error)
{
  g_return_val_if_fail (FOL_IS_STORE (self), NULL);
  sqlite3 *db = fol_store_get_db (self);
  sqlite3_stmt *st = NULL;
  int rc = sqlite3_prepare_v2 (db,
                    "SELECT g.kind, g.n_seats, g.n_moves, a.game_id, a.game_hash IS g.hash, a.seed, a.rollouts, "
                    "a.expert_percent, a.turns "
                    "FROM games g LEFT JOIN analyses a ON a.game_id = g.id AND a.method = ?2 WHERE g.id = ?1", -1, &st, NULL);
  if (rc == SQLITE_OK)
    {
      sqlite3_bind_int64 (st, 1, game_id);
      sqlite3_bind_int (st, 2, method);
      rc = sqlite3_step (st);
    }
  FolGameAnalysis *a = NULL;
  if (rc == SQLITE_ROW)
    a = read_row (self, st, game_id, method, error);
  else if (rc == SQLITE_DONE)
    not_found (error, game_id);
  else
    fol_store_error_from_sqlite (db, rc, fol_store_get_path (self), "read the analysis", error);
  sqlite3_finalize (st);
  return a;
}
