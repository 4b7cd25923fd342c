/* fuzz-store-rows.c: saved games whose rows say anything, through the
 * store's load path: fol_store_new() (checks, recovery), the games list,
 * fol_store_load_game(), the model's replay (fol_summer_game_load(),
 * fol_fall_game_load()), campaigns (fol_campaign_load()) and statistics.
 * Nothing may crash, and every failure comes with a GError.
 *
 * Input: text, one item per line, '#' lines are comments.  The rows go
 * into a database of the current schema (made once by fol_store_new() at
 * start), written with SQLite directly, CHECK constraints off, foreign
 * keys not enforced: so a row may hold what the store itself never writes.
 * A VALUE is bound as NULL when it is "null", as an integer when it is
 * one (decimal, 64-bit), else as text.  REST is the rest of the line, text.
 *
 *   game                       starts the next game (ids 1, 2, ...; at most 8)
 *   kind VALUE                 games.kind (default summer)
 *   seed VALUE                 games.seed (default 1)
 *   options REST               one more line of games.options (default none)
 *   status VALUE               games.status (default 0)
 *   hash VALUE                 games.hash; "auto" (the default): the hash the
 *                              engine reaches by replaying the moves, so that
 *                              a sound game loads
 *   created|updated|finished|hints|n_seats|n_moves VALUE
 *                              those columns (defaults 1, 1, null, 0, and
 *                              the counts of the seat and move lines)
 *   seat_names REST            games.seat_names (default: the names, ", ")
 *   seat SEAT HUMAN LEVEL REST a seats row; REST is the name
 *   result SEAT RANK SCORE WON the result of that seats row
 *   detail SEAT KEY VALUE      a seat_details row
 *   move PLY SEAT REST         a moves row; REST is the move text
 *   campaign ID SEED SIDE STATUS RESULT
 *                              a campaigns row
 *   campaign-game ID IDX GAME STACK SCORE WON
 *                              a campaign_games row
 *   user_version VALUE         PRAGMA user_version (the schema version)
 *   drop TABLE                 drops that table (games, seats, moves,
 *                              seat_details, campaigns, campaign_games)
 *
 * Unknown lines and lines with too few words are ignored.
 *
 * The file is writable, so fol_store_new() must open it, whatever its
 * rows (issue 14: a damaged file is moved aside and its readable games
 * carried over, never a lock-out).
 *
 * With FUZZ_VERBOSE set in the environment, each step's outcome is
 * printed (to see how far a seed input gets).
 */
#include "fuzz-util.h"
#include <glib/gstdio.h>
#include <inttypes.h>
#include <sqlite3.h>
#include "fall-notation.h"
#include "fol-campaign.h"
#include "fol-fall-game.h"
#include "fol-store-stats.h"
#include "fol-store.h"
#include "fol-summer-game.h"
#include "summer-notation.h"

#define MAX_GAMES 8
#define MAX_ROWS 2000

static char *dir;                 /* the temporary folder of the database */
static char *db_path;
static GBytes *template_db;       /* an empty database of the current schema */
static gboolean verbose;          /* FUZZ_VERBOSE set: say what each load did */

/* Removes every file of @dir (the database, its -wal and -shm files, the
 * copies a recovery moved aside). */
static void
clear_dir (void)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  while (d && (name = g_dir_read_name (d)))
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_unlink (path);
    }
}

static void
remove_dir (void)
{
  clear_dir ();
  g_rmdir (dir);
}

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  fuzz_init_common ();
  verbose = g_getenv ("FUZZ_VERBOSE") != NULL;
  g_autoptr (GError) error = NULL;
  if (!summer_components_get (&error) || !fall_components_get (&error))
    g_error ("%s", error->message);
  dir = g_dir_make_tmp ("foliage-fuzz-store-XXXXXX", &error);
  if (!dir)
    g_error ("%s", error->message);
  atexit (remove_dir);
  db_path = g_build_filename (dir, "foliage.db", NULL);
  FolStore *store = fol_store_new (db_path, &error);
  if (!store)
    g_error ("%s", error->message);
  g_object_unref (store);
  char *contents;
  gsize len;
  if (!g_file_get_contents (db_path, &contents, &len, &error))
    g_error ("%s", error->message);
  template_db = g_bytes_new_take (contents, len);
  clear_dir ();
  return 0;
}

