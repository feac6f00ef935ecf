"""api_surface: what exists in the installed Keras 3 / TensorFlow 2, read from their files, never imported."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

from migrate.codemod import api_surface
from migrate.codemod.api_surface import surface


@pytest.fixture(scope="module")
def tables():
    return surface()


@pytest.mark.parametrize("name", [
    "keras.layers.Dense", "keras.Model", "keras.utils.to_categorical", "keras.ops.convert_to_tensor",
    "tensorflow.random.set_seed", "tensorflow.math.divide", "tensorflow.float32", "tensorflow.__version__",
    "tensorflow.keras.layers.LSTM", "tensorflow.compat.v1.placeholder", "tensorflow.lite.TFLiteConverter",
    "tensorflow.python.framework.ops", "keras.src.layers.core.dense.Dense", "keras.__version__",
    "tensorflow.compat.v1.nn.relu", "tensorflow.compat.v1.nn.rnn_cell",
    # read on a class: its methods, inherited ones, what its module sets on it after the body
    "tensorflow.compat.v1.data.Iterator.from_structure", "tensorflow.data.Dataset.from_tensor_slices",
    "keras.layers.Dense.from_config", "tensorflow.compat.v1.train.Supervisor.Loop", "keras.Model.fit"])
def test_names_that_exist(tables, name):
    assert tables.missing(name) is None


@pytest.mark.parametrize("name, missing", [
    ("keras.engine.topology.Layer", "keras.engine"), ("keras.layers.CuDNNLSTM", "keras.layers.CuDNNLSTM"),
    ("keras.models.Input", "keras.models.Input"), ("tensorflow.set_random_seed", "tensorflow.set_random_seed"),
    ("tensorflow.contrib.slim", "tensorflow.contrib"), ("tensorflow.keras.layers.CuDNNGRU", "tensorflow.keras.layers.CuDNNGRU"),
    ("tensorflow.compat.v1.keras.backend", "tensorflow.compat.v1.keras"),
    ("tensorflow.python.keras.utils.multi_gpu_model", "tensorflow.python.keras.utils.multi_gpu_model"),
    ("tensorflow._api.v1.keras.utils", "tensorflow._api.v1"),
    # generated with names, then replaced by a loader of Keras 2's modules that raises with Keras 3
    ("tensorflow.compat.v1.nn.rnn_cell.GRUCell", "tensorflow.compat.v1.nn.rnn_cell.GRUCell"),
    ("tensorflow.compat.v1.layers.InputSpec", "tensorflow.compat.v1.layers.InputSpec"),
    # TF 2's Iterator is TF 1's base, without its constructors; TF 2's Dataset has no output_types
    ("tensorflow.data.Iterator.from_structure", "tensorflow.data.Iterator.from_structure"),
    ("tensorflow.data.Dataset.output_types", "tensorflow.data.Dataset.output_types")])
def test_names_that_do_not(tables, name, missing):
    assert tables.missing(name) == missing


def test_a_class_whose_attributes_cannot_all_be_known_is_not_judged(tables):
    # keras' SKLearnClassifier: sklearn's BaseEstimator, or keras' own empty stand-in where sklearn is missing
    assert tables.missing("keras.wrappers.SKLearnClassifier.get_params") is None


def test_signatures_follow_kwargs_to_the_bases_that_take_them(tables):
    dense = tables.signature("keras.layers.Dense")
    assert {"units", "activation", "name", "dtype", "trainable", "input_shape"} <= dense.names
    assert not dense.any_keyword and not dense.takes("weights")
    assert tables.signature("tensorflow.reduce_max").names == {"input_tensor", "axis", "keepdims", "name"}
    assert not tables.signature("keras.optimizers.Nadam").takes("schedule_decay")
    model = tables.signature("keras.Model")  # a functional model's keywords, or a Layer's for a subclass
    assert {"inputs", "outputs", "name", "trainable"} <= model.names and not model.takes("input")


def test_a_class_without_init_takes_its_new_s_keywords(tables):
    params = tables.signature("tensorflow.python.compiler.tensorrt.trt_convert.TrtConversionParams")
    assert {"precision_mode", "max_workspace_size_bytes", "allow_build_at_runtime"} <= params.names
    assert not params.any_keyword and not params.takes("max_batch_size")


def test_a_namedtuple_class_takes_its_fields(tables):
    # `class VarLenFeature(collections.namedtuple("VarLenFeature", ["dtype"]))`: no __init__ nor __new__
    feature = tables.signature("tensorflow.io.VarLenFeature")
    assert feature is not None and feature.takes("dtype") and not feature.takes("shape")


def test_model_members_include_sequential_and_functional(tables):
    members = tables.model_members()
    assert {"fit", "compile", "add", "inputs", "train_function", "save_weights"} <= members
    assert not {"fit_generator", "_make_train_function"} & members


def test_built_once_per_version_into_the_cache_without_importing_tensorflow(tmp_path):
    code = textwrap.dedent("""
        import sys, time
        from migrate.codemod.api_surface import surface
        start = time.perf_counter()
        tables = surface()
        assert tables.exists("keras.layers.Dense") and tables.signature("tensorflow.squeeze") is not None
        print(round(time.perf_counter() - start, 3))
        assert "tensorflow" not in sys.modules and "keras" not in sys.modules, "imported"
    """)
    env = {"MIGRATE_CACHE_DIR": str(tmp_path), "PATH": "/usr/bin:/bin", "PYTHONPATH": ":".join(sys.path)}
    for _ in range(2):
        subprocess.run([sys.executable, "-c", code], env=env, check=True, capture_output=True, text=True)
    files = list(tmp_path.iterdir())
    assert len(files) == 1 and files[0].name.startswith(f"api_surface-{api_surface.CACHE_FORMAT}-keras-")
    data = json.loads(files[0].read_text())
    assert "Dense" in data["modules"]["keras.layers"]


def test_a_value_derived_from_the_tables_is_built_once_and_kept_beside_the_cache(tmp_path):
    """A rule's words read from the tables are built in the first run only; a new name (the code that builds
    them changed) builds again."""
    from migrate.codemod.api_surface import Surface

    built = []

    def build():
        built.append(1)
        return [["ceil"], ["keep_dims"]]

    tables = Surface({}, {}, signatures_file=tmp_path / "api_surface-4-x-signatures.json")
    assert tables.derived("words-1", build) == [["ceil"], ["keep_dims"]]
    assert Surface({}, {}, signatures_file=tmp_path / "api_surface-4-x-signatures.json").derived("words-1", build) == \
        [["ceil"], ["keep_dims"]]
    assert len(built) == 1 and (tmp_path / "api_surface-4-x-words-1.json").is_file()
    Surface({}, {}, signatures_file=tmp_path / "api_surface-4-x-signatures.json").derived("words-2", build)
    assert len(built) == 2
