"""Python 2 training code made Python 3 before the Keras rules read it: 2to3's fixers, through `fissix`.

Many 2017 Keras scripts and notebooks are Python 2 (`print x`, `except E, e:`, `xrange`): Python 3 cannot
parse them, so no rule could rewrite them and they would not run anyway. Only a file (or a notebook cell)
that does not parse as Python 3 and does parse as Python 2 is converted; every other file is left to the
rules as it is (its Python 2 semantics, if any, are its author's). `fissix` is a maintained fork of lib2to3,
imported only when such a file is met: most files never pay for it.

The fixers are chosen, not 2to3's default set taken whole:
- those without which the file does not parse: print, exec, except, raise, repr (backquotes), ne (`<>`),
  numliterals (`0777`, `10L`), tuple_params (`def f((a, b))`), paren (`[x for x in 1, 2]`), unicode (`ur''`);
- those whose Python 3 result behaves as the Python 2 code did, where the Python 2 spelling would fail or do
  otherwise under Python 3: the names Python 3 lacks (long, xrange, unicode/basestring, raw_input, input,
  apply, execfile, reduce, intern, getcwdu, has_key, standarderror, buffer is NOT among them, ...), the
  renamed modules (imports, imports2, urllib: cPickle, Queue, urllib2), and the built-ins that returned
  lists (dict's keys/values/items and iter*, map, filter, zip, range: `list(...)` where the result is not
  only iterated), metaclass, next, nonzero, funcattrs, methodattrs, sys_exc, throw, types, itertools,
  xreadlines, exitfunc, renames, operator, reload, asserts, isinstance (the duplicates `(int, long)` leaves).
- left out: `import` (it turns `import utils` into `from . import utils`, which breaks a script run as
  `python train.py`, how training code is run), `future` (`from __future__ import ...` is valid Python 3 and
  says how the code was meant), and the optional style fixers (buffer, idioms, set_literal, ws_comma).

What stays different (checked against Python 2.7 itself, tests/codemod/test_python2_syntax.py): `print x,`
followed by a newline leaves a trailing space Python 2's softspace dropped; unbound methods (`Cls.f.im_func`)
do not exist in Python 3.

Python 2's `/` floors between two ints; Python 3's does not, and 2to3 has no fixer for it (whether both
sides are ints is a value it cannot see). Without `from __future__ import division`, the report names the
lines with a `/` neither side of which is a float literal or `float(...)` (or arithmetic with one): `//`
there if both are ints.

Indentation that mixes tabs and spaces so that Python 3 refuses it (TabError; Python 2 counted a tab as up
to the next multiple of 8 columns) has its tabs expanded that way, in the indentation only: same blocks.

The grammar tables are generated in memory (fissix would pickle them under the user's cache folder and load
that pickle on the next run): about 50 ms once a process, nothing written, nothing unpickled.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from dataclasses import dataclass
from difflib import SequenceMatcher

from migrate.codemod.indentation import expand_indentation

NAME = "python2_syntax"
FIXERS = ("print", "exec", "except", "raise", "repr", "ne", "numliterals", "tuple_params", "paren", "unicode",
          "long", "xrange", "basestring", "raw_input", "input", "apply", "execfile", "reduce", "intern", "getcwdu",
          "has_key", "standarderror", "imports", "imports2", "urllib", "dict", "map", "filter", "zip", "metaclass",
          "next", "nonzero", "funcattrs", "methodattrs", "sys_exc", "throw", "types", "itertools",
          "itertools_imports", "xreadlines", "exitfunc", "renames", "operator", "reload", "asserts", "isinstance")
# The Python 2 statements a file without other work is looked for (a few ms over a large tree; a file with
# work is parsed anyway, and converted when that fails): print, exec, `except E, e:`, `raise E, message`.
MAYBE_PYTHON2 = re.compile(rb"^[ \t]*(?:print(?:[ \t]+[^\s(=.,)]|[ \t]*>>)|exec[ \t]+[\w'\"]|"
                           rb"except[ \t]+[^:\n]*,[ \t]*\w+[ \t]*:|raise[ \t]+[\w.]+[ \t]*,)", re.M)
MAX_LINES_NAMED = 12
UNCHECKED = "Python 2's `/` floors between ints, Python 3's does not: not checked"
USE_FLOOR = "write `//` where both sides are ints"


@dataclass(frozen=True)
class Conversion:
    """A Python 2 source made Python 3: its new bytes, the fixers that changed it, where it changed first,
    the lines (of the source as read) of the divisions not checked, and a map from new lines to those."""

    source: bytes
    fixers: tuple[str, ...]
    first_line: int
    divisions: tuple[int, ...]
    lines: list[int] | None  # line of the new source -> line of the source as read; None when they match
    tabs: int = 0  # lines whose indentation tabs were expanded to Python 2's 8 columns

    def original_line(self, line: int) -> int:
        return self.lines[line - 1] if self.lines is not None and 0 < line <= len(self.lines) else line

    def message(self) -> str:
        """The report: which fixers ran, and the divisions Python 2 may have floored."""
        text = f"rewritten from Python 2 by 2to3's fixers ({', '.join(self.fixers)})" if self.fixers else \
            "rewritten from Python 2"
        if self.tabs:
            text += f"; {_tabs(self.tabs)}"
        if self.divisions:
            lines = "line" + "s" * (len(self.divisions) > 1) + " " + _listed([str(n) for n in self.divisions])
            text += f"; {UNCHECKED} at {lines} ({USE_FLOOR})"
        return text


def may_be_python2(source: bytes) -> bool:
    """Whether a Python 2 statement may be in the text (checked before parsing a file with no other work)."""
    return MAYBE_PYTHON2.search(source) is not None


def to_python3(source: bytes, encoding: str | None = None) -> Conversion | None:
    """The source made Python 3 when it does not parse as Python 3 and parses as Python 2; else None (the
    caller's parse error stands). The output is checked to parse as Python 3. `encoding`: the bytes' (a
    notebook cell's are UTF-8 whatever it says), else the file's own (its coding line, or UTF-8)."""
    try:
        ast.parse(source)
        return None
    except (SyntaxError, ValueError):
        pass
    try:
        encoding = encoding or tokenize.detect_encoding(io.BytesIO(source).readline)[0]
        text = source.decode(encoding)
    except (SyntaxError, UnicodeDecodeError, LookupError):
        return None
    if text.startswith("\ufeff"):
        text = text[1:]
    ended = text.endswith(("\n", "\r"))
    refactored = _refactor(text if ended else text + "\n")
    if refactored is None:
        return None
    new, fixers = refactored
    new = new if ended else new[:-1]
    tabs = 0
    try:
        data = new.encode(encoding)
        try:
            tree = ast.parse(data)
        except TabError:  # Python 2 counted a tab as 8 columns; Python 3 refuses a mix whose meaning depends on it
            new, tabs = expand_indentation(new)
            data = new.encode(encoding)
            tree = ast.parse(data)
    except (SyntaxError, ValueError, UnicodeEncodeError):
        return None  # Python 2 that 2to3 does not make Python 3: the parse error stands
    lines = _line_map(text, new)
    first = next((i for i, (a, b) in enumerate(zip(text.splitlines(), new.splitlines(), strict=False), 1) if a != b),
                 1)
    divisions = tuple(sorted({lines[n - 1] if lines else n for n in _divisions(tree)}))
    return Conversion(data, tuple(fixers), first, divisions, lines, tabs)


def why_not_python3(source: bytes) -> str | None:
    """Why 2to3's fixers do not make this Python 2 into Python 3, in Python 3's words (`invalid syntax, line 2`:
    `async = True`, a name in Python 2 and a keyword since 3.7); None when it is not Python 2 either. Only asked
    once `to_python3` has given up, to name the file."""
    try:
        text = source.decode(tokenize.detect_encoding(io.BytesIO(source).readline)[0]).lstrip("\ufeff")
    except (SyntaxError, UnicodeDecodeError, LookupError):
        return None
    refactored = _refactor(text if text.endswith(("\n", "\r")) else text + "\n")
    if refactored is None:
        return None
    try:
        ast.parse(refactored[0])
    except SyntaxError as exc:
        return f"{exc.msg}, line {exc.lineno}"
    except ValueError as exc:
        return str(exc)
    return None


def notebook_message(cells: dict[int, Conversion]) -> str:
    """One report for a notebook's converted cells: which cells, which fixers, the divisions not checked."""
    fixers = [name for name in FIXERS if any(name in c.fixers for c in cells.values())]
    numbers = sorted(cells)
    text = (f"cell{'s' if len(numbers) > 1 else ''} {', '.join(map(str, numbers))} rewritten from Python 2 by "
            f"2to3's fixers ({', '.join(fixers)})")
    tabs = sum(c.tabs for c in cells.values())
    if tabs:
        text += f"; {_tabs(tabs)}"
    divisions = [f"cell {n} line {line}" for n in numbers for line in cells[n].divisions]
    if divisions:
        text += f"; {UNCHECKED} at {_listed(divisions)} ({USE_FLOOR})"
    return text


def _refactor(text: str) -> tuple[str, list[str]] | None:
    """2to3's output for `text`, and the fixers that changed something, in FIXERS' order; None when fissix
    cannot parse it (it is not Python 2 either)."""
    from fissix.pgen2.parse import ParseError
    from fissix.pgen2.tokenize import TokenError

    tool, applied = _tool()
    applied.clear()
    try:
        tree = tool.refactor_string(text, "<python 2>")
    except (ParseError, TokenError, IndentationError, SyntaxError):
        return None
    return str(tree), [name for name in FIXERS if name in applied]


_made: tuple | None = None


def _tool():
    """One RefactoringTool a process, its fixers' transforms wrapped to record which changed the tree."""
    global _made
    if _made is None:
        import fissix
        from fissix.pgen2 import driver, pgen

        driver.load_grammar = lambda grammar, *args, **kwargs: pgen.generate_grammar(grammar)  # no pickle cache
        from fissix.refactor import RefactoringTool

        tool = RefactoringTool([f"fissix.fixes.fix_{name}" for name in FIXERS])
        applied: set[str] = set()
        for fixer in tool.pre_order + tool.post_order:
            fixer.transform = _recording(fixer.transform, type(fixer).__module__.rsplit(".fix_", 1)[1], applied)
        _made = (tool, applied, fissix)
    return _made[0], _made[1]


def _recording(transform, name: str, applied: set[str]):
    """A fixer's transform that adds `name` to `applied` when it changed the tree (a new node, or the tree's
    text changed: some fixers edit in place, fix_reduce only adds an import)."""
    from fissix.fixer_util import find_root

    def transform_and_record(node, results):
        root = find_root(node)
        before = str(root)
        new = transform(node, results)
        if (new is not None and str(new) != str(node)) or str(root) != before:
            applied.add(name)
        return new

    return transform_and_record


def _line_map(before: str, after: str) -> list[int] | None:
    """Each line of `after` -> the line of `before` it comes from (a fixer adding lines, tuple_params, maps
    them to the line it rewrote); None when no line was added or removed."""
    old, new = before.splitlines(), after.splitlines()
    if len(old) == len(new):
        return None
    mapped = []
    for tag, i1, i2, j1, j2 in SequenceMatcher(a=old, b=new, autojunk=False).get_opcodes():
        for j in range(j1, j2):
            mapped.append(i1 + min(j - j1, max(i2 - i1 - 1, 0)) + 1 if tag != "insert" else max(i1, 1))
    return mapped


def _divisions(tree: ast.Module) -> list[int]:
    """Lines with a `/` (or `/=`) Python 2 may have floored: neither side a float literal or `float(...)`,
    and no `from __future__ import division` in the file."""
    if any(isinstance(node, ast.ImportFrom) and node.module == "__future__" and
           any(alias.name == "division" for alias in node.names) for node in tree.body):
        return []
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
            sides = (node.left, node.right)
        elif isinstance(node, ast.AugAssign) and isinstance(node.op, ast.Div):
            sides = (node.target, node.value)
        else:
            continue
        if not any(_float(side) for side in sides):
            found.append(node.lineno)
    return found


def _float(node: ast.expr) -> bool:
    """Whether an expression is a float whatever its names hold: a float literal, `float(...)`, or arithmetic
    with one (`(float(hits) + tiny) / total`)."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, float)
    if isinstance(node, ast.UnaryOp):
        return _float(node.operand)
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.Pow)):
        return _float(node.left) or _float(node.right)
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "float"


def _tabs(count: int) -> str:
    """What the report says of expanded indentation."""
    return f"tabs in the indentation of {count} line{'s' * (count > 1)} expanded to 8 columns, as Python 2 read them"


def _listed(items: list[str]) -> str:
    """`a, b, c`, the first MAX_LINES_NAMED of them, and how many more."""
    more = f" and {len(items) - MAX_LINES_NAMED} more" if len(items) > MAX_LINES_NAMED else ""
    return ", ".join(items[:MAX_LINES_NAMED]) + more
