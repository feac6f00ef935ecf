"""The TF1 preamble of multi-GPU scripts -> TF2's memory growth for each GPU.

    config = tf.ConfigProto()
    config.gpu_options.allow_growth = True
    K.set_session(tf.Session(config=config))        # or: sess = tf.Session(config=config); K.set_session(sess)

crashes on TensorFlow 2 (no ConfigProto, no Session). When the config and its session are used for
nothing else, they become `tf.config.experimental.set_memory_growth(gpu, True)` for every GPU. Other
options set on the config go too: those with a TF2 call that means the same become it (`allow_soft_placement`,
`log_device_placement`, the two thread-pool sizes -> `tf.config.threading`, `device_count={'GPU': N}` -> the
first N GPUs made visible, `'CPU': 1` being TF's default); the rest (a visible device list...) are named in a
comment and reported as advice (the preamble is converted), since TF2 spells them differently or not at all.
A memory fraction (`per_process_gpu_memory_fraction = 0.9`, with or without allow_growth) asks the same as
allow_growth, that the process not take the whole GPU: it becomes memory growth, and the advice names the cap
and TF2's way to set one (per device, in megabytes, which the fraction does not give). A preamble without either
(`K.set_session(tf.Session(config=tf.ConfigProto(device_count={'GPU': 1})))`) is converted only when every
option it sets has such a call; else it is left to `tf1_session_code`'s report. Any other use of the config or
session (`sess.run`, passing the config on) leaves the block alone: `tf1_session_code` reports it.

A session made without a config and only installed (`sess = tf.Session(); K.set_session(sess)`,
`K.set_session(tf.Session())`: TF1's fresh session of the default graph) goes with nothing in its place: TF2 needs
none. The config may be written in the session's call, the session installed in place or assigned to a name read
nowhere else but `set_session(sess)` (`sess = tf.Session(config=tf.ConfigProto(log_device_placement=True))`), and
its `gpu_options=` may be a name bound on the line before by `tf.GPUOptions(...)` and read nowhere else (TensorFlow
1's GPU guide: `gpu_options = tf.GPUOptions(per_process_gpu_memory_fraction=0.333)`).

A function of the project that builds such a session and returns it (`def get_session(): config = ...;
return tf.Session(config=config)`, germain-hug/Deep-RL-Keras utils/networks.py) is a preamble too, where every
use of its name in the run is a call whose session is dropped (`initialize_GPU(args)`) or installed
(`set_session(get_session())`), and the run has one (`session_factories`, read by the survey): its body gets
the tf.config calls and returns nothing, and `set_session(get_session())` becomes `get_session()`. So is one no line
of the run but its `def` spells (keras-retinanet's, its call commented out in xuannianz/EfficientDet's train.py): an
import of it would say a caller is out of sight, and it stays.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import libcst as cst
import libcst.matchers as m
from libcst.codemod.visitors import RemoveImportsVisitor

from migrate.codemod.names import SESSION_OWNERS
from migrate.codemod.rule import NAMES, Rule
from migrate.codemod.syntax import code as source_of
from migrate.codemod.syntax import mentions, names_in
from migrate.codemod.walk import parse_module

CONFIG_PROTO = {"tensorflow.ConfigProto", "tensorflow.compat.v1.ConfigProto"}
_CONFIG = re.compile(r"(\w+) = ([\w.]+)\.ConfigProto\(\)")
_TF = r"(?:\w+\.tf|\w+)(?:\.compat\.v1)?"  # `tf`, `tf.compat.v1`, Keras 2's `K.tf`
# `tf.Session(graph=tf.get_default_graph(), config=config)`: the graph a session takes when given none
_DEFAULT_GRAPH = rf"(?:graph={_TF}\.get_default_graph\(\)(?:, ?)?)?"
# ConfigProto options with one TF2 call that means the same.
TF2_CALLS = {"allow_soft_placement": "{tf}.config.set_soft_device_placement({value})",
             "log_device_placement": "{tf}.debugging.set_log_device_placement({value})",
             "intra_op_parallelism_threads": "{tf}.config.threading.set_intra_op_parallelism_threads({value})",
             "inter_op_parallelism_threads": "{tf}.config.threading.set_inter_op_parallelism_threads({value})"}


class _Spaced(cst.CSTTransformer):
    """Assignments spelt `a = b` and keywords `f(k=v)`, however the file spaced them (ypwhs/captcha_break's
    `config.gpu_options.allow_growth=True`): the one spelling the preamble patterns read."""

    def leave_AssignTarget(self, original: cst.AssignTarget, updated: cst.AssignTarget) -> cst.AssignTarget:
        return updated.with_changes(whitespace_before_equal=cst.SimpleWhitespace(" "),
                                    whitespace_after_equal=cst.SimpleWhitespace(" "))

    def leave_AssignEqual(self, original: cst.AssignEqual, updated: cst.AssignEqual) -> cst.AssignEqual:
        return updated.with_changes(whitespace_before=cst.SimpleWhitespace(""),
                                    whitespace_after=cst.SimpleWhitespace(""))


def _texts(module: cst.Module, body: Sequence[cst.BaseStatement]) -> list[str]:
    """Each statement's code as the preamble patterns read it: without the comments above it or at its end
    (`config.gpu_options.allow_growth = True  # dynamically grow the memory`, kpot/keras-transformer), its
    assignments and keywords spaced one way (`_Spaced`)."""
    return [module.code_for_node((statement.with_changes(leading_lines=(), trailing_whitespace=cst.TrailingWhitespace())
                                  if isinstance(statement, cst.SimpleStatementLine) else
                                  statement.with_changes(leading_lines=())).visit(_Spaced())).strip()
            for statement in body]


def _comments(statement: cst.BaseStatement) -> list[cst.EmptyLine]:
    """The comments of a statement the preamble drops, as lines: those above it, and the one at its end, which
    goes above the TF2 calls that replace it."""
    lines = list(statement.leading_lines)
    trailing = getattr(statement, "trailing_whitespace", None)
    if trailing is not None and trailing.comment is not None:
        lines.append(cst.EmptyLine(comment=trailing.comment))
    return lines


def _device_count(value: str, tf: str) -> str | None:
    """`device_count={'GPU': 1, 'CPU': 1}` as TF2 calls: TF1 made at most N GPU devices, the first N visible,
    which `set_visible_devices(gpus[:N], 'GPU')` does; one CPU device is TF's default (more would be logical
    devices, which TF2 spells otherwise). None for any other value (a name, a CPU count above 1)."""
    try:
        counts = ast.literal_eval(value)  # a literal read as data: nothing of the script runs
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return None
    if not isinstance(counts, dict) or not counts or \
            any(key not in ("GPU", "CPU") or type(count) is not int or count < 0 for key, count in counts.items()) or \
            counts.get("CPU", 1) != 1:
        return None
    if "GPU" not in counts:
        return ""
    return f"{tf}.config.set_visible_devices({tf}.config.list_physical_devices('GPU')[:{counts['GPU']}], 'GPU')\n"


# A cap on the GPU memory the process takes: TF2 sets one per device in megabytes, which the fraction does not say;
# memory growth keeps what the cap was for (the process does not take the whole GPU), and the report names the cap.
FRACTION = "gpu_options.per_process_gpu_memory_fraction"


def _asks_growth(options: Iterable[tuple[str, str]]) -> bool:
    """Whether the options ask the process not to take all GPU memory: allow_growth, or a memory fraction."""
    return any(pair == ("gpu_options.allow_growth", "True") or pair[0] == FRACTION for pair in options)


def _tf2_code(option: str, value: str, tf: str) -> str | None:
    """The TF2 statements that set what `config.OPTION = VALUE` set ("" for nothing to do), None where TF2 has no
    call that means the same."""
    if option == "gpu_options.allow_growth" and value == "True":
        return ""  # the memory-growth loop
    if option == "device_count":
        return _device_count(value, tf)
    call = TF2_CALLS.get(option)
    return None if call is None else call.format(tf=tf, value=value) + "\n"


def _rebinds(text: str, name: str) -> bool:
    """Whether a statement binds `name` anew (an import or a plain assignment), ending the config's life."""
    return bool(re.fullmatch(rf"(?:from [\w.]+ )?import .*\b{name}\b.*|{name} = (?!.*\b{name}\b).*", text))


