"""TF 1's functional layers (`tf.layers.dense`, `conv1d`/`conv2d`/`conv3d`, `conv2d_transpose`, pooling,
`batch_normalization`...; contrib's and slim's `fully_connected`, `conv2d`, `flatten`, pooling, `batch_norm`,
`instance_norm`, `dropout`, `repeat`, `conv2d_transpose`, `l2_regularizer`, initializers, `get_variables`,
`arg_scope`) written out in `tf.compat.v1` ops, for a TF1 graph program to call where TF 2 has no `tf.layers` nor
`tf.contrib`.

Under Keras 3, `tf.compat.v1.layers` is gone (it was Keras 2's layers), and a graph program must not run Keras 3's
layers with eager execution off in any case. Each function below is what TF 1.15's layer of that name computed,
read from its source (`tensorflow/python/layers/` over `keras/layers/`): the same variables, made with
`tf.compat.v1.get_variable` under the same variable scope (`dense/kernel`, `dense_1/bias`, `fc1/kernel` for
`name='fc1'`; `reuse` as TF 1 took it; contrib's `fully_connected/weights`, `Conv/biases`), so a checkpoint TF
1.15's `tf.train.Saver` wrote restores into them; the same ops in the same order (matmul or tensordot, bias_add, the
activation; fused batch norm for a 4-D input, its moving averages' assign ops added to `UPDATE_OPS` with TF 1's
momentum and Bessel-corrected variance);
`tests/codemod/scripts/tf1_layers_probe.py` gives TF 1.15's outputs from its checkpoint. Options TF 1's layers took
that no code of the corpora passes (an activity regularizer, channels_first, renorm, virtual batches) raise, naming the
option: `tf_layers_to_graph_functions` rewrites only calls that pass none of them.
"""

from __future__ import annotations

_SCOPE = '''    if name:
        scope = tf.compat.v1.variable_scope(name, reuse=reuse)
    elif reuse:
        scope = tf.compat.v1.variable_scope("{default}", reuse=reuse)
    else:
        scope = tf.compat.v1.variable_scope(None, default_name="{default}")
'''

_POOLING = '''
def tf1_{kind}_pooling{rank}d(inputs, pool_size, strides, padding="valid", data_format="channels_last", name=None):
    """TF 1's tf.layers.{kind}_pooling{rank}d (TF 2 has no tf.layers)."""
    if data_format != "channels_last":
        raise ValueError("tf1_{kind}_pooling{rank}d: channels_first is not written out here")
    {tuple_of}
    with tf.compat.v1.name_scope(name, "{kind}_pooling{rank}d"):
        return tf.nn.{op}{rank}d(
            input=inputs, ksize={tuple_name}(pool_size), strides={tuple_name}(strides), padding=padding.upper())
'''
# How a function of rank 1, 2 or 3 reads an int or a tuple (TF 1's conv_utils.normalize_tuple).
_TUPLE_OF = {1: ("single", "single = lambda value: (value,) if isinstance(value, int) else tuple(value)"),
             2: ("pair", "pair = lambda value: (value, value) if isinstance(value, int) else tuple(value)"),
             3: ("triple", "triple = lambda value: (value,) * 3 if isinstance(value, int) else tuple(value)")}
# TF 1's Flatten, after a function's own scope (tf.layers' and contrib's differ only in their names and arguments).
_FLATTEN = '''        inputs = tf.convert_to_tensor(inputs)
        if inputs.shape[1:].is_fully_defined():  # the size of the rest known: the output's shape says it
            size = 1
            for dimension in inputs.shape[1:]:
                size *= dimension
            return tf.reshape(inputs, tf.concat([tf.shape(inputs)[:1], [size]], 0))
        return tf.reshape(inputs, (inputs.shape[0] if inputs.shape[0] is not None else tf.shape(inputs)[0], -1))
'''

