"""The engine's shortcuts through LibCST change nothing a rule can see: a read-only walk makes the same calls
in the same order as LibCST's own, and the metadata made on demand is the metadata LibCST's providers make."""

from __future__ import annotations

from pathlib import Path

import libcst as cst
import pytest
from libcst._nodes.expression import _BaseParenthesizedNode
from libcst._nodes.internal import CodegenState
from libcst.metadata import (
    ExpressionContextProvider,
    MetadataWrapper,
    ParentNodeProvider,
    PositionProvider,
    QualifiedNameProvider,
    ScopeProvider,
)
from libcst.metadata.position_provider import PositionProvidingCodegenState
from libcst.metadata.scope_provider import ScopeVisitor

import migrate.codemod.engine  # noqa: F401  (installs the walk, as every run does)
from migrate.codemod import walk
from migrate.codemod.analysis import Analysis

HERE = Path(__file__).parent
SOURCES = sorted([*HERE.glob("corpus/*.py"), *HERE.glob("real/*.py"), *HERE.glob("scripts/*.py")])
TRICKY = '''
from . import sibling
from .pkg import (a as b, c)
from keras.layers import *
x = f"{value!r:>{width}} {other=}"
def g[T: int = str](*args: T, **kw) -> T:
    global counter
    return [y async for y in args if (z := y)]
'''


def sources() -> list[tuple[str, str]]:
    return [(path.name, path.read_text()) for path in SOURCES] + [("tricky", TRICKY),
            ("crlf, no last newline", TRICKY.replace("\n", "\r\n").rstrip() + "  # end"),
            ("cr in a string", 'x = """a\rb\r\nc"""\nif x:\n\tpass\n')]


class Recorder(cst.CSTVisitor):
    """Every call a walk makes, field calls included."""

    def __init__(self) -> None:
        super().__init__()
        self.calls: list[tuple] = []

    def on_visit(self, node: cst.CSTNode) -> bool:
        self.calls.append(("visit", id(node)))
        return not isinstance(node, cst.Lambda)  # a visitor may skip a subtree

    def on_leave(self, node: cst.CSTNode) -> None:
        self.calls.append(("leave", id(node)))

    def on_visit_attribute(self, node: cst.CSTNode, attribute: str) -> None:
        self.calls.append(("enter", id(node), attribute))

    def on_leave_attribute(self, node: cst.CSTNode, attribute: str) -> None:
        self.calls.append(("exit", id(node), attribute))


class NodeRecorder(cst.CSTVisitor):
    """Node calls only: walked without LibCST's two lookups at each field."""

    def __init__(self) -> None:
        super().__init__()
        self.calls: list[tuple] = []

    def on_visit(self, node: cst.CSTNode) -> bool:
        self.calls.append(("visit", id(node)))
        return True

    def on_leave(self, node: cst.CSTNode) -> None:
        self.calls.append(("leave", id(node)))


class FieldListener(cst.CSTVisitor):
    def visit_Call_func(self, node: cst.Call) -> None:
        pass


def libcst_walk(tree: cst.Module, visitor: cst.CSTVisitor) -> None:
    walk._original_visit(tree, visitor)


@pytest.mark.parametrize(("name", "source"), sources())
def test_a_read_only_walk_makes_libcsts_calls_in_libcsts_order(name, source):
    tree = cst.parse_module(source)
    for kind in (Recorder, NodeRecorder):
        theirs, ours = kind(), kind()
        libcst_walk(tree, theirs)
        assert tree.visit(ours) is tree
        assert ours.calls == theirs.calls, name


@pytest.mark.parametrize(("name", "source"), sources())
def test_nodes_are_the_nodes_libcst_visits(name, source):
    tree = cst.parse_module(source)
    visited = NodeRecorder()
    libcst_walk(tree, visited)
    assert sorted(id(node) for node in walk.nodes(tree)) == sorted(i for what, i in visited.calls if what == "visit")


def test_field_listeners_are_told_apart():
    assert not walk.listens_to_fields(NodeRecorder())
    assert walk.listens_to_fields(Recorder())  # its own on_visit_attribute
    assert walk.listens_to_fields(FieldListener())  # a visit_<Node>_<field> method



