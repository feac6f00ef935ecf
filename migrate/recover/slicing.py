"""The construction slice: the statements a model's construction depends on, and nothing else.

A construction site is `m = Sequential(...)` or `m = Model(...)` in a module or function body. Its slice
is the creation, the `m.add(...)` calls after it, and backwards from those the statements that write
what they read (reaching definitions in the scope's straight-line code, then the module's for names a
function reads from it). What trains, saves, loads or prints is never followed: it writes nothing the
model reads. What reads data (`mnist.load_data()`, `pd.read_csv`, a tokenizer) is not kept either: the
values taken from it (`y_test.shape[1]`, `len(word_index) + 1`) become holes, each solved from the
checkpoint's weight shapes or given with `--set`. So are a builder's parameters and `self.` attributes.
"""

from __future__ import annotations

import builtins
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

import libcst as cst
import libcst.matchers as m

from migrate.codemod.syntax import code, names_in
from migrate.recover.checkpoint import KIND_ALIASES
from migrate.recover.sources import CodeUnit

MODEL_CLASSES = {"Sequential", "Model"}
MERGE_FUNCTIONS = {"concatenate", "add", "multiply", "average", "maximum", "minimum", "subtract", "dot"}
MUTATORS = {"add", "append", "extend", "insert"}
FRAMEWORK_ROOTS = ("keras", "tensorflow", "tf")
# Calls whose results are plain configuration, safe to compute in the slice; anything else not from Keras
# (a loader, a tokenizer, a data frame) is data, and what it yields is a hole.
PURE_CALLS = {"len", "int", "float", "range", "list", "tuple", "dict", "min", "max", "sum", "abs", "round", "str",
              "zip", "enumerate", "sorted", "reversed", "bool", "math"}
BUILTIN_NAMES = set(dir(builtins))
# What a helper definition must not call to be kept in a slice: it would write, train, or run programs.
SIDE_EFFECTS = {"open", "write", "writelines", "save", "save_weights", "fit", "fit_generator", "train_on_batch",
                "remove", "unlink", "rmtree", "rename", "replace", "mkdir", "makedirs", "system", "Popen", "run",
                "call", "check_call", "check_output", "savefig", "dump", "to_csv", "exec", "eval", "__import__"}
# Keras's own data helpers: imported from Keras, yet what they return is data, not configuration.
DATA_WORDS = {"datasets", "load_data", "to_categorical", "np_utils", "Tokenizer", "fit_on_texts", "texts_to_sequences",
              "pad_sequences", "ImageDataGenerator", "flow_from_directory", "image_dataset_from_directory",
              "text_dataset_from_directory", "get_file", "load_img", "img_to_array", "load_model", "load_weights",
              "preprocessing", "data"}


@dataclass(frozen=True)
class Site:
    """One model creation: its unit, the enclosing function bodies (outermost first) and the statement."""

    unit: CodeUnit
    functions: tuple[cst.FunctionDef, ...]
    body: tuple[cst.BaseStatement, ...]
    index: int
    target: str
    owner: cst.ClassDef | None = None  # the class whose method it is


@dataclass(frozen=True)
class Hole:
    """A value the slice needs and may not compute: the variable it is bound to in the slice, the code it
    stood for (what `--set` names), and the keyword it was passed as (None: positional or no call)."""

    variable: str
    text: str
    keyword: str | None


@dataclass
class Slice:
    """A site's construction slice: module statements and scope statements, in order, and its holes."""

    site: Site
    module_statements: list[cst.BaseStatement] = field(default_factory=list)
    statements: list[cst.BaseStatement] = field(default_factory=list)
    holes: dict[str, Hole] = field(default_factory=dict)
    hole_names: frozenset[str] = frozenset()  # the unbound or data-derived names the holes are made from
    defaults: dict[str, cst.BaseExpression] = field(default_factory=dict)
    data_format: str | None = None  # the image layout the script set globally (`K.set_image_dim_ordering('th')`)


class SelfAttributes(cst.CSTTransformer):
    """`self.act` in a method's slice -> a plain name `self_act`: a hole the object's state would fill."""

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute) -> cst.BaseExpression:
        if isinstance(updated.value, cst.Name) and updated.value.value == "self":
            return cst.Name(f"self_{updated.attr.value}")
        return updated


def find_sites(unit: CodeUnit) -> Iterator[Site]:
    """Every `NAME = Sequential(...)` / `NAME = Model(...)` in the unit's module and function bodies."""
    yield from _sites_in(unit, (), tuple(unit.module.body))


