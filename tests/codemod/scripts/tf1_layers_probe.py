"""A TF 1 graph network of tf.layers and contrib's layers: under TF 1.15 it initializes, saves a checkpoint and writes its outputs; rewritten,
under TF 2 it restores that checkpoint (TF 1's variable names, or the restore fails) and writes the same outputs:
inference, training mode, one Adam step with the moving averages updated through UPDATE_OPS, then inference again."""

import os
import sys

import numpy as np
import tensorflow as tf
import tensorflow.contrib.slim as slim

data = np.load(sys.argv[1])
checkpoint = os.path.join(os.path.dirname(os.path.abspath(sys.argv[2])), "tf1_layers.ckpt")
restoring = os.path.exists(checkpoint + ".index")


def net(images, features, is_training, reuse=None):
    with tf.variable_scope("net", reuse=reuse):
        h = tf.layers.conv2d(images, 4, 3, padding="same", activation=tf.nn.relu)
        h = tf.layers.batch_normalization(h, training=is_training)
        h = tf.layers.conv2d(h, 6, (3, 3), strides=(2, 2), name="second", use_bias=False)
        h = tf.layers.average_pooling2d(h, 2, 1, padding="same")
        h = tf.layers.max_pooling2d(h, pool_size=(2, 2), strides=2)
        h = tf.layers.flatten(h)
        h = tf.layers.dropout(h, 0.3, training=False)
        f = tf.layers.dense(features, 5, activation=tf.nn.tanh)
        f = tf.layers.batch_normalization(f, momentum=0.9, training=is_training, name="bn_features")
        c = tf.contrib.layers.flatten(tf.contrib.layers.conv2d(images, 3, 3, stride=2))  # Conv/weights, ReLU
        # contrib's batch norm as DCGAN wrote it (fused, updated in place), by default (TF 1's core layer: UPDATE_OPS)
        # and on a 2-D input (fused, reshaped); none on another's output, whose shift it would cancel (no gradient)
        g = tf.contrib.layers.batch_norm(images, decay=0.9, updates_collections=None, epsilon=1e-5, scale=True,
                                         is_training=is_training, scope="g_bn0")
        k = tf.contrib.layers.batch_norm(tf.square(images), is_training=is_training)
        e = tf.contrib.layers.batch_norm(features, is_training=is_training, activation_fn=tf.nn.relu)
        n = tf.contrib.layers.instance_norm(tf.nn.relu(images), activation_fn=tf.nn.tanh)  # InstanceNorm/beta, gamma
        n = tf.concat([n, tf.contrib.layers.instance_norm(tf.square(images), center=False, scope="in2")], axis=3)
        g = tf.concat([tf.contrib.layers.flatten(g), tf.contrib.layers.flatten(k), e, tf.contrib.layers.flatten(n)],
                      axis=1)
        c = tf.contrib.layers.fully_connected(c, 4, weights_regularizer=tf.contrib.layers.l2_regularizer(0.01))
        h = tf.concat([h, f, c, g], axis=1)
        sequence = tf.layers.dense(tf.stack([f, f], axis=1), 2)  # a rank-3 input: tensordot
        return tf.layers.dense(h, 3, name="logits"), sequence


