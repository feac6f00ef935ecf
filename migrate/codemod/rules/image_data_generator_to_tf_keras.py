"""`from keras.preprocessing.image import ImageDataGenerator` -> `tensorflow.keras...` where that computes the same.

Keras 3's `keras` has no ImageDataGenerator; its TensorFlow namespace (`keras/_tf_keras`, what `tensorflow.keras` is
under TensorFlow 2.16+) keeps one, a port of tf.keras 2's. Run with the same seeds against Keras 2.3.1 itself
(tests/codemod/test_image_data_generator_to_tf_keras.py), it gives the same batches, to 1e-6, for flips, rescale,
featurewise and samplewise centering and normalization, channel shifts, a `preprocessing_function`, either data
format, `validation_split`, `flow` (by `next` and by index, as fit reads it) and `flow_from_directory` (every class
mode, grayscale, subsets). It does not for the geometric options: the port builds its affine matrix with x and y
swapped (as tf.keras 2.21 does) and centred half a pixel otherwise, so `height_shift_range` moves columns and
`width_shift_range` rows, rotations turn the other way, zoom and shear act on the other axis; nor for
`brightness_range`, which scales an image to 0-255 only where it lies outside. A generator with any of those, or
built from options not seen here (`ImageDataGenerator(*args, **options)`, advised), becomes
`Keras2ImageDataGenerator(...)`, the port with Keras 2's affine step and brightness shift, written into the file
(`keras2_helpers.IMAGE_DATA_GENERATOR`): the same random draws, the same batches. An option given by position is
the parameter at its place (the port's order is Keras 2.3.1's). `zca_whitening` (another formula) keeps the import,
and the report says why (legacy_import_paths for `keras`, this rule for a `tensorflow.keras` import that Keras 3
runs otherwise).

Runs after image_data_generator_to_layers, which turns a generator fed to fit by `flow(x, y)` into preprocessing
layers and tf.data: what that rule leaves is judged here. A subclass, or the class passed on, shows no options: it
stays and is reported. The generator spelt from the module (`keras.preprocessing.image.
ImageDataGenerator(...)`, `kr.preprocessing.image...` after `import keras as kr`) is judged the same way: spelt
`tensorflow.keras.preprocessing.image.ImageDataGenerator` where the port computes the same, else as above.

A notebook is rewritten cell by cell, and notebooks import in one cell what a later one builds (`datagen =
ImageDataGenerator()` in cell 15 of dabsdamoon/Anime-Colorization's, the import in cell 2). The import's cell sees
the name only on the line that names what later cells read, and each later cell is judged with the imports of the
cells before it: the import's cell takes the port, and a later cell whose generator the port computes otherwise
(zca_whitening, a subclass) is reported at that generator.
"""
from __future__ import annotations

from collections.abc import Sequence

import libcst as cst
import libcst.matchers as m
from libcst.codemod.visitors import AddImportsVisitor, RemoveImportsVisitor

from migrate.codemod.keras2_helpers import IMAGE_DATA_GENERATOR, with_helpers
from migrate.codemod.notebooks import cell_start, later_cells_names
from migrate.codemod.rule import NAMES, Rule
from migrate.codemod.rules.image_data_generator_to_layers import KEPT, REWRITTEN_AWAY, _number
from migrate.codemod.rules.legacy_import_paths import _GENERATORS
from migrate.codemod.syntax import ReadNames, code

LEGACY = "keras.preprocessing.image"
PORT = "tensorflow.keras.preprocessing.image"
CLASS = "ImageDataGenerator"
# Options whose port differs from Keras 2.3.1, and how: each must be absent, or a literal 0 / None / False, or (those
# of MOVED_BY_HELPER) the generator becomes Keras2ImageDataGenerator, which computes them as Keras 2.3.1 did.
DIFFERS = {"rotation_range": "turns the other way",
           "width_shift_range": "moves rows (x and y swapped in its affine matrix)",
           "height_shift_range": "moves columns (x and y swapped in its affine matrix)",
           "zoom_range": "zooms the other axis", "shear_range": "shears along the other axis",
           "brightness_range": "rounds otherwise", "zca_whitening": "whitens by another formula"}
