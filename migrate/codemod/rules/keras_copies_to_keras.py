"""`tf.contrib.keras.*`, `tensorflow.contrib.keras.python.keras.*`, `keras.backend.tensorflow_backend.*` and
`keras.backend.common.*` -> the Keras names they are copies of, before any other rule reads them.

TensorFlow 1.2-1.3 shipped Keras 2.0 as `tf.contrib.keras` (its code under `tensorflow.contrib.keras.python.keras`, its
API under `tensorflow.contrib.keras.api.keras`);
TensorFlow 1.4 moved the same package to `tf.keras`, and TensorFlow 2 has no contrib. Keras 2.3.1's `keras.backend`
is `from .tensorflow_backend import *` when TensorFlow is the backend: every public name of
`keras.backend.tensorflow_backend` is the same object in `keras.backend`. Spelled by their public names, the other
rules treat them as the Keras 2 names they are (`KTF.clear_session()` is `keras.backend.clear_session()`,
`tf.contrib.keras.layers.Merge` is reported as Keras 1's Merge). A private name of the backend module
(`tensorflow_backend._get_available_gpus`, which `keras.backend` never exported) is left to the rules that know it,
and a file reading one keeps its module import. Keras 2.0-2.2's `keras.backend` imported its settings functions from
`keras.backend.common` (`K.common.image_dim_ordering is K.image_dim_ordering`, checked on Keras 2.2.4); Keras 2.3.1
wrapped tf.keras's, which start from the same keras.json: `K.common.image_dim_ordering()` is `K.image_dim_ordering()`,
which `backend_functions_to_ops` then rewrites. TensorFlow 1.x's tf.keras code under its private path
(`from tensorflow.python.keras import backend as K`, `from tensorflow.python import keras`, `from
tensorflow.python.keras.layers import Layer`) is imported from `tensorflow.keras` where the installed one has the
module and every name imported; what only the private path had (`engine.training_v1`) stays for
`legacy_import_paths` to report.
"""

from __future__ import annotations

import re

import libcst as cst

from migrate.codemod.api_surface import surface
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
# The functions of Keras 2.0-2.2's keras.backend that are keras.backend.common's own (the same objects on Keras 2.2.4;
# tests/codemod/test_keras_copies_to_keras.py): spelled through `common`, they are keras.backend's.
COMMON = "keras.backend.common"
COMMON_NAMES = frozenset("""
    cast_to_floatx epsilon floatx image_data_format image_dim_ordering normalize_data_format set_epsilon set_floatx
    set_image_data_format set_image_dim_ordering
    """.split())
# `common` only where it can be keras.backend's (`K.common.floatx`, `keras.backend.common`, `from keras.backend import
# common`): the bare word is in a file in eight, most of which then paid a parse and a scope analysis for nothing.
WORK = re.compile(rb"contrib\.keras|contrib[ \t]+import[ \t]+keras|tensorflow_backend|backend\.common\b"
                  rb"|python\.keras|tensorflow\.python[ \t]+import[ \t]+keras\b"
                  rb"|backend[ \t]+import[^\n]*\bcommon\b|\bcommon\.(?:%s)\b" % "|".join(sorted(COMMON_NAMES)).encode())


def _copied(module: str, name: str) -> bool:
    """Whether `name` of the backend module `module` is keras.backend's own object (a private or unexported name of
    tensorflow_backend is not; of `common`, only its settings functions are)."""
    if module == COMMON:
        return name in COMMON_NAMES
    return not name.startswith("_") and name not in NOT_EXPORTED


def _original(path: str) -> str | None:
    """`tensorflow.contrib.keras.python.keras.layers` -> `tensorflow.keras.layers`; None for any other path."""
    if path == COMMON or path.startswith(COMMON + "."):
        return "keras.backend" + path[len(COMMON):]
    for copy, original in COPIES:
        if path == copy or path.startswith(copy + "."):
            return original + path[len(copy):]
    return None


