"""What the Keras side is asked to do (`RebuildOptions`), and the user's way out for layers a file cannot
describe safely: their own callables and classes. Plain data and importlib: no Keras here."""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from migrate.errors import UsageError
from migrate.verify.tolerance import ABSOLUTE

# A class a user module imports from these (its base `Layer`) is the framework's, never a custom object.
FRAMEWORKS = ("keras", "tensorflow", "tf_keras", "builtins")


@dataclass(frozen=True)
class UserObjects:
    """Substitutes for Lambda layers (by layer name), custom layer classes (by class name), and the module
    functions of the user's modules (by name: a loss, an activation the file names as a string)."""

    lambdas: dict[str, Callable[..., Any]] = field(default_factory=dict)
    classes: dict[str, type] = field(default_factory=dict)
    functions: dict[str, Callable[..., Any]] = field(default_factory=dict)

    def function_for(self, name: str) -> Callable[..., Any] | None:
        """The user's function for the Lambda at `name` (a path like 'model/lambda_1'), by its own name or path."""
        return self.lambdas.get(name.split("/")[-1]) or self.lambdas.get(name)

    def custom_objects(self) -> dict[str, Any]:
        """What Keras 3 needs handed back to load a model built with these: the user's own objects only."""
        return {**{fn.__name__: fn for fn in self.lambdas.values()}, **self.classes, **self.functions}


@dataclass(frozen=True)
class RebuildOptions:
    """Where the converted model goes and how it is checked: what rebuild needs, and nothing of the CLI."""

    destination: Path
    reference: Path | None = None
    atol: float = ABSOLUTE  # the absolute part of the one tolerance (migrate.verify.tolerance)
    weights_only: bool = False
    savedmodel: Path | None = None  # where the savedmodel export goes, when not beside the .keras (--savedmodel)
    exports: tuple[str, ...] = ()  # deployable formats written beside the .keras and checked (migrate.export)
    user: UserObjects = field(default_factory=lambda: UserObjects())


def check_lambda_specs(lambda_specs: list[str]) -> None:
    """Refuse a malformed `--lambda` before anything is imported (it is a usage error, answered at once)."""
    for spec in lambda_specs:
        _split_spec(spec)


def load_user_objects(lambda_specs: list[str], custom_modules: list[str], root: Path | None = None) -> UserObjects:
    """Import what `--lambda NAME=MODULE:CALLABLE` and `--custom-objects MODULE` name (from `root` too)."""
    if root is not None and str(root) not in sys.path:
        sys.path.insert(0, str(root))
    lambdas = dict(_lambda_spec(spec) for spec in lambda_specs)
    classes: dict[str, type] = {}
    functions: dict[str, Callable[..., Any]] = {}
    for module_name in custom_modules:
        module = _import(module_name)
        classes.update({name: obj for name, obj in vars(module).items()
                        if isinstance(obj, type) and not obj.__module__.startswith(FRAMEWORKS)})
        functions.update({name: obj for name, obj in vars(module).items()  # its own, not what it imported
                          if inspect.isfunction(obj) and obj.__module__ == module.__name__})
    return UserObjects(lambdas, classes, functions)


def _import_file(path: Path) -> Any:
    """A user's module given as a file: imported under its stem, as the user asked for."""
    if not path.is_file():
        raise UsageError(f"--custom-objects {path}: no such file")
    spec = importlib.util.spec_from_file_location(path.stem, path)
    if spec is None or spec.loader is None:
        raise UsageError(f"--custom-objects {path}: not a Python module")
    module = importlib.util.module_from_spec(spec)
    sys.modules[path.stem] = module
    try:
        spec.loader.exec_module(module)
    except Exception as exc:  # the user's own code: whatever it raises, say so in one line
        sys.modules.pop(path.stem, None)
        raise UsageError(f"--custom-objects {path}: importing it failed ({type(exc).__name__}: {exc})") from None
    return module


def _split_spec(spec: str) -> tuple[str, str, str]:
    """NAME=MODULE:CALLABLE as its three parts."""
    name, sep, target = spec.partition("=")
    module_name, sep2, attribute = target.partition(":")
    if not (sep and sep2 and name and module_name and attribute):
        raise UsageError(f"--lambda {spec!r}: expected NAME=MODULE:CALLABLE")
    return name, module_name, attribute


def _lambda_spec(spec: str) -> tuple[str, Callable[..., Any]]:
    name, module_name, attribute = _split_spec(spec)
    function = getattr(_import(module_name), attribute, None)
    if not callable(function):
        raise UsageError(f"--lambda {spec!r}: {module_name} has no callable {attribute!r}")
    return name, function


def _import(module_name: str) -> Any:
    """Import a user module the way `python -m` would find it: the current directory first; a path to a
    `.py` file (the `<stem>_custom.py` convert wrote, once filled in) is imported from that file."""
    if module_name.endswith(".py"):
        return _import_file(Path(module_name))
    if os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())
    try:
        return importlib.import_module(module_name)
    except ImportError as exc:
        raise UsageError(f"cannot import {module_name!r} ({exc}); is it on PYTHONPATH?") from None
