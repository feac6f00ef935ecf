"""The TF1 preamble of multi-GPU scripts -> TF2's memory growth for each GPU.

    config = tf.ConfigProto()
    config.gpu_options.allow_growth = True
    K.set_session(tf.Session(config=config))        # or: sess = tf.Session(config=config); K.set_session(sess)

crashes on TensorFlow 2 (no ConfigProto, no Session). When the config and its session are used for
nothing else, they become `tf.config.experimental.set_memory_growth(gpu, True)` for every GPU. Other
options set on the config go too: the two with a TF2 call become it (`allow_soft_placement`,
`log_device_placement`); the rest (a memory fraction, visible devices, thread counts...) are named in
a comment and reported as advice (the preamble is converted), since TF2 spells them differently or not at all. Any other use of the config
or session (`sess.run`, passing the config on) leaves the block alone: `tf1_session_code` reports it.
"""

from __future__ import annotations

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
             "log_device_placement": "{tf}.debugging.set_log_device_placement({value})"}


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
    TRIGGERS = ("allow_growth",)
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = "ConfigProto + allow_growth + set_session(Session(config)) -> set_memory_growth for each GPU"

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
                found = self._preamble(texts, index, config, ("gpu_options.allow_growth", "True") in (given or []),
                                       body)
                if found:
                    dropped, options = found
                    return self._replaced(original, body, index, dropped, options, tf.split(".")[0], given or [])
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
                  body: Sequence[cst.BaseStatement] = ()) -> tuple[set[int], dict[int, tuple[str, str]]] | None:
        """The statements after `start` that make the preamble and the other options set on the config
        (index -> (option, value)), or None when the config or session is used otherwise."""
        dropped, session, options = set(), None, {}
        for index in range(start + 1, len(texts)):
            text = texts[index]
            if _own_scope(text, config) or (index < len(body) and _only_in_words(body[index], config)):
                continue  # a function with a `config` of its own (experiencor's `config = json.loads(...)`)
            uses_config = re.search(rf"\b{config}\b", text)
            uses_session = session and re.search(rf"\b{session}\b", text)
            if not uses_config and not uses_session:
                continue
            if growth and _rebinds(text, config):  # `from config import config` after it: another object
                break
            if text == f"{config}.gpu_options.allow_growth = True":
                growth = True
            elif re.fullmatch(rf"(?:\w+\.)*set_session\({_TF}\.Session\(config={config}\)\)", text):
                pass
            elif found := re.fullmatch(rf"(\w+) = {_TF}\.Session\(config={config}\)", text):
                session = found.group(1)
            elif session and re.fullmatch(rf"(?:\w+\.)*set_session\({session}\)", text):
                pass
            elif option := re.fullmatch(rf"{config}\.([\w.]+) = (.+)", text):
                options[index] = (option.group(1), option.group(2))
            else:
                return None
            dropped.add(index)
        return (dropped, options) if growth else None

    def _replaced(self, original: Sequence[cst.BaseStatement], body: Sequence[cst.BaseStatement], start: int,
                  dropped: set[int], options: dict[int, tuple[str, str]], tf: str,
                  given: list[tuple[str, str]]) -> list:
        name = self.loop_name
        code = f"for {name} in {tf}.config.list_physical_devices('GPU'):\n" \
               f"    {tf}.config.experimental.set_memory_growth({name}, True)\n"
        comments = [line for index in [start, *sorted(dropped)] for line in body[index].leading_lines]
        for index, (option, value) in [*((start, pair) for pair in given), *sorted(options.items())]:
            if option == "gpu_options.allow_growth" and value == "True":
                continue  # what the loop below does
            call = TF2_CALLS.get(option.split(".")[-1])
            if call is not None:
                code += call.format(tf=tf, value=value) + "\n"
                continue
            comments.append(cst.EmptyLine(comment=cst.Comment(
                f"# migrate: {option} = {value} dropped: TensorFlow 2 has no ConfigProto")))
            self.report(original[index], f"{option} = {value} dropped with the ConfigProto: TensorFlow 2 sets it "
                                         "per device (tf.config.set_logical_device_configuration, "
                                         "tf.config.set_visible_devices, tf.config.threading) if it still matters", advice=True)
        self.converted()
        replacement = cst.parse_module(code).body
        kept = [statement for index, statement in enumerate(body) if index not in dropped]
        kept[start:start + 1] = [replacement[0].with_changes(leading_lines=comments), *replacement[1:]]
        return kept
