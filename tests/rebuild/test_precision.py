"""Verification runs in full float32: TF32 off in TensorFlow, JAX and PyTorch while migrate verifies, and each
switch back as it was afterwards. On a CPU the switches change no number, but they read off inside all the same,
so the test sees them at the moment the reference check runs."""

from __future__ import annotations

import jax
import pytest
import tensorflow as tf
import torch

from migrate.convert import ConvertOptions, convert_file
from migrate.rebuild.precision import fp32_flags, full_precision
from migrate.verify import checks
from tests.conftest import sample

OFF = {"tensorflow_tf32": False, "jax_matmul_precision": "highest", "torch_matmul_tf32": False,
       "torch_cudnn_tf32": False, "torch_matmul_precision": "highest"}


@pytest.fixture
def tf32_on():
    """Every framework's TF32 switches on (TensorFlow's and cuDNN's default; JAX's default precision is None, its
    'fastest'), so that both turning them off and putting them back show."""
    before = fp32_flags()
    tf.config.experimental.enable_tensor_float_32_execution(True)
    jax.config.update("jax_default_matmul_precision", None)
    torch.backends.cuda.matmul.allow_tf32 = torch.backends.cudnn.allow_tf32 = True
    torch.set_float32_matmul_precision("high")
    yield fp32_flags()
    tf.config.experimental.enable_tensor_float_32_execution(before["tensorflow_tf32"])
    jax.config.update("jax_default_matmul_precision", before["jax_matmul_precision"])
    torch.backends.cuda.matmul.allow_tf32 = before["torch_matmul_tf32"]
    torch.backends.cudnn.allow_tf32 = before["torch_cudnn_tf32"]
    torch.set_float32_matmul_precision(before["torch_matmul_precision"])


def test_tf32_is_off_inside_and_restored_after(tf32_on):
    assert set(tf32_on) == set(OFF) and all(tf32_on[key] != OFF[key] for key in OFF)
    with full_precision() as device:
        assert fp32_flags() == OFF
    assert fp32_flags() == tf32_on
    assert device == ("GPU:0 (TF32 off)" if tf.config.list_logical_devices("GPU") else "CPU")


def test_restored_when_the_verification_raises(tf32_on):
    with pytest.raises(RuntimeError), full_precision():
        raise RuntimeError("a check failed")
    assert fp32_flags() == tf32_on


def test_a_conversion_checks_its_reference_with_tf32_off_and_says_where(tf32_on, monkeypatch, tmp_path):
    seen = []
    run_reference = checks.run_reference

    def observed(model, inputs):
        seen.append(fp32_flags())
        return run_reference(model, inputs)

    monkeypatch.setattr(checks, "run_reference", observed)  # migrate's own function: what the reload check calls
    source = sample("k216_plain_functional.h5")
    result = convert_file(source, ConvertOptions(output=tmp_path / "o.keras", reference=source.with_suffix(".npz")))
    assert result.status == "converted", result.error
    assert seen == [OFF]
    assert fp32_flags() == tf32_on
    assert result.rebuild.verified_on == ("GPU:0 (TF32 off)" if tf.config.list_logical_devices("GPU") else "CPU")
