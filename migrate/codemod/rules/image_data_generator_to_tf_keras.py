"""`from keras.preprocessing.image import ImageDataGenerator` -> `tensorflow.keras...` where that computes the same.

Keras 3's `keras` has no ImageDataGenerator; its TensorFlow namespace (`keras/_tf_keras`, what `tensorflow.keras` is
under TensorFlow 2.16+) keeps one, a port of tf.keras 2's. Run with the same seeds against Keras 2.3.1 itself
(tests/codemod/test_image_data_generator_to_tf_keras.py), it gives the same batches, to 1e-6, for flips, rescale,
featurewise and samplewise centering and normalization, channel shifts, a `preprocessing_function`, either data
format, `validation_split`, `flow` (by `next` and by index, as fit reads it) and `flow_from_directory` (every class
mode, grayscale, subsets). It does not for the geometric options: the port builds its affine matrix with x and y
swapped (as tf.keras 2.21 does), so `height_shift_range` moves columns and `width_shift_range` rows, rotations turn
the other way, zoom and shear act on the other axis; nor for `brightness_range` (rounded otherwise) or
`zca_whitening` (another formula). So the import moves only where every `ImageDataGenerator(...)` of the file is
called with keywords, each of those options absent or a literal zero; otherwise it stays, and the report says
why (legacy_import_paths for `keras`, this rule for a `tensorflow.keras` import that Keras 3 runs otherwise).

Runs after image_data_generator_to_layers, which turns a generator fed to fit by `flow(x, y)` into preprocessing
layers and tf.data: what that rule leaves is judged here. A subclass, or a generator built with `**options`, shows
no options: it stays and is reported. The generator spelt from the module (`keras.preprocessing.image.
ImageDataGenerator(...)`, `kr.preprocessing.image...` after `import keras as kr`) is judged the same way: spelt
`tensorflow.keras.preprocessing.image.ImageDataGenerator` where the port computes the same, else reported with why.
"""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m
from libcst.codemod.visitors import AddImportsVisitor

from migrate.codemod.rule import NAMES, Rule
from migrate.codemod.rules.image_data_generator_to_layers import KEPT, REWRITTEN_AWAY, _number
from migrate.codemod.rules.legacy_import_paths import _GENERATORS
from migrate.codemod.syntax import ReadNames, code

LEGACY = "keras.preprocessing.image"
PORT = "tensorflow.keras.preprocessing.image"
CLASS = "ImageDataGenerator"
# Options whose port differs from Keras 2.3.1, and how: each must be absent, or a literal 0 / None / False.
DIFFERS = {"rotation_range": "turns the other way",
           "width_shift_range": "moves rows (x and y swapped in its affine matrix)",
           "height_shift_range": "moves columns (x and y swapped in its affine matrix)",
           "zoom_range": "zooms the other axis", "shear_range": "shears along the other axis",
           "brightness_range": "rounds otherwise", "zca_whitening": "whitens by another formula"}
OFF = ("0", "None", "False")


def differs(call: cst.Call) -> str | None:
    """Why the port would not compute what Keras 2.3.1 did for this `ImageDataGenerator(...)`, or None."""
    if any(arg.keyword is None for arg in call.args):
        return "the generator's arguments are not all keywords"
    for arg in call.args:
        key = arg.keyword.value
        if key in DIFFERS and code(arg.value) not in OFF and _number(arg.value) != 0:
            return f"its {key}=... {DIFFERS[key]} than Keras 2.3.1's"
    return None


class ImageDataGeneratorToTfKeras(Rule):
    NAME = "image_data_generator_to_tf_keras"
    ORDER = 60  # after image_data_generator_to_layers, before legacy_import_paths (which reports what stays)
    TRIGGERS = (CLASS,)
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = "ImageDataGenerator(flips/rescale/centering/...) -> tensorflow.keras's legacy port, the same batches"

    def visit_Module(self, node: cst.Module) -> None:
        uses = ReadNames()
        node.visit(uses)
        spellings = [found for found in [*uses.names, *uses.attributes] if self._is_generator(found)]
        calls = [found for found in m.findall(node, m.Call()) if self._is_generator(found.func)]
        called = {id(call.func) for call in calls}
        self.why = next((why for why in map(differs, calls) if why is not None), None)
        if any(id(found) not in called for found in spellings):  # an import nothing uses moves as it is
            self.why = "the generator is subclassed or passed on (its options are not seen here)"
        if self.why is not None:
            self.context.scratch.setdefault(KEPT, []).append(f"Keras 3's {PORT}.{CLASS} not taken: {self.why}")

    def leave_ImportFrom(self, original: cst.ImportFrom, updated: cst.ImportFrom) -> cst.ImportFrom:
        if updated.module is None or updated.relative or isinstance(updated.names, cst.ImportStar):
            return updated
        module = code(updated.module)
        aliases = [alias for alias in updated.names if code(alias.name) == CLASS]
        if not aliases or module not in (LEGACY, PORT) or f"{module}.{CLASS}" in self.context.scratch.get(REWRITTEN_AWAY, ()):
            return updated  # (image_data_generator_to_layers rewrote every use: the import goes)
        if module == PORT:  # already the port: Keras 3 runs it, but not as Keras 2.3.1 / TF 1's tf.keras did
            if self.why is not None:
                self.report(original, f"{PORT}.{CLASS} in Keras 3 is tf.keras 2.21's, not Keras 2.3.1's nor TF 1's: "
                                      f"{self.why}; check the images it gives, or use preprocessing layers")
            return updated
        if self.why is not None:
            return updated  # legacy_import_paths reports it, with the reason noted above
        self.converted()
        if len(updated.names) == len(aliases):
            return updated.with_changes(module=cst.parse_expression(PORT))
        for alias in aliases:
            AddImportsVisitor.add_needed_import(self.context, PORT, CLASS,
                                                code(alias.asname.name) if alias.asname else None)
        kept = [alias for alias in updated.names if code(alias.name) != CLASS]
        kept[-1] = kept[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
        return updated.with_changes(names=kept)

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute) -> cst.BaseExpression:
        """`kr.preprocessing.image.ImageDataGenerator` (Keras 2's generator spelt from the module, not imported by
        name): the port's full name where it computes what Keras 2.3.1 did, else reported here with why."""
        if original.attr.value != CLASS or f"{LEGACY}.{CLASS}" not in self.qualified_names(original):
            return updated
        if self.why is not None:
            self.report(original, f"{LEGACY}.{CLASS} is gone in Keras 3: {_GENERATORS} (not rewritten: Keras 3's "
                                  f"{PORT}.{CLASS} not taken: {self.why})")
            return updated
        self.converted()
        AddImportsVisitor.add_needed_import(self.context, "tensorflow")
        return cst.parse_expression(f"{PORT}.{CLASS}")

    def _is_generator(self, node: cst.CSTNode) -> bool:
        return any(name in (f"{LEGACY}.{CLASS}", f"{PORT}.{CLASS}") for name in self.qualified_names(node))
