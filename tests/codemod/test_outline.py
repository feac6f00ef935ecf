"""The outline of a file (Python's own parser, one walk) and the rules' second look at it before LibCST's parse."""

from __future__ import annotations

import ast
import textwrap

import libcst as cst
import pytest
from libcst.helpers import get_full_name_for_node

from migrate.codemod import engine
from migrate.codemod.engine import rewrite_source
from migrate.codemod.factories import Survey
from migrate.codemod.outline import Outline, full_name
from migrate.codemod.registry import all_rules
from migrate.codemod.rules.backend_function_to_model import BackendFunctionToModel
from migrate.codemod.rules.dead_fallback_tries import DeadFallbackTries
from migrate.codemod.rules.layer_initial_weights import LayerInitialWeights
from migrate.codemod.rules.legacy_import_paths import LegacyImportPaths
from migrate.codemod.rules.session_run_to_values import SessionRunToValues


def outline(source: str) -> Outline:
    return Outline.of(ast.parse(textwrap.dedent(source)))


@pytest.mark.parametrize("expression", [
    "f", "a.b.c", "f()", "f().g", "a[0].b", "a.b()[1]", "(lambda: 0)()", "'s'.join", "[1][0].x", "a.b().c.d",
    "(a or b).c",
])
def test_callee_names_are_libcsts(expression):
    """The callee `_may_be_layer` reads with LibCST's `get_full_name_for_node`, spelled the same from `ast`."""
    assert full_name(ast.parse(expression, mode="eval").body) == get_full_name_for_node(cst.parse_expression(expression))


def test_outline_of_a_file():
    found = outline("""
        import numpy as np, keras.layers
        from keras import backend as K
        from .models import *

        def build():
            from keras.models import Input
            x = np.random.uniform(size=3)
            return K.function([Input((3,))], [Dense(4, weights=w)(x)])
    """)
    assert found.dotted == {("np", "random"), ("np", "random", "uniform"), ("K", "function")}
    assert found.star
    assert found.bindings() == {"np": {"numpy"}, "keras": {"keras"}, "K": {"keras.backend"},
                                "Input": {"keras.models.Input"}}
    assert {call.callee for call in found.calls} == {"np.random.uniform", "K.function", "Input", "Dense"}
    # `Dense(4, weights=w)(x)`: two calls, the outer one's callee named by the inner one's (as LibCST names it)
    assert {call.keywords for call in found.calls if call.callee == "Dense"} == {frozenset(), frozenset({"weights"})}


@pytest.mark.parametrize(("rule", "source"), [
    (BackendFunctionToModel, "from keras import backend as K\n# a function of the inputs\ny = K.sum(x)\n"),
    (LayerInitialWeights, "from keras.applications import VGG16\nbase = VGG16(weights='imagenet', include_top=False)\n"),
    (LayerInitialWeights, "import keras.applications as apps\nbase = apps.ResNet50(weights=None)\n"),
    (LegacyImportPaths, "import numpy as np\nimport keras\nx = np.random.uniform(size=3)\n"),
    (LegacyImportPaths, "from keras.layers import Input, Layer\nclass Block(Layer):\n    pass\nx = Input((3,))\n"),
    (LegacyImportPaths, "import keras\nx = keras.layers.Input((3,))\nones = keras.initializers.Ones()\n"),
    (DeadFallbackTries, "import tensorflow as tf\ntry:\n    import yaml\nexcept Exception:\n    yaml = None\n"),
    (SessionRunToValues, "import tensorflow as tf\nsess = tf.Session()\nwith open(p) as f:\n    pass\n"),
])
def test_words_without_the_work_are_not_relevant(rule, source):
    """The rule's trigger words are in the text, its walk would find nothing: the outline says so, and the file
    comes back as it was."""
    assert rule.triggered(source.encode(), Survey())
    assert not rule.relevant(source.encode(), outline(source), Survey())
    result = rewrite_source(source.encode(), "example.py", [rule])
    assert result.rewritten == source.encode() and not result.findings


