"""`ImageDataGenerator(...)` whose `.flow(x, y, batch_size=b)` feeds fit -> preprocessing layers and a tf.data pipeline.

Keras 3.15 has no ImageDataGenerator. A generator that only rotates, shifts by a fraction of the image, flips
and rescales has layers doing the same: `rotation_range=d` -> `RandomRotation(d / 360)` (both draw a uniform
angle in [-d, d] degrees), `width_shift_range=w` / `height_shift_range=h` with 0 < w, h < 1 ->
`RandomTranslation(h, w)` (a uniform fraction of the width and height; Keras 2 read a value >= 1 as pixels and an
integer as a discrete choice: not rewritten), `horizontal_flip` / `vertical_flip` -> `RandomFlip`, one per axis
(each drawn apart, as Keras 2 did), `rescale=s` -> `Rescaling(s)` after the transforms, as Keras 2's
`standardize` ran after `random_transform`. The generator's fill (`fill_mode`, default 'nearest'; `cval`) is
passed on (the layers default to 'reflect'); both sides interpolate bilinearly (Keras 2's spline order 1). One
difference remains: Keras 2 applied rotation and shift as one affine resampling, the layers resample once each.

`gen.flow(x, y, batch_size=b)` becomes `tf.data.Dataset.from_tensor_slices((x, y)).shuffle(len(x)).batch(b)`
mapped through the layers (on images cast to `keras.backend.floatx()`, as the generator's `np.asarray(x,
dtype=floatx)` did), and `.repeat()` when fit has `steps_per_epoch` (the generator was endless, reshuffled each
pass; with no steps an epoch is one pass, as `len(generator)` batches were). `gen.fit(x)` computes statistics
only the featurewise options use: without them it goes. Only a generator assigned once, used only by such
calls, and built only from these options is rewritten; anything else (featurewise or ZCA statistics, zoom,
shear, a subclassed Iterator, `flow_from_directory`) keeps its import, which `legacy_import_paths` reports.
"""

from __future__ import annotations

import ast

import libcst as cst
from libcst.codemod.visitors import AddImportsVisitor, RemoveImportsVisitor

from migrate.codemod.rule import NAMES, DropsStatements
from migrate.codemod.syntax import ReadNames, code, imported_as, module_alias, other_bindings

GENERATOR = "preprocessing.image.ImageDataGenerator"
MODULES = ("keras.", "tensorflow.keras.")
FILL_MODES = ("nearest", "constant", "reflect", "wrap")
# Options that change nothing at these values (Keras 2's defaults, written out): False, 0 or None.
OFF = {"featurewise_center": "False", "samplewise_center": "False", "featurewise_std_normalization": "False",
       "samplewise_std_normalization": "False", "zca_whitening": "False", "channel_shift_range": 0,
       "shear_range": 0, "zoom_range": 0, "brightness_range": "None", "preprocessing_function": "None",
       # the image layout Keras was configured with (the layers' own default), bilinear resampling (the layers'),
       # no split (a fraction only `flow(subset=...)` reads), the configured float type (the pipeline's cast)
       "data_format": "None", "interpolation_order": 1, "validation_split": 0, "dtype": "None"}
# Options read only with another one that must be off here: ZCA's epsilon (Keras 2's cifar10_cnn.py example writes
# `zca_epsilon=1e-06` with `zca_whitening=False`).
UNREAD = frozenset({"zca_epsilon"})
FITS = ("fit", "fit_generator")
REWRITTEN_AWAY = "rewritten_away"  # scratch key: full names whose imports go (legacy_import_paths stays quiet)
KEPT = "generators_kept"  # scratch key: why each generator was not rewritten (legacy_import_paths says it)


def _number(node: cst.BaseExpression) -> float | None:
    """The value of a numeric literal expression (`15`, `5./32`, `-0.1`), else None."""
    try:
        tree = ast.parse(code(node), mode="eval").body
    except SyntaxError:
        return None
    allowed = (ast.Constant, ast.BinOp, ast.UnaryOp, ast.Add, ast.Sub, ast.Mult, ast.Div, ast.USub, ast.UAdd)
    if not all(isinstance(part, allowed) for part in ast.walk(tree)):
        return None
    try:
        value = eval(compile(ast.Expression(tree), "<number>", "eval"), {"__builtins__": {}})  # numbers only
    except (ArithmeticError, TypeError):
        return None
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def _operand(node: cst.BaseExpression) -> str:
    text = code(node)
    return text if isinstance(node, (cst.Integer, cst.Float, cst.Name)) else f"({text})"


