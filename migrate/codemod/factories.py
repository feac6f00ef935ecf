"""Templates built away from their wrapper: factories that hand out a multi_gpu_model wrapper, and
ModelMGPU-style classes. Both are found across the files of one run, because their callers often live
in another file of the same project (`from models import build_model`).

A **factory** is a module-level function that gives its caller the wrapper uncompiled
(`return multi_gpu_model(model, G)`, `return model, multi_gpu_model(model, G)`, or `p = ...; return p`).
Under MirroredStrategy the variables are made when it is called, so the scope belongs around its calls
(and their compile), and the function loses the wrapper. A call is *reachable* when it is a statement
`x = factory(...)` (or `a, b = ...`, or a bare call) in some block of the files given. A method doing
the same is a factory for the `self.method()` calls of its own class (the rule finds those itself).

A **wrapper class** subclasses Model and calls multi_gpu_model on one of its `__init__` parameters
(the ModelMGPU recipe, which copies the wrapper's `__dict__` and sends `save`/`load` to the template).
Its instantiations are rewritten as multi_gpu_model calls are; `Wrapper` says where the template and
GPU count are among its arguments.

A survey reads only files that mention multi_gpu_model (or a factory's name): everything else is
skipped before it is parsed.
"""

from __future__ import annotations

import ast
import os
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import PurePath

import libcst as cst
import libcst.matchers as m
from libcst.metadata import MetadataWrapper, QualifiedNameProvider

from migrate.codemod.mirrored_sites import (
    MULTI_GPU,
    SiteFinder,
    Wrapper,
    compile_after,
    construction_start,
    hands_out_wrapper,
)
from migrate.codemod.names import MULTI_GPU_MODEL, lines, reexports
from migrate.codemod.syntax import code, subclasses_model
from migrate.codemod.walk import parse_module

TRIGGER = b"multi_gpu_model"


@dataclass(frozen=True)
class Factory:
    """A function handing out an uncompiled wrapper (wrapper None), or a wrapper class (wrapper set)."""

    module: str  # the defining file's module name, its last part (`models` for pkg/models.py)
    name: str
    wrapper: Wrapper | None = None

    def called_by(self, qualified_names: set[str], module: str) -> bool:
        """Whether a callee with these qualified names is this factory, seen from the file of `module`."""
        dotted = f"{self.module}.{self.name}"
        return any((name == self.name and module == self.module) or name == dotted or name.endswith("." + dotted)
                   for name in qualified_names)


@dataclass(frozen=True)
class Survey:
    """The factories and wrapper classes of the files in one run, and the factories called from them."""

    factories: frozenset[Factory] = frozenset()
    reached: frozenset[Factory] = frozenset()
    # What modules of the run re-export from Keras ({"utils.multi_gpu_model": "keras.utils.multi_gpu_model"}),
    # and the names of the run's packages and modules (`names.resolve` follows the first into the second).
    passed_on: tuple[tuple[str, str], ...] = ()
    packages: frozenset[str] = frozenset()
    # Module constants a learning phase may be given by, across files (`from constants import TEST_PHASE`):
    # {"constants.TEST_PHASE": "0"}, for names set once at a module's top level to 0, 1, True or False.
    phases: tuple[tuple[str, str], ...] = ()
    # Functions returning a TF1 session built from a memory-growth preamble, every use of which in the run drops
    # the session or installs it with set_session ("networks.get_session"): `memory_growth_preamble` converts them.
    session_factories: tuple[str, ...] = ()
    # Undecorated module-level functions that build and return a tf.Session(...), every use of which in the run
    # drops the session or installs it with set_session ("utils.get_session", keras-retinanet's): nothing runs a
    # tensor with it, so `tf1_names_to_tf2` may spell it compat.v1 (the set_session is reported).
    installed_sessions: tuple[str, ...] = ()
    # Files of the run (paths) joined through imports, in either direction, to a file that uses Keras
    # (`tf1_graph_program`: a program whose eager execution is turned off must not run Keras 3).
    keras_linked: frozenset[str] = frozenset()
    # What the run's files take from its modules by name ("model.mean": `from model import mean`, or `model.mean` read
    # where model is imported, or a word of a file that star-imports model), and the modules star-imported by a file
    # that is star-imported in turn ("model.*"): a name another file may read.
    taken: frozenset[str] = frozenset()
    # Set for the cells of a notebook that is a Keras-free TF1 graph program (`tf1_graph_program.graph_notebook`):
    # every cell then takes that route, as the cells of one program.
    graph_notebook: bool = False
    # Set for the cells of a notebook one cell of which turns TF 1.x's eager execution on (`tf.enable_eager_execution()`):
    # every cell then runs eagerly, as the cells of one program (`tf1_graph_program.EAGER_ON`).
    eager_notebook: bool = False

    def called(self, qualified_names: set[str], module: str) -> Factory | None:
        return next((f for f in self.factories if f.called_by(qualified_names, module)), None)

    @property
    def names(self) -> set[bytes]:
        return {factory.name.encode() for factory in self.factories}


