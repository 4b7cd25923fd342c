/* cli.h: the commands of foliage-cli. Each returns the process exit status:
 * 0 success, 1 failure (message on stderr), 2 bad usage. */
#pragma once

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