class Renamer(cst.CSTTransformer):
    def leave_Name(self, original: cst.Name, updated: cst.Name) -> cst.Name:
        return updated.with_changes(value=updated.value.upper())


class FieldRenamer(Renamer):
    def leave_Call_func(self, node: cst.Call) -> None:
        self.seen = getattr(self, "seen", 0) + 1


def test_a_transformer_listening_at_fields_is_called_there():
    tree = cst.parse_module("f(x, y=g(z))\n")
    listening = FieldRenamer()
    assert walk.transform(tree, listening).code == tree.visit(Renamer()).code == "F(X, Y=G(Z))\n"
    assert listening.seen == 2


def libcst_metadata(tree: cst.Module, monkeypatch) -> dict:
    """What LibCST's own providers give, walking as LibCST walks."""
    with monkeypatch.context() as patch:
        patch.setattr(cst.CSTNode, "visit", walk._original_visit)
        patch.setattr(ScopeVisitor, "on_leave", walk._original_scope_on_leave)
        patch.setattr(CodegenState, "record_syntactic_position", walk._original_no_position)
        patch.setattr(PositionProvidingCodegenState, "record_syntactic_position", walk._original_position)
        patch.setattr(_BaseParenthesizedNode, "_parenthesize", walk._original_parenthesize)
        patch.setattr(PositionProvider, "_gen", walk._original_positions)
        wrapper = MetadataWrapper(tree, unsafe_skip_copy=True)
        return wrapper.resolve_many([QualifiedNameProvider, ScopeProvider, ParentNodeProvider,
                                     ExpressionContextProvider, PositionProvider])


@pytest.mark.parametrize(("name", "source"), sources())
def test_metadata_on_demand_is_libcsts_metadata(name, source, monkeypatch):
    tree = cst.parse_module(source)
    theirs = libcst_metadata(tree, monkeypatch)
    analysis = Analysis(tree)
    ours = analysis.tables([QualifiedNameProvider, ScopeProvider, ParentNodeProvider, ExpressionContextProvider,
                            PositionProvider])
    everything = list(walk.nodes(tree))
    names = theirs[QualifiedNameProvider]
    for node in everything:
        expected = names[node]
        expected = expected() if callable(expected) else expected
        assert ours[QualifiedNameProvider][node] == expected, (name, node)
    assert len(names) == len(everything)
    for provider in (ScopeProvider, ParentNodeProvider, ExpressionContextProvider, PositionProvider):
        assert set(ours[provider]) == set(theirs[provider]), provider
        for node, value in theirs[provider].items():
            if provider is ScopeProvider:
                assert type(ours[provider][node]) is type(value)
                assert ours[provider][node]._assignment_count == value._assignment_count
            elif provider is not PositionProvider:
                assert ours[provider][node] == value or ours[provider][node] is value
            else:
                assert ours[provider][node] == value


def test_a_node_not_in_the_tree_has_no_qualified_names():
    analysis = Analysis(cst.parse_module("from keras.utils import multi_gpu_model\nmulti_gpu_model(m, 2)\n"))
    names = analysis.table(QualifiedNameProvider)
    call = analysis.module.body[1].body[0].value
    assert {n.name for n in names[call.func]} == {"keras.utils.multi_gpu_model"}
    rebuilt = call.func.with_changes()
    assert names.get(rebuilt, "default") == "default"
    with pytest.raises(KeyError):
        names[rebuilt]


class NamedRecorder(cst.CSTVisitor):
    """LibCST's own dispatch by method name: node methods, one that skips a subtree, field methods."""

    def __init__(self) -> None:
        super().__init__()
        self.calls: list[tuple] = []

    def visit_Name(self, node: cst.Name) -> None:
        self.calls.append(("visit Name", id(node)))

    def leave_Name(self, node: cst.Name) -> None:
        self.calls.append(("leave Name", id(node)))

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        self.calls.append(("visit Lambda", id(node)))
        return False

    def visit_Attribute(self, node: cst.Attribute) -> None:
        self.calls.append(("visit Attribute", id(node)))
        return None  # only False skips the children

    def visit_Call_func(self, node: cst.Call) -> None:
        self.calls.append(("enter func", id(node)))

    def leave_Call_args(self, node: cst.Call) -> None:
        self.calls.append(("exit args", id(node)))

    def leave_ImportFrom_names(self, node: cst.ImportFrom) -> None:
        self.calls.append(("exit names", id(node)))


