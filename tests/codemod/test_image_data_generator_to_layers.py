"""image_data_generator_to_layers: must-not-change cases first, then before/after, then the layers run."""

import inspect
import json
import subprocess

import keras
import numpy as np
import pytest

from migrate.codemod.rules.image_data_generator_to_layers import OFF, UNREAD
from tests.codemod.helpers import assert_rewrites, assert_unchanged, legacy37, legacy_env, rewrite

RULE = "image_data_generator_to_layers"
PIPELINE = ("tf.data.Dataset.from_tensor_slices(({x}, {y})).shuffle(len({x})).batch({batch}).map(lambda batch_x, "
            "batch_y: ({gen}(tf.cast(batch_x, keras.backend.floatx()), training=True), batch_y))")


def test_keras_3_has_no_image_data_generator_and_the_layers_take_what_is_written():
    assert not hasattr(keras.preprocessing.image, "ImageDataGenerator")
    for layer in ("RandomRotation", "RandomTranslation"):
        parameters = inspect.signature(getattr(keras.layers, layer)).parameters
        assert parameters["fill_mode"].default == "reflect" and parameters["interpolation"].default == "bilinear"
        assert "fill_value" in parameters


@pytest.mark.parametrize("option", [
    "featurewise_center=True", "zca_whitening=True", "zoom_range=0.2", "shear_range=0.1", "channel_shift_range=10",
    "width_shift_range=4", "height_shift_range=SHIFT", "rotation_range=ANGLE", "preprocessing_function=f",
    "data_format='channels_first'", "brightness_range=(0.5, 1.5)", "rescale=SCALE"])
def test_an_option_with_no_exact_layer_leaves_the_generator(option):
    assert_unchanged(f"""
        from keras.preprocessing.image import ImageDataGenerator
        gen = ImageDataGenerator(horizontal_flip=True, {option})
        model.fit_generator(gen.flow(x, y, batch_size=8), steps_per_epoch=10)
    """, RULE)


def test_a_projects_own_generator_and_other_uses_of_the_generator_stay():
    assert_unchanged("""
        from mylib import ImageDataGenerator
        gen = ImageDataGenerator(horizontal_flip=True)
        model.fit(gen.flow(x, y, batch_size=8), steps_per_epoch=10)
    """, RULE)
    for use in ("it = gen.flow(x, y, batch_size=8)\nmodel.fit(it, steps_per_epoch=10)",  # not fed straight to fit
                "model.fit(gen.flow(x, y, batch_size=8, shuffle=False), steps_per_epoch=10)",
                "model.fit(gen.flow(x[:100], y, batch_size=8), steps_per_epoch=10)",  # x read twice: a name only
                "model.fit(gen.flow(x, y), steps_per_epoch=10)\nshow(gen.random_transform(x[0]))",
                "model.fit(gen.flow_from_directory('data'), steps_per_epoch=10)",
                "gen.fit(x)"):  # never fed to fit
        assert_unchanged("from keras.preprocessing.image import ImageDataGenerator\n"
                         f"gen = ImageDataGenerator(horizontal_flip=True)\n{use}\n", RULE)


def test_the_generator_left_keeps_its_import_and_it_is_reported():
    _, findings = rewrite("""
        from keras.preprocessing.image import ImageDataGenerator
        gen = ImageDataGenerator(zoom_range=0.2, zca_whitening=True)
        model.fit_generator(gen.flow(x, y, batch_size=8), steps_per_epoch=10)
    """)
    assert [(f.line, f.rule, f.advice) for f in findings] == [(2, "legacy_import_paths", False)]
    assert "(not rewritten: gen: zoom_range=... has no exact layer" in findings[0].message
    got, findings = rewrite("""
        from keras.preprocessing.image import ImageDataGenerator
        gen = ImageDataGenerator(zoom_range=0.2)
        model.fit_generator(gen.flow(x, y, batch_size=8), steps_per_epoch=10)
    """)  # what no layer does exactly, Keras2ImageDataGenerator does (image_data_generator_to_tf_keras)
    assert findings == [] and "gen = Keras2ImageDataGenerator(zoom_range=0.2)" in got