@cache
def module_of(path: str) -> str:
    """`pkg/models.py` -> `models`; a package's `__init__.py` -> the package's name."""
    pure = PurePath(path)
    return pure.parent.name if pure.stem == "__init__" else pure.stem


def survey(sources: Iterable[tuple[str, bytes]]) -> Survey:
    """Read the factories from the files that mention multi_gpu_model, then find their reachable calls."""
    sources = list(sources)
    factories: set[Factory] = set()
    for path, source in sources:
        if TRIGGER in source and _may_hand_out(source):
            factories |= _read(source, _may_define, _defined, module_of(path))
    found = Survey(frozenset(factories))
    names = {factory.name for factory in found.factories}
    reached: set[Factory] = set()
    for path, source in sources:
        if any(name in source for name in found.names):
            reached |= _read(source, lambda module: _may_call(module, names), reachable_calls, found, module_of(path))
    passed_on: dict[str, str] = {}
    for path, source in sources:
        if b"from keras" in source or b"from tensorflow" in source or b"import tensorflow as" in source or \
                b"import keras" in source:
            passed_on |= reexports(module_of(path), source)
    packages = frozenset(part.split(".")[0] for path, _ in sources for part in PurePath(path).parts)
    return Survey(found.factories, frozenset(reached), tuple(sorted(passed_on.items())), packages, _phases(sources),
                  _session_factories(sources), _installed_sessions(sources), _keras_linked(sources), _taken(sources))


# A use of Keras in a file's text: an import of it (`import keras`, `from tensorflow import keras`,
# `from tensorflow.python.keras.layers import Dense`) or an attribute path through it (`tf.keras.layers`), not
# the word in a docstring ("inspired by keras (http://keras.io)", tkipf/gcn's layers.py).
KERAS_USE = re.compile(rb"^[ \t]*(?:import|from)[ \t]+(?:[\w.]*\.)?keras\b|^[ \t]*from[ \t]+[\w.]+[ \t]+import[^#\n]*\bkeras\b"
                       rb"|^[^#\n]*\w\.keras\.\w", re.M)
# (Begins with a newline, read in `names.lines(source)`: see there.)
_IMPORTED = re.compile(rb"\n[ \t]*(?:from[ \t]+([\w.]+)[ \t]+import[ \t]+\(?([\w., \t]+)|import[ \t]+([\w., \t]+))")


def uses_keras(source: bytes) -> bool:
    """Whether `KERAS_USE` is found in the text, asked only of the lines that spell `keras` (every way of it does):
    the pattern tried at every line of the c19 files took a tenth of a second. An import of Keras's numpy utilities
    alone (`_numpy_side`) is not a use."""
    start = source.find(b"keras")
    while start != -1:
        line = source.rfind(b"\n", 0, start) + 1
        end = source.find(b"\n", start)
        end = len(source) if end == -1 else end
        if KERAS_USE.match(source, line, end) and not _numpy_side(source[line:end]):
            return True  # (`^` with re.M holds at `line`, the start of a line)
        start = source.find(b"keras", end)
    return False


# Keras's numpy utilities run nothing of Keras's graph (Keras 3's to_categorical and pad_sequences are numpy functions,
# a dataset's load_data reads files, load_img and img_to_array are PIL's and numpy's, Progbar prints; each runs with
# eager execution off): a file that imports only these
# from Keras does not use Keras, and a TF1 graph program may (siavash-khodadadeh/meta-learning's `from keras.utils
# import to_categorical`, fifty-second hold-out).
_NUMPY_SIDE_MODULES = frozenset({b"keras.utils", b"keras.utils.np_utils", b"keras.preprocessing.sequence",
                                 b"keras.preprocessing.image", b"keras.datasets", b"keras.utils.generic_utils"})
