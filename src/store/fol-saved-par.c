/* fol-saved-par.c: the cache of solo pars in the store (fol-saved-par.h).
 * The row (fol-store-migrations.c, version 7) keeps the figures in
 * columns and the line as its moves joined by '\n'.  Not a hot path: the
 * statements are prepared per call. */
#include "config.h"
#include "fol-saved-par.h"
#include "fol-store-private.h"

#include <string.h>

/* The longest deal code stored (a code is about 20 characters). */
#define DEAL_MAX 64

FolSavedPar *
fol_saved_par_new (void)
{
  return g_new0 (FolSavedPar, 1);
}

void
fol_saved_par_free (FolSavedPar *par)
{
  if (par == NULL)
    return;
  g_free (par->deal);
  g_strfreev (par->line);
  g_free (par);
}

/* What is wrong with @par, naming its column in *@field, or NULL when every
 * field is in range (fol-saved-par.h, FolSavedPar). */
static char *
check_par (const FolSavedPar *par, const char **field)
{
  if (par->deal == NULL || par->deal[0] == '\0' || strlen (par->deal) > DEAL_MAX
      || !g_utf8_validate (par->deal, -1, NULL))
    {
      *field = "deal";
      return g_strdup_printf ("the deal code is empty, longer than %d characters or not text", DEAL_MAX);
    }
  if (par->solver < 1)
    {
      *field = "solver";
      return g_strdup_printf ("the solver version %d is not one", par->solver);
    }
  if (par->budget < 1 || par->budget > G_MAXINT64)
    {
      *field = "budget";
      return g_strdup_printf ("the node budget %" G_GUINT64_FORMAT " is out of range", par->budget);
    }
  if (par->score < FOL_SAVED_PAR_SCORE_MIN || par->score > FOL_SAVED_PAR_SCORE_MAX)
    {
      *field = "par";
      return g_strdup_printf ("the par %d is not a score of a solo game", par->score);
    }
  if (!par->won != (par->score < 0))
    {
      *field = "won";
      return g_strdup_printf ("a par of %d cannot be a game %s", par->score, par->won ? "won" : "lost");
    }
  if (par->nodes > G_MAXINT64)
    {
      *field = "nodes";
      return g_strdup ("the number of nodes is out of range");
    }
  if (par->expert_score < FOL_SAVED_PAR_SCORE_MIN || par->expert_score > par->score)
    {
      *field = "expert_score";
      return g_strdup_printf ("the Expert level's score %d is not a score at most the par (%d)", par->expert_score,
                              par->score);
    }
  *field = "line";
  if (par->line == NULL || par->line[0] == NULL)
    return g_strdup ("the line has no move");
  for (int i = 0; par->line[i]; i++)
    if (par->line[i][0] == '\0' || strchr (par->line[i], '\n') || !g_utf8_validate (par->line[i], -1, NULL))
      return g_strdup_printf ("move %d of the line is empty, holds a line break or is not text", i + 1);
  *field = NULL;
  return NULL;
}

gboolean
fol_store_save_par (FolStore *self, const FolSavedPar *par, GError **error)
{
  g_return_val_if_fail (FOL_IS_STORE (self), FALSE);
  g_return_val_if_fail (par != NULL, FALSE);
  const char *field = NULL;
  g_autofree char *why = check_par (par, &field);
  if (why)
    {
      g_set_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_INVALID, "The par cannot be stored: %s (pars.%s)", why,
                   field);
      return FALSE;
    }
  g_autofree char *line = g_strjoinv ("\n", par->line);
  sqlite3 *db = fol_store_get_db (self);
  sqlite3_stmt *st = NULL;
  int rc = sqlite3_prepare_v2 (db,
                    "INSERT OR REPLACE INTO pars "
                    "(deal, solver, budget, par, won, proven, nodes, expert_score, line, created) "
                    "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)", -1, &st, NULL);
  if (rc == SQLITE_OK)
    {
      sqlite3_bind_text (st, 1, par->deal, -1, SQLITE_STATIC);
      sqlite3_bind_int (st, 2, par->solver);
      sqlite3_bind_int64 (st, 3, (gint64) par->budget);
      sqlite3_bind_int (st, 4, par->score);
      sqlite3_bind_int (st, 5, par->won ? 1 : 0);
      sqlite3_bind_int (st, 6, par->proven ? 1 : 0);
      sqlite3_bind_int64 (st, 7, (gint64) par->nodes);
      sqlite3_bind_int (st, 8, par->expert_score);
      sqlite3_bind_text (st, 9, line, -1, SQLITE_STATIC);
      sqlite3_bind_int64 (st, 10, g_get_real_time ());
      rc = sqlite3_step (st);
    }
  gboolean ok = rc == SQLITE_DONE;
  if (!ok)
    fol_store_error_from_sqlite (db, rc, fol_store_get_path (self), "save the par", error);
  sqlite3_finalize (st);
  return ok;
}

