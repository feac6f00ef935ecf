"""tf.keras 1.x / 2.x configs -> Keras 3: the quirks tf.keras added on top of Keras 2."""

from __future__ import annotations

from typing import Any

INITIALIZER_KEYS = ("kernel_initializer", "bias_initializer", "recurrent_initializer", "embeddings_initializer",
                    "gamma_initializer", "beta_initializer", "moving_mean_initializer",
                    "moving_variance_initializer", "depthwise_initializer", "pointwise_initializer",
                    "alpha_initializer")


def translate(layer: Any, name: str) -> None:
    """tf.keras 1.x wrote `dtype` into initializer configs; Keras 3 refuses it there."""
    for key in INITIALIZER_KEYS:
        value = layer.config.get(key)
        if isinstance(value, dict) and isinstance(value.get("config"), dict):
            value["config"].pop("dtype", None)
