"""multi_gpu_model_to_mirrored: must-not-change cases first, then the shapes found in real scripts."""

from __future__ import annotations

import textwrap
from pathlib import Path

from migrate.codemod.engine import rewrite_source, run
from migrate.codemod.registry import all_rules
from tests.codemod.helpers import assert_rewrites, assert_unchanged, rewrite

RULE = "multi_gpu_model_to_mirrored"


# ---------------------------------------------------------------- must not change


def test_a_projects_own_function_named_multi_gpu_model():
    assert_unchanged("""
        def multi_gpu_model(model, gpus):
            return model

        parallel = multi_gpu_model(model, gpus=2)
        parallel.compile(optimizer="adam", loss="mse")
    """, RULE)


def test_a_look_alike_from_the_projects_own_module():
    assert_unchanged("""
        from utils.parallel import make_parallel, multi_gpu_model

        parallel = make_parallel(model, 2)
        other = multi_gpu_model(model, 2)
    """, RULE)


def test_names_in_strings_and_comments():
    assert_unchanged('''
        # we used to call multi_gpu_model(model, gpus=2) here
        HELP = "multi_gpu_model(model, gpus=2) is gone"
    ''', RULE)


def test_star_import_from_a_module_not_in_the_run_is_reported_not_guessed():
    findings = assert_unchanged("""
        from helpers import *

        parallel = multi_gpu_model(model, gpus=2)
    """, RULE)
    assert [f.line for f in findings] == [4] and "star import" in findings[0].message


def test_star_import_from_keras_is_followed():
    assert_rewrites("""
        from keras.utils import *

        with tf.device('/cpu:0'):
            model = build()
        parallel = multi_gpu_model(model, gpus=2)
        parallel.compile(optimizer='sgd', loss='mse')
    """, """
        from keras.utils import *
        import tensorflow as tf

        strategy = tf.distribute.MirroredStrategy()
        with strategy.scope():
            model = build()
            model.compile(optimizer='sgd', loss='mse')
    """, RULE)


def test_a_try_whose_handler_does_more_than_fall_back_is_left_for_review():
    findings = assert_unchanged("""
        from keras.utils import multi_gpu_model

        try:
            parallel = multi_gpu_model(model, cpu_relocation=True)
        except ValueError:
            parallel = model
            model = shrink(model)
    """, RULE)
    assert len(findings) == 1 and "try/except" in findings[0].message


def test_the_try_except_fallback_becomes_one_strategy_for_both_branches():
    """MirroredStrategy() uses the GPUs there are, or the CPU: the fallback's branch is the same program."""
    assert_rewrites("""
        from keras.utils import multi_gpu_model

        model = build()
        try:
            parallel = multi_gpu_model(model, gpus=2)
            print("Training using multiple GPUs..")
        except ValueError:
            parallel = model
            print("Training using single GPU or CPU..")
        parallel.compile(loss="mse", optimizer="adam")
        parallel.fit(x, y)
    """, """
        import tensorflow as tf

        strategy = tf.distribute.MirroredStrategy()
        with strategy.scope():
            model = build()
            print("Training using multiple GPUs..")
            model.compile(loss="mse", optimizer="adam")
        model.fit(x, y)
    """, RULE)


def test_a_device_block_without_multi_gpu_model_stays():
    assert_unchanged("""
        import tensorflow as tf

        with tf.device('/cpu:0'):
            model = build()
        for epoch in range(3):
            model.fit(x, y)
    """, RULE)


def test_template_extraction_by_position_is_reported():
    findings = assert_unchanged("""
        from keras.models import load_model

        model = load_model("wrapper.h5").layers[-2]
    """, RULE)
    assert "migrate convert" in findings[0].message


# ---------------------------------------------------------------- rewrites


def test_the_common_shape_at_module_level():
    assert_rewrites("""
        import tensorflow as tf
        from keras.utils import multi_gpu_model

        with tf.device('/cpu:0'):
            model = build_model()
        parallel_model = multi_gpu_model(model, gpus=G)
        parallel_model.compile(optimizer='adam', loss='mse')
        parallel_model.fit(x, y, batch_size=64 * G)
        model.save('model.h5')
    """, """
        import tensorflow as tf

        # migrate: gpus=G dropped: MirroredStrategy() uses every visible GPU (for chosen ids, pass devices=[...])
        strategy = tf.distribute.MirroredStrategy()
        with strategy.scope():
            model = build_model()
            model.compile(optimizer='adam', loss='mse')
        model.fit(x, y, batch_size=64 * G)
        model.save('model.h5')
    """, RULE)


