"""TensorFlow 1 names TF2 lacks that its `tf.compat.v1` still has -> that spelling, where it runs.

Two cases, both from TensorFlow's own tables' answer (`tf.compat.v1.X` for a TF1 `tf.X` that TF2 dropped):
- **Anywhere**, a name that works with eager execution on, read rather than called (`FLAGS = tf.app.flags.FLAGS`,
  `set_verbosity(tf.logging.INFO)`, `reuse=tf.AUTO_REUSE`, `tf.GraphKeys.UPDATE_OPS`): tf1_names_to_tf2
  renames the calls; what consumes a graph-only constant (`tf.variable_scope`) is still reported there.
  `tf.app.flags` becomes `tf.compat.v1.flags`, the same module under the name TensorFlow's API files list.
  An import of such a name (`from tensorflow import logging`) is made from `tensorflow.compat.v1`.
- **A graph program**: a module that uses graph-only TF1 names (`tf.placeholder`, `tf.Session`,
  `tf.train.AdamOptimizer`; `tf1_policy.GRAPH_ONLY`) that no program using Keras loads (`Survey.keras_linked`:
  Keras 3 does not run with eager execution off, which is a process's own; a module is linked where a module that
  imports it, or itself, imports one that uses Keras, directly or through others; sharing a Keras-free module with a
  Keras script is not; an import reaches the file Python finds for it, so one project's `models.py` is not
  another's in a repository of many). It gets what `tf_upgrade_v2` intends: every such name
  spelled `tf.compat.v1.X`, and `tf.compat.v1.disable_eager_execution()` right after its top-level imports,
  before the module builds anything (each such module of the program gets the line: it runs first in
  whichever is imported first, and again is harmless). One converted site and one line of advice say that
  eager execution is off for that program. Not for a module whose only graph-only names are sessions and that
  imports a frozen graph (`import_graph_def`: tf1_names_to_tf2 runs that with eager execution on), nor where
  TensorFlow is not imported as a module name at the top (`import tensorflow as tf`). A notebook is one program,
  its cells run in one kernel: it takes the route as a whole (`graph_notebook`, over all its cells), with the line
  in the cell that imports TensorFlow.
Names compat.v1 does not have under Keras 3 (`tf.layers`, `tf.nn.rnn_cell`: Keras 2's layers; `tf.contrib`,
`tf.estimator`: gone) are never renamed: the last pass reports them.
"""

from __future__ import annotations

import re

import libcst as cst

from migrate.codemod.api_surface import surface, tf1_tables
from migrate.codemod.factories import uses_keras
from migrate.codemod.notebooks import cell_start
from migrate.codemod.outline import Outline
from migrate.codemod.rule import NAMES, Rule
from migrate.codemod.syntax import code
from migrate.codemod.tf1_policy import CASTS, PREFERRED, RENAMES, REPORTED, graph_only

# compat.v1 modules that are Keras 2 (unavailable with Keras 3) or gone: never a target.
NOT_IN_COMPAT = ("layers", "nn.rnn_cell", "contrib", "estimator", "keras")
# Graph-only by GRAPH_ONLY, yet plain constants: reading one works eagerly (its consumer is judged apart).
CONSTANTS = ("AUTO_REUSE", "GraphKeys")
# TF1 modules compat.v1 has under another name the installed TensorFlow's API files list.
MODULES = {"app.flags": "flags"}
# tf.contrib names with an exact twin in compat.v1 that is not Keras, which TensorFlow's tables do not give (they send
# the initializers to tf.compat.v1.keras.initializers, which is Keras 3 there): in a graph program, called with
# keywords the twin takes alike, if any: the twin and those keywords (xavier_initializer(uniform=True) is Glorot's
# uniform initializer, with seed= and dtype=; the conv2d one is the same function; contrib.framework's global step
# functions were training_util's, which take graph=).
CONTRIB_TWINS = {"contrib.layers.xavier_initializer": ("compat.v1.glorot_uniform_initializer", {"seed", "dtype"}),
                 "contrib.layers.xavier_initializer_conv2d": ("compat.v1.glorot_uniform_initializer",
                                                              {"seed", "dtype"}),
                 "contrib.framework.get_or_create_global_step": ("compat.v1.train.get_or_create_global_step",
                                                                 {"graph"}),
                 "contrib.framework.get_global_step": ("compat.v1.train.get_global_step", {"graph"})}
