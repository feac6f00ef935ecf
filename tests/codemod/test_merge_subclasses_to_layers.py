"""merge_subclasses_to_layers: must-not-change cases first, then before/after, then the layer run."""

import numpy as np

from tests.codemod.helpers import assert_rewrites, assert_unchanged, rewrite

RULE = "merge_subclasses_to_layers"


def test_merge_subclasses_that_do_more_stay():
    assert_unchanged("""
        from keras.layers.merge import _Merge

        class OwnCall(_Merge):
            def _merge_function(self, inputs):
                return inputs[0]

            def call(self, inputs):
                return self._merge_function(inputs) * 2

        class NoFunction(_Merge):
            pass
    """, RULE)
    assert_unchanged("""
        from mylib import _Merge

        class Average(_Merge):
            def _merge_function(self, inputs):
                return inputs[0]
    """, RULE)


def test_improved_wgan_s_random_weighted_average():
    # keras-contrib examples/improved_wgan.py, PacktPublishing/Hands-On-Generative-Adversarial-Networks-with-Keras
    assert_rewrites("""
        from keras import backend as K
        from keras.layers.merge import _Merge

        class RandomWeightedAverage(_Merge):
            \"\"\"A random point between each pair.\"\"\"

            def _merge_function(self, inputs):
                weights = K.random_uniform((BATCH_SIZE, 1, 1, 1))
                return (weights * inputs[0]) + ((1 - weights) * inputs[1])
    """, """
        from keras import backend as K
        import keras

        class RandomWeightedAverage(keras.layers.Layer):
            \"\"\"A random point between each pair.\"\"\"

            def call(self, inputs):
                weights = K.random_uniform((BATCH_SIZE, 1, 1, 1))
                return (weights * inputs[0]) + ((1 - weights) * inputs[1])
    """, RULE)


def test_the_layer_computes_what_the_merge_function_did():
    after, _ = rewrite("""
        import keras
        from keras.layers.merge import _Merge

        class WeightedAverage(_Merge):
            def _merge_function(self, inputs):
                return (0.3 * inputs[0]) + (0.7 * inputs[1])

        a, b = keras.Input((3,)), keras.Input((3,))
        model = keras.Model([a, b], WeightedAverage()([a, b]))
    """, RULE)
    scope: dict = {}
    exec(compile(after, "example.py", "exec"), scope)  # noqa: S102 - the test's own snippet
    model = scope["model"]
    assert model.output.shape == (None, 3)
    x, y = np.ones((2, 3), "float32"), np.zeros((2, 3), "float32")
    np.testing.assert_allclose(model.predict_on_batch([x, y]), np.full((2, 3), 0.3), rtol=1e-6)
