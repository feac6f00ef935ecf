"""Keywords Keras 2 accepted on a layer or an image function and Keras 3 refuses, each with an exact Keras 3 form.

- `DepthwiseConv2D(kernel_regularizer=l2(w), kernel_initializer=..., kernel_constraint=...)` (SeparableConv1D/2D
  alike): Keras 2.3.1 and tf.keras passed them on to Conv2D's constructor, which stored them, while the layer made its
  weights from `depthwise_*` (and `pointwise_*`): they never did anything (no loss, no initial value, no constraint).
  Keras 3 refuses them; they go, with advice naming the keyword that would act (which changes training).
- `load_img(path, grayscale=True)`: Keras 2's keras_preprocessing read `grayscale is True` as
  `color_mode='grayscale'`; Keras 3's load_img has only color_mode. A literal becomes that color_mode (or goes,
  for False); another value `color_mode='grayscale' if <value> is True else <the color_mode given, or 'rgb'>`.
"""

from __future__ import annotations

import libcst as cst

from migrate.codemod.outline import Outline
from migrate.codemod.rule import NAMES, Rule
from migrate.codemod.rules.keras1_arguments import LAYER_KEYWORDS

LAYER_MODULES = ("keras.layers.", "tensorflow.keras.layers.", "tensorflow.python.keras.layers.")
# layer -> what its kernels are made from instead
SEPARATE_KERNELS = {"DepthwiseConv2D": "depthwise_*", "DepthwiseConv1D": "depthwise_*",
                    **{name: "depthwise_* and pointwise_*" for name in ("SeparableConv1D", "SeparableConv2D",
                                                                        "SeparableConvolution1D", "SeparableConvolution2D")}}
KERNEL_KEYWORDS = ("kernel_initializer", "kernel_regularizer", "kernel_constraint")
# The keywords the walk looks at, and Keras 1's that keras1_arguments (before it) renames to one of them.
LOOKED_AT = frozenset({*KERNEL_KEYWORDS, "grayscale"} | {old for table in LAYER_KEYWORDS.values()
                                                         for old, new in table.items() if new in KERNEL_KEYWORDS})
LOAD_IMG = frozenset({f"{root}.{module}load_img" for root in ("keras", "tensorflow.keras", "keras_preprocessing")
                      for module in ("preprocessing.image.", "utils.", "image.", "image.utils.", "utils.image_utils.")})


class LayerKeywords(Rule):
    NAME = "layer_keywords"
    ORDER = 38  # after keras1_arguments (35), which renames Keras 1's W_regularizer= to kernel_regularizer=
    TRIGGERS = ("grayscale", "DepthwiseConv", "SeparableConv")
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = ("DepthwiseConv2D(kernel_regularizer=...) dropped (Keras 2 never used it), "
                   "load_img(grayscale=True) -> load_img(color_mode='grayscale')")

    @classmethod
    def relevant(cls, source: bytes, outline: Outline, survey: object = None) -> bool:
        """A call given a keyword the walk looks at (or a Keras 1 one keras1_arguments renames to it first), whose
        callee may be one of its layers or load_img: by its last name, an import's alias of one, or a name a module
        of the run re-exports one as; a star import may bring any. `grayscale` is often a variable, and a
        DepthwiseConv2D file's kernel_regularizer= often a Conv2D's."""
        if outline.star:
            return True
        callees = outline.names_for({*SEPARATE_KERNELS, "load_img"}, survey)
        return any(call.keywords & LOOKED_AT and call.callee and call.callee.rpartition(".")[2] in callees
                   for call in outline.calls)

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.Call:
        keywords = {arg.keyword.value for arg in updated.args if arg.keyword is not None}
        if not keywords & {*KERNEL_KEYWORDS, "grayscale"}:
            return updated
        names = self.qualified_names(original.func)
        if "grayscale" in keywords and names & LOAD_IMG:
            return self._color_mode(updated)
        layer = next((name.rsplit(".", 1)[-1] for name in sorted(names) if name.startswith(LAYER_MODULES)), None)
        if layer not in SEPARATE_KERNELS:
            return updated
        gone = [arg for arg in updated.args if arg.keyword is not None and arg.keyword.value in KERNEL_KEYWORDS]
        if not gone:
            return updated
        spelled = ", ".join(f"{arg.keyword.value}=" for arg in gone)
        instead = ", ".join(f"{arg.keyword.value.replace('kernel_', 'depthwise_')}=" for arg in gone)
        self.report(original, f"{spelled} dropped: Keras 2's {layer} handed it to Conv2D, which stored it unused (the "
                              f"kernels come from the {SEPARATE_KERNELS[layer]} arguments); to apply it, pass "
                              f"{instead} (which changes training)", advice=True)
        self.converted(len(gone))
        return updated.with_changes(args=_without(updated.args, gone))

    def _color_mode(self, call: cst.Call) -> cst.Call:
        grayscale = next(arg for arg in call.args if arg.keyword is not None and arg.keyword.value == "grayscale")
        given = next((arg for arg in call.args if arg.keyword is not None and arg.keyword.value == "color_mode"), None)
        value = grayscale.value
        self.converted()
        if isinstance(value, cst.Name) and value.value in ("True", "False"):
            if value.value == "False":
                return call.with_changes(args=_without(call.args, [grayscale]))
            mode: cst.BaseExpression = cst.SimpleString("'grayscale'")
        else:
            otherwise = given.value if given is not None else cst.SimpleString("'rgb'")
            mode = cst.IfExp(test=cst.Comparison(value, [cst.ComparisonTarget(cst.Is(), cst.Name("True"))]),
                             body=cst.SimpleString("'grayscale'"), orelse=otherwise)
        args = [arg.with_changes(keyword=cst.Name("color_mode"), value=mode) if arg is grayscale else arg
                for arg in call.args if arg is not given]
        if given is not None and call.args[-1] is given:
            args[-1] = args[-1].with_changes(comma=given.comma)
        return call.with_changes(args=args)


def _without(args: tuple[cst.Arg, ...] | list[cst.Arg], gone: list[cst.Arg]) -> list[cst.Arg]:
    """The arguments but `gone`; the new last one keeps the comma (or none) the old last one had."""
    kept = [arg for arg in args if all(arg is not other for other in gone)]
    if kept and any(args[-1] is other for other in gone):
        kept[-1] = kept[-1].with_changes(comma=args[-1].comma)
    return kept