# TF1's summary ops, which TF2 kept under the same names with another meaning (a default writer and a step).
SUMMARIES = frozenset(f"summary.{op}" for op in ("scalar", "histogram", "image", "audio", "text", "merge", "merge_all",
                                                 "tensor_summary"))
SESSIONS = frozenset({"Session", "InteractiveSession", "get_default_session"})
# Graph-only names that alone make no graph program: a graph reset (reset_default_graph's rule) and TF1's summary
# protos (summary_protos_to_tf2's) run with eager execution on.
ALONE = frozenset({"reset_default_graph", "Summary"})
DISABLE = "compat.v1.disable_eager_execution"
# A TF 1.x eager program (TensorFlow's 2018 tutorials: `tf.enable_eager_execution()` first, `tf.contrib.eager.defun`,
# `tf.train.AdamOptimizer` applying gradients a tape took): never the graph route, whatever graph-only names it reads.
EAGER_ON = "enable_eager_execution("
ROUTE = ("eager execution is off for this program: tf.compat.v1.disable_eager_execution() was added after the "
         "imports and its TensorFlow 1 names are spelled tf.compat.v1 (what tf_upgrade_v2 intends); it must not "
         "run Keras 3 (no module of the run imported with it uses Keras). To move it to TF2 proper: eager "
         "code and tf.function")


def tf1_name(names: set[str]) -> str | None:
    """`train.AdamOptimizer` for `tensorflow.train.AdamOptimizer` (not a compat name, not a Keras one, not an
    attribute of a call's result: see `_chain`)."""
    for name in sorted(names):
        if name.startswith("tensorflow.") and not name.startswith(("tensorflow.compat.", "tensorflow.keras")):
            return name.removeprefix("tensorflow.")
    return None


def compat_spelling(name: str, graph: bool = False) -> str | None:
    """What follows `tf.` for TF1's `tf.NAME` when TF2 lacks it and compat.v1 has it under Keras 3
    (`compat.v1.placeholder`, `compat.v1.flags.FLAGS`); None when TF2 has it, or compat.v1 does not. In a
    graph program (`graph`) also a name TF2 kept with another meaning, which TensorFlow's tables send to
    compat.v1 (`tf.constant_initializer`, `tf.where`), and TF1's summary ops (`tf.summary.scalar` is TF2's
    writer-bound summary there)."""
    api = surface()
    if _twin(name):
        return None
    missing = api.missing(f"tensorflow.{name}")
    if missing is None:
        tabled = tf1_tables(api).renames.get(f"tf.{name}", "")
        if graph and (tabled == f"tf.compat.v1.{name}" or name in SUMMARIES) and \
                not name.startswith(NOT_IN_COMPAT) and api.exists(f"tensorflow.compat.v1.{name}"):
            return f"compat.v1.{name}"
        return None
    prefix = missing.removeprefix("tensorflow.")
    for old, new in MODULES.items():
        if name == old or name.startswith(old + "."):
            return f"compat.v1.{new}{name[len(old):]}"
    if any(prefix == entry or prefix.startswith(entry + ".") or name.startswith(entry + ".")
           for entry in NOT_IN_COMPAT):
        return None
    return f"compat.v1.{name}" if api.exists(f"tensorflow.compat.v1.{prefix}") else None


def _twin(name: str) -> bool:
    """A TF1 name tf1_names_to_tf2 gives a TF2 spelling of its own (`tf.to_float` -> `tf.cast`, `tf.log` ->
    `tf.math.log`, `tf.set_random_seed` -> `tf.random.set_seed`): left to it, which runs after this rule."""
    if name in RENAMES or name in CASTS or name in PREFERRED:
        return True
    tabled = tf1_tables(surface()).renames.get(f"tf.{name}")
    return tabled is not None and not tabled.startswith("tf.compat.v1.")


def keras_free(rule: Rule, module: cst.Module) -> bool:
    """Whether the module may run in a TF 1 graph: it uses no Keras, no program using Keras loads it
    (`Survey.keras_linked`: a Keras program keeps eager execution on) and it imports TensorFlow as a module name among
    its leading imports; a notebook cell, where its notebook is such a program (`Survey.graph_notebook`). The first
    test of the graph route, shared by the rules that need a graph."""
    filename = rule.context.filename or ""
    survey = rule.context.scratch.get("survey")
    if ".ipynb:cell" in filename:
        return getattr(survey, "graph_notebook", False) and _tf_alias(rule, module) is not None
    if filename in getattr(survey, "keras_linked", frozenset()):
        return False
    return not uses_keras(module.code.encode()) and _tf_alias(rule, module) is not None


