"""Rule discovery: every module in `migrate.codemod.rules` defines one Rule subclass."""

from __future__ import annotations

import importlib
import pkgutil

from migrate.codemod import rules as rules_package
from migrate.codemod.rule import Rule
from migrate.errors import UsageError


def all_rules() -> list[type[Rule]]:
    """Every rule, in the order they run."""
    found: list[type[Rule]] = []
    for info in pkgutil.iter_modules(rules_package.__path__):
        module = importlib.import_module(f"{rules_package.__name__}.{info.name}")
        found += [obj for obj in vars(module).values()
                  if isinstance(obj, type) and issubclass(obj, Rule) and obj is not Rule and obj.__module__ == module.__name__]
    return sorted(found, key=lambda rule: (rule.ORDER, rule.NAME))


def select_rules(select: list[str] | None, ignore: list[str] | None) -> list[type[Rule]]:
    """The rules named by --select (default: all), minus --ignore; unknown names are a usage error."""
    rules = all_rules()
    known = {rule.NAME for rule in rules}
    unknown = sorted((set(select or []) | set(ignore or [])) - known)
    if unknown:
        raise UsageError(f"unknown rule(s): {', '.join(unknown)} (see --list-rules)")
    chosen = [rule for rule in rules if (not select or rule.NAME in select) and rule.NAME not in (ignore or [])]
    return chosen
