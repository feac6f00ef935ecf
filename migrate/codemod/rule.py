"""What every rewrite rule is: a LibCST codemod that also reports the sites it must leave to a person."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

import libcst as cst
import libcst.matchers as m
from libcst.codemod import CodemodContext
from libcst.codemod.visitors import AddImportsVisitor, RemoveImportsVisitor
from libcst.metadata import ParentNodeProvider, PositionProvider, QualifiedNameProvider

from migrate.codemod.keras2_helpers import with_helpers
from migrate.codemod.names import SEQUENTIAL, resolve
from migrate.codemod.outline import Outline
from migrate.codemod.syntax import sequential_first_layers, with_first_element, with_line_before, without_keywords

# Positions are not among them: only a report needs one, and it resolves them then (`report`), so a
# rule with nothing to say never pays for them.
POSITIONS = ()
NAMES = (QualifiedNameProvider,)
SCOPED = (QualifiedNameProvider, ParentNodeProvider)


@dataclass(frozen=True)
class Finding:
    """One site for review: `path:line:col: RULE: message`, or `...: RULE: advice: message` for advice.

    A leftover (`advice` False) is legacy code the rewrite could not convert: the code will not run, or
    not as it did, under Keras 3 until a person changes it, so `--check` fails on it. Advice is a lint on
    code that runs (a batch size worth a look, an option dropped with a comment saying so): printed,
    counted apart, and failing `--check` only under `--strict`."""

    path: str
    line: int
    column: int
    rule: str
    message: str
    advice: bool = False

    def __str__(self) -> str:
        kind = "advice: " if self.advice else ""
        return f"{self.path}:{self.line}:{self.column}: {self.rule}: {kind}{self.message}"


def keyword_pattern(*keywords: str) -> re.Pattern[bytes]:
    """A keyword argument given in a file's text, however it is spaced: `lr=`, `lr =`, and the aligned
    `lr       = d.lr` of a call laid out in columns (a plain `"lr ="` trigger word misses it, and the call is
    left to fail in Keras 3); not `lr ==`."""
    return re.compile(rb"\b(?:" + b"|".join(re.escape(k.encode()) for k in keywords) + rb")\s*=(?!=)")


class Rule(cst.CSTTransformer):
    """Base of every rule: NAME selects it, DESCRIPTION says in one line what it rewrites and why.

    A plain CSTTransformer (LibCST's matcher-decorator base costs six times as much per traversal and
    no rule uses its decorators); `context` is a CodemodContext, so LibCST's AddImportsVisitor and
    RemoveImportsVisitor can be scheduled from rules as in any codemod.
    """

    DESCRIPTION: ClassVar[str] = ""
    # Whether this rule's reports are advice by default (a lint) rather than leftovers (see Finding).
    ADVICE: ClassVar[bool] = False

    NAME: ClassVar[str] = ""
    ORDER: ClassVar[int] = 50  # lower runs first; the multi_gpu_model rewrite must see the original code
    # Words one of which must occur in a file for the rule to have anything to do there; checked on the
    # text before any analysis, so most files cost a parse and nothing more.
    TRIGGERS: ClassVar[tuple[str, ...]] = ()
    # And words one of which must occur too, where every site of the rule is a name that holds one of them (a
    # TensorFlow name needs `tensorflow` imported): most files with a trigger word then cost no parse.
    REQUIRES: ClassVar[tuple[str, ...]] = ()
    # LibCST merges METADATA_DEPENDENCIES along the class hierarchy, so the base declares none and each
    # rule names exactly what it reads (POSITIONS, NAMES or SCOPED below): analysis is most of the cost.
    METADATA_DEPENDENCIES = ()

    def __init__(self, context: CodemodContext) -> None:
        super().__init__()
        self.context = context

    @classmethod
    def triggered(cls, source: bytes, survey: object = None) -> bool:
        """Whether the file's text gives this rule anything to do (checked before parsing); `survey` is the
        run's `codemod.factories.Survey`, for rules that follow names across files."""
        return (not cls.TRIGGERS or any(word.encode() in source for word in cls.TRIGGERS)) and \
            (not cls.REQUIRES or any(word.encode() in source for word in cls.REQUIRES))

    @classmethod
    def gives(cls, source: bytes) -> bytes:
        """Words this rule writes into such a file that the file's text lacks (the later rules' triggers are read in
        the text before any rule runs): none, but for a rule that renames what others then act on."""
        return b""

    @classmethod
    def relevant(cls, source: bytes, outline: Outline, survey: object = None) -> bool:
        """Whether the file, as Python's own parser reads it (`codemod.outline`), can give this rule anything to
        do: asked where `triggered` said yes, before LibCST's parse, which costs several times as much. A rule
        that can tell from the file's attributes, imports and calls that its walk would find nothing says so;
        the others are always relevant."""
        return True

    def report(self, node: cst.CSTNode, message: str, advice: bool | None = None) -> None:
        """Record a site left for review, at the node's position in the file as it was read (an earlier
        rule may have added or removed lines: the engine's line map leads back). `advice` (default: the
        rule's ADVICE) marks a lint rather than a leftover."""
        positions = self.context.wrapper.resolve(PositionProvider) if self.context.wrapper is not None else {}
        if node in positions:
            start = positions[node].start
            line, column = start.line, start.column + 1
        else:
            line, column = 0, 0
        lines = self.context.scratch.get("line_map")
        if lines is not None and 0 < line <= len(lines):
            line = lines[line - 1]
        findings = self.context.scratch.setdefault("findings", [])
        findings.append(Finding(self.context.filename or "<string>", line, column, self.NAME, message,
                                self.ADVICE if advice is None else advice))

    def converted(self, count: int = 1) -> None:
        """Count sites this rule rewrote."""
        self.context.scratch["converted"] = self.context.scratch.get("converted", 0) + count

    def taken_elsewhere(self, name: str) -> bool:
        """Whether another file of the run may read `name` from this module (`from app import graph`, `app.graph`,
        `from app import *`: the survey's `taken`): what it does with the name is not seen here."""
        from migrate.codemod.factories import module_of  # factories reads rules' helpers: imported when asked

        taken = getattr(self.context.scratch.get("survey"), "taken", frozenset())
        module = module_of(self.context.filename or "<string>.py")
        return f"{module}.{name}" in taken or f"{module}.*" in taken

    def names_made_by(self, module: cst.Module, callables: frozenset[str]) -> set[str]:
        """The names the file binds, anywhere, to a call of one of `callables` (`model = Sequential()`): what a rule
        may take for a Keras object of that kind."""
        return {assign.targets[0].target.value for assign in m.findall(
            module, m.Assign(targets=[m.AssignTarget(target=m.Name())], value=m.Call()))
            if self.qualified_names(assign.value.func) & callables}

    def qualified_names(self, node: cst.CSTNode) -> set[str]:
        """What `node` refers to: LibCST's qualified names, and through star imports and the run's re-exports
        of Keras names (`names.resolve`)."""
        return self.resolved({name.name for name in self.get_metadata(QualifiedNameProvider, node, set())}, node)

    def may_name(self, module: cst.Module, word: str) -> bool:
        """Whether a node of `module` may have a qualified name ending in `.word` (checked before asking the scope
        analysis, which is most of a rule's cost): LibCST makes a node's qualified names out of the file's own text
        (an import's dotted path, then the attributes as the code spells them), and `resolved` adds only
        star-imported modules in front of a name of the file and the run's re-exports (`Survey.passed_on`, read
        from other files). So a word that is not in the file's text, nor at the end of a re-export, names nothing
        in this file."""
        if word in module.code:  # (the code of a version of the tree is printed once: `analysis.install`)
            return True
        survey = self.context.scratch.get("survey")
        return any(origin.rpartition(".")[2] == word for _, origin in getattr(survey, "passed_on", ()))

    def resolved(self, names: set[str], node: cst.CSTNode | None = None) -> set[str]:
        survey = self.context.scratch.get("survey")
        passed_on = self.context.scratch.get("passed_on")
        if passed_on is None:  # once a file: a project's re-exports may be hundreds, and this runs at every call
            passed_on = self.context.scratch["passed_on"] = dict(getattr(survey, "passed_on", ()))
        return resolve(names, node, self.context.scratch.get("stars", ()), passed_on,
                       getattr(survey, "packages", frozenset()))


