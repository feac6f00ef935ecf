"""Keras 2 module paths that Keras 3 removed -> the public modules that hold the same names.

`from keras.layers.core import Dense` fails in Keras 3; `from keras.layers import Dense` works in both.
TensorFlow's private copy of a removed module (`from tensorflow.python.keras.utils.data_utils import
Sequence`) goes to the public module under `tensorflow.keras` that has its names (`keras_copies_to_keras` moved
the imports whose module `tensorflow.keras` has, before any rule read them); TF 1.2-1.3's `tf.contrib.keras`, and TF
1.x's generated `tensorflow._api.v1.keras`, are `tensorflow.keras`. Only `from ... import ...` statements
are rewritten; `import keras.layers.core` is reported. A removed module imported as a name (`from
keras.utils import np_utils`, then `np_utils.to_categorical(...)`) has each use replaced by the function
it names, imported from the public module, and the import goes once nothing uses it. A function no Keras 3
module has but Keras 2's own code can stand in for (`conv_utils.conv_output_length`,
`convert_all_kernels_in_model`: `keras2_helpers`) is written into the file, before its first function or class,
and called there. What it reports
(`import keras.layers.core`, TensorFlow's private `tensorflow.python.keras`) stays in the code: leftovers,
failing `--check`.
"""

from __future__ import annotations

import ast
import builtins
import re
from functools import cache, lru_cache

import libcst as cst
import libcst.matchers as m
from libcst.codemod.visitors import AddImportsVisitor, RemoveImportsVisitor

from migrate.codemod.data.keras_legacy_names import MODULE_ALIASES
from migrate.codemod.keras2_helpers import DEPENDS, HELPERS, OBTAIN_INPUT_SHAPE_2_0, helper, with_helpers
from migrate.codemod.keras3_names import PUBLIC
from migrate.codemod.legacy_names import CONSTANTS, LEGACY, Legacy, constant, legacy, public_api
from migrate.codemod.names import LAYER_MODULES, MOVES, STAR_NAMES, UTIL_MODULES, through_module_aliases
from migrate.codemod.outline import Outline
from migrate.codemod.rule import NAMES, DropsStatements
from migrate.codemod.rules.image_data_generator_to_layers import KEPT, REWRITTEN_AWAY
from migrate.codemod.syntax import code, dotted_expression, names_in

# What gives the rule work, as text: a removed module's path after `from`/`import`, TensorFlow's private copy,
# keras.engine, or a removed module imported by name (`from keras.layers import merge`, `... import np_utils`) or
# spelled out in code (`keras.utils.generic_utils.get_custom_objects()`). `keras.layers.Dense(...)` in code, or a
# project's own `data_utils`, is not work: such files are not parsed.
WORK = re.compile(rb"(?:from|import)[ \t]+(?:tensorflow\.)?keras\.(?:layers|utils)\.\w|keras\.engine|python\.keras"
                  rb"|keras\.objectives|keras\.applications\.mobilenetv2|keras\.(?:layers\.)?experimental"
                  rb"|keras\.preprocessing\.image[ \t]+import"
                  rb"|from[ \t]+(?:tensorflow\.)?keras\.(?:layers|utils)[ \t]+import(?:[ \t]*\([^)]*|[^\n]*)\b(?:%s)\b"
                  rb"|keras\.(?:layers|utils)\.(?:%s)\."
                  % ("|".join(LAYER_MODULES + UTIL_MODULES).encode(), "|".join(LAYER_MODULES + UTIL_MODULES).encode())
                  + rb"|_api\.v1\.keras|contrib\.keras")
# An import from a module Keras 3 removed whose names the table moves (`from keras.preprocessing.text import
# Tokenizer`): work whatever else the file holds (the rewrite must not hang on an unrelated word).
REMOVED_MODULE_IMPORT = re.compile(rb"(?:from|import)[ \t]+(?:tensorflow\.)?(?:%s)\b" % b"|".join(
    re.escape(path.removeprefix("tensorflow.")).encode()
    for path, (_, why) in sorted(LEGACY.items(), key=lambda item: -len(item[0])) if why == "module"))
# Keras 2.0-2.1's applications were Keras's own modules, and their imports are names of them (2.1.6's
# `keras.applications.mobilenet.DepthwiseConv2D`, `relu6`): words like `Dense` and `Model`, so an import from such a
# module, or a name read through one, is what wakes the rule for them.
APPLICATION = re.compile(rb"keras\.applications\.\w+[ \t]+import|keras\.applications\.\w+\.\w+\b")


def _application(path: str) -> bool:
    """A name inside an application's module (`keras.applications.mobilenet.relu6`, not `...applications.NASNet`)."""
    path = path.removeprefix("tensorflow.")
    return path.startswith("keras.applications.") and path.count(".") >= 3


