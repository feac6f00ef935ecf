"""Names stock Keras 3 resolves as an activation, loss, metric, initializer, regularizer or constraint
(the ALL_OBJECTS_DICT keys of those modules, Keras 3.15), and the legacy names migrate translates: a name a
file gives outside this set is the project's own, to be looked for in its code."""

KERAS3_FUNCTION_NAMES = frozenset("""
AUC Accuracy BCE BinaryAccuracy BinaryCrossentropy BinaryFocalCrossentropy BinaryIoU CTC CategoricalAccuracy
CategoricalCrossentropy CategoricalFocalCrossentropy CategoricalHinge Circle ConcordanceCorrelation Constant
Constraint CosineSimilarity Dice F1Score FBetaScore FalseNegatives FalsePositives GlorotNormal GlorotUniform
HeNormal HeUniform Hinge Huber Identity IdentityInitializer Initializer IoU KLD KLDivergence L1 L1L2 L2 LecunNormal
LecunUniform LogCosh LogCoshError Loss LossFunctionWrapper MAE MAPE MSE MSLE MaxNorm Mean MeanAbsoluteError
MeanAbsolutePercentageError MeanIoU MeanMetricWrapper MeanSquaredError MeanSquaredLogarithmicError Metric
MinMaxNorm NonNeg OneHotIoU OneHotMeanIoU Ones Orthogonal OrthogonalInitializer OrthogonalRegularizer
PearsonCorrelation Poisson Precision PrecisionAtRecall R2Score RandomNormal RandomUniform Recall RecallAtPrecision
Regularizer RootMeanSquaredError STFT STFTInitializer SensitivityAtSpecificity SparseCategoricalAccuracy
SparseCategoricalCrossentropy SparseTopKCategoricalAccuracy SpecificityAtSensitivity SquaredHinge Sum
TopKCategoricalAccuracy TrueNegatives TruePositives TruncatedNormal Tversky UnitNorm VarianceScaling Zeros accuracy
auc bce binary_accuracy binary_crossentropy binary_focal_crossentropy binary_io_u categorical_accuracy
categorical_crossentropy categorical_focal_crossentropy categorical_hinge celu circle concordance_correlation
constant constraint cosine_similarity ctc dice elu exponential f1_score f_beta_score false_negatives
false_positives gelu glorot_normal glorot_uniform glu hard_shrink hard_sigmoid hard_silu hard_swish hard_tanh
he_normal he_uniform hinge huber identity initializer io_u kl_divergence kld l1 l1l2 l2 leaky_relu lecun_normal
lecun_uniform linear log_cosh log_cosh_error log_sigmoid log_softmax mae mape max_norm mean mean_absolute_error
mean_absolute_percentage_error mean_io_u mean_metric_wrapper mean_squared_error mean_squared_logarithmic_error
metric min_max_norm mish mse msle non_neg normal one one_hot_io_u one_hot_mean_io_u ones orthogonal
orthogonal_regularizer pearson_correlation poisson precision precision_at_recall r2_score random_normal
random_uniform recall recall_at_precision regularizer relu relu6 root_mean_squared_error selu
sensitivity_at_specificity sigmoid silu soft_shrink softmax softplus softsign sparse_categorical_accuracy
sparse_categorical_crossentropy sparse_plus sparse_sigmoid sparse_top_k_categorical_accuracy sparsemax
specificity_at_sensitivity squared_hinge squareplus stft sum swish tanh tanh_shrink threshold
top_k_categorical_accuracy true_negatives true_positives truncated_normal tversky uniform unit_norm
variance_scaling zero zeros
""".split()) | {"acc", "kullback_leibler_divergence", "logcosh", "linear", "softmax"}
