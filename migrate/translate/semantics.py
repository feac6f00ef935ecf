"""Where Keras 3 means something else by the same config, fix the weights so outputs stay the same.

- `hard_sigmoid`: Keras 2 (and Theano) defined it as clip(0.2x + 0.5, 0, 1); Keras 3 as
  clip(x/6 + 0.5, 0, 1). Feeding 1.2x to Keras 3's gives Keras 2's exactly, so wherever hard_sigmoid
  follows an affine map stored in the weights (a Dense or Conv activation, a recurrent gate), the
  weights feeding it are scaled by 1.2 and the saved model needs nothing of ours to load.
- Theano convolution kernels are stored flipped: Keras 2 flipped them back on load when the backend
  changed (`conv_utils.convert_kernel`), so do we.
"""

from __future__ import annotations

from typing import Any

from migrate.errors import UnsupportedModelError
from migrate.translate.fixes import WeightFix

HARD_SIGMOID_SCALE = 1.2
AFFINE_CLASSES = {"Dense", "Conv1D", "Conv2D", "Conv3D", "SeparableConv1D", "SeparableConv2D", "Conv2DTranspose",
                  "DepthwiseConv2D"}
GATED = {"LSTM": "lstm_gates", "ConvLSTM2D": "lstm_gates", "ConvLSTM1D": "lstm_gates", "GRU": "gru_gates"}
THEANO_FLIPPED = {"Conv1D", "Conv2D", "Conv3D", "Conv2DTranspose", "ConvLSTM2D"}


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
    if source.theano and layer.class_name in THEANO_FLIPPED:
        layer.weight_fixes.append(WeightFix("theano_flip"))
        layer.notes.append(f"{name}: Theano kernel flipped to TensorFlow's convention")