def test_inside_a_function_with_statements_between_and_tensorflow_imported_for_it():
    assert_rewrites("""
        from keras.utils import multi_gpu_model
        from keras.optimizers import Adam

        def train(x, y, gpus):
            model = build_model()
            model.summary()
            parallel = multi_gpu_model(model, gpus=4)
            opt = Adam(learning_rate=1e-3)
            parallel.compile(opt, loss='mse')
            parallel.fit(x, y, epochs=3)
            return model
    """, """
        from keras.optimizers import Adam
        import tensorflow as tf

        def train(x, y, gpus):
            strategy = tf.distribute.MirroredStrategy()
            with strategy.scope():
                model = build_model()
                model.summary()
                opt = Adam(learning_rate=1e-3)
                model.compile(opt, loss='mse')
            model.fit(x, y, epochs=3)
            return model
    """, RULE)


def test_rebinding_the_same_name():
    assert_rewrites("""
        import tensorflow as tf
        from keras.utils import multi_gpu_model

        model = build()
        model = multi_gpu_model(model, 2)
        model.compile('sgd', 'mse')
    """, """
        import tensorflow as tf

        strategy = tf.distribute.MirroredStrategy()
        with strategy.scope():
            model = build()
            model.compile('sgd', 'mse')
    """, RULE)


def test_conditional_on_the_gpu_count():
    assert_rewrites("""
        import tensorflow as tf
        from keras.utils import multi_gpu_model

        model = build()
        if G > 1:
            parallel = multi_gpu_model(model, gpus=G)
        else:
            parallel = model
        parallel.compile('adam', 'mse')
        parallel.fit(x, y)
    """, """
        import tensorflow as tf

        # migrate: gpus=G dropped: MirroredStrategy() uses every visible GPU (for chosen ids, pass devices=[...])
        strategy = tf.distribute.MirroredStrategy()
        with strategy.scope():
            model = build()
            model.compile('adam', 'mse')
        model.fit(x, y)
    """, RULE)


def test_a_compile_after_the_if_else_holding_the_wrapper_goes_under_the_models_strategy():
    # reger-men/keras_multi_gpus train.py: one branch builds on one device, the other wraps; the optimizer and
    # compile after the if/else go under the scope the model was built in (the default strategy's, a no-op,
    # in the first branch)
    assert_rewrites("""
        import tensorflow as tf
        from keras.utils import multi_gpu_model

        if G <= 1:
            model = build()
        else:
            with tf.device("/cpu:0"):
                model = build()
            model = multi_gpu_model(model, gpus=G)

        # initialize the optimizer and model
        print("compiling")
        opt = SGD(lr=0.1)
        model.compile(loss="mse", optimizer=opt,
            metrics=["accuracy"])
        model.fit(x, y)
    """, """
        import tensorflow as tf

        if G <= 1:
            model = build()
        else:
            # migrate: gpus=G dropped: MirroredStrategy() uses every visible GPU (for chosen ids, pass devices=[...])
            strategy = tf.distribute.MirroredStrategy()
            with strategy.scope():
                model = build()

        # initialize the optimizer and model
        print("compiling")
        with model.distribute_strategy.scope():
            opt = SGD(lr=0.1)
            model.compile(loss="mse", optimizer=opt,
                metrics=["accuracy"])
        model.fit(x, y)
    """, RULE)


def test_a_main_guard_that_goes_on_using_the_wrapper_is_a_block_not_a_multi_gpu_guard():
    # found by a helper (k1names): the `if __name__` was taken for `if G > 1: p = multi_gpu_model(...)`, its call
    # dropped with `parallel` never bound again: NameError at the compile, counted as converted
    assert_rewrites("""
        import tensorflow as tf
        from keras.utils import multi_gpu_model

        if __name__ == "__main__":
            with tf.device('/cpu:0'):
                model = build()
            parallel = multi_gpu_model(model, gpus=2)
            parallel.compile(optimizer='adam', loss='mse')
            parallel.fit(x, y)
    """, """
        import tensorflow as tf

        if __name__ == "__main__":
            strategy = tf.distribute.MirroredStrategy()
            with strategy.scope():
                model = build()
                parallel = model
                model.compile(optimizer='adam', loss='mse')
            model.fit(x, y)
    """, RULE)


