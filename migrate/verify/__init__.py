"""Proof that a conversion is right: reference outputs reproduced, and the written file reloads as itself."""

from migrate.verify.checks import (
    Fingerprint,
    check_outputs,
    check_reference,
    check_reloaded,
    digest_array,
    fingerprint,
    load_reference,
    reference_fingerprint,
    run_reference,
    sidecar_reference,
)
from migrate.verify.tolerance import ABSOLUTE, RELATIVE, Comparison, compare, describe, within

__all__ = ["ABSOLUTE", "RELATIVE", "Comparison", "Fingerprint", "check_outputs", "check_reference", "check_reloaded",
           "compare", "describe", "digest_array", "fingerprint", "load_reference", "reference_fingerprint",
           "run_reference", "sidecar_reference", "within"]
