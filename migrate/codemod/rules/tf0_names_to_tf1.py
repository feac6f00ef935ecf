"""TensorFlow 0.x names and argument orders (`tf.mul`, `tf.pack`, `tf.scalar_summary`, `tf.concat(1, [a, b])`) ->
TensorFlow 1.0's, from TensorFlow 1.0's own upgrade table; the TF1 -> TF2 rules then take them from there.

TensorFlow 1.0 renamed dozens of functions and swapped the arguments of `concat` and `split`, and shipped
`tf_upgrade.py` to rewrite code for it. TF 2 ships only `tf_upgrade_v2`, whose tables start from 1.x names, so code
written against 0.12 (vendored copies of tensorflow/models, keras-rl's NAF layer, 2016 tutorials) keeps names no
TensorFlow since 1.0 has, and calls that TF 1 and 2 read otherwise: `tf.concat(1, [a, b])` takes the list for the
axis and fails. The table below is that script's (tensorflow/tools/compatibility/tf_upgrade.py of TF 1.0), kept
here as data since no installed TensorFlow has it:
- a renamed function (`SYMBOLS`) takes its 1.0 name wherever it is read, called or imported;
- a renamed keyword (`KEYWORDS`: `reduction_indices=` -> `axis=`, `squeeze_dims=`, `concat_dim=`) its 1.0 name;
- `concat` and `split` given their 0.x order positionally, which the first argument tells apart: an integer literal
  is an axis (1.0's first argument is the values, a list or a tensor), get 1.0's order;
- the cross-entropy functions given their 0.x positional (logits, labels), which TF 1 refuses (named arguments only),
  get them named;
- `tf.zeros_initializer` / `tf.ones_initializer` passed as an initializer (0.x's functions, 1.0's classes) are made.
Only names that resolve to TensorFlow through the file's imports are touched. `tf.reverse`, whose meaning changed,
is left to the last pass.
"""

from __future__ import annotations

import ast
import re

import libcst as cst

from migrate.codemod.outline import Outline
from migrate.codemod.rule import NAMES, Rule
from migrate.codemod.syntax import code

# TF 1.0's tf_upgrade.py: symbol_renames (after `tf.`)
SYMBOLS = {
    "inv": "reciprocal", "contrib.deprecated.scalar_summary": "summary.scalar",
    "contrib.deprecated.histogram_summary": "summary.histogram", "listdiff": "setdiff1d", "list_diff": "setdiff1d",
    "mul": "multiply", "neg": "negative", "sub": "subtract", "train.SummaryWriter": "summary.FileWriter",
    "scalar_summary": "summary.scalar", "histogram_summary": "summary.histogram", "audio_summary": "summary.audio",
    "image_summary": "summary.image", "merge_summary": "summary.merge", "merge_all_summaries": "summary.merge_all",
    "image.per_image_whitening": "image.per_image_standardization", "all_variables": "global_variables",
    "VARIABLES": "GraphKeys.GLOBAL_VARIABLES", "initialize_all_variables": "global_variables_initializer",
    "initialize_variables": "variables_initializer", "initialize_local_variables": "local_variables_initializer",
    "batch_matrix_diag": "matrix_diag", "batch_band_part": "band_part", "batch_set_diag": "set_diag",
    "batch_matrix_transpose": "matrix_transpose", "batch_matrix_determinant": "matrix_determinant",
    "batch_matrix_inverse": "matrix_inverse", "batch_cholesky": "cholesky", "batch_cholesky_solve": "cholesky_solve",
    "batch_matrix_solve": "matrix_solve", "batch_matrix_triangular_solve": "matrix_triangular_solve",
    "batch_matrix_solve_ls": "matrix_solve_ls", "batch_self_adjoint_eig": "self_adjoint_eig",
    "batch_self_adjoint_eigvals": "self_adjoint_eigvals", "batch_svd": "svd", "batch_fft": "fft",
    "batch_ifft": "ifft", "batch_fft2d": "fft2d", "batch_ifft2d": "ifft2d", "batch_fft3d": "fft3d",
    "batch_ifft3d": "ifft3d", "complex_abs": "abs", "batch_matmul": "matmul", "pack": "stack", "unpack": "unstack",
}
# (The table's `select` -> `where` is tf1_names_to_tf2's, to compat.v1's where, which selects as select did; its
# `op_scope` -> `name_scope` reorders the arguments, and TF 1 and compat.v1 still have op_scope.)
# function_keyword_renames (by the function's 1.0 name)
KEYWORDS = {
    "matmul": {"adj_x": "adjoint_a", "adj_y": "adjoint_b"},
    **{f"reduce_{op}": {"reduction_indices": "axis"} for op in ("all", "any", "max", "mean", "min", "prod", "sum",
                                                                 "logsumexp", "join")},
    "count_nonzero": {"reduction_indices": "axis"}, "expand_dims": {"dim": "axis"}, "argmax": {"dimension": "axis"},
    "argmin": {"dimension": "axis"}, "sparse_concat": {"concat_dim": "axis"}, "sparse_split": {"split_dim": "axis"},
    "sparse_reduce_sum": {"reduction_axes": "axis"}, "sparse_reduce_sum_sparse": {"reduction_axes": "axis"},
    "reverse_sequence": {"seq_dim": "seq_axis", "batch_dim": "batch_axis"}, "squeeze": {"squeeze_dims": "axis"},
    "split": {"split_dim": "axis", "num_split": "num_or_size_splits"}, "concat": {"concat_dim": "axis"},
}
# function_reorders where the 0.x order shows (an axis first): 0.x's positions -> 1.0's
REORDERED = {"concat": (1, 0), "split": (2, 1, 0)}
# the cross-entropy functions 0.x called positionally as (logits, labels), which TF 1 takes only by name
NAMED = {"nn.softmax_cross_entropy_with_logits": ("logits", "labels", "dim"),
         "nn.sparse_softmax_cross_entropy_with_logits": ("logits", "labels"),
         "nn.sigmoid_cross_entropy_with_logits": ("logits", "labels")}
