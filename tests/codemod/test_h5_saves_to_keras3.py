"""h5_saves_to_keras3: must-not-change cases first, then before/after."""

from tests.codemod.helpers import assert_rewrites, assert_unchanged, rewrite

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


def test_checkpoints_and_whole_model_saves_get_keras_3_formats():
    """A whole-model .h5 save may not reload in Keras 3 (loss='mse': "Could not deserialize
    'keras.metrics.mse'"), so it becomes .keras; a weights-only checkpoint needs .weights.h5."""
    findings = assert_rewrites("""
        from keras.callbacks import ModelCheckpoint
        a = ModelCheckpoint('weights.h5', save_weights_only=True)
        b = ModelCheckpoint('model.h5', save_best_only=True)
        model.save('final.h5')
    """, """
        from keras.callbacks import ModelCheckpoint
        a = ModelCheckpoint('weights.weights.h5', save_weights_only=True)
        b = ModelCheckpoint('model.keras', save_best_only=True)
        model.save('final.keras')
    """, RULE)
    assert findings == []


def test_a_legacy_file_the_script_did_not_write_is_still_read_as_it_is():
    assert_unchanged("""
        from keras.models import load_model
        model = load_model('pretrained.h5')
        model.load_weights('imagenet.h5')
        np.save('x.h5', array)
    """, RULE)


def test_paths_built_with_join_fstrings_and_plus_and_the_loads_of_what_was_written():
    assert_rewrites("""
        import os
        from keras.models import load_model
        model.save(os.path.join(OUT, "model.h5"))
        model.save_weights(f"{OUT}/epoch_{epoch}.h5")
        model.save_weights(prefix + '_final.hdf5')
        again = load_model(os.path.join(OUT, "model.h5"))
        again.load_weights(prefix + '_final.hdf5')
    """, """
        import os
        from keras.models import load_model
        model.save(os.path.join(OUT, "model.keras"))
        model.save_weights(f"{OUT}/epoch_{epoch}.weights.h5")
        model.save_weights(prefix + '_final.weights.h5')
        again = load_model(os.path.join(OUT, "model.keras"))
        again.load_weights(prefix + '_final.weights.h5')
    """, RULE)


def test_templates_filled_by_percent_or_format_keep_their_arguments():
    assert_rewrites("""
        from keras.models import load_model
        for fold in range(2):
            model.save("fold%d.h5" % fold)
            model.save_weights("w_{}_{}.hdf5".format(fold, 1))
        load_model("fold%d.h5" % 0)
    """, """
        from keras.models import load_model
        for fold in range(2):
            model.save("fold%d.keras" % fold)
            model.save_weights("w_{}_{}.weights.h5".format(fold, 1))
        load_model("fold%d.keras" % 0)
    """, RULE)


def test_weights_loaded_from_the_whole_model_checkpoint_the_script_wrote():
    # jocicmarko/ultrasound-nerve-segmentation train.py: ModelCheckpoint('weights.h5') saves the whole model, then
    # model.load_weights('weights.h5'); Keras 3 writes weights.keras, and its load_weights reads a .keras file
    assert_rewrites("""
        from keras.callbacks import ModelCheckpoint
        model_checkpoint = ModelCheckpoint('weights.h5', monitor='val_loss', save_best_only=True)
        model.fit(x, y, callbacks=[model_checkpoint])
        model.load_weights('weights.h5')
    """, """
        from keras.callbacks import ModelCheckpoint
        model_checkpoint = ModelCheckpoint('weights.keras', monitor='val_loss', save_best_only=True)
        model.fit(x, y, callbacks=[model_checkpoint])
        model.load_weights('weights.keras')
    """, RULE)