def _sites_in(unit: CodeUnit, functions: tuple[cst.FunctionDef, ...], body: tuple,
              owner: cst.ClassDef | None = None) -> Iterator[Site]:
    for index, statement in enumerate(body):
        target = creation_target(statement)
        if target:
            yield Site(unit, functions, body, index, target, owner)
        elif isinstance(statement, cst.FunctionDef):
            yield from _sites_in(unit, (*functions, statement), tuple(statement.body.body), owner)
        elif isinstance(statement, cst.ClassDef):
            for inner in statement.body.body:
                if isinstance(inner, cst.FunctionDef):
                    yield from _sites_in(unit, (*functions, inner), tuple(inner.body.body), statement)


def creation_target(statement: cst.BaseStatement) -> str | None:
    """`m = Sequential()` -> 'm' (also `keras.models.Model(...)`, `k.Sequential([...])`)."""
    if not m.matches(statement, m.SimpleStatementLine(body=[m.Assign(targets=[m.AssignTarget(m.Name())],
                                                                      value=m.Call())])):
        return None
    assign = statement.body[0]
    return assign.targets[0].target.value if code(assign.value.func).split(".")[-1] in MODEL_CLASSES else None


def layer_kinds(statements: Sequence[cst.BaseStatement]) -> list[str]:
    """The automatic-name kinds of the layers the statements construct, in order (`Conv2D(...)` -> conv2d)."""
    kinds = []
    for statement in statements:
        for call in m.findall(statement, m.Call(func=m.Name() | m.Attribute())):
            name = code(call.func).split(".")[-1]
            merge = name in MERGE_FUNCTIONS and isinstance(call.func, cst.Name)  # not `model.add(...)`
            if merge or name[:1].isupper() and name not in MODEL_CLASSES:
                kinds.append(snake_kind(name))
    return kinds


def snake_kind(class_name: str) -> str:
    """Keras's automatic name for a class, as a kind: `MaxPooling2D` -> `max_pooling2d`."""
    snake = re.sub(r"([a-z])([A-Z])", r"\1_\2", re.sub(r"(.)([A-Z][a-z]+)", r"\1_\2", class_name)).lower()
    return KIND_ALIASES.get(snake, snake)


def slice_site(site: Site) -> Slice:
    """The construction slice of a site, with its holes found (not yet replaced)."""
    result = Slice(site)
    safe = safe_roots(site.unit.module)
    safe |= made_objects(list(site.unit.module.body), safe) | made_objects(list(site.body), safe)
    scope = list(site.body)
    if site.functions:  # a method reads the object's state: each `self.x` a hole
        scope = [statement.visit(SelfAttributes()) for statement in scope]
    kept = [site.index, *_additions(scope, site.index, site.target)]
    needed = set().union(*(read_names(scope[i]) for i in kept)) - {site.target}
    chosen, needed, unsafe = backward_slice(scope, max(kept), needed, set(kept), safe)
    result.statements, unsafe = untainted([scope[i] for i in sorted(chosen)], unsafe)
    if site.functions:
        needed = _bind_parameters(site.functions[-1], needed, result, safe)
        module = list(site.unit.module.body)
        found, needed, more = backward_slice(module, len(module), needed, set(), safe)
        result.module_statements, more = untainted([module[i] for i in sorted(found)], more)
        unsafe |= more
    result.data_format = image_data_format(site.unit.module)
    holes = (needed | unsafe) - BUILTIN_NAMES - {"self"}
    result.hole_names = frozenset(holes)
    result.holes = {name: Hole(name, name, None) for name in sorted(holes)}
    return result


ORDERINGS = {"th": "channels_first", "tf": "channels_last", "channels_first": "channels_first",
             "channels_last": "channels_last"}


def image_data_format(module: cst.Module) -> str | None:
    """The image layout a script sets for every layer at module level: Keras 1/2's
    `K.set_image_dim_ordering('th')` or `set_image_data_format(...)`; the last one counts."""
    found = None
    setter = m.Call(func=m.Attribute(attr=m.Name("set_image_dim_ordering") | m.Name("set_image_data_format"))
                    | m.Name("set_image_dim_ordering") | m.Name("set_image_data_format"),
                    args=[m.Arg(m.SimpleString())])
    for statement in module.body:
        for call in m.findall(statement, setter):
            found = ORDERINGS.get(call.args[0].value.evaluated_value, found)
    return found


def untainted(statements: list[cst.BaseStatement], tainted: set[str]) -> tuple[list[cst.BaseStatement], set[str]]:
    """The statements minus the plain computations that read data (`num_classes = labels.shape[1]`):
    what they write is data too, a hole. Statements that construct layers stay; their holes are filled."""
    kept, tainted = [], set(tainted)
    for statement in statements:
        if read_names(statement) & tainted and not _constructs_or_adds(statement):
            tainted |= written_names(statement)
            continue
        kept.append(statement)
    return kept, tainted


