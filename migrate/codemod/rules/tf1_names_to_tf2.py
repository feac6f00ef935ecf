"""TensorFlow 1 names TensorFlow 2 moved (`tf.gfile.GFile`, `tf.GraphDef`, `tf.to_float`...) -> their TF2 spelling.

These are the renames of TensorFlow's own `tf_upgrade_v2` that mean the same on TensorFlow 2: a file
API moved to `tf.io.gfile`, a cast that became `tf.cast(x, tf.float32)`, graph objects that live on in
`tf.compat.v1` and work there with eager execution on (a `GraphDef` parsed from a frozen `.pb`, a
`Session(graph=g)` running that graph: it never touches Keras, so Keras 3 does not care). A session on the
default graph (`tf.Session()`) is not rewritten unless an undecorated module-level function only builds and
returns it and every use of it in the run drops the session or hands it to `set_session` (the survey's
`installed_sessions`; the caller's `K.set_session` is reported); returned to anything else (a pytest fixture,
a caller that runs tensors with it, no caller seen) it is left to `tf1_session_code`'s report: under TF2 its
graph is empty, so `session.run(tensor)` fails. Or the function or class that makes it fills that graph with
`import_graph_def(..., name='')` (a frozen `.pb` run for inference: with eager execution on, TF2 still imports
a GraphDef into the default graph, and compat.v1's session runs it as TF1's did; only with `name=''`, because
eager execution ignores the name scope a non-empty `name` would put before every operation's name). Otherwise, under TF2 that graph is
empty unless eager execution is turned off for the whole program, which Keras 3 does not support
(`tf1_session_code` reports it). The
TF1 graph-mode names with no TF2 meaning (`tf.placeholder`, `tf.train.Saver`...) are
reported with what to do: leftovers, except in the body of an `if` that only TensorFlow 1 enters
(`if tf.version.VERSION < '2.0.0' and ...:`, EfficientDet's eval callbacks): dead code under TF 2, so
advice to delete the branch. A TF1 name read rather than called (`fft = tf.fft`) takes the tables' TF2 name
where its calls need no keyword or order change. Only names that resolve to TensorFlow through the file's imports are
touched; a name bound both to `tensorflow` and to `tensorflow.compat.v1` (a version check that rebinds
`tf`) gets a spelling that works under both.
"""

from __future__ import annotations

import ast
import inspect
import math
import re
from functools import cache, lru_cache

import libcst as cst
import libcst.matchers as m
from libcst.metadata import QualifiedNameProvider

from migrate.codemod.api_surface import Signature, Surface, Tf1Tables, stable_hash, surface, tf1_tables
from migrate.codemod.names import KERAS_TF, through_keras
from migrate.codemod.outline import Outline
from migrate.codemod.rule import NAMES, DropsStatements
from migrate.codemod.rules.tf0_names_to_tf1 import NAMED as TF0_NAMED
from migrate.codemod.syntax import bound_arguments, code
from migrate.codemod.syntax import keyword as named_argument
from migrate.codemod.tf1_policy import (
    CASTS,
    DROPPED_KEYWORDS,
    GRAPH_MODE,
    POSITIONAL,
    PREFERRED,
    RENAMES,
    REPORTED,
    graph_only,
)

ROOTS = ("tensorflow.", "tensorflow.compat.v1.")
INITIALIZERS = ("variables_initializer", "global_variables_initializer", "local_variables_initializer",
                "tables_initializer")



