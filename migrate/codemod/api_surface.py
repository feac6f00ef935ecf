"""What exists in the Keras 3 and TensorFlow 2 the user has installed, read from their files, never imported.

`migrate code` must never import TensorFlow, yet every name, import and keyword it leaves must exist in
the installed Keras 3 / TensorFlow 2 (or be reported). Both packages ship their public API as generated
text: Keras 3's `keras/<module>/__init__.py` files (namex, from the `keras_export` decorators) re-export
each public name from `keras.src`, and TensorFlow's `tensorflow/_api/v2/<module>/__init__.py` files do the
same from `tensorflow.python`. Reading those lines gives every public module and name and where each is
defined; `tensorflow.keras` is `keras._tf_keras.keras`, as TensorFlow 2.16+ resolves it with Keras 3.

Signatures (the keywords a callable takes) are read with `ast` from the defining source, on demand: a
function's parameters; a `**kwargs` it forwards to another call means any keyword (TensorFlow's
decorators and wrappers pass them on), one it only `pop`s or `get`s (Keras' `Layer.__init__`) means the
names it pops; a class's `__init__`, following `super().__init__(**kwargs)` to its bases. Private modules
(`tensorflow.python.*`, `keras.src.*`) exist when their file does; their names are the file's top-level
bindings.

The public names are built once per installed pair of versions into a small JSON file in the user's cache
folder (written to a temp file and renamed: two processes building at once both end with a whole file);
signatures and private modules are parsed when first asked, once per process.
"""

from __future__ import annotations

import ast
import builtins
import json
import os
import re
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import util
from pathlib import Path

CACHE_FORMAT = 8
ROOTS = ("keras", "tensorflow")
# Public module spellings that are another module's (TensorFlow 2.16+ with Keras 3: `tf.keras` is this one).
ALIASES = {"tensorflow.keras": "keras._tf_keras.keras",
           # set by tensorflow/_api/v2/compat/v1/__init__.py (`_current_module.app.flags = flags`), not generated
           "tensorflow.compat.v1.app.flags": "tensorflow.compat.v1.flags"}
# Prefixes that are TensorFlow's or Keras' implementation rather than their public API: what exists there
# is read from the files (a module exists when its file does).
PRIVATE = ("tensorflow.python", "tensorflow.core", "tensorflow.tools", "tensorflow.compiler", "tensorflow.tsl",
           "keras.src")
# Compiled modules whose names no file says (no `.pyi` stub) but which are known to bind none a script reads: TF 2's
# `_pywrap_tensorflow_internal` is the native runtime alone (TF 1's exported its SWIG wrappers, which scripts read
# through `pywrap_tensorflow.NewCheckpointReader`; TF 2 moved each to its own module). Checked against the installed
# TensorFlow by tests/codemod/test_private_tf_names_moved.py.
COMPILED_EMPTY = frozenset({"tensorflow.python._pywrap_tensorflow_internal"})
MODEL_ORIGINS = frozenset({"keras.src.models.model.Model"})
SEQUENTIAL = "keras.src.models.sequential.Sequential"
# `from M import (\n  N as A,\n)` and `from M import N # line: 12`, as the generators write them.
_FROM = re.compile(r"^from[ \t]+([\w.]+)[ \t]+import[ \t]+\(?\s*(\w+)(?:[ \t]+as[ \t]+(\w+))?", re.M)
_ASSIGNED = re.compile(r"^([A-Za-z]\w*)[ \t]*=", re.M)  # `__version__ = ...` at a generated module's top level
# `_current_module.nn.rnn_cell = _KerasLazyLoader(globals(), submodule="__internal__.legacy.rnn_cell", ...)` in
# tensorflow/_api/v2/compat/v1/__init__.py: the generated module of that name is replaced by Keras 2's, which raises
# "`GRUCell` is not available with Keras 3" for every name (tf.compat.v1.layers, tf.compat.v1.nn.rnn_cell).
_KERAS2_LOADER = re.compile(r"^_current_module\.([\w.]+)[ \t]*=[ \t]*_KerasLazyLoader\(\s*globals\(\),\s*"
                            r"submodule=[\"']__internal__\.legacy\.", re.M)


def cache_folder() -> Path:
    """`$MIGRATE_CACHE_DIR`, else `$XDG_CACHE_HOME/migrate`, else `~/.cache/migrate`."""
    if os.environ.get("MIGRATE_CACHE_DIR"):
        return Path(os.environ["MIGRATE_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "migrate"


def package_folder(name: str) -> Path | None:
    """Where a top-level package is installed, found without importing it."""
    try:
        spec = util.find_spec(name)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))


def package_version(name: str, folder: Path | None = None) -> str:
    """The installed version, from the `NAME-VERSION.dist-info` folder beside the package (importlib.metadata
    scans every distribution on the path: a third of a second), else from importlib.metadata."""
    if folder is not None:
        found = sorted(folder.parent.glob(f"{name}-*.dist-info"))
        if len(found) == 1:
            return found[0].name[len(name) + 1:-len(".dist-info")]
    from importlib import metadata

    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return "none"


@dataclass(frozen=True)
class Signature:
    """The keywords a callable takes: `names`, or any keyword when `any_keyword`."""

    names: frozenset[str]
    any_keyword: bool = False
    positional: tuple[str, ...] = ()  # a function's parameters in order (what each positional argument binds)

    def takes(self, keyword: str) -> bool:
        return self.any_keyword or keyword in self.names