def test_no_scope_after_an_if_whose_branch_compiles_or_renames():
    for branch in ("parallel = multi_gpu_model(model, gpus=G)",  # another name: not the model compiled below
                   "model = multi_gpu_model(model, gpus=G)\n    model.compile('sgd', 'mse')"):
        got, _ = rewrite(f"""
import tensorflow as tf
from keras.utils import multi_gpu_model
model = build()
if G > 1:
    {branch}
else:
    print("one device")
opt = SGD()
model.compile(loss="mse", optimizer=opt)
""", RULE)
        assert "distribute_strategy" not in got


def test_the_comment_above_a_conditional_that_goes_whole_stays():
    """keras-yolo3's generate(): the model is loaded before, in a `try`; the `if` is all the scoped lines, and
    its comment, nothing left inside to keep it, goes above the strategy line."""
    assert_rewrites("""
        import tensorflow as tf
        from keras.utils import multi_gpu_model

        def generate(self):
            try:
                self.yolo_model = self.load()
            except IOError:
                self.yolo_model = self.build()

            # Generate output tensor targets.
            if self.gpu_num>=2:
                self.yolo_model = multi_gpu_model(self.yolo_model, gpus=self.gpu_num)
    """, """
        import tensorflow as tf

        def generate(self):
            try:
                self.yolo_model = self.load()
            except IOError:
                self.yolo_model = self.build()

            # Generate output tensor targets.
            # migrate: gpus=self.gpu_num dropped: MirroredStrategy() uses every visible GPU (for chosen ids, pass devices=[...])
            strategy = tf.distribute.MirroredStrategy()
    """, RULE)


def test_conditional_that_also_logs_keeps_the_log():
    assert_rewrites("""
        import tensorflow as tf
        from keras.utils import multi_gpu_model

        model = build()
        if G > 1:
            print("using", G, "GPUs")
            model = multi_gpu_model(model, gpus=G)
        model.compile('adam', 'mse')
    """, """
        import tensorflow as tf

        # migrate: gpus=G dropped: MirroredStrategy() uses every visible GPU (for chosen ids, pass devices=[...])
        strategy = tf.distribute.MirroredStrategy()
        with strategy.scope():
            model = build()
            if G > 1:
                print("using", G, "GPUs")
            model.compile('adam', 'mse')
    """, RULE)


def test_conditional_expression():
    assert_rewrites("""
        import tensorflow as tf
        from keras.utils import multi_gpu_model

        model = build()
        parallel = multi_gpu_model(model, gpus=2) if G > 1 else model
        parallel.compile('adam', 'mse')
    """, """
        import tensorflow as tf

        strategy = tf.distribute.MirroredStrategy()
        with strategy.scope():
            model = build()
            model.compile('adam', 'mse')
    """, RULE)


def test_gpu_ids_become_devices_and_placement_arguments_leave_a_comment():
    assert_rewrites("""
        import tensorflow as tf
        from keras.utils import multi_gpu_model

        model = build()
        parallel = multi_gpu_model(model, gpus=[0, 2], cpu_merge=False, cpu_relocation=True)
        parallel.compile('adam', 'mse')
    """, """
        import tensorflow as tf

        # migrate: cpu_merge=False, cpu_relocation=True dropped: MirroredStrategy places and merges variables itself
        strategy = tf.distribute.MirroredStrategy(devices=["/gpu:0", "/gpu:2"])
        with strategy.scope():
            model = build()
            model.compile('adam', 'mse')
    """, RULE)


def test_gpus_absent_and_positional():
    for call in ("multi_gpu_model(model)", "multi_gpu_model(model, 4)"):
        got, findings = rewrite(f"""
            import tensorflow as tf
            from keras.utils import multi_gpu_model

            model = build()
            parallel = {call}
            parallel.compile('adam', 'mse')
        """, RULE)
        assert "strategy = tf.distribute.MirroredStrategy()\n" in got and findings == []


