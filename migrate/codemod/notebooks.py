"""Jupyter notebooks: each code cell rewritten as a file of its own, everything else kept.

A notebook is read with nbformat and written in its own nbformat version (a v3 one is read as v4 and
written back as v3); only the `source` of code cells changes: outputs, metadata, cell ids and markdown
stay as they were. Cells are rewritten one by one (a rewrite moving lines across cells would break them
apart), so the multi_gpu_model rewrite needs the template, the call and the compile in one cell, as in
a script's block; each cell sees the imports of the cells before it (`Context`).

IPython syntax is not Python: a line magic or shell escape (`%matplotlib inline`, `!pip install`,
`files = !ls`) is masked as a comment (in a block, `pass` and a comment) for the rewrite and restored
after, at the indentation its line then has; a timing magic's statement (`%time model.fit(...)`) stays
visible to the rules, a comment after it keeping the prefix. A cell magic makes the whole cell something
else, left alone, except those whose body is Python (`%%time`, `%%capture`...), masked like a line
magic. A name the rewrite renames in a cell (the multi_gpu_model wrapper, now its template) that later
cells use keeps working: `parallel = model` follows. Reports name `path:cell N:line:col` (N counts every
cell from 1).
"""

from __future__ import annotations

import ast
import io
import keyword
import re
import tokenize
from dataclasses import dataclass, replace
from functools import lru_cache

import libcst as cst
import libcst.matchers as m

from migrate.codemod.factories import Survey
from migrate.codemod.leftovers import IMPORT_LEFT
from migrate.codemod.rule import Finding, Rule
from migrate.codemod.syntax import code

# Cell magics whose body is Python: their first line is masked like a line magic; any other (`%%bash`,
# `%%writefile`) makes the cell something else, left alone.
PYTHON_CELL_MAGICS = ("%%time", "%%timeit", "%%capture", "%%prun", "%%debug")
# A line IPython rewrites before Python sees it: a magic or shell escape, help (`?name`, `name??`), or one
# assigned to a name.
MAGIC_LINE = re.compile(r"^([ \t]*)(?:[%!]|\?{1,2}[\w.]+[ \t]*$|[\w.]+(?:[ \t]*,[ \t]*[\w.]+)*[ \t]*=[ \t]*[%!](?!=)|[\w.]+\?{1,2}[ \t]*$)")
PLACEHOLDER = "# migrate: IPython line {}"
# Line magics whose argument is a Python statement: the statement stays visible to the rules.
PYTHON_LINE_MAGIC = re.compile(r"^([ \t]*)(%(?:time|timeit|prun|debug)[ \t]+(?:-\S+[ \t]+)*)(\S.*)$")
PREFIX = "# migrate: IPython prefix {}"
WORD = re.compile(r"(?<![\w.])[A-Za-z_]\w*")


@dataclass(frozen=True)
class CellChange:
    """One code cell's source before and after (cells that did not change are not listed)."""

    index: int  # 1-based, counting every cell
    before: str
    after: str


def is_notebook(path: str) -> bool:
    return path.endswith(".ipynb")