@dataclass
class Surface:
    """Every public module of the installed Keras and TensorFlow and the names each holds."""

    modules: dict[str, dict[str, str]]  # module -> {name: "module:" + submodule, or "origin.module:name"}
    folders: dict[str, str]  # root package -> its folder ("" when not installed)
    versions: dict[str, str] = field(default_factory=dict)
    tf1: dict[str, dict] = field(default_factory=dict)  # TensorFlow's tf_upgrade_v2 tables (`tf1_tables`)
    model: list[str] | None = None  # `model_members`, built with the tables
    _memo: dict = field(default_factory=dict, repr=False)  # answers given, by (question, name)
    # Signatures worked out by earlier runs (`remember`): reading a TensorFlow source costs a parse of a
    # file of thousands of lines, once per process otherwise.
    signatures: dict[str, list] = field(default_factory=dict, repr=False)
    signatures_file: Path | None = None
    _new_signatures: int = 0

    # ------------------------------------------------------------ names

    def canonical(self, qualified: str) -> str:
        """The spelling the tables use (`tensorflow.keras.layers` -> `keras._tf_keras.keras.layers`)."""
        for alias, target in ALIASES.items():
            if qualified == alias or qualified.startswith(alias + "."):
                return target + qualified[len(alias):]
        root, _, rest = qualified.partition(".")
        first, _, tail = rest.partition(".")
        target = self.modules.get(root, {}).get(first, "") if root == "tensorflow" else ""
        if target.startswith("module:keras."):  # `tf.optimizers`, set to tf.keras's at import (`_keras_root_modules`)
            return target.removeprefix("module:") + (f".{tail}" if tail else "")
        return qualified

    def covers(self, qualified: str) -> bool:
        """Whether the name is under an installed root this module answers for."""
        root = qualified.split(".", 1)[0]
        return root in ROOTS and bool(self.folders.get(root))

    def missing(self, qualified: str) -> str | None:
        key = ("missing", qualified)
        if key not in self._memo:
            self._memo[key] = self._missing(qualified)
        return self._memo[key]

    def _missing(self, qualified: str) -> str | None:
        """None when `qualified` (a module, or a name reached through modules) exists; else the longest
        prefix of it that does not (`keras.engine`, `tensorflow.set_random_seed`). Past the first name that
        is not a module (a class, a function) nothing more is checked: attributes of objects are not
        tables of names."""
        if not self.covers(qualified):
            return None
        parts = self.canonical(qualified).split(".")
        original = qualified.split(".")
        shift = len(parts) - len(original)  # an alias made the name longer (or shorter)
        module = parts[0]
        for index in range(1, len(parts)):
            name = parts[index]
            if self._private(module):
                return self._private_missing(parts, index, original, shift)
            names = self.modules.get(module)
            if names is None:
                return ".".join(original[:max(index - shift, 1)])
            target = names.get(name)
            if target is None:
                if self._private(f"{module}.{name}") or _module_file(self, f"{module}.{name}") is not None:
                    # an implementation module under a public one (`tensorflow.lite.toco`): its file says
                    return self._private_missing(parts, index + 1, original, shift)
                return ".".join(original[:max(index + 1 - shift, 1)])
            if not target.startswith("module:"):
                return self._member_missing(target, parts, index, original, shift)
            module = target[len("module:"):]
        return None

    def _member_missing(self, target: str, parts: list[str], index: int, original: list[str], shift: int) -> str | None:
        """The name read on a public class (`tf.data.Iterator.from_structure`: TF2's Iterator is TF1's base,
        without TF1's constructors) when the class, read whole, lacks it; None when it has it, when nothing is read
        on it, or when its attributes cannot all be known (`_closed_members`). An attribute of what the class
        returns is not looked at."""
        if index + 1 >= len(parts) or parts[index + 1].startswith("_"):
            return None
        source, _, defined = target.partition(":")
        key = ("closed", source, defined)
        if key not in self._memo:
            self._memo[key] = _closed_members(self, source, defined, 0)
        members = self._memo[key]
        if members is None or parts[index + 1] in members:
            return None
        return ".".join(original[:max(index + 2 - shift, 1)])

    def exists(self, qualified: str) -> bool:
        return self.missing(qualified) is None

    def is_module(self, qualified: str) -> bool:
        canonical = self.canonical(qualified)
        return canonical in self.modules or (self._private(canonical) and _module_file(self, canonical) is not None)

    def names_of(self, module: str) -> frozenset[str]:
        """The public names of a public module (empty when it is not one)."""
        return frozenset(self.modules.get(self.canonical(module), ()))

    def origin(self, qualified: str) -> str | None:
        """Where a public name is defined (`keras.src.layers.core.dense.Dense`); None for a module or an unknown."""
        canonical = self.canonical(qualified)
        if self._private(canonical):
            return canonical
        module, _, name = canonical.rpartition(".")
        target = self.modules.get(module, {}).get(name)
        if target is None or target.startswith("module:"):
            return None
        source, _, defined = target.partition(":")
        return f"{source}.{defined}"

    def model_members(self) -> frozenset[str] | None:
        """What a value Keras made as a model may have: `keras.Model`'s members, with `Sequential`'s and the
        functional model's (`Model(inputs, outputs)` is one; `load_model` gives either)."""
        if self.model is not None:
            return frozenset(self.model)
        if "model" not in self._memo:
            found = [self.members(name) for name in ("keras.Model", "keras.Sequential")]
            functional = _members(self, "keras.src.models.functional", "Functional", 0)
            self._memo["model"] = None if any(each is None for each in found) else \
                frozenset().union(*found, functional or ())
        return self._memo["model"]

    def _private(self, module: str) -> bool:
        return module.startswith(PRIVATE) and (module in PRIVATE or module.startswith(tuple(p + "." for p in PRIVATE)))

    def _private_missing(self, parts: list[str], index: int, original: list[str], shift: int) -> str | None:
        """Past a private module: the longest module prefix whose file exists, then one top-level name of it."""
        module = ".".join(parts[:index])
        if _module_file(self, module) is None:
            return ".".join(original[:max(index - shift, 1)])
        for at in range(index, len(parts)):
            name = parts[at]
            if _module_file(self, f"{module}.{name}") is not None:
                module = f"{module}.{name}"
                continue
            bindings = _top_level(self, module)
            if bindings is None or name in bindings:
                return None
            return ".".join(original[:max(at + 1 - shift, 1)])
        return None

    # ------------------------------------------------------------ signatures

    def signature(self, qualified: str) -> Signature | None:
        return self._remembered(qualified, lambda: self._signature_of(qualified))

    def _remembered(self, key: str, work: Callable[[], Signature | None]) -> Signature | None:
        """A signature from this process's answers, else from the file earlier runs kept, else worked out (and
        kept): reading a TensorFlow source is a parse of thousands of lines."""
        memo = ("signature", key)
        if memo not in self._memo:
            known = self.signatures.get(key)
            if known is not None:
                self._memo[memo] = Signature(frozenset(known[1]), known[0], tuple(known[2])) if known else None
            else:
                found = self._memo[memo] = work()
                self.signatures[key] = [found.any_keyword, sorted(found.names), list(found.positional)] \
                    if found is not None else []
                self._new_signatures += 1
        return self._memo[memo]

    def remember(self) -> None:
        """Keep the signatures worked out so far for the next run (a whole file, written atomically: two
        workers writing at once keep one's, and the other's are worked out again next time)."""
        if self._new_signatures and self.signatures_file is not None:
            _write_atomically(self.signatures_file, json.dumps(self.signatures, separators=(",", ":")))
            self._new_signatures = 0

    def derived(self, name: str, build: Callable[[], object]) -> object:
        """`build()`, a JSON value worked out from these tables alone, kept in a file beside the cache under
        `name` (which should change with the code that builds it): a rule's words read from the tables cost a
        third of a second in every process otherwise (a module file looked up for each missing name)."""
        if self.signatures_file is None:
            return build()
        path = self.signatures_file.with_name(self.signatures_file.name.replace("-signatures.json", f"-{name}.json"))
        try:
            return json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            pass
        value = build()
        _write_atomically(path, json.dumps(value, separators=(",", ":")))
        return value

    def _signature_of(self, qualified: str) -> Signature | None:
        """The keywords the callable `qualified` takes; None when they cannot be told (not found, not a plain
        def or class, built dynamically)."""
        if not self.covers(qualified) or self.missing(qualified) is not None:
            return None
        origin = self.origin(qualified)
        if origin is None:
            return None
        if origin in MODEL_ORIGINS:
            return self._model_signature()
        module, _, name = origin.rpartition(".")
        return _signature(self, module, name, 0)

    def model_method_signature(self, method: str) -> Signature | None:
        """The keywords `model.METHOD(...)` takes, for a value Keras made as a model: keras.Model's method, from
        the class or the first base that defines it (fit, predict... are the backend's Trainer's: every backend's,
        united); None when it cannot be told (not found, `**kwargs` passed on)."""
        module, _, name = next(iter(MODEL_ORIGINS)).rpartition(".")
        # (a key no qualified name has: `signature("keras.Model.fit")` asks another question)
        return self._remembered(f"model or Sequential method {method}", lambda: _method_signature(self, module, name, method, 0) or
                                # a Sequential's own (`model.add(layer, input_shape=...)`): keras.Model has no add
                                _method_signature(self, *SEQUENTIAL.rpartition(".")[::2], method, 0))

    def _model_signature(self) -> Signature | None:
        """`keras.Model(...)`: its `__init__(*args, **kwargs)` hands them to the functional model's `__init__`
        (`Model(inputs, outputs)`) or to `Layer.__init__` (a subclass's `super().__init__(name=...)`), whichever
        fits; Keras refuses anything else (`Model(input=, output=)`, Keras 1's spelling, raises)."""
        parts = [_signature(self, "keras.src.models.functional", "Functional", 0),
                 _signature(self, "keras.src.layers.layer", "Layer", 0)]
        if any(part is None or part.any_keyword for part in parts):
            return None
        return Signature(parts[0].names | parts[1].names)

    def members(self, qualified: str) -> frozenset[str] | None:
        """Every attribute a class defines or inherits (methods, properties, class attributes, `self.x =`
        assignments in its methods); None when the class cannot be read."""
        origin = self.origin(qualified)
        if origin is None:
            return None
        module, _, name = origin.rpartition(".")
        return _members(self, module, name, 0)


