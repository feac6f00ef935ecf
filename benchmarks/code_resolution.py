"""What `migrate code --write` leaves unresolved, checked against the installed Keras 3 and TensorFlow 2.

    python benchmarks/code_resolution.py TREE [TREE ...] [--sites FILE] [--jobs N]

Each TREE (a checkout of a real project) is copied to a temporary folder and rewritten there with
`python -m migrate code --write --jobs N COPY`, as a user would; its report lines (`path:line:col: RULE:
message`) and summary are kept. Then, independently of migrate, every rewritten .py file and notebook
is read with `ast` and each site that reaches Keras or TensorFlow through the file's imports is looked up
by importing the real packages in this process:
- module: an `import X` / `from X import ...` of keras, tensorflow or tf_keras whose module is missing;
- name: a `from M import N` or a dotted name (`keras.layers.CuDNNLSTM`, `K.tf`) missing in Keras;
- TF1 symbol: the same for a TensorFlow name outside tensorflow.keras (`tf.placeholder`, `tf.contrib`);
- keyword: a keyword the callee does not take (`inspect.signature`; a `**kwargs` is followed through
  Keras's own constructors, which reject what they do not pop, and accepted elsewhere);
- Model method: an attribute read on a variable every assignment of which, in its function (or
  `self.X` in its class), is a Keras `Model`/`Sequential`/`load_model(...)` call, missing on that class.
A site is reported when the run's report names its file at its line (the first run names lines of the
file as read: an output line is mapped back through a line diff) or the `--check` rerun on the output
names it there. Imports inside a `try` that catches ImportError are fallbacks, not counted. A file with
work was changed or reported for review (a file the run left as it was with only lines of advice has no work: a
note on a default it cannot see does not make a file resolved); it is fully resolved when no site is left. The second run must change
nothing. A file migrate's output cannot parse is printed and counts as unresolved.
"""

from __future__ import annotations

import argparse
import ast
import builtins
import difflib
import functools
import importlib
import inspect
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tokenize
import warnings
from collections import Counter, defaultdict
from dataclasses import asdict, dataclass, field
from pathlib import Path

ROOTS = ("keras", "tensorflow", "tf_keras")
CATEGORIES = ("module", "name", "keyword", "Model method", "TF1 symbol")
SKIPPED_LINE = re.compile(r"^(?P<path>.+?)(?::cell \d+)?: not rewritten")
# A notebook whose other cells were rewritten around one no parser reads: that cell cannot be checked, so the
# notebook is work not resolved, as a file left whole is.
CELL_UNPARSED_LINE = re.compile(r"^(?P<path>.+?):cell \d+:\d+:\d+: notebooks: cell not (?:rewritten|checked): "
                                r"does not parse")
REPORT_LINE = re.compile(r"^(?P<path>.+?):(?:cell (?P<cell>\d+):)?(?P<line>\d+):(?P<col>\d+): (?P<rule>[\w.-]+): ")
ADVICE_LINE = re.compile(REPORT_LINE.pattern + r"advice: ")  # a line of advice: the site is converted
SUMMARY = re.compile(r"(\d+) files changed")
CHECKPOINTS_LINE = re.compile(r"^(\d+) files in \.ipynb_checkpoints folders not read")
MAGIC = re.compile(r"^([ \t]*)(?:[%!]|\?{1,2}[\w.]+[ \t]*$|[\w.]+(?:[ \t]*,[ \t]*[\w.]+)*[ \t]*=[ \t]*[%!](?!=)|[\w.]+\?{1,2}[ \t]*$)")
MODEL_FACTORIES = ("load_model", "clone_model", "model_from_json", "model_from_yaml", "model_from_config")


@dataclass
class Site:
    """One Keras/TensorFlow name, import, keyword or Model attribute that the installed packages lack."""

    file: str  # relative to the tree
    cell: int | None  # notebook cell (1-based, every cell counted), None for a .py file
    line: int  # line of the rewritten file (or cell)
    category: str
    text: str
    reported: bool = False
    origin_lines: list[int] = field(default_factory=list)


# ---------------------------------------------------------------- the installed API, looked up for real


