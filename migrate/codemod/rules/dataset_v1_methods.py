"""`dataset.make_one_shot_iterator()` -> `tf.compat.v1.data.make_one_shot_iterator(dataset)`.

TF 1's `Dataset` made its own iterators and told its element structure (`ds.make_one_shot_iterator()`,
`ds.make_initializable_iterator()`, `ds.output_types`, `ds.output_shapes`, `ds.output_classes`); TF 2's Dataset has
none of them, and a script that calls one fails with AttributeError on the line, in graph mode or not. TensorFlow
kept each as a function of `tf.compat.v1.data` that takes the dataset (or an iterator), which is what tf_upgrade_v2
writes; a one-shot iterator so made works eagerly too (`get_next()` gives the next element). No import tells the
receiver's type, so only the methods' own names are read: `make_*_iterator` and `output_types`/`output_classes`
are Dataset's alone; `output_shapes` is a common word, so it is rewritten only on a receiver whose `output_types`
the file also reads (`Iterator.from_structure(ds.output_types, ds.output_shapes)`, how TF 1 code used them). An
attribute the file assigns, or one of `self` or `cls`, is a name of the file's own (a callback's `self.output_types`).
"""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m
from libcst.codemod.visitors import AddImportsVisitor

from migrate.codemod.rule import NAMES, Rule
from migrate.codemod.syntax import code, module_alias

METHODS = ("make_one_shot_iterator", "make_initializable_iterator")
PROPERTIES = {"output_types": "get_output_types", "output_classes": "get_output_classes",
              "output_shapes": "get_output_shapes"}
WITH_TYPES = frozenset({"output_shapes"})  # rewritten only beside its receiver's output_types
OWN = frozenset({"self", "cls"})  # a class's own attribute of that name (MarcBS/multimodal_keras_wrapper's callbacks)


class DatasetV1Methods(Rule):
    NAME = "dataset_v1_methods"
    ORDER = 4  # with the other TF 1 rules, before the last pass
    TRIGGERS = (*METHODS, "output_types", "output_classes")
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = "ds.make_one_shot_iterator() -> tf.compat.v1.data.make_one_shot_iterator(ds); ds.output_types too"

    def visit_Module(self, node: cst.Module) -> None:
        self.tf = module_alias(node, "tensorflow")
        self.stored = _stored_attributes(node)  # `self.output_types = types`: a name of the file's, never a Dataset's
        self.typed: set[str] = set()  # the code of each receiver whose output_types the file reads
        node.visit(_TypedReceivers(self.typed))

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
        func = updated.func
        if not isinstance(func, cst.Attribute) or func.attr.value not in METHODS or code(func.value) in OWN or \
                self._tensorflow(original.func):
            return updated
        if func.attr.value == "make_one_shot_iterator" and updated.args:
            return updated  # TF 1's took no argument: not a Dataset's
        return self._function(func.attr.value, [cst.Arg(func.value), *updated.args])

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute) -> cst.BaseExpression:
        name = updated.attr.value
        if name not in PROPERTIES or id(original) in self.stored or code(original.value) in OWN or \
                self._tensorflow(original) or (name in WITH_TYPES and code(original.value) not in self.typed):
            return updated
        return self._function(PROPERTIES[name], [cst.Arg(updated.value)])

    def _function(self, name: str, args: list[cst.Arg]) -> cst.Call:
        """`tf.compat.v1.data.NAME(args)`, the file's alias of TensorFlow imported where it has none."""
        self.converted()
        if self.tf is None:
            AddImportsVisitor.add_needed_import(self.context, "tensorflow")
        head = cst.parse_expression(f"{self.tf or 'tensorflow'}.compat.v1.data.{name}")
        return cst.Call(head, args=[arg.with_changes(comma=cst.MaybeSentinel.DEFAULT) for arg in args])

    def _tensorflow(self, node: cst.BaseExpression) -> bool:
        """Whether `node` is a name of TensorFlow's own (`tf.compat.v1.data.Iterator.output_types`), not a value."""
        return any(name.startswith("tensorflow") for name in self.qualified_names(node))


class _TypedReceivers(cst.CSTVisitor):
    def __init__(self, found: set[str]) -> None:
        self.found = found

    def visit_Attribute(self, node: cst.Attribute) -> None:
        if node.attr.value == "output_types":
            self.found.add(code(node.value))


def _stored_attributes(module: cst.Module) -> set[int]:
    """The ids of the attributes the module assigns, augments, deletes or binds in a for or with statement."""
    targets: list[cst.BaseExpression] = [t.target for t in m.findall(module, m.AssignTarget())]
    targets += [n.target for n in m.findall(module, m.AnnAssign() | m.AugAssign() | m.For())]
    targets += [n.target for n in m.findall(module, m.Del())]
    targets += [n.asname.name for n in m.findall(module, m.WithItem()) if n.asname is not None]
    found: set[int] = set()
    while targets:
        target = targets.pop()
        if isinstance(target, (cst.Tuple, cst.List)):
            targets += [element.value for element in target.elements]
        elif isinstance(target, cst.StarredElement):
            targets.append(target.value)
        elif isinstance(target, cst.Attribute):
            found.add(id(target))
    return found
