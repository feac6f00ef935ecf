"""A keras Sequence whose `__getitem__` returns its inputs as a list (`return [x1, x2], y`) -> as a tuple.

Keras 2 took `([x1, x2], y)` from a Sequence. Keras 3 runs a Sequence (a PyDataset) through
`tf.data.Dataset.from_generator`, whose signature admits tuples and dicts but no list: fit stops before the
first batch ("`output_signature` must contain objects that are subclass of `tf.TypeSpec` but found <class
'list'>"). In `__getitem__` of a class deriving from Keras' Sequence or PyDataset, a list literal in the
returned tuple, or a name the method sets once to a list literal and uses only there, becomes a tuple:
the same inputs, in the same order.
"""

from __future__ import annotations

import libcst as cst

from migrate.codemod.rule import NAMES, Rule
from migrate.codemod.syntax import names_in

SEQUENCES = frozenset({f"{root}.{module}{name}" for root in ("keras", "tensorflow.keras", "tensorflow.python.keras")
                       for module in ("utils.", "utils.data_utils.", "utils.Sequence.")
                       for name in ("Sequence", "PyDataset")})


def _as_tuple(node: cst.List) -> cst.Tuple:
    elements = list(node.elements)
    if len(elements) == 1 and elements[0].comma is cst.MaybeSentinel.DEFAULT:
        elements[0] = elements[0].with_changes(comma=cst.Comma())
    return cst.Tuple(elements=elements, lpar=[cst.LeftParen(node.lbracket.whitespace_after)],
                     rpar=[cst.RightParen(node.rbracket.whitespace_before)])


class SequenceBatchesAsTuples(Rule):
    NAME = "sequence_batches_as_tuples"
    ORDER = 56
    TRIGGERS = ("__getitem__",)
    REQUIRES = ("Sequence", "PyDataset")  # a base resolves to Keras' only through a name holding the word
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = "a Sequence's __getitem__ returning ([x1, x2], y) -> ((x1, x2), y), which Keras 3 can batch"


    def visit_Module(self, node: cst.Module) -> None:
        self.lists: set[int] = set()  # the List nodes to make tuples

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        if not any(self.qualified_names(base.value) & SEQUENCES for base in node.bases):
            return
        for statement in node.body.body:
            if isinstance(statement, cst.FunctionDef) and statement.name.value == "__getitem__":
                self._mark(statement)

    def _mark(self, method: cst.FunctionDef) -> None:
        assigned: dict[str, list[cst.BaseExpression]] = {}
        returns: list[cst.Return] = []

        class Collect(cst.CSTVisitor):
            def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
                return node is method

            def visit_Assign(self, node: cst.Assign) -> None:
                for target in node.targets:
                    if isinstance(target.target, cst.Name):
                        assigned.setdefault(target.target.value, []).append(node.value)

            def visit_Return(self, node: cst.Return) -> None:
                returns.append(node)

        method.visit(Collect())
        uses: dict[str, int] = {}
        for name in names_in(method.body):
            uses[name.value] = uses.get(name.value, 0) + 1
        for statement in returns:
            if not isinstance(statement.value, cst.Tuple):
                continue
            for element in statement.value.elements:
                value = element.value
                if isinstance(value, cst.List):
                    self.lists.add(id(value))
                elif isinstance(value, cst.Name) and len(assigned.get(value.value, ())) == 1 and \
                        isinstance(assigned[value.value][0], cst.List) and uses.get(value.value) == 2:
                    self.lists.add(id(assigned[value.value][0]))

    def leave_List(self, original: cst.List, updated: cst.List) -> cst.BaseExpression:
        if id(original) not in self.lists:
            return updated
        self.converted()
        return _as_tuple(updated)
