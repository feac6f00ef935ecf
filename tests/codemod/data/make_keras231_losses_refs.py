"""Keras 2.3.1's loss functions Keras 3 renamed (logcosh, kullback_leibler_divergence) and keras.applications.vgg16's
preprocess_input with each `mode` (keras_applications' imagenet_utils.preprocess_input), on fixed inputs, for
tests/codemod/test_legacy_import_paths.py and test_keras2_keywords_and_methods.py. Run by the legacy stack, not by
the suite: `/tmp/legacy37/bin/python tests/codemod/data/make_keras231_losses_refs.py
tests/codemod/data/keras231_losses_refs.npz`"""
import sys

import keras.backend as K
import numpy as np
from keras import losses, metrics
from keras.applications.vgg16 import preprocess_input

rng = np.random.RandomState(0)
out = {"y_true": rng.normal(size=(4, 3, 5)).astype("float32"), "y_pred": rng.normal(size=(4, 3, 5)).astype("float32"),
       "p_true": rng.uniform(-0.1, 1.0, size=(4, 6)).astype("float32"),
       "p_pred": rng.uniform(-0.1, 1.0, size=(4, 6)).astype("float32")}
out["y_pred"][0, 0] *= 40.0  # large errors too: log(cosh(x)) ~ |x| - log 2 there
y_true, y_pred = K.constant(out["y_true"]), K.constant(out["y_pred"])
p_true, p_pred = K.constant(out["p_true"]), K.constant(out["p_pred"])
out["logcosh"] = K.eval(losses.logcosh(y_true, y_pred))
out["metrics_logcosh"] = K.eval(metrics.logcosh(y_true, y_pred))
out["kld"] = K.eval(losses.kld(p_true, p_pred))
out["kullback_leibler_divergence"] = K.eval(metrics.kullback_leibler_divergence(p_true, p_pred))
out["images"] = rng.uniform(0, 255, size=(2, 5, 6, 3)).astype("float32")
for mode in ("tf", "torch", "caffe"):
    out[f"preprocess_{mode}"] = preprocess_input(out["images"].copy(), mode=mode)
    out[f"preprocess_{mode}_3d"] = preprocess_input(out["images"][0].copy(), mode=mode)
    first = out["images"].transpose(0, 3, 1, 2).copy()
    out[f"preprocess_{mode}_first"] = preprocess_input(first, data_format="channels_first", mode=mode)
    out[f"preprocess_{mode}_positional"] = preprocess_input(out["images"].copy(), "channels_last", mode)
np.savez_compressed(sys.argv[1], **out)
print({n: v.shape for n, v in out.items()})