# Why an option set to anything but its default keeps the generator (the leftover's message says it).
WHY = {"featurewise_center": "needs statistics of the data (gen.fit)",
       "featurewise_std_normalization": "needs statistics of the data (gen.fit)",
       "zca_whitening": "needs statistics of the data (gen.fit)",
       "samplewise_center": "has no preprocessing layer", "samplewise_std_normalization": "has no preprocessing layer",
       "zoom_range": "has no exact layer (Keras 2 drew the width and height zoom apart)",
       "shear_range": "has no exact layer (RandomShear draws its own way)",
       "channel_shift_range": "has no exact layer", "brightness_range": "has no exact layer",
       "preprocessing_function": "runs Python code on each image"}


def layers_for(call: cst.Call, keras: str) -> tuple[list[str] | None, str]:
    """The preprocessing layers doing what `ImageDataGenerator(...)` does, or None and why not, when an option
    has no exact layer (or is not written as a literal the rule can judge)."""
    options = {arg.keyword.value: arg.value for arg in call.args if arg.keyword is not None}
    if len(options) != len(call.args):
        return None, "its arguments are not all keywords"
    fill: list[str] = []
    for key, value in options.items():
        if key in OFF and (code(value) == OFF[key] or _number(value) == OFF[key]):
            continue
        if key in UNREAD and _number(value) is not None:
            continue
        if key == "fill_mode" and isinstance(value, cst.SimpleString) and value.evaluated_value in FILL_MODES:
            continue
        if key == "cval" and _number(value) is not None:
            continue
        if key in ("horizontal_flip", "vertical_flip") and code(value) in ("True", "False"):
            continue
        if key == "rotation_range" and _number(value) is not None and _number(value) >= 0:
            continue
        if key in ("width_shift_range", "height_shift_range") and _number(value) is not None and 0 <= _number(value) < 1:
            continue
        if key == "rescale" and (_number(value) is not None or code(value) == "None"):
            continue
        if key in ("width_shift_range", "height_shift_range") and _number(value) is not None:
            return None, f"{key}={code(value)} is in pixels (Keras 2 read a value >= 1 so)"
        return None, f"{key}=... {WHY.get(key, 'is not a literal migrate can judge')}"
    mode = options.get("fill_mode")
    fill.append(f"fill_mode={code(mode)}" if mode is not None else 'fill_mode="nearest"')
    if "cval" in options and _number(options["cval"]):
        fill.append(f"fill_value={code(options['cval'])}")
    layers = []
    if _number(options.get("rotation_range", cst.Integer("0"))):
        layers.append(f"{keras}.layers.RandomRotation({_operand(options['rotation_range'])} / 360, {', '.join(fill)})")
    width, height = options.get("width_shift_range"), options.get("height_shift_range")
    if (width is not None and _number(width)) or (height is not None and _number(height)):
        factors = [code(value) if value is not None and _number(value) else "0" for value in (height, width)]
        layers.append(f"{keras}.layers.RandomTranslation({', '.join(factors)}, {', '.join(fill)})")
    for key, mode_name in (("horizontal_flip", "horizontal"), ("vertical_flip", "vertical")):
        if key in options and code(options[key]) == "True":
            layers.append(f'{keras}.layers.RandomFlip("{mode_name}")')
    if "rescale" in options and _number(options["rescale"]):
        layers.append(f"{keras}.layers.Rescaling({code(options['rescale'])})")
    return layers, ""


class _Uses(ReadNames):
    """Where a module spells a name: every Name (not attribute names or keywords), and the calls of fit."""

    def __init__(self) -> None:
        super().__init__()
        self.fits: list[cst.Call] = []
        self.statements: list[cst.SimpleStatementLine] = []

    def visit_Call(self, node: cst.Call) -> None:
        if isinstance(node.func, cst.Attribute) and node.func.attr.value in FITS:
            self.fits.append(node)

    def visit_SimpleStatementLine(self, node: cst.SimpleStatementLine) -> None:
        self.statements.append(node)


def _only_imported_as(module: cst.Module, name: str, package: str) -> bool:
    """Whether every binding of `name` in the file is `import package as name` (`import tensorflow as tf` inside
    `if K.backend() == 'tensorflow':`, BIGBALLON/cifar-10-cnn): the same module, so the pipeline may import it at the
    top under that name."""
    aliases = imported_as(module, name)
    same = [alias for alias in aliases if code(alias.name) == package and (alias.asname is not None or name == package)]
    return bool(same) and len(same) == len(aliases) and other_bindings(module, name) == 0


