"""Full float32 while migrate verifies: TF32 off on every framework loaded, put back as it was afterwards.

On Ampere and later NVIDIA GPUs, TensorFlow runs float32 matrix products and convolutions in TF32 (10 mantissa
bits) by default, JAX's default matmul precision does the same, and PyTorch's cuDNN convolutions too. The
legacy references are float32: measured on 10 converted hold-out files on an H200, with TF32 off JAX and
PyTorch reproduce 10/10; with their defaults JAX misses 4 (up to 3.5e-4 over the tolerance) and PyTorch 1
(4.8e-4). Verifying in TF32 would fail files that are right. The flags are process-wide, so they are set for
the verification alone and restored: a caller that converts inside its own program keeps its own settings.
On a CPU nothing changes numerically (no TF32 there), and the flags still read off inside.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from typing import Any


@contextmanager
def full_precision() -> Iterator[str]:
    """TF32 off in TensorFlow, JAX and PyTorch (each one already imported), restored on the way out. Yields the
    device the verification runs on, as the report says it: `CPU`, or `GPU:0 (TF32 off)`."""
    with ExitStack() as stack:
        for name, switch in SWITCHES.items():
            if name in sys.modules:
                stack.enter_context(switch(sys.modules[name]))
        yield verifying_device()


@contextmanager
def _tensorflow_fp32(tf: Any) -> Iterator[None]:
    before = tf.config.experimental.tensor_float_32_execution_enabled()
    tf.config.experimental.enable_tensor_float_32_execution(False)
    try:
        yield
    finally:
        tf.config.experimental.enable_tensor_float_32_execution(before)


@contextmanager
def _jax_fp32(jax: Any) -> Iterator[None]:
    before = jax.config.jax_default_matmul_precision
    jax.config.update("jax_default_matmul_precision", "highest")
    try:
        yield
    finally:
        jax.config.update("jax_default_matmul_precision", before)


@contextmanager
def _torch_fp32(torch: Any) -> Iterator[None]:
    """cuDNN convolutions (TF32 by default), cuBLAS matrix products, and the matmul precision PyTorch picks."""
    before = (torch.backends.cuda.matmul.allow_tf32, torch.backends.cudnn.allow_tf32,
              torch.get_float32_matmul_precision())
    torch.backends.cuda.matmul.allow_tf32 = torch.backends.cudnn.allow_tf32 = False
    torch.set_float32_matmul_precision("highest")
    try:
        yield
    finally:
        torch.backends.cuda.matmul.allow_tf32, torch.backends.cudnn.allow_tf32 = before[:2]
        torch.set_float32_matmul_precision(before[2])


SWITCHES: dict[str, Callable[[Any], Any]] = {"tensorflow": _tensorflow_fp32, "jax": _jax_fp32, "torch": _torch_fp32}


def verifying_device() -> str:
    """Where Keras's backend runs the models: its first GPU when it has one, else the CPU; and the backend, where
    it is not TensorFlow (the user's KERAS_BACKEND: the checks ran there)."""
    import keras

    backend = keras.backend.backend()
    gpu = False
    if backend == "tensorflow":
        import tensorflow as tf

        gpu = bool(tf.config.list_logical_devices("GPU"))
    elif backend == "jax":
        import jax

        gpu = jax.default_backend() == "gpu"
    elif backend == "torch":
        import torch

        gpu = torch.cuda.is_available()
    device = "GPU:0 (TF32 off)" if gpu else "CPU"
    return device if backend == "tensorflow" else f"{device}, Keras on {BACKEND_NAMES.get(backend, backend)}"


BACKEND_NAMES = {"jax": "JAX", "torch": "PyTorch", "numpy": "NumPy"}


def fp32_flags() -> dict[str, Any]:
    """Each loaded framework's TF32 switches as they read now (what the tests observe inside and after)."""
    flags: dict[str, Any] = {}
    if "tensorflow" in sys.modules:
        flags["tensorflow_tf32"] = sys.modules["tensorflow"].config.experimental.tensor_float_32_execution_enabled()
    if "jax" in sys.modules:
        flags["jax_matmul_precision"] = sys.modules["jax"].config.jax_default_matmul_precision
    if "torch" in sys.modules:
        torch = sys.modules["torch"]
        flags.update(torch_matmul_tf32=torch.backends.cuda.matmul.allow_tf32,
                     torch_cudnn_tf32=torch.backends.cudnn.allow_tf32,
                     torch_matmul_precision=torch.get_float32_matmul_precision())
    return flags
