"""A slice as a script for Keras 3: holes filled, legacy calls translated, and an ending that prints the
model's config and weight shapes.

Holes are filled with placeholders first (distinct numbers no real layer uses) and the model's weight
shapes read back: where a placeholder shows up in a shape, the checkpoint's number at that place is the
value. The script is then written again with the solved values. Legacy Keras 1/2 and tf.keras spellings
go through the codemod's own rules, and `input_dim=N` (which Keras 3 refuses) becomes `input_shape=(N,)`.
"""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from migrate.codemod.engine import rewrite_source
from migrate.codemod.registry import all_rules
from migrate.codemod.syntax import code, names_in
from migrate.recover.slicing import Hole, Slice

TRANSLATIONS = ("legacy_import_paths", "keras1_arguments", "optimizer_lr_to_learning_rate")
MARK = "@@migrate-recover@@"
SHAPE_KEYWORDS = {"input_shape", "shape", "target_shape"}
BATCH_SHAPE_KEYWORDS = {"batch_input_shape", "batch_shape"}
NUMERIC_KEYWORDS = {None, "units", "filters", "input_dim", "output_dim", "nb_filter", "output_size",
                    *SHAPE_KEYWORDS, *BATCH_SHAPE_KEYWORDS}

EPILOGUE = """
import json as _migrate_json, sys as _migrate_sys
_migrate_model = {target}
# An unbuilt Sequential has no weights yet: build it on the first kernel's rows, or, when it opens with an
# Embedding (whose matrix rows are the vocabulary, not an input width), on sequences of any length.
_migrate_first = _migrate_model.layers[0] if _migrate_model.layers else None
_migrate_embedded = type(_migrate_first).__name__ == "Embedding"
if not _migrate_model.built and _migrate_embedded:
    _migrate_model.build((None, None))
_migrate_built_here = not _migrate_model.built and bool({input_width!r})
if _migrate_built_here:
    _migrate_model.build((None, {input_width!r}))
_migrate_sys.stdout.write({mark!r} + _migrate_json.dumps({{
    "built_with_input_width": {input_width!r} if _migrate_built_here else None,
    "config": _migrate_json.loads(_migrate_model.to_json()),
    "layers": [[layer.name, [list(w.shape) for w in layer.weights]] for layer in _migrate_model.layers]}}) + "\\n")
"""


def placeholders(count: int, avoid: set[int]) -> list[int]:
    """Numbers to stand in for holes: primes from 101 on that no checkpoint shape holds, small enough
    that a Dense(p, p) stays tiny, distinct so each shows up in the shapes as itself."""
    found: list[int] = []
    candidate = 101
    while len(found) < count:
        if candidate not in avoid and all(candidate % d for d in range(2, int(candidate ** 0.5) + 1)):
            found.append(candidate)
        candidate += 1
    return found


class FillHoles(cst.CSTTransformer):
    """Each call argument that reads a hole becomes one variable (one per distinct code text), so
    `Dense(y_test.shape[1])` reads `_hole_0`; `input_dim=N` becomes `input_shape=(N,)`. The argument
    replaced is the outermost that constructs nothing: `len(word_index) + 1` whole, never `Dense(n)` in
    `model.add(Dense(n))`; a shape's names are holes one by one (bound as themselves)."""

    def __init__(self, hole_names: set[str], holes: dict[str, Hole]) -> None:
        self.hole_names, self.holes = hole_names, holes
        self.chosen: set[int] = set()

    def visit_Arg(self, node: cst.Arg) -> bool:
        if not {n.value for n in names_in(node.value)} & self.hole_names or _constructs(node.value):
            return True
        if isinstance(node.value, (cst.Tuple, cst.List)):  # `Input((maxlen,))`: each element its own hole
            return True
        self.chosen.add(id(node))
        return False

    def leave_Arg(self, original: cst.Arg, updated: cst.Arg) -> cst.Arg:
        keyword = updated.keyword.value if updated.keyword else None
        if id(original) in self.chosen:
            text = _spelling(original.value)
            hole = self.holes.get(text) or Hole(_variable(original.value, len(self.holes)), text, keyword)
            self.holes[text] = hole
            updated = updated.with_changes(value=cst.Name(hole.variable))
        return updated

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.Call:
        """`Dense(8, input_dim=4)` -> `input_shape=(4,)` (an Embedding's input_dim is its vocabulary)."""
        if code(updated.func).split(".")[-1] == "Embedding":
            return updated
        args = [arg.with_changes(keyword=cst.Name("input_shape"), value=cst.Tuple([cst.Element(arg.value)]))
                if arg.keyword and arg.keyword.value == "input_dim" else arg for arg in updated.args]
        return updated.with_changes(args=args)