def _only_in_words(statement: cst.BaseStatement, name: str) -> bool:
    """Whether a function or class spells `name` only in comments and strings ('config.json'), not as a name."""
    return isinstance(statement, (cst.FunctionDef, cst.ClassDef)) and \
        not mentions(statement, name)


def _own_scope(text: str, name: str) -> bool:
    """Whether `text` is a function that binds `name` itself (a parameter, or assigned in its body): its uses
    of the name are not the module's config."""
    if not text.startswith(("def ", "async def ")):
        return False
    signature = text.split(")", 1)[0]
    return bool(re.search(rf"\b{name}\b", signature) or re.search(rf"(?m)^\s+{name}\s*=(?!=)", text))


def _module_of(path: str) -> str:
    from migrate.codemod.factories import module_of  # factories imports the rules' helpers, not the reverse

    return module_of(path)


_SPELLED = re.compile(rf"({_TF})\.(Session|ConfigProto|GPUOptions)")
# `set_session(tf.Session(config=tf.ConfigProto(...)))`, and `sess = tf.Session(config=tf.ConfigProto(...))`.
# a session made with its config written in (or none: `K.set_session(tf.Session())`, a fresh session of TF1's default
# graph, which TF2 needs nothing for)
_INSTALLED = re.compile(rf"(?:\w+\.)*set_session\((?P<tf>{_TF})\.Session\({_DEFAULT_GRAPH}(?:config=(?P<options>{_TF}\.ConfigProto\(.*\)))?\)\)",
                        re.S)