class Tf1NamesToTf2(DropsStatements):
    NAME = "tf1_names_to_tf2"
    ORDER = 4  # before tf1_session_code, which then sees the Session(graph=...) rewritten
    TRIGGERS = ("gfile", "GraphDef", "Session", "get_default_graph", "write_graph", "assign", "to_float",
                "to_int", "to_double", "Print", "placeholder", "Summary", "FileWriter", "Saver", "variables", "convert_variables",
                "space_to_depth", "depth_to_space", "log(", "select(")
    # Every site is a name LibCST resolves to `tensorflow.` through the file's own imports (no star or re-export
    # guess): without the word there is none (`assign`, `log(`, `Print` occur in most files).
    # `K.tf.X`, `from keras.backend import tf as ktf`: a file may reach TensorFlow only through Keras 2's backend
    REQUIRES = ("tensorflow", ".tf.", "import tf")
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = "tf.gfile / tf.GraphDef / tf.to_float / tf.Session(graph=g)... -> TF2 names; TF1 graph-mode names reported"


    @classmethod
    def triggered(cls, source: bytes, survey: object = None) -> bool:
        """The rule's own words, or a call of a name TensorFlow's tables rename, reorder or change keywords of."""
        return super().triggered(source, survey) or \
            (any(word.encode() in source for word in cls.REQUIRES) and _mentions_table(source))

    @classmethod
    def relevant(cls, source: bytes, outline: Outline, survey: object = None) -> bool:
        """A name the file's imports bind to TensorFlow (directly, or through Keras 2's `K.tf`) that the walk may
        act on: one it renames or reports wherever it is read or imported (`_renamed_or_reported`), or a call that
        gives a keyword the tables rename or more positional arguments than TF2 binds in TF1's order
        (`_reordered_from`). The trigger words are mostly `Session`, `assign`, `variables`, `log(` of code that
        spells them the TF2 way or is not TensorFlow's, and most table words are TF2's own `tf.reduce_sum(x, 1)`.
        The walk finds its sites by LibCST's qualified names, which start at the same imports
        (`Outline.bindings`)."""
        qualified = outline.qualified(survey)

        def tf1_names(dotted: tuple[str, ...]) -> set[str]:
            spelt = (through_keras(name) for name in qualified.get(dotted, ()))
            return {name.removeprefix("tensorflow.") for name in spelt
                    if name.startswith("tensorflow.") and not name.startswith("tensorflow.compat.")}

        if any(_renamed_or_reported(name) for dotted in qualified for name in tf1_names(dotted)):
            return True
        if any(not level and (module == "tensorflow" or module.startswith("tensorflow.")) and
               (_renamed_or_reported(f"{module}.{name}".removeprefix("tensorflow").removeprefix(".")) or
                (module == "tensorflow" and name in _tf1_modules()))
               for level, module, names in outline.from_imports for name, _ in names):
            return True
        tables, _ = _tables()
        return any(call.keywords & set(tables.keywords.get(f"tf.{name}") or ()) or
                   call.positional > _reordered_from(name)
                   for call in outline.calls if call.callee
                   for name in tf1_names(tuple(call.callee.split("."))))

    def visit_Module(self, node: cst.Module) -> None:
        self.tf1_bodies: set[int] = set()  # bodies of `if`s only TensorFlow 1 enters
        self.in_tf1_body = 0
        self.prints: dict[int, str] = {}  # `x = tf.Print(x, [...])` lines -> their tf.print line
        self.returned: dict[int, str | None] = {}  # calls a function returns -> its name, if undecorated, module-level
        self.module = node
        self.scopes: list[cst.CSTNode] = []  # the functions and classes the walk is in
        self.importing: set[int] | None = None  # ids of functions and classes that call import_graph_def
        self.initialized = self.dropped  # `K.get_session().run(tf.variables_initializer(...))` lines, removed
        self.inner: set[int] = set()  # attributes that are a call's function or part of a longer dotted name
        self.in_import = 0

    def visit_If(self, node: cst.If) -> None:
        if self._tf1_only(node.test):
            self.tf1_bodies.add(id(node.body))

    def visit_IndentedBlock(self, node: cst.IndentedBlock) -> None:
        self.in_tf1_body += id(node) in self.tf1_bodies

    def leave_IndentedBlock(self, original: cst.IndentedBlock, updated: cst.IndentedBlock) -> cst.IndentedBlock:
        self.in_tf1_body -= id(original) in self.tf1_bodies
        return super().leave_IndentedBlock(original, updated)

    def _tf1_only(self, test: cst.BaseExpression) -> bool:
        """`tf.version.VERSION < '2...'` or `tf.__version__.startswith('1')`, alone or among `and`s: true
        only under TensorFlow 1."""
        if isinstance(test, cst.BooleanOperation):
            return isinstance(test.operator, cst.And) and (self._tf1_only(test.left) or self._tf1_only(test.right))
        if isinstance(test, cst.Comparison) and len(test.comparisons) == 1:
            target = test.comparisons[0]
            return (isinstance(target.operator, cst.LessThan) and _string(target.comparator, "2")
                    and self._tf_version(test.left))
        if isinstance(test, cst.Call) and isinstance(test.func, cst.Attribute) and test.func.attr.value == "startswith":
            return len(test.args) == 1 and _string(test.args[0].value, "1") and self._tf_version(test.func.value)
        return False

    def _tf_version(self, node: cst.BaseExpression) -> bool:
        names = {name.name for name in self.get_metadata(QualifiedNameProvider, node, set())}
        return bool(names & {"tensorflow.version.VERSION", "tensorflow.__version__"})

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.scopes.append(node)

    def leave_FunctionDef(self, original: cst.FunctionDef, updated: cst.FunctionDef) -> cst.FunctionDef:
        self.scopes.pop()
        return updated

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        self.scopes.append(node)

    def leave_ClassDef(self, original: cst.ClassDef, updated: cst.ClassDef) -> cst.ClassDef:
        self.scopes.pop()
        return updated

    def _fills_default_graph(self) -> bool:
        """Whether the innermost function or class (with the classes around a method: deep_sort's ImageEncoder
        makes the session in `__init__` and runs it in `__call__`) calls TensorFlow's import_graph_def with
        `name=''`. Worked out once a file, at the first session that asks."""
        if self.importing is None:
            finder = _GraphImports(self)
            self.module.visit(finder)
            self.importing = finder.found
        inner = self.scopes[-1:]
        if len(self.scopes) > 1 and isinstance(self.scopes[-2], cst.ClassDef):  # a method: its class's imports too
            inner = self.scopes[-2:]
        return any(id(scope) in self.importing for scope in inner)

    def visit_Return(self, node: cst.Return) -> None:
        if isinstance(node.value, cst.Call):
            function = self.scopes[0] if len(self.scopes) == 1 else None
            self.returned[id(node.value)] = function.name.value if isinstance(function, cst.FunctionDef) and \
                not function.decorators else None

    def _installed(self, call: cst.Call) -> bool:
        """Whether the function returning `call` is one of the survey's `installed_sessions`: every use of it in the
        run drops the session or hands it to set_session, so no tensor is run with it."""
        from migrate.codemod.factories import module_of  # factories reads this module's session_returners

        name = self.returned.get(id(call))
        installed = getattr(self.context.scratch.get("survey"), "installed_sessions", ())
        return name is not None and f"{module_of(self.context.filename or '')}.{name}" in installed

    def _initializes(self, node: cst.SimpleStatementLine) -> bool:
        """`K.get_session().run(tf.variables_initializer([...]))`: TF2 variables are initialized when made."""
        if len(node.body) != 1 or not isinstance(node.body[0], cst.Expr):
            return False
        call = node.body[0].value
        if not (isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) and call.func.attr.value == "run"
                and isinstance(call.func.value, cst.Call) and len(call.args) == 1 and isinstance(call.args[0].value, cst.Call)):
            return False
        session = {name.name for name in self.get_metadata(QualifiedNameProvider, call.func.value.func, set())}
        initializer = self._tf1_name(call.args[0].value.func)
        return any(name.endswith("backend.get_session") for name in session) and initializer is not None and \
            initializer[0] in INITIALIZERS

    def visit_SimpleStatementLine(self, node: cst.SimpleStatementLine) -> None:
        if self._initializes(node):
            self.initialized.add(id(node))
            self.prints[id(node.body[0].value.args[0].value)] = ""  # not reported: the line goes
            return
        self._print_line(node)

    def _print_line(self, node: cst.SimpleStatementLine) -> None:
        """`loss = tf.Print(loss, [a, b], message='m', summarize=9)` -> `tf.print('m', a, b, summarize=9)`: tf.Print
        printed and returned its first argument, so with the tensor unchanged only the print is left
        (tf.print runs in order inside a tf.function too). Any other call (`return tf.Print(x, [x])`, a lambda's) takes
        the tables' `tf.compat.v1.Print`: TF1's op, which prints and returns its input eagerly, in a tf.function and in
        a Keras 3 Lambda (tests/codemod/scripts/tf1_print_probe.py prints TF 1.15's lines)."""
        if len(node.body) != 1 or not isinstance(node.body[0], cst.Assign) or len(node.body[0].targets) != 1:
            return
        assign = node.body[0]
        call = assign.value
        if not isinstance(call, cst.Call) or self._tf1_name(call.func) != ("Print", False):
            return
        root = self._root(call.func, "Print")
        keywords = {arg.keyword.value: arg for arg in call.args if arg.keyword is not None}
        positional = [arg for arg in call.args if arg.keyword is None]
        if root is None or len(positional) != 2 or positional[0].star or positional[1].star or \
                code(positional[0].value) != code(assign.targets[0].target) or set(keywords) - {"message", "summarize"}:
            return
        data = positional[1].value
        shown = [code(element.value) for element in data.elements] if isinstance(data, cst.List) and \
            not any(isinstance(element, cst.StarredElement) for element in data.elements) else [f"*{code(data)}"]
        if "message" in keywords:
            shown.insert(0, code(keywords["message"].value))
        if "summarize" in keywords:
            shown.append(f"summarize={code(keywords['summarize'].value)}")
        self.prints[id(node)] = f"{code(root)}.print({', '.join(shown)})"
        self.prints[id(call)] = ""

    def leave_SimpleStatementLine(self, original: cst.SimpleStatementLine,
                                  updated: cst.SimpleStatementLine) -> cst.BaseStatement | cst.RemovalSentinel:
        if id(original) in self.dropped:
            return super().leave_SimpleStatementLine(original, updated)
        line = self.prints.get(id(original))
        if not line:
            return updated
        self.converted()
        return updated.with_changes(body=[cst.Expr(cst.parse_expression(line))])

    def _tf1_name(self, func: cst.BaseExpression) -> tuple[str, bool] | None:
        """The TF1 name `func` spells (after `tensorflow.`), and whether it may also be compat.v1's."""
        if not isinstance(func, cst.Attribute):
            return None
        names = self.qualified_names(func)
        compat = any(name.startswith("tensorflow.compat.v1.") for name in names)
        for name in names:
            if name.startswith("tensorflow.") and not name.startswith("tensorflow.compat."):
                return name.removeprefix("tensorflow."), compat
        return None

    def _root(self, func: cst.Attribute, name: str) -> cst.Name | cst.Attribute | None:
        """The `tf` of `tf.gfile.GFile`: the expression under as many attributes as `name` has parts, when
        it is a name bound to TensorFlow (not `from tensorflow import gfile`), or Keras 2's re-export of it
        (`K.tf`, which backend_functions_to_ops later spells `tf`; `from keras.backend import tf as ktf`, which it
        imports as `import tensorflow as ktf`)."""
        node: cst.BaseExpression = func
        for _ in name.split("."):
            if not isinstance(node, cst.Attribute):
                return None
            node = node.value
        names = {found.name for found in self.get_metadata(QualifiedNameProvider, node, set())}
        if isinstance(node, cst.Attribute) and node.attr.value == "tf" and names & KERAS_TF:
            return node
        if not isinstance(node, cst.Name):
            return None
        return node if names & {"tensorflow", "tensorflow.compat.v1", *KERAS_TF} else None

    def visit_Import(self, node: cst.Import) -> None:
        self.in_import += 1

    def leave_Import(self, original: cst.Import, updated: cst.Import) -> cst.Import:
        self.in_import -= 1
        return updated

    def visit_ImportFrom(self, node: cst.ImportFrom) -> None:
        self.in_import += 1

    def leave_ImportFrom(self, original: cst.ImportFrom, updated: cst.ImportFrom) -> cst.ImportFrom:
        """`from tensorflow import set_random_seed` -> `from tensorflow.random import set_seed as set_random_seed`:
        the TF2 name with the same meaning (as a read is renamed), under the file's name for it; from a module TF2
        lacks too (`from tensorflow.contrib.util import make_tensor_proto` -> `from tensorflow import
        make_tensor_proto`: Kammerlo/keras-yolo3-serving's gRPC client). Only where every name of the statement has
        one in the same module, with no keyword or order of its calls changed."""
        self.in_import -= 1
        source = code(updated.module) if updated.module is not None else ""
        if updated.relative or not (source == "tensorflow" or source.startswith("tensorflow.")) or \
                isinstance(updated.names, cst.ImportStar):
            return updated
        prefix = source.removeprefix("tensorflow").removeprefix(".")
        tables, api = _tables()
        moved = self._moved_module(updated) if not prefix else None
        if moved is not None:
            self.converted()
            alias = updated.names[0]
            return updated.with_changes(names=[alias.with_changes(
                name=cst.Name(moved), asname=alias.asname or cst.AsName(cst.Name(code(alias.name))))])
        found = []
        for alias in updated.names:
            name = f"{prefix}.{code(alias.name)}" if prefix else code(alias.name)
            old = f"tf.{name}"
            new = PREFERRED.get(name) or tables.renames.get(old, "").removeprefix("tf.")
            if api.exists(f"tensorflow.{name}") or not new or new.startswith("compat.") or name in REPORTED or \
                    name in CASTS or old in tables.reorders or tables.keywords.get(old) or \
                    not api.exists(f"tensorflow.{new}") or ("." not in new and not prefix):
                return updated
            found.append(new.rpartition("."))
        if len({module for module, _, _ in found}) != 1:
            return updated
        self.converted()
        aliases = [alias.with_changes(name=cst.Name(last), asname=alias.asname or cst.AsName(cst.Name(code(alias.name)))
                                      if last != code(alias.name) else alias.asname)
                   for alias, (_, _, last) in zip(updated.names, found, strict=True)]
        target = f"tensorflow.{found[0][0]}" if found[0][0] else "tensorflow"
        return updated.with_changes(module=cst.parse_expression(target), names=aliases)

    def _moved_module(self, node: cst.ImportFrom) -> str | None:
        """`from tensorflow import python_io`, a TF1 module TF2 lacks, read only as `python_io.X`, where the tables
        move every X read into one TF2 module under its own name (`tf.python_io.TFRecordWriter` ->
        `tf.io.TFRecordWriter`): that module's name (`io`), which the import then binds to the file's name for it
        (formigone/tensorflow-speech-recognition-challenge's gen/audio_aug.py)."""
        if len(node.names) != 1 or not isinstance(node.names[0].name, cst.Name):
            return None
        tables, api = _tables()
        name = node.names[0].name.value
        local = code(node.names[0].asname.name) if node.names[0].asname else name
        if api.missing(f"tensorflow.{name}") is None or not any(old.startswith(f"tf.{name}.") for old in tables.renames):
            return None
        reads = m.findall(self.module, m.Attribute(value=m.Name(local)))
        if not reads or len(reads) != len(m.findall(self.module, m.Name(local))) - len(m.findall(node, m.Name(local))):
            return None  # read bare somewhere (passed on, rebound)
        targets = {tables.renames.get(f"tf.{name}.{read.attr.value}", "") for read in reads}
        homes = {target.removeprefix("tf.").rpartition(".")[0] for target in targets}
        if len(homes) != 1 or "" in targets or any(target.startswith("tf.compat.") for target in targets) or \
                any(target.rpartition(".")[2] != read.attr.value for target, read in
                    ((tables.renames[f"tf.{name}.{read.attr.value}"], read) for read in reads)):
            return None
        home = homes.pop()
        return home if home and "." not in home and api.exists(f"tensorflow.{home}") else None

    def visit_Call(self, node: cst.Call) -> None:
        self.inner.add(id(node.func))

    def visit_Attribute(self, node: cst.Attribute) -> None:
        self.inner.add(id(node.value))

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute) -> cst.BaseExpression:
        """A TF1 name read, not called (`fft = tf.fft`, `isinstance(n, tf.Dimension)`): the TF2 name the tables
        (or PREFERRED) give it, where a call of it would mean the same there: no keyword TF2 renamed and no
        positional argument it reordered (the call is not in view to check), and no compat.v1 name that needs
        graph mode (as tf1_graph_program judges a read: it renames compat.v1 reads in the files its words let in
        and leaves the tables' TF2 names to this rule). Calls are leave_Call's; only a whole dotted name (not
        `tf.spectral` of `tf.spectral.fft`)."""
        if id(original) in self.inner or self.in_import:
            return updated
        found = self._tf1_name(original)
        if found is None or found[1]:
            return updated
        name = found[0]
        root = self._root(original, name)
        tables, api = _tables()
        old = f"tf.{name}"
        if root is None or name in RENAMES or name in CASTS or name in REPORTED or api.exists(f"tensorflow.{name}"):
            return updated
        new = PREFERRED.get(name) or tables.renames.get(old, "").removeprefix("tf.")
        if (old in tables.reorders or tables.keywords.get(old)) and new != f"compat.v1.{name}":
            return updated  # TF2's name takes other arguments; compat.v1's twin is TF1's function itself
        parts = name.split(".")
        prefixes = [".".join(parts[:end]) for end in range(1, len(parts) + 1)]  # `Summary` of `Summary.Value`
        if not new or (new.startswith("compat.v1.") and any(graph_only(prefix) or prefix in REPORTED
                                                            for prefix in prefixes)) or \
                not api.exists(f"tensorflow.{new}"):
            return updated
        self.converted()
        return cst.parse_expression(f"{code(root)}.{new}")

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
        found = self._tf1_name(original.func)
        if found is None or id(original) in self.prints:
            return updated
        name, compat = found
        root = self._root(original.func, name)
        if root is not None and not compat and name not in RENAMES and name not in CASTS and name not in REPORTED:
            tabled = self._from_tables(original, updated, name, root)
            if tabled is not None:
                return tabled
        positional = sum(arg.keyword is None and not arg.star for arg in original.args)
        keywords = {arg.keyword.value for arg in original.args if arg.keyword is not None}
        if root is not None and name in CASTS:
            cast = _cast(updated, cst.parse_expression(f"{code(root)}.{CASTS[name]}"))
            if cast is not None:
                self.converted()
                return cast.with_changes(func=cst.parse_expression(f"{code(root)}.cast"))
        # A session on its own graph, or one a function builds and returns for set_session alone (keras-retinanet's
        # get_session()): compat.v1's runs on TF2, and whoever hands the latter to Keras (K.set_session) is reported.
        if root is not None and name == "Session" and ("graph" in keywords or self._installed(original)
                                                       or self._fills_default_graph()):
            self.converted()
            return updated.with_changes(func=cst.parse_expression(f"{code(root)}.compat.v1.Session"))
        if root is not None and name in RENAMES and positional <= POSITIONAL.get(name, positional):
            self.converted()
            return updated.with_changes(func=cst.parse_expression(f"{code(root)}.{RENAMES[name]}"))
        if name in REPORTED and not compat and self.in_tf1_body:
            self.report(original, f"tf.{name} is TF1-only, in a branch only TensorFlow 1 enters (its `if` tests the "
                                  "version): dead code under TF 2, delete the branch", advice=True)
        elif name in REPORTED and not compat:
            self.report(original, f"tf.{name} is TF1-only ({GRAPH_MODE.format(name=name)}): {REPORTED[name]}")
        elif name in RENAMES or name in CASTS:
            self.report(original, f"tf.{name} is gone in TensorFlow 2: use tf.{RENAMES.get(name, 'cast')} "
                                  f"({code(original.func)} could not be rewritten here)")
        return updated


    def _from_tables(self, original: cst.Call, updated: cst.Call, name: str,
                     root: cst.Name | cst.Attribute) -> cst.Call | None:
        """tf_upgrade_v2's own edits of a call of `tf.NAME`, from TensorFlow's tables (`api_surface.tf1_tables`):
        positional arguments TF2 reordered become keywords, renamed keywords take their TF2 name, and a name TF2
        lacks takes the TF2 name with the same meaning (PREFERRED over the table), or its compat.v1 spelling
        where that runs eagerly. Every keyword of the result must be one the new target takes, else the call is
        left for the last pass to report. None: nothing to do."""
        tables, api = _tables()
        old = f"tf.{name}"
        args = list(updated.args)
        if any(arg.star for arg in args):
            return None
        changed = False
        order = tables.reorders.get(old)
        if order is not None:
            positional = [i for i, arg in enumerate(args) if arg.keyword is None]
            now = api.signature(f"tensorflow.{name}") if api.exists(f"tensorflow.{name}") else None
            slots = now.positional if now is not None else ()
            for index, at in enumerate(positional):
                keyword = order[index] if index < len(order) else None
                if keyword and not (index < len(slots) and slots[index] == keyword):  # TF2 binds it there too
                    args[at] = args[at].with_changes(keyword=cst.Name(keyword), equal=cst.AssignEqual(
                        whitespace_before=cst.SimpleWhitespace(""), whitespace_after=cst.SimpleWhitespace("")))
                    changed = True
            if changed:  # keywords after every positional argument, as Python wants
                args = [a for a in args if a.keyword is None] + [a for a in args if a.keyword is not None]
        renames = tables.keywords.get(old, {})
        for index, arg in enumerate(args):
            if arg.keyword is not None and renames.get(arg.keyword.value):
                args[index] = arg.with_changes(keyword=cst.Name(renames[arg.keyword.value]))
                changed = True
        kept = [arg for arg in args if not _dropped(arg, renames)]
        if len(kept) < len(args):
            args, changed = kept, True
        target = name
        if api.missing(f"tensorflow.{name}") is not None:
            new = PREFERRED.get(name) or tables.renames.get(old, "").removeprefix("tf.")
            if not new or (new.startswith("compat.v1.") and graph_only(name)) or not api.exists(f"tensorflow.{new}"):
                return None
            target = new
        signature = api.signature(f"tensorflow.{target}")
        keywords = [arg.keyword.value for arg in args if arg.keyword is not None]
        if len(set(keywords)) < len(keywords):
            return None  # a renamed keyword given twice (`reduction_indices=` beside `axis=`): for a person
        # a signature not read (a namedtuple's class: tf.io.FixedLenFeature) leaves no keyword of the call to check
        if (signature is None and keywords) or (signature is not None and (
                not all(signature.takes(keyword) for keyword in keywords) or _too_many_positional(args, signature))):
            # TF2 kept the name with fewer parameters (`tf.name_scope(scope, 'distort_color', [image])`: TF1's
            # default_name and values): its compat.v1 twin is TF1's function, as tf_upgrade_v2 spells it
            if target == name:
                fallback = f"compat.v1.{name}" if api.exists(f"tensorflow.compat.v1.{name}") else ""
            else:
                fallback = tables.renames.get(old, "").removeprefix("tf.")
            if not fallback.startswith("compat.v1.") or graph_only(name):
                return None
            signature = api.signature(f"tensorflow.{fallback}")
            if signature is None or not all(signature.takes(keyword) for keyword in
                                            [a.keyword.value for a in original.args if a.keyword is not None]):
                return None
            if _too_many_positional(list(original.args), signature):
                return None
            target, args, changed = fallback, list(updated.args), False  # compat.v1 takes the call as it was
        if target == name and not changed:
            return None
        if target != name and target in TF0_NAMED and signature is not None:
            args = _named_by_position(args, signature)
        if len(args) > 0:
            last = args[-1]
            args = [*args[:-1], last.with_changes(comma=cst.MaybeSentinel.DEFAULT)] if \
                original.args[-1].comma is cst.MaybeSentinel.DEFAULT else args
        self.converted()
        func = cst.parse_expression(f"{code(root)}.{target}") if target != name else updated.func
        return updated.with_changes(func=func, args=args)