def _constructs(value: cst.BaseExpression) -> bool:
    """Whether an expression calls a class (a layer, a model): its holes are filled inside it."""
    return any(code(call.func).split(".")[-1][:1].isupper() for call in m.findall(value, m.Call()))


def _spelling(value: cst.BaseExpression) -> str:
    """How the user wrote a hole (`self_act` was `self.act` before the slice renamed it)."""
    text = code(value)
    return text.replace("self_", "self.", 1) if isinstance(value, cst.Name) and text.startswith("self_") else text


def _variable(value: cst.BaseExpression, index: int) -> str:
    return value.value if isinstance(value, cst.Name) else f"_hole_{index}"


def fill_holes(piece: Slice) -> list[cst.BaseStatement]:
    """The slice's statements with hole arguments turned into variables; `piece.holes` keyed by text."""
    names = set(piece.hole_names)
    found: dict[str, Hole] = {}
    statements = [s.visit(FillHoles(names, found)) for s in [*piece.module_statements, *piece.statements]]
    still_read = {n.value for statement in statements for n in names_in(statement)}
    for name in sorted(names & still_read - {h.variable for h in found.values()}):  # read outside any argument
        found.setdefault(name, Hole(name, name.replace("self_", "self.", 1), None))
    piece.holes = found
    return statements


def hole_value(hole: Hole, number: int, values: dict[str, object]) -> object:
    """The value bound for a hole: given (`--set`, or solved) or else its placeholder `number`; a width
    where a shape goes (`shape=`, `input_shape=`) is the shape of that width."""
    value = values.get(hole.text, values.get(hole.variable, number))
    if isinstance(value, int) and not isinstance(value, bool):
        if hole.keyword in SHAPE_KEYWORDS:
            return (value,)
        if hole.keyword in BATCH_SHAPE_KEYWORDS:
            return (None, value)
    return value


def render(piece: Slice, statements: list[cst.BaseStatement], values: dict[str, object],
           input_width: int | None, numbers: list[int]) -> str:
    """The script: hole bindings (`numbers` the placeholders), defaults, the slice, the printing ending;
    translated to Keras 3."""
    bindings = [f"{hole.variable} = {hole_value(hole, number, values)!r}"
                for hole, number in zip(piece.holes.values(), numbers, strict=True)]
    module_part = statements[:len(piece.module_statements)]
    scope_part = statements[len(piece.module_statements):]
    defaults = [f"{name} = {code(default)}" for name, default in piece.defaults.items()]
    layout = [f"import keras\nkeras.config.set_image_data_format({piece.data_format!r})"] if piece.data_format else []
    text = "\n".join([*layout, cst.Module(body=module_part).code, *bindings, *defaults, cst.Module(body=scope_part).code,
                      EPILOGUE.format(target=piece.site.target, input_width=input_width, mark=MARK)])
    return translate(text)


def translate(text: str) -> str:
    """The codemod's Keras 1/2 -> 3 rules over the script (its own text if none applies or it will not parse)."""
    rules = [rule for rule in all_rules() if rule.NAME in TRANSLATIONS]
    result = rewrite_source(text.encode(), "slice.py", rules)
    return result.rewritten.decode() if result.rewritten is not None else text


def unsolvable(piece: Slice, values: dict[str, object]) -> list[Hole]:
    """Holes no weight shape can tell (an activation, a rate) and nobody gave."""
    return [hole for hole in piece.holes.values() if hole.keyword not in NUMERIC_KEYWORDS
            and hole.text not in values and hole.variable not in values]