_ASSIGNED = re.compile(rf"(?P<session>\w+) = (?P<tf>{_TF})\.Session\({_DEFAULT_GRAPH}(?:config=(?P<options>{_TF}\.ConfigProto\(.*\)))?\)",
                       re.S)
_GPU_OPTIONS = re.compile(rf"(\w+) = ({_TF}\.GPUOptions\(.*\))", re.S)
TF1_CLASSES = ("Session", "ConfigProto", "GPUOptions")


def _root(tf: str) -> str:
    """The module a spelling reaches TensorFlow by: `tf` of `tf.compat.v1`, `K.tf` of Keras 2's re-export (which
    backend_functions_to_ops spells as the file's TensorFlow later)."""
    return tf.removesuffix(".compat.v1")


def _spelled(node: cst.BaseExpression, cls: str) -> str | None:
    """The `tf` a callee `tf.Session` (or `tf.compat.v1.Session`) is spelled from, for the class `cls`; else None."""
    found = _SPELLED.fullmatch(source_of(node))
    return found.group(1) if found is not None and found.group(2) == cls else None


def _gpu_options(call: cst.BaseExpression) -> list[tuple[str, str]] | None:
    """`tf.GPUOptions(per_process_gpu_memory_fraction=0.6)` as [("gpu_options.per_process_gpu_memory_fraction",
    "0.6")]; None for another expression or an argument by position."""
    if not isinstance(call, cst.Call) or _spelled(call.func, "GPUOptions") is None or \
            any(arg.keyword is None or arg.star for arg in call.args):
        return None
    return [(f"gpu_options.{arg.keyword.value}", source_of(arg.value)) for arg in call.args]


def _returned_session(line: cst.SimpleStatementLine, gpu: dict[str, list[tuple[str, str]]]
                      ) -> tuple[list[tuple[str, str]], str] | None:
    """The options and `tf` of `return tf.Session(config=tf.ConfigProto(allow_soft_placement=True,
    gpu_options=gpu_options))` (a GPUOptions call given in place, or a name of `gpu`); None for another statement."""
    value = line.body[0].value if len(line.body) == 1 and isinstance(line.body[0], cst.Return) else None
    if not isinstance(value, cst.Call) or len(value.args) != 1 or value.args[0].keyword is None or \
            value.args[0].keyword.value != "config" or not isinstance(value.args[0].value, cst.Call):
        return None
    tf, config = _spelled(value.func, "Session"), value.args[0].value
    if tf is None or _spelled(config.func, "ConfigProto") != tf:
        return None
    options = []
    for arg in config.args:
        if arg.keyword is None or arg.star:
            return None
        inner = (_gpu_options(arg.value) if isinstance(arg.value, cst.Call) else gpu.get(source_of(arg.value))) \
            if arg.keyword.value == "gpu_options" else [(arg.keyword.value, source_of(arg.value))]
        if inner is None:
            return None
        options += inner
    return options, tf


@dataclass(frozen=True)
class InlineFactory:
    """A function whose every `return` is `tf.Session(config=tf.ConfigProto(option=...))`, its GPU options built in
    the call or assigned to a name just for it (`gpu_options = tf.GPUOptions(...)`, then one return per branch:
    GlassyWing/text-detection-ocr's get_session): each return becomes the TF2 calls for its options, the GPUOptions
    assignment goes. Keys are the ids of the statement lines."""

    gpu_lines: frozenset[int]
    returns: dict[int, tuple[list[tuple[str, str]], str]]


def inline_factory(function: cst.FunctionDef) -> InlineFactory | None:
    """The function's returns and GPUOptions lines, read by spelling (see InlineFactory), where they are all it
    does with a session, every option has a TF2 call or memory growth is asked, and nothing nested could return;
    else None."""
    body = function.body
    if not isinstance(body, cst.IndentedBlock) or \
            m.findall(body, m.FunctionDef() | m.Lambda() | m.ClassDef() | m.Yield() | m.Global() | m.Nonlocal()):
        return None
    gpu: dict[str, list[tuple[str, str]]] = {}
    gpu_lines = set()
    for line in body.body:
        small = line.body[0] if isinstance(line, cst.SimpleStatementLine) and len(line.body) == 1 else None
        if isinstance(small, cst.Assign) and isinstance(small.value, cst.Call) and \
                _spelled(small.value.func, "GPUOptions") is not None:
            options = _gpu_options(small.value)
            if options is None or len(small.targets) != 1 or not isinstance(small.targets[0].target, cst.Name) or \
                    any(empty.comment is not None for empty in line.leading_lines):
                return None
            gpu[small.targets[0].target.value] = options
            gpu_lines.add(id(line))
    returns = {}
    for line in m.findall(body, m.SimpleStatementLine()):
        if any(isinstance(small, cst.Return) for small in line.body):
            found = _returned_session(line, gpu)
            if found is None or not (_asks_growth(found[0]) or
                                     all(_tf2_code(*pair, _root(found[1])) is not None for pair in found[0])):
                return None
            returns[id(line)] = found
    # every Session, ConfigProto and GPUOptions of the body is one of those, and a GPU options name is read only there
    spelled = sum(len(m.findall(body, m.Name(cls))) for cls in TF1_CLASSES)
    given = sum(2 + source_of(line).count("GPUOptions") for line in m.findall(body, m.SimpleStatementLine())
                if id(line) in returns) + len(gpu_lines)
    reads = sum(found.value in gpu for found in names_in(body))
    passed = sum(source_of(line).count(f"gpu_options={name}") for line in m.findall(body, m.SimpleStatementLine())
                 if id(line) in returns for name in gpu)
    if not returns or spelled != given or reads != len(gpu) + passed:
        return None
    return InlineFactory(frozenset(gpu_lines), returns)


