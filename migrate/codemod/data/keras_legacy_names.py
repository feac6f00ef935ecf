"""Every public name of Keras 2.3.1, 2.2.4, 2.1.6 and tf.keras (TF 1.15, tf_keras 2.21) that Keras 3.15.1 lacks ->
(the Keras 3 name holding the same object, '') or (None, why). A module is (None, 'module').
Written by tools/keras_names_table.py from the installed packages: do not edit by hand."""

LEGACY = {
    'keras.activations.K': ('keras.backend', ''),
    'keras.activations.Layer': ('keras.layers.Layer', ''),
    'keras.activations.deserialize_keras_object': ('keras.utils.deserialize_keras_object', ''),
    'keras.applications.backend': ('keras.backend', ''),
    'keras.applications.densenet.Activation': ('keras.layers.Activation', ''),
    'keras.applications.densenet.AveragePooling2D': ('keras.layers.AveragePooling2D', ''),
    'keras.applications.densenet.BatchNormalization': ('keras.layers.BatchNormalization', ''),
    'keras.applications.densenet.Concatenate': ('keras.layers.Concatenate', ''),
    'keras.applications.densenet.Conv2D': ('keras.layers.Conv2D', ''),
    'keras.applications.densenet.Dense': ('keras.layers.Dense', ''),
    'keras.applications.densenet.DenseNet':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.applications.densenet.GlobalAveragePooling2D': ('keras.layers.GlobalAveragePooling2D', ''),
    'keras.applications.densenet.GlobalMaxPooling2D': ('keras.layers.GlobalMaxPool2D', ''),
    'keras.applications.densenet.Input': ('keras.Input', ''),
    'keras.applications.densenet.K': ('keras.backend', ''),
    'keras.applications.densenet.MaxPooling2D': ('keras.layers.MaxPool2D', ''),
    'keras.applications.densenet.Model': ('keras.Model', ''),
    'keras.applications.densenet.ZeroPadding2D': ('keras.layers.ZeroPadding2D', ''),
    'keras.applications.densenet.conv_block':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.applications.densenet.dense_block':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.applications.densenet.get_file': ('keras.utils.get_file', ''),
    'keras.applications.densenet.get_source_inputs':
        (None, 'keras.utils.get_source_inputs has the name (not the same object: check it does the same)'),
    'keras.applications.densenet.imagenet_utils': ('keras.applications.imagenet_utils', ''),
    'keras.applications.densenet.keras_modules_injection':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.applications.densenet.transition_block':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.applications.imagenet_utils.K': ('keras.backend', ''),
    'keras.applications.imagenet_utils.get_file': ('keras.utils.get_file', ''),
    'keras.applications.imagenet_utils.keras_modules_injection':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.applications.inception_resnet_v2.Activation': ('keras.layers.Activation', ''),
    'keras.applications.inception_resnet_v2.AveragePooling2D': ('keras.layers.AveragePooling2D', ''),
    'keras.applications.inception_resnet_v2.BatchNormalization': ('keras.layers.BatchNormalization', ''),
    'keras.applications.inception_resnet_v2.Concatenate': ('keras.layers.Concatenate', ''),
    'keras.applications.inception_resnet_v2.Conv2D': ('keras.layers.Conv2D', ''),
    'keras.applications.inception_resnet_v2.Dense': ('keras.layers.Dense', ''),
    'keras.applications.inception_resnet_v2.GlobalAveragePooling2D': ('keras.layers.GlobalAveragePooling2D', ''),
    'keras.applications.inception_resnet_v2.GlobalMaxPooling2D': ('keras.layers.GlobalMaxPool2D', ''),
    'keras.applications.inception_resnet_v2.Input': ('keras.Input', ''),
    'keras.applications.inception_resnet_v2.K': ('keras.backend', ''),
    'keras.applications.inception_resnet_v2.Lambda': ('keras.layers.Lambda', ''),
    'keras.applications.inception_resnet_v2.MaxPooling2D': ('keras.layers.MaxPool2D', ''),
    'keras.applications.inception_resnet_v2.Model': ('keras.Model', ''),
    'keras.applications.inception_resnet_v2.conv2d_bn':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.applications.inception_resnet_v2.get_file': ('keras.utils.get_file', ''),
    'keras.applications.inception_resnet_v2.get_source_inputs':
        (None, 'keras.utils.get_source_inputs has the name (not the same object: check it does the same)'),
    'keras.applications.inception_resnet_v2.imagenet_utils': ('keras.applications.imagenet_utils', ''),
    'keras.applications.inception_resnet_v2.inception_resnet_block':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.applications.inception_resnet_v2.keras_modules_injection':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.applications.inception_v3.Activation': ('keras.layers.Activation', ''),
    'keras.applications.inception_v3.AveragePooling2D': ('keras.layers.AveragePooling2D', ''),
    'keras.applications.inception_v3.BatchNormalization': ('keras.layers.BatchNormalization', ''),
    'keras.applications.inception_v3.Conv2D': ('keras.layers.Conv2D', ''),
    'keras.applications.inception_v3.Dense': ('keras.layers.Dense', ''),
    'keras.applications.inception_v3.GlobalAveragePooling2D': ('keras.layers.GlobalAveragePooling2D', ''),
    'keras.applications.inception_v3.GlobalMaxPooling2D': ('keras.layers.GlobalMaxPool2D', ''),
    'keras.applications.inception_v3.Input': ('keras.Input', ''),
    'keras.applications.inception_v3.K': ('keras.backend', ''),
    'keras.applications.inception_v3.MaxPooling2D': ('keras.layers.MaxPool2D', ''),
    'keras.applications.inception_v3.Model': ('keras.Model', ''),
    'keras.applications.inception_v3.conv2d_bn':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.applications.inception_v3.get_file': ('keras.utils.get_file', ''),
    'keras.applications.inception_v3.get_source_inputs':
        (None, 'keras.utils.get_source_inputs has the name (not the same object: check it does the same)'),
    'keras.applications.inception_v3.imagenet_utils': ('keras.applications.imagenet_utils', ''),
    'keras.applications.inception_v3.keras_modules_injection':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.applications.inception_v3.layers': ('keras.layers', ''),
    'keras.applications.keras_modules_injection':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.applications.layers': ('keras.layers', ''),
    'keras.applications.mobilenet.Activation': ('keras.layers.Activation', ''),
    'keras.applications.mobilenet.BatchNormalization': ('keras.layers.BatchNormalization', ''),
    'keras.applications.mobilenet.Conv2D': ('keras.layers.Conv2D', ''),
    'keras.applications.mobilenet.DepthwiseConv2D': ('keras.layers.DepthwiseConv2D', ''),
    'keras.applications.mobilenet.Dropout': ('keras.layers.Dropout', ''),
    'keras.applications.mobilenet.GlobalAveragePooling2D': ('keras.layers.GlobalAveragePooling2D', ''),
    'keras.applications.mobilenet.GlobalMaxPooling2D': ('keras.layers.GlobalMaxPool2D', ''),
    'keras.applications.mobilenet.Input': ('keras.Input', ''),
    'keras.applications.mobilenet.InputSpec': ('keras.layers.InputSpec', ''),
    'keras.applications.mobilenet.K': ('keras.backend', ''),
    'keras.applications.mobilenet.Model': ('keras.Model', ''),
    'keras.applications.mobilenet.Reshape': ('keras.layers.Reshape', ''),
    'keras.applications.mobilenet.ZeroPadding2D': ('keras.layers.ZeroPadding2D', ''),
    'keras.applications.mobilenet.constraints': ('keras.constraints', ''),
    'keras.applications.mobilenet.get_file': ('keras.utils.get_file', ''),
    'keras.applications.mobilenet.get_source_inputs':
        (None, 'keras.utils.get_source_inputs has the name (not the same object: check it does the same)'),
    'keras.applications.mobilenet.imagenet_utils': ('keras.applications.imagenet_utils', ''),
    'keras.applications.mobilenet.initializers': ('keras.initializers', ''),
    'keras.applications.mobilenet.keras_modules_injection':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.applications.mobilenet.regularizers': ('keras.regularizers', ''),
    'keras.applications.mobilenet.relu6':
        (None, 'keras.activations.relu6 has the name (not the same object: check it does the same)'),
    'keras.applications.mobilenet_v2.keras_modules_injection':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.applications.mobilenetv2': (None, 'module'),
    'keras.applications.mobilenetv2.MobileNetV2': ('keras.applications.MobileNetV2', ''),
    'keras.applications.mobilenetv2.decode_predictions': ('keras.applications.mobilenet_v2.decode_predictions', ''),
    'keras.applications.mobilenetv2.keras_modules_injection':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.applications.mobilenetv2.preprocess_input': ('keras.applications.mobilenet_v2.preprocess_input', ''),
    'keras.applications.models': ('keras.models', ''),
    'keras.applications.nasnet.Activation': ('keras.layers.Activation', ''),
    'keras.applications.nasnet.AveragePooling2D': ('keras.layers.AveragePooling2D', ''),
    'keras.applications.nasnet.BatchNormalization': ('keras.layers.BatchNormalization', ''),
    'keras.applications.nasnet.Conv2D': ('keras.layers.Conv2D', ''),
    'keras.applications.nasnet.Cropping2D': ('keras.layers.Cropping2D', ''),
    'keras.applications.nasnet.Dense': ('keras.layers.Dense', ''),
    'keras.applications.nasnet.GlobalAveragePooling2D': ('keras.layers.GlobalAveragePooling2D', ''),
    'keras.applications.nasnet.GlobalMaxPooling2D': ('keras.layers.GlobalMaxPool2D', ''),
    'keras.applications.nasnet.Input': ('keras.Input', ''),
    'keras.applications.nasnet.K': ('keras.backend', ''),
    'keras.applications.nasnet.MaxPooling2D': ('keras.layers.MaxPool2D', ''),
    'keras.applications.nasnet.Model': ('keras.Model', ''),
    'keras.applications.nasnet.NASNet':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.applications.nasnet.SeparableConv2D': ('keras.layers.SeparableConv2D', ''),
    'keras.applications.nasnet.ZeroPadding2D': ('keras.layers.ZeroPadding2D', ''),
    'keras.applications.nasnet.add': ('keras.layers.add', ''),
    'keras.applications.nasnet.concatenate': ('keras.layers.concatenate', ''),
    'keras.applications.nasnet.get_file': ('keras.utils.get_file', ''),
    'keras.applications.nasnet.get_source_inputs':
        (None, 'keras.utils.get_source_inputs has the name (not the same object: check it does the same)'),
    'keras.applications.nasnet.keras_modules_injection':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.applications.resnet.keras_modules_injection':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.applications.resnet50.Activation': ('keras.layers.Activation', ''),
    'keras.applications.resnet50.AveragePooling2D': ('keras.layers.AveragePooling2D', ''),
    'keras.applications.resnet50.BatchNormalization': ('keras.layers.BatchNormalization', ''),
    'keras.applications.resnet50.Conv2D': ('keras.layers.Conv2D', ''),
    'keras.applications.resnet50.Dense': ('keras.layers.Dense', ''),
    'keras.applications.resnet50.Flatten': ('keras.layers.Flatten', ''),
    'keras.applications.resnet50.GlobalAveragePooling2D': ('keras.layers.GlobalAveragePooling2D', ''),
    'keras.applications.resnet50.GlobalMaxPooling2D': ('keras.layers.GlobalMaxPool2D', ''),
    'keras.applications.resnet50.Input': ('keras.Input', ''),
    'keras.applications.resnet50.K': ('keras.backend', ''),
    'keras.applications.resnet50.MaxPooling2D': ('keras.layers.MaxPool2D', ''),
    'keras.applications.resnet50.Model': ('keras.Model', ''),
    'keras.applications.resnet50.ZeroPadding2D': ('keras.layers.ZeroPadding2D', ''),
    'keras.applications.resnet50.conv_block':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.applications.resnet50.get_file': ('keras.utils.get_file', ''),
    'keras.applications.resnet50.get_source_inputs':
        (None, 'keras.utils.get_source_inputs has the name (not the same object: check it does the same)'),
    'keras.applications.resnet50.identity_block':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.applications.resnet50.keras_modules_injection':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.applications.resnet50.layers': ('keras.layers', ''),
    'keras.applications.resnet_v2.keras_modules_injection':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.applications.utils': ('keras.utils', ''),
    'keras.applications.vgg16.Conv2D': ('keras.layers.Conv2D', ''),
    'keras.applications.vgg16.Dense': ('keras.layers.Dense', ''),
    'keras.applications.vgg16.Flatten': ('keras.layers.Flatten', ''),
    'keras.applications.vgg16.GlobalAveragePooling2D': ('keras.layers.GlobalAveragePooling2D', ''),
    'keras.applications.vgg16.GlobalMaxPooling2D': ('keras.layers.GlobalMaxPool2D', ''),
    'keras.applications.vgg16.Input': ('keras.Input', ''),
    'keras.applications.vgg16.K': ('keras.backend', ''),
    'keras.applications.vgg16.MaxPooling2D': ('keras.layers.MaxPool2D', ''),
    'keras.applications.vgg16.Model': ('keras.Model', ''),
    'keras.applications.vgg16.get_file': ('keras.utils.get_file', ''),
    'keras.applications.vgg16.get_source_inputs':
        (None, 'keras.utils.get_source_inputs has the name (not the same object: check it does the same)'),
    'keras.applications.vgg16.keras_modules_injection':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.applications.vgg19.Conv2D': ('keras.layers.Conv2D', ''),
    'keras.applications.vgg19.Dense': ('keras.layers.Dense', ''),
    'keras.applications.vgg19.Flatten': ('keras.layers.Flatten', ''),
    'keras.applications.vgg19.GlobalAveragePooling2D': ('keras.layers.GlobalAveragePooling2D', ''),
    'keras.applications.vgg19.GlobalMaxPooling2D': ('keras.layers.GlobalMaxPool2D', ''),
    'keras.applications.vgg19.Input': ('keras.Input', ''),
    'keras.applications.vgg19.K': ('keras.backend', ''),
    'keras.applications.vgg19.MaxPooling2D': ('keras.layers.MaxPool2D', ''),
    'keras.applications.vgg19.Model': ('keras.Model', ''),
    'keras.applications.vgg19.get_file': ('keras.utils.get_file', ''),
    'keras.applications.vgg19.get_source_inputs':
        (None, 'keras.utils.get_source_inputs has the name (not the same object: check it does the same)'),
    'keras.applications.vgg19.keras_modules_injection':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.applications.xception.Activation': ('keras.layers.Activation', ''),
    'keras.applications.xception.BatchNormalization': ('keras.layers.BatchNormalization', ''),
    'keras.applications.xception.Conv2D': ('keras.layers.Conv2D', ''),
    'keras.applications.xception.Dense': ('keras.layers.Dense', ''),
    'keras.applications.xception.GlobalAveragePooling2D': ('keras.layers.GlobalAveragePooling2D', ''),
    'keras.applications.xception.GlobalMaxPooling2D': ('keras.layers.GlobalMaxPool2D', ''),
    'keras.applications.xception.Input': ('keras.Input', ''),
    'keras.applications.xception.K': ('keras.backend', ''),
    'keras.applications.xception.MaxPooling2D': ('keras.layers.MaxPool2D', ''),
    'keras.applications.xception.Model': ('keras.Model', ''),
    'keras.applications.xception.SeparableConv2D': ('keras.layers.SeparableConv2D', ''),
    'keras.applications.xception.get_file': ('keras.utils.get_file', ''),
    'keras.applications.xception.get_source_inputs':
        (None, 'keras.utils.get_source_inputs has the name (not the same object: check it does the same)'),
    'keras.applications.xception.imagenet_utils': ('keras.applications.imagenet_utils', ''),
    'keras.applications.xception.keras_modules_injection':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.applications.xception.layers': ('keras.layers', ''),
    'keras.backend.Function': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.abs': (None, 'a Keras 2 backend function: use keras.ops.abs'),
    'keras.backend.all': (None, 'a Keras 2 backend function: use keras.ops.all'),
    'keras.backend.any': (None, 'a Keras 2 backend function: use keras.ops.any'),
    'keras.backend.arange': (None, 'a Keras 2 backend function: use keras.ops.arange'),
    'keras.backend.argmax': (None, 'a Keras 2 backend function: use keras.ops.argmax'),
    'keras.backend.argmin': (None, 'a Keras 2 backend function: use keras.ops.argmin'),
    'keras.backend.batch_dot': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.batch_flatten': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.batch_get_value': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.batch_normalization': (None, 'a Keras 2 backend function: use keras.ops.batch_normalization'),
    'keras.backend.batch_set_value': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.bias_add': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.binary_crossentropy': (None, 'a Keras 2 backend function: use keras.ops.binary_crossentropy'),
    'keras.backend.cast': (None, 'a Keras 2 backend function: use keras.ops.cast'),
    'keras.backend.cast_to_floatx': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.categorical_crossentropy':
        (None, 'a Keras 2 backend function: use keras.ops.categorical_crossentropy'),
    'keras.backend.clip': (None, 'a Keras 2 backend function: use keras.ops.clip'),
    'keras.backend.common': (None, 'module'),
    'keras.backend.common.cast_to_floatx':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.common.eager': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.common.epsilon': ('keras.backend.epsilon', ''),
    'keras.backend.common.floatx': ('keras.backend.floatx', ''),
    'keras.backend.common.image_data_format': ('keras.backend.image_data_format', ''),
    'keras.backend.common.image_dim_ordering':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.common.normalize_data_format':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.common.set_epsilon': ('keras.backend.set_epsilon', ''),
    'keras.backend.common.set_floatx': ('keras.backend.set_floatx', ''),
    'keras.backend.common.set_image_data_format': ('keras.backend.set_image_data_format', ''),
    'keras.backend.common.set_image_dim_ordering':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.common.symbolic': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.concatenate': (None, 'a Keras 2 backend function: use keras.ops.concatenate'),
    'keras.backend.constant': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.control_dependencies':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.conv1d': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.conv2d': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.conv2d_transpose': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.conv3d': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.conv3d_transpose': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.cos': (None, 'a Keras 2 backend function: use keras.ops.cos'),
    'keras.backend.count_params': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.ctc_batch_cost': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.ctc_decode': (None, 'a Keras 2 backend function: use keras.ops.ctc_decode'),
    'keras.backend.ctc_label_dense_to_sparse':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.cumprod': (None, 'a Keras 2 backend function: use keras.ops.cumprod'),
    'keras.backend.cumsum': (None, 'a Keras 2 backend function: use keras.ops.cumsum'),
    'keras.backend.depthwise_conv2d': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.dot': (None, 'a Keras 2 backend function: use keras.ops.dot'),
    'keras.backend.dropout': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.dtype': (None, 'a Keras 2 backend function: use keras.ops.dtype'),
    'keras.backend.eager': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.elu': (None, 'a Keras 2 backend function: use keras.ops.elu'),
    'keras.backend.equal': (None, 'a Keras 2 backend function: use keras.ops.equal'),
    'keras.backend.eval': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.exp': (None, 'a Keras 2 backend function: use keras.ops.exp'),
    'keras.backend.expand_dims': (None, 'a Keras 2 backend function: use keras.ops.expand_dims'),
    'keras.backend.eye': (None, 'a Keras 2 backend function: use keras.ops.eye'),
    'keras.backend.flatten': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.foldl': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.foldr': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.function': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.gather': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.get_session': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.get_value': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.get_variable_shape':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.gradients': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.greater': (None, 'a Keras 2 backend function: use keras.ops.greater'),
    'keras.backend.greater_equal': (None, 'a Keras 2 backend function: use keras.ops.greater_equal'),
    'keras.backend.hard_sigmoid': (None, 'a Keras 2 backend function: use keras.ops.hard_sigmoid'),
    'keras.backend.has_arg': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.identity': (None, 'a Keras 2 backend function: use keras.ops.identity'),
    'keras.backend.image_dim_ordering':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.in_test_phase': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.in_top_k': (None, 'a Keras 2 backend function: use keras.ops.in_top_k'),
    'keras.backend.in_train_phase': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.int_shape': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.is_placeholder': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.is_sparse': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.is_tensor': (None, 'a Keras 2 backend function: use keras.ops.is_tensor'),
    'keras.backend.is_variable': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.l2_normalize': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.learning_phase': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.less': (None, 'a Keras 2 backend function: use keras.ops.less'),
    'keras.backend.less_equal': (None, 'a Keras 2 backend function: use keras.ops.less_equal'),
    'keras.backend.load_backend': (None, 'module'),
    'keras.backend.load_backend.abs': (None, 'a Keras 2 backend function: use keras.ops.abs'),
    'keras.backend.load_backend.all': (None, 'a Keras 2 backend function: use keras.ops.all'),
    'keras.backend.load_backend.any': (None, 'a Keras 2 backend function: use keras.ops.any'),
    'keras.backend.load_backend.arange': (None, 'a Keras 2 backend function: use keras.ops.arange'),
    'keras.backend.load_backend.argmax': (None, 'a Keras 2 backend function: use keras.ops.argmax'),
    'keras.backend.load_backend.argmin': (None, 'a Keras 2 backend function: use keras.ops.argmin'),
    'keras.backend.load_backend.backend': ('keras.backend.backend', ''),
    'keras.backend.load_backend.batch_dot':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.batch_flatten':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.batch_get_value':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.batch_normalization':
        (None, 'a Keras 2 backend function: use keras.ops.batch_normalization'),
    'keras.backend.load_backend.batch_set_value':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.bias_add':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.binary_crossentropy':
        (None, 'a Keras 2 backend function: use keras.ops.binary_crossentropy'),
    'keras.backend.load_backend.cast': (None, 'a Keras 2 backend function: use keras.ops.cast'),
    'keras.backend.load_backend.cast_to_floatx':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.categorical_crossentropy':
        (None, 'a Keras 2 backend function: use keras.ops.categorical_crossentropy'),
    'keras.backend.load_backend.clear_session': ('keras.backend.clear_session', ''),
    'keras.backend.load_backend.clip': (None, 'a Keras 2 backend function: use keras.ops.clip'),
    'keras.backend.load_backend.concatenate': (None, 'a Keras 2 backend function: use keras.ops.concatenate'),
    'keras.backend.load_backend.constant':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.control_dependencies':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.conv1d':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.conv2d':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.conv2d_transpose':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.conv3d':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.conv3d_transpose':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.cos': (None, 'a Keras 2 backend function: use keras.ops.cos'),
    'keras.backend.load_backend.count_params':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.ctc_batch_cost':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.ctc_decode': (None, 'a Keras 2 backend function: use keras.ops.ctc_decode'),
    'keras.backend.load_backend.ctc_label_dense_to_sparse':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.cumprod': (None, 'a Keras 2 backend function: use keras.ops.cumprod'),
    'keras.backend.load_backend.cumsum': (None, 'a Keras 2 backend function: use keras.ops.cumsum'),
    'keras.backend.load_backend.depthwise_conv2d':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.dot': (None, 'a Keras 2 backend function: use keras.ops.dot'),
    'keras.backend.load_backend.dropout':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.dtype': (None, 'a Keras 2 backend function: use keras.ops.dtype'),
    'keras.backend.load_backend.eager':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.elu': (None, 'a Keras 2 backend function: use keras.ops.elu'),
    'keras.backend.load_backend.epsilon': ('keras.backend.epsilon', ''),
    'keras.backend.load_backend.equal': (None, 'a Keras 2 backend function: use keras.ops.equal'),
    'keras.backend.load_backend.eval':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.exp': (None, 'a Keras 2 backend function: use keras.ops.exp'),
    'keras.backend.load_backend.expand_dims': (None, 'a Keras 2 backend function: use keras.ops.expand_dims'),
    'keras.backend.load_backend.eye': (None, 'a Keras 2 backend function: use keras.ops.eye'),
    'keras.backend.load_backend.flatten':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.floatx': ('keras.backend.floatx', ''),
    'keras.backend.load_backend.foldl':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.foldr':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.function':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.gather':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.get_graph':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.get_session':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.get_uid': ('keras.backend.get_uid', ''),
    'keras.backend.load_backend.get_value':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.get_variable_shape':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.gradients':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.greater': (None, 'a Keras 2 backend function: use keras.ops.greater'),
    'keras.backend.load_backend.greater_equal': (None, 'a Keras 2 backend function: use keras.ops.greater_equal'),
    'keras.backend.load_backend.hard_sigmoid': (None, 'a Keras 2 backend function: use keras.ops.hard_sigmoid'),
    'keras.backend.load_backend.identity': (None, 'a Keras 2 backend function: use keras.ops.identity'),
    'keras.backend.load_backend.image_data_format': ('keras.backend.image_data_format', ''),
    'keras.backend.load_backend.in_test_phase':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.in_top_k': (None, 'a Keras 2 backend function: use keras.ops.in_top_k'),
    'keras.backend.load_backend.in_train_phase':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.int_shape':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.is_keras_tensor': ('keras.backend.is_keras_tensor', ''),
    'keras.backend.load_backend.is_placeholder':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.is_sparse':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.is_symbolic':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.is_tensor': (None, 'a Keras 2 backend function: use keras.ops.is_tensor'),
    'keras.backend.load_backend.is_variable':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.l2_normalize':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.learning_phase':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.less': (None, 'a Keras 2 backend function: use keras.ops.less'),
    'keras.backend.load_backend.less_equal': (None, 'a Keras 2 backend function: use keras.ops.less_equal'),
    'keras.backend.load_backend.local_conv1d':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.local_conv2d':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.log': (None, 'a Keras 2 backend function: use keras.ops.log'),
    'keras.backend.load_backend.logsumexp': (None, 'a Keras 2 backend function: use keras.ops.logsumexp'),
    'keras.backend.load_backend.manual_variable_initialization':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.map_fn':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.max': (None, 'a Keras 2 backend function: use keras.ops.max'),
    'keras.backend.load_backend.maximum': (None, 'a Keras 2 backend function: use keras.ops.maximum'),
    'keras.backend.load_backend.mean': (None, 'a Keras 2 backend function: use keras.ops.mean'),
    'keras.backend.load_backend.min': (None, 'a Keras 2 backend function: use keras.ops.min'),
    'keras.backend.load_backend.minimum': (None, 'a Keras 2 backend function: use keras.ops.minimum'),
    'keras.backend.load_backend.moving_average_update':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.name_scope':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.ndim': (None, 'a Keras 2 backend function: use keras.ops.ndim'),
    'keras.backend.load_backend.normalize_batch_in_training':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.normalize_data_format':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.not_equal': (None, 'a Keras 2 backend function: use keras.ops.not_equal'),
    'keras.backend.load_backend.one_hot': (None, 'a Keras 2 backend function: use keras.ops.one_hot'),
    'keras.backend.load_backend.ones': (None, 'a Keras 2 backend function: use keras.ops.ones'),
    'keras.backend.load_backend.ones_like': (None, 'a Keras 2 backend function: use keras.ops.ones_like'),
    'keras.backend.load_backend.permute_dimensions':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.placeholder':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.pool2d':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.pool3d':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.pow': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.print_tensor':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.prod': (None, 'a Keras 2 backend function: use keras.ops.prod'),
    'keras.backend.load_backend.random_binomial':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.random_normal':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.random_normal_variable':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.random_uniform':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.random_uniform_variable':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.relu': (None, 'a Keras 2 backend function: use keras.ops.relu'),
    'keras.backend.load_backend.repeat': (None, 'a Keras 2 backend function: use keras.ops.repeat'),
    'keras.backend.load_backend.repeat_elements':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.reset_uids':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.reshape': (None, 'a Keras 2 backend function: use keras.ops.reshape'),
    'keras.backend.load_backend.resize_images':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.resize_volumes':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.reverse':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.rnn': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.round': (None, 'a Keras 2 backend function: use keras.ops.round'),
    'keras.backend.load_backend.separable_conv1d':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.separable_conv2d':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.set_epsilon': ('keras.backend.set_epsilon', ''),
    'keras.backend.load_backend.set_floatx': ('keras.backend.set_floatx', ''),
    'keras.backend.load_backend.set_image_data_format': ('keras.backend.set_image_data_format', ''),
    'keras.backend.load_backend.set_learning_phase':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.set_session':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.set_value':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.shape': (None, 'a Keras 2 backend function: use keras.ops.shape'),
    'keras.backend.load_backend.sigmoid': (None, 'a Keras 2 backend function: use keras.ops.sigmoid'),
    'keras.backend.load_backend.sign': (None, 'a Keras 2 backend function: use keras.ops.sign'),
    'keras.backend.load_backend.sin': (None, 'a Keras 2 backend function: use keras.ops.sin'),
    'keras.backend.load_backend.size': (None, 'a Keras 2 backend function: use keras.ops.size'),
    'keras.backend.load_backend.slice': (None, 'a Keras 2 backend function: use keras.ops.slice'),
    'keras.backend.load_backend.softmax': (None, 'a Keras 2 backend function: use keras.ops.softmax'),
    'keras.backend.load_backend.softplus': (None, 'a Keras 2 backend function: use keras.ops.softplus'),
    'keras.backend.load_backend.softsign': (None, 'a Keras 2 backend function: use keras.ops.softsign'),
    'keras.backend.load_backend.sparse_categorical_crossentropy':
        (None, 'a Keras 2 backend function: use keras.ops.sparse_categorical_crossentropy'),
    'keras.backend.load_backend.spatial_2d_padding':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.spatial_3d_padding':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.sqrt': (None, 'a Keras 2 backend function: use keras.ops.sqrt'),
    'keras.backend.load_backend.square': (None, 'a Keras 2 backend function: use keras.ops.square'),
    'keras.backend.load_backend.squeeze': (None, 'a Keras 2 backend function: use keras.ops.squeeze'),
    'keras.backend.load_backend.stack': (None, 'a Keras 2 backend function: use keras.ops.stack'),
    'keras.backend.load_backend.std': (None, 'a Keras 2 backend function: use keras.ops.std'),
    'keras.backend.load_backend.stop_gradient': (None, 'a Keras 2 backend function: use keras.ops.stop_gradient'),
    'keras.backend.load_backend.sum': (None, 'a Keras 2 backend function: use keras.ops.sum'),
    'keras.backend.load_backend.switch': (None, 'a Keras 2 backend function: use keras.ops.switch'),
    'keras.backend.load_backend.symbolic':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.tanh': (None, 'a Keras 2 backend function: use keras.ops.tanh'),
    'keras.backend.load_backend.temporal_padding':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.tile': (None, 'a Keras 2 backend function: use keras.ops.tile'),
    'keras.backend.load_backend.to_dense':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.transpose': (None, 'a Keras 2 backend function: use keras.ops.transpose'),
    'keras.backend.load_backend.transpose_shape':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.truncated_normal':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.update':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.update_add':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.update_sub':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.v1_variable_initialization':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.var': (None, 'a Keras 2 backend function: use keras.ops.var'),
    'keras.backend.load_backend.variable':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.load_backend.zeros': (None, 'a Keras 2 backend function: use keras.ops.zeros'),
    'keras.backend.load_backend.zeros_like': (None, 'a Keras 2 backend function: use keras.ops.zeros_like'),
    'keras.backend.local_conv1d': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.local_conv2d': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.log': (None, 'a Keras 2 backend function: use keras.ops.log'),
    'keras.backend.logsumexp': (None, 'a Keras 2 backend function: use keras.ops.logsumexp'),
    'keras.backend.manual_variable_initialization':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.map_fn': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.max': (None, 'a Keras 2 backend function: use keras.ops.max'),
    'keras.backend.maximum': (None, 'a Keras 2 backend function: use keras.ops.maximum'),
    'keras.backend.mean': (None, 'a Keras 2 backend function: use keras.ops.mean'),
    'keras.backend.min': (None, 'a Keras 2 backend function: use keras.ops.min'),
    'keras.backend.minimum': (None, 'a Keras 2 backend function: use keras.ops.minimum'),
    'keras.backend.moving_average_update':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.name_scope': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.ndim': (None, 'a Keras 2 backend function: use keras.ops.ndim'),
    'keras.backend.normalize_batch_in_training':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.normalize_data_format':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.not_equal': (None, 'a Keras 2 backend function: use keras.ops.not_equal'),
    'keras.backend.numpy_backend': (None, 'module'),
    'keras.backend.numpy_backend.all': (None, 'a Keras 2 backend function: use keras.ops.all'),
    'keras.backend.numpy_backend.any': (None, 'a Keras 2 backend function: use keras.ops.any'),
    'keras.backend.numpy_backend.arange': (None, 'a Keras 2 backend function: use keras.ops.arange'),
    'keras.backend.numpy_backend.argmax': (None, 'a Keras 2 backend function: use keras.ops.argmax'),
    'keras.backend.numpy_backend.argmin': (None, 'a Keras 2 backend function: use keras.ops.argmin'),
    'keras.backend.numpy_backend.batch_dot':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.numpy_backend.batch_flatten':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.numpy_backend.batch_normalization':
        (None, 'a Keras 2 backend function: use keras.ops.batch_normalization'),
    'keras.backend.numpy_backend.bias_add':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.numpy_backend.binary_crossentropy':
        (None, 'a Keras 2 backend function: use keras.ops.binary_crossentropy'),
    'keras.backend.numpy_backend.categorical_crossentropy':
        (None, 'a Keras 2 backend function: use keras.ops.categorical_crossentropy'),
    'keras.backend.numpy_backend.clip': (None, 'a Keras 2 backend function: use keras.ops.clip'),
    'keras.backend.numpy_backend.concatenate': (None, 'a Keras 2 backend function: use keras.ops.concatenate'),
    'keras.backend.numpy_backend.constant':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.numpy_backend.conv': (None, 'a Keras 2 backend function: use keras.ops.conv'),
    'keras.backend.numpy_backend.conv1d':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.numpy_backend.conv2d':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.numpy_backend.conv2d_transpose':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.numpy_backend.conv3d':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.numpy_backend.conv3d_transpose':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.numpy_backend.conv_transpose': (None, 'a Keras 2 backend function: use keras.ops.conv_transpose'),
    'keras.backend.numpy_backend.count_params':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.numpy_backend.ctc_decode': (None, 'a Keras 2 backend function: use keras.ops.ctc_decode'),
    'keras.backend.numpy_backend.cumprod': (None, 'a Keras 2 backend function: use keras.ops.cumprod'),
    'keras.backend.numpy_backend.cumsum': (None, 'a Keras 2 backend function: use keras.ops.cumsum'),
    'keras.backend.numpy_backend.depthwise_conv': (None, 'a Keras 2 backend function: use keras.ops.depthwise_conv'),
    'keras.backend.numpy_backend.depthwise_conv2d':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.numpy_backend.dot': (None, 'a Keras 2 backend function: use keras.ops.dot'),
    'keras.backend.numpy_backend.dropout':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.numpy_backend.dtype': (None, 'a Keras 2 backend function: use keras.ops.dtype'),
    'keras.backend.numpy_backend.elu': (None, 'a Keras 2 backend function: use keras.ops.elu'),
    'keras.backend.numpy_backend.equal': (None, 'a Keras 2 backend function: use keras.ops.equal'),
    'keras.backend.numpy_backend.eval':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.numpy_backend.eye': (None, 'a Keras 2 backend function: use keras.ops.eye'),
    'keras.backend.numpy_backend.flatten':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.numpy_backend.floatx':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.numpy_backend.gather':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.numpy_backend.get_value':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.numpy_backend.get_variable_shape':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.numpy_backend.greater': (None, 'a Keras 2 backend function: use keras.ops.greater'),
    'keras.backend.numpy_backend.greater_equal': (None, 'a Keras 2 backend function: use keras.ops.greater_equal'),
    'keras.backend.numpy_backend.hard_sigmoid': (None, 'a Keras 2 backend function: use keras.ops.hard_sigmoid'),
    'keras.backend.numpy_backend.in_test_phase':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.numpy_backend.in_top_k': (None, 'a Keras 2 backend function: use keras.ops.in_top_k'),
    'keras.backend.numpy_backend.in_train_phase':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.numpy_backend.int_shape':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.numpy_backend.l2_normalize':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.numpy_backend.learning_phase':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.numpy_backend.less': (None, 'a Keras 2 backend function: use keras.ops.less'),
    'keras.backend.numpy_backend.less_equal': (None, 'a Keras 2 backend function: use keras.ops.less_equal'),
    'keras.backend.numpy_backend.logsumexp': (None, 'a Keras 2 backend function: use keras.ops.logsumexp'),
    'keras.backend.numpy_backend.max': (None, 'a Keras 2 backend function: use keras.ops.max'),
    'keras.backend.numpy_backend.maximum': (None, 'a Keras 2 backend function: use keras.ops.maximum'),
    'keras.backend.numpy_backend.mean': (None, 'a Keras 2 backend function: use keras.ops.mean'),
    'keras.backend.numpy_backend.min': (None, 'a Keras 2 backend function: use keras.ops.min'),
    'keras.backend.numpy_backend.minimum': (None, 'a Keras 2 backend function: use keras.ops.minimum'),
    'keras.backend.numpy_backend.ndim': (None, 'a Keras 2 backend function: use keras.ops.ndim'),
    'keras.backend.numpy_backend.normalize_conv':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.numpy_backend.not_equal': (None, 'a Keras 2 backend function: use keras.ops.not_equal'),
    'keras.backend.numpy_backend.one_hot': (None, 'a Keras 2 backend function: use keras.ops.one_hot'),
    'keras.backend.numpy_backend.ones': (None, 'a Keras 2 backend function: use keras.ops.ones'),
    'keras.backend.numpy_backend.ones_like': (None, 'a Keras 2 backend function: use keras.ops.ones_like'),
    'keras.backend.numpy_backend.permute_dimensions':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.numpy_backend.pool':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.numpy_backend.pool2d':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.numpy_backend.pool3d':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.numpy_backend.pow':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.numpy_backend.print_tensor':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.numpy_backend.prod': (None, 'a Keras 2 backend function: use keras.ops.prod'),
    'keras.backend.numpy_backend.random_normal_variable':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.numpy_backend.random_uniform_variable':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.numpy_backend.relu': (None, 'a Keras 2 backend function: use keras.ops.relu'),
    'keras.backend.numpy_backend.repeat': (None, 'a Keras 2 backend function: use keras.ops.repeat'),
    'keras.backend.numpy_backend.repeat_elements':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.numpy_backend.reshape': (None, 'a Keras 2 backend function: use keras.ops.reshape'),
    'keras.backend.numpy_backend.resize_images':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.numpy_backend.resize_volumes':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.numpy_backend.reverse':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.numpy_backend.rnn':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.numpy_backend.separable_conv': (None, 'a Keras 2 backend function: use keras.ops.separable_conv'),
    'keras.backend.numpy_backend.separable_conv1d':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.numpy_backend.separable_conv2d':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.numpy_backend.set_learning_phase':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.numpy_backend.sigmoid': (None, 'a Keras 2 backend function: use keras.ops.sigmoid'),
    'keras.backend.numpy_backend.slice': (None, 'a Keras 2 backend function: use keras.ops.slice'),
    'keras.backend.numpy_backend.softmax': (None, 'a Keras 2 backend function: use keras.ops.softmax'),
    'keras.backend.numpy_backend.softplus': (None, 'a Keras 2 backend function: use keras.ops.softplus'),
    'keras.backend.numpy_backend.softsign': (None, 'a Keras 2 backend function: use keras.ops.softsign'),
    'keras.backend.numpy_backend.spatial_2d_padding':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.numpy_backend.spatial_3d_padding':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.numpy_backend.sqrt': (None, 'a Keras 2 backend function: use keras.ops.sqrt'),
    'keras.backend.numpy_backend.stack': (None, 'a Keras 2 backend function: use keras.ops.stack'),
    'keras.backend.numpy_backend.std': (None, 'a Keras 2 backend function: use keras.ops.std'),
    'keras.backend.numpy_backend.sum': (None, 'a Keras 2 backend function: use keras.ops.sum'),
    'keras.backend.numpy_backend.switch': (None, 'a Keras 2 backend function: use keras.ops.switch'),
    'keras.backend.numpy_backend.tanh': (None, 'a Keras 2 backend function: use keras.ops.tanh'),
    'keras.backend.numpy_backend.temporal_padding':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.numpy_backend.tile': (None, 'a Keras 2 backend function: use keras.ops.tile'),
    'keras.backend.numpy_backend.to_categorical': ('keras.utils.to_categorical', ''),
    'keras.backend.numpy_backend.transpose': (None, 'a Keras 2 backend function: use keras.ops.transpose'),
    'keras.backend.numpy_backend.transpose_shape':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.numpy_backend.var': (None, 'a Keras 2 backend function: use keras.ops.var'),
    'keras.backend.numpy_backend.variable':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.numpy_backend.zeros': (None, 'a Keras 2 backend function: use keras.ops.zeros'),
    'keras.backend.numpy_backend.zeros_like': (None, 'a Keras 2 backend function: use keras.ops.zeros_like'),
    'keras.backend.one_hot': (None, 'a Keras 2 backend function: use keras.ops.one_hot'),
    'keras.backend.ones': (None, 'a Keras 2 backend function: use keras.ops.ones'),
    'keras.backend.ones_like': (None, 'a Keras 2 backend function: use keras.ops.ones_like'),
    'keras.backend.permute_dimensions':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.placeholder': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.pool2d': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.pool3d': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.pow': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.print_tensor': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.prod': (None, 'a Keras 2 backend function: use keras.ops.prod'),
    'keras.backend.random_binomial': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.random_normal': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.random_normal_variable':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.random_uniform': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.random_uniform_variable':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.relu': (None, 'a Keras 2 backend function: use keras.ops.relu'),
    'keras.backend.repeat': (None, 'a Keras 2 backend function: use keras.ops.repeat'),
    'keras.backend.repeat_elements': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.reset_uids': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.reshape': (None, 'a Keras 2 backend function: use keras.ops.reshape'),
    'keras.backend.resize_images': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.resize_volumes': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.reverse': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.rnn': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.round': (None, 'a Keras 2 backend function: use keras.ops.round'),
    'keras.backend.separable_conv1d': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.separable_conv2d': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.set_image_dim_ordering':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.set_learning_phase':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.set_session': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.set_value': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.shape': (None, 'a Keras 2 backend function: use keras.ops.shape'),
    'keras.backend.sigmoid': (None, 'a Keras 2 backend function: use keras.ops.sigmoid'),
    'keras.backend.sign': (None, 'a Keras 2 backend function: use keras.ops.sign'),
    'keras.backend.sin': (None, 'a Keras 2 backend function: use keras.ops.sin'),
    'keras.backend.size': (None, 'a Keras 2 backend function: use keras.ops.size'),
    'keras.backend.slice': (None, 'a Keras 2 backend function: use keras.ops.slice'),
    'keras.backend.softmax': (None, 'a Keras 2 backend function: use keras.ops.softmax'),
    'keras.backend.softplus': (None, 'a Keras 2 backend function: use keras.ops.softplus'),
    'keras.backend.softsign': (None, 'a Keras 2 backend function: use keras.ops.softsign'),
    'keras.backend.sparse_categorical_crossentropy':
        (None, 'a Keras 2 backend function: use keras.ops.sparse_categorical_crossentropy'),
    'keras.backend.spatial_2d_padding':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.spatial_3d_padding':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.sqrt': (None, 'a Keras 2 backend function: use keras.ops.sqrt'),
    'keras.backend.square': (None, 'a Keras 2 backend function: use keras.ops.square'),
    'keras.backend.squeeze': (None, 'a Keras 2 backend function: use keras.ops.squeeze'),
    'keras.backend.stack': (None, 'a Keras 2 backend function: use keras.ops.stack'),
    'keras.backend.std': (None, 'a Keras 2 backend function: use keras.ops.std'),
    'keras.backend.stop_gradient': (None, 'a Keras 2 backend function: use keras.ops.stop_gradient'),
    'keras.backend.sum': (None, 'a Keras 2 backend function: use keras.ops.sum'),
    'keras.backend.switch': (None, 'a Keras 2 backend function: use keras.ops.switch'),
    'keras.backend.symbolic': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tanh': (None, 'a Keras 2 backend function: use keras.ops.tanh'),
    'keras.backend.temporal_padding': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend': (None, 'module'),
    'keras.backend.tensorflow_backend.Function':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.abs': (None, 'a Keras 2 backend function: use keras.ops.abs'),
    'keras.backend.tensorflow_backend.all': (None, 'a Keras 2 backend function: use keras.ops.all'),
    'keras.backend.tensorflow_backend.any': (None, 'a Keras 2 backend function: use keras.ops.any'),
    'keras.backend.tensorflow_backend.arange': (None, 'a Keras 2 backend function: use keras.ops.arange'),
    'keras.backend.tensorflow_backend.argmax': (None, 'a Keras 2 backend function: use keras.ops.argmax'),
    'keras.backend.tensorflow_backend.argmin': (None, 'a Keras 2 backend function: use keras.ops.argmin'),
    'keras.backend.tensorflow_backend.batch_dot':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.batch_flatten':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.batch_get_value':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.batch_normalization':
        (None, 'a Keras 2 backend function: use keras.ops.batch_normalization'),
    'keras.backend.tensorflow_backend.batch_set_value':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.bias_add':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.binary_crossentropy':
        (None, 'a Keras 2 backend function: use keras.ops.binary_crossentropy'),
    'keras.backend.tensorflow_backend.cast': (None, 'a Keras 2 backend function: use keras.ops.cast'),
    'keras.backend.tensorflow_backend.cast_to_floatx':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.categorical_crossentropy':
        (None, 'a Keras 2 backend function: use keras.ops.categorical_crossentropy'),
    'keras.backend.tensorflow_backend.clear_session': ('keras.backend.clear_session', ''),
    'keras.backend.tensorflow_backend.clip': (None, 'a Keras 2 backend function: use keras.ops.clip'),
    'keras.backend.tensorflow_backend.concatenate': (None, 'a Keras 2 backend function: use keras.ops.concatenate'),
    'keras.backend.tensorflow_backend.constant':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.control_dependencies':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.conv1d':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.conv2d':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.conv2d_transpose':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.conv3d':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.conv3d_transpose':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.cos': (None, 'a Keras 2 backend function: use keras.ops.cos'),
    'keras.backend.tensorflow_backend.count_params':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.ctc_batch_cost':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.ctc_decode': (None, 'a Keras 2 backend function: use keras.ops.ctc_decode'),
    'keras.backend.tensorflow_backend.ctc_label_dense_to_sparse':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.cumprod': (None, 'a Keras 2 backend function: use keras.ops.cumprod'),
    'keras.backend.tensorflow_backend.cumsum': (None, 'a Keras 2 backend function: use keras.ops.cumsum'),
    'keras.backend.tensorflow_backend.depthwise_conv2d':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.dot': (None, 'a Keras 2 backend function: use keras.ops.dot'),
    'keras.backend.tensorflow_backend.dropout':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.dtype': (None, 'a Keras 2 backend function: use keras.ops.dtype'),
    'keras.backend.tensorflow_backend.eager':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.elu': (None, 'a Keras 2 backend function: use keras.ops.elu'),
    'keras.backend.tensorflow_backend.epsilon': ('keras.backend.epsilon', ''),
    'keras.backend.tensorflow_backend.equal': (None, 'a Keras 2 backend function: use keras.ops.equal'),
    'keras.backend.tensorflow_backend.eval':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.exp': (None, 'a Keras 2 backend function: use keras.ops.exp'),
    'keras.backend.tensorflow_backend.expand_dims': (None, 'a Keras 2 backend function: use keras.ops.expand_dims'),
    'keras.backend.tensorflow_backend.eye': (None, 'a Keras 2 backend function: use keras.ops.eye'),
    'keras.backend.tensorflow_backend.flatten':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.floatx': ('keras.backend.floatx', ''),
    'keras.backend.tensorflow_backend.foldl':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.foldr':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.function':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.gather':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.get_graph':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.get_session':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.get_uid': ('keras.backend.get_uid', ''),
    'keras.backend.tensorflow_backend.get_value':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.get_variable_shape':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.gradients':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.greater': (None, 'a Keras 2 backend function: use keras.ops.greater'),
    'keras.backend.tensorflow_backend.greater_equal': (None, 'a Keras 2 backend function: use keras.ops.greater_equal'),
    'keras.backend.tensorflow_backend.hard_sigmoid': (None, 'a Keras 2 backend function: use keras.ops.hard_sigmoid'),
    'keras.backend.tensorflow_backend.has_arg':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.identity': (None, 'a Keras 2 backend function: use keras.ops.identity'),
    'keras.backend.tensorflow_backend.image_data_format': ('keras.backend.image_data_format', ''),
    'keras.backend.tensorflow_backend.image_dim_ordering':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.in_test_phase':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.in_top_k': (None, 'a Keras 2 backend function: use keras.ops.in_top_k'),
    'keras.backend.tensorflow_backend.in_train_phase':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.int_shape':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.is_keras_tensor': ('keras.backend.is_keras_tensor', ''),
    'keras.backend.tensorflow_backend.is_placeholder':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.is_sparse':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.is_symbolic':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.is_tensor': (None, 'a Keras 2 backend function: use keras.ops.is_tensor'),
    'keras.backend.tensorflow_backend.is_variable':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.l2_normalize':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.learning_phase':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.less': (None, 'a Keras 2 backend function: use keras.ops.less'),
    'keras.backend.tensorflow_backend.less_equal': (None, 'a Keras 2 backend function: use keras.ops.less_equal'),
    'keras.backend.tensorflow_backend.local_conv1d':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.local_conv2d':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.log': (None, 'a Keras 2 backend function: use keras.ops.log'),
    'keras.backend.tensorflow_backend.logsumexp': (None, 'a Keras 2 backend function: use keras.ops.logsumexp'),
    'keras.backend.tensorflow_backend.manual_variable_initialization':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.map_fn':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.max': (None, 'a Keras 2 backend function: use keras.ops.max'),
    'keras.backend.tensorflow_backend.maximum': (None, 'a Keras 2 backend function: use keras.ops.maximum'),
    'keras.backend.tensorflow_backend.mean': (None, 'a Keras 2 backend function: use keras.ops.mean'),
    'keras.backend.tensorflow_backend.min': (None, 'a Keras 2 backend function: use keras.ops.min'),
    'keras.backend.tensorflow_backend.minimum': (None, 'a Keras 2 backend function: use keras.ops.minimum'),
    'keras.backend.tensorflow_backend.moving_average_update':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.name_scope':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.ndim': (None, 'a Keras 2 backend function: use keras.ops.ndim'),
    'keras.backend.tensorflow_backend.normalize_batch_in_training':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.normalize_data_format':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.not_equal': (None, 'a Keras 2 backend function: use keras.ops.not_equal'),
    'keras.backend.tensorflow_backend.one_hot': (None, 'a Keras 2 backend function: use keras.ops.one_hot'),
    'keras.backend.tensorflow_backend.ones': (None, 'a Keras 2 backend function: use keras.ops.ones'),
    'keras.backend.tensorflow_backend.ones_like': (None, 'a Keras 2 backend function: use keras.ops.ones_like'),
    'keras.backend.tensorflow_backend.permute_dimensions':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.placeholder':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.pool2d':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.pool3d':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.pow':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.print_tensor':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.prod': (None, 'a Keras 2 backend function: use keras.ops.prod'),
    'keras.backend.tensorflow_backend.random_binomial':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.random_normal':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.random_normal_variable':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.random_uniform':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.random_uniform_variable':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.relu': (None, 'a Keras 2 backend function: use keras.ops.relu'),
    'keras.backend.tensorflow_backend.repeat': (None, 'a Keras 2 backend function: use keras.ops.repeat'),
    'keras.backend.tensorflow_backend.repeat_elements':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.reset_uids':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.reshape': (None, 'a Keras 2 backend function: use keras.ops.reshape'),
    'keras.backend.tensorflow_backend.resize_images':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.resize_volumes':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.reverse':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.rnn':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.round': (None, 'a Keras 2 backend function: use keras.ops.round'),
    'keras.backend.tensorflow_backend.separable_conv1d':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.separable_conv2d':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.set_epsilon': ('keras.backend.set_epsilon', ''),
    'keras.backend.tensorflow_backend.set_floatx': ('keras.backend.set_floatx', ''),
    'keras.backend.tensorflow_backend.set_image_data_format': ('keras.backend.set_image_data_format', ''),
    'keras.backend.tensorflow_backend.set_image_dim_ordering':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.set_learning_phase':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.set_session':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.set_value':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.shape': (None, 'a Keras 2 backend function: use keras.ops.shape'),
    'keras.backend.tensorflow_backend.sigmoid': (None, 'a Keras 2 backend function: use keras.ops.sigmoid'),
    'keras.backend.tensorflow_backend.sign': (None, 'a Keras 2 backend function: use keras.ops.sign'),
    'keras.backend.tensorflow_backend.sin': (None, 'a Keras 2 backend function: use keras.ops.sin'),
    'keras.backend.tensorflow_backend.size': (None, 'a Keras 2 backend function: use keras.ops.size'),
    'keras.backend.tensorflow_backend.slice': (None, 'a Keras 2 backend function: use keras.ops.slice'),
    'keras.backend.tensorflow_backend.softmax': (None, 'a Keras 2 backend function: use keras.ops.softmax'),
    'keras.backend.tensorflow_backend.softplus': (None, 'a Keras 2 backend function: use keras.ops.softplus'),
    'keras.backend.tensorflow_backend.softsign': (None, 'a Keras 2 backend function: use keras.ops.softsign'),
    'keras.backend.tensorflow_backend.sparse_categorical_crossentropy':
        (None, 'a Keras 2 backend function: use keras.ops.sparse_categorical_crossentropy'),
    'keras.backend.tensorflow_backend.spatial_2d_padding':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.spatial_3d_padding':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.sqrt': (None, 'a Keras 2 backend function: use keras.ops.sqrt'),
    'keras.backend.tensorflow_backend.square': (None, 'a Keras 2 backend function: use keras.ops.square'),
    'keras.backend.tensorflow_backend.squeeze': (None, 'a Keras 2 backend function: use keras.ops.squeeze'),
    'keras.backend.tensorflow_backend.stack': (None, 'a Keras 2 backend function: use keras.ops.stack'),
    'keras.backend.tensorflow_backend.std': (None, 'a Keras 2 backend function: use keras.ops.std'),
    'keras.backend.tensorflow_backend.stop_gradient': (None, 'a Keras 2 backend function: use keras.ops.stop_gradient'),
    'keras.backend.tensorflow_backend.sum': (None, 'a Keras 2 backend function: use keras.ops.sum'),
    'keras.backend.tensorflow_backend.switch': (None, 'a Keras 2 backend function: use keras.ops.switch'),
    'keras.backend.tensorflow_backend.symbolic':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.tanh': (None, 'a Keras 2 backend function: use keras.ops.tanh'),
    'keras.backend.tensorflow_backend.temporal_padding':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.tile': (None, 'a Keras 2 backend function: use keras.ops.tile'),
    'keras.backend.tensorflow_backend.to_dense':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.transpose': (None, 'a Keras 2 backend function: use keras.ops.transpose'),
    'keras.backend.tensorflow_backend.transpose_shape':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.truncated_normal':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.update':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.update_add':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.update_sub':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.v1_variable_initialization':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.var': (None, 'a Keras 2 backend function: use keras.ops.var'),
    'keras.backend.tensorflow_backend.variable':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.tensorflow_backend.zeros': (None, 'a Keras 2 backend function: use keras.ops.zeros'),
    'keras.backend.tensorflow_backend.zeros_like': (None, 'a Keras 2 backend function: use keras.ops.zeros_like'),
    'keras.backend.tile': (None, 'a Keras 2 backend function: use keras.ops.tile'),
    'keras.backend.to_dense': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.transpose': (None, 'a Keras 2 backend function: use keras.ops.transpose'),
    'keras.backend.transpose_shape': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.truncated_normal': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.update': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.update_add': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.update_sub': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.var': (None, 'a Keras 2 backend function: use keras.ops.var'),
    'keras.backend.variable': (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'keras.backend.zeros': (None, 'a Keras 2 backend function: use keras.ops.zeros'),
    'keras.backend.zeros_like': (None, 'a Keras 2 backend function: use keras.ops.zeros_like'),
    'keras.callbacks.BaseLogger': (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.callbacks.K': ('keras.backend', ''),
    'keras.callbacks.Layer': ('keras.layers.Layer', ''),
    'keras.callbacks.Progbar': ('keras.utils.Progbar', ''),
    'keras.callbacks.callbacks': (None, 'module'),
    'keras.callbacks.callbacks.BaseLogger':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.callbacks.callbacks.CSVLogger': ('keras.callbacks.CSVLogger', ''),
    'keras.callbacks.callbacks.Callback': ('keras.callbacks.Callback', ''),
    'keras.callbacks.callbacks.CallbackList': ('keras.callbacks.CallbackList', ''),
    'keras.callbacks.callbacks.EarlyStopping': ('keras.callbacks.EarlyStopping', ''),
    'keras.callbacks.callbacks.History': ('keras.callbacks.History', ''),
    'keras.callbacks.callbacks.K': ('keras.backend', ''),
    'keras.callbacks.callbacks.LambdaCallback': ('keras.callbacks.LambdaCallback', ''),
    'keras.callbacks.callbacks.LearningRateScheduler': ('keras.callbacks.LearningRateScheduler', ''),
    'keras.callbacks.callbacks.ModelCheckpoint': ('keras.callbacks.ModelCheckpoint', ''),
    'keras.callbacks.callbacks.Progbar': ('keras.utils.Progbar', ''),
    'keras.callbacks.callbacks.ProgbarLogger': ('keras.callbacks.ProgbarLogger', ''),
    'keras.callbacks.callbacks.ReduceLROnPlateau': ('keras.callbacks.ReduceLROnPlateau', ''),
    'keras.callbacks.callbacks.RemoteMonitor': ('keras.callbacks.RemoteMonitor', ''),
    'keras.callbacks.callbacks.TerminateOnNaN': ('keras.callbacks.TerminateOnNaN', ''),
    'keras.callbacks.callbacks.standardize_input_data':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.callbacks.standardize_input_data':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.callbacks.tensorboard_v1': (None, 'module'),
    'keras.callbacks.tensorboard_v1.Callback': ('keras.callbacks.Callback', ''),
    'keras.callbacks.tensorboard_v1.K': ('keras.backend', ''),
    'keras.callbacks.tensorboard_v1.TensorBoard': ('keras.callbacks.TensorBoard', ''),
    'keras.callbacks.tensorboard_v1.standardize_input_data':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.callbacks.tensorboard_v2': (None, 'module'),
    'keras.callbacks.tensorboard_v2.TensorBoard':
        (None, 'keras.callbacks.TensorBoard has the name (not the same object: check it does the same)'),
    'keras.constraints.K': ('keras.backend', ''),
    'keras.constraints.deserialize_keras_object': ('keras.utils.deserialize_keras_object', ''),
    'keras.constraints.maxnorm': ('keras.constraints.MaxNorm', ''),
    'keras.constraints.nonneg': ('keras.constraints.NonNeg', ''),
    'keras.constraints.serialize_keras_object': ('keras.utils.serialize_keras_object', ''),
    'keras.constraints.unitnorm': ('keras.constraints.UnitNorm', ''),
    'keras.datasets.boston_housing.get_file': ('keras.utils.get_file', ''),
    'keras.datasets.cifar': (None, 'module'),
    'keras.datasets.cifar.load_batch':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.datasets.cifar10.K': ('keras.backend', ''),
    'keras.datasets.cifar10.get_file': ('keras.utils.get_file', ''),
    'keras.datasets.cifar10.load_batch':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.datasets.cifar100.K': ('keras.backend', ''),
    'keras.datasets.cifar100.get_file': ('keras.utils.get_file', ''),
    'keras.datasets.cifar100.load_batch':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.datasets.fashion_mnist.get_file': ('keras.utils.get_file', ''),
    'keras.datasets.imdb.get_file': ('keras.utils.get_file', ''),
    'keras.datasets.mnist.get_file': ('keras.utils.get_file', ''),
    'keras.datasets.reuters.get_file': ('keras.utils.get_file', ''),
    'keras.engine': (None, 'module'),
    'keras.engine.Input': ('keras.Input', ''),
    'keras.engine.InputLayer': ('keras.layers.InputLayer', ''),
    'keras.engine.InputSpec': ('keras.layers.InputSpec', ''),
    'keras.engine.Layer': ('keras.layers.Layer', ''),
    'keras.engine.Model': ('keras.Model', ''),
    'keras.engine.base_layer': (None, 'module'),
    'keras.engine.base_layer.InputSpec': ('keras.layers.InputSpec', ''),
    'keras.engine.base_layer.K': ('keras.backend', ''),
    'keras.engine.base_layer.Layer': ('keras.layers.Layer', ''),
    'keras.engine.base_layer.Node':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.base_layer.count_params':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.base_layer.disable_tracking':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.base_layer.has_arg':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.base_layer.initializers': ('keras.initializers', ''),
    'keras.engine.base_layer.is_all_none':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.base_layer.object_list_uid':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.base_layer.to_list':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.base_layer.unpack_singleton':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.get_source_inputs': ('keras.utils.get_source_inputs', ''),
    'keras.engine.input_layer': (None, 'module'),
    'keras.engine.input_layer.Input': ('keras.Input', ''),
    'keras.engine.input_layer.InputLayer': ('keras.layers.InputLayer', ''),
    'keras.engine.input_layer.K': ('keras.backend', ''),
    'keras.engine.input_layer.Layer': ('keras.layers.Layer', ''),
    'keras.engine.input_layer.Node':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.input_layer.unpack_singleton':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.network': (None, 'module'),
    'keras.engine.network.InputLayer': ('keras.layers.InputLayer', ''),
    'keras.engine.network.K': ('keras.backend', ''),
    'keras.engine.network.Layer': ('keras.layers.Layer', ''),
    'keras.engine.network.Network':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.network.Node': (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.network.ask_to_proceed_with_overwrite':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.network.get_source_inputs': ('keras.utils.get_source_inputs', ''),
    'keras.engine.network.has_arg':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.network.object_list_uid':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.network.print_layer_summary':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.network.to_list':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.network.unpack_singleton':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.saving': (None, 'module'),
    'keras.engine.saving.H5Dict': (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.saving.K': ('keras.backend', ''),
    'keras.engine.saving.allow_read_from_gcs':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.saving.allow_write_to_gcs':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.saving.ask_to_proceed_with_overwrite':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.saving.h5dict': (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.saving.load_attributes_from_hdf5_group':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.saving.load_from_binary_h5py':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.saving.load_model': ('keras.models.load_model', ''),
    'keras.engine.saving.load_weights_from_hdf5_group':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.saving.load_weights_from_hdf5_group_by_name':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.saving.losses': ('keras.losses', ''),
    'keras.engine.saving.model_from_config':
        (None, "Keras 3 has none: Keras 2 read {'class_name', 'config'} with keras.layers.deserialize, which in "
         'Keras 3 knows no Sequential or Functional; to copy a model use keras.models.clone_model(model) and '
         'set_weights(model.get_weights()), to rebuild a saved one '
         'keras.models.model_from_json(model.to_json())'),
    'keras.engine.saving.model_from_json': ('keras.models.model_from_json', ''),
    'keras.engine.saving.model_from_yaml':
        (None, 'removed (loading YAML could run arbitrary code): write the architecture with model.to_json() and '
         'read it with keras.models.model_from_json'),
    'keras.engine.saving.optimizers': ('keras.optimizers', ''),
    'keras.engine.saving.pickle_model':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.saving.preprocess_weights_for_loading':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.saving.save_attributes_to_hdf5_group':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.saving.save_model': ('keras.models.save_model', ''),
    'keras.engine.saving.save_to_binary_h5py':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.saving.save_weights_to_hdf5_group':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.saving.unpickle_model':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.sequential': (None, 'module'),
    'keras.engine.sequential.Input': ('keras.Input', ''),
    'keras.engine.sequential.InputLayer': ('keras.layers.InputLayer', ''),
    'keras.engine.sequential.K': ('keras.backend', ''),
    'keras.engine.sequential.Layer': ('keras.layers.Layer', ''),
    'keras.engine.sequential.Model': ('keras.Model', ''),
    'keras.engine.sequential.Sequential': ('keras.Sequential', ''),
    'keras.engine.topology': (None, 'module'),
    'keras.engine.topology.Container':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.topology.Input': ('keras.Input', ''),
    'keras.engine.topology.InputLayer': ('keras.layers.InputLayer', ''),
    'keras.engine.topology.InputSpec': ('keras.layers.InputSpec', ''),
    'keras.engine.topology.K': ('keras.backend', ''),
    'keras.engine.topology.Layer': ('keras.layers.Layer', ''),
    'keras.engine.topology.Merge':
        (None, "Keras 1's Merge layer: use keras.layers.Add, Concatenate, Multiply, Average, Maximum or Dot (for its"
         ' mode=); a Merge of Sequential models becomes the functional form: '
         "keras.layers.concatenate([m1.output, m2.output]) (or its mode's function), the layers after it "
         'applied to that, and keras.Model([m1.input, m2.input], outputs)'),
    'keras.engine.topology.Network':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.topology.Node': (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.topology.ask_to_proceed_with_overwrite':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.topology.count_params':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.topology.get_source_inputs': ('keras.utils.get_source_inputs', ''),
    'keras.engine.topology.has_arg':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.topology.initializers': ('keras.initializers', ''),
    'keras.engine.topology.load_weights_from_hdf5_group':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.topology.load_weights_from_hdf5_group_by_name':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.topology.preprocess_weights_for_loading':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.topology.print_layer_summary':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.topology.save_weights_to_hdf5_group':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training': (None, 'module'),
    'keras.engine.training.Container':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training.GeneratorEnqueuer':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training.K': ('keras.backend', ''),
    'keras.engine.training.Layer': ('keras.layers.Layer', ''),
    'keras.engine.training.Model': ('keras.Model', ''),
    'keras.engine.training.Network':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training.OrderedEnqueuer':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training.Progbar': ('keras.utils.Progbar', ''),
    'keras.engine.training.Sequence': ('keras.utils.Sequence', ''),
    'keras.engine.training.check_array_length_consistency':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training.check_loss_and_target_compatibility':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training.collect_metrics':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training.losses': ('keras.losses', ''),
    'keras.engine.training.optimizers': ('keras.optimizers', ''),
    'keras.engine.training.slice_arrays':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training.standardize_class_weights':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training.standardize_input_data':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training.standardize_sample_weights':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training.standardize_weights':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training.to_list':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training.unpack_singleton':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training.weighted_masked_objective':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training_arrays': (None, 'module'),
    'keras.engine.training_arrays.K': ('keras.backend', ''),
    'keras.engine.training_arrays.Progbar': ('keras.utils.Progbar', ''),
    'keras.engine.training_arrays.batch_shuffle':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training_arrays.check_num_samples':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training_arrays.fit_loop':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training_arrays.make_batches':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training_arrays.predict_loop':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training_arrays.should_run_validation':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training_arrays.slice_arrays':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training_arrays.test_loop':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training_arrays.to_list':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training_arrays.unpack_singleton':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training_generator': (None, 'module'),
    'keras.engine.training_generator.GeneratorEnqueuer':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training_generator.K': ('keras.backend', ''),
    'keras.engine.training_generator.OrderedEnqueuer':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training_generator.Progbar': ('keras.utils.Progbar', ''),
    'keras.engine.training_generator.Sequence': ('keras.utils.Sequence', ''),
    'keras.engine.training_generator.evaluate_generator':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training_generator.fit_generator':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training_generator.is_sequence':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training_generator.iter_sequence_infinite':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training_generator.predict_generator':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training_generator.should_run_validation':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training_generator.to_list':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training_generator.unpack_singleton':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training_utils': (None, 'module'),
    'keras.engine.training_utils.K': ('keras.backend', ''),
    'keras.engine.training_utils.Sequence': ('keras.utils.Sequence', ''),
    'keras.engine.training_utils.batch_shuffle':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training_utils.call_metric_function':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training_utils.check_array_length_consistency':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training_utils.check_generator_arguments':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training_utils.check_loss_and_target_compatibility':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training_utils.check_num_samples':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training_utils.collect_metrics':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training_utils.collect_per_output_metric_info':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training_utils.get_input_shape_and_dtype':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training_utils.get_loss_function':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training_utils.get_metric_function':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training_utils.get_metric_name':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training_utils.get_output_sample_weight_and_mode':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training_utils.get_static_batch_size':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training_utils.is_generator_or_sequence':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training_utils.is_sequence':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training_utils.iter_sequence_infinite':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training_utils.losses': ('keras.losses', ''),
    'keras.engine.training_utils.make_batches':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training_utils.prepare_loss_functions':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training_utils.prepare_loss_weights':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training_utils.prepare_sample_weights':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training_utils.should_run_validation':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training_utils.standardize_class_weights':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training_utils.standardize_input_data':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training_utils.standardize_sample_or_class_weights':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training_utils.standardize_sample_weights':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training_utils.standardize_single_array':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training_utils.standardize_weights':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training_utils.to_list':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.engine.training_utils.weighted_masked_objective':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.initializations':
        (None, "Keras 1's initializations module: use keras.initializers (RandomNormal(stddev=...), GlorotUniform(), get(name))"),
    'keras.initializers.K': ('keras.backend', ''),
    'keras.initializers.deserialize_keras_object': ('keras.utils.deserialize_keras_object', ''),
    'keras.initializers.normal': ('keras.initializers.RandomNormal', ''),
    'keras.initializers.one': ('keras.initializers.Ones', ''),
    'keras.initializers.serialize_keras_object': ('keras.utils.serialize_keras_object', ''),
    'keras.initializers.uniform': ('keras.initializers.RandomUniform', ''),
    'keras.initializers.zero': ('keras.initializers.Zeros', ''),
    'keras.layers.AtrousConv1D': (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.layers.AtrousConv2D': (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.layers.AtrousConvolution1D':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.layers.AtrousConvolution2D':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.layers.ConvLSTM2DCell':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.layers.ConvRNN2D': (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.layers.ConvRecurrent2D':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.layers.CuDNNGRU': ('keras.layers.GRU', 'positional-units-only'),
    'keras.layers.CuDNNLSTM': ('keras.layers.LSTM', 'positional-units-only'),
    'keras.layers.Deconv2D': ('keras.layers.Conv2DTranspose', ''),
    'keras.layers.Deconv3D': ('keras.layers.Conv3DTranspose', ''),
    'keras.layers.Deconvolution2D': ('keras.layers.Conv2DTranspose', ''),
    'keras.layers.Deconvolution3D': ('keras.layers.Conv3DTranspose', ''),
    'keras.layers.Highway': (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.layers.K': ('keras.backend', ''),
    'keras.layers.LocallyConnected1D':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.layers.LocallyConnected2D':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.layers.MaxoutDense': (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.layers.Merge':
        (None, "Keras 1's Merge layer: use keras.layers.Add, Concatenate, Multiply, Average, Maximum or Dot (for its"
         ' mode=); a Merge of Sequential models becomes the functional form: '
         "keras.layers.concatenate([m1.output, m2.output]) (or its mode's function), the layers after it "
         'applied to that, and keras.Model([m1.input, m2.input], outputs)'),
    'keras.layers.Recurrent': (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.layers.ThresholdedReLU': ('tensorflow.keras.layers.ThresholdedReLU', ''),
    'keras.layers.activations': ('keras.activations', ''),
    'keras.layers.advanced_activations': (None, 'module'),
    'keras.layers.advanced_activations.ELU': ('keras.layers.ELU', ''),
    'keras.layers.advanced_activations.InputSpec': ('keras.layers.InputSpec', ''),
    'keras.layers.advanced_activations.K': ('keras.backend', ''),
    'keras.layers.advanced_activations.Layer': ('keras.layers.Layer', ''),
    'keras.layers.advanced_activations.LeakyReLU': ('keras.layers.LeakyReLU', ''),
    'keras.layers.advanced_activations.PReLU': ('keras.layers.PReLU', ''),
    'keras.layers.advanced_activations.ReLU': ('keras.layers.ReLU', ''),
    'keras.layers.advanced_activations.Softmax': ('keras.layers.Softmax', ''),
    'keras.layers.advanced_activations.ThresholdedReLU': ('tensorflow.keras.layers.ThresholdedReLU', ''),
    'keras.layers.advanced_activations.activations': ('keras.activations', ''),
    'keras.layers.advanced_activations.constraints': ('keras.constraints', ''),
    'keras.layers.advanced_activations.initializers': ('keras.initializers', ''),
    'keras.layers.advanced_activations.regularizers': ('keras.regularizers', ''),
    'keras.layers.advanced_activations.to_list':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.layers.constraints': ('keras.constraints', ''),
    'keras.layers.convolutional': (None, 'module'),
    'keras.layers.convolutional.AtrousConv1D':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.layers.convolutional.AtrousConv2D':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.layers.convolutional.AtrousConvolution1D':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.layers.convolutional.AtrousConvolution2D':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.layers.convolutional.AveragePooling1D': ('keras.layers.AveragePooling1D', ''),
    'keras.layers.convolutional.AveragePooling2D': ('keras.layers.AveragePooling2D', ''),
    'keras.layers.convolutional.AveragePooling3D': ('keras.layers.AveragePooling3D', ''),
    'keras.layers.convolutional.Conv1D': ('keras.layers.Conv1D', ''),
    'keras.layers.convolutional.Conv2D': ('keras.layers.Conv2D', ''),
    'keras.layers.convolutional.Conv2DTranspose': ('keras.layers.Conv2DTranspose', ''),
    'keras.layers.convolutional.Conv3D': ('keras.layers.Conv3D', ''),
    'keras.layers.convolutional.Conv3DTranspose': ('keras.layers.Conv3DTranspose', ''),
    'keras.layers.convolutional.Convolution1D': ('keras.layers.Conv1D', ''),
    'keras.layers.convolutional.Convolution2D': ('keras.layers.Conv2D', ''),
    'keras.layers.convolutional.Convolution2DTranspose': ('keras.layers.Conv2DTranspose', ''),
    'keras.layers.convolutional.Convolution3D': ('keras.layers.Conv3D', ''),
    'keras.layers.convolutional.Cropping1D': ('keras.layers.Cropping1D', ''),
    'keras.layers.convolutional.Cropping2D': ('keras.layers.Cropping2D', ''),
    'keras.layers.convolutional.Cropping3D': ('keras.layers.Cropping3D', ''),
    'keras.layers.convolutional.Deconv2D': ('keras.layers.Conv2DTranspose', ''),
    'keras.layers.convolutional.Deconv3D': ('keras.layers.Conv3DTranspose', ''),
    'keras.layers.convolutional.Deconvolution2D': ('keras.layers.Conv2DTranspose', ''),
    'keras.layers.convolutional.Deconvolution3D': ('keras.layers.Conv3DTranspose', ''),
    'keras.layers.convolutional.DepthwiseConv2D': ('keras.layers.DepthwiseConv2D', ''),
    'keras.layers.convolutional.InputSpec': ('keras.layers.InputSpec', ''),
    'keras.layers.convolutional.K': ('keras.backend', ''),
    'keras.layers.convolutional.Layer': ('keras.layers.Layer', ''),
    'keras.layers.convolutional.MaxPooling1D': ('keras.layers.MaxPool1D', ''),
    'keras.layers.convolutional.MaxPooling2D': ('keras.layers.MaxPool2D', ''),
    'keras.layers.convolutional.MaxPooling3D': ('keras.layers.MaxPool3D', ''),
    'keras.layers.convolutional.SeparableConv1D': ('keras.layers.SeparableConv1D', ''),
    'keras.layers.convolutional.SeparableConv2D': ('keras.layers.SeparableConv2D', ''),
    'keras.layers.convolutional.SeparableConvolution1D': ('keras.layers.SeparableConv1D', ''),
    'keras.layers.convolutional.SeparableConvolution2D': ('keras.layers.SeparableConv2D', ''),
    'keras.layers.convolutional.UpSampling1D': ('keras.layers.UpSampling1D', ''),
    'keras.layers.convolutional.UpSampling2D': ('keras.layers.UpSampling2D', ''),
    'keras.layers.convolutional.UpSampling3D': ('keras.layers.UpSampling3D', ''),
    'keras.layers.convolutional.ZeroPadding1D': ('keras.layers.ZeroPadding1D', ''),
    'keras.layers.convolutional.ZeroPadding2D': ('keras.layers.ZeroPadding2D', ''),
    'keras.layers.convolutional.ZeroPadding3D': ('keras.layers.ZeroPadding3D', ''),
    'keras.layers.convolutional.activations': ('keras.activations', ''),
    'keras.layers.convolutional.constraints': ('keras.constraints', ''),
    'keras.layers.convolutional.initializers': ('keras.initializers', ''),
    'keras.layers.convolutional.regularizers': ('keras.regularizers', ''),
    'keras.layers.convolutional.transpose_shape':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.layers.convolutional_recurrent': (None, 'module'),
    'keras.layers.convolutional_recurrent.ConvLSTM2D': ('keras.layers.ConvLSTM2D', ''),
    'keras.layers.convolutional_recurrent.ConvLSTM2DCell':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.layers.convolutional_recurrent.ConvRNN2D':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.layers.convolutional_recurrent.ConvRecurrent2D':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.layers.convolutional_recurrent.InputSpec': ('keras.layers.InputSpec', ''),
    'keras.layers.convolutional_recurrent.K': ('keras.backend', ''),
    'keras.layers.convolutional_recurrent.Layer': ('keras.layers.Layer', ''),
    'keras.layers.convolutional_recurrent.RNN': ('keras.layers.RNN', ''),
    'keras.layers.convolutional_recurrent.Recurrent':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.layers.convolutional_recurrent.activations': ('keras.activations', ''),
    'keras.layers.convolutional_recurrent.constraints': ('keras.constraints', ''),
    'keras.layers.convolutional_recurrent.has_arg':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.layers.convolutional_recurrent.initializers': ('keras.initializers', ''),
    'keras.layers.convolutional_recurrent.regularizers': ('keras.regularizers', ''),
    'keras.layers.convolutional_recurrent.to_list':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.layers.convolutional_recurrent.transpose_shape':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.layers.core': (None, 'module'),
    'keras.layers.core.Activation': ('keras.layers.Activation', ''),
    'keras.layers.core.ActivityRegularization': ('keras.layers.ActivityRegularization', ''),
    'keras.layers.core.Dense': ('keras.layers.Dense', ''),
    'keras.layers.core.Dropout': ('keras.layers.Dropout', ''),
    'keras.layers.core.Flatten': ('keras.layers.Flatten', ''),
    'keras.layers.core.InputSpec': ('keras.layers.InputSpec', ''),
    'keras.layers.core.K': ('keras.backend', ''),
    'keras.layers.core.Lambda': ('keras.layers.Lambda', ''),
    'keras.layers.core.Layer': ('keras.layers.Layer', ''),
    'keras.layers.core.Masking': ('keras.layers.Masking', ''),
    'keras.layers.core.Merge':
        (None, "Keras 1's Merge layer: use keras.layers.Add, Concatenate, Multiply, Average, Maximum or Dot (for its"
         ' mode=); a Merge of Sequential models becomes the functional form: '
         "keras.layers.concatenate([m1.output, m2.output]) (or its mode's function), the layers after it "
         'applied to that, and keras.Model([m1.input, m2.input], outputs)'),
    'keras.layers.core.Permute': ('keras.layers.Permute', ''),
    'keras.layers.core.RepeatVector': ('keras.layers.RepeatVector', ''),
    'keras.layers.core.Reshape': ('keras.layers.Reshape', ''),
    'keras.layers.core.SpatialDropout1D': ('keras.layers.SpatialDropout1D', ''),
    'keras.layers.core.SpatialDropout2D': ('keras.layers.SpatialDropout2D', ''),
    'keras.layers.core.SpatialDropout3D': ('keras.layers.SpatialDropout3D', ''),
    'keras.layers.core.activations': ('keras.activations', ''),
    'keras.layers.core.constraints': ('keras.constraints', ''),
    'keras.layers.core.deserialize_keras_object': ('keras.utils.deserialize_keras_object', ''),
    'keras.layers.core.func_dump':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.layers.core.func_load':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.layers.core.has_arg': (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.layers.core.initializers': ('keras.initializers', ''),
    'keras.layers.core.merge':
        (None, "Keras 1's merge function: use keras.layers.add, concatenate, multiply, average, maximum or dot (for its mode=)"),
    'keras.layers.core.regularizers': ('keras.regularizers', ''),
    'keras.layers.cudnn_recurrent': (None, 'module'),
    'keras.layers.cudnn_recurrent.CuDNNGRU': ('keras.layers.GRU', 'positional-units-only'),
    'keras.layers.cudnn_recurrent.CuDNNLSTM': ('keras.layers.LSTM', 'positional-units-only'),
    'keras.layers.cudnn_recurrent.InputSpec': ('keras.layers.InputSpec', ''),
    'keras.layers.cudnn_recurrent.K': ('keras.backend', ''),
    'keras.layers.cudnn_recurrent.RNN': ('keras.layers.RNN', ''),
    'keras.layers.cudnn_recurrent.constraints': ('keras.constraints', ''),
    'keras.layers.cudnn_recurrent.initializers': ('keras.initializers', ''),
    'keras.layers.cudnn_recurrent.regularizers': ('keras.regularizers', ''),
    'keras.layers.deserialize_keras_object': ('keras.utils.deserialize_keras_object', ''),
    'keras.layers.embeddings': (None, 'module'),
    'keras.layers.embeddings.Embedding': ('keras.layers.Embedding', ''),
    'keras.layers.embeddings.K': ('keras.backend', ''),
    'keras.layers.embeddings.Layer': ('keras.layers.Layer', ''),
    'keras.layers.embeddings.constraints': ('keras.constraints', ''),
    'keras.layers.embeddings.initializers': ('keras.initializers', ''),
    'keras.layers.embeddings.regularizers': ('keras.regularizers', ''),
    'keras.layers.embeddings.to_list':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.layers.func_dump': (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.layers.func_load': (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.layers.has_arg': (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.layers.initializers': ('keras.initializers', ''),
    'keras.layers.local': (None, 'module'),
    'keras.layers.local.InputSpec': ('keras.layers.InputSpec', ''),
    'keras.layers.local.K': ('keras.backend', ''),
    'keras.layers.local.Layer': ('keras.layers.Layer', ''),
    'keras.layers.local.LocallyConnected1D':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.layers.local.LocallyConnected2D':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.layers.local.activations': ('keras.activations', ''),
    'keras.layers.local.constraints': ('keras.constraints', ''),
    'keras.layers.local.initializers': ('keras.initializers', ''),
    'keras.layers.local.regularizers': ('keras.regularizers', ''),
    'keras.layers.merge': (None, 'module'),
    'keras.layers.merge.Add': ('keras.layers.Add', ''),
    'keras.layers.merge.Average': ('keras.layers.Average', ''),
    'keras.layers.merge.Concatenate': ('keras.layers.Concatenate', ''),
    'keras.layers.merge.Dot': ('keras.layers.Dot', ''),
    'keras.layers.merge.K': ('keras.backend', ''),
    'keras.layers.merge.Layer': ('keras.layers.Layer', ''),
    'keras.layers.merge.Maximum': ('keras.layers.Maximum', ''),
    'keras.layers.merge.Minimum': ('keras.layers.Minimum', ''),
    'keras.layers.merge.Multiply': ('keras.layers.Multiply', ''),
    'keras.layers.merge.Subtract': ('keras.layers.Subtract', ''),
    'keras.layers.merge.add': ('keras.layers.add', ''),
    'keras.layers.merge.average': ('keras.layers.average', ''),
    'keras.layers.merge.concatenate': ('keras.layers.concatenate', ''),
    'keras.layers.merge.dot': ('keras.layers.dot', ''),
    'keras.layers.merge.maximum': ('keras.layers.maximum', ''),
    'keras.layers.merge.minimum': ('keras.layers.minimum', ''),
    'keras.layers.merge.multiply': ('keras.layers.multiply', ''),
    'keras.layers.merge.subtract': ('keras.layers.subtract', ''),
    'keras.layers.noise': (None, 'module'),
    'keras.layers.noise.AlphaDropout': ('keras.layers.AlphaDropout', ''),
    'keras.layers.noise.GaussianDropout': ('keras.layers.GaussianDropout', ''),
    'keras.layers.noise.GaussianNoise': ('keras.layers.GaussianNoise', ''),
    'keras.layers.noise.K': ('keras.backend', ''),
    'keras.layers.noise.Layer': ('keras.layers.Layer', ''),
    'keras.layers.normalization': (None, 'module'),
    'keras.layers.normalization.BatchNormalization': ('keras.layers.BatchNormalization', ''),
    'keras.layers.normalization.InputSpec': ('keras.layers.InputSpec', ''),
    'keras.layers.normalization.K': ('keras.backend', ''),
    'keras.layers.normalization.Layer': ('keras.layers.Layer', ''),
    'keras.layers.normalization.constraints': ('keras.constraints', ''),
    'keras.layers.normalization.initializers': ('keras.initializers', ''),
    'keras.layers.normalization.regularizers': ('keras.regularizers', ''),
    'keras.layers.object_list_uid':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.layers.pooling': (None, 'module'),
    'keras.layers.pooling.AveragePooling1D': ('keras.layers.AveragePooling1D', ''),
    'keras.layers.pooling.AveragePooling2D': ('keras.layers.AveragePooling2D', ''),
    'keras.layers.pooling.AveragePooling3D': ('keras.layers.AveragePooling3D', ''),
    'keras.layers.pooling.AvgPool1D': ('keras.layers.AveragePooling1D', ''),
    'keras.layers.pooling.AvgPool2D': ('keras.layers.AveragePooling2D', ''),
    'keras.layers.pooling.AvgPool3D': ('keras.layers.AveragePooling3D', ''),
    'keras.layers.pooling.GlobalAveragePooling1D': ('keras.layers.GlobalAveragePooling1D', ''),
    'keras.layers.pooling.GlobalAveragePooling2D': ('keras.layers.GlobalAveragePooling2D', ''),
    'keras.layers.pooling.GlobalAveragePooling3D': ('keras.layers.GlobalAveragePooling3D', ''),
    'keras.layers.pooling.GlobalAvgPool1D': ('keras.layers.GlobalAveragePooling1D', ''),
    'keras.layers.pooling.GlobalAvgPool2D': ('keras.layers.GlobalAveragePooling2D', ''),
    'keras.layers.pooling.GlobalAvgPool3D': ('keras.layers.GlobalAveragePooling3D', ''),
    'keras.layers.pooling.GlobalMaxPool1D': ('keras.layers.GlobalMaxPool1D', ''),
    'keras.layers.pooling.GlobalMaxPool2D': ('keras.layers.GlobalMaxPool2D', ''),
    'keras.layers.pooling.GlobalMaxPool3D': ('keras.layers.GlobalMaxPool3D', ''),
    'keras.layers.pooling.GlobalMaxPooling1D': ('keras.layers.GlobalMaxPool1D', ''),
    'keras.layers.pooling.GlobalMaxPooling2D': ('keras.layers.GlobalMaxPool2D', ''),
    'keras.layers.pooling.GlobalMaxPooling3D': ('keras.layers.GlobalMaxPool3D', ''),
    'keras.layers.pooling.InputSpec': ('keras.layers.InputSpec', ''),
    'keras.layers.pooling.K': ('keras.backend', ''),
    'keras.layers.pooling.Layer': ('keras.layers.Layer', ''),
    'keras.layers.pooling.MaxPool1D': ('keras.layers.MaxPool1D', ''),
    'keras.layers.pooling.MaxPool2D': ('keras.layers.MaxPool2D', ''),
    'keras.layers.pooling.MaxPool3D': ('keras.layers.MaxPool3D', ''),
    'keras.layers.pooling.MaxPooling1D': ('keras.layers.MaxPool1D', ''),
    'keras.layers.pooling.MaxPooling2D': ('keras.layers.MaxPool2D', ''),
    'keras.layers.pooling.MaxPooling3D': ('keras.layers.MaxPool3D', ''),
    'keras.layers.recurrent': (None, 'module'),
    'keras.layers.recurrent.GRU': ('keras.layers.GRU', ''),
    'keras.layers.recurrent.GRUCell': ('keras.layers.GRUCell', ''),
    'keras.layers.recurrent.InputSpec': ('keras.layers.InputSpec', ''),
    'keras.layers.recurrent.K': ('keras.backend', ''),
    'keras.layers.recurrent.LSTM': ('keras.layers.LSTM', ''),
    'keras.layers.recurrent.LSTMCell': ('keras.layers.LSTMCell', ''),
    'keras.layers.recurrent.Layer': ('keras.layers.Layer', ''),
    'keras.layers.recurrent.RNN': ('keras.layers.RNN', ''),
    'keras.layers.recurrent.Recurrent':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.layers.recurrent.SimpleRNN': ('keras.layers.SimpleRNN', ''),
    'keras.layers.recurrent.SimpleRNNCell': ('keras.layers.SimpleRNNCell', ''),
    'keras.layers.recurrent.StackedRNNCells': ('keras.layers.StackedRNNCells', ''),
    'keras.layers.recurrent.activations': ('keras.activations', ''),
    'keras.layers.recurrent.constraints': ('keras.constraints', ''),
    'keras.layers.recurrent.disable_tracking':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.layers.recurrent.has_arg':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.layers.recurrent.initializers': ('keras.initializers', ''),
    'keras.layers.recurrent.regularizers': ('keras.regularizers', ''),
    'keras.layers.recurrent.to_list':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.layers.regularizers': ('keras.regularizers', ''),
    'keras.layers.to_list': (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.layers.transpose_shape':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.layers.wrappers': (None, 'module'),
    'keras.layers.wrappers.Bidirectional': ('keras.layers.Bidirectional', ''),
    'keras.layers.wrappers.InputSpec': ('keras.layers.InputSpec', ''),
    'keras.layers.wrappers.K': ('keras.backend', ''),
    'keras.layers.wrappers.Layer': ('keras.layers.Layer', ''),
    'keras.layers.wrappers.TimeDistributed': ('keras.layers.TimeDistributed', ''),
    'keras.layers.wrappers.Wrapper': ('keras.layers.Wrapper', ''),
    'keras.layers.wrappers.disable_tracking':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.layers.wrappers.has_arg':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.layers.wrappers.object_list_uid':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.legacy.interfaces': (None, 'module'),
    'keras.legacy.interfaces.add_weight_args_preprocessing':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.legacy.interfaces.batchnorm_args_preprocessor':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.legacy.interfaces.conv1d_args_preprocessor':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.legacy.interfaces.conv2d_args_preprocessor':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.legacy.interfaces.conv3d_args_preprocessor':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.legacy.interfaces.convlstm2d_args_preprocessor':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.legacy.interfaces.deconv2d_args_preprocessor':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.legacy.interfaces.embedding_kwargs_preprocessor':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.legacy.interfaces.generate_legacy_interface':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.legacy.interfaces.generator_methods_args_preprocessor':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.legacy.interfaces.get_updates_arg_preprocessing':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.legacy.interfaces.legacy_add_weight_support':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.legacy.interfaces.legacy_batchnorm_support':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.legacy.interfaces.legacy_conv1d_support':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.legacy.interfaces.legacy_conv2d_support':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.legacy.interfaces.legacy_conv3d_support':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.legacy.interfaces.legacy_convlstm2d_support':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.legacy.interfaces.legacy_cropping2d_support':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.legacy.interfaces.legacy_cropping3d_support':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.legacy.interfaces.legacy_deconv2d_support':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.legacy.interfaces.legacy_dense_support':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.legacy.interfaces.legacy_dropout_support':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.legacy.interfaces.legacy_embedding_support':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.legacy.interfaces.legacy_gaussiandropout_support':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.legacy.interfaces.legacy_gaussiannoise_support':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.legacy.interfaces.legacy_generator_methods_support':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.legacy.interfaces.legacy_get_updates_support':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.legacy.interfaces.legacy_global_pooling_support':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.legacy.interfaces.legacy_input_support':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.legacy.interfaces.legacy_lambda_support':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.legacy.interfaces.legacy_model_constructor_support':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.legacy.interfaces.legacy_pooling1d_support':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.legacy.interfaces.legacy_pooling2d_support':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.legacy.interfaces.legacy_pooling3d_support':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.legacy.interfaces.legacy_prelu_support':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.legacy.interfaces.legacy_recurrent_support':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.legacy.interfaces.legacy_separable_conv2d_support':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.legacy.interfaces.legacy_spatialdropout1d_support':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.legacy.interfaces.legacy_spatialdropoutNd_support':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.legacy.interfaces.legacy_upsampling1d_support':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.legacy.interfaces.legacy_upsampling2d_support':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.legacy.interfaces.legacy_upsampling3d_support':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.legacy.interfaces.legacy_zeropadding2d_support':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.legacy.interfaces.legacy_zeropadding3d_support':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.legacy.interfaces.raise_duplicate_arg_error':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.legacy.interfaces.recurrent_args_preprocessor':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.legacy.interfaces.separable_conv2d_args_preprocessor':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.legacy.interfaces.zeropadding2d_args_preprocessor':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.legacy.layers': (None, 'module'),
    'keras.legacy.layers.AtrousConvolution1D':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.legacy.layers.AtrousConvolution2D':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.legacy.layers.ConvRecurrent2D':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.legacy.layers.Highway':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.legacy.layers.InputSpec': ('keras.layers.InputSpec', ''),
    'keras.legacy.layers.K': ('keras.backend', ''),
    'keras.legacy.layers.Layer': ('keras.layers.Layer', ''),
    'keras.legacy.layers.MaxoutDense':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.legacy.layers.Merge':
        (None, "Keras 1's Merge layer: use keras.layers.Add, Concatenate, Multiply, Average, Maximum or Dot (for its"
         ' mode=); a Merge of Sequential models becomes the functional form: '
         "keras.layers.concatenate([m1.output, m2.output]) (or its mode's function), the layers after it "
         'applied to that, and keras.Model([m1.input, m2.input], outputs)'),
    'keras.legacy.layers.Recurrent':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.legacy.layers.activations': ('keras.activations', ''),
    'keras.legacy.layers.constraints': ('keras.constraints', ''),
    'keras.legacy.layers.func_dump':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.legacy.layers.func_load':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.legacy.layers.has_arg':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.legacy.layers.initializers': ('keras.initializers', ''),
    'keras.legacy.layers.merge':
        (None, "Keras 1's merge function: use keras.layers.add, concatenate, multiply, average, maximum or dot (for its mode=)"),
    'keras.legacy.layers.regularizers': ('keras.regularizers', ''),
    'keras.legacy.layers.to_list':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.legacy.models': (None, 'module'),
    'keras.legacy.models.Merge':
        (None, "Keras 1's Merge layer: use keras.layers.Add, Concatenate, Multiply, Average, Maximum or Dot (for its"
         ' mode=); a Merge of Sequential models becomes the functional form: '
         "keras.layers.concatenate([m1.output, m2.output]) (or its mode's function), the layers after it "
         'applied to that, and keras.Model([m1.input, m2.input], outputs)'),
    'keras.legacy.models.legacy_sequential_layers':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.legacy.models.needs_legacy_support':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.losses.K': ('keras.backend', ''),
    'keras.losses.KLD': ('keras.losses.kl_divergence', ''),
    'keras.losses.LossFunctionWrapper':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.losses.MAE': ('keras.losses.mean_absolute_error', ''),
    'keras.losses.MAPE': ('keras.losses.mean_absolute_percentage_error', ''),
    'keras.losses.MSE': ('keras.losses.mean_squared_error', ''),
    'keras.losses.MSLE': ('keras.losses.mean_squared_logarithmic_error', ''),
    'keras.losses.cosine': ('keras.losses.cosine_similarity', ''),
    'keras.losses.cosine_proximity': ('keras.losses.cosine_similarity', ''),
    'keras.losses.deserialize_keras_object': ('keras.utils.deserialize_keras_object', ''),
    'keras.losses.huber_loss':
        (None, "Keras 2.3.1's huber_loss gave each element's loss; keras.losses.huber(y_true, y_pred, delta) is "
         'their mean over the last axis (keras.losses.Huber as a loss)'),
    'keras.losses.is_categorical_crossentropy':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.losses.kld': ('keras.losses.kl_divergence', ''),
    'keras.losses.kullback_leibler_divergence': ('keras.losses.kl_divergence', ''),
    'keras.losses.logcosh': ('keras.losses.log_cosh', ''),
    'keras.losses.mae': ('keras.losses.mean_absolute_error', ''),
    'keras.losses.mape': ('keras.losses.mean_absolute_percentage_error', ''),
    'keras.losses.mse': ('keras.losses.mean_squared_error', ''),
    'keras.losses.msle': ('keras.losses.mean_squared_logarithmic_error', ''),
    'keras.losses.serialize_keras_object': ('keras.utils.serialize_keras_object', ''),
    'keras.metrics.K': ('keras.backend', ''),
    'keras.metrics.Layer': ('keras.layers.Layer', ''),
    'keras.metrics.MAE': ('keras.losses.mean_absolute_error', ''),
    'keras.metrics.MAPE': ('keras.losses.mean_absolute_percentage_error', ''),
    'keras.metrics.MSE': ('keras.losses.mean_squared_error', ''),
    'keras.metrics.MSLE': ('keras.losses.mean_squared_logarithmic_error', ''),
    'keras.metrics.Reduce': (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.metrics.SensitivitySpecificityBase':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.metrics.accuracy':
        (None, "Keras 2.3.1's accuracy was each element's equality, not a mean: "
         "keras.ops.cast(keras.ops.equal(y_true, y_pred), 'float32') (keras.metrics.Accuracy as a metric)"),
    'keras.metrics.clone_metric': (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.metrics.clone_metrics':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.metrics.cosine':
        (None, "Keras 2.3.1's metric was +sum(l2_normalize(y_true) * l2_normalize(y_pred)) over the axis; "
         'keras.losses.cosine_similarity is its negative (keras.metrics.CosineSimilarity as a metric)'),
    'keras.metrics.cosine_proximity':
        (None, "Keras 2.3.1's metric was +sum(l2_normalize(y_true) * l2_normalize(y_pred)) over the axis; "
         'keras.losses.cosine_similarity is its negative (keras.metrics.CosineSimilarity as a metric)'),
    'keras.metrics.cosine_similarity':
        (None, "Keras 2.3.1's metric was +sum(l2_normalize(y_true) * l2_normalize(y_pred)) over the axis; "
         'keras.losses.cosine_similarity is its negative (keras.metrics.CosineSimilarity as a metric)'),
    'keras.metrics.deserialize_keras_object': ('keras.utils.deserialize_keras_object', ''),
    'keras.metrics.kullback_leibler_divergence': ('keras.metrics.kl_divergence', ''),
    'keras.metrics.logcosh': ('keras.metrics.log_cosh', ''),
    'keras.metrics.mae': ('keras.losses.mean_absolute_error', ''),
    'keras.metrics.mape': ('keras.losses.mean_absolute_percentage_error', ''),
    'keras.metrics.mse': ('keras.losses.mean_squared_error', ''),
    'keras.metrics.msle': ('keras.losses.mean_squared_logarithmic_error', ''),
    'keras.metrics.serialize_keras_object': ('keras.utils.serialize_keras_object', ''),
    'keras.models.Input': ('keras.Input', ''),
    'keras.models.InputLayer': ('keras.layers.InputLayer', ''),
    'keras.models.K': ('keras.backend', ''),
    'keras.models.Layer': ('keras.layers.Layer', ''),
    'keras.models.ask_to_proceed_with_overwrite':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.models.has_arg': (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.models.model_from_config':
        (None, "Keras 3 has none: Keras 2 read {'class_name', 'config'} with keras.layers.deserialize, which in "
         'Keras 3 knows no Sequential or Functional; to copy a model use keras.models.clone_model(model) and '
         'set_weights(model.get_weights()), to rebuild a saved one '
         'keras.models.model_from_json(model.to_json())'),
    'keras.models.model_from_yaml':
        (None, 'removed (loading YAML could run arbitrary code): write the architecture with model.to_json() and '
         'read it with keras.models.model_from_json'),
    'keras.models.optimizers': ('keras.optimizers', ''),
    'keras.models.to_list': (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.objectives': (None, 'module'),
    'keras.objectives.BinaryCrossentropy': ('keras.losses.BinaryCrossentropy', ''),
    'keras.objectives.CategoricalCrossentropy': ('keras.losses.CategoricalCrossentropy', ''),
    'keras.objectives.CategoricalHinge': ('keras.losses.CategoricalHinge', ''),
    'keras.objectives.Hinge': ('keras.losses.Hinge', ''),
    'keras.objectives.Huber': ('keras.losses.Huber', ''),
    'keras.objectives.K': ('keras.backend', ''),
    'keras.objectives.KLD': ('keras.losses.kl_divergence', ''),
    'keras.objectives.KLDivergence': ('keras.losses.KLDivergence', ''),
    'keras.objectives.LogCosh': ('keras.losses.LogCosh', ''),
    'keras.objectives.Loss': ('keras.losses.Loss', ''),
    'keras.objectives.LossFunctionWrapper':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.objectives.MAE': ('keras.losses.mean_absolute_error', ''),
    'keras.objectives.MAPE': ('keras.losses.mean_absolute_percentage_error', ''),
    'keras.objectives.MSE': ('keras.losses.mean_squared_error', ''),
    'keras.objectives.MSLE': ('keras.losses.mean_squared_logarithmic_error', ''),
    'keras.objectives.MeanAbsoluteError': ('keras.losses.MeanAbsoluteError', ''),
    'keras.objectives.MeanAbsolutePercentageError': ('keras.losses.MeanAbsolutePercentageError', ''),
    'keras.objectives.MeanSquaredError': ('keras.losses.MeanSquaredError', ''),
    'keras.objectives.MeanSquaredLogarithmicError': ('keras.losses.MeanSquaredLogarithmicError', ''),
    'keras.objectives.Poisson': ('keras.losses.Poisson', ''),
    'keras.objectives.SparseCategoricalCrossentropy': ('keras.losses.SparseCategoricalCrossentropy', ''),
    'keras.objectives.SquaredHinge': ('keras.losses.SquaredHinge', ''),
    'keras.objectives.binary_crossentropy': ('keras.losses.binary_crossentropy', ''),
    'keras.objectives.categorical_crossentropy': ('keras.losses.categorical_crossentropy', ''),
    'keras.objectives.categorical_hinge': ('keras.losses.categorical_hinge', ''),
    'keras.objectives.cosine': ('keras.losses.cosine_similarity', ''),
    'keras.objectives.cosine_proximity': ('keras.losses.cosine_similarity', ''),
    'keras.objectives.cosine_similarity': ('keras.losses.cosine_similarity', ''),
    'keras.objectives.deserialize': ('keras.losses.deserialize', ''),
    'keras.objectives.deserialize_keras_object': ('keras.utils.deserialize_keras_object', ''),
    'keras.objectives.get': ('keras.losses.get', ''),
    'keras.objectives.hinge': ('keras.losses.hinge', ''),
    'keras.objectives.huber_loss':
        (None, "Keras 2.3.1's huber_loss gave each element's loss; keras.losses.huber(y_true, y_pred, delta) is "
         'their mean over the last axis (keras.losses.Huber as a loss)'),
    'keras.objectives.is_categorical_crossentropy':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.objectives.kld': ('keras.losses.kl_divergence', ''),
    'keras.objectives.kullback_leibler_divergence': ('keras.losses.kl_divergence', ''),
    'keras.objectives.logcosh': ('keras.losses.log_cosh', ''),
    'keras.objectives.mae': ('keras.losses.mean_absolute_error', ''),
    'keras.objectives.mape': ('keras.losses.mean_absolute_percentage_error', ''),
    'keras.objectives.mean_absolute_error': ('keras.losses.mean_absolute_error', ''),
    'keras.objectives.mean_absolute_percentage_error': ('keras.losses.mean_absolute_percentage_error', ''),
    'keras.objectives.mean_squared_error': ('keras.losses.mean_squared_error', ''),
    'keras.objectives.mean_squared_logarithmic_error': ('keras.losses.mean_squared_logarithmic_error', ''),
    'keras.objectives.mse': ('keras.losses.mean_squared_error', ''),
    'keras.objectives.msle': ('keras.losses.mean_squared_logarithmic_error', ''),
    'keras.objectives.poisson': ('keras.losses.poisson', ''),
    'keras.objectives.serialize': ('keras.losses.serialize', ''),
    'keras.objectives.serialize_keras_object': ('keras.utils.serialize_keras_object', ''),
    'keras.objectives.sparse_categorical_crossentropy': ('keras.losses.sparse_categorical_crossentropy', ''),
    'keras.objectives.squared_hinge': ('keras.losses.squared_hinge', ''),
    'keras.optimizers.K': ('keras.backend', ''),
    'keras.optimizers.TFOptimizer':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.optimizers.adadelta': ('keras.optimizers.Adadelta', ''),
    'keras.optimizers.adagrad': ('keras.optimizers.Adagrad', ''),
    'keras.optimizers.adam': ('keras.optimizers.Adam', ''),
    'keras.optimizers.adamax': ('keras.optimizers.Adamax', ''),
    'keras.optimizers.clip_norm': (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.optimizers.deserialize_keras_object': ('keras.utils.deserialize_keras_object', ''),
    'keras.optimizers.nadam': ('keras.optimizers.Nadam', ''),
    'keras.optimizers.rmsprop': ('keras.optimizers.RMSprop', ''),
    'keras.optimizers.serialize_keras_object': ('keras.utils.serialize_keras_object', ''),
    'keras.optimizers.sgd': ('keras.optimizers.SGD', ''),
    'keras.preprocessing.backend': ('keras.backend', ''),
    'keras.preprocessing.image.DataFrameIterator':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.preprocessing.image.DirectoryIterator':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.preprocessing.image.ImageDataGenerator':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.preprocessing.image.Iterator': ('tensorflow.keras.preprocessing.image.Iterator', ''),
    'keras.preprocessing.image.K': ('keras.backend', ''),
    'keras.preprocessing.image.NumpyArrayIterator':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.preprocessing.image.Sequence': ('keras.utils.Sequence', ''),
    'keras.preprocessing.image.apply_affine_transform':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.preprocessing.image.apply_brightness_shift':
        ('tensorflow.keras.preprocessing.image.apply_brightness_shift', ''),
    'keras.preprocessing.image.apply_channel_shift': ('tensorflow.keras.preprocessing.image.apply_channel_shift', ''),
    'keras.preprocessing.image.apply_transform':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.preprocessing.image.backend': ('keras.backend', ''),
    'keras.preprocessing.image.flip_axis':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.preprocessing.image.list_pictures':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.preprocessing.image.random_brightness': ('tensorflow.keras.preprocessing.image.random_brightness', ''),
    'keras.preprocessing.image.random_channel_shift': ('tensorflow.keras.preprocessing.image.random_channel_shift', ''),
    'keras.preprocessing.image.random_rotation':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.preprocessing.image.random_shear':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.preprocessing.image.random_shift':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.preprocessing.image.random_zoom':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.preprocessing.image.transform_matrix_offset_center':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.preprocessing.image.utils': ('keras.utils', ''),
    'keras.preprocessing.sequence.Sequence': ('keras.utils.Sequence', ''),
    'keras.preprocessing.sequence.TimeseriesGenerator':
        ('tensorflow.keras.preprocessing.sequence.TimeseriesGenerator', ''),
    'keras.preprocessing.sequence.make_sampling_table':
        ('tensorflow.keras.preprocessing.sequence.make_sampling_table', ''),
    'keras.preprocessing.sequence.skipgrams': ('tensorflow.keras.preprocessing.sequence.skipgrams', ''),
    'keras.preprocessing.sequence.utils': ('keras.utils', ''),
    'keras.preprocessing.text': (None, 'module'),
    'keras.preprocessing.text.Tokenizer': ('tensorflow.keras.preprocessing.text.Tokenizer', ''),
    'keras.preprocessing.text.hashing_trick': ('tensorflow.keras.preprocessing.text.hashing_trick', ''),
    'keras.preprocessing.text.one_hot': ('tensorflow.keras.preprocessing.text.one_hot', ''),
    'keras.preprocessing.text.text_to_word_sequence': ('tensorflow.keras.preprocessing.text.text_to_word_sequence', ''),
    'keras.preprocessing.text.tokenizer_from_json': ('tensorflow.keras.preprocessing.text.tokenizer_from_json', ''),
    'keras.preprocessing.utils': ('keras.utils', ''),
    'keras.regularizers.ActivityRegularizer':
        (None, "Keras 1's ActivityRegularizer: use keras.regularizers.L1L2 as activity_regularizer="),
    'keras.regularizers.K': ('keras.backend', ''),
    'keras.regularizers.WeightRegularizer':
        (None, "Keras 1's WeightRegularizer: use keras.regularizers.L1L2(l1=..., l2=...)"),
    'keras.regularizers.deserialize_keras_object': ('keras.utils.deserialize_keras_object', ''),
    'keras.regularizers.serialize_keras_object': ('keras.utils.serialize_keras_object', ''),
    'keras.utils.GeneratorEnqueuer':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.H5Dict': (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.HDF5Matrix': (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.OrderedEnqueuer':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.conv_utils': (None, 'module'),
    'keras.utils.conv_utils.K': ('keras.backend', ''),
    'keras.utils.conv_utils.conv_input_length':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.conv_utils.conv_output_length':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.conv_utils.convert_kernel':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.conv_utils.deconv_length':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.conv_utils.normalize_data_format':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.conv_utils.normalize_padding':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.conv_utils.normalize_tuple':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.convert_all_kernels_in_model':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.data_utils': (None, 'module'),
    'keras.utils.data_utils.GeneratorEnqueuer':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.data_utils.OrderedEnqueuer':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.data_utils.Progbar': ('keras.utils.Progbar', ''),
    'keras.utils.data_utils.Sequence': ('keras.utils.Sequence', ''),
    'keras.utils.data_utils.SequenceEnqueuer':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.data_utils.get_file': ('keras.utils.get_file', ''),
    'keras.utils.data_utils.get_index':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.data_utils.init_pool':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.data_utils.init_pool_generator':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.data_utils.next_sample':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.data_utils.validate_file':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.generic_utils': (None, 'module'),
    'keras.utils.generic_utils.CustomObjectScope': ('keras.utils.CustomObjectScope', ''),
    'keras.utils.generic_utils.Progbar': ('keras.utils.Progbar', ''),
    'keras.utils.generic_utils.check_for_unexpected_keys':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.generic_utils.custom_object_scope': ('keras.utils.custom_object_scope', ''),
    'keras.utils.generic_utils.deserialize_keras_object': ('keras.utils.deserialize_keras_object', ''),
    'keras.utils.generic_utils.func_dump':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.generic_utils.func_load':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.generic_utils.get_custom_objects': ('keras.utils.get_custom_objects', ''),
    'keras.utils.generic_utils.getargspec':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.generic_utils.has_arg':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.generic_utils.is_all_none':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.generic_utils.object_list_uid':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.generic_utils.serialize_keras_object': ('keras.utils.serialize_keras_object', ''),
    'keras.utils.generic_utils.slice_arrays':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.generic_utils.to_list':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.generic_utils.transpose_shape':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.generic_utils.unpack_singleton':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.h5dict': (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.io_utils': (None, 'module'),
    'keras.utils.io_utils.H5Dict':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.io_utils.HDF5Matrix':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.io_utils.ask_to_proceed_with_overwrite':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.io_utils.h5dict':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.io_utils.load_from_binary_h5py':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.io_utils.save_to_binary_h5py':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.layer_utils': (None, 'module'),
    'keras.utils.layer_utils.K': ('keras.backend', ''),
    'keras.utils.layer_utils.convert_all_kernels_in_model':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.layer_utils.convert_dense_weights_data_format':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.layer_utils.convert_kernel':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.layer_utils.count_params':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.layer_utils.get_source_inputs': ('keras.utils.get_source_inputs', ''),
    'keras.utils.layer_utils.print_summary':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.losses_utils': (None, 'module'),
    'keras.utils.losses_utils.K': ('keras.backend', ''),
    'keras.utils.losses_utils.Reduction':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.losses_utils.broadcast_weights':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.losses_utils.compute_weighted_loss':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.losses_utils.reduce_weighted_loss':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.losses_utils.squeeze_or_expand_dimensions':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.metrics_utils': (None, 'module'),
    'keras.utils.metrics_utils.AUCCurve':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.metrics_utils.AUCSummationMethod':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.metrics_utils.ConfusionMatrix':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.metrics_utils.K': ('keras.backend', ''),
    'keras.utils.metrics_utils.Reduction':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.metrics_utils.assert_thresholds_range':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.metrics_utils.filter_top_k':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.metrics_utils.parse_init_thresholds':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.metrics_utils.result_wrapper':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.metrics_utils.to_list':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.metrics_utils.update_confusion_matrix_variables':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.metrics_utils.update_state_wrapper':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.metrics_utils.weighted_assign_add':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.multi_gpu_model':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.multi_gpu_utils': (None, 'module'),
    'keras.utils.multi_gpu_utils.K': ('keras.backend', ''),
    'keras.utils.multi_gpu_utils.Lambda': ('keras.layers.Lambda', ''),
    'keras.utils.multi_gpu_utils.Model': ('keras.Model', ''),
    'keras.utils.multi_gpu_utils.clone_model': ('keras.models.clone_model', ''),
    'keras.utils.multi_gpu_utils.concatenate': ('keras.layers.concatenate', ''),
    'keras.utils.multi_gpu_utils.multi_gpu_model':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.multi_gpu_utils.to_list':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.np_utils': (None, 'module'),
    'keras.utils.np_utils.normalize': ('keras.utils.normalize', ''),
    'keras.utils.np_utils.to_categorical': ('keras.utils.to_categorical', ''),
    'keras.utils.print_summary': (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.test_utils': (None, 'module'),
    'keras.utils.test_utils.Input': ('keras.Input', ''),
    'keras.utils.test_utils.K': ('keras.backend', ''),
    'keras.utils.test_utils.Model': ('keras.Model', ''),
    'keras.utils.test_utils.Sequential': ('keras.Sequential', ''),
    'keras.utils.test_utils.get_test_data':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.test_utils.has_arg':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.test_utils.keras_test':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.test_utils.layer_test':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.test_utils.model_from_json': ('keras.models.model_from_json', ''),
    'keras.utils.test_utils.tf_file_io_proxy':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.training_utils': (None, 'module'),
    'keras.utils.training_utils.K': ('keras.backend', ''),
    'keras.utils.training_utils.Lambda': ('keras.layers.Lambda', ''),
    'keras.utils.training_utils.Model': ('keras.Model', ''),
    'keras.utils.training_utils.concatenate': ('keras.layers.concatenate', ''),
    'keras.utils.training_utils.multi_gpu_model':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.vis_utils': (None, 'module'),
    'keras.utils.vis_utils.Model': ('keras.Model', ''),
    'keras.utils.vis_utils.Wrapper':
        (None, 'keras.layers.Wrapper has the name (not the same object: check it does the same)'),
    'keras.utils.vis_utils.add_edge':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.vis_utils.is_model':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.vis_utils.is_wrapped_model':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.utils.vis_utils.model_to_dot': ('keras.utils.model_to_dot', ''),
    'keras.utils.vis_utils.plot_model': ('keras.utils.plot_model', ''),
    'keras.wrappers.scikit_learn': (None, 'module'),
    'keras.wrappers.scikit_learn.BaseWrapper':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.wrappers.scikit_learn.KerasClassifier':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.wrappers.scikit_learn.KerasRegressor':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.wrappers.scikit_learn.Sequential': ('keras.Sequential', ''),
    'keras.wrappers.scikit_learn.has_arg':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'keras.wrappers.scikit_learn.losses': ('keras.losses', ''),
    'keras.wrappers.scikit_learn.to_categorical': ('keras.utils.to_categorical', ''),
    'keras.wrappers.scikit_learn.to_list':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.applications.RegNetX002':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.applications.RegNetX004':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.applications.RegNetX006':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.applications.RegNetX008':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.applications.RegNetX016':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.applications.RegNetX032':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.applications.RegNetX040':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.applications.RegNetX064':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.applications.RegNetX080':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.applications.RegNetX120':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.applications.RegNetX160':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.applications.RegNetX320':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.applications.RegNetY002':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.applications.RegNetY004':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.applications.RegNetY006':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.applications.RegNetY008':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.applications.RegNetY016':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.applications.RegNetY032':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.applications.RegNetY040':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.applications.RegNetY064':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.applications.RegNetY080':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.applications.RegNetY120':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.applications.RegNetY160':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.applications.RegNetY320':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.applications.ResNetRS101':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.applications.ResNetRS152':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.applications.ResNetRS200':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.applications.ResNetRS270':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.applications.ResNetRS350':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.applications.ResNetRS420':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.applications.ResNetRS50':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.applications.regnet': (None, 'module'),
    'tensorflow.keras.applications.regnet.RegNetX002':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.applications.regnet.RegNetX004':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.applications.regnet.RegNetX006':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.applications.regnet.RegNetX008':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.applications.regnet.RegNetX016':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.applications.regnet.RegNetX032':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.applications.regnet.RegNetX040':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.applications.regnet.RegNetX064':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.applications.regnet.RegNetX080':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.applications.regnet.RegNetX120':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.applications.regnet.RegNetX160':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.applications.regnet.RegNetX320':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.applications.regnet.RegNetY002':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.applications.regnet.RegNetY004':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.applications.regnet.RegNetY006':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.applications.regnet.RegNetY008':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.applications.regnet.RegNetY016':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.applications.regnet.RegNetY032':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.applications.regnet.RegNetY040':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.applications.regnet.RegNetY064':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.applications.regnet.RegNetY080':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.applications.regnet.RegNetY120':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.applications.regnet.RegNetY160':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.applications.regnet.RegNetY320':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.applications.regnet.decode_predictions':
        (None, 'tensorflow.keras.applications.convnext.decode_predictions has the name (not the same object: check it does the same)'),
    'tensorflow.keras.applications.regnet.preprocess_input':
        (None, 'tensorflow.keras.applications.convnext.preprocess_input has the name (not the same object: check it does the same)'),
    'tensorflow.keras.applications.resnet_rs': (None, 'module'),
    'tensorflow.keras.applications.resnet_rs.ResNetRS101':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.applications.resnet_rs.ResNetRS152':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.applications.resnet_rs.ResNetRS200':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.applications.resnet_rs.ResNetRS270':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.applications.resnet_rs.ResNetRS350':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.applications.resnet_rs.ResNetRS420':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.applications.resnet_rs.ResNetRS50':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.applications.resnet_rs.decode_predictions':
        (None, 'tensorflow.keras.applications.convnext.decode_predictions has the name (not the same object: check it does the same)'),
    'tensorflow.keras.applications.resnet_rs.preprocess_input':
        (None, 'tensorflow.keras.applications.convnext.preprocess_input has the name (not the same object: check it does the same)'),
    'tensorflow.keras.backend.experimental': (None, 'module'),
    'tensorflow.keras.backend.experimental.disable_tf_random_generator':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'tensorflow.keras.backend.experimental.enable_tf_random_generator':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'tensorflow.keras.backend.experimental.is_tf_random_generator_enabled':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'tensorflow.keras.backend.function':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'tensorflow.keras.backend.get_session':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'tensorflow.keras.backend.in_test_phase':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'tensorflow.keras.backend.in_train_phase':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'tensorflow.keras.backend.learning_phase':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'tensorflow.keras.backend.learning_phase_scope':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'tensorflow.keras.backend.local_conv1d':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'tensorflow.keras.backend.local_conv2d':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'tensorflow.keras.backend.manual_variable_initialization':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'tensorflow.keras.backend.normalize_batch_in_training':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'tensorflow.keras.backend.placeholder':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'tensorflow.keras.backend.print_tensor':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'tensorflow.keras.backend.random_binomial':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'tensorflow.keras.backend.reset_uids':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'tensorflow.keras.backend.set_learning_phase':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'tensorflow.keras.backend.set_session':
        (None, 'a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead'),
    'tensorflow.keras.callbacks.BaseLogger':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.callbacks.SidecarEvaluatorModelExport':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.callbacks.experimental': (None, 'module'),
    'tensorflow.keras.callbacks.experimental.BackupAndRestore':
        (None, 'tensorflow.keras.callbacks.BackupAndRestore has the name (not the same object: check it does the same)'),
    'tensorflow.keras.callbacks.experimental.UpdateEmbeddingCallback':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.constraints.RadialConstraint':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.constraints.radial_constraint':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.dtensor': (None, 'module'),
    'tensorflow.keras.dtensor.experimental': (None, 'module'),
    'tensorflow.keras.dtensor.experimental.LayoutMap':
        (None, 'tensorflow.keras.distribution.LayoutMap has the name (not the same object: check it does the same)'),
    'tensorflow.keras.dtensor.experimental.optimizers': (None, 'module'),
    'tensorflow.keras.dtensor.experimental.optimizers.Adadelta': ('tensorflow.keras.optimizers.Adadelta', ''),
    'tensorflow.keras.dtensor.experimental.optimizers.Adagrad': ('tensorflow.keras.optimizers.Adagrad', ''),
    'tensorflow.keras.dtensor.experimental.optimizers.Adam': ('tensorflow.keras.optimizers.Adam', ''),
    'tensorflow.keras.dtensor.experimental.optimizers.AdamW': ('tensorflow.keras.optimizers.AdamW', ''),
    'tensorflow.keras.dtensor.experimental.optimizers.RMSprop': ('tensorflow.keras.optimizers.RMSprop', ''),
    'tensorflow.keras.dtensor.experimental.optimizers.SGD': ('tensorflow.keras.optimizers.SGD', ''),
    'tensorflow.keras.estimator': (None, 'module'),
    'tensorflow.keras.estimator.model_to_estimator':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.experimental': (None, 'module'),
    'tensorflow.keras.experimental.CosineDecay': ('tensorflow.keras.optimizers.schedules.CosineDecay', ''),
    'tensorflow.keras.experimental.CosineDecayRestarts':
        ('tensorflow.keras.optimizers.schedules.CosineDecayRestarts', ''),
    'tensorflow.keras.experimental.LinearCosineDecay':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.experimental.LinearModel':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.experimental.NoisyLinearCosineDecay':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.experimental.PeepholeLSTMCell':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.experimental.SequenceFeatures':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.experimental.SidecarEvaluator':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.experimental.WideDeepModel':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.experimental.export_saved_model':
        (None, 'Keras 3 has none: model.export(path) writes a SavedModel for serving (tf.saved_model.load, TF '
         'Serving) whose serving_default signature names its outputs output_0, ... where TF 1.15 used the '
         "output layers' names, and without the Keras model load_from_saved_model read back; to reload the "
         "model in Keras, model.save('model.keras') and keras.models.load_model"),
    'tensorflow.keras.experimental.load_from_saved_model':
        (None, "Keras 3 has none: keras.layers.TFSMLayer(path, call_endpoint='serving_default') calls a SavedModel "
         "(no training); a model saved with model.save('model.keras') loads with keras.models.load_model"),
    'tensorflow.keras.experimental.terminate_keras_multiprocessing_pools':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.initializers.normal': ('tensorflow.keras.initializers.RandomNormal', ''),
    'tensorflow.keras.initializers.uniform': ('tensorflow.keras.initializers.RandomUniform', ''),
    'tensorflow.keras.layers.AbstractRNNCell':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.layers.CuDNNGRU': ('tensorflow.keras.layers.GRU', 'positional-units-only'),
    'tensorflow.keras.layers.CuDNNLSTM': ('tensorflow.keras.layers.LSTM', 'positional-units-only'),
    'tensorflow.keras.layers.DenseFeatures':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.layers.LocallyConnected1D':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.layers.LocallyConnected2D':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.layers.experimental': (None, 'module'),
    'tensorflow.keras.layers.experimental.DynamicEmbedding':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.layers.experimental.DynamicLookup':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.layers.experimental.EinsumDense': ('tensorflow.keras.layers.EinsumDense', ''),
    'tensorflow.keras.layers.experimental.RandomFourierFeatures':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.layers.experimental.SyncBatchNormalization':
        (None, 'use keras.layers.BatchNormalization(..., synchronized=True) (the statistics of the whole batch '
         'across replicas; it takes no renorm arguments)'),
    'tensorflow.keras.layers.experimental.preprocessing': (None, 'module'),
    'tensorflow.keras.layers.experimental.preprocessing.CategoryEncoding':
        ('tensorflow.keras.layers.CategoryEncoding', ''),
    'tensorflow.keras.layers.experimental.preprocessing.CenterCrop': ('tensorflow.keras.layers.CenterCrop', ''),
    'tensorflow.keras.layers.experimental.preprocessing.Discretization': ('tensorflow.keras.layers.Discretization', ''),
    'tensorflow.keras.layers.experimental.preprocessing.HashedCrossing': ('tensorflow.keras.layers.HashedCrossing', ''),
    'tensorflow.keras.layers.experimental.preprocessing.Hashing': ('tensorflow.keras.layers.Hashing', ''),
    'tensorflow.keras.layers.experimental.preprocessing.IntegerLookup': ('tensorflow.keras.layers.IntegerLookup', ''),
    'tensorflow.keras.layers.experimental.preprocessing.Normalization': ('tensorflow.keras.layers.Normalization', ''),
    'tensorflow.keras.layers.experimental.preprocessing.PreprocessingLayer':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.layers.experimental.preprocessing.RandomContrast': ('tensorflow.keras.layers.RandomContrast', ''),
    'tensorflow.keras.layers.experimental.preprocessing.RandomCrop': ('tensorflow.keras.layers.RandomCrop', ''),
    'tensorflow.keras.layers.experimental.preprocessing.RandomFlip': ('tensorflow.keras.layers.RandomFlip', ''),
    'tensorflow.keras.layers.experimental.preprocessing.RandomHeight': ('tensorflow.keras.layers.RandomHeight', ''),
    'tensorflow.keras.layers.experimental.preprocessing.RandomRotation': ('tensorflow.keras.layers.RandomRotation', ''),
    'tensorflow.keras.layers.experimental.preprocessing.RandomTranslation':
        ('tensorflow.keras.layers.RandomTranslation', ''),
    'tensorflow.keras.layers.experimental.preprocessing.RandomWidth': ('tensorflow.keras.layers.RandomWidth', ''),
    'tensorflow.keras.layers.experimental.preprocessing.RandomZoom': ('tensorflow.keras.layers.RandomZoom', ''),
    'tensorflow.keras.layers.experimental.preprocessing.Rescaling': ('tensorflow.keras.layers.Rescaling', ''),
    'tensorflow.keras.layers.experimental.preprocessing.Resizing': ('tensorflow.keras.layers.Resizing', ''),
    'tensorflow.keras.layers.experimental.preprocessing.StringLookup': ('tensorflow.keras.layers.StringLookup', ''),
    'tensorflow.keras.layers.experimental.preprocessing.TextVectorization':
        ('tensorflow.keras.layers.TextVectorization', ''),
    'tensorflow.keras.losses.cosine': ('tensorflow.keras.losses.cosine_similarity', ''),
    'tensorflow.keras.losses.cosine_proximity': ('tensorflow.keras.losses.cosine_similarity', ''),
    'tensorflow.keras.losses.kl_divergence': ('tensorflow.keras.losses.KLD', ''),
    'tensorflow.keras.losses.log_cosh': ('tensorflow.keras.losses.logcosh', ''),
    'tensorflow.keras.losses.mean_absolute_error': ('tensorflow.keras.losses.MAE', ''),
    'tensorflow.keras.losses.mean_absolute_percentage_error': ('tensorflow.keras.losses.MAPE', ''),
    'tensorflow.keras.losses.mean_squared_error': ('tensorflow.keras.losses.MSE', ''),
    'tensorflow.keras.losses.mean_squared_logarithmic_error': ('tensorflow.keras.losses.MSLE', ''),
    'tensorflow.keras.metrics.MeanRelativeError':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.metrics.MeanTensor':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.metrics.cosine': ('tensorflow.keras.losses.cosine_similarity', ''),
    'tensorflow.keras.metrics.cosine_proximity': ('tensorflow.keras.losses.cosine_similarity', ''),
    'tensorflow.keras.metrics.experimental': (None, 'module'),
    'tensorflow.keras.metrics.experimental.PyMetric':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.metrics.kl_divergence': ('tensorflow.keras.losses.KLD', ''),
    'tensorflow.keras.metrics.log_cosh': ('tensorflow.keras.losses.logcosh', ''),
    'tensorflow.keras.metrics.mean_absolute_error': ('tensorflow.keras.losses.MAE', ''),
    'tensorflow.keras.metrics.mean_absolute_percentage_error': ('tensorflow.keras.losses.MAPE', ''),
    'tensorflow.keras.metrics.mean_squared_error': ('tensorflow.keras.losses.MSE', ''),
    'tensorflow.keras.metrics.mean_squared_logarithmic_error': ('tensorflow.keras.losses.MSLE', ''),
    'tensorflow.keras.mixed_precision.experimental': (None, 'module'),
    'tensorflow.keras.mixed_precision.experimental.LossScaleOptimizer':
        (None, 'tensorflow.keras.mixed_precision.LossScaleOptimizer has the name (not the same object: check it does the same)'),
    'tensorflow.keras.mixed_precision.experimental.Policy':
        (None, 'tensorflow.keras.mixed_precision.Policy has the name (not the same object: check it does the same)'),
    'tensorflow.keras.mixed_precision.experimental.global_policy':
        (None, 'tensorflow.keras.mixed_precision.global_policy has the name (not the same object: check it does the same)'),
    'tensorflow.keras.mixed_precision.experimental.set_policy':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.models.experimental': (None, 'module'),
    'tensorflow.keras.models.experimental.SharpnessAwareMinimization':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.models.model_from_config':
        (None, "Keras 3 has none: Keras 2 read {'class_name', 'config'} with keras.layers.deserialize, which in "
         'Keras 3 knows no Sequential or Functional; to copy a model use keras.models.clone_model(model) and '
         'set_weights(model.get_weights()), to rebuild a saved one '
         'keras.models.model_from_json(model.to_json())'),
    'tensorflow.keras.models.model_from_yaml':
        (None, 'removed (loading YAML could run arbitrary code): write the architecture with model.to_json() and '
         'read it with keras.models.model_from_json'),
    'tensorflow.keras.optimizers.experimental': (None, 'module'),
    'tensorflow.keras.optimizers.experimental.Adadelta': ('tensorflow.keras.optimizers.Adadelta', ''),
    'tensorflow.keras.optimizers.experimental.Adafactor': ('tensorflow.keras.optimizers.Adafactor', ''),
    'tensorflow.keras.optimizers.experimental.Adagrad': ('tensorflow.keras.optimizers.Adagrad', ''),
    'tensorflow.keras.optimizers.experimental.Adam': ('tensorflow.keras.optimizers.Adam', ''),
    'tensorflow.keras.optimizers.experimental.AdamW': ('tensorflow.keras.optimizers.AdamW', ''),
    'tensorflow.keras.optimizers.experimental.Adamax': ('tensorflow.keras.optimizers.Adamax', ''),
    'tensorflow.keras.optimizers.experimental.Ftrl': ('tensorflow.keras.optimizers.Ftrl', ''),
    'tensorflow.keras.optimizers.experimental.Nadam': ('tensorflow.keras.optimizers.Nadam', ''),
    'tensorflow.keras.optimizers.experimental.Optimizer': ('tensorflow.keras.optimizers.Optimizer', ''),
    'tensorflow.keras.optimizers.experimental.RMSprop': ('tensorflow.keras.optimizers.RMSprop', ''),
    'tensorflow.keras.optimizers.experimental.SGD': ('tensorflow.keras.optimizers.SGD', ''),
    'tensorflow.keras.optimizers.legacy.Adadelta':
        (None, 'tensorflow.keras.optimizers.Adadelta has the name (not the same object: check it does the same)'),
    'tensorflow.keras.optimizers.legacy.Adamax':
        (None, 'tensorflow.keras.optimizers.Adamax has the name (not the same object: check it does the same)'),
    'tensorflow.keras.optimizers.legacy.Nadam':
        (None, 'tensorflow.keras.optimizers.Nadam has the name (not the same object: check it does the same)'),
    'tensorflow.keras.protobuf': (None, 'module'),
    'tensorflow.keras.protobuf.projector_config_pb2': (None, 'module'),
    'tensorflow.keras.protobuf.projector_config_pb2.EmbeddingInfo':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.protobuf.projector_config_pb2.ProjectorConfig':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.protobuf.projector_config_pb2.SpriteMetadata':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.protobuf.saved_metadata_pb2': (None, 'module'),
    'tensorflow.keras.protobuf.saved_metadata_pb2.SavedMetadata':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.protobuf.saved_metadata_pb2.SavedObject':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.protobuf.versions_pb2': (None, 'module'),
    'tensorflow.keras.protobuf.versions_pb2.VersionDef':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.saving': (None, 'module'),
    'tensorflow.keras.saving.custom_object_scope': ('tensorflow.keras.utils.CustomObjectScope', ''),
    'tensorflow.keras.saving.deserialize_keras_object': ('tensorflow.keras.utils.deserialize_keras_object', ''),
    'tensorflow.keras.saving.get_custom_objects': ('tensorflow.keras.utils.get_custom_objects', ''),
    'tensorflow.keras.saving.get_registered_name': ('tensorflow.keras.utils.get_registered_name', ''),
    'tensorflow.keras.saving.get_registered_object': ('tensorflow.keras.utils.get_registered_object', ''),
    'tensorflow.keras.saving.load_model': ('tensorflow.keras.models.load_model', ''),
    'tensorflow.keras.saving.register_keras_serializable': ('tensorflow.keras.utils.register_keras_serializable', ''),
    'tensorflow.keras.saving.save_model': ('tensorflow.keras.models.save_model', ''),
    'tensorflow.keras.saving.serialize_keras_object': ('tensorflow.keras.utils.serialize_keras_object', ''),
    'tensorflow.keras.utils.GeneratorEnqueuer':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.utils.HDF5Matrix':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.utils.OrderedEnqueuer':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.utils.SequenceEnqueuer':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.utils.SidecarEvaluator':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.utils.StepsPerExecutionTuner':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.utils.TimedThread':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.utils.convert_all_kernels_in_model':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.utils.experimental': (None, 'module'),
    'tensorflow.keras.utils.experimental.DatasetCreator':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.utils.multi_gpu_model':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.utils.to_ordinal':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.utils.warmstart_embedding_matrix':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.wrappers.scikit_learn': (None, 'module'),
    'tensorflow.keras.wrappers.scikit_learn.KerasClassifier':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
    'tensorflow.keras.wrappers.scikit_learn.KerasRegressor':
        (None, 'no public Keras 3 name holds it: copy what you use of it into your own code'),
}

# Keras 2's string constants Keras 3 has no public name for (the weight URLs of keras.applications.X.X):
# the value itself stands in for the name.
CONSTANTS = {
    'keras.applications.densenet.densenet.BASE_WEIGTHS_PATH':
        'https://github.com/keras-team/keras-applications/releases/download/densenet/',
    'keras.applications.densenet.densenet.DENSENET121_WEIGHT_PATH':
        'https://github.com/keras-team/keras-applications/releases/download/densenet/densenet121_weights_tf_dim_ordering_tf_kernels.h5',
    'keras.applications.densenet.densenet.DENSENET121_WEIGHT_PATH_NO_TOP':
        'https://github.com/keras-team/keras-applications/releases/download/densenet/densenet121_weights_tf_dim_ordering_tf_kernels_notop.h5',
    'keras.applications.densenet.densenet.DENSENET169_WEIGHT_PATH':
        'https://github.com/keras-team/keras-applications/releases/download/densenet/densenet169_weights_tf_dim_ordering_tf_kernels.h5',
    'keras.applications.densenet.densenet.DENSENET169_WEIGHT_PATH_NO_TOP':
        'https://github.com/keras-team/keras-applications/releases/download/densenet/densenet169_weights_tf_dim_ordering_tf_kernels_notop.h5',
    'keras.applications.densenet.densenet.DENSENET201_WEIGHT_PATH':
        'https://github.com/keras-team/keras-applications/releases/download/densenet/densenet201_weights_tf_dim_ordering_tf_kernels.h5',
    'keras.applications.densenet.densenet.DENSENET201_WEIGHT_PATH_NO_TOP':
        'https://github.com/keras-team/keras-applications/releases/download/densenet/densenet201_weights_tf_dim_ordering_tf_kernels_notop.h5',
    'keras.applications.imagenet_utils.imagenet_utils.CLASS_INDEX_PATH':
        'https://storage.googleapis.com/download.tensorflow.org/data/imagenet_class_index.json',
    'keras.applications.inception_resnet_v2.inception_resnet_v2.BASE_WEIGHT_URL':
        'https://github.com/fchollet/deep-learning-models/releases/download/v0.7/',
    'keras.applications.inception_v3.inception_v3.WEIGHTS_PATH':
        'https://github.com/fchollet/deep-learning-models/releases/download/v0.5/inception_v3_weights_tf_dim_ordering_tf_kernels.h5',
    'keras.applications.inception_v3.inception_v3.WEIGHTS_PATH_NO_TOP':
        'https://github.com/fchollet/deep-learning-models/releases/download/v0.5/inception_v3_weights_tf_dim_ordering_tf_kernels_notop.h5',
    'keras.applications.mobilenet.mobilenet.BASE_WEIGHT_PATH':
        'https://github.com/fchollet/deep-learning-models/releases/download/v0.6/',
    'keras.applications.mobilenet_v2.mobilenet_v2.BASE_WEIGHT_PATH':
        'https://github.com/JonathanCMitchell/mobilenet_v2_keras/releases/download/v1.1/',
    'keras.applications.nasnet.nasnet.BASE_WEIGHTS_PATH':
        'https://github.com/titu1994/Keras-NASNet/releases/download/v1.2/',
    'keras.applications.nasnet.nasnet.NASNET_LARGE_WEIGHT_PATH':
        'https://github.com/titu1994/Keras-NASNet/releases/download/v1.2/NASNet-large.h5',
    'keras.applications.nasnet.nasnet.NASNET_LARGE_WEIGHT_PATH_NO_TOP':
        'https://github.com/titu1994/Keras-NASNet/releases/download/v1.2/NASNet-large-no-top.h5',
    'keras.applications.nasnet.nasnet.NASNET_MOBILE_WEIGHT_PATH':
        'https://github.com/titu1994/Keras-NASNet/releases/download/v1.2/NASNet-mobile.h5',
    'keras.applications.nasnet.nasnet.NASNET_MOBILE_WEIGHT_PATH_NO_TOP':
        'https://github.com/titu1994/Keras-NASNet/releases/download/v1.2/NASNet-mobile-no-top.h5',
    'keras.applications.resnet50.resnet50.WEIGHTS_PATH':
        'https://github.com/fchollet/deep-learning-models/releases/download/v0.2/resnet50_weights_tf_dim_ordering_tf_kernels.h5',
    'keras.applications.resnet50.resnet50.WEIGHTS_PATH_NO_TOP':
        'https://github.com/fchollet/deep-learning-models/releases/download/v0.2/resnet50_weights_tf_dim_ordering_tf_kernels_notop.h5',
    'keras.applications.vgg16.vgg16.WEIGHTS_PATH':
        'https://github.com/fchollet/deep-learning-models/releases/download/v0.1/vgg16_weights_tf_dim_ordering_tf_kernels.h5',
    'keras.applications.vgg16.vgg16.WEIGHTS_PATH_NO_TOP':
        'https://github.com/fchollet/deep-learning-models/releases/download/v0.1/vgg16_weights_tf_dim_ordering_tf_kernels_notop.h5',
    'keras.applications.vgg19.vgg19.WEIGHTS_PATH':
        'https://github.com/fchollet/deep-learning-models/releases/download/v0.1/vgg19_weights_tf_dim_ordering_tf_kernels.h5',
    'keras.applications.vgg19.vgg19.WEIGHTS_PATH_NO_TOP':
        'https://github.com/fchollet/deep-learning-models/releases/download/v0.1/vgg19_weights_tf_dim_ordering_tf_kernels_notop.h5',
    'keras.applications.xception.xception.TF_WEIGHTS_PATH':
        'https://github.com/fchollet/deep-learning-models/releases/download/v0.4/xception_weights_tf_dim_ordering_tf_kernels.h5',
    'keras.applications.xception.xception.TF_WEIGHTS_PATH_NO_TOP':
        'https://github.com/fchollet/deep-learning-models/releases/download/v0.4/xception_weights_tf_dim_ordering_tf_kernels_notop.h5',
    'tensorflow.keras.applications.densenet.densenet.BASE_WEIGTHS_PATH':
        'https://github.com/keras-team/keras-applications/releases/download/densenet/',
    'tensorflow.keras.applications.densenet.densenet.DENSENET121_WEIGHT_PATH':
        'https://github.com/keras-team/keras-applications/releases/download/densenet/densenet121_weights_tf_dim_ordering_tf_kernels.h5',
    'tensorflow.keras.applications.densenet.densenet.DENSENET121_WEIGHT_PATH_NO_TOP':
        'https://github.com/keras-team/keras-applications/releases/download/densenet/densenet121_weights_tf_dim_ordering_tf_kernels_notop.h5',
    'tensorflow.keras.applications.densenet.densenet.DENSENET169_WEIGHT_PATH':
        'https://github.com/keras-team/keras-applications/releases/download/densenet/densenet169_weights_tf_dim_ordering_tf_kernels.h5',
    'tensorflow.keras.applications.densenet.densenet.DENSENET169_WEIGHT_PATH_NO_TOP':
        'https://github.com/keras-team/keras-applications/releases/download/densenet/densenet169_weights_tf_dim_ordering_tf_kernels_notop.h5',
    'tensorflow.keras.applications.densenet.densenet.DENSENET201_WEIGHT_PATH':
        'https://github.com/keras-team/keras-applications/releases/download/densenet/densenet201_weights_tf_dim_ordering_tf_kernels.h5',
    'tensorflow.keras.applications.densenet.densenet.DENSENET201_WEIGHT_PATH_NO_TOP':
        'https://github.com/keras-team/keras-applications/releases/download/densenet/densenet201_weights_tf_dim_ordering_tf_kernels_notop.h5',
    'tensorflow.keras.applications.imagenet_utils.imagenet_utils.CLASS_INDEX_PATH':
        'https://storage.googleapis.com/download.tensorflow.org/data/imagenet_class_index.json',
    'tensorflow.keras.applications.inception_resnet_v2.inception_resnet_v2.BASE_WEIGHT_URL':
        'https://github.com/fchollet/deep-learning-models/releases/download/v0.7/',
    'tensorflow.keras.applications.inception_v3.inception_v3.WEIGHTS_PATH':
        'https://github.com/fchollet/deep-learning-models/releases/download/v0.5/inception_v3_weights_tf_dim_ordering_tf_kernels.h5',
    'tensorflow.keras.applications.inception_v3.inception_v3.WEIGHTS_PATH_NO_TOP':
        'https://github.com/fchollet/deep-learning-models/releases/download/v0.5/inception_v3_weights_tf_dim_ordering_tf_kernels_notop.h5',
    'tensorflow.keras.applications.mobilenet.mobilenet.BASE_WEIGHT_PATH':
        'https://github.com/fchollet/deep-learning-models/releases/download/v0.6/',
    'tensorflow.keras.applications.mobilenet_v2.mobilenet_v2.BASE_WEIGHT_PATH':
        'https://github.com/JonathanCMitchell/mobilenet_v2_keras/releases/download/v1.1/',
    'tensorflow.keras.applications.nasnet.nasnet.BASE_WEIGHTS_PATH':
        'https://github.com/titu1994/Keras-NASNet/releases/download/v1.2/',
    'tensorflow.keras.applications.nasnet.nasnet.NASNET_LARGE_WEIGHT_PATH':
        'https://github.com/titu1994/Keras-NASNet/releases/download/v1.2/NASNet-large.h5',
    'tensorflow.keras.applications.nasnet.nasnet.NASNET_LARGE_WEIGHT_PATH_NO_TOP':
        'https://github.com/titu1994/Keras-NASNet/releases/download/v1.2/NASNet-large-no-top.h5',
    'tensorflow.keras.applications.nasnet.nasnet.NASNET_MOBILE_WEIGHT_PATH':
        'https://github.com/titu1994/Keras-NASNet/releases/download/v1.2/NASNet-mobile.h5',
    'tensorflow.keras.applications.nasnet.nasnet.NASNET_MOBILE_WEIGHT_PATH_NO_TOP':
        'https://github.com/titu1994/Keras-NASNet/releases/download/v1.2/NASNet-mobile-no-top.h5',
    'tensorflow.keras.applications.resnet50.resnet50.WEIGHTS_PATH':
        'https://github.com/fchollet/deep-learning-models/releases/download/v0.2/resnet50_weights_tf_dim_ordering_tf_kernels.h5',
    'tensorflow.keras.applications.resnet50.resnet50.WEIGHTS_PATH_NO_TOP':
        'https://github.com/fchollet/deep-learning-models/releases/download/v0.2/resnet50_weights_tf_dim_ordering_tf_kernels_notop.h5',
    'tensorflow.keras.applications.vgg16.vgg16.WEIGHTS_PATH':
        'https://github.com/fchollet/deep-learning-models/releases/download/v0.1/vgg16_weights_tf_dim_ordering_tf_kernels.h5',
    'tensorflow.keras.applications.vgg16.vgg16.WEIGHTS_PATH_NO_TOP':
        'https://github.com/fchollet/deep-learning-models/releases/download/v0.1/vgg16_weights_tf_dim_ordering_tf_kernels_notop.h5',
    'tensorflow.keras.applications.vgg19.vgg19.WEIGHTS_PATH':
        'https://github.com/fchollet/deep-learning-models/releases/download/v0.1/vgg19_weights_tf_dim_ordering_tf_kernels.h5',
    'tensorflow.keras.applications.vgg19.vgg19.WEIGHTS_PATH_NO_TOP':
        'https://github.com/fchollet/deep-learning-models/releases/download/v0.1/vgg19_weights_tf_dim_ordering_tf_kernels_notop.h5',
    'tensorflow.keras.applications.xception.xception.TF_WEIGHTS_PATH':
        'https://github.com/fchollet/deep-learning-models/releases/download/v0.4/xception_weights_tf_dim_ordering_tf_kernels.h5',
    'tensorflow.keras.applications.xception.xception.TF_WEIGHTS_PATH_NO_TOP':
        'https://github.com/fchollet/deep-learning-models/releases/download/v0.4/xception_weights_tf_dim_ordering_tf_kernels_notop.h5',
}

# The entries above that are a module's name for a Keras module (Keras 2.2.4's star imports re-exported
# the modules a module imported: `from keras.layers import regularizers`).
MODULE_ALIASES = frozenset({
    'keras.activations.K',
    'keras.applications.backend',
    'keras.applications.densenet.K',
    'keras.applications.densenet.imagenet_utils',
    'keras.applications.imagenet_utils.K',
    'keras.applications.inception_resnet_v2.K',
    'keras.applications.inception_resnet_v2.imagenet_utils',
    'keras.applications.inception_v3.K',
    'keras.applications.inception_v3.imagenet_utils',
    'keras.applications.inception_v3.layers',
    'keras.applications.layers',
    'keras.applications.mobilenet.K',
    'keras.applications.mobilenet.constraints',
    'keras.applications.mobilenet.imagenet_utils',
    'keras.applications.mobilenet.initializers',
    'keras.applications.mobilenet.regularizers',
    'keras.applications.models',
    'keras.applications.nasnet.K',
    'keras.applications.resnet50.K',
    'keras.applications.resnet50.layers',
    'keras.applications.utils',
    'keras.applications.vgg16.K',
    'keras.applications.vgg19.K',
    'keras.applications.xception.K',
    'keras.applications.xception.imagenet_utils',
    'keras.applications.xception.layers',
    'keras.callbacks.K',
    'keras.callbacks.callbacks.K',
    'keras.callbacks.tensorboard_v1.K',
    'keras.constraints.K',
    'keras.datasets.cifar10.K',
    'keras.datasets.cifar100.K',
    'keras.engine.base_layer.K',
    'keras.engine.base_layer.initializers',
    'keras.engine.input_layer.K',
    'keras.engine.network.K',
    'keras.engine.saving.K',
    'keras.engine.saving.losses',
    'keras.engine.saving.optimizers',
    'keras.engine.sequential.K',
    'keras.engine.topology.K',
    'keras.engine.topology.initializers',
    'keras.engine.training.K',
    'keras.engine.training.losses',
    'keras.engine.training.optimizers',
    'keras.engine.training_arrays.K',
    'keras.engine.training_generator.K',
    'keras.engine.training_utils.K',
    'keras.engine.training_utils.losses',
    'keras.initializers.K',
    'keras.layers.K',
    'keras.layers.activations',
    'keras.layers.advanced_activations.K',
    'keras.layers.advanced_activations.activations',
    'keras.layers.advanced_activations.constraints',
    'keras.layers.advanced_activations.initializers',
    'keras.layers.advanced_activations.regularizers',
    'keras.layers.constraints',
    'keras.layers.convolutional.K',
    'keras.layers.convolutional.activations',
    'keras.layers.convolutional.constraints',
    'keras.layers.convolutional.initializers',
    'keras.layers.convolutional.regularizers',
    'keras.layers.convolutional_recurrent.K',
    'keras.layers.convolutional_recurrent.activations',
    'keras.layers.convolutional_recurrent.constraints',
    'keras.layers.convolutional_recurrent.initializers',
    'keras.layers.convolutional_recurrent.regularizers',
    'keras.layers.core.K',
    'keras.layers.core.activations',
    'keras.layers.core.constraints',
    'keras.layers.core.initializers',
    'keras.layers.core.regularizers',
    'keras.layers.cudnn_recurrent.K',
    'keras.layers.cudnn_recurrent.constraints',
    'keras.layers.cudnn_recurrent.initializers',
    'keras.layers.cudnn_recurrent.regularizers',
    'keras.layers.embeddings.K',
    'keras.layers.embeddings.constraints',
    'keras.layers.embeddings.initializers',
    'keras.layers.embeddings.regularizers',
    'keras.layers.initializers',
    'keras.layers.local.K',
    'keras.layers.local.activations',
    'keras.layers.local.constraints',
    'keras.layers.local.initializers',
    'keras.layers.local.regularizers',
    'keras.layers.merge.K',
    'keras.layers.noise.K',
    'keras.layers.normalization.K',
    'keras.layers.normalization.constraints',
    'keras.layers.normalization.initializers',
    'keras.layers.normalization.regularizers',
    'keras.layers.pooling.K',
    'keras.layers.recurrent.K',
    'keras.layers.recurrent.activations',
    'keras.layers.recurrent.constraints',
    'keras.layers.recurrent.initializers',
    'keras.layers.recurrent.regularizers',
    'keras.layers.regularizers',
    'keras.layers.wrappers.K',
    'keras.legacy.layers.K',
    'keras.legacy.layers.activations',
    'keras.legacy.layers.constraints',
    'keras.legacy.layers.initializers',
    'keras.legacy.layers.regularizers',
    'keras.losses.K',
    'keras.metrics.K',
    'keras.models.K',
    'keras.models.optimizers',
    'keras.objectives.K',
    'keras.optimizers.K',
    'keras.preprocessing.backend',
    'keras.preprocessing.image.K',
    'keras.preprocessing.image.backend',
    'keras.preprocessing.image.utils',
    'keras.preprocessing.sequence.utils',
    'keras.preprocessing.utils',
    'keras.regularizers.K',
    'keras.utils.conv_utils.K',
    'keras.utils.layer_utils.K',
    'keras.utils.losses_utils.K',
    'keras.utils.metrics_utils.K',
    'keras.utils.multi_gpu_utils.K',
    'keras.utils.test_utils.K',
    'keras.utils.training_utils.K',
    'keras.wrappers.scikit_learn.losses',
})
