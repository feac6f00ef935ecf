"""Keras's neural style transfer example, made small: the two fixed images as graph variables (`K.variable`), the
generated one a placeholder, VGG16 built on their concatenation, the loss summed from a variable and its gradients
taken by `K.gradients` and run by `K.function`. VGG16's weights are set from a seeded generator (no download), and
the images are 32x32. Keras 2.3.1 (/tmp/legacy37) and the script rewritten by `migrate code` under Keras 3 compute
the same loss and gradients: tests/codemod/test_constant_variables.py compares them. Writes argv[1] (.npz)."""
import sys

import numpy as np
from keras import backend as K
from keras.applications import vgg16

img_nrows, img_ncols = 32, 32
rng = np.random.RandomState(0)
base_image = K.variable(rng.uniform(-100, 100, (1, img_nrows, img_ncols, 3)))
style_reference_image = K.variable(rng.uniform(-100, 100, (1, img_nrows, img_ncols, 3)))
combination_image = K.placeholder((1, img_nrows, img_ncols, 3))
input_tensor = K.concatenate([base_image, style_reference_image, combination_image], axis=0)
model = vgg16.VGG16(input_tensor=input_tensor, weights=None, include_top=False)
model.set_weights([rng.normal(0, 0.05, w.shape).astype('float32') for w in model.get_weights()])
outputs_dict = dict([(layer.name, layer.output) for layer in model.layers])


def gram_matrix(x):
    features = K.batch_flatten(K.permute_dimensions(x, (2, 0, 1)))
    return K.dot(features, K.transpose(features))


def style_loss(style, combination):
    S = gram_matrix(style)
    C = gram_matrix(combination)
    return K.sum(K.square(S - C)) / (4. * (3 ** 2) * ((img_nrows * img_ncols) ** 2))


def content_loss(base, combination):
    return K.sum(K.square(combination - base))


def total_variation_loss(x):
    a = K.square(x[:, :img_nrows - 1, :img_ncols - 1, :] - x[:, 1:, :img_ncols - 1, :])
    b = K.square(x[:, :img_nrows - 1, :img_ncols - 1, :] - x[:, :img_nrows - 1, 1:, :])
    return K.sum(K.pow(a + b, 1.25))


loss = K.variable(0.)
layer_features = outputs_dict['block4_conv2']
loss = loss + 0.025 * content_loss(layer_features[0, :, :, :], layer_features[2, :, :, :])
for layer_name in ['block1_conv1', 'block2_conv1', 'block3_conv1']:
    layer_features = outputs_dict[layer_name]
    loss = loss + (1.0 / 3) * style_loss(layer_features[1, :, :, :], layer_features[2, :, :, :])
loss = loss + 1.0 * total_variation_loss(combination_image)

grads = K.gradients(loss, combination_image)
outputs = [loss]
if type(grads) in {list, tuple}:
    outputs += grads
else:
    outputs.append(grads)
f_outputs = K.function([combination_image], outputs)

found = {}
for step in range(2):
    x = rng.uniform(0, 255, (1, img_nrows, img_ncols, 3)) - 128.
    outs = f_outputs([x])
    found[f'loss{step}'] = np.asarray(outs[0])
    found[f'grads{step}'] = outs[1]
np.savez(sys.argv[1], **found)
print('ok')