# ---------------------------------------------------------------- building the tables


def build(folders: dict[str, Path | None]) -> dict[str, dict[str, str]]:
    """The public modules and names of each installed root, read from the generated `__init__.py` files."""
    modules: dict[str, dict[str, str]] = {}
    keras = folders.get("keras")
    if keras is not None:
        for path in keras.rglob("__init__.py"):
            relative = path.relative_to(keras).parts[:-1]
            if relative[:1] == ("src",) or "__pycache__" in relative:
                continue
            _read_generated(path, ".".join(("keras", *relative)), modules)
    tensorflow = folders.get("tensorflow")
    if tensorflow is not None:
        api = tensorflow / "_api" / "v2"
        emptied: list[str] = []
        for path in api.rglob("__init__.py"):
            relative = path.relative_to(api).parts[:-1]
            if not relative:
                path = tensorflow / "__init__.py"  # the package's own, which the generator writes in full
            _read_generated(path, ".".join(("tensorflow", *relative)), modules)
            emptied += _keras2_modules(path, ".".join(("tensorflow", *relative)))
        for module in emptied:
            modules[module] = {}
        root = modules.setdefault("tensorflow", {})
        for name, target in _keras_root_modules(tensorflow / "__init__.py").items():
            root.setdefault(name, target)
        root["keras"] = "module:keras._tf_keras.keras"
        root.pop("compat", None)
        root["compat"] = "module:tensorflow.compat"
        for private in ("python", "core", "tools", "compiler", "tsl"):
            if (tensorflow / private).is_dir():
                root.setdefault(private, f"module:tensorflow.{private}")
    if keras is not None:
        modules.setdefault("keras", {})["src"] = "module:keras.src"
    return modules