def test_why_a_generator_stays_is_in_the_report():
    # david8862/keras-YOLOv3-model-set train_imagenet.py, uzh-rpg/rpg_public_dronet utils.py
    _, findings = rewrite("""
        from keras.preprocessing.image import ImageDataGenerator
        class DroneDataGenerator(ImageDataGenerator):
            pass
        a = ImageDataGenerator(preprocessing_function=preprocess)
        b = ImageDataGenerator(width_shift_range=4)
        c = ImageDataGenerator(horizontal_flip=True)
        model.fit(c.flow_from_directory("data"), steps_per_epoch=10)
        d = ImageDataGenerator(horizontal_flip=True)
        model.fit(d.flow(x, y, shuffle=False), steps_per_epoch=10)
    """)
    assert [(f.line, f.rule) for f in findings] == [(2, "legacy_import_paths")]
    kept = findings[0].message.split("(not rewritten: ")[1].split("; ")
    assert kept == ["class DroneDataGenerator: subclasses it (a keras.utils.PyDataset can do what its flow did, "
                    "with preprocessing layers)",
                    "a: preprocessing_function=... runs Python code on each image",
                    "b: width_shift_range=4 is in pixels (Keras 2 read a value >= 1 so)",
                    "c: it is used other than by flow(x, y, batch_size=...) given to fit (flow_from_directory, an "
                    "iterator kept in a variable, ...)",
                    "d: its flow() has arguments other than x, y (a plain name) and batch_size",
                    "Keras 3's tensorflow.keras.preprocessing.image.ImageDataGenerator not taken: the generator is "
                    "subclassed or passed on (its options are not seen here))"]


def test_rotation_shift_flip_fed_to_fit_generator():
    # titu1994/Keras-ResNeXt cifar10.py: gen.fit() without featurewise options computed nothing used
    findings = assert_rewrites("""
        from keras.preprocessing.image import ImageDataGenerator

        generator = ImageDataGenerator(rotation_range=15,
                                       width_shift_range=5./32,
                                       height_shift_range=5./32,
                                       horizontal_flip=True)

        generator.fit(trainX, seed=0)

        model.fit_generator(generator.flow(trainX, Y_train, batch_size=batch_size),
                            steps_per_epoch=len(trainX) // batch_size, epochs=nb_epoch)
    """, f"""
        import keras
        import tensorflow as tf

        generator = keras.Sequential([
            keras.layers.RandomRotation(15 / 360, fill_mode="nearest"),
            keras.layers.RandomTranslation(5./32, 5./32, fill_mode="nearest"),
            keras.layers.RandomFlip("horizontal"),
        ])

        model.fit_generator({PIPELINE.format(x="trainX", y="Y_train", batch="batch_size", gen="generator")}.repeat(),
                            steps_per_epoch=len(trainX) // batch_size, epochs=nb_epoch)
    """, RULE)
    assert findings == []


def test_with_every_rule_nothing_is_left():
    # reger-men/keras_multi_gpus train.py: tabs, tf imported, fill_mode written out, the import goes unreported
    got, findings = rewrite("""
        from keras.preprocessing.image import ImageDataGenerator
        import tensorflow as tf
        if G > 1:
        \tprint(G)
        aug = ImageDataGenerator(width_shift_range=0.1,
        \theight_shift_range=0.1, horizontal_flip=True,
        \tfill_mode="nearest")
        H = model.fit_generator(
        \taug.flow(trainX, trainY, batch_size=64 * G),
        \tvalidation_data=(testX, testY),
        \tsteps_per_epoch=len(trainX) // (64 * G))
    """)
    assert findings == [] and "ImageDataGenerator" not in got
    assert got.startswith("\nimport tensorflow as tf\nimport keras\n")  # the file's indent, a tab
    assert "aug = keras.Sequential([\n\tkeras.layers.RandomTranslation(0.1, 0.1, fill_mode=\"nearest\"),\n" in got
    assert "H = model.fit(\n\ttf.data.Dataset.from_tensor_slices((trainX, trainY)).shuffle(len(trainX)).batch(64 * G)" in got