/* ---- the input ---- */

typedef struct {
  char *words[8];
  int n;
  const char *rest;                /* after the words asked for */
} Line;

typedef struct {
  char *col[16];                   /* games columns as written, NULL: default */
  GString *options;
  GPtrArray *seats;                /* of Line* ("seat ...") */
  GPtrArray *results;
  GPtrArray *details;
  GPtrArray *moves;
} Game;

enum { G_KIND, G_SEED, G_STATUS, G_HASH, G_CREATED, G_UPDATED, G_FINISHED, G_HINTS, G_N_SEATS, G_N_MOVES,
       G_SEAT_NAMES, G_N_COLS };
static const char *const game_cols[G_N_COLS] = {
  "kind", "seed", "status", "hash", "created", "updated", "finished", "hints", "n_seats", "n_moves", "seat_names",
};

/* Splits @text into @n words and the rest; returns NULL when it has fewer. */
static Line *
line_new (const char *text, int n)
{
  Line *l = g_new0 (Line, 1);
  const char *p = text;
  for (l->n = 0; l->n < n; l->n++)
    {
      while (*p == ' ')
        p++;
      const char *e = p;
      while (*e && *e != ' ')
        e++;
      if (e == p)
        break;
      l->words[l->n] = g_strndup (p, (gsize) (e - p));
      p = e;
    }
  if (*p == ' ')
    p++;
  l->rest = p;
  if (l->n < n)
    {
      for (int i = 0; i < l->n; i++)
        g_free (l->words[i]);
      g_free (l);
      return NULL;
    }
  return l;
}

static void
line_free (Line *l)
{
  for (int i = 0; i < l->n; i++)
    g_free (l->words[i]);
  g_free (l);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Line, line_free)

static Game *
game_new (void)
{
  Game *g = g_new0 (Game, 1);
  g->options = g_string_new (NULL);
  g->seats = g_ptr_array_new_with_free_func ((GDestroyNotify) line_free);
  g->results = g_ptr_array_new_with_free_func ((GDestroyNotify) line_free);
  g->details = g_ptr_array_new_with_free_func ((GDestroyNotify) line_free);
  g->moves = g_ptr_array_new_with_free_func ((GDestroyNotify) line_free);
  return g;
}

static void
game_free (Game *g)
{
  for (int i = 0; i < G_N_COLS; i++)
    g_free (g->col[i]);
  g_string_free (g->options, TRUE);
  g_ptr_array_unref (g->seats);
  g_ptr_array_unref (g->results);
  g_ptr_array_unref (g->details);
  g_ptr_array_unref (g->moves);
  g_free (g);
}

/* ---- writing the rows ---- */

static gboolean
is_integer (const char *v, gint64 *out)
{
  return v && g_ascii_string_to_signed (v, 10, G_MININT64, G_MAXINT64, out, NULL);
}

/* Binds @v as NULL, an integer or text (see the top of the file). */
static void
bind_value (sqlite3_stmt *st, int i, const char *v)
{
  gint64 n;
  if (!v || strcmp (v, "null") == 0)
    sqlite3_bind_null (st, i);
  else if (is_integer (v, &n))
    sqlite3_bind_int64 (st, i, n);
  else
    sqlite3_bind_text (st, i, v, -1, SQLITE_TRANSIENT);
}

/* Runs @sql with @n values; a row SQLite refuses (a duplicate key, a
 * missing table) is simply not there. */
static void
run (sqlite3 *db, const char *sql, const char *const *values, int n)
{
  sqlite3_stmt *st = NULL;
  if (sqlite3_prepare_v2 (db, sql, -1, &st, NULL) != SQLITE_OK)
    return;
  for (int i = 0; i < n; i++)
    bind_value (st, i + 1, values[i]);
  sqlite3_step (st);
  sqlite3_finalize (st);
}