def _constructs_or_adds(statement: cst.BaseStatement) -> bool:
    """Whether a statement calls a class (a layer, a model) or adds to something."""
    for call in m.findall(statement, m.Call(func=m.Name() | m.Attribute())):
        name = code(call.func).split(".")[-1]
        if name[:1].isupper() or name in MUTATORS:
            return True
    return False


def _additions(scope: list[cst.BaseStatement], creation: int, target: str) -> list[int]:
    """The statements after the creation that add layers to the model (`m.add(...)`, or a loop doing so),
    up to where the name is bound again."""
    found = []
    adds = m.Call(func=m.Attribute(value=m.Name(target), attr=m.Name("add")))
    for index in range(creation + 1, len(scope)):
        if target in written_names(scope[index]):
            break
        if m.findall(scope[index], adds):
            found.append(index)
    return found


def backward_slice(scope: list[cst.BaseStatement], end: int, needed: set[str], kept: set[int],
                   safe: set[str]) -> tuple[set[int], set[str], set[str]]:
    """Walk back from `end`: keep each statement that writes or mutates a needed name and only computes
    (Keras calls, arithmetic); a statement that reads data instead makes the names it writes holes.
    Returns the kept indices, the names still unbound, and the data-derived names."""
    kept, needed, unsafe = set(kept), set(needed), set()
    for index in range(end - 1, -1, -1):
        if index in kept:
            continue
        statement = scope[index]
        written = written_names(statement) & needed
        mutated = mutated_names(statement) & needed
        if not written and not mutated:
            continue
        if not computes(statement, safe | needed):
            unsafe |= written
            needed -= written
            continue
        kept.add(index)
        needed = (needed - plainly_assigned(statement)) | read_names(statement)
    return kept, needed, unsafe


def _bind_parameters(function: cst.FunctionDef, needed: set[str], result: Slice, safe: set[str]) -> set[str]:
    """A builder's parameters: defaults become bindings in the slice; those without one stay holes."""
    parameters = [*function.params.posonly_params, *function.params.params, *function.params.kwonly_params]
    for parameter in parameters:
        name = parameter.name.value
        if name in needed and parameter.default is not None:
            result.defaults[name] = parameter.default
            needed = (needed - {name}) | {n.value for n in names_in(parameter.default)}
    return needed


def safe_roots(module: cst.Module) -> set[str]:
    """Names a slice may call: those imported from Keras or TensorFlow, the unit's own functions and
    classes, aliases of Keras modules (`layers = tf.keras.layers`), and pure builtins."""
    roots = set(PURE_CALLS)
    for node in m.findall(module, m.Import() | m.ImportFrom()):
        roots |= _framework_bindings(node)
    for statement in module.body:
        if isinstance(statement, (cst.FunctionDef, cst.ClassDef)):
            roots.add(statement.name.value)
        elif m.matches(statement, m.SimpleStatementLine(body=[m.Assign(targets=[m.AssignTarget(m.Name())],
                                                                        value=m.Attribute())])):
            assign = statement.body[0]
            if code(assign.value).split(".")[0] in roots:
                roots.add(assign.targets[0].target.value)
    return roots


def made_objects(statements: list[cst.BaseStatement], safe: set[str]) -> set[str]:
    """Names bound to what a safe call makes (`encoder = Sequential()`, `shared = Dense(8)`): calling
    them (`encoder(inputs)`) builds the model too."""
    made: set[str] = set()
    for statement in statements:
        if m.matches(statement, m.SimpleStatementLine(body=[m.Assign(targets=[m.AssignTarget(m.Name())],
                                                                      value=m.Call())])):
            assign = statement.body[0]
            if _callee_root(assign.value) in safe | made:
                made.add(assign.targets[0].target.value)
    return made


def _framework_bindings(node: cst.Import | cst.ImportFrom) -> set[str]:
    """The names an import of Keras or TensorFlow binds."""
    if isinstance(node, cst.ImportFrom):
        module = code(node.module) if node.module else ""
        if not module.startswith(FRAMEWORK_ROOTS) or isinstance(node.names, cst.ImportStar):
            return set()
        return {code(alias.asname.name) if alias.asname else code(alias.name) for alias in node.names}
    return {code(alias.asname.name) if alias.asname else code(alias.name).split(".")[0]
            for alias in node.names if code(alias.name).startswith(FRAMEWORK_ROOTS)}