NAMED_LAST = frozenset(name.rpartition(".")[2] for name in NAMED)
MADE = ("zeros_initializer", "ones_initializer")  # change_to_function: 0.x's functions, 1.0's classes
ROOTS = ("tensorflow.",)
# What a file's text must hold for the walk to have work (read before parsing; the bare words, `split`, `sub`, `dim`,
# are in most files): a renamed name after a dot or imported, a renamed keyword given, concat/split with a number
# first, a cross-entropy or an initializer of the table.
_OLD_NAMES = b"|".join(re.escape(name.rpartition(".")[2]).encode() for name in SYMBOLS)
_WORK = re.compile(
    rb"\.(?:%s)\b|\bimport\b[^\n]*\b(?:%s)\b" % (_OLD_NAMES, _OLD_NAMES)
    + rb"|\b(?:%s)[ \t]*=(?!=)" % b"|".join(sorted({k.encode() for keywords in KEYWORDS.values() for k in keywords}))
    + rb"|\b(?:concat|split)\([ \t]*-?[0-9]|(?:%s)\(|\b(?:zeros|ones)_initializer\b"
    % b"|".join(name.encode() for name in sorted(NAMED_LAST)))


_OLD_WORD = re.compile(rb"\b(%s)\b" % _OLD_NAMES)
_TARGET_OF_LAST = {name.rpartition(".")[2]: target for name, target in SYMBOLS.items()}


def renamed_words(source: bytes) -> bytes:
    """The 1.0 names of the 0.x names in `source` (`global_variables_initializer` for `initialize_all_variables`), as
    text (`Rule.gives`): the engine reads the rules' trigger words in the file's text before any rule runs, and this
    rule, running first, gives the later ones those names (else `session_initializers` would find
    `sess.run(tf.initialize_all_variables())` only on a second run)."""
    if b"tensorflow" not in source and b".tf." not in source:
        return b""
    return b" ".join(sorted({_TARGET_OF_LAST[word.decode()].encode() for word in _OLD_WORD.findall(source)}))