def graph_program(rule: Rule, module: cst.Module) -> bool:
    """Whether this module takes the graph-program route (see the module's docstring); a notebook cell, where its
    notebook does (`graph_notebook`, decided over all its cells: `Survey.graph_notebook`)."""
    if not keras_free(rule, module) or EAGER_ON in module.code:
        return False
    if ".ipynb:cell" in (rule.context.filename or ""):
        return True
    finder = _Tf1Names(rule)
    module.visit(finder)
    graph = {name for name in finder.names
             if graph_only(name) and compat_spelling(name) is not None and name.split(".")[0] not in ALONE}
    # A module that only runs a session on a frozen graph it imports is tf1_names_to_tf2's, with eager execution on;
    # not one that builds ops too (OpenAI's inception_score.py, copied by many GAN projects: tf.matmul and
    # tf.nn.softmax on the imported graph's tensors, which eager execution refuses).
    return bool(graph - SESSIONS) or (bool(graph) and ("import_graph_def" not in module.code or
                                                        any(_builds_op(name) for name in finder.names)))


# What follows `tensorflow.` in the names a frozen graph's loader reads without building an op: sessions and their
# options, files, graphs and their protos, shapes, dtypes.
FROZEN_GRAPH_IO = frozenset({"Session", "InteractiveSession", "get_default_session", "ConfigProto", "GPUOptions",
                             "RunOptions", "RunMetadata", "OptimizerOptions", "GraphOptions", "gfile", "io", "GraphDef",
                             "NodeDef", "import_graph_def", "Graph", "get_default_graph", "reset_default_graph",
                             "TensorShape", "Dimension", "DType", "as_dtype", "device", "logging", "app", "flags",
                             "errors", "saved_model", "python_io", "version", "VERSION", "__version__", "test",
                             "sysconfig", "config", "executing_eagerly", "newaxis", "float16", "float32", "float64",
                             "bfloat16", "int8", "int16", "int32", "int64", "uint8", "uint16", "bool", "string",
                             "complex64", "complex128", "resource", "variant", "qint8", "quint8", "qint32"})


def _builds_op(name: str) -> bool:
    """Whether TF 1's `tensorflow.<name>` builds an op (anything but a frozen graph's loading and running)."""
    return name.split(".")[0] not in FROZEN_GRAPH_IO


def graph_notebook(cells: list[str], linked: set[str]) -> bool:
    """Whether a notebook, its code cells `cells` (IPython lines masked), is a Keras-free TF1 graph program: no cell
    uses Keras nor imports a module of the run that a program using Keras loads (`linked`, their module names), one
    imports TensorFlow as a module name (`import tensorflow as tf`) and some cell names a graph-only TF1 name with a
    compat.v1 spelling (as `graph_program` finds them in a script, here by their spelling through that name). A
    notebook is one program, run cell after cell in one kernel: the route is decided for all of its cells."""
    text = "\n".join(cells)
    if uses_keras(text.encode()) or EAGER_ON in text:
        return False
    aliases = set(re.findall(r"^[ \t]*import[ \t]+tensorflow(?:[ \t]+as[ \t]+(\w+))?[ \t]*(?:#.*)?$", text, re.M))
    if not aliases:
        return False
    imported = {word for line in re.findall(r"^[ \t]*(?:from|import)[ \t].*$", text, re.M)
                for word in re.findall(r"\w+", line)}  # (every word of an import line: in doubt, linked)
    if imported & linked:
        return False
    if "disable_eager_execution(" in text or "disable_v2_behavior(" in text:
        return True  # it turns eager execution off itself (or a first run's route did: a second run decides alike)
    spelt = {name for alias in aliases for name in re.findall(rf"\b{alias or 'tensorflow'}\.([A-Za-z_][\w.]*)", text)}
    return any(graph_only(name) and name.split(".")[0] not in ALONE and compat_spelling(name) is not None
               for name in spelt)


