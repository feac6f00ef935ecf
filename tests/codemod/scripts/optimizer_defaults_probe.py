"""Keras 2's optimizers whose defaults or step Keras 3 changed, each training one small model from the same seeded
weights on the same batches: Adadelta (learning rate 1.0, Keras 3's 0.001), Adagrad (0.01, accumulators from zero,
sqrt(a) + epsilon) and RMSprop (sqrt(a) + epsilon), as classes, with arguments and as compile strings, and
`clipnorm=`, which Keras 2 applied to all the gradients together. Keras 2.3.1 (/tmp/legacy37) and the
script rewritten by `migrate code` under Keras 3 end with the same weights: tests/codemod/test_optimizer_defaults.py
compares them (Nadam and Adamax, whose step count Keras 2.3.1's graph read racily, are compared there with TensorFlow
1.15's own). Writes argv[1] (.npz)."""
import sys

import numpy as np
from keras import optimizers
from keras.layers import Dense
from keras.models import Sequential
from keras.optimizers import SGD, Adadelta, Adagrad, RMSprop

rng = np.random.RandomState(0)
x = rng.uniform(-1, 1, (64, 6)).astype('float32')
y = np.tanh(x.dot(rng.uniform(-1, 1, (6, 2)))).astype('float32')


def fresh():
    model = Sequential()
    model.add(Dense(8, input_dim=6, activation='tanh'))
    model.add(Dense(2))
    weights = np.random.RandomState(1)
    model.set_weights([weights.uniform(-0.5, 0.5, w.shape).astype('float32') for w in model.get_weights()])
    return model


def trained(model):
    model.fit(x, y, batch_size=16, epochs=5, shuffle=False, verbose=0)
    return np.concatenate([w.ravel() for w in model.get_weights()])


out = {}
model = fresh()
model.compile(optimizer=Adadelta(), loss='mse')
out["adadelta"] = trained(model)
model = fresh()
model.compile(optimizer='adadelta', loss='mse')
out["adadelta_string"] = trained(model)
model = fresh()
model.compile(loss='mse', optimizer=optimizers.Adadelta(rho=0.9))
out["adadelta_rho"] = trained(model)
model = fresh()
model.compile(optimizer=Adagrad(), loss='mse')
out["adagrad"] = trained(model)
model = fresh()
model.compile('Adagrad', loss='mse')
out["adagrad_string"] = trained(model)
model = fresh()
model.compile(optimizer=Adagrad(lr=0.05, epsilon=1e-6), loss='mse')
out["adagrad_lr"] = trained(model)
model = fresh()
model.compile(optimizer=RMSprop(), loss='mse')
out["rmsprop"] = trained(model)
model = fresh()
model.compile(optimizer='rmsprop', loss='mse')
out["rmsprop_string"] = trained(model)
model = fresh()
model.compile(optimizer=RMSprop(lr=0.01, rho=0.8, decay=0.0), loss='mse')
out["rmsprop_lr"] = trained(model)
model = fresh()
model.compile(optimizer=SGD(lr=0.5, clipnorm=0.05), loss='mse')
out["sgd_clipnorm"] = trained(model)
np.savez(sys.argv[1], **out)
print("ok")
