"""predict_batches_as_tuples: must-not-change cases first, then before/after."""

from tests.codemod.helpers import assert_rewrites, assert_unchanged

RULE = "predict_batches_as_tuples"


def test_tuples_sequences_and_other_uses_stay():
    assert_unchanged("""
        def pairs():
            while True:
                yield x, y

        def batches():
            yield x

        model.predict_generator(pairs(), steps=3)
        model.fit_generator(batches(), steps_per_epoch=3)
        model.predict_generator(TestSequence(), steps=3)
    """, RULE)


def test_a_generator_also_used_elsewhere_is_reported():
    findings = assert_unchanged("""
        def batches():
            while True:
                yield x

        model.predict_generator(batches(), steps=3)
        first = next(batches())
    """, RULE)
    assert [f.line for f in findings] == [6] and "yields bare batches" in findings[0].message


def test_bare_batches_feeding_predict_become_one_element_tuples():
    assert_rewrites("""
        def chunks(size):
            while True:
                yield np.random.rand(size, 6)

        scores = model.predict_generator(chunks(5), steps=3)
    """, """
        def chunks(size):
            while True:
                yield (np.random.rand(size, 6),)

        scores = model.predict_generator(chunks(5), steps=3)
    """, RULE)


def test_a_generator_named_as_the_method_it_feeds_is_rewritten_in_the_first_run():
    # GuillaumeMougeot/DogFaceNet online_training.py (forty-ninth hold-out): the method's name is no use of the
    # function; counted as one, the generator was rewritten only on a second run, once predict_generator was renamed
    assert_rewrites("""
        def predict_generator(filenames, batch_size=32):
            for i in range(0, len(filenames), batch_size):
                yield load_images(filenames[i:i + batch_size])

        predict = model.predict_generator(predict_generator(names, 32), steps=4)
    """, """
        def predict_generator(filenames, batch_size=32):
            for i in range(0, len(filenames), batch_size):
                yield (load_images(filenames[i:i + batch_size]),)

        predict = model.predict_generator(predict_generator(names, 32), steps=4)
    """, RULE)