def _fed_flow(fit: cst.Call, generator: str) -> cst.Call | None:
    """`generator.flow(...)` when it is what `fit` trains on (first positional argument, `x=` or `generator=`)."""
    for index, arg in enumerate(fit.args):
        first = arg.keyword is None and index == 0 and not arg.star
        if first or (arg.keyword is not None and arg.keyword.value in ("x", "generator")):
            value = arg.value
            if (isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute)
                    and value.func.attr.value == "flow" and code(value.func.value) == generator):
                return value
    return None


def _flow_parts(flow: cst.Call) -> tuple[cst.BaseExpression, cst.BaseExpression, str] | None:
    """(x, y, batch size) of `flow(x, y, batch_size=b)`; x must be a name or attribute (read twice)."""
    positional = [arg.value for arg in flow.args if arg.keyword is None and not arg.star]
    keywords = {arg.keyword.value: arg.value for arg in flow.args if arg.keyword is not None}
    if any(arg.star for arg in flow.args) or set(keywords) - {"x", "y", "batch_size"} or len(positional) > 3:
        return None
    ordered = dict(zip(("x", "y", "batch_size"), positional, strict=False))  # fewer positionals: keywords
    if set(ordered) & set(keywords):
        return None
    ordered.update(keywords)
    x, y = ordered.get("x"), ordered.get("y")
    if x is None or y is None or not isinstance(x, (cst.Name, cst.Attribute)):
        return None
    return x, y, code(ordered["batch_size"]) if "batch_size" in ordered else "32"


