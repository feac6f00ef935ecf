"""The last pass over every output file: each Keras/TensorFlow name, import and keyword it still uses is
looked up in the installed Keras 3 / TensorFlow 2 (`api_surface`), and what does not exist is reported at
its line. Nothing silent, whatever rule did or did not touch the line.

What is checked, on the file's `ast` (Python's own parser, a few milliseconds a file: the pass runs on
every file that mentions `keras` or `tensorflow`, most of which no rule parses with LibCST):
- every `import keras...` / `from tensorflow... import n`: the module, then each name;
- every dotted name read through such an import (`tf.set_random_seed`, `keras.layers.CuDNNLSTM`),
  through star imports of Keras modules for bare names;
- every keyword passed to a Keras/TensorFlow callable whose signature can be read (`Nadam(schedule_decay=)`,
  `keras.ops.convert_to_tensor(value=)`);
- every attribute read on a receiver known to be a Keras model (assigned from `Model(...)`,
  `Sequential(...)`, `load_model(...)`, or from a function of the file that returns such a model):
  `model.fit_generator`, `model._make_train_function()` are checked against Keras 3's `Model`.

Imports in a `try` whose `except` catches the failure are the code's own fallback: not reported, and a
name with several imports (`try: import keras except: from tensorflow import keras`) resolves when any of
them does. A name the file also binds otherwise (an assignment, a parameter, a def) is the file's own and
is not looked up.
"""

from __future__ import annotations

import ast
import builtins
from collections.abc import Iterable

from migrate.codemod.api_surface import Signature, Surface
from migrate.codemod.rule import Finding

NAME = "unresolved_api"
ROOT_WORDS = (b"keras", b"tensorflow")
# What makes a model: the callables whose result is a Keras model.
MODEL_MAKERS = frozenset({"keras.src.models.model.Model", "keras.src.models.sequential.Sequential",
                          "keras.src.models.functional.Functional", "keras.src.saving.saving_api.load_model",
                          "keras.src.models.model.model_from_json", "keras.src.models.cloning.clone_model"})
CATCHING = frozenset({"ImportError", "ModuleNotFoundError", "Exception", "BaseException", "AttributeError"})
BUILTINS = frozenset(dir(builtins))


def may_use_api(source: bytes) -> bool:
    """Whether the file's text can hold a Keras/TensorFlow name at all (checked before parsing)."""
    return any(word in source for word in ROOT_WORDS)


def check(tree: ast.Module, path: str, surface: Surface, line_map: list[int] | None = None,
          findings: Iterable[Finding] = ()) -> list[Finding]:
    """What in `tree` (a file as the rules left it) does not exist in the installed Keras / TensorFlow, as
    leftovers at lines of the file as read (`line_map`: the engine's, None when the tree is the file as read).
    A site a rule already reported on the same line, naming the same thing, is not reported again."""
    checker = _Checker(surface)
    checker.bind(tree)
    checker.visit(tree)
    reported = {}
    for finding in findings:
        reported.setdefault(finding.line, []).append(finding.message)
    found = []
    seen = set()
    for line, column, subject, message in checker.found:
        if line_map is not None and 0 < line <= len(line_map):
            line = line_map[line - 1]
        last = subject.rsplit(".", 1)[-1]
        if any(last in text for text in reported.get(line, ())) or (line, subject) in seen:
            continue
        seen.add((line, subject))
        found.append(Finding(path, line, column + 1, NAME, message))
    return found


def _owned_assignments(node: ast.AST, function: int = 0, klass: int = 0) -> Iterable[tuple[ast.Assign, int, int]]:
    """Every assignment of the tree, with the id of the function (or class body; 0: the module) and of the class it
    is in: whose `model` and whose `self.model` it assigns."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            yield from _owned_assignments(child, id(child), klass)
        elif isinstance(child, ast.ClassDef):
            yield from _owned_assignments(child, id(child), id(child))
        else:
            if isinstance(child, ast.Assign):
                yield child, function, klass
            yield from _owned_assignments(child, function, klass)


def _dotted(node: ast.expr) -> list[str] | None:
    """`a.b.c` -> ["a", "b", "c"]; None when the chain does not start at a name."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    parts.append(node.id)
    return parts[::-1]