@pytest.mark.parametrize(("rule", "source"), [
    (BackendFunctionToModel, "from keras.backend import function\nf = function([model.input], [a.output, b.output])\n"),
    (LayerInitialWeights, "from keras.layers import Dense\nd = Dense(4, weights=[w, b])\n"),
    (LayerInitialWeights, "from keras import layers as L\nd = L.Dense(4, weights=[w, b])\n"),
    (LayerInitialWeights, "from .blocks import *\nd = Dense(4, weights=[w, b])\n"),
    (LegacyImportPaths, "from keras.models import Input\nx = Input((3,))\n"),
    (LegacyImportPaths, "import keras\nlayer = keras.layers.CuDNNLSTM(4)\n"),
    (LegacyImportPaths, "from keras import losses as L\nloss = L.mse\n"),
    (LegacyImportPaths, "from keras.initializers import *\nw = one()\n"),
    (LegacyImportPaths, "import keras\nkeras.utils.generic_utils.get_custom_objects().update(objects)\n"),
    (DeadFallbackTries, "import tensorflow as tf\ntry:\n    y = tf.contrib.a.B(x)\nexcept AttributeError:\n    y = x\n"),
    (SessionRunToValues, "import tensorflow as tf\nwith tf.Session() as sess:\n    v = sess.run(t)\n"),
])
def test_the_work_is_relevant(rule, source):
    assert rule.relevant(source.encode(), outline(source), Survey())


def test_a_re_exported_name_stays_relevant():
    """`utils.Input`, utils a module of the run that re-exports a Keras name: the rule follows it (`names.resolve`)."""
    source = "import utils\nx = utils.Input((3,))\n"
    passed_on = (("utils.Input", "keras.models.Input"),)  # utils.py: `from keras.models import Input`
    assert LegacyImportPaths.relevant(source.encode(), outline(source),
                                      Survey(packages=frozenset({"utils"}), passed_on=passed_on))
    assert not LegacyImportPaths.relevant(source.encode(), outline(source), Survey(passed_on=passed_on))


def test_a_projects_own_attribute_is_not_work_for_legacy_import_paths():
    """`models.backbone(...)`, models a package of the run that re-exports no legacy Keras name under it (keras-retinanet:
    about 45 of the 19 trees' files were parsed for this alone); one that re-exports Keras 3's own `Input` is not work either."""
    source = "from keras_retinanet import models\nnet = models.backbone('resnet50')\nx = models.Input((3,))\n"
    survey = Survey(packages=frozenset({"keras_retinanet", "models"}), passed_on=(("models.Input", "keras.layers.Input"),))
    assert not LegacyImportPaths.relevant(source.encode(), outline(source), survey)
    moved = Survey(packages=survey.packages, passed_on=(("models.backbone", "keras.layers.CuDNNLSTM"),))
    assert LegacyImportPaths.relevant(source.encode(), outline(source), moved)


def test_a_file_no_rule_is_relevant_to_is_not_parsed_by_libcst(monkeypatch):
    """What the outline saves: LibCST's parse, several times Python's."""
    def fail(*args):
        raise AssertionError("parsed")
    monkeypatch.setattr(engine, "parse_module", fail)
    source = b"from keras.applications import VGG16\n# the function\nbase = VGG16(weights='imagenet')\n"
    result = rewrite_source(source, "example.py", all_rules())
    assert result.rewritten == source and not result.findings


@pytest.mark.parametrize("source, survey, relevant", [
    ("grayscale = True\nimg = cv2.imread(path, 0 if grayscale else 1)\n", None, False),  # a variable
    ("from keras.layers import DepthwiseConv2D, Conv2D\nx = DepthwiseConv2D(3)(x)\n"
     "y = Conv2D(8, 3, kernel_regularizer=r)(x)\n", None, False),  # the keyword is a Conv2D's
    ("from keras.layers import DepthwiseConv2D as DW\nx = DW(3, kernel_regularizer=r)(x)\n", None, True),
    ("from keras.layers import SeparableConv2D\nx = SeparableConv2D(8, 3, W_regularizer=r)(x)\n", None, True),  # Keras 1's
    ("from keras.preprocessing import image\nimg = image.load_img(path, grayscale=True)\n", None, True),
    ("from mylayers import DW\nx = DW(3, kernel_initializer='he_normal')(x)\n",
     Survey(passed_on=(("mylayers.DW", "keras.layers.DepthwiseConv2D"),)), True),  # re-exported by a module of the run
    ("from mylayers import DW\nx = DW(3, kernel_initializer='he_normal')(x)\n", None, False),
    ("from keras.layers import *\nx = DW(3, kernel_initializer='he_normal')(x)\n", None, True),
])
def test_layer_keywords_needs_a_keyword_it_reads_on_a_callee_that_may_be_its_layer(source, survey, relevant):
    from migrate.codemod.rules.layer_keywords import LayerKeywords

    assert LayerKeywords.relevant(source.encode(), outline(source), survey or Survey()) is relevant