# The bias of TF 1's convolution layers, after their kernel.
_BIAS = '''        bias = tf.compat.v1.get_variable("bias", [filters], dtype=dtype, initializer=bias_initializer,
                                         regularizer=bias_regularizer, trainable=trainable,
                                         constraint=bias_constraint) if use_bias else None
'''
_CONV = '''
def tf1_conv{rank}d(inputs, filters, kernel_size, strides=1, padding="valid", data_format="channels_last",
               dilation_rate=1, activation=None, use_bias=True, kernel_initializer=None,
               bias_initializer=tf.compat.v1.zeros_initializer(), kernel_regularizer=None, bias_regularizer=None,
               activity_regularizer=None, kernel_constraint=None, bias_constraint=None, trainable=True, name=None,
               reuse=None):
    """TF 1's tf.layers.conv{rank}d (TF 2 has no tf.layers): the same variables under the same scope, the same ops."""
    if activity_regularizer is not None or data_format != "channels_last":
        raise ValueError("tf1_conv{rank}d: activity_regularizer and channels_first are not written out here")
    {tuple_of}
''' + _SCOPE.format(default="conv{rank}d") + '''    with scope:
        inputs = tf.convert_to_tensor(inputs)
        dtype = inputs.dtype.base_dtype
        kernel = tf.compat.v1.get_variable("kernel", {tuple_name}(kernel_size) + (inputs.shape[-1], filters),
                                           dtype=dtype, initializer=kernel_initializer,
                                           regularizer=kernel_regularizer, trainable=trainable,
                                           constraint=kernel_constraint)
''' + _BIAS + '''        outputs = tf.nn.{op}(
            inputs, filters=kernel, strides={tuple_name}(strides), padding=padding.upper(),
            dilations={tuple_name}(dilation_rate))
        if bias is not None:
            outputs = tf.nn.bias_add(outputs, bias)
        return activation(outputs) if activation is not None else outputs
'''
_CONV2D_TRANSPOSE = '''
def tf1_conv2d_transpose(inputs, filters, kernel_size, strides=(1, 1), padding="valid", data_format="channels_last",
                         activation=None, use_bias=True, kernel_initializer=None,
                         bias_initializer=tf.compat.v1.zeros_initializer(), kernel_regularizer=None,
                         bias_regularizer=None, activity_regularizer=None, kernel_constraint=None,
                         bias_constraint=None, trainable=True, name=None, reuse=None):
    """TF 1's tf.layers.conv2d_transpose (TF 2 has no tf.layers): the same variables under the same scope, the same
    ops, the output's size as TF 1 worked it out (each side times the stride, plus the kernel's overhang when valid)."""
    if activity_regularizer is not None or data_format != "channels_last":
        raise ValueError("tf1_conv2d_transpose: activity_regularizer and channels_first are not written out here")
    pair = lambda value: (value, value) if isinstance(value, int) else tuple(value)
    size = lambda length, kernel, stride: length * stride + (max(kernel - stride, 0) if padding.lower() == "valid"
                                                             else 0)
''' + _SCOPE.format(default="conv2d_transpose") + '''    with scope:
        inputs = tf.convert_to_tensor(inputs)
        dtype = inputs.dtype.base_dtype
        (kernel_h, kernel_w), (stride_h, stride_w) = pair(kernel_size), pair(strides)
        kernel = tf.compat.v1.get_variable("kernel", (kernel_h, kernel_w, filters, inputs.shape[-1]), dtype=dtype,
                                           initializer=kernel_initializer, regularizer=kernel_regularizer,
                                           trainable=trainable, constraint=kernel_constraint)
''' + _BIAS + '''        shape = tf.shape(inputs)
        output_shape = tf.stack([shape[0], size(shape[1], kernel_h, stride_h), size(shape[2], kernel_w, stride_w),
                                 filters])
        outputs = tf.nn.conv2d_transpose(inputs, kernel, output_shape, strides=(stride_h, stride_w),
                                         padding=padding.upper())
        static = inputs.shape
        outputs.set_shape([static[0], size(static[1], kernel_h, stride_h) if static[1] is not None else None,
                           size(static[2], kernel_w, stride_w) if static[2] is not None else None, filters])
        if bias is not None:
            outputs = tf.nn.bias_add(outputs, bias, data_format="NHWC")
        return activation(outputs) if activation is not None else outputs
'''
_SEPARABLE_CONV2D = '''
def tf1_separable_conv2d(inputs, filters, kernel_size, strides=(1, 1), padding="valid", data_format="channels_last",
                         dilation_rate=(1, 1), depth_multiplier=1, activation=None, use_bias=True,
                         depthwise_initializer=None, pointwise_initializer=None,
                         bias_initializer=tf.compat.v1.zeros_initializer(), depthwise_regularizer=None,
                         pointwise_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                         depthwise_constraint=None, pointwise_constraint=None, bias_constraint=None, trainable=True,
                         name=None, reuse=None):
    """TF 1's tf.layers.separable_conv2d (TF 2 has no tf.layers): the same variables under the same scope, the same
    ops."""
    if activity_regularizer is not None or data_format != "channels_last":
        raise ValueError("tf1_separable_conv2d: activity_regularizer and channels_first are not written out here")
    pair = lambda value: (value, value) if isinstance(value, int) else tuple(value)
''' + _SCOPE.format(default="separable_conv2d") + '''    with scope:
        inputs = tf.convert_to_tensor(inputs)
        dtype = inputs.dtype.base_dtype
        channels = inputs.shape[-1]
        depthwise = tf.compat.v1.get_variable("depthwise_kernel", pair(kernel_size) + (channels, depth_multiplier),
                                              dtype=dtype, initializer=depthwise_initializer,
                                              regularizer=depthwise_regularizer, trainable=trainable,
                                              constraint=depthwise_constraint)
        pointwise = tf.compat.v1.get_variable("pointwise_kernel", (1, 1, channels * depth_multiplier, filters),
                                              dtype=dtype, initializer=pointwise_initializer,
                                              regularizer=pointwise_regularizer, trainable=trainable,
                                              constraint=pointwise_constraint)
''' + _BIAS + '''        outputs = tf.nn.separable_conv2d(inputs, depthwise, pointwise, strides=(1,) + pair(strides) + (1,),
                                         padding=padding.upper(), dilations=pair(dilation_rate))
        if bias is not None:
            outputs = tf.nn.bias_add(outputs, bias, data_format="NHWC")
        return activation(outputs) if activation is not None else outputs
'''

_CONTRIB_POOL = '''
@tf1_arg_scope.added
def tf1_contrib_{kind}_pool2d(inputs, kernel_size, stride=2, padding="VALID", data_format="NHWC",
                           outputs_collections=None, scope=None):
    """TF 1's tf.contrib.layers.{kind}_pool2d (TF 2 has no contrib)."""
    if data_format not in ("NHWC", None) or outputs_collections is not None:
        raise ValueError("tf1_contrib_{kind}_pool2d: NCHW and outputs_collections are not written out here")
    pair = lambda value: (value, value) if isinstance(value, int) else tuple(value)
    with tf.compat.v1.name_scope(scope, "{scope}"):
        return tf.nn.{op}(input=inputs, ksize=pair(kernel_size), strides=pair(stride), padding=padding.upper())
'''