_NUMPY_SIDE_NAMES = frozenset({b"to_categorical", b"pad_sequences", b"mnist", b"fashion_mnist", b"cifar10",
                               b"cifar100", b"imdb", b"reuters", b"boston_housing", b"load_data", b"load_img",
                               b"img_to_array", b"array_to_img", b"Progbar"})
_FROM_IMPORT = re.compile(rb"[ \t]*from[ \t]+([\w.]+)[ \t]+import[ \t]+([\w, \t]+?)[ \t]*(?:#.*)?")


# A path through Keras to one of its numpy utilities, read where a line reaches them through `tf.keras` (`(x, y), _ =
# tf.keras.datasets.mnist.load_data()`, WGAN-GP-tensorflow's dataset_.py, fifty-fourth hold-out) and any other path
# through Keras the line spells (`\w.keras.` and what follows it).
_NUMPY_SIDE_PATH = re.compile(rb"\w\.keras\.(?:datasets(?:\.\w+)?(?:\.(?:load_data|get_word_index))?"
                              rb"|utils\.(?:generic_utils\.)?(?:to_categorical|Progbar)"
                              rb"|preprocessing\.sequence\.pad_sequences|preprocessing\.image\.(?:load_img|img_to_array"
                              rb"|array_to_img))(?![\w.])")
_KERAS_PATH = re.compile(rb"\w\.keras\.[\w.]*")


def _numpy_side(line: bytes) -> bool:
    """Whether the line imports Keras's numpy utilities and nothing else of Keras (`from keras.utils import
    to_categorical`, `from keras.datasets import mnist`, `from keras.datasets.mnist import load_data`), or reaches
    only them through `tf.keras` (`tf.keras.datasets.mnist.load_data()`, `tf.keras.utils.to_categorical(y, 10)`)."""
    found = _FROM_IMPORT.fullmatch(line.rstrip(b"\r"))
    if found is None:
        code = line.split(b"#", 1)[0]  # (a `#` in a string makes the line a use: when in doubt, Keras)
        paths = _KERAS_PATH.findall(code)
        return bool(paths) and not re.match(rb"[ \t]*(?:import|from)[ \t]", code) and \
            all(_NUMPY_SIDE_PATH.fullmatch(path.rstrip(b".")) for path in paths)
    module = found[1].removeprefix(b"tensorflow.")
    if module not in _NUMPY_SIDE_MODULES and not module.startswith(b"keras.datasets."):
        return False
    return all(part.split()[0] in _NUMPY_SIDE_NAMES for part in found[2].split(b",") if part.strip())


def _keras_linked(sources: list[tuple[str, bytes]]) -> frozenset[str]:
    """The run's files (their paths) that a program using Keras may load: every file a file that uses Keras
    (`KERAS_USE`) imports, directly or through others, and every file imported by one that does (a `utils.py` that
    imports a Keras `models.py` puts Keras in each program that imports it). Eager execution is a process's own:
    a graph program that shares only a Keras-free module with a Keras project (both import `data.py`) never runs
    beside Keras, so it is not linked (the shared module is: the Keras project loads it). Imports are read from the
    text (every dotted part of an import and every name imported that is a module of the run). Where several files
    of the run have the module name an import reads (a repository of many projects, each with its own `models.py`
    and `utils/layers.py`), the import reaches the ones Python finds from the importing file's folder or a folder its
    `sys.path` lines add, else the nearest (`_reached`); where a `sys.path` line names no folder, it reaches them all:
    when in doubt, linked. An import from a package that is not the run's (no file nor folder of that name: `from
    tensorflow.examples.tutorials.mnist import input_data`) reaches nothing. A run where no file spells `keras` links
    nothing, without reading its imports (its graph notebooks, which are not among `sources`, are told by this set
    alone: empty, it must mean no module of the run loads Keras)."""
    if not any(b"keras" in source for _, source in sources):
        return frozenset()
    files: dict[str, list[str]] = {}
    for path, _ in sources:
        files.setdefault(module_of(path), []).append(path)
    folders_named = {part for path, _ in sources for part in PurePath(path).parent.parts}
    imports: dict[str, set[str]] = {path: set() for path, _ in sources}  # file -> the run's files it imports
    importers: dict[str, set[str]] = {path: set() for path, _ in sources}
    keras: set[str] = set()
    for path, source in sources:
        if uses_keras(source):
            keras.add(path)
        folders = _search_folders(path, source)
        for base, names, plain in _IMPORTED.findall(lines(source)):
            for chain in _chains(base, names, plain):
                if not chain[0].startswith(".") and chain[0] not in files and chain[0] not in folders_named:
                    continue
                for index, word in enumerate(chain):
                    for other in _reached(files.get(word, ()), chain[:index + 1], path, folders):
                        imports[path].add(other)
                        importers[other].add(path)
    with_keras = _closure(keras, importers)  # the files whose imports reach Keras
    return frozenset(_closure(with_keras, imports))  # and everything such a file loads