def test_one_axis_vertical_flip_fill_rescale_and_an_epoch_of_one_pass():
    assert_rewrites("""
        import tensorflow as tf
        from tensorflow import keras
        from tensorflow.keras.preprocessing.image import ImageDataGenerator as IDG
        gen = IDG(height_shift_range=0.2, vertical_flip=True, fill_mode='constant', cval=0.5, rescale=1./255,
                  featurewise_center=False, zoom_range=0.0)
        model.fit(gen.flow(x, y), epochs=3)
    """, f"""
        import tensorflow as tf
        from tensorflow import keras
        gen = keras.Sequential([
            keras.layers.RandomTranslation(0.2, 0, fill_mode='constant', fill_value=0.5),
            keras.layers.RandomFlip("vertical"),
            keras.layers.Rescaling(1./255),
        ])
        model.fit({PIPELINE.format(x="x", y="y", batch="32", gen="gen")}, epochs=3)
    """, RULE)


def test_tf_imported_only_under_a_backend_test_is_imported_at_the_top():
    # BIGBALLON/cifar-10-cnn (nine scripts): `import tensorflow as tf` inside `if 'tensorflow' == K.backend():`
    assert_rewrites("""
        import keras
        from keras import backend as K
        from keras.preprocessing.image import ImageDataGenerator
        if('tensorflow' == K.backend()):
            import tensorflow as tf
            config = tf.ConfigProto()
        datagen = ImageDataGenerator(horizontal_flip=True)
        model.fit_generator(datagen.flow(x_train, y_train, batch_size=128), epochs=2)
    """, f"""
        import keras
        from keras import backend as K
        import tensorflow as tf

        if('tensorflow' == K.backend()):
            import tensorflow as tf
            config = tf.ConfigProto()
        datagen = keras.Sequential([
            keras.layers.RandomFlip("horizontal"),
        ])
        model.fit_generator({PIPELINE.format(x="x_train", y="y_train", batch="128", gen="datagen")}, epochs=2)
    """, RULE)


def test_tf_bound_to_something_else_keeps_the_generator_and_says_why():
    for binding in ("tf = load_transform()", "def tf(x):\n    return x", "import tflib as tf",
                    "for tf in transforms:\n    pass"):
        source = f"""
from keras.preprocessing.image import ImageDataGenerator
{binding}
datagen = ImageDataGenerator(horizontal_flip=True)
model.fit_generator(datagen.flow(x_train, y_train, batch_size=128), epochs=2)
print(tf)
"""
        got, findings = rewrite(source, RULE, "legacy_import_paths")
        assert got == source, binding
        assert any("the name tf" in f.message for f in findings), (binding, [f.message for f in findings])


def test_a_second_generator_left_keeps_the_import():
    got, findings = rewrite("""
        from keras.preprocessing.image import ImageDataGenerator
        train = ImageDataGenerator(horizontal_flip=True)
        val = ImageDataGenerator(zca_whitening=True)
        model.fit(train.flow(x, y), validation_data=val.flow(vx, vy), steps_per_epoch=4)
    """)
    assert got.startswith("\nfrom keras.preprocessing.image import ImageDataGenerator\nimport keras\nimport tensorflow as tf\n")
    assert "val = ImageDataGenerator(zca_whitening=True)" in got and "train = keras.Sequential([" in got
    assert [(f.line, f.rule) for f in findings] == [(2, "legacy_import_paths")]




