"""`from keras.backend import mean` that nothing reads -> gone, where Keras 3 / TensorFlow 2 lack the name.

Legacy scripts import more than they use (CycleGAN-Keras's `from keras.backend import mean`, neural collaborative
filtering's `from keras.regularizers import l1l2, activity_l2`), and an earlier rule may have rewritten the last use
(`AtrousConvolution2D(...)` -> `Conv2D(...)`, `ksum(x)` -> `keras.ops.sum(x)`). Under Keras 2 such an import only
bound a name nobody read; under Keras 3 it stops the script with an ImportError. Looked up in the installed packages
(`api_surface`, as the last pass does), a name that is missing and read nowhere in the file goes from its import
(the statement with it when it was the last). A name another file of the run may take from this module stays
(`from model import mean`, `model.mean`, `from model import *` in a file that spells `mean`, or that is star-imported
in turn: `Survey.taken`), as does every import of a package's
`__init__.py` or of a file with `__all__` (what they import is what they offer), and is reported by the last pass.
In a notebook, a cell's import goes when neither the cell nor any cell after it spells the name (the rules see
a cell with a last line naming the words of the later cells that it has); the imports of the cells before it,
which the rules see above it, are theirs.
Runs before `legacy_import_paths`, which then neither moves nor reports what went.
"""

from __future__ import annotations

import re

import libcst as cst
from libcst.metadata import ScopeProvider

from migrate.codemod.api_surface import surface
from migrate.codemod.factories import module_of
from migrate.codemod.names import keras_from_imports
from migrate.codemod.notebooks import cell_start
from migrate.codemod.rule import DropsStatements
from migrate.codemod.syntax import code, names_in


def _gone(module: str, name: str) -> bool:
    """Whether `module.name` is a Keras or TensorFlow name the installed packages lack (the module itself, or the
    name in it)."""
    api = surface()
    return api.covers(module) and not api.exists(f"{module}.{name}")


# `import keras.engine as KE`: a module imported under a name of its own (read from the text)
ALIASED = re.compile(rb"^[ \t]*import[ \t]+((?:keras|tensorflow)(?:\.\w+)+)[ \t]+as[ \t]+\w+", re.MULTILINE)


class UnreadGoneImports(DropsStatements):
    NAME = "unread_gone_imports"
    ORDER = 65  # after the rules that rewrite uses away, before legacy_import_paths (70), which reports the rest
    DESCRIPTION = "from keras... import a name Keras 3 / TensorFlow 2 lack that the file never reads -> gone"
    METADATA_DEPENDENCIES = (ScopeProvider,)

    @classmethod
    def triggered(cls, source: bytes, survey: object = None) -> bool:
        """A from-import of a Keras or TensorFlow name the installed packages lack (read from the text; the parse
        then tells whether the file reads it)."""
        if b"__all__" in source:
            return False
        return any(_gone(module, name) for module, name, _ in keras_from_imports(source, top_level=False)) or \
            any(_gone(*dotted.decode().rpartition(".")[::2]) for dotted in ALIASED.findall(source))

    def visit_Module(self, node: cst.Module) -> None:
        filename = self.context.filename or "<string>.py"
        taken = getattr(self.context.scratch.get("survey"), "taken", frozenset())
        self.module_name = module_of(filename)
        # the imports of the cells before a notebook cell (its preamble) serve cells this one does not see
        self.offered = filename.endswith("__init__.py") or filename == "<preamble>" or \
            f"{self.module_name}.*" in taken
        # a notebook cell is read after its preamble, down to the line naming the words of the cells after it
        start = cell_start(node) if ".ipynb" in filename else None
        self.cell_begins = node.body[start] if start is not None else None
        self.in_cell = ".ipynb" not in filename
        self.taken = taken
        self.read = {name.value for name in names_in(node)}  # outside imports: what the file reads or binds

    def visit_SimpleStatementLine(self, node: cst.SimpleStatementLine) -> None:
        if node is self.cell_begins:
            self.in_cell = True

    def leave_ImportFrom(self, original: cst.ImportFrom,
                         updated: cst.ImportFrom) -> cst.ImportFrom | cst.RemovalSentinel:
        if self.offered or not self.in_cell or updated.module is None or updated.relative or \
                isinstance(updated.names, cst.ImportStar):
            return updated
        module = code(updated.module)
        return self._without(updated, [alias for alias in updated.names
                                       if not self._unread_gone(module, alias, self._unread(original, alias))])

    def leave_Import(self, original: cst.Import, updated: cst.Import) -> cst.Import | cst.RemovalSentinel:
        """`import keras.engine as KE` that nothing reads as KE: gone with the module (hwangyale/AlphaGomoku's
        utils). Without `as`, the import binds `keras`, which the file may read: it stays."""
        if self.offered or not self.in_cell:
            return updated
        return self._without(updated, [alias for alias in updated.names if alias.asname is None
                                       or "." not in code(alias.name)
                                       or not self._unread_gone_module(alias, self._unread(original, alias))])

    def _without(self, updated: cst.Import | cst.ImportFrom, kept: list[cst.ImportAlias]
                 ) -> cst.Import | cst.ImportFrom | cst.RemovalSentinel:
        """The import with only the names `kept` (the others counted as converted), or removed when none is."""
        if len(kept) == len(updated.names):
            return updated
        self.converted(len(updated.names) - len(kept))
        if not kept:
            return cst.RemovalSentinel.REMOVE
        kept[-1] = kept[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
        return updated.with_changes(names=kept)

    def _unread(self, statement: cst.Import | cst.ImportFrom, alias: cst.ImportAlias) -> bool:
        """Whether nothing reads the name this import binds: not spelled outside imports, or spelled only where
        another binding shadows it (sssirus/QA-keras: `from keras.layers import merge`, then `merge =
        concatenate(convs)` and its reads inside a function, whose own local that is)."""
        local = code(alias.asname.name) if alias.asname else code(alias.name)
        if local not in self.read:
            return True
        scope = self.get_metadata(ScopeProvider, statement, None)
        if scope is None or local not in scope.assignments:
            return False
        return not any(assignment.references for assignment in scope.assignments[local]
                       if getattr(assignment, "node", None) is statement)

    def _unread_gone_module(self, alias: cst.ImportAlias, unread: bool) -> bool:
        local = code(alias.asname.name)
        parent, _, name = code(alias.name).rpartition(".")
        return unread and f"{self.module_name}.{local}" not in self.taken and _gone(parent, name)

    def _unread_gone(self, module: str, alias: cst.ImportAlias, unread: bool) -> bool:
        local = code(alias.asname.name) if alias.asname else code(alias.name)
        return unread and f"{self.module_name}.{local}" not in self.taken and _gone(module, code(alias.name))
