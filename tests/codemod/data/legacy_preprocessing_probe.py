"""Batches of Keras 2's preprocessing classes with fixed seeds, written to an .npz: run under Keras 2.3.1
(`keras`, Python 3.7) and under Keras 3 through the import `legacy_preprocessing_to_tf_keras` writes
(`tensorflow.keras`); test_image_data_generator_to_tf_keras.py compares the two files.

    python legacy_preprocessing_probe.py keras|tensorflow.keras OUT.npz IMAGE_FOLDER [HELPER.py]

HELPER.py, a file `image_data_generator_to_tf_keras` rewrote: its Keras2ImageDataGenerator stands for the module's
ImageDataGenerator in every case. Python 3.7 syntax: the legacy stack runs it.
"""

import importlib
import json
import sys

import numpy as np

ROOT, OUT, FOLDER = sys.argv[1], sys.argv[2], sys.argv[3]
image = importlib.import_module(ROOT + ".preprocessing.image")
if len(sys.argv) > 4:
    import importlib.util
    spec = importlib.util.spec_from_file_location("rewritten_helper", sys.argv[4])
    rewritten = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(rewritten)
    image.ImageDataGenerator = rewritten.Keras2ImageDataGenerator
sequence = importlib.import_module(ROOT + ".preprocessing.sequence")
text = importlib.import_module(ROOT + ".preprocessing.text")
results = {}
try:  # brightness_range and flow_from_directory need Pillow
    import PIL  # noqa: F401
    results["has_pillow"] = np.asarray(True)
except ImportError:
    results["has_pillow"] = np.asarray(False)

rng = np.random.RandomState(0)
x = rng.uniform(0, 255, size=(12, 16, 20, 3)).astype("float32")
y = np.arange(12)

OPTIONS = {
    "rotation": dict(rotation_range=30),
    "width_shift": dict(width_shift_range=0.2),
    "height_shift": dict(height_shift_range=0.1),
    "shift_pixels": dict(width_shift_range=3, height_shift_range=[-2, 0, 2], fill_mode="constant", cval=7.0),
    "zoom": dict(zoom_range=0.2),
    "zoom_pair": dict(zoom_range=[0.8, 1.1]),
    "shear": dict(shear_range=10),
    "flips_rescale": dict(horizontal_flip=True, vertical_flip=True, rescale=1. / 255),
    "featurewise": dict(featurewise_center=True, featurewise_std_normalization=True),
    "samplewise": dict(samplewise_center=True, samplewise_std_normalization=True),
    "channel_shift": dict(channel_shift_range=20.0),
    "zca": dict(zca_whitening=True, zca_epsilon=1e-3),
    "brightness": dict(brightness_range=[0.5, 1.5]),
    "preprocessing_function": dict(preprocessing_function=lambda image: image[::-1] * 0.5 + 1, rescale=2.0,
                                   samplewise_center=True),
    "channels_first": dict(data_format="channels_first", horizontal_flip=True, featurewise_center=True),
    "exact_together": dict(featurewise_center=True, samplewise_std_normalization=True, channel_shift_range=5.0,
                           horizontal_flip=True, vertical_flip=True, rescale=1. / 255, fill_mode="constant",
                           rotation_range=0, zoom_range=0.0, width_shift_range=0., height_shift_range=0),
}
for name, options in sorted(OPTIONS.items()):
    if name == "brightness" and not results["has_pillow"]:
        continue
    generator = image.ImageDataGenerator(**options)
    x = x.transpose(0, 3, 1, 2) if name == "channels_first" else x
    if any(key.startswith(("featurewise", "zca")) for key in options):
        generator.fit(x, augment=True, seed=3)
        results[name + "_mean"] = np.asarray(generator.mean if generator.mean is not None else 0.0)
    flow = generator.flow(x, y, batch_size=5, seed=42)
    for step in range(4):  # past the end: the second epoch reshuffles
        batch_x, batch_y = next(flow)
        results[f"{name}_next{step}_x"], results[f"{name}_next{step}_y"] = batch_x, batch_y
    indexed = generator.flow(x, y, batch_size=4, seed=7, shuffle=True)
    for step in (2, 0):  # model.fit reads a Sequence by index
        results[f"{name}_item{step}_x"] = indexed[step][0]
    params = generator.get_random_transform(x.shape[1:], seed=11)
    results[name + "_params"] = np.asarray(json.dumps(params, sort_keys=True, default=float))
    results[name + "_transform"] = generator.apply_transform(x[0], params)
    results[name + "_standardize"] = generator.standardize(x[1].copy())
    x = x.transpose(0, 2, 3, 1) if name == "channels_first" else x

# flow_from_directory on the PNGs of FOLDER (class subfolders), every class mode and a resize (Pillow reads them)
for mode in ("categorical", "binary", "sparse") if results["has_pillow"] else ():
    directory = image.ImageDataGenerator(samplewise_center=True, rescale=1. / 255, horizontal_flip=True,
                                         vertical_flip=True, validation_split=0.25)
    flow = directory.flow_from_directory(FOLDER, target_size=(12, 10), batch_size=3, class_mode=mode, seed=5,
                                       subset="training")
    results[f"dir_{mode}_classes"] = np.asarray(flow.classes)
    results[f"dir_{mode}_files"] = np.asarray(sorted(flow.filenames))
    for step in range(3):
        batch_x, batch_y = next(flow)
        results[f"dir_{mode}_{step}_x"], results[f"dir_{mode}_{step}_y"] = batch_x, batch_y