def _named_by_position(args: list[cst.Arg], signature: Signature) -> list[cst.Arg]:
    """`args` with each positional one named by the target's parameter at its place: the cross-entropy functions
    TF 0.x called as (logits, labels) are TF 2's (labels, logits) too, and `tf0_names_to_tf1` reads a positional call
    of them as 0.x's (`softmax_cross_entropy_with_logits_v2(a, b)`, renamed, must say which is which)."""
    slots = signature.positional
    named = [arg.with_changes(keyword=cst.Name(slots[index]), equal=cst.AssignEqual(
        whitespace_before=cst.SimpleWhitespace(""), whitespace_after=cst.SimpleWhitespace("")))
        if arg.keyword is None and index < len(slots) else arg for index, arg in enumerate(args)]
    return named if all(arg.keyword is not None for arg in named) else args


def session_returners(source: bytes) -> list[str]:
    """The undecorated module-level functions of a file that return a call of some `Session` (`return
    tf.Session(config=config)`), read from Python's own tree; a file Python cannot parse has none (its rewrite
    reports the session)."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return []
    return [statement.name for statement in tree.body
            if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)) and not statement.decorator_list
            and any(isinstance(node, ast.Return) and isinstance(node.value, ast.Call) and
                    (getattr(node.value.func, "attr", None) or getattr(node.value.func, "id", None)) == "Session"
                    for node in ast.walk(statement))]


# `qualifier.name(`, or the end of a dotted name read (`fft = tf.fft`, `isinstance(d, tf.Dimension)`)
_DOTTED = re.compile(rb"(\w+)[ \t]*\.[ \t]*(\w+)\b(?![ \t]*\.)")
_KEYWORD = re.compile(rb"[(,]\s*(\w+)[ \t]*=(?!=)")  # a keyword after `(` or `,`, on that line or the next
_FROM_TENSORFLOW = re.compile(rb"^[ \t]*from[ \t]+tensorflow((?:\.\w+)*)[ \t]+import[ \t]+\(?([\w, \t]+)", re.M)
_WORD = re.compile(rb"\w+")
# What a file may call TensorFlow's top level (`tf.ceil(`): the usual names, and every alias an import gives it.
TF_ALIASES = frozenset({b"tf", b"tensorflow", b"v1"})
_TF_ALIAS = re.compile(rb"^[ \t]*(?:import[ \t]+tensorflow[\w.]*|from[ \t]+tensorflow[\w.]*[ \t]+import[ \t]+\w+)"
                       rb"[ \t]+as[ \t]+(\w+)", re.M)


@lru_cache(maxsize=1)
def _tf1_modules() -> frozenset[str]:
    """TF1's modules TF2 lacks whose names the tables move (`python_io`): an import of one may be moved whole."""
    tables, api = _tables()
    heads = {old[3:].split(".")[0] for old in tables.renames if old.startswith("tf.") and old.count(".") >= 2}
    return frozenset(head for head in heads if api.missing(f"tensorflow.{head}") is not None)