@pytest.mark.parametrize("source, relevant", [
    ("model.load_weights(args.weights)  # e.g. weights.h5\n", False),  # a path in a variable, a comment
    ("w = get_file('resnet50.h5', URL)\nmodel.load_weights(w)\n", False),  # a download's name
    ("print('saved to model.h5')\n", False),
    ("model.save('model.h5')\n", True),
    ("model.save_weights(os.path.join(out, 'w_%d.h5' % epoch))\n", True),
    ("model.save_weights(f'{out}/weights.hdf5')\n", True),
    ("model.save(filepath='{}.h5'.format(name))\n", True),
    ("from keras.models import load_model as lm\nm = lm('m.h5')\n", True),  # an alias of load_model
    ("cb = ModelCheckpoint(path)\n", True),  # its computed path is reported
])
def test_h5_saves_needs_a_saving_call_given_an_h5_path_or_a_checkpoint(source, relevant):
    from migrate.codemod.rules.h5_saves_to_keras3 import H5SavesToKeras3

    assert H5SavesToKeras3.relevant(source.encode(), outline(source), Survey()) is relevant


def test_h5_saves_follows_a_re_exported_load_model():
    from migrate.codemod.rules.h5_saves_to_keras3 import H5SavesToKeras3

    source = "from utils import lm\nm = lm('m.h5')\n"
    assert not H5SavesToKeras3.relevant(source.encode(), outline(source), Survey())
    assert H5SavesToKeras3.relevant(source.encode(), outline(source),
                                    Survey(passed_on=(("utils.lm", "keras.models.load_model"),)))


@pytest.mark.parametrize("source, relevant", [
    ("def train(model, path):\n    model.fit(x, y)\n    return path\n", False),
    ("def save(model, path):\n    model.save_weights(path)\n", True),
    ("class T:\n    def save(self, path='t.h5'):\n        self.model.save_weights(filepath=path)\n", True),
    ("class T:\n    def save(self):\n        self.model.save_weights(self.path)\n", False),  # not a parameter
    ("class T:\n    def save(path):\n        T.model.save_weights(path)\n", False),  # a method's first: its self
    ("if x:\n    def save(model, path):\n        model.save_weights(path)\n", False),  # not at top level
])
def test_h5_paths_through_functions_needs_a_parameter_handed_to_a_saving_call(source, relevant):
    from migrate.codemod.rules.h5_paths_through_functions import H5PathsThroughFunctions

    assert H5PathsThroughFunctions.relevant(source.encode(), outline(source), Survey()) is relevant


@pytest.mark.parametrize("source, relevant", [
    ("init = tf.global_variables_initializer()\nnb_epoch = 10\nmodel.fit(x, y, epochs=nb_epoch)\n", False),
    ("d = merge(a, b)  # a project's dict merge\n", True),  # its last name: the walk asks the qualified names
    ("model.fit(x, y, nb_epoch=10)\n", True),
    ("x = Dense(10, init='he_normal')(x)\n", True),
    ("m = Model(input=a, output=b)\n", True),
    ("x = AtrousConvolution2D(64, 3, 3, atrous_rate=(2, 2))(x)\n", True),
    ("from keras.layers import Convolution2D as C2D\nx = C2D(32, 3, 3)(x)\n", True),  # the text's count misses it
    ("x = Conv2D(32, 3, 3)(x)\n", True),
    ("x = Conv2D(32, (3, 3), padding='same')(x)\n", False),
    ("x = Conv2D(32, (3, 3), **conv_args)(x)\n", False),  # a star in the way: the text could not count
    ("x = Conv3D(32, 3, 3)(x)\n", False),  # two kernel axes of three: not Keras 1's spread kernel
    ("x = Conv3D(32, 3, 3, 3)(x)\n", True),
    ("with open(path, mode='w') as f:\n    f.write(Conv2D.__name__)\n", False),  # mode= of another call
    ("x = BatchNormalization(mode=0, axis=1)(x)\n", True),
    ("x = merge([a, b], mode='concat')\n", True),
])
def test_keras1_arguments_needs_a_keras1_keyword_or_callee(source, relevant):
    from migrate.codemod.rules.keras1_arguments import Keras1Arguments

    assert Keras1Arguments.relevant(source.encode(), outline(source), Survey()) is relevant


