"""A Keras 2 WGAN-GP critic step as keras-contrib's improved_wgan.py example builds it (copied into many GAN
projects): a `_Merge` subclass mixes real and generated samples, the critic's output on the mix is a model output,
and its loss is a `partial` of a gradient-penalty function that takes `K.gradients(y_pred, averaged_samples)[0]`.
The mix here is a fixed point between each pair (the example draws it at random) so that Keras 2.3.1 (/tmp/legacy37)
and the rewritten script under Keras 3 can be compared number for number: three `train_on_batch` steps from fixed
weights, their total and penalty losses and the critic's weights after them (tests/codemod/test_gradient_penalty_losses.py).
The optimizer is SGD with momentum, where the example had Adam(0.0001, beta_1=0.5, beta_2=0.9): Keras 2.3.1's Adam reads
its step count with no ordering against the increment, so its third step came out either way from run to run (CI saw
10.28 against 10.31); SGD's step reads no count. Reads argv[1] (.npz of weights and batches), writes argv[2] (.npz):
the first step's losses and weights, and the three steps'."""
import sys
from functools import partial

import numpy as np
from keras import backend as K
from keras.layers import Dense, Input
from keras.layers.merge import _Merge
from keras.models import Model, Sequential
from keras.optimizers import SGD

GRADIENT_PENALTY_WEIGHT = 10


def wasserstein_loss(y_true, y_pred):
    return K.mean(y_true * y_pred)


def gradient_penalty_loss(y_true, y_pred, averaged_samples, gradient_penalty_weight):
    # get gradients of D(averaged) wrt averaged
    gradients = K.gradients(y_pred, averaged_samples)[0]
    gradients_sqr = K.square(gradients)
    gradients_sqr_sum = K.sum(gradients_sqr, axis=np.arange(1, len(gradients_sqr.shape)))
    gradient_l2_norm = K.sqrt(gradients_sqr_sum)
    gradient_penalty = gradient_penalty_weight * K.square(1 - gradient_l2_norm)
    return K.mean(gradient_penalty)


class WeightedAverage(_Merge):
    """A fixed point between each pair of samples."""

    def _merge_function(self, inputs):
        return (0.3 * inputs[0]) + (0.7 * inputs[1])


def main(weights_path, out_path):
    given = np.load(weights_path)
    discriminator = Sequential([Dense(8, activation='tanh', input_shape=(4,)), Dense(1)])
    discriminator.set_weights([given[f'd{i}'] for i in range(4)])
    real_samples = Input(shape=(4,))
    generated_samples = Input(shape=(4,))
    real_out = discriminator(real_samples)
    generated_out = discriminator(generated_samples)
    averaged_samples = WeightedAverage()([real_samples, generated_samples])
    averaged_samples_out = discriminator(averaged_samples)
    partial_gp_loss = partial(gradient_penalty_loss, averaged_samples=averaged_samples,
                              gradient_penalty_weight=GRADIENT_PENALTY_WEIGHT)
    partial_gp_loss.__name__ = 'gradient_penalty'
    discriminator_model = Model(inputs=[real_samples, generated_samples],
                                outputs=[real_out, generated_out, averaged_samples_out])
    discriminator_model.compile(optimizer=SGD(0.01, momentum=0.5),
                                loss=[wasserstein_loss, wasserstein_loss, partial_gp_loss])
    positive_y = np.ones((6, 1), dtype=np.float32)
    dummy_y = np.zeros((6, 1), dtype=np.float32)
    losses = [discriminator_model.train_on_batch([given['real'], given['generated']], [positive_y, -positive_y, dummy_y])]
    stepped = discriminator.get_weights()  # after the first step
    losses += [discriminator_model.train_on_batch([given['real'], given['generated']], [positive_y, -positive_y, dummy_y])
               for _ in range(2)]
    losses = np.array(losses, dtype=np.float32)
    # the total and the penalty's loss (Keras 3 reports the other two by their function's name, one name for both)
    np.savez(out_path, total=losses[:, 0], penalty=losses[:, -1], first_total=losses[:1, 0],
             first_penalty=losses[:1, -1], **{f'first_d{i}': weight for i, weight in enumerate(stepped)},
             **{f'd{i}': weight for i, weight in enumerate(discriminator.get_weights())})
    print('ok')


if __name__ == '__main__':
    main(sys.argv[1], sys.argv[2])
