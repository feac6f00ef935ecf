"""The one tolerance: |out - ref| <= 1e-4 + 1e-6 * |ref| per element, and what every check reports with it."""

import numpy as np
import pytest

from migrate.errors import ReferenceMismatchError
from migrate.verify import check_outputs, compare, within


def test_small_differences_are_within():
    ref = np.array([0.5, -2.0], "float32")
    assert within([ref + 9e-5], [ref])
    assert compare([ref + 9e-5], [ref]).max_abs_diff == pytest.approx(9e-5, rel=1e-3)


def test_large_outputs_get_their_float32_rounding():
    ref = np.array([5000.0], "float64")
    assert within([ref + 1e-4 + 4e-3], [ref])  # 1e-4 + 1e-6 * 5000 = 5.1e-3
    assert not within([ref + 6e-3], [ref])


def test_one_element_out_is_enough_to_fail():
    ref = np.zeros((4, 3))
    got = ref.copy()
    got[2, 1] = 2e-4
    assert not within([ref, got], [ref, ref])


def test_nan_is_never_within():
    assert not within([np.array([np.nan])], [np.array([0.0])])


def test_the_same_overflow_in_the_same_places_is_the_same_result():
    """A relu LSTM fed inputs it never saw overflows: its reload gives the same inf and NaN, which is the same."""
    ref = np.array([[np.inf, 1.0], [np.nan, -np.inf]])
    assert within([ref.copy()], [ref])
    assert within([ref + np.array([[0.0, 5e-5], [0.0, 0.0]])], [ref])
    assert not within([np.array([[np.inf, 1.0], [np.nan, np.inf]])], [ref])  # -inf became +inf
    assert not within([np.array([[np.inf, 1.0], [0.0, -np.inf]])], [ref])  # a NaN became a number
    assert not within([np.array([[np.inf, np.nan], [np.nan, -np.inf]])], [ref])  # a number became NaN
    assert compare([np.array([[np.inf, 1.0], [0.0, -np.inf]])], [ref]).max_abs_diff == float("inf")


def test_the_absolute_part_is_the_atol_option():
    ref = np.array([1.0])
    assert within([ref + 5e-3], [ref], absolute=1e-2) and not within([ref + 5e-3], [ref])


def test_equal_sizes_compare_elementwise_never_broadcast():
    assert within([np.arange(8.0).reshape(8, 1)], [np.arange(8.0)])
    with pytest.raises(ValueError):
        compare([np.zeros(3)], [np.zeros(4)])


def test_check_outputs_carries_the_difference():
    with pytest.raises(ReferenceMismatchError, match=r"1e-06 \* \|ref\|") as caught:
        check_outputs([np.array([1.0])], [np.array([0.0])], 1e-4, "the reference")
    assert caught.value.max_abs_diff == 1.0


@pytest.mark.parametrize("dtype", ["float16", "float32", "float64", "int32"])
def test_the_check_is_the_rule_computed_in_float64(dtype):
    rng = np.random.default_rng(0)
    reference = (rng.standard_normal((4, 50, 16)) * 1000).astype(dtype)
    for scale in (0.0, 1e-5, 1e-4, 1e-3, 1.0):
        got = (reference + rng.standard_normal(reference.shape) * scale).astype(dtype)
        g, e = got.astype("float64"), reference.astype("float64")
        difference = np.abs(g - e)
        result = compare([got], [reference], 1e-4)
        assert result.max_abs_diff == float(difference.max())
        assert result.within == bool(np.all(difference <= 1e-4 + 1e-6 * np.abs(e)))
    assert reference.dtype == dtype  # the inputs are not converted in place