def shapes(images, features):
    """The other ranks' layers and the transposed and separable convolutions."""
    with tf.variable_scope("shapes"):
        sequence = tf.layers.conv1d(features[:, :, None], 3, 2, padding="same", activation=tf.nn.relu)
        sequence = tf.layers.average_pooling1d(tf.layers.max_pooling1d(sequence, 2, 1), 2, 1, padding="same")
        volume = tf.layers.conv3d(images[..., None], 2, (3, 3, 2), strides=(1, 2, 1), name="volume")
        volume = tf.layers.average_pooling3d(tf.layers.max_pooling3d(volume, 2, 2, padding="same"), (1, 2, 1), 1)
        up = tf.layers.flatten(tf.layers.conv2d_transpose(images, 3, 3, strides=2))  # its static shape read
        same = tf.layers.conv2d_transpose(images, 2, (2, 3), strides=(2, 1), padding="same", use_bias=False)
        separable = tf.layers.separable_conv2d(images, 4, 3, depth_multiplier=2, padding="same",
                                               activation=tf.nn.relu)
        pooled = tf.contrib.layers.avg_pool2d(tf.contrib.layers.max_pool2d(images, [2, 2]), 3, stride=1, padding="SAME")
        with slim.arg_scope([slim.conv2d, slim.fully_connected], activation_fn=tf.nn.elu,
                            weights_regularizer=slim.l2_regularizer(0.02)):
            with slim.arg_scope([slim.conv2d], padding="VALID", normalizer_fn=slim.batch_norm,
                                normalizer_params={"is_training": True, "updates_collections": None}) as scope:
                scoped = slim.conv2d(images, 4, [3, 3], scope="s1")  # VALID, batch norm, elu
            with slim.arg_scope(scope):
                scoped = slim.max_pool2d(slim.conv2d(scoped, 3, 3, activation_fn=None, scope="s2"), 2)
            scoped = slim.fully_connected(slim.flatten(scoped), 5, scope="s_fc")
        repeated = slim.repeat(images, 2, slim.conv2d, 3, [3, 3], scope="rep")
        repeated = slim.dropout(slim.repeat(repeated, 2, slim.conv2d, 2, [3, 3]), 0.5, is_training=False)
        transposed = tf.contrib.layers.conv2d_transpose(images, 3, [3, 3], stride=2)  # Conv2d_transpose/weights, ReLU
        transposed = slim.conv2d_transpose(transposed, 2, 2, padding="VALID", activation_fn=None, scope="t2",
                                           normalizer_fn=slim.batch_norm, normalizer_params={"is_training": False})
        return {"sequence1d": sequence, "volume3d": volume, "up": up, "up_same": same, "separable": separable,
                "contrib_pooled": pooled, "slim_scoped": scoped, "repeated": repeated,
                "transposed": transposed}


tf.set_random_seed(1)
images = tf.placeholder(tf.float32, [None, 8, 8, 2])
features = tf.placeholder(tf.float32, [None, 4])
labels = tf.placeholder(tf.int32, [None])
is_training = tf.placeholder(tf.bool, [])
logits, sequence = net(images, features, is_training)
fixed, _ = net(images, features, False, reuse=True)  # the same variables, read again in inference
shaped = shapes(images, features)
global_step = tf.contrib.framework.get_or_create_global_step()
saver = tf.train.Saver(tf.global_variables())
loss = tf.losses.sparse_softmax_cross_entropy(labels, logits) + tf.losses.get_regularization_loss()
with tf.control_dependencies(tf.get_collection(tf.GraphKeys.UPDATE_OPS)):
    step = tf.train.AdamOptimizer(0.01).minimize(loss)

with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    if restoring:
        saver.restore(sess, checkpoint)
    else:
        saver.save(sess, checkpoint)
    feed = {images: data["images"], features: data["features"], labels: data["labels"]}
    inference, regularization = sess.run([logits, tf.losses.get_regularization_loss()], {**feed, is_training: False})
    training, stacked = sess.run([logits, sequence], {**feed, is_training: True})
    sess.run(step, {**feed, is_training: True})
    after = sess.run(fixed, feed)
    with tf.variable_scope("net", reuse=True):
        moving = sess.run(tf.get_variable("bn_features/moving_variance"))
        contrib_moving = sess.run([tf.get_variable("g_bn0/moving_mean"), tf.get_variable("BatchNorm_1/moving_variance")])
    drawn = sess.run([tf.contrib.layers.variance_scaling_initializer(seed=3)([3, 4]),
                      tf.contrib.layers.variance_scaling_initializer(1.0, "FAN_AVG", True, seed=4)([2, 2, 3, 5]),
                      tf.contrib.layers.xavier_initializer(uniform=False, seed=5)([4, 6])])
    shaped = sess.run(shaped, feed)
    shaped["scoped"] = np.array([v.name for v in tf.contrib.framework.get_variables("shapes", suffix="kernel")])
    shaped["model_variables"] = np.array([v.name for v in slim.get_model_variables()])
    shaped["repeat_weights"] = np.array([v.name for v in slim.get_model_variables("shapes/rep", "weights")])
    step = sess.run(global_step)
    names = np.array(sorted(v.name for v in tf.global_variables() if "Adam" not in v.name and "power" not in v.name))

np.savez(sys.argv[2], inference=inference, regularization=regularization, truncated=drawn[0], uniform=drawn[1],
         xavier=drawn[2], training=training, stacked=stacked, after=after, moving=moving,
         names=names, step=step, contrib_moving_mean=contrib_moving[0], contrib_moving_variance=contrib_moving[1],
         **shaped)
print("ok")