def test_function_returning_the_parallel_model_warns_about_callers():
    findings = assert_rewrites("""
        import tensorflow as tf
        from keras.utils import multi_gpu_model

        def get_model(gpus):
            with tf.device('/cpu:0'):
                model = build()
            return multi_gpu_model(model, gpus)
    """, """
        import tensorflow as tf

        def get_model(gpus):
            # migrate: gpus=gpus dropped: MirroredStrategy() uses every visible GPU (for chosen ids, pass devices=[...])
            strategy = tf.distribute.MirroredStrategy()
            with strategy.scope():
                model = build()
            return model
    """, RULE)
    assert any("callers" in f.message for f in findings)


def test_self_attribute_targets_are_renamed_across_the_class():
    assert_rewrites("""
        import tensorflow as tf
        from keras.utils import multi_gpu_model

        class Trainer:
            def __init__(self):
                self.model = build()
                self.parallel_model = multi_gpu_model(self.model, gpus=2)
                self.parallel_model.compile('adam', 'mse')

            def train(self, x, y):
                self.parallel_model.fit(x, y)
    """, """
        import tensorflow as tf

        class Trainer:
            def __init__(self):
                strategy = tf.distribute.MirroredStrategy()
                with strategy.scope():
                    self.model = build()
                    self.model.compile('adam', 'mse')

            def train(self, x, y):
                self.model.fit(x, y)
    """, RULE)


def test_several_calls_in_one_file():
    got, _ = rewrite("""
        import tensorflow as tf
        from keras.utils import multi_gpu_model

        def a():
            m = build()
            p = multi_gpu_model(m, 2)
            p.compile('adam', 'mse')

        def b():
            n = build()
            q = multi_gpu_model(n, 2)
            q.compile('adam', 'mse')
    """, RULE)
    assert got.count("strategy = tf.distribute.MirroredStrategy()") == 2 and "multi_gpu_model" not in got


def test_discarded_result_is_removed():
    findings = assert_rewrites("""
        import tensorflow as tf
        from keras.utils import multi_gpu_model

        model = build()
        multi_gpu_model(model, gpus=2)
        model.compile('adam', 'mse')
    """, """
        import tensorflow as tf

        model = build()
        model.compile('adam', 'mse')
    """, RULE)
    assert "never used" in findings[0].message


def test_already_inside_a_strategy_scope_only_the_wrapper_goes():
    assert_rewrites("""
        import tensorflow as tf
        from keras.utils import multi_gpu_model

        strategy = tf.distribute.MirroredStrategy()
        with strategy.scope():
            model = build()
            parallel = multi_gpu_model(model, gpus=2)
            parallel.compile('adam', 'mse')
        parallel.fit(x, y)
    """, """
        import tensorflow as tf

        strategy = tf.distribute.MirroredStrategy()
        with strategy.scope():
            model = build()
            parallel = model
            parallel.compile('adam', 'mse')
        parallel.fit(x, y)
    """, RULE)


def test_template_created_elsewhere_is_reported():
    got, findings = rewrite("""
        import tensorflow as tf
        from keras.utils import multi_gpu_model

        def train(model):
            parallel = multi_gpu_model(model, gpus=2)
            parallel.compile('adam', 'mse')
    """, RULE)
    assert "with strategy.scope():\n        model.compile('adam', 'mse')" in got
    assert any("not created in this block" in f.message for f in findings)


def test_every_import_style():
    styles = {
        "from keras.utils import multi_gpu_model": "multi_gpu_model",
        "from keras.utils.training_utils import multi_gpu_model": "multi_gpu_model",
        "from keras.utils.multi_gpu_utils import multi_gpu_model": "multi_gpu_model",
        "from tensorflow.keras.utils import multi_gpu_model": "multi_gpu_model",
        "from tensorflow.python.keras.utils.multi_gpu_utils import multi_gpu_model": "multi_gpu_model",
        "from keras.utils import multi_gpu_model as mgm": "mgm",
        "import keras": "keras.utils.multi_gpu_model",
        "import tensorflow as tf": "tf.keras.utils.multi_gpu_model",
        "from tensorflow import keras": "keras.utils.multi_gpu_model",
        "import tensorflow as tf  # compat": "tf.compat.v1.keras.utils.multi_gpu_model",
    }
    for import_line, spelled in styles.items():
        got, _ = rewrite(f"""
            {import_line}

            model = build()
            parallel = {spelled}(model, gpus=2)
            parallel.compile('adam', 'mse')
        """, RULE)
        assert "MirroredStrategy()" in got and "multi_gpu_model" not in got.replace("# compat", ""), import_line