def rewrite_notebook(data: bytes, path: str, rules: list[type[Rule]], project: Survey | None = None):
    """A notebook's FileResult: its new bytes (the same bytes when no cell changed), findings per cell."""
    import nbformat

    from migrate.codemod.engine import FileResult, rewrite_source

    try:
        notebook = nbformat.reads(data.decode("utf-8"), as_version=nbformat.NO_CONVERT)
        version = notebook.nbformat
        notebook = nbformat.convert(notebook, 4) if version < 4 else notebook  # v3 cells sit in worksheets
    except Exception as exc:  # nbformat raises JSON, validation and its own errors alike
        return FileResult(path, data, None, error=f"{path}: not rewritten: not a notebook nbformat reads ({exc})")
    if not _python(notebook):
        return FileResult(path, data, data)
    code = {index: mask_magics(cell.source) for index, cell in enumerate(notebook.cells, 1)
            if cell.get("cell_type") == "code" and python_cell(cell.source)}
    python2 = _from_python2(code, rules)
    project = _graph_route(code, path, project)
    findings: list[Finding] = []
    changes: list[CellChange] = []
    converted = 0
    later: set[str] = set()  # the words of the cells after this one, as rewritten
    alone_of: dict[str, FileResult] = {}  # a preamble -> its rewrite alone; it changes at import cells only
    for index in sorted(code, reverse=True):  # from the last: a cell's imports may serve the cells after it
        preamble = _imports(code[i][0] for i in code if i < index) + \
            _imports_run_before(code[index][0], [code[i][0] for i in code if i < index],
                                [code[i][0] for i in code if i > index])
        if preamble not in alone_of:
            alone_of[preamble] = rewrite_source(preamble.encode(), "<preamble>", rules, project)
        context = Context(preamble, code[index][0], later & _words(code[index][0]))
        result = rewrite_source(context.source.encode(), f"{path}:cell {index}", rules, project)
        if result.error is not None:
            error = _cell_error(result.error, context)
            if ": Python 2 (" in error:  # a Python 2 notebook: its cells are rewritten together or not at all
                return FileResult(path, data, None, error=error)
            # one cell no parser reads (an exercise's `x = ??`, a typo): named, left as written, the others rewritten
            findings.append(Finding(f"{path}:cell {index}", 1, 1, "notebooks",
                                    "cell " + error.split(f"cell {index}: ", 1)[1] + "; the other cells are rewritten"))
            later |= _words(notebook.cells[index - 1].source)
            continue
        found = context.cell_findings(result.findings)
        if index in python2:
            found = [replace(f, line=python2[index].original_line(f.line)) for f in found]
        findings += found
        converted += max(result.converted - alone_of[preamble].converted, 0)  # (a preamble's own, once)
        cell = notebook.cells[index - 1]
        after = _cell_after(context, result, alone_of[preamble], code[index][1])
        if after is None:
            findings.append(Finding(f"{path}:cell {index}", 1, 1, "notebooks", "cell not rewritten: the rewrite "
                                    "moved lines across its first line or its IPython lines; rewrite it by hand"))
        after = cell.source if after is None else after
        later |= _words(after)
        if after != cell.source:
            changes.append(CellChange(index, cell.source, after))
            cell.source = after
    changes = _helpers_once(changes, notebook)
    if python2:
        from migrate.codemod.python2 import NAME, notebook_message

        first = min(python2)
        findings.append(Finding(f"{path}:cell {first}", python2[first].first_line, 1, NAME, notebook_message(python2),
                                advice=True))
        converted += 1
    findings = sorted(_one_import_report(findings), key=lambda f: (int(f.path.rsplit(" ", 1)[1]), f.line, f.column))
    if not changes:
        return FileResult(path, data, data, tuple(findings), converted)
    text = nbformat.writes(notebook, version=version)
    return FileResult(path, data, text.encode(), tuple(findings), converted, cells=tuple(sorted(changes, key=_index)))


def _graph_route(code: dict[int, tuple[str, list[str]]], path: str, project: Survey | None) -> Survey | None:
    """The run's survey, marked `graph_notebook` where this notebook is a Keras-free TF1 graph program (decided over
    all its cells: `tf1_graph_program.graph_notebook`), or `eager_notebook` where a cell turns TF 1.x's eager execution
    on (`tf1_graph_program.EAGER_ON`: never the graph route; every cell's TF1 names ran eagerly). Without a run's
    survey (one notebook), each cell's own survey then comes from its source as before: one made here reads the whole
    notebook's text instead."""
    from dataclasses import replace as replaced

    from migrate.codemod.factories import module_of, survey
    from migrate.codemod.rules.tf1_graph_program import EAGER_ON, graph_notebook

    linked = {module_of(file) for file in getattr(project, "keras_linked", ())}  # the run's modules a Keras program loads
    cells = [source for source, _ in code.values()]
    eager = any(EAGER_ON in source for source in cells)
    if not eager and not graph_notebook(cells, linked):
        return project
    base = project if project is not None else survey([(path, "\n".join(s for s, _ in code.values()).encode())])
    return replaced(base, eager_notebook=True) if eager else replaced(base, graph_notebook=True)


def _from_python2(code: dict[int, tuple[str, list[str]]], rules: list[type[Rule]]) -> dict:
    """The cells (index -> `python2.Conversion`) that parse as Python 2 and not as Python 3, made Python 3 in
    `code` before anything reads them (a later cell's preamble holds their imports). Cells, not the notebook:
    a cell Python 3 parses is left as written, as a file would be."""
    from migrate.codemod.python2 import NAME, to_python3

    done = {}
    if NAME not in {rule.NAME for rule in rules}:
        return done
    for index, (source, magics) in code.items():
        try:
            conversion = to_python3(source.encode(), "utf-8")
        except ImportError:  # fissix not installed: the cell's parse error stands
            break
        if conversion is not None:
            done[index] = conversion
            code[index] = (conversion.source.decode(), magics)
    return done