def _renamed_or_reported(name: str) -> bool:
    """Whether the walk may rewrite or report `tf.NAME` wherever it is read, called or imported: a name of the
    policy's, or one TF2 lacks that has a TF2 name."""
    tables, api = _tables()
    return name in RENAMES or name in CASTS or name in REPORTED or name == "Session" or \
        ((name in PREFERRED or f"tf.{name}" in tables.renames) and api.missing(f"tensorflow.{name}") is not None)


@cache
def _reordered_from(name: str) -> float:
    """How many positional arguments a call of `tf.NAME` may have before `_from_tables` makes one a keyword: the
    first place where TF1's order (the tables' reorder) names a parameter TF2 does not bind there; infinity where
    there is none."""
    tables, api = _tables()
    order = tables.reorders.get(f"tf.{name}")
    if not order:
        return math.inf
    now = api.signature(f"tensorflow.{name}") if api.exists(f"tensorflow.{name}") else None
    slots = now.positional if now is not None else ()
    return next((index for index, keyword in enumerate(order)
                 if keyword and not (index < len(slots) and slots[index] == keyword)), math.inf)


def _mentions_table(source: bytes) -> bool:
    """Whether a call or read of a TF1 name TensorFlow's tables rename (one TF2 lacks) or a keyword they rename occurs in
    the text (before parsing). Reorders alone do not let a file in: they matter only with more positional
    arguments than most calls have, and apply wherever the file is parsed."""
    names, keywords = _table_words()
    given = set(_KEYWORD.findall(source))
    if not keywords.isdisjoint(given):
        return True
    # a keyword the tables remove that TF2 behaves as (`colocate_gradients_with_ops=`; `strict=` of a `cond(`)
    if any(k.encode() in given and ("_" in k or b"cond(" in source) for k in DROPPED_KEYWORDS):
        return True
    # a common keyword (`targets=`) given where a function whose name is distinctive is called
    if any(not renamed.isdisjoint(given) and function + b"(" in source for function, renamed in _keyword_functions()):
        return True
    # a contrib name PREFERRED gives a TF2 name (`tf.contrib.signal.stft`, `from tensorflow.contrib.util import ...`)
    if b"contrib" in source and any(name.rpartition(".")[2].encode() in source
                                    for name in PREFERRED if name.startswith("contrib.")):
        return True
    parents = _table_parents()
    # `from tensorflow import set_random_seed`, `from tensorflow.contrib.util import constant_value`
    for module, imported in _FROM_TENSORFLOW.findall(source):
        if any(module.rpartition(b".")[2] in parents.get(name, ()) for name in _WORD.findall(imported) if name in names):
            return True
        if not module and any(word.decode() in _tf1_modules() for word in _WORD.findall(imported)):
            return True  # `from tensorflow import python_io`
    aliases = None
    for qualifier, name in _DOTTED.findall(source):
        if name not in names:
            continue
        if qualifier in parents[name]:  # `image.resize_images(`: the module the table names it in
            return True
        if b"" in parents[name]:  # a top-level name (`tf.ceil(`): after TensorFlow itself, not `math.ceil(`
            aliases = TF_ALIASES.union(_TF_ALIAS.findall(source)) if aliases is None else aliases
            if qualifier in aliases:
                return True
    return False