@pytest.mark.parametrize("source, relevant", [
    ("K.set_learning_phase(0)\n", False),  # backend_functions_to_ops' case
    ("phase = K.set_learning_phase\n", False),
    ("K.set_learning_phase(1)\n", True),
    ("def train():\n    keras.backend.set_learning_phase(True)\n    model.fit(x, y)\n", True),
])
def test_training_learning_phase_needs_a_statement_setting_phase_1(source, relevant):
    from migrate.codemod.rules.training_learning_phase import TrainingLearningPhase

    assert TrainingLearningPhase.relevant(source.encode(), outline(source), Survey()) is relevant


@pytest.mark.parametrize("source, relevant", [
    ("def batches():\n    yield x\npreds = model.predict(x_test)\n", False),
    ("def batches():\n    yield x\npreds = model.predict_generator(loader.batches(), steps=3)\n", False),  # not this file's
    ("def batches():\n    yield x\npreds = model.predict_generator(batches(), steps=3)\n", True),
])
def test_predict_batches_needs_predict_fed_by_a_function_of_the_file(source, relevant):
    from migrate.codemod.rules.predict_batches_as_tuples import PredictBatchesAsTuples

    assert PredictBatchesAsTuples.relevant(source.encode(), outline(source), Survey()) is relevant


def test_names_for_are_the_names_an_alias_or_a_re_export_gives():
    source = "from keras.layers import DepthwiseConv2D as DW, Dense as D\nfrom utils import SC\n"
    survey = Survey(passed_on=(("utils.SC", "keras.layers.SeparableConv2D"), ("utils.X", "keras.layers.Dense")))
    assert outline(source).names_for({"DepthwiseConv2D", "SeparableConv2D"}, survey) == \
        {"DepthwiseConv2D", "SeparableConv2D", "DW", "SC"}


def test_keras1_arguments_stays_relevant_for_visualize_util():
    from migrate.codemod.rules.keras1_arguments import Keras1Arguments

    source = "from keras.utils.visualize_util import plot\nplot(model, 'model.png')\n"
    assert Keras1Arguments.relevant(source.encode(), outline(source), Survey())
    reexported = "from utils import plot\nplot(model, 'model.png')\n"
    survey = Survey(passed_on=(("utils.plot", "keras.utils.visualize_util.plot"),))
    assert Keras1Arguments.relevant(reexported.encode(), outline(reexported), survey)
    assert not Keras1Arguments.relevant(reexported.encode(), outline(reexported), Survey())


