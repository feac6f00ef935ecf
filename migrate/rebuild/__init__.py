"""Build the Keras 3 model from a translated graph: the only package that imports Keras.

Layers are constructed through Keras 3's public API (`keras.layers.<Class>(**config)`, or the
user's own objects where they asked for them); no Lambda from the file is ever deserialized or run.
"""

import os
import sys
from contextlib import contextmanager

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
# oneDNN's own allocator keeps every buffer it ever handed out, so the converted model's memory was
# never returned before the reload check allocated another (measured on a 512 MiB model: peak TF
# baseline + 3.09x the weights). The system allocator gives it back (+ 2.0x). Kernels, and so the
# numbers, are the same. Read when TensorFlow starts, so it only applies where migrate imports it first.
os.environ.setdefault("TF_ONEDNN_USE_SYSTEM_ALLOCATOR", "1")


@contextmanager
def _native_stderr_silenced():
    """TensorFlow's C++ start-up lines (oneDNN, CUDA probing) bypass every log setting: mute fd 2 meanwhile.

    Python-level errors still propagate as exceptions; only native writes during the import are dropped.
    """
    try:
        saved = os.dup(2)
    except OSError:
        yield
        return
    sys.stderr.flush()
    with open(os.devnull, "w") as devnull:
        os.dup2(devnull.fileno(), 2)
        try:
            yield
        finally:
            os.dup2(saved, 2)
            os.close(saved)


if "keras" not in sys.modules:
    with _native_stderr_silenced():
        import keras  # noqa: F401

# TensorFlow and Keras leave about a million long-lived objects behind; every full collection walks
# them all (about 0.15 s, measured: more than half the time of converting a small model). Freezing
# moves what exists now out of the collector's view; the models built later stay collectable.
import gc  # noqa: E402

gc.freeze()
