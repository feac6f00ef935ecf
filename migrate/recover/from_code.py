"""Recover an architecture from training code: rank the construction slices under a path by how like the
checkpoint their layers are, run the best in a child process, solve the holes from the weight shapes (or
the code that passes them, or `--set`), and keep the model whose weights fit the checkpoint's."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import libcst as cst
from libcst.metadata import MetadataWrapper, PositionProvider

from migrate.errors import RecoveryError
from migrate.recover import Recovery
from migrate.recover.checkpoint import Checkpoint, fits, kind_of
from migrate.recover.resolve import NOT_FOUND, called_value, literal, module_literals, module_shapes, resolve_hole
from migrate.recover.run import run_slice
from migrate.recover.script import fill_holes, placeholders, render, unsolvable
from migrate.recover.slicing import Slice, find_sites, layer_kinds, slice_site
from migrate.recover.solve import align, legacy_config, renamed, shapes_agree, solved_values
from migrate.recover.sources import CodeUnit, code_units

MAX_TRIES = 3  # builders run, best-ranked first, before giving up
MIN_LIKENESS = 0.5  # a builder whose layer kinds resemble the checkpoint's less than this is not tried


def recover_from_code(checkpoint: Checkpoint, root: Path, values: dict[str, object]) -> Recovery:
    """Try the builders under `root` most like the checkpoint first; the first whose model fits wins."""
    units = code_units(root)
    ranked = ranked_slices(checkpoint, units)
    if not ranked:
        raise RecoveryError(f"no code under {root} builds a model like this checkpoint "
                            "(no Sequential or Model whose layers resemble its weight groups)")
    literals = module_literals(units)
    errors = []
    for piece in ranked[:MAX_TRIES]:
        try:
            found = {**values_from_code(piece, units, literals), **input_shape_from_code(piece, checkpoint, literals)}
            return recover_called(piece, checkpoint, {**found, **values}, called_defaults(piece, units, literals))
        except RecoveryError as exc:
            errors.append(f"{_where(piece)}: {exc.message}")
    raise RecoveryError("; ".join(errors[:2]))


def ranked_slices(checkpoint: Checkpoint, units: list[CodeUnit]) -> list[Slice]:
    """Every construction slice of the code, the one whose layer kinds best match the checkpoint's first."""
    theirs = [kind_of(name) for name, _ in checkpoint.layers if kind_of(name) != "input_layer"]
    scored = []
    for unit in units:
        for site in find_sites(unit):
            piece = slice_site(site)
            mine = layer_kinds([*piece.module_statements, *piece.statements])
            mine = [kind for kind in mine if kind != "input_layer"]
            likeness = kinds_likeness(theirs, mine)
            if likeness >= MIN_LIKENESS:
                scored.append((-likeness, len(scored), piece))
    return [piece for *_, piece in sorted(scored, key=lambda item: item[:2])]


def values_from_code(piece: Slice, units: list[CodeUnit], literals: dict[str, object]) -> dict[str, object]:
    """The holes no weight shape holds (an activation), each as the literal the code passes in, where it does."""
    fill_holes(piece)
    found = {}
    for hole in unsolvable(piece, {}):
        value = resolve_hole(hole, piece.site, units, literals)
        if value is not NOT_FOUND:
            found[hole.text] = value
    return found


def called_defaults(piece: Slice, units: list[CodeUnit], literals: dict[str, object]) -> dict[str, cst.BaseExpression]:
    """A builder's defaults replaced by the literal its calls in the tree pass instead
    (`create_model(hidden_layers=1)` of a `def create_model(hidden_layers=10)` that loops that many times)."""
    if not piece.site.functions:
        return {}
    passed = {}
    for name, default in piece.defaults.items():
        value = called_value(piece.site.functions[-1], name, units, literals)
        if value is not NOT_FOUND and literal(default) != value:
            passed[name] = cst.parse_expression(repr(value))
    return passed


def recover_called(piece: Slice, checkpoint: Checkpoint, values: dict[str, object],
                   passed: dict[str, cst.BaseExpression]) -> Recovery:
    """The builder as its callers call it first, then with its own defaults (a call may build another model)."""
    if passed:
        defaults = piece.defaults
        piece.defaults = {**defaults, **passed}
        try:
            return recover_slice(piece, checkpoint, values)
        except RecoveryError:
            piece.defaults = defaults
    return recover_slice(piece, checkpoint, values)