@functools.cache
def lookup(dotted: str):
    """(object, None) when `dotted` exists in the installed packages, (None, index of the first missing part)."""
    parts = dotted.split(".")
    try:
        obj = importlib.import_module(parts[0])
    except Exception:
        return None, 0
    for i, part in enumerate(parts[1:], start=1):
        found, value = _attribute(obj, part)
        if not found and inspect.ismodule(obj):
            try:
                value, found = importlib.import_module(".".join(parts[: i + 1])), True
            except Exception:
                found = False
        if not found:
            return None, i
        obj = value
    return obj, None


def _attribute(obj, name):
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return True, getattr(obj, name)
    except Exception:
        return False, None


def is_tensorflow_only(dotted: str) -> bool:
    """TensorFlow names outside tf.keras are the TF1 category."""
    return dotted.startswith("tensorflow") and not dotted.startswith(("tensorflow.keras", "tensorflow.python.keras"))


def missing_category(dotted: str) -> str:
    return "TF1 symbol" if is_tensorflow_only(dotted) else "name"


_ACCEPTED: dict[int, tuple[object, frozenset | None]] = {}


def accepted_keywords(obj) -> frozenset | None:
    """Keywords `obj(...)` takes; None when it takes any (an open **kwargs) or its signature is unknown."""
    if id(obj) not in _ACCEPTED:
        _ACCEPTED[id(obj)] = (obj, _keywords(obj))  # obj kept so its id is not reused
    return _ACCEPTED[id(obj)][1]


def _keywords(obj) -> frozenset | None:
    if inspect.isclass(obj):
        return _class_keywords(obj)
    try:
        signature = inspect.signature(obj)
    except (TypeError, ValueError):
        return None
    return _named(signature)


def _named(signature) -> frozenset | None:
    if any(p.kind is p.VAR_KEYWORD for p in signature.parameters.values()):
        return None
    return frozenset(n for n, p in signature.parameters.items() if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY))


def _class_keywords(cls) -> frozenset | None:
    """A Keras class's constructors along its MRO: named parameters plus keys its code pops from **kwargs.

    Keras 3's Layer and Optimizer raise on any keyword left in **kwargs, so a Keras class whose chain
    forwards **kwargs to them accepts only what some constructor names or pops. Anything else: open."""
    chain = [klass for klass in cls.__mro__ if "__init__" in vars(klass) and klass is not object]
    if not chain:  # built by __new__ alone (a namedtuple's subclass: tf.io.FixedLenFeature), or taking nothing
        try:
            return _named(inspect.signature(cls))
        except (TypeError, ValueError):
            return None
    keras_made = (cls.__module__ or "").startswith("keras")
    if not keras_made:
        try:
            return _named(inspect.signature(cls))
        except (TypeError, ValueError):
            return None
    if cls.__name__ in ("Model", "Functional") and cls.__module__.startswith("keras.src.models"):
        # Model(...) becomes a Functional when given inputs/outputs, else a bare Layer: what both take.
        return frozenset({"inputs", "outputs", "name", "trainable"})
    names: set[str] = set()
    for klass in chain:
        init = vars(klass)["__init__"]
        try:
            signature = inspect.signature(init)
            source = inspect.getsource(init)
        except (TypeError, ValueError, OSError):
            return None
        names |= {n for n, p in signature.parameters.items() if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)}
        names |= set(re.findall(r"kwargs\.(?:pop|get)\(\s*[\"'](\w+)[\"']", source))
        names |= set(re.findall(r"[\"'](\w+)[\"']\s+(?:not\s+)?in\s+kwargs", source))
        var_keyword = [n for n, p in signature.parameters.items() if p.kind is p.VAR_KEYWORD]
        if not var_keyword:
            return frozenset(names)
        body = source.split("\n", 1)[1] if "\n" in source else ""
        names -= set(re.findall(r"if\s+kwargs\.pop\(\s*[\"'](\w+)[\"'][^)]*\)\s+is\s+not\s+None:\s*\n\s*raise", body))
        if re.search(rf"if\s+{var_keyword[0]}\s*:\s*\n\s*raise", body):
            return frozenset(names)  # raises on any keyword left: closed (Keras 3's Layer, Optimizer)
        if f"**{var_keyword[0]}" not in body:
            return None  # takes **kwargs and keeps them: open
    return frozenset(names)


