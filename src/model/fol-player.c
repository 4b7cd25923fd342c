/* fol-player.c: FolPlayer. */
#include "fol-player.h"

struct _FolPlayer
{
  GObject parent_instance;
  char *name;
  gboolean human;
  int level;
};

G_DEFINE_FINAL_TYPE (FolPlayer, fol_player, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_NAME,
  PROP_HUMAN,
  PROP_LEVEL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
fol_player_finalize (GObject *object)
{
  FolPlayer *self = FOL_PLAYER (object);
  g_free (self->name);
  G_OBJECT_CLASS (fol_player_parent_class)->finalize (object);
}

static void
fol_player_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  FolPlayer *self = FOL_PLAYER (object);
  switch (prop_id)
    {
    case PROP_NAME: g_value_set_string (value, self->name); break;
    case PROP_HUMAN: g_value_set_boolean (value, self->human); break;
    case PROP_LEVEL: g_value_set_int (value, self->level); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
fol_player_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  FolPlayer *self = FOL_PLAYER (object);
  switch (prop_id)
    {
    case PROP_NAME:
      g_free (self->name);
      self->name = g_value_dup_string (value);
      break;
    case PROP_HUMAN: self->human = g_value_get_boolean (value); break;
    case PROP_LEVEL: self->level = g_value_get_int (value); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
fol_player_class_init (FolPlayerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  object_class->finalize = fol_player_finalize;
  object_class->get_property = fol_player_get_property;
  object_class->set_property = fol_player_set_property;
  properties[PROP_NAME] = g_param_spec_string ("name", NULL, NULL, NULL,
                                               G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_HUMAN] = g_param_spec_boolean ("human", NULL, NULL, TRUE,
                                                 G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_LEVEL] = g_param_spec_int ("level", NULL, NULL, 0, 100, 0,
                                             G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
fol_player_init (FolPlayer *self)
{
}

FolPlayer *
fol_player_new (const char *name, gboolean human, int level)
{
  return g_object_new (FOL_TYPE_PLAYER, "name", name, "human", human, "level", level, NULL);
}

const char *
fol_player_get_name (FolPlayer *self)
{
  g_return_val_if_fail (FOL_IS_PLAYER (self), NULL);
  return self->name;
}

gboolean
fol_player_get_human (FolPlayer *self)
{
  g_return_val_if_fail (FOL_IS_PLAYER (self), FALSE);
  return self->human;
}

int
fol_player_get_level (FolPlayer *self)
{
  g_return_val_if_fail (FOL_IS_PLAYER (self), 0);
  return self->level;
}
