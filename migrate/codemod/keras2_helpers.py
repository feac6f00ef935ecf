"""Keras 2 helper functions that no Keras 3 module has, written out for `legacy_import_paths` to copy into a file.

`from keras.utils.conv_utils import conv_output_length` fails under Keras 3, and no public module has the
function; it is plain arithmetic (or, for `convert_all_kernels_in_model`, a loop over a model's layers), so the
rewrite puts Keras 2's own code in the file and calls it there, as a person would. Each text below is Keras
2.3.1's function, changed only where Keras 3 needs it (a variable's value read with keras.ops.convert_to_numpy
and set with assign, convert_kernel inlined). `tests/codemod/test_legacy_import_paths.py` computes them against Keras 3's layers.
`BACKEND` holds the Keras 2 backend functions `backend_functions_to_ops` copies in the same way (`K.ctc_decode`;
tf.keras's, which computed otherwise, its own; `K.batch_dot` where its default axes need y's rank and y is an
expression; `K.local_conv1d`; `K.conv2d_transpose`, which took the output shape), under a name of their own: a CTC project often has a `ctc_decode`
of its own wrapping Keras's. `tests/codemod/test_backend_functions_to_ops.py` checks them against the legacy stacks'.
"""

from __future__ import annotations

import re

import libcst as cst
import libcst.matchers as m
from libcst.codemod import CodemodContext
from libcst.codemod.visitors import AddImportsVisitor

from migrate.codemod.syntax import code, names_in

# module the function lived in (Keras 2's public path, without `tensorflow.`) -> function name -> source
# Keras's normalize_data_format, the same in Keras 2.0-2.1's conv_utils and Keras 2.2-2.3's backend: one body, written
# into a file under the name and docstring of the function it stands for.
_NORMALIZE_DATA_FORMAT_BODY = '''    if value is None:
        value = keras.backend.image_data_format()
    data_format = value.lower()
    if data_format not in {'channels_first', 'channels_last'}:
        raise ValueError('The `data_format` argument must be one of '
                         '"channels_first", "channels_last". Received: ' +
                         str(value))
    return data_format
'''

