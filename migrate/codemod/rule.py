"""What every rewrite rule is: a LibCST codemod that also reports the sites it must leave to a person."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import libcst as cst
from libcst.codemod import VisitorBasedCodemodCommand
from libcst.metadata import ParentNodeProvider, PositionProvider, QualifiedNameProvider


@dataclass(frozen=True)
class Finding:
    """One site for review: `path:line:col: RULE: message`."""

    path: str
    line: int
    column: int
    rule: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}: {self.rule}: {self.message}"


class Rule(VisitorBasedCodemodCommand):
    """Base of every rule: NAME selects it, DESCRIPTION says in one line what it rewrites and why."""

    NAME: ClassVar[str] = ""
    ORDER: ClassVar[int] = 50  # lower runs first; the multi_gpu_model rewrite must see the original code
    METADATA_DEPENDENCIES = (PositionProvider, QualifiedNameProvider, ParentNodeProvider)

    def report(self, node: cst.CSTNode, message: str) -> None:
        """Record a site left for review, at the node's position in the file as it was read."""
        try:
            start = self.get_metadata(PositionProvider, node).start
            line, column = start.line, start.column + 1
        except KeyError:
            line, column = 0, 0
        findings = self.context.scratch.setdefault("findings", [])
        findings.append(Finding(self.context.filename or "<string>", line, column, self.NAME, message))

    def converted(self, count: int = 1) -> None:
        """Count sites this rule rewrote."""
        self.context.scratch["converted"] = self.context.scratch.get("converted", 0) + count

    def qualified_names(self, node: cst.CSTNode) -> set[str]:
        return {name.name for name in self.get_metadata(QualifiedNameProvider, node, set())}