class _Checker(ast.NodeVisitor):
    def __init__(self, surface: Surface) -> None:
        self.surface = surface
        self.imported: dict[str, set[str]] = {}  # local name -> qualified names its imports give it
        self.guarded: set[int] = set()  # ids of import statements inside a try that catches their failure
        self.own: set[str] = set()  # names the module binds other than by import
        self.locals: dict[int, set[str]] = {}  # id of a function, lambda or class -> names it binds
        self.scopes: list[set[str]] = []  # those of the functions and classes the walk is in
        self.stars: list[str] = []  # Keras/TensorFlow modules star-imported
        # receivers known to be Keras models, each with the scope whose assignments say so: (id of the function,
        # 0 at module level, `model`), (id of the class, `self.model`)
        self.models: set[tuple[int, str]] = set()
        self.models_anywhere: set[str] = set()  # receivers every assignment of which in the file makes a model
        self.owners: list[ast.AST] = []  # the functions, lambdas and classes the walk is in
        self.assigned_attributes: dict[str, set[str]] = {}  # receiver -> attributes the file sets on it
        self.found: list[tuple[int, int, str, str]] = []
        self.layer_loops: list[set[str]] = []  # the names each enclosing `for` binds to an item of some X.layers
        self.probing = 0  # inside an `if` (or `x if c else y`) whose test asks hasattr: a version's own fallback

    # ------------------------------------------------------------ what names are

    def bind(self, tree: ast.Module) -> None:
        """Two walks over the file: its imports (and which a `try` guards), then its scopes' other bindings, the
        functions that return a model they made, and the receivers known to be models."""
        relative: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Try):
                caught = {_caught(handler.type) for handler in node.handlers}
                if caught & (CATCHING | {None}):
                    for inner in node.body:
                        for each in ast.walk(inner):
                            if isinstance(each, (ast.Import, ast.ImportFrom)):
                                self.guarded.add(id(each))
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.asname:
                        self.imported.setdefault(alias.asname, set()).add(alias.name)
                    else:
                        first = alias.name.split(".")[0]
                        self.imported.setdefault(first, set()).add(first)
            elif isinstance(node, ast.ImportFrom):
                if node.level or not node.module:
                    relative.update(alias.asname or alias.name for alias in node.names)
                    continue
                for alias in node.names:
                    if alias.name == "*":
                        if self.surface.covers(node.module):
                            self.stars.append(node.module)
                        continue
                    self.imported.setdefault(alias.asname or alias.name, set()).add(f"{node.module}.{alias.name}")
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                receiver = _dotted(node.value)
                if receiver is not None:
                    self.assigned_attributes.setdefault(".".join(receiver), set()).add(node.attr)
        self.own = set(relative)
        builders: set[str] = set()
        self._scope(tree, self.own, None, builders)
        self._find_models(_owned_assignments(tree), builders)

    def _scope(self, node: ast.AST, bound: set[str], function: list | None, builders: set[str]) -> None:
        """Collect what each scope binds (`bound`: the current one's) and, for the function being walked
        (`function`: `record` below), whether it returns a model it made, and only that (a loader that returns a
        Keras model or an ONNX session under one name is no model builder): one walk,
        each nested scope walked once with its own set."""
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
                inner: set[str] = set()
                self.locals[id(child)] = inner
                if not isinstance(child, ast.Lambda):
                    bound.add(child.name)
                if not isinstance(child, ast.ClassDef):
                    args = child.args
                    inner.update(a.arg for a in args.posonlyargs + args.args + args.kwonlyargs)
                    inner.update(a.arg for a in (args.vararg, args.kwarg) if a is not None)
                # [name, names assigned a model, values returned, names assigned anything else]
                record = [child.name, set(), [], set()] if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) \
                    else None
                self._scope(child, inner, record if record is not None else function, builders)
                if record is not None and record[2] and all(
                        (isinstance(v, ast.Name) and v.id in record[1] - record[3]) or
                        (isinstance(v, ast.Call) and self._makes_model(v)) for v in record[2]):
                    builders.add(record[0])
                continue
            if isinstance(child, ast.Name) and isinstance(child.ctx, (ast.Store, ast.Del)):
                bound.add(child.id)
            elif isinstance(child, ast.ExceptHandler) and child.name:
                bound.add(child.name)
            elif function is not None and isinstance(child, ast.Return) and child.value is not None:
                function[2].append(child.value)
            elif function is not None and isinstance(child, ast.Assign):
                made = isinstance(child.value, ast.Call) and self._makes_model(child.value)
                if made or not isinstance(child.value, ast.Constant):
                    function[1 if made else 3].update(t.id for t in child.targets if isinstance(t, ast.Name))
            self._scope(child, bound, function, builders)

    def qualified(self, parts: list[str]) -> set[str]:
        """The qualified names a dotted name may stand for through the file's imports (empty: not Keras' or
        TensorFlow's, or the file's own)."""
        head = parts[0]
        if head in self.own or any(head in scope for scope in self.scopes):
            return set()
        if head in self.imported:
            return {".".join([origin, *parts[1:]]) for origin in self.imported[head]}
        if self.stars and head not in BUILTINS:
            found = {f"{module}.{'.'.join(parts)}" for module in self.stars
                     if head in self.surface.names_of(module)}
            return found
        return set()

    def _makes_model(self, call: ast.Call) -> bool:
        parts = _dotted(call.func)
        if parts is None:
            return False
        for name in self._imported_only(parts):
            if self.surface.exists(name) and self.surface.origin(name) in MODEL_MAKERS:
                return True
        return False

    def _imported_only(self, parts: list[str]) -> set[str]:
        """`qualified`, before `own` is known (a builder's models are found while binding)."""
        if parts[0] in self.imported:
            return {".".join([origin, *parts[1:]]) for origin in self.imported[parts[0]]}
        # `from keras.models import *` then `Model(...)`: the star module that has the name
        return {f"{module}.{'.'.join(parts)}" for module in self.stars if parts[0] in self.surface.names_of(module)}

    def _find_models(self, assignments: Iterable[tuple[ast.Assign, int, int]], builders: set[str]) -> None:
        """The receivers every assignment of which, in its scope, makes a model: a name in its function (or the
        module), `self.X` in its class. One function's `model = utils.load_model(...)` (a project's loader) says
        nothing of another function's `model = Sequential()`. And, as before, a name every assignment of which in
        the whole file makes one (`def evaluate(model): model.predict_classes(x)` beside `model = Sequential()`:
        the parameter is most likely that model)."""
        models, not_models = set(), set()
        for node, function, klass in assignments:
            value = node.value
            is_model = isinstance(value, ast.Call) and (
                self._makes_model(value) or (isinstance(value.func, ast.Name) and value.func.id in builders))
            harmless = isinstance(value, ast.Constant)
            for target in node.targets:
                parts = _dotted(target)
                if parts is None:
                    continue
                key = (klass if parts[0] == "self" else function, ".".join(parts))
                if is_model:
                    models.add(key)
                elif not harmless:
                    not_models.add(key)
        self.models = models - not_models
        self.models_anywhere = {name for _, name in models} - {name for _, name in not_models}

    def is_model(self, receiver: str) -> bool:
        """Whether `receiver`, read where the walk is, is known to be a model: `self.X` by its class's assignments, a
        name by those of the innermost function that binds it (Python's own rule: one that does not reads the
        enclosing function's, or the module's); or a name known anywhere in the file (`models_anywhere`)."""
        if receiver in self.models_anywhere:
            return True
        if receiver.split(".")[0] == "self":
            klass = next((owner for owner in reversed(self.owners) if isinstance(owner, ast.ClassDef)), None)
            return klass is not None and (id(klass), receiver) in self.models
        head = receiver.split(".")[0]
        for depth, owner in enumerate(reversed(self.owners)):  # a class's body is not the scope of its methods
            if (depth == 0 or not isinstance(owner, ast.ClassDef)) and head in self.locals.get(id(owner), ()):
                return (id(owner), receiver) in self.models
        return (0, receiver) in self.models

    # ------------------------------------------------------------ the walk

    def report(self, node: ast.AST, subject: str, message: str) -> None:
        self.found.append((node.lineno, node.col_offset, subject, message))

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda | ast.ClassDef) -> None:
        for decorator in getattr(node, "decorator_list", ()):
            self.visit(decorator)
        self.scopes.append(self.locals.get(id(node), set()))
        self.owners.append(node)
        for child in ast.iter_child_nodes(node):
            if child not in getattr(node, "decorator_list", ()):
                self.visit(child)
        self.owners.pop()
        self.scopes.pop()

    visit_AsyncFunctionDef = visit_Lambda = visit_ClassDef = visit_FunctionDef

    def visit_Import(self, node: ast.Import) -> None:
        if id(node) in self.guarded:
            return
        for alias in node.names:
            missing = self.surface.missing(alias.name)
            if missing is not None:
                self.report(node, missing, _gone(self.surface, missing, f"import {alias.name}"))

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if id(node) in self.guarded or node.level or not node.module or not self.surface.covers(node.module):
            return
        missing = self.surface.missing(node.module)
        if missing is not None:
            self.report(node, missing, _gone(self.surface, missing, f"from {node.module} import ..."))
            return
        for alias in node.names:
            if alias.name == "*":
                continue
            name = f"{node.module}.{alias.name}"
            missing = self.surface.missing(name)
            if missing is not None:
                self.report(node, name, _gone(self.surface, missing, f"from {node.module} import {alias.name}"))

    def visit_For(self, node: ast.For) -> None:
        """`for layer in model.layers:` (or `enumerate(model.layers)`): `layer` is a layer in the body, where the
        body does not bind it again."""
        names = _layer_loop_variables(node)
        names -= {target.id for statement in node.body for child in ast.walk(statement) if isinstance(child, ast.Name)
                  and isinstance(child.ctx, ast.Store) for target in (child,)}
        self.layer_loops.append(names)
        self.generic_visit(node)
        self.layer_loops.pop()

    def _comprehension(self, node: ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp) -> None:
        """`[layer.output_shape for layer in model.layers]`: `layer` is a layer in the comprehension."""
        self.layer_loops.append(set().union(*(_layer_loop_variables(each) for each in node.generators)))
        self.generic_visit(node)
        self.layer_loops.pop()

    visit_ListComp = visit_SetComp = visit_GeneratorExp = visit_DictComp = _comprehension

    def visit_Attribute(self, node: ast.Attribute) -> None:
        parts = _dotted(node)
        if isinstance(node.ctx, ast.Load) and _is_layer(node.value):
            self._check_layer_attribute(node, ast.unparse(node.value))
        if parts is None:
            self.generic_visit(node)
            return
        if isinstance(node.ctx, ast.Load):
            self._check_name(node, parts)
            self._check_model_attribute(node, parts)
            self._check_optimizer_attribute(node, parts)
            if len(parts) == 2 and any(parts[0] in names for names in self.layer_loops):
                self._check_layer_attribute(node, parts[0])
        # the chain's inner attributes are prefixes of this one: checked with it

    def visit_Name(self, node: ast.Name) -> None:
        if isinstance(node.ctx, ast.Load) and node.id not in self.imported:
            return  # a bare name from an import is checked at the import
        return

    def _check_name(self, node: ast.AST, parts: list[str]) -> None:
        candidates = self.qualified(parts)
        if not candidates or not all(self.surface.covers(c) for c in candidates):
            return
        missing = [self.surface.missing(c) for c in candidates]
        if all(m is not None for m in missing):
            first = min(missing, key=len)
            if len(first.split(".")) <= 1:
                return
            self.report(node, first, _gone(self.surface, first, ".".join(parts)))

    def _check_model_attribute(self, node: ast.Attribute, parts: list[str]) -> None:
        """An attribute of a known model anywhere in the chain (`self.model.metrics_tensors.append`: the
        chain's inner attributes are only visited as part of the outermost)."""
        for end in range(len(parts) - 1, 0, -1):
            if self.is_model(".".join(parts[:end])):
                break
        receiver = ".".join(parts[:end])
        attr = parts[end]
        if not self.is_model(receiver) or attr.startswith("__") or attr in self.assigned_attributes.get(receiver, ()):
            return
        members = self.surface.model_members()
        if members is None or attr in members:
            return
        hint = MODEL_HINTS.get(attr, "see keras.Model's methods")
        self.report(node, f"{receiver}.{attr}",
                    f"{receiver}.{attr}: Keras 3's Model has no {attr} ({hint})")

    def _probed(self, node: ast.If | ast.IfExp) -> None:
        """`opt.variables if hasattr(opt, 'variables') else opt.weights`: either branch is a fallback for another
        version, which the code asks for by what the object has; an optimizer's attributes are not checked there."""
        probes = any(isinstance(each, ast.Call) and isinstance(each.func, ast.Name) and each.func.id == "hasattr"
                     for each in ast.walk(node.test))
        self.probing += probes
        self.generic_visit(node)
        self.probing -= probes

    visit_If = visit_IfExp = _probed

    def _check_optimizer_attribute(self, node: ast.Attribute, parts: list[str]) -> None:
        """An attribute Keras 2.3.1's optimizers had and Keras 3's lack, read on a model's optimizer (`model.optimizer`
        of a known model, or `self.model.optimizer`, a Callback's): `self.model.optimizer.decay` in the callbacks that
        printed the decayed learning rate, `model.optimizer.get_weights()` in the checkpoints that saved its state.
        Only in a file that imports Keras or TensorFlow."""
        if "optimizer" not in parts[1:-1] or self.probing:
            return
        at = parts.index("optimizer", 1)
        receiver, attr = ".".join(parts[:at]), parts[at + 1]
        optimizer = f"{receiver}.optimizer"
        if attr not in KERAS2_OPTIMIZER_MEMBERS or attr in self.assigned_attributes.get(optimizer, ()) or \
                not (receiver == "self.model" or self.is_model(receiver)) or not {"keras", "tensorflow"} & {
                name.split(".")[0] for names in self.imported.values() for name in names}:
            return
        members = [self.surface.members(f"keras.optimizers.{name}") for name in KERAS3_OPTIMIZERS]
        if any(each is None for each in members) or attr in frozenset().union(*members):
            return
        hint = OPTIMIZER_HINTS.get(attr, "see keras.optimizers.Optimizer's members")
        self.report(node, f"{optimizer}.{attr}", f"{optimizer}.{attr}: Keras 3's optimizers have no {attr} ({hint})")

    def _check_layer_attribute(self, node: ast.Attribute, receiver: str) -> None:
        """An attribute Keras 2.3.1's base Layer had and Keras 3's lacks, read on a receiver that is a layer by how
        it is reached (`model.layers[-1].get_output_at(0)`, a loop over `model.layers`): an AttributeError whose
        receiver no import types. Only in a file that imports Keras or TensorFlow."""
        if node.attr not in KERAS2_LAYER_MEMBERS or not {"keras", "tensorflow"} & {
                name.split(".")[0] for names in self.imported.values() for name in names}:
            return
        members = self.surface.members("keras.layers.Layer")
        if members is None or node.attr in members or node.attr in self.assigned_attributes.get(receiver, ()):
            return
        hint = LAYER_HINTS.get(node.attr, "see keras.layers.Layer's members")
        self.report(node, f"{receiver}.{node.attr}", f"{receiver}.{node.attr}: Keras 3's layers have no {node.attr} "
                                                     f"({hint})")

    def visit_Call(self, node: ast.Call) -> None:
        parts = _dotted(node.func)
        if parts is not None and any(k.arg for k in node.keywords):
            candidates = self.qualified(parts)
            # a name bound two ways, one of them missing (`from keras.layers import Concat as Concatenate` under a
            # Keras 1 test, `Concatenate` else: MarcBS/multimodal_keras_wrapper): the missing one is reported where it
            # is imported, and the keywords are checked against the others
            signatures = [self.surface.signature(c) for c in candidates
                          if self.surface.covers(c) and not self.surface.missing(c)]
            if candidates and signatures and all(s is not None for s in signatures):
                self._check_keywords(node, ".".join(parts), signatures)
            elif len(parts) > 1 and self.is_model(".".join(parts[:-1])) and \
                    parts[-1] not in self.assigned_attributes.get(".".join(parts[:-1]), ()):
                # `model.predict(g, max_q_size=10)`: a method of a value Keras made as a model
                signature = self.surface.model_method_signature(parts[-1])
                if signature is not None:
                    self._check_keywords(node, ".".join(parts), [signature])
        self.generic_visit(node)

    def _check_keywords(self, node: ast.Call, spelled: str, signatures: list[Signature]) -> None:
        for keyword in node.keywords:
            if keyword.arg is None or any(s.takes(keyword.arg) for s in signatures):
                continue
            self.report(keyword.value, f"{spelled}.{keyword.arg}",
                        f"{spelled}() takes no keyword `{keyword.arg}` in {_versions(self.surface)}: "
                        f"{KEYWORD_HINTS.get(keyword.arg, 'rename or drop it (see its signature)')}")


