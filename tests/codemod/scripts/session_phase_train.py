"""A Keras 2 script with the TF1 session and learning-phase glue issue 31 found around training: a ConfigProto
with allow_growth, thread counts and log_device_placement installed with K.set_session (aurora95/Keras-FCN
train.py, foamliu/Deep-Image-Matting predit_single.py), K.set_learning_phase(1) in the model's factory
(robmsmt/KerasDeepSpeech model.py) and K.set_learning_phase(0) before predicting (david8862/keras-YOLOv3-model-set);
multi_gpu_model over two GPUs. Tiny random data."""
import keras.backend as K
import numpy as np
import tensorflow as tf
from keras.layers import BatchNormalization, Dense, Dropout, Input
from keras.models import Model
from keras.utils import multi_gpu_model

config = tf.ConfigProto(gpu_options=tf.GPUOptions(allow_growth=True), intra_op_parallelism_threads=2,
                        inter_op_parallelism_threads=2)
config.log_device_placement = False
session = tf.Session(config=config)
K.set_session(session)

rng = np.random.default_rng(0)
x = rng.normal(size=(32, 4)).astype("float32")
y = np.eye(3)[rng.integers(0, 3, 32)].astype("float32")


def build():
    K.set_learning_phase(1)
    inputs = Input((4,))
    hidden = Dropout(0.5)(BatchNormalization()(Dense(8, activation="relu")(inputs)))
    return Model(inputs, Dense(3, activation="softmax")(hidden))


with tf.device("/cpu:0"):
    single = build()
model = multi_gpu_model(single, gpus=2)
model.compile(optimizer="adam", loss="categorical_crossentropy")
history = model.fit(x, y, batch_size=8, epochs=2, verbose=0)
K.set_learning_phase(0)
first, second = model.predict(x[:8]), model.predict(x[:8])
print("replicas", model.distribute_strategy.num_replicas_in_sync, "epochs", len(history.history["loss"]),
      "deterministic", bool(np.array_equal(first, second)))
print("ok")
