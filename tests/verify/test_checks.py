"""The reload check on plain stand-ins for models: weights bit for bit, then one forward pass, and with a
reference that pass is the reloaded model's own, judged at the reference tolerance."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pytest

from migrate.errors import ReferenceMismatchError, VerificationError
from migrate.verify import Fingerprint, check_reloaded, reference_fingerprint, weight_digests


@dataclass
class Weight:
    value: np.ndarray
    path: str = "dense/kernel"


@dataclass
class Tensor:
    shape: tuple


class Model:
    """Multiplies its one input by its one weight; counts its forward passes."""

    def __init__(self, kernel: np.ndarray) -> None:
        self.weights = [Weight(kernel)]
        self.inputs = [Tensor((None, kernel.shape[0]))]
        self.calls = 0

    def __call__(self, x, training=False):
        self.calls += 1
        return x @ self.weights[0].value


def _reference(tmp_path, kernel, shift=0.0):
    x = np.ones((2, 3), np.float32)
    np.savez(tmp_path / "ref.npz", in_0=x, out_0=x @ kernel + shift)
    return tmp_path / "ref.npz"


def test_with_a_reference_the_converted_model_is_never_run_and_the_reloaded_one_once(tmp_path):
    kernel = np.arange(6, dtype=np.float32).reshape(3, 2)
    converted, reloaded = Model(kernel), Model(kernel.copy())
    expected = reference_fingerprint(converted, _reference(tmp_path, kernel, 1e-7))
    assert check_reloaded(reloaded, expected) == pytest.approx(1e-7, abs=1e-6)
    assert (converted.calls, reloaded.calls) == (0, 1)


def test_a_reloaded_model_off_the_reference_is_a_mismatch(tmp_path):
    kernel = np.ones((3, 2), np.float32)
    expected = reference_fingerprint(Model(kernel), _reference(tmp_path, kernel, 0.5))
    with pytest.raises(ReferenceMismatchError):
        check_reloaded(Model(kernel), expected)


def test_a_weight_that_changed_by_one_bit_is_refused_before_any_forward_pass():
    kernel = np.ones((3, 2), np.float32)
    changed = kernel.copy()
    changed.view(np.uint32)[0, 0] ^= 1
    reloaded = Model(changed)
    with pytest.raises(VerificationError, match="differs"):
        check_reloaded(reloaded, Fingerprint(weight_digests(Model(kernel)), None, None))
    assert reloaded.calls == 0
