"""A TF 1 graph network of tf.nn.rnn_cell's and contrib.rnn's cells run by dynamic_rnn, bidirectional_dynamic_rnn and
static_rnn: under TF 1.15 it initializes, saves a checkpoint and writes its outputs; rewritten, under TF 2 it restores
that checkpoint (TF 1's variable names, or the restore fails) and writes the same outputs: the outputs and states, one
Adam step, then the outputs again."""

import os
import sys

import numpy as np
import tensorflow as tf
from tensorflow.contrib import rnn

data = np.load(sys.argv[1])
checkpoint = os.path.join(os.path.dirname(os.path.abspath(sys.argv[2])), "tf1_rnn_cells.ckpt")
restoring = os.path.exists(checkpoint + ".index")

tf.set_random_seed(1)
sequences = tf.placeholder(tf.float32, [None, 5, 3])
lengths = tf.placeholder(tf.int32, [None])
keep_prob = tf.placeholder_with_default(1.0, [])
stacked = tf.nn.rnn_cell.MultiRNNCell([
    tf.nn.rnn_cell.DropoutWrapper(tf.nn.rnn_cell.LSTMCell(6), output_keep_prob=keep_prob, state_keep_prob=keep_prob),
    tf.nn.rnn_cell.GRUCell(4)])
outputs, states = tf.nn.dynamic_rnn(stacked, sequences, sequence_length=lengths, dtype=tf.float32)
with tf.variable_scope("basic"):
    basic = rnn.BasicLSTMCell(4, forget_bias=0.5)
    initial = basic.zero_state(tf.shape(sequences)[0], tf.float32)
    basic_outputs, basic_state = tf.nn.dynamic_rnn(basic, sequences, initial_state=initial)
with tf.variable_scope("bi"):
    forward = tf.nn.rnn_cell.LSTMCell(3, use_peepholes=True, num_proj=2, cell_clip=1.0, state_is_tuple=False)
    backward = tf.contrib.rnn.BasicRNNCell(2, activation=tf.nn.relu)
    (bi_forward, bi_backward), _ = tf.nn.bidirectional_dynamic_rnn(forward, backward, sequences, dtype=tf.float32)
with tf.variable_scope("static"):
    static_outputs, static_state = tf.nn.static_rnn(tf.nn.rnn_cell.GRUCell(3, name="named"),
                                                    tf.unstack(sequences, axis=1), dtype=tf.float32)
assert isinstance(states[0], tf.nn.rnn_cell.LSTMStateTuple) and isinstance(basic_state, rnn.LSTMStateTuple)
saver = tf.train.Saver(tf.global_variables())
loss = tf.reduce_sum(outputs ** 2) + tf.reduce_sum(basic_outputs) + tf.reduce_sum(bi_forward * bi_backward) + \
    tf.reduce_sum(tf.stack(static_outputs)) + tf.reduce_sum(states[0].c) + tf.reduce_sum(static_state)
step = tf.train.AdamOptimizer(0.01).minimize(loss)

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    if restoring:
        saver.restore(sess, checkpoint)
    else:
        saver.save(sess, checkpoint)
    feed = {sequences: data["sequences"], lengths: data["lengths"]}
    first = sess.run({"outputs": outputs, "c": states[0].c, "h": states[0].h, "gru": states[1],
                      "basic": basic_outputs, "basic_c": basic_state.c, "forward": bi_forward,
                      "backward": bi_backward, "static": tf.stack(static_outputs, 1), "static_state": static_state},
                     feed)
    sess.run(step, feed)
    after = sess.run(outputs, feed)
    names = sorted(variable.name for variable in saver._var_list)

np.savez(sys.argv[2], after=after, names=np.array(names), **first)
print("ok")
