"""Where Keras 3 means something else by the same config, fix the weights so outputs stay the same.

- `hard_sigmoid`: Keras 2 (and Theano) defined it as clip(0.2x + 0.5, 0, 1); Keras 3 as
  clip(x/6 + 0.5, 0, 1). Feeding 1.2x to Keras 3's gives Keras 2's exactly, so wherever hard_sigmoid
  follows an affine map stored in the weights (a Dense or Conv activation, a recurrent gate), the
  weights feeding it are scaled by 1.2 and the saved model needs nothing of ours to load.
- Theano convolution kernels are stored flipped: Keras 2 flipped them back on load when the backend
  changed (`conv_utils.convert_kernel`), so do we. (Depthwise and separable kernels are not: Keras's
  Theano backend flipped them itself before Theano flipped them again.)
- Theano's `padding='same'` is not TensorFlow's: Keras's Theano backend padded keff // 2 zeros on both
  sides ('half') and kept the first ceil(n / stride) outputs, TensorFlow pads (k - s) // 2 before. They
  agree for odd kernels at stride 1 only; elsewhere the layer is rebuilt 'valid' and rebuild pads and
  crops its input and output as Theano did (`TheanoSame`). Keras 2.3.1's loader did not; measured on
  files written by Keras 2.3.1 + Theano 1.0.5 (tests/convert/theano_samples/).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from migrate.errors import UnsupportedModelError
from migrate.translate.fixes import WeightFix

HARD_SIGMOID_SCALE = 1.2
AFFINE_CLASSES = {"Dense", "Conv1D", "Conv2D", "Conv3D", "SeparableConv1D", "SeparableConv2D", "Conv2DTranspose",
                  "DepthwiseConv2D"}
GATED = {"LSTM": "lstm_gates", "ConvLSTM2D": "lstm_gates", "ConvLSTM1D": "lstm_gates", "GRU": "gru_gates"}
THEANO_FLIPPED = {"Conv1D", "Conv2D", "Conv3D", "Conv2DTranspose", "ConvLSTM2D"}
# classes whose 'same' padding Keras's Theano backend computed as 'half' (+ crop), and transposed ones
THEANO_HALF_PADDED = {"Conv1D", "Conv2D", "Conv3D", "SeparableConv1D", "SeparableConv2D", "DepthwiseConv2D"}
THEANO_HALF_TRANSPOSED = {"Conv2DTranspose"}


@dataclass(frozen=True)
class TheanoSame:
    """How Theano computed one layer's 'same' padding, per spatial axis: the layer runs 'valid' between
    a zero padding of its input and a crop of its output. `transposed`: a Conv2DTranspose (crop only)."""

    kernel: tuple[int, ...]  # effective (dilated) kernel sizes
    strides: tuple[int, ...]
    channels_first: bool
    transposed: bool

    def pads(self) -> tuple[tuple[int, int], ...]:
        """Zeros before and after each spatial axis of the input ('half': keff // 2 on both sides)."""
        return tuple((0, 0) if self.transposed else (k // 2, k // 2) for k in self.kernel)

    def crops(self, sizes: tuple[int | None, ...]) -> tuple[tuple[int, int], ...] | None:
        """Outputs to drop before and after on each axis, given the input's spatial sizes; None when a
        crop depends on a size that is not known."""
        crops = []
        for k, s, n in zip(self.kernel, self.strides, sizes, strict=True):
            if self.transposed:  # Theano kept the N = n * s outputs after keff // 2 of the full k + (n - 1) s
                crops.append((k // 2, k - s - k // 2))
            elif k % 2:
                crops.append((0, 0))  # floor((n - 1) / s) + 1 == ceil(n / s): nothing to drop
            elif n is None and s > 1:
                return None  # one output more or not, as s divides n or not
            elif n is None:
                crops.append((0, 1))
            else:
                crops.append((0, (n // s + 1) - (n + s - 1) // s))
        return tuple(crops)


def translate(layer: Any, source: Any, name: str) -> None:
    """Record the weight fixes these semantic changes need; refuse where no weight fix exists."""
    config = layer.config
    if config.get("activation") == "hard_sigmoid":
        if layer.class_name not in AFFINE_CLASSES:
            raise UnsupportedModelError(
                "activation='hard_sigmoid' (Keras 2: clip(0.2x+0.5)) outside an affine layer cannot be kept exact",
                layer=name)
        layer.weight_fixes.append(WeightFix("hard_sigmoid_affine"))
        layer.notes.append(f"{name}: hard_sigmoid kept exact (kernel and bias scaled by 1.2)")
    if layer.class_name in GATED and config.get("recurrent_activation") == "hard_sigmoid":
        layer.weight_fixes.append(WeightFix(GATED[layer.class_name]))
        layer.notes.append(f"{name}: recurrent hard_sigmoid kept exact (gate weights scaled by 1.2)")
    if layer.class_name == "Activation" and config.get("activation") == "hard_sigmoid":
        raise UnsupportedModelError("a standalone Activation('hard_sigmoid') cannot be kept exact", layer=name)
    if source.theano and layer.class_name == "ConvLSTM2D":
        _theano_conv_lstm(config, name)
    if source.theano and config.get("padding") == "same":
        _theano_same(layer, name)
    if source.theano and layer.class_name in THEANO_FLIPPED:
        layer.weight_fixes.append(WeightFix("theano_flip"))
        layer.notes.append(f"{name}: Theano kernel flipped to TensorFlow's convention")


def _theano_same(layer: Any, name: str) -> None:
    """Record Theano's 'same' padding where it differs from TensorFlow's: even kernels, or strides > 1."""
    transposed = layer.class_name in THEANO_HALF_TRANSPOSED
    if layer.class_name not in THEANO_HALF_PADDED and not transposed:
        return
    config = layer.config
    kernel = _per_axis(config.get("kernel_size"), 1)
    strides = _per_axis(config.get("strides", 1), len(kernel or ()))
    dilation = _per_axis(config.get("dilation_rate", 1), len(kernel or ()))
    if not kernel or strides is None or dilation is None or not len(strides) == len(dilation) == len(kernel):
        raise UnsupportedModelError("a Theano convolution with padding='same' whose kernel, strides or dilation "
                                    "cannot be read", layer=name)
    effective = tuple((k - 1) * d + 1 for k, d in zip(kernel, dilation, strict=True))
    if all(k % 2 for k in effective) and all(s == 1 for s in strides):
        return  # odd kernels at stride 1: Theano's 'half' is TensorFlow's 'same'
    if transposed and (any(k % 2 == 0 or k < s + k // 2 for k, s in zip(effective, strides, strict=True))
                       or config.get("output_padding") is not None):
        raise UnsupportedModelError("a Theano Conv2DTranspose with padding='same' and this kernel, stride or "
                                    "output_padding has no exact Keras 3 form", layer=name)
    channels_first = config.get("data_format") == "channels_first"
    if channels_first and len(kernel) == 1:
        raise UnsupportedModelError("a Theano channels_first 1D convolution with padding='same' and an even "
                                    "kernel or a stride has no exact Keras 3 form", layer=name)
    config["padding"] = "valid"
    layer.call_padding = TheanoSame(effective, strides, channels_first, transposed)
    layer.notes.append(f"{name}: Theano's padding='same' kept exact (explicit zero padding and crop around a "
                       "'valid' layer: Theano aligned it differently from TensorFlow)")


def _theano_conv_lstm(config: dict[str, Any], name: str) -> None:
    """A ConvLSTM2D's recurrent convolution is always 'same': Theano's differs for an even kernel, and its
    input convolution's for a stride; no single Keras 3 layer can be padded around inside its loop."""
    kernel = _per_axis(config.get("kernel_size"), 2) or ()
    strides = _per_axis(config.get("strides", 1), 2) or ()
    if any(k % 2 == 0 for k in kernel) or (config.get("padding") == "same" and any(s > 1 for s in strides)):
        raise UnsupportedModelError("a Theano ConvLSTM2D with an even kernel (or padding='same' and a stride) "
                                    "was padded as Theano pads, which Keras 3's ConvLSTM2D cannot say", layer=name)


def _per_axis(value: Any, axes: int) -> tuple[int, ...] | None:
    """A per-axis size as a tuple (an int stands for every one of `axes` axes); None when not sizes."""
    values = tuple(value) if isinstance(value, (list, tuple)) else (value,) * axes
    return values if all(isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in values) else None