def _tf_alias(rule: Rule, module: cst.Module) -> int | None:
    """The index of the top-level `import tensorflow [as tf]` among the statements before the module's first function
    or class, if any: its leading imports, or after a block that finds the project's folder (Triple-GAN's `if
    os.getcwd().endswith(...): ... sys.path.append(root_dir)`, fifty-second hold-out)."""
    for index, statement in enumerate(module.body):
        if isinstance(statement, (cst.FunctionDef, cst.ClassDef)):
            return None
        if not isinstance(statement, cst.SimpleStatementLine):
            continue
        for small in statement.body:
            if isinstance(small, cst.Import) and any(
                    alias.name.value == "tensorflow" and isinstance(alias.name, cst.Name) for alias in small.names):
                return index
    return None


def _leading_imports_end(module: cst.Module, after: int) -> int:
    """Where the disable line goes: after the last import of the statements before the first compound one, and after
    the statement at `after` (TensorFlow's import) and the imports right after it."""
    end = 0
    for index, statement in enumerate(module.body):
        if not isinstance(statement, cst.SimpleStatementLine):
            break
        if any(isinstance(small, (cst.Import, cst.ImportFrom)) for small in statement.body):
            end = index + 1
    if end > after:
        return end
    end = after + 1
    while end < len(module.body) and isinstance(module.body[end], cst.SimpleStatementLine) and \
            all(isinstance(small, (cst.Import, cst.ImportFrom)) for small in module.body[end].body):
        end += 1
    return end


class _Tf1Names(cst.CSTVisitor):
    """The TF1 names (after `tensorflow.`) of a module's outermost name chains."""

    def __init__(self, rule: Rule) -> None:
        super().__init__()
        self.rule, self.names = rule, []

    def visit_Attribute(self, node: cst.Attribute) -> bool:
        name = tf1_name(self.rule.qualified_names(node)) if _chain(node) else None
        if name is not None:
            self.names.append(name)
            return False
        return True


