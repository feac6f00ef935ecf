"""What a Keras 2.3.1 or tf.keras name that Keras 3 lacks became: the table `tools/keras_names_table.py` derives
from the legacy stacks (`codemod/data/keras_legacy_names.py`), asked by the path user code spells.

`tensorflow._api.v1.keras` (TF 1.x's generated API package, imported by some scripts) is `tensorflow.keras`.
"""

from __future__ import annotations

from dataclasses import dataclass

from migrate.codemod.data.keras_legacy_names import CONSTANTS, LEGACY
from migrate.codemod.names import COMPAT_KERAS, CONTRIB_KERAS, public

PRIVATE_API = "tensorflow._api.v1.keras"
MODULE = "module"
# The condition a substitute needs (tools/keras_names_table.py SUBSTITUTES): only the first argument positional
# (CuDNNLSTM's positional order after `units` is not LSTM's).
UNITS_ONLY = "positional-units-only"


@dataclass(frozen=True)
class Legacy:
    """A legacy name Keras 3 lacks: `target` holds the same object in Keras 3 (None: nothing does; `why` says)."""

    path: str
    target: str | None
    why: str

    @property
    def module(self) -> bool:
        return self.why == MODULE

    @property
    def units_only(self) -> bool:
        return self.why == UNITS_ONLY


def public_api(path: str) -> str:
    """`tensorflow._api.v1.keras.utils` -> `tensorflow.keras.utils`; TensorFlow 1's `tensorflow.compat.v1.keras.X`
    -> `tensorflow.keras.X` too, but for the layers its TF 1 version computes otherwise (`names.public`)."""
    if path == PRIVATE_API or path.startswith(PRIVATE_API + "."):
        return "tensorflow.keras" + path[len(PRIVATE_API):]
    return public(path) if path.startswith((COMPAT_KERAS, *CONTRIB_KERAS)) else path


def legacy(path: str) -> Legacy | None:
    """The table's entry for a dotted path, None where Keras 3 has the name (or it is no Keras name)."""
    path = public_api(path)
    found = LEGACY.get(path)
    return Legacy(path, *found) if found is not None else None


def constant(path: str) -> str | None:
    """The value of a Keras 2 string constant Keras 3 has no public name for (`keras.applications.vgg16.vgg16.
    WEIGHTS_PATH_NO_TOP`, keras_applications' weight URL), or None."""
    return CONSTANTS.get(public_api(path))
