"""Not a LibCST pass: the name under which the engine's first step (`codemod.python2`) makes a Python 2 file or
notebook cell Python 3 with 2to3's fixers, so `--select` / `--ignore` / `--list-rules` treat it as every rule."""

from __future__ import annotations

from migrate.codemod.python2 import NAME
from migrate.codemod.rule import Rule


class Python2Syntax(Rule):
    NAME = NAME
    ORDER = 0  # before every rewrite: they read the Python 3 it makes
    DESCRIPTION = ("a file or notebook cell that parses as Python 2 and not as Python 3 gets 2to3's fixers first "
                   "(print, except, xrange, dict.keys(), cPickle...); `print x` -> `print(x)`; "
                   "the divisions Python 2 may have floored are named")

    @classmethod
    def triggered(cls, source: bytes, survey: object = None) -> bool:
        return False  # nothing for LibCST to do: the engine converts the source before parsing it
