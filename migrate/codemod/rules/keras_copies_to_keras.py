"""`tf.contrib.keras.*`, `tensorflow.contrib.keras.python.keras.*` and `keras.backend.tensorflow_backend.*` -> the
Keras names they are copies of, before any other rule reads them.

TensorFlow 1.2-1.3 shipped Keras 2.0 as `tf.contrib.keras` (its code under `tensorflow.contrib.keras.python.keras`, its
API under `tensorflow.contrib.keras.api.keras`);
TensorFlow 1.4 moved the same package to `tf.keras`, and TensorFlow 2 has no contrib. Keras 2.3.1's `keras.backend`
is `from .tensorflow_backend import *` when TensorFlow is the backend: every public name of
`keras.backend.tensorflow_backend` is the same object in `keras.backend`. Spelled by their public names, the other
rules treat them as the Keras 2 names they are (`KTF.clear_session()` is `keras.backend.clear_session()`,
`tf.contrib.keras.layers.Merge` is reported as Keras 1's Merge). A private name of the backend module
(`tensorflow_backend._get_available_gpus`, which `keras.backend` never exported) is left to the rules that know it,
and a file reading one keeps its module import.
"""

from __future__ import annotations

import re

import libcst as cst

from migrate.codemod.rule import NAMES, Rule
from migrate.codemod.syntax import code, dotted_expression

# The copy's module -> the module it is a copy of (longest first: the code path before the package).
COPIES = (("tensorflow.contrib.keras.python.keras", "tensorflow.keras"), ("tensorflow.contrib.keras.api.keras", "tensorflow.keras"),
          ("tensorflow.contrib.keras", "tensorflow.keras"),
          ("keras.backend.tensorflow_backend", "keras.backend"))
BACKEND = "keras.backend.tensorflow_backend"
# The public names of Keras 2.3.1's tensorflow_backend that its keras.backend does not export (the rest are the same
# objects; measured on the legacy stack, tests/codemod/test_keras_copies_to_keras.py): spelled through the backend
# module, they stay.
NOT_EXPORTED = frozenset("""
    StrictVersion absolute_import context ctc division functional_ops functools get_graph get_variable_shape
    is_symbolic np print_function py_all py_any py_slice py_sum sys tf tf_image_ops tf_keras_backend tf_math_ops
    tf_ops tf_state_ops tf_utils tfdev threading transpose_shape v1_variable_initialization
    """.split())
WORK = re.compile(rb"contrib\.keras|contrib[ \t]+import[ \t]+keras|tensorflow_backend")


def _original(path: str) -> str | None:
    """`tensorflow.contrib.keras.python.keras.layers` -> `tensorflow.keras.layers`; None for any other path."""
    for copy, original in COPIES:
        if path == copy or path.startswith(copy + "."):
            return original + path[len(copy):]
    return None


class KerasCopiesToKeras(Rule):
    NAME = "keras_copies_to_keras"
    ORDER = 1  # first after python2_syntax: every other rule then reads the Keras names
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = "tf.contrib.keras / keras.backend.tensorflow_backend -> tf.keras / keras.backend"

    @classmethod
    def triggered(cls, source: bytes, survey: object = None) -> bool:
        return WORK.search(source) is not None

    def visit_Module(self, node: cst.Module) -> None:
        # The local names the file reads a private name through (`KTF._get_available_gpus`, `KTF.tf`): an import of the backend
        # module under one of them stays (that name is no keras.backend name).
        self.private = {alias for alias, name in re.findall(r"\b(\w+)\.(\w+)", node.code)
                        if name.startswith("_") or name in NOT_EXPORTED}

    def leave_ImportFrom(self, original: cst.ImportFrom, updated: cst.ImportFrom) -> cst.ImportFrom:
        if updated.module is None or updated.relative:
            return updated
        module = code(updated.module)
        names = None if isinstance(updated.names, cst.ImportStar) else [code(alias.name) for alias in updated.names]
        target = _original(module)
        if target is not None:
            if module.startswith(BACKEND) and (names is None or any(name.startswith("_") or name in NOT_EXPORTED
                                                                          for name in names)):
                return updated  # a star or a private name: not all of keras.backend's
            self.converted()
            return updated.with_changes(module=dotted_expression(target))
        if names is None or len(names) != 1:
            return updated
        target = _original(f"{module}.{names[0]}")
        alias = updated.names[0]
        if target is None or (target == "keras.backend" and code(alias.asname.name if alias.asname else alias.name)
                                                            in self.private):
            return updated
        # `from tensorflow.contrib import keras` -> `from tensorflow import keras`; `from keras.backend import
        # tensorflow_backend as KTF` -> `from keras import backend as KTF` (the local name kept)
        home, _, name = target.rpartition(".")
        asname = alias.asname or (cst.AsName(cst.Name(names[0])) if name != names[0] else None)
        self.converted()
        return updated.with_changes(module=dotted_expression(home), names=[alias.with_changes(name=cst.Name(name), asname=asname)])

    def leave_Import(self, original: cst.Import, updated: cst.Import) -> cst.Import:
        """`import keras.backend.tensorflow_backend as KTF` -> `import keras.backend as KTF`. Without `as`, the
        code spells the full path, which leave_Attribute rewrites alike."""
        names = []
        for alias in updated.names:
            target = _original(code(alias.name))
            local = code(alias.asname.name) if alias.asname else "tensorflow_backend"  # the full path's last part
            if target is not None and not (target.startswith("keras.backend") and local in self.private):
                self.converted()
                alias = alias.with_changes(name=dotted_expression(target))
            names.append(alias)
        return updated.with_changes(names=names)

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute) -> cst.BaseExpression:
        """`tf.contrib.keras` -> `tf.keras`, `....keras.python.keras` (or `.api.keras`) -> `....keras`, `K.tensorflow_backend.name`
        -> `K.name` (a public name only), wherever the qualified name says they are TensorFlow's or Keras's."""
        names = self.qualified_names(original)
        attr = updated.attr.value
        if attr == "keras" and isinstance(updated.value, cst.Attribute) and updated.value.attr.value == "contrib" and \
                "tensorflow.contrib.keras" in names:
            self.converted()
            return updated.with_changes(value=updated.value.value)
        if attr == "keras" and isinstance(updated.value, cst.Attribute) and updated.value.attr.value in ("python", "api") \
                and any(name.endswith(("contrib.keras.python.keras", "contrib.keras.api.keras")) for name in names):
            return updated.value.value  # its `contrib` is gone already
        if not attr.startswith("_") and attr not in NOT_EXPORTED and isinstance(original.value, cst.Attribute) and \
                original.value.attr.value == "tensorflow_backend" and isinstance(updated.value, cst.Attribute) and \
                BACKEND in self.qualified_names(original.value):
            self.converted()
            return updated.with_changes(value=updated.value.value)
        return updated
