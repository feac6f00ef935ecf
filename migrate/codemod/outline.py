"""What Python's own parser tells of a file, gathered in one walk: the rules' second look before LibCST's parse.

A rule's trigger words are read in the file's text (`Rule.triggered`), and a word is often there for nothing:
`function` in a comment, `weights=` given to an application (`VGG16(weights='imagenet')`), `Input` imported from
`keras.layers`, where Keras 3 has it. Over real training code about half the files that LibCST parsed for some rule
came out unchanged and unreported. The engine reads each such file with Python's `ast` anyway (before LibCST's
parse: `ast` rejects what LibCST's parser lets through), and walking that tree costs a fraction of LibCST's parse, so
a rule may look at this outline (`Rule.relevant`) and say it has nothing to do, before the parse is paid for.
An outline only ever says where a rule cannot act; each rule's test of it mirrors the tests its own walk makes.
"""

from __future__ import annotations

import ast
from collections.abc import Collection
from dataclasses import dataclass, field

from migrate.codemod.names import public


@dataclass(frozen=True)
class Call:
    """One call: its callee as LibCST's `get_full_name_for_node` spells it (None where it has no name), its
    keywords, and how many positional arguments it is given (not counting `*args`)."""

    callee: str | None
    keywords: frozenset[str]
    positional: int = 0


@dataclass(frozen=True)
class Outline:
    """A file's dotted names, imports and calls."""

    dotted: frozenset[tuple[str, ...]]  # `a.b.c` (each attribute of names only): ("a", "b", "c"), and ("a", "b")
    # `from ..module import a, b as c`: (dots, module or "", ((name, asname or None), ...)); `import *` is ("*", None)
    from_imports: tuple[tuple[int, str, tuple[tuple[str, str | None], ...]], ...]
    imports: tuple[tuple[str, str | None], ...]  # `import a.b as c`: (dotted name, asname or None)
    calls: tuple[Call, ...]
    tree: ast.Module | None = field(default=None, compare=False, repr=False)  # for a rule's own look at the tree

    @property
    def star(self) -> bool:
        """Whether the file has a `from ... import *` (anywhere)."""
        return any(name == "*" for _, _, names in self.from_imports for name, _ in names)

    @classmethod
    def of(cls, tree: ast.Module) -> Outline:
        """The outline of a parsed file, in one walk of its tree."""
        dotted: set[tuple[str, ...]] = set()
        from_imports: list[tuple[int, str, tuple[tuple[str, str | None], ...]]] = []
        imports: list[tuple[str, str | None]] = []
        calls: list[Call] = []
        for node in ast.walk(tree):
            kind = type(node)
            if kind is ast.Attribute:
                name = full_name(node)
                if name is not None and not name.startswith("None."):
                    dotted.add(tuple(name.split(".")))
            elif kind is ast.Call:
                calls.append(Call(full_name(node.func), frozenset(k.arg for k in node.keywords if k.arg is not None),
                                  sum(not isinstance(arg, ast.Starred) for arg in node.args)))
            elif kind is ast.ImportFrom:
                from_imports.append((node.level, node.module or "", tuple((a.name, a.asname) for a in node.names)))
            elif kind is ast.Import:
                imports.extend((alias.name, alias.asname) for alias in node.names)
        return cls(frozenset(dotted), tuple(from_imports), tuple(imports), tuple(calls), tree)

    def names_for(self, wanted: Collection[str], survey: object = None) -> set[str]:
        """The last names under which a call may reach one of `wanted` (the last names of qualified names), as
        `names.resolve` would resolve them: each itself, an import's alias of it (`from keras.layers import
        DepthwiseConv2D as DW`), and a name a module of the run re-exports it as (`Survey.passed_on`: `from utils
        import DW`, utils.py importing it so)."""
        found = set(wanted)
        found |= {asname for _, _, names in self.from_imports for name, asname in names if asname and name in wanted}
        found |= {key.rpartition(".")[2] for key, origin in getattr(survey, "passed_on", ())
                  if origin.rpartition(".")[2] in wanted}
        return found

    def qualified(self, survey: object = None) -> dict[tuple[str, ...], set[str]]:
        """Each dotted name's qualified names, as `names.resolve` makes them of LibCST's: through the imports that
        bind its first part (`tf.gfile.GFile` -> `tensorflow.gfile.GFile`), with the public name of one in
        TensorFlow's generated packages (`names.public`) and the origin of one a module of the run re-exports (its
        first part a package of the run, matched by its last two parts: `Survey.passed_on`). Not through a star
        import: a rule that follows those asks `star` first."""
        bound = self.bindings()
        passed_on = dict(getattr(survey, "passed_on", ()))
        packages = getattr(survey, "packages", frozenset())
        found: dict[tuple[str, ...], set[str]] = {}
        for dotted in self.dotted:
            names = {".".join((path, *dotted[1:])) for path in bound.get(dotted[0], ())}
            names |= {public(name) for name in names}
            names |= {passed_on[key] for name in names if name.split(".")[0] in packages
                      for key in [".".join(name.split(".")[-2:])] if key in passed_on}
            if names:
                found[dotted] = names
        return found

    def bindings(self) -> dict[str, set[str]]:
        """The names the file's imports bind, each with the dotted paths it is bound to (anywhere in the file: a
        name imported in two places, or in a try and its except, has both): LibCST's qualified names start so."""
        bound: dict[str, set[str]] = {}
        for level, module, names in self.from_imports:
            if not level:
                for name, asname in names:
                    bound.setdefault(asname or name, set()).add(f"{module}.{name}")
        for name, asname in self.imports:
            bound.setdefault(asname or name.split(".")[0], set()).add(name if asname else name.split(".")[0])
        return bound


def full_name(node: ast.expr) -> str | None:
    """A callee's dotted name as LibCST's `get_full_name_for_node` makes it: a name, an attribute of anything, and
    the callee of a call or the value of a subscript by theirs; None for anything else (a lambda, a literal)."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return f"{full_name(node.value)}.{node.attr}"  # LibCST's too: `None.attr` where the value has no name
    if isinstance(node, ast.Call):
        return full_name(node.func)
    if isinstance(node, ast.Subscript):
        return full_name(node.value)
    return None