def test_imports_inside_functions_and_if_blocks():
    got, _ = rewrite("""
        import tensorflow as tf

        def train():
            if USE_KERAS:
                from keras.utils import multi_gpu_model
            model = build()
            parallel = multi_gpu_model(model, gpus=2)
            parallel.compile('adam', 'mse')
    """, RULE)
    assert "strategy = tf.distribute.MirroredStrategy()" in got


def test_tensorflow_alias_is_reused():
    got, _ = rewrite("""
        import tensorflow as tensorflow_
        from keras.utils import multi_gpu_model

        model = build()
        parallel = multi_gpu_model(model, gpus=2)
        parallel.compile('adam', 'mse')
    """, RULE)
    assert "strategy = tensorflow_.distribute.MirroredStrategy()" in got and "import tensorflow as tf" not in got


def test_tabs_and_crlf_are_preserved():
    source = ("import tensorflow as tf\r\nfrom keras.utils import multi_gpu_model\r\n\r\n"
              "def f():\r\n\tmodel = build()\r\n\tparallel = multi_gpu_model(model, gpus=2)\r\n"
              "\tparallel.compile('adam', 'mse')\r\n")
    result = rewrite_source(source.encode(), "x.py", [r for r in all_rules() if r.NAME == RULE])
    text = result.rewritten.decode()
    assert "\r\n" in text and "\n" not in text.replace("\r\n", "")
    assert "\twith strategy.scope():\r\n\t\tmodel = build()\r\n" in text


def test_comments_before_the_block_stay():
    got, _ = rewrite("""
        import tensorflow as tf
        from keras.utils import multi_gpu_model

        # the template lives on the CPU
        with tf.device('/cpu:0'):
            model = build()  # a small net
        parallel = multi_gpu_model(model, gpus=2)
        parallel.compile('adam', 'mse')
    """, RULE)
    assert "# the template lives on the CPU\nstrategy =" in got and "model = build()  # a small net" in got


def test_the_scope_holds_the_layers_and_optimizer_the_template_is_built_from():
    """Layers made before `Model(...)` and an optimizer made before the wrap create variables: they must be
    created under the scope too ("colocate_vars_with" otherwise). Unrelated statements between stay put."""
    assert_rewrites("""
        from keras.layers import Dense, Input
        from keras.models import Model
        from keras.optimizers import Adam
        from keras.utils import multi_gpu_model

        def train(x, y):
            opt = Adam(learning_rate=0.01)
            inp = Input(shape=(10,))
            print("building")
            hidden = Dense(32, activation="relu")(inp)
            model = Model(inp, Dense(1)(hidden))
            parallel = multi_gpu_model(model, gpus=2)
            parallel.compile(optimizer=opt, loss="mse")
            parallel.fit(x, y)
    """, """
        from keras.layers import Dense, Input
        from keras.models import Model
        from keras.optimizers import Adam
        import tensorflow as tf

        def train(x, y):
            strategy = tf.distribute.MirroredStrategy()
            with strategy.scope():
                opt = Adam(learning_rate=0.01)
                inp = Input(shape=(10,))
                print("building")
                hidden = Dense(32, activation="relu")(inp)
                model = Model(inp, Dense(1)(hidden))
                model.compile(optimizer=opt, loss="mse")
            model.fit(x, y)
    """, RULE)


# ---------------------------------------------------------------- factories and ModelMGPU classes

MODEL_MGPU = """
        class ModelMGPU(Model):
            def __init__(self, ser_model, gpus):
                pmodel = multi_gpu_model(ser_model, gpus)
                self.__dict__.update(pmodel.__dict__)
                self._smodel = ser_model

            def __getattribute__(self, attrname):
                if 'load' in attrname or 'save' in attrname:
                    return getattr(self._smodel, attrname)
                return super(ModelMGPU, self).__getattribute__(attrname)
        """


def test_a_modelmgpu_instance_becomes_its_template_under_the_scope_and_the_class_goes():
    findings = assert_rewrites("""
        import tensorflow as tf
        from keras.models import Model
        from keras.utils import multi_gpu_model
        """ + MODEL_MGPU + """

        base = build()
        model = ModelMGPU(base, gpus=2)
        model.compile(optimizer='rmsprop', loss='mse')
        model.fit(x, y)
        model.save('model.keras')
    """, """
        import tensorflow as tf
        from keras.models import Model


        strategy = tf.distribute.MirroredStrategy()
        with strategy.scope():
            base = build()
            base.compile(optimizer='rmsprop', loss='mse')
        base.fit(x, y)
        base.save('model.keras')
    """, RULE)
    assert findings == []


