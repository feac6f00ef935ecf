"""The metadata of one version of a file's tree, each kind computed when a rule first asks for it.

A rule declares what it may read (`rule.NAMES`, `rule.SCOPED`); LibCST's `MetadataDependent.resolve`
would compute all of it before the rule's walk. Most walks ask for little or nothing (a rule whose
trigger word is in a file but whose calls are not there), and the scope analysis behind qualified names
is most of a rewrite's cost, so here each table is made on first use, and qualified names node by node
from the scopes, as LibCST's QualifiedNameProvider would give them (same values, same nodes, same
defaults). A rule sees no difference: `get_metadata` reads `self.metadata` as before.

The code of a version of the tree is printed once: `Module.code` of a module whose code is known (the
file as read, or what an earlier call printed) gives that text back (`install`). A metadata provider's
visitor methods are listed once per class, not with `inspect.getmembers` at every resolve.
"""

from __future__ import annotations

import inspect
from collections.abc import Collection, Iterator, Mapping

import libcst as cst
from libcst import BatchableCSTVisitor
from libcst._nodes.internal import CodegenState
from libcst.metadata import MetadataWrapper, QualifiedName, QualifiedNameProvider, ScopeProvider
from libcst.metadata.base_provider import ProviderT

from migrate.codemod.walk import nodes

_print_module = cst.Module.code.fget
_printed: dict[int, tuple[cst.Module, str]] = {}  # id -> (module, its code), the last few modules printed
_REMEMBERED = 16


def remember_code(module: cst.Module, code: str) -> None:
    """Let `module.code` give `code` (which must be what LibCST prints for it) without printing it again."""
    if len(_printed) >= _REMEMBERED:
        del _printed[next(iter(_printed))]
    _printed[id(module)] = (module, code)


def _code(module: cst.Module) -> str:
    known = _printed.get(id(module))
    if known is not None and known[0] is module:  # the module is kept with its id: never another's text
        return known[1]
    code = _print(module) if type(module) is cst.Module else _print_module(module)
    remember_code(module, code)
    return code


# The top-level statements of the module printed last: id -> (statement, indent, newline, the tokens it printed).
_statements: dict[int, tuple[cst.BaseStatement, str, str, list[str]]] = {}


def _print(module: cst.Module) -> str:
    """`Module.code`, as LibCST's `Module._codegen_impl` prints it, with the tokens of a top-level statement that the
    module printed before this one also had taken as they were. A rule's change rebuilds only the statements on
    its way to the root (`walk.transform`), so the next version of a file shares the others, node for node; and a
    top-level statement prints the same tokens wherever it stands (no indentation before it, the module's indent
    and newline)."""
    global _statements
    indent, newline = module.default_indent, module.default_newline
    state = CodegenState(default_indent=indent, default_newline=newline)
    tokens = state.tokens
    known, printed = _statements, {}
    state.before_codegen(module)
    for line in module.header:
        line._codegen(state)
    for statement in module.body:
        found = known.get(id(statement))
        if found is not None and found[0] is statement and found[1] == indent and found[2] == newline:
            tokens.extend(found[3])
        else:
            start = len(tokens)
            statement._codegen(state)
            found = (statement, indent, newline, tokens[start:])
        printed[id(statement)] = found
    for line in module.footer:
        line._codegen(state)
    if module.has_trailing_newline:
        if len(tokens) == 0:
            state.add_token(newline)
    else:
        state.pop_trailing_newline()
    state.after_codegen(module)
    _statements = printed
    return "".join(tokens)


_list_visitors = BatchableCSTVisitor.get_visitors
_visitor_names: dict[type, tuple[str, ...]] = {}


def _visitors(visitor: BatchableCSTVisitor) -> Mapping[str, object]:
    """`BatchableCSTVisitor.get_visitors`: which methods it finds depends on the class alone, unless the
    instance holds methods of its own."""
    if any(inspect.ismethod(value) for value in vars(visitor).values()):
        return _list_visitors(visitor)
    names = _visitor_names.get(type(visitor))
    if names is None:
        found = _list_visitors(visitor)
        _visitor_names[type(visitor)] = tuple(found)
        return found
    return {name: getattr(visitor, name) for name in names}


