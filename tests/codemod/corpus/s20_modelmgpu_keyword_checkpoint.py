# ModelMGPU with a keyword GPU count, trained with a checkpoint that saves the template (through the
# class's save delegation) and early stopping.
import os
import sys

import numpy as np
from keras.callbacks import EarlyStopping, ModelCheckpoint
from keras.layers import Dense
from keras.models import Model, Sequential, load_model
from keras.utils import multi_gpu_model


class ModelMGPU(Model):
    """Saves the single-GPU model, so checkpoints load without GPUs."""

    def __init__(self, ser_model, gpus=2):
        pmodel = multi_gpu_model(ser_model, gpus=gpus)
        self.__dict__.update(pmodel.__dict__)
        self._smodel = ser_model

    def __getattribute__(self, attrname):
        if "load" in attrname or "save" in attrname:
            return getattr(self._smodel, attrname)
        return super(ModelMGPU, self).__getattribute__(attrname)


OUT = sys.argv[1]
template = Sequential([Dense(4, activation="relu", input_shape=(8,)), Dense(1, activation="sigmoid")])
parallel_model = ModelMGPU(template, gpus=2)
parallel_model.compile(loss="binary_crossentropy", optimizer="adam", metrics=["accuracy"])
callbacks = [EarlyStopping(monitor="loss", patience=2),
             ModelCheckpoint(os.path.join(OUT, "best.h5"), monitor="loss", save_best_only=True)]
parallel_model.fit(np.random.rand(32, 8), np.random.randint(0, 2, (32, 1)), batch_size=8, epochs=2, verbose=0,
                   callbacks=callbacks)
load_model(os.path.join(OUT, "best.h5"))
print("ok")