def _cell_after(context: Context, result, alone, magics: list[str]) -> str | None:
    """The cell's new source, its IPython lines restored; None when the rewrite cannot be taken apart."""
    if not result.changed:
        return restore_magics(context.cell, magics)
    known = _imported(context.preamble) | _imported(alone.rewritten.decode())
    after = context.cell_source(result.rewritten.decode(), known)
    return restore_magics(after, magics) if after is not None else None


def _helpers_once(changes: list[CellChange], notebook) -> list[CellChange]:
    """The changes with each helper a rewrite wrote (a top-level class or function the cell did not define before,
    `class Keras2ImageDataGenerator(...)`) kept in the first cell that has it: cells share one namespace and run in
    order, and each cell rewritten on its own had written its own copy. A later copy goes only where it is the same
    text."""
    written: dict[str, str] = {}
    kept: list[CellChange] = []
    for change in sorted(changes, key=_index):
        after = change.after
        for name, (first, last, text) in sorted(_new_definitions(change.before, after).items(),
                                                key=lambda item: -item[1][0]):
            if written.get(name) == text:
                after = _without_lines(after, first, last, change.before)
            else:
                written.setdefault(name, text)
        if after != change.after:
            after = _without_unread_imports(after, change.before)
            notebook.cells[change.index - 1].source = after
            change = replace(change, after=after)
        if after != change.before:
            kept.append(change)
    return kept


def _without_unread_imports(after: str, before: str) -> str:
    """`after` without the import lines the rewrite added (not in `before`) that nothing left in it reads: those a
    helper needed, once the helper went (`import tensorflow` for Keras2ImageDataGenerator's base)."""
    lines = after.splitlines(keepends=True)
    written = set(before.splitlines())
    kept = []
    for index, line in enumerate(lines):
        if line.rstrip("\n") not in written and line.startswith(("import ", "from ")):
            try:
                bound = {_bound_name(item) for item in _imported(line)}
            except SyntaxError:
                bound = set()
            rest = "".join(lines[:index] + lines[index + 1:])
            if bound and not bound & _words(rest):
                continue
        kept.append(line)
    return "".join(kept)


def _without_lines(after: str, first: int, last: int, before: str) -> str:
    """`after` without its lines `first` to `last` (a helper and the blank lines before it), and with as many blank
    lines before the statement that followed as it had in the cell as written (found counting non-blank lines from
    the end: the rewrite of the rest of a cell keeps its lines)."""
    lines = after.splitlines(keepends=True)
    while last < len(lines) and not lines[last].strip():
        last += 1
    rest = lines[last:]
    following = sum(1 for line in rest if line.strip())
    original = before.splitlines(keepends=True)
    solid = [index for index, line in enumerate(original) if line.strip()]
    blank = 0
    if rest and 0 < following <= len(solid) and first > 0:
        at = solid[-following]
        while at - blank > 0 and not original[at - blank - 1].strip():
            blank += 1
    return "".join(lines[:first] + ["\n"] * blank + rest)


def _new_definitions(before: str, after: str) -> dict[str, tuple[int, int, str]]:
    """The top-level classes and functions of `after` that `before` does not define: name -> (first line index,
    end line index, text), the leading blank lines included; none where either does not parse."""
    try:
        old, new = ast.parse(mask_magics(before)[0]), ast.parse(mask_magics(after)[0])
    except SyntaxError:
        return {}
    defined = {node.name for node in old.body if isinstance(node, (ast.ClassDef, ast.FunctionDef))}
    lines = after.splitlines(keepends=True)
    found = {}
    for node in new.body:
        if isinstance(node, (ast.ClassDef, ast.FunctionDef)) and node.name not in defined:
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)]) - 1
            while first > 0 and not lines[first - 1].strip():
                first -= 1
            found[node.name] = (first, node.end_lineno, "".join(lines[first:node.end_lineno]).strip())
    return found


def _index(change: CellChange) -> int:
    return change.index


