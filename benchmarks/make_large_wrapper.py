"""Run with a legacy Keras 2.3.1 Python: write a multi_gpu_model wrapper holding > 500 MB of weights.

    LEGACY_PYTHON make_large_wrapper.py OUT.h5 [wide|deep]

wide: three Dense layers, two of them 8192 x 8192 (256 MiB each): the worst case for any loader that
holds a copy or two of one weight while it lands. deep: nine Dense layers of 4096 x 4096 (64 MiB each).
"""
import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
import keras  # noqa: E402
from keras.utils import multi_gpu_utils  # noqa: E402

multi_gpu_utils._get_available_devices = lambda: ["/cpu:0", "/gpu:0", "/gpu:1"]
shape = sys.argv[2] if len(sys.argv) > 2 else "wide"
width, depth = (8192, 2) if shape == "wide" else (4096, 8)
layers = [keras.layers.Dense(width, activation="relu", input_shape=(width,))]
layers += [keras.layers.Dense(width, activation="relu") for _ in range(depth - 1)] + [keras.layers.Dense(10)]
multi_gpu_utils.multi_gpu_model(keras.models.Sequential(layers), gpus=2).save(sys.argv[1])
