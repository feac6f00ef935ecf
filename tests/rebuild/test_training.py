"""A training config never fails a conversion: what Keras 3 cannot resolve is left out with a warning."""

import keras

from migrate.rebuild.training import compile_like_legacy


def _model():
    inputs = keras.Input((3,))
    return keras.Model(inputs, keras.layers.Dense(2, name="out")(inputs))


def test_custom_loss_and_metric_are_left_out_with_warnings():
    """ssabrut's siamese file compiled with its own `contrastive_loss`."""
    model = _model()
    carry = compile_like_legacy(model, {
        "loss": "contrastive_loss", "metrics": [["accuracy", "my_score"]],
        "optimizer_config": {"class_name": "RMSprop", "config": {"learning_rate": 0.001, "rho": 0.9}}}, ["out"])
    assert model.optimizer.__class__.__name__ == "RMSprop"
    assert any("contrastive_loss" in w for w in carry.warnings) and any("my_score" in w for w in carry.warnings)
    assert model.compiled_metrics is None or "my_score" not in str(model.get_compile_config())


def test_optimizer_that_refuses_its_settings_gives_adam_and_no_state():
    model = _model()
    carry = compile_like_legacy(model, {"loss": "mse", "optimizer_config": {
        "class_name": "SGD", "config": {"learning_rate": "fast"}}}, ["out"])
    assert carry.optimizer is None and any("SGD refused" in w for w in carry.warnings)
    assert model.optimizer.__class__.__name__ == "Adam"


def test_known_settings_compile_without_warnings():
    model = _model()
    carry = compile_like_legacy(model, {"loss": "mse", "metrics": ["acc"], "optimizer_config": {
        "class_name": "Adam", "config": {"lr": 0.01}}}, ["out"])
    assert carry.warnings == [] and abs(float(model.optimizer.learning_rate) - 0.01) < 1e-8