# Keywords of the tables too common in code that is not TensorFlow 1's to let a file in (`name=`, a Keras
# layer's `dilation_rate=`); the table still renames them in a file parsed for another reason.
COMMON_KEYWORDS = frozenset({b"input_tensor", b"dilation_rate", b"input_sizes", b"out_backprop", b"output_dtype",
                             b"in_order", b"library_filename", b"string_tensor"})
DISTINCT_SHORT = frozenset({b"dim", b"dimension", b"ksizes", b"fn1", b"fn2"})


def _cast(call: cst.Call, dtype: cst.BaseExpression) -> cst.Call | None:
    """TF1's `to_float(x, name='ToFloat')` as `cast(x, float32[, name=...])`, the arguments tf.cast takes in that
    order; None for any other call (unpacked, a keyword TF1's function lacks)."""
    args = bound_arguments(call, ("x", "name"))
    if args is None or "x" not in args:
        return None
    comma = cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))
    cast = [cst.Arg(args["x"], comma=comma), cst.Arg(dtype)]
    if "name" in args:
        cast = [cast[0], cast[1].with_changes(comma=comma), named_argument("name", args["name"])]
    return call.with_changes(args=cast)


@lru_cache(maxsize=1)
def _table_words() -> tuple[frozenset[bytes], frozenset[bytes]]:
    """The last parts of the TF1 names the tables rename that TF2 has nowhere at its top level (`count_nonzero`,
    `resize_images`; not `reshape`, whose old spelling `tf.manip.reshape` is rare and whose word is everywhere),
    and the renamed keywords distinctive enough to mean TensorFlow 1 (`keep_dims`, `squeeze_dims`, `dim`).
    Kept beside the tables' cache, under a name that changes with this code."""
    api = surface()
    version = stable_hash(repr((sorted(COMMON_KEYWORDS), sorted(DISTINCT_SHORT), inspect.getsource(_build_table_words))))
    names, keywords = api.derived(f"tf1-words-{version}", _build_table_words)
    return frozenset(name.encode() for name in names), frozenset(keyword.encode() for keyword in keywords)


