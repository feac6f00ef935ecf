"""Keras 2's `weights=` layer argument -> `with_initial_weights(layer, weights)`, a helper written into the file.

`Conv2D(filters, (size, size), use_bias=not batch_normalize, weights=conv_weights)`: Keras 2 kept the list and, once
the layer was built, called `layer.set_weights(weights)`, which takes the arrays in the layer's own weight order
(kernel, then bias if use_bias; gamma if scale, beta if center, moving mean, moving variance). Keras 3's layers refuse
the keyword. The helper (`HELPER`, 25 lines) makes the weights the layer creates when it is built start as these
arrays, in the order it creates them, which for the layers of `SAME_LAYOUT` is Keras 2's order with Keras 2's shapes
(tests/codemod/test_layer_initial_weights.py compares each against Keras 2.3.1): the flags need not be literals, and
a wrong count or shape raises as set_weights did. The arrays are the variables' initial values, so this holds under
MirroredStrategy, for a layer built inside a traced call, and the layer's config (what a saved model stores) is the
plain layer's. Constant initializers instead would write every array into the model's config.

What Keras 2 did differently is kept: a layer inside TimeDistributed (Keras 2.3.1; tf.keras called it and set them) or
inside Bidirectional (every Keras) was built by the wrapper and never got its weights= -- dropped, with advice.
Keras 2.3.1's GRU stored its bias as reset_after=False's (3*units,); Keras 3's default is reset_after=True, so
`reset_after=False` is written where a `keras` GRU did not say. Embedding still takes weights= (Keras 3 sets it);
Bidirectional takes and ignores it as Keras 2 did (advice). `TimeDistributed(Dense(1), weights=[W, b])` (the wrapper
given them: Keras 2 set them on its layer) is made by the helper too, from the wrapped layer. Any other layer is
reported.
"""

from __future__ import annotations

import re

import libcst as cst
import libcst.matchers as m
from libcst.codemod.visitors import AddImportsVisitor
from libcst.helpers import get_full_name_for_node

from migrate.codemod.outline import Outline
from migrate.codemod.rule import NAMES, Rule
from migrate.codemod.syntax import code, names_in

HELPER_NAME = "with_initial_weights"
HELPER = '''
def with_initial_weights(layer, weights):
    """Keras 2's `weights=` layer argument, which Keras 3 refuses: the weights the layer makes when it is built start
    as these arrays, taken in the order it makes them (the order of Keras 2's set_weights), shapes checked."""
    arrays = list(weights)
    maker = layer.layer if type(layer).__name__ == 'TimeDistributed' else layer  # its weights are its layer's
    maker = getattr(maker, 'cell', maker)  # a recurrent layer's weights are made by its cell
    build = layer.build

    def add_given_weight(shape=None, initializer=None, **kwargs):
        if not arrays or tuple(arrays[0].shape) != tuple(shape):
            raise ValueError('%s: weights= holds no array of shape %s for its next weight' % (layer.name, shape))
        array = arrays.pop(0)
        return type(maker).add_weight(maker, shape=shape, initializer=lambda shape, dtype=None: array, **kwargs)

    @functools.wraps(build)
    def build_with_weights(*args, **kwargs):
        maker.add_weight = add_given_weight
        try:
            build(*args, **kwargs)
        finally:
            del maker.add_weight
        if arrays:
            raise ValueError('%s: weights= holds %d more array(s) than the layer makes' % (layer.name, len(arrays)))

    layer.build = build_with_weights
    return layer
'''
LAYER_MODULES = ("keras.layers.", "tensorflow.keras.layers.", "tensorflow.python.keras.layers.")
# Layers whose Keras 3 weights are made in Keras 2's set_weights order with Keras 2's shapes (each compared with
# Keras 2.3.1's outputs in the tests, but for the aliases and Conv3D's siblings, the same Keras 3 classes).
SAME_LAYOUT = frozenset({
    "Dense", "Conv1D", "Conv2D", "Conv3D", "Convolution1D", "Convolution2D", "Convolution3D", "Conv2DTranspose",
    "DepthwiseConv2D", "SeparableConv1D", "SeparableConv2D", "SeparableConvolution1D", "SeparableConvolution2D",
    "BatchNormalization", "LSTM", "GRU", "SimpleRNN", "PReLU"})