/* The integer column @col, FALSE when it holds another type. */
static gboolean
int_column (sqlite3_stmt *st, int col, gint64 *out)
{
  if (sqlite3_column_type (st, col) != SQLITE_INTEGER)
    return FALSE;
  *out = sqlite3_column_int64 (st, col);
  return TRUE;
}

/* CORRUPT: "The par of deal D in “PATH” is damaged: WHAT (pars.FIELD)" */
static void
damaged (GError **error, FolStore *self, const char *deal, const char *what, const char *field)
{
  g_autofree char *quote = fol_quote (deal);
  g_set_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_CORRUPT,
               "The stored par of deal %s in “%s” is damaged: %s (pars.%s)", quote, fol_store_get_path (self), what,
               field);
}

/* The row of @st (par, won, proven, nodes, expert_score, line, created)
 * into a new par of @deal, @solver and @budget. */
static FolSavedPar *
read_row (FolStore *self, sqlite3_stmt *st, const char *deal, int solver, guint64 budget, GError **error)
{
  static const char *const columns[] = { "par", "won", "proven", "nodes", "expert_score", "line", "created" };
  gint64 v[G_N_ELEMENTS (columns)] = { 0 };
  for (int c = 0; c < (int) G_N_ELEMENTS (columns); c++)
    {
      /* the types first: reading a column as text converts it */
      gboolean is_line = c == 5;
      gboolean ok = is_line ? sqlite3_column_type (st, c) == SQLITE_TEXT : int_column (st, c, &v[c]);
      if (ok && !is_line && c >= 1 && c <= 2)
        ok = v[c] == 0 || v[c] == 1;
      if (ok && c == 3)
        ok = v[c] >= 0;
      if (!ok)
        {
          damaged (error, self, deal, is_line ? "it is not text" : "it is not an integer in its range", columns[c]);
          return NULL;
        }
    }
  g_autoptr (FolSavedPar) par = fol_saved_par_new ();
  par->deal = g_strdup (deal);
  par->solver = solver;
  par->budget = budget;
  par->score = (int) CLAMP (v[0], G_MININT, G_MAXINT);
  par->won = v[1] == 1;
  par->proven = v[2] == 1;
  par->nodes = (guint64) v[3];
  par->expert_score = (int) CLAMP (v[4], G_MININT, G_MAXINT);
  par->created = v[6];
  const char *line = (const char *) sqlite3_column_text (st, 5);
  par->line = g_strsplit (line ? line : "", "\n", -1);
  if (line && line[0] == '\0')
    g_clear_pointer (&par->line, g_strfreev);   /* "" is no move, not one empty move */
  const char *field = NULL;
  g_autofree char *why = check_par (par, &field);
  if (why)
    {
      g_autofree char *elided = fol_store_elide (why, line);
      damaged (error, self, deal, elided, field);
      return NULL;
    }
  return g_steal_pointer (&par);
}

FolSavedPar *
fol_store_load_par (FolStore *self, const char *deal, int solver, guint64 budget, GError **error)
{
  g_return_val_if_fail (FOL_IS_STORE (self), NULL);
  g_return_val_if_fail (deal != NULL, NULL);
  sqlite3 *db = fol_store_get_db (self);
  sqlite3_stmt *st = NULL;
  int rc = sqlite3_prepare_v2 (db,
                    "SELECT par, won, proven, nodes, expert_score, line, created FROM pars "
                    "WHERE deal = ?1 AND solver = ?2 AND budget = ?3", -1, &st, NULL);
  if (rc == SQLITE_OK)
    {
      sqlite3_bind_text (st, 1, deal, -1, SQLITE_STATIC);
      sqlite3_bind_int (st, 2, solver);
      sqlite3_bind_int64 (st, 3, (gint64) MIN (budget, (guint64) G_MAXINT64));
      rc = sqlite3_step (st);
    }
  FolSavedPar *par = NULL;
  if (rc == SQLITE_ROW)
    par = read_row (self, st, deal, solver, budget, error);
  else if (rc == SQLITE_DONE)
    {
      g_autofree char *quote = fol_quote (deal);
      g_set_error (error, FOL_STORE_ERROR, FOL_STORE_ERROR_NOT_FOUND,
                   "No par of deal %s is stored for solver %d and %" G_GUINT64_FORMAT " nodes", quote, solver, budget);
    }
  else
    fol_store_error_from_sqlite (db, rc, fol_store_get_path (self), "read the par", error);
  sqlite3_finalize (st);
  return par;
}