def test_a_checkpoint_path_set_once_in_a_variable_is_rewritten_where_it_is_set():
    # titu1994/Keras-ResNeXt cifar10.py: weights_file set once, loaded if present, written by the checkpoint
    findings = assert_rewrites("""
        from keras.callbacks import ModelCheckpoint
        weights_file = "weights/ResNext-8-64d.h5"
        if os.path.exists(weights_file):
            model.load_weights(weights_file)
        model_checkpoint = ModelCheckpoint(weights_file, monitor="val_acc", save_best_only=True, save_weights_only=True)
        other = ModelCheckpoint(path_set_twice)
        path_set_twice = 'a.h5'
        path_set_twice = 'b.h5'
    """, """
        from keras.callbacks import ModelCheckpoint
        weights_file = "weights/ResNext-8-64d.weights.h5"
        if os.path.exists(weights_file):
            model.load_weights(weights_file)
        model_checkpoint = ModelCheckpoint(weights_file, monitor="val_acc", save_best_only=True, save_weights_only=True)
        other = ModelCheckpoint(path_set_twice)
        path_set_twice = 'a.h5'
        path_set_twice = 'b.h5'
    """, RULE)
    assert [(f.line, f.advice) for f in findings] == [(7, True)] and "path_set_twice" in findings[0].message


def test_a_checkpoint_path_keras_3_refuses_is_a_leftover():
    # divamgupta/image-segmentation-keras train.py: weights written to "<path>.00001", which Keras 3 refuses
    import keras
    import pytest
    with pytest.raises(ValueError, match="weights.h5"):
        keras.callbacks.ModelCheckpoint("ckpt.{epoch:05d}", save_weights_only=True)
    findings = assert_unchanged("""
        from keras.callbacks import ModelCheckpoint
        a = ModelCheckpoint(filepath=checkpoints_path + ".{epoch:05d}", save_weights_only=True, verbose=True)
        b = ModelCheckpoint("model-{epoch:02d}.keras")
        c = ModelCheckpoint(f"{root}/w-{{epoch:02d}}.weights.h5", save_weights_only=True)
    """, RULE)
    assert [(f.line, f.advice) for f in findings] == [(3, False)]


def test_a_checkpoint_known_only_through_a_project_module_is_still_seen():
    """`may_name` lets the scope analysis be skipped in a file whose text never spells ModelCheckpoint, unless a
    module of the run re-exports it: here under another name, which train.py imports. (The literal stays, as it
    did before: the rule leaves a call of a name imported from outside Keras alone; the computed path is advice.)"""
    from migrate.codemod.engine import rewrite_source
    from migrate.codemod.factories import survey
    from migrate.codemod.registry import all_rules

    utils = b"from keras.callbacks import ModelCheckpoint as Checkpoint\n"
    train = b"from utils import Checkpoint\nc = Checkpoint('w.h5', save_weights_only=True)\nd = Checkpoint(path)\n"
    rules = [rule for rule in all_rules() if rule.NAME == RULE]
    result = rewrite_source(train, "train.py", rules, survey([("utils.py", utils), ("train.py", train)]))
    assert result.rewritten == train
    assert [(f.line, f.advice) for f in result.findings] == [(3, True)]  # the computed path, advice as ever


def test_no_scope_analysis_where_no_name_can_be_a_checkpoint(monkeypatch):
    """Every call with an argument asks whether it is a ModelCheckpoint; in a file that cannot name one the
    question is answered without the scope analysis (most of a rule's cost), and with it where it can."""
    from libcst.metadata import ScopeProvider

    from migrate.codemod import analysis

    made = []
    table = analysis.Analysis.table
    monkeypatch.setattr(analysis.Analysis, "table", lambda self, provider: (made.append(provider), table(self, provider))[1])
    assert_unchanged("""
        model.save(path)
        print(x, "saved")
        model.save_weights("w.weights.h5")
    """, RULE)
    assert ScopeProvider not in made
    assert_unchanged("""
        from keras.callbacks import ModelCheckpoint
        model.save(path)
        model.save_weights("w.weights.h5")
    """, RULE)
    assert ScopeProvider in made


