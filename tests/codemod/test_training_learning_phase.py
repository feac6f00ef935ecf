"""training_learning_phase (with backend_functions_to_ops for the phase 0 side): must-not-change cases first,
then before/after."""

from tests.codemod.helpers import assert_rewrites, assert_unchanged, rewrite

RULE = "training_learning_phase"
BOTH = (RULE, "backend_functions_to_ops")


def test_inference_after_a_training_phase_keeps_it_reported():
    # broadinstitute/keras-rcnn tests/layers/object_detection/test_proposal_target.py: predict() after the phase
    # ran Dropout/BatchNormalization as in training under Keras 2
    for after in ("x, y, z = model.predict([a, b, c])", "f = K.function([model.input], [model.output])",
                  "value = K.eval(model.output)", "score = model.evaluate(x, y)",
                  "check(model)"):  # a function of the file that predicts
        got, findings = rewrite(f"""
            import keras
            from keras import backend as K

            def check(model):
                return model.predict(x)

            def test_proposal_target():
                keras.backend.set_learning_phase(True)
                model = keras.models.Model([a, b, c], [x, y, z])
                {after}
        """, *BOTH)
        assert "keras.backend.set_learning_phase(True)" in got, after
        assert [(f.line, f.rule, f.advice) for f in findings if "set_learning_phase" in f.message] == [
            (9, "backend_functions_to_ops", False)], after


def test_a_phase_given_by_a_name_or_not_keras_stays():
    assert_unchanged("""
        from keras import backend as K
        from mylib import set_learning_phase

        def main(phase):
            K.set_learning_phase(phase)
            set_learning_phase(1)
            model.fit(x, y)
    """, RULE)


def test_a_training_phase_before_building_compiling_and_fitting_goes():
    # broadinstitute/keras-rcnn examples/training/object_detection.py
    findings = assert_rewrites("""
        import keras

        def main():
            generator = generator.flow_from_dictionary(dictionary=training_dictionary)

            keras.backend.set_learning_phase(1)

            model = keras_rcnn.models.RCNN(categories=["circle", "rectangle", "triangle"])
            optimizer = keras.optimizers.Adam()
            model.compile(optimizer,)
            model.fit_generator(epochs=1, generator=generator)
    """, """
        import keras

        def main():
            generator = generator.flow_from_dictionary(dictionary=training_dictionary)

            model = keras_rcnn.models.RCNN(categories=["circle", "rectangle", "triangle"])
            optimizer = keras.optimizers.Adam()
            model.compile(optimizer,)
            model.fit_generator(epochs=1, generator=generator)
    """, *BOTH)
    assert findings == []


def test_a_callback_validating_between_phases_loses_both():
    # robmsmt/KerasDeepSpeech report.py: phase 0 to validate at an epoch's end, phase 1 again for training
    findings = assert_rewrites("""
        from keras import backend as K
        from keras.callbacks import Callback

        class ReportCallback(Callback):
            def validate_epoch_end(self):
                return self.test_func([self.x])[0]

            def on_epoch_end(self, epoch, logs=None):
                K.set_learning_phase(0)
                self.validate_epoch_end()
                #activate learning phase - incase keras doesn't
                K.set_learning_phase(1)
    """, """
        from keras import backend as K
        from keras.callbacks import Callback

        class ReportCallback(Callback):
            def validate_epoch_end(self):
                return self.test_func([self.x])[0]

            def on_epoch_end(self, epoch, logs=None):
                self.validate_epoch_end()
    """, *BOTH)
    assert findings == []


def test_a_model_factory_in_training_phase_goes_with_advice():
    # robmsmt/KerasDeepSpeech model.py, utils.py: the model leaves the function built in training mode
    findings = assert_rewrites("""
        from keras import backend as K
        from keras.models import Model, model_from_json

        def ds1_dropout(input_dim=26):
            K.set_learning_phase(1)
            x = Dropout(0.1)(input_data)
            return Model(inputs=input_data, outputs=x)

        def load(path):
            K.set_learning_phase(1)
            model = model_from_json(open(path).read())
            model.load_weights(path + ".h5")
            return model
    """, """
        from keras import backend as K
        from keras.models import Model, model_from_json

        def ds1_dropout(input_dim=26):
            x = Dropout(0.1)(input_data)
            return Model(inputs=input_data, outputs=x)

        def load(path):
            model = model_from_json(open(path).read())
            model.load_weights(path + ".h5")
            return model
    """, RULE)
    assert [(f.line, f.advice, "training=True" in f.message) for f in findings] == [(6, True, True), (11, True, True)]


def test_a_later_phase_ends_the_scope_of_the_earlier():
    assert_rewrites("""
        from keras import backend as K
        K.set_learning_phase(1)
        model.fit(x, y)
        K.set_learning_phase(0)
        print(model.predict(x))
    """, """
        from keras import backend as K
        model.fit(x, y)
        print(model.predict(x))
    """, *BOTH)


def test_an_inference_phase_before_training_is_reported_not_removed():
    # Keras 2 trained with Dropout off and BatchNormalization frozen after set_learning_phase(0); Keras 3's fit
    # trains in training mode: not the same, so it stays for a person
    got, findings = rewrite("""
        from keras import backend as K
        K.set_learning_phase(0)
        model = build()
        model.fit(x, y)
    """, *BOTH)
    assert "K.set_learning_phase(0)" in got
    assert [(f.line, f.rule, f.advice) for f in findings] == [(3, "backend_functions_to_ops", False)]


def test_another_branch_of_the_same_if_does_not_follow():
    # david8862/keras-YOLOv3-model-set common/backbones/imagenet_training/train_imagenet.py: phase 0 to evaluate
    # in one branch, training in the else; in a loop, what comes before runs after on the next turn
    assert_rewrites("""
        from keras import backend as K

        def train(args, model):
            model.fit(args.x, args.y)

        def main(args, model):
            if args.evaluate:
                K.set_learning_phase(0)
                evaluate_model(args, model)
            elif args.dump_headless:
                K.set_learning_phase(0)
                model.save(args.output_model_file)
            else:
                train(args, model)
    """, """
        from keras import backend as K

        def train(args, model):
            model.fit(args.x, args.y)

        def main(args, model):
            if args.evaluate:
                evaluate_model(args, model)
            elif args.dump_headless:
                model.save(args.output_model_file)
            else:
                train(args, model)
    """, *BOTH)
    got, findings = rewrite("""
        from keras import backend as K

        for epoch in range(3):
            model.fit(x, y)
            K.set_learning_phase(0)
            print(model.predict(x))
    """, *BOTH)
    assert "K.set_learning_phase(0)" in got and [f.line for f in findings] == [6]