# A module's name for a Keras module, in a module Keras 3 has (`from keras.layers import regularizers`: Keras 2.2.4
# re-exported it): its own pattern, as its last part (`layers`, `utils`) is in nearly every file.
MODULE_ALIAS = re.compile(b"|".join(
    rb"from[ \t]+(?:tensorflow\.)?%s[ \t]+import(?:[ \t]*\([^)]*|[^\n]*)\b%s\b|%s\b"
    % (re.escape(parent).encode(), name.encode(), re.escape(path).encode())
    for path in sorted(MODULE_ALIASES) for parent, name in [path.rsplit(".", 1)] if parent not in LEGACY))
# The last parts of the legacy names Keras 3 lacks in modules it has (`mse`, `CuDNNLSTM`, `Input` of keras.models;
# a removed module's path is WORK): a file naming one of them, and Keras, is parsed.
LEGACY_WORDS = frozenset(path.rsplit(".", 1)[1].encode() for path, (_, why) in LEGACY.items()
                         if why != "module" and path not in MODULE_ALIASES and not _application(path) and
                         path.rsplit(".", 1)[0] not in LEGACY and ".backend." not in path) | \
    frozenset(path.rsplit(".", 1)[1].encode() for path in CONSTANTS) | \
    frozenset(name.encode() for functions in HELPERS.values() for name in functions)
WORD = re.compile(rb"\w+")


def _legacy_attribute(outline: Outline, survey: object) -> bool:
    """Whether an attribute may name a table's path, as `_attribute_by_table` reads its qualified names: its first
    name bound by an import (`keras.utils.generic_utils.get_custom_objects` after `import keras`; not
    `np.random.uniform`), the import's path followed by the attribute's; or, where its first name is a package of
    the run, what a module of the run re-exports under its last two parts (`names.resolve`: `utils.mse` where
    utils.py does `from keras.losses import mse`). A project's own `models.backbone` is not work."""
    packages = getattr(survey, "packages", frozenset())
    passed_on = _passed_on(getattr(survey, "passed_on", ()))
    bound = outline.bindings()
    for parts in outline.dotted:
        for path in bound.get(parts[0], {parts[0]} if parts[0] in packages else ()):
            qualified = ".".join([path, *parts[1:]])
            if _in_tables(qualified):
                return True
            if path.split(".")[0] in packages:
                origin = passed_on.get(".".join(qualified.split(".")[-2:]))
                if origin is not None and (_in_tables(origin) or _moved_module(origin)):
                    return True
    return False


@lru_cache(maxsize=4)
def _passed_on(pairs: tuple[tuple[str, str], ...]) -> dict[str, str]:
    """A run's re-exports (`Survey.passed_on`) as a mapping, made once per run rather than once per file."""
    return dict(pairs)


def _moved_module(path: str) -> bool:
    """Whether `path` is a module Keras 3 removed, or a name in one (`np_utils.to_categorical` is rewritten through
    its module, `leave_Attribute`)."""
    return any(each in MOVES or _public(each) in MOVES for each in (path, path.rpartition(".")[0]) if each)


def _in_tables(path: str) -> bool:
    """Whether a dotted path is one the rule's tables move, report or copy in: a legacy name, a Keras 2 string
    constant, a Keras 2 function written into the file, a removed generator."""
    return legacy(path) is not None or constant(path) is not None or helper(path) is not None or path in REMOVED


# Keras 2 names Keras 3 removed from `keras` -> what to use instead (reported, not rewritten: the data pipeline
# changes). Its `tensorflow.keras` keeps them (image_data_generator_to_tf_keras moves an ImageDataGenerator there
# where that computes what Keras 2.3.1 did); `Iterator` is moved by the table (it computes the same).
_GENERATORS = ("use keras.utils.image_dataset_from_directory (or a keras.utils.PyDataset) for the data and "
               "preprocessing layers (RandomFlip, RandomTranslation, Rescaling) for the augmentation")
REMOVED = {f"keras.preprocessing.image.{name}": _GENERATORS
           for name in ("ImageDataGenerator", "DirectoryIterator", "NumpyArrayIterator")}


def _module_heirs() -> dict[str, str]:
    """A removed module all of whose names the table sends to one module of the same last name -> that module:
    `keras.preprocessing.text` -> `tensorflow.keras.preprocessing.text` (Keras 3's port of it), so `from
    keras.preprocessing import text` then `text.Tokenizer(...)` imports the port under the same name."""
    homes: dict[str, set[str | None]] = {}
    for path, (target, why) in LEGACY.items():
        module = path.rpartition(".")[0]
        if LEGACY.get(module, (None, ""))[1] == "module" and why != "module":
            homes.setdefault(module, set()).add(target.rpartition(".")[0] if target else None)
    return {module: found.pop() for module, found in homes.items() if len(found) == 1 and None not in found and
            module not in MOVES and next(iter(found)).rpartition(".")[2] == module.rpartition(".")[2]}


