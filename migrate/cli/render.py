"""Human output for `inspect`: one rich tree per file, errors as one red line each."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.tree import Tree

from migrate.cli.console import console as stdout_console
from migrate.diagnosis import FileReport
from migrate.errors import one_line

VERDICT_TEXT = {
    "loads": "[green]loads in stock Keras 3 and reproduces its outputs[/]",
    "wrong": "[yellow]loads in stock Keras 3, but its outputs will differ[/]",
    "fails": "[red]stock Keras 3 cannot load or run it[/]",
}


def render_reports(reports: list[tuple[Any, Any]], console: Console | None = None) -> None:
    """Trees on stdout; each failure as one unwrapped `error <file>: <problem>` line on stderr."""
    console = console or stdout_console()
    errors = stdout_console(stderr=True)
    for _, report in reports:
        if isinstance(report, FileReport):
            console.print(report_tree(report))
        else:
            errors.print(f"[red]error[/] {escape(one_line(report))}")


def report_tree(report: FileReport) -> Tree:
    version = f"Keras {report.keras_version or '?'}" + (f" ({report.backend})" if report.backend else "")
    tree = Tree(f"[bold]{report.path}[/]  {version}, {'whole model' if report.format == 'model' else 'weights only'}")
    _wrapper(tree, report)
    _template(tree, report)
    tree.add(f"weights: {report.weights_count} tensors, {_bytes(report.weights_bytes)}")
    if report.training:
        _training(tree, report)
    if report.format == "model":
        tree.add(f"optimizer state: {report.optimizer_state} tensors" if report.optimizer_state else "optimizer state: none")
    _lambdas(tree, report)
    verdict = tree.add(f"Keras 3: {VERDICT_TEXT[report.keras3_verdict]}")
    for problem in report.problems:
        verdict.add(escape(problem))
    for note in report.notes:
        tree.add(f"[dim]note: {escape(note)}[/]")
    return tree


def _wrapper(tree: Tree, report: FileReport) -> None:
    if report.wrapper_depth == 0:
        tree.add("wrapper: none (a plain model)")
        return
    node = tree.add(f"wrapper: multi_gpu_model, {report.wrapper_depth} level(s)")
    for depth, replicas in enumerate(report.replicas, start=1):
        node = node.add(f"level {depth}: {replicas} replicas")
    if not report.replicas:
        node.add("replicas: unknown without the template's architecture")


def _template(tree: Tree, report: FileReport) -> None:
    template = report.template
    if template is None:
        tree.add("template: unknown (no architecture)")
        return
    node = tree.add(f"template [bold]{template.name}[/] ({template.class_name}): "
                    f"{template.layers} layers, {template.params:,} parameters")
    if report.architecture_recovered:
        node.add(escape(report.architecture_recovered))
    for spec in template.inputs:
        node.add(f"input  {spec.name}: {_shape(spec.shape)} {spec.dtype or ''}".rstrip())
    for spec in template.outputs:
        node.add(f"output {spec.name}: {_shape(spec.shape)}")


def _training(tree: Tree, report: FileReport) -> None:
    training = report.training
    settings = ", ".join(f"{k}={_number(v)}" for k, v in training.optimizer_config.items() if k != "name")
    node = tree.add(f"training: {training.optimizer or '?'}({settings})")
    node.add(f"loss: {training.loss}")
    if training.metrics:
        node.add(f"metrics: {training.metrics}")
    if training.loss_weights:
        node.add(f"loss weights: {training.loss_weights}")


def _lambdas(tree: Tree, report: FileReport) -> None:
    if not report.lambdas:
        return
    slicers = [entry for entry in report.lambdas if entry["kind"] == "multi_gpu_slice"]
    users = [entry for entry in report.lambdas if entry["kind"] == "user"]
    node = tree.add(f"Lambdas: {len(slicers)} multi-GPU slicer(s), {len(users)} user Lambda(s) [dim](never run)[/]")
    for entry in users:
        user = node.add(f"user Lambda '{entry['layer']}' ({entry['function'] or 'anonymous'}), "
                        f"Python {entry['bytecode_python'] or '?'} bytecode")
        if entry.get("source"):
            user.add(f"reads as: {escape(entry['source'])}")
        if entry.get("lifts"):
            forms = ", ".join(entry["lifts_to"]) if entry.get("lifts_to") else "built-in layers (decided by its shapes)"
            user.add(f"lifts to: {escape(forms)}")
        elif entry.get("not_lifted_because"):
            user.add(f"not liftable: {escape(entry['not_lifted_because'])}")


def _shape(shape: list[int | None] | None) -> str:
    if shape is None:
        return "?"
    return "(" + ", ".join("None" if d is None else str(d) for d in shape) + ")"


def _number(value: Any) -> str:
    return f"{value:.6g}" if isinstance(value, float) else str(value)


def _bytes(count: int) -> str:
    for unit in ("B", "KiB", "MiB", "GiB"):
        if count < 1024 or unit == "GiB":
            return f"{count:.0f} {unit}" if unit == "B" else f"{count:.1f} {unit}"
        count /= 1024
    return str(count)
