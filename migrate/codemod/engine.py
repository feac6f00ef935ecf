"""Parse each file once, run the selected rules over the tree, and say what changed and what was left."""

from __future__ import annotations

import ast
import gc
import io
import os
import re
import tempfile
import tokenize
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from difflib import SequenceMatcher
from pathlib import Path

import libcst as cst
from libcst.codemod import CodemodContext

from migrate.codemod.analysis import Analysis
from migrate.codemod.analysis import install as print_modules_once
from migrate.codemod.contexts import install as contexts_in_one_walk
from migrate.codemod.factories import Survey, survey
from migrate.codemod.imports import apply_scheduled
from migrate.codemod.indentation import EXPANDED, expand_indentation
from migrate.codemod.leftovers import may_be_left, unreported
from migrate.codemod.names import star_modules
from migrate.codemod.notebooks import CellChange, is_notebook, rewrite_notebook
from migrate.codemod.outline import Outline
from migrate.codemod.python2 import NAME as PYTHON2
from migrate.codemod.python2 import may_be_python2, to_python3, why_not_python3
from migrate.codemod.resolution import NAME as RESOLUTION
from migrate.codemod.resolution import may_use_api
from migrate.codemod.rule import Finding, Rule
from migrate.codemod.walk import forget_classes, parse_module, transform
from migrate.codemod.walk import install as walk_without_copying

walk_without_copying()  # every read-only walk of LibCST's (metadata, matchers, the leftover scan): see walk.py
print_modules_once()  # Module.code: see analysis.py
contexts_in_one_walk()  # expression contexts, the first part of a scope analysis: see contexts.py


@dataclass(frozen=True)
class FileResult:
    """One file's outcome: its new bytes (None when it was skipped), findings and converted sites."""

    path: str
    original: bytes
    rewritten: bytes | None
    findings: tuple[Finding, ...] = ()
    converted: int = 0
    error: str | None = None
    cells: tuple[CellChange, ...] = ()  # a notebook's changed code cells, for the diff
    failed: bool = False  # a rule of migrate's raised on the file: the run fails (exit 1)

    @property
    def changed(self) -> bool:
        return self.rewritten is not None and self.rewritten != self.original

    @property
    def leftovers(self) -> list[Finding]:
        return [finding for finding in self.findings if not finding.advice]

    @property
    def advice(self) -> list[Finding]:
        return [finding for finding in self.findings if finding.advice]


@dataclass
class Summary:
    files_changed: int = 0
    sites_converted: int = 0
    sites_for_review: int = 0  # leftovers: legacy code the rewrite could not convert
    advice: int = 0
    files_skipped: int = 0  # files with work to do that do not parse (Python 2): nothing of them rewritten
    files_failed: int = 0  # of those, files a rule of migrate's raised on (named apart: the run fails)
    results: list[FileResult] = field(default_factory=list)

    def line(self) -> str:
        failed = f" ({self.files_failed} failed: a defect of migrate's)" if self.files_failed else ""
        return (f"{self.files_changed} files changed, {self.sites_converted} sites converted, "
                f"{self.sites_for_review} sites left for review, {self.advice} advice, "
                f"{self.files_skipped} files skipped{failed}")

    def work_left(self, strict: bool = False) -> bool:
        """What `--check` fails on: a change to make, a leftover, a file it could not read (and, strict, advice)."""
        return bool(self.files_changed or self.sites_for_review or self.files_skipped or (strict and self.advice))


# A file that imports Keras or TensorFlow, read as text (for a file the parser cannot read).
IMPORTS_API = re.compile(rb"^[ \t]*(?:from|import)[ \t]+(?:keras|tensorflow)\b", re.M)