def test_the_values_taken_as_off_are_keras_2_3_1_s_defaults():
    legacy = legacy37()
    # Keras 2.3.1's ImageDataGenerator: data_format and dtype None mean the configured ones (its wrapper's
    # `if data_format is None: data_format = backend.image_data_format()`), which the layers and the cast take too
    probe = ("import inspect, json, keras.preprocessing.image as i; print(json.dumps({k: v.default for k, v in "
             "inspect.signature(i.ImageDataGenerator.__init__).parameters.items() if k != 'self'}))")
    run = subprocess.run([str(legacy), "-c", probe], capture_output=True, text=True, timeout=300, env=legacy_env())
    defaults = json.loads(run.stdout.strip().splitlines()[-1])
    configured = {"data_format": "channels_last", "dtype": "float32"}
    for key, value in OFF.items():
        expected = configured[key] if key in configured else defaults[key]
        got = {"False": False, "None": None}.get(value, value) if isinstance(value, str) else value
        assert (expected if key not in configured else None) == got, key
    assert UNREAD <= set(defaults)


def test_keras_2_s_cifar10_example_generator_writes_every_option_out():
    # keras-team/keras examples/cifar10_cnn.py (copied by kobiso/CBAM-keras main.py): every option written out, most
    # at their defaults, zca_epsilon with zca_whitening off, data_format None, validation_split 0.0
    assert_rewrites("""
        from keras.preprocessing.image import ImageDataGenerator
        datagen = ImageDataGenerator(
            featurewise_center=False,  # set input mean to 0 over the dataset
            samplewise_center=False,
            featurewise_std_normalization=False,
            samplewise_std_normalization=False,
            zca_whitening=False,
            zca_epsilon=1e-06,
            rotation_range=0,
            width_shift_range=0.1,
            height_shift_range=0.1,
            shear_range=0.,
            zoom_range=0.,
            channel_shift_range=0.,
            fill_mode='nearest',
            cval=0.,
            horizontal_flip=True,
            vertical_flip=False,
            rescale=None,
            preprocessing_function=None,
            data_format=None,
            validation_split=0.0)
        datagen.fit(x_train)
        model.fit_generator(datagen.flow(x_train, y_train, batch_size=32), epochs=2)
    """, f"""
        import keras
        import tensorflow as tf

        datagen = keras.Sequential([
            keras.layers.RandomTranslation(0.1, 0.1, fill_mode='nearest'),
            keras.layers.RandomFlip("horizontal"),
        ])
        model.fit_generator({PIPELINE.format(x="x_train", y="y_train", batch="32", gen="datagen")}, epochs=2)
    """, RULE)


def test_the_rewritten_pipeline_runs_and_augments_each_image():
    import tensorflow as tf
    got, _ = rewrite("""
        from keras.preprocessing.image import ImageDataGenerator
        gen = ImageDataGenerator(rotation_range=30, width_shift_range=0.2, horizontal_flip=True, rescale=2.)
        model.fit(gen.flow(x, y, batch_size=4), steps_per_epoch=3)
    """, RULE)
    x = (np.arange(8 * 8 * 8 * 3) % 150 + 50).astype("uint8").reshape(8, 8, 8, 3)  # no zeros
    y = np.arange(8)
    seen = []

    class Model:
        def fit(self, dataset, steps_per_epoch):
            seen.extend(dataset.take(steps_per_epoch * 2))  # endless: more batches than one pass

    exec(compile(got, "rewritten.py", "exec"), {"model": Model(), "x": x, "y": y, "tf": tf})
    assert len(seen) == 6 and [tuple(b[0].shape) for b in seen[:2]] == [(4, 8, 8, 3)] * 2
    assert seen[0][0].dtype == tf.float32
    first = seen[0][0].numpy()
    assert sorted(np.concatenate([b[1].numpy() for b in seen[:2]])) == list(range(8))  # one pass: each once
    originals = x[seen[0][1].numpy()].astype("float32") * 2
    assert not np.allclose(first, originals)  # augmented
    assert first.min() >= 100 - 1e-3 and first.max() <= 398 + 1e-3  # nearest fill: no zeros brought in
