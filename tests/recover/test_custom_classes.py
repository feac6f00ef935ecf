"""Custom classes from the training code: found in the tree, sliced with what they depend on (and nothing
else of their modules), ported to Keras 3, registered, and written as `<stem>_custom.py` beside the output.

The fixture `code/custom_classes/` is a project's folder: `layers.py` (two custom layers, a project base
class, a helper, a constant, and module-level code that writes a file), `train.py` (imports them), and
`tk_custom_classes.h5`, saved by tf_keras 2.21 with those classes, with its reference outputs made by the
same stack with the classes passed as custom_objects (`tk_custom_classes.npz`)."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import libcst as cst
import numpy as np
import pytest

from migrate.errors import RecoveryError
from migrate.recover.classes import class_slice, find_definition, package_name, port_classes, shadowed
from migrate.recover.sources import code_units
from tests.conftest import ROOT

TREE = Path(__file__).parent / "code" / "custom_classes"
MODEL = TREE / "tk_custom_classes.h5"
PAYLOAD = Path("/tmp/migrate-custom-class-payload-ran")  # what layers.py's module-level code writes


def _migrate(*args: object, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "migrate", *map(str, args)], capture_output=True, text=True,
                          timeout=600, cwd=cwd)


def _write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(textwrap.dedent(text))
    return root


def test_convert_takes_the_classes_from_the_code_and_the_output_loads_with_the_module_alone(tmp_path):
    PAYLOAD.unlink(missing_ok=True)
    out = tmp_path / "out" / "tk_model.keras"
    done = _migrate("convert", MODEL, "-o", out, "--from-code", TREE)
    assert done.returncode == 0, done.stderr
    assert "custom classes from code: AbsDiff (" in done.stdout and "layers.py:" in done.stdout
    assert "import tk_model_custom" in done.stdout
    assert "max abs difference" in done.stdout and "from the reference" in done.stdout  # the .npz beside it
    module = out.parent / "tk_model_custom.py"  # named after the output
    text = module.read_text()
    assert text.count("@keras.saving.register_keras_serializable(package='tk_model_custom')") == 2
    assert "K.tanh" not in text and "keras.ops.tanh" in text  # ported by the codemod's rules
    assert "open(" not in text and "model.fit" not in text  # the classes' slice only
    assert not PAYLOAD.exists()
    reload = textwrap.dedent(f"""
        import sys
        sys.path.insert(0, {str(out.parent)!r})
        import numpy as np, keras, tk_model_custom
        model = keras.saving.load_model({str(out)!r}, safe_mode=True)
        ref = np.load({str(MODEL.with_suffix('.npz'))!r})
        print(float(np.abs(model.predict([ref["in_0"], ref["in_1"]], verbose=0) - ref["out_0"]).max()))
        print("migrate" in sys.modules)
    """)
    loaded = subprocess.run([sys.executable, "-I", "-c", reload], capture_output=True, text=True, timeout=300,
                            cwd=tmp_path)
    assert loaded.returncode == 0, loaded.stderr
    difference, migrate_imported = loaded.stdout.split()[-2:]
    assert float(difference) <= 1e-5 and migrate_imported == "False"
    assert not PAYLOAD.exists()


def test_the_slice_holds_the_class_and_what_it_reads_and_nothing_else():
    units = code_units(TREE)
    definition = find_definition(units, "GainLayer")
    text = cst.Module(body=class_slice(definition, units, set())).code
    assert "def shifted(" in text and "EPSILON = 1e-3" in text and "from tensorflow.keras import backend as K" in text
    assert "class Pairwise" not in text and "open(" not in text and "Input(" not in text
    base = cst.Module(body=class_slice(find_definition(units, "AbsDiff"), units, set())).code
    assert base.index("class Pairwise(Layer)") < base.index("class AbsDiff(Pairwise)")  # the project's base class


def test_a_project_import_is_followed_into_its_file_never_imported(tmp_path):
    PAYLOAD.unlink(missing_ok=True)
    tree = _write(tmp_path, {
        "app/model_def.py": """
            from tensorflow.keras.layers import Layer
            from app.ops import double
            open("/tmp/migrate-custom-class-payload-ran", "w")


            class Doubler(Layer):
                def call(self, x):
                    return double(x)
        """,
        "app/ops.py": """
            import tensorflow as tf
            open("/tmp/migrate-custom-class-payload-ran", "w")
            FACTOR = 2.0


            def double(x):
                return tf.multiply(x, FACTOR)
        """})
    ported = port_classes(["Doubler"], tree, "m_custom")
    assert "from app.ops import" not in ported.text and "FACTOR = 2.0" in ported.text
    assert "def double(x)" in ported.text and "open(" not in ported.text
    assert ported.found[0][0] == "Doubler" and ported.found[0][1].name == "model_def.py"
    assert not PAYLOAD.exists()


def test_a_class_inside_a_function_takes_the_function_values_it_reads(tmp_path):
    tree = _write(tmp_path, {"app.py": """
        import tensorflow as tf
        from tensorflow.keras import layers


        def build(rows):
            latent = 8
            scale = 0.5
            data = load_everything(rows)

            class Shrink(layers.Layer):
                def call(self, x):
                    return x * scale

            return Shrink()
    """})
    units = code_units(tree)
    text = cst.Module(body=class_slice(find_definition(units, "Shrink"), units, set())).code
    assert "scale = 0.5" in text and "latent" not in text and "load_everything" not in text
    assert "def build" not in text


def test_a_keras_name_is_the_project_class_only_where_the_code_says_so(tmp_path):
    tree = _write(tmp_path, {"attention.py": """
        from tensorflow.keras.layers import Layer


        class Attention(Layer):
            pass
    """, "serve.py": """
        from tensorflow.keras.models import load_model
        from attention import Attention
        model = load_model("m.h5", custom_objects={'Attention': Attention})
    """})
    assert shadowed({"Attention", "Dense"}, tree) == {"Attention"}
    (tree / "serve.py").write_text("from attention import Attention\n")
    assert shadowed({"Attention"}, tree) == set()  # defined, but never handed to Keras as its own


def test_classes_the_code_does_not_define_get_the_stub_and_one_line(tmp_path):
    tree = _write(tmp_path / "code", {"other.py": "import keras\n\nclass Unrelated(keras.layers.Layer):\n    pass\n"})
    with pytest.raises(RecoveryError, match="no class 'GainLayer'"):
        port_classes(["GainLayer"], tree, "x_custom")
    out = tmp_path / "model.keras"
    done = _migrate("convert", MODEL, "-o", out, "--from-code", tree)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert "custom class(es)" in done.stderr and "'GainLayer'" in done.stderr
    assert (tmp_path / "tk_custom_classes_custom.py").exists() and not out.exists()


def test_a_whole_import_of_a_project_module_is_refused_in_words(tmp_path):
    tree = _write(tmp_path, {"helpers.py": "X = 1\n", "layer.py": """
        import helpers
        from tensorflow.keras.layers import Layer


        class Shift(Layer):
            def call(self, x):
                return x + helpers.X
    """})
    with pytest.raises(RecoveryError, match="imports the project's module helpers whole"):
        port_classes(["Shift"], tree, "x_custom")


def test_package_names_are_identifiers():
    assert package_name("model") == "model_custom"
    assert package_name("best-model.v2") == "best_model_v2_custom"
    assert package_name("1d_gan") == "m_1d_gan_custom"



def test_a_zoo_takes_the_classes_from_the_tree_the_file_sits_in(tmp_path):
    PAYLOAD.unlink(missing_ok=True)
    source = tmp_path / "src" / "project"
    source.mkdir(parents=True)
    for name in ("layers.py", "train.py", "tk_custom_classes.h5", "tk_custom_classes.npz"):
        (source / name).write_bytes((TREE / name).read_bytes())
    done = _migrate("zoo", tmp_path / "src", "-o", tmp_path / "out", "--jobs", "1")
    assert done.returncode == 0, done.stdout + done.stderr
    assert (tmp_path / "out" / "project" / "tk_custom_classes.keras").exists()
    assert (tmp_path / "out" / "project" / "tk_custom_classes_custom.py").exists()
    assert not PAYLOAD.exists()


def test_a_file_indented_as_a_whole_is_read_dedented():
    """A real repository's layer file (c_AMPs-prediction's Attention.py) is indented three spaces throughout,
    under a coding line in column 0; Python cannot import it, migrate reads it dedented."""
    from migrate.recover.sources import dedented, parse_units

    text = "# -*- coding:utf-8 -*-\n   import keras\n\n   class A(keras.layers.Layer):\n       pass\n"
    assert dedented(text) == "# -*- coding:utf-8 -*-\nimport keras\n\nclass A(keras.layers.Layer):\n    pass\n"
    assert find_definition(parse_units(Path("a.py"), text), "A") is not None
    assert dedented("x = 1\n  y\n") == "x = 1\n  y\n"  # nothing shared: left as it is


def test_a_class_whose_init_takes_no_kwargs_gets_a_from_config_keras_3_can_reload_it_with():
    """ssabrut/fashion-similarity-model's BaseNetwork(Model) has `def __init__(self)`: Keras 3 saves name,
    trainable and dtype for it, which that __init__ refuses; the ported class filters them."""
    from migrate.recover.classes import registered

    source = textwrap.dedent("""
        import keras


        class Tower(keras.Model):
            def __init__(self):
                super().__init__()
                self.dense = keras.layers.Dense(2)

            def call(self, x):
                return self.dense(x)


        class Kept(keras.layers.Layer):
            def __init__(self, **kwargs):
                super().__init__(**kwargs)
    """)
    text = registered(source, ["Tower", "Kept"], "t_custom")
    assert text.count("def from_config(cls, config)") == 1 and text.count("register_keras_serializable") == 2
    assert text.count("import keras\n") == 1
    namespace: dict = {}
    exec(compile(text, "t_custom.py", "exec"), namespace)  # the test's own code, not a repository's
    tower = namespace["Tower"].from_config({"name": "tower", "trainable": True, "dtype": "float32"})
    assert tower(np.ones((1, 3), "float32")).shape == (1, 2)


def test_rebuild_gives_a_user_class_without_kwargs_only_the_arguments_it_names():
    """Keras 2 built such a class from its config as saved (`{}` for ssabrut's BaseNetwork); rebuild adds the
    layer's name, which `def __init__(self)` refuses: it is left out there, kept where **kwargs takes it."""
    import keras

    from migrate.rebuild.layers import make_layer
    from migrate.rebuild.options import UserObjects
    from migrate.translate.layers import TranslatedLayer

    class Tower(keras.Model):
        def __init__(self, width=2):
            super().__init__()
            self.dense = keras.layers.Dense(width)

        def call(self, x):
            return self.dense(x)

    class Scaled(keras.layers.Layer):
        def __init__(self, factor=1.0, **kwargs):
            super().__init__(**kwargs)
            self.factor = factor

    user = UserObjects(classes={"Tower": Tower, "Scaled": Scaled})
    tower = make_layer(TranslatedLayer("Tower", {"width": 3, "trainable": True}), "model/tower", user)
    assert tower.dense.units == 3
    scaled = make_layer(TranslatedLayer("Scaled", {"factor": 2.0}), "model/scaled_7", user)
    assert scaled.name == "scaled_7" and scaled.factor == 2.0


def test_inspect_says_where_the_code_defines_each_class_without_importing_tensorflow():
    script = textwrap.dedent(f"""
        import sys
        from pathlib import Path
        from migrate.diagnosis import inspect_file
        from migrate.recover import RecoverOptions
        report = inspect_file({str(MODEL)!r}, None, RecoverOptions(search=None, from_code=Path({str(TREE)!r})))
        print("\\n".join(report.notes))
        print("tensorflow" in sys.modules, "keras" in sys.modules)
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert "custom class 'GainLayer': defined in" in done.stdout and "layers.py:32" in done.stdout
    assert done.stdout.split()[-2:] == ["False", "False"]
