"""A legacy Keras 2 text classifier, as people wrote them: load a CSV, fit a tokenizer, build, train, save
weights. Every number of the model but the embedding width comes from the data."""
import os

import numpy as np
import pandas as pd
from keras.layers.core import Dense
from keras.layers.embeddings import Embedding
from keras.layers.pooling import GlobalAveragePooling1D
from keras.models import Sequential
from keras.optimizers import Adam
from keras.preprocessing.text import Tokenizer
from keras.utils import np_utils

# Outside the construction slice: would leave a mark if it ever ran.
with open(os.environ.get("MIGRATE_PAYLOAD", "payload.txt"), "w") as mark:
    mark.write("the training script ran\n")

frame = pd.read_csv("reviews.csv")
tokenizer = Tokenizer(num_words=None)
tokenizer.fit_on_texts(frame.text)
sequences = tokenizer.texts_to_sequences(frame.text)
labels = np_utils.to_categorical(frame.label)
num_classes = labels.shape[1]
EMBEDDING = 16

model = Sequential()
model.add(Embedding(len(tokenizer.word_index) + 1, EMBEDDING))
model.add(GlobalAveragePooling1D())
model.add(Dense(num_classes, activation="softmax"))
model.compile(loss="categorical_crossentropy", optimizer=Adam(lr=0.001), metrics=["accuracy"])
model.fit(np.array(sequences), labels, nb_epoch=3)
model.save_weights("text_weights.h5")
print("saved")