def _closure(start: set[str], edges: dict[str, set[str]]) -> set[str]:
    """`start` and every file reached from it along `edges`."""
    seen, stack = set(start), list(start)
    while stack:
        for other in edges[stack.pop()] - seen:
            seen.add(other)
            stack.append(other)
    return seen


def _chains(base: bytes, names: bytes, plain: bytes) -> Iterator[list[str]]:
    """The dotted module paths one import statement may load, as lists of parts: `import a.b as c, d` -> [a, b],
    [d]; `from a.b import c, d` -> [a, b, c], [a, b, d] (a name imported may be a module); a relative import keeps
    its dots as a first part (`from ..utils import x` -> [.., utils, x])."""
    if not base:
        for item in plain.split(b","):
            if item.split():
                yield item.split()[0].decode(errors="replace").split(".")
        return
    text = base.decode(errors="replace")
    dots = len(text) - len(text.lstrip("."))
    parts = ([text[:dots]] if dots else []) + [part for part in text[dots:].split(".") if part]
    for item in names.split(b","):
        words = item.split()
        yield parts + ([words[0].decode(errors="replace")] if words else [])


# A line that adds a folder to Python's search path (`sys.path.append("../utils")`, `sys.path.insert(0, ...)`).
_SYS_PATH = re.compile(rb"\bsys[ \t]*\.[ \t]*path[ \t]*\.[ \t]*(?:append|insert|extend)[ \t]*\(([^\n]*)")
_STRING = re.compile(rb"""[rRbBuU]?(?:'([^'\n]*)'|"([^"\n]*)")""")


def _search_folders(path: str, source: bytes) -> list[str] | None:
    """The folders an absolute import of `path` is looked up in: its own (a script's, run from there) and each one a
    `sys.path` line of it adds, read relative to it (`sys.path.append("../utils")`; each string of the line on its
    own); None where such a line names no folder in a string (`sys.path.append(model_path)`)."""
    here = os.path.dirname(path)
    folders = [os.path.normpath(here)]
    for arguments in _SYS_PATH.findall(source):
        named = [single or double for single, double in _STRING.findall(arguments)]
        if not any(named):
            return None
        folders += [os.path.normpath(os.path.join(here, name.decode(errors="replace"))) for name in named if name]
    return folders


def _reached(candidates: Iterable[str], chain: list[str], path: str, folders: list[str] | None) -> list[str]:
    """Of the run's files named as the last part of `chain`, those Python would load for it from `path`: the
    `chain` joined to a search folder (to the importing file's own folder, or its parents, for a relative
    import) is the file's path less `.py` (or `/__init__.py`). Where none is, the nearest (`_nearest`); all of
    them where the folders are unknown."""
    candidates = list(candidates)
    if len(candidates) < 2 or folders is None:
        return candidates
    if chain[0].startswith("."):
        start = os.path.dirname(path)
        for _ in range(len(chain[0]) - 1):
            start = os.path.dirname(start)
        folders, chain = [os.path.normpath(start)], chain[1:]
    wanted = {os.path.join(folder, *chain) for folder in folders}
    found = [candidate for candidate in candidates if _stem(candidate) in wanted]
    return found or _nearest(candidates, os.path.dirname(path))


def _nearest(candidates: list[str], folder: str) -> list[str]:
    """Where no search folder holds the module (a module that counts on the `sys.path` line of the script that
    imports it): the candidates under the closest folder above the importing file that holds any (its own project's
    `utils/layers.py`, not another project's)."""
    while True:
        inside = [candidate for candidate in candidates if candidate.startswith(folder + os.sep)]
        parent = os.path.dirname(folder)
        if inside or parent == folder:
            return inside or candidates
        folder = parent