# Keras 2.3.1's base Layer's public members (`dir(keras.engine.base_layer.Layer)`, tests/codemod/test_resolution.py
# compares it with the legacy stack's); those the installed Keras 3's Layer lacks are reported on a layer.
KERAS2_LAYER_MEMBERS = frozenset({
    "add_loss", "add_metric", "add_update", "add_weight", "assert_input_compatibility",
    "build", "built", "call", "compute_mask", "compute_output_shape", "count_params", "from_config",
    "get_config", "get_input_at", "get_input_mask_at", "get_input_shape_at", "get_losses_for", "get_output_at",
    "get_output_mask_at", "get_output_shape_at", "get_updates_for", "get_weights", "input", "input_mask",
    "input_shape", "losses", "metrics", "non_trainable_weights", "output", "output_mask", "output_shape",
    "set_weights", "trainable_weights", "updates", "weights"})
# The public members of Keras 2.3.1's optimizers (SGD, RMSprop, Adagrad, Adadelta, Adam, Adamax, Nadam), instances' included
# (tests/codemod/test_resolution.py compares it with the legacy stack's); those no Keras 3 optimizer of KERAS3_OPTIMIZERS
# has are reported on a model's optimizer.
KERAS2_OPTIMIZER_MEMBERS = frozenset({
    "amsgrad", "beta_1", "beta_2", "decay", "epsilon", "from_config", "get_config", "get_gradients", "get_updates",
    "get_weights", "initial_decay", "iterations", "learning_rate", "lr", "m_schedule", "momentum", "nesterov", "rho",
    "schedule_decay", "set_weights", "updates", "weights"})
