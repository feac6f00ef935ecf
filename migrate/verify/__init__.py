"""Proof that a conversion is right: reference outputs reproduced, and the written file reloads as itself."""

from migrate.verify.checks import check_reference, check_reload, load_reference

__all__ = ["check_reference", "check_reload", "load_reference"]
