"""unread_gone_imports: must-not-change cases first, then before/after, then what the whole run leaves."""

import textwrap

from migrate.codemod.engine import rewrite_source
from migrate.codemod.factories import survey
from migrate.codemod.registry import all_rules
from migrate.codemod.rules.unread_gone_imports import UnreadGoneImports
from tests.codemod.helpers import assert_rewrites, assert_unchanged, rewrite

RULE = "unread_gone_imports"


def test_names_read_names_keras_3_has_and_a_projects_own_stay():
    assert_unchanged("""
        from keras.backend import mean
        from keras.regularizers import l2
        from mylib.regularizers import l1l2
        from keras.layers import Dense, Merge
        z = mean(x) + l2(0.1)
        layer = Merge([a, b])
    """, RULE)


def test_what_a_package_or_an_all_offers_stays():
    source = "from keras.regularizers import l1l2\n"
    result = rewrite_source(source.encode(), "pkg/__init__.py", [UnreadGoneImports])
    assert result.rewritten.decode() == source
    assert not UnreadGoneImports.triggered(b"from keras.regularizers import l1l2\n__all__ = ['l1l2']\n")


def test_an_unread_name_keras_3_lacks_goes_from_its_import():
    # simontomaskarlsson/CycleGAN-Keras model.py, hexiangnan/neural_collaborative_filtering MLP.py and NeuMF.py
    assert_rewrites("""
        from keras.layers import Layer, Input, Conv2D
        from keras.backend import mean
        from keras.regularizers import l1, l2, l1l2
        from keras.regularizers import l2 as L2, activity_l2
        from keras.layers import (Dense,
                                  Merge)
        try:
            from keras.layers import CuDNNLSTM
        except ImportError:
            pass
        layer = Dense(3, kernel_regularizer=l2(0.1) + l1(0.1) + L2(0.1))(Input((3,)))
    """, """
        from keras.layers import Layer, Input, Conv2D
        from keras.regularizers import l1, l2
        from keras.regularizers import l2 as L2
        from keras.layers import (Dense)
        try:
            pass
        except ImportError:
            pass
        layer = Dense(3, kernel_regularizer=l2(0.1) + l1(0.1) + L2(0.1))(Input((3,)))
    """, RULE)


def test_a_gone_module_imported_under_a_name_nothing_reads_goes():
    # hwangyale/AlphaGomoku utils/keras_utils.py: `import keras.engine as KE`, KE read nowhere in the file; where KE
    # is read (its train.py: KE.training._make_batches) or the import binds `keras` itself, it stays
    assert_rewrites("""
        import keras.engine as KE
        import keras.layers as KL, keras.engine.topology as KT
        import numpy as np
        x = KL.Dense(3)
    """, """
        import keras.layers as KL
        import numpy as np
        x = KL.Dense(3)
    """, RULE)
    assert_unchanged("""
        import keras.engine as KE
        import keras.engine
        batches = KE.training._make_batches(10, 2)
    """, RULE)
    assert UnreadGoneImports.triggered(b"import keras.engine as KE\n")
    assert not UnreadGoneImports.triggered(b"import keras.layers as KL\n")


def test_a_name_another_file_of_the_run_takes_stays():
    model = textwrap.dedent("""
        from keras.backend import mean
        from keras.regularizers import l1l2
        from keras.models import Graph
    """).encode()
    run = survey([("model.py", model), ("train.py", b"from model import mean\nimport model as m\ng = m.Graph()\n")])
    result = rewrite_source(model, "model.py", [UnreadGoneImports], run)
    assert result.rewritten.decode() == "\nfrom keras.backend import mean\nfrom keras.models import Graph\n"
    # a star import takes the words its file reads (keras-rl's agents `from rl.util import *`); all, where that file
    # is star-imported in turn
    starred = survey([("model.py", model), ("train.py", b"from model import *\nx = mean(y)\n")])
    assert rewrite_source(model, "model.py", [UnreadGoneImports], starred).rewritten.decode() == \
        "\nfrom keras.backend import mean\n"
    onwards = survey([("model.py", model), ("train.py", b"from model import *\n"), ("run.py", b"from train import *\n")])
    assert rewrite_source(model, "model.py", [UnreadGoneImports], onwards).rewritten == model


def test_with_every_rule_an_import_whose_last_use_was_rewritten_goes_unreported():
    # nicolov/segmentation_keras model.py: keras1_arguments makes the calls Conv2D; the import is neither left nor
    # reported by legacy_import_paths
    got, findings = rewrite("""
        from keras.layers import AtrousConvolution2D, MaxPooling2D
        from keras.backend import mean
        model.add(AtrousConvolution2D(512, 3, 3, atrous_rate=(2, 2), activation='relu', name='conv5_1'))
        model.add(MaxPooling2D())
    """)
    assert got == ("\nfrom keras.layers import Conv2D, MaxPooling2D\n"
                   "model.add(Conv2D(512, (3, 3), dilation_rate=(2, 2), activation='relu', name='conv5_1'))\n"
                   "model.add(MaxPooling2D())\n"), got
    assert not findings, findings
    assert [rule.NAME for rule in all_rules()].index(RULE) < [rule.NAME for rule in all_rules()].index(
        "legacy_import_paths")


def test_a_name_read_only_where_a_local_shadows_it_goes():
    # sssirus/QA-keras classification_model.py:3: `merge` imported, then a function's own `merge = concatenate(...)`
    assert_rewrites("""
        from keras.layers import concatenate, merge, Dense
        from keras.backend import mean


        def build(convs):
            merge = concatenate(convs, axis=1)
            return Dense(1)(merge)


        class Net:
            mean = 3
    """, """
        from keras.layers import concatenate, Dense


        def build(convs):
            merge = concatenate(convs, axis=1)
            return Dense(1)(merge)


        class Net:
            mean = 3
    """, RULE)


def test_a_name_a_function_reads_before_shadowing_or_through_global_stays():
    assert_unchanged("""
        from keras.backend import mean


        def f(x):
            global mean
            mean = 2
            return mean(x)


        def g(x):
            return mean(x)
    """, RULE)