def _build_table_words() -> list[list[str]]:
    tables, api = _tables()
    names = {old.rsplit(".", 1)[-1] for old in tables.renames
             if old.startswith("tf.") and not old.startswith("tf.compat.") and api.missing("tensorflow." + old[3:])}
    top = {old[3:] for old in tables.renames if old.startswith("tf.") and "." not in old[3:]}
    # under a TF1 module TF2 lacks, itself or a module above it (`python_io.TFRecordWriter`,
    # `contrib.cluster_resolver.TPUClusterResolver`): _mentions_table wants that module's last part before it
    # (not where TF2 spells the same two last parts: `contrib.summary.scalar` beside TF2's `tf.summary.scalar`)
    gone = {old.rsplit(".", 1)[-1] for old in tables.renames if old.startswith("tf.") and
            not old.startswith("tf.compat.") and old.count(".") >= 2 and
            api.missing("tensorflow." + old[3:].rpartition(".")[0]) is not None and
            not api.exists("tensorflow." + ".".join(old.split(".")[-2:]))}
    names = {name.encode() for name in names if api.missing(f"tensorflow.{name}")
             and (name in top or name in gone or ("_" in name and len(name) >= 10))}
    keywords = {keyword.encode() for renames in tables.keywords.values() for keyword, new in renames.items() if new}
    keywords = {k for k in keywords if (b"_" in k or k in DISTINCT_SHORT) and k not in COMMON_KEYWORDS}
    return [sorted(name.decode() for name in names), sorted(keyword.decode() for keyword in keywords)]