def test_a_modelmgpu_class_nothing_uses_goes_with_its_import():
    got, findings = rewrite("""
        from keras.models import Model
        from keras.utils import multi_gpu_model
        """ + MODEL_MGPU, RULE)
    assert "ModelMGPU" not in got and "multi_gpu_model" not in got and findings == []


def test_a_modelmgpu_class_still_named_is_kept_and_reported():
    got, findings = rewrite("""
        from keras.models import Model
        from keras.utils import multi_gpu_model
        """ + MODEL_MGPU + """

        def is_parallel(model):
            return isinstance(model, ModelMGPU)
    """, RULE)
    assert "class ModelMGPU" in got
    assert len(findings) == 1 and "still used" in findings[0].message


def test_a_projects_own_modelmgpu_without_multi_gpu_model_is_left_alone():
    assert_unchanged("""
        from keras.models import Model

        class ModelMGPU(Model):
            def __init__(self, ser_model, gpus):
                super().__init__(ser_model.inputs, ser_model.outputs)

        model = ModelMGPU(base, 2)
        model.compile('adam', 'mse')
    """, RULE)


def test_a_factory_handing_out_the_wrapper_loses_it_and_its_caller_gets_the_scope():
    findings = assert_rewrites("""
        import tensorflow as tf
        from keras.optimizers import SGD
        from keras.utils import multi_gpu_model

        def build(gpus):
            model = make()
            return model, multi_gpu_model(model, gpus=gpus)

        template, parallel = build(2)
        optimizer = SGD(0.1)
        parallel.compile(optimizer=optimizer, loss='mse')
        parallel.fit(x, y)
    """, """
        import tensorflow as tf
        from keras.optimizers import SGD

        def build(gpus):
            model = make()
            return model, model

        strategy = tf.distribute.MirroredStrategy()
        with strategy.scope():
            template, parallel = build(2)
            optimizer = SGD(0.1)
            parallel.compile(optimizer=optimizer, loss='mse')
        parallel.fit(x, y)
    """)
    assert not [f for f in findings if "outside strategy.scope()" in f.message]  # the lint reads the rewrite


def test_a_factory_that_assigns_then_returns_the_wrapper():
    assert_rewrites("""
        import tensorflow as tf
        from keras.utils import multi_gpu_model

        def get_model():
            model = make()
            if G > 1:
                model = multi_gpu_model(model, G)
            return model

        def main():
            model = get_model()
            model.compile('adam', 'mse')
            model.fit(x, y)
    """, """
        import tensorflow as tf

        def get_model():
            model = make()
            return model

        def main():
            strategy = tf.distribute.MirroredStrategy()
            with strategy.scope():
                model = get_model()
                model.compile('adam', 'mse')
            model.fit(x, y)
    """, RULE)


def test_a_method_handing_out_the_wrapper_scopes_its_self_calls():
    assert_rewrites("""
        import tensorflow as tf
        from keras.optimizers import Adam
        from keras.utils import multi_gpu_model

        class Trainer:
            def __init__(self):
                self.parallel = self.build()
                self.parallel.compile(optimizer=Adam(0.01), loss='mse')

            def build(self):
                self.template = make()
                return multi_gpu_model(self.template, gpus=2)
    """, """
        import tensorflow as tf
        from keras.optimizers import Adam

        class Trainer:
            def __init__(self):
                strategy = tf.distribute.MirroredStrategy()
                with strategy.scope():
                    self.parallel = self.build()
                    self.parallel.compile(optimizer=Adam(0.01), loss='mse')

            def build(self):
                self.template = make()
                return self.template
    """, RULE)


def test_a_factory_call_migrate_cannot_scope_is_reported():
    got, findings = rewrite("""
        from keras.utils import multi_gpu_model

        def build():
            return multi_gpu_model(make(), 2)

        model = build()
        train(build())
    """, RULE)
    assert "multi_gpu_model" not in got
    assert [f.line for f in findings] == [8] and "build() now returns the template" in findings[0].message