class DropsStatements(Rule):
    """A rule that removes whole statement lines: a line whose id is in `dropped` goes, and a block it leaves
    empty gets `pass`, which Python needs there. (Not a rule of its own: the registry takes only the classes
    of `migrate.codemod.rules`.)"""

    def __init__(self, context: CodemodContext) -> None:
        super().__init__(context)
        self.dropped: set[int] = set()

    def leave_SimpleStatementLine(self, original: cst.SimpleStatementLine,
                                  updated: cst.SimpleStatementLine) -> cst.BaseStatement | cst.RemovalSentinel:
        if id(original) not in self.dropped:
            return updated
        self.converted()
        return cst.RemovalSentinel.REMOVE

    def leave_IndentedBlock(self, original: cst.IndentedBlock, updated: cst.IndentedBlock) -> cst.IndentedBlock:
        if updated.body or not original.body:
            return updated
        return updated.with_changes(body=[cst.SimpleStatementLine([cst.Pass()])])


class ReadsToHelpers(Rule):
    """A rule that replaces each read of a name the installed packages lack (`tf.contrib.image.rotate`,
    `input_data.read_data_sets`) with a helper written into the file (`keras2_helpers`), and drops an import nothing
    reads any more: `helper_for` says which helper stands for what a read names. (Not a rule of its own.)"""

    def visit_Module(self, node: cst.Module) -> None:
        self.copied: dict[str, str] = {}  # helper name -> its text, written in at the end

    def helper_for(self, names: set[str]) -> tuple[str, dict[str, str]] | None:
        """(the helper's name, the text of it and of every helper it calls) for a read with these qualified names,
        or None: the read stays."""
        raise NotImplementedError

    def read_replaced(self, node: cst.BaseExpression, helper: str) -> None:
        """Called at each read replaced (a rule's advice goes here)."""

    def visit_Import(self, node: cst.Import) -> bool:
        return False  # a name imported is not a read: the import goes once its reads are replaced

    def visit_ImportFrom(self, node: cst.ImportFrom) -> bool:
        return False

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute) -> cst.BaseExpression:
        return self._read(original, updated)

    def leave_Name(self, original: cst.Name, updated: cst.Name) -> cst.BaseExpression:
        return self._read(original, updated)

    def _read(self, original: cst.BaseExpression, updated: cst.BaseExpression) -> cst.BaseExpression:
        found = self.helper_for(self.qualified_names(original))
        if found is None:
            return updated
        helper, sources = found
        self.copied.update(sources)
        self.converted()
        RemoveImportsVisitor.remove_unused_import_by_node(self.context, original)
        self.read_replaced(original, helper)
        return cst.Name(helper)

    def leave_Module(self, original: cst.Module, updated: cst.Module) -> cst.Module:
        return with_helpers(self.context, updated, self.copied) if self.copied else updated