@pytest.mark.parametrize(("name", "source"), sources())
def test_a_visitor_dispatching_by_name_gets_libcsts_calls(name, source):
    tree = cst.parse_module(source)
    theirs, ours = NamedRecorder(), NamedRecorder()
    libcst_walk(tree, theirs)
    tree.visit(ours)
    assert ours.calls == theirs.calls, name


class TransformerRecorder(cst.CSTTransformer):
    """Records what a transformer is called with; `change` names the node classes its leave_ rebuilds,
    `remove` those it removes, `flatten` those it doubles."""

    def __init__(self, change: str = "", remove: str = "", flatten: str = "") -> None:
        super().__init__()
        self.calls: list[tuple] = []
        self.change, self.remove, self.flatten = change.split(), remove.split(), flatten.split()

    def on_visit(self, node: cst.CSTNode) -> bool:
        self.calls.append(("visit", type(node).__name__, id(node)))
        return not isinstance(node, cst.Lambda)

    def on_leave(self, original: cst.CSTNode, updated: cst.CSTNode):
        self.calls.append(("leave", type(original).__name__, id(original), cst.Module([updated]).code
                           if isinstance(updated, cst.BaseStatement) else updated.deep_equals(original)))
        kind = type(original).__name__
        if kind in self.remove:
            return cst.RemovalSentinel.REMOVE
        if kind in self.flatten:
            return cst.FlattenSentinel([updated, updated.deep_clone()])
        if kind in self.change:
            return updated.with_changes(value=updated.value.upper()) if isinstance(updated, cst.Name) else \
                updated.with_changes()
        return updated


TRANSFORMS = [{}, {"change": "Name"}, {"change": "Arg Call"}, {"remove": "Expr"}, {"remove": "SimpleStatementLine"},
              {"remove": "Comma"}, {"remove": "Arg", "change": "Name"}, {"flatten": "SimpleStatementLine"},
              {"remove": "ImportAlias"}, {"flatten": "Arg"}, {"remove": "Decorator Param"}]


@pytest.mark.parametrize(("name", "source"), sources())
def test_transform_makes_libcsts_calls_and_libcsts_tree(name, source):
    tree = cst.parse_module(source)
    for how in TRANSFORMS:
        theirs, ours = TransformerRecorder(**how), TransformerRecorder(**how)
        try:
            expected = walk._original_visit(tree, theirs)
        except (TypeError, cst.CSTValidationError) as error:
            with pytest.raises(type(error)):
                walk.transform(tree, ours)
            assert ours.calls == theirs.calls, (name, how)
            continue
        result = walk.transform(tree, ours)
        assert ours.calls == theirs.calls, (name, how)
        assert result.code == expected.code, (name, how)
        assert result.deep_equals(expected), (name, how)
        if not how and not any(type(node) is cst.TypeParam for node in walk.nodes(tree)):
            assert result is tree  # nothing changed: nothing rebuilt (a TypeParam goes through LibCST's pass)


def test_transform_keeps_what_did_not_change():
    tree = cst.parse_module("import os\n\ndef f(x):\n    return g(x, y=1)\n")

    class Renamer(cst.CSTTransformer):
        def leave_Arg(self, original: cst.Arg, updated: cst.Arg) -> cst.Arg:
            return updated.with_changes(keyword=cst.Name("z")) if original.keyword is not None else updated

    result = walk.transform(tree, Renamer())
    assert result.code == "import os\n\ndef f(x):\n    return g(x, z=1)\n"
    assert result.body[0] is tree.body[0]  # the import, untouched, is the same node
    assert result.body[1] is not tree.body[1]