def test_a_factory_compiling_its_own_wrapper_keeps_its_scope():
    got, _ = rewrite("""
        from keras.utils import multi_gpu_model

        def build():
            model = make()
            parallel = multi_gpu_model(model, 2)
            parallel.compile('adam', 'mse')
            return parallel

        model = build()
    """, RULE)
    assert "    with strategy.scope():\n        model = make()\n        model.compile" in got
    assert "with strategy.scope():\n    model = build()" not in got


def test_gpu_ids_computed_at_run_time_become_devices():
    got, _ = rewrite("""
        from keras.utils import multi_gpu_model

        model = make()
        parallel = multi_gpu_model(model, gpus=[int(g) for g in args.gpus.split(',')])
        parallel.compile('adam', 'mse')
    """, RULE)
    assert 'MirroredStrategy(devices=[f"/gpu:{gpu}" for gpu in [int(g) for g in args.gpus.split(\',\')]])' in got


def test_factories_and_wrapper_classes_are_followed_across_the_files_of_a_run(tmp_path):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "models.py").write_text(textwrap.dedent("""
        from keras.models import Model
        from keras.utils import multi_gpu_model
        """ + MODEL_MGPU + """

        def build(gpus):
            model = make()
            return multi_gpu_model(model, gpus)
    """))
    (package / "train.py").write_text(textwrap.dedent("""
        from pkg.models import ModelMGPU, build

        parallel = build(2)
        parallel.compile('adam', 'mse')

        other = make()
        wrapped = ModelMGPU(other, 2)
        wrapped.compile('adam', 'mse')
    """))
    summary = run([package], [r for r in all_rules() if r.NAME == RULE])
    out = {Path(r.path).name: r.rewritten.decode() for r in summary.results}
    assert "multi_gpu_model" not in out["models.py"] and "ModelMGPU" not in out["models.py"]
    assert "return model" in out["models.py"] and "strategy" not in out["models.py"]
    assert out["train.py"].startswith("\nfrom pkg.models import build\nimport tensorflow as tf\n")
    assert out["train.py"].count("with strategy.scope():") == 2 and "wrapped" not in out["train.py"]
    assert not [f for r in summary.results for f in r.findings]


def test_wrapper_made_in_the_device_block_and_used_in_a_later_loop():
    # keras-yolo3-style scripts wrap inside the cpu block; the rename must reach the loop after the block.
    assert_rewrites("""
        import tensorflow as tf
        from keras.utils import multi_gpu_model

        def main():
            with tf.device('/cpu:0'):
                model = build()
                p = multi_gpu_model(model, gpus=2)
            p.compile(optimizer='adam', loss='mse')
            for epoch in range(3):
                p.fit(x, y)
    """, """
        import tensorflow as tf

        def main():
            strategy = tf.distribute.MirroredStrategy()
            with strategy.scope():
                model = build()
                model.compile(optimizer='adam', loss='mse')
            for epoch in range(3):
                model.fit(x, y)
    """, RULE)


def test_same_name_attribute_call_under_an_if_goes_with_its_if():
    # xuannianz/EfficientDet train.py: `model = keras.utils.multi_gpu_model(model, ...)` under `if args.gpu ...:`
    # was left in the scope on the first run and rewritten only on the second.
    assert_rewrites("""
        import keras
        import tensorflow as tf

        def main(args):
            model = build()
            if args.gpus > 1:
                model = keras.utils.multi_gpu_model(model, gpus=args.gpus)
            model.compile(optimizer='adam', loss='mse')
            model.fit(x, y)
    """, """
        import keras
        import tensorflow as tf

        def main(args):
            # migrate: gpus=args.gpus dropped: MirroredStrategy() uses every visible GPU (for chosen ids, pass devices=[...])
            strategy = tf.distribute.MirroredStrategy()
            with strategy.scope():
                model = build()
                model.compile(optimizer='adam', loss='mse')
            model.fit(x, y)
    """, RULE)


def test_a_comment_opening_the_device_block_stays_with_the_template():
    # reger-men/keras_multi_gpus train.py (pyimagesearch): `# initialize the model` was lost with the block.
    assert_rewrites("""
        import tensorflow as tf
        from keras.utils import multi_gpu_model

        # store a copy of the model on every GPU
        with tf.device("/cpu:0"):
            # initialize the model
            model = build()
        model = multi_gpu_model(model, gpus=2)
        model.compile(loss="mse", optimizer="sgd")
    """, """
        import tensorflow as tf

        # store a copy of the model on every GPU
        strategy = tf.distribute.MirroredStrategy()
        with strategy.scope():
            # initialize the model
            model = build()
            model.compile(loss="mse", optimizer="sgd")
    """, RULE)


