"""TF 1's `tf.contrib.slim` -> `tf_slim`, its home on TensorFlow 2 (the tf-slim package, `pip install tf-slim`).

TF-Slim (layers under `arg_scope`, its losses, `learning.train`, the reference nets: resnet_v1, inception_v3, vgg)
left TensorFlow with contrib; Google publishes it as tf-slim, the same code on `tf.compat.v1`, and TensorFlow's own
migration guide sends `tf.contrib.slim` there. tf_upgrade_v2 leaves it, for a person. So, where every slim name the
module reads is one tf-slim 1.1.0 has (`data/tf_slim_names.py`, read from the package: `slim.nets` is not read by
attribute unless imported, `slim.feature_column` is gone):
- `import tensorflow.contrib.slim as slim` -> `import tf_slim as slim`; `import tensorflow.contrib.slim.nets` ->
  `import tf_slim.nets`;
- `from tensorflow.contrib import slim` -> `import tf_slim as slim`;
- `from tensorflow.contrib.slim[.python.slim][.nets] import X` -> `from tf_slim[.nets] import X`;
- `tf.contrib.slim` read anywhere (`slim = tf.contrib.slim`, `tf.contrib.slim.conv2d(...)`) -> `tf_slim`, imported;
  the names read through such a module-level alias (`slim.conv2d`) are checked against the table too.
A module that reads a slim name tf-slim lacks, through any spelling, is left as it is, its contrib names reported by
the last pass. The slim program keeps its graph: TF 1 graph code takes the graph route (`tf1_graph_program`), whose
`tf.compat.v1` tf-slim builds on. Once per module, advice: install tf-slim. Not in a notebook cell (a cell's
imports serve the others, whose reads a cell cannot check), nor in a module that uses Keras or that a program using
Keras loads (slim's layers would meet Keras 3's tensors), nor in one that reads contrib.layers' or
contrib.framework's names too (slim's functions under other names: tf_layers_to_graph_functions writes them out,
with an arg_scope tf-slim's layers would not read), nor where tf_layers_to_graph_functions writes out every slim
name the module reads (`slim.conv2d` in a Keras-free graph module: TF 1's function in the file, no package to install),
nor where contrib_initializers_to_keras makes Keras 3's of every slim name read (`slim.xavier_initializer()` outside a
graph program); that rule takes tf_slim's initializers alike where this one spelt them so.
"""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m
from libcst.codemod.visitors import AddImportsVisitor

from migrate.codemod.data.tf_slim_names import MODULES, READ
from migrate.codemod.factories import uses_keras
from migrate.codemod.rule import NAMES, Rule
from migrate.codemod.rules.contrib_initializers_to_keras import PARAMETERS as INITIALIZERS
from migrate.codemod.rules.tf1_graph_program import EAGER_ON, graph_program, keras_free
from migrate.codemod.syntax import code
from migrate.codemod.tf1_layers import FUNCTIONS

CONTRIB = "tensorflow.contrib"
OTHER_CONTRIB = ("tensorflow.contrib.layers", "tensorflow.contrib.framework")
# contrib's paths of slim -> tf_slim's (longest first)
PATHS = (("tensorflow.contrib.slim.python.slim", "tf_slim"), ("tensorflow.contrib.slim", "tf_slim"))
ADVICE = ("tf.contrib.slim is the tf-slim package on TensorFlow 2 (pip install tf-slim==1.1.0): the same layers, "
          "arg_scope, losses and nets, building TF1 graphs through tf.compat.v1")


def tf_slim_name(qualified: str) -> str | None:
    """`tensorflow.contrib.slim.python.slim.nets.vgg` -> `tf_slim.nets.vgg`; None for a name outside slim."""
    for old, new in PATHS:
        if qualified == old or qualified.startswith(old + "."):
            return new + qualified[len(old):]
    return None


def in_tf_slim(name: str) -> bool:
    """Whether tf-slim 1.1.0 has `name` (a dotted path from `tf_slim`): readable after `import tf_slim`, an importable
    module, or a public name of one."""
    module, _, last = name.rpartition(".")
    return name in READ or name in MODULES or last in MODULES.get(module, ())


