/* cli.h: the commands of foliage-cli. Each returns the process exit status:
 * 0 success, 1 failure (message on stderr), 2 bad usage. */
#pragma once

#include <glib.h>

typedef int (*FolCliRun) (int argc, char **argv);

typedef struct {
  const char *name;      /* one or two words: "replay", "selfplay summer" */
  FolCliRun run;         /* gets argv[0] = "foliage-cli NAME", then the options */
  const char *summary;
} FolCliCommand;

int fol_cli_summer_selfplay (int argc, char **argv);
int fol_cli_summer_replay (int argc, char **argv);
int fol_cli_summer_show (int argc, char **argv);
int fol_cli_summer_bench (int argc, char **argv);
int fol_cli_data_check (int argc, char **argv);
/* cli-render.c */
int fol_cli_render_summer (int argc, char **argv);
/**
 * fol_cli_take_ply:
 * @ply: the value of a render command's --ply, or G_MININT when not given
 * @has_record: a record (POSITION) was named
 * @n_moves: (inout): the --moves value, -1 when not given; set to @ply
 * Returns: FALSE (the reason said on stderr: exit status 2) when --ply is
 *   given without a record or with --moves.
 */
gboolean fol_cli_take_ply (int ply, gboolean has_record, int *n_moves);
/**
 * fol_cli_check_ply:
 * @file: the record, for the message
 * @ply: the ply asked for with --ply
 * @n_plies: the moves the record has
 * Returns: TRUE when @ply is 0 (the set-up) .. @n_plies, else FALSE with
 *   the range said on stderr (exit status 2).
 */
gboolean fol_cli_check_ply (const char *file, int ply, guint n_plies);
/* cli-deal.c */
int fol_cli_deal (int argc, char **argv);
/* cli-render-fall.c */
int fol_cli_render_fall (int argc, char **argv);


/* Fall (cli-fall.c) */
int fol_cli_fall_selfplay (int argc, char **argv);
int fol_cli_fall_score (int argc, char **argv);
int fol_cli_fall_bench (int argc, char **argv);

/* Both games (cli-match.c) */
int fol_cli_match (int argc, char **argv);
/* cli-soak.c */
int fol_cli_soak (int argc, char **argv);
/* cli-analyse.c */
int fol_cli_analyse (int argc, char **argv);

/* cli-par.c: the par of solo Indian Summer deals (summer-par.h) */
int fol_cli_par (int argc, char **argv);

/* The database given with --db (any command), or NULL for the default. */
extern const char *fol_cli_db_path;

/* cli-store.c */
int fol_cli_games (int argc, char **argv);
int fol_cli_resume (int argc, char **argv);
int fol_cli_stats (int argc, char **argv);
int fol_cli_campaign_new (int argc, char **argv);
int fol_cli_campaign_play (int argc, char **argv);
int fol_cli_campaign_show (int argc, char **argv);
int fol_cli_store_bench (int argc, char **argv);

/* Opens the store of --db (or the default one), telling on stderr when a
 * damaged database was moved aside.  Returns: (transfer full) (nullable). */
typedef struct _FolStore FolStore;
FolStore *fol_cli_open_store (void);
