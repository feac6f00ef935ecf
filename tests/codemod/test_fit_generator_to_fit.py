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