class ContribSlimToTfSlim(Rule):
    NAME = "contrib_slim_to_tf_slim"
    ORDER = 4  # before tf_layers_to_graph_functions (same ORDER, name first), which writes out what it leaves
    TRIGGERS = ("slim",)
    REQUIRES = ("contrib",)
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = "tf.contrib.slim -> tf_slim (the tf-slim package), where tf-slim has every slim name the module reads"

    def visit_Module(self, node: cst.Module) -> None:
        names = None if ".ipynb:cell" in (self.context.filename or "") or self._keras_side(node) else \
            self._slim_names(node)
        self.active = bool(names) and all(in_tf_slim(name) for name in names) and not (
            keras_free(self, node) and EAGER_ON not in node.code and
            all(name.replace("tf_slim", "contrib.slim", 1) in FUNCTIONS for name in names)) and not (
            all(name.removeprefix("tf_slim.") in INITIALIZERS for name in names) and not graph_program(self, node))
        self.told = False  # the advice, once a module
        self.in_import = False  # in an import statement: leave_Import and leave_ImportFrom rewrite its names

    def _keras_side(self, module: cst.Module) -> bool:
        """Whether the module uses Keras or a program using Keras loads it (`Survey.keras_linked`): slim's layers there
        would meet Keras 3's tensors, which they cannot take; contrib stays, reported."""
        survey = self.context.scratch.get("survey")
        return uses_keras(module.code.encode()) or (self.context.filename or "") in getattr(survey, "keras_linked", ())

    def _slim_names(self, module: cst.Module) -> set[str] | None:
        """The slim names (as tf_slim's) the module reads or imports; None where it reads contrib.layers' or
        contrib.framework's too (slim's own functions under other names, which tf_layers_to_graph_functions writes
        out: their arg_scope and tf-slim's would not see each other) or star-imports slim."""
        names: set[str] = set()
        chains = m.findall(module, m.Attribute() | m.Name())
        inner = {id(chain.value) for chain in chains if isinstance(chain, cst.Attribute)}  # parts of a longer name
        aliases = _module_aliases(module, self)
        for chain in chains:
            if id(chain) in inner:
                continue
            qualified = self.qualified_names(chain)
            if any(q.startswith(OTHER_CONTRIB) for q in qualified):
                return None
            names |= {found for q in qualified for found in [tf_slim_name(q)] if found}
            spelt = code(chain).split("(")[0]
            head, _, rest = spelt.partition(".")
            if head in aliases and rest:
                names.add(f"tf_slim.{rest}")
        for statement in m.findall(module, m.ImportFrom()):
            source = _dotted(statement.module) if statement.module is not None and not statement.relative else ""
            if source.startswith(OTHER_CONTRIB) or (tf_slim_name(source) and isinstance(statement.names, cst.ImportStar)):
                return None
            if tf_slim_name(source) is not None:
                names |= {f"{tf_slim_name(source)}.{_dotted(alias.name)}" for alias in statement.names}
            elif source == CONTRIB and not isinstance(statement.names, cst.ImportStar) and \
                    any(_dotted(alias.name) == "slim" for alias in statement.names) and len(statement.names) > 1:
                return None  # `from tensorflow.contrib import slim, layers`: left whole
        return names

    def _told(self, node: cst.CSTNode) -> None:
        self.converted()
        if not self.told:
            self.told = True
            self.report(node, ADVICE, advice=True)

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute) -> cst.BaseExpression:
        if not self.active or self.in_import or not code(original).endswith(".contrib.slim") or \
                "tensorflow.contrib.slim" not in self.qualified_names(original):
            return updated
        AddImportsVisitor.add_needed_import(self.context, "tf_slim")
        self._told(original)
        return cst.Name("tf_slim")

    def visit_Import(self, node: cst.Import) -> None:
        self.in_import = True

    def visit_ImportFrom(self, node: cst.ImportFrom) -> None:
        self.in_import = True

    def leave_Import(self, original: cst.Import, updated: cst.Import) -> cst.Import:
        self.in_import = False
        if not self.active:
            return updated
        names = []
        for alias in updated.names:
            new = tf_slim_name(_dotted(alias.name))
            if new is not None:
                alias = alias.with_changes(name=cst.parse_expression(new))
                self._told(original)
            names.append(alias)
        return updated.with_changes(names=names)

    def leave_ImportFrom(self, original: cst.ImportFrom, updated: cst.ImportFrom
                         ) -> cst.ImportFrom | cst.Import:
        self.in_import = False
        if not self.active or updated.relative or updated.module is None or isinstance(updated.names, cst.ImportStar):
            return updated
        source = _dotted(updated.module)
        new = tf_slim_name(source)
        if new is not None:
            self._told(original)
            return updated.with_changes(module=cst.parse_expression(new))
        if source == CONTRIB and len(updated.names) == 1 and _dotted(updated.names[0].name) == "slim":
            alias = updated.names[0]
            self._told(original)
            return cst.Import(names=[cst.ImportAlias(name=cst.Name("tf_slim"),
                                                     asname=alias.asname or cst.AsName(name=cst.Name("slim")))])
        return updated


def _dotted(node: cst.BaseExpression) -> str:
    return code(node)


def _module_aliases(module: cst.Module, rule: Rule) -> set[str]:
    """Names the module binds at its top level to `tf.contrib.slim` (`slim = tf.contrib.slim`): reads through them are
    slim's, though LibCST's names do not follow an assignment."""
    found = set()
    for statement in module.body:
        for small in statement.body if isinstance(statement, cst.SimpleStatementLine) else ():
            if m.matches(small, m.Assign(targets=[m.AssignTarget(target=m.Name())], value=m.Attribute())) and \
                    "tensorflow.contrib.slim" in rule.qualified_names(small.value):
                found.add(small.targets[0].target.value)
    return found
