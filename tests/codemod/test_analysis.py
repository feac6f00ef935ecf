"""analysis: a module's code printed once per version, top-level statements of the version before taken as printed."""

import libcst as cst
import pytest

from migrate.codemod import analysis
from migrate.codemod.walk import parse_module

analysis.install()
SOURCES = [
    "import keras\n\n\ndef f(x):\n    return keras.layers.Dense(x)\n\n\nclass A:\n    pass\n# the end\n",
    "x = 1\r\nif x:\r\n\ty = 2\r\n",  # CRLF, tabs
    "# only a comment",  # no trailing newline
    "x = 1",
    "",
    "\n",
]


@pytest.mark.parametrize("source", SOURCES)
def test_each_version_prints_as_libcst_prints_it(source):
    """A chain of versions, each sharing statements with the one before (as a rule's pass leaves them): every one
    prints what LibCST's own printer prints, whether its statements were printed before or not."""
    module = parse_module(source)
    versions = [module]
    for index in range(len(module.body)):  # each statement in turn replaced by a new one, the others kept
        body = list(versions[-1].body)
        body[index] = cst.parse_statement("z = 3\n")
        versions.append(versions[-1].with_changes(body=body))
    versions.append(versions[-1].with_changes(has_trailing_newline=not versions[-1].has_trailing_newline))
    versions.append(versions[-1].with_changes(body=versions[-1].body[:1], default_newline="\r\n"))
    versions.append(versions[-1].with_changes(default_indent="  "))
    for version in versions:
        assert analysis._print(version) == analysis._print_module(version)
        assert version.code == analysis._print_module(version)


def test_statements_printed_before_are_not_printed_again(monkeypatch):
    """The point of it: a version that shares a statement with the module printed before takes its tokens."""
    module = parse_module("def f():\n    return 1\n\n\nx = 2\n")
    analysis._print(module)
    printed = []
    codegen = cst.FunctionDef._codegen
    monkeypatch.setattr(cst.FunctionDef, "_codegen", lambda self, state, **kw: (printed.append(self), codegen(self, state, **kw))[1])
    changed = module.with_changes(body=[module.body[0], cst.parse_statement("x = 3\n")])
    assert analysis._print(changed) == "def f():\n    return 1\nx = 3\n"  # (the blank lines were x = 2's)
    assert printed == []
    assert analysis._print(module.deep_clone()) == "def f():\n    return 1\n\n\nx = 2\n" and len(printed) == 1
