"""The expression-context table of `codemod.contexts` is LibCST's, node for node and in the same order."""

from __future__ import annotations

import libcst as cst
import pytest
from libcst.metadata.expression_context_provider import ExpressionContext, ExpressionContextVisitor

from migrate.codemod.contexts import _walk

SOURCES = [
    "a = b\nx, *y = [c, d]\ndel e[f], g.h\nk: int = m\nn += 1\n",
    "if (w := v) > 0:\n    print(w)\n",
    "for i, (j, k) in enumerate(z):\n    q[i:j, ::2] = k\nelse:\n    r = [t for t in u if t for s in t]\n",
    "@deco(arg)\nclass C(Base, metaclass=M):\n    x: list[int] = []\n    def f(self, a: int = 1, *args, b=c, **kw) -> R:\n"
    "        global g\n        with open(p) as (h, i):\n            return {k: v for k, v in kw.items()}, lambda y=z: y\n",
    "import os.path as osp\nfrom keras import backend as K, layers\ntry:\n    pass\nexcept E as err:\n    raise\n",
    "async def g():\n    async for a in b:\n        await c\n    x = yield\n    f'{d!r:>{e}}'\n",
]


class _Recorder:
    """What LibCST's visitor calls `set_metadata` with, in order."""

    def __init__(self) -> None:
        self.calls: list[tuple[int, ExpressionContext]] = []

    def set_metadata(self, node: cst.CSTNode, value: ExpressionContext) -> None:
        self.calls.append((id(node), value))


@pytest.mark.parametrize("source", SOURCES)
def test_same_contexts_in_the_same_order_as_libcst(source: str) -> None:
    module = cst.parse_module(source)
    recorder = _Recorder()
    module.visit(ExpressionContextVisitor(recorder, ExpressionContext.LOAD))
    table: dict[cst.CSTNode, ExpressionContext] = {}
    _walk(module, ExpressionContext.LOAD, table)
    expected = dict(recorder.calls)  # a node set twice keeps its last context, as LibCST's table does
    assert [(id(node), value) for node, value in table.items()] == list(expected.items())
    assert ExpressionContext.STORE in table.values()


@pytest.mark.parametrize("source", SOURCES)
def test_the_installed_provider_gives_libcsts_table(source: str) -> None:
    """Through MetadataWrapper, as the engine resolves it: the walk must be the one the batched provider calls."""
    from libcst.metadata import ExpressionContextProvider, MetadataWrapper

    from migrate.codemod.contexts import install

    module = cst.parse_module(source)
    recorder = _Recorder()
    module.visit(ExpressionContextVisitor(recorder, ExpressionContext.LOAD))
    install()
    table = MetadataWrapper(module, unsafe_skip_copy=True).resolve(ExpressionContextProvider)
    assert {id(node): value for node, value in table.items()} == dict(recorder.calls)


def test_scope_analysis_in_the_engine_sees_a_local_that_shadows_an_import() -> None:
    """`from keras.layers import merge`, then `merge = concatenate(convs)` in a function (sssirus/QA-keras): the
    function's `merge` is its own local, not a read of the import."""
    from libcst.metadata import ScopeProvider

    import migrate.codemod.engine  # noqa: F401 - installs the engine's walks, as a run does
    from migrate.codemod.analysis import Analysis

    analysis = Analysis(cst.parse_module("from keras.layers import merge\n\ndef f(convs):\n"
                                         "    merge = concatenate(convs)\n    return merge\n"))
    imported = analysis.module.body[0].body[0]
    scope = analysis.table(ScopeProvider)[imported]
    assert [len(assignment.references) for assignment in scope.assignments["merge"]] == [0]