@functools.cache
def model_attributes(kind: str) -> frozenset:
    """What a Keras 3 model of `kind` has once built, compiled and fitted: the class's attributes and
    those set on instances (`outputs`, `optimizer`, `history`...), from a real tiny model."""
    import keras
    import numpy as np

    inputs = keras.Input((2,))
    if kind == "Sequential":
        model = keras.Sequential([inputs, keras.layers.Dense(1)])
    else:
        model = keras.Model(inputs, keras.layers.Dense(1)(inputs))
    model.compile(optimizer="sgd", loss="mse")
    model.fit(np.zeros((2, 2)), np.zeros((2, 1)), epochs=1, verbose=0)
    return frozenset(dir(model)) | frozenset(dir(type(model))) | frozenset(dir(keras.Model))


def has_model_attribute(cls, name: str) -> bool:
    import keras

    kind = "Sequential" if issubclass(cls, keras.Sequential) else "Model"
    return hasattr(cls, name) or name in model_attributes(kind)


def model_class(obj):
    """The Keras Model class a call of `obj` returns, or None."""
    import keras

    if inspect.isclass(obj) and issubclass(obj, keras.Model):
        return obj
    if callable(obj) and getattr(obj, "__name__", "") in MODEL_FACTORIES and getattr(obj, "__module__", "").startswith("keras"):
        return keras.Model
    return None


# ---------------------------------------------------------------- what one file's code reaches


@dataclass
class Bindings:
    """Names bound by imports of Keras/TensorFlow, names bound any other way, star-imported modules."""

    imported: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    other: set[str] = field(default_factory=set)
    stars: list[str] = field(default_factory=list)
    foreign_star: bool = False


def tracked(module: str) -> bool:
    return module.split(".")[0] in ROOTS