KERAS3_OPTIMIZERS = ("Optimizer", "SGD", "RMSprop", "Adagrad", "Adadelta", "Adam", "Adamax", "Nadam")
_DECAY = ("a learning-rate schedule holds the decay in Keras 3, keras.optimizers.schedules.InverseTimeDecay given as "
          "learning_rate=: read optimizer.learning_rate")
OPTIMIZER_HINTS = {
    "decay": _DECAY, "initial_decay": _DECAY,
    "lr": "optimizer.learning_rate",
    "get_weights": "optimizer.variables holds its state: [v.numpy() for v in optimizer.variables]",
    "weights": "optimizer.variables",
    "updates": "Keras 3 optimizers apply gradients (apply_gradients(zip(grads, variables))); there are no update ops",
    "get_updates": "Keras 3 optimizers apply gradients (apply_gradients(zip(grads, variables))); there are no update ops",
    "get_gradients": "compute gradients with tf.GradientTape, then optimizer.apply_gradients",
    "m_schedule": "Keras 3's Nadam keeps no momentum schedule to read",
    "schedule_decay": "Keras 3's Nadam has no schedule_decay",
}
LAYER_HINTS = {
    "output_shape": "layer.output.shape, where the layer was called once",
    "input_shape": "layer.input.shape, where the layer was called once",
    "get_output_at": "layer.output where the layer was called once",
    "get_input_at": "layer.input where the layer was called once",
    "get_output_shape_at": "layer.output.shape where the layer was called once",
    "get_input_shape_at": "layer.input.shape where the layer was called once",
    "updates": "Keras 3 layers update their state in call(); there is no list of update ops",
    "get_updates_for": "Keras 3 layers update their state in call(); there is no list of update ops",
    "add_update": "assign the variable in call() (variable.assign(...))",
    "get_losses_for": "layer.losses",
    "input_mask": "call the layer's compute_mask, or read the mask Keras 3 passes to call()",
    "output_mask": "call the layer's compute_mask, or read the mask Keras 3 passes to call()",
}
MODEL_HINTS = {
    "fit_generator": "call fit() with the generator", "evaluate_generator": "call evaluate() with the generator",
    "predict_generator": "call predict() with the generator",
    "_make_train_function": "Keras 3 builds model.train_function on the first fit(); drop the call",
    "_make_predict_function": "Keras 3 builds model.predict_function on the first predict(); drop the call",
    "_make_test_function": "Keras 3 builds model.test_function on the first evaluate(); drop the call",
    "train_on_batch_generator": "call train_on_batch() per batch",
    "metrics_tensors": "Keras 3 builds the metric list itself: pass the metric to compile(metrics=[...]) as a "
                       "function of (y_true, y_pred), or compute it in a custom train_step",
}
KEYWORD_HINTS = {
    "keep_dims": "use keepdims=", "squeeze_dims": "use axis=", "lr": "use learning_rate=",
    "nb_epoch": "use epochs=", "schedule_decay": "Keras 3's Nadam has none: drop it",
    **{name: "Keras 3 takes the queue on the data: a keras.utils.PyDataset(workers=..., use_multiprocessing=..., "
             "max_queue_size=...)" for name in ("max_q_size", "nb_worker", "pickle_safe", "max_queue_size", "workers",
                                                 "use_multiprocessing")},
    # Conv2D(stride=): Keras 2 (and 1) raised 'Keyword argument not understood' too
    "stride": "use strides= (Keras 2 refused stride= too, so this line never ran as written)",
}


