"""Legacy layer configs and weight layouts -> Keras 3, as plain data: no Keras is imported here.

One module per Keras generation (`keras1`, `keras2`, `tf_keras`), each a table of class renames,
argument renames and value conversions; `semantics` holds the fixes where Keras 3 means something
else by the same words (hard_sigmoid); `weights` converts stored arrays where layouts differ.
`translate_layer` is the one entry point: it applies the tables that fit the file's generation.
"""

from migrate.translate.layers import SourceInfo, TranslatedLayer, translate_layer

__all__ = ["SourceInfo", "TranslatedLayer", "translate_layer"]
