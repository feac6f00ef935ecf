# Inference only: a model built (or loaded), wrapped, then only predict and evaluate; no compile of the wrapper.
import os
import sys

import numpy as np
from keras.layers import Dense
from keras.models import Sequential, load_model
from keras.utils import multi_gpu_model

OUT = sys.argv[1]
trained = Sequential([Dense(3, input_shape=(4,))])
trained.compile(optimizer="sgd", loss="mse")
trained.fit(np.random.rand(16, 4), np.random.rand(16, 3), epochs=1, verbose=0)
trained.save(os.path.join(OUT, "model.h5"))

model = load_model(os.path.join(OUT, "model.h5"))
parallel_model = multi_gpu_model(model, gpus=2)
predictions = parallel_model.predict(np.random.rand(8, 4), batch_size=4)
assert predictions.shape == (8, 3)
print("ok")