class Checker(ast.NodeVisitor):
    """The unresolved sites of one module's (or notebook cell's) code, given the bindings so far."""

    def __init__(self, source: str, bindings: Bindings):
        self.source = source
        self.b = bindings
        self.sites: list[tuple[int, str, str]] = []  # (line, category, text)
        self.guarded = 0
        self._try_guard: list[bool] = []

    # -- bindings

    def collect(self, tree: ast.AST) -> None:
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if tracked(alias.name):
                        if alias.asname:
                            self.b.imported[alias.asname].add(alias.name)
                        else:
                            self.b.imported[alias.name.split(".")[0]].add(alias.name.split(".")[0])
                    else:
                        self.b.other.add(alias.asname or alias.name.split(".")[0])
            elif isinstance(node, ast.ImportFrom):
                module = node.module or ""
                for alias in node.names:
                    if alias.name == "*":
                        if node.level == 0 and tracked(module) and lookup(module)[0] is not None:
                            self.b.stars.append(module)
                        else:
                            self.b.foreign_star = True
                    elif node.level == 0 and tracked(module):
                        self.b.imported[alias.asname or alias.name].add(f"{module}.{alias.name}")
                    else:
                        self.b.other.add(alias.asname or alias.name)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                self.b.other.add(node.name)
                if not isinstance(node, ast.ClassDef):
                    args = node.args
                    for a in [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg]:
                        if a is not None:
                            self.b.other.add(a.arg)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
                self.b.other.add(node.id)
            elif isinstance(node, ast.arg):
                self.b.other.add(node.arg)
            elif isinstance(node, ast.ExceptHandler) and node.name:
                self.b.other.add(node.name)

    def targets(self, name: str) -> set[str]:
        """Dotted origins of `name` when only imports of Keras/TensorFlow bind it."""
        if name in self.b.other:
            return set()
        if name in self.b.imported:
            return self.b.imported[name]
        if self.b.stars and not self.b.foreign_star and not hasattr(builtins, name):
            return {f"{module}.{name}" for module in self.b.stars}
        return set()

    def resolve(self, node: ast.AST) -> tuple[set[str], str | None]:
        """The dotted names an expression `a.b.c` stands for (through imports), and its text."""
        parts = []
        while isinstance(node, ast.Attribute):
            parts.append(node.attr)
            node = node.value
        if not isinstance(node, ast.Name):
            return set(), None
        origins = self.targets(node.id)
        suffix = ".".join(reversed(parts))
        return {f"{o}.{suffix}" if suffix else o for o in origins}, ".".join([node.id, *reversed(parts)])

    def add(self, node: ast.AST, category: str, text: str) -> None:
        self.sites.append((node.lineno, category, text))

    # -- imports

    def visit_Try(self, node: ast.Try) -> None:
        catches = any(
            h.type is None
            or any(isinstance(t, ast.Name) and t.id in ("ImportError", "ModuleNotFoundError", "Exception", "BaseException")
                   for t in (h.type.elts if isinstance(h.type, ast.Tuple) else [h.type]))
            for h in node.handlers
        )
        self._try_guard.append(catches)
        for statement in node.body:
            self.visit(statement)
        self._try_guard.pop()
        for part in [*node.handlers, *node.orelse, *node.finalbody]:
            self.visit(part)

    visit_TryStar = visit_Try

    def _guarded(self) -> bool:
        if any(self._try_guard):
            self.guarded += 1
            return True
        return False

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            if tracked(alias.name) and lookup(alias.name)[0] is None and not self._guarded():
                self.add(node, "module", f"import {alias.name}")

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        module = node.module or ""
        if node.level or not tracked(module):
            return
        if lookup(module)[0] is None or not inspect.ismodule(lookup(module)[0]):
            if not self._guarded():
                self.add(node, "module", f"from {module} import ...")
            return
        for alias in node.names:
            if alias.name != "*" and lookup(f"{module}.{alias.name}")[0] is None and not self._guarded():
                self.add(node, missing_category(module), f"from {module} import {alias.name}")

    # -- dotted names, keywords

    def visit_Attribute(self, node: ast.Attribute) -> None:
        self._check_chain(node)

    def visit_Name(self, node: ast.Name) -> None:
        if isinstance(node.ctx, ast.Load):
            self._check_chain(node)

    def _check_chain(self, node: ast.AST) -> None:
        """A maximal `a.b.c` chain rooted at a name: the first missing part, else look inside."""
        inner = node
        while isinstance(inner, ast.Attribute):
            inner = inner.value
        if not isinstance(inner, ast.Name):
            self.generic_visit(node)
            return
        origins, text = self.resolve(node)
        if not origins or isinstance(getattr(node, "ctx", None), (ast.Store, ast.Del)):
            return
        failures = [(o, lookup(o)) for o in origins]
        if all(obj is None and idx is not None for _, (obj, idx) in failures):
            dotted, (_, idx) = failures[0]
            if idx < len(dotted.split(".")) - len(text.split(".")) + 1:
                return  # the imported name itself is missing: its import is the site, not each use
            prefix = ".".join(dotted.split(".")[: idx + 1])
            # A missing part below something that is neither a module nor a class (an attribute of a
            # function's result, a constant) is not an API name: not counted.
            parent = lookup(".".join(dotted.split(".")[:idx]))[0] if idx else None
            if idx == 0 or inspect.ismodule(parent) or inspect.isclass(parent):
                self.add(node, missing_category(prefix), f"{text}  (-> {prefix} missing)")

    def visit_Call(self, node: ast.Call) -> None:
        origins, text = self.resolve(node.func)
        if origins and node.keywords:
            objects = [lookup(o)[0] for o in origins]
            objects = [o for o in objects if o is not None]
            if objects:
                for keyword in node.keywords:
                    if keyword.arg is None:
                        continue
                    accepted = [accepted_keywords(o) for o in objects]
                    if all(a is not None and keyword.arg not in a for a in accepted):
                        self.sites.append((keyword.lineno, "keyword", f"{text}({keyword.arg}=...)"))
        self.generic_visit(node)


