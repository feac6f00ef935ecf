"""The one tolerance every comparison with a reference uses: per output element,
|out - ref| <= absolute + relative * |ref|.

The absolute part (1e-4, `--atol`) covers float32 arithmetic done in another order (another backend, a
fused kernel); the relative part (1e-6) covers the rounding of large outputs, whose float32 spacing alone
exceeds 1e-4 beyond about 1000, so that is no drift. verify, the zoo report, the exporters' checks and the
tests all compare through `compare` here, so "reproduces its reference" means one thing everywhere.
An output that overflowed (a relu LSTM fed inputs it never saw, in the reload check) is the same result where
it holds the same inf or NaN at the same elements: NaN never equals itself, so that is asked element by element.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from migrate.bounds import ABSOLUTE, RELATIVE  # noqa: F401  (re-exported: the tolerance's own names)


@dataclass(frozen=True)
class Comparison:
    """Outputs against a reference: the largest absolute difference, and whether every element is within."""

    max_abs_diff: float
    within: bool


def describe(absolute: float = ABSOLUTE) -> str:
    """The rule as a user reads it in a message."""
    return f"{absolute:g} + {RELATIVE:g} * |ref| per element"


def compare(got: Sequence[np.ndarray], expected: Sequence[np.ndarray], absolute: float = ABSOLUTE) -> Comparison:
    """Every output against its reference, in float64 so the check itself adds no rounding.

    Arrays of equal size but different shape ((8, 1) against (8,)) are compared element by element, never
    broadcast into an (8, 8) difference; a different count of arrays or elements is a ValueError.
    """
    if len(got) != len(expected):
        raise ValueError(f"{len(got)} outputs against {len(expected)} reference arrays")
    worst, within = 0.0, True
    for g, e in zip(got, expected, strict=True):
        g, e = np.asarray(g), np.asarray(e)
        if g.size != e.size:
            raise ValueError(f"an output of shape {g.shape} against a reference of shape {e.shape}")
        if not e.size:
            continue
        g = g.reshape(e.shape)
        finite = np.isfinite(e)
        if not finite.all():  # overflowed: the same inf or NaN in both, or it is not the same result
            g, e = np.asarray(g, "float64"), np.asarray(e, "float64")
            same = np.array_equal(g[~finite], e[~finite], equal_nan=True)
            within = within and same and bool(np.isfinite(g[finite]).all())
            worst = worst if same else float("inf")
            g, e = g[finite], e[finite]
            if not e.size:
                continue
        diff, bound = _difference_and_bound(g, e, absolute)
        worst = max(worst, float(np.max(diff)))
        within = within and bool(np.all(diff <= bound))
    return Comparison(worst, within)


def _difference_and_bound(got: np.ndarray, expected: np.ndarray, absolute: float) -> tuple[np.ndarray, np.ndarray]:
    """|got - expected| and absolute + RELATIVE * |expected|, elementwise in float64: the same values as converting
    both arrays to float64 first, computed into two new arrays (the inputs converted on the fly, each step done in
    place) instead of a temporary per step (a 4 x 400 x 512 output: seven float64 arrays of 6.5 MB made that
    check a fifth of its model's forward pass)."""
    diff = np.subtract(got, expected, out=np.empty(expected.shape, "float64"), dtype="float64")
    np.abs(diff, out=diff)
    bound = np.abs(expected, out=np.empty(expected.shape, "float64"), dtype="float64")
    bound *= RELATIVE
    bound += absolute
    return diff, bound


def within(got: Sequence[np.ndarray], expected: Sequence[np.ndarray], absolute: float = ABSOLUTE) -> bool:
    """True when every element of every output is within the tolerance of its reference."""
    return compare(got, expected, absolute).within
