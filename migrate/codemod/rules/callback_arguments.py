"""Keras 2 callback arguments Keras 3 refuses: `ReduceLROnPlateau(epsilon=)`, `ModelCheckpoint(period=)`.

Keras 3's callbacks take no **kwargs, so a keyword it lacks is a TypeError at the line that builds the
callback. `epsilon` is Keras 2.0's name for ReduceLROnPlateau's `min_delta`; `period=1` is what
ModelCheckpoint does by default (`save_freq='epoch'`) and goes. `period=N` (every N epochs) has no Keras 3
keyword: the call becomes `ModelCheckpointEveryNEpochs(..., period=N)`, a subclass written once after the
file's imports that counts epochs as Keras 2's ModelCheckpoint did and lets Keras 3 save at the N-th (advice:
the diff shows the class); where the file's top-level imports do not bind the ModelCheckpoint named, it is
reported. `save_freq=N * steps_per_epoch` would not be the same: it saves at the end of a batch, before
validation, so a `val_` monitor (Keras 3 then saves every time, best or not) or `{val_loss}` in the path (a
KeyError; both in qqwweee/keras-yolo3's train.py) finds nothing there. LambdaCallback's `on_batch_begin` and `on_batch_end` (Keras 2's
names for the training-batch hooks) become `on_train_batch_begin` and `on_train_batch_end`, Keras 3's parameters
for the same hooks (it still takes the old names, as attributes its base class calls, but no signature names them).
TensorBoard's `write_grads`,
`batch_size`, `embeddings_layer_names` and `embeddings_data`, which TensorFlow 2's Keras already ignored, are
removed (advice). Keras 3's ProgbarLogger always counts steps and takes no `count_mode`: `count_mode='steps'`
goes; any other value (`'samples'`, Keras 2's default, or one not written out: Keras 2 refused all others) changed
only what the bar counts, and goes with advice. Only calls that resolve to a
Keras callback class are touched.
"""

from __future__ import annotations

import libcst as cst

from migrate.codemod.rule import NAMES, Rule
from migrate.codemod.syntax import code

MODULES = ("keras.callbacks.", "tensorflow.keras.callbacks.")
RENAMES = {"ReduceLROnPlateau": {"epsilon": "min_delta"},
           # Keras 2's LambdaCallback hooks, which Keras 3's takes only into **kwargs (set as attributes, called by
           # the base class's on_train_batch_* for backward compatibility): the names that are its own parameters
           "LambdaCallback": {"on_batch_begin": "on_train_batch_begin", "on_batch_end": "on_train_batch_end"}}
DROPPED = {"ModelCheckpoint": {"period": "1"}}
# Dropped whatever their value, with advice: TensorFlow 2's Keras already ignored them (with a warning).
# (tf_keras 2.21's TensorBoard: "supported_kwargs", each ignored with a warning.)
IGNORED = {"TensorBoard": ("write_grads", "batch_size", "embeddings_layer_names", "embeddings_data")}
# Keras 2's first parameter, which Keras 3's callback lacks (ProgbarLogger() takes nothing), and the value that means
# what Keras 3 does: dropped silently with it, with advice with another.
COUNTED = {"ProgbarLogger": ("count_mode", "steps")}
# `ModelCheckpoint(period=N)` becomes this class, written once into the file after its imports: Keras 2's own
# bookkeeping (keras 2.2.4 ModelCheckpoint.on_epoch_end: count epochs, save and restart the count at `period`),
# around Keras 3's save at the end of an epoch (save_freq='epoch').
EVERY_N = "ModelCheckpointEveryNEpochs"
EVERY_N_CLASS = '''class {name}({base}):
{i}"""Keras 2's ModelCheckpoint(period=N), which Keras 3 lacks: saves every N epochs (written by migrate)."""

{i}def __init__(self, *args, period=1, **kwargs):
{i}{i}super().__init__(*args, **kwargs)
{i}{i}self.period = period
{i}{i}self.epochs_since_last_save = 0

{i}def on_epoch_end(self, epoch, logs=None):
{i}{i}self.epochs_since_last_save += 1
{i}{i}if self.epochs_since_last_save >= self.period:
{i}{i}{i}self.epochs_since_last_save = 0
{i}{i}{i}super().on_epoch_end(epoch, logs)
'''
REPORTED = {"ModelCheckpoint": {"period": "Keras 3 saves every epoch (save_freq='epoch') or every N batches "
                                          "(save_freq=N); save_freq=N * steps_per_epoch is no substitute, it saves at "
                                          "a batch end, before validation, where no val_ metric is in the logs (a "
                                          "val_ monitor falls back to saving every time, a {val_...} path fails): "
                                          "drop period= to save "
                                          "every epoch, or save every N epochs from a callback of your own"}}


