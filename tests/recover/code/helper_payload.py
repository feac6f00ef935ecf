from keras.layers import Dense
from keras.models import Sequential


def block(width):
    """A helper the builder calls, which also writes a file: it is not kept, so the slice cannot run it."""
    with open("/tmp/never", "w") as mark:
        mark.write("helper ran")
    return Dense(width)


model = Sequential()
model.add(Dense(8, input_shape=(5,)))
model.add(block(2))
