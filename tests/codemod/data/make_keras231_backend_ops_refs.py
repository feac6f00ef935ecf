"""Reference values of Keras 2.3.1's K.batch_dot (the axes and ranks real layers use), K.repeat, K.map_fn,
K.count_params, K.batch_get_value, K.conv1d, K.conv3d, K.pool2d, K.local_conv1d and K.conv2d_transpose (TF 1.15 backend), for
tests/codemod/test_backend_functions_to_ops.py. Run by the legacy stack, not by the suite:
`/tmp/legacy37/bin/python tests/codemod/data/make_keras231_backend_ops_refs.py tests/codemod/data/keras231_backend_ops_refs.npz`"""
import sys

import keras.backend as K
import numpy as np

rng = np.random.RandomState(0)
out = {}


def normal(name, *shape):
    out[name] = rng.normal(size=shape).astype("float32")
    return K.constant(out[name])


# XifengGuo/CapsNet-Keras capsulelayers.py: per sample (map_fn) a 3D x against a 4D W, then 3D c against 4D inputs_hat
caps_x, caps_w = normal("caps_x", 3, 4, 5), normal("caps_w", 3, 4, 6, 5)
out["dot_caps_23"] = K.eval(K.batch_dot(caps_x, caps_w, [2, 3]))
c, hat = normal("caps_c", 2, 3, 4), normal("caps_hat", 2, 3, 4, 6)
out["dot_caps_22"] = K.eval(K.batch_dot(c, hat, [2, 2]))
o = normal("caps_o", 2, 3, 6)
out["dot_caps_o23"] = K.eval(K.batch_dot(o, hat, [2, 3]))
# Lsdefine/attention-is-all-you-need-keras transformer.py: axes as lists, and the default on x[0], x[1]
q, k = normal("att_q", 2, 5, 4), normal("att_k", 2, 6, 4)
out["dot_att_22"] = K.eval(K.batch_dot(q, k, axes=[2, 2]))
ones, mask = normal("att_ones", 2, 5, 1), normal("att_mask", 2, 1, 6)
out["dot_att_21"] = K.eval(K.batch_dot(ones, mask, axes=[2, 1]))
attn, v = normal("att_attn", 2, 5, 6), normal("att_v", 2, 6, 3)
out["dot_att_default"] = K.eval(K.batch_dot(attn, v))
# K.repeat (datalogue/keras-attention), with n an int and a tensor
r = normal("repeat_x", 3, 4)
out["repeat_5"] = K.eval(K.repeat(r, 5))
out["repeat_tensor"] = K.eval(K.repeat(r, K.shape(caps_x)[1]))
# K.map_fn: positional name, dtype
m = normal("map_x", 3, 4)
out["map_affine"] = K.eval(K.map_fn(lambda t: t * 2.0 + 1.0, m))
out["map_sum"] = K.eval(K.map_fn(lambda t: K.sum(t), m, "summed", "float32"))
out["map_int"] = K.eval(K.map_fn(lambda t: K.cast(K.argmax(t), "int32"), m, dtype="int32"))
# K.count_params, K.batch_get_value
out["count_345"] = np.asarray(K.count_params(K.variable(np.zeros((3, 4, 5)))))
out["count_scalar"] = np.asarray(K.count_params(K.variable(2.0)))
values = K.batch_get_value([K.variable(out["map_x"]), K.constant(3.0) * 2])
out["get_0"], out["get_1"] = values
# K.conv1d / K.conv3d / K.pool2d
x1, k1 = normal("c1_x", 2, 9, 3), normal("c1_k", 3, 3, 4)
out["conv1d_default"] = K.eval(K.conv1d(x1, k1))
out["conv1d_same_s2"] = K.eval(K.conv1d(x1, k1, strides=2, padding="same", data_format="channels_last"))
out["conv1d_d2"] = K.eval(K.conv1d(x1, k1, 1, "valid", None, 2))
out["conv1d_causal"] = K.eval(K.conv1d(x1, k1, padding="causal", dilation_rate=2))
x3, k3 = normal("c3_x", 2, 5, 6, 4, 3), normal("c3_k", 2, 3, 2, 3, 4)
out["conv3d_default"] = K.eval(K.conv3d(x3, k3))
out["conv3d_same_s2"] = K.eval(K.conv3d(x3, k3, strides=(2, 2, 1), padding="same"))
p = normal("pool_x", 2, 8, 7, 3)
out["pool_max"] = K.eval(K.pool2d(p, (2, 2)))
out["pool_max_s2"] = K.eval(K.pool2d(p, (2, 2), strides=(2, 2), padding="same"))
# petrosgk/Kaggle-Carvana-Image-Masking-Challenge model/losses.py: an average over a window, padding 'same'
out["pool_avg_same"] = K.eval(K.pool2d(p, pool_size=(3, 3), strides=(1, 1), padding="same", pool_mode="avg"))
out["pool_avg"] = K.eval(K.pool2d(p, (3, 2), (1, 2), "valid", "channels_last", "avg"))
# yongzhuo/Keras-TextClassification capsule.py: K.local_conv1d(u_vecs, W, [1], [1])
lx, lk = normal("local_x", 2, 5, 3), normal("local_k", 5, 3, 4)
out["local_1"] = K.eval(K.local_conv1d(lx, lk, [1], [1]))
lk2 = normal("local_k2", 2, 6, 4)
out["local_2"] = K.eval(K.local_conv1d(lx, lk2, [2], [3]))
# emilwallner/Coloring-greyscale-images models/utils/sn.py: K.conv2d_transpose(inputs, kernel, output_shape, strides,
# padding=..., data_format=...), the batch given as a tensor or None
tx, tk = normal("t_x", 2, 4, 5, 3), normal("t_k", 3, 3, 6, 3)
out["transpose_valid_s2"] = K.eval(K.conv2d_transpose(tx, tk, (2, 9, 11, 6), (2, 2)))
out["transpose_same_s2"] = K.eval(K.conv2d_transpose(tx, tk, (K.shape(tx)[0], 8, 10, 6), (2, 2), padding="same",
                                                     data_format="channels_last"))
out["transpose_none"] = K.eval(K.conv2d_transpose(tx, tk, (None, 6, 7, 6), padding="valid"))
out["transpose_d2"] = K.eval(K.conv2d_transpose(tx, tk, (2, 8, 9, 6), padding="valid", dilation_rate=(2, 2)))
tf_x = normal("t_x_first", 2, 3, 4, 5)
out["transpose_first"] = K.eval(K.conv2d_transpose(tf_x, tk, (2, 6, 9, 11), (2, 2), "valid", "channels_first"))
np.savez_compressed(sys.argv[1], **out)
print({n: v.shape for n, v in out.items()})
