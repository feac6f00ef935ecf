"""Reference values of Keras 2.3.1's K.reverse, K.spatial_2d_padding, K.temporal_padding and K.conv2d (TF 1.15 backend), for
tests/codemod/test_backend_functions_to_ops.py. Run by the legacy stack, not by the suite:
`/tmp/legacy37/bin/python tests/codemod/data/make_keras231_backend_refs.py tests/codemod/data/keras231_backend_refs.npz`"""
import sys

import keras.backend as K
import numpy as np

rng = np.random.RandomState(0)
out = {}
x = rng.normal(size=(2, 5, 6, 3)).astype("float32")
out["x"] = x
out["reverse_1"] = K.eval(K.reverse(K.constant(x), 1))
out["reverse_12"] = K.eval(K.reverse(K.constant(x), (1, 2)))
out["reverse_m1"] = K.eval(K.reverse(K.constant(x), axes=-1))
out["pad_last"] = K.eval(K.spatial_2d_padding(K.constant(x), ((1, 2), (0, 3)), "channels_last"))
out["pad_first"] = K.eval(K.spatial_2d_padding(K.constant(x), ((2, 0), (1, 1)), "channels_first"))
out["pad_default"] = K.eval(K.spatial_2d_padding(K.constant(x)))
steps = x[:, :, :, 0]
out["temporal_default"] = K.eval(K.temporal_padding(K.constant(steps)))
out["temporal_12"] = K.eval(K.temporal_padding(K.constant(steps), (1, 2)))
k = rng.normal(size=(3, 3, 3, 4)).astype("float32")
kf = rng.normal(size=(3, 3, 5, 4)).astype("float32")
out["kernel"] = k
out["kernel_first"] = kf
out["conv_default"] = K.eval(K.conv2d(K.constant(x), K.constant(k)))
out["conv_same_s2"] = K.eval(K.conv2d(K.constant(x), K.constant(k), strides=(2, 2), padding="same"))
out["conv_same_d2"] = K.eval(K.conv2d(K.constant(x), K.constant(k), padding="same", dilation_rate=(2, 2),
                                      data_format="channels_last"))
out["conv_first"] = K.eval(K.conv2d(K.constant(x), K.constant(kf), (1, 1), "same", "channels_first"))
np.savez_compressed(sys.argv[1], **out)
print({n: v.shape for n, v in out.items()})
