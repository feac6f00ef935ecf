"""Keras 1 layer calls as Keras 2.3.1 built and ran them through its legacy interfaces (tests/codemod/
test_keras1_arguments.py): run with /tmp/legacy37, `python make_keras231_keras1_layer_refs.py
keras231_keras1_layer_refs.npz`. Per case: the input shape the model got, the layer's config values the test
compares, the weights (set from a fixed seed, or as the layer's initializer made them), an input and the output."""
import json
import sys

import numpy as np
from keras import layers
from keras.models import Sequential

# name -> (Keras 1 call, input shape without the batch (None: the call gives it), config keys, set weights?)
CASES = {
    "dropout": ("Dropout(p=0.3)", (4,), ("rate",), False),
    "gaussian_noise": ("GaussianNoise(sigma=0.2)", (4,), ("stddev",), False),
    "gaussian_dropout": ("GaussianDropout(p=0.25)", (4,), ("rate",), False),
    "spatial_dropout": ("SpatialDropout2D(p=0.1, dim_ordering='th')", (2, 3, 3), ("rate", "data_format"), False),
    "prelu": ("PReLU(init='one')", (4,), (), False),
    "lstm": ("LSTM(4, inner_activation='tanh', input_dim=3, input_length=5, forget_bias_init='one', "
             "return_sequences=True)", None, ("units", "recurrent_activation", "unit_forget_bias"), True),
    "conv_lstm": ("ConvLSTM2D(2, 3, 3, inner_activation='tanh', border_mode='same')", (3, 5, 5, 2),
                  ("filters", "kernel_size", "recurrent_activation", "padding"), True),
    "max_pooling_1d": ("MaxPooling1D(pool_length=2, stride=1)", (6, 3), ("pool_size", "strides"), False),
    "upsampling_1d": ("UpSampling1D(length=3)", (4, 2), ("size",), False),
    "separable": ("SeparableConv2D(4, 3, 3, init='one', border_mode='same')", (5, 5, 2),
                  ("filters", "kernel_size", "padding"), False),
    "conv_1d": ("Convolution1D(nb_filter=2, filter_length=3, input_dim=4, input_length=6)", None,
                ("filters", "kernel_size"), True),
}


def run(call, shape, keys, set_weights, random):
    layer = eval(call, vars(layers))
    model = Sequential([layer] if shape is None else [layers.InputLayer(input_shape=shape), layer])
    if set_weights:
        layer.set_weights([random.normal(size=w.shape).astype("float32") for w in layer.get_weights()])
    x = random.normal(size=(2, *model.input_shape[1:])).astype("float32")
    config = layer.get_config()
    values = {key: config[key] if key in config else getattr(layer, key) for key in keys}  # Keras 2.3.1's
    # SpatialDropout2D kept data_format out of its config
    return {"input_shape": list(model.input_shape[1:]), "config": values,
            "weights": layer.get_weights(), "x": x, "y": model.predict(x)}


def main():
    random = np.random.RandomState(0)
    arrays, described = {}, {}
    for name, (call, shape, keys, set_weights) in CASES.items():
        got = run(call, shape, keys, set_weights, random)
        described[name] = {"call": call, "input_shape": got["input_shape"], "config": got["config"],
                           "weights": len(got["weights"])}
        arrays.update({f"{name}.x": got["x"], f"{name}.y": got["y"]})
        arrays.update({f"{name}.w{index}": weight for index, weight in enumerate(got["weights"])})
    np.savez(sys.argv[1], cases=json.dumps(described), **arrays)
    print("ok")


if __name__ == "__main__":
    main()