HELPERS: dict[str, str] = {
    "tf1_dense": '''
def tf1_dense(inputs, units, activation=None, use_bias=True, kernel_initializer=None,
              bias_initializer=tf.compat.v1.zeros_initializer(), kernel_regularizer=None, bias_regularizer=None,
              activity_regularizer=None, kernel_constraint=None, bias_constraint=None, trainable=True, name=None,
              reuse=None):
    """TF 1's tf.layers.dense (TF 2 has no tf.layers): the same variables under the same scope, the same ops."""
    if activity_regularizer is not None:
        raise ValueError("tf1_dense: activity_regularizer is not written out here")
''' + _SCOPE.format(default="dense") + '''    with scope:
        inputs = tf.convert_to_tensor(inputs)
        dtype = inputs.dtype.base_dtype
        kernel = tf.compat.v1.get_variable("kernel", [inputs.shape[-1], units], dtype=dtype,
                                           initializer=kernel_initializer, regularizer=kernel_regularizer,
                                           trainable=trainable, constraint=kernel_constraint)
        bias = tf.compat.v1.get_variable("bias", [units], dtype=dtype, initializer=bias_initializer,
                                         regularizer=bias_regularizer, trainable=trainable,
                                         constraint=bias_constraint) if use_bias else None
        rank = len(inputs.shape)
        if rank > 2:
            outputs = tf.tensordot(inputs, kernel, [[rank - 1], [0]])
            outputs.set_shape(list(inputs.shape)[:-1] + [units])
        else:
            outputs = tf.matmul(inputs, kernel)
        if bias is not None:
            outputs = tf.nn.bias_add(outputs, bias)
        return activation(outputs) if activation is not None else outputs
''',
    **{f"tf1_conv{rank}d": _CONV.format(rank=rank, tuple_name=_TUPLE_OF[rank][0], tuple_of=_TUPLE_OF[rank][1],
                                         op="conv2d" if rank == 2 else "convolution",
                                         bias_format="NHWC" if rank == 2 else "N...C") for rank in (1, 2, 3)},
    "tf1_conv2d_transpose": _CONV2D_TRANSPOSE,
    "tf1_separable_conv2d": _SEPARABLE_CONV2D,
    **{f"tf1_{kind}_pooling{rank}d": _POOLING.format(kind=kind, op=op, rank=rank, tuple_name=_TUPLE_OF[rank][0],
                                                     tuple_of=_TUPLE_OF[rank][1])
       for kind, op in (("max", "max_pool"), ("average", "avg_pool")) for rank in (1, 2, 3)},
    "tf1_dropout": '''
def tf1_dropout(inputs, rate=0.5, noise_shape=None, seed=None, training=False, name=None):
    """TF 1's tf.layers.dropout (TF 2 has no tf.layers): dropped only when `training` (a bool or a boolean
    tensor) says so."""
    with tf.compat.v1.name_scope(name, "dropout"):
        dropped = lambda: tf.nn.dropout(inputs, noise_shape=noise_shape, seed=seed, rate=rate)
        if isinstance(training, bool):
            return dropped() if training else tf.identity(inputs)
        return tf.cond(tf.convert_to_tensor(training), dropped, lambda: tf.identity(inputs))
''',
    "tf1_flatten": '''
def tf1_flatten(inputs, name=None, data_format="channels_last"):
    """TF 1's tf.layers.flatten (TF 2 has no tf.layers): every axis but the first in one."""
    if data_format != "channels_last":
        raise ValueError("tf1_flatten: channels_first is not written out here")
    with tf.compat.v1.name_scope(name, "flatten"):
''' + _FLATTEN,
    "tf1_batch_normalization": '''
def tf1_batch_normalization(inputs, axis=-1, momentum=0.99, epsilon=1e-3, center=True, scale=True,
                            beta_initializer=tf.compat.v1.zeros_initializer(),
                            gamma_initializer=tf.compat.v1.ones_initializer(),
                            moving_mean_initializer=tf.compat.v1.zeros_initializer(),
                            moving_variance_initializer=tf.compat.v1.ones_initializer(), beta_regularizer=None,
                            gamma_regularizer=None, beta_constraint=None, gamma_constraint=None, training=False,
                            trainable=True, name=None, reuse=None, renorm=False, renorm_clipping=None,
                            renorm_momentum=0.99, fused=None, virtual_batch_size=None, adjustment=None):
    """TF 1's tf.layers.batch_normalization (TF 2 has no tf.layers): the same four variables under the same
    scope; a 4-D input normalized by the fused op, any other by moments; in training the moving averages' assign ops
    go to UPDATE_OPS, as TF 1's did (a train op runs them under tf.control_dependencies)."""
    if renorm or virtual_batch_size is not None or adjustment is not None or not isinstance(axis, int):
        raise ValueError("tf1_batch_normalization: renorm, virtual batches, adjustment and several axes are not "
                         "written out here")
''' + _SCOPE.format(default="batch_normalization") + '''    with scope:
        inputs = tf.convert_to_tensor(inputs)
        ndims = len(inputs.shape)
        axis = axis % ndims
        dtype = tf.float32 if inputs.dtype.base_dtype in (tf.float16, tf.bfloat16) else inputs.dtype.base_dtype
        shape = [inputs.shape[axis]]
        gamma = tf.compat.v1.get_variable("gamma", shape, dtype=dtype, initializer=gamma_initializer,
                                          regularizer=gamma_regularizer, constraint=gamma_constraint,
                                          trainable=trainable) if scale else None
        beta = tf.compat.v1.get_variable("beta", shape, dtype=dtype, initializer=beta_initializer,
                                         regularizer=beta_regularizer, constraint=beta_constraint,
                                         trainable=trainable) if center else None
        moving_mean = tf.compat.v1.get_variable("moving_mean", shape, dtype=dtype,
                                                initializer=moving_mean_initializer, trainable=False)
        moving_variance = tf.compat.v1.get_variable("moving_variance", shape, dtype=dtype,
                                                    initializer=moving_variance_initializer, trainable=False)
        constant = training if isinstance(training, bool) else tf.get_static_value(training)

        def pick(when_training, otherwise):
            if constant is not None:
                return when_training() if constant else otherwise()
            return tf.cond(tf.convert_to_tensor(training), when_training, otherwise)

        def moving_average(variable, value, momentum):
            with tf.compat.v1.name_scope("AssignMovingAvg") as assign_scope:
                with tf.compat.v1.colocate_with(variable):
                    decay = tf.convert_to_tensor(1.0 - momentum, name="decay")
                    if decay.dtype != variable.dtype.base_dtype:
                        decay = tf.cast(decay, variable.dtype.base_dtype)
                    update_delta = (variable - tf.cast(value, variable.dtype)) * decay
                    return tf.compat.v1.assign_sub(variable, update_delta, name=assign_scope)

        if ndims == 4 and axis in (1, 3) and fused is not False:
            data_format = "NCHW" if axis == 1 else "NHWC"
            offset = beta if beta is not None else tf.zeros(shape, dtype)
            factor = gamma if gamma is not None else tf.ones(shape, dtype)
            outputs, mean, variance = pick(
                lambda: tf.compat.v1.nn.fused_batch_norm(inputs, factor, offset, epsilon=epsilon,
                                                         data_format=data_format),
                lambda: tf.compat.v1.nn.fused_batch_norm(inputs, factor, offset, mean=moving_mean,
                                                         variance=moving_variance, epsilon=epsilon,
                                                         is_training=False, data_format=data_format))
            if constant is None or constant:
                decay_from = tf.convert_to_tensor(momentum) if constant is not None else \\
                    pick(lambda: tf.constant(momentum), lambda: tf.constant(1.0))
                tf.compat.v1.add_to_collection(tf.compat.v1.GraphKeys.UPDATE_OPS,
                                               moving_average(moving_mean, mean, decay_from))
                tf.compat.v1.add_to_collection(tf.compat.v1.GraphKeys.UPDATE_OPS,
                                               moving_average(moving_variance, variance, decay_from))
            return outputs
        reduction_axes = [i for i in range(ndims) if i != axis]
        broadcast_shape = [1] * ndims
        broadcast_shape[axis] = inputs.shape[axis]

        def broadcast(value):
            if value is not None and len(value.shape) != ndims and reduction_axes != list(range(ndims - 1)):
                return tf.reshape(value, broadcast_shape)
            return value

        factor, offset = broadcast(gamma), broadcast(beta)
        if constant is False:
            mean, variance = moving_mean, moving_variance
        else:
            batch_mean, batch_variance = tf.nn.moments(tf.cast(inputs, dtype), reduction_axes, keepdims=False)
            mean = pick(lambda: batch_mean, lambda: tf.convert_to_tensor(moving_mean))
            variance = pick(lambda: batch_variance, lambda: tf.convert_to_tensor(moving_variance))
            tf.compat.v1.add_to_collection(tf.compat.v1.GraphKeys.UPDATE_OPS, pick(
                lambda: moving_average(moving_mean, mean, momentum), lambda: moving_mean))
            tf.compat.v1.add_to_collection(tf.compat.v1.GraphKeys.UPDATE_OPS, pick(
                lambda: moving_average(moving_variance, variance, momentum), lambda: moving_variance))
        cast = lambda value: tf.cast(value, inputs.dtype) if value is not None else None
        return tf.nn.batch_normalization(inputs, broadcast(cast(mean)), broadcast(cast(variance)), cast(offset),
                                         cast(factor), epsilon)
''',
    "tf1_fully_connected": '''
@tf1_arg_scope.added
def tf1_fully_connected(inputs, num_outputs, activation_fn=tf.nn.relu, normalizer_fn=None, normalizer_params=None,
                        weights_initializer=tf.compat.v1.glorot_uniform_initializer(), weights_regularizer=None,
                        biases_initializer=tf.compat.v1.zeros_initializer(), biases_regularizer=None, reuse=None,
                        variables_collections=None, outputs_collections=None, trainable=True, scope=None):
    """TF 1's tf.contrib.layers.fully_connected (TF 2 has no contrib): its variables (`fully_connected/weights`,
    `biases`, model variables) under the same scope, the same ops, ReLU by default."""
    if variables_collections is not None or outputs_collections is not None:
        raise ValueError("tf1_fully_connected: variables_collections and outputs_collections are not written out here")
    with tf.compat.v1.variable_scope(scope, "fully_connected", [inputs], reuse=reuse):
        inputs = tf.convert_to_tensor(inputs)
        dtype = inputs.dtype.base_dtype
        collections = [tf.compat.v1.GraphKeys.GLOBAL_VARIABLES, tf.compat.v1.GraphKeys.MODEL_VARIABLES]
        weights = tf.compat.v1.get_variable("weights", [inputs.shape[-1], num_outputs], dtype=dtype,
                                            initializer=weights_initializer, regularizer=weights_regularizer,
                                            trainable=trainable, collections=collections)
        rank = len(inputs.shape)
        if rank > 2:
            outputs = tf.tensordot(inputs, weights, [[rank - 1], [0]])
            outputs.set_shape(list(inputs.shape)[:-1] + [num_outputs])
        else:
            outputs = tf.matmul(inputs, weights)
        if not normalizer_fn and biases_initializer:
            biases = tf.compat.v1.get_variable("biases", [num_outputs], dtype=dtype, initializer=biases_initializer,
                                               regularizer=biases_regularizer, trainable=trainable,
                                               collections=collections)
            outputs = tf.nn.bias_add(outputs, biases)
        if normalizer_fn is not None:
            outputs = normalizer_fn(outputs, **(normalizer_params or {}))
        return activation_fn(outputs) if activation_fn is not None else outputs
''',
    "tf1_contrib_conv2d": '''
@tf1_arg_scope.added
def tf1_contrib_conv2d(inputs, num_outputs, kernel_size, stride=1, padding="SAME", data_format=None, rate=1,
                       activation_fn=tf.nn.relu, normalizer_fn=None, normalizer_params=None,
                       weights_initializer=tf.compat.v1.glorot_uniform_initializer(), weights_regularizer=None,
                       biases_initializer=tf.compat.v1.zeros_initializer(), biases_regularizer=None, reuse=None,
                       variables_collections=None, outputs_collections=None, trainable=True, scope=None):
    """TF 1's tf.contrib.layers.conv2d (TF 2 has no contrib) on a 4-D channels-last input: its variables
    (`Conv/weights`, `biases`, model variables) under the same scope, the same ops, ReLU by default."""
    if variables_collections is not None or outputs_collections is not None or data_format not in (None, "NHWC"):
        raise ValueError("tf1_contrib_conv2d: collections and channels_first are not written out here")
    pair = lambda value: (value, value) if isinstance(value, int) else tuple(value)
    with tf.compat.v1.variable_scope(scope, "Conv", [inputs], reuse=reuse):
        inputs = tf.convert_to_tensor(inputs)
        dtype = inputs.dtype.base_dtype
        collections = [tf.compat.v1.GraphKeys.GLOBAL_VARIABLES, tf.compat.v1.GraphKeys.MODEL_VARIABLES]
        weights = tf.compat.v1.get_variable("weights", pair(kernel_size) + (inputs.shape[-1], num_outputs),
                                            dtype=dtype, initializer=weights_initializer,
                                            regularizer=weights_regularizer, trainable=trainable,
                                            collections=collections)
        outputs = tf.nn.conv2d(inputs, filters=weights, strides=pair(stride), padding=padding.upper(),
                               dilations=pair(rate))
        if not normalizer_fn and biases_initializer:
            biases = tf.compat.v1.get_variable("biases", [num_outputs], dtype=dtype, initializer=biases_initializer,
                                               regularizer=biases_regularizer, trainable=trainable,
                                               collections=collections)
            outputs = tf.nn.bias_add(outputs, biases, data_format="NHWC")
        if normalizer_fn is not None:
            outputs = normalizer_fn(outputs, **(normalizer_params or {}))
        return activation_fn(outputs) if activation_fn is not None else outputs
''',
    "tf1_contrib_flatten": '''
@tf1_arg_scope.added
def tf1_contrib_flatten(inputs, outputs_collections=None, scope=None):
    """TF 1's tf.contrib.layers.flatten (TF 2 has no contrib): every axis but the first in one."""
    if outputs_collections is not None:
        raise ValueError("tf1_contrib_flatten: outputs_collections is not written out here")
    with tf.compat.v1.name_scope(scope, "Flatten", [inputs]):
''' + _FLATTEN,
    "tf1_l2_regularizer": '''
def tf1_l2_regularizer(scale, scope=None):
    """TF 1's tf.contrib.layers.l2_regularizer (TF 2 has no contrib): `scale * sum(weights ** 2) / 2`; a scale of 0
    adds no loss."""
    if isinstance(scale, (int, float)) and scale == 0:
        return lambda _: None

    def l2(weights):
        with tf.compat.v1.name_scope(scope, "l2_regularizer", [weights]) as name:
            my_scale = tf.convert_to_tensor(scale, dtype=weights.dtype.base_dtype, name="scale")
            return tf.multiply(my_scale, tf.nn.l2_loss(weights), name=name)

    return l2
''',
    "tf1_variance_scaling_initializer": '''
def tf1_variance_scaling_initializer(factor=2.0, mode="FAN_IN", uniform=False, seed=None, dtype=tf.float32):
    """TF 1's tf.contrib.layers.variance_scaling_initializer (TF 2 has no contrib): its fans, its truncated normal
    of stddev sqrt(1.3 * factor / n) (uniform: limit sqrt(3 * factor / n)), the same random ops."""
    if mode not in ("FAN_IN", "FAN_OUT", "FAN_AVG"):
        raise TypeError("Unknown mode %s [FAN_IN, FAN_OUT, FAN_AVG]" % mode)

    def initializer(shape, dtype=dtype, partition_info=None):
        if shape:
            fan_in = float(shape[-2]) if len(shape) > 1 else float(shape[-1])
            fan_out = float(shape[-1])
        else:
            fan_in = fan_out = 1.0
        for dim in shape[:-2]:
            fan_in *= float(dim)
            fan_out *= float(dim)
        n = {"FAN_IN": fan_in, "FAN_OUT": fan_out, "FAN_AVG": (fan_in + fan_out) / 2.0}[mode]
        if uniform:
            limit = (3.0 * factor / n) ** 0.5
            return tf.random.uniform(shape, -limit, limit, dtype, seed=seed)
        return tf.random.truncated_normal(shape, 0.0, (1.3 * factor / n) ** 0.5, dtype, seed=seed)

    return initializer
''',
    "tf1_xavier_initializer": '''
def tf1_xavier_initializer(uniform=True, seed=None, dtype=tf.float32):
    """TF 1's tf.contrib.layers.xavier_initializer (TF 2 has no contrib): contrib's variance scaling of factor 1 over
    the fans' mean, uniform by default, the same random ops."""

    def initializer(shape, dtype=dtype, partition_info=None):
        fan_in = float(shape[-2]) if len(shape) > 1 else float(shape[-1]) if shape else 1.0
        fan_out = float(shape[-1]) if shape else 1.0
        for dim in shape[:-2]:
            fan_in *= float(dim)
            fan_out *= float(dim)
        n = (fan_in + fan_out) / 2.0
        if uniform:
            limit = (3.0 / n) ** 0.5
            return tf.random.uniform(shape, -limit, limit, dtype, seed=seed)
        return tf.random.truncated_normal(shape, 0.0, (1.3 / n) ** 0.5, dtype, seed=seed)

    return initializer
''',
    **{f"tf1_contrib_{kind}_pool2d": _CONTRIB_POOL.format(kind=kind, op=op, scope=scope)
       for kind, op, scope in (("max", "max_pool2d", "MaxPool2D"), ("avg", "avg_pool2d", "AvgPool2D"))},
    "tf1_contrib_batch_norm": '''
@tf1_arg_scope.added
def tf1_contrib_batch_norm(inputs, decay=0.999, center=True, scale=False, epsilon=0.001, activation_fn=None,
                           param_initializers=None, param_regularizers=None,
                           updates_collections=tf.compat.v1.GraphKeys.UPDATE_OPS, is_training=True, reuse=None,
                           variables_collections=None, outputs_collections=None, trainable=True, batch_weights=None,
                           fused=None, data_format="NHWC", zero_debias_moving_mean=False, scope=None, renorm=False,
                           renorm_clipping=None, renorm_decay=0.99, adjustment=None):
    """TF 1's tf.contrib.layers.batch_norm (TF 2 has no contrib): its variables under `BatchNorm` (or `scope`). As
    TF 1 chose: its fused op on a 2-D input, or on a 4-D one whose moving averages' updates go elsewhere than
    UPDATE_OPS (`updates_collections=None`: updated as the output is computed); otherwise TF 1's core layer
    (tf1_batch_normalization, in this scope)."""
    if batch_weights is not None or renorm or adjustment is not None or zero_debias_moving_mean or \
            variables_collections is not None or outputs_collections is not None or data_format not in ("NHWC", None):
        raise ValueError("tf1_contrib_batch_norm: batch weights, renorm, adjustment, zero-debiasing, collections "
                         "and NCHW are not written out here")
    with tf.compat.v1.variable_scope(scope, "BatchNorm", [inputs], reuse=reuse) as sc:
        inputs = tf.convert_to_tensor(inputs)
        rank = len(inputs.shape)
        initializers, regularizers = param_initializers or {}, param_regularizers or {}
        fused = True if fused is None else fused
        core = updates_collections is tf.compat.v1.GraphKeys.UPDATE_OPS
        if not (fused and rank in (2, 4) and (rank == 2 or not core)):
            if not core:
                raise ValueError("tf1_contrib_batch_norm: unfused updates outside UPDATE_OPS are not written out here")
            sc.set_custom_getter(lambda getter, *args, **kwargs: getter(*args, **{**kwargs, "collections": [
                tf.compat.v1.GraphKeys.GLOBAL_VARIABLES, tf.compat.v1.GraphKeys.MODEL_VARIABLES]}))  # TF 1's, too
            outputs = tf1_batch_normalization(
                inputs, axis=-1, momentum=decay, epsilon=epsilon, center=center, scale=scale,
                beta_initializer=initializers.get("beta", tf.compat.v1.zeros_initializer()),
                gamma_initializer=initializers.get("gamma", tf.compat.v1.ones_initializer()),
                moving_mean_initializer=initializers.get("moving_mean", tf.compat.v1.zeros_initializer()),
                moving_variance_initializer=initializers.get("moving_variance", tf.compat.v1.ones_initializer()),
                beta_regularizer=regularizers.get("beta"), gamma_regularizer=regularizers.get("gamma"),
                training=is_training, trainable=trainable, name=sc, reuse=reuse, fused=fused)
            return activation_fn(outputs) if activation_fn is not None else outputs
        original = inputs
        if rank == 2:
            inputs = tf.reshape(inputs, [-1, 1, 1, inputs.shape[-1]])
        shape = inputs.shape[-1:]
        variable = lambda name, initializer, trainable, regularizer=None: tf.compat.v1.get_variable(
            name, shape, dtype=tf.float32, initializer=initializers.get(name, initializer), regularizer=regularizer,
            trainable=trainable, collections=[tf.compat.v1.GraphKeys.GLOBAL_VARIABLES,
                                              tf.compat.v1.GraphKeys.MODEL_VARIABLES])
        beta = variable("beta", tf.compat.v1.zeros_initializer(), trainable, regularizers.get("beta")) if center \
            else tf.constant(0.0, tf.float32, shape)
        gamma = variable("gamma", tf.compat.v1.ones_initializer(), trainable, regularizers.get("gamma")) if scale \
            else tf.constant(1.0, tf.float32, shape)
        moving_mean = variable("moving_mean", tf.compat.v1.zeros_initializer(), False)
        moving_variance = variable("moving_variance", tf.compat.v1.ones_initializer(), False)
        constant = is_training if isinstance(is_training, bool) else tf.get_static_value(is_training)

        def pick(when_training, otherwise):
            if constant is not None:
                return when_training() if constant else otherwise()
            return tf.cond(tf.convert_to_tensor(is_training), when_training, otherwise)

        def moving_average(variable, value):
            with tf.compat.v1.name_scope(None, "AssignMovingAvg") as assign_scope:
                factor = tf.cast(tf.convert_to_tensor(1.0 - decay, name="decay"), variable.dtype.base_dtype)
                return tf.compat.v1.assign_sub(variable, (variable - value) * factor, name=assign_scope)

        outputs, mean, variance = pick(
            lambda: tf.compat.v1.nn.fused_batch_norm(inputs, gamma, beta, epsilon=epsilon),
            lambda: tf.compat.v1.nn.fused_batch_norm(inputs, gamma, beta, mean=moving_mean,
                                                     variance=moving_variance, epsilon=epsilon, is_training=False))
        if constant is None or constant:
            if updates_collections is None:
                def forced():
                    with tf.control_dependencies([moving_average(moving_mean, mean),
                                                  moving_average(moving_variance, variance)]):
                        return tf.identity(outputs)

                outputs = pick(forced, lambda: outputs)
            else:
                update_mean, update_variance = pick(
                    lambda: (moving_average(moving_mean, mean), moving_average(moving_variance, variance)),
                    lambda: (moving_mean, moving_variance))
                tf.compat.v1.add_to_collections(updates_collections, update_mean)
                tf.compat.v1.add_to_collections(updates_collections, update_variance)
        outputs.set_shape(inputs.shape)
        if rank == 2:
            outputs = tf.reshape(outputs, tf.shape(original))
        return activation_fn(outputs) if activation_fn is not None else outputs
''',
    "tf1_instance_norm": '''
@tf1_arg_scope.added
def tf1_instance_norm(inputs, center=True, scale=True, epsilon=1e-6, activation_fn=None, param_initializers=None,
                      reuse=None, variables_collections=None, outputs_collections=None, trainable=True,
                      data_format="NHWC", scope=None):
    """TF 1's tf.contrib.layers.instance_norm (TF 2 has no contrib): `beta` and `gamma` under `InstanceNorm` (or
    `scope`), each example normalized over its spatial axes."""
    if variables_collections is not None or outputs_collections is not None or data_format != "NHWC":
        raise ValueError("tf1_instance_norm: collections and NCHW are not written out here")
    inputs = tf.convert_to_tensor(inputs)
    rank = len(inputs.shape)
    initializers = param_initializers or {}
    with tf.compat.v1.variable_scope(scope, "InstanceNorm", [inputs], reuse=reuse):
        shape = inputs.shape[-1:]
        variable = lambda name, initializer: tf.compat.v1.get_variable(
            name, shape, dtype=inputs.dtype.base_dtype, initializer=initializers.get(name, initializer),
            trainable=trainable, collections=[tf.compat.v1.GraphKeys.GLOBAL_VARIABLES,
                                              tf.compat.v1.GraphKeys.MODEL_VARIABLES])
        beta = variable("beta", tf.compat.v1.zeros_initializer()) if center else None
        gamma = variable("gamma", tf.compat.v1.ones_initializer()) if scale else None
        mean, variance = tf.nn.moments(inputs, list(range(1, rank - 1)), keepdims=True)
        outputs = tf.nn.batch_normalization(inputs, mean, variance, beta, gamma, epsilon, name="instancenorm")
        return activation_fn(outputs) if activation_fn is not None else outputs
''',
    "tf1_arg_scope": '''
class tf1_arg_scope:
    """TF 1's arg_scope (tf.contrib.framework's, slim's; TF 2 has no contrib): within it, each function listed (one
    written out here that TF 1 decorated with add_arg_scope) takes the keywords given as its defaults, the call's own
    first. The scopes are kept in the graph, as TF 1 kept its collections, so every module's functions see them; a
    scope entered `as sc` can be entered again (`with tf1_arg_scope(sc):`)."""

    def __init__(self, list_ops_or_scope, **kwargs):
        if isinstance(list_ops_or_scope, dict):
            if kwargs:
                raise ValueError("When attempting to re-use a scope by suppling a dictionary, kwargs must be empty.")
            self.scope = list_ops_or_scope
        else:
            self.scope = dict(tf1_arg_scope.current())
            for op in list_ops_or_scope:
                key = getattr(op, "tf1_arg_scope_key", op)
                self.scope[key] = {**self.scope.get(key, {}), **kwargs}

    @staticmethod
    def current():
        stack = tf.compat.v1.get_collection("tf1_arg_scope")
        return stack[-1] if stack else {}

    def __enter__(self):
        tf.compat.v1.add_to_collection("tf1_arg_scope", self.scope)
        return self.scope

    def __exit__(self, *exc_info):
        tf.compat.v1.get_collection_ref("tf1_arg_scope").pop()

    @staticmethod
    def added(function):
        """TF 1's add_arg_scope: `function`, taking the innermost scope's keywords for it as defaults."""
        @functools.wraps(function)
        def scoped(*args, **kwargs):
            return function(*args, **{**tf1_arg_scope.current().get(function.__name__, {}), **kwargs})

        scoped.tf1_arg_scope_key = function.__name__
        return scoped
''',
    "tf1_contrib_conv2d_transpose": '''
@tf1_arg_scope.added
def tf1_contrib_conv2d_transpose(inputs, num_outputs, kernel_size, stride=1, padding="SAME", data_format="NHWC",
                                 activation_fn=tf.nn.relu, normalizer_fn=None, normalizer_params=None,
                                 weights_initializer=tf.compat.v1.glorot_uniform_initializer(),
                                 weights_regularizer=None, biases_initializer=tf.compat.v1.zeros_initializer(),
                                 biases_regularizer=None, reuse=None, variables_collections=None,
                                 outputs_collections=None, trainable=True, scope=None):
    """TF 1's tf.contrib.layers.conv2d_transpose (slim's; TF 2 has no contrib): TF 1's transposed convolution layer
    (tf1_conv2d_transpose) in a `Conv2d_transpose` scope, its variables named `weights` and `biases`, model variables,
    ReLU by default."""
    if variables_collections is not None or outputs_collections is not None or data_format not in ("NHWC", None):
        raise ValueError("tf1_contrib_conv2d_transpose: collections and NCHW are not written out here")
    renamed = {"kernel": "weights", "bias": "biases"}

    def model_variable(getter, name, *args, **kwargs):
        head, _, last = name.rpartition("/")
        kwargs["collections"] = [tf.compat.v1.GraphKeys.GLOBAL_VARIABLES, tf.compat.v1.GraphKeys.MODEL_VARIABLES]
        return getter((head + "/" if head else "") + renamed.get(last, last), *args, **kwargs)

    with tf.compat.v1.variable_scope(scope, "Conv2d_transpose", [inputs], reuse=reuse,
                                     custom_getter=model_variable) as sc:
        outputs = tf1_conv2d_transpose(
            inputs, num_outputs, kernel_size, strides=stride, padding=padding,
            use_bias=bool(not normalizer_fn and biases_initializer), kernel_initializer=weights_initializer,
            bias_initializer=biases_initializer, kernel_regularizer=weights_regularizer,
            bias_regularizer=biases_regularizer, trainable=trainable, name=sc, reuse=reuse)
        if normalizer_fn is not None:
            outputs = normalizer_fn(outputs, **(normalizer_params or {}))
        return activation_fn(outputs) if activation_fn is not None else outputs
''',
    "tf1_contrib_dropout": '''
@tf1_arg_scope.added
def tf1_contrib_dropout(inputs, keep_prob=0.5, noise_shape=None, is_training=True, outputs_collections=None,
                        scope=None, seed=None):
    """TF 1's tf.contrib.layers.dropout (slim.dropout; TF 2 has no contrib): TF 1's dropout layer in a `Dropout`
    scope, dropping only when `is_training` (a bool or a boolean tensor) says so."""
    if outputs_collections is not None:
        raise ValueError("tf1_contrib_dropout: outputs_collections is not written out here")
    with tf.compat.v1.variable_scope(scope, "Dropout", [inputs]):
        return tf1_dropout(inputs, rate=1 - keep_prob, noise_shape=noise_shape, seed=seed, training=is_training)
''',
    "tf1_repeat": '''
def tf1_repeat(inputs, repetitions, layer, *args, **kwargs):
    """TF 1's tf.contrib.layers.repeat (slim.repeat; TF 2 has no contrib): `layer` applied `repetitions` times, each
    under `scope_1`, `scope_2`... in a `scope` (or `Repeat`) scope, the scope named after TF 1's layer if not given."""
    scope = kwargs.pop("scope", None)
    with tf.compat.v1.variable_scope(scope, "Repeat", [inputs]):
        inputs = tf.convert_to_tensor(inputs)
        if scope is None:
            name = getattr(layer, "__name__", None) or getattr(getattr(layer, "func", None), "__name__", "repeat")
            scope = {"tf1_contrib_conv2d": "convolution2d"}.get(name, name.replace("tf1_contrib_", "").replace(
                "tf1_", ""))
        outputs = inputs
        for i in range(repetitions):
            kwargs["scope"] = scope + "_" + str(i + 1)
            outputs = layer(outputs, *args, **kwargs)
        return outputs
''',
    "tf1_get_model_variables": '''
def tf1_get_model_variables(scope=None, suffix=None):
    """TF 1's tf.contrib.framework.get_model_variables (slim's; TF 2 has no contrib): the model variables (contrib's
    layers' weights, biases, batch norm's) under a scope, those whose name ends in `suffix` if given."""
    return tf1_get_variables(scope, suffix, tf.compat.v1.GraphKeys.MODEL_VARIABLES)
''',
    "tf1_get_variables": '''
def tf1_get_variables(scope=None, suffix=None, collection=tf.compat.v1.GraphKeys.GLOBAL_VARIABLES):
    """TF 1's tf.contrib.framework.get_variables (TF 2 has no contrib): a collection's variables under a scope (a name
    or a variable scope), those whose name ends in `suffix` if given."""
    if isinstance(scope, tf.compat.v1.VariableScope):
        scope = scope.name
    if suffix is not None:
        if ":" not in suffix:
            suffix += ":"
        scope = (scope or "") + ".*" + suffix
    return tf.compat.v1.get_collection(collection, scope)
''',
    "tf1_analyze_vars": '''
def tf1_analyze_vars(variables, print_info=False):
    """TF 1's tf.contrib.slim.model_analyzer.analyze_vars (TF 2 has no contrib): each variable's name, type, shape
    and size printed as slim printed them, then the totals; (total size, total bytes)."""
    if print_info:
        print("---------")
        print("Variables: name (type shape) [size]")
        print("---------")
    total_size = 0
    total_bytes = 0
    for var in variables:
        var_size = var.shape.num_elements() or 0
        var_bytes = var_size * var.dtype.size
        total_size += var_size
        total_bytes += var_bytes
        if print_info:
            print(var.name, "(" + str(var.dtype.name) + " " + "x".join(str(size) for size in var.shape) + ")",
                  "[%d, bytes: %d]" % (var_size, var_bytes))
    if print_info:
        print("Total size of variables: %d" % total_size)
        print("Total bytes of variables: %d" % total_bytes)
    return total_size, total_bytes
''',
}

