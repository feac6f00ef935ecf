"""Depthwise and separable 2D convolutions with unequal strides, run at stride 1 and subsampled, so a converted
model runs on every CPU.

TensorFlow's depthwise kernel (DepthwiseConv2dNative, under both DepthwiseConv2D and SeparableConv2D) refuses
strides that differ between rows and columns ("Current implementation only supports equal length strides"):
only oneDNN, on by itself on AVX-512-class CPUs alone, runs them. Legacy TensorFlow refused them as well, so they
come from Theano files (Keras's Theano backend ran them; `theano_conv2d_strided_same.h5`) and from tf.keras files
written where oneDNN was on. Such a layer is rebuilt at stride 1 and 'valid', after a ZeroPadding2D of exactly
the zeros its 'same' padding added at its strides, and followed by MaxPooling2D(pool_size=1, strides=its
strides): a window of one element is that element, so the pooling only keeps every s-th output. Each output kept
is the same sum of the same products as the strided layer's; bias, activation and a separable layer's pointwise
step act per position, so subsampling after them equals subsampling before. The weights are unchanged, and all
three are stock layers: the file needs nothing of migrate's. Dilated ones need none of this: Keras 3 itself runs
a dilated depthwise convolution at stride 1 and subsamples. Inside TimeDistributed (channels_last), the wrapper
keeps the stride-1 layer and the padding and the subsampling are each wrapped in a TimeDistributed of their own.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import keras

from migrate.rebuild.naming import unique_name
from migrate.translate import TranslatedLayer

STRIDED = ("DepthwiseConv2D", "SeparableConv2D")
NOTE = "unequal strides run as stride 1 then an exact subsampling (MaxPooling2D of size 1): runs on every CPU"
AS_WRITTEN = ("unequal strides kept as written: its 'same' padding depends on an input size this model leaves "
              "open, so TensorFlow runs it only where oneDNN is on (JAX, PyTorch and GPUs run it everywhere)")


@dataclass(frozen=True)
class Subsampled:
    """A depthwise or separable 2D convolution with unequal strides: its stride-1 'valid' form, and how the
    legacy layer padded and strode."""

    layer: TranslatedLayer  # strides (1, 1), padding 'valid'
    kernel: tuple[int, int]
    strides: tuple[int, int]
    same: bool  # the legacy layer padded 'same'
    channels_first: bool
    time_distributed: bool = False  # `layer` is a TimeDistributed around the stride-1 convolution

    def pads(self, sizes: tuple[int | None, ...]) -> tuple[tuple[int, int], ...] | None:
        """Zeros before and after each spatial axis that 'same' added at these strides (TensorFlow's rule: the
        output is ceil(n / s), the padding (out - 1) * s + k - n, the odd one after); None when it depends on a
        size that is not known."""
        if not self.same:
            return ((0, 0), (0, 0))
        pads = []
        for k, s, n in zip(self.kernel, self.strides, sizes, strict=True):
            if n is None and s > 1:
                return None
            total = k - 1 if n is None else max((-(-n // s) - 1) * s + k - n, 0)
            pads.append((total // 2, total - total // 2))
        return tuple(pads)


def stride_one_form(translated: TranslatedLayer) -> Subsampled | None:
    """The stride-1 form of a depthwise or separable 2D convolution whose strides differ; None for every other
    layer (equal strides, dilated, any other class). A TimeDistributed around one: the wrapper around its
    stride-1 form."""
    if translated.class_name == "TimeDistributed":
        return _time_distributed_form(translated)
    config = translated.config
    if translated.class_name not in STRIDED or config.get("padding", "valid") not in ("valid", "same"):
        return None
    kernel, strides = _pair(config.get("kernel_size")), _pair(config.get("strides", 1))
    if kernel is None or strides is None or strides[0] == strides[1] or _pair(config.get("dilation_rate", 1)) != (1, 1):
        return None
    stride_one = replace(translated, config={**config, "strides": (1, 1), "padding": "valid"})
    return Subsampled(stride_one, kernel, strides, config.get("padding") == "same",
                      config.get("data_format") == "channels_first")


def _time_distributed_form(translated: TranslatedLayer) -> Subsampled | None:
    """A TimeDistributed whose layer is such a convolution (channels_last: TensorFlow's CPU pooling refuses NCHW,
    so a channels_first one stays as written), as the wrapper around the stride-1 form."""
    inner = translated.config.get("layer")
    if not isinstance(inner, dict) or not isinstance(inner.get("config"), dict):
        return None
    form = stride_one_form(TranslatedLayer(inner.get("class_name", ""), inner["config"]))
    if form is None or form.channels_first:
        return None
    wrapper = replace(translated, config={**translated.config,
                                          "layer": {**inner, "config": form.layer.config}})
    return replace(form, layer=wrapper, time_distributed=True)


class SubsampledCall:
    """What such a layer's calls call: ZeroPadding2D (for 'same'), the layer at stride 1, MaxPooling2D of size 1."""

    def __init__(self, layer: keras.layers.Layer, form: Subsampled, label: str, notes: list[str],
                 taken: set[str]) -> None:
        self.layer = layer
        self.form = form
        self.label = label  # the layer's path in the model, as notes name it
        self.notes = notes  # the layer's translation notes: what its calls did is said there
        self.taken = taken  # every layer name in the model so far: the new layers' names avoid them

    @property
    def name(self) -> str:
        return self.layer.name

    def __call__(self, tensor: Any, **kwargs: Any) -> Any:
        data_format = "channels_first" if self.form.channels_first else "channels_last"
        shape = tensor.shape[1:] if self.form.time_distributed else tensor.shape  # each step is an image
        sizes = tuple(shape[2:] if self.form.channels_first else shape[1:-1])
        pads = self.form.pads(sizes)
        if pads is None:
            return self._as_written(tensor, **kwargs)
        if any(any(pair) for pair in pads):
            padding = self._stock(f"{self.layer.name}_same_padding", keras.layers.ZeroPadding2D, pads,
                                  data_format=data_format)
            tensor = padding(tensor)
        result = self.layer(tensor, **kwargs)
        self.notes.append(f"{self.label}: {NOTE}")
        subsample = self._stock(f"{self.layer.name}_subsample", keras.layers.MaxPooling2D, 1,
                                strides=self.form.strides, data_format=data_format)
        return subsample(result)

    def _stock(self, name: str, cls: type[keras.layers.Layer], *args: Any, **kwargs: Any) -> keras.layers.Layer:
        """A stock `cls` layer named `name` (unique in the model), inside a TimeDistributed of that name where the
        convolution is inside one."""
        name = unique_name(name, self.taken)
        if self.form.time_distributed:
            return keras.layers.TimeDistributed(cls(*args, **kwargs), name=name)
        return cls(*args, name=name, **kwargs)

    def _as_written(self, tensor: Any, **kwargs: Any) -> Any:
        """The layer with its legacy strides and padding put back before it is built (call() and get_config()
        read both from these attributes): never worse than stock Keras 3, and the notes say where it runs."""
        target = self.layer.layer if self.form.time_distributed else self.layer
        target.strides, target.padding = self.form.strides, "same"
        self.notes.append(f"{self.label}: {AS_WRITTEN}")
        return self.layer(tensor, **kwargs)


def _pair(value: Any) -> tuple[int, int] | None:
    """A 2D size as a pair (an int stands for both axes); None when it is not two positive ints."""
    values = tuple(value) if isinstance(value, (list, tuple)) else (value, value)
    if len(values) != 2 or not all(isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in values):
        return None
    return values  # type: ignore[return-value]
