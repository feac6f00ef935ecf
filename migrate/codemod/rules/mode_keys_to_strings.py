"""TF 1's Estimator mode keys (`tf.estimator.ModeKeys.TRAIN`, `tf.contrib.learn.ModeKeys.INFER`) -> the strings they are.

TensorFlow 2.16 removed `tf.estimator`, and TF 2 never had contrib; their `ModeKeys` were class attributes holding
plain strings ('train', 'eval', and 'infer' for PREDICT and contrib's INFER), which programs also used as flags of
their own: a dataset reader's `mode == tf.contrib.learn.ModeKeys.TRAIN` (tf-deeplabv3), a model function's branches.
Each read becomes its string, the value TF 1.15 gave it, so every comparison holds as before; an import left unread
is then unread_gone_imports'. An Estimator program is still one (EstimatorSpec, Estimator stay reported by the last
pass): only the constants go.
"""

from __future__ import annotations

import libcst as cst

from migrate.codemod.rule import NAMES, Rule

OWNERS = ("tensorflow.estimator.ModeKeys", "tensorflow.compat.v1.estimator.ModeKeys",
          "tensorflow.python.estimator.model_fn.ModeKeys", "tensorflow_estimator.python.estimator.mode_keys.ModeKeys",
          "tensorflow.contrib.learn.ModeKeys", "tensorflow.contrib.learn.python.learn.estimators.model_fn.ModeKeys")
# TF 1.15's values
VALUES = {"TRAIN": "'train'", "EVAL": "'eval'", "PREDICT": "'infer'", "INFER": "'infer'"}
KEYS = frozenset(f"{owner}.{key}" for owner in OWNERS for key in VALUES)


class ModeKeysToStrings(Rule):
    NAME = "mode_keys_to_strings"
    ORDER = 4  # with the TF 1 rules, before the last pass, and unread_gone_imports (65), which drops the import
    TRIGGERS = ("ModeKeys",)
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = "tf.estimator.ModeKeys.TRAIN / EVAL / PREDICT, tf.contrib.learn.ModeKeys.INFER -> 'train' / 'eval' / 'infer'"

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute) -> cst.BaseExpression:
        if original.attr.value not in VALUES or not self.qualified_names(original) & KEYS:
            return updated
        self.converted()
        return cst.SimpleString(VALUES[original.attr.value], lpar=updated.lpar, rpar=updated.rpar)