# What follows `tensorflow.` in the name of each TF 1 function -> the function written out for it.
FUNCTIONS: dict[str, str] = {
    **{f"{module}.{name}": f"tf1_{name}" for module in ("layers", "compat.v1.layers")
       for name in ("dense", "conv1d", "conv2d", "conv3d", "conv2d_transpose", "separable_conv2d", "max_pooling1d",
                    "max_pooling2d", "max_pooling3d", "average_pooling1d", "average_pooling2d", "average_pooling3d",
                    "dropout", "flatten", "batch_normalization")},
    "contrib.layers.fully_connected": "tf1_fully_connected", "contrib.layers.conv2d": "tf1_contrib_conv2d",
    "contrib.layers.convolution2d": "tf1_contrib_conv2d", "contrib.layers.flatten": "tf1_contrib_flatten",
    "contrib.layers.l2_regularizer": "tf1_l2_regularizer",
    "contrib.layers.variance_scaling_initializer": "tf1_variance_scaling_initializer",
    "contrib.layers.xavier_initializer": "tf1_xavier_initializer",
    "contrib.layers.max_pool2d": "tf1_contrib_max_pool2d", "contrib.layers.avg_pool2d": "tf1_contrib_avg_pool2d",
    "contrib.framework.get_variables": "tf1_get_variables", "contrib.layers.batch_norm": "tf1_contrib_batch_norm",
    "contrib.layers.instance_norm": "tf1_instance_norm", "contrib.framework.arg_scope": "tf1_arg_scope",
    "contrib.layers.dropout": "tf1_contrib_dropout", "contrib.layers.repeat": "tf1_repeat",
    "contrib.layers.conv2d_transpose": "tf1_contrib_conv2d_transpose",
    "contrib.layers.convolution2d_transpose": "tf1_contrib_conv2d_transpose",
    "contrib.framework.get_model_variables": "tf1_get_model_variables",
    "contrib.slim.model_analyzer.analyze_vars": "tf1_analyze_vars",  # DCGAN-tensorflow's show_all_variables, copied widely
}
# slim's layers were contrib.layers' (and contrib.framework's): the same functions under `tf.contrib.slim`.
FUNCTIONS.update({f"contrib.slim.{name.rpartition('.')[2]}": helper for name, helper in FUNCTIONS.items()
                  if name.startswith(("contrib.layers.", "contrib.framework."))})
