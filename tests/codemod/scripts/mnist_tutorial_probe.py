"""TensorFlow 1's tutorial MNIST reader as GAN and classifier tutorials used it: `input_data.read_data_sets(dir,
one_hot=True)`, then `mnist.train.next_batch(n)` across epochs, the validation and test sets, and the uint8 images
unreshaped. argv[1] is a folder holding the four idx files (tests/codemod/test_mnist_tutorial_data.py writes small
ones); TF 1.15 and the rewritten script under TF 2 (TF 1.15's reader copied in) give the same arrays. argv[2]: the
.npz to write."""
import sys

import numpy as np
import tensorflow as tf
from tensorflow.examples.tutorials.mnist import input_data

mnist = input_data.read_data_sets(sys.argv[1], one_hot=True, validation_size=3, seed=5)
batches = [mnist.train.next_batch(4) for _ in range(5)]
raw = input_data.read_data_sets(sys.argv[1], dtype=tf.uint8, reshape=False, validation_size=0, seed=7)
unshuffled = raw.train.next_batch(6, shuffle=False)
np.savez(sys.argv[2], images=np.stack([b[0] for b in batches]), labels=np.stack([b[1] for b in batches]),
         validation=mnist.validation.images, test_labels=mnist.test.labels, epochs=np.array(mnist.train.epochs_completed),
         raw=raw.train.next_batch(5)[0], raw_labels=raw.test.labels, unshuffled=unshuffled[0],
         count=np.array(mnist.train.num_examples))
print('ok')