SENTINEL = "pass  # migrate: the cell starts here"  # a statement: a comment would go with a first statement dropped
TRAILER = "__migrate_later_cells_use__ = "
LATER_CELLS = TRAILER.split(" = ")[0]


def cell_start(module: cst.Module) -> int | None:
    """Where the cell begins in the tree a rule sees of a notebook cell (`Context.source`): the index in
    `module.body` of the sentinel line between the imports of the cells before it and the cell; None in a script's
    tree."""
    return next((index for index, statement in enumerate(module.body)
                 if isinstance(statement, cst.SimpleStatementLine) and code(statement).strip() == SENTINEL), None)


def later_cells_names(module: cst.Module) -> set[int]:
    """The ids of the names on a notebook cell's last line, `__migrate_later_cells_use__ = [...]` (what the cells after
    it read of its names); none in a script's tree."""
    last = module.body[-1] if module.body else None
    if not m.matches(last, m.SimpleStatementLine(body=[m.Assign(targets=[m.AssignTarget(m.Name(LATER_CELLS))])])):
        return set()
    return {id(name) for name in m.findall(last.body[0].value, m.Name())}


@dataclass(frozen=True)
class Context:
    """A cell as the rules see it: the imports of the cells before it (a notebook shares one namespace, so
    `SGD(lr=...)` is Keras' even when `from keras.optimizers import SGD` is in cell 1), the cell, and a
    last line naming what later cells use of it (so no import they need is removed as unused here)."""

    preamble: str
    cell: str
    used_later: set[str]

    @property
    def source(self) -> str:
        cell = self.cell if self.cell.endswith("\n") or not self.cell else self.cell + "\n"
        trailer = f"{TRAILER}[{', '.join(sorted(self.used_later))}]\n" if self.used_later else ""
        return f"{self.preamble}{SENTINEL}\n{cell}{trailer}"

    @property
    def offset(self) -> int:
        return self.preamble.count("\n") + 1

    def cell_findings(self, findings: tuple[Finding, ...]) -> list[Finding]:
        """The findings on the cell's own lines, at their lines in the cell."""
        last = self.offset + self.cell.count("\n") + (not self.cell.endswith("\n"))
        return [replace(f, line=f.line - self.offset) for f in findings if self.offset < f.line <= last]

    def cell_source(self, rewritten: str, known: set[tuple[str, str, str]]) -> str | None:
        """The cell's part of the rewrite: between the sentinel and the trailer, with the imports the rules
        added above the sentinel (or merged into a statement of the preamble) put first: those not `known`
        (the preamble's imports, as written and as the rules rewrite it alone). None if the sentinel is gone."""
        lines = rewritten.splitlines(keepends=True)
        starts = [i for i, line in enumerate(lines) if line.strip() == SENTINEL]
        if len(starts) != 1:
            return None
        before, cell = lines[:starts[0]], lines[starts[0] + 1:]
        if cell and cell[-1].startswith(TRAILER):
            cell = cell[:-1] + self._aliases(cell[-1])
        bound = {_bound_name(item) for item in _imported(self.preamble)}
        # an import the rules rewrote in the preamble here (a rule that ran for a word of this cell) belongs to the
        # cell that has it: not re-imported in this one, where it would come back at every run
        added = sorted(item for item in _imported("".join(before)) - known if _bound_name(item) not in bound)
        text = "".join([_import_line(*item) for item in added] + cell)
        return text if self.cell.endswith("\n") or not text.endswith("\n") else text[:-1]


    def _aliases(self, trailer: str) -> list[str]:
        """`parallel = model` for each name later cells use that the rewrite renamed here (the multi_gpu_model
        rewrite renames the wrapper to its template in what follows it, which in a notebook is other cells)."""
        renamed = ast.parse(trailer).body[0].value.elts  # the trailer is always one `NAME = [names]` line
        if len(renamed) != len(self.used_later):
            return []
        return [f"{old} = {ast.unparse(new)}  # migrate: later cells use this name\n"
                for old, new in zip(sorted(self.used_later), renamed, strict=True) if ast.unparse(new) != old]


@lru_cache(maxsize=512)
def _parsed(source: str) -> ast.Module | None:
    """A cell's tree, or None where it does not parse; each cell is read once per preamble it is part of otherwise."""
    try:
        return ast.parse(source)
    except SyntaxError:
        return None


