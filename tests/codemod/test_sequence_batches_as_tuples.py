"""sequence_batches_as_tuples: must-not-change cases first, then before/after, then Keras 3 itself."""

import keras
import numpy as np
import pytest

from tests.codemod.helpers import assert_rewrites, assert_unchanged

RULE = "sequence_batches_as_tuples"


def test_other_classes_and_lists_used_otherwise_stay():
    assert_unchanged("""
        from keras.utils import Sequence

        class Batches(list):
            def __getitem__(self, i):
                return [self.x[i]], self.y[i]

        class Images(Sequence):
            def __getitem__(self, i):
                x = [self.a[i]]
                x.append(self.b[i])
                return x, self.y[i]
    """, RULE)


def test_inputs_returned_as_a_list_become_a_tuple():
    # PeterDrake/sky pre_fall_2020/train_model.py: X = [sky_images]; return X, Y
    assert_rewrites("""
        from tensorflow.python.keras.utils.data_utils import Sequence

        class ImageGenerator(Sequence):
            def __getitem__(self, idx):
                sky_images = load(idx)
                X = [sky_images]
                Y = labels(idx)
                return X, Y

        class Pairs(Sequence):
            def __getitem__(self, idx):
                return [self.left[idx], self.right[idx]], self.y[idx]
    """, """
        from tensorflow.python.keras.utils.data_utils import Sequence

        class ImageGenerator(Sequence):
            def __getitem__(self, idx):
                sky_images = load(idx)
                X = (sky_images,)
                Y = labels(idx)
                return X, Y

        class Pairs(Sequence):
            def __getitem__(self, idx):
                return (self.left[idx], self.right[idx]), self.y[idx]
    """, RULE)


@pytest.mark.parametrize("inputs", [lambda x: [x], lambda x: (x,)], ids=["list", "tuple"])
def test_keras_3_fits_a_sequence_of_tuples_not_of_lists(inputs):
    class Batches(keras.utils.PyDataset):
        def __len__(self):
            return 2

        def __getitem__(self, i):
            return inputs(np.zeros((4, 3), "float32")), np.zeros((4, 1), "float32")

    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile("sgd", "mse")
    if isinstance(inputs(0), list):
        with pytest.raises(TypeError, match="output_signature"):
            model.fit(Batches(), epochs=1, verbose=0)
    else:
        model.fit(Batches(), epochs=1, verbose=0)
