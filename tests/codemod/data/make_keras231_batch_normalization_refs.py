"""Reference values of Keras 2.3.1's K.batch_normalization (TF 1.15 backend) for
tests/codemod/test_backend_functions_to_ops.py: a 4D input with 1-D and with broadcast-shaped (1, 1, 1, C) statistics
(Keras 2's fused path), 2D and 3D inputs (its tf.nn.batch_normalization path), without beta/gamma, and a given epsilon.
Run by the legacy stack, not by the suite:
`/tmp/legacy37/bin/python tests/codemod/data/make_keras231_batch_normalization_refs.py tests/codemod/data/keras231_batch_normalization_refs.npz`"""
import sys

import keras.backend as K
import numpy as np


def constant(value):
    return None if value is None else K.constant(value)


rng = np.random.RandomState(0)
out = {}
CASES = (((2, 5, 4, 3), (3,), True, 1e-3), ((2, 5, 4, 3), (1, 1, 1, 3), True, 1e-5), ((6, 7), (7,), True, 1e-3),
         ((3, 4, 6), (6,), True, 0.1), ((2, 3, 3, 4), (4,), False, 1e-3))
for case, (shape, stats, affine, epsilon) in enumerate(CASES):
    x = rng.normal(size=shape).astype("float32") * 3 + 1
    mean = rng.normal(size=stats).astype("float32")
    var = rng.uniform(0.2, 2.0, size=stats).astype("float32")
    beta = rng.normal(size=stats).astype("float32") if affine else None
    gamma = rng.uniform(0.5, 1.5, size=stats).astype("float32") if affine else None
    out.update({f"{name}_{case}": value for name, value in (("x", x), ("mean", mean), ("var", var), ("beta", beta),
                ("gamma", gamma)) if value is not None})
    out[f"epsilon_{case}"] = np.float32(epsilon)
    out[f"y_{case}"] = K.eval(K.batch_normalization(K.constant(x), K.constant(mean), K.constant(var), constant(beta),
                                                    constant(gamma), epsilon=epsilon))
np.savez_compressed(sys.argv[1], **out)
print({n: v.shape for n, v in out.items()})