def _imports(cells) -> str:
    """The top-level import statements of these cells, as written."""
    found = []
    for source in cells:
        tree = _parsed(source)
        if tree is not None:
            found += [ast.get_source_segment(source, node) for node in tree.body
                      if isinstance(node, (ast.Import, ast.ImportFrom))]
    return "".join(f"{statement}\n" for statement in found if statement)


def _imports_run_before(cell: str, before: list[str], after: list[str]) -> str:
    """The import statements of later cells that bind a name this cell reads and neither it nor any cell before it
    binds: a notebook run out of order (`K.learning_phase()` in a cell above `from keras import backend as K`) had
    them bound when the cell ran, and the rules must see the name as what it was then, to rewrite or report it."""
    bound = set()
    for tree in filter(None, map(_parsed, [*before, cell])):
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                bound.add(node.id)
            elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                bound.add(node.name)
            else:
                bound |= {_bound_name(item) for item in _statement_imports(node)}
    wanted = _words(cell) - bound
    found = []
    for source in after:
        for node in getattr(_parsed(source), "body", []):
            names = {_bound_name(item) for item in _statement_imports(node) if not item[0].startswith(".")}
            if names & wanted:
                found.append(ast.get_source_segment(source, node))
                wanted -= names
    return "".join(f"{statement}\n" for statement in found if statement)


def _statement_imports(node: ast.AST) -> set[tuple[str, str, str]]:
    """(module, name, alias) of what an import statement binds, `import m` as (m, "", alias); none for another node."""
    if isinstance(node, ast.Import):
        return {(alias.name, "", alias.asname or "") for alias in node.names}
    if isinstance(node, ast.ImportFrom):
        return {("." * node.level + (node.module or ""), alias.name, alias.asname or "") for alias in node.names}
    return set()


def _imported(source: str) -> set[tuple[str, str, str]]:
    """(module, name, alias) of every import statement, `import m` as (m, "", alias)."""
    return {item for node in ast.parse(source).body for item in _statement_imports(node)}


def _bound_name(item: tuple[str, str, str]) -> str:
    """The name an `_imported` item binds: its alias, the name imported, or the module's first part."""
    module, name, alias = item
    return alias or name or module.split(".")[0]


def _import_line(module: str, name: str, alias: str) -> str:
    statement = f"from {module} import {name}" if name else f"import {module}"
    return statement + (f" as {alias}" if alias else "") + "\n"


def _words(source: str) -> set[str]:
    """The names a cell may read: its name tokens, but not those after a dot or in strings and comments (a helper a
    rewrite wrote, `class Keras2ImageDataGenerator(tensorflow.keras.preprocessing.image.ImageDataGenerator)` with a
    docstring naming Keras 2's ImageDataGenerator, reads `tensorflow`, not the ImageDataGenerator a cell before
    imported). An f-string's words count; a cell the tokenizer cannot read gives every word of its text."""
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (tokenize.TokenError, SyntaxError):
        return {word for word in WORD.findall(source) if not keyword.iskeyword(word)}
    words = set()
    for before, token in zip([None, *tokens], tokens, strict=False):
        if token.type == tokenize.NAME and not (before is not None and before.type == tokenize.OP
                                                and before.string == "."):
            words.add(token.string)
        elif token.type == tokenize.STRING and "f" in token.string.split("'", 1)[0].split('"', 1)[0].lower():
            words |= set(WORD.findall(token.string))  # an f-string's fields read names
    return {word for word in words if not keyword.iskeyword(word)}


def _cell_error(error: str, context: Context) -> str:
    """A cell's parse error, its line counted in the cell."""
    return re.sub(r"line (\d+)", lambda m: f"line {max(int(m.group(1)) - context.offset, 1)}", error)


def _one_import_report(findings: list[Finding]) -> list[Finding]:
    """As in a script (`leftovers.unreported`): an import left is named only when no cell reports a call."""
    calls = {f.rule for f in findings if not f.advice and not f.message.startswith(IMPORT_LEFT)}
    return [f for f in findings if not (f.message.startswith(IMPORT_LEFT) and f.rule in calls)]


def _python(notebook) -> bool:
    """A notebook of Python code (no language said is taken as Python, Jupyter's default)."""
    language = notebook.metadata.get("kernelspec", {}).get("language") or \
        notebook.metadata.get("language_info", {}).get("name") or "python"
    return language.lower() == "python"


