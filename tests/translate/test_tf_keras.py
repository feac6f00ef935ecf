"""tf.keras configs -> Keras 3."""

from migrate.translate import SourceInfo, translate_layer

TF1 = SourceInfo("2.2.4-tf", "tensorflow", tf_keras=True)


def test_initializer_dtype_is_removed():
    config = {"name": "d", "units": 2, "kernel_initializer": {"class_name": "GlorotUniform", "config": {"seed": None, "dtype": "float32"}}}
    out = translate_layer("Dense", config, TF1, "d").config
    assert out["kernel_initializer"] == {"class_name": "GlorotUniform", "config": {"seed": None}}
    assert config["kernel_initializer"]["config"]["dtype"] == "float32"  # the input is not mutated


def test_policy_dtype_becomes_its_name():
    out = translate_layer("Dense", {"name": "d", "units": 2, "dtype": {"class_name": "Policy", "config": {"name": "float32"}}},
                          SourceInfo("2.4.0", "tensorflow", tf_keras=True), "d").config
    assert out["dtype"] == "float32"
