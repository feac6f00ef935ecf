import sys

import numpy as np
import tensorflow as tf

tf.enable_eager_execution()
d = tf.data.Dataset.range(10).apply(tf.contrib.data.batch_and_drop_remainder(3))
p = tf.data.Dataset.range(7).map(lambda i: tf.fill([i % 3 + 1], i)).apply(
    tf.contrib.data.padded_batch_and_drop_remainder(2, [None], padding_values=tf.constant(-1, tf.int64)))
batches = np.stack([b.numpy() for b in d])
padded = np.concatenate([b.numpy().ravel() for b in p])
np.savez(sys.argv[2], batches=batches, padded=padded)
print("ok")
