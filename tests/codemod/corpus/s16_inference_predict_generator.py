# Batch inference over a saved model: loaded, wrapped, and fed by a generator; no compile anywhere.
import os
import sys

import numpy as np
from keras.layers import Dense
from keras.models import Sequential, load_model
from keras.utils import multi_gpu_model

OUT = sys.argv[1]
Sequential([Dense(2, input_shape=(6,))]).save(os.path.join(OUT, "scorer.h5"))


def chunks():
    while True:
        yield np.random.rand(5, 6)


scorer = load_model(os.path.join(OUT, "scorer.h5"), compile=False)
parallel_scorer = multi_gpu_model(scorer, gpus=2)
scores = parallel_scorer.predict_generator(chunks(), steps=3)
assert scores.shape == (15, 2)
print("ok")
