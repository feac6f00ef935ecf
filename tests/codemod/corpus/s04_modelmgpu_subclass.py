# The ModelMGPU recipe: a Model subclass around multi_gpu_model that saves the template.
import os
import sys

import numpy as np
from keras.layers import Dense
from keras.models import Model, Sequential, load_model
from keras.utils import multi_gpu_model


class ModelMGPU(Model):
    def __init__(self, ser_model, gpus):
        pmodel = multi_gpu_model(ser_model, gpus)
        self.__dict__.update(pmodel.__dict__)
        self._smodel = ser_model

    def __getattribute__(self, attrname):
        if "load" in attrname or "save" in attrname:
            return getattr(self._smodel, attrname)
        return super(ModelMGPU, self).__getattribute__(attrname)


base = Sequential([Dense(6, activation="relu", input_shape=(5,)), Dense(2)])
model = ModelMGPU(base, 2)
model.compile(optimizer="rmsprop", loss="mse")
model.fit(np.random.rand(40, 5), np.random.rand(40, 2), batch_size=10, epochs=1, verbose=0)
model.save(os.path.join(sys.argv[1], "model.h5"))
load_model(os.path.join(sys.argv[1], "model.h5"))
print("ok")