HELPERS: dict[str, dict[str, str]] = {
    "keras.utils.conv_utils": {
        "conv_output_length": '''
def conv_output_length(input_length, filter_size, padding, stride, dilation=1):
    """Keras 2's keras.utils.conv_utils.conv_output_length (Keras 3 has none): the length of a convolution's
    output along one axis."""
    if input_length is None:
        return None
    assert padding in {'same', 'valid', 'full', 'causal'}
    dilated_filter_size = filter_size + (filter_size - 1) * (dilation - 1)
    if padding in ['same', 'causal']:
        output_length = input_length
    elif padding == 'valid':
        output_length = input_length - dilated_filter_size + 1
    elif padding == 'full':
        output_length = input_length + dilated_filter_size - 1
    return (output_length + stride - 1) // stride
''',
        "conv_input_length": '''
def conv_input_length(output_length, filter_size, padding, stride):
    """Keras 2's keras.utils.conv_utils.conv_input_length (Keras 3 has none): the input length a convolution
    needs along one axis for `output_length`."""
    if output_length is None:
        return None
    assert padding in {'same', 'valid', 'full'}
    if padding == 'same':
        pad = filter_size // 2
    elif padding == 'valid':
        pad = 0
    elif padding == 'full':
        pad = filter_size - 1
    return (output_length - 1) * stride - 2 * pad + filter_size
''',
        "deconv_length": '''
def deconv_length(dim_size, stride_size, kernel_size, padding, output_padding, dilation=1):
    """Keras 2's keras.utils.conv_utils.deconv_length (Keras 3 has none public): the length of a transposed
    convolution's output along one axis (inferred when output_padding is None)."""
    assert padding in {'same', 'valid', 'full'}
    if dim_size is None:
        return None
    kernel_size = (kernel_size - 1) * dilation + 1
    if output_padding is None:
        if padding == 'valid':
            dim_size = dim_size * stride_size + max(kernel_size - stride_size, 0)
        elif padding == 'full':
            dim_size = dim_size * stride_size - (stride_size + kernel_size - 2)
        elif padding == 'same':
            dim_size = dim_size * stride_size
    else:
        if padding == 'same':
            pad = kernel_size // 2
        elif padding == 'valid':
            pad = 0
        elif padding == 'full':
            pad = kernel_size - 1
        dim_size = ((dim_size - 1) * stride_size + kernel_size - 2 * pad + output_padding)
    return dim_size
''',
        "normalize_tuple": '''
def normalize_tuple(value, n, name):
    """Keras 2's keras.utils.conv_utils.normalize_tuple (Keras 3 has none public): an int made a tuple of n, or an
    iterable of n ints made a tuple; `name` is the argument's, for the error message."""
    if isinstance(value, int):
        return (value,) * n
    else:
        try:
            value_tuple = tuple(value)
        except TypeError:
            raise ValueError('The `' + name + '` argument must be a tuple of ' +
                             str(n) + ' integers. Received: ' + str(value))
        if len(value_tuple) != n:
            raise ValueError('The `' + name + '` argument must be a tuple of ' +
                             str(n) + ' integers. Received: ' + str(value))
        for single_value in value_tuple:
            try:
                int(single_value)
            except ValueError:
                raise ValueError('The `' + name + '` argument must be a tuple of ' +
                                 str(n) + ' integers. Received: ' + str(value) + ' '
                                 'including element ' + str(single_value) + ' of '
                                 'type ' + str(type(single_value)))
    return value_tuple
''',
        "normalize_padding": '''
def normalize_padding(value):
    """Keras 2's keras.utils.conv_utils.normalize_padding (Keras 3 has none public): the padding in lower case,
    checked ('full' was Theano's alone, and Keras 3 never runs on Theano)."""
    padding = value.lower()
    allowed = {'valid', 'same', 'causal'}
    if padding not in allowed:
        raise ValueError('The `padding` argument must be one of "valid", "same" '
                         '(or "causal" for Conv1D). Received: ' + str(padding))
    return padding
''',
        "normalize_data_format": '''
def normalize_data_format(value):
    """Keras 2.0-2.1's keras.utils.conv_utils.normalize_data_format (Keras 2.2 moved it to keras.backend; Keras 3
    has none public): 'channels_first' or 'channels_last', the configured format for None."""
''' + _NORMALIZE_DATA_FORMAT_BODY,
    },
    "keras.utils.layer_utils": {
        "convert_dense_weights_data_format": '''
def convert_dense_weights_data_format(dense,
                                      previous_feature_map_shape,
                                      target_data_format='channels_first'):
    """Keras 2's keras.utils.layer_utils.convert_dense_weights_data_format (Keras 3 has none): reorders the kernel
    rows of a Dense layer that follows a Flatten, for the feature map's other data format."""
    assert target_data_format in {'channels_last', 'channels_first'}
    kernel, bias = dense.get_weights()
    for i in range(kernel.shape[1]):
        if target_data_format == 'channels_first':
            c, h, w = previous_feature_map_shape
            original_fm_shape = (h, w, c)
            ki = kernel[:, i].reshape(original_fm_shape)
            ki = np.transpose(ki, (2, 0, 1))  # last -> first
        else:
            h, w, c = previous_feature_map_shape
            original_fm_shape = (c, h, w)
            ki = kernel[:, i].reshape(original_fm_shape)
            ki = np.transpose(ki, (1, 2, 0))  # first -> last
        kernel[:, i] = np.reshape(ki, (np.prod(previous_feature_map_shape),))
    dense.set_weights([kernel, bias])
''',
        "convert_all_kernels_in_model": '''
def convert_all_kernels_in_model(model):
    """Keras 2's keras.utils.layer_utils.convert_all_kernels_in_model (Keras 3 has none): flips the spatial axes
    of every convolution kernel of the model (Theano <-> TensorFlow weights)."""
    conv_classes = {'Conv1D', 'Conv2D', 'Conv3D', 'Conv2DTranspose'}
    to_assign = []
    for layer in model.layers:
        if layer.__class__.__name__ in conv_classes:
            kernel = keras.ops.convert_to_numpy(layer.kernel)
            if not 3 <= kernel.ndim <= 5:
                raise ValueError('Invalid kernel shape:', kernel.shape)
            slices = [slice(None, None, -1) for _ in range(kernel.ndim)]
            slices[-2:] = (slice(None, None), slice(None, None))
            to_assign.append((layer.kernel, kernel[tuple(slices)].copy()))
    for variable, value in to_assign:
        variable.assign(value)
''',
    },
    "keras.initializers": {
        "_compute_fans": '''
def _compute_fans(shape, data_format='channels_last'):
    """Keras 2's keras.initializers._compute_fans (Keras 3 has none public): the fan-in and fan-out of a weight
    shape, a convolution kernel's counted with its receptive field."""
    if len(shape) == 2:
        fan_in = shape[0]
        fan_out = shape[1]
    elif len(shape) in {3, 4, 5}:
        # Assuming convolution kernels (1D, 2D or 3D).
        # TH kernel shape: (depth, input_depth, ...)
        # TF kernel shape: (..., input_depth, depth)
        if data_format == 'channels_first':
            receptive_field_size = np.prod(shape[2:])
            fan_in = shape[1] * receptive_field_size
            fan_out = shape[0] * receptive_field_size
        elif data_format == 'channels_last':
            receptive_field_size = np.prod(shape[:-2])
            fan_in = shape[-2] * receptive_field_size
            fan_out = shape[-1] * receptive_field_size
        else:
            raise ValueError('Invalid data_format: ' + data_format)
    else:
        # No specific assumptions.
        fan_in = np.sqrt(np.prod(shape))
        fan_out = np.sqrt(np.prod(shape))
    return fan_in, fan_out
''',
    },
    # Keras 2.0-2.1's keras.preprocessing.image functions (keras_preprocessing, from Keras 2.2 on, renamed or dropped
    # them), from Keras 2.1.6, the last release that had them (scipy's `ndimage.interpolation` namespace, which newer
    # SciPy drops, spelt `ndimage`): Keras 2.0.x's apply_transform interpolated with order=0 (nearest), 2.1's with
    # order=1, as its docstring here says
    "keras.preprocessing.image": {
        "flip_axis": '''
def flip_axis(x, axis):
    """Keras 2.1's keras.preprocessing.image.flip_axis (Keras 3 has none): `x` reversed along `axis`."""
    x = np.asarray(x).swapaxes(axis, 0)
    x = x[::-1, ...]
    x = x.swapaxes(0, axis)
    return x
''',
        "transform_matrix_offset_center": '''
def transform_matrix_offset_center(matrix, x, y):
    """Keras 2.1's keras.preprocessing.image.transform_matrix_offset_center (Keras 3 has none): the affine `matrix`
    about the centre of an x-by-y image (at x / 2 + 0.5, y / 2 + 0.5, as Keras 2 put it)."""
    o_x = float(x) / 2 + 0.5
    o_y = float(y) / 2 + 0.5
    offset_matrix = np.array([[1, 0, o_x], [0, 1, o_y], [0, 0, 1]])
    reset_matrix = np.array([[1, 0, -o_x], [0, 1, -o_y], [0, 0, 1]])
    transform_matrix = np.dot(np.dot(offset_matrix, matrix), reset_matrix)
    return transform_matrix
''',
        "apply_transform": '''
def apply_transform(x,
                    transform_matrix,
                    channel_axis=0,
                    fill_mode='nearest',
                    cval=0.):
    """Keras 2.1's keras.preprocessing.image.apply_transform (Keras 3 has none): each channel of `x` moved by the
    affine `transform_matrix`, with linear interpolation (Keras 2.0's took the nearest pixel)."""
    x = np.rollaxis(x, channel_axis, 0)
    final_affine_matrix = transform_matrix[:2, :2]
    final_offset = transform_matrix[:2, 2]
    channel_images = [ndi.affine_transform(
        x_channel,
        final_affine_matrix,
        final_offset,
        order=1,
        mode=fill_mode,
        cval=cval) for x_channel in x]
    x = np.stack(channel_images, axis=0)
    x = np.rollaxis(x, 0, channel_axis + 1)
    return x
''',
    },
    "keras.applications.imagenet_utils": {
        "_obtain_input_shape": '''
def _obtain_input_shape(input_shape,
                        default_size,
                        min_size,
                        data_format,
                        require_flatten,
                        weights=None):
    """Keras 2's keras.applications.imagenet_utils._obtain_input_shape (keras_applications'; Keras 3 has none
    public): the input shape an application model takes, checked against its default size and weights."""
    if weights != 'imagenet' and input_shape and len(input_shape) == 3:
        if data_format == 'channels_first':
            if input_shape[0] not in {1, 3}:
                warnings.warn(
                    'This model usually expects 1 or 3 input channels. '
                    'However, it was passed an input_shape with ' +
                    str(input_shape[0]) + ' input channels.')
            default_shape = (input_shape[0], default_size, default_size)
        else:
            if input_shape[-1] not in {1, 3}:
                warnings.warn(
                    'This model usually expects 1 or 3 input channels. '
                    'However, it was passed an input_shape with ' +
                    str(input_shape[-1]) + ' input channels.')
            default_shape = (default_size, default_size, input_shape[-1])
    else:
        if data_format == 'channels_first':
            default_shape = (3, default_size, default_size)
        else:
            default_shape = (default_size, default_size, 3)
    if weights == 'imagenet' and require_flatten:
        if input_shape is not None:
            if input_shape != default_shape:
                raise ValueError('When setting `include_top=True` '
                                 'and loading `imagenet` weights, '
                                 '`input_shape` should be ' +
                                 str(default_shape) + '.')
        return default_shape
    if input_shape:
        if data_format == 'channels_first':
            if input_shape is not None:
                if len(input_shape) != 3:
                    raise ValueError(
                        '`input_shape` must be a tuple of three integers.')
                if input_shape[0] != 3 and weights == 'imagenet':
                    raise ValueError('The input must have 3 channels; got '
                                     '`input_shape=' + str(input_shape) + '`')
                if ((input_shape[1] is not None and input_shape[1] < min_size) or
                   (input_shape[2] is not None and input_shape[2] < min_size)):
                    raise ValueError('Input size must be at least ' +
                                     str(min_size) + 'x' + str(min_size) +
                                     '; got `input_shape=' +
                                     str(input_shape) + '`')
        else:
            if input_shape is not None:
                if len(input_shape) != 3:
                    raise ValueError(
                        '`input_shape` must be a tuple of three integers.')
                if input_shape[-1] != 3 and weights == 'imagenet':
                    raise ValueError('The input must have 3 channels; got '
                                     '`input_shape=' + str(input_shape) + '`')
                if ((input_shape[0] is not None and input_shape[0] < min_size) or
                   (input_shape[1] is not None and input_shape[1] < min_size)):
                    raise ValueError('Input size must be at least ' +
                                     str(min_size) + 'x' + str(min_size) +
                                     '; got `input_shape=' +
                                     str(input_shape) + '`')
    else:
        if require_flatten:
            input_shape = default_shape
        else:
            if data_format == 'channels_first':
                input_shape = (3, None, None)
            else:
                input_shape = (None, None, 3)
    if require_flatten:
        if None in input_shape:
            raise ValueError('If `include_top` is True, '
                             'you should specify a static `input_shape`. '
                             'Got `input_shape=' + str(input_shape) + '`')
    return input_shape
''',
    },
}
# Keras 2.0's _obtain_input_shape (2.0.0-2.0.7: include_top=, then weights= with 'imagenet' its default, which
# checks as 2.0.0-2.0.5 did without it); Keras 2.0.8 renamed include_top require_flatten and made weights=None the
# default: a file calling it with include_top= gets this text, under the same name.
OBTAIN_INPUT_SHAPE_2_0 = '''
def _obtain_input_shape(input_shape,
                        default_size,
                        min_size,
                        data_format,
                        include_top,
                        weights='imagenet'):
    """Keras 2.0's keras.applications.imagenet_utils._obtain_input_shape (before Keras 2.0.8 renamed include_top
    require_flatten; Keras 3 has none public): the input shape an application model takes, checked against its
    default size and weights."""
    if weights != 'imagenet' and input_shape is not None and len(input_shape) == 3:
        if data_format == 'channels_first':
            if input_shape[0] != 3 and input_shape[0] != 1:
                warnings.warn(
                    'This model usually expects 1 or 3 input channels. '
                    'However, it was passed ' + str(input_shape[0]) + ' input channels.')
            default_shape = (input_shape[0], default_size, default_size)
        else:
            if input_shape[-1] != 3 and input_shape[-1] != 1:
                warnings.warn(
                    'This model usually expects 1 or 3 input channels. '
                    'However, it was passed ' + str(input_shape[-1]) + ' input channels.')
            default_shape = (default_size, default_size, input_shape[-1])
    else:
        if data_format == 'channels_first':
            default_shape = (3, default_size, default_size)
        else:
            default_shape = (default_size, default_size, 3)
    if include_top:
        if input_shape is not None:
            if input_shape != default_shape:
                raise ValueError('When setting`include_top=True`, '
                                 '`input_shape` should be ' + str(default_shape) + '.')
        input_shape = default_shape
    else:
        if data_format == 'channels_first':
            if input_shape is not None:
                if len(input_shape) != 3:
                    raise ValueError('`input_shape` must be a tuple of three integers.')
                if input_shape[0] != 3 and weights == 'imagenet':
                    raise ValueError('The input must have 3 channels; got '
                                     '`input_shape=' + str(input_shape) + '`')
                if ((input_shape[1] is not None and input_shape[1] < min_size) or
                   (input_shape[2] is not None and input_shape[2] < min_size)):
                    raise ValueError('Input size must be at least ' +
                                     str(min_size) + 'x' + str(min_size) + ', got '
                                     '`input_shape=' + str(input_shape) + '`')
            else:
                input_shape = (3, None, None)
        else:
            if input_shape is not None:
                if len(input_shape) != 3:
                    raise ValueError('`input_shape` must be a tuple of three integers.')
                if input_shape[-1] != 3 and weights == 'imagenet':
                    raise ValueError('The input must have 3 channels; got '
                                     '`input_shape=' + str(input_shape) + '`')
                if ((input_shape[0] is not None and input_shape[0] < min_size) or
                   (input_shape[1] is not None and input_shape[1] < min_size)):
                    raise ValueError('Input size must be at least ' +
                                     str(min_size) + 'x' + str(min_size) + ', got '
                                     '`input_shape=' + str(input_shape) + '`')
            else:
                input_shape = (None, None, 3)
    return input_shape
'''
# Keras 2's scikit-learn wrappers, whose parameters and targets Keras 3's keras.wrappers.SKLearnClassifier /
# SKLearnRegressor take otherwise (model_kwargs= and fit_kwargs= dicts that a grid search cannot set one by one; every
# target one-hot encoded, which a one-unit sigmoid output cannot fit): Keras 2.3.1's classes in Keras 3's terms, an
# sklearn BaseEstimator (scikit-learn 1.x reads an estimator's tags from it; its type stays unset, as Keras 2's was, so a
# cross-validation splits as it did). One body each, as a copied helper is one statement.
_SKLEARN_WRAPPER_BODY = '''
    def __init__(self, build_fn=None, **sk_params):
        self.build_fn = build_fn
        self.sk_params = sk_params
        self.check_params(sk_params)

    @staticmethod
    def has_arg(fn, name):
        """Whether `fn` takes `name` by name (Keras 2's has_arg: not through **kwargs)."""
        parameter = inspect.signature(fn).parameters.get(name)
        return parameter is not None and parameter.kind in (parameter.POSITIONAL_OR_KEYWORD, parameter.KEYWORD_ONLY)

    def build_function(self):
        if self.build_fn is None:
            return self.__call__
        if not isinstance(self.build_fn, (types.FunctionType, types.MethodType)):
            return self.build_fn.__call__
        return self.build_fn

    def check_params(self, params):
        legal_params_fns = [keras.Model.fit, keras.Model.predict, keras.Model.evaluate, self.build_function()]
        for params_name in params:
            if params_name != 'nb_epoch' and not any(self.has_arg(fn, params_name) for fn in legal_params_fns):
                raise ValueError('{} is not a legal parameter'.format(params_name))

    def get_params(self, **params):
        res = copy.deepcopy(self.sk_params)
        res.update({'build_fn': self.build_fn})
        return res

    def set_params(self, **params):
        self.check_params(params)
        self.sk_params.update(params)
        return self

    def filter_sk_params(self, fn, override=None):
        res = {name: value for name, value in self.sk_params.items() if self.has_arg(fn, name)}
        res.update(override or {})
        return res

    @staticmethod
    def is_categorical_crossentropy(loss):
        return (isinstance(loss, keras.losses.CategoricalCrossentropy) or loss == 'categorical_crossentropy'
                or getattr(loss, '__name__', None) == 'categorical_crossentropy')

    def fit(self, x, y, **kwargs):
        build = self.build_function()  # calling a callable object calls its __call__
        self.model = build(**self.filter_sk_params(build))
        if self.is_categorical_crossentropy(self.model.loss) and len(y.shape) != 2:
            y = keras.utils.to_categorical(y)
        fit_args = copy.deepcopy(self.filter_sk_params(keras.Model.fit))
        fit_args.update(kwargs)
        return self.model.fit(x, y, **fit_args)
'''
# Keras 2.2-2.3's random affine image transforms (keras_preprocessing 1.1.2, Keras 2.3.1's; Keras 3 has none, and the
# tf.keras port's swap x and y: TF_KERAS_PORTS in tools/keras_names_table.py), which Keras 2.0-2.1 had too, then over
# apply_transform: each draws its parameters from NumPy's global generator as Keras 2 did, so a
# seeded script gets Keras 2.3.1's arrays. (As there, random_rotation, random_shear and random_zoom take the image's
# size from axes 0 and 1 whatever `row_axis` and `col_axis` say; Keras 2.1 read those two.)
_AFFINE = {
    "apply_affine_transform": '''
def apply_affine_transform(x, theta=0, tx=0, ty=0, shear=0, zx=1, zy=1,
                           row_axis=0, col_axis=1, channel_axis=2,
                           fill_mode='nearest', cval=0., order=1):
    """Keras 2.3.1's keras.preprocessing.image.apply_affine_transform (Keras 3 has none): `x` rotated by `theta`
    degrees, shifted by (tx, ty), sheared by `shear` degrees and zoomed by (zx, zy), about its centre."""
    transform_matrix = None
    if theta != 0:
        theta = np.deg2rad(theta)
        rotation_matrix = np.array([[np.cos(theta), -np.sin(theta), 0],
                                    [np.sin(theta), np.cos(theta), 0],
                                    [0, 0, 1]])
        transform_matrix = rotation_matrix
    if tx != 0 or ty != 0:
        shift_matrix = np.array([[1, 0, tx],
                                 [0, 1, ty],
                                 [0, 0, 1]])
        if transform_matrix is None:
            transform_matrix = shift_matrix
        else:
            transform_matrix = np.dot(transform_matrix, shift_matrix)
    if shear != 0:
        shear = np.deg2rad(shear)
        shear_matrix = np.array([[1, -np.sin(shear), 0],
                                 [0, np.cos(shear), 0],
                                 [0, 0, 1]])
        if transform_matrix is None:
            transform_matrix = shear_matrix
        else:
            transform_matrix = np.dot(transform_matrix, shear_matrix)
    if zx != 1 or zy != 1:
        zoom_matrix = np.array([[zx, 0, 0],
                                [0, zy, 0],
                                [0, 0, 1]])
        if transform_matrix is None:
            transform_matrix = zoom_matrix
        else:
            transform_matrix = np.dot(transform_matrix, zoom_matrix)
    if transform_matrix is not None:
        h, w = x.shape[row_axis], x.shape[col_axis]
        transform_matrix = transform_matrix_offset_center(
            transform_matrix, h, w)
        x = np.rollaxis(x, channel_axis, 0)
        final_affine_matrix = transform_matrix[:2, :2]
        final_offset = transform_matrix[:2, 2]
        channel_images = [ndi.affine_transform(
            x_channel,
            final_affine_matrix,
            final_offset,
            order=order,
            mode=fill_mode,
            cval=cval) for x_channel in x]
        x = np.stack(channel_images, axis=0)
        x = np.rollaxis(x, 0, channel_axis + 1)
    return x
''',
    "random_rotation": '''
def random_rotation(x, rg, row_axis=1, col_axis=2, channel_axis=0,
                    fill_mode='nearest', cval=0., interpolation_order=1):
    """Keras 2.3.1's keras.preprocessing.image.random_rotation (Keras 3 has none): `x` rotated by an angle drawn
    uniformly from [-rg, rg] degrees."""
    theta = np.random.uniform(-rg, rg)
    x = apply_affine_transform(x, theta=theta, channel_axis=channel_axis,
                               fill_mode=fill_mode, cval=cval,
                               order=interpolation_order)
    return x
''',
    "random_shift": '''
def random_shift(x, wrg, hrg, row_axis=1, col_axis=2, channel_axis=0,
                 fill_mode='nearest', cval=0., interpolation_order=1):
    """Keras 2.3.1's keras.preprocessing.image.random_shift (Keras 3 has none): `x` shifted by fractions of its
    height and width drawn uniformly from [-hrg, hrg] and [-wrg, wrg]."""
    h, w = x.shape[row_axis], x.shape[col_axis]
    tx = np.random.uniform(-hrg, hrg) * h
    ty = np.random.uniform(-wrg, wrg) * w
    x = apply_affine_transform(x, tx=tx, ty=ty, channel_axis=channel_axis,
                               fill_mode=fill_mode, cval=cval,
                               order=interpolation_order)
    return x
''',
    "random_shear": '''
def random_shear(x, intensity, row_axis=1, col_axis=2, channel_axis=0,
                 fill_mode='nearest', cval=0., interpolation_order=1):
    """Keras 2.3.1's keras.preprocessing.image.random_shear (Keras 3 has none): `x` sheared by an angle drawn
    uniformly from [-intensity, intensity] degrees."""
    shear = np.random.uniform(-intensity, intensity)
    x = apply_affine_transform(x, shear=shear, channel_axis=channel_axis,
                               fill_mode=fill_mode, cval=cval,
                               order=interpolation_order)
    return x
''',
    "random_zoom": '''
def random_zoom(x, zoom_range, row_axis=1, col_axis=2, channel_axis=0,
                fill_mode='nearest', cval=0., interpolation_order=1):
    """Keras 2.3.1's keras.preprocessing.image.random_zoom (Keras 3 has none): `x` zoomed by two factors drawn
    uniformly from `zoom_range`."""
    if len(zoom_range) != 2:
        raise ValueError('`zoom_range` should be a tuple or list of two'
                         ' floats. Received: %s' % (zoom_range,))

    if zoom_range[0] == 1 and zoom_range[1] == 1:
        zx, zy = 1, 1
    else:
        zx, zy = np.random.uniform(zoom_range[0], zoom_range[1], 2)
    x = apply_affine_transform(x, zx=zx, zy=zy, channel_axis=channel_axis,
                               fill_mode=fill_mode, cval=cval,
                               order=interpolation_order)
    return x
'''}
HELPERS["keras.preprocessing.image"].update(_AFFINE)