MODULE_HEIRS = _module_heirs()
HEIR_IMPORT = re.compile(b"|".join(rb"from[ \t]+%s[ \t]+import\b[^\n]*\b%s\b" % (
    re.escape(module.rpartition(".")[0].removeprefix("tensorflow.")).encode(), module.rpartition(".")[2].encode())
    for module in sorted(MODULE_HEIRS)))


def _free_names(source: str) -> set[str]:
    """The names a file reads and never binds itself (no assignment, parameter, def, class or import of them) and
    that are not builtins: what its star imports must give it."""
    tree = ast.parse(source)
    read, bound = set(), set(dir(builtins))
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            (read if isinstance(node.ctx, ast.Load) else bound).add(node.id)
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            bound.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            bound.add(node.name)
    return read - bound


def _binds_root_otherwise(module: cst.Module, root: str, imports: bool = True) -> bool:
    """Whether `module` binds the name `root` (`keras`) to anything but the package: `from tensorflow import keras`,
    `import tf_keras as keras`, an assignment, a function or class of that name. `import keras.engine` binds the
    package itself. Without `imports`, only the assignments, functions and classes are asked."""
    for statement in m.findall(module, m.Import() | m.ImportFrom()) if imports else ():
        for alias in () if isinstance(statement.names, cst.ImportStar) else statement.names:
            bound = code(alias.asname.name) if alias.asname is not None else code(alias.name).split(".")[0]
            if bound == root and (isinstance(statement, cst.ImportFrom) or
                                  (alias.asname is not None and code(alias.name) != root)):
                return True
    return any(code(target.target) == root for assign in m.findall(module, m.Assign()) for target in assign.targets) \
        or any(found.name.value == root for found in m.findall(module, m.FunctionDef() | m.ClassDef()))


def _public(name: str) -> str:
    """`tensorflow.python.keras.utils` -> `tensorflow.keras.utils`: TensorFlow's private copy of Keras, by the
    public path (which is Keras 3 in TensorFlow 2.16 and later)."""
    return "tensorflow.keras." + name.removeprefix("tensorflow.python.keras.") \
        if name.startswith("tensorflow.python.keras.") else name


def _home(target: str, names: list[str]) -> str | None:
    """The Keras 3 module that has every one of `names`: the removed module's usual heir (`keras.utils` for
    `keras.utils.np_utils`), else another public module that has them (`keras.engine.topology.get_source_inputs`
    lives in `keras.utils` now), else None: the names are gone, and moving them would only trade one
    ImportError for another, so they are reported."""
    root, _, _ = target.rpartition(".")
    for candidate in (target, *(f"{root}.{module}" for module in ("utils", "layers", "models"))):
        public = PUBLIC.get(candidate.replace("tensorflow.keras.", "keras.", 1))
        if public is None or all(name in public or name in OTHER_RULES for name in names):
            return candidate
    return None


# Names another rule rewrites away with their imports (multi_gpu_model_to_mirrored), or reports where it cannot.
OTHER_RULES = frozenset({"multi_gpu_model"})


def _api_v1_keras(node: cst.Attribute) -> bool:
    """`m.matches(node, m.Attribute(value=m.Attribute(value=m.Attribute(attr=m.Name("_api")), attr=m.Name("v1")),
    attr=m.Name("keras")))`, without building and running a matcher at every attribute of a file."""
    value = node.value
    return type(node.attr) is cst.Name and node.attr.value == "keras" and type(value) is cst.Attribute and \
        type(value.attr) is cst.Name and value.attr.value == "v1" and type(value.value) is cst.Attribute and \
        type(value.value.attr) is cst.Name and value.value.attr.value == "_api"


def _contrib_keras(node: cst.Attribute) -> bool:
    """`tf.contrib.keras`, TF 1.2-1.3's Keras (names.CONTRIB_KERAS), by its last two attributes (checked cheaply:
    this runs at every attribute of a file; the caller asks the names)."""
    value = node.value
    return type(node.attr) is cst.Name and node.attr.value == "keras" and type(value) is cst.Attribute and \
        type(value.attr) is cst.Name and value.attr.value == "contrib"