def rewrite_source(source: bytes, path: str, rules: list[type[Rule]], project: Survey | None = None) -> FileResult:
    """Run `rules` over one file's bytes; encoding, line endings and formatting are preserved.

    `project` is what a run learnt of all its files (factories and their calls); without it, the file
    is surveyed as a project of its own. A file in which no rule's trigger words occur is not parsed:
    most files of a real repository cost a read and a few substring scans. Where they do, a rule may still
    tell from Python's own reading of the file (`Rule.relevant`) that it has nothing to do there: it is not
    run, and a file left with no rule (and nothing for the leftover scan) is not parsed by LibCST."""
    project = project if project is not None else survey([(path, source)])
    # words an early rule writes (`tf0_names_to_tf1`'s 1.0 names) are read as the file's own by the later rules' triggers
    words = b"\n".join([source, *(rule.gives(source) for rule in rules)])
    triggered = [rule for rule in rules if rule.triggered(words, project)]
    names = {rule.NAME for rule in rules}
    resolving = RESOLUTION in names and may_use_api(source)
    left = may_be_left(names, source)
    gated = any(rule.relevant.__func__ is not Rule.relevant.__func__ for rule in triggered)
    tree = _parsed(source) if gated else None
    if tree is not None:
        outline = Outline.of(tree)
        triggered = [rule for rule in triggered if rule.relevant(source, outline, project)]
        if not triggered and not left:  # the words were there, the work is not: resolved as read, not parsed again
            return FileResult(path, source, source, tuple(_resolve(tree, path, None, [])) if resolving else ())
    if not triggered and not left:
        if not resolving:
            if PYTHON2 in names and may_be_python2(source):
                return _from_python2(source, path, rules, project) or _python2_left(source, path)
            return FileResult(path, source, source)  # nothing to do or to report here: not even parsed
        try:
            tree = ast.parse(source)
        except (SyntaxError, ValueError) as exc:
            # nothing to rewrite, but what it uses cannot be checked: named, never passed as resolved
            converted = _from_python2(source, path, rules, project)
            if converted is not None:
                return converted
            if PYTHON2 in names and may_be_python2(source):
                return _python2_left(source, path)
            if IMPORTS_API.search(source) is None:
                return FileResult(path, source, source)  # the words are in its text, not in an import of it
            return FileResult(path, source, None, error=f"{path}: not checked: {unparsed_reason(source, exc)}")
        return FileResult(path, source, source, tuple(_resolve(tree, path, None, [])))
    try:
        tree = tree or ast.parse(source)  # LibCST's parser takes some Python 2 (`except E, e:`); Python's own does not
        module = parse_module(source)  # LibCST's parser, without re-checking the nodes it builds
    except (SyntaxError, cst.ParserSyntaxError, UnicodeDecodeError, ValueError) as exc:
        return _from_python2(source, path, rules, project) or _through_expanded_tabs(source, path, rules, project) or \
            FileResult(path, source, None, error=f"{path}: not rewritten: {unparsed_reason(source, exc)}")
    context = CodemodContext(filename=path, scratch={"survey": project, "stars": star_modules(module)})
    analysis = apply_rules(module, triggered, context, source.decode(module.encoding))
    findings = context.scratch.get("findings", [])
    findings += unreported(analysis, path, names, context.scratch.get("line_map"), findings, project)
    rewritten = analysis.code.encode(analysis.module.encoding)  # Module.bytes, from the code already printed
    if rewritten != source:
        try:
            tree = ast.parse(rewritten)
        except (SyntaxError, ValueError) as exc:
            # the file parsed (above); the rules' output does not: never written, the rule that broke it named
            raise RuleFailed(_breaking_rule(source, triggered, path, project), exc) from exc
    if resolving:
        findings += _resolve(tree, path, context.scratch.get("line_map") if rewritten != source else None, findings)
    findings = sorted(findings, key=lambda f: (f.line, f.column, f.rule))
    return FileResult(path, source, rewritten, tuple(findings), context.scratch.get("converted", 0))


def _breaking_rule(source: bytes, rules: list[type[Rule]], path: str, project: Survey | None) -> str:
    """The first of `rules` after which the file no longer parses as Python 3 (each prefix of them applied again to
    the file: only on this path, a defect of migrate's); "a rule" when none alone is found."""
    for count in range(1, len(rules) + 1):
        module = parse_module(source)
        context = CodemodContext(filename=path, scratch={"survey": project, "stars": star_modules(module)})
        try:
            ast.parse(apply_rules(module, rules[:count], context, source.decode(module.encoding)).code)
        except (SyntaxError, ValueError):
            return rules[count - 1].NAME
        except Exception:  # noqa: BLE001 - only naming the rule here; the file is left as it was either way
            return rules[count - 1].NAME
    return "a rule"