def factory_functions(source: bytes) -> list[str]:
    """The module-level functions of a file whose body is a preamble ending in `return tf.Session(config=config)`
    (or `session = ...; return session`) that `_rewritten` converts, read by spelling (the survey has no
    name analysis; the rule checks the ConfigProto's name again)."""
    if not _may_return_session(source):
        return []
    try:
        module = parse_module(source)  # (a whole file of the run: not re-checked, as the engine parses it)
    except (cst.ParserSyntaxError, UnicodeDecodeError, ValueError):
        return []
    found = []
    for statement in module.body:
        if isinstance(statement, cst.FunctionDef) and inline_factory(statement) is not None:
            found.append(statement.name.value)
        elif isinstance(statement, cst.FunctionDef) and isinstance(statement.body, cst.IndentedBlock):
            body = statement.body.body
            texts = _texts(module, body)
            for index, text in enumerate(texts):
                match = _CONFIG.fullmatch(text)
                given = [] if match else MemoryGrowthPreamble._config_arguments(body[index])
                if given is None or "ConfigProto(" not in text:
                    continue
                config, tf = (match.group(1), match.group(2)) if match else MemoryGrowthPreamble._config_target(body[index])
                preamble = MemoryGrowthPreamble._preamble(texts, index, config, _asks_growth(given), body, returns=True)
                if preamble and preamble[3] and (preamble[2] or _asks_growth(preamble[1].values()) or all(
                        _tf2_code(*pair, _root(tf)) is not None for pair in [*given, *preamble[1].values()])):
                    found.append(statement.name.value)
                break
    return found


