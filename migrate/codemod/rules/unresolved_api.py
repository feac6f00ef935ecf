"""Not a rewrite: the name under which the last pass (`codemod.resolution`) reports what does not exist in the
installed Keras 3 / TensorFlow 2, so `--select` / `--ignore` / `--list-rules` treat it as every other check."""

from __future__ import annotations

from migrate.codemod.resolution import NAME
from migrate.codemod.rule import Rule


class UnresolvedApi(Rule):
    NAME = NAME
    ORDER = 1000  # after every rewrite: it reads what they leave
    DESCRIPTION = ("every Keras/TensorFlow name, import, keyword and Model method left in the output is looked up in "
                   "the installed Keras 3 / TensorFlow 2; what does not exist is reported at its line")

    @classmethod
    def triggered(cls, source: bytes, survey: object = None) -> bool:
        return False  # nothing to rewrite: the engine runs the pass over the output itself