@lru_cache(maxsize=1)
def _keyword_functions() -> tuple[tuple[bytes, frozenset[bytes]], ...]:
    """The functions whose keywords the tables rename, by a last name distinctive enough to find in the text
    (`weighted_cross_entropy_with_logits`, whose `targets=` became `labels=`), with those keywords: `_table_words`
    keeps only keywords that mean TensorFlow 1 wherever they occur, and `targets=` does not."""
    tables, _ = _tables()
    found: dict[bytes, set[bytes]] = {}
    for function, renames in tables.keywords.items():
        name = function.rpartition(".")[2]
        if function.startswith("tf.") and "_" in name and len(name) >= 10:
            found.setdefault(name.encode(), set()).update(old.encode() for old, new in renames.items() if new)
    return tuple((name, frozenset(renamed)) for name, renamed in sorted(found.items()) if renamed)


@lru_cache(maxsize=1)
def _table_parents() -> dict[bytes, frozenset[bytes]]:
    """For each word of `_table_words`, the last module of the TF1 names ending in it (`resize_images` ->
    `image`, from `tf.image.resize_images`; b"" for a name at TensorFlow's top level): what the text must call
    it after for a table rename to be possible there."""
    tables, _ = _tables()
    parents: dict[bytes, set[bytes]] = {}
    for old in tables.renames:
        if old.startswith("tf.") and not old.startswith("tf.compat."):
            module, _, name = old[3:].rpartition(".")
            parents.setdefault(name.encode(), set()).add(module.rpartition(".")[2].encode())
    return {name: frozenset(found) for name, found in parents.items()}