def _caught(node: ast.expr | None) -> str | None:
    if node is None:
        return None
    if isinstance(node, ast.Tuple):
        names = [_caught(element) for element in node.elts]
        return next((n for n in names if n in CATCHING), names[0] if names else "")
    parts = _dotted(node)
    return parts[-1] if parts else ""


def _versions(surface: Surface) -> str:
    return f"Keras {surface.versions.get('keras', '?')} / TensorFlow {surface.versions.get('tensorflow', '?')}"


# TensorFlow 2.16+ routes tf.compat.v1.nn.rnn_cell to Keras 2 (tf_keras): "`GRUCell` is not available with Keras 3".
_RNN_CELLS = ("use Keras 3's cells (keras.layers.GRUCell, LSTMCell, SimpleRNNCell, StackedRNNCells) in keras.layers.RNN "
              "(tf.compat.v1.nn.rnn_cell is Keras 2's, and raises with Keras 3)")


def _gone(surface: Surface, missing: str, spelled: str) -> str:
    """`keras.engine does not exist in the installed Keras 3.15.1 (import keras.engine.topology): ...`."""
    root = missing.split(".")[0]
    package = "Keras" if root == "keras" or missing.startswith("tensorflow.keras") else "TensorFlow"
    version = surface.versions.get("keras" if package == "Keras" else "tensorflow", "?")
    parts = missing.split(".")
    hint = next((HINTS[".".join(parts[:n])] for n in range(len(parts), 1, -1) if ".".join(parts[:n]) in HINTS), None)
    compat = "tensorflow.compat.v1." + missing[11:]
    if hint is None and missing.startswith("tensorflow.") and surface.exists(compat) and \
            not (surface.is_module(compat) and not surface.names_of(compat)):  # not Keras 2's loader (rnn_cell)
        hint = (f"TensorFlow 1 API: tf.compat.v1.{missing[11:]} has it, for graph-mode code; use the TF2 "
                "equivalent (eager code, tf.function)")
    last = missing.rsplit(".", 1)[-1]
    if hint is None and missing.startswith("tensorflow.python.") and surface.exists(f"tensorflow.{last}"):
        hint = f"TensorFlow's private module no longer has it: use the public tf.{last}"
    return (f"{missing} does not exist in the installed {package} {version} ({spelled}): "
            f"{hint or 'use its Keras 3 / TensorFlow 2 replacement, or remove it'}")


