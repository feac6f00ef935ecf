"""The numerical and reload checks behind every `converted` status: plain arrays and digests, no Keras import.

The models compared are passed in; rebuild (the package that owns Keras) builds and reloads them.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from migrate.errors import MalformedFileError, ReferenceMismatchError, VerificationError
from migrate.verify.tolerance import ABSOLUTE, compare, describe


def load_reference(path: str | Path) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """The `in_*` and `out_*` arrays of a reference bundle, in index order."""
    try:
        with np.load(path, allow_pickle=False) as bundle:
            inputs = _numbered(bundle, "in_")
            outputs = _numbered(bundle, "out_")
    except (OSError, ValueError) as exc:
        raise MalformedFileError(f"reference bundle cannot be read ({exc})", path=str(path)) from None
    if not inputs or not outputs:
        raise MalformedFileError("reference bundle has no in_* or no out_* arrays", path=str(path))
    return inputs, outputs


def sidecar_reference(model: str | Path) -> Path | None:
    """The reference a model carries with it: `<stem>.npz` beside it, or `refs/<stem>.npz` beside it (how
    reference corpora are laid out), when one exists."""
    model = Path(model)
    for candidate in (model.with_suffix(".npz"), model.parent / "refs" / f"{model.stem}.npz"):
        if candidate.is_file():
            return candidate
    return None


def _numbered(bundle: Any, prefix: str) -> list[np.ndarray]:
    count = sum(1 for key in bundle.files if key.startswith(prefix) and key[len(prefix):].isdigit())
    return [bundle[f"{prefix}{i}"] for i in range(count)]


def predict(model: Any, inputs: list[np.ndarray]) -> list[np.ndarray]:
    """The model's inference outputs on `inputs`, always as a list of arrays.

    Every model the checks take returns arrays NumPy reads and has weights whose `value` NumPy reads: rebuild
    hands Keras models over as `migrate.rebuild.arrays.Checked` (PyTorch's tensors refuse `np.asarray`).

    An eager call, not `model.predict`: predict traces a new tf.function per model, which costs more
    than the whole check on small models.
    """
    outputs = model(inputs if len(inputs) > 1 else inputs[0], training=False)
    return [np.asarray(o) for o in (outputs if isinstance(outputs, (list, tuple)) else [outputs])]


def check_reference(model: Any, reference: str | Path, atol: float = ABSOLUTE) -> tuple[float, list[np.ndarray]]:
    """Max abs difference from the legacy outputs, and the model's outputs; ReferenceMismatchError when any
    element is outside the tolerance (`atol` is its absolute part)."""
    inputs, expected = load_reference(reference)
    got = run_reference(model, inputs)
    return check_outputs(got, expected, atol, "the reference"), got


def run_reference(model: Any, inputs: list[np.ndarray]) -> list[np.ndarray]:
    """The model's outputs on a reference's inputs, VerificationError when the inputs do not fit it."""
    if len(inputs) != len(model.inputs):
        raise VerificationError(f"the reference has {len(inputs)} inputs, the model takes {len(model.inputs)}")
    for array, tensor in zip(inputs, model.inputs, strict=True):
        if len(array.shape) != len(tensor.shape) or any(d is not None and d != a
                                                        for d, a in zip(tensor.shape[1:], array.shape[1:], strict=True)):
            raise VerificationError(f"reference input of shape {array.shape} does not fit model input {tensor.shape}")
    try:
        return predict(model, inputs)
    except Exception as exc:  # Keras refuses inputs in many ways; all mean the reference does not fit
        raise VerificationError(f"the model cannot run on the reference inputs ({type(exc).__name__}: {exc})") from None


def check_outputs(got: list[np.ndarray], expected: list[np.ndarray], atol: float, against: str) -> float:
    """The max abs difference of `got` from `expected`, raised as ReferenceMismatchError when outside the
    tolerance: the one place a verified conversion (or export) is judged."""
    try:
        result = compare(got, expected, atol)
    except ValueError as exc:
        raise VerificationError(f"the outputs do not match {against} in number or shape ({exc})") from None
    if not result.within:
        raise ReferenceMismatchError(f"outputs differ from {against} by up to {result.max_abs_diff:.3g} "
                                     f"(allowed {describe(atol)})", max_abs_diff=result.max_abs_diff)
    return result.max_abs_diff


@dataclass(frozen=True)
class Fingerprint:
    """What the reload check compares against, so the converted model can be freed before reloading.

    `outputs` are the converted model's own on `inputs` (synthetic inputs: compared at the default tolerance),
    or, when `reference` is set, the legacy reference's (compared at `atol`: the reloaded model is then the
    one judged against the reference, and the converted one is never run).
    """

    weight_digests: tuple[str, ...]
    inputs: list[np.ndarray] | None
    outputs: list[np.ndarray] | None
    reference: bool = False
    atol: float = ABSOLUTE
    optimizer: dict[str, Any] | None = None  # the compiled model's optimizer, serialized; None: not compiled
    optimizer_digests: tuple[str, ...] = ()  # each of its variables (step, slots), in the order Keras saves them
    trainable_shapes: tuple[tuple[int, ...], ...] = ()  # what a stock optimizer builds its slots for


def fingerprint(model: Any, inputs: list[np.ndarray] | None, outputs: list[np.ndarray] | None = None,
                known: dict[int, str] | None = None) -> Fingerprint:
    """Per-weight digests (bit for bit) and the outputs on `inputs` (None: weights and config only); `outputs`
    when the caller already ran the model on them, `known` digests by position in `model.weights` when it
    already read them."""
    if outputs is None and inputs is not None:
        outputs = predict(model, inputs)
    return Fingerprint(weight_digests(model, known), inputs, outputs)


def reference_fingerprint(model: Any, reference: str | Path, atol: float = ABSOLUTE,
                          known: dict[int, str] | None = None) -> Fingerprint:
    """Per-weight digests of the converted model, and the reference the reloaded one must reproduce."""
    inputs, outputs = load_reference(reference)
    return Fingerprint(weight_digests(model, known), inputs, outputs, True, atol)


def weight_digests(model: Any, known: dict[int, str] | None = None) -> tuple[str, ...]:
    """The digest of each of the model's weights, in order; taken from `known` (by position in `model.weights`:
    what moving the weights read back) where it is there, so that a large model is not read and hashed twice."""
    known = known or {}
    return tuple(known.get(i) or _digest(variable) for i, variable in enumerate(model.weights))


def _digest(variable: Any) -> str:
    """A digest of a variable's bytes, from one read of it."""
    return digest_array(np.asarray(variable.value))