# `_optimizers = _KerasLazyLoader(globals(), submodule="optimizers", name="optimizers")` then
# `setattr(_current_module, "optimizers", _optimizers)` in tensorflow/__init__.py: `tf.optimizers`, `tf.losses`,
# `tf.metrics`, `tf.initializers` are tf.keras's modules of those names, set at import, in no generated file.
_ROOT_LOADER = re.compile(r"^(_\w+)[ \t]*=[ \t]*_KerasLazyLoader\(\s*globals\(\),\s*submodule=[\"']([\w.]+)[\"']", re.M)
_ROOT_SET = re.compile(r"^setattr\(_current_module,[ \t]*[\"'](\w+)[\"'],[ \t]*(_\w+)\)", re.M)


def _keras_root_modules(path: Path) -> dict[str, str]:
    """The names tensorflow/__init__.py binds to tf.keras's modules at import (`_ROOT_LOADER`, `_ROOT_SET`):
    `optimizers` -> `module:keras._tf_keras.keras.optimizers`."""
    text = path.read_text(encoding="utf-8", errors="replace")
    loaders = dict(_ROOT_LOADER.findall(text))
    return {name: f"module:keras._tf_keras.keras.{loaders[loader]}" for name, loader in _ROOT_SET.findall(text)
            if loader in loaders}


def _keras2_modules(path: Path, module: str) -> list[str]:
    """The submodules a generated TensorFlow module replaces, once imported, by a loader of Keras 2's (tf_keras's)
    legacy modules: with Keras 3 installed, none of their names can be had (`_KERAS2_LOADER`)."""
    text = path.read_text(encoding="utf-8", errors="replace")
    return [f"{module}.{attribute}" for attribute in _KERAS2_LOADER.findall(text)]


def _read_generated(path: Path, module: str, modules: dict[str, dict[str, str]]) -> None:
    """One generated module's names: `from tensorflow._api.v2.math import special` is a submodule,
    `from keras.src.layers.core.dense import Dense as Dense` a name defined there."""
    text = path.read_text(encoding="utf-8", errors="replace")
    names = modules.setdefault(module, {})
    for source, name, alias in _FROM.findall(text):
        public = alias or name
        if source.startswith("tensorflow._api.v2"):
            public_source = "tensorflow" + source[len("tensorflow._api.v2"):]
            names[public] = f"module:{public_source}.{name}"
        elif source == "keras" or (source.startswith("keras.") and not source.startswith("keras.src")):
            target = f"{source}.{name}" if source != "keras" or name != "_tf_keras" else "keras._tf_keras"
            names[public] = f"module:{target}"
        elif not public.startswith("_") or public.startswith("__"):
            names[public] = f"{source}:{name}"
    for name in _ASSIGNED.findall(text):
        if not name.startswith("_") and name not in names:
            names[name] = f"{module}:{name}"


