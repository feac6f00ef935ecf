"""Proof that a conversion is right: reference outputs reproduced, and the written file reloads as itself."""

from migrate.verify.checks import (
    Fingerprint,
    check_reference,
    check_reloaded,
    digest_array,
    fingerprint,
    load_reference,
    sidecar_reference,
)

__all__ = ["Fingerprint", "check_reference", "check_reloaded", "digest_array", "fingerprint", "load_reference", "sidecar_reference"]