MOVED_BY_HELPER = frozenset(DIFFERS) - {"zca_whitening"}
OFF = ("0", "None", "False")
# Keras 2.3.1's ImageDataGenerator parameters in order (keras_preprocessing 1.1.2's, and Keras 3's port's: a test
# compares all three): an option given by position is the one at its place here
PARAMETERS = ("featurewise_center", "samplewise_center", "featurewise_std_normalization",
              "samplewise_std_normalization", "zca_whitening", "zca_epsilon", "rotation_range", "width_shift_range",
              "height_shift_range", "brightness_range", "shear_range", "zoom_range", "channel_shift_range", "fill_mode",
              "cval", "horizontal_flip", "vertical_flip", "rescale", "preprocessing_function", "data_format",
              "validation_split", "interpolation_order", "dtype")
UNSEEN = ("its options are not seen here ({options}): Keras2ImageDataGenerator gives Keras 2.3.1's batches for every "
          "option but zca_whitening, which Keras 3's port computes by another formula; check they do not set it")


def _set(arg: cst.Arg) -> bool:
    """Whether an argument turns its option on (not a literal 0, None or False)."""
    return code(arg.value) not in OFF and _number(arg.value) != 0


def _options(call: cst.Call) -> list[tuple[str | None, cst.Arg]]:
    """Each argument of `ImageDataGenerator(...)` with the option it gives (a positional one by its place), None for
    `*args` / `**options`, whose options are not seen."""
    named = []
    for index, arg in enumerate(call.args):
        if arg.star:
            named.append((None, arg))
        elif arg.keyword is not None:
            named.append((arg.keyword.value, arg))
        else:
            named.append((PARAMETERS[index] if index < len(PARAMETERS) else "", arg))
    return named


def differs(call: cst.Call) -> str | None:
    """Why neither the port nor Keras2ImageDataGenerator would compute what Keras 2.3.1 did for this
    `ImageDataGenerator(...)`, or None."""
    for key, arg in _options(call):
        if key == "":
            return "it is given more arguments than Keras 2.3.1's ImageDataGenerator took"
        if key in DIFFERS and key not in MOVED_BY_HELPER and _set(arg):
            return f"its {key}=... {DIFFERS[key]} than Keras 2.3.1's"
    return None


def moves(call: cst.Call) -> bool:
    """Whether this generator rotates, shifts, shears, zooms or shifts brightness, or takes options not seen here
    (`*args`, `**options`): Keras2ImageDataGenerator's work."""
    return any(key is None or key in MOVED_BY_HELPER and _set(arg) for key, arg in _options(call))


def _helper_bases(module: cst.Module) -> set[int]:
    """The base of a Keras2ImageDataGenerator a first run wrote: the port, subclassed, but seen whole."""
    return {id(base.value) for statement in module.body
            if isinstance(statement, cst.ClassDef) and statement.name.value == IMAGE_DATA_GENERATOR[0]
            for base in statement.bases}


def _imported_in_earlier_cell(module: cst.Module) -> bool:
    """A notebook cell whose generator an earlier cell imports by name (the imports of the cells before it stand above
    its first line) and that does not import it itself."""
    start = cell_start(module)
    return start is not None and _imports_class(module.body[:start]) and not _imports_class(module.body[start + 1:])


def _imports_class(statements: Sequence[cst.BaseStatement]) -> bool:
    """Whether the statements import the generator by name (`from ... import ImageDataGenerator`)."""
    return any(code(alias.name) == CLASS for statement in statements
               for found in m.findall(statement, m.ImportFrom()) if not isinstance(found.names, cst.ImportStar)
               for alias in found.names)


