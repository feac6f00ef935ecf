"""The survey's cheap readings give the answers of the readings they stand in front of (`factories.survey`):
Python's own tree says which files are worth a LibCST parse, line-start patterns read as `^` did, and
`uses_keras` answers as `KERAS_USE.search`, but for an import of Keras's numpy utilities alone."""

import re
import textwrap
from pathlib import Path

from migrate.codemod.factories import KERAS_USE, _may_define, _may_hand_out, survey, uses_keras
from migrate.codemod.names import keras_from_imports, lines
from migrate.codemod.rules.memory_growth_preamble import _may_return_session, factory_functions
from migrate.codemod.walk import parse_module

CODEMOD = Path(__file__).parent
FILES = sorted([*(CODEMOD / "corpus").glob("*.py"), *(CODEMOD / "scripts").glob("*.py")])

FACTORIES = {  # a factory or wrapper class each: LibCST's spelling check keeps them, and so must the tree's
    "returned": "def build(g):\n    m = make()\n    return multi_gpu_model(m, g)\n",
    "tuple": "import keras\nasync def build(g):\n    m = make()\n    return m, keras.utils.multi_gpu_model(m, gpus=g)\n",
    "named": "def build(g):\n    m = make()\n    p = multi_gpu_model(m, g)\n    return p\n",
    "guarded": "def build(g):\n    m = make()\n    if g > 1:\n        p = multi_gpu_model(m, g)\n    return p\n",
    "alias in a try": "try:\n    from keras.utils import multi_gpu_model as mgm\nexcept ImportError:\n    pass\n"
                      "def build(g):\n    m = make()\n    p = mgm(m, g)\n    return p\n",
    "class": "class ModelMGPU(Model):\n    def __init__(self, ser, gpus):\n        p = multi_gpu_model(ser, gpus)\n"
             "        self.__dict__.update(p.__dict__)\n",
}
NOT_FACTORIES = {  # what most real files naming multi_gpu_model hold: the tree alone rules them out
    "main": "def main():\n    m = make()\n    p = multi_gpu_model(m, 2)\n    p.fit(x, y)\n",
    "module level": "m = make()\np = multi_gpu_model(m, 2)\np.compile('adam', 'mse')\n",
    "no __init__": "class Trainer(Model):\n    def fit(self):\n        return multi_gpu_model(self.m, 2)\n",
    "nested": "if True:\n    def build(g):\n        return multi_gpu_model(make(), g)\n",
    "other alias": "from keras.utils import multi_gpu_model as mgm\ndef build(g):\n    return other(make(), g)\n",
}


def test_the_tree_keeps_every_factory_and_rules_out_what_has_none():
    for name, text in FACTORIES.items():
        source = ("from keras.utils import multi_gpu_model\n" + text).encode()
        assert _may_hand_out(source), name
        assert _may_define(parse_module(source)), name
        assert survey([("models.py", source)]).factories, name
    for name, text in NOT_FACTORIES.items():
        source = ("from keras.utils import multi_gpu_model\n" + text).encode()
        assert not _may_hand_out(source), name
        assert not _may_define(parse_module(source)), name
    assert _may_hand_out(b"print 'Python 2'\nmulti_gpu_model(m)\n")  # Python's parser fails: LibCST decides


def test_the_tree_keeps_every_file_libcst_keeps():
    kept = 0
    for path in FILES:
        source = path.read_bytes()
        if b"multi_gpu_model" in source and _may_define(parse_module(source)):
            assert _may_hand_out(source), path.name
            kept += 1
    assert kept  # s03_factory_returns_parallel.py at least


def test_a_session_factory_is_parsed_and_a_file_without_one_is_not():
    factory = textwrap.dedent("""
        import tensorflow as tf

        def get_session():
            config = tf.ConfigProto()
            config.gpu_options.allow_growth = True
            return tf.Session(config=config)
    """).encode()
    assert _may_return_session(factory) and factory_functions(factory) == ["get_session"]
    assert _may_return_session(factory.replace(b"\n", b"\r\n")) and _may_return_session(factory.replace(b"\n", b"\r"))
    for other in (factory.replace(b"return tf.Session", b"sess = tf.Session"),  # returns nothing
                  factory.replace(b"def get_session():", b"if True:"),  # not a function
                  b"def f():\n    return 1\nconfig = tf.ConfigProto()\n"):  # the config outside it
        assert not _may_return_session(other) and factory_functions(other) == []


