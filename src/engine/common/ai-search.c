/* ai-search.c: effort, time cap and beam selection of the computer players
 * (ai-search.h). */
#include "ai-search.h"

#include <string.h>

int
fol_ai_effort (const FolAiSearch *search, int full, int least)
{
  int pct = search && search->effort_percent > 0 && search->effort_percent < 100 ? search->effort_percent : 100;
  int v = full * pct / 100;
  return v < least ? least : v;
}

bool
fol_ai_stop_now (FolAiSearch *search)
{
  if (search && search->stop && search->stop (search->stop_data))
    {
      search->capped = true;
      return true;
    }
  return false;
}

static int
cand_cmp (gconstpointer pa, gconstpointer pb)
{
  const FolBeamCand *a = pa, *b = pb;
  if (a->h != b->h)
    return a->h < b->h ? 1 : -1;
  return a->order < b->order ? -1 : a->order > b->order;
}

void
fol_beam_keep_children (GArray *children, const FolBeam *beam, GArray *layer)
{
  g_array_sort (children, cand_cmp);
  int kept[FOL_BEAM_MAX_GROUPS] = { 0 };
  for (guint i = 0; i < children->len; i++)
    {
      const FolBeamCand *cd = &g_array_index (children, FolBeamCand, i);
      if (kept[cd->group] < beam->per_parent[cd->group])
        {
          kept[cd->group]++;
          g_array_append_val (layer, *cd);
        }
    }
}

int
fol_beam_width (const FolBeam *beam)
{
  int w = 0;
  for (int g = 0; g < beam->n_groups; g++)
    w += beam->cap[g];
  return w;
}

int
fol_beam_select (GArray *layer, const FolBeam *beam, int *chosen)
{
  g_array_sort (layer, cand_cmp);
  int width = fol_beam_width (beam);
  int n = 0, taken[FOL_BEAM_MAX_GROUPS] = { 0 };
  for (guint i = 0; i < layer->len && n < width; i++)
    {
      const FolBeamCand *cd = &g_array_index (layer, FolBeamCand, i);
      if (taken[cd->group] >= beam->cap[cd->group])
        continue;
      bool dup = false;
      for (int k = 0; k < n && !dup; k++)
        dup = g_array_index (layer, FolBeamCand, chosen[k]).key == cd->key;
      if (dup)
        continue;
      taken[cd->group]++;
      chosen[n++] = (int) i;
    }
  return n;
}

void *
fol_plans_insert (void *plans, size_t size, int *n, int max, double value, uint64_t key)
{
  uint8_t *base = plans;
#define RANK(i) ((FolPlanRank *) (base + (size_t) (i) * size))
  for (int i = 0; i < *n; i++)
    if (RANK (i)->key == key)
      {
        if (RANK (i)->value >= value)
          return NULL;
        memmove (RANK (i), RANK (i + 1), (size_t) (*n - i - 1) * size);
        (*n)--;
        break;
      }
  int at = *n;
  while (at > 0 && RANK (at - 1)->value < value)
    at--;
  if (at >= max)
    return NULL;
  if (*n == max)
    (*n)--;
  memmove (RANK (at + 1), RANK (at), (size_t) (*n - at) * size);
  RANK (at)->value = value;
  RANK (at)->key = key;
  (*n)++;
  return RANK (at);
#undef RANK
}