def test_a_wrapper_of_another_name_in_an_else_keeps_its_name_bound_and_the_compile_after_goes_under_the_scope():
    # issue 31: `model` was never assigned in the else branch (the site removed, the rename reaching only the
    # rest of the branch) and the compile after the if/else ran outside the strategy the branch created
    assert_rewrites("""
        import tensorflow as tf
        from keras.utils import multi_gpu_model

        def main(n_gpus):
            if n_gpus <= 1:
                model, shape = build(2)
            else:
                with tf.device('/cpu:0'):
                    single, shape = build(2)
                model = multi_gpu_model(single, gpus=n_gpus)
            model.compile(optimizer=SGD(lr=0.01), loss='mse')
            model.fit(x, y, epochs=1)
    """, """
        import tensorflow as tf

        def main(n_gpus):
            if n_gpus <= 1:
                model, shape = build(2)
            else:
                # migrate: gpus=n_gpus dropped: MirroredStrategy() uses every visible GPU (for chosen ids, pass devices=[...])
                strategy = tf.distribute.MirroredStrategy()
                with strategy.scope():
                    single, shape = build(2)
                    model = single
            with model.distribute_strategy.scope():
                model.compile(optimizer=SGD(lr=0.01), loss='mse')
            model.fit(x, y, epochs=1)
    """, RULE)


def test_a_wrapper_in_a_function_body_needs_no_new_binding():
    # the rest of the block is renamed: no `parallel = model` line is written where nothing after the block reads it
    assert_rewrites("""
        import tensorflow as tf
        from keras.utils import multi_gpu_model

        def train():
            model = build()
            parallel = multi_gpu_model(model, gpus=2)
            parallel.compile('sgd', 'mse')
            parallel.fit(x, y)
    """, """
        import tensorflow as tf

        def train():
            strategy = tf.distribute.MirroredStrategy()
            with strategy.scope():
                model = build()
                model.compile('sgd', 'mse')
            model.fit(x, y)
    """, RULE)


def test_an_else_that_builds_the_model_is_kept_and_the_wrapper_of_another_name_stays_bound():
    # issue 31, foamliu/Image-Captioning train.py: `else: new_model = build_model()` was taken for an `else: p = m`
    # fallback and dropped with the wrapper line, leaving `new_model` unbound on both paths (NameError at compile)
    assert_rewrites("""
        import tensorflow as tf
        from keras.utils import multi_gpu_model

        def train(num_gpu):
            if num_gpu >= 2:
                with tf.device("/cpu:0"):
                    model = build_model()
                new_model = multi_gpu_model(model, gpus=num_gpu)
                checkpoint = Saver(model)
            else:
                new_model = build_model()
            new_model.compile(optimizer='adam', loss='mse')
            new_model.fit(x, y)
    """, """
        import tensorflow as tf

        def train(num_gpu):
            if num_gpu >= 2:
                # migrate: gpus=num_gpu dropped: MirroredStrategy() uses every visible GPU (for chosen ids, pass devices=[...])
                strategy = tf.distribute.MirroredStrategy()
                with strategy.scope():
                    model = build_model()
                    new_model = model
                checkpoint = Saver(model)
            else:
                new_model = build_model()
            with new_model.distribute_strategy.scope():
                new_model.compile(optimizer='adam', loss='mse')
            new_model.fit(x, y)
    """, RULE)


def test_an_else_binding_the_wrapper_to_its_template_is_still_one_path_under_the_strategy():
    # must not change: `else: p = m` is the fallback the strategy makes redundant
    assert_rewrites("""
        from keras.utils import multi_gpu_model

        model = build()
        if G > 1:
            parallel = multi_gpu_model(model, gpus=G)
        else:
            parallel = model
        parallel.compile('sgd', 'mse')
    """, """
        import tensorflow as tf

        # migrate: gpus=G dropped: MirroredStrategy() uses every visible GPU (for chosen ids, pass devices=[...])
        strategy = tf.distribute.MirroredStrategy()
        with strategy.scope():
            model = build()
            model.compile('sgd', 'mse')
    """, RULE)