@lru_cache(maxsize=1)
def surface() -> Surface:
    """The installed Keras and TensorFlow's tables: from the cache when built for these versions, else built
    and cached."""
    folders = {root: package_folder(root) for root in ROOTS}
    versions = {root: package_version(root, folders[root]) for root in ROOTS}
    stable = "_".join(f"{root}-{versions[root]}-{stable_hash(str(folders[root]))}" for root in ROOTS)
    cached = cache_folder() / f"api_surface-{CACHE_FORMAT}-{stable}.json"
    data = None
    try:
        data = json.loads(cached.read_text(encoding="utf-8"))
        if data.get("format") != CACHE_FORMAT or not isinstance(data.get("modules"), dict):
            data = None
    except (OSError, ValueError):
        data = None
    if data is None:
        tables = _tf1_tables(str(folders["tensorflow"] or ""))
        data = {"format": CACHE_FORMAT, "versions": versions, "modules": build(folders),
                "tf1": {"renames": tables.renames, "keywords": tables.keywords, "reorders": tables.reorders}}
        built = Surface(data["modules"], {root: str(folder or "") for root, folder in folders.items()}, versions)
        members = built.model_members()
        data["model"] = sorted(members) if members is not None else None
        _write_atomically(cached, json.dumps(data, separators=(",", ":")))
    signatures_file = cached.with_name(cached.stem + "-signatures.json")
    try:
        signatures = json.loads(signatures_file.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        signatures = {}
    return Surface(data["modules"], {root: str(folder or "") for root, folder in folders.items()}, versions,
                   data.get("tf1", {}), data.get("model"), signatures=signatures if isinstance(signatures, dict) else {},
                   signatures_file=signatures_file)


def stable_hash(text: str) -> str:
    """A short hash that is the same in every process (Python's `hash` of a string is not)."""
    import hashlib

    return hashlib.sha1(text.encode()).hexdigest()[:10]


def _write_atomically(path: Path, text: str) -> None:
    """Best effort: a cache that cannot be written is rebuilt next time."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(text)
            os.replace(temp, path)
        finally:
            if os.path.exists(temp):
                os.unlink(temp)
    except OSError:
        pass


# ---------------------------------------------------------------- sources, read with ast


def _module_file(surface: Surface, module: str) -> Path | None:
    key = ("file", module)
    if key not in surface._memo:
        surface._memo[key] = _find_module_file(surface, module)
    return surface._memo[key]


def _find_module_file(surface: Surface, module: str) -> Path | None:
    """The source of a module of an installed root (`keras.src.layers.core.dense` -> .../dense.py)."""
    root, _, rest = module.partition(".")
    folder = surface.folders.get(root)
    if not folder:
        return None
    base = Path(folder, *rest.split(".")) if rest else Path(folder)
    if (base / "__init__.py").is_file():
        return base / "__init__.py"
    for suffix in (".py",):
        if base.with_suffix(suffix).is_file():
            return base.with_suffix(suffix)
    if base.parent.is_dir() and any(p.name.startswith(base.name + ".") and p.suffix in (".so", ".pyd")
                                    for p in base.parent.iterdir()):
        return base  # a compiled module: exists, its names unknown
    if base.is_dir():
        return base  # a namespace package
    return None


@lru_cache(maxsize=256)
def _parsed(path: str) -> ast.Module | None:
    try:
        return ast.parse(Path(path).read_bytes())
    except (OSError, SyntaxError, ValueError):
        return None


def _tree(surface: Surface, module: str) -> ast.Module | None:
    path = _module_file(surface, module)
    if path is None or path.suffix != ".py":
        return None
    return _parsed(str(path))


def _top_level(surface: Surface, module: str, seen: frozenset[str] = frozenset()) -> set[str] | None:
    """The names a module binds at its top level (in `if`/`try` blocks too), through its star imports of
    modules whose files can be read (`control_flow_ops` star-imports its generated ops, and no longer has
    `while_loop`); None when it, or a module it star-imports, cannot be read (anything may be there)."""
    key = ("top", module)
    if key in surface._memo:
        return surface._memo[key]
    tree = _tree(surface, module)
    if tree is None or module in seen:
        return None
    found: set[str] = set()
    stars: list[str] = []
    for node in _top_statements(tree.body):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                if alias.name == "*":
                    stars.append(_absolute(module, node) or "")
                    continue
                found.add(alias.asname or alias.name.split(".")[0])
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                found.update(n.id for n in ast.walk(target) if isinstance(n, ast.Name))
    for star in stars:
        names = set() if star in COMPILED_EMPTY else _top_level(surface, star, seen | {module}) if star else None
        if names is None:
            found = None
            break
        found |= names  # a superset of what the star imports: a name is never called missing wrongly
    surface._memo[key] = found
    return found


def _absolute(module: str, node: ast.ImportFrom) -> str | None:
    """The module a `from ... import *` names, a relative one resolved against `module`'s package."""
    if not node.level:
        return node.module
    package = module.split(".")[:-node.level] if node.level else []
    return ".".join(package + ([node.module] if node.module else [])) or None


def _top_statements(body: list[ast.stmt]) -> list[ast.stmt]:
    """A module's statements, those inside its top-level `if`, `try` and `with` blocks included."""
    found = []
    for node in body:
        found.append(node)
        if isinstance(node, ast.If):
            found += _top_statements(node.body) + _top_statements(node.orelse)
        elif isinstance(node, ast.Try):
            found += _top_statements(node.body) + _top_statements(node.orelse) + _top_statements(node.finalbody)
            for handler in node.handlers:
                found += _top_statements(handler.body)
        elif isinstance(node, ast.With):
            found += _top_statements(node.body)
    return found


def _definition(surface: Surface, module: str, name: str, depth: int) -> tuple[str, ast.AST] | None:
    """(module, node) of the def or class `name` of `module`, through the module's own imports."""
    if depth > 8:
        return None
    tree = _tree(surface, module)
    if tree is None:
        return None
    for node in _top_statements(tree.body):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.name == name:
            return module, node
    for node in _top_statements(tree.body):
        if isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for alias in node.names:
                if (alias.asname or alias.name) == name:
                    if _module_file(surface, f"{node.module}.{alias.name}") is not None:
                        return None  # a module, not a callable
                    return _definition(surface, node.module, alias.name, depth + 1)
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) \
                and node.targets[0].id == name and isinstance(node.value, ast.Name) and node.value.id != name:
            return _definition(surface, module, node.value.id, depth + 1)  # `Convolution2D = Conv2D`
    return None