class ImageDataGeneratorToLayers(DropsStatements):
    NAME = "image_data_generator_to_layers"
    ORDER = 55  # before fit_generator_to_fit (either name is read) and legacy_import_paths (which reports the rest)
    TRIGGERS = ("ImageDataGenerator",)
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = "ImageDataGenerator(rotation/shift/flip/rescale).flow(x, y) into fit -> preprocessing layers + tf.data"

    def visit_Module(self, node: cst.Module) -> None:
        self.assignments: dict[int, str] = {}  # id(statement) -> the Sequential statement replacing it
        self.flows: dict[int, str] = {}  # id(flow call) -> the tf.data expression replacing it
        for statement in node.body:
            if isinstance(statement, cst.ClassDef) and any(self._is_generator(base.value) for base in statement.bases):
                self._refuse(f"class {statement.name.value}", "subclasses it (a keras.utils.PyDataset can do what "
                                                              "its flow did, with preprocessing layers)")
        uses = _Uses()
        node.visit(uses)
        spelled = {name.value for name in uses.names}
        keras, tf = self._bound(node, "keras"), self._bound(node, "tensorflow")
        for bound, name, package in ((keras, "keras", "keras"), (tf, "tf", "tensorflow")):
            if bound is None and name in spelled and not _only_imported_as(node, name, package):
                self._refuse("ImageDataGenerator", f"the name {name}, which the pipeline needs for {package}, "
                                                   "is bound to something else in the file")
                return
        keras, tf = keras or "keras", tf or "tf"
        # every spelling of ImageDataGenerator outside imports: its import goes only when all are rewritten
        constructors = [node for node in [*uses.names, *uses.attributes] if self._is_generator(node)]
        done = 0
        for statement in uses.statements:
            done += self._plan(statement, node, uses, keras, tf)
        if done:
            self._schedule_imports(node, every=done == len(constructors))

    def _plan(self, statement: cst.SimpleStatementLine, module: cst.Module, uses: _Uses, keras: str, tf: str) -> bool:
        """Plan the rewrite of one `gen = ImageDataGenerator(...)` statement and every use of `gen`."""
        if len(statement.body) != 1 or not isinstance(statement.body[0], cst.Assign):
            return False
        assign = statement.body[0]
        if (len(assign.targets) != 1 or not isinstance(assign.targets[0].target, cst.Name)
                or not isinstance(assign.value, cst.Call) or not self._is_generator(assign.value.func)):
            return False
        generator = assign.targets[0].target.value
        layers, why = layers_for(assign.value, keras)
        if layers is None or generator in (keras, tf, "batch_x", "batch_y"):
            return self._refuse(generator, why or f"the name {generator} is needed for the pipeline")
        flows: dict[int, str] = {}
        for fit in uses.fits:
            flow = _fed_flow(fit, generator)
            parts = _flow_parts(flow) if flow is not None else None
            if flow is not None and parts is None:
                return self._refuse(generator, "its flow() has arguments other than x, y (a plain name) and "
                                               "batch_size")
            if parts is not None:
                flows[id(flow)] = self._pipeline(parts, generator, tf, keras, fit)
        fitted = [s for s in uses.statements if _fits_generator(s, generator)]
        spelled = [name for name in uses.names if name.value == generator]
        # every spelling of the name: the assignment's target, each flow's receiver, each gen.fit(...)
        if len(spelled) != 1 + len(flows) + len(fitted) or not flows:
            return self._refuse(generator, "it is used other than by flow(x, y, batch_size=...) given to fit "
                                           "(flow_from_directory, an iterator kept in a variable, ...)")
        indent = module.default_indent
        self.assignments[id(statement)] = (f"{generator} = {keras}.Sequential([\n"
                                           + "".join(f"{indent}{layer},\n" for layer in layers) + "])\n")
        self.flows.update(flows)
        self.dropped |= {id(s) for s in fitted}
        return True

    def _refuse(self, generator: str, why: str) -> bool:
        """Note why `generator` stays: legacy_import_paths says it with the import it reports."""
        self.context.scratch.setdefault(KEPT, []).append(f"{generator}: {why}")
        return False

    @staticmethod
    def _pipeline(parts: tuple[cst.BaseExpression, cst.BaseExpression, str], generator: str, tf: str, keras: str,
                  fit: cst.Call) -> str:
        x, y, batch = parts
        endless = any(arg.keyword is not None and arg.keyword.value == "steps_per_epoch" for arg in fit.args) or (
            fit.func.attr.value == "fit_generator" and sum(arg.keyword is None for arg in fit.args) >= 2)
        return (f"{tf}.data.Dataset.from_tensor_slices(({code(x)}, {code(y)})).shuffle(len({code(x)})).batch({batch})"
                f".map(lambda batch_x, batch_y: ({generator}({tf}.cast(batch_x, {keras}.backend.floatx()), "
                f"training=True), batch_y))" + (".repeat()" if endless else ""))

    def _is_generator(self, node: cst.CSTNode) -> bool:
        return any(name.removeprefix(module) == GENERATOR for name in self.qualified_names(node) for module in MODULES)

    def _bound(self, module: cst.Module, package: str) -> str | None:
        """The name a top-level `import keras` / `import tensorflow as tf` / `from tensorflow import keras` binds."""
        imported = module_alias(module, package)
        if imported is not None:
            return imported
        for statement in module.body:
            if not isinstance(statement, cst.SimpleStatementLine):
                continue
            for small in statement.body:
                if (package == "keras" and isinstance(small, cst.ImportFrom) and small.module is not None
                        and code(small.module) == "tensorflow" and not isinstance(small.names, cst.ImportStar)):
                    for alias in small.names:
                        if code(alias.name) == "keras":
                            return code(alias.asname.name) if alias.asname else "keras"
        return None

    def _schedule_imports(self, module: cst.Module, every: bool) -> None:
        """`import keras` / `import tensorflow as tf` where missing; the generator's import goes when `every`
        use of ImageDataGenerator was rewritten."""
        if self._bound(module, "keras") is None:
            AddImportsVisitor.add_needed_import(self.context, "keras")
        if self._bound(module, "tensorflow") is None:
            AddImportsVisitor.add_needed_import(self.context, "tensorflow", asname="tf")
        if not every:
            return
        for statement in module.body:
            for small in statement.body if isinstance(statement, cst.SimpleStatementLine) else ():
                if not isinstance(small, cst.ImportFrom) or small.module is None or isinstance(small.names, cst.ImportStar):
                    continue
                for alias in small.names:
                    full = f"{code(small.module)}.{code(alias.name)}"
                    if any(full == module_name + GENERATOR for module_name in MODULES):
                        asname = code(alias.asname.name) if alias.asname else None
                        RemoveImportsVisitor.remove_unused_import(self.context, code(small.module), code(alias.name), asname)
                        self.context.scratch.setdefault(REWRITTEN_AWAY, set()).add(full)

    def leave_SimpleStatementLine(self, original: cst.SimpleStatementLine,
                                  updated: cst.SimpleStatementLine) -> cst.BaseStatement | cst.RemovalSentinel:
        replacement = self.assignments.get(id(original))
        if replacement is None:
            return super().leave_SimpleStatementLine(original, updated)
        self.converted()
        return cst.parse_statement(replacement).with_changes(leading_lines=updated.leading_lines)

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
        pipeline = self.flows.get(id(original))
        if pipeline is None:
            return updated
        self.converted()
        return cst.parse_expression(pipeline)


def _fits_generator(statement: cst.SimpleStatementLine, generator: str) -> bool:
    """`gen.fit(x, ...)` on a line of its own (its result unused)."""
    if len(statement.body) != 1 or not isinstance(statement.body[0], cst.Expr):
        return False
    call = statement.body[0].value
    return (isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) and call.func.attr.value == "fit"
            and code(call.func.value) == generator)