# Keras 2.0-2.1's keras.applications.mobilenet.relu6 (then ReLU(6.) layers): scripts gave it to load_model's custom_objects
HELPERS["keras.applications.mobilenet"] = {"relu6": '''
def relu6(x):
    """Keras 2.1's keras.applications.mobilenet.relu6 (Keras 3 has none there): ReLU capped at 6."""
    return keras.activations.relu(x, max_value=6)
'''}
HELPERS["keras.wrappers.scikit_learn"] = {
    "KerasClassifier": '''
class KerasClassifier(sklearn.base.BaseEstimator):
    """Keras 2.3.1's keras.wrappers.scikit_learn.KerasClassifier (Keras 3's keras.wrappers.SKLearnClassifier takes
    other parameters and one-hot encodes every target): a scikit-learn estimator of build_fn's model, its sk_params
    shared out among build_fn, fit, predict and evaluate by name; predict gives the classes fitted on, score the
    model's accuracy."""
''' + _SKLEARN_WRAPPER_BODY.replace("    def fit(self, x, y, **kwargs):", "    def fit_model(self, x, y, **kwargs):") + '''
    def fit(self, x, y, sample_weight=None, **kwargs):
        y = np.array(y)
        if len(y.shape) == 2 and y.shape[1] > 1:
            self.classes_ = np.arange(y.shape[1])
        elif (len(y.shape) == 2 and y.shape[1] == 1) or len(y.shape) == 1:
            self.classes_ = np.unique(y)
            y = np.searchsorted(self.classes_, y)
        else:
            raise ValueError('Invalid shape for y: ' + str(y.shape))
        self.n_classes_ = len(self.classes_)
        if sample_weight is not None:
            kwargs['sample_weight'] = sample_weight
        return self.fit_model(x, y, **kwargs)

    def predict(self, x, **kwargs):
        proba = self.model.predict(x, **self.filter_sk_params(keras.Model.predict, kwargs))
        if proba.shape[-1] > 1:
            classes = proba.argmax(axis=-1)
        else:
            classes = (proba > 0.5).astype('int32')
        return self.classes_[classes]

    def predict_proba(self, x, **kwargs):
        probs = self.model.predict(x, **self.filter_sk_params(keras.Model.predict, kwargs))
        if probs.shape[1] == 1:
            probs = np.hstack([1 - probs, probs])
        return probs

    def score(self, x, y, **kwargs):
        y = np.searchsorted(self.classes_, y)
        kwargs = self.filter_sk_params(keras.Model.evaluate, kwargs)
        if self.is_categorical_crossentropy(self.model.loss) and len(y.shape) != 2:
            y = keras.utils.to_categorical(y)
        outputs = self.model.evaluate(x, y, return_dict=True, **kwargs)
        for name in ('accuracy', 'acc'):
            if name in outputs:
                return outputs[name]
        raise ValueError('The model is not configured to compute accuracy. '
                         'You should pass `metrics=["accuracy"]` to the `model.compile()` method.')
''',
    "KerasRegressor": '''
class KerasRegressor(sklearn.base.BaseEstimator):
    """Keras 2.3.1's keras.wrappers.scikit_learn.KerasRegressor (Keras 3's keras.wrappers.SKLearnRegressor takes
    other parameters): a scikit-learn estimator of build_fn's model, its sk_params shared out among build_fn, fit,
    predict and evaluate by name; predict drops a last axis of one, score is the negated loss."""
''' + _SKLEARN_WRAPPER_BODY + '''
    def predict(self, x, **kwargs):
        preds = np.array(self.model.predict(x, **self.filter_sk_params(keras.Model.predict, kwargs)))
        if preds.shape[-1] == 1:
            return np.squeeze(preds, axis=-1)
        return preds

    def score(self, x, y, **kwargs):
        loss = self.model.evaluate(x, y, **self.filter_sk_params(keras.Model.evaluate, kwargs))
        if isinstance(loss, list):
            return -loss[0]
        return -loss
''',
}
# Keras 2 backend function (qualified) -> (the name it is copied in under, its text in TensorFlow 2's terms).
BACKEND: dict[str, tuple[str, str]] = {
    "keras.backend.ctc_decode": ("keras2_ctc_decode", '''
def keras2_ctc_decode(y_pred, input_length, greedy=True, beam_width=100, top_paths=1, merge_repeated=False):
    """Keras 2.3.1's keras.backend.ctc_decode (keras.ops.ctc_decode pads to the input length and scores
    otherwise): a list of the decoded label sequences (one for greedy, top_paths for beam search), each
    (samples, longest decoded) padded with -1, and their log probabilities (samples, paths)."""
    y_pred = tf.math.log(tf.transpose(y_pred, perm=[1, 0, 2]) + keras.backend.epsilon())
    input_length = tf.cast(input_length, tf.int32)
    if greedy:
        decoded, log_prob = tf.nn.ctc_greedy_decoder(inputs=y_pred, sequence_length=input_length)
    else:  # TF 1's decoder: Keras 2 passed merge_repeated, which tf.nn.ctc_beam_search_decoder no longer takes
        decoded, log_prob = tf.compat.v1.nn.ctc_beam_search_decoder(
            inputs=y_pred, sequence_length=input_length, beam_width=beam_width, top_paths=top_paths,
            merge_repeated=merge_repeated)
    return [tf.sparse.to_dense(st, default_value=-1) for st in decoded], log_prob
'''),
    "tensorflow.keras.backend.ctc_decode": ("tf_keras_ctc_decode", '''
def tf_keras_ctc_decode(y_pred, input_length, greedy=True, beam_width=100, top_paths=1):
    """tf.keras 2's tf.keras.backend.ctc_decode (keras.ops.ctc_decode scores otherwise): a list of the decoded
    label sequences (one for greedy, top_paths for beam search), each (samples, time steps) padded with -1
    (TensorFlow 1's tf.keras padded to the longest decoded), and their log probabilities (samples, paths)."""
    samples, steps = tf.shape(y_pred)[0], tf.shape(y_pred)[1]
    y_pred = tf.math.log(tf.transpose(y_pred, perm=[1, 0, 2]) + keras.backend.epsilon())
    input_length = tf.cast(input_length, tf.int32)
    if greedy:
        decoded, log_prob = tf.nn.ctc_greedy_decoder(inputs=y_pred, sequence_length=input_length)
    else:  # TF 1's decoder, as tf.keras called it: it merges repeated labels, tf.nn.ctc_beam_search_decoder does not
        decoded, log_prob = tf.compat.v1.nn.ctc_beam_search_decoder(
            inputs=y_pred, sequence_length=input_length, beam_width=beam_width, top_paths=top_paths,
            merge_repeated=True)
    return [tf.sparse.to_dense(tf.SparseTensor(st.indices, st.values, (samples, steps)), default_value=-1)
            for st in decoded], log_prob
'''),
}
# Keras 2 backend functions Keras 3 has the steps of but not the function: the same text for keras's and tf.keras's.
_BATCH_DOT = ("keras2_batch_dot", '''
def keras2_batch_dot(x, y, axes=None):
    """Keras 2's keras.backend.batch_dot, which Keras 3 moved into keras.layers.Dot (the same steps; the layer
    takes axes always): without axes x's last axis meets y's second to last, y's last for a 2D y."""
    if axes is None:
        axes = (-1, -1 if len(y.shape) == 2 else -2)
    return keras.layers.Dot(axes=axes)([x, y])
''')
_LOCAL_CONV1D = ("keras2_local_conv1d", '''
def keras2_local_conv1d(inputs, kernel, kernel_size, strides, data_format=None):
    """Keras 2.3.1's keras.backend.local_conv1d (Keras 3 has no unshared convolution): each output step its own
    kernel, kernel (output_length, kernel_size * input_dim, filters) -> (batch, output_length, filters)."""
    stride = strides[0]
    output_length, feature_dim, filters = tuple(kernel.shape)
    xs = []
    for i in range(output_length):
        steps = slice(i * stride, i * stride + kernel_size[0])
        xs.append(keras.ops.reshape(inputs[:, steps, :], (1, -1, feature_dim)))
    x_aggregate = keras.ops.concatenate(xs, axis=0)
    # Shape: (output_length, batch_size, filters)
    output = keras.ops.matmul(x_aggregate, kernel)
    return keras.ops.transpose(output, (1, 0, 2))
''')
_CONV2D_TRANSPOSE = ("keras2_conv2d_transpose", '''
def keras2_conv2d_transpose(x, kernel, output_shape, strides=(1, 1), padding='valid', data_format=None,
                            dilation_rate=(1, 1)):
    """Keras 2.3.1's keras.backend.conv2d_transpose (keras.ops.conv_transpose computes the output shape, Keras 2
    took it): TensorFlow's transposed convolution to output_shape (its batch None: x's), a channels_first x
    moved to channels_last and back, as Keras 2 did on a CPU (the same values on a GPU)."""
    if data_format is None:
        data_format = keras.backend.image_data_format()
    if data_format == 'channels_first':
        x = tf.transpose(x, (0, 2, 3, 1))  # NCHW -> NHWC
        output_shape = (output_shape[0], output_shape[2], output_shape[3], output_shape[1])
    if output_shape[0] is None:
        output_shape = (tf.shape(x)[0],) + tuple(output_shape[1:])
    output_shape = tf.stack(list(output_shape))
    if tuple(dilation_rate) == (1, 1):
        x = tf.nn.conv2d_transpose(x, kernel, output_shape, (1,) + tuple(strides) + (1,), padding=padding.upper())
    else:
        x = tf.nn.atrous_conv2d_transpose(x, kernel, output_shape, dilation_rate[0], padding.upper())
    if data_format == 'channels_first':
        x = tf.transpose(x, (0, 3, 1, 2))  # NHWC -> NCHW
    return x
''')
# Keras 2's K.rnn, which Keras 3 keeps only inside its RNN layer: the same loop in keras.ops (tf.keras 2's extra
# parameters, time_major and zero_output_for_mask, too). Keras's scan stacks every value of its carry.
_RNN = ("keras2_rnn", '''
def keras2_rnn(step_function, inputs, initial_states, go_backwards=False, mask=None, constants=None, unroll=False,
               input_length=None, time_major=False, zero_output_for_mask=False):
    """Keras 2.3.1's keras.backend.rnn (Keras 3 has none public): step_function(input at t, states + constants)
    run along inputs' time axis, each step fed the states the last returned; (last output, outputs
    (samples, time, ...), last states). Where mask (samples, time) is 0, a step keeps the previous output (zeros
    with zero_output_for_mask) and states; go_backwards runs from the last step and returns outputs in that order."""
    constants = list(constants or [])
    steps = inputs if time_major else keras.ops.moveaxis(inputs, 1, 0)
    if mask is not None:
        mask = keras.ops.cast(mask if time_major else keras.ops.moveaxis(mask, 1, 0), 'bool')
    if go_backwards:
        steps = keras.ops.flip(steps, 0)
        mask = None if mask is None else keras.ops.flip(mask, 0)

    def kept(mask_t, new, old):
        mask_t = keras.ops.reshape(mask_t, tuple(mask_t.shape) + (1,) * (len(new.shape) - len(mask_t.shape)))
        return keras.ops.where(mask_t, new, old)

    def step(carry, x):
        output_before, states = carry
        x_t, mask_t = x if mask is not None else (x, None)
        output, new_states = step_function(x_t, list(states) + constants)
        new_states = tuple(new_states)
        if mask_t is not None:
            output = kept(mask_t, output, keras.ops.zeros_like(output) if zero_output_for_mask else output_before)
            new_states = tuple(kept(mask_t, new, old) for new, old in zip(new_states, states))
        return (output, new_states), (output, new_states)  # Keras's scan stacks what has the carry's structure

    first_output, _ = step_function(steps[0], list(initial_states) + constants)
    carry = (keras.ops.zeros_like(first_output), tuple(initial_states))
    (last_output, states), (outputs, _) = keras.ops.scan(step, carry, steps if mask is None else (steps, mask))
    return last_output, (outputs if time_major else keras.ops.moveaxis(outputs, 0, 1)), list(states)
''')
# Keras 2.2-2.3's keras.backend.normalize_data_format: conv_utils' function (above), under a name of its own
BACKEND["keras.backend.normalize_data_format"] = ("keras2_normalize_data_format", '''
def keras2_normalize_data_format(value):
    """Keras 2.3.1's keras.backend.normalize_data_format (Keras 3 has none public): 'channels_first' or
    'channels_last', the configured format for None."""
''' + _NORMALIZE_DATA_FORMAT_BODY)
BACKEND.update({f"{prefix}keras.backend.{function}": helper_text for prefix in ("", "tensorflow.")
                for function, helper_text in (("batch_dot", _BATCH_DOT), ("local_conv1d", _LOCAL_CONV1D),
                                              ("conv2d_transpose", _CONV2D_TRANSPOSE), ("rnn", _RNN))})
