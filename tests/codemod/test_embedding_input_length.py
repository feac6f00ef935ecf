"""embedding_input_length: must-not-change cases first, then before/after, then Keras 2.3.1's numbers."""

from pathlib import Path

from tests.codemod.helpers import assert_rewrites, assert_unchanged, legacy37, probe_under_both

RULE = "embedding_input_length"
SCRIPTS = Path(__file__).parent / "scripts"


def test_an_embedding_not_first_given_its_shape_or_of_a_functional_model_stays():
    assert_unchanged("""
        from keras.layers import Embedding, Input, LSTM
        from keras.models import Sequential

        shaped = Sequential([Embedding(100, 8, input_shape=(20,)), LSTM(4)])
        later = Sequential([Input(shape=(20,)), Embedding(100, 8, input_length=20)])
        words = Input(shape=(20,))
        vectors = Embedding(100, 8, input_length=20)(words)
        model = Sequential()
        model.add(Embedding(100, 8, 20, 'uniform'))
    """, RULE)


def test_the_first_embedding_of_a_sequential_gets_the_input_keras_2_made_of_its_length():
    # the text classifiers of the Keras blog and its copies: `model.add(Embedding(max_words, 100, input_length=maxlen))`,
    # then the GloVe matrix set into model.layers[0] before any training
    assert_rewrites("""
        from keras.layers import Embedding, LSTM
        from keras.models import Sequential

        model = Sequential()
        if pretrained:
            model.add(Embedding(max_words, 100, input_length=maxlen, trainable=False))
        else:
            model.add(Embedding(max_words, 100, input_length=maxlen))
        model.add(LSTM(32))
        model.layers[0].set_weights([embedding_matrix])
        tagger = build(Sequential([Embedding(12, 4, mask_zero=True), LSTM(2)]))
    """, """
        from keras.layers import Embedding, LSTM
        from keras.models import Sequential
        import keras

        model = Sequential()
        if pretrained:
            model.add(keras.Input(shape=(maxlen,)))
            model.add(Embedding(max_words, 100, trainable=False))
        else:
            model.add(keras.Input(shape=(maxlen,)))
            model.add(Embedding(max_words, 100))
        model.add(LSTM(32))
        model.layers[0].set_weights([embedding_matrix])
        tagger = build(Sequential([keras.Input(shape=(None,)), Embedding(12, 4, mask_zero=True), LSTM(2)]))
    """, RULE)


def test_the_rewritten_models_have_keras_2_3_1s_weights_before_they_run_and_predict_alike(tmp_path):
    got, _ = probe_under_both(legacy37(), SCRIPTS / "embedding_input_length_probe.py", tmp_path / "none", tmp_path,
                              ("flat", "masked", "counts"))
    assert got["counts"].tolist() == [3, 4]