def test_other_uses_of_a_renamed_weights_path_in_the_function_follow_it():
    # shenweichen/DeepMatch tests/utils.py: the weights file is saved, loaded, then removed by the same path; with
    # only the save and the load renamed, os.remove looks for a file no longer written (FileNotFoundError)
    assert_rewrites("""
        import os
        def check_model(model, model_name, x, y):
            model.fit(x, y, batch_size=10, epochs=2, validation_split=0.5)
            model.save_weights(model_name + '_weights.h5')
            model.load_weights(model_name + '_weights.h5')
            os.remove(model_name + '_weights.h5')

        def elsewhere(model_name):
            os.remove(model_name + '_weights.h5')
    """, """
        import os
        def check_model(model, model_name, x, y):
            model.fit(x, y, batch_size=10, epochs=2, validation_split=0.5)
            model.save_weights(model_name + '_weights.weights.h5')
            model.load_weights(model_name + '_weights.weights.h5')
            os.remove(model_name + '_weights.weights.h5')

        def elsewhere(model_name):
            os.remove(model_name + '_weights.h5')
    """, RULE)


def test_a_path_variable_set_from_the_renamed_path_and_reused_follows_it():
    findings = assert_rewrites("""
        import os, shutil
        model.save(os.path.join(OUT, "model.h5"))
        path = os.path.join(OUT, "model.h5")
        if os.path.exists(path):
            shutil.copy(path, "backup/")
        size = os.path.getsize(os.path.join(OUT,  "model.h5"))
        np.save("model.h5", arr)
    """, """
        import os, shutil
        model.save(os.path.join(OUT, "model.keras"))
        path = os.path.join(OUT, "model.keras")
        if os.path.exists(path):
            shutil.copy(path, "backup/")
        size = os.path.getsize(os.path.join(OUT,  "model.keras"))
        np.save("model.h5", arr)
    """, RULE)
    assert findings == []


def test_a_use_of_the_file_spelt_otherwise_is_reported():
    findings = assert_rewrites("""
        import os
        def check_model(model, model_name):
            model.save_weights(model_name + '_weights.h5')
            os.remove(f"{model_name}_weights.h5")
            os.remove(model_name + '_weights.h5.bak')
            print("saved the weights.h5")
    """, """
        import os
        def check_model(model, model_name):
            model.save_weights(model_name + '_weights.weights.h5')
            os.remove(f"{model_name}_weights.h5")
            os.remove(model_name + '_weights.h5.bak')
            print("saved the weights.h5")
    """, RULE)
    assert [(f.line, f.advice) for f in findings] == [(5, False), (6, False)]
    assert "rename this path the same way" in findings[0].message


def test_the_rewritten_deepmatch_check_runs_with_keras_3(tmp_path):
    """The rewrite of the DeepMatch function, run for real: save, load and remove all find the file."""
    got, _ = rewrite("""
        import os
        def check_model(model, model_name, x, y):
            model.fit(x, y, batch_size=10, epochs=2, validation_split=0.5, verbose=0)
            model.save_weights(model_name + '_weights.h5')
            model.load_weights(model_name + '_weights.h5')
            os.remove(model_name + '_weights.h5')
    """, RULE)
    import keras
    import numpy as np
    namespace: dict = {}
    exec(compile(got, "example.py", "exec"), namespace)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile(loss="mse")
    namespace["check_model"](model, str(tmp_path / "m"), np.zeros((4, 3)), np.zeros((4, 1)))
    assert list(tmp_path.iterdir()) == []


def test_a_checkpoint_s_path_given_by_keyword_after_another_argument_is_its_path():
    # alinamarcu/ruralscapes-nn train_baseline_ground_truth_only.py: ModelCheckpoint(monitor='val_loss',
    # filepath=os.path.join(OUT, '...{val_loss:.5f}.hdf5'), save_weights_only=True); the monitor was read as the path
    findings = assert_rewrites("""
        import os
        from keras.callbacks import ModelCheckpoint
        checkpoint = ModelCheckpoint(monitor='val_loss',
                                     filepath=os.path.join(OUT, 'EPOCH_{epoch:02d}_{val_loss:.5f}.hdf5'),
                                     save_weights_only=True)
        model.save_weights(overwrite=True, filepath='last.h5')
    """, """
        import os
        from keras.callbacks import ModelCheckpoint
        checkpoint = ModelCheckpoint(monitor='val_loss',
                                     filepath=os.path.join(OUT, 'EPOCH_{epoch:02d}_{val_loss:.5f}.weights.h5'),
                                     save_weights_only=True)
        model.save_weights(overwrite=True, filepath='last.weights.h5')
    """, RULE)
    assert not findings