def _resolve_base(surface: Surface, module: str, base: ast.expr) -> tuple[str, str] | None:
    """(module, name) a base class expression of `module` refers to, through its imports."""
    tree = _tree(surface, module)
    if tree is None:
        return None
    if isinstance(base, ast.Name):
        for node in _top_statements(tree.body):
            if isinstance(node, ast.ClassDef) and node.name == base.id:
                return module, base.id
        for node in _top_statements(tree.body):
            if isinstance(node, ast.ImportFrom) and node.module and not node.level:
                for alias in node.names:
                    if (alias.asname or alias.name) == base.id:
                        return node.module, alias.name
        return None
    if isinstance(base, ast.Attribute) and isinstance(base.value, ast.Name):
        for node in _top_statements(tree.body):
            if isinstance(node, ast.ImportFrom) and node.module and not node.level:
                for alias in node.names:
                    if (alias.asname or alias.name) == base.value.id:
                        return f"{node.module}.{alias.name}", base.attr
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.asname == base.value.id:
                        return alias.name, base.attr
    return None


def _signature(surface: Surface, module: str, name: str, depth: int) -> Signature | None:
    key = ("defined", module, name)
    if key not in surface._memo:
        surface._memo[key] = _defined_signature(surface, module, name, depth)
    return surface._memo[key]


def _defined_signature(surface: Surface, module: str, name: str, depth: int) -> Signature | None:
    found = _definition(surface, module, name, depth)
    if found is None:
        return None
    module, node = found
    if isinstance(node, ast.ClassDef):
        return _class_signature(surface, module, node, depth)
    return _function_signature(node)[0]


def _function_signature(node: ast.FunctionDef | ast.AsyncFunctionDef) -> tuple[Signature, list[ast.expr | None]]:
    """The function's keywords, and where it passes `**kwargs` on to a base's `__init__` (None for
    `super().__init__`, else the base's expression: `Layer.__init__(self, **kwargs)`): a class's bases then
    say which keywords pass."""
    args = node.args
    names = {a.arg for a in args.args + args.kwonlyargs} - {"self", "cls"}
    order = tuple(a.arg for a in args.posonlyargs + args.args if a.arg not in ("self", "cls"))
    kwargs = args.kwarg.arg if args.kwarg is not None else None
    if kwargs is None:
        return Signature(frozenset(names), positional=order), []
    to_bases: list[ast.expr | None] = []
    forwarded = False
    for call in ast.walk(node):
        if isinstance(call, ast.Call):
            if any(k.arg is None and isinstance(k.value, ast.Name) and k.value.id == kwargs for k in call.keywords):
                base = _init_of(call)
                if base is False:
                    forwarded = True
                else:
                    to_bases.append(base)
            func = call.func
            if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == kwargs \
                    and func.attr in ("pop", "get", "setdefault") and call.args \
                    and isinstance(call.args[0], ast.Constant) and isinstance(call.args[0].value, str):
                names.add(call.args[0].value)
        elif isinstance(call, ast.Subscript) and isinstance(call.value, ast.Name) and call.value.id == kwargs \
                and isinstance(call.slice, ast.Constant) and isinstance(call.slice.value, str):
            names.add(call.slice.value)
        elif isinstance(call, ast.Compare) and len(call.comparators) == 1 and isinstance(call.left, ast.Constant) \
                and isinstance(call.left.value, str) and isinstance(call.comparators[0], ast.Name) \
                and call.comparators[0].id == kwargs:
            names.add(call.left.value)  # `if "input_shape" in kwargs:`
    # **kwargs handed to something else, kept or iterated: any keyword may be taken
    if forwarded or (not to_bases and not _only_checked(node, kwargs)):
        return Signature(frozenset(names), any_keyword=True, positional=order), []
    return Signature(frozenset(names), positional=order), to_bases


def _only_checked(node: ast.AST, kwargs: str) -> bool:
    """Whether a function uses its **kwargs only to pop or get names out of it and to test or report what is
    left (`if kwargs: raise ValueError(...)`): Keras' Layer.__init__, which refuses any other keyword."""
    for parent in ast.walk(node):
        for child in ast.iter_child_nodes(parent):
            if isinstance(child, ast.Name) and child.id == kwargs:
                if isinstance(parent, ast.Attribute) and parent.attr in ("pop", "get", "setdefault", "keys", "items"):
                    continue
                if isinstance(parent, (ast.If, ast.Compare, ast.UnaryOp, ast.Subscript, ast.FormattedValue,
                                       ast.JoinedStr, ast.BoolOp)):
                    continue
                if isinstance(parent, ast.Call) and child in parent.args and isinstance(parent.func, ast.Name) \
                        and parent.func.id in ("len", "list", "sorted", "str", "repr"):
                    continue
                if isinstance(parent, ast.arguments):
                    continue
                return False
    return True


def _init_of(call: ast.Call) -> ast.expr | None | bool:
    """None for `super().__init__(...)` / `super(Cls, self).__init__(...)`, the base for `Base.__init__(self,
    ...)`, False for any other call."""
    func = call.func
    if not (isinstance(func, ast.Attribute) and func.attr == "__init__"):
        return False
    inner = func.value
    if isinstance(inner, ast.Call) and isinstance(inner.func, ast.Name) and inner.func.id == "super":
        return None
    return inner if isinstance(inner, (ast.Name, ast.Attribute)) else False