class ModelReceivers(ast.NodeVisitor):
    """Attributes read on variables that hold a Keras Model in their scope, missing on its class."""

    def __init__(self, checker: Checker):
        self.c = checker
        self.sites: list[tuple[int, str, str]] = []

    def model_of(self, value: ast.AST):
        if not isinstance(value, ast.Call):
            return None
        origins, _ = self.c.resolve(value.func)
        classes = {model_class(lookup(o)[0]) for o in origins if lookup(o)[0] is not None}
        classes.discard(None)
        return next(iter(classes)) if len(classes) == 1 else None

    def scan(self, tree: ast.AST) -> None:
        scopes = [tree, *(n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)))]
        for scope in scopes:
            self._scope(scope, lambda t: isinstance(t, ast.Name), lambda t: t.id, own_body(scope))
        for klass in (n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)):
            self._scope(klass, is_self_attribute, lambda t: t.attr, list(ast.walk(klass)))

    def _scope(self, scope, is_target, key, nodes) -> None:
        kinds: dict[str, set] = defaultdict(set)
        stored: set[tuple[str, str]] = set()
        for node in nodes:
            if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
                for target in getattr(node, "targets", [getattr(node, "target", None)]):
                    if target is not None and is_target(target):
                        kinds[key(target)].add(self.model_of(node.value))
            elif isinstance(node, (ast.For, ast.With, ast.AugAssign, ast.NamedExpr)):
                for target in ast.walk(node.target if hasattr(node, "target") else node):
                    if is_target(target) and not isinstance(node, ast.With):
                        kinds[key(target)].add(None)
            if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) and is_target(node.value):
                stored.add((key(node.value), node.attr))
        models = {name: next(iter(k)) for name, k in kinds.items() if len(k) == 1 and None not in k}
        for node in nodes:
            if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load) and is_target(node.value):
                name = key(node.value)
                if name in models and (name, node.attr) not in stored and not has_model_attribute(models[name], node.attr):
                    self.sites.append((node.lineno, "Model method", f"{name}.{node.attr}  ({models[name].__name__})"))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and is_target(node.func.value):
                name = key(node.func.value)
                method = getattr(models.get(name), node.func.attr, None) if name in models else None
                accepted = accepted_keywords(method) if callable(method) else None
                for keyword in node.keywords:
                    if accepted is not None and keyword.arg is not None and keyword.arg not in accepted:
                        self.sites.append((keyword.lineno, "keyword", f"{name}.{node.func.attr}({keyword.arg}=...)"))


def own_body(scope) -> list[ast.AST]:
    """The nodes of a function or module, not those of functions or classes nested in it."""
    out, stack = [], list(ast.iter_child_nodes(scope))
    while stack:
        node = stack.pop()
        out.append(node)
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            stack.extend(ast.iter_child_nodes(node))
    return out


def is_self_attribute(node) -> bool:
    return isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self"


def check_source(source: str, bindings: Bindings, collect: bool = True) -> tuple[list[tuple[int, str, str]], int]:
    """Unresolved sites of one module's code (raises SyntaxError), and the guarded imports skipped."""
    tree = ast.parse(source)
    checker = Checker(source, bindings)
    if collect:
        checker.collect(tree)
    checker.visit(tree)
    receivers = ModelReceivers(checker)
    receivers.scan(tree)
    return sorted(set(checker.sites + receivers.sites)), checker.guarded


def notebook_cells(text: str) -> list[tuple[int, str]]:
    """(1-based cell index counting every cell, code with IPython lines masked) for each code cell."""
    data = json.loads(text)
    cells = data.get("cells") or [c for w in data.get("worksheets", []) for c in w.get("cells", [])]
    out = []
    for index, cell in enumerate(cells, start=1):
        if cell.get("cell_type") != "code":
            continue
        source = cell.get("source", cell.get("input", ""))
        source = "".join(source) if isinstance(source, list) else source
        if source.lstrip().startswith("%%") and not source.lstrip().startswith(("%%time", "%%capture")):
            continue
        lines: list[str] = []
        for line in source.split("\n"):
            magic = MAGIC.match(line)
            lines.append(magic.group(1) + "pass" if magic and not continues("\n".join(lines) + "\n") else line)
        out.append((index, "\n".join(lines)))
    return out


def continues(prefix: str) -> bool:
    """Whether the lines before a line end inside brackets, a string or after a backslash (Python's tokenizer
    says): then a line starting with `%` or `!` continues Python (`% (epoch, loss)` formatting a print)."""
    try:
        for _ in tokenize.generate_tokens(io.StringIO(prefix).readline):
            pass
    except tokenize.TokenError:
        return True
    except SyntaxError:
        return False
    return False


# ---------------------------------------------------------------- migrate's runs and report


def run_migrate(args: list[str]) -> tuple[int, list[str]]:
    proc = subprocess.run([sys.executable, "-m", "migrate", "code", *args], capture_output=True, text=True)
    return proc.returncode, (proc.stdout + proc.stderr).splitlines()


def parse_report(lines: list[str], root: Path) -> set[tuple[str, int | None, int]]:
    """(relative path, cell, line) named by the report lines."""
    named = set()
    for line in lines:
        match = REPORT_LINE.match(line)
        if match:
            try:
                rel = str(Path(match["path"]).resolve().relative_to(root))
            except ValueError:
                continue
            named.add((rel, int(match["cell"]) if match["cell"] else None, int(match["line"])))
    return named