# What a helper's text needs imported: a module, or (module, the name the text calls it by).
NEEDS: dict[str, tuple[str | tuple[str, str], ...]] = {
    "convert_all_kernels_in_model": ("keras",), "_obtain_input_shape": ("warnings",),
    "convert_dense_weights_data_format": (("numpy", "np"),), "_compute_fans": (("numpy", "np"),),
    "flip_axis": (("numpy", "np"),), "transform_matrix_offset_center": (("numpy", "np"),),
    "apply_transform": (("numpy", "np"), ("scipy.ndimage", "ndi")),
    "apply_affine_transform": (("numpy", "np"), ("scipy.ndimage", "ndi")),
    **dict.fromkeys(("random_rotation", "random_shift", "random_shear", "random_zoom"), (("numpy", "np"),)),
    "relu6": ("keras",),
    **dict.fromkeys(("tf1_dense", "tf1_conv1d", "tf1_conv2d", "tf1_conv3d", "tf1_conv2d_transpose",
                     "tf1_separable_conv2d", "tf1_max_pooling1d", "tf1_max_pooling2d", "tf1_max_pooling3d",
                     "tf1_average_pooling1d", "tf1_average_pooling2d", "tf1_average_pooling3d", "tf1_dropout",
                     "tf1_flatten", "tf1_batch_normalization", "tf1_fully_connected", "tf1_contrib_conv2d",
                     "tf1_contrib_flatten", "tf1_l2_regularizer", "tf1_variance_scaling_initializer",
                     "tf1_xavier_initializer", "tf1_contrib_max_pool2d", "tf1_contrib_avg_pool2d",
                     "tf1_get_variables", "tf1_contrib_batch_norm", "tf1_instance_norm", "tf1_contrib_dropout",
                     "tf1_repeat", "tf1_get_model_variables", "tf1_contrib_conv2d_transpose", "tf1_analyze_vars"),
                    (("tensorflow", "tf"),)),  # tf1_layers.HELPERS
    **dict.fromkeys(("Tf1RNNCell", "Tf1BasicRNNCell", "Tf1GRUCell", "Tf1BasicLSTMCell", "Tf1LSTMCell",
                     "Tf1MultiRNNCell", "Tf1DropoutWrapper"), (("tensorflow", "tf"),)),  # tf1_rnn_cells.HELPERS
    "Tf1LSTMStateTuple": ("collections", ("tensorflow", "tf")),
    "tf1_arg_scope": ("functools", ("tensorflow", "tf")),
    "normalize_data_format": ("keras",), "keras2_normalize_data_format": ("keras",),
    "keras2_rnn": ("keras",), "Recurrent": ("keras",),
    "keras2_model_from_yaml": ("json", "yaml", "keras"), "keras2_to_yaml": ("json", "yaml"),
    "Tf1MnistDataSet": ("numpy",), "tf1_mnist_read_data_sets": ("collections", "gzip", "os", "urllib.request", "numpy"),
    **dict.fromkeys(("KerasClassifier", "KerasRegressor"), ("copy", "inspect", "types", "keras", ("numpy", "np"),
                                                            "sklearn.base")), "BatchNormalizationMode2": ("keras",),
    "Keras2RMSprop": ("keras",), "Keras2Nadam": ("keras",), "Keras2Adagrad": ("keras",),
    "keras2_hard_sigmoid": ("keras",), "Keras2ImageDataGenerator": ("tensorflow",),
    "Merge": ("keras",),
    "keras2_function": ("keras",), "keras2_gradients": ("keras",), "Keras2Gradients": ("keras", ("tensorflow", "tf")),
    **{name: ("keras", ("tensorflow", "tf")) for name in ("keras2_ctc_decode", "tf_keras_ctc_decode",
                                                           "keras2_conv2d_transpose")},
    **{name: ("keras",) for name in ("keras2_batch_dot", "keras2_local_conv1d")},
    **{name: (("tensorflow", "tf"),) for name in ("tf1_image_transform", "tf1_angles_to_projective_transforms",
                                                  "tf1_translations_to_projective_transforms", "tf1_image_rotate",
                                                  "tf1_image_translate")}}