def _may_return_session(source: bytes) -> bool:
    """What `factory_functions` needs, read from Python's own tree (a tenth of LibCST's parse): a module-level
    function with a `return` (its last statement, or one in each branch) whose lines spell `ConfigProto(`. A file Python cannot parse
    goes on to LibCST, whose parser takes some Python 2."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return True
    lines = source.splitlines()  # bytes: at \n, \r\n and \r, where Python's tokenizer counts lines
    return any(isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)) and
               (isinstance(statement.body[-1], ast.Return) or  # or one return per branch (InlineFactory)
                any(isinstance(node, ast.Return) for node in ast.walk(statement))) and
               b"ConfigProto(" in b"\n".join(lines[statement.lineno - 1:statement.end_lineno])
               for statement in tree.body)


def used_only_as_session(name: str, sources: Sequence[tuple[str, bytes]], module: str | None = None,
                         uncalled: bool = False) -> bool:
    """Whether every line of the run that spells `name` defines or imports it, calls it dropping the result or
    passes the call's result straight to set_session, and some line calls it (or, `uncalled`, no line but its `def`
    spells it: keras-retinanet's `get_session()` left in a project that no longer calls it nor imports it, where an
    import would say a caller is out of sight; a comment is not read). Given the defining `module`, only
    the words that can name it count: `name` after no dot, or `module.name` (not Keras's `K.get_session`)."""
    spelt = re.escape(name.encode())
    word = re.compile(rb"\b" + spelt + rb"\b" if module is None else
                      rb"(?<![\w.])" + spelt + rb"\b|\b" + re.escape(module.encode()) + rb"\." + spelt + rb"\b")
    # an import over several lines (`from dlocr import (a,\n b, get_session)`, or with a backslash) read as one line
    one_line = re.compile(rb"\\[ \t]*\r?\n|(?<=import)([ \t]*\([^)]*\))")
    call = rb"(?:\w+\.)*" + re.escape(name.encode()) + rb"\([^()]*\)"
    allowed = re.compile(rb"[ \t]*(?:def " + re.escape(name.encode()) + rb"\(.*|(?:from[ \t]+[\w.]+[ \t]+)?import[ \t].*|"
                         rb"(?:[\w.]+\.)?set_session\([ \t]*" + call + rb"[ \t]*\)|" + call +
                         rb")[ \t]*(?:#.*)?\r?")
    calls = others = 0
    for _, source in sources:
        source = one_line.sub(lambda found: b" " if found.group(1) is None else
                              found.group(1).replace(b"\r", b" ").replace(b"\n", b" ").replace(b"(", b" ")
                              .replace(b")", b" "), source)
        for line in source.split(b"\n"):
            if word.search(line) and not line.lstrip().startswith(b"#"):  # a line commented out is no use
                if not allowed.fullmatch(line):
                    return False
                calls += re.search(call, line) is not None and not line.lstrip().startswith(b"def ")
                others += not line.lstrip().startswith(b"def ")
    return calls > 0 or (uncalled and others == 0)


class MemoryGrowthPreamble(Rule):
    NAME = "memory_growth_preamble"
    ORDER = 5  # before tf1_session_code, which then reads the rewritten tree
    TRIGGERS = ("allow_growth", "ConfigProto")
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = "ConfigProto + allow_growth / device_count / threads + set_session(Session(config)) -> tf.config calls"

    @classmethod
    def triggered(cls, source: bytes, survey: object = None) -> bool:
        """A preamble's words, a session made without a config and installed (`K.set_session(tf.Session())`), or a
        set_session call where the run has a session factory (in another file)."""
        return super().triggered(source, survey) or (b"set_session" in source and (
            b"Session()" in source or bool(getattr(survey, "session_factories", ()))))

    def visit_Module(self, node: cst.Module) -> None:
        self.module = node
        self.loop_name = "_gpu" if re.search(r"\bgpu\b", node.code) else "gpu"
        factories = getattr(self.context.scratch.get("survey"), "session_factories", ())
        here = _module_of(self.context.filename or "")
        self.factories = {factory.rpartition(".")[2] for factory in factories if factory.rpartition(".")[0] == here}
        self.factory_names = {factory for factory in factories}

    def leave_FunctionDef(self, original: cst.FunctionDef, updated: cst.FunctionDef) -> cst.FunctionDef:
        """A session factory of the survey's: its preamble ends with the session returned, which goes."""
        if original.name.value not in self.factories or not isinstance(updated.body, cst.IndentedBlock):
            return updated
        body = self._rewritten(original.body.body, updated.body.body, returns=True)
        if body is not None:
            return updated.with_changes(body=updated.body.with_changes(body=body))
        plan = inline_factory(original)
        if plan is None or not updated.deep_equals(original) or not self._tensorflow_calls(original):
            return updated
        self.converted()
        return original.visit(_InlineReturns(plan, self))

    def _tensorflow_calls(self, function: cst.FunctionDef) -> bool:
        """Whether every Session, ConfigProto and GPUOptions the function calls is TensorFlow's (an inline factory is
        found by spelling, in the survey)."""
        calls = [call for call in m.findall(function, m.Call()) if any(
            source_of(call.func).endswith("." + cls) for cls in TF1_CLASSES)]
        return all(any(name.startswith("tensorflow.") for name in self._names(call.func)) for call in calls)

    def tf2_statements(self, options: Iterable[tuple[cst.CSTNode, str, str]], tf: str, growth: bool
                       ) -> tuple[str, list[cst.EmptyLine]]:
        """The TF2 code setting what a config's options set (each with the node to report it at), memory growth
        for every GPU first where asked, and the comments for the options TF2 cannot say (each reported as advice)."""
        name = self.loop_name
        code = f"for {name} in {tf}.config.list_physical_devices('GPU'):\n" \
               f"    {tf}.config.experimental.set_memory_growth({name}, True)\n" if growth else ""
        comments = []
        for node, option, value in options:
            call = _tf2_code(option, value, tf)
            if call is not None:
                code += call
                continue
            if option == FRACTION:
                comments.append(cst.EmptyLine(comment=cst.Comment(
                    f"# migrate: {option} = {value} became memory growth: TensorFlow 2 has no ConfigProto")))
                self.report(node, f"{option} = {value} became memory growth (the process takes GPU memory "
                                  "as it needs it): for a hard cap, tf.config.set_logical_device_configuration"
                                  "(gpu, [tf.config.LogicalDeviceConfiguration(memory_limit=MEGABYTES)])",
                            advice=True)
                continue
            comments.append(cst.EmptyLine(comment=cst.Comment(
                f"# migrate: {option} = {value} dropped: TensorFlow 2 has no ConfigProto")))
            self.report(node, f"{option} = {value} dropped with the ConfigProto: TensorFlow 2 sets it "
                              "per device (tf.config.set_logical_device_configuration, "
                              "tf.config.set_visible_devices, tf.config.threading) if it still matters", advice=True)
        return code, comments

    def leave_Expr(self, original: cst.Expr, updated: cst.Expr) -> cst.Expr:
        """`set_session(get_session())`, get_session a session factory of the run -> `get_session()`."""
        call = original.value
        if not self.factory_names or not isinstance(call, cst.Call) or len(call.args) != 1 or \
                not isinstance(call.args[0].value, cst.Call) or call.args[0].keyword or call.args[0].star:
            return updated
        setter = [name for name in self.qualified_names(call.func)
                  if name.endswith(".set_session") and name.removesuffix("set_session") in SESSION_OWNERS]
        inner = self.qualified_names(call.args[0].value.func)
        if not setter or not any(name == factory or name.endswith("." + factory) or
                                 (name in self.factories and factory.rpartition(".")[2] == name) or
                                 self._passed_on(name, factory) for name in inner for factory in self.factory_names):
            return updated
        self.converted()
        if isinstance(call.func, cst.Name):
            RemoveImportsVisitor.remove_unused_import(self.context, setter[0].removesuffix(".set_session"), "set_session")
        return updated.with_changes(value=updated.value.args[0].value)

    def _passed_on(self, name: str, factory: str) -> bool:
        """Whether `name` is the factory imported through a package of the run that passes it on (`from dlocr import
        get_session`, dlocr/__init__.py importing it from dlocr.ctpn.lib.utils): a name of a package of the run with
        the factory's last name, the only factory of that name (`used_only_as_session` saw every line spelling it)."""
        last = factory.rpartition(".")[2]
        packages = getattr(self.context.scratch.get("survey"), "packages", frozenset())
        root = name.split(".")[0]
        return root in packages and root not in ("keras", "tensorflow", "tf_keras") and name.rpartition(".")[2] == last and \
            sum(other.rpartition(".")[2] == last for other in self.factory_names) == 1

    def leave_Module(self, original: cst.Module, updated: cst.Module) -> cst.Module:
        body = self._rewritten(original.body, updated.body)
        return updated.with_changes(body=body) if body is not None else updated

    def leave_IndentedBlock(self, original: cst.IndentedBlock, updated: cst.IndentedBlock) -> cst.IndentedBlock:
        body = self._rewritten(original.body, updated.body)
        return updated.with_changes(body=body) if body is not None else updated

    def _rewritten(self, original: Sequence[cst.BaseStatement], body: Sequence[cst.BaseStatement],
                   returns: bool = False) -> list | None:
        texts = _texts(self.module, body)
        if not returns and (inline := self._inline(original, body, texts)) is not None:
            return inline
        for index, text in enumerate(texts):
            match = _CONFIG.fullmatch(text)
            given = [] if match else self._config_arguments(original[index])
            bound: set[int] = set()
            if given and (named := self._named_gpu_options(given, texts, index)) is not None:
                given, bound = named
            if (match or given is not None) and self._is_config_proto(original[index]):
                config, tf = (match.group(1), match.group(2)) if match else self._config_target(original[index])
                tf = _root(tf)
                found = self._preamble(texts, index, config, _asks_growth(given or []), body, returns)
                if not found or (returns and not found[3]):
                    continue
                growth = found[2] or _asks_growth(found[1].values())
                if growth or all(_tf2_code(*pair, tf) is not None for pair in [*(given or []), *found[1].values()]):
                    dropped, options, _, _ = found
                    return self._replaced(original, body, index, dropped | bound, options, tf, given or [], growth)
        return None

    def _named_gpu_options(self, given: list[tuple[str, str]], texts: list[str], index: int
                           ) -> tuple[list[tuple[str, str]], set[int]] | None:
        """`gpu_options = tf.GPUOptions(allow_growth=True)` on the line before `config = tf.ConfigProto(gpu_options=
        gpu_options)`, its name spelt nowhere else: the config's options with the GPUOptions' in its place, and that
        line (to go with the preamble). None where the config takes no such name."""
        names = [value for option, value in given if option == "gpu_options"]
        before = _GPU_OPTIONS.fullmatch(texts[index - 1]) if index and len(names) == 1 else None
        # spelt twice as a name: bound there, read by the config (comments and keywords are not names)
        if before is None or before.group(1) != names[0] or \
                sum(name.value == names[0] for name in names_in(self.module)) != 2:
            return None
        inner = _gpu_options(cst.parse_expression(before.group(2)))
        if inner is None:
            return None
        return [pair for pair in given if pair[0] != "gpu_options"] + inner, {index - 1}

    def _inline(self, original: Sequence[cst.BaseStatement], body: Sequence[cst.BaseStatement],
                texts: list[str]) -> list | None:
        """The preamble with its config written in the session's call: `set_session(tf.Session(config=
        tf.ConfigProto(...)))`, or `sess = tf.Session(config=tf.ConfigProto(...))` whose name the whole module spells
        only in `set_session(sess)` lines of this block after it; a `gpu_options=` name may be bound just before
        by `tf.GPUOptions(...)` and spelt nowhere else (the snippet of TensorFlow's GPU guide and of countless
        scripts). None where no such statement is, or an option has no TF2 call and asks no memory growth."""
        for index, text in enumerate(texts):
            found = _INSTALLED.fullmatch(text) or _ASSIGNED.fullmatch(text)
            if found is None or not self._tensorflow_session(original[index]):
                continue
            dropped = self._session_lines(found.groupdict().get("session"), texts, index)
            options = None if dropped is None else \
                self._inline_options(found.group("options"), texts, index) if found.group("options") else ([], set())
            if options is None:
                continue
            given, bound = options
            tf = _root(found.group("tf"))
            growth = _asks_growth(given)
            if growth or all(_tf2_code(*pair, tf) is not None for pair in given):
                return self._replaced(original, body, index, dropped | bound, {}, tf, given, growth)
        return None

    def _tensorflow_session(self, statement: cst.BaseStatement) -> bool:
        """Whether the statement's Session and ConfigProto calls are TensorFlow's (by qualified name)."""
        calls = [call for call in m.findall(statement, m.Call()) if any(
            source_of(call.func).endswith("." + cls) for cls in TF1_CLASSES)]
        return bool(calls) and all(any(name.startswith("tensorflow.") for name in self._names(call.func))
                                   for call in calls)

    def _session_lines(self, session: str | None, texts: list[str], index: int) -> set[int] | None:
        """The `set_session(sess)` lines that install an assigned session (empty for one installed in place), or
        None where the module reads the name elsewhere (`sess.run`, a function reading it) or never installs it."""
        if session is None:
            return set()
        lines = {other for other, text in enumerate(texts) if other > index and
                 re.fullmatch(rf"(?:\w+\.)*set_session\({session}\)", text)}
        spelt = sum(name.value == session for name in names_in(self.module))  # (not in comments: `# sess = ...`)
        return lines if lines and spelt == len(lines) + 1 else None

    def _inline_options(self, text: str, texts: list[str], index: int) -> tuple[list[tuple[str, str]], set[int]] | None:
        """The options of an inline `tf.ConfigProto(...)` (keywords only), with the line binding its `gpu_options=`
        name where that is one (`_named_gpu_options`)."""
        try:
            call = cst.parse_expression(text)
        except cst.ParserSyntaxError:
            return None
        if not isinstance(call, cst.Call) or _spelled(call.func, "ConfigProto") is None:
            return None
        given = self._proto_options(call)
        if given is None:
            return None
        return self._named_gpu_options(given, texts, index) or (given, set())

    @staticmethod
    def _config_target(statement: cst.BaseStatement) -> tuple[str, str]:
        assign = statement.body[0]
        return source_of(assign.targets[0].target), source_of(assign.value.func).rpartition(".")[0]

    @staticmethod
    def _config_arguments(statement: cst.BaseStatement) -> list[tuple[str, str]] | None:
        """The options of `config = tf.ConfigProto(gpu_options=tf.GPUOptions(per_process_gpu_memory_fraction=0.9),
        allow_soft_placement=True)` as (option, value), or None for another statement or shape."""
        if not isinstance(statement, cst.SimpleStatementLine):
            return None
        small = statement.body
        if len(small) != 1 or not isinstance(small[0], cst.Assign) or len(small[0].targets) != 1 or \
                not isinstance(small[0].targets[0].target, cst.Name) or not isinstance(small[0].value, cst.Call) or \
                not isinstance(small[0].value.func, cst.Attribute):
            return None
        return MemoryGrowthPreamble._proto_options(small[0].value)

    @staticmethod
    def _proto_options(call: cst.Call) -> list[tuple[str, str]] | None:
        """A ConfigProto call's options as (option, value), a `gpu_options=tf.GPUOptions(...)` given option by option;
        None where one is given by position."""
        options = []
        for arg in call.args:
            if arg.keyword is None:
                return None
            value = arg.value
            if arg.keyword.value == "gpu_options" and isinstance(value, cst.Call) and \
                    source_of(value.func).endswith("GPUOptions") and all(inner.keyword for inner in value.args):
                options += [(f"gpu_options.{inner.keyword.value}", source_of(inner.value)) for inner in value.args]
            else:
                options.append((arg.keyword.value, source_of(value)))
        return options

    def _is_config_proto(self, statement: cst.BaseStatement) -> bool:
        calls = [node.value for node in getattr(statement, "body", ()) if isinstance(node, cst.Assign)]
        return bool(calls) and bool(self._names(calls[0].func) & CONFIG_PROTO)

    def _names(self, node: cst.CSTNode) -> set[str]:
        """What `node` refers to, a name through Keras 2's `K.tf` as TensorFlow's own (`tensorflow.Session`)."""
        return self.qualified_names(node)

    @staticmethod
    def _preamble(texts: list[str], start: int, config: str, growth: bool = False,
                  body: Sequence[cst.BaseStatement] = (), returns: bool = False
                  ) -> tuple[set[int], dict[int, tuple[str, str]], bool, bool] | None:
        """The statements after `start` that make the preamble, the other options set on the config
        (index -> (option, value)), whether it asks for memory growth and whether it ends returning the session
        (allowed with `returns`: a function body's last statement), or None when the config or session
        is used otherwise, or no session is set from it."""
        dropped, session, options, installed, returned = set(), None, {}, False, False
        for index in range(start + 1, len(texts)):
            text = texts[index]
            if _own_scope(text, config) or (index < len(body) and _only_in_words(body[index], config)):
                continue  # a function with a `config` of its own (experiencor's `config = json.loads(...)`)
            uses_config = re.search(rf"\b{config}\b", text)
            uses_session = session and re.search(rf"\b{session}\b", text)
            if not uses_config and not uses_session:
                continue
            if (growth or installed) and _rebinds(text, config):  # `from config import config` after it: another object
                break
            if text == f"{config}.gpu_options.allow_growth = True":
                growth = True
            elif re.fullmatch(rf"(?:\w+\.)*set_session\({_TF}\.Session\({_DEFAULT_GRAPH}config={config}\)\)", text):
                installed = True
            elif found := re.fullmatch(rf"(\w+) = {_TF}\.Session\({_DEFAULT_GRAPH}config={config}\)", text):
                session = found.group(1)
            elif session and re.fullmatch(rf"(?:\w+\.)*set_session\({session}\)", text):
                installed = True
            elif returns and index == len(texts) - 1 and (text == f"return {session}" if session else
                                                          re.fullmatch(rf"return {_TF}\.Session\({_DEFAULT_GRAPH}config={config}\)", text)):
                installed = returned = True
            elif option := re.fullmatch(rf"{config}\.([\w.]+) = (.+)", text):
                options[index] = (option.group(1), option.group(2))
            else:
                return None
            dropped.add(index)
        return (dropped, options, growth, returned) if growth or installed else None

    def _drop_setter_imports(self, statements: Iterable[cst.BaseStatement]) -> None:
        """`from keras.backend import set_session` goes once the preamble's `set_session(...)` (by its bare name)
        was its last use: left, it is an import Keras 3 fails on."""
        if any(source_of(statement).lstrip().startswith("set_session(") for statement in statements):
            for owner in SESSION_OWNERS:
                RemoveImportsVisitor.remove_unused_import(self.context, owner.rstrip("."), "set_session")

    def _replaced(self, original: Sequence[cst.BaseStatement], body: Sequence[cst.BaseStatement], start: int,
                  dropped: set[int], options: dict[int, tuple[str, str]], tf: str,
                  given: list[tuple[str, str]], growth: bool = True) -> list:
        code, said = self.tf2_statements(
            [(original[index], option, value) for index, (option, value) in
             [*((start, pair) for pair in given), *sorted(options.items())]], tf, growth)
        comments = [line for index in [start, *sorted(dropped)] for line in _comments(body[index])] + said
        self.converted()
        self._drop_setter_imports(body[index] for index in [start, *dropped])  # (start: `set_session(tf.Session(...))`)
        replacement = cst.parse_module(code).body
        kept = [statement for index, statement in enumerate(body) if index not in dropped]
        start -= sum(index < start for index in dropped)  # a `gpu_options = tf.GPUOptions(...)` line before it
        if replacement:
            kept[start:start + 1] = [replacement[0].with_changes(leading_lines=comments), *replacement[1:]]
        elif start + 1 < len(kept):  # nothing left to set (`device_count={'CPU': 1}`): the comments stay above the next
            kept[start:start + 2] = [kept[start + 1].with_changes(leading_lines=[*comments, *kept[start + 1].leading_lines])]
        else:
            del kept[start]
        return kept or [cst.SimpleStatementLine([cst.Pass()])]


class _InlineReturns(cst.CSTTransformer):
    """An inline factory's function (`InlineFactory`) with each `return tf.Session(config=tf.ConfigProto(...))`
    replaced by the TF2 calls for its options, and its GPUOptions lines gone."""

    def __init__(self, plan: InlineFactory, rule: MemoryGrowthPreamble) -> None:
        super().__init__()
        self.plan, self.rule = plan, rule

    def leave_SimpleStatementLine(self, original: cst.SimpleStatementLine, updated: cst.SimpleStatementLine
                                  ) -> cst.BaseStatement | cst.FlattenSentinel | cst.RemovalSentinel:
        if id(original) in self.plan.gpu_lines:
            return cst.RemovalSentinel.REMOVE
        if id(original) not in self.plan.returns:
            return updated
        options, tf = self.plan.returns[id(original)]
        code, comments = self.rule.tf2_statements([(original, *pair) for pair in options], _root(tf),
                                                  _asks_growth(options))
        statements = list(cst.parse_module(code or "pass\n").body)
        statements[0] = statements[0].with_changes(leading_lines=[*original.leading_lines, *comments])
        return cst.FlattenSentinel(statements)