def input_shape_from_code(piece: Slice, checkpoint: Checkpoint, literals: dict[str, object]) -> dict[str, object]:
    """An image model's input shape, which no placeholder width can stand for (its rows and columns reach
    the first Dense only through the convolutions): the module-level tuple the code binds it to, among the
    branches (`if K.image_dim_ordering() == 'th'`) the one whose channels, last, are the first kernel's
    input channels (Keras 3 is channels-last unless the script set otherwise)."""
    kernel = checkpoint.holding[0][1][0] if checkpoint.holding and checkpoint.holding[0][1] else ()
    if len(kernel) < 3 or piece.data_format == "channels_first":
        return {}
    found = {}
    for hole in piece.holes.values():
        if hole.keyword != "input_shape" or "." in hole.text:
            continue
        fitting = [shape for shape in module_shapes(hole.text, piece.site, literals)
                   if len(shape) == len(kernel) - 1 and shape[-1] == kernel[-2]]
        if len(fitting) == 1:
            found[hole.text] = fitting[0]
    return found


def kinds_likeness(theirs: list[str], mine: list[str]) -> float:
    """How alike two models' layer kinds are, as multisets (a checkpoint lists layers by depth, code makes
    them in its own order): 1.0 when the same kinds occur the same number of times."""
    shared = sum((Counter(theirs) & Counter(mine)).values())
    return shared / max(len(theirs), len(mine), 1)


def recover_slice(piece: Slice, checkpoint: Checkpoint, values: dict[str, object]) -> Recovery:
    """Run one slice (twice when holes need solving) and keep its model if its weights fit the checkpoint."""
    statements = fill_holes(piece)
    missing = unsolvable(piece, values)
    if missing:
        raise RecoveryError(_set_hint(missing[0].text, "no weight shape tells it"))
    width = _input_width(checkpoint)
    numbers = placeholders(len(piece.holes), {dim for _, shapes in checkpoint.layers for shape in shapes for dim in shape})
    built = run_slice(render(piece, statements, values, width, numbers))
    given = {hole.text for hole in piece.holes.values() if hole.text in values or hole.variable in values}
    open_holes = {number: hole.text for hole, number in zip(piece.holes.values(), numbers, strict=True)
                  if hole.text not in given}
    mapping = align(checkpoint, built["layers"])
    if mapping is None:
        raise RecoveryError("its model's layers do not line up with the checkpoint's groups")
    if open_holes:
        solved = solved_values(checkpoint, built["layers"], mapping, open_holes)
        unsolved = [text for text in open_holes.values() if text not in solved]
        if unsolved:
            raise RecoveryError(_set_hint(unsolved[0], "no weight shape of the checkpoint holds it"))
        values = {**values, **solved}
        built = run_slice(render(piece, statements, values, width, numbers))
        mapping = align(checkpoint, built["layers"])
    if mapping is None or not shapes_agree(checkpoint, built["layers"], mapping):
        raise RecoveryError("its model's weight shapes differ from the checkpoint's")
    config = legacy_config(renamed(built["config"], mapping))
    if not fits(config, checkpoint):
        raise RecoveryError("its model's layers do not fit the checkpoint's names and widths")
    used = tuple((hole.text, values[hole.text]) for hole in piece.holes.values() if hole.text in values)
    if built.get("built_with_input_width"):  # a Sequential never given an input shape: the first kernel's rows
        used += (("input width", built["built_with_input_width"]),)
    return Recovery(config, "code", piece.site.unit.path, line_range(piece), used)


def _set_hint(text: str, why: str) -> str:
    return f"cannot solve the value {text!r} ({why}); pass --set '{text}=VALUE'"


def _input_width(checkpoint: Checkpoint) -> int | None:
    """The input width an unbuilt model is built with: the first kernel's rows, when it is a matrix."""
    first = checkpoint.holding[0][1][0] if checkpoint.holding and checkpoint.holding[0][1] else ()
    return first[0] if len(first) == 2 else None


def line_range(piece: Slice) -> tuple[int, int] | None:
    """The builder's lines in its file: the enclosing function, or the slice's span at module level."""
    site = piece.site
    node = site.functions[0] if site.functions else None
    wrapper = MetadataWrapper(site.unit.module, unsafe_skip_copy=True)
    positions = wrapper.resolve(PositionProvider)
    offset = site.unit.first_line - 1
    if node is not None and node in positions:
        return positions[node].start.line + offset, positions[node].end.line + offset
    creation = site.body[site.index]
    after = piece.statements[piece.statements.index(creation):] if creation in piece.statements else []
    spans = [positions[statement] for statement in after if statement in positions]
    if not spans:
        return None
    piece_lines = [p.start.line for p in spans] + [p.end.line for p in spans]
    return min(piece_lines) + offset, max(piece_lines) + offset


def _where(piece: Slice) -> str:
    lines = line_range(piece)
    return f"{piece.site.unit.path}:{lines[0]}" if lines else str(piece.site.unit.path)