def _axis_first(node: ast.expr) -> bool:
    """An integer literal (or its negation): in 0.x's concat/split the axis came first, in 1.0's the values."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        node = node.operand
    return isinstance(node, ast.Constant) and type(node.value) is int


def _int_literal(node: cst.BaseExpression) -> bool:
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus):
        node = node.expression
    return isinstance(node, cst.Integer)


class Tf0NamesToTf1(Rule):
    NAME = "tf0_names_to_tf1"
    ORDER = 1  # before every TF1 -> TF2 rule: they read the 1.0 names this gives
    TRIGGERS = ("tensorflow", ".tf.")  # the words are `_WORK`'s (triggered)
    REQUIRES = ("tensorflow", ".tf.")  # `K.tf.pack`: Keras 2's re-export of TensorFlow
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = "TensorFlow 0.x names and orders -> 1.0's (tf.mul -> tf.multiply, tf.concat(1, [a, b]) -> " \
                  "tf.concat([a, b], 1)), from TF 1.0's own upgrade table"

    @classmethod
    def triggered(cls, source: bytes, survey: object = None) -> bool:
        return super().triggered(source, survey) and _WORK.search(source) is not None

    @classmethod
    def gives(cls, source: bytes) -> bytes:
        return renamed_words(source)

    @classmethod
    def relevant(cls, source: bytes, outline: Outline, survey: object = None) -> bool:
        """A dotted name ending in a renamed 0.x function, or a call of one the walk may rewrite: a keyword of the
        table, concat/split with an integer literal first, a cross-entropy given positional arguments, or an
        initializer passed uncalled."""
        if any(".".join(dotted[start:]) in SYMBOLS or ".".join(dotted[start:]) in MADE
               for dotted in outline.dotted for start in (1, 2)):  # `tf.pack`, `K.tf.pack`
            return True
        for node in ast.walk(outline.tree) if outline.tree is not None else ():
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
                continue
            name = node.func.attr
            if KEYWORDS.get(name, {}).keys() & {k.arg for k in node.keywords} or \
                    (name in REORDERED and node.args and _axis_first(node.args[0])) or \
                    (name in NAMED_LAST and node.args):
                return True
        return False

    def _tf0(self, node: cst.BaseExpression) -> str | None:
        """What follows `tensorflow.` in the name `node` resolves to, or None."""
        for name in self.qualified_names(node):
            if name.startswith(ROOTS):
                return name.removeprefix("tensorflow.")
        return None

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute) -> cst.BaseExpression:
        name = self._tf0(original)
        if name not in SYMBOLS:
            return updated
        head = code(updated).rsplit(".", name.count(".") + 1)[0]  # `tf` of `tf.train.SummaryWriter`
        self.converted()
        return cst.parse_expression(f"{head}.{SYMBOLS[name]}")

    def leave_ImportFrom(self, original: cst.ImportFrom, updated: cst.ImportFrom) -> cst.ImportFrom:
        """`from tensorflow import pack` -> `from tensorflow import stack as pack`, where every name of the statement
        is renamed into the same module."""
        if updated.relative or updated.module is None or isinstance(updated.names, cst.ImportStar):
            return updated
        module = code(updated.module)
        if module != "tensorflow" and not module.startswith("tensorflow."):
            return updated
        prefix = module.removeprefix("tensorflow").removeprefix(".")
        targets = [SYMBOLS.get(f"{prefix}.{code(alias.name)}".lstrip(".")) for alias in updated.names]
        if not all(targets) or len({target.rpartition(".")[0] for target in targets}) != 1:
            return updated
        self.converted()
        into = targets[0].rpartition(".")[0]
        aliases = [alias.with_changes(name=cst.Name(target.rpartition(".")[2]),
                                      asname=alias.asname or cst.AsName(cst.Name(code(alias.name))))
                   for alias, target in zip(updated.names, targets, strict=True)]
        return updated.with_changes(module=cst.parse_expression(f"tensorflow.{into}" if into else "tensorflow"),
                                    names=aliases)

    def leave_Arg(self, original: cst.Arg, updated: cst.Arg) -> cst.Arg:
        """`initializer=tf.zeros_initializer` -> `tf.zeros_initializer()`: the value 0.x's function stood for."""
        if isinstance(updated.value, (cst.Attribute, cst.Name)) and self._tf0(original.value) in MADE:
            self.converted()
            return updated.with_changes(value=cst.Call(func=updated.value))
        return updated

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.Call:
        name = self._tf0(original.func)
        if name is None:
            return updated
        name = SYMBOLS.get(name, name)
        if any(arg.star for arg in updated.args):
            return updated
        args = list(updated.args)
        positional = [arg for arg in args if arg.keyword is None]
        if name in REORDERED and len(positional) == len(REORDERED[name]) and _int_literal(positional[0].value):
            self.converted()
            order = [positional[index] for index in REORDERED[name]]
            last = args[-1].comma
            args = [arg.with_changes(comma=slot.comma) for arg, slot in zip(order, positional, strict=True)] + \
                args[len(positional):]
            args[-1] = args[-1].with_changes(comma=last)
        elif name in NAMED and positional and len(positional) <= len(NAMED[name]):
            self.converted()
            args = [arg.with_changes(keyword=cst.Name(keyword), equal=cst.AssignEqual(
                        cst.SimpleWhitespace(""), cst.SimpleWhitespace(""))) if arg.keyword is None else arg
                    for arg, keyword in zip(args, (*NAMED[name], *([None] * len(args))), strict=False)]
        renames = KEYWORDS.get(name, {})
        if any(arg.keyword is not None and arg.keyword.value in renames for arg in args):
            self.converted()
            args = [arg.with_changes(keyword=cst.Name(renames[arg.keyword.value]))
                    if arg.keyword is not None and arg.keyword.value in renames else arg for arg in args]
        return updated.with_changes(args=args) if args != list(updated.args) else updated