# TensorFlow 1.15's tf.contrib.image functions (TF 2 has no contrib), which `contrib_image_ops` writes into a file:
# TF 1.15's code over the same kernel, ImageProjectiveTransformV2 (TF 2 keeps it, and its gradient, as a raw op; its
# fill_mode, added later, defaults to TF 1.15's zeros), with tf.* for TF 1's internal modules. Each helper with the
# helpers it calls; `tests/codemod/test_contrib_image_ops.py` runs them against TF 1.15's.
_TRANSFORM = '''
def tf1_image_transform(images, transforms, interpolation="NEAREST", output_shape=None, name=None):
    """TensorFlow 1.15's tf.contrib.image.transform: each output point (x, y) read from the input at
    ((a0 x + a1 y + a2) / k, (b0 x + b1 y + b2) / k), k = c0 x + c1 y + 1, for a transform [a0, a1, a2, b0, b1, b2,
    c0, c1] (one, or one per image); zeros outside the input."""
    with tf.name_scope(name or "transform"):
        image_or_images = tf.convert_to_tensor(images, name="images")
        transform_or_transforms = tf.convert_to_tensor(transforms, name="transforms", dtype=tf.float32)
        if image_or_images.dtype.base_dtype not in (tf.uint8, tf.int32, tf.int64, tf.float16, tf.float32, tf.float64):
            raise TypeError("Invalid dtype %s." % image_or_images.dtype)
        elif image_or_images.shape.ndims is None:
            raise TypeError("image_or_images rank must be statically known")
        elif len(image_or_images.shape) == 2:
            images = image_or_images[None, :, :, None]
        elif len(image_or_images.shape) == 3:
            images = image_or_images[None, :, :, :]
        elif len(image_or_images.shape) == 4:
            images = image_or_images
        else:
            raise TypeError("Images should have rank between 2 and 4.")
        if output_shape is None:
            output_shape = tf.shape(images)[1:3]
            if not tf.executing_eagerly():
                output_shape_value = tf.get_static_value(output_shape)
                if output_shape_value is not None:
                    output_shape = output_shape_value
        output_shape = tf.convert_to_tensor(output_shape, tf.int32, name="output_shape")
        if not output_shape.shape.is_compatible_with([2]):
            raise ValueError("output_shape must be a 1-D Tensor of 2 elements: new_height, new_width")
        if len(transform_or_transforms.shape) == 1:
            transforms = transform_or_transforms[None]
        elif transform_or_transforms.shape.ndims is None:
            raise TypeError("transform_or_transforms rank must be statically known")
        elif len(transform_or_transforms.shape) == 2:
            transforms = transform_or_transforms
        else:
            raise TypeError("Transforms should have rank 1 or 2.")
        output = tf.raw_ops.ImageProjectiveTransformV2(images=images, transforms=transforms, output_shape=output_shape,
                                                       interpolation=interpolation.upper())
        if len(image_or_images.shape) == 2:
            return output[0, :, :, 0]
        elif len(image_or_images.shape) == 3:
            return output[0, :, :, :]
        else:
            return output
'''
_ANGLES = '''
def tf1_angles_to_projective_transforms(angles, image_height, image_width, name=None):
    """TensorFlow 1.15's tf.contrib.image.angles_to_projective_transforms: the transforms (one per angle, radians,
    counterclockwise) that rotate an image about its center."""
    with tf.name_scope(name or "angles_to_projective_transforms"):
        angle_or_angles = tf.convert_to_tensor(angles, name="angles", dtype=tf.float32)
        if len(angle_or_angles.shape) == 0:
            angles = angle_or_angles[None]
        elif len(angle_or_angles.shape) == 1:
            angles = angle_or_angles
        else:
            raise TypeError("Angles should have rank 0 or 1.")
        x_offset = ((image_width - 1) - (tf.cos(angles) * (image_width - 1) -
                                         tf.sin(angles) * (image_height - 1))) / 2.0
        y_offset = ((image_height - 1) - (tf.sin(angles) * (image_width - 1) +
                                          tf.cos(angles) * (image_height - 1))) / 2.0
        num_angles = tf.shape(angles)[0]
        return tf.concat(values=[tf.cos(angles)[:, None], -tf.sin(angles)[:, None], x_offset[:, None],
                                 tf.sin(angles)[:, None], tf.cos(angles)[:, None], y_offset[:, None],
                                 tf.zeros((num_angles, 2), tf.float32)], axis=1)
'''
_TRANSLATIONS = '''
def tf1_translations_to_projective_transforms(translations, name=None):
    """TensorFlow 1.15's tf.contrib.image.translations_to_projective_transforms: the transforms that move an image
    by [dx, dy] (one, or one per image)."""
    with tf.name_scope(name or "translations_to_projective_transforms"):
        translation_or_translations = tf.convert_to_tensor(translations, name="translations", dtype=tf.float32)
        if translation_or_translations.shape.ndims is None:
            raise TypeError("translation_or_translations rank must be statically known")
        elif len(translation_or_translations.shape) == 1:
            translations = translation_or_translations[None]
        elif len(translation_or_translations.shape) == 2:
            translations = translation_or_translations
        else:
            raise TypeError("Translations should have rank 1 or 2.")
        num_translations = tf.shape(translations)[0]
        return tf.concat(values=[tf.ones((num_translations, 1), tf.float32), tf.zeros((num_translations, 1), tf.float32),
                                 -translations[:, 0, None], tf.zeros((num_translations, 1), tf.float32),
                                 tf.ones((num_translations, 1), tf.float32), -translations[:, 1, None],
                                 tf.zeros((num_translations, 2), tf.float32)], axis=1)
'''
_ROTATE = '''
def tf1_image_rotate(images, angles, interpolation="NEAREST", name=None):
    """TensorFlow 1.15's tf.contrib.image.rotate: image(s) rotated counterclockwise by angle(s) in radians about
    their center, zeros where no input pixel lands."""
    with tf.name_scope(name or "rotate"):
        image_or_images = tf.convert_to_tensor(images)
        if image_or_images.dtype.base_dtype not in (tf.uint8, tf.int32, tf.int64, tf.float16, tf.float32, tf.float64):
            raise TypeError("Invalid dtype %s." % image_or_images.dtype)
        elif image_or_images.shape.ndims is None:
            raise TypeError("image_or_images rank must be statically known")
        elif len(image_or_images.shape) == 2:
            images = image_or_images[None, :, :, None]
        elif len(image_or_images.shape) == 3:
            images = image_or_images[None, :, :, :]
        elif len(image_or_images.shape) == 4:
            images = image_or_images
        else:
            raise TypeError("Images should have rank between 2 and 4.")
        image_height = tf.cast(tf.shape(images)[1], tf.float32)[None]
        image_width = tf.cast(tf.shape(images)[2], tf.float32)[None]
        output = tf1_image_transform(images, tf1_angles_to_projective_transforms(angles, image_height, image_width),
                                     interpolation=interpolation)
        if len(image_or_images.shape) == 2:
            return output[0, :, :, 0]
        elif len(image_or_images.shape) == 3:
            return output[0, :, :, :]
        else:
            return output
'''
_TRANSLATE = '''
def tf1_image_translate(images, translations, interpolation="NEAREST", name=None):
    """TensorFlow 1.15's tf.contrib.image.translate: image(s) moved by [dx, dy], zeros where no input pixel lands."""
    with tf.name_scope(name or "translate"):
        return tf1_image_transform(images, tf1_translations_to_projective_transforms(translations),
                                   interpolation=interpolation)
'''
# tf.contrib.image's function -> (the helper standing for it, every helper it needs: name -> source)
CONTRIB_IMAGE = {
    "transform": ("tf1_image_transform", {"tf1_image_transform": _TRANSFORM}),
    "angles_to_projective_transforms": ("tf1_angles_to_projective_transforms",
                                        {"tf1_angles_to_projective_transforms": _ANGLES}),
    "translations_to_projective_transforms": ("tf1_translations_to_projective_transforms",
                                              {"tf1_translations_to_projective_transforms": _TRANSLATIONS}),
    "rotate": ("tf1_image_rotate", {"tf1_image_rotate": _ROTATE, "tf1_image_transform": _TRANSFORM,
                                    "tf1_angles_to_projective_transforms": _ANGLES}),
    "translate": ("tf1_image_translate", {"tf1_image_translate": _TRANSLATE, "tf1_image_transform": _TRANSFORM,
                                          "tf1_translations_to_projective_transforms": _TRANSLATIONS}),
}


# Keras 2's YAML configs, which `model_yaml_configs` writes into a file: Keras 3 has no YAML, and these carry the
# config Keras 3's to_json gives (yaml's safe dumper and loader; a !!python/tuple, which Keras 2.3.1's to_yaml wrote
# for shapes, read as a tuple). tests/codemod/test_model_yaml_configs.py round-trips a model through them.
MODEL_FROM_YAML = ("keras2_model_from_yaml", '''
def keras2_model_from_yaml(yaml_string, custom_objects=None):
    """Keras 2's model_from_yaml (Keras 3 has none): the model a YAML config describes, read with yaml's safe loader
    and built by keras.models.model_from_json (a config Keras 3 wrote, as keras2_to_yaml writes it)."""
    class TupleLoader(yaml.SafeLoader):
        pass

    TupleLoader.add_constructor('tag:yaml.org,2002:python/tuple',
                                lambda loader, node: tuple(loader.construct_sequence(node)))
    config = yaml.load(yaml_string, Loader=TupleLoader)
    return keras.models.model_from_json(json.dumps(config), custom_objects=custom_objects)
''')
TO_YAML = ("keras2_to_yaml", '''
def keras2_to_yaml(model, **kwargs):
    """Keras 2's Model.to_yaml (Keras 3 has none): the model's config, as model.to_json gives it, in YAML."""
    return yaml.safe_dump(json.loads(model.to_json()), **kwargs)
''')