def test_line_start_patterns_read_what_a_caret_read():
    source = textwrap.dedent("""\
        from keras.layers import Dense
        from tensorflow.keras import (Input,
            Model)
          from keras.backend import mean  # indented: anywhere only
        x = 'from keras import nothing'
        import tensorflow as tf
        from keras.models import load_model""").encode()
    caret = re.compile(rb"^[ \t]*from[ \t]+((?:keras|tensorflow)[\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^\n#;]+)", re.M)
    for text in (source, source.replace(b"\n", b"\r\n")):
        assert [(m, n.strip()) for m, n, _ in keras_from_imports(text)] == \
            [("keras.layers", "Dense"), ("tensorflow.keras", "Input"), ("tensorflow.keras", "Model"),
             ("keras.models", "load_model")]
        anywhere = list(keras_from_imports(text, top_level=False))
        assert [name for _, name, _ in anywhere] == ["Dense", "Input", "Model", "mean", "load_model"]
        assert list(dict.fromkeys(module for module, _, _ in anywhere)) == [m.decode() for m, _ in caret.findall(text)]
    assert lines(b"a") == b"\na"


def test_uses_keras_answers_as_the_pattern():
    texts = [b"import keras\n", b"x = 1\nfrom tensorflow import keras as k\n", b"y = tf.keras.layers.Dense(1)\n",
             b"# keras.io\n'''inspired by keras (http://keras.io)'''\n", b"# a.keras.b\n", b"keraslib = 1\n",
             b"from mylib import keras_utils\n", b"\tfrom . import keras\n", b"a = b  # x.keras.y\n", b""]
    texts += [path.read_bytes() for path in FILES]
    for text in texts:
        assert uses_keras(text) == bool(KERAS_USE.search(text)), text[:60]


def test_an_import_of_keras_s_numpy_utilities_alone_is_not_a_use():
    assert not uses_keras(b"import numpy as np\nfrom keras.utils import to_categorical\n")
    assert not uses_keras(b"from keras.utils.np_utils import to_categorical as onehot  # labels\r\n")
    assert not uses_keras(b"from keras.datasets import mnist, cifar10\nfrom keras.preprocessing.sequence import pad_sequences\n")
    assert not uses_keras(b"from tensorflow.keras.datasets.mnist import load_data\n")
    assert not uses_keras(b"from keras.preprocessing.image import load_img, img_to_array\n")
    assert uses_keras(b"from keras.preprocessing.image import load_img, ImageDataGenerator\n")
    assert uses_keras(b"from keras.utils import to_categorical, Sequence\n")
    assert uses_keras(b"from keras.utils import to_categorical\nfrom keras.layers import Dense\n")
    assert uses_keras(b"from keras.utils import (to_categorical,\n    plot_model)\n")
    assert uses_keras(b"import keras.utils\n")


def test_a_line_reaching_only_keras_s_numpy_utilities_through_tf_keras_is_not_a_use():
    # WGAN-GP-tensorflow's dataset_.py (fifty-fourth hold-out) made its whole TF1 graph program a Keras program
    assert not uses_keras(b"import tensorflow as tf\n(x, y), _ = tf.keras.datasets.mnist.load_data()\n")
    assert not uses_keras(b"labels = tf.keras.utils.to_categorical(labels, 10)  # one-hot\nmnist = tf.keras.datasets.mnist\n")
    assert uses_keras(b"x = tf.keras.datasets.mnist.load_data(); model = tf.keras.Sequential()\n")
    assert uses_keras(b"model = tf.keras.models.Sequential()\n")
    assert uses_keras(b"y = tf.keras.utils.to_categorical_v2(y)\n")
    assert uses_keras(b"import tensorflow.keras.datasets.mnist as mnist\n")