class SequentialInputFirst(Rule):
    """A rule that puts a Sequential's input first, `keras.Input(...)`, where Keras 2 read it off the first layer
    (`syntax.sequential_first_layers`): `input_for` gives that input's code for a first layer (None: not this rule's),
    and the layer loses `KEYWORDS`, which carried it. (Not a rule of its own.)"""

    KEYWORDS: ClassVar[frozenset[str]] = frozenset()

    def input_for(self, layer: cst.BaseExpression) -> str | None:
        """`keras.Input(...)`'s code for a Sequential's first layer, or None."""
        raise NotImplementedError

    def visit_Module(self, node: cst.Module) -> None:
        self.inputs: dict[int, str] = {}  # id of a first layer's call -> the input put before it
        self.added: dict[int, str] = {}  # id of the line `model.add(LAYER(...))` of such a layer -> `model`
        for layer, line, name in sequential_first_layers(node, lambda func: bool(self.qualified_names(func) &
                                                                                   SEQUENTIAL)):
            found = self.input_for(layer)
            if found is not None:
                self.inputs[id(layer)] = found
                if line is not None:
                    self.added[id(line)] = name

    def leave_SimpleStatementLine(self, original: cst.SimpleStatementLine,
                                  updated: cst.SimpleStatementLine) -> cst.BaseStatement | cst.FlattenSentinel:
        name = self.added.get(id(original))
        if name is None:
            return updated
        AddImportsVisitor.add_needed_import(self.context, "keras")
        return with_line_before(updated, f"{name}.add({self.inputs[id(original.body[0].value.args[0].value)]})")

    def input_first(self, original: cst.Call, updated: cst.Call) -> cst.Call | None:
        """A first layer without its KEYWORDS, a `Sequential([...])` with the input before its first layer; None for
        any other call."""
        if id(original) in self.inputs:
            self.converted()
            return updated.with_changes(args=without_keywords(updated.args, self.KEYWORDS))
        if not original.args or not isinstance(original.args[0].value, (cst.List, cst.Tuple)) or \
                not original.args[0].value.elements or id(original.args[0].value.elements[0].value) not in self.inputs:
            return None
        AddImportsVisitor.add_needed_import(self.context, "keras")
        return with_first_element(updated, self.inputs[id(original.args[0].value.elements[0].value)])
