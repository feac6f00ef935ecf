"""backend_training_function: must-not-change cases first, then before/after, then the rewritten scripts against the
numbers Keras 2.3.1 computed and under Keras 3."""

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from tests.codemod.helpers import (
    assert_legacy_references,
    assert_rewrites,
    assert_unchanged,
    rewrite,
    rewritten_copy,
)

RULE = "backend_training_function"
SCRIPTS = Path(__file__).parent / "scripts"
PROBE = SCRIPTS / "backend_training_step_probe.py"
AGENT = SCRIPTS / "rlcode_breakout_dqn_train.py"
REFERENCES = Path(__file__).parent / "data" / "keras231_training_step_refs.npz"

STEP = """
from keras import backend as K
from keras.optimizers import {optimizer}


class Agent:
    def optimizer(self):
        a = K.placeholder(shape=(None,), dtype='int32')
        y = K.placeholder(shape=(None,), dtype='float32')
        q_value = K.sum(self.model.output * K.one_hot(a, 3), axis=1)
        loss = K.mean(K.square(y - q_value))
        optimizer = {optimizer}({arguments})
        updates = optimizer.get_updates(self.model.trainable_weights, [], loss)
        train = K.function([self.model.input, a, y], [loss], updates=updates)
        return train
"""


def _step(optimizer: str = "Adam", arguments: str = "lr=0.01", replace: tuple[str, str] = ("", "")) -> str:
    return STEP.format(optimizer=optimizer, arguments=arguments).replace(*replace)


@pytest.mark.parametrize("source", [
    _step("Adagrad"),  # Keras 3's Adagrad starts its accumulators at 0.1 and adds epsilon inside the root
    _step(arguments="lr=0.01, decay=1e-4"),  # decay= not yet a schedule (optimizer_decay_to_schedule runs first)
    _step(arguments="clipnorm=1.0, clipvalue=0.5"),  # Keras 3 takes one of them
    _step(replace=("        return train\n", "")),  # the callable goes nowhere
    _step(replace=("        return train\n", "        print(a)\n        return train\n")),  # a placeholder read after
    _step(replace=("self.model.output *", "self.target_model.output * self.model.output *")),  # two models
    _step(replace=("loss = K.mean", "print(loss)\n        loss = K.mean")),  # a statement run once, not per step
    _step(replace=("K.sum(self.model.output", "K.sum(Dense(3)(self.model.output)")),  # a layer made in the loss
    _step(replace=("[self.model.input, a, y]", "[self.model.input, a]")),  # a placeholder not fed
    _step(replace=("[loss], updates", "[K.mean(loss)], updates")),  # an output computed after the step
    _step(replace=("updates=updates)", "updates=updates + extra)")),
    _step(replace=("get_updates(self.model.trainable_weights, [], loss)",
                   "get_updates(self.model.trainable_weights, constraints, loss)")),
    _step(replace=("from keras import backend as K", "from tensorflow.keras import backend as K")),  # tf.keras's
    _step() + "\nK.set_learning_phase(1)\n",  # the model's tensors built in training mode
    _step(replace=("import tensorflow", "")) + "\ntf = None\n",  # `tf` is something else
    # a name given to the model's input or weights (the step reads it as what it names) read anywhere else
    _step(replace=("        train = K.function([self.model.input,",
                   "        state = self.model.input\n        print(state)\n        train = K.function([state,")),
    _step(replace=("        updates = optimizer.get_updates(self.model.trainable_weights,",
                   "        params = self.model.trainable_weights\n        self.params = params\n"
                   "        updates = optimizer.get_updates(params,")),
    _step(replace=("        train = K.function([self.model.input,",  # the weights fed as if an input
                   "        state = self.model.trainable_weights\n        train = K.function([state,")),
])
def test_anything_but_the_strict_idiom_stays(source):
    assert_unchanged(source, RULE)