def _class_signature(surface: Surface, module: str, node: ast.ClassDef, depth: int) -> Signature | None:
    """A class's constructor keywords: its `__init__`'s (else its `__new__`'s: TF-TRT's TrtConversionParams, a
    namedtuple whose `__new__` gives the fields defaults), and its bases' where `**kwargs` goes up to them (a class
    with neither takes its first base's)."""
    init = next((s for s in node.body if isinstance(s, ast.FunctionDef) and s.name == "__init__"), None) or \
        next((s for s in node.body if isinstance(s, ast.FunctionDef) and s.name == "__new__"), None)
    if init is not None:
        signature, to_bases = _function_signature(init)
        if not to_bases:
            return signature
    else:
        signature, to_bases = Signature(frozenset()), [None]
    names, any_keyword = set(signature.names), False
    for target in to_bases:
        bases = node.bases[:1] if target is None else [target]
        if not bases:
            return Signature(frozenset(names), any_keyword=True)  # `object`'s, or a C type's
        fields = _namedtuple_fields(bases[0])
        if fields is not None:  # `class VarLenFeature(collections.namedtuple("VarLenFeature", ["dtype"]))`
            names |= fields
            continue
        resolved = _resolve_base(surface, module, bases[0])
        inherited = _signature(surface, resolved[0], resolved[1], depth + 1) if resolved is not None else None
        if inherited is None:
            return Signature(frozenset(names), any_keyword=True) if init is not None else None
        names |= inherited.names
        any_keyword |= inherited.any_keyword
    return Signature(frozenset(names), any_keyword)


def _namedtuple_fields(base: ast.expr) -> frozenset[str] | None:
    """The fields of a `namedtuple("Name", ["a", "b"])` (or `"a b"`, `"a, b"`) base: the keywords its class takes;
    None for any other base."""
    if not isinstance(base, ast.Call) or not base.args or len(base.args) < 2 or \
            (base.func.attr if isinstance(base.func, ast.Attribute) else getattr(base.func, "id", None)) != "namedtuple":
        return None
    fields = base.args[1]
    if isinstance(fields, ast.Constant) and isinstance(fields.value, str):
        return frozenset(fields.value.replace(",", " ").split())
    if isinstance(fields, (ast.List, ast.Tuple)) and all(isinstance(e, ast.Constant) and isinstance(e.value, str)
                                                          for e in fields.elts):
        return frozenset(e.value for e in fields.elts)
    return None


def _members(surface: Surface, module: str, name: str, depth: int) -> frozenset[str] | None:
    key = ("members", module, name)
    if key not in surface._memo:
        surface._memo[key] = _class_members(surface, module, name, depth)
    return surface._memo[key]


def _class_members(surface: Surface, module: str, name: str, depth: int) -> frozenset[str] | None:
    found = _definition(surface, module, name, depth)
    if found is None or not isinstance(found[1], ast.ClassDef):
        return None
    module, node = found
    members: set[str] = set()
    for statement in node.body:
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            members.add(statement.name)
        elif isinstance(statement, (ast.Assign, ast.AnnAssign)):
            targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
            members.update(t.id for t in targets if isinstance(t, ast.Name))
    for child in ast.walk(node):
        if isinstance(child, ast.Attribute) and isinstance(child.ctx, ast.Store) and \
                isinstance(child.value, ast.Name) and child.value.id == "self":
            members.add(child.attr)
    for base in node.bases:
        resolved = _resolve_base(surface, module, base)
        candidates = [resolved] if resolved is not None else []
        if resolved is None and isinstance(base, ast.Name):
            candidates = _conditional_imports(surface, module, base.id)  # Keras' backend-chosen Trainer
        for candidate in candidates:
            inherited = _members(surface, candidate[0], candidate[1], depth + 1)
            if inherited is not None:
                members |= inherited
    return frozenset(members)


# What a class may take from the standard library without adding public names of its own (`abc.ABC`,
# `collections.abc.Iterator`'s dunders), or from a metaclass that adds none.
_PLAIN_BASES = frozenset({"object", "ABC", "Generic", "Protocol", "Iterator", "Iterable", "Mapping", "Sequence"})
_PLAIN_METACLASSES = frozenset({"ABCMeta", "abc.ABCMeta", "_abc.ABCMeta"})


def _closed_members(surface: Surface, module: str, name: str, depth: int) -> frozenset[str] | None:
    """Every attribute of the class `name` when all of them can be known from the sources: it and each base read
    whole, no base made by a call (`six.with_metaclass(...)`, a namedtuple), no metaclass but ABCMeta, no
    class decorator but an export one, no `__getattr__`; else None, and nothing read on the class is judged."""
    found = _definition(surface, module, name, depth)
    if found is None or not isinstance(found[1], ast.ClassDef) or depth > 8:
        return None
    module, node = found
    if any(keyword.arg == "metaclass" and _dotted_text(keyword.value) not in _PLAIN_METACLASSES
           for keyword in node.keywords) or \
            any("export" not in (_dotted_text(d.func if isinstance(d, ast.Call) else d) or "") for d in node.decorator_list):
        return None
    members = set(_members(surface, module, name, depth) or ()) | _set_after(surface, module, name)
    if "__getattr__" in members:
        return None
    for base in node.bases:
        base = base.value if isinstance(base, ast.Subscript) else base  # `Generic[T]`
        text = _dotted_text(base)
        if text is not None and text.rpartition(".")[2] in _PLAIN_BASES:
            continue
        if isinstance(base, ast.Name) and isinstance(getattr(builtins, base.id, None), type):
            members |= set(dir(getattr(builtins, base.id)))  # `Exception`: args, with_traceback
            continue
        if isinstance(base, ast.Name) and _bound_twice(surface, module, base.id):
            return None  # keras' `class BaseEstimator: pass` where sklearn is missing: which one is not known here
        resolved = _resolve_base(surface, module, base)
        inherited = _closed_members(surface, *resolved, depth + 1) if resolved is not None else None
        if inherited is None:
            return None
        members |= inherited
    return frozenset(members)