def computes(statement: cst.BaseStatement, safe: set[str]) -> bool:
    """Whether running the statement only computes: imports, definitions, and calls of safe names (and
    of objects the slice makes: `ins.append(x)`), none of them a data loader Keras ships."""
    calls = m.findall(statement, m.Call())
    if isinstance(statement, (cst.FunctionDef, cst.ClassDef)):  # a helper the builder calls: kept whole, if harmless
        return not any(code(call.func).split(".")[-1] in SIDE_EFFECTS or
                       set(re.findall(r"\w+", code(call.func))) & DATA_WORDS for call in calls)
    if m.matches(statement, m.SimpleStatementLine(body=[m.Import() | m.ImportFrom()])):
        return True
    if any(set(re.findall(r"\w+", code(call.func))) & DATA_WORDS for call in calls):
        return False
    return all(_callee_root(call) in safe for call in calls)


def _callee_root(call: cst.Call) -> str:
    """The first name of what a call calls (`keras.layers.Dense` -> keras, `m.add` -> m): method calls
    on objects the slice made count as that object's."""
    node = call.func
    while isinstance(node, (cst.Attribute, cst.Call, cst.Subscript)):
        node = node.value if not isinstance(node, cst.Call) else node.func
    return node.value if isinstance(node, cst.Name) else ""


def written_names(statement: cst.BaseStatement) -> set[str]:
    """Names a statement binds: assignment targets, loop and `with` targets, imports, definitions."""
    if isinstance(statement, (cst.FunctionDef, cst.ClassDef)):
        return {statement.name.value}
    found: set[str] = set()
    for node in m.findall(statement, m.AssignTarget() | m.AnnAssign() | m.AugAssign() | m.For() | m.AsName()):
        target = node.name if isinstance(node, cst.AsName) else node.target
        found |= {name.value for name in names_in(target)} if not isinstance(target, cst.Attribute) else set()
    for node in m.findall(statement, m.Import() | m.ImportFrom()):
        if not isinstance(node.names, cst.ImportStar):
            found |= {code(a.asname.name) if a.asname else code(a.name).split(".")[0] for a in node.names}
    return found


def plainly_assigned(statement: cst.BaseStatement) -> set[str]:
    """Names a simple statement binds outright (`x = ...`, an import): earlier writes of them are dead."""
    if isinstance(statement, cst.SimpleStatementLine) and all(
            isinstance(s, (cst.Assign, cst.Import, cst.ImportFrom)) for s in statement.body):
        return written_names(statement)
    return set()


def mutated_names(statement: cst.BaseStatement) -> set[str]:
    """Names a statement changes in place: `ins.append(x)`, `m.add(layer)`, `d[k] = v`."""
    found = set()
    for call in m.findall(statement, m.Call(func=m.Attribute(value=m.Name()))):
        if call.func.attr.value in MUTATORS:
            found.add(call.func.value.value)
    for target in m.findall(statement, m.AssignTarget(target=m.Subscript(value=m.Name()))):
        found.add(target.target.value.value)
    return found


def read_names(statement: cst.BaseStatement) -> set[str]:
    """Names a statement reads (a definition: what its body reads that it does not bind itself)."""
    if m.matches(statement, m.SimpleStatementLine(body=[m.Import() | m.ImportFrom()])):
        return set()
    if isinstance(statement, (cst.FunctionDef, cst.ClassDef)):
        return {n.value for n in names_in(statement)} - written_names_deep(statement) - {statement.name.value}
    if not isinstance(statement, cst.SimpleStatementLine):  # a loop's own variable is bound, not read
        loops = list(m.findall(statement, m.For()))
        bound = {n.value for loop in loops for n in names_in(loop.target)}
        return {n.value for n in names_in(statement)} - bound | {n.value for loop in loops for n in names_in(loop.iter)}
    read: set[str] = set()
    for small in statement.body:
        if isinstance(small, cst.Assign):  # `x = f(x)` reads x; `d[k] = v` reads d and k; `x = 1` reads nothing
            read |= {n.value for n in names_in(small.value)}
            read |= {n.value for t in small.targets if not isinstance(t.target, (cst.Name, cst.Tuple, cst.List))
                     for n in names_in(t.target)}
        else:
            read |= {n.value for n in names_in(small)}
    return read


def written_names_deep(node: cst.CSTNode) -> set[str]:
    """Every name bound anywhere inside a definition: its parameters and local variables."""
    found = {p.name.value for p in m.findall(node, m.Param())}
    for inner in m.findall(node, m.AssignTarget() | m.For() | m.AsName()):
        target = inner.name if isinstance(inner, cst.AsName) else inner.target
        found |= {name.value for name in names_in(target)}
    return found
