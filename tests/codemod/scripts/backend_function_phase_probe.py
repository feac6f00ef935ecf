"""A Keras 2 script reading a layer's output the way Keras 2's FAQ did ("How can I obtain the output of an
intermediate layer?"): `K.function([model.layers[0].input, K.learning_phase()], [...])`, called in test mode with the
phase's value 0, 0., False or left out (Keras 2 then took its default, test mode). The model (Dense, BatchNormalization
with moving statistics of its own, Dropout, Dense) takes its weights from argv[1] (.npz: `x`, then `w0`, `w1`, ...),
so Keras 2.3.1 (/tmp/legacy37) and the script rewritten for Keras 3 compute the same numbers:
tests/codemod/test_backend_function_phase.py compares them. Writes argv[2] (.npz)."""
import sys

import numpy as np
from keras import backend as K
from keras.layers import BatchNormalization, Dense, Dropout, Input
from keras.models import Model

given = np.load(sys.argv[1])
inputs = Input((4,))
hidden = Dense(5, activation="relu", name="hidden")(inputs)
normed = BatchNormalization(name="norm")(hidden)
model = Model(inputs, Dense(3, activation="softmax", name="probs")(Dropout(0.5)(normed)))
model.set_weights([given[f"w{i}"] for i in range(len(model.get_weights()))])
x = given["x"]

get_normed = K.function([model.layers[0].input, K.learning_phase()], [model.get_layer("norm").output])
test_mode = get_normed([x, 0])[0]  # output in test mode = 0
as_float = get_normed([x, 0.])[0]
as_false = get_normed([x, False])[0]
left_out = get_normed([x, ])[0]


def read_both(model, values):
    both = K.function([model.input, K.learning_phase()], [model.get_layer("hidden").output, model.output])
    hidden_value, probs_value = both([values, 0])
    return hidden_value, probs_value


hidden_value, probs_value = read_both(model, x)
np.savez(sys.argv[2], test_mode=test_mode, as_float=as_float, as_false=as_false, left_out=left_out,
         hidden=hidden_value, probs=probs_value, predicted=model.predict(x))
print("ok")
