/* fol-fold.c: when a page's side panel folds away (see fol-fold.h). */
#include "fol-fold.h"

/* The minimum width of @widget, 0 for none. */
static int
min_width (GtkWidget *widget)
{
  int min = 0;
  if (widget && gtk_widget_should_layout (widget))
    gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
  return min;
}

void
fol_fold_measure (GtkWidget *child, AdwFlap *flap, GtkOrientation orientation, int for_size,
                  int *minimum, int *natural, int *minimum_baseline, int *natural_baseline)
{
  gtk_widget_measure (child, orientation, for_size, minimum, natural, minimum_baseline, natural_baseline);
  if (orientation != GTK_ORIENTATION_HORIZONTAL)
    return;
  /* folded, the flap lies over the content: the wider of the two */
  int folded = MAX (min_width (adw_flap_get_content (flap)), min_width (adw_flap_get_flap (flap)));
  *minimum = MIN (*minimum, folded);
  *natural = MAX (*natural, *minimum);
}

/* The natural heights of @first and the widgets after it, summed. */
static int
heights_from (GtkWidget *first, GtkWidget *skip)
{
  int sum = 0;
  for (GtkWidget *w = first; w; w = gtk_widget_get_next_sibling (w))
    {
      if (w == skip || !gtk_widget_should_layout (w))
        continue;
      int nat = 0;
      gtk_widget_measure (w, GTK_ORIENTATION_VERTICAL, -1, NULL, &nat, NULL, NULL);
      sum += nat;
    }
  return sum;
}

int
fol_fold_board_height (AdwFlap *flap, GtkWidget *board_slot, int height)
{
  /* what lies under the flap (a bar across the page) */
  height -= heights_from (gtk_widget_get_next_sibling (GTK_WIDGET (flap)), NULL);
  /* what lies under the board in the flap's content */
  GtkWidget *content = adw_flap_get_content (flap);
  if (content && content != board_slot)
    height -= heights_from (gtk_widget_get_first_child (content), board_slot);
  return MAX (1, height);
}

void
fol_fold_allocate (GtkWidget *child, AdwFlap *flap, int width, int height, int baseline, int board_width)
{
  int content = MAX (board_width, min_width (adw_flap_get_content (flap)));
  int side = min_width (adw_flap_get_flap (flap)) + min_width (adw_flap_get_separator (flap));
  AdwFlapFoldPolicy policy = width < content + side ? ADW_FLAP_FOLD_POLICY_ALWAYS : ADW_FLAP_FOLD_POLICY_NEVER;
  if (adw_flap_get_fold_policy (flap) != policy)
    adw_flap_set_fold_policy (flap, policy);
  gtk_widget_allocate (child, width, height, baseline, NULL);
}