def _parsed(source: bytes) -> ast.Module | None:
    """The file as Python's own parser reads it; None where it cannot (the caller's LibCST path says why)."""
    try:
        return ast.parse(source)
    except (SyntaxError, ValueError):
        return None


def _python2_left(source: bytes, path: str) -> FileResult:
    """A file with no Keras work that looks like Python 2 and that 2to3's fixers could not make Python 3:
    named, not left silently, since a Python 2 helper module stops the run as surely as the script (a file
    that parses after all is left as it is)."""
    try:
        ast.parse(source)
        return FileResult(path, source, source)
    except (SyntaxError, ValueError) as exc:
        reason = unparsed_reason(source, exc)
    why = why_not_python3(source)
    if why is not None:
        reason = reason.replace("; run 2to3 on it first", f"; 2to3's fixers leave it unparsable by Python 3 ({why})")
    return FileResult(path, source, None, error=f"{path}: not rewritten: {reason}")


def _from_python2(source: bytes, path: str, rules: list[type[Rule]], project: Survey) -> FileResult | None:
    """A file that does not parse as Python 3 and parses as Python 2: made Python 3 by 2to3's fixers
    (`codemod.python2`), then rewritten by the rules as any file; its reports name lines of the file as
    read, and one line more says which fixers ran (a converted site). None when the python2_syntax rule is
    not selected, the file is not Python 2 either, or fissix is not installed: the parse error stands."""
    if PYTHON2 not in {rule.NAME for rule in rules}:
        return None
    try:
        conversion = to_python3(source)
    except ImportError:
        return None
    if conversion is None:
        return None
    result = rewrite_source(conversion.source, path, rules, project)
    if result.error is not None:
        return replace(result, original=source)
    findings = [replace(f, line=conversion.original_line(f.line)) for f in result.findings]
    findings.append(Finding(path, conversion.first_line, 1, PYTHON2, conversion.message(), advice=True))
    findings.sort(key=lambda f: (f.line, f.column, f.rule))
    return FileResult(path, source, result.rewritten, tuple(findings), result.converted + 1)


def _through_expanded_tabs(source: bytes, path: str, rules: list[type[Rule]], project: Survey) -> FileResult | None:
    """A file Python 3 reads whose indentation mixes tabs and spaces in a way LibCST's parser refuses (LibCST
    issues 829, 951; andreum/user-movie-embedding: 6 files): rewritten with the tabs of its indentation
    expanded (`indentation`: same blocks), then every line no rule changed gets its own bytes back, so only
    the lines a rule rewrote change. If the lines kept and the lines rewritten then mix tabs in a way Python 3
    refuses, the output keeps the expanded indentation, and the report says so. None where Python 3 does not
    read the file either, or expanding does not help LibCST."""
    try:
        ast.parse(source)
        encoding = tokenize.detect_encoding(io.BytesIO(source).readline)[0]
        text = source.decode(encoding)
        expanded, count = expand_indentation(text)
        data = expanded.encode(encoding)
        parse_module(data)
    except (SyntaxError, ValueError, cst.ParserSyntaxError, UnicodeError, LookupError):
        return None
    if not count:
        return None
    result = rewrite_source(data, path, rules, project)
    if result.error is not None or result.rewritten is None:
        return None
    rewritten = _restored(text, expanded, result.rewritten.decode(encoding)).encode(encoding)
    findings = result.findings
    try:
        ast.parse(rewritten)
    except (SyntaxError, ValueError):
        rewritten = result.rewritten
        findings += (Finding(path, 1, 1, EXPANDED, f"tabs in the indentation of {count} lines expanded to 8 columns "
                             "(the same blocks): the lines kept and the lines rewritten would mix them in a way Python "
                             "3 refuses", advice=True),)
    return FileResult(path, source, rewritten, findings, result.converted)


def _restored(original: str, expanded: str, rewritten: str) -> str:
    """`rewritten` (made from `expanded`) with each line that no rule changed given back its `original` text:
    `expanded` only differs from `original` in the whitespace before each line, line for line."""
    before, kept, after = original.splitlines(True), expanded.splitlines(True), rewritten.splitlines(True)
    out = []
    for tag, i1, i2, j1, j2 in SequenceMatcher(a=kept, b=after, autojunk=False).get_opcodes():
        out.extend(before[i1:i2] if tag == "equal" else after[j1:j2])
    return "".join(out)


