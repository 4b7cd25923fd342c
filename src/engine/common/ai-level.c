/* ai-level.c: names of the computer levels (ai-level.h). */
#include "ai-level.h"

#include <glib.h>

static const char *const level_names[FOL_N_AI_LEVELS] = {
  "easy", "normal", "hard", "expert", "random", "greedy",
};

int
fol_ai_level_parse (const char *name)
{
  if (name == NULL)
    return -1;
  for (int i = 0; i < FOL_N_AI_LEVELS; i++)
    if (g_ascii_strcasecmp (name, level_names[i]) == 0)
      return i;
  return -1;
}

const char *
fol_ai_level_name (int level)
{
  return level >= 0 && level < FOL_N_AI_LEVELS ? level_names[level] : "?";
}