def test_dqn_step_becomes_a_gradient_tape_closure_and_rmsprop_keeps_keras_2s_step():
    """rlcode's breakout_dqn.py: the optimizer built once, before any step (its slots made where get_updates made
    them), the int32 actions cast as TensorFlow 1 fed them, the model called in inference mode, the loss returned as a
    list of NumPy arrays, RMSprop's step divided by sqrt(a) + epsilon as Keras 2's was."""
    assert_rewrites("""
        from keras import backend as K
        from keras.optimizers import RMSprop


        class DQNAgent:
            def optimizer(self):
                \"\"\"The training step.\"\"\"
                a = K.placeholder(shape=(None,), dtype='int32')
                y = K.placeholder(shape=(None,), dtype='float32')

                py_x = self.model.output

                a_one_hot = K.one_hot(a, self.action_size)
                q_value = K.sum(py_x * a_one_hot, axis=1)
                loss = K.mean(K.square(y - q_value))  # squared error

                optimizer = RMSprop(lr=0.00025, epsilon=0.01)
                updates = optimizer.get_updates(self.model.trainable_weights, [], loss)
                train = K.function([self.model.input, a, y], [loss], updates=updates)

                return train
    """, """
        from keras import backend as K
        from keras.optimizers import RMSprop
        import keras
        import tensorflow as tf


        @keras.saving.register_keras_serializable(package="keras2")
        class Keras2RMSprop(keras.optimizers.RMSprop):
            \"\"\"Keras 2's RMSprop: the step divided by sqrt(a) + epsilon, where Keras 3's divides by sqrt(a + epsilon).\"\"\"

            def update_step(self, gradient, variable, learning_rate):
                learning_rate = keras.ops.cast(learning_rate, variable.dtype)
                gradient = keras.ops.cast(gradient, variable.dtype)
                accumulator = self._velocities[self._get_variable_index(variable)]
                self.assign(accumulator, self.rho * accumulator + (1. - self.rho) * keras.ops.square(gradient))
                self.assign_sub(variable, learning_rate * gradient / (keras.ops.sqrt(accumulator) + self.epsilon))


        class DQNAgent:
            def optimizer(self):
                \"\"\"The training step.\"\"\"
                optimizer = Keras2RMSprop(learning_rate=0.00025, epsilon=0.01)
                optimizer.build(self.model.trainable_weights)

                def train(inputs):
                    model_input, a, y = inputs
                    model_input = keras.ops.convert_to_tensor(model_input, self.model.inputs[0].dtype)
                    a = keras.ops.convert_to_tensor(a, 'int32')
                    y = keras.ops.convert_to_tensor(y, 'float32')
                    with tf.GradientTape() as tape:
                        py_x = self.model(model_input, training=False)

                        a_one_hot = K.one_hot(a, self.action_size)
                        q_value = K.sum(py_x * a_one_hot, axis=1)
                        loss = K.mean(K.square(y - q_value))  # squared error
                    gradients = tape.gradient(loss, self.model.trainable_weights)
                    optimizer.apply_gradients(zip(gradients, self.model.trainable_weights))
                    return [keras.ops.convert_to_numpy(loss)]

                return train
    """, RULE)


def test_returned_directly_or_set_on_self_keyword_updates_and_clipnorm():
    """The callable returned as made, or set on `self` (rlcode's REINFORCE agent, no outputs: `[]` returned as Keras
    2.2.4's function did); get_updates by keyword; the model's input fed after a placeholder; SGD's learning rate by
    position; Keras 2's clipnorm, a clip by the norm of all gradients together, as global_clipnorm."""
    assert_rewrites("""
        import tensorflow as tf
        import keras.backend as K
        from keras import optimizers


        def build_steps(model, lr):
            # the critic
            optimizer = optimizers.SGD(lr, momentum=0.9, clipnorm=1.0)
            reward = K.placeholder(ndim=1)
            loss = K.mean(K.square(reward - model.output[:, 0]))
            updates = optimizer.get_updates(loss=loss, params=model.trainable_weights)
            return K.function([reward, model.input], [loss], updates=updates)


        class Reinforce:
            def optimizer(self):
                action = K.placeholder(shape=[None, 5])
                discounted_rewards = K.placeholder(shape=[None, ])

                # Calculate cross entropy error function
                action_prob = K.sum(action * self.model.output, axis=1)
                cross_entropy = K.log(action_prob) * discounted_rewards
                loss = -K.sum(cross_entropy)

                # create training function
                optimizer = optimizers.Adam(lr=self.learning_rate)
                updates = optimizer.get_updates(self.model.trainable_weights, [],
                                                loss)
                self.train = K.function([self.model.input, action, discounted_rewards], [],
                                        updates=updates)
    """, """
        import tensorflow as tf
        import keras.backend as K
        from keras import optimizers
        import keras


        def build_steps(model, lr):
            # the critic
            optimizer = optimizers.SGD(lr, momentum=0.9, global_clipnorm=1.0)
            optimizer.build(model.trainable_weights)

            def train(inputs):
                reward, model_input = inputs
                model_input = keras.ops.convert_to_tensor(model_input, model.inputs[0].dtype)
                reward = keras.ops.convert_to_tensor(reward, "float32")
                with tf.GradientTape() as tape:
                    loss = K.mean(K.square(reward - model(model_input, training=False)[:, 0]))
                gradients = tape.gradient(loss, model.trainable_weights)
                optimizer.apply_gradients(zip(gradients, model.trainable_weights))
                return [keras.ops.convert_to_numpy(loss)]

            return train


        class Reinforce:
            def optimizer(self):
                # create training function
                optimizer = optimizers.Adam(learning_rate=self.learning_rate)
                optimizer.build(self.model.trainable_weights)

                def train(inputs):
                    model_input, action, discounted_rewards = inputs
                    model_input = keras.ops.convert_to_tensor(model_input, self.model.inputs[0].dtype)
                    action = keras.ops.convert_to_tensor(action, "float32")
                    discounted_rewards = keras.ops.convert_to_tensor(discounted_rewards, "float32")
                    with tf.GradientTape() as tape:
                        # Calculate cross entropy error function
                        action_prob = K.sum(action * self.model(model_input, training=False), axis=1)
                        cross_entropy = K.log(action_prob) * discounted_rewards
                        loss = -K.sum(cross_entropy)
                    gradients = tape.gradient(loss, self.model.trainable_weights)
                    optimizer.apply_gradients(zip(gradients, self.model.trainable_weights))
                    return []

                self.train = train
    """, RULE)