class CallbackArguments(Rule):
    NAME = "callback_arguments"
    ORDER = 36
    TRIGGERS = ("epsilon=", "epsilon =", "period=", "period =", "write_grads", "batch_size", "embeddings_layer_names",
                "embeddings_data", "ProgbarLogger(", "on_batch_begin", "on_batch_end")

    @classmethod
    def triggered(cls, source: bytes, survey: object = None) -> bool:
        """An argument word and a callback the rule knows, by name: `batch_size` alone is in most training
        scripts, and the rule acts only on calls of these classes (aliases and star imports still name them)."""
        return super().triggered(source, survey) and any(
            name.encode() in source for name in {*RENAMES, *DROPPED, *REPORTED, *IGNORED, *COUNTED})
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = ("ReduceLROnPlateau(epsilon=) -> min_delta=, LambdaCallback(on_batch_end=) -> "
                   "on_train_batch_end=, ModelCheckpoint(period=1) dropped, period=N -> a "
                   "subclass saving every N epochs, ProgbarLogger(count_mode=) dropped")

    def _callback(self, call: cst.Call) -> str | None:
        for name in sorted(self.qualified_names(call.func)):  # sorted: one answer whatever the hash seed
            for module in MODULES:
                if name.startswith(module) and name.removeprefix(module) in {*RENAMES, *DROPPED, *REPORTED, *IGNORED, *COUNTED}:
                    return name.removeprefix(module)
        return None

    def visit_Module(self, node: cst.Module) -> None:
        self.module = node
        self.every_n_base: str | None = None  # the spelling of ModelCheckpoint the class written subclasses
        self.imported = _top_level_bindings(node)
        self.taken = EVERY_N in _spelled(node)

    def leave_Module(self, original: cst.Module, updated: cst.Module) -> cst.Module:
        if self.every_n_base is None:
            return updated
        text = EVERY_N_CLASS.format(name=EVERY_N, base=self.every_n_base, i=updated.default_indent)
        definition = cst.parse_statement(text).with_changes(leading_lines=[cst.EmptyLine()] * 2)
        body = list(updated.body)
        after = max((index for index, statement in enumerate(body) if _is_import(statement)), default=-1) + 1
        return updated.with_changes(body=body[:after] + [definition] + body[after:])

    def _every_n_epochs(self, original: cst.Call, updated: cst.Call) -> cst.Call | None:
        """`ModelCheckpoint(..., period=N)` -> `ModelCheckpointEveryNEpochs(..., period=N)`, when the file's own
        top-level import binds the ModelCheckpoint it names (the class written after the imports subclasses it)."""
        base = code(original.func)
        if self.taken or base.split(".")[0] not in self.imported or self.every_n_base not in (None, base):
            return None
        self.every_n_base = base
        self.report(original, f"ModelCheckpoint(period=...) -> {EVERY_N}, a subclass written after this file's "
                              "imports: Keras 3 saves every epoch or every N batches, the class saves every "
                              "period epochs as Keras 2 did", advice=True)
        return updated.with_changes(func=cst.Name(EVERY_N))

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.Call:
        callback = self._callback(original)
        if callback is None:
            return updated
        every_n = [arg for arg in original.args if arg.keyword is not None and arg.keyword.value == "period"
                   and code(arg.value) != DROPPED["ModelCheckpoint"]["period"]] if callback == "ModelCheckpoint" else []
        if every_n:
            rewritten = self._every_n_epochs(original, updated)
            if rewritten is not None:
                self.converted()
                return rewritten
        args, changed = [], False
        for index, (before, arg) in enumerate(zip(original.args, updated.args, strict=True)):
            keyword = arg.keyword.value if arg.keyword is not None else None
            if callback in COUNTED and (keyword == COUNTED[callback][0] or (index == 0 and keyword is None
                                                                             and not arg.star)):
                parameter, same = COUNTED[callback]
                if not (isinstance(arg.value, cst.SimpleString) and arg.value.evaluated_value == same):
                    self.report(before, f"{callback}({parameter}=...) removed: Keras 3's {callback} takes no "
                                        f"{parameter} and always counts {same} (batches); Keras 2's counted samples "
                                        f"with {parameter}='samples' (its default)", advice=True)
                changed = True
                continue
            if keyword in RENAMES.get(callback, {}) and not any(
                    other.keyword is not None and other.keyword.value == RENAMES[callback][keyword]
                    for other in original.args):
                arg = arg.with_changes(keyword=cst.Name(RENAMES[callback][keyword]))
                changed = True
            elif keyword in DROPPED.get(callback, {}) and code(arg.value) == DROPPED[callback][keyword]:
                changed = True
                continue
            elif keyword in IGNORED.get(callback, ()):
                self.report(before, f"{callback}({keyword}=...) removed: TensorFlow 2's Keras ignored it already, "
                                    "Keras 3 refuses it", advice=True)
                changed = True
                continue
            elif keyword in REPORTED.get(callback, {}):
                self.report(before, f"{callback}({keyword}=...): {REPORTED[callback][keyword]}")
            args.append(arg)
        if not changed:
            return updated
        self.converted()
        if args and updated.args[-1].comma is cst.MaybeSentinel.DEFAULT:
            args[-1] = args[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
        return updated.with_changes(args=args)


def _is_import(statement: cst.CSTNode) -> bool:
    return isinstance(statement, cst.SimpleStatementLine) and any(
        isinstance(small, (cst.Import, cst.ImportFrom)) for small in statement.body)


def _top_level_bindings(module: cst.Module) -> set[str]:
    """The names the module's top-level imports bind (`import keras` -> keras, `from x import A as B` -> B)."""
    bound: set[str] = set()
    for statement in module.body:
        for small in statement.body if _is_import(statement) else ():
            if isinstance(small.names, cst.ImportStar):
                continue
            for alias in small.names:
                name = alias.asname.name if alias.asname is not None else alias.name
                bound.add(code(name).split(".")[0])
    return bound


def _spelled(module: cst.Module) -> set[str]:
    """Every plain name the module spells (a class of ours must not collide with one)."""
    found: set[str] = set()

    class Collect(cst.CSTVisitor):
        def visit_Name(self, node: cst.Name) -> None:
            found.add(node.value)

    module.visit(Collect())
    return found