class ImageDataGeneratorToTfKeras(Rule):
    NAME = "image_data_generator_to_tf_keras"
    ORDER = 60  # after image_data_generator_to_layers, before legacy_import_paths (which reports what stays)
    TRIGGERS = (CLASS,)
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = ("ImageDataGenerator(flips/rescale/centering/...) -> tensorflow.keras's legacy port, the same batches; "
                   "one that rotates, shifts, shears or zooms -> Keras2ImageDataGenerator (the port, Keras 2's affine step)")

    def visit_Module(self, node: cst.Module) -> None:
        uses = ReadNames()
        node.visit(uses)
        spellings = [found for found in [*uses.names, *uses.attributes] if self._is_generator(found)]
        calls = [found for found in m.findall(node, m.Call()) if self._is_generator(found.func)]
        called = {id(call.func) for call in calls} | _helper_bases(node)
        differing = [(call, why) for call in calls if (why := differs(call)) is not None]
        self.why = differing[0][1] if differing else None
        # a notebook's later cells, named on the cell's last line, were judged in their own cells (below)
        later = later_cells_names(node)  # judged in those cells, each with the imports of the cells before it
        passed = [found for found in spellings if id(found) not in called and id(found) not in later]
        if passed:  # an import nothing uses moves as it is
            self.why = "the generator is subclassed or passed on (its options are not seen here)"
        if self.why is not None and _imported_in_earlier_cell(node):
            # the import's cell takes the port (its later cells' use judged here): what this cell's generator does
            # differently is reported at it
            self.report(passed[0] if passed else differing[0][0],
                        f"{PORT}.{CLASS} (an earlier cell imports it) in Keras 3 is tf.keras 2.21's, not Keras 2.3.1's "
                        f"nor TF 1's: {self.why}; check the images it gives, or use preprocessing layers")
        elif self.why is not None:
            self.context.scratch.setdefault(KEPT, []).append(f"Keras 3's {PORT}.{CLASS} not taken: {self.why}")
        # the calls Keras2ImageDataGenerator takes (by their callee); where they are every use, the import goes
        self.helped = {id(call.func) for call in calls if moves(call)} if self.why is None else set()
        self.every_use_helped = bool(self.helped) and all(id(found) in self.helped for found in spellings)
        self.copied: dict[str, str] = {}

    def leave_ImportFrom(self, original: cst.ImportFrom, updated: cst.ImportFrom) -> cst.ImportFrom:
        if updated.module is None or updated.relative or isinstance(updated.names, cst.ImportStar):
            return updated
        module = code(updated.module)
        aliases = [alias for alias in updated.names if code(alias.name) == CLASS]
        if not aliases or module not in (LEGACY, PORT) or f"{module}.{CLASS}" in self.context.scratch.get(REWRITTEN_AWAY, ()):
            return updated  # (image_data_generator_to_layers rewrote every use: the import goes)
        if self.every_use_helped:  # each generator is Keras2ImageDataGenerator now, which names the port in full
            for alias in aliases:
                RemoveImportsVisitor.remove_unused_import(self.context, module, CLASS,
                                                          code(alias.asname.name) if alias.asname else None)
            self.context.scratch.setdefault(REWRITTEN_AWAY, set()).add(f"{module}.{CLASS}")
            return updated
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
        if original.attr.value != CLASS or f"{LEGACY}.{CLASS}" not in self.qualified_names(original) or \
                id(original) in self.helped:
            return updated
        if self.why is not None:
            self.report(original, f"{LEGACY}.{CLASS} is gone in Keras 3: {_GENERATORS} (not rewritten: Keras 3's "
                                  f"{PORT}.{CLASS} not taken: {self.why})")
            return updated
        self.converted()
        AddImportsVisitor.add_needed_import(self.context, "tensorflow")
        return cst.parse_expression(f"{PORT}.{CLASS}")

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.Call:
        """A generator that rotates, shifts, shears, zooms or shifts brightness, or whose options are a dict:
        Keras2ImageDataGenerator, the same options (for a dict, the advice says which option it cannot take)."""
        if id(original.func) not in self.helped:
            return updated
        self.converted()
        self.copied[IMAGE_DATA_GENERATOR[0]] = IMAGE_DATA_GENERATOR[1]
        unseen = [f"{arg.star}{code(arg.value)}" for arg in original.args if arg.star]
        if unseen:
            self.report(original, UNSEEN.format(options=", ".join(unseen)), advice=True)
        return updated.with_changes(func=cst.Name(IMAGE_DATA_GENERATOR[0]))

    def leave_Module(self, original: cst.Module, updated: cst.Module) -> cst.Module:
        return with_helpers(self.context, updated, self.copied) if self.copied else updated

    def _is_generator(self, node: cst.CSTNode) -> bool:
        return any(name in (f"{LEGACY}.{CLASS}", f"{PORT}.{CLASS}") for name in self.qualified_names(node))
