"""A Keras 2 script evaluating its model's tensors through the backend, as filter visualizations, Grad-CAM and
activation dumps did: `K.gradients` of a layer's mean with respect to the input (normalized as Keras's
conv_filter_visualization example did), of a class score with respect to a convolution's output (Grad-CAM, pooled),
and `K.function` with the learning phase among its inputs, called in training mode and then in test mode (Keras 2's
function never moved BatchNormalization's moving statistics, so the second call is the first test-mode call's).
The model (Conv2D, BatchNormalization with moving statistics of its own, Conv2D, pooling, Dense) takes its weights
from argv[1] (.npz: `x`, then `w0`, `w1`, ...), so Keras 2.3.1 (/tmp/legacy37) and the script rewritten for Keras 3
compute the same numbers: tests/codemod/test_backend_function_to_helper.py compares them. Writes argv[2] (.npz)."""
import sys

import numpy as np
from keras import backend as K
from keras.layers import BatchNormalization, Conv2D, Dense, GlobalAveragePooling2D, Input
from keras.models import Model

given = np.load(sys.argv[1])
inputs = Input((8, 8, 3))
hidden = BatchNormalization(name="norm")(Conv2D(4, 3, activation="relu", name="first")(inputs))
features = Conv2D(5, 3, name="features")(hidden)
model = Model(inputs, Dense(3, activation="softmax", name="probs")(GlobalAveragePooling2D()(features)))
model.set_weights([given[f"w{i}"] for i in range(len(model.get_weights()))])
x = given["x"]
input_img = model.input


def normalize(tensor):
    return tensor / (K.sqrt(K.mean(K.square(tensor))) + K.epsilon())


def filter_loss_and_gradient(layer_name, filter_index, image):
    loss = K.mean(model.get_layer(layer_name).output[:, :, :, filter_index])
    grads = normalize(K.gradients(loss, input_img)[0])
    iterate = K.function([input_img], [loss, grads])
    return iterate([image])


def grad_cam(image, class_index):
    score = model.output[:, class_index]
    last_conv = model.get_layer("features")
    grads = K.gradients(score, last_conv.output)[0]
    pooled = K.mean(grads, axis=(0, 1, 2))
    iterate = K.function([model.input], [pooled, last_conv.output[0]])
    return iterate([image])


loss_value, grads_value = filter_loss_and_gradient("features", 1, x)
pooled_value, conv_value = grad_cam(x, 2)
activations = K.function([inputs] + [K.learning_phase()], (model.get_layer("norm").output, model.output))
train_normed, train_probs = activations([x, 1])
test_normed, test_probs = activations([x, 0.])
np.savez(sys.argv[2], loss=loss_value, grads=grads_value, pooled=pooled_value, conv=conv_value,
         train_normed=train_normed, train_probs=train_probs, test_normed=test_normed, test_probs=test_probs)
print("ok")