static int
compare_ply (gconstpointer a, gconstpointer b)
{
  const Line *x = *(Line *const *) a, *y = *(Line *const *) b;
  gint64 p = 0, q = 0;
  is_integer (x->words[1], &p);
  is_integer (y->words[1], &q);
  return p < q ? -1 : p > q;
}

static gboolean
fall_options (const char *text, FallOptions *opts)
{
  *opts = FALL_OPTIONS_RANDOM;
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  for (int i = 0; lines[i]; i++)
    {
      if (!*lines[i])
        continue;
      if (strcmp (lines[i], "side A") == 0 || strcmp (lines[i], "side B") == 0)
        opts->side = lines[i][5] == 'B';
      else if (strcmp (lines[i], "first-player 1") == 0 || strcmp (lines[i], "first-player 2") == 0)
        opts->first_player = lines[i][13] == '2';
      else if (strcmp (lines[i], "side random") != 0 && strcmp (lines[i], "first-player random") != 0)
        return FALSE;
    }
  return TRUE;
}

/* The hash the engine reaches by replaying @g's moves in ply order, or 0
 * when the game does not replay (then any hash will do). */
static guint64
replayed_hash (const Game *g, GPtrArray *moves)
{
  gint64 seed;
  const char *kind = g->col[G_KIND] ? g->col[G_KIND] : "summer";
  if (!is_integer (g->col[G_SEED] ? g->col[G_SEED] : "1", &seed))
    return 0;
  if (strcmp (kind, "summer") == 0)
    {
      g_autoptr (GString) text = g_string_new (NULL);
      g_string_append_printf (text, "game summer\nseed %" G_GUINT64_FORMAT "\nplayers %u\n%smoves\n",
                              (guint64) seed, g->seats->len, g->options->str);
      for (guint i = 0; i < moves->len; i++)
        g_string_append_printf (text, "%s\n", ((Line *) g_ptr_array_index (moves, i))->rest);
      SummerRecord record;
      if (!summer_record_parse (text->str, &record, NULL))
        return 0;
      SummerState s;
      gboolean ok = summer_record_replay (&record, &s, NULL, NULL);
      summer_record_clear (&record);
      return ok ? summer_state_hash (&s) : 0;
    }
  FallOptions opts;
  if (strcmp (kind, "fall") != 0 || !fall_options (g->options->str, &opts))
    return 0;
  const FallComponents *comps = fall_components ();
  g_autofree FallState *s = g_new0 (FallState, 1);
  fall_state_init (s, comps, (guint64) seed, &opts);
  for (guint i = 0; i < moves->len; i++)
    {
      FallMove m;
      if (!fall_move_parse (comps, ((Line *) g_ptr_array_index (moves, i))->rest, &m, NULL) || !fall_apply (s, &m, NULL))
        return 0;
    }
  return fall_state_hash (s);
}

