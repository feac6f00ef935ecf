from keras.layers import Dense, Dropout, Input
from keras.models import Model


def build(n_features, n_hidden, activation, rate=0.25):
    """The functional classifier, built from the settings train.py passes in."""
    inputs = Input(shape=(n_features,))
    hidden = Dense(n_hidden, activation=activation)(inputs)
    hidden = Dropout(rate)(hidden)
    outputs = Dense(1, activation="sigmoid")(hidden)
    model = Model(inputs=inputs, outputs=outputs)
    model.compile(optimizer="rmsprop", loss="binary_crossentropy")
    return model
