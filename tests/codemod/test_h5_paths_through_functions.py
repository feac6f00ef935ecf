"""h5_paths_through_functions: must-not-change cases first, then before/after."""

from tests.codemod.helpers import assert_rewrites, assert_unchanged, rewrite

RULE = "h5_paths_through_functions"


def test_a_parameter_not_handed_straight_to_a_saving_call_and_other_functions_stay():
    assert_unchanged("""
        import numpy as np

        def keep(path):
            path = path + '.bak'  # reassigned: not the value the caller gave
            model.save_weights(path)

        def dump(path, x):
            np.save(path, x)  # not Keras'

        class Store:
            def save(self, path):
                write_my_format(path)

        keep('other.h5')
        dump('array.h5', x)
        Store().save('store.h5')
    """, RULE)


def test_the_literal_at_the_call_site_takes_the_suffix_keras_3_wants():
    # issue 31: one of 10 legacy scripts failed after the rewrite, a save_weights(path) in a user method called
    # with 'trainer_weights.h5'
    assert_rewrites("""
        from keras.callbacks import ModelCheckpoint

        class Trainer:
            def __init__(self, model):
                self.model = model

            def save(self, path):
                self.model.save_weights(path)

            def restore(self, path='trainer_weights.h5'):
                self.model.load_weights(path)

        def checkpoint(filepath, monitor):
            return ModelCheckpoint(filepath, monitor=monitor, save_weights_only=True)

        def snapshot(model, name):
            model.save_weights(name)

        trainer = Trainer(model)
        trainer.save('trainer_weights.h5')
        Trainer(model).save(path='trainer_weights.h5')
        callbacks = [checkpoint('best.h5', 'val_loss')]
        snapshot(model, os.path.join(out, 'snap.h5'))
        model.load_weights('legacy.h5')
    """, """
        from keras.callbacks import ModelCheckpoint

        class Trainer:
            def __init__(self, model):
                self.model = model

            def save(self, path):
                self.model.save_weights(path)

            def restore(self, path='trainer_weights.weights.h5'):
                self.model.load_weights(path)

        def checkpoint(filepath, monitor):
            return ModelCheckpoint(filepath, monitor=monitor, save_weights_only=True)

        def snapshot(model, name):
            model.save_weights(name)

        trainer = Trainer(model)
        trainer.save('trainer_weights.weights.h5')
        Trainer(model).save(path='trainer_weights.weights.h5')
        callbacks = [checkpoint('best.weights.h5', 'val_loss')]
        snapshot(model, os.path.join(out, 'snap.weights.h5'))
        model.load_weights('legacy.h5')
    """, RULE)


def test_a_method_of_a_receiver_the_file_does_not_tell_is_reported():
    _, findings = rewrite("""
        class Trainer:
            def store_weights(self, path):
                self.model.save_weights(path)

        get_trainer().store_weights('trainer_weights.h5')
    """, RULE)
    assert [(f.line, f.rule, f.advice) for f in findings] == [(6, RULE, False)]
    assert "'trainer_weights.h5'" in findings[0].message and ".weights.h5" in findings[0].message


def test_a_file_whose_functions_hand_no_path_on_is_not_walked(monkeypatch):
    """With no function or method of the file handing a parameter to a saving call, the rule's pass stops at the
    module (nothing below could be rewritten or reported); one that does is still walked and rewritten."""
    from migrate.codemod.rules import h5_paths_through_functions as rule

    called = []
    leave = rule.H5PathsThroughFunctions.leave_Call
    monkeypatch.setattr(rule.H5PathsThroughFunctions, "leave_Call",
                        lambda self, original, updated: (called.append(1), leave(self, original, updated))[1])
    assert_unchanged("""
        def keep(path):
            model.save_weights('w.h5')
        keep('x.h5')
    """, RULE)
    assert not called
    assert_rewrites("""
        def keep(path):
            model.save_weights(path)
        keep('x.h5')
    """, """
        def keep(path):
            model.save_weights(path)
        keep('x.weights.h5')
    """, RULE)
    assert called
