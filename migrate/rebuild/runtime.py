"""Starting TensorFlow and Keras the way a conversion needs them: done once, explicitly, never on import.

`migrate convert` reads and plans the file first and calls `start_keras()` only when it is about to
rebuild, so an unreadable file or a usage error answers without paying for TensorFlow.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager, suppress

# What start_keras sets unless the user already chose: quiet C++ logs, and oneDNN on the system allocator.
# oneDNN's own allocator keeps every buffer it ever handed out, so the converted model's memory was never
# returned before the reload check allocated another (measured on a 512 MiB model: peak TF baseline + 3.09x
# the weights; + 2.0x with the system allocator). Kernels, and so the numbers, are the same. TensorFlow
# reads these when it starts, so they only apply where migrate starts it.
#
# oneDNN itself is left to TensorFlow (on by itself only on AVX-512-class CPUs): migrate used to force it on
# because TensorFlow's own kernels refuse channels_first convolutions, which only hid that the converted file
# failed wherever oneDNN was off. rebuild/layout.py runs those convolutions channels_last instead.
ENVIRONMENT = {"TF_CPP_MIN_LOG_LEVEL": "3", "TF_ONEDNN_USE_SYSTEM_ALLOCATOR": "1"}

_started = False


def start_keras() -> None:
    """Set TensorFlow's environment, import Keras with its native start-up noise muted, freeze the GC.

    Keras runs on the backend the user chose (KERAS_BACKEND, or keras.json), not one migrate picks: the written
    .keras is backend-neutral either way, but the checks then run where the user will run the model, and a
    program that already imported Keras cannot change its backend anyway. Without a choice, Keras's default is
    TensorFlow.

    Idempotent. TensorFlow and Keras leave about a million long-lived objects behind; every full
    collection walks them all (about 0.15 s, measured: more than half the time of converting a small
    model). Freezing moves what exists now out of the collector's view; models built later stay
    collectable.
    """
    global _started
    if _started:
        return
    for key, value in ENVIRONMENT.items():
        os.environ.setdefault(key, value)
    if "keras" not in sys.modules:
        with native_stderr_silenced():
            import keras
    else:
        import keras
    if keras.backend.backend() != "tensorflow" and "tensorflow" not in sys.modules:
        # Keras imports TensorFlow on its other backends too (serializing a compiled model asks whether it is
        # available), later and with its native start-up lines unmuted: import it now, muted. A JAX or PyTorch
        # machine without TensorFlow (Keras runs without it) converts all the same.
        with native_stderr_silenced(), suppress(ImportError):
            import tensorflow  # noqa: F401
    import gc

    gc.freeze()
    _started = True


@contextmanager
def native_stderr_silenced() -> Iterator[None]:
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
