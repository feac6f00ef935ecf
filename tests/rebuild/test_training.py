"""A training config never fails a conversion: what Keras 3 cannot resolve is left out with a warning."""

import keras

from migrate.rebuild.training import TrainingCarry, compile_like_legacy, keep_reloadable


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


def test_a_loss_object_config_survives_the_save_and_reload(tmp_path):
    """tf.keras 2.12 saved `loss=BinaryCrossentropy()` as its config (41Leahcim, AdamVenroy): compiled as the
    bare dict, Keras 3 saved it without its module and could not reload the file."""
    model = _model()
    carry = compile_like_legacy(model, {"loss": {"class_name": "BinaryCrossentropy", "config": {
        "reduction": "auto", "name": "binary_crossentropy", "from_logits": False, "label_smoothing": 0.0, "axis": -1}},
        "metrics": [[{"class_name": "MeanMetricWrapper", "config": {"name": "accuracy", "fn": "binary_accuracy"}}]],
        "optimizer_config": {"class_name": "Custom>Adam", "config": {"learning_rate": 0.001}}}, ["out"])
    assert carry.warnings == []
    model.save(tmp_path / "m.keras")
    reloaded = keras.saving.load_model(tmp_path / "m.keras", safe_mode=True)
    assert type(reloaded.loss).__name__ == "BinaryCrossentropy"


def test_compile_settings_that_would_not_reload_give_the_optimizer_alone(tmp_path):
    """The safety net under every loss and metric: compiled with a bare config dict (what made 41Leahcim's
    written file unloadable), the settings would not deserialize, so the model keeps only its optimizer."""
    model = _model()
    optimizer = keras.optimizers.Adam()
    model.compile(optimizer=optimizer, loss={"class_name": "BinaryCrossentropy", "config": {}})
    carry = TrainingCarry()
    keep_reloadable(model, optimizer, carry)
    model.optimizer.build(model.trainable_variables)
    assert any("optimizer alone" in w for w in carry.warnings)
    model.save(tmp_path / "m.keras")
    assert keras.saving.load_model(tmp_path / "m.keras", safe_mode=True).optimizer.__class__.__name__ == "Adam"


def test_compiling_like_legacy_builds_one_optimizer(monkeypatch):
    """The reloadability trial deserializes the losses and metrics alone: a second optimizer (with its step and
    learning-rate variables) was built there for nothing, the reload check deserializing the written one anyway."""
    from keras.src.optimizers.base_optimizer import BaseOptimizer

    made = []
    original = BaseOptimizer.__init__

    def counted(self, *args, **kwargs):
        made.append(type(self).__name__)
        original(self, *args, **kwargs)

    monkeypatch.setattr(BaseOptimizer, "__init__", counted)
    compile_like_legacy(_model(), {"loss": "mse", "metrics": ["mae"], "optimizer_config": {
        "class_name": "RMSprop", "config": {"lr": 0.01}}}, ["out"])
    assert made == ["RMSprop"]
