"""The TF1 preamble of multi-GPU scripts -> TF2's memory growth for each GPU.

    config = tf.ConfigProto()
    config.gpu_options.allow_growth = True
    K.set_session(tf.Session(config=config))        # or: sess = tf.Session(config=config); K.set_session(sess)

crashes on TensorFlow 2 (no ConfigProto, no Session). When the config and its session are used for
nothing else, they become `tf.config.experimental.set_memory_growth(gpu, True)` for every GPU. Other
options set on the config go too: those with a TF2 call that means the same become it (`allow_soft_placement`,
`log_device_placement`, the two thread-pool sizes -> `tf.config.threading`, `device_count={'GPU': N}` -> the
first N GPUs made visible, `'CPU': 1` being TF's default); the rest (a memory fraction, a visible device list...)
are named in a comment and reported as advice (the preamble is converted), since TF2 spells them differently
or not at all. A preamble without allow_growth (`K.set_session(tf.Session(config=tf.ConfigProto(device_count=
{'GPU': 1})))`) is converted only when every option it sets has such a call; else it is left to
`tf1_session_code`'s report. Any other use of the config or session (`sess.run`, passing the config on)
leaves the block alone: `tf1_session_code` reports it.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Sequence

import libcst as cst

from migrate.codemod.rule import NAMES, Rule
from migrate.codemod.syntax import code as source_of
from migrate.codemod.syntax import names_in

CONFIG_PROTO = {"tensorflow.ConfigProto", "tensorflow.compat.v1.ConfigProto"}
_CONFIG = re.compile(r"(\w+) = ([\w.]+)\.ConfigProto\(\)")
_TF = r"\w+(?:\.compat\.v1)?"
# ConfigProto options with one TF2 call that means the same.
TF2_CALLS = {"allow_soft_placement": "{tf}.config.set_soft_device_placement({value})",
             "log_device_placement": "{tf}.debugging.set_log_device_placement({value})",
             "intra_op_parallelism_threads": "{tf}.config.threading.set_intra_op_parallelism_threads({value})",
             "inter_op_parallelism_threads": "{tf}.config.threading.set_inter_op_parallelism_threads({value})"}


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
        not any(found.value == name for found in names_in(statement))


def _own_scope(text: str, name: str) -> bool:
    """Whether `text` is a function that binds `name` itself (a parameter, or assigned in its body): its uses
    of the name are not the module's config."""
    if not text.startswith(("def ", "async def ")):
        return False
    signature = text.split(")", 1)[0]
    return bool(re.search(rf"\b{name}\b", signature) or re.search(rf"(?m)^\s+{name}\s*=(?!=)", text))


class MemoryGrowthPreamble(Rule):
    NAME = "memory_growth_preamble"
    ORDER = 5  # before tf1_session_code, which then reads the rewritten tree
    TRIGGERS = ("allow_growth", "ConfigProto")
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = "ConfigProto + allow_growth / device_count / threads + set_session(Session(config)) -> tf.config calls"

    def visit_Module(self, node: cst.Module) -> None:
        self.module = node
        self.loop_name = "_gpu" if re.search(r"\bgpu\b", node.code) else "gpu"

    def leave_Module(self, original: cst.Module, updated: cst.Module) -> cst.Module:
        body = self._rewritten(original.body, updated.body)
        return updated.with_changes(body=body) if body is not None else updated

    def leave_IndentedBlock(self, original: cst.IndentedBlock, updated: cst.IndentedBlock) -> cst.IndentedBlock:
        body = self._rewritten(original.body, updated.body)
        return updated.with_changes(body=body) if body is not None else updated

    def _rewritten(self, original: Sequence[cst.BaseStatement], body: Sequence[cst.BaseStatement]) -> list | None:
        texts = [self.module.code_for_node(statement.with_changes(leading_lines=())).strip() for statement in body]
        for index, text in enumerate(texts):
            match = _CONFIG.fullmatch(text)
            given = [] if match else self._config_arguments(original[index])
            if (match or given is not None) and self._is_config_proto(original[index]):
                config, tf = (match.group(1), match.group(2)) if match else self._config_target(original[index])
                tf = tf.split(".")[0]
                found = self._preamble(texts, index, config, ("gpu_options.allow_growth", "True") in (given or []),
                                       body)
                if found and (found[2] or all(_tf2_code(*pair, tf) is not None
                                              for pair in [*(given or []), *found[1].values()])):
                    dropped, options, growth = found
                    return self._replaced(original, body, index, dropped, options, tf, given or [], growth)
        return None

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
        options = []
        for arg in small[0].value.args:
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
        return bool(calls) and bool(self.qualified_names(calls[0].func) & CONFIG_PROTO)

    def _preamble(self, texts: list[str], start: int, config: str, growth: bool = False,
                  body: Sequence[cst.BaseStatement] = ()) -> tuple[set[int], dict[int, tuple[str, str]], bool] | None:
        """The statements after `start` that make the preamble, the other options set on the config
        (index -> (option, value)) and whether it asks for memory growth, or None when the config or session
        is used otherwise, or no session is set from it."""
        dropped, session, options, installed = set(), None, {}, False
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
            elif re.fullmatch(rf"(?:\w+\.)*set_session\({_TF}\.Session\(config={config}\)\)", text):
                installed = True
            elif found := re.fullmatch(rf"(\w+) = {_TF}\.Session\(config={config}\)", text):
                session = found.group(1)
            elif session and re.fullmatch(rf"(?:\w+\.)*set_session\({session}\)", text):
                installed = True
            elif option := re.fullmatch(rf"{config}\.([\w.]+) = (.+)", text):
                options[index] = (option.group(1), option.group(2))
            else:
                return None
            dropped.add(index)
        return (dropped, options, growth) if growth or installed else None

    def _replaced(self, original: Sequence[cst.BaseStatement], body: Sequence[cst.BaseStatement], start: int,
                  dropped: set[int], options: dict[int, tuple[str, str]], tf: str,
                  given: list[tuple[str, str]], growth: bool = True) -> list:
        name = self.loop_name
        code = f"for {name} in {tf}.config.list_physical_devices('GPU'):\n" \
               f"    {tf}.config.experimental.set_memory_growth({name}, True)\n" if growth else ""
        comments = [line for index in [start, *sorted(dropped)] for line in body[index].leading_lines]
        for index, (option, value) in [*((start, pair) for pair in given), *sorted(options.items())]:
            call = _tf2_code(option, value, tf)
            if call is not None:
                code += call
                continue
            comments.append(cst.EmptyLine(comment=cst.Comment(
                f"# migrate: {option} = {value} dropped: TensorFlow 2 has no ConfigProto")))
            self.report(original[index], f"{option} = {value} dropped with the ConfigProto: TensorFlow 2 sets it "
                                         "per device (tf.config.set_logical_device_configuration, "
                                         "tf.config.set_visible_devices, tf.config.threading) if it still matters", advice=True)
        self.converted()
        replacement = cst.parse_module(code).body
        kept = [statement for index, statement in enumerate(body) if index not in dropped]
        if replacement:
            kept[start:start + 1] = [replacement[0].with_changes(leading_lines=comments), *replacement[1:]]
        elif start + 1 < len(kept):  # nothing left to set (`device_count={'CPU': 1}`): the comments stay above the next
            kept[start:start + 2] = [kept[start + 1].with_changes(leading_lines=[*comments, *kept[start + 1].leading_lines])]
        else:
            del kept[start]
        return kept or [cst.SimpleStatementLine([cst.Pass()])]