# TensorFlow 1's tutorial MNIST reader (tensorflow.examples.tutorials.mnist.input_data, TF 2 has no examples package),
# which `mnist_tutorial_data` writes into a file: TF 1.15's read_data_sets and DataSet (contrib.learn's mnist.py), over
# NumPy: the same four idx files read from train_dir (downloaded there from TF 1's source when missing), the same
# validation split, scaling and one-hot labels, next_batch's epochs in the order NumPy's seeded shuffles give.
# tests/codemod/test_mnist_tutorial_data.py runs them against TF 1.15's.
MNIST_DATASET = ("Tf1MnistDataSet", '''
class Tf1MnistDataSet(object):
    """TensorFlow 1.15's tutorials DataSet: images (n, 784) float32 scaled to [0, 1] (uint8 as read with
    dtype='uint8'; (n, 28, 28, 1) with reshape=False), labels, and next_batch over shuffled epochs."""

    def __init__(self, images, labels, dtype='float32', reshape=True, seed=None):
        numpy.random.seed(seed)  # TF 1's DataSet seeded NumPy's generator (with seed, or afresh)
        dtype = numpy.dtype(getattr(dtype, 'as_numpy_dtype', dtype))
        if dtype not in (numpy.uint8, numpy.float32):
            raise TypeError('Invalid image dtype %r, expected uint8 or float32' % dtype)
        assert images.shape[0] == labels.shape[0], (
            'images.shape: %s labels.shape: %s' % (images.shape, labels.shape))
        self._num_examples = images.shape[0]
        if reshape:
            assert images.shape[3] == 1
            images = images.reshape(images.shape[0], images.shape[1] * images.shape[2])
        if dtype == numpy.float32:
            images = images.astype(numpy.float32)
            images = numpy.multiply(images, 1.0 / 255.0)
        self._images = images
        self._labels = labels
        self._epochs_completed = 0
        self._index_in_epoch = 0

    @property
    def images(self):
        return self._images

    @property
    def labels(self):
        return self._labels

    @property
    def num_examples(self):
        return self._num_examples

    @property
    def epochs_completed(self):
        return self._epochs_completed

    def next_batch(self, batch_size, fake_data=False, shuffle=True):
        """The next `batch_size` examples, across epochs (each epoch in a new shuffled order)."""
        start = self._index_in_epoch
        if self._epochs_completed == 0 and start == 0 and shuffle:
            perm0 = numpy.arange(self._num_examples)
            numpy.random.shuffle(perm0)
            self._images = self.images[perm0]
            self._labels = self.labels[perm0]
        if start + batch_size > self._num_examples:
            self._epochs_completed += 1
            rest_num_examples = self._num_examples - start
            images_rest_part = self._images[start:self._num_examples]
            labels_rest_part = self._labels[start:self._num_examples]
            if shuffle:
                perm = numpy.arange(self._num_examples)
                numpy.random.shuffle(perm)
                self._images = self.images[perm]
                self._labels = self.labels[perm]
            start = 0
            self._index_in_epoch = batch_size - rest_num_examples
            end = self._index_in_epoch
            images_new_part = self._images[start:end]
            labels_new_part = self._labels[start:end]
            return (numpy.concatenate((images_rest_part, images_new_part), axis=0),
                    numpy.concatenate((labels_rest_part, labels_new_part), axis=0))
        self._index_in_epoch += batch_size
        end = self._index_in_epoch
        return self._images[start:end], self._labels[start:end]
''')
MNIST_READ = ("tf1_mnist_read_data_sets", '''
def tf1_mnist_read_data_sets(train_dir, fake_data=False, one_hot=False, dtype='float32', reshape=True,
                             validation_size=5000, seed=None,
                             source_url='https://storage.googleapis.com/cvdf-datasets/mnist/'):
    """TensorFlow 1.15's tutorials read_data_sets: MNIST's four idx files from train_dir (downloaded there when
    missing), the first validation_size training images held out; (train, validation, test) DataSets."""
    if fake_data:
        raise NotImplementedError('fake_data: TensorFlow 1 gave placeholder images; give real ones')

    def read32(bytestream):
        return numpy.frombuffer(bytestream.read(4), dtype=numpy.dtype(numpy.uint32).newbyteorder('>'))[0]

    def extract(name, magic_expected, one_hot=False):
        path = os.path.join(train_dir, name)
        if not os.path.exists(path):
            os.makedirs(train_dir, exist_ok=True)
            urllib.request.urlretrieve((source_url or 'https://storage.googleapis.com/cvdf-datasets/mnist/') + name,
                                       path)
        print('Extracting', path)
        with gzip.open(path, 'rb') as bytestream:
            magic = read32(bytestream)
            if magic != magic_expected:
                raise ValueError('Invalid magic number %d in MNIST file: %s' % (magic, path))
            num = read32(bytestream)
            if magic_expected == 2051:
                rows, cols = read32(bytestream), read32(bytestream)
                data = numpy.frombuffer(bytestream.read(rows * cols * num), dtype=numpy.uint8)
                return data.reshape(num, rows, cols, 1)
            labels = numpy.frombuffer(bytestream.read(num), dtype=numpy.uint8)
            if not one_hot:
                return labels
            dense = numpy.zeros((labels.shape[0], 10))
            dense.flat[numpy.arange(labels.shape[0]) * 10 + labels.ravel()] = 1
            return dense

    train_images = extract('train-images-idx3-ubyte.gz', 2051)
    train_labels = extract('train-labels-idx1-ubyte.gz', 2049, one_hot)
    test_images = extract('t10k-images-idx3-ubyte.gz', 2051)
    test_labels = extract('t10k-labels-idx1-ubyte.gz', 2049, one_hot)
    if not 0 <= validation_size <= len(train_images):
        raise ValueError('Validation size should be between 0 and {}. Received: {}.'.format(
            len(train_images), validation_size))
    options = dict(dtype=dtype, reshape=reshape, seed=seed)
    train = Tf1MnistDataSet(train_images[validation_size:], train_labels[validation_size:], **options)
    validation = Tf1MnistDataSet(train_images[:validation_size], train_labels[:validation_size], **options)
    test = Tf1MnistDataSet(test_images, test_labels, **options)
    return collections.namedtuple('Datasets', ['train', 'validation', 'test'])(train, validation, test)
''')


# Keras 1's BatchNormalization(mode=2), which `keras1_arguments` writes into a file: Keras 1.2.2's call normalized with
# K.normalize_batch_in_training (the batch's mean and biased variance) in both phases, and kept no moving statistics
# (only mode 0 added their updates). Keras 3's layer in training mode computes the same; its moving statistics, which
# it updates, are never read. Registered, so a model saved with it loads where this file is imported.
BATCHNORM_MODE_2 = ("BatchNormalizationMode2", '''
@keras.saving.register_keras_serializable(package="keras1")
class BatchNormalizationMode2(keras.layers.BatchNormalization):
    """Keras 1's BatchNormalization(mode=2) (Keras 2 and 3 have none): each batch normalized with its own mean and
    variance, in training and inference alike."""

    def call(self, inputs, training=None, mask=None):
        return super().call(inputs, training=True, mask=mask)
''')


# Keras 1's Merge layer, which `keras1_merge_layer` writes into a file: `model.add(Merge([left, right], mode='concat'))`
# made a Sequential of several inputs, each branch model taking its own (Keras 1.2.2's Merge connected to the branches'
# outputs, and the Sequential's inputs became theirs). Keras 3's Sequential calls its first layer on the list of inputs,
# (mode 'dot' was K.batch_dot(a, b, dot_axes), an int axis made a pair as Keras 3's Dot makes it)
# so a layer that calls each branch on its input and merges the outputs as Keras 1's _merge_function did is the same
# model; called on tensors (`Merge(mode='sum')([a, b])`) it merges them. Registered, so a model saved with it loads where
# this file is imported.
MERGE = ("Merge", '''
@keras.saving.register_keras_serializable(package="keras1")
class Merge(keras.layers.Layer):
    """Keras 1's Merge (Keras 2 and 3 have none): each branch model called on its own input, or the tensors it is
    called on, merged by `mode` ('sum', 'mul', 'ave', 'max', 'concat' along `concat_axis`, or 'dot', Keras 1's
    batch_dot along `dot_axes`, which Keras 3's Dot layer computes)."""

    def __init__(self, layers=None, mode='sum', concat_axis=-1, dot_axes=-1, output_shape=None, output_mask=None,
                 **kwargs):
        super().__init__(**kwargs)
        self.branches = list(layers) if layers is not None else None
        self.mode = mode
        self.concat_axis = concat_axis
        self.dot_axes = dot_axes
        self.dot = keras.layers.Dot(axes=dot_axes) if mode == 'dot' else None

    def call(self, inputs):
        if self.branches is not None:
            inputs = self._branch_outputs(list(inputs) if isinstance(inputs, (list, tuple)) else [inputs])
        if self.mode == 'dot':
            return self.dot(inputs)
        if self.mode == 'concat':
            return keras.ops.concatenate(inputs, axis=self.concat_axis)
        merge = {'sum': keras.ops.add, 'ave': keras.ops.add, 'mul': keras.ops.multiply, 'max': keras.ops.maximum}
        merged = inputs[0]
        for x in inputs[1:]:
            merged = merge[self.mode](merged, x)
        return merged / len(inputs) if self.mode == 'ave' else merged

    def _branch_outputs(self, inputs):
        """Each branch called on its own inputs: Keras 1 gave a Sequential that starts with a Merge the inputs of
        every branch model, each once, in the order met (a merge of merges sharing a branch, as memory networks
        were, takes that branch's input once)."""
        fed = dict(zip(map(id, self._sources()), inputs))
        outputs = []
        for branch in self.branches:
            merge = Merge._first_merge(branch)
            own = [fed[id(source)] for source in (merge._sources() if merge is not None else [branch])]
            outputs.append(branch(own if merge is not None else own[0]))
        return outputs

    def _sources(self):
        """The branch models whose inputs this merge's model takes, each once, in Keras 1's order (depth first)."""
        found = []
        for branch in self.branches:
            merge = Merge._first_merge(branch)
            for source in merge._sources() if merge is not None else [branch]:
                if all(source is not seen for seen in found):
                    found.append(source)
        return found

    @staticmethod
    def _first_merge(branch):
        """The Merge of branch models a branch model starts with (it takes several inputs), or None."""
        layers = getattr(branch, 'layers', None) or [None]
        return layers[0] if isinstance(layers[0], Merge) and layers[0].branches is not None else None

    def get_config(self):
        config = super().get_config()
        config.update(mode=self.mode, concat_axis=self.concat_axis, dot_axes=self.dot_axes,
                      layers=None if self.branches is None else
                      [keras.saving.serialize_keras_object(branch) for branch in self.branches])
        return config

    @classmethod
    def from_config(cls, config):
        layers = config.pop('layers')
        if layers is not None:
            layers = [keras.saving.deserialize_keras_object(branch) for branch in layers]
        return cls(layers=layers, **config)
''')


# Keras 2's Sequential.predict_classes and Model.reset_states, which `removed_model_methods` writes into a file: Keras
# 2.3.1's own bodies (engine/sequential.py, engine/network.py), as functions of the model; a nested model's stateful
# layers reset too, which Keras 2 did through the nested model's own reset_states.
PREDICT_CLASSES = ("keras2_predict_classes", '''
def keras2_predict_classes(model, x, batch_size=32, verbose=0):
    """Keras 2's Sequential.predict_classes (Keras 3 has none): the argmax of the model's predictions, or, for a
    single output, the prediction thresholded at 0.5."""
    proba = model.predict(x, batch_size=batch_size, verbose=verbose)
    if proba.shape[-1] > 1:
        return proba.argmax(axis=-1)
    return (proba > 0.5).astype('int32')
''')
RESET_STATES = ("keras2_reset_states", '''
def keras2_reset_states(model):
    """Keras 2's Model.reset_states (Keras 3's models have none): every stateful layer's states reset."""
    for layer in model.layers:
        if hasattr(layer, 'layers'):
            keras2_reset_states(layer)
        elif hasattr(layer, 'reset_states') and getattr(layer, 'stateful', False):
            layer.reset_states()
''')



