"""The shapes issue 23 met in real repositories, rewritten and RUN: tests/codemod/scripts/keras2_backend_train.py
after `migrate code --write` trains two epochs under Keras 3 with MirroredStrategy over two logical CPUs, reloads
its checkpoint and predicts. Where each shape came from (the real scripts, rewritten and run outside the
suite; see the issue 23 note):

- K.flatten / K.sum in a dice loss: jocicmarko/ultrasound-nerve-segmentation train.py
- K.variable weights listed in self.trainable_weights, K.image_dim_ordering(), Conv2D(bias=False):
  flyyufelix/cnn_finetune custom_layers/scale_layer.py and densenet121.py
- a Sequence returning its inputs as a list: PeterDrake/sky pre_fall_2020/train_model.py
- ConfigProto(gpu_options=GPUOptions(...)), tf.Print on the loss, ReduceLROnPlateau(epsilon=),
  ModelCheckpoint(period=1): experiencor/keras-yolo3 train.py and yolo.py
- history['acc'] of metrics=['accuracy']: reger-men/keras_multi_gpus train.py
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from tests.codemod.helpers import legacy_env, rewritten_copy, trained_on_cpus

SCRIPT = Path(__file__).parent / "scripts" / "keras2_backend_train.py"


def test_the_rewrite_leaves_nothing_and_the_script_trains_under_mirrored_strategy(tmp_path):
    target = rewritten_copy(SCRIPT, tmp_path)
    text = target.read_text()
    for legacy in ("K.flatten", "K.sum", "K.variable", "trainable_weights =", "image_dim_ordering", " bias=False",
                   "X = [", "tf.Print", "epsilon=", "period=", "['acc']", "tf.ConfigProto", "set_learning_phase"):
        assert legacy not in text, legacy
    out = tmp_path / "out"
    stdout = trained_on_cpus(target, str(out))
    assert "predicted (4, 16, 16, 1)" in stdout and (out / "unet.weights.h5").exists()


AUGMENTED = Path(__file__).parent / "scripts" / "augmented_branch_train.py"


def test_augmentation_and_a_compile_after_the_branch_run_on_one_and_two_replicas(tmp_path):
    """ImageDataGenerator -> preprocessing layers and tf.data, and the optimizer after the if/else holding the
    wrapper under the model's strategy (without it Keras 3 stops: 'Mixing different tf.distribute.Strategy')."""
    target = rewritten_copy(AUGMENTED, tmp_path)
    text = target.read_text()
    code = text.split('"""', 2)[2]  # past the docstring, which names what the script held
    assert "ImageDataGenerator" not in code and "with model.distribute_strategy.scope():" in code
    assert "validation_steps" not in code and "aug.fit(" not in code
    for gpus, replicas in (("2", 2), ("1", 1)):
        stdout = trained_on_cpus(target, gpus)
        assert f"replicas {replicas} epochs 2 True" in stdout


BRANCH = Path(__file__).parent / "scripts" / "trainer_branch_train.py"


def test_a_wrapper_of_another_name_in_an_else_and_weights_saved_through_a_method_run_on_one_and_two_replicas(tmp_path):
    """issue 31: the if/else whose else wraps `single` as `model` (left unbound, the compile outside the strategy),
    'trainer_weights.h5' reaching save_weights through Trainer.save, and Keras 2 names Keras 3 lacks."""
    target = rewritten_copy(BRANCH, tmp_path)
    code = target.read_text().split('"""', 2)[2]  # past the docstring, which names what the script held
    for legacy in ("multi_gpu_model", "_api.v1", "normalization", "generic_utils", "losses.mse", "import Input, Model"):
        assert legacy not in code, legacy
    assert "model = single" in code and "with model.distribute_strategy.scope():" in code
    assert "'trainer_weights.h5'" not in code and '"trainer_weights.weights.h5"' in code
    for gpus, replicas in (("2", 2), ("1", 1)):
        stdout = trained_on_cpus(target, gpus)
        assert f"replicas {replicas} epochs 2" in stdout
        assert (tmp_path / "trainer_weights.weights.h5").exists()


IF_BRANCH = Path(__file__).parent / "scripts" / "wrapper_in_if_branch_train.py"


def test_a_wrapper_of_another_name_in_an_if_with_an_else_that_builds_runs_on_one_and_two_replicas(tmp_path):
    """issue 31, foamliu/Image-Captioning's shape: the else building `new_model` was dropped as a fallback and the
    if branch lost `new_model = multi_gpu_model(model)`: NameError at the compile on both paths."""
    target = rewritten_copy(IF_BRANCH, tmp_path)
    code = target.read_text().split('"""', 2)[2]
    assert "multi_gpu_model" not in code and "new_model = model" in code and "new_model = build_model()" in code
    for gpus, replicas in (("2", 2), ("1", 1)):
        stdout = trained_on_cpus(target, gpus)
        assert f"replicas {replicas} epochs 2" in stdout


