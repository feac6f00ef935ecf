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

import libcst as cst
from libcst.codemod.visitors import RemoveImportsVisitor

from migrate.codemod.keras2_helpers import CONTRIB_IMAGE, with_helpers
from migrate.codemod.rule import NAMES, Rule

MODULE = "tensorflow.contrib.image"


class ContribImageOps(Rule):
    NAME = "contrib_image_ops"
    # before the session rules (4, 5; same ORDER, name first), which leave a session running what they take for
    # graph-only ops (contrib's) and would convert it only on a second run
    ORDER = 4
    TRIGGERS = ("contrib",)
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = "tf.contrib.image.rotate / translate / transform -> TF 1.15's functions, written into the file"

    def visit_Module(self, node: cst.Module) -> None:
        self.copied: dict[str, str] = {}

    def visit_Import(self, node: cst.Import) -> bool:
        return False  # a name imported is not a read: the import goes once the reads are replaced

    def visit_ImportFrom(self, node: cst.ImportFrom) -> bool:
        return False

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute) -> cst.BaseExpression:
        return self._replaced(original, updated)

    def leave_Name(self, original: cst.Name, updated: cst.Name) -> cst.BaseExpression:
        return self._replaced(original, updated)

    def _replaced(self, original: cst.BaseExpression, updated: cst.BaseExpression) -> cst.BaseExpression:
        """The helper's name for a read of one of tf.contrib.image's projective transforms, else the node."""
        for name in sorted(self.qualified_names(original)):
            module, _, function = name.rpartition(".")
            if module == MODULE and function in CONTRIB_IMAGE:
                helper, sources = CONTRIB_IMAGE[function]
                self.copied.update(sources)
                self.converted()
                RemoveImportsVisitor.remove_unused_import_by_node(self.context, original)
                return cst.Name(helper)
        return updated

    def leave_Module(self, original: cst.Module, updated: cst.Module) -> cst.Module:
        return with_helpers(self.context, updated, self.copied) if self.copied else updated
