"""The user's way out for layers a file cannot describe safely: their own callables and classes."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from migrate.errors import MigrateError


class UsageError(MigrateError):
    """An option the user gave cannot be used as given (exit 2 in the CLI)."""


@dataclass(frozen=True)
class UserObjects:
    """Substitutes for Lambda layers (by layer name) and custom layer classes (by class name)."""

    lambdas: dict[str, Callable[..., Any]] = field(default_factory=dict)
    classes: dict[str, type] = field(default_factory=dict)

    def custom_objects(self) -> dict[str, Any]:
        """What Keras 3 needs handed back to load a model built with these: the user's own objects only."""
        return {**{fn.__name__: fn for fn in self.lambdas.values()}, **self.classes}


def load_user_objects(lambda_specs: list[str], custom_modules: list[str]) -> UserObjects:
    """Import what `--lambda NAME=MODULE:CALLABLE` and `--custom-objects MODULE` name."""
    lambdas = dict(_lambda_spec(spec) for spec in lambda_specs)
    classes: dict[str, type] = {}
    for module_name in custom_modules:
        module = _import(module_name)
        classes.update({name: obj for name, obj in vars(module).items() if isinstance(obj, type)})
    return UserObjects(lambdas, classes)


def _lambda_spec(spec: str) -> tuple[str, Callable[..., Any]]:
    name, sep, target = spec.partition("=")
    module_name, sep2, attribute = target.partition(":")
    if not (sep and sep2 and name and module_name and attribute):
        raise UsageError(f"--lambda {spec!r}: expected NAME=MODULE:CALLABLE")
    function = getattr(_import(module_name), attribute, None)
    if not callable(function):
        raise UsageError(f"--lambda {spec!r}: {module_name} has no callable {attribute!r}")
    return name, function


def _import(module_name: str) -> Any:
    """Import a user module the way `python -m` would find it: the current directory first."""
    import os
    import sys

    if os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())
    try:
        return importlib.import_module(module_name)
    except ImportError as exc:
        raise UsageError(f"cannot import {module_name!r} ({exc}); is it on PYTHONPATH?") from None
