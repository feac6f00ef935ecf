"""A Keras 1-style script (2016-2017): merge(mode=...), Model(input=, output=), nb_epoch, Convolution2D(n, 3, 3),
keras.backend.tensorflow_backend for the session and the GPU count, multi_gpu_model, and a CTC head as Keras 2's
image_ocr example wrote it (K.ctc_batch_cost in a Lambda), decoded with K.ctc_decode. migrate code rewrites it; the
test trains the result under Keras 3 + MirroredStrategy.

- merge([...], mode='concat', concat_axis=...) / mode='sum': flyyufelix/cnn_finetune inception_v4.py, resnet_152.py
- from keras.backend.tensorflow_backend import set_session: germain-hug/Deep-RL-Keras main.py
- keras.backend.tensorflow_backend._get_available_gpus(): WeidiXie/VGG-Speaker-Recognition src/main.py
- K.ctc_batch_cost in a Lambda: robmsmt/KerasDeepSpeech model.py
- K.ctc_decode on the predictions, read with K.get_value: javyxu/ASRT_SpeechRecognition SpeechModel251.py
"""
import keras
import numpy as np
import tensorflow as tf
from keras import backend as K
from keras.backend import tensorflow_backend as KTF
from keras.backend.tensorflow_backend import set_session
from keras.layers import Convolution2D, Dense, Input, Lambda, Reshape, merge
from keras.models import Model
from keras.utils import multi_gpu_model

config = tf.ConfigProto()
config.gpu_options.allow_growth = True
set_session(tf.Session(config=config))
KTF.clear_session()


def ctc_lambda_func(args):
    y_pred, labels, input_length, label_length = args
    return K.ctc_batch_cost(labels, y_pred, input_length, label_length)


def build(channel_axis=-1):
    image = Input(shape=(8, 8, 1))
    branch_0 = Convolution2D(4, 3, 3, border_mode='same', activation='relu')(image)
    branch_1 = Convolution2D(4, 1, 1, border_mode='same', activation='relu')(image)
    x = merge([branch_0, branch_1], mode='concat', concat_axis=channel_axis)
    shortcut = Convolution2D(8, 1, 1, border_mode='same')(image)
    x = merge([x, shortcut], mode='sum')
    steps = Reshape((8, 64))(x)
    y_pred = Dense(5, activation='softmax', name='probs')(steps)  # 4 symbols and the blank, last
    labels = Input(shape=(3,))
    input_length = Input(shape=(1,))
    label_length = Input(shape=(1,))
    loss = Lambda(ctc_lambda_func, output_shape=(1,), name='ctc')([y_pred, labels, input_length, label_length])
    return Model(input=[image, labels, input_length, label_length], output=loss)


def main():
    gpus = len(keras.backend.tensorflow_backend._get_available_gpus())
    with tf.device('/cpu:0'):
        model = build()
    parallel = multi_gpu_model(model, gpus=2)
    parallel.compile(optimizer='adam', loss={'ctc': lambda y_true, y_pred: y_pred})
    rng = np.random.RandomState(0)
    n = 32
    images = rng.normal(size=(n, 8, 8, 1)).astype("float32")
    labels = rng.randint(0, 4, size=(n, 3)).astype("float32")
    input_length = np.full((n, 1), 8, dtype="float32")
    label_length = rng.randint(1, 4, size=(n, 1)).astype("float32")
    history = parallel.fit([images, labels, input_length, label_length], np.zeros(n), batch_size=8, nb_epoch=2,
                           verbose=0)
    losses = history.history['loss']
    assert np.all(np.isfinite(losses)), losses
    base = Model(input=model.inputs[0], output=model.get_layer('probs').output)
    pred = base.predict(images[:4])
    r = K.ctc_decode(pred, np.full(4, 8), greedy=True, beam_width=100, top_paths=1)
    best = K.get_value(r[0][0])
    paths, log_prob = K.ctc_decode(pred, np.full(4, 8), greedy=False, beam_width=10, top_paths=2)
    assert best.shape[0] == 4 and best.shape[1] <= 8 and set(best.ravel()) <= set(range(-1, 4)), best
    assert len(paths) == 2 and K.eval(log_prob).shape == (4, 2), log_prob
    strategy = getattr(parallel, "distribute_strategy", None) or tf.distribute.get_strategy()  # Keras 3: the scope it was built in
    print("replicas", strategy.num_replicas_in_sync, "gpus", gpus, "epochs", len(losses))
    print("ok")


if __name__ == "__main__":
    main()