def new_digest() -> Any:
    """The hash behind every weight digest. SHA-1 for speed (hardware-backed: 1.6x BLAKE2b's rate here);
    it tells accidental differences apart, which is all the bit-for-bit checks ask of it."""
    return hashlib.sha1(usedforsecurity=False)


def digest_array(array: np.ndarray, block_bytes: int = 16 * 2**20) -> str:
    """A digest of an array's bytes and shape, hashed through 16 MiB views (no copies of a contiguous array)."""
    digest = new_digest()
    data = memoryview(np.ascontiguousarray(array)).cast("B")
    for start in range(0, len(data), block_bytes):
        digest.update(data[start:start + block_bytes])
    return finish_digest(digest, array.shape)


def finish_digest(digest: Any, shape: tuple[int, ...]) -> str:
    """A digest's text: the hash of the bytes and the shape they had."""
    return digest.hexdigest() + str(tuple(shape))


def check_reloaded(reloaded: Any, expected: Fingerprint) -> float | None:
    """The model stock Keras 3 reloaded from the written file (safe mode on) against the converted one:
    the same weights bit for bit, and the same outputs (or the reference's, within its tolerance: then the
    max abs difference from it). Loading is rebuild's part (it owns Keras)."""
    digests = tuple(_digest(variable) for variable in reloaded.weights)
    if len(digests) != len(expected.weight_digests):
        raise VerificationError("the reloaded model has a different number of weights")
    for variable, mine, theirs in zip(reloaded.weights, expected.weight_digests, digests, strict=True):
        if mine != theirs:
            raise VerificationError(f"reloaded weight {variable.path} differs from the converted one")
    if expected.inputs is None or expected.outputs is None:
        return None
    if expected.reference:
        return check_outputs(run_reference(reloaded, expected.inputs), expected.outputs, expected.atol, "the reference")
    outputs = predict(reloaded, expected.inputs)
    if len(outputs) != len(expected.outputs):
        raise VerificationError("the reloaded model has a different number of outputs")
    # the same tolerance as the reference check: a reload that drifts less than that cannot change a verdict
    if not compare(outputs, expected.outputs).within:
        raise VerificationError("the reloaded model's outputs differ from the converted one's")
    return None
