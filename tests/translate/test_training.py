"""Training configs as data: the shapes tf.keras 2.x and Keras 2 wrote, read into Keras 3 compile arguments."""

from migrate.translate.training import slot_position, translate_optimizer, translate_training, variable_major

MEAN_WRAPPER = {"class_name": "MeanMetricWrapper",
                "config": {"name": "categorical_accuracy", "dtype": "float32", "fn": "categorical_accuracy"}}


def test_tf_keras_per_output_metric_lists_flatten_for_one_output():
    """tf.keras 2.13 (2244shek's file) wrote [[MeanMetricWrapper]] for a single output."""
    spec = translate_training({"loss": "categorical_crossentropy", "metrics": [[MEAN_WRAPPER]]}, ["dense_2"])
    assert spec.metrics == ["categorical_accuracy"]


def test_per_output_metric_lists_stay_per_output():
    spec = translate_training({"metrics": [["acc"], [MEAN_WRAPPER]]}, ["a", "b"])
    assert spec.metrics == [["accuracy"], ["categorical_accuracy"]]


def test_keras2_flat_metrics_apply_to_every_output():
    assert translate_training({"metrics": ["acc"]}, ["a", "b"]).metrics == [["accuracy"], ["accuracy"]]


def test_loss_object_reduction_auto_is_keras3s_batch_mean():
    loss = {"class_name": "CategoricalCrossentropy", "config": {"reduction": "auto", "from_logits": False}}
    assert translate_training({"loss": loss}, ["out"]).loss["config"]["reduction"] == "sum_over_batch_size"


def test_registered_tf_keras_optimizer_is_its_keras3_class():
    """tf.keras 2.11+ saved its optimizers as 'Custom>Adam' with arguments Keras 3 has no use for."""
    spec = translate_optimizer({"class_name": "Custom>Adam", "config": {
        "name": "Adam", "is_legacy_optimizer": False, "jit_compile": False, "learning_rate": 0.001, "amsgrad": False}})
    assert spec.class_name == "Adam" and spec.arguments == {"learning_rate": 0.001, "amsgrad": False}


def test_new_optimizer_slots_run_weight_by_weight():
    names = ["Adam/m/lstm/lstm_cell/kernel:0", "Adam/v/lstm/lstm_cell/kernel:0", "Adam/m/dense/bias:0",
             "Adam/v/dense/bias:0"]
    assert variable_major(names, 2)
    assert slot_position(1, 1, kinds=2, variables=2, by_variable=True) == 3  # v of the second weight
    assert slot_position(0, 1, kinds=2, variables=2, by_variable=True) == 2


def test_keras2_optimizer_slots_run_kind_by_kind():
    names = ["training/Adam/Variable:0", "training/Adam/Variable_1:0", "training/Adam/Variable_2:0"]
    assert not variable_major(names, 2)
    assert not variable_major(["Adam/dense/kernel/m:0", "Adam/dense/bias/m:0"], 2)
    assert slot_position(1, 0, kinds=2, variables=3, by_variable=False) == 3