static void
write_game (sqlite3 *db, const Game *g, int id)
{
  g_autofree char *id_text = g_strdup_printf ("%d", id);
  const char *v[G_N_COLS + 1];
  g_autofree char *n_seats = g_strdup_printf ("%u", g->seats->len);
  g_autofree char *n_moves = g_strdup_printf ("%u", g->moves->len);
  g_autoptr (GString) names = g_string_new (NULL);
  for (guint i = 0; i < g->seats->len; i++)
    g_string_append_printf (names, "%s%s", i ? ", " : "", ((Line *) g_ptr_array_index (g->seats, i))->rest);
  g_autofree char *hash = NULL;
  if (!g->col[G_HASH] || strcmp (g->col[G_HASH], "auto") == 0)
    {
      g_autoptr (GPtrArray) sorted = g_ptr_array_new ();   /* borrows the lines */
      for (guint i = 0; i < g->moves->len; i++)
        g_ptr_array_add (sorted, g_ptr_array_index (g->moves, i));
      g_ptr_array_sort (sorted, compare_ply);
      hash = g_strdup_printf ("%016" PRIx64, replayed_hash (g, sorted));
    }
  const char *defaults[G_N_COLS] = { "summer", "1", "0", hash, "1", "1", NULL, "0", n_seats, n_moves, names->str };
  v[0] = id_text;
  for (int i = 0; i < G_N_COLS; i++)
    v[i + 1] = g->col[i] && (i != G_HASH || !hash) ? g->col[i] : defaults[i];
  run (db, "INSERT INTO games (id, kind, seed, status, hash, created, updated, finished, hints, n_seats, n_moves, "
           "seat_names) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", v, G_N_COLS + 1);
  /* options, and the hash computed, as text even when all digits */
  sqlite3_stmt *st = NULL;
  if (sqlite3_prepare_v2 (db, "UPDATE games SET options = ?, hash = coalesce (?, hash) WHERE id = ?", -1, &st,
                          NULL) == SQLITE_OK)
    {
      sqlite3_bind_text (st, 1, g->options->str, -1, SQLITE_TRANSIENT);
      if (hash)
        sqlite3_bind_text (st, 2, hash, -1, SQLITE_TRANSIENT);
      sqlite3_bind_int (st, 3, id);
      sqlite3_step (st);
      sqlite3_finalize (st);
    }

  for (guint i = 0; i < g->seats->len; i++)
    {
      const Line *l = g_ptr_array_index (g->seats, i);
      const char *sv[] = { id_text, l->words[1], l->rest, l->words[2], l->words[3] };
      run (db, "INSERT INTO seats (game_id, seat, name, human, level) VALUES (?, ?, ?, ?, ?)", sv, 5);
    }
  for (guint i = 0; i < g->results->len; i++)
    {
      const Line *l = g_ptr_array_index (g->results, i);
      const char *rv[] = { l->words[2], l->words[3], l->words[4], id_text, l->words[1] };
      run (db, "UPDATE seats SET rank = ?, score = ?, won = ? WHERE game_id = ? AND seat = ?", rv, 5);
    }
  for (guint i = 0; i < g->details->len; i++)
    {
      const Line *l = g_ptr_array_index (g->details, i);
      const char *dv[] = { id_text, l->words[1], l->words[2], l->words[3] };
      run (db, "INSERT INTO seat_details (game_id, seat, key, value) VALUES (?, ?, ?, ?)", dv, 4);
    }
  for (guint i = 0; i < g->moves->len; i++)
    {
      const Line *l = g_ptr_array_index (g->moves, i);
      sqlite3_stmt *ms = NULL;
      if (sqlite3_prepare_v2 (db, "INSERT INTO moves (game_id, ply, seat, move) VALUES (?, ?, ?, ?)", -1, &ms,
                              NULL) != SQLITE_OK)
        continue;
      sqlite3_bind_int (ms, 1, id);
      bind_value (ms, 2, l->words[1]);
      bind_value (ms, 3, l->words[2]);
      sqlite3_bind_text (ms, 4, l->rest, -1, SQLITE_TRANSIENT);   /* a move is text, even "12" */
      sqlite3_step (ms);
      sqlite3_finalize (ms);
    }
}