WRAPPERS = ("TimeDistributed", "Bidirectional")
EVERY = frozenset({"*"})  # `_layer_roots` where any name may be a layer's
WEIGHTS_KEYWORD = re.compile(rb"[(,]\s*weights\s*=(?!=)")


def layer_roots(imports: list[tuple[str, str, str | None]], survey: object) -> frozenset[str]:
    """The last parts of the run's re-exports of a `layers` name, and the names bound by the file's imports (each
    (module or "" for a plain import, name, asname)) of a `layers` module, of its names or of such a re-export."""
    passed = {key.rpartition(".")[2] for key, origin in getattr(survey, "passed_on", ())
              if "layers" in origin.split(".")}
    roots = set(passed)
    for module, name, asname in imports:
        imported = name.split(".")
        if "layers" in (module.split(".") if module else []) + imported or imported[-1] in passed:
            roots.add(asname or imported[0])
    return frozenset(roots)


class LayerInitialWeights(Rule):
    NAME = "layer_initial_weights"
    ORDER = 37  # after keras1_arguments (35): the layers' keywords are Keras 2's by then
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = "Dense(4, weights=[W, b]) -> with_initial_weights(Dense(4), [W, b]) (Keras 3 layers take no weights=)"

    @classmethod
    def triggered(cls, source: bytes, survey: object = None) -> bool:
        """`weights=` as a call's keyword (not `get_weights()` or `load_weights(`)."""
        return b"weights" in source and WEIGHTS_KEYWORD.search(source) is not None

    def visit_Module(self, node: cst.Module) -> None:
        self.wrapped: dict[int, str] = {}  # a layer call given to TimeDistributed/Bidirectional -> the wrapper
        self.needed = False
        self.defined = any(name.value == HELPER_NAME for name in names_in(node))
        self.module = node
        self.layer_roots: frozenset[str] | None = None  # `_may_be_layer`
        # `d = Dense(4, weights=w)` ... `TimeDistributed(d)`: the names given to a wrapper, and the calls assigned to
        # a name, so a layer wrapped through a name is seen too (reported: which `d` is meant needs a reading)
        self.wrapped_names: dict[str, str] = {}
        self.assigned: dict[int, str] = {}
        rule = self

        class Collect(cst.CSTVisitor):
            def visit_Assign(self, assign: cst.Assign) -> None:
                if len(assign.targets) == 1 and isinstance(assign.targets[0].target, cst.Name) and \
                        isinstance(assign.value, cst.Call):
                    rule.assigned[id(assign.value)] = assign.targets[0].target.value

            def visit_Call(self, call: cst.Call) -> None:
                wrapper, given = rule._wrapped_argument(call)
                if wrapper is not None and isinstance(given, cst.Name):
                    rule.wrapped_names[given.value] = wrapper

        if b"TimeDistributed" in node.code.encode() or b"Bidirectional" in node.code.encode():
            node.visit(Collect())

    def visit_Call(self, node: cst.Call) -> None:
        wrapper, given = self._wrapped_argument(node)
        if wrapper is not None and isinstance(given, cst.Call):
            self.wrapped[id(given)] = wrapper

    def _wrapped_argument(self, call: cst.Call) -> tuple[str | None, cst.BaseExpression | None]:
        """(the wrapper, the layer it is given) of a TimeDistributed/Bidirectional call, else (None, None)."""
        if not any(word in code(call.func) for word in WRAPPERS):
            return None, None
        found = self._layer(call)
        if found is None or found[1] not in WRAPPERS:
            return None, None
        given = next((arg.value for arg in call.args
                      if (arg.keyword is None or arg.keyword.value == "layer") and not arg.star), None)
        return found[1], given

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.BaseExpression:
        weights = next((arg for arg in updated.args if arg.keyword is not None and arg.keyword.value == "weights"), None)
        if weights is None:
            return updated
        found = self._layer(original) if self._may_be_layer(original.func) else None
        if found is None:
            return updated
        root, layer = found
        if layer == "Embedding":
            return updated  # Keras 3's Embedding takes weights= and sets them
        if layer == "Bidirectional":
            self.report(original, "Bidirectional(weights=) is taken and ignored, by Keras 3 as by Keras 2: to load "
                                  "these weights, call the layer's set_weights once the model is built", advice=True)
            return updated
        if isinstance(weights.value, cst.Name) and weights.value.value == "None":
            self.converted()
            return self._without(updated, weights)
        if layer == "TimeDistributed":  # Keras 2's set_weights of the wrapper was its layer's: that layer's order
            inner = next((arg.value for arg in original.args if (arg.keyword is None or arg.keyword.value == "layer")
                          and not arg.star), None)
            found = self._layer(inner) if isinstance(inner, cst.Call) else None
            layer = found[1] if found is not None and found[1] in SAME_LAYOUT else layer
        wrapper = self.wrapped.get(id(original))
        if wrapper == "Bidirectional" or (wrapper == "TimeDistributed" and root == "keras"):
            self.report(original, f"weights= dropped: Keras 2 never set it on a {layer} inside {wrapper} (the wrapper "
                                  "builds the layer itself), so the layer started from its initializers, as it does "
                                  "now; to load these weights, call set_weights once the model is built", advice=True)
            self.converted()
            return self._without(updated, weights)
        through = self.wrapped_names.get(self.assigned.get(id(original), ""))
        if through == "Bidirectional" or (through == "TimeDistributed" and root == "keras"):
            self.report(original, f"{layer}(weights=) of a layer the file also gives to {through} by name: Keras 2 "
                                  f"never set weights= on a layer inside {through} (the wrapper builds it) but did on "
                                  "a layer called itself; drop weights= if this layer is the wrapped one, else set "
                                  "them with set_weights once it is built")
            return updated
        if layer not in SAME_LAYOUT:
            self.report(original, f"{layer}(weights=): Keras 3's layers take no weights=; drop it and call the "
                                  "layer's set_weights(...) once the model is built (check Keras 3's weight order)")
            return updated
        if self.defined:
            self.report(original, f"{layer}(weights=): Keras 3's layers take no weights=, and the file has its own "
                                  f"{HELPER_NAME}; set them with the layer's set_weights once it is built")
            return updated
        call = self._without(updated, weights).with_changes(lpar=[], rpar=[])  # `(Conv2D(...))(x)`: the parentheses go
        if layer == "GRU" and root == "keras" and not any(arg.keyword is not None and arg.keyword.value == "reset_after"
                                                          for arg in call.args):
            call = self._with_keyword(call, "reset_after", cst.Name("False"))
        self.needed = True
        self.converted()
        return cst.Call(func=cst.Name(HELPER_NAME), args=[cst.Arg(call, comma=self._break(updated, weights)),
                                                          cst.Arg(weights.value)])

    def leave_Module(self, original: cst.Module, updated: cst.Module) -> cst.Module:
        if not self.needed:
            return updated
        AddImportsVisitor.add_needed_import(self.context, "functools")
        definition = cst.parse_module(HELPER.lstrip("\n")).body[0]
        body = list(updated.body)
        at = next((index for index, statement in enumerate(body)
                   if isinstance(statement, (cst.FunctionDef, cst.ClassDef))
                   or any(name.value == HELPER_NAME for name in names_in(statement))), len(body))
        after = body[at:]
        if after:  # two empty lines after the helper, as before any top-level function
            blank = next((n for n, line in enumerate(after[0].leading_lines) if line.comment is not None),
                         len(after[0].leading_lines))
            after[0] = after[0].with_changes(leading_lines=[cst.EmptyLine()] * max(0, 2 - blank) +
                                             list(after[0].leading_lines))
        helper = definition.with_changes(leading_lines=[cst.EmptyLine(), cst.EmptyLine()])
        return updated.with_changes(body=body[:at] + [helper] + after)

    def _may_be_layer(self, func: cst.BaseExpression) -> bool:
        """Whether a callee given `weights=` may be a Keras layer class, told before its qualified names are asked
        (the scope analysis behind them is most of this rule's cost, and most such calls are an application's
        `VGG16(weights='imagenet')`). A layer's qualified name has `layers` among its parts. LibCST makes a callee's
        qualified name from its full name as spelled, with what its first name stands for put in front of the rest
        (an import's path); `resolved` adds a star-imported module's, or a re-export's origin for a name whose last
        two parts are a re-export's (`utils.Dense`: the last part is the callee's, or the name an import of it
        binds under another). So the callee must spell `layers` or the last part of a re-export of a `layers` name,
        or start with a name an import of a `layers` module, of one of its names or of such a re-export binds; in a
        file with a star import every callee is asked."""
        full = get_full_name_for_node(func)
        if full is None:
            return False  # no name: no qualified name either
        parts = full.split(".")
        if "layers" in parts:
            return True
        if self.layer_roots is None:
            self.layer_roots = self._layer_roots()
        return self.layer_roots is EVERY or parts[0] in self.layer_roots or parts[-1] in self.layer_roots

    def _layer_roots(self) -> frozenset[str]:
        """`layer_roots` of the file's imports (`_may_be_layer`)."""
        if self.context.scratch.get("stars"):
            return EVERY
        imports = []
        for node in m.findall(self.module, m.Import() | m.ImportFrom()):
            if isinstance(node.names, cst.ImportStar):
                return EVERY
            module = code(node.module) if isinstance(node, cst.ImportFrom) and node.module else ""
            imports += [(module, code(alias.name), code(alias.asname.name) if alias.asname else None)
                        for alias in node.names]
        return layer_roots(imports, self.context.scratch.get("survey"))

    @classmethod
    def relevant(cls, source: bytes, outline: Outline, survey: object = None) -> bool:
        """A call given `weights=` whose callee may be a layer (`_may_be_layer`, from the outline's imports): most
        such calls are an application's `VGG16(weights='imagenet')`, and the rule would find nothing to do."""
        callees = [call.callee.split(".") for call in outline.calls if "weights" in call.keywords and call.callee]
        if not callees:
            return False
        if outline.star:
            return True
        roots = layer_roots([(module, name, asname) for _, module, names in outline.from_imports
                             for name, asname in names] + [("", name, asname) for name, asname in outline.imports],
                            survey)
        return any("layers" in parts or parts[0] in roots or parts[-1] in roots for parts in callees)

    def _layer(self, call: cst.Call) -> tuple[str, str] | None:
        """('keras' or 'tensorflow', the class name) of a call to a Keras layer class, or None."""
        for name in sorted(self.qualified_names(call.func)):  # sorted: one answer whatever the hash seed
            if name.startswith(LAYER_MODULES):
                return name.split(".", 1)[0], name.rsplit(".", 1)[-1]
        return None

    @staticmethod
    def _break(call: cst.Call, gone: cst.Arg) -> cst.Comma:
        """The comma between the layer and its weights in the helper's call: where weights= was the last argument on a
        line of its own, the line break before it, so the weights stay on their line."""
        if call.args[-1] is gone and len(call.args) > 1 and isinstance(call.args[-2].comma, cst.Comma):
            return call.args[-2].comma
        return cst.Comma(whitespace_after=cst.SimpleWhitespace(" "))

    @staticmethod
    def _without(call: cst.Call, gone: cst.Arg) -> cst.Call:
        """The call without the argument `gone`; a last argument keeps the comma (or none) the call ended with."""
        args = [arg for arg in call.args if arg is not gone]
        if args and call.args[-1] is gone:
            args[-1] = args[-1].with_changes(comma=gone.comma)
        if not args:  # `BatchNormalization(\n    weights=w)` -> `BatchNormalization()`
            return call.with_changes(args=args, whitespace_before_args=cst.SimpleWhitespace(""))
        return call.with_changes(args=args)

    @staticmethod
    def _with_keyword(call: cst.Call, keyword: str, value: cst.BaseExpression) -> cst.Call:
        """The call with `keyword=value` added last."""
        args = list(call.args)
        last = args[-1].comma if args else cst.MaybeSentinel.DEFAULT
        if args:
            args[-1] = args[-1].with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
        args.append(cst.Arg(value, keyword=cst.Name(keyword), equal=cst.AssignEqual(
            whitespace_before=cst.SimpleWhitespace(""), whitespace_after=cst.SimpleWhitespace("")), comma=last))
        return call.with_changes(args=args)

