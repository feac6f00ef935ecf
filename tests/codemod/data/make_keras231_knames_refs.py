"""Reference values of Keras 2.3.1's K.batch_dot and K.batch_flatten (TF 1.15 backend) and of TF 1.15's
tf.keras.experimental.CosineDecay / CosineDecayRestarts, for tests/codemod/test_backend_functions_to_ops.py and
test_legacy_import_paths.py. Run by the legacy stack, not by the suite:
`/tmp/legacy37/bin/python tests/codemod/data/make_keras231_knames_refs.py tests/codemod/data/keras231_knames_refs.npz`"""
import sys

import keras.backend as K
import numpy as np
import tensorflow as tf

rng = np.random.RandomState(0)
out = {}
shapes = {"b2": (3, 4), "b2y": (3, 4), "b3": (3, 4, 5), "b3y": (3, 5, 6), "b3z": (3, 4, 6), "b4": (3, 2, 4, 5)}
for name, shape in shapes.items():
    out[name] = rng.normal(size=shape).astype("float32")
c = {name: K.constant(value) for name, value in out.items() if name in shapes}
out["dot_33_default"] = K.eval(K.batch_dot(c["b3"], c["b3y"]))  # keras-rl dqn.py: P = K.batch_dot(L, LT)
out["dot_33_axes2"] = K.eval(K.batch_dot(c["b3"], c["b3"], axes=2))  # PConv-Keras: gram matrix
out["dot_33_axes12"] = K.eval(K.batch_dot(c["b3"], c["b3z"], axes=(1, 1)))
out["dot_33_axes_neg"] = K.eval(K.batch_dot(c["b3"], c["b3"], axes=-1))
out["dot_22_default"] = K.eval(K.batch_dot(c["b2"], c["b2y"]))
out["dot_22_axes1"] = K.eval(K.batch_dot(c["b2"], c["b2y"], axes=1))
out["dot_32_default"] = K.eval(K.batch_dot(c["b3z"][:, :, :4], c["b2"]))
out["dot_23_default"] = K.eval(K.batch_dot(c["b2"], c["b3"]))
out["dot_43_default"] = K.eval(K.batch_dot(c["b4"], c["b3y"]))
out["flatten_2"] = K.eval(K.batch_flatten(c["b2"]))
out["flatten_4"] = K.eval(K.batch_flatten(c["b4"]))
out["flatten_1"] = K.eval(K.batch_flatten(K.constant(out["b2"][:, 0])))
steps = np.arange(0, 130, 7)
out["steps"] = steps
cosine = tf.keras.experimental.CosineDecay(0.1, 100, alpha=0.2)
restarts = tf.keras.experimental.CosineDecayRestarts(0.1, 20, t_mul=2.0, m_mul=0.5, alpha=0.1)
out["cosine_decay"] = np.array([K.eval(cosine(int(s))) for s in steps])
out["cosine_decay_restarts"] = np.array([K.eval(restarts(int(s))) for s in steps])
np.savez_compressed(sys.argv[1], **out)
print({n: v.shape for n, v in out.items()})