def install() -> None:
    """`Module.code` printed once per module (a tree never changes: a changed tree is a new module), and
    the providers' visitor methods listed once per class."""
    cst.Module.code = property(_code, doc=cst.Module.code.__doc__)
    BatchableCSTVisitor.get_visitors = _visitors


class Analysis:
    """One tree (`module`) and the metadata tables asked of it so far."""

    def __init__(self, module: cst.Module, code: str | None = None) -> None:
        self.wrapper = MetadataWrapper(module, unsafe_skip_copy=True)
        self._code = code  # the module's code, when the caller has it already
        if code is not None:
            remember_code(module, code)
        self._tables: dict[ProviderT, Mapping[cst.CSTNode, object]] = {}
        self._nodes: set[int] | None = None

    @property
    def module(self) -> cst.Module:
        return self.wrapper.module

    @property
    def code(self) -> str:
        if self._code is None:
            self._code = self.module.code
        return self._code

    def table(self, provider: ProviderT) -> Mapping[cst.CSTNode, object]:
        """What `provider` gives each node; qualified names are worked out as they are read."""
        if provider not in self._tables:
            self._tables[provider] = (_QualifiedNames(self) if provider is QualifiedNameProvider
                                      else self.wrapper.resolve(provider))
        return self._tables[provider]

    def tables(self, providers: Collection[ProviderT]) -> Mapping[ProviderT, Mapping[cst.CSTNode, object]]:
        """What a MetadataDependent's `metadata` holds after `resolve`: a table for each provider it declares."""
        return _Tables(self, frozenset(providers))

    def contains(self, node: cst.CSTNode) -> bool:
        """Whether `node` is part of this tree (one walk, the first time it is asked)."""
        if self._nodes is None:
            self._nodes = {id(each) for each in nodes(self.module)}
        return id(node) in self._nodes


class _Tables(Mapping):
    def __init__(self, analysis: Analysis, providers: frozenset[ProviderT]) -> None:
        self.analysis, self.providers = analysis, providers

    def __getitem__(self, provider: ProviderT) -> Mapping[cst.CSTNode, object]:
        if provider not in self.providers:
            raise KeyError(provider)
        return self.analysis.table(provider)

    def __contains__(self, provider: object) -> bool:
        return provider in self.providers

    def __iter__(self) -> Iterator[ProviderT]:
        return iter(self.providers)

    def __len__(self) -> int:
        return len(self.providers)


class _QualifiedNames(Mapping):
    """QualifiedNameProvider's table, node by node: a node of the tree with a scope gets that scope's
    `get_qualified_names_for(node)` (once: later reads give the same set), any other node of the tree an
    empty set, and a node not in the tree (a rule's rebuilt node) nothing, so `get` gives the default."""

    def __init__(self, analysis: Analysis) -> None:
        self.analysis = analysis
        self.scopes = analysis.table(ScopeProvider)
        self.names: dict[cst.CSTNode, Collection[QualifiedName]] = {}

    def __getitem__(self, node: cst.CSTNode) -> Collection[QualifiedName]:
        names = self.names.get(node)
        if names is None:
            scope = self.scopes.get(node)
            if scope is not None:
                names = scope.get_qualified_names_for(node)
            elif self.analysis.contains(node):
                names = set()
            else:
                raise KeyError(node)
            self.names[node] = names
        return names

    def get(self, node: cst.CSTNode, default: object = None) -> object:
        """`Mapping.get`, which a rule's `get_metadata(QualifiedNameProvider, node, set())` calls: for a node without
        a scope, an empty default is the answer whether or not the node is in the tree (no walk to tell)."""
        if self.names.get(node) is None and self.scopes.get(node) is None and \
                type(default) in (set, frozenset) and not default:
            return default
        try:
            return self[node]
        except KeyError:
            return default

    def __contains__(self, node: object) -> bool:
        return node in self.scopes or (isinstance(node, cst.CSTNode) and self.analysis.contains(node))

    def __iter__(self) -> Iterator[cst.CSTNode]:
        raise TypeError("qualified names are worked out node by node; ask for a node")

    def __len__(self) -> int:
        raise TypeError("qualified names are worked out node by node; ask for a node")
