# A legacy Python 2 MNIST classifier, as people wrote them (Alrobbertz/ANN-MINST-Classification minst.py): the
# builder prints its summary with a Python 2 print statement and adds as many hidden layers as its caller asks
# for, in a loop. Saved with Keras 2.3.1's save_weights as mlp_weights.h5 (create_model as called below).
import os

from keras.layers import Dense, Dropout
from keras.models import Sequential

# Outside the construction slice: would leave a mark if it ever ran.
with open(os.environ.get("MIGRATE_PAYLOAD", "payload.txt"), "w") as mark:
    mark.write("the training script ran\n")


def create_model(hidden_layers=10, activation_function="relu", dropout_rate=0.0):
    model = Sequential()
    if dropout_rate > 0:
        model.add(Dropout(rate=dropout_rate, input_shape=(16,)))
    model.add(Dense(units=16, activation=activation_function, input_shape=(16,)))
    for i in range(hidden_layers):
        model.add(Dense(units=8, activation=activation_function))
    model.add(Dense(units=3, activation='softmax'))
    print model.summary()
    model.compile(loss='categorical_crossentropy', optimizer='sgd')
    return model


model = create_model(hidden_layers=2, activation_function="relu", dropout_rate=0.1)
model.save_weights('mlp_weights.h5')