/* Writes the database of @text; FALSE when it cannot be opened at all. */
static gboolean
write_rows (const char *text)
{
  g_autoptr (GPtrArray) games = g_ptr_array_new_with_free_func ((GDestroyNotify) game_free);
  g_autoptr (GPtrArray) campaigns = g_ptr_array_new_with_free_func ((GDestroyNotify) line_free);
  g_autoptr (GPtrArray) campaign_games = g_ptr_array_new_with_free_func ((GDestroyNotify) line_free);
  g_autoptr (GPtrArray) pragmas = g_ptr_array_new_with_free_func (g_free);   /* SQL run last */
  g_ptr_array_add (games, game_new ());
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  guint rows = 0;
  for (int i = 0; lines[i] && rows < MAX_ROWS; i++, rows++)
    {
      const char *t = lines[i];
      Game *g = g_ptr_array_index (games, games->len - 1);
      Line *l;
      if (t[0] == '#' || !(l = line_new (t, 1)))
        continue;
      const char *key = l->words[0];
      struct { const char *key; int n; GPtrArray *into; } multi[] = {
        { "seat", 4, g->seats }, { "result", 5, g->results }, { "detail", 4, g->details },
        { "move", 3, g->moves }, { "campaign", 6, campaigns }, { "campaign-game", 7, campaign_games },
      };
      gboolean done = FALSE;
      for (guint k = 0; k < G_N_ELEMENTS (multi) && !done; k++)
        if (strcmp (key, multi[k].key) == 0)
          {
            Line *full = line_new (t, multi[k].n);
            if (full)
              g_ptr_array_add (multi[k].into, full);
            done = TRUE;
          }
      if (!done && strcmp (key, "user_version") == 0)
        {
          g_autoptr (Line) value = line_new (t, 2);
          gint64 v;
          if (value && is_integer (value->words[1], &v))
            g_ptr_array_add (pragmas, g_strdup_printf ("PRAGMA user_version = %" G_GINT64_FORMAT, v));
          done = TRUE;
        }
      if (!done && strcmp (key, "drop") == 0)
        {
          static const char *const tables[] = { "games", "seats", "moves", "seat_details", "campaigns",
                                                "campaign_games" };
          g_autoptr (Line) table = line_new (t, 2);
          for (guint k = 0; table && k < G_N_ELEMENTS (tables); k++)
            if (strcmp (table->words[1], tables[k]) == 0)
              g_ptr_array_add (pragmas, g_strdup_printf ("DROP TABLE %s", tables[k]));
          done = TRUE;
        }
      if (!done && strcmp (key, "game") == 0 && games->len < MAX_GAMES)
        g_ptr_array_add (games, game_new ());
      else if (!done && strcmp (key, "options") == 0)
        g_string_append_printf (g->options, "%s\n", l->rest);
      else if (!done)
        for (int c = 0; c < G_N_COLS; c++)
          if (strcmp (key, game_cols[c]) == 0)
            {
              g_autoptr (Line) value = line_new (t, 2);
              g_free (g->col[c]);
              g->col[c] = g_strdup (c == G_SEAT_NAMES ? l->rest : value ? value->words[1] : "");
            }
      line_free (l);
    }

  gsize len;
  const void *bytes = g_bytes_get_data (template_db, &len);
  FILE *f = fopen (db_path, "wb");
  if (!f || fwrite (bytes, 1, len, f) != len || fclose (f) != 0)
    g_error ("cannot write %s", db_path);

  sqlite3 *db = NULL;
  if (sqlite3_open_v2 (db_path, &db, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK)
    {
      sqlite3_close (db);
      return FALSE;
    }
  sqlite3_exec (db, "PRAGMA synchronous = OFF; PRAGMA ignore_check_constraints = ON; BEGIN", NULL, NULL, NULL);
  for (guint i = 0; i < games->len; i++)
    write_game (db, g_ptr_array_index (games, i), (int) i + 1);
  for (guint i = 0; i < campaigns->len; i++)
    {
      const Line *l = g_ptr_array_index (campaigns, i);
      const char *cv[] = { l->words[1], l->words[2], l->words[3], l->words[4], l->words[5] };
      run (db, "INSERT INTO campaigns (id, seed, side, status, result, created, updated) VALUES (?, ?, ?, ?, ?, 1, 1)",
           cv, 5);
    }
  for (guint i = 0; i < campaign_games->len; i++)
    {
      const Line *l = g_ptr_array_index (campaign_games, i);
      const char *cv[] = { l->words[1], l->words[2], l->words[3], l->words[4], l->words[5], l->words[6] };
      run (db, "INSERT INTO campaign_games (campaign_id, idx, game_id, stack, score, won) VALUES (?, ?, ?, ?, ?, ?)",
           cv, 6);
    }
  for (guint i = 0; i < pragmas->len; i++)
    sqlite3_exec (db, g_ptr_array_index (pragmas, i), NULL, NULL, NULL);
  sqlite3_exec (db, "COMMIT", NULL, NULL, NULL);
  sqlite3_close (db);
  return TRUE;
}

/* ---- loading ---- */

#define EXPECT_ERROR(result, error, what)                                     \
  G_STMT_START {                                                              \
    if (verbose)                                                              \
      fprintf (stderr, "%s: %s\n", what, (error) ? (error)->message : "ok");   \
    if (!(result) && !(error))                                                \
      fuzz_fail ("%s failed without an error", what);                         \
    if ((result) && (error))                                                  \
      fuzz_fail ("%s succeeded with the error %s", what, (error)->message);   \
  } G_STMT_END

static void
load_everything (FolStore *store)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) list = fol_store_list_games (store, -1, &error);
  EXPECT_ERROR (list, error, "listing the games");
  g_clear_error (&error);

  for (guint i = 0; list && i < list->len; i++)
    {
      const FolGameSummary *summary = &g_array_index (list, FolGameSummary, i);
      FolSavedGame *saved = fol_store_load_game (store, summary->id, &error);
      EXPECT_ERROR (saved, error, "loading a game's rows");
      g_clear_error (&error);
      if (saved)
        {
          if (saved->n_seats > 0 && !saved->seats)
            fuzz_fail ("a saved game with %u seats and no seat", saved->n_seats);
          for (int ply = 1; ply <= fol_saved_game_get_n_moves (saved); ply++)
            if (!fol_saved_game_get_move (saved, ply))
              fuzz_fail ("saved move %d of %d missing", ply, fol_saved_game_get_n_moves (saved));
          fol_saved_game_unref (saved);
        }

      FolGame *game = NULL;
      if (g_strcmp0 (summary->kind, "fall") == 0)
        game = (FolGame *) fol_fall_game_load (store, summary->id, &error);
      else
        game = (FolGame *) fol_summer_game_load (store, summary->id, &error);
      EXPECT_ERROR (game, error, "loading a game");
      g_clear_error (&error);
      if (game)
        {
          guint n = fol_game_get_n_moves (game);
          for (guint ply = 0; ply < n; ply++)   /* 0-based here */
            {
              int seat = -1;
              if (!fol_game_get_move (game, ply, &seat) || seat < 0 || (guint) seat >= fol_game_get_n_seats (game))
                fuzz_fail ("move %u of a loaded game has no text or seat %d", ply + 1, seat);
            }
          g_object_unref (game);
        }
    }

  gint64 latest = fol_store_get_latest_unfinished (store, NULL, &error);
  if (latest != 0 && error)
    fuzz_fail ("the latest game found with the error %s", error->message);
  g_clear_error (&error);

  GPtrArray *campaigns = fol_store_list_campaigns (store, &error);
  EXPECT_ERROR (campaigns, error, "listing the campaigns");
  g_clear_error (&error);
  for (guint i = 0; campaigns && i < campaigns->len; i++)
    {
      const FolSavedCampaign *c = g_ptr_array_index (campaigns, i);
      FolSavedCampaign *saved = fol_store_load_campaign (store, c->id, &error);
      EXPECT_ERROR (saved, error, "loading a campaign's rows");
      g_clear_error (&error);
      if (saved)
        fol_saved_campaign_unref (saved);
      FolCampaign *campaign = fol_campaign_load (store, c->id, &error);
      EXPECT_ERROR (campaign, error, "loading a campaign");
      g_clear_error (&error);
      if (campaign)
        {
          gboolean forfeit;
          fol_campaign_get_result (campaign, &forfeit);
          g_object_unref (campaign);
        }
    }
  if (campaigns)
    g_ptr_array_unref (campaigns);

  FolStoreStats *stats = fol_store_get_stats (store, &error);
  EXPECT_ERROR (stats, error, "the statistics");
  if (stats)
    fol_store_stats_free (stats);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autofree char *text = fuzz_text (data, MIN (size, FUZZ_MAX_INPUT));
  clear_dir ();
  if (write_rows (text))
    {
      g_autoptr (GError) error = NULL;
      FolStore *store = fol_store_new (db_path, &error);
      EXPECT_ERROR (store, error, "opening the store");
      if (!store)
        fuzz_fail ("the store refuses to open: %s", error->message);
      load_everything (store);
      g_object_unref (store);
    }
  clear_dir ();
  return 0;
}