def test_what_stays_is_reported_as_before():
    """A step the rule leaves comes out of backend_functions_to_ops as it did without the rule, K.function reported."""
    got, findings = rewrite(_step("Adagrad"), RULE, "backend_functions_to_ops")
    assert (got, findings) == rewrite(_step("Adagrad"), "backend_functions_to_ops")
    assert any("tf.GradientTape step" in finding.message for finding in findings)


def test_the_whole_pipeline_leaves_nothing_of_the_step():
    got, findings = rewrite(_step("RMSprop", "lr=0.01, rho=0.99, epsilon=0.01"))
    assert not findings, findings
    assert "keras.ops.sum(self.model(model_input, training=False) * keras.ops.one_hot(a, 3), axis=1)" in got
    assert "optimizer = Keras2RMSprop(learning_rate=0.01, rho=0.99, epsilon=0.01)" in got
    assert "K." not in got.replace("from keras import backend as K", "")


def test_the_rewritten_steps_train_as_keras_2_3_1_did(tmp_path):
    """The probe rewritten by `migrate code --write` and run under Keras 3 from the same weights on the same batches:
    the losses, outputs and trained weights Keras 2.3.1 gave (tests/codemod/data/keras231_training_step_refs.npz, made
    by running the probe with /tmp/legacy37): RMSprop with epsilon=0.01, Adam, RMSprop again with the model's input and
    weights given names first, SGD with momentum and clipnorm, three
    steps each, a model with Dropout and BatchNormalization (in inference mode in both)."""
    target = rewritten_copy(PROBE, tmp_path)
    assert "K.function" not in target.read_text().split('"""', 2)[2]
    run = subprocess.run([sys.executable, str(target), str(tmp_path / "keras3.npz")], capture_output=True, text=True,
                         timeout=300, env=dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3"), cwd=tmp_path)
    assert run.returncode == 0 and run.stdout.strip().endswith("ok"), run.stderr[-2500:]
    got, ref = np.load(tmp_path / "keras3.npz"), np.load(REFERENCES)
    assert sorted(got.files) == sorted(ref.files) and len(ref.files) == 37
    for name in ref.files:
        assert got[name].shape == ref[name].shape and got[name].dtype == ref[name].dtype, name
        # relative 1e-5; 1e-6 absolute for the elements near 0, float32's rounding in another order
        np.testing.assert_allclose(got[name], ref[name], rtol=1e-5, atol=1e-6, err_msg=name)


def test_the_references_are_what_keras_2_3_1_computes_now(tmp_path):
    assert_legacy_references(PROBE, REFERENCES, tmp_path)


def test_the_rewritten_rlcode_dqn_agent_trains_under_keras_3(tmp_path):
    """rlcode's breakout DQN agent, trimmed (no gym): `train_replay` calls the rewritten step with a float64 batch of
    frames, a Python list of int actions and float64 targets, and adds `loss[0]` up; the weights move, the target
    model's do not."""
    target = rewritten_copy(AGENT, tmp_path)
    run = subprocess.run([sys.executable, str(target)], capture_output=True, text=True, timeout=300,
                         env=dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3"), cwd=tmp_path)
    assert run.returncode == 0 and run.stdout.strip().endswith("ok"), run.stderr[-2500:]


def test_the_helper_is_written_once_and_the_closure_takes_a_free_name():
    """A file with Keras2RMSprop already (a step left by an earlier run) gets no second copy; set on `self.train`, the
    closure is named apart from a `train` the loss reads."""
    source = _step("RMSprop", "lr=0.01", ("K.mean(K.square(y - q_value))", "K.mean(K.square(y - q_value)) * train"))
    source = source.replace("        train = K.function", "        self.train = K.function")
    source = source.replace("        return train\n", "")
    got, _ = rewrite(source + "\n\nclass Keras2RMSprop:\n    pass\n", RULE)
    assert got.count("class Keras2RMSprop") == 1
    assert "        def train_1(inputs):" in got and "        self.train = train_1\n" in got
