"""A Keras 2 script reading a model's hidden layer and output through K.function (two outputs, and one output taken as
`f([x])[0]`; an Input and a layer call by name, as Keras's image_ocr example), as david8862/keras-YOLOv3-model-set's
heatmap_check.py and keras-vis-style scripts do. Fixed weights, so Keras 2.3.1 (/tmp/legacy37) and the rewritten
script under Keras 3 compute the same numbers: tests/codemod/test_backend_function_to_model.py compares them. Writes
argv[1] (.npz)."""
import sys

import numpy as np
from keras import backend as K
from keras.layers import BatchNormalization, Dense, Dropout, Input
from keras.models import Model

rng = np.random.RandomState(0)
inputs = Input((4,))
hidden = Dense(5, activation="relu", name="hidden")(inputs)
normed = BatchNormalization(name="norm")(Dropout(0.5)(hidden))
model = Model(inputs, Dense(3, activation="softmax", name="probs")(normed))
model.set_weights([rng.uniform(0.5, 1.5, size=w.shape).astype("float32") for w in model.get_weights()])
x = rng.normal(size=(6, 4)).astype("float32")

both = K.function([model.input], [model.get_layer("hidden").output, model.output])
probs = K.function(model.inputs, [model.output])
hidden_value, probs_value = both([x])
# Keras's image_ocr example: the Input and a layer's call, by the names the script bound them to
by_name = K.function([inputs], [hidden, normed])
hidden_named, normed_named = by_name([x])
np.savez(sys.argv[1], x=x, hidden=hidden_value, probs=probs_value, probs_only=probs([x])[0],
         hidden_named=hidden_named, normed_named=normed_named)
print("ok")
