"""Reference weights of TensorFlow 1.15's tf.keras Nadam (learning rate 0.002, its momentum schedule
0.96 ** (0.004 t), Keras 2's default one) and Adamax (0.002), which read the step count in order, for
tests/codemod/test_optimizer_defaults.py: the model, weights and batches of tests/codemod/scripts/
optimizer_defaults_probe.py. Run by the legacy stack, not by the suite:
`/tmp/legacy37/bin/python tests/codemod/data/make_tf115_optimizer_refs.py tests/codemod/data/tf115_optimizer_refs.npz`"""
import sys

import numpy as np
import tensorflow as tf

tf.compat.v1.enable_eager_execution()
rng = np.random.RandomState(0)
x = rng.uniform(-1, 1, (64, 6)).astype('float32')
y = np.tanh(x.dot(rng.uniform(-1, 1, (6, 2)))).astype('float32')
out = {}
for name, optimizer in (("nadam", tf.keras.optimizers.Nadam(learning_rate=0.002, epsilon=1e-7)),
                        ("adamax", tf.keras.optimizers.Adamax(learning_rate=0.002, epsilon=1e-7))):
    model = tf.keras.Sequential([tf.keras.layers.Dense(8, input_dim=6, activation='tanh'), tf.keras.layers.Dense(2)])
    weights = np.random.RandomState(1)
    model.set_weights([weights.uniform(-0.5, 0.5, w.shape).astype('float32') for w in model.get_weights()])
    model.compile(optimizer=optimizer, loss='mse')
    model.fit(x, y, batch_size=16, epochs=5, shuffle=False, verbose=0)
    out[name] = np.concatenate([w.ravel() for w in model.get_weights()])
np.savez(sys.argv[1], **out)
print({name: value.shape for name, value in out.items()})
