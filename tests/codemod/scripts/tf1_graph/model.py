"""The model of a TF1 graph program: variables made in scopes, shared between towers."""
import tensorflow as tf


def linear(x, units, name):
    with tf.variable_scope(name, reuse=tf.AUTO_REUSE):
        w = tf.get_variable("w", [x.get_shape()[-1], units],
                            initializer=tf.contrib.layers.xavier_initializer())
        b = tf.get_variable("b", [units], initializer=tf.zeros_initializer())
        tf.summary.histogram("w", w)
    return tf.matmul(x, w) + b


def network(x, keep_prob):
    hidden = tf.nn.relu(linear(x, 16, "hidden"))
    hidden = tf.nn.dropout(hidden, keep_prob=keep_prob)
    return linear(hidden, 1, "out")