def _set_after(surface: Surface, module: str, name: str) -> set[str]:
    """What `module` sets on the class after its body (`Supervisor.loop_ = ...`, `setattr(Supervisor, "Loop", ...)`)."""
    tree = _tree(surface, module)
    if tree is None:
        return set()
    found = set()
    for node in _top_statements(tree.body):
        if isinstance(node, ast.Assign):
            found |= {target.attr for target in node.targets if isinstance(target, ast.Attribute) and
                      isinstance(target.value, ast.Name) and target.value.id == name}
        elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Call) and \
                _dotted_text(node.value.func) == "setattr" and len(node.value.args) >= 2 and \
                isinstance(node.value.args[0], ast.Name) and node.value.args[0].id == name and \
                isinstance(node.value.args[1], ast.Constant):
            found.add(str(node.value.args[1].value))
    return found


def _bound_twice(surface: Surface, module: str, name: str) -> bool:
    """Whether `module` both imports `name` and defines a class of that name (a fallback, in a try or an if)."""
    tree = _tree(surface, module)
    if tree is None:
        return False
    statements = list(_top_statements(tree.body))
    return any(isinstance(node, ast.ClassDef) and node.name == name for node in statements) and \
        any(isinstance(node, (ast.Import, ast.ImportFrom)) and any((alias.asname or alias.name) == name
                                                                    for alias in node.names) for node in statements)


def _dotted_text(node: ast.expr) -> str | None:
    """`abc.ABCMeta` for that expression; None for anything but names and dots."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        head = _dotted_text(node.value)
        return None if head is None else f"{head}.{node.attr}"
    return None


def _method_signature(surface: Surface, module: str, name: str, method: str, depth: int) -> Signature | None:
    """The keywords the method `method` of class `name` takes, from the class or its first base defining it (a base
    imported in several branches, Keras' backend-chosen Trainer: every branch's, united); None when not found or
    when it hands `**kwargs` on."""
    found = _definition(surface, module, name, depth)
    if found is None or not isinstance(found[1], ast.ClassDef) or depth > 8:
        return None
    module, node = found
    for statement in node.body:
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)) and statement.name == method:
            signature, to_bases = _function_signature(statement)
            return None if to_bases else signature
    for base in node.bases:
        resolved = _resolve_base(surface, module, base)
        candidates = [resolved] if resolved is not None else \
            _conditional_imports(surface, module, base.id) if isinstance(base, ast.Name) else []
        signatures = [_method_signature(surface, candidate[0], candidate[1], method, depth + 1) for candidate in candidates]
        if any(signature is not None for signature in signatures):
            if any(signature is None or signature.any_keyword for signature in signatures):
                return None  # one backend's cannot be told: any keyword may be right
            return Signature(frozenset().union(*(signature.names for signature in signatures)))
    return None


def _conditional_imports(surface: Surface, module: str, name: str) -> list[tuple[str, str]]:
    """Every `from M import N as name` of the module, in any branch (Keras picks the backend's Trainer in an
    `if backend() == ...` chain): the union of what each gives is what the name may have."""
    tree = _tree(surface, module)
    found = []
    for node in ast.walk(tree) if tree is not None else ():
        if isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found += [(node.module, a.name) for a in node.names if (a.asname or a.name) == name]
    return found


# ---------------------------------------------------------------- TensorFlow's own TF1 -> TF2 tables


@dataclass(frozen=True)
class Tf1Tables:
    """What tf_upgrade_v2 applies, as TensorFlow ships it in `tensorflow/tools/compatibility/` (keys and values
    spelled `tf.x.y`): symbol renames (generated ones, then the hand-written ones over them), keyword
    renames (None: a keyword TF2 dropped) and reorders (the TF1 positional order: a positional argument
    whose entry is a name must become that keyword)."""

    renames: dict[str, str]
    keywords: dict[str, dict[str, str | None]]
    reorders: dict[str, list[str | None]]


def tf1_tables(surface: Surface) -> Tf1Tables:
    """The installed TensorFlow's tf_upgrade_v2 tables, read as data (parsed, never imported); empty where a
    file is missing."""
    if surface.tf1:
        return Tf1Tables(surface.tf1.get("renames", {}), surface.tf1.get("keywords", {}), surface.tf1.get("reorders", {}))
    return _tf1_tables(surface.folders.get("tensorflow", ""))


@lru_cache(maxsize=2)
def _tf1_tables(folder: str) -> Tf1Tables:
    base = Path(folder, "tools", "compatibility") if folder else None
    renames = dict(_literal(base, "renames_v2.py", "renames") or {})
    renames.update(_literal(base, "all_renames_v2.py", "manual_symbol_renames") or {})
    keywords = _literal(base, "tf_upgrade_v2.py", "function_keyword_renames") or {}
    reorders = _literal(base, "reorders_v2.py", "reorders") or {}
    return Tf1Tables(renames, keywords, reorders)


def _literal(base: Path | None, file: str, name: str) -> dict | None:
    """The dict literal assigned to `name` (or `self.name`) anywhere in `file`, evaluated as a literal."""
    if base is None:
        return None
    tree = _parsed(str(base / file))
    for node in ast.walk(tree) if tree is not None else ():
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            spelled = target.id if isinstance(target, ast.Name) else target.attr if isinstance(target, ast.Attribute) else None
            if spelled == name and isinstance(node.value, ast.Dict):
                try:
                    return ast.literal_eval(node.value)
                except ValueError:
                    return None
    return None