def test_a_module_is_printed_once_and_a_changed_one_anew():
    source = "import os\nx = f(1)\n"
    tree = cst.parse_module(source)
    Analysis(tree, source)  # the file as read stands for its code
    assert tree.code == source
    changed = walk.transform(tree, Renamer())
    assert changed.code == "import OS\nX = F(1)\n" and tree.code == source
    assert changed.code is changed.code  # printed once


def test_scope_analysis_on_leave_is_libcsts_with_the_class_test_looked_up_once():
    # walk._scope_on_leave copies this method of LibCST's: a LibCST that changes it must be looked at again
    import inspect
    import textwrap as text
    assert text.dedent(inspect.getsource(walk._original_scope_on_leave)) == text.dedent("""\
        def on_leave(self, original_node: cst.CSTNode) -> None:
            self.provider.set_metadata(original_node, self.scope)
            if isinstance(original_node, _ASSIGNMENT_LIKE_NODES):
                self.scope._assignment_count += 1
            super().on_leave(original_node)
    """)
    assert ScopeVisitor.__mro__[1] is cst.CSTVisitor  # what `super()` there reaches


@pytest.mark.parametrize(("name", "source"), sources())
def test_printing_without_generator_contexts_is_libcsts_printing(name, source, monkeypatch):
    tree = cst.parse_module(source)
    ours = tree.code
    with monkeypatch.context() as patch:
        patch.setattr(CodegenState, "record_syntactic_position", walk._original_no_position)
        theirs = cst.Module.code.fget(tree)
    assert ours == theirs == source
    assert CodegenState.record_syntactic_position is not walk._original_no_position  # the shortcut is on


def test_positions_recorded_when_printing_fails_are_libcsts(monkeypatch):
    # LibCST records a node's range in a `finally`: on the way out of a failed print too
    from libcst.metadata import PositionProvider

    class Broken(cst.Name):
        def _codegen_impl(self, state, default_semicolon=False):
            raise RuntimeError("cannot print")

    class Break(cst.CSTTransformer):
        def leave_Name(self, original, updated):
            return Broken(updated.value) if updated.value == "y" else updated

    tree = cst.parse_module("x = 1\nz = f(a, y)\n").visit(Break())

    def recorded() -> list:
        provider = PositionProvider()
        with pytest.raises(RuntimeError):
            provider._gen_impl(tree)
        return sorted((type(node).__name__, str(where)) for node, where in provider._computed.items())

    ours = recorded()
    with monkeypatch.context() as patch:
        patch.setattr(PositionProvidingCodegenState, "record_syntactic_position", walk._original_position)
        patch.setattr(_BaseParenthesizedNode, "_parenthesize", walk._original_parenthesize)
        patch.setattr(PositionProvider, "_gen", walk._original_positions)
        theirs = recorded()
    assert ours == theirs and ours


@pytest.mark.parametrize(("name", "source"), sources())
def test_preorder_is_the_order_libcst_visits(name, source):
    tree = cst.parse_module(source)
    visited = NodeRecorder()
    libcst_walk(tree, visited)
    assert [id(node) for node in walk.preorder(tree)] == [i for what, i in visited.calls if what == "visit"]


def matchers() -> list:
    import libcst.matchers as m
    return [m.Call(), m.FunctionDef() | m.ClassDef(), m.Name("x"), m.Call(func=m.Name() | m.Attribute(attr=m.Name("fit"))),
            m.Call(args=[m.ZeroOrMore(), m.Arg(keyword=m.Name())]), m.SaveMatchedNode(m.Name(), "name"),
            m.Name(metadata=m.MatchMetadataIfTrue(ParentNodeProvider, lambda parent: isinstance(parent, cst.Call))),
            m.MatchIfTrue(lambda node: isinstance(node, cst.Integer)), m.DoesNotMatch(m.Name()),
            m.Name() & m.Name("y"), m.TypeOf(m.Name, m.Attribute)()]


