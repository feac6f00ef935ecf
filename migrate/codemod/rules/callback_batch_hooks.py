"""`def on_batch_end` in a subclass of Keras's TensorBoard, ModelCheckpoint or ProgbarLogger -> `on_train_batch_end`.

Keras 2 called `on_batch_end` (and `on_batch_begin`) from `Callback.on_train_batch_end` (`_begin`), so a callback
subclass overriding the old name ran at each batch: experiencor/keras-yolo3's CustomTensorBoard logged its losses
there. Keras 3's base Callback still does, but its TensorBoard, ModelCheckpoint, ProgbarLogger and BackupAndRestore
override `on_train_batch_end` (TensorBoard `on_train_batch_begin` too) without calling the old name: the subclass's
method is never called, silently. So in a class deriving from one of them that defines the old name and not the new
one, the method takes the new name, and its own `super().on_batch_end(...)` / `self.on_batch_end(...)` calls follow
(the base's batch work then runs as it did under Keras 2).
"""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from migrate.codemod.rule import NAMES, Rule

# Keras 3's callbacks whose train-batch hooks do not call the Keras 2 names, and which hooks (old -> new name).
END = {"on_batch_end": "on_train_batch_end"}
HOOKS = {"TensorBoard": {**END, "on_batch_begin": "on_train_batch_begin"}, "ModelCheckpoint": END,
         "ProgbarLogger": END, "BackupAndRestore": END}
MODULES = ("keras.callbacks.", "tensorflow.keras.callbacks.")


class CallbackBatchHooks(Rule):
    NAME = "callback_batch_hooks"
    ORDER = 36
    TRIGGERS = ("on_batch_end", "on_batch_begin")
    REQUIRES = ("keras",)
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = "def on_batch_end in a TensorBoard / ModelCheckpoint / ProgbarLogger subclass -> on_train_batch_end"

    def visit_Module(self, node: cst.Module) -> None:
        self.renamed: dict[int, dict[str, str]] = {}  # id of a class -> its hooks to rename

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        hooks: dict[str, str] = {}
        for base in node.bases:
            for name in self.qualified_names(base.value):
                if name.startswith(MODULES):
                    hooks.update(HOOKS.get(name.rpartition(".")[2], {}))
        defined = {statement.name.value for statement in node.body.body if isinstance(statement, cst.FunctionDef)}
        hooks = {old: new for old, new in hooks.items() if old in defined and new not in defined}
        if hooks:
            self.renamed[id(node)] = hooks

    def leave_ClassDef(self, original: cst.ClassDef, updated: cst.ClassDef) -> cst.ClassDef:
        hooks = self.renamed.get(id(original))
        if hooks is None:
            return updated
        body = []
        for statement in updated.body.body:
            if isinstance(statement, cst.FunctionDef) and statement.name.value in hooks:
                self.converted()
                statement = statement.with_changes(name=cst.Name(hooks[statement.name.value]))
            body.append(statement)
        calls = m.Call(func=m.Attribute(value=m.Call(func=m.Name("super")) | m.Name("self"),
                                        attr=m.OneOf(*(m.Name(old) for old in hooks))))
        updated = updated.with_changes(body=updated.body.with_changes(body=body))
        return m.replace(updated, calls, lambda call, _: call.with_changes(
            func=call.func.with_changes(attr=cst.Name(hooks[call.func.attr.value]))))
