"""Train a small regression network, TensorFlow 1 style (placeholders, a session, app.flags): runs as it is on
TensorFlow 1.15 (/tmp/legacy37); migrate makes it a graph program of TF 2 (tf1_graph_program)."""
import numpy as np
import tensorflow as tf
from model import network

flags = tf.app.flags
flags.DEFINE_integer("steps", 300, "training steps")
flags.DEFINE_float("learning_rate", 0.01, "Adam's learning rate")
flags.DEFINE_string("optimizer", "adam", "adam or sgd")
flags.DEFINE_string("logdir", "logs", "where summaries go")
FLAGS = tf.app.flags.FLAGS


def main(_):
    tf.set_random_seed(1)
    tf.logging.set_verbosity(tf.logging.INFO)
    rng = np.random.RandomState(0)
    data = rng.randn(512, 4).astype(np.float32)
    target = np.sin(data.sum(axis=1, keepdims=True)).astype(np.float32)
    x = tf.placeholder(tf.float32, [None, 4], name="x")
    y = tf.placeholder(tf.float32, [None, 1], name="y")
    keep_prob = tf.placeholder_with_default(1.0, [], name="keep_prob")
    loss = tf.reduce_mean(tf.square(network(x, keep_prob) - y))
    tf.summary.scalar("loss", loss)
    global_step = tf.train.get_or_create_global_step()
    if FLAGS.optimizer == "adam":
        optimizer = tf.train.AdamOptimizer(FLAGS.learning_rate)
    else:
        optimizer = tf.train.GradientDescentOptimizer(FLAGS.learning_rate)
    update_ops = tf.get_collection(tf.GraphKeys.UPDATE_OPS)
    with tf.control_dependencies(update_ops):
        train_op = optimizer.minimize(loss, global_step=global_step, var_list=tf.trainable_variables())
    merged = tf.summary.merge_all()
    saver = tf.train.Saver(tf.global_variables(), max_to_keep=1)
    config = tf.ConfigProto(allow_soft_placement=True)
    with tf.Session(config=config) as sess:
        writer = tf.summary.FileWriter(FLAGS.logdir, sess.graph)
        sess.run(tf.global_variables_initializer())
        first = sess.run(loss, feed_dict={x: data, y: target})
        for step in range(FLAGS.steps):
            summary, _ = sess.run([merged, train_op], feed_dict={x: data, y: target, keep_prob: 0.9})
            writer.add_summary(summary, step)
        last = sess.run(loss, feed_dict={x: data, y: target})
        saver.save(sess, FLAGS.logdir + "/model.ckpt", global_step=global_step)
        tf.logging.info("loss %.4f -> %.4f", first, last)
        print(f"first {first:.6f} last {last:.6f}")


if __name__ == "__main__":
    tf.app.run()
