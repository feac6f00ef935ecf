"""What a rewrite left behind: legacy Keras calls still in a file after every rule has run.

A rule reports the sites it refuses, but a call can also survive unreported (a rule not selected, a
shape no rule recognises). This scan reads the rewritten code, resolving names as the rules do, and
gives every remaining `multi_gpu_model` (call or import), `*_generator` method call and import of a
module Keras 3 removed (`from keras.utils import np_utils`, kept because the name is still used) that no
rule reported on the same line: a leftover, which fails `--check` (see `rule.Finding`). A project's own
function or method of the same name is not Keras' and is never named here.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import libcst as cst
from libcst.metadata import CodePosition, PositionProvider, QualifiedNameProvider

from migrate.codemod.analysis import Analysis
from migrate.codemod.factories import Survey
from migrate.codemod.names import MOVES, MULTI_GPU_MODEL, multi_gpu_import, resolve, star_modules
from migrate.codemod.rule import Finding
from migrate.codemod.syntax import code, user_method_calls

MULTI_GPU = "multi_gpu_model_to_mirrored"
GENERATORS = "fit_generator_to_fit"
GENERATOR_METHODS = ("fit_generator", "evaluate_generator", "predict_generator")
IMPORT_LEFT = "from "  # how a leftover import's message starts
IMPORT_PATHS = "legacy_import_paths"
# What must be in the rewritten text for a rule to have left anything: most rewrites leave none of it,
# and the scan then costs three regular expression searches, no scope analysis.
TRIGGERS = {MULTI_GPU: re.compile(r"\bmulti_gpu_model\b"),
            GENERATORS: re.compile(r"\.\s*(?:fit|evaluate|predict)_generator\b"),
            IMPORT_PATHS: re.compile(r"^[ \t]*from[ \t]+(?:keras|tensorflow)[\w.]*[ \t]+import\b[^\n]*\b(?:"
                                     + "|".join(sorted({key.rsplit(".", 1)[1] for key in MOVES})) + r")\b", re.M)}


def may_be_left(rules: set[str], source: bytes) -> bool:
    """Whether the file as read has text the scan looks for (before any rewrite): if not, nothing the scan
    names can be in it, and a file no rule triggers on need not be parsed."""
    text = source.decode("utf-8", "replace")
    return any(pattern.search(text) for rule, pattern in TRIGGERS.items() if rule in rules)


def unreported(module: cst.Module | Analysis, path: str, rules: set[str], line_map: list[int] | None,
               findings: list[Finding], survey: Survey | None = None) -> list[Finding]:
    """The leftovers of the scan no rule reported in `findings` (one of the same rule on the same line). A
    multi_gpu_model import is named only when nothing else of it is: the call reported says enough."""
    reported = {(finding.rule, finding.line) for finding in findings if not finding.advice}
    left = [finding for finding in scan(module, path, rules, line_map, survey)
            if (finding.rule, finding.line) not in reported]
    calls = {finding.rule for finding in left if not finding.message.startswith(IMPORT_LEFT)} | {rule for rule, _ in reported}
    return [finding for finding in left if not finding.message.startswith(IMPORT_LEFT) or finding.rule not in calls]


def scan(module: cst.Module | Analysis, path: str, rules: set[str], line_map: list[int] | None,
         survey: Survey | None = None) -> list[Finding]:
    """Leftovers of the rules named in `rules` in the rewritten `module` (or the engine's `Analysis` of it,
    which may have its scopes worked out already); lines are those of the file as read, through `line_map`
    (None: the module is the file as read). Names resolve as the rules' do (`names.resolve`: star
    imports, the run's re-exports in `survey`)."""
    analysis = module if isinstance(module, Analysis) else Analysis(module)
    text = analysis.code
    if not any(pattern.search(text) for rule, pattern in TRIGGERS.items() if rule in rules):
        return []  # nothing legacy can remain: no scope analysis
    survey = survey or Survey()
    stars, passed_on = star_modules(analysis.module), dict(survey.passed_on)
    finder = _Finder(rules, user_method_calls(analysis.module, set(GENERATOR_METHODS)),
                     lambda names, node: resolve(names, node, stars, passed_on, survey.packages))
    finder.metadata = analysis.tables(finder.get_inherited_dependencies())
    analysis.module.visit(finder)
    found = []
    for start, rule, message in finder.found:
        line = line_map[start.line - 1] if line_map is not None and start.line <= len(line_map) else start.line
        found.append(Finding(path, line, start.column + 1, rule, message))
    return found


class _Finder(cst.CSTVisitor):
    METADATA_DEPENDENCIES = (QualifiedNameProvider, PositionProvider)

    def __init__(self, rules: set[str], own_calls: set[int], resolved: Callable[[set[str], cst.CSTNode], set[str]]) -> None:
        super().__init__()
        self.rules, self.own_calls, self.resolved = rules, own_calls, resolved
        self.found: list[tuple[CodePosition, str, str]] = []

    def add(self, node: cst.CSTNode, rule: str, message: str) -> None:
        self.found.append((self.get_metadata(PositionProvider, node).start, rule, message))

    def visit_Call(self, node: cst.Call) -> None:
        names = self.resolved({name.name for name in self.get_metadata(QualifiedNameProvider, node.func, set())},
                              node.func)
        if MULTI_GPU in self.rules and names & MULTI_GPU_MODEL:
            self.add(node, MULTI_GPU, "multi_gpu_model left in the code (Keras 3 has none): build and "
                                                "compile the model under tf.distribute.MirroredStrategy().scope()")
        func = node.func
        if (GENERATORS in self.rules and isinstance(func, cst.Attribute) and func.attr.value in GENERATOR_METHODS
                and id(node) not in self.own_calls):
            self.add(node, GENERATORS, f"{func.attr.value} left in the code (Keras 3 has none): call "
                                                 f"{func.attr.value.removesuffix('_generator')}() with the generator")

    def visit_ImportFrom(self, node: cst.ImportFrom) -> None:
        if node.module is None or node.relative or isinstance(node.names, cst.ImportStar):
            return
        module = code(node.module)
        for alias in node.names:
            if IMPORT_PATHS in self.rules and f"{module}.{code(alias.name)}" in MOVES:
                self.add(node, IMPORT_PATHS, f"{module}.{code(alias.name)} is gone in Keras 3 and this file still "
                                             f"uses the name: import what it uses from {MOVES[module + '.' + code(alias.name)]}")
        if MULTI_GPU not in self.rules:
            return
        if multi_gpu_import(module) and any(code(alias.name) == "multi_gpu_model" for alias in node.names):
            self.add(node, MULTI_GPU, f"from {code(node.module)} import multi_gpu_model left in the code: "
                                                "Keras 3 has no multi_gpu_model, this import fails")
