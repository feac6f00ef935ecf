"""The public names of the Keras 3 modules `legacy_import_paths` moves names to (Keras 3.15.1).

A name moved from a removed Keras 2 module (`keras.utils.conv_utils.conv_output_length`) is rewritten only when
its new home has it; otherwise the import would fail at run time. Written out, not imported: `migrate code`
never imports Keras or TensorFlow. `tests/codemod/test_legacy_import_paths.py` checks it against the installed
Keras."""

PUBLIC = {
    "keras.layers": frozenset("""
    Activation ActivityRegularization AdaptiveAveragePooling1D AdaptiveAveragePooling2D AdaptiveAveragePooling3D
    AdaptiveMaxPooling1D AdaptiveMaxPooling2D AdaptiveMaxPooling3D Add AdditiveAttention AlphaDropout Attention
    AugMix AutoContrast Average AveragePooling1D AveragePooling2D AveragePooling3D AvgPool1D AvgPool2D AvgPool3D
    BatchNormalization Bidirectional CategoryEncoding CenterCrop Concatenate
    ContrastLimitedAdaptiveHistogramEqualization Conv1D Conv1DTranspose Conv2D Conv2DTranspose Conv3D
    Conv3DTranspose ConvLSTM1D ConvLSTM2D ConvLSTM3D Convolution1D Convolution1DTranspose Convolution2D
    Convolution2DTranspose Convolution3D Convolution3DTranspose Cropping1D Cropping2D Cropping3D CutMix Dense
    DepthwiseConv1D DepthwiseConv2D Discretization Dot Dropout ELU EinsumDense Embedding Equalization Flatten
    FlaxLayer GRU GRUCell GaussianDropout GaussianNoise GlobalAveragePooling1D GlobalAveragePooling2D
    GlobalAveragePooling3D GlobalAvgPool1D GlobalAvgPool2D GlobalAvgPool3D GlobalMaxPool1D GlobalMaxPool2D
    GlobalMaxPool3D GlobalMaxPooling1D GlobalMaxPooling2D GlobalMaxPooling3D GroupNormalization GroupQueryAttention
    HashedCrossing Hashing Identity Input InputLayer InputSpec IntegerLookup JaxLayer LSTM LSTMCell Lambda Layer
    LayerNormalization LeakyReLU Masking MaxNumBoundingBoxes MaxPool1D MaxPool2D MaxPool3D MaxPooling1D MaxPooling2D
    MaxPooling3D Maximum MelSpectrogram Minimum MixUp MultiHeadAttention Multiply Normalization PReLU Permute
    Pipeline RMSNormalization RNN RandAugment RandomBrightness RandomColorDegeneration RandomColorJitter
    RandomContrast RandomCrop RandomElasticTransform RandomErasing RandomFlip RandomGaussianBlur RandomGrayscale
    RandomHue RandomInvert RandomPerspective RandomPosterization RandomRotation RandomSaturation RandomSharpness
    RandomShear RandomTranslation RandomZoom ReLU RepeatVector Rescaling Reshape Resizing ReversibleEmbedding
    STFTSpectrogram SeparableConv1D SeparableConv2D SeparableConvolution1D SeparableConvolution2D SimpleRNN
    SimpleRNNCell Softmax Solarization SpatialDropout1D SpatialDropout2D SpatialDropout3D SpectralNormalization
    StackedRNNCells StringLookup Subtract TFSMLayer TextVectorization TimeDistributed TorchModuleWrapper
    UnitNormalization UpSampling1D UpSampling2D UpSampling3D Wrapper ZeroPadding1D ZeroPadding2D ZeroPadding3D add
    average concatenate deserialize dot maximum minimum multiply serialize subtract
    """.split()),
    "keras.utils": frozenset("""
    Config CustomObjectScope FeatureSpace Progbar PyDataset Sequence array_to_img audio_dataset_from_directory
    bounding_boxes clear_session custom_object_scope deserialize_keras_object disable_interactive_logging
    enable_interactive_logging get_custom_objects get_file get_registered_name get_registered_object
    get_source_inputs image_dataset_from_directory img_to_array is_interactive_logging_enabled is_keras_tensor
    legacy load_img model_to_dot normalize pack_x_y_sample_weight pad_sequences plot_model
    register_keras_serializable save_img serialize_keras_object set_random_seed split_dataset standardize_dtype
    text_dataset_from_directory timeseries_dataset_from_array to_categorical unpack_x_y_sample_weight
    """.split()),
    "keras.models": frozenset("""
    Model Sequential clone_model load_model model_from_json save_model
    """.split()),
    "keras.losses": frozenset("""
    BinaryCrossentropy BinaryFocalCrossentropy CTC CategoricalCrossentropy CategoricalFocalCrossentropy
    CategoricalGeneralizedCrossEntropy CategoricalHinge Circle CosineSimilarity Dice Hinge Huber KLDivergence LogCosh
    Loss MeanAbsoluteError MeanAbsolutePercentageError MeanSquaredError MeanSquaredLogarithmicError Poisson
    SparseCategoricalCrossentropy SquaredHinge Tversky binary_crossentropy binary_focal_crossentropy
    categorical_crossentropy categorical_focal_crossentropy categorical_generalized_cross_entropy categorical_hinge
    circle cosine_similarity ctc deserialize dice get hinge huber kl_divergence log_cosh mean_absolute_error
    mean_absolute_percentage_error mean_squared_error mean_squared_logarithmic_error poisson serialize
    sparse_categorical_crossentropy squared_hinge tversky
    """.split()),
    "keras.backend": frozenset("""
    backend clear_session epsilon floatx get_uid image_data_format is_float_dtype is_int_dtype is_keras_tensor
    result_type set_epsilon set_floatx set_image_data_format standardize_dtype
    """.split()),
}