if results["has_pillow"]:
    gray = image.ImageDataGenerator().flow_from_directory(FOLDER, target_size=(8, 8), color_mode="grayscale",
                                                          batch_size=4, shuffle=False, interpolation="bilinear")
    results["dir_gray_x"] = next(gray)[0]
    rotated = image.ImageDataGenerator(rotation_range=20).flow_from_directory(FOLDER, target_size=(12, 10), seed=5)
    results["dir_rotated_x"] = next(rotated)[0]
    # the module's brightness functions (Keras 3: tensorflow.keras's), on images of every range array_to_img scales
    for index, (low, high) in enumerate(((0, 1), (0, 255), (-3, 300))):
        bright = np.random.RandomState(index).uniform(low, high, size=(7, 5, 3)).astype("float32")
        results[f"pil_apply_brightness_{index}"] = image.apply_brightness_shift(bright, 1.3)
        np.random.seed(index)
        results[f"pil_random_brightness_{index}"] = image.random_brightness(bright, (0.5, 1.5))

# the module's functions
results["random_rotation"] = image.random_rotation(x[0], 25, row_axis=0, col_axis=1, channel_axis=2, seed=1) \
    if "seed" in image.random_rotation.__code__.co_varnames else np.zeros(0)
results["apply_affine"] = image.apply_affine_transform(x[0], theta=12, tx=2, ty=-1, shear=5, zx=1.1, zy=0.9,
                                                       row_axis=0, col_axis=1, channel_axis=2)
results["channel_shift"] = image.apply_channel_shift(x[0], 15.0, channel_axis=2)
np.random.seed(2)
results["random_channel_shift"] = image.random_channel_shift(x[0], 15.0, channel_axis=2)

# keras.layers.ThresholdedReLU (Keras 3: tensorflow.keras.layers.ThresholdedReLU)
layers = importlib.import_module(ROOT + ".layers")
models = importlib.import_module(ROOT + ".models")
model = models.Sequential([layers.ThresholdedReLU(theta=0.3, input_shape=(6,))])
results["thresholded_relu"] = model.predict(np.array([[-1, 0, 0.2, 0.3, 0.30001, 4]], "float32"))

# sequence: TimeseriesGenerator, skipgrams, make_sampling_table
series = np.arange(50, dtype="float32").reshape(25, 2)
timeseries = sequence.TimeseriesGenerator(series, series[:, 0], length=4, sampling_rate=2, stride=3,
                                          start_index=1, end_index=22, shuffle=True, batch_size=3)
np.random.seed(9)
timeseries = sequence.TimeseriesGenerator(series, series[:, 0], length=4, sampling_rate=2, stride=3,
                                          start_index=1, end_index=22, shuffle=True, batch_size=3)
results["timeseries_len"] = np.asarray(len(timeseries))
for step in range(len(timeseries)):
    results[f"timeseries_{step}_x"], results[f"timeseries_{step}_y"] = timeseries[step]
reverse = sequence.TimeseriesGenerator(series, series, length=3, reverse=True, batch_size=4)
results["timeseries_reverse_x"] = reverse[1][0]
results["sampling_table"] = sequence.make_sampling_table(20, sampling_factor=1e-3)
# negative_samples=0: both draw negatives from the unseeded `random` module
couples, labels = sequence.skipgrams([1, 2, 3, 4, 5, 2], 6, window_size=2, negative_samples=0., seed=4,
                                     categorical=True)
results["skipgrams"] = np.asarray(couples)
results["skipgrams_labels"] = np.asarray(labels)

# text: Tokenizer, its JSON, one_hot, hashing_trick, text_to_word_sequence
corpus = ["The cat sat on the mat.", "The dog ate my homework!", "cat and dog, cat and mat"]
tokenizer = text.Tokenizer(num_words=8, oov_token="<oov>", lower=True)
tokenizer.fit_on_texts(corpus)
results["tok_index"] = np.asarray(json.dumps(tokenizer.word_index, sort_keys=True))
results["tok_counts"] = np.asarray(json.dumps(sorted(tokenizer.word_counts.items())))
results["tok_sequences"] = np.asarray(json.dumps(tokenizer.texts_to_sequences(corpus + ["a bird sat"])))
for mode in ("binary", "count", "tfidf", "freq"):
    results["tok_matrix_" + mode] = tokenizer.texts_to_matrix(corpus, mode=mode)
results["tok_back"] = np.asarray(json.dumps(tokenizer.sequences_to_texts([[1, 2, 3, 7]])))
again = text.tokenizer_from_json(tokenizer.to_json())
results["tok_json_sequences"] = np.asarray(json.dumps(again.texts_to_sequences(corpus)))
chars = text.Tokenizer(char_level=True)
chars.fit_on_texts(corpus)
results["tok_chars"] = np.asarray(json.dumps(chars.word_index, sort_keys=True))
results["words"] = np.asarray(json.dumps(text.text_to_word_sequence("Hello, World! It's  a test\tline")))
results["one_hot_len"] = np.asarray(len(text.one_hot("the cat the dog", 1000)))  # Python's hash(): per process
results["hashing_trick"] = np.asarray(text.hashing_trick("the cat the dog", 50, hash_function="md5"))

np.savez(OUT, **results)
print(OUT, len(results))
