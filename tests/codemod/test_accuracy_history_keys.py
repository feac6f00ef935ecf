"""accuracy_history_keys: must-not-change cases first, then before/after, then advice."""

import keras
import numpy as np

from tests.codemod.helpers import assert_rewrites, assert_unchanged

RULE = "accuracy_history_keys"


def test_keras_3_names_the_key_after_the_metric_given():
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, activation="softmax")])
    keys = []
    for metric in ("accuracy", "acc"):
        model.compile("sgd", "categorical_crossentropy", metrics=[metric])
        keys.append(sorted(model.fit(np.zeros((4, 3)), np.eye(2)[[0, 1, 0, 1]], verbose=0).history))
    assert keys == [["accuracy", "loss"], ["acc", "loss"]]


def test_a_metric_given_as_acc_keeps_its_key():
    assert_unchanged("""
        model.compile(loss='categorical_crossentropy', optimizer='adam', metrics=['acc'])
        H = model.fit(x, y)
        plt.plot(H.history['acc'])
    """, RULE)


def test_keys_of_accuracy_become_accuracy():
    # reger-men/keras_multi_gpus train.py, titu1994/Keras-ResNeXt cifar10.py
    assert_rewrites("""
        model.compile(loss="categorical_crossentropy", optimizer=opt,
            metrics=["accuracy"])
        checkpoint = ModelCheckpoint(path, monitor="val_acc", save_best_only=True)
        H = model.fit(x, y, callbacks=[checkpoint]).history
        plt.plot(N, H["acc"], label="train_acc")
        plt.plot(N, H["val_acc"], label="test_acc")
        best = H.get('val_acc')
    """, """
        model.compile(loss="categorical_crossentropy", optimizer=opt,
            metrics=["accuracy"])
        checkpoint = ModelCheckpoint(path, monitor="val_accuracy", save_best_only=True)
        H = model.fit(x, y, callbacks=[checkpoint]).history
        plt.plot(N, H["accuracy"], label="train_acc")
        plt.plot(N, H["val_accuracy"], label="test_acc")
        best = H.get('val_accuracy')
    """, RULE)


def test_keys_read_where_no_compile_says_the_metric_are_advice():
    findings = assert_unchanged("""
        history = json.load(open(path))
        plt.plot(history['acc'])
    """, RULE)
    assert [(f.line, f.advice) for f in findings] == [(3, True)]
