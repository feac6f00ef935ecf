# A keras.applications network built on the CPU, wrapped with cpu_relocation, an optimizer with lr and decay.
import os
import sys

import numpy as np
import tensorflow as tf
from keras.applications import MobileNet
from keras.optimizers import Adam
from keras.utils import multi_gpu_model

OUT = sys.argv[1]
with tf.device("/cpu:0"):
    model = MobileNet(weights=None, input_shape=(32, 32, 3), alpha=0.25, classes=3)
parallel = multi_gpu_model(model, gpus=2, cpu_relocation=True)
parallel.compile(optimizer=Adam(lr=1e-3, decay=1e-4), loss="categorical_crossentropy", metrics=["accuracy"])
images = np.random.rand(8, 32, 32, 3).astype("float32")
labels = np.eye(3)[np.random.randint(0, 3, 8)]
parallel.fit(images, labels, batch_size=4, epochs=1, verbose=0)
model.save_weights(os.path.join(OUT, "mobilenet.h5"))
model.load_weights(os.path.join(OUT, "mobilenet.h5"))
print("ok")