def _private_to_public(node: cst.ImportFrom) -> str | None:
    """`from tensorflow.python.keras import backend as K`, `from tensorflow.python.keras.layers import Layer`,
    `from tensorflow.python import keras` -> the public module to import the same names from (`tensorflow.keras`,
    `tensorflow.keras.layers`, `tensorflow`), when the installed TensorFlow's `tensorflow.keras` has every one of
    them (TensorFlow 1.x's private path was tf.keras's own code, which `tensorflow.keras` names publicly); else
    None (a module only the private path had, `... utils import data_utils`, stays for legacy_import_paths)."""
    module = code(node.module)
    if isinstance(node.names, cst.ImportStar) or not (module == "tensorflow.python" or
                                                       module == "tensorflow.python.keras" or
                                                       module.startswith("tensorflow.python.keras.")):
        return None
    names = [code(alias.name) for alias in node.names]
    if module == "tensorflow.python":
        return "tensorflow" if names == ["keras"] else None
    public = "tensorflow.keras" + module.removeprefix("tensorflow.python.keras")
    api = surface()
    return public if api.covers(public) and all(api.exists(f"{public}.{name}") for name in names) else None


class KerasCopiesToKeras(Rule):
    NAME = "keras_copies_to_keras"
    ORDER = 1  # first after python2_syntax: every other rule then reads the Keras names
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = "tf.contrib.keras / tensorflow.python.keras / keras.backend.tensorflow_backend -> tf.keras / keras.backend"

    @classmethod
    def triggered(cls, source: bytes, survey: object = None) -> bool:
        return WORK.search(source) is not None

    def visit_Module(self, node: cst.Module) -> None:
        # The local names the file reads a private name through (`KTF._get_available_gpus`, `KTF.tf`), per backend
        # module: an import of that module under one of them stays (that name is no keras.backend name).
        read = re.findall(r"\b(\w+)\.(\w+)", node.code)
        self.private = {module: {alias for alias, name in read if not _copied(module, name)} for module in (BACKEND, COMMON)}

    def _kept(self, target: str, local: str) -> bool:
        """Whether an import of a backend module (`target` its keras.backend path) under `local` stays."""
        module = next((found for found in (BACKEND, COMMON) if _original(found) == target), None)
        return module is not None and local in self.private[module]

    def leave_ImportFrom(self, original: cst.ImportFrom, updated: cst.ImportFrom) -> cst.ImportFrom:
        if updated.module is None or updated.relative:
            return updated
        public = _private_to_public(updated)
        if public is not None:  # `from tensorflow.python.keras import backend as K` -> `from tensorflow.keras ...`
            self.converted()
            return updated.with_changes(module=dotted_expression(public))
        module = code(updated.module)
        names = None if isinstance(updated.names, cst.ImportStar) else [code(alias.name) for alias in updated.names]
        target = _original(module)
        if target is not None:
            backend = next((found for found in (BACKEND, COMMON) if module == found), None)
            if backend is not None and (names is None or not all(_copied(backend, name) for name in names)):
                return updated  # a star or a private name: not all of keras.backend's
            self.converted()
            return updated.with_changes(module=dotted_expression(target))
        if names is None or len(names) != 1:
            return updated
        target = _original(f"{module}.{names[0]}")
        alias = updated.names[0]
        if target is None or self._kept(target, code(alias.asname.name if alias.asname else alias.name)):
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
            local = code(alias.asname.name) if alias.asname else code(alias.name).rpartition(".")[2]  # the path's last part
            if target is not None and not self._kept(target, local):
                self.converted()
                alias = alias.with_changes(name=dotted_expression(target))
            names.append(alias)
        return updated.with_changes(names=names)

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute) -> cst.BaseExpression:
        """`tf.contrib.keras` -> `tf.keras`, `....keras.python.keras` (or `.api.keras`) -> `....keras`, `K.tensorflow_backend.name`
        and `K.common.name` -> `K.name` (a name keras.backend has), wherever the qualified name says they are
        TensorFlow's or Keras's."""
        names = self.qualified_names(original)
        attr = updated.attr.value
        if attr == "keras" and isinstance(updated.value, cst.Attribute) and updated.value.attr.value == "contrib" and \
                "tensorflow.contrib.keras" in names:
            self.converted()
            return updated.with_changes(value=updated.value.value)
        if attr == "keras" and isinstance(updated.value, cst.Attribute) and updated.value.attr.value in ("python", "api") \
                and any(name.endswith(("contrib.keras.python.keras", "contrib.keras.api.keras")) for name in names):
            return updated.value.value  # its `contrib` is gone already
        if isinstance(original.value, cst.Attribute) and isinstance(updated.value, cst.Attribute):
            backend = {"tensorflow_backend": BACKEND, "common": COMMON}.get(original.value.attr.value)
            if backend is not None and _copied(backend, attr) and backend in self.qualified_names(original.value):
                self.converted()
                return updated.with_changes(value=updated.value.value)
        return updated
