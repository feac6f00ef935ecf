"""Proof that a conversion is right: reference outputs reproduced, and the written file reloads as itself."""

from migrate.verify.checks import (
    Fingerprint,
    check_outputs,
    check_reference,
    check_reloaded,
    digest_array,
    fingerprint,
    finish_digest,
    load_reference,
    new_digest,
    reference_fingerprint,
    run_reference,
    sidecar_reference,
    weight_digests,
)
from migrate.verify.tolerance import ABSOLUTE, RELATIVE, Comparison, compare, describe, within

__all__ = ["ABSOLUTE", "RELATIVE", "Comparison", "Fingerprint", "check_outputs", "check_reference", "check_reloaded",
           "compare", "describe", "digest_array", "finish_digest", "fingerprint", "load_reference", "new_digest",
           "reference_fingerprint", "run_reference", "sidecar_reference", "weight_digests", "within"]