@pytest.mark.parametrize("source, relevant", [
    ("import tensorflow as tf\nsess = tf.compat.v1.Session()\ny = tf.reduce_sum(x, 1)\n", False),  # TF2's spelling
    ("import tensorflow as tf\nsess = tf.Session()\n", True),
    ("import tensorflow as tf\nx = tf.to_float(y)\n", True),
    ("import tensorflow as tf\ny = tf.reduce_sum(x, 1, True)\n", False),  # TF2 binds these three in the same order
    ("import tensorflow as tf\ny = tf.reduce_sum(x, 1, True, 'sum', 0)\n", True),  # a fifth: reduction_indices=
    ("import tensorflow as tf\ny = tf.reduce_sum(x, keep_dims=True)\n", True),  # a keyword the tables rename
    ("import tensorflow as tf\nfft = tf.fft\n", True),  # a read of a name TF2 lacks that has a TF2 name
    ("from tensorflow import set_random_seed\n", True),
    ("import keras.backend as K\nx = K.tf.image.resize_bilinear(x, size)\n", True),  # Keras 2's tf
    ("import tensorflow.compat.v1 as tf\nsess = tf.Session()\n", False),  # compat.v1's: not the rule's
    ("import numpy as np\ny = np.log(x)\nsess = Session()\n", False),
    ("import utils\nx = utils.to_float(y)\n", False),  # a project's own function
])
def test_tf1_names_to_tf2_needs_a_tensorflow_name_it_rewrites_or_reports(source, relevant):
    from migrate.codemod.rules.tf1_names_to_tf2 import Tf1NamesToTf2

    assert Tf1NamesToTf2.relevant(source.encode(), outline(source), Survey()) is relevant


def test_tf1_names_to_tf2_follows_a_re_exported_tensorflow_name():
    """`utils.to_float`, utils a module of the run that imports it from TensorFlow: LibCST's name and `names.resolve`
    meet at `tensorflow.to_float` (a superset of what the walk reads: the gate may only say yes more often)."""
    from migrate.codemod.rules.tf1_names_to_tf2 import Tf1NamesToTf2

    source = "import utils\nx = utils.to_float(y)\n"
    survey = Survey(packages=frozenset({"utils"}), passed_on=(("utils.to_float", "tensorflow.to_float"),))
    assert Tf1NamesToTf2.relevant(source.encode(), outline(source), survey)


@pytest.mark.parametrize("source, relevant", [
    ("import tensorflow as tf\nwriter = tf.summary.create_file_writer(d)\nopt = tf.keras.optimizers.Adam()\n", False),
    ("import tensorflow as tf\nx = tf.placeholder(tf.float32, [None, 3])\n", True),
    ("import tensorflow as tf\ntf.logging.set_verbosity(tf.logging.INFO)\n", True),
    ("import tensorflow as tf\ny = tf.nn.dropout(x, 0.5)\n", True),  # TF1's keep_prob, maybe
    ("import tensorflow as tf\ny = tf.compat.v1.placeholder(tf.float32)\n", False),  # spelt already
    ("from keras.layers import Dropout\nx = Dropout(0.5)(x)  # dropout\n", False),
    ("from .graph import *\nx = tf.placeholder(tf.float32)\n", True),  # a star import may bring tf
])
def test_tf1_graph_program_needs_a_tensorflow_name_compat_v1_spells(source, relevant):
    from migrate.codemod.rules.tf1_graph_program import Tf1GraphProgram

    assert Tf1GraphProgram.relevant(source.encode(), outline(source), Survey()) is relevant


@pytest.mark.parametrize("rule_name, source", [
    ("tf1_names_to_tf2", "import tensorflow as tf\nsess = tf.compat.v1.Session()\ny = tf.reduce_sum(x, 1, True)\n"),
    ("tf1_names_to_tf2", "import tensorflow.compat.v1 as tf\nsess = tf.Session()\n"),
    ("tf1_graph_program", "import tensorflow as tf\nwriter = tf.summary.create_file_writer(d)\n"
                          "opt = tf.keras.optimizers.Adam()\n"),
    ("keras1_arguments", "from keras.layers import Conv2D\nx = Conv2D(32, (3, 3), **conv_args)(x)\n"
                         "with open(path, mode='w') as f:\n    f.write('x')\n"),
])
def test_what_a_gate_turns_away_the_walk_would_not_touch(monkeypatch, rule_name, source):
    """The gate says no, and the rule's walk, made to run, changes and reports nothing there either."""
    rule = next(rule for rule in all_rules() if rule.NAME == rule_name)
    assert rule.triggered(source.encode(), Survey())
    assert not rule.relevant(source.encode(), outline(source), Survey())
    monkeypatch.setattr(rule, "relevant", classmethod(lambda cls, source, outline, survey=None: True))
    result = rewrite_source(source.encode(), "example.py", [rule])
    assert result.rewritten == source.encode() and not result.findings and not result.converted