# What a function written out calls of the others (written in with it).
DEPENDS: dict[str, tuple[str, ...]] = {"tf1_contrib_batch_norm": ("tf1_batch_normalization",),
                                       "tf1_contrib_dropout": ("tf1_dropout",),
                                       "tf1_contrib_conv2d_transpose": ("tf1_conv2d_transpose",),
                                       "tf1_get_model_variables": ("tf1_get_variables",)}
# contrib's layers, which TF 1 decorated with add_arg_scope: written out decorated (`tf1_arg_scope.added`), with the
# arg_scope they read.
ARG_SCOPED = frozenset({"tf1_fully_connected", "tf1_contrib_conv2d", "tf1_contrib_flatten", "tf1_contrib_max_pool2d",
                        "tf1_contrib_avg_pool2d", "tf1_contrib_batch_norm", "tf1_instance_norm", "tf1_contrib_dropout",
                        "tf1_contrib_conv2d_transpose"})
DEPENDS.update({name: (*DEPENDS.get(name, ()), "tf1_arg_scope") for name in ARG_SCOPED})

# The options each function does not write out -> the values of them it takes anyway (TF 1's defaults, as code):
# a call passing another value stays, and the last pass reports it.
_CHANNELS_LAST = frozenset({'"channels_last"', "'channels_last'"})
_NHWC = frozenset({'"NHWC"', "'NHWC'", "None"})
_NONE = frozenset({"None"})
REFUSED: dict[str, dict[str, frozenset[str]]] = {
    "tf1_dense": {"activity_regularizer": _NONE},
    **{name: {"activity_regularizer": _NONE, "data_format": _CHANNELS_LAST}
       for name in ("tf1_conv1d", "tf1_conv2d", "tf1_conv3d", "tf1_conv2d_transpose", "tf1_separable_conv2d")},
    **{f"tf1_{kind}_pooling{rank}d": {"data_format": _CHANNELS_LAST} for kind in ("max", "average")
       for rank in (1, 2, 3)},
    "tf1_dropout": {},
    "tf1_flatten": {"data_format": _CHANNELS_LAST},
    "tf1_batch_normalization": {"renorm": frozenset({"False"}), "virtual_batch_size": _NONE, "adjustment": _NONE,
                                "renorm_clipping": _NONE},
    "tf1_fully_connected": {"variables_collections": _NONE, "outputs_collections": _NONE},
    "tf1_contrib_conv2d": {"variables_collections": _NONE, "outputs_collections": _NONE, "data_format": _NHWC},
    "tf1_contrib_flatten": {"outputs_collections": _NONE},
    "tf1_l2_regularizer": {},
    "tf1_variance_scaling_initializer": {},
    "tf1_xavier_initializer": {},
    "tf1_contrib_max_pool2d": {"outputs_collections": _NONE, "data_format": _NHWC},
    "tf1_contrib_avg_pool2d": {"outputs_collections": _NONE, "data_format": _NHWC},
    "tf1_get_variables": {},
    "tf1_arg_scope": {},
    "tf1_contrib_dropout": {"outputs_collections": _NONE},
    "tf1_contrib_conv2d_transpose": {"variables_collections": _NONE, "outputs_collections": _NONE, "data_format": _NHWC},
    "tf1_repeat": {},
    "tf1_get_model_variables": {},
    "tf1_analyze_vars": {},
    "tf1_instance_norm": {"variables_collections": _NONE, "outputs_collections": _NONE,
                          "data_format": frozenset({'"NHWC"', "'NHWC'"})},
    "tf1_contrib_batch_norm": {"batch_weights": _NONE, "renorm": frozenset({"False"}), "adjustment": _NONE,
                               "zero_debias_moving_mean": frozenset({"False"}), "variables_collections": _NONE,
                               "outputs_collections": _NONE, "data_format": _NHWC},
}