def python_cell(source: str) -> bool:
    first = source.lstrip().split("\n", 1)[0].split(" ", 1)[0].strip()
    return not first.startswith("%%") or first in PYTHON_CELL_MAGICS


def mask_magics(source: str) -> tuple[str, list[str]]:
    """The cell with each IPython line replaced by a numbered comment at its indentation, and a timing
    magic's statement (`%time parallel.compile(...)`) kept as code with a numbered comment after it, so
    that the rewrite sees it; the magics (whole lines, or the prefixes)."""
    lines, magics = source.splitlines(keepends=True), []
    inside = _Inside()
    for number, line in enumerate(lines):
        found = MAGIC_LINE.match(line) if inside.starts_statement() else None
        if found is None:
            inside.read(line)
            continue
        ending = line[len(line.rstrip("\r\n")):]
        prefixed = PYTHON_LINE_MAGIC.match(line.rstrip("\r\n"))
        if prefixed is not None:
            lines[number] = prefixed.group(1) + prefixed.group(3) + "  " + PREFIX.format(len(magics)) + ending
            magics.append(prefixed.group(2))
            inside.read(prefixed.group(3) + ending)
            continue
        # In a block, a comment alone is no body (`for i in x:` then `    !echo $i`): there it is a `pass`. A cell
        # magic (`%%time`) is one too: a comment would go with the statement after it, which a rule may remove.
        statement = "pass  " if found.group(1) or line.startswith("%%") else ""
        lines[number] = found.group(1) + statement + PLACEHOLDER.format(len(magics)) + ending
        magics.append(line.strip())
    return "".join(lines), magics


class _Inside:
    """Where a cell's lines stand, read one by one: inside brackets, a string or after a backslash, a line
    continues a statement and is no IPython line (`% (epoch, loss)` continuing a print's format is Python).
    A scan of brackets, quotes and comments: what tokenize would say, on a cell tokenize cannot read."""

    def __init__(self) -> None:
        self.depth = 0
        self.quote = ""  # the open string's quote, '' outside strings
        self.continued = False

    def starts_statement(self) -> bool:
        return not (self.depth or self.quote or self.continued)

    def read(self, line: str) -> None:
        text = line.rstrip("\r\n")
        i, comment = 0, False
        while i < len(text):
            char = text[i]
            if self.quote:
                if char == "\\":
                    i += 2
                    continue
                if text.startswith(self.quote, i):
                    i, self.quote = i + len(self.quote), ""
                    continue
            elif char == "#":
                comment = True
                break
            elif char in "([{":
                self.depth += 1
            elif char in ")]}":
                self.depth = max(self.depth - 1, 0)
            elif char in "'\"":
                self.quote = text[i:i + 3] if text[i:i + 3] in ("'''", '"""') else char
                i += len(self.quote)
                continue
            i += 1
        ends_in_backslash = not comment and text.endswith("\\")
        if len(self.quote) == 1 and not ends_in_backslash:
            self.quote = ""  # a one-line string left open: a syntax error Python will name, not a continuation
        self.continued = ends_in_backslash and not self.quote


def restore_magics(source: str, magics: list[str]) -> str | None:
    """Each placeholder back to its IPython line, at the indentation the rewrite gave it, and each prefix
    back before its statement; None when the rewrite lost or doubled one."""
    lines = source.splitlines(keepends=True)
    seen: list[int] = []
    for number, line in enumerate(lines):
        stripped, ending = line.strip(), line[len(line.rstrip("\r\n")):]
        indent = line[:len(line) - len(line.lstrip())]
        for index, magic in enumerate(magics):
            if stripped in (PLACEHOLDER.format(index), "pass  " + PLACEHOLDER.format(index)):
                lines[number] = indent + magic + ending
            elif stripped.endswith("  " + PREFIX.format(index)):
                lines[number] = indent + magic + stripped[:-len("  " + PREFIX.format(index))] + ending
            else:
                continue
            seen.append(index)
            break
    if sorted(seen) != list(range(len(magics))):
        return None
    if magics and magics[0].startswith("%%") and lines and lines[0].strip() != magics[0]:
        # a cell magic stays the cell's first line: imports a rule added above it go below it
        at = next(number for number, line in enumerate(lines) if line.strip() == magics[0])
        lines.insert(0, lines.pop(at))
    return "".join(lines)