def origin_map(before: str, after: str) -> dict[int, list[int]]:
    """Output line -> the lines of the file as read it may stand for (equal: itself; rewritten: the block)."""
    old, new = before.splitlines(), after.splitlines()
    out: dict[int, list[int]] = {}
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
        for j in range(j1, j2):
            if tag == "equal":
                out[j + 1] = [i1 + (j - j1) + 1]
            else:
                out[j + 1] = list(range(max(i1, 1), max(i2, i1 + 1) + 1))
    return out


# ---------------------------------------------------------------- one tree


@dataclass
class TreeResult:
    name: str
    files_with_work: int = 0
    fully_resolved: int = 0
    silent_files: int = 0  # no work, yet unresolved sites
    sites: list[Site] = field(default_factory=list)
    parse_failures: list[str] = field(default_factory=list)
    py2_inputs: int = 0  # files that did not parse before either (Python 2 2to3 could not take, or broken): named
    skipped: list[str] = field(default_factory=list)
    checkpoint_copies: int = 0  # Jupyter's autosaves, named by the run as not read: not counted as files
    summary: str = ""
    second_run: str = ""
    second_changed: int = -1
    guarded: int = 0


def code_files(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*") if p.suffix in (".py", ".ipynb") and p.is_file() and ".git" not in p.parts)


def measure_tree(tree: Path, jobs: int) -> TreeResult:
    result = TreeResult(tree.name)
    work = Path(tempfile.mkdtemp(prefix="code_resolution_"))
    copy = work / tree.name
    shutil.copytree(tree, copy, symlinks=True, ignore=shutil.ignore_patterns(".git"))
    copy = copy.resolve()
    before = {p: p.read_bytes() for p in code_files(copy)}
    _, first = run_migrate(["--write", "--jobs", str(jobs), str(copy)])
    result.summary = next((line for line in reversed(first) if "files changed" in line), "(no summary)")
    _, second = run_migrate(["--check", "--jobs", str(jobs), str(copy)])
    result.second_run = next((line for line in reversed(second) if "files changed" in line), "(no summary)")
    match = SUMMARY.search(result.second_run)
    result.second_changed = int(match.group(1)) if match else -1
    copies = [p for p in before if ".ipynb_checkpoints" in p.relative_to(copy).parts]
    named_copies = next((int(m[1]) for line in first if (m := CHECKPOINTS_LINE.match(line))), 0)
    if copies and named_copies == len(copies):  # the run said it left them (else they count, and show as silent)
        result.checkpoint_copies = len(copies)
        before = {p: data for p, data in before.items() if p not in copies}
    named_first, named_second = parse_report(first, copy), parse_report(second, copy)
    reported_files = {n[0] for n in parse_report([line for line in first if not ADVICE_LINE.match(line)], copy)}
    skipped = {str(Path(m["path"]).resolve().relative_to(copy)) for line in first
               if (m := SKIPPED_LINE.match(line) or CELL_UNPARSED_LINE.match(line))}
    for path, original in before.items():
        rel = str(path.relative_to(copy))
        after = path.read_bytes()
        if rel in skipped:  # named as not rewritten (Python 2, a cell no parser reads): work, not resolved
            result.files_with_work += 1
            result.skipped.append(rel)
            continue
        work_here = after != original or rel in reported_files
        sites, failed = file_sites(path, rel, original, after, result)
        if failed:
            if work_here:
                result.files_with_work += 1
            continue
        for site in sites:
            site.reported = any((rel, site.cell, o) in named_first for o in site.origin_lines) or (
                (rel, site.cell, site.line) in named_second)
        result.sites += sites
        if work_here:
            result.files_with_work += 1
            result.fully_resolved += not sites
        elif sites:
            result.silent_files += 1
    shutil.rmtree(work, ignore_errors=True)
    return result


def file_sites(path: Path, rel: str, original: bytes, after: bytes, result: TreeResult):
    """The unresolved sites of one rewritten file; (sites, True) when it could not be read."""
    # (a UTF-8 byte order mark is no character of the source: Python reads past it, and so does migrate)
    text = after.decode("utf-8-sig", errors="replace")
    old = original.decode("utf-8-sig", errors="replace")
    if path.suffix == ".py":
        try:
            found, guarded = check_source(text, Bindings())
        except (SyntaxError, ValueError) as exc:
            return _parse_failure(rel, old, exc, result), True
        result.guarded += guarded
        lines = origin_map(old, text)
        return [Site(rel, None, line, cat, t, origin_lines=lines.get(line, [line])) for line, cat, t in found], False
    try:
        cells, old_cells = notebook_cells(text), dict(notebook_cells(old))
    except (ValueError, KeyError, AttributeError) as exc:
        result.parse_failures.append(f"{rel}: not a readable notebook ({exc})")
        return [], True
    sites, bindings = [], Bindings()
    parsed = []
    for index, source in cells:  # the notebook's bindings, every cell's, before any cell is checked
        try:
            Checker(source, bindings).collect(ast.parse(source))
            parsed.append((index, source))
        except (SyntaxError, ValueError):
            continue  # a cell of Python 2 or of IPython syntax this mask does not cover: not counted
    for index, source in parsed:
        try:
            found, guarded = check_source(source, bindings, collect=False)
        except (SyntaxError, ValueError):
            continue  # a cell of Python 2 or of IPython syntax this mask does not cover: not counted
        result.guarded += guarded
        lines = origin_map(old_cells.get(index, source), source)
        sites += [Site(rel, index, line, cat, t, origin_lines=lines.get(line, [line])) for line, cat, t in found]
    return sites, False


def _parse_failure(rel: str, original: str, exc: Exception, result: TreeResult) -> list:
    try:
        ast.parse(original)
    except (SyntaxError, ValueError):
        result.py2_inputs += 1  # did not parse before either (Python 2): migrate skips it, says so
        return []
    result.parse_failures.append(f"{rel}: the rewrite does not parse: {exc}")
    return []


# ---------------------------------------------------------------- printout


def counts_line(results: list[TreeResult]) -> str:
    work = sum(r.files_with_work for r in results)
    clean = sum(r.fully_resolved for r in results)
    sites = [s for r in results for s in r.sites]
    unreported = [s for s in sites if not s.reported]
    share = f"{100 * clean / work:.1f}%" if work else "-"
    by_cat = Counter(s.category for s in sites)
    by_cat_unrep = Counter(s.category for s in unreported)
    cats = ", ".join(f"{c} {by_cat[c]}/{by_cat_unrep[c]}" for c in CATEGORIES)
    return (f"files with work {work}, fully resolved {clean} ({share}), silent files {sum(r.silent_files for r in results)}; "
            f"unresolved sites {len(sites)}, not in the report {len(unreported)}; by category (all/unreported): {cats}; "
            f"skipped as Python 2 (named) {sum(len(r.skipped) for r in results)}; Jupyter checkpoint copies (named, "
            f"not counted) {sum(r.checkpoint_copies for r in results)}; inputs that do not parse, named as such "
            f"{sum(r.py2_inputs for r in results)}; parse failures {sum(len(r.parse_failures) for r in results)}; second run changed "
            f"{sum(max(r.second_changed, 0) for r in results)} files")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("trees", nargs="+", type=Path, help="folders of real projects (copied, never modified)")
    parser.add_argument("--jobs", type=int, default=2, help="migrate code --jobs (default 2)")
    parser.add_argument("--sites", type=Path, help="write every unresolved site as JSON lines here")
    parser.add_argument("--quiet", action="store_true", help="per-tree counts only, no site listing")
    args = parser.parse_args()
    for tree in args.trees:
        if not tree.is_dir():
            parser.error(f"{tree} is not a folder")
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    import keras  # noqa: F401  (the installed packages the names are looked up in)
    import tensorflow as tf

    print(f"keras {keras.__version__}, tensorflow {tf.__version__}, python {sys.version.split()[0]}")
    results = []
    for tree in args.trees:
        result = measure_tree(tree.resolve(), args.jobs)
        results.append(result)
        print(f"== {result.name}: {result.summary} | second run: {result.second_run}")
        print(f"   {counts_line([result])}")
        for failure in result.parse_failures:
            print(f"   PARSE FAILURE {failure}")
        if not args.quiet:
            for site in result.sites:
                if not site.reported:
                    where = f"{site.file}:cell {site.cell}:{site.line}" if site.cell else f"{site.file}:{site.line}"
                    print(f"   unreported {site.category}: {where}: {site.text}")
    print(f"== ALL {len(results)} trees: {counts_line(results)}")
    if args.sites:
        with args.sites.open("w") as out:
            for result in results:
                for site in result.sites:
                    out.write(json.dumps({"tree": result.name, **asdict(site)}) + "\n")


if __name__ == "__main__":
    main()