def _tables() -> tuple[Tf1Tables, Surface]:
    api = surface()
    return tf1_tables(api), api


class _GraphImports(cst.CSTVisitor):
    """The functions and classes around each call of TensorFlow's import_graph_def with `name=''` (every
    enclosing one: a method's session may run the graph its class imported)."""

    def __init__(self, rule: Tf1NamesToTf2) -> None:
        super().__init__()
        self.rule, self.scopes, self.found = rule, [], set()

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.scopes.append(id(node))

    def leave_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.scopes.pop()

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        self.scopes.append(id(node))

    def leave_ClassDef(self, node: cst.ClassDef) -> None:
        self.scopes.pop()

    def visit_Call(self, node: cst.Call) -> None:
        named = node.func.attr.value if isinstance(node.func, cst.Attribute) else getattr(node.func, "value", None)
        if named == "import_graph_def" and (self.rule._tf1_name(node.func) or ("",))[0] == "import_graph_def" and \
                _unprefixed(node):
            self.found.update(self.scopes)


def _too_many_positional(args: list[cst.Arg], signature) -> bool:
    """Whether a call gives more positional arguments than the signature has parameters (none read: not known)."""
    return bool(signature.positional) and not signature.any_keyword and \
        sum(arg.keyword is None and not arg.star for arg in args) > len(signature.positional)


def _unprefixed(call: cst.Call) -> bool:
    """`import_graph_def(graph_def, ..., name='')`: names imported as they were (TF1's default prefixes them
    `import/`, and eager execution drops any prefix, so only an empty one means the same under both)."""
    named = [arg.value for arg in call.args if arg.keyword is not None and arg.keyword.value == "name"]
    positional = [arg.value for arg in call.args if arg.keyword is None]
    value = named[0] if named else positional[3] if len(positional) > 3 and not any(
        arg.star for arg in call.args) else None
    return isinstance(value, cst.SimpleString) and value.evaluated_value == ""


def _string(node: cst.BaseExpression, prefix: str) -> bool:
    """A plain string literal (`'2.0.0'`, `"1."`) starting with `prefix`."""
    if not isinstance(node, cst.SimpleString):
        return False
    value = node.evaluated_value
    return isinstance(value, str) and value.startswith(prefix)


def _dropped(arg: cst.Arg, renames: dict) -> bool:
    """A keyword TensorFlow's table removes and TF2 behaves as (`DROPPED_KEYWORDS`): `tf.cond(..., strict=True)`,
    `tf.gradients(..., colocate_gradients_with_ops=True)`."""
    if arg.keyword is None or arg.keyword.value not in renames or renames[arg.keyword.value] is not None or \
            arg.keyword.value not in DROPPED_KEYWORDS:
        return False
    value = DROPPED_KEYWORDS[arg.keyword.value]
    return value is None or code(arg.value) == value
