"""fit_generator_to_fit: must-not-change cases first, then before/after."""

from tests.codemod.helpers import assert_rewrites, assert_unchanged

RULE = "fit_generator_to_fit"


def test_fit_and_unrelated_methods_stay():
    assert_unchanged("""
        model.fit(x, y, epochs=3)
        loader.generator(batch=4)
        fit_generator(model, data)
    """, RULE)


def test_fit_generator_with_keywords():
    assert_rewrites("""
        model.fit_generator(train_gen, steps_per_epoch=100, epochs=10, validation_data=val_gen)
    """, """
        model.fit(train_gen, steps_per_epoch=100, epochs=10, validation_data=val_gen)
    """, RULE)


def test_positional_arguments_become_keywords_by_the_old_signature():
    assert_rewrites("""
        model.fit_generator(gen, 100, 5, 2)
        preds = model.predict_generator(test_gen, 20)
        score = model.evaluate_generator(test_gen, 20)
    """, """
        model.fit(gen, steps_per_epoch=100, epochs=5, verbose=2)
        preds = model.predict(test_gen, steps=20)
        score = model.evaluate(test_gen, steps=20)
    """, RULE)


def test_generator_keyword_and_queue_arguments():
    findings = assert_rewrites("""
        model.fit_generator(generator=gen, epochs=2, workers=4, use_multiprocessing=True)
    """, """
        model.fit(x=gen, epochs=2)
    """, RULE)
    assert [f.message.split("=")[0] for f in findings] == ["workers", "use_multiprocessing"]


def test_multiline_call_keeps_its_layout():
    assert_rewrites("""
        history = parallel_model.fit_generator(
            train_gen,
            steps_per_epoch=len(train_gen),
            epochs=EPOCHS,
            max_queue_size=10,
        )
    """, """
        history = parallel_model.fit(
            train_gen,
            steps_per_epoch=len(train_gen),
            epochs=EPOCHS,
        )
    """, RULE)


def test_validation_steps_with_a_generator_stays():
    assert_rewrites("""
        model.fit_generator(gen, steps_per_epoch=10, validation_data=val_gen, validation_steps=5)
        model.fit_generator(gen, 10, 1, 1, None, val_gen, 5)
    """, """
        model.fit(gen, steps_per_epoch=10, validation_data=val_gen, validation_steps=5)
        model.fit(gen, steps_per_epoch=10, epochs=1, verbose=1, callbacks=None, validation_data=val_gen, validation_steps=5)
    """, RULE)


def test_validation_steps_next_to_arrays_goes_with_advice():
    # titu1994/Keras-ResNeXt cifar10.py: Keras 2 evaluated the 10000 test images whole; Keras 3 would stop after
    # validation_steps batches of 32
    findings = assert_rewrites("""
        model.fit_generator(gen, steps_per_epoch=10,
                            validation_data=(testX, Y_test),
                            validation_steps=testX.shape[0] // batch_size, verbose=1)
        model.fit_generator(gen, 10, 1, 1, None, [vx, vy], 5)
        model.fit_generator(gen, nb_val_samples=100, validation_data=(vx, vy))
    """, """
        model.fit(gen, steps_per_epoch=10,
                            validation_data=(testX, Y_test),
                            verbose=1)
        model.fit(gen, steps_per_epoch=10, epochs=1, verbose=1, callbacks=None, validation_data=[vx, vy])
        model.fit(gen, validation_data=(vx, vy))
    """, RULE)
    assert [(f.line, f.advice) for f in findings] == [(2, True), (5, True), (6, True)]
    assert "evaluated whole" in findings[0].message


def test_keras_1_keywords_are_renamed_as_keras_2_did_then_the_queue_ones_go():
    # lishen/end2end-all-conv dm_enet.py (the sixth hold-out): Keras 1's queue keywords reached Keras 3's predict
    findings = assert_rewrites("""
        out = self.repr_model.predict_generator(
            generator, val_samples, max_q_size=max_q_size,
            nb_worker=nb_worker, pickle_safe=pickle_safe)
        model.fit_generator(gen, samples_per_epoch=1000, nb_epoch=3)
        model.evaluate_generator(gen, val_samples=50)
    """, """
        out = self.repr_model.predict(
            generator, steps=val_samples)
        model.fit(gen, steps_per_epoch=1000, epochs=3)
        model.evaluate(gen, steps=50)
    """, RULE)
    assert [(f.line, f.advice, f.message.split("=")[0]) for f in findings] == [
        (2, True, "max_q_size"), (2, True, "nb_worker"), (2, True, "pickle_safe"), (5, True, "samples_per_epoch"),
        (6, True, "val_samples")]


def test_keras_3_evaluates_only_validation_steps_batches_of_arrays():
    import keras
    import numpy as np

    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile("sgd", "mse")
    seen = []
    counter = keras.callbacks.LambdaCallback(on_test_batch_end=lambda batch, logs: seen.append(batch))
    data = (np.zeros((100, 3)), np.zeros((100, 1)))
    model.fit(*data, batch_size=50, epochs=1, validation_data=data, validation_steps=2, callbacks=[counter], verbose=0)
    assert seen == [0, 1]  # 64 of 100 samples: why the rewrite drops the argument