# Keras 2.0-2.1's abstract Recurrent layer (Keras 2.1.6's keras.legacy.layers.Recurrent), the base of the custom
# recurrent layers of 2017 (attention decoders, RWA, NTM controllers): its call is K.rnn over the subclass's step, here
# keras2_rnn (written in with it, DEPENDS); its states Keras 3 variables where stateful. A subclass's own build, step
# and get_initial_state are its own. tests/codemod/test_legacy_import_paths.py runs a subclass against Keras 2.1.6.
RECURRENT = """
@keras.saving.register_keras_serializable(package="keras2")
class Recurrent(keras.layers.Layer):
    '''Keras 2.0-2.1's abstract recurrent layer (Keras 2.2 moved it to keras.legacy, Keras 3 has none): a subclass
    builds its weights and `self.states` (one None per state), defines `step(inputs, states)` -> (output, new
    states) and `self.units`; call runs step along the time axis as Keras 2's K.rnn did (keras2_rnn), from zeros,
    the states kept (stateful) or `initial_state`. Registered, so a model saved with it loads where this file is
    imported.'''

    def __init__(self, return_sequences=False, return_state=False, go_backwards=False, stateful=False, unroll=False,
                 implementation=0, **kwargs):
        super().__init__(**kwargs)
        self.return_sequences = return_sequences
        self.return_state = return_state
        self.go_backwards = go_backwards
        self.stateful = stateful
        self.unroll = unroll
        self.implementation = implementation
        self.supports_masking = True
        self.input_spec = [keras.layers.InputSpec(ndim=3)]
        self.state_spec = None
        self.dropout = 0
        self.recurrent_dropout = 0

    def compute_output_shape(self, input_shape):
        if isinstance(input_shape, list):
            input_shape = input_shape[0]
        if self.return_sequences:
            output_shape = (input_shape[0], input_shape[1], self.units)
        else:
            output_shape = (input_shape[0], self.units)
        if self.return_state:
            return [output_shape] + [(input_shape[0], self.units) for _ in self.states]
        return output_shape

    def compute_mask(self, inputs, mask=None):
        if isinstance(mask, list):
            mask = mask[0]
        output_mask = mask if self.return_sequences else None
        if self.return_state:
            return [output_mask] + [None for _ in self.states]
        return output_mask

    def step(self, inputs, states):
        raise NotImplementedError

    def get_constants(self, inputs, training=None):
        return []

    def get_initial_state(self, inputs):
        initial_state = keras.ops.zeros_like(inputs)  # (samples, timesteps, input_dim)
        initial_state = keras.ops.sum(initial_state, axis=(1, 2))  # (samples,)
        initial_state = keras.ops.expand_dims(initial_state, -1)  # (samples, 1)
        initial_state = keras.ops.tile(initial_state, [1, self.units])  # (samples, output_dim)
        return [initial_state for _ in range(len(self.states))]

    def preprocess_input(self, inputs, training=None):
        return inputs

    def call(self, inputs, mask=None, training=None, initial_state=None):
        if isinstance(inputs, list):
            initial_state = inputs[1:]
            inputs = inputs[0]
        elif initial_state is not None:
            pass
        elif self.stateful:
            initial_state = self.states
        else:
            initial_state = self.get_initial_state(inputs)
        if isinstance(mask, list):
            mask = mask[0]
        if len(initial_state) != len(self.states):
            raise ValueError('Layer has ' + str(len(self.states)) + ' states but was passed ' +
                             str(len(initial_state)) + ' initial states.')
        timesteps = inputs.shape[1]
        if self.unroll and timesteps in [None, 1]:
            raise ValueError('Cannot unroll a RNN if the time dimension is undefined or equal to 1.')
        constants = self.get_constants(inputs, training=None)
        preprocessed_input = self.preprocess_input(inputs, training=None)
        last_output, outputs, states = keras2_rnn(self.step, preprocessed_input, initial_state,
                                                  go_backwards=self.go_backwards, mask=mask, constants=constants,
                                                  unroll=self.unroll, input_length=timesteps)
        if self.stateful:
            for state, value in zip(self.states, states):
                state.assign(value)
        output = outputs if self.return_sequences else last_output
        if self.return_state:
            return [output] + list(states)
        return output

    def reset_states(self, states=None):
        if not self.stateful:
            raise AttributeError('Layer must be stateful.')
        batch_size = self.input_spec[0].shape[0]
        if not batch_size:
            raise ValueError('If a RNN is stateful, it needs to know its batch size: give the first layer a '
                             'batch_input_shape, or the Input a batch_shape.')
        if self.states[0] is None:  # not weights of the layer, as in Keras 2: set past Keras 3's tracking
            object.__setattr__(self, 'states', [keras.Variable(keras.ops.zeros((batch_size, self.units)),
                                                               trainable=False) for _ in self.states])
        elif states is None:
            for state in self.states:
                state.assign(keras.ops.zeros((batch_size, self.units)))
        else:
            if not isinstance(states, (list, tuple)):
                states = [states]
            if len(states) != len(self.states):
                raise ValueError('Layer ' + self.name + ' expects ' + str(len(self.states)) + ' states, but it '
                                 'received ' + str(len(states)) + ' state values.')
            for value, state in zip(states, self.states):
                state.assign(value)

    def get_config(self):
        config = {'return_sequences': self.return_sequences, 'return_state': self.return_state,
                  'go_backwards': self.go_backwards, 'stateful': self.stateful, 'unroll': self.unroll,
                  'implementation': self.implementation}
        return {**super().get_config(), **config}
"""
for _module in ("keras.layers", "keras.layers.recurrent", "keras.legacy.layers"):
    HELPERS.setdefault(_module, {})["Recurrent"] = RECURRENT


# Keras 2's K.function, K.gradients and K.learning_phase() as one of K.function's inputs, which
# `backend_function_to_helper` writes into a file where they evaluate a model's own tensors (a layer's activations, a
# filter visualization's loss and its gradient, Grad-CAM's gradient at a convolution's output). Keras 2.3.1's
# function returned a list for a list of outputs, a tuple for a tuple and a bare array for one tensor; it took the
# learning phase's value where the phase was an input (0 when not fed) and never moved BatchNormalization's moving
# statistics, which a Keras 3 call with training=True does: they are put back after such a call.
LEARNING_PHASE = ("Keras2LearningPhase", """
class Keras2LearningPhase:
    \"\"\"Keras 2's K.learning_phase() among K.function's inputs: keras2_function calls the model with training set
    to the value fed in its place (0: inference, 1: training), as Keras 2 fed the phase.\"\"\"
""")
FUNCTION = ("keras2_function", """
def keras2_function(inputs, outputs):
    \"\"\"Keras 2's K.function(inputs, outputs) (Keras 3 has none) over tensors of a Keras 3 functional graph: a
    callable taking a list of input values and returning the outputs' values as NumPy arrays, as Keras 2's did.\"\"\"
    inputs = list(inputs) if isinstance(inputs, (list, tuple)) else [inputs]
    phases = [isinstance(tensor, Keras2LearningPhase) for tensor in inputs]
    tensors = [tensor for tensor, phase in zip(inputs, phases) if not phase]
    many = isinstance(outputs, (list, tuple))
    model = keras.Model(tensors, list(outputs) if many else [outputs])
    moving = []
    layers = list(model.layers)
    while layers:
        layer = layers.pop()
        layers.extend(getattr(layer, 'layers', []))
        if isinstance(layer, keras.layers.BatchNormalization):
            moving += [layer.moving_mean, layer.moving_variance]

    def call(values):
        fed = list(zip(values, phases))
        training = any(bool(value) for value, phase in fed if phase)
        kept = [keras.ops.convert_to_numpy(variable) for variable in moving] if training else []
        results = model([value for value, phase in fed if not phase], training=training)
        for variable, value in zip(moving, kept):
            variable.assign(value)
        results = [keras.ops.convert_to_numpy(result) for result in keras.tree.flatten(results)]
        return type(outputs)(results) if many else results[0]
    return call
""")
GRADIENTS_LAYER = ("Keras2Gradients", """
class Keras2Gradients(keras.layers.Layer):
    \"\"\"The gradients of `loss_model`'s output (summed, as K.gradients summed a tensor's) with respect to its
    inputs, taken under a tf.GradientTape: a layer of the graph, as Keras 2's K.gradients gave tensors of it.\"\"\"

    def __init__(self, loss_model, **kwargs):
        super().__init__(**kwargs)
        self.loss_model = loss_model

    def call(self, variables, training=None):
        with tf.GradientTape() as tape:
            tape.watch(variables)
            loss = self.loss_model(variables, training=training)
        return tape.gradient(loss, variables)

    def compute_output_spec(self, variables, training=None):
        return [keras.KerasTensor(variable.shape, variable.dtype) for variable in variables]
""")
GRADIENTS = ("keras2_gradients", """
def keras2_gradients(loss, variables):
    \"\"\"Keras 2's K.gradients(loss, variables) (Keras 3 has none) for tensors of a Keras 3 functional graph: the
    list of the gradients of `loss` with respect to each of `variables` (model inputs or a layer's output), as
    tensors of the graph that keras2_function evaluates.\"\"\"
    variables = list(variables) if isinstance(variables, (list, tuple)) else [variables]
    return Keras2Gradients(keras.Model(variables, loss))(variables)
""")

# Keras 2's RMSprop, which `backend_training_function` writes into a file: Keras 2.3.1's get_updates divided the step by
# sqrt(a) + epsilon, Keras 3's RMSprop by sqrt(a + epsilon) (no setting of it gives the old step: rlcode's epsilon=0.01
# changes every step). The accumulator is Keras 3's own (`_velocities`, momentum and centered left off).
RMSPROP = ("Keras2RMSprop", '''
@keras.saving.register_keras_serializable(package="keras2")
class Keras2RMSprop(keras.optimizers.RMSprop):
    """Keras 2's RMSprop: the step divided by sqrt(a) + epsilon, where Keras 3's divides by sqrt(a + epsilon)."""

    def update_step(self, gradient, variable, learning_rate):
        learning_rate = keras.ops.cast(learning_rate, variable.dtype)
        gradient = keras.ops.cast(gradient, variable.dtype)
        accumulator = self._velocities[self._get_variable_index(variable)]
        self.assign(accumulator, self.rho * accumulator + (1. - self.rho) * keras.ops.square(gradient))
        self.assign_sub(variable, learning_rate * gradient / (keras.ops.sqrt(accumulator) + self.epsilon))
''')


# Keras 2's Nadam and Adagrad, which `optimizer_defaults` writes into a file for Keras 2's optimizers: Keras 3's Nadam
# fixed the momentum schedule's decay at 1 (0.96 ** t; Keras 2.3.1's 0.96 ** (t * 0.004) by default, schedule_decay=)
# and Keras 3's Adagrad starts its accumulators at 0.1 and adds epsilon under the square root; both halved or tenfold
# Keras 2's default learning rate. Each is Keras 3's class with Keras 2's step (its own variables, private names of
# Keras 3's, as Keras2RMSprop's) and Keras 2's parameters in Keras 2's order. The step count is Keras 3's, the count
# before the step, as Keras 2's code meant (Keras 2.3.1's graph read its `iterations` with no ordering against the
# increment, as with Adam: `backend_training_function`).
NADAM = ("Keras2Nadam", '''
@keras.saving.register_keras_serializable(package="keras2")
class Keras2Nadam(keras.optimizers.Nadam):
    """Keras 2's Nadam: its momentum schedule beta_1 * (1 - 0.5 * 0.96 ** (t * schedule_decay)) (Keras 3's is
    0.96 ** t: schedule_decay fixed at 1), its default learning rate 0.002 (Keras 3's 0.001), its parameters in
    Keras 2's order."""

    def __init__(self, learning_rate=0.002, beta_1=0.9, beta_2=0.999, epsilon=None, schedule_decay=0.004, **kwargs):
        super().__init__(learning_rate=learning_rate, beta_1=beta_1, beta_2=beta_2,
                         epsilon=keras.backend.epsilon() if epsilon is None else epsilon, **kwargs)
        self.schedule_decay = schedule_decay

    def _momentum_cache(self, step, dtype):
        return self.beta_1 * (1.0 - 0.5 * keras.ops.power(0.96, keras.ops.cast(step, dtype) * self.schedule_decay))

    def _backend_update_step(self, grads, trainable_variables, learning_rate):
        dtype = self._u_product.dtype
        self.assign(self._u_product, self._u_product * self._momentum_cache(self.iterations + 1, dtype))
        keras.optimizers.Optimizer._backend_update_step(self, grads, trainable_variables, learning_rate)

    def update_step(self, gradient, variable, learning_rate):
        dtype = variable.dtype
        learning_rate = keras.ops.cast(learning_rate, dtype)
        gradient = keras.ops.cast(gradient, dtype)
        u_t = self._momentum_cache(self.iterations + 1, dtype)
        u_t_1 = self._momentum_cache(self.iterations + 2, dtype)
        u_product_t = keras.ops.cast(self._u_product, dtype)
        u_product_t_1 = u_product_t * u_t_1
        m = self._momentums[self._get_variable_index(variable)]
        v = self._velocities[self._get_variable_index(variable)]
        self.assign_add(m, (gradient - m) * (1 - self.beta_1))
        self.assign_add(v, (keras.ops.square(gradient) - v) * (1 - self.beta_2))
        m_hat = u_t_1 * m / (1 - u_product_t_1) + (1 - u_t) * gradient / (1 - u_product_t)
        v_hat = v / (1 - keras.ops.power(keras.ops.cast(self.beta_2, dtype), keras.ops.cast(self.iterations + 1, dtype)))
        self.assign_sub(variable, m_hat * learning_rate / (keras.ops.sqrt(v_hat) + self.epsilon))

    def get_config(self):
        return {**super().get_config(), "schedule_decay": self.schedule_decay}
''')
ADAGRAD = ("Keras2Adagrad", '''
@keras.saving.register_keras_serializable(package="keras2")
class Keras2Adagrad(keras.optimizers.Adagrad):
    """Keras 2's Adagrad: accumulators from zero (Keras 3's from 0.1), the step divided by sqrt(a) + epsilon (Keras
    3's by sqrt(a + epsilon)), its default learning rate 0.01 (Keras 3's 0.001)."""

    def __init__(self, learning_rate=0.01, epsilon=None, **kwargs):
        kwargs.setdefault("initial_accumulator_value", 0.0)  # (a saved one's config holds it)
        super().__init__(learning_rate=learning_rate, epsilon=keras.backend.epsilon() if epsilon is None else epsilon,
                         **kwargs)

    def update_step(self, gradient, variable, learning_rate):
        learning_rate = keras.ops.cast(learning_rate, variable.dtype)
        gradient = keras.ops.cast(gradient, variable.dtype)
        accumulator = self._accumulators[self._get_variable_index(variable)]
        self.assign_add(accumulator, keras.ops.square(gradient))
        self.assign_sub(variable, learning_rate * gradient / (keras.ops.sqrt(accumulator) + self.epsilon))
''')