def _resolve(tree: ast.Module, path: str, lines: list[int] | None, findings: list[Finding]) -> list[Finding]:
    """The last pass (`resolution.check`) over the output's tree, with the installed packages' tables."""
    from migrate.codemod.api_surface import surface
    from migrate.codemod.resolution import check

    tables = surface()
    found = check(tree, path, tables, lines, findings)
    tables.remember()
    return found


# Python 2 spellings, each a syntax error in Python 3: what to name when a file does not parse. The
# statements are looked for anywhere; the tokens (which may sit in a string or a comment) only on the
# line the parser stopped at.
PYTHON2_STATEMENTS = (
    ("print statement", re.compile(rb"^[ \t]*print(?:[ \t]+[^\s(=.,)]|[ \t]*>>)", re.M)),
    ("exec statement", re.compile(rb"^[ \t]*exec[ \t]+[\w'\"]", re.M)),
    ("except X, e", re.compile(rb"^[ \t]*except[ \t]+[\w.()\t ,]+,[ \t]*\w+[ \t]*:", re.M)),
    ("raise X, message", re.compile(rb"^[ \t]*raise[ \t]+[\w.]+[ \t]*,", re.M)))
PYTHON2_TOKENS = (("backquotes", re.compile(rb"`[^`\n]+`")), ("<> operator", re.compile(rb"\w[ \t]*<>[ \t]*\w")),
                  ("long or octal literal", re.compile(rb"(?<![\w.])(?:\d+[lL]|0\d+)\b")),
                  ("ur'' string", re.compile(rb"(?<!\w)[uU][rR]['\"]")))


def unparsed_reason(source: bytes, exc: Exception) -> str:
    """`Python 2 (print statement, line 3)` when a Python 2 spelling is found, else LibCST's message."""
    stopped = getattr(exc, "raw_line", None) or getattr(exc, "lineno", None) or 0
    lines = source.splitlines()
    at = lines[stopped - 1] if 0 < stopped <= len(lines) else b""
    for what, pattern in PYTHON2_STATEMENTS + PYTHON2_TOKENS:
        if pattern.search(at):
            return f"Python 2 ({what}, line {stopped}); run 2to3 on it first"
    for what, pattern in PYTHON2_STATEMENTS:
        found = pattern.search(source)
        if found is not None:
            line = source.count(b"\n", 0, found.start()) + 1
            return f"Python 2 ({what}, line {line}); run 2to3 on it first"
    return "does not parse as Python 3 (" + " ".join(str(exc).split())[:200] + ")"


def apply_rules(module: cst.Module, rules: list[type[Rule]], context: CodemodContext, code: str | None = None) -> Analysis:
    """Run the rules in order over one tree; the last version of the tree, with what was worked out of it.

    A rule's pass rebuilds only the nodes on the way to what it changes (`walk.transform`; LibCST's
    transformer pass rebuilds every node): a rule that changes nothing gives the tree back, and its code
    is not printed again. A rule whose output prints the same keeps the tree and the metadata already
    computed for it (scope analysis is most of a rule's cost, and it is made only when a rule first asks:
    `analysis.Analysis`). Import additions and removals the rules scheduled run once, at the end.
    Findings land in `context.scratch`. `code` is the module's code when the caller has it (the file as
    read: LibCST prints a tree exactly as it was parsed).
    """
    analysis = Analysis(module, code)
    lines: list[int] | None = None  # line of the tree a rule reads -> line of the file as read
    for rule in rules:
        instance = rule(replace(context, wrapper=analysis.wrapper, filename=context.filename))
        try:
            instance.metadata = analysis.tables(instance.get_inherited_dependencies())
            changed = transform(analysis.module, instance)
        except Exception as exc:  # noqa: BLE001 - one rule's defect on one file must not stop the run
            raise RuleFailed(rule.NAME, exc) from exc
        instance.metadata = {}
        if changed is not analysis.module:
            code = changed.code
            if code != analysis.code:
                lines = line_map(analysis.code, code, lines)
                context.scratch["line_map"] = lines
                analysis = Analysis(changed, code)
    module = apply_scheduled(analysis.module, context)
    if module is not analysis.module:  # imports added or removed: the leftover scan reads this version
        code = module.code
        if code != analysis.code:
            context.scratch["line_map"] = line_map(analysis.code, code, lines)
        analysis = Analysis(module, code)
    return analysis


