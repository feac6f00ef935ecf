"""channels_first convolutions, run channels_last between two Permutes, so a converted model runs everywhere.

TensorFlow's own CPU kernels refuse NCHW convolutions ("UnimplementedError ... convolution"): only oneDNN,
which TensorFlow turns on by itself on AVX-512-class CPUs alone, runs them. A Theano-era model converted
as written would run on one machine and fail on the next. Each channels_first convolution is rebuilt as
its channels_last twin, called between a Permute that moves the channel axis last and one that moves it
back: the tensors between layers keep the legacy layout, so Flatten -> Dense weight order, BatchNormalization
axes, pooling, padding, cropping and upsampling (which every backend runs channels_first) are untouched,
and callers pass the same arrays. A convolution's kernel is stored (spatial..., in, out) in either layout,
so the weights move unchanged. The Permutes are stock Keras layers: the file needs nothing of migrate's.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import keras

from migrate.rebuild.naming import unique_name
from migrate.translate import TranslatedLayer

# Layer class -> spatial rank. Measured with TF_ENABLE_ONEDNN_OPTS=0 on Keras 3.15 / TensorFlow 2.21:
# these raise on channels_first inputs; pooling, padding, cropping, upsampling, depthwise and separable
# convolutions run (Keras transposes around them itself). All convolutions are listed: the cost is two
# transposes, and no backend's kernel choice is left to decide whether a converted model runs.
CONVOLUTIONS = {
    "Conv1D": 1, "Conv2D": 2, "Conv3D": 3,
    "Conv1DTranspose": 1, "Conv2DTranspose": 2, "Conv3DTranspose": 3,
    "SeparableConv1D": 1, "SeparableConv2D": 2, "DepthwiseConv1D": 1, "DepthwiseConv2D": 2,
    "ConvLSTM1D": 1, "ConvLSTM2D": 2, "ConvLSTM3D": 3,
}
NOTE = "channels_first convolution run as channels_last between two Permutes (runs on every backend and CPU)"
WRAPPERS = ("TimeDistributed", "Bidirectional")
# Keras 2's Bidirectional merges, applied in the legacy layout (its concat joins the last axis, whatever it is)
MERGES = {"concat": lambda name: keras.layers.Concatenate(axis=-1, name=name), "sum": keras.layers.Add,
          "mul": keras.layers.Multiply, "ave": keras.layers.Average}


@dataclass(frozen=True)
class Twin:
    """The channels_last form of a layer, its convolution's spatial rank, and, for a Bidirectional, the legacy
    merge done after both directions are back in the legacy layout (the twin itself returns both)."""

    layer: TranslatedLayer
    spatial: int
    merge: str | None = None


def channels_last_twin(translated: TranslatedLayer) -> Twin | None:
    """The channels_last twin of a channels_first convolution, bare or inside TimeDistributed or Bidirectional;
    None for every other layer."""
    config = translated.config
    if translated.class_name in WRAPPERS:
        return _wrapper_twin(translated)
    if translated.class_name not in CONVOLUTIONS or config.get("data_format") != "channels_first":
        return None
    return Twin(replace(translated, config={**config, "data_format": "channels_last"}), CONVOLUTIONS[translated.class_name])


def _wrapper_twin(translated: TranslatedLayer) -> Twin | None:
    """A wrapper of a channels_first convolution, its inner layers made channels_last. A Bidirectional's merge
    moves out of it (merge_mode None), since concatenating the last axis means another axis once permuted;
    one returning states is left as written (its states would need moving too)."""
    config = dict(translated.config)
    inner = config.get("layer")
    if not isinstance(inner, dict) or inner.get("class_name") not in CONVOLUTIONS:
        return None
    if (inner.get("config") or {}).get("data_format") != "channels_first" or (inner["config"].get("return_state")):
        return None
    for key in ("layer", "backward_layer"):
        if isinstance(config.get(key), dict):
            config[key] = {**config[key], "config": {**config[key]["config"], "data_format": "channels_last"}}
    merge = None
    if translated.class_name == "Bidirectional":
        merge = config.get("merge_mode", "concat") or "none"
        config["merge_mode"] = None
    return Twin(replace(translated, config=config), CONVOLUTIONS[inner["class_name"]], merge)


class ChannelsLastCall:
    """What a channels_first convolution's calls call: Permute to channels_last, the layer, Permute back."""

    def __init__(self, layer: Any, twin: Twin, taken: set[str]) -> None:
        self.layer = layer  # the twin's Keras layer, or a strides.SubsampledCall around it
        self.spatial = twin.spatial
        self.merge = twin.merge
        self.taken = taken  # every layer name in the model so far: the Permutes' names avoid them

    def __call__(self, tensor: Any, **kwargs: Any) -> Any:
        moved = self._permute(tensor, to_last=True)(tensor)
        result = self.layer(moved, **kwargs)
        if not isinstance(result, (list, tuple)):
            return self._permute(result, to_last=False)(result)
        back = [self._permute(r, to_last=False)(r) for r in result]  # a ConvLSTM's states, a Bidirectional's halves
        if self.merge is None or self.merge == "none":
            return back
        return MERGES[self.merge](name=unique_name(f"{self.layer.name}_merge", self.taken))(back)

    def _permute(self, tensor: Any, to_last: bool) -> keras.layers.Permute:
        """The Permute moving the channel axis (just before the spatial ones) last, or back from last."""
        rank = len(tensor.shape)
        channel = rank - self.spatial - 1 if to_last else rank - 1
        axes = [axis for axis in range(1, rank) if axis != channel]
        axes.insert(len(axes) if to_last else rank - self.spatial - 2, channel)
        return keras.layers.Permute(tuple(axes), name=unique_name(
            f"{self.layer.name}_{'to_channels_last' if to_last else 'to_channels_first'}", self.taken))