REMOVED_NAMES = Path(__file__).parent / "scripts" / "keras2_removed_names_train.py"


def test_removed_keras_2_names_rewritten_run_on_one_and_two_replicas(tmp_path):
    """keras.objectives, K.batch_dot / K.batch_flatten in Lambda layers, the GPU count, a weight URL,
    _obtain_input_shape, a hasattr-tested tf.select and tf.keras.experimental.CosineDecay: nothing left, and the
    model trains under Keras 3, alone and under MirroredStrategy over two logical CPUs."""
    target = rewritten_copy(REMOVED_NAMES, tmp_path)
    code = target.read_text().split('"""', 2)[2]
    for legacy in ("K.batch_dot", "K.batch_flatten", "keras.objectives", "_get_available_gpus", "vgg16.vgg16",
                   "imagenet_utils import", "keras.experimental", "tf.select"):
        assert legacy not in code, legacy
    for argument, replicas in (("one", 1), ("mirrored", 2)):
        stdout = trained_on_cpus(target, argument)
        assert f"replicas {replicas} gpus 0 lr at 50 0.06 predicted (4, 4)" in stdout, stdout


SESSION = Path(__file__).parent / "scripts" / "session_phase_train.py"


def test_session_preamble_and_learning_phases_rewritten_run_under_mirrored_strategy(tmp_path):
    """issue 31: ConfigProto(allow_growth, thread counts) + log_device_placement + K.set_session become tf.config
    calls, K.set_learning_phase(1) in the model factory and (0) before predict go; the script trains on two
    replicas and predicts in inference mode (twice the same numbers, Dropout off)."""
    target = rewritten_copy(SESSION, tmp_path)
    code = target.read_text().split('"""', 2)[2]
    for legacy in ("ConfigProto", "Session", "set_session", "set_learning_phase", "GPUOptions"):
        assert legacy not in code, legacy
    assert "tf.config.threading.set_intra_op_parallelism_threads(2)" in code
    stdout = trained_on_cpus(target)
    assert "replicas 2 epochs 2 deterministic True" in stdout


KERAS1_MERGE = Path(__file__).parent / "scripts" / "keras1_merge_train.py"


def test_a_keras_1_script_with_merge_and_the_tensorflow_backend_rewritten_trains_on_two_replicas(tmp_path):
    """merge(mode='concat', concat_axis=) and mode='sum', Convolution2D(n, 3, 3, border_mode=), Model(input=,
    output=), nb_epoch, keras.backend.tensorflow_backend's set_session, clear_session and GPU count, multi_gpu_model
    and a K.ctc_batch_cost head, decoded with K.ctc_decode: nothing left, and the model trains under MirroredStrategy
    over two logical CPUs, and its predictions decode."""
    target = rewritten_copy(KERAS1_MERGE, tmp_path)
    code = target.read_text().split('"""', 2)[2]
    for legacy in ("merge(", "tensorflow_backend", "set_session", "ctc_batch_cost", "multi_gpu_model", "nb_epoch",
                   "border_mode", "ConfigProto", "K.ctc_decode", "K.get_value", "K.eval"):
        assert legacy not in code, legacy
    assert "concatenate([branch_0, branch_1], axis=channel_axis)" in code and "add([x, shortcut])" in code
    stdout = trained_on_cpus(target)
    assert "replicas 2 gpus 0 epochs 2" in stdout, stdout


SILENT = Path(__file__).parent / "scripts" / "keras2_silent_attributes_train.py"


def test_keras_2_code_no_name_check_sees_rewritten_trains_on_one_and_two_replicas(tmp_path):
    """A TF1 optimizer in compile, get_shape() in a block, add_weight's positional name, a layer's output_shape, fit's
    queue keywords on a model handed in, LambdaCallback(on_batch_end=), optimizer.lr in a callback, a stateful LSTM's
    batch_input_shape: nothing left, and the model trains under Keras 3, alone and under MirroredStrategy."""
    target = rewritten_copy(SILENT, tmp_path)
    code = target.read_text().split('"""', 2)[2]
    for legacy in ("tf.train", "get_shape", "output_shape", "workers=", "on_batch_end=", "optimizer.lr",
                   "batch_input_shape", "add_weight('W'"):
        assert legacy not in code, legacy
    for argument, replicas in (("one", 1), ("mirrored", 2)):
        stdout = trained_on_cpus(target, argument)
        assert f"replicas {replicas} batches 8 rate 0.01 stateful True" in stdout, stdout
    legacy = Path(os.environ.get("MIGRATE_LEGACY37", "/tmp/legacy37")) / "bin" / "python"
    if legacy.exists():  # the script as written is Keras 2 code that ran: the same line under Keras 2.3.1
        run = subprocess.run([str(legacy), str(SILENT), "one"], capture_output=True, text=True, timeout=300,
                             env=legacy_env(), cwd=tmp_path)
        assert run.returncode == 0 and "replicas 1 batches 8 rate 0.01 stateful True" in run.stdout, run.stderr[-2000:]