def line_map(before: str, after: str, earlier: list[int] | None) -> list[int]:
    """For each line of `after`, the line of the file as read it stands for: matched lines map to
    themselves, inserted or rewritten lines to the first line of what they replaced (through `earlier`,
    the map of `before`), so a later rule's reports name lines the user can find in the original."""
    old, new = before.splitlines(), after.splitlines()
    mapped = [0] * (len(new) + 1)
    for tag, i1, _, j1, j2 in SequenceMatcher(a=old, b=new, autojunk=False).get_opcodes():
        for j in range(j1, j2):
            i = i1 + (j - j1) if tag == "equal" else min(i1, max(len(old) - 1, 0))
            mapped[j] = earlier[i] if earlier is not None and i < len(earlier) else i + 1
    mapped[len(new)] = mapped[len(new) - 1] if new else 1
    return mapped


# Jupyter's autosave folder: copies of the notebooks and scripts beside it, which Jupyter rewrites on its own.
CHECKPOINTS = ".ipynb_checkpoints"


def python_files(paths: list[Path]) -> list[Path]:
    """Files as given, and every `*.py` and `*.ipynb` below directories (not Jupyter's checkpoint copies),
    in a stable order."""
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found += sorted(p for p in path.rglob("*") if p.suffix in (".py", ".ipynb") and p.is_file()
                            and CHECKPOINTS not in p.relative_to(path).parts)
        else:
            found.append(path)
    return found


def checkpoint_copies(paths: list[Path]) -> int:
    """How many `*.py` and `*.ipynb` files below the directories given `python_files` leaves out as Jupyter's
    checkpoint copies: the run says so, since they keep their Keras 2 code (nothing silent)."""
    return sum(1 for path in paths if path.is_dir() for p in path.rglob("*")
               if p.suffix in (".py", ".ipynb") and CHECKPOINTS in p.relative_to(path).parts and p.is_file())


def rewrite_path(path: str, rules: list[type[Rule]], project: Survey | None = None) -> FileResult:
    """One file of a run: a notebook cell by cell, anything else as Python source."""
    return rewrite_data(path, Path(path).read_bytes(), rules, project)


class RuleFailed(Exception):
    """A rule raised on a file: its name and what it raised (`rewrite_data` names both, and the file is left)."""

    def __init__(self, rule: str, cause: Exception) -> None:
        super().__init__(rule, cause)
        self.rule, self.cause = rule, cause


def rewrite_data(path: str, data: bytes, rules: list[type[Rule]], project: Survey | None = None) -> FileResult:
    """`rewrite_path` of bytes already read. A defect of migrate's own on this file (a rule that raised) leaves the
    file as it was and names it, with the rule, as a failure of the run (exit 1): the other files are rewritten."""
    try:
        if is_notebook(path):
            return rewrite_notebook(data, path, rules, project)
        return rewrite_source(data, path, rules, project)
    except RuleFailed as failed:
        cause = f"{type(failed.cause).__name__}: {failed.cause}"
        return FileResult(path, data, None, error=f"{path}: not rewritten: migrate's rule {failed.rule} failed on it "
                                                  f"({cause}); the file is left as it was. This is a defect of migrate: "
                                                  "please report it with the file", failed=True)
    finally:
        forget_classes()  # the file's trees go: so do the walks' notes on them


def _rewrite_file(args: tuple[str, bytes, list[type[Rule]], Survey]) -> FileResult:
    return _with_room(rewrite_data, *args)


def _with_room(function: Callable[..., FileResult], *args: object) -> FileResult:
    """`function(*args)`, called from a frame that starts 64 KiB of stack room for the frames below it.

    CPython 3.11 keeps frames in 16 KiB chunks and hands a chunk back to the system as soon as the
    frames in it return: a tree walk whose depth goes back and forth over a chunk's end maps and unmaps
    memory at every crossing (in a worker process, whose stack starts deeper, that was 4 s of system time
    over the 19 real trees). This frame declares a stack of 8,500 slots it never uses, so it is put at the
    start of a chunk of 128 KiB, and the walks below it stay inside that chunk."""
    return function(*args)


_with_room.__code__ = _with_room.__code__.replace(co_stacksize=8500)


