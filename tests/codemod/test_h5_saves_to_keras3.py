"""h5_saves_to_keras3: must-not-change cases first, then before/after."""

from tests.codemod.helpers import assert_rewrites, assert_unchanged

RULE = "h5_saves_to_keras3"


def test_modern_paths_and_variables_stay():
    assert_unchanged("""
        model.save("model.keras")
        model.save_weights("w.weights.h5")
        model.save_weights(path)
        np.save("x.h5", arr)
    """, RULE)


def test_save_weights_gets_the_suffix_keras3_requires():
    assert_rewrites("""
        model.save_weights('best.h5')
        model.save_weights("ckpt.hdf5", overwrite=True)
    """, """
        model.save_weights('best.weights.h5')
        model.save_weights("ckpt.weights.h5", overwrite=True)
    """, RULE)


def test_weights_only_checkpoint_and_reported_whole_model_saves():
    findings = assert_rewrites("""
        from keras.callbacks import ModelCheckpoint
        a = ModelCheckpoint('weights.h5', save_weights_only=True)
        b = ModelCheckpoint('model.h5', save_best_only=True)
        model.save('final.h5')
    """, """
        from keras.callbacks import ModelCheckpoint
        a = ModelCheckpoint('weights.weights.h5', save_weights_only=True)
        b = ModelCheckpoint('model.h5', save_best_only=True)
        model.save('final.h5')
    """, RULE)
    assert [f.line for f in findings] == [4, 5]