@pytest.mark.parametrize(("name", "source"), sources())
def test_a_matcher_search_finds_what_libcsts_finds(name, source):
    import libcst.matchers as m
    tree = cst.parse_module(source)
    wrapper = MetadataWrapper(tree, unsafe_skip_copy=True)
    for matcher in matchers():
        for where, resolver in ((tree, None), (tree, wrapper), (wrapper, None), (tree.body[-1], wrapper)):
            try:
                theirs = walk._original_find_or_extract_all(where, matcher, metadata_resolver=resolver)
            except LookupError:  # a metadata matcher without metadata
                with pytest.raises(LookupError):
                    walk._find_or_extract_all(where, matcher, metadata_resolver=resolver)
                continue
            ours = walk._find_or_extract_all(where, matcher, metadata_resolver=resolver)
            assert [id(node) for node in ours[0]] == [id(node) for node in theirs[0]], (name, matcher)
            assert ours[1] == theirs[1], (name, matcher)
        assert m.findall(tree, matcher, metadata_resolver=wrapper) == \
            walk._original_find_or_extract_all(tree, matcher, metadata_resolver=wrapper)[0]


def test_a_search_asks_only_the_node_classes_a_matcher_can_match():
    import libcst.matchers as m
    assert walk._kinds(m.Call()) == {"Call"}
    assert walk._kinds(m.FunctionDef() | m.ClassDef(name=m.Name("A"))) == {"FunctionDef", "ClassDef"}
    for anything in (m.MatchIfTrue(bool), m.DoesNotMatch(m.Name()), m.Name() & m.Name("y"),
                     m.SaveMatchedNode(m.Name(), "n"), m.Call() | m.MatchIfTrue(bool)):
        assert walk._kinds(anything) is None  # walked as LibCST walks: it may match a node of any class
    assert matcher_base_findall_is_ours()


def matcher_base_findall_is_ours() -> bool:
    import libcst.matchers._matcher_base as matcher_base
    return matcher_base._find_or_extract_all is walk._find_or_extract_all


@pytest.mark.parametrize(("name", "source"), sources())
def test_printing_with_parentheses_as_a_class_is_libcsts_printing(name, source, monkeypatch):
    tree = cst.parse_module(source)
    ours = cst.Module.code.fget(tree)
    with monkeypatch.context() as patch:
        patch.setattr(_BaseParenthesizedNode, "_parenthesize", walk._original_parenthesize)
        theirs = cst.Module.code.fget(tree)
    assert ours == theirs == source
    assert _BaseParenthesizedNode._parenthesize is walk._parenthesize


def test_positions_read_when_asked_are_libcsts_positions(monkeypatch):
    source = "x = (1 +\n     2)\r\ny = f'{x}' \\\n    + 'a'\rdef g(\n    a, b):\n    return (a)\n"
    tree = cst.parse_module(source)
    ours = MetadataWrapper(tree, unsafe_skip_copy=True).resolve(PositionProvider)
    with monkeypatch.context() as patch:
        patch.setattr(PositionProvider, "_gen", walk._original_positions)
        theirs = MetadataWrapper(tree, unsafe_skip_copy=True).resolve(PositionProvider)
    assert type(ours) is type(theirs) and len(ours) == len(theirs) > 50
    assert all(node in ours and ours[node] == where for node, where in theirs.items())
    assert ours.get(cst.Name("nowhere")) is None and cst.Name("nowhere") not in ours


@pytest.mark.parametrize(("name", "source"), sources())
def test_a_parse_without_checks_is_libcsts_parse_and_checks_come_back(name, source):
    ours, theirs = walk.parse_module(source), cst.parse_module(source)
    assert ours.deep_equals(theirs) and ours.code == source
    for node in walk.nodes(ours):
        node._validate()  # what LibCST's parse checked at each node
    with pytest.raises(cst.CSTValidationError):
        cst.Name("")  # a node built afterwards is checked
    with pytest.raises(cst.ParserSyntaxError):
        walk.parse_module("print x\n")
    with pytest.raises(cst.CSTValidationError):
        cst.Name("")  # after a failed parse too