def _stem(path: str) -> str:
    """A module's path as an import names it: `a/b.py` -> `a/b`, `a/b/__init__.py` -> `a/b`."""
    stem = os.path.normpath(os.path.splitext(path)[0])
    return os.path.dirname(stem) if os.path.basename(stem) == "__init__" else stem


_MODULE_READ = re.compile(rb"\b([A-Za-z_]\w*)[ \t]*\.[ \t]*([A-Za-z_]\w*)")
_STAR = re.compile(rb"\n[ \t]*from[ \t]+([\w.]+)[ \t]+import[ \t]+\*")  # (read in `names.lines(source)`)
_WORD = re.compile(rb"[A-Za-z_]\w*")


def _taken(sources: list[tuple[str, bytes]]) -> frozenset[str]:
    """`Survey.taken`, read from the text: every `from M import a, b` (M's last part), and every `X.a` in a file that
    imports a module as X (`import M`, `import M as X`, `from P import M`). A `from M import *` takes from M each word
    of the importing file (keras-rl's agents star-import `rl.util`, and read none of the names it imports only for
    itself), or everything (`M.*`) where that file is star-imported in turn, since then its importers read on."""
    found: set[str] = set()
    texts = [lines(source) for _, source in sources]
    stars = [{module.rsplit(b".", 1)[-1].decode() for module in _STAR.findall(text)} for text in texts]
    starred = {module for modules in stars for module in modules}
    for (path, source), modules in zip(sources, stars, strict=True):
        if not modules:
            continue
        if module_of(path) in starred:
            found |= {f"{module}.*" for module in modules}
        else:
            words = {word.decode() for word in _WORD.findall(source)}
            found |= {f"{module}.{word}" for module in modules for word in words}
    for (_, source), text in zip(sources, texts, strict=True):
        modules: dict[bytes, bytes] = {}
        for base, names, plain in _IMPORTED.findall(text):
            if base:
                module = base.rsplit(b".", 1)[-1]
                for item in names.split(b","):
                    parts = item.split()
                    if parts:
                        found.add(f"{module.decode()}.{parts[0].decode()}")
                        modules[parts[-1]] = parts[0]
            else:
                for item in plain.split(b","):
                    parts = item.split()
                    if parts:
                        modules[parts[-1].split(b".")[0] if len(parts) == 1 else parts[-1]] = parts[0].rsplit(b".", 1)[-1]
        for alias, name in _MODULE_READ.findall(source):
            if alias in modules:
                found.add(f"{modules[alias].decode()}.{name.decode()}")
    return frozenset(found)


def _session_factories(sources: list[tuple[str, bytes]]) -> tuple[str, ...]:
    """The run's session factories (see Survey), read only from files that build a session from a ConfigProto
    and return something; one the run never calls is one too (its body is TF 2's settings all the same: a project
    that calls it later installs no session, which TF 2 has not)."""
    from migrate.codemod.rules.memory_growth_preamble import factory_functions, used_only_as_session

    found = set()
    for path, source in sources:
        if b"ConfigProto" in source and b"Session(config" in source and b"return" in source:
            module = module_of(path)  # a use is a word that can name it: not Keras's `K.get_session()` elsewhere
            found |= {f"{module}.{name}" for name in factory_functions(source)
                      if used_only_as_session(name, sources, module, uncalled=True)}
    return tuple(sorted(found))


def _installed_sessions(sources: list[tuple[str, bytes]]) -> tuple[str, ...]:
    """`Survey.installed_sessions`, read only from files that spell `Session(` and `return`. A use is a word that
    can name the function (`get_session`, `utils.get_session`; not Keras's `K.get_session`)."""
    from migrate.codemod.rules.memory_growth_preamble import used_only_as_session
    from migrate.codemod.rules.tf1_names_to_tf2 import session_returners

    found = set()
    for path, source in sources:
        if b"Session(" in source and b"return" in source:
            module = module_of(path)
            found |= {f"{module}.{name}" for name in session_returners(source)
                      if used_only_as_session(name, sources, module)}
    return tuple(sorted(found))


# (Read in `names.lines(source)`.)
_TOP_ASSIGNMENT = re.compile(rb"\n([A-Za-z_]\w*)[ \t]*=(?!=)[ \t]*([^\n]*?)[ \t]*(?:#[^\n]*)?$", re.M)
_PHASE_VALUES = {b"0", b"1", b"True", b"False"}


