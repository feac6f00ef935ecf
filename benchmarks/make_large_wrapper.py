"""Run with a legacy Keras 2.3.1 Python: write a multi_gpu_model wrapper holding > 500 MB of weights.

    LEGACY_PYTHON make_large_wrapper.py OUT.h5
"""
import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
import keras  # noqa: E402
from keras.utils import multi_gpu_utils  # noqa: E402

multi_gpu_utils._get_available_devices = lambda: ["/cpu:0", "/gpu:0", "/gpu:1"]
template = keras.models.Sequential([keras.layers.Dense(8192, activation="relu", input_shape=(8192,)),
                                    keras.layers.Dense(8192, activation="relu"), keras.layers.Dense(10)])
multi_gpu_utils.multi_gpu_model(template, gpus=2).save(sys.argv[1])