def test_whitespace_classes_hold_only_what_the_table_says():
    import dataclasses
    import typing

    def atoms(hint):
        if typing.get_origin(hint) is None:
            yield hint
        for arg in typing.get_args(hint):
            yield from atoms(arg)

    for kind, below in walk.WHITESPACE.items():
        for field in dataclasses.fields(kind):
            for atom in atoms(typing.get_type_hints(kind)[field.name]):
                if isinstance(atom, type) and issubclass(atom, cst.CSTNode):
                    assert atom in below and set(walk.WHITESPACE[atom]) <= set(below), (kind, field.name, atom)
                else:
                    assert atom in (str, bool, type(None)) or typing.get_origin(atom) is not None or \
                        not isinstance(atom, type) or atom is cst.MaybeSentinel, (kind, field.name, atom)


class CommentUpper(cst.CSTTransformer):
    def leave_Comment(self, original: cst.Comment, updated: cst.Comment) -> cst.Comment:
        return updated.with_changes(value=updated.value.upper())


class BlankLineCounter(cst.CSTTransformer):
    def __init__(self) -> None:
        super().__init__()
        self.seen = 0

    def visit_EmptyLine(self, node: cst.EmptyLine) -> None:
        self.seen += 1


@pytest.mark.parametrize(("name", "source"), sources())
def test_whitespace_is_passed_by_only_where_no_method_would_see_it(name, source):
    tree = cst.parse_module(source)
    assert walk._Callbacks(Renamer()).skip == set(walk.WHITESPACE)
    assert walk._Callbacks(CommentUpper()).skip == {cst.SimpleWhitespace, cst.Newline}
    assert walk._Callbacks(FieldRenamer()).skip == set()  # it listens at fields
    for kind in (Renamer, CommentUpper):
        assert walk.transform(tree, kind()).code == walk._original_visit(tree, kind()).code, (name, kind)
    theirs, ours = BlankLineCounter(), BlankLineCounter()
    walk._original_visit(tree, theirs)
    assert walk.transform(tree, ours).code == source and ours.seen == theirs.seen


class NamedTransformer(cst.CSTTransformer):
    """Methods for a few node classes only, as a rule has: the walk passes by every subtree holding none of them."""

    def __init__(self) -> None:
        super().__init__()
        self.calls: list[tuple] = []

    def visit_Call(self, node: cst.Call) -> None:
        self.calls.append(("visit Call", id(node)))

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        self.calls.append(("visit Lambda", id(node)))
        return False

    def leave_Arg(self, original: cst.Arg, updated: cst.Arg) -> cst.Arg:
        self.calls.append(("leave Arg", id(original), updated.deep_equals(original)))
        return updated.with_changes(keyword=cst.Name("renamed")) if original.keyword is not None else updated

    def leave_ImportAlias(self, original: cst.ImportAlias, updated: cst.ImportAlias) -> cst.ImportAlias:
        self.calls.append(("leave ImportAlias", id(original)))
        return updated


@pytest.mark.parametrize(("name", "source"), sources())
def test_a_transformer_is_called_as_libcst_calls_it_where_subtrees_are_passed_by(name, source):
    tree = cst.parse_module(source)
    theirs, ours = NamedTransformer(), NamedTransformer()
    expected = walk._original_visit(tree, theirs)
    result = walk.transform(tree, ours)
    assert ours.calls == theirs.calls, name
    assert result.code == expected.code, name
    interest = walk._Callbacks(ours).interest
    assert interest == walk.bit(cst.Call) | walk.bit(cst.Lambda) | walk.bit(cst.Arg) | walk.bit(cst.ImportAlias)
    walk.forget_classes()


@pytest.mark.parametrize(("name", "source"), sources())
def test_the_classes_below_a_node_are_those_of_its_subtree(name, source):
    tree = cst.parse_module(source)
    for node in walk.nodes(tree):
        expected = 0
        for each in walk.nodes(node):
            expected |= walk.bit(type(each))
        assert walk.classes_below(node) == expected, (name, type(node).__name__)
    walk.forget_classes()
    assert not walk._below and not walk._held


def test_a_transformer_seeing_every_node_passes_nothing_by():
    assert walk._Callbacks(TransformerRecorder()).interest is None  # its own on_visit
    assert walk._Callbacks(FieldRenamer()).interest is None  # it listens at fields