def _phases(sources: list[tuple[str, bytes]]) -> tuple[tuple[str, str], ...]:
    """The run's module constants that could be a learning phase (`TEST_PHASE = 0` in constants.py), read from
    the text, only when some file sets a learning phase: a name assigned at top level more than once, or given
    different values by two files of the same module name, is not one."""
    if not any(b"set_learning_phase" in source for _, source in sources):
        return ()
    found: dict[str, str | None] = {}
    for path, source in sources:
        assigned: dict[bytes, list[bytes]] = {}
        for name, value in _TOP_ASSIGNMENT.findall(lines(source)):
            assigned.setdefault(name, []).append(value)
        for name, values in assigned.items():
            if len(values) == 1 and values[0] in _PHASE_VALUES:
                key, value = f"{module_of(path)}.{name.decode()}", values[0].decode()
                found[key] = value if found.get(key, value) == value else None
    return tuple(sorted((key, value) for key, value in found.items() if value is not None))


def _may_hand_out(source: bytes) -> bool:
    """What `_may_define` needs, read from Python's own tree (a tenth of LibCST's parse): a module-level function
    with a `return` of a value among its own statements, or a class with an `__init__`, that calls a function
    spelled multi_gpu_model (or an alias of it). Most files naming multi_gpu_model call it in a `main()` that
    returns nothing or at module level; they are not parsed by LibCST for the survey. A file Python cannot
    parse goes on to LibCST, whose parser takes some Python 2."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return True
    local = {"multi_gpu_model"} | {alias.asname for node in _statements(tree.body) if isinstance(node, ast.ImportFrom)
                                   for alias in node.names if alias.name == "multi_gpu_model" and alias.asname}
    for statement in tree.body:
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if not any(isinstance(s, ast.Return) and s.value is not None for s in statement.body):
                continue
        elif isinstance(statement, ast.ClassDef):
            inits = [s for s in statement.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))
                     and s.name == "__init__"]
            if not inits:
                continue
            statement = inits[0]
        else:
            continue
        if any(isinstance(node, ast.Call) and _spelled(node.func) in local for node in ast.walk(statement)):
            return True
    return False


def _statements(block: list[ast.stmt]) -> Iterator[ast.stmt]:
    """Every statement in a block and in the blocks of its statements (an import is a statement: its
    expressions are not walked)."""
    for statement in block:
        yield statement
        for field in ("body", "orelse", "finalbody", "handlers", "cases"):
            for inner in getattr(statement, field, ()):
                yield from _statements(inner.body if isinstance(inner, (ast.ExceptHandler, ast.match_case)) else [inner])


def _spelled(func: ast.expr) -> str | None:
    """A callee's last name: `multi_gpu_model` of `keras.utils.multi_gpu_model(...)`."""
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None


def _may_define(module: cst.Module) -> bool:
    """Whether a file could define a factory, judged by spelling alone: worth a scope analysis to be sure."""
    local = {"multi_gpu_model"} | {code(alias.asname.name) for node in m.findall(module, m.ImportFrom())
                                   if not isinstance(node.names, cst.ImportStar) for alias in node.names
                                   if code(alias.name) == "multi_gpu_model" and alias.asname is not None}
    return bool(factories_in(module, "", lambda call: code(call.func).rsplit(".", 1)[-1] in local))


def _may_call(module: cst.Module, names: set[str]) -> bool:
    return any(code(call.func).rsplit(".", 1)[-1] in names for call in factory_calls(module))


class _QualifiedNames(cst.MetadataDependent):
    METADATA_DEPENDENCIES = (QualifiedNameProvider,)

    def of(self, node: cst.CSTNode) -> set[str]:
        return {name.name for name in self.get_metadata(QualifiedNameProvider, node, set())}


def _read(source: bytes, worth: Callable[[cst.Module], bool], read: Callable[..., set[Factory]],
          *args: object) -> set[Factory]:
    """`read(module, qualified_names_of, *args)` over one file, when `worth(module)` says the names are
    worth resolving; nothing from a file that does not parse (its rewrite reports that)."""
    try:
        module = parse_module(source)  # (a whole file of the run: not re-checked, as the engine parses it)
    except (cst.ParserSyntaxError, UnicodeDecodeError, ValueError):
        return set()
    if not worth(module):
        return set()
    wrapper = MetadataWrapper(module, unsafe_skip_copy=True)
    names = _QualifiedNames()
    with names.resolve(wrapper):
        return read(wrapper.module, names.of, *args)