HINTS = {
    "tensorflow.nn.rnn_cell": _RNN_CELLS,
    "tensorflow.compat.v1.nn.rnn_cell": _RNN_CELLS,
    "tensorflow.compat.v1.layers": "use keras.layers (tf.compat.v1.layers is Keras 2's, and raises with Keras 3)",
    "keras.engine": "import Layer, Input, Model from keras / keras.layers",
    "keras.layers.CuDNNLSTM": "use keras.layers.LSTM (it uses cuDNN when it can)",
    "keras.layers.CuDNNGRU": "use keras.layers.GRU (it uses cuDNN when it can)",
    "keras.initializations": "use keras.initializers",
    "keras.models.Input": "import Input from keras (or keras.layers)",
    "keras.losses.mse": "use keras.losses.mean_squared_error or 'mse'",
    "tensorflow.contrib": "TensorFlow 2 has no contrib: find the maintained replacement",
    "tensorflow.placeholder": "use keras.Input, or pass the value to a tf.function",
    "tensorflow.Session": "compute eagerly or in a tf.function (tf.compat.v1.Session needs graph mode)",
    "tensorflow.get_variable": "use tf.Variable, or a Keras layer's add_weight",
    "tensorflow.app": "use argparse or absl.flags / absl.app",
    "tensorflow._api": "TensorFlow 1's private module path: import the same name from keras (or tensorflow)",
    "tensorflow.compat.v1.keras": "Keras 3 has no tf.compat.v1.keras: import from keras",
}


def _is_layer(value: ast.expr) -> bool:
    """Whether `value` is a layer by how it is reached: an item of some `X.layers`, or `X.get_layer(...)`."""
    if isinstance(value, ast.Subscript) and isinstance(value.value, ast.Attribute) and value.value.attr == "layers":
        return True
    return isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr == "get_layer"


def _layer_loop_variables(loop: ast.For | ast.comprehension) -> set[str]:
    """`layer` of `for layer in X.layers[...]:` and of `for i, layer in enumerate(X.layers):`."""
    def layers(node: ast.expr) -> bool:
        inner = node.value if isinstance(node, ast.Subscript) else node
        return isinstance(inner, ast.Attribute) and inner.attr == "layers"

    if layers(loop.iter) and isinstance(loop.target, ast.Name):
        return {loop.target.id}
    if isinstance(loop.iter, ast.Call) and isinstance(loop.iter.func, ast.Name) and loop.iter.func.id == "enumerate" \
            and loop.iter.args and layers(loop.iter.args[0]) and isinstance(loop.target, ast.Tuple) and \
            len(loop.target.elts) == 2 and isinstance(loop.target.elts[1], ast.Name):
        return {loop.target.elts[1].id}
    return set()