class LegacyImportPaths(DropsStatements):  # an import it removes may empty a block: pass
    NAME = "legacy_import_paths"
    ORDER = 70
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = "keras.layers.core / keras.utils.np_utils / ... imports -> keras.layers / keras.utils"

    @classmethod
    def triggered(cls, source: bytes, survey: object = None) -> bool:
        return WORK.search(source) is not None or REMOVED_MODULE_IMPORT.search(source) is not None or \
            HEIR_IMPORT.search(source) is not None or MODULE_ALIAS.search(source) is not None or \
            APPLICATION.search(source) is not None or \
            (b"keras" in source and not LEGACY_WORDS.isdisjoint(WORD.findall(source)))

    @classmethod
    def relevant(cls, source: bytes, outline: Outline, survey: object = None) -> bool:
        """Where only a legacy word woke the rule (`triggered`), the file must hold it where the rule's walk looks:
        as an attribute (`losses.mse`, `layers.CuDNNLSTM`: qualified names end with it), or imported from Keras or
        TensorFlow under a path the table has (`from keras.models import Input`; `from keras.layers import Input`
        is Keras 3's too); a star import may bring a module's names in. A module's path (WORK) is always work."""
        if WORK.search(source) is not None or REMOVED_MODULE_IMPORT.search(source) is not None or outline.star:
            return True
        if _legacy_attribute(outline, survey):
            return True
        return any(_in_tables(f"{module}.{name}") for _, module, names in outline.from_imports
                   if module.split(".")[0] in ("keras", "tensorflow") for name, _ in names)

    def leave_ImportFrom(self, original: cst.ImportFrom, updated: cst.ImportFrom) -> cst.ImportFrom | cst.RemovalSentinel:
        if updated.module is None or updated.relative:
            return updated
        if public_api(code(updated.module)) != code(updated.module):  # TF 1's generated API package, by its name
            self.converted()
            updated = updated.with_changes(module=dotted_expression(public_api(code(updated.module))))
        updated = self._heir_modules(updated)
        if isinstance(updated, cst.RemovalSentinel):
            return updated
        updated, done = self._by_table(original, updated)
        if done:
            return updated
        module = code(updated.module)
        public = _public(module)
        if public != module and PUBLIC.get(public.replace("tensorflow.keras.", "keras.", 1)) is not None and \
                not isinstance(updated.names, cst.ImportStar) and \
                all(_home(public, [code(alias.name)]) == public for alias in updated.names):
            # `from tensorflow.python.keras.backend import is_keras_tensor`: the public module has the names.
            # (A removed module named, `... utils import data_utils`, stays private and reported.)
            self.converted()
            updated, module = updated.with_changes(module=dotted_expression(public)), public
        removed_modules = []  # `from keras.utils import np_utils`: a module Keras 3 lacks, goes once unused
        if not isinstance(updated.names, cst.ImportStar):
            for alias in updated.names:
                if f"{public}.{code(alias.name)}" in MOVES:
                    asname = code(alias.asname.name) if alias.asname else None
                    RemoveImportsVisitor.remove_unused_import(self.context, module, code(alias.name), asname)
                    removed_modules.append(asname or code(alias.name))
        self._report_removed(original, module)
        target = MOVES.get(module) or MOVES.get(public)
        if target is None:
            copied = [] if isinstance(updated.names, cst.ImportStar) else \
                [alias for alias in updated.names if self._copies(f"{module}.{code(alias.name)}", alias)]
            if copied:  # `from keras.applications.imagenet_utils import _obtain_input_shape`: Keras 2's own, copied in
                kept = [alias for alias in updated.names if alias not in copied]
                if not kept:
                    return cst.RemovalSentinel.REMOVE
                updated = updated.with_changes(names=[*kept[:-1], kept[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)])
            if module.startswith("tensorflow.python.keras"):
                # reported at the end unless every use of the removed modules it names was replaced (the import goes)
                every = not isinstance(updated.names, cst.ImportStar) and len(removed_modules) == len(updated.names)
                self.private.append((original, module, removed_modules if every else None))
            return updated
        if isinstance(updated.names, cst.ImportStar) and module in STAR_NAMES:
            # a name the file reads, unbound, that the star import gave and Keras 3's module lacks (Keras 2's K, mse),
            # or that Keras 3's module gives but Keras 2's did not (it would hide another import's `dice`)
            given, now = STAR_NAMES[module], PUBLIC[target]
            changed = sorted(_free_names(self.module.code) & (given ^ now))
            if changed:
                gone, hiding = [n for n in changed if n in given], [n for n in changed if n not in given]
                said = ([f"{', '.join(gone)}, which Keras 2's {module} gave and Keras 3's {target} lacks"] if gone
                        else []) + ([f"{', '.join(hiding)}, which Keras 3's {target} would give over the file's own"]
                                    if hiding else [])
                self.report(original, f"from {module} import *: the file reads {'; and '.join(said)}: import what "
                                      f"it reads by name (keras.losses.mean_squared_error for mse, keras.ops for K.*)")
                return updated
        if not isinstance(updated.names, cst.ImportStar):
            copied = [alias for alias in updated.names if self._copies(f"{module}.{code(alias.name)}", alias)]
            if copied:  # Keras 2's own function is written into the file; the rest of the import as usual
                kept = [alias for alias in updated.names if alias not in copied]
                if not kept:
                    return cst.RemovalSentinel.REMOVE
                kept[-1] = kept[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
                updated = updated.with_changes(names=kept)
            names = [code(alias.name) for alias in updated.names]
            home = _home(target, names)
            if home is None:
                gone = next(name for name in names if _home(target, [name]) is None)
                self.report(original, f"{module}.{gone} is gone in Keras 3 (no public module has it): "
                                      "copy what you use of it into your own code")
                return updated
            target = home
        self.converted()
        return updated.with_changes(module=dotted_expression(target))

    def _heir_modules(self, updated: cst.ImportFrom) -> cst.ImportFrom | cst.RemovalSentinel:
        """`from keras.preprocessing import text` -> `from tensorflow.keras.preprocessing import text` (MODULE_HEIRS);
        beside other names, the module goes and its heir is imported under the same name."""
        if isinstance(updated.names, cst.ImportStar):
            return updated
        module = code(updated.module)
        heirs = {id(alias): MODULE_HEIRS[f"{module}.{code(alias.name)}"] for alias in updated.names
                 if f"{module}.{code(alias.name)}" in MODULE_HEIRS}
        if not heirs:
            return updated
        self.converted()
        if len(heirs) == len(updated.names) and len({heir.rpartition(".")[0] for heir in heirs.values()}) == 1:
            return updated.with_changes(module=dotted_expression(next(iter(heirs.values())).rpartition(".")[0]))
        for alias in updated.names:
            if id(alias) in heirs:
                home, _, name = heirs[id(alias)].rpartition(".")
                AddImportsVisitor.add_needed_import(self.context, home, name,
                                                    code(alias.asname.name) if alias.asname else None)
        kept = [alias for alias in updated.names if id(alias) not in heirs]
        if not kept:
            return cst.RemovalSentinel.REMOVE
        kept[-1] = kept[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
        return updated.with_changes(names=kept)

    def _by_table(self, original: cst.ImportFrom, updated: cst.ImportFrom) -> tuple[cst.ImportFrom, bool]:
        """Names Keras 3 lacks where they are imported from (`codemod/legacy_names`): each goes to the Keras 3 name
        holding the same object (`from keras.models import Input` -> `from keras import Input`; a new name is
        imported under the old one: `mean_squared_error as mse`), or is reported. True when the statement is done
        (nothing is left in it for the module moves below)."""
        if isinstance(updated.names, cst.ImportStar):
            return updated, False
        module = code(updated.module)
        moved: dict[str, list[cst.ImportAlias]] = {}
        kept: list[cst.ImportAlias] = []
        gone = False
        for alias in updated.names:
            found = self._entry(f"{module}.{code(alias.name)}")
            local = code(alias.asname.name) if alias.asname else code(alias.name)
            if found is not None and found.units_only and local in self.positional_calls:
                self.report(original, f"{found.path} is called with arguments by position after the first: "
                                      f"{found.target} takes them in another order; give them by keyword and run again")
                gone, found = True, None
            elif found is not None and found.target is None:
                self.report(original, f"{found.path} is gone in Keras 3: {found.why}")
                gone, found = True, None
            if found is None:
                kept.append(alias)
                continue
            home, _, name = found.target.rpartition(".")
            asname = alias.asname if alias.asname else cst.AsName(cst.Name(code(alias.name))) \
                if name != code(alias.name) else None
            moved.setdefault(home, []).append(cst.ImportAlias(cst.Name(name), asname=asname))
        if not moved:
            return updated, gone
        self.converted()
        if not kept:  # the statement takes the first module's names; the others are imported beside it
            home, names = next(iter(moved.items()))
            del moved[home]
            updated = updated.with_changes(module=dotted_expression(home), names=[n.with_changes(comma=cst.MaybeSentinel.DEFAULT)
                                                                         if i == len(names) - 1 else n
                                                                         for i, n in enumerate(names)])
        else:
            kept[-1] = kept[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
            updated = updated.with_changes(names=kept)
        for home, names in moved.items():
            for alias in names:
                AddImportsVisitor.add_needed_import(self.context, home, code(alias.name),
                                                    code(alias.asname.name) if alias.asname else None)
        return updated, gone or not kept

    @property
    def positional_calls(self) -> set[object]:
        """Callees (by id, and bare names) called with more than one argument by position or a star: a
        substitute taking only the first by position (`CuDNNLSTM` -> `LSTM`) is not written there. Worked out
        when first asked (a substitute is rare; the walk is not free)."""
        if self._positional is None:
            positional = [call.func for call in m.findall(self.module, m.Call())
                          if sum(arg.keyword is None for arg in call.args) > 1 or any(arg.star for arg in call.args)]
            self._positional = {id(func) for func in positional} | {func.value for func in positional
                                                                     if isinstance(func, cst.Name)}
        return self._positional

    def _entry(self, path: str) -> Legacy | None:
        """The table's entry for a name this rule moves or reports (not a module: the moves below have those;
        not what another rule rewrites: multi_gpu_model, a Keras 2 backend function, ImageDataGenerator, a helper
        written into the file)."""
        found = legacy(path)
        if found is None or found.module or found.path.rpartition(".")[2] in OTHER_RULES or \
                ".backend." in found.path or found.path in REMOVED or helper(found.path) is not None:
            return None
        return found

    def visit_Module(self, node: cst.Module) -> None:
        self.module = node
        self._positional: set[object] | None = None
        self.private: list[tuple[cst.ImportFrom, str, list[str] | None]] = []
        self.copied: dict[str, str] = {}  # Keras 2 helpers to write into the file: name -> source
        # what the file binds itself: any function or class, a top-level assignment
        self.defined = {found.name.value for found in m.findall(node, m.FunctionDef() | m.ClassDef())} | \
            {code(target.target) for statement in node.body if isinstance(statement, cst.SimpleStatementLine)
             for small in statement.body if isinstance(small, cst.Assign) for target in small.targets}
        self.unaliased: set[str] = set()  # module aliases bound by a from-import without `as`
        self.module_aliases = self._module_aliases(node)
        self.plain_modules = self._plain_modules(node)

    def _plain_modules(self, node: cst.Module) -> set[str]:
        """`import keras.engine` where every `keras.engine.X` of the file is a name Keras 3 holds elsewhere
        (`_attribute_by_table` spells it from the same root: keras.layers.Layer) and nothing else reads the module:
        the import becomes `import keras`, the package those names are read from."""
        found = set()
        attributes = None
        for alias in m.findall(node, m.ImportAlias(asname=None)):
            module = code(alias.name)
            if "." not in module or legacy(module) is None or not legacy(module).module:
                continue
            attributes = attributes if attributes is not None else m.findall(node, m.Attribute())  # once a file
            spelled = [found for found in attributes if code(found) == module]
            reads = [found for found in attributes if code(found.value) == module and
                     (entry := self._entry(f"{module}.{found.attr.value}")) is not None and entry.target and
                     entry.target.split(".")[0] == module.split(".")[0]]
            imports = len([each for each in m.findall(node, m.ImportAlias()) if code(each.name) == module])
            if reads and len(spelled) == len(reads) + imports:
                found.add(module)
        return found

    def _module_aliases(self, node: cst.Module) -> dict[str, tuple[str, str | None]]:
        """`import keras.engine as KE` (or `from keras import engine as KE`) where every use of KE names something
        Keras 3 holds elsewhere (`KE.Model`, `KE.Layer`: the table's keras.Model, keras.layers.Layer) ->
        {"KE": ("keras.engine", None)} (("keras", "engine") for the from-import): each use becomes the Keras 3 name,
        spelled from its root (imported where the file does not bind the root otherwise), and the import goes.
        Keras 3 has no such module, so the import alone stops the file. A from-import without `as` binds the
        module's own name (`from tensorflow.keras.layers.experimental import preprocessing`, then
        `preprocessing.Normalization()`, TF 2.1-2.5's spelling): the same, when that import is its only binding."""
        found: dict[str, tuple[str, str | None]] = {}
        rebound = cache(lambda root: _binds_root_otherwise(node, root))  # once a file per root
        for statement in m.findall(node, m.Import() | m.ImportFrom()):
            if isinstance(statement, cst.ImportFrom) and (statement.relative or statement.module is None or
                                                          isinstance(statement.names, cst.ImportStar)):
                continue
            parent = code(statement.module) if isinstance(statement, cst.ImportFrom) else None
            for alias in statement.names:
                name = code(alias.asname.name) if alias.asname is not None else code(alias.name)
                module = f"{parent}.{code(alias.name)}" if parent else code(alias.name)
                if alias.asname is None and (parent is None or _public(module) in MOVES):
                    continue  # `import keras.engine`: _plain_modules; `from keras.utils import np_utils`: its names
                if legacy(module) is None or not legacy(module).module or name in found or module in MODULE_HEIRS:
                    continue  # (a module with one heir is imported from it: _heir_modules)
                uses = m.findall(node, m.Name(name))
                reads = [attribute for attribute in m.findall(node, m.Attribute(value=m.Name(name)))
                         if (entry := self._entry(f"{module}.{attribute.attr.value}")) is not None and entry.target
                         and not rebound(entry.target.split(".")[0])]
                bindings = len(m.findall(node, m.AsName(name=m.Name(name)))) + (alias.asname is None)
                if reads and len(reads) == len(uses) - 1 and bindings == 1:
                    found[name] = (module, parent)
                    if alias.asname is None:
                        self.unaliased.add(name)
        return found

    def _copies(self, qualified: str, alias: cst.ImportAlias | None = None) -> bool:
        """Whether the Keras 2 function `qualified` is written into the file (`keras2_helpers`): one it has a text
        for, imported under its own name, that the file does not define itself."""
        source, name = helper(qualified), qualified.rpartition(".")[2]
        if source is None or (alias is not None and alias.asname is not None) or \
                (name in self.defined and name not in self.copied):
            return False
        if name == "_obtain_input_shape":
            old_calls, new_calls = (m.findall(self.module, m.Call(func=m.Name(name), args=[
                m.ZeroOrMore(), m.Arg(keyword=m.Name(keyword)), m.ZeroOrMore()])) for keyword in ("include_top",
                                                                                                 "require_flatten"))
            if old_calls and new_calls:
                self.report(old_calls[0], "_obtain_input_shape is called with include_top=, Keras 2.0's keyword, and "
                                          "with require_flatten=, Keras 2.0.8's: call it one way and run again to have "
                                          "Keras 2's function copied into the file")
                return False
            if old_calls:  # Keras 2.0's calls: its function, which takes include_top= (and weights='imagenet')
                source = OBTAIN_INPUT_SHAPE_2_0
        self.copied[name] = source
        self.copied.update(DEPENDS.get(name, {}))
        self.converted()
        return True

    def leave_Module(self, original: cst.Module, updated: cst.Module) -> cst.Module:
        """TensorFlow's private imports reported, but for one of removed modules whose every use was replaced
        (`from tensorflow.python.keras.utils import data_utils`, used only as `data_utils.get_file`): it goes."""
        used = {name.value for name in names_in(updated)} if any(modules is not None for _, _, modules in self.private) else set()
        for node, module, modules in self.private:
            if modules is None or set(modules) & used:
                self.report(node, f"{module} is TensorFlow's private copy of Keras: import from keras instead")
        return with_helpers(self.context, updated, self.copied) if self.copied else updated

    def _report_removed(self, node: cst.ImportFrom, module: str) -> None:
        """Names Keras 3 dropped with no public module to move to: a person rewrites the code using them."""
        if isinstance(node.names, cst.ImportStar):
            return
        gone = self.context.scratch.get(REWRITTEN_AWAY, ())  # its uses rewritten, the import is removed
        for alias in node.names:
            advice = REMOVED.get(f"{module}.{code(alias.name)}")
            if advice is not None and f"{module}.{code(alias.name)}" not in gone:
                kept = "; ".join(self.context.scratch.get(KEPT, ())) if code(alias.name) == "ImageDataGenerator" else ""
                why = f" (not rewritten: {kept})" if kept else ""
                self.report(node, f"{module}.{code(alias.name)} is gone in Keras 3: {advice}{why}")

    def _attribute_by_table(self, original: cst.Attribute, updated: cst.Attribute) -> cst.BaseExpression | None:
        """`keras.layers.CuDNNLSTM` -> `keras.layers.LSTM`, `losses.mse` -> `losses.mean_squared_error`,
        `tf.keras.layers.normalization.BatchNormalization` -> `tf.keras.layers.BatchNormalization`: the Keras 3
        name of the same object, spelled from the same root as the code spells it; a name with none is reported.
        None: not a legacy name. A Keras 2 string constant Keras 3 has no public name for (a weight URL) becomes
        its value."""
        for name in sorted(self.qualified_names(original)):
            value = constant(name)
            if value is not None:
                self.converted()
                return cst.SimpleString(repr(value))
        for name in sorted({through_module_aliases(name) for name in self.qualified_names(original)}):
            found = self._entry(name)
            if found is None or (isinstance(updated.value, cst.Name) and (_public(name.rpartition(".")[0]) in MOVES or
                                                                          name.rpartition(".")[0] in MODULE_HEIRS)):
                continue  # `np_utils.to_categorical`, np_utils a removed module imported by name: see below; `text.X`,
                # text imported from its heir (_heir_modules)
            if found.target is None:
                self.report(original, f"{found.path} is gone in Keras 3: {found.why}")
                return updated
            if found.units_only and id(original) in self.positional_calls:
                self.report(original, f"{found.path} is called with arguments by position after the first: "
                                      f"{found.target} takes them in another order; give them by keyword and run again")
                return updated
            spelled, qualified, target = code(updated).split("."), name.split("."), found.target.split(".")
            shared = len(qualified) - len(spelled) + 1  # the qualified parts the spelling's first name stands for
            if shared < 1 or spelled[1:] != qualified[shared:] or target[:shared] != qualified[:shared]:
                # `imagenet_utils.get_file` (Keras 2.0's re-export) -> `keras.utils.get_file`: from the root, where
                # the spelling's first name is a module Keras 3 kept (a removed one is _module_aliases' or reported)
                if shared < 1 or legacy(".".join(qualified[:shared])) is not None or \
                        _binds_root_otherwise(self.module, target[0]) or len(self.qualified_names(original)) != 1:
                    self.report(original, f"{found.path} is gone in Keras 3: use {found.target}")
                    return updated
                self.converted()
                RemoveImportsVisitor.remove_unused_import_by_node(self.context, original)
                return dotted_expression(self._from_root(found.target))
            self.converted()
            return dotted_expression(".".join([spelled[0], *target[shared:]]))
        return None

    def _from_root(self, target: str) -> str:
        """`target` spelled from its package as the file binds it: `tf.keras.layers.Normalization` where the file has
        `import tensorflow as tf` (one module-level alias, nothing else of that name), else from the package's own
        name, imported."""
        root, _, rest = target.partition(".")
        aliases = {code(alias.asname.name) for statement in self.module.body
                   if isinstance(statement, cst.SimpleStatementLine) for small in statement.body
                   if isinstance(small, cst.Import) for alias in small.names
                   if alias.asname is not None and code(alias.name) == root}
        alias = aliases.pop() if len(aliases) == 1 else None
        if alias is not None and len(m.findall(self.module, m.AsName(name=m.Name(alias)))) == 1 and \
                not _binds_root_otherwise(self.module, alias, imports=False):
            return f"{alias}.{rest}"
        AddImportsVisitor.add_needed_import(self.context, root)
        return target

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute) -> cst.BaseExpression:
        """`np_utils.to_categorical` (np_utils from a removed module) -> `to_categorical`, imported."""
        if _api_v1_keras(updated):  # `tf._api.v1.keras` -> `tf.keras`
            self.converted()
            return updated.with_changes(value=updated.value.value.value)
        if _contrib_keras(updated) and "tensorflow.contrib.keras" in self.qualified_names(original):
            self.converted()  # `tf.contrib.keras` -> `tf.keras`
            return updated.with_changes(value=updated.value.value)
        if isinstance(updated.value, cst.Name) and updated.value.value in self.module_aliases:
            # `KE.Model`, KE an alias of a removed module whose every use is a name Keras 3 holds (_module_aliases)
            module, parent = self.module_aliases[updated.value.value]
            target = self._from_root(self._entry(f"{module}.{updated.attr.value}").target)
            self.converted()
            if parent is None:
                RemoveImportsVisitor.remove_unused_import(self.context, module, asname=updated.value.value)
            else:
                RemoveImportsVisitor.remove_unused_import(
                    self.context, parent, module.rpartition(".")[2],
                    None if updated.value.value in self.unaliased else updated.value.value)
            return dotted_expression(target)
        by_table = self._attribute_by_table(original, updated)
        if by_table is not None:
            return by_table
        if not isinstance(updated.value, cst.Name):
            return updated
        for name in sorted(self.qualified_names(original)):  # sorted: a try/except import has two names; one answer whatever the hash seed
            private, _, function = name.rpartition(".")
            module = _public(private)  # `tensorflow.python.keras.utils.data_utils.get_file`: the public one's heir
            if module not in MOVES and helper(name) is not None and self._copies(name):
                # `initializers._compute_fans(shape)`: Keras 2's private function of a module Keras 3 has, copied in
                RemoveImportsVisitor.remove_unused_import(self.context, private.rsplit(".", 1)[0], updated.value.value)
                return cst.Name(function)
            if module in MOVES and module.rsplit(".", 1)[0] + "." + updated.value.value == module:
                home = _home(MOVES[module], [function])
                if home is None and self._copies(name):
                    RemoveImportsVisitor.remove_unused_import(self.context, private.rsplit(".", 1)[0], updated.value.value)
                    return cst.Name(function)
                if home is None:
                    self.report(original, f"{name} is gone in Keras 3 (no public module has it): "
                                          "copy what you use of it into your own code")
                    return updated
                self.converted()
                AddImportsVisitor.add_needed_import(self.context, home, function)
                RemoveImportsVisitor.remove_unused_import(self.context, private.rsplit(".", 1)[0], updated.value.value)
                return cst.Name(function)
        return updated

    def leave_Import(self, original: cst.Import, updated: cst.Import) -> cst.Import:
        """`import tensorflow._api.v1.keras` -> `import tensorflow.keras`; a module Keras 3 lacks is reported."""
        names = []
        for alias in updated.names:
            name = code(alias.name)
            if public_api(name) != name:
                self.converted()
                alias = alias.with_changes(name=dotted_expression(public_api(name)))
            elif alias.asname is not None and self.module_aliases.get(code(alias.asname.name)) == (name, None):
                pass  # every use becomes the Keras 3 name (leave_Attribute), and the import goes
            elif alias.asname is None and name in self.plain_modules:  # `import keras.engine` -> `import keras`
                self.converted()
                alias = alias.with_changes(name=cst.Name(name.split(".")[0]))
            elif name in MOVES:
                self.report(original, f"import {name}: Keras 3 has no such module; use {MOVES[name]}")
            elif legacy(name) is not None and legacy(name).module:
                self.report(original, f"import {name}: Keras 3 has no such module")
            names.append(alias)
        return updated.with_changes(names=names)