def _defined(module: cst.Module, names_of: Callable[[cst.CSTNode], set[str]], module_name: str) -> set[Factory]:
    return factories_in(module, module_name, lambda call: bool(names_of(call.func) & MULTI_GPU_MODEL))


def factories_in(module: cst.Module, module_name: str, is_multi_gpu: Callable[[cst.Call], bool]) -> set[Factory]:
    """The module-level factories and wrapper classes one file defines."""
    found: set[Factory] = set()
    for statement in module.body:
        if isinstance(statement, cst.FunctionDef) and hands_out(statement, is_multi_gpu):
            found.add(Factory(module_name, statement.name.value))
        elif isinstance(statement, cst.ClassDef):
            wrapper = wrapper_class(statement, is_multi_gpu)
            if wrapper is not None:
                found.add(Factory(module_name, statement.name.value, wrapper))
    return found


def hands_out(function: cst.FunctionDef, is_multi_gpu: Callable[[cst.Call], bool]) -> bool:
    """Whether a function's own body gives its caller an uncompiled wrapper."""
    if not isinstance(function.body, cst.IndentedBlock):
        return False
    finder = SiteFinder([call for call in m.findall(function.body, m.Call()) if is_multi_gpu(call)])
    statements = function.body.body
    return any(hands_out_wrapper(site, statements) for site in finder.sites(statements))


def wrapper_class(node: cst.ClassDef, is_multi_gpu: Callable[[cst.Call], bool]) -> Wrapper | None:
    """`class ModelMGPU(Model)` whose `__init__` wraps one of its parameters with multi_gpu_model."""
    if not subclasses_model(node) or not isinstance(node.body, cst.IndentedBlock):
        return None
    inits = [s for s in node.body.body if isinstance(s, cst.FunctionDef) and s.name.value == "__init__"]
    if not inits:
        return None
    params = [param.name.value for param in inits[0].params.params][1:]  # after self
    for call in m.findall(inits[0], m.Call()):
        if not is_multi_gpu(call):
            continue
        template, gpus = MULTI_GPU.template_of(call), MULTI_GPU.gpus_of(call)
        if isinstance(template, cst.Name) and template.value in params:
            given = (params.index(gpus.value), gpus.value) if isinstance(gpus, cst.Name) and gpus.value in params \
                else None
            return Wrapper((params.index(template.value), template.value), given)
    return None


def reachable_calls(module: cst.Module, names_of: Callable[[cst.CSTNode], set[str]], found: Survey,
                    module_name: str) -> set[Factory]:
    """The function factories one file calls at a statement the rewrite can put under a scope."""
    called = {found.called(names_of(call.func), module_name) for call in factory_calls(module)}
    return {factory for factory in called if factory is not None and factory.wrapper is None}


# A statement that is one call: `x = f(...)`, `a, b = f(...)`, `f(...)`.
CALL_STATEMENT = m.SimpleStatementLine(body=[m.Assign(value=m.Call()) | m.Expr(value=m.Call())])


def factory_calls(node: cst.CSTNode) -> list[cst.Call]:
    """The calls below `node` that are a whole statement's value."""
    return [statement.body[0].value for statement in m.findall(node, CALL_STATEMENT)]


def call_statement(statement: cst.BaseStatement) -> cst.Call | None:
    """The call a statement is made of, when it is one."""
    return statement.body[0].value if m.matches(statement, CALL_STATEMENT) else None


def bound_names(statement: cst.BaseStatement) -> set[str]:
    """What an assignment statement binds, spelled: `a`, `a, b`, `self.model`."""
    if not m.matches(statement, m.SimpleStatementLine(body=[m.Assign()])):
        return set()
    names: set[str] = set()
    for target in statement.body[0].targets:
        elements = target.target.elements if isinstance(target.target, (cst.Tuple, cst.List)) else [target.target]
        names |= {code(e.value if isinstance(e, cst.BaseElement) else e) for e in elements}
    return names


def factory_call_span(index: int, statements: Sequence[cst.BaseStatement]) -> tuple[int, int]:
    """The statements a scope around the factory call `statements[index]` holds: the call (its variables are
    made then), the compile of what it bound, and what that compile's optimizer is built from."""
    end = compile_after(index, bound_names(statements[index]), statements)
    return construction_start(statements, index, end), index if end is None else end
