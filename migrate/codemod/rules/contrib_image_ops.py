"""`tf.contrib.image.rotate(...)` -> `tf1_image_rotate(...)`: TensorFlow 1.15's function, written into the file.

TF 2 has no tf.contrib. Its image module's projective transforms (`rotate`, `translate`, `transform`, and
`angles_to_projective_transforms` / `translations_to_projective_transforms`, which build their matrices) were Python
over one kernel, ImageProjectiveTransformV2, which TF 2 keeps as a raw op with its gradient: TF 1.15's code over that
op computes what TF 1.15 did (`keras2_helpers.CONTRIB_IMAGE`, each with the helpers it calls), eagerly, in a tf.data
map or in a graph. Data augmentation of 2018-2019 rotated its images so (`tf.contrib.image.rotate(image, angle,
interpolation='BILINEAR')`). A read of the name (`rotate = tf.contrib.image.rotate`) is replaced too, and `from
tensorflow.contrib.image import rotate` goes once nothing reads it. The module's other functions
(`sparse_image_warp`, `connected_components`) stay: the last pass reports them.
"""

from __future__ import annotations

from migrate.codemod.keras2_helpers import CONTRIB_IMAGE
from migrate.codemod.rule import NAMES, ReadsToHelpers

MODULE = "tensorflow.contrib.image"


class ContribImageOps(ReadsToHelpers):
    NAME = "contrib_image_ops"
    # before the session rules (4, 5; same ORDER, name first), which leave a session running what they take for
    # graph-only ops (contrib's) and would convert it only on a second run
    ORDER = 4
    TRIGGERS = ("contrib",)
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = "tf.contrib.image.rotate / translate / transform -> TF 1.15's functions, written into the file"

    def helper_for(self, names: set[str]) -> tuple[str, dict[str, str]] | None:
        """The copy of one of tf.contrib.image's projective transforms."""
        for name in sorted(names):
            module, _, function = name.rpartition(".")
            if module == MODULE and function in CONTRIB_IMAGE:
                return CONTRIB_IMAGE[function]
        return None
