"""A layer shared by two inputs, read by node as Keras 2 code did (`shared.get_input_at(0)`, `get_output_at(0)`,
`get_output_shape_at(0)`: a sub-model of the first call, as feature extractors and siamese networks wrote it).
Keras 2.3.1 and the rewritten script under Keras 3 (`shared.input`, `shared.output`, `.output.shape`) give the same
predictions and shapes: tests/codemod/test_layer_node_accessors.py runs both. argv: (unused), the .npz to write."""
import sys

import numpy as np
from keras.layers import Dense, Input
from keras.models import Model

left, right = Input(shape=(4,)), Input(shape=(4,))
shared = Dense(3, activation='tanh')
model = Model([left, right], [shared(left), shared(right)])
rng = np.random.RandomState(0)
model.set_weights([rng.uniform(-1, 1, w.shape).astype('float32') for w in model.get_weights()])
first = Model(shared.get_input_at(0), shared.get_output_at(0))
x, y = rng.normal(size=(5, 4)).astype('float32'), rng.normal(size=(5, 4)).astype('float32')
shapes = [[-1 if d is None else d for d in shape] for shape in (shared.get_input_shape_at(0),
                                                                shared.get_output_shape_at(0))]
np.savez(sys.argv[2], first=first.predict(x), both=np.stack(model.predict([x, y])), shapes=np.array(shapes[1]),
         input_shape=np.array(shapes[0]))
print('ok')