_work: tuple[list[type[Rule]], Survey] | None = None  # a worker's rules and project, given once when it starts


def _start_worker(rules: list[type[Rule]], project: Survey) -> None:
    global _work
    _work = (rules, project)
    _collect_less()  # a forked worker has the run's settings already; a spawned one would not


# Python's cycle collector runs a young-generation pass every 700 net allocations, and a full one (every object
# alive, the imported LibCST and rule tables included) every 100 of those: a rewrite allocates millions of small
# objects (LibCST nodes, tokens, metadata, `ast` nodes), almost all freed by their reference counts, so over the
# 646 c19 files those passes were a fifth of the run's CPU time (8.7 s of 44.9 s, --jobs 1; 20000 gives 2.3 s of
# 36.3 s, and the largest process 143 MB instead of 135 MB). What is left is still collected, just less often.
YOUNG_COLLECTION_EVERY = 20000
OLDER_COLLECTION_EVERY = (20, 100)


def _collect_less() -> None:
    """Objects alive now (the modules imported) are left out of later collections (`gc.freeze`), and a young
    collection waits for YOUNG_COLLECTION_EVERY net allocations instead of 700."""
    gc.freeze()
    gc.set_threshold(YOUNG_COLLECTION_EVERY, *OLDER_COLLECTION_EVERY)


@contextmanager
def _fewer_collections() -> Iterator[None]:
    """`_collect_less` for the length of a run (its worker processes inherit it); the caller's settings after."""
    thresholds = gc.get_threshold()
    _collect_less()
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)
        gc.unfreeze()


def _rewrite_in_worker(args: tuple[str, bytes]) -> FileResult:
    """A worker's `rewrite_data`; the bytes as read are not sent back (the caller has them)."""
    return replace(_with_room(rewrite_data, *args, *_work), original=b"")


def default_jobs() -> int:
    """One worker per CPU this process may run on."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def run(paths: list[Path], rules: list[type[Rule]], jobs: int = 1) -> Summary:
    """Rewrite every file in memory; nothing is written here.

    A first pass reads the few files that mention multi_gpu_model (and those naming a factory found there)
    so that a factory in one file and its callers in another are rewritten together (notebooks are not
    part of it: their cells are rewritten one by one, and nothing imports a notebook). Every file goes to
    `jobs` worker processes, largest first, one at a time, so that the workers finish together (the rules and
    what the first pass learnt are given to each worker once, when it starts); a file in which no rule's
    trigger words occur costs its worker a few substring scans (`rewrite_source`). Those scans are not made
    here first: this process's own work is not shared with the workers, and they would be made again for
    every file with work. Python's cycle collector runs less often while it lasts (`_collect_less`)."""
    with _fewer_collections():
        return _run(paths, rules, jobs)


def _run(paths: list[Path], rules: list[type[Rule]], jobs: int) -> Summary:
    files = [str(p) for p in python_files(paths)]
    sources = {f: Path(f).read_bytes() for f in files}
    project = survey((f, data) for f, data in sources.items() if not is_notebook(f))
    results: dict[str, FileResult] = {}
    work = sorted(sources, key=lambda f: -len(sources[f]))
    if jobs > 1 and len(work) > 1:
        with ProcessPoolExecutor(max_workers=min(jobs, len(work)), initializer=_start_worker,
                                 initargs=(rules, project)) as pool:
            done = pool.map(_rewrite_in_worker, [(f, sources[f]) for f in work])
            results.update((f, replace(result, original=sources[f])) for f, result in zip(work, done, strict=True))
    else:
        results.update((f, _rewrite_file((f, sources[f], rules, project))) for f in work)
    summary = Summary(results=[results[f] for f in files])
    for result in summary.results:
        summary.files_changed += result.changed
        summary.sites_converted += result.converted
        summary.sites_for_review += len(result.leftovers)
        summary.advice += len(result.advice)
        summary.files_skipped += result.rewritten is None
        summary.files_failed += result.failed
    return summary


def write_atomically(path: Path, data: bytes) -> None:
    """Replace a source file through a temp file in its folder, keeping its permissions."""
    mode = path.stat().st_mode
    handle, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".migrate-tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.chmod(temp, mode)
        os.replace(temp, path)
    finally:
        if os.path.exists(temp):
            os.unlink(temp)