# Keras 2's hard_sigmoid, which `recurrent_defaults` writes into a file: the default recurrent activation of Keras 2's
# ConvLSTM2D (and LSTM and GRU until 2.2), clip(0.2 x + 0.5, 0, 1) as Keras 2.3.1's TensorFlow backend computed it; Keras 3's
# hard_sigmoid is clip(x / 6 + 0.5, 0, 1). Registered, so that a model saved with it loads back where it is defined.
HARD_SIGMOID = ("keras2_hard_sigmoid", '''
@keras.saving.register_keras_serializable(package="keras2")
def keras2_hard_sigmoid(x):
    """Keras 2's hard_sigmoid, clip(0.2 x + 0.5, 0, 1) (Keras 3's is clip(x / 6 + 0.5, 0, 1)): the gate activation of
    Keras 2's ConvLSTM2D by default (and of its LSTM and GRU until Keras 2.2)."""
    return keras.ops.clip(0.2 * x + 0.5, 0.0, 1.0)
''')

# Keras 2's ImageDataGenerator, which `image_data_generator_to_tf_keras` writes into a file for a generator that rotates,
# shifts, shears or zooms: Keras 3's port (tensorflow.keras, tf.keras 2.21's) builds the same affine matrix from the same
# random draws, then swaps x and y (M' = PMP), so `height_shift_range` moves columns and rotations turn the other way,
# and centres it at (h/2 - 0.5, w/2 - 0.5) where keras_preprocessing took (h/2 + 0.5, w/2 + 0.5).
# Its brightness shift scales an image to 0-255 only when it lies outside, where keras_preprocessing always did. The
# affine step comes first in apply_transform and the brightness shift last: this one does both as keras_preprocessing
# 1.1 did (Keras 2.3.1, TF 1's tf.keras) and hands the rest (channel shift, flips) to the port.
# numpy and scipy are imported where used: the port imports scipy only when it transforms, and the file's own imports
# stay as they were.
IMAGE_DATA_GENERATOR = ("Keras2ImageDataGenerator", '''
class Keras2ImageDataGenerator(tensorflow.keras.preprocessing.image.ImageDataGenerator):
    """Keras 2's ImageDataGenerator: rotations, shifts, shears and zooms move images, and brightness shifts scale
    them, as keras_preprocessing 1.1 did (Keras 3's port swaps x and y in its affine matrix, centres it otherwise, and
    scales only images outside 0-255); the rest is the port's."""

    def apply_transform(self, x, transform_parameters):
        import numpy as np

        parameters = dict(transform_parameters)
        brightness = parameters.pop('brightness', None)
        theta, shear = np.deg2rad(parameters.pop('theta', 0)), np.deg2rad(parameters.pop('shear', 0))
        tx, ty = parameters.pop('tx', 0), parameters.pop('ty', 0)
        zx, zy = parameters.pop('zx', 1), parameters.pop('zy', 1)
        if theta != 0 or tx != 0 or ty != 0 or shear != 0 or zx != 1 or zy != 1:
            x = self._keras2_affine_transform(x, theta, tx, ty, shear, zx, zy)
        x = super().apply_transform(x, parameters)
        if brightness is not None:  # keras_preprocessing scaled every image to 0-255 by its own range first
            from PIL import ImageEnhance

            image = tensorflow.keras.utils.array_to_img(x, data_format='channels_last')
            x = tensorflow.keras.utils.img_to_array(ImageEnhance.Brightness(image).enhance(brightness),
                                                    data_format='channels_last')
        return x

    def _keras2_affine_transform(self, x, theta, tx, ty, shear, zx, zy):
        import numpy as np
        import scipy.ndimage

        matrix = np.array([[np.cos(theta), -np.sin(theta), 0], [np.sin(theta), np.cos(theta), 0], [0, 0, 1]])
        matrix = np.dot(matrix, np.array([[1, 0, tx], [0, 1, ty], [0, 0, 1]]))
        matrix = np.dot(matrix, np.array([[1, -np.sin(shear), 0], [0, np.cos(shear), 0], [0, 0, 1]]))
        matrix = np.dot(matrix, np.array([[zx, 0, 0], [0, zy, 0], [0, 0, 1]]))
        o_x, o_y = float(x.shape[self.row_axis - 1]) / 2 + 0.5, float(x.shape[self.col_axis - 1]) / 2 + 0.5
        matrix = np.dot(np.dot(np.array([[1, 0, o_x], [0, 1, o_y], [0, 0, 1]]), matrix),
                        np.array([[1, 0, -o_x], [0, 1, -o_y], [0, 0, 1]]))
        channel_axis = self.channel_axis - 1
        channels = [scipy.ndimage.affine_transform(channel, matrix[:2, :2], matrix[:2, 2],
                                                   order=self.interpolation_order, mode=self.fill_mode, cval=self.cval)
                    for channel in np.rollaxis(x, channel_axis, 0)]
        return np.rollaxis(np.stack(channels, axis=0), 0, channel_axis + 1)
''')


# Keras 2's own, not tf.keras's: tf.keras's _compute_fans took no data_format and counted other shapes otherwise.
KERAS_ONLY = frozenset({"keras.initializers._compute_fans"})


# Another public name of a helper's function in Keras 2.3.1 (the same object in the legacy stack's dump: the only one)
REEXPORTED = {"keras.utils.convert_all_kernels_in_model": "keras.utils.layer_utils.convert_all_kernels_in_model"}


# Helpers a helper's text calls (name -> {name: source}), written in with it.
DEPENDS: dict[str, dict[str, str]] = {"Recurrent": dict([_RNN]), "tf1_mnist_read_data_sets": dict([MNIST_DATASET])}
# keras_preprocessing's random transforms and what they call (its module's own functions, copied with them)
_IMAGE = HELPERS["keras.preprocessing.image"]
DEPENDS.update({name: {helper_name: _IMAGE[helper_name] for helper_name in ("apply_affine_transform",
                                                                            "transform_matrix_offset_center")}
                for name in ("random_rotation", "random_shift", "random_shear", "random_zoom",
                             "apply_affine_transform")})


def helper(qualified: str) -> str | None:
    """The source of the Keras 2 function `qualified` names (`keras.utils.conv_utils.conv_output_length`, or
    through tensorflow.keras / tensorflow.python.keras but for KERAS_ONLY), or None."""
    keras_path = qualified.removeprefix("tensorflow.python.").removeprefix("tensorflow.")
    keras_path = REEXPORTED.get(keras_path, keras_path)
    if keras_path != qualified and keras_path in KERAS_ONLY:
        return None
    module, _, name = keras_path.rpartition(".")
    return HELPERS.get(module, {}).get(name)


def _binds_otherwise(module: cst.Module, name: str, imported: str) -> bool:
    """Whether `module` binds `name` to anything but the module `imported` (`import tensorflow.compat.v1 as tf`,
    `from keras import backend as tf`, `tf = ...`), anywhere in it."""
    for alias in m.findall(module, m.ImportAlias()):
        bound = alias.asname.name if alias.asname is not None else alias.name
        if isinstance(bound, cst.Name) and bound.value == name and code(alias.name) != imported:
            return True
    return any(isinstance(target.target, cst.Name) and target.target.value == name
               for assign in m.findall(module, m.Assign()) for target in assign.targets)


def with_helpers(context: CodemodContext, module: cst.Module, copied: dict[str, str]) -> cst.Module:
    """`module` with the helpers `copied` (name -> source) written in, what they need imported: before the first
    top-level function or class or statement using one (or at the end), where a person would put them."""
    helpers: list[cst.BaseStatement] = []
    # a helper class others derive from, or whose method decorates them, goes first (a class's bases and a function's
    # decorators are read where it is defined)
    bases = {name for source in copied.values()
             for found in re.findall(r"^class \w+\((\w+)\):|^@(\w+)", source, re.M) for name in found if name}
    for name, source in sorted(copied.items(), key=lambda item: (item[0] not in bases, item[0])):
        for needed in NEEDS.get(name, ()):
            module_name, asname = needed if isinstance(needed, tuple) else (needed, None)
            if asname is not None and _binds_otherwise(module, asname, module_name):
                # `import tensorflow.compat.v1 as tf`: an `import tensorflow as tf` would take the file's tf away
                source, asname = re.sub(rf"\b{asname}\.", f"{module_name}.", source), None
            AddImportsVisitor.add_needed_import(context, module_name, asname=asname)
        definition = cst.parse_module(source.lstrip("\n")).body[0]
        helpers.append(definition.with_changes(leading_lines=[cst.EmptyLine(), cst.EmptyLine()]))
    body = list(module.body)
    at = next((index for index, statement in enumerate(body)
               if isinstance(statement, (cst.FunctionDef, cst.ClassDef))
               or {name.value for name in names_in(statement)} & set(copied)), len(body))
    after = body[at:]
    if after:  # two blank lines between the helpers and what follows, as between top-level definitions
        blank = next((index for index, line in enumerate(after[0].leading_lines) if line.comment is not None),
                     len(after[0].leading_lines))
        missing = [cst.EmptyLine()] * max(0, 2 - blank)
        after[0] = after[0].with_changes(leading_lines=[*missing, *after[0].leading_lines])
    return module.with_changes(body=body[:at] + helpers + after)
