/* par-test-util.h: helpers shared by the tests of the solo par in the
 * window (tests/test-par.c, test-par-ui.c). */
#pragma once

#include <glib.h>
#include "fol-deal-code.h"
#include "summer-par.h"

/* Fills @r with the par the engine's solver gives for @deal at @nodes, in
 * this thread (what the window's worker must give too); free it with
 * summer_par_result_clear(). */
static inline void
par_test_solve (const FolDeal *deal, guint64 nodes, SummerParResult *r)
{
  SummerSetup setup;
  fol_deal_to_summer_setup (deal, &setup);
  SummerState s;
  g_autoptr (GError) error = NULL;
  g_assert_true (summer_state_new_game (&setup, &s, &error));
  SummerParBudget budget = { .nodes = nodes };
  g_assert_true (summer_par_solve (&s, &budget, r, &error));
  g_assert_no_error (error);
}