class Tf1GraphProgram(Rule):
    NAME = "tf1_graph_program"
    # Before tf1_names_to_tf2 (same ORDER, name first): in a graph program its graph-only names are then compat.v1's,
    # which that rule neither reports nor rewrites (tf.Print stays an op of the graph); with this rule left out
    # (--ignore), they are reported as before. Before tf1_session_code, which reads the route's line.
    ORDER = 4
    TRIGGERS = ("dropout", "app.", "flags.", "logging.", "AUTO_REUSE", "GraphKeys", "placeholder", "Session", "get_variable",
                "variable_scope", "train.", "Summary", "summary.", "global_variables", "trainable_variables")
    REQUIRES = ("tensorflow",)
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = ("TF1 names TF2 lacks -> tf.compat.v1 where they run eagerly (tf.app.flags.FLAGS, "
                   "tf.logging.INFO); a Keras-free TF1 graph program -> tf.compat.v1 with eager execution off")

    @classmethod
    def triggered(cls, source: bytes, survey: object = None) -> bool:
        """The rule's words; in a graph notebook, a cell that imports TensorFlow too (it gets the line)."""
        return super().triggered(source, survey) or \
            (getattr(survey, "graph_notebook", False) and b"import tensorflow" in source)

    @classmethod
    def relevant(cls, source: bytes, outline: Outline, survey: object = None) -> bool:
        """A name of TensorFlow the walk may rename (`compat_spelling`: one TF2 lacks and compat.v1 has) or
        `tf.nn.dropout`; without one the module is no graph program either (its graph-only names are such names).
        The trigger words are mostly TF2's own `dropout`, `summary.`, `train.` or Keras's. A star import may bring
        any name (`names.resolve`). In a graph notebook, any cell (the one that imports TensorFlow gets the line)."""
        if outline.star or getattr(survey, "graph_notebook", False):
            return True
        return any(name == "nn.dropout" or compat_spelling(name) is not None
                   for names in outline.qualified(survey).values()
                   for name in [tf1_name(names)] if name is not None)

    def visit_Module(self, node: cst.Module) -> None:
        self.route = graph_program(self, node)
        self.eager_on = EAGER_ON in node.code or getattr(self.context.scratch.get("survey"), "eager_notebook", False)
        self.tf1: bool | None = None  # whether the file names TensorFlow 1 (worked out at the first dropout)
        self.module = node
        self.renamed = 0
        self.called: set[int] = set()

    def visit_Call(self, node: cst.Call) -> None:
        self.called.add(id(node.func))

    def visit_Attribute(self, node: cst.Attribute) -> bool:
        # the outermost chain is the name: not its parts
        return not _chain(node) or tf1_name(self.qualified_names(node)) is None

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute) -> cst.BaseExpression:
        name = tf1_name(self.qualified_names(original)) if _chain(original) else None
        if name is None:
            return updated
        new = compat_spelling(name, self.route)
        if new is None:
            return updated
        parts = name.split(".")
        prefixes = [".".join(parts[:end]) for end in range(1, len(parts) + 1)]  # `Summary` of `Summary.Value`
        # in a TF 1.x eager program every compat.v1 name ran eagerly already (TF2's eager execution is TF1's), but
        # for those REPORTED (what eager execution refused in TF 1 too: tf.placeholder, tf.train.Saver)
        eager = not any(graph_only(prefix) or prefix in REPORTED for prefix in prefixes) or \
            (name.startswith(CONSTANTS) and id(original) not in self.called) or \
            (self.eager_on and not any(prefix in REPORTED for prefix in prefixes))
        root = _root(original, name)
        if root is None or not (self.route or eager):
            return updated
        self.renamed += 1
        self.converted()
        return cst.parse_expression(f"{root}.{new}")

    def leave_ImportFrom(self, original: cst.ImportFrom, updated: cst.ImportFrom) -> cst.ImportFrom:
        """`from tensorflow import logging` -> `from tensorflow.compat.v1 import logging`: the import of a name read
        as `tf.logging` is renamed (a module or name TF2 lacks that compat.v1 has and that runs eagerly, or any in a
        graph program), so its reads (`logging.set_verbosity(logging.WARN)`) name compat.v1's. Only where every
        name of the statement is one (the others of `from tensorflow import keras, logging` are TF2's there)."""
        if updated.relative or updated.module is None or code(updated.module) != "tensorflow" or \
                isinstance(updated.names, cst.ImportStar):
            return updated
        for alias in updated.names:
            name = code(alias.name)
            if compat_spelling(name, self.route) != f"compat.v1.{name}" or surface().missing(f"tensorflow.{name}") is None:
                return updated
            if not self.route and (graph_only(name) or name in REPORTED):
                return updated
        self.renamed += 1
        self.converted()
        return updated.with_changes(module=cst.parse_expression("tensorflow.compat.v1"))

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.Call:
        """`tf.nn.dropout(x, 0.8)`: see `_dropout`. In a graph program, a name TF2 kept called with a keyword
        only TF1's takes, which TensorFlow's tables do not rename (`tf.nn.conv2d(..., use_cudnn_on_gpu=True)`)
        -> `tf.compat.v1.nn.conv2d`, which takes the call as it is; the keywords must all be the compat.v1
        function's. A tf.contrib name with an exact twin: CONTRIB_TWINS."""
        if not isinstance(original.func, cst.Attribute) or not _chain(original.func):
            return updated
        name = tf1_name(self.qualified_names(original.func))
        if name == "nn.dropout":
            return self._dropout(original, updated)
        if not self.route:
            return updated
        keywords = [arg.keyword.value for arg in original.args if arg.keyword is not None]
        if name in CONTRIB_TWINS and len(keywords) == len(original.args) and set(keywords) <= CONTRIB_TWINS[name][1] \
                and _root(original.func, name) is not None:
            self.renamed += 1
            self.converted()
            twin = CONTRIB_TWINS[name][0]
            return updated.with_changes(func=cst.parse_expression(f"{_root(original.func, name)}.{twin}"))
        if name is None or not keywords or name.startswith(NOT_IN_COMPAT) or _root(original.func, name) is None:
            return updated
        api = surface()
        now, old = api.signature(f"tensorflow.{name}"), api.signature(f"tensorflow.compat.v1.{name}")
        if now is None or old is None or all(now.takes(k) for k in keywords) or \
                not all(old.takes(k) for k in keywords):
            return updated
        self.renamed += 1
        self.converted()
        return updated.with_changes(func=cst.parse_expression(f"{_root(original.func, name)}.compat.v1.{name}"))

    def _dropout(self, original: cst.Call, updated: cst.Call) -> cst.Call:
        """`tf.nn.dropout(x, 0.8)` / `tf.nn.dropout(x, keep_prob=0.8)` -> `tf.nn.dropout(x, rate=1 - 0.8)`: TF1's
        second argument is the probability to keep, TF2's the rate to drop, so the call left as written runs and
        drops the wrong share (`keep_prob=1 - dropout` with dropout 0 at evaluation, tkipf/gcn: TF2 drops all).
        What tf_upgrade_v2 does by hand, beside its tables; anywhere, as TF2 means the same. A second argument
        alone is TF1's only in a file that names TensorFlow 1 elsewhere (`_names_tf1`): TF2 code means a rate."""
        args = list(updated.args)
        positional = [i for i, arg in enumerate(original.args) if arg.keyword is None and not arg.star]
        keep = [i for i, arg in enumerate(original.args) if arg.keyword is not None and arg.keyword.value == "keep_prob"]
        if any(arg.star for arg in original.args) or any(arg.keyword is not None and arg.keyword.value == "rate"
                                                         for arg in original.args):
            return updated
        at = keep[0] if keep else positional[1] if len(positional) >= 2 and positional[1] == 1 else None
        if at is None or (not keep and not self._names_tf1()):
            return updated
        value = args[at].value
        simple = isinstance(value, (cst.Name, cst.Attribute, cst.Integer, cst.Float))
        kept = code(value) if simple else f"({code(value)})"
        args[at] = args[at].with_changes(keyword=cst.Name("rate"), value=cst.parse_expression(f"1 - {kept}"), equal=
                                         cst.AssignEqual(whitespace_before=cst.SimpleWhitespace(""),
                                                         whitespace_after=cst.SimpleWhitespace("")))
        if not keep and len(positional) > 2:  # noise_shape, seed after it: keywords too, after rate=
            names = ("noise_shape", "seed", "name")
            for index, i in enumerate(positional[2:]):
                if index >= len(names):
                    return updated
                args[i] = args[i].with_changes(keyword=cst.Name(names[index]), equal=cst.AssignEqual(
                    whitespace_before=cst.SimpleWhitespace(""), whitespace_after=cst.SimpleWhitespace("")))
        self.converted()
        return updated.with_changes(args=args)

    def _names_tf1(self) -> bool:
        """Whether the module names a TensorFlow name TF2 lacks (tf.placeholder, tf.app.flags, tf.Session...)."""
        if self.tf1 is None:
            finder = _Tf1Names(self)
            self.module.visit(finder)
            self.tf1 = self.route or any(surface().missing(f"tensorflow.{name}") is not None for name in finder.names)
        return self.tf1

    def leave_Module(self, original: cst.Module, updated: cst.Module) -> cst.Module:
        start = cell_start(original)
        if start is not None and self.route:  # a graph notebook: the line in the cell that imports TensorFlow, once
            if _tf_alias(self, original) < start or f"{DISABLE}()" in original.code:
                return updated
        elif not self.route or self.renamed == 0:
            return updated
        alias = _alias(updated.body[_tf_alias(self, original)])
        self.converted()
        self.report(original.body[_tf_alias(self, original)], ROUTE, advice=True)
        if f"{DISABLE}()" in updated.code:
            return updated
        at = _leading_imports_end(updated, _tf_alias(self, updated))
        line = cst.parse_statement(f"{alias}.{DISABLE}()\n")
        return updated.with_changes(body=[*updated.body[:at], line, *updated.body[at:]])


def _chain(node: cst.Attribute) -> bool:
    """`tf.train.AdamOptimizer`: attributes down to a name. LibCST names `tf.train.AdamOptimizer(lr).minimize`
    `tensorflow.train.AdamOptimizer.minimize` too, through the call: not a name of TensorFlow's."""
    value: cst.BaseExpression = node
    while isinstance(value, cst.Attribute):
        value = value.value
    return isinstance(value, cst.Name)


def _root(node: cst.Attribute, name: str) -> str | None:
    """The spelling of `tf` under a chain naming `tensorflow.NAME`: a plain name, as many attributes down."""
    value: cst.BaseExpression = node
    for _ in name.split("."):
        if not isinstance(value, cst.Attribute):
            return None
        value = value.value
    return value.value if isinstance(value, cst.Name) else None


def _alias(statement: cst.SimpleStatementLine) -> str:
    for small in statement.body:
        if isinstance(small, cst.Import):
            for alias in small.names:
                if isinstance(alias.name, cst.Name) and alias.name.value == "tensorflow":
                    return alias.asname.name.value if alias.asname is not None else "tensorflow"
    return "tf"
