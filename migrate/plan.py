"""`plan`: a legacy file in, its template out: what convert rebuilds, inspect describes and the zoo's
dry run predicts, decided in this one place from h5py reads alone (no Keras).

A whole-model file carries its architecture: the graph is built and every multi_gpu_model level
peeled off. A weights-only file carries none: its template comes from the architecture given (a
`to_json()` file, a whole-model `.h5` or a Keras 3 `.keras`) or `<stem>.json` beside it, and its
wrapper levels are read off the shape of its weight groups.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from migrate.errors import MigrateError
from migrate.graph import Graph, build_graph
from migrate.graph.pinned import pin_input_shapes
from migrate.read import LegacyFile, read_model_file
from migrate.read.architecture import is_tf_keras_config, read_architecture, sidecar_architecture
from migrate.recover import RecoverOptions, Recovery, recover
from migrate.unwrap import LambdaInfo, classify_lambdas, unwrap
from migrate.unwrap.weights_only import weights_layout

NO_ARCHITECTURE = ("weights-only file: it holds no architecture and none found beside it fits it; pass the code that "
                   "trained it with --from-code, or the template's JSON, .h5 or .keras with --architecture (in a zoo, "
                   "a from_code or architecture entry in migrate.toml works too)")


@dataclass(frozen=True)
class TemplatePlan:
    """What a file holds and what conversion will rebuild.

    `graph` is the whole model as saved (None for weights-only files); `template` is the model inside
    every wrapper level (None when a weights-only file has no architecture at hand); `weights_group`
    is the file's group holding the template's weights when they sit in one nested group (a wrapper),
    None when they sit one group per layer; `replicas` is per wrapper level, outermost first (empty
    where a weights-only wrapper's count needs an architecture); `output_names` are the outermost
    model's output layers, which the training config keys its losses by.
    """

    file: LegacyFile
    graph: Graph | None
    template: Graph | None
    weights_group: str | None
    depth: int
    replicas: tuple[int, ...]
    output_names: tuple[str, ...]
    lambdas: tuple[LambdaInfo, ...]
    architecture_source: Path | None
    recovery: Recovery | None = None  # how a weights-only file's architecture was recovered (recover/)

    @property
    def params(self) -> int:
        """Weight elements of the template: its replica group for a wrapper, every group for a plain model."""
        group = self.weights_group
        groups = [self.file.layer_weights.get(group, ())] if group else list(self.file.layer_weights.values())
        return sum(weight.size for weights in groups for weight in weights)

    def require_template(self) -> Graph:
        """The template, or the error that says which architecture to give."""
        if self.template is None:
            raise MigrateError(NO_ARCHITECTURE, path=self.file.path)
        return self.template


def plan_path(path: str | Path, architecture: str | Path | None = None,
              recovering: RecoverOptions | None = None, file: LegacyFile | None = None) -> TemplatePlan:
    """Read `path` (any container, told by its content; `file` when the caller already read it) and plan it;
    every error names the file."""
    try:
        return plan(file or read_model_file(path), architecture, recovering)
    except MigrateError as exc:
        raise exc.at(str(path)) from None


def plan(file: LegacyFile, architecture: str | Path | None = None,
         recovering: RecoverOptions | None = None) -> TemplatePlan:
    """The template of a read file; `architecture` and `recovering` (where to look for one: a tree to pair
    in, training code) are used by weights-only files only."""
    if file.format == "model":
        return _plan_model(file)
    return _plan_weights(file, architecture, recovering)


def _plan_model(file: LegacyFile) -> TemplatePlan:
    graph = build_graph(file.model_config, tf_keras=file.is_tf_keras)
    unwrapped = unwrap(graph)
    if unwrapped.weights_group is None:
        pin_input_shapes(unwrapped.template, file.layer_weights)
    return TemplatePlan(
        file=file, graph=graph, template=unwrapped.template, weights_group=unwrapped.weights_group,
        depth=unwrapped.depth, replicas=tuple(unwrapped.replicas),
        output_names=tuple(ref.layer for ref in graph.outputs),
        lambdas=tuple(classify_lambdas(graph, set(unwrapped.slicer_paths))), architecture_source=None,
    )


def _plan_weights(file: LegacyFile, architecture: str | Path | None, recovering: RecoverOptions | None) -> TemplatePlan:
    file, template, source = architecture_template(file, architecture)
    recovery = None
    if template is None and recovering is not None:
        recovery = recover(file, recovering)
        if recovery is not None:
            file = _versioned(file, recovery.config)
            template, source = _template_of(file, recovery.config, recovery.path), recovery.path
    layout = weights_layout(file, template)
    return TemplatePlan(
        file=file, graph=None, template=template, weights_group=layout.weights_group, depth=layout.depth,
        replicas=layout.replicas, output_names=tuple(ref.layer for ref in template.outputs) if template else (),
        lambdas=(), architecture_source=source, recovery=recovery,
    )


def _versioned(file: LegacyFile, config: dict[str, Any]) -> LegacyFile:
    """A checkpoint that does not say which Keras wrote it (Keras 1's save_weights) takes the version its
    paired architecture states: the translation tables go by it."""
    version = config.get("keras_version")
    if file.keras_version is None and isinstance(version, str):
        return replace(file, keras_version=version)
    return file


def _template_of(file: LegacyFile, config: dict[str, Any], source: Path) -> Graph:
    """The template inside a recovered architecture; errors name the file and where the architecture came from."""
    try:
        graph = build_graph(config, tf_keras=file.is_tf_keras or is_tf_keras_config(config))
    except MigrateError as exc:
        raise type(exc)(f"its architecture from {source}: {exc.message}", path=file.path, layer=exc.layer) from None
    return unwrap(graph).template


def architecture_template(file: LegacyFile, architecture: str | Path | None,
                          ) -> tuple[LegacyFile, Graph | None, Path | None]:
    """A weights-only file's template, from the architecture given or `<stem>.json` beside it, and
    where it came from; (None, None) when there is none. The file comes back dated by the architecture's
    Keras version when it states none itself (Keras 1's save_weights). Errors name the weights file and the
    architecture, since either may be the one at fault."""
    source = Path(architecture) if architecture else sidecar_architecture(file.path)
    if source is None:
        return file, None, None
    try:
        config = read_architecture(source)
        graph = build_graph(config, tf_keras=file.is_tf_keras or is_tf_keras_config(config))
    except MigrateError as exc:
        raise type(exc)(f"its architecture {source}: {exc.message}", path=file.path, layer=exc.layer) from None
    return _versioned(file, config), unwrap(graph).template, source
