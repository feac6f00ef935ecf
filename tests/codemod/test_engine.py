"""The engine: reports name lines of the file as read, even after an earlier rule added or removed lines."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from migrate.codemod.engine import line_map, rewrite_source
from migrate.codemod.registry import all_rules
from tests.codemod.helpers import rewrite


def test_reports_after_a_rule_that_removed_lines_name_the_original_line():
    source = """
        import tensorflow as tf
        from keras import backend as K
        config = tf.ConfigProto()
        config.gpu_options.allow_growth = True
        K.set_session(tf.Session(config=config))
        model.fit_generator(batches(), steps_per_epoch=3, workers=4)
    """
    got, findings = rewrite(source, "memory_growth_preamble", "fit_generator_to_fit")
    assert "set_memory_growth" in got and "model.fit(" in got  # both rules rewrote: lines moved
    assert [(f.rule, f.line) for f in findings] == [("fit_generator_to_fit", 7)]


@given(st.lists(st.integers(0, 5), min_size=1, max_size=30), st.data())
def test_theline_map_leads_every_untouched_line_back_to_where_it_was(numbers, data):
    before = [f"line_{i}_{n}" for i, n in enumerate(numbers)]  # distinct lines, as statements mostly are
    start = data.draw(st.integers(0, len(before)))
    end = data.draw(st.integers(start, len(before)))
    inserted = [f"new_{k}" for k in range(data.draw(st.integers(0, 3)))]
    after = before[:start] + inserted + before[end:]
    lines = line_map("\n".join(before), "\n".join(after), None)
    for index, text in enumerate(after):
        if text in before:
            assert lines[index] == before.index(text) + 1
    twice = line_map("\n".join(after), "\n".join(after), lines)
    assert twice[:len(after)] == lines[:len(after)]  # composing with a no-op change keeps the map


def test_a_legacy_call_the_scan_names_is_reported_even_when_no_rule_triggers():
    # The leftover scan has its own words: a rule whose trigger words miss a file (here, one that never
    # triggers) cannot hide a fit_generator left in it.
    from migrate.codemod.engine import rewrite_source
    from migrate.codemod.rules.fit_generator_to_fit import FitGeneratorToFit

    class Blind(FitGeneratorToFit):
        TRIGGERS = ("no such word",)

    source = b"import keras\nmodel = keras.Sequential()\nmodel.fit_generator(batches, steps_per_epoch=3)\n"
    result = rewrite_source(source, "train.py", [Blind])
    assert result.rewritten == source
    assert [(f.line, f.rule, f.advice) for f in result.findings] == [(3, "fit_generator_to_fit", False)]


def test_a_rule_runs_only_where_a_trigger_word_and_a_required_word_occur():
    from migrate.codemod.rules.h5_saves_to_keras3 import H5SavesToKeras3
    from migrate.codemod.rules.sequence_batches_as_tuples import SequenceBatchesAsTuples
    from migrate.codemod.rules.tf1_names_to_tf2 import Tf1NamesToTf2
    assert Tf1NamesToTf2.triggered(b"import tensorflow as tf\nf = tf.gfile.GFile(p)\n")
    assert not Tf1NamesToTf2.triggered(b"import numpy as np\nv.assign(np.log(x))\n")  # no TensorFlow name here
    assert H5SavesToKeras3.triggered(b"model.save('m.h5')\n")
    assert not H5SavesToKeras3.triggered(b"f = h5py.File('data.h5')\n")
    assert not SequenceBatchesAsTuples.triggered(b"class Table:\n    def __getitem__(self, i): ...\n")
    # and the whole run leaves such a file as it was read
    result = rewrite_source(b"import numpy as np\nv.assign(np.log(x))\n", "x.py", all_rules())
    assert result.rewritten == result.original and not result.findings


def test_qualified_names_without_a_scope_give_an_empty_default_without_a_walk(monkeypatch):
    """`get_metadata(QualifiedNameProvider, node, set())` of a node the scope analysis gave no scope (a rule's rebuilt
    node): the empty default, as before, without walking the tree to tell whether the node is in it; indexing
    still tells (a KeyError for a node not in the tree)."""
    import pytest
    from libcst.metadata import QualifiedNameProvider

    from migrate.codemod.analysis import Analysis
    from migrate.codemod.walk import parse_module

    module = parse_module(b"import keras\nx = keras.layers.Dense\n")
    names = Analysis(module).table(QualifiedNameProvider)
    attribute = module.body[1].body[0].value
    assert {name.name for name in names.get(attribute, set())} == {"keras.layers.Dense"}
    rebuilt, default = attribute.with_changes(), set()
    walks = []
    monkeypatch.setattr(Analysis, "contains", lambda self, node: walks.append(node) or False)
    assert names.get(rebuilt, default) is default and not walks
    assert names.get(rebuilt) is None and walks == [rebuilt]  # a default that is not an empty set: as before
    with pytest.raises(KeyError):
        names[rebuilt]


def test_a_run_collects_cycles_less_often_in_its_workers_and_gives_the_caller_its_settings_back(tmp_path, monkeypatch):
    """The cycle collector's passes were a fifth of a run's CPU time: a run raises the young threshold (in this
    process, which forks the workers, and in a worker that starts), and leaves the caller's threshold and frozen
    objects as they were, even when a file's rewrite fails."""
    import gc

    from migrate.codemod import engine

    (tmp_path / "train.py").write_text("from keras.layers import Dense\n")
    before, frozen = gc.get_threshold(), gc.get_freeze_count()
    seen = []

    def rewrite_data(*args):
        seen.append(gc.get_threshold()[0])
        raise RuntimeError("stop")

    monkeypatch.setattr(engine, "rewrite_data", rewrite_data)
    try:
        engine.run([tmp_path], all_rules(), jobs=1)
    except RuntimeError:
        pass
    assert seen == [engine.YOUNG_COLLECTION_EVERY] and engine.YOUNG_COLLECTION_EVERY > 700
    assert gc.get_threshold() == before and gc.get_freeze_count() == frozen
    try:
        engine._start_worker(all_rules(), None)
        assert gc.get_threshold()[0] == engine.YOUNG_COLLECTION_EVERY
    finally:
        gc.set_threshold(*before)
        gc.unfreeze()
        engine._work = None


def test_a_rule_that_raises_leaves_its_file_names_itself_and_fails_the_run_not_the_other_files(tmp_path):
    """Mannix1994/MVCNN-Keras model.py (`from tensorflow.python.keras.layers import *`) once made
    legacy_import_paths raise: the whole run stopped with a traceback, no file rewritten or reported."""
    import libcst as cst

    from migrate.codemod.engine import run
    from migrate.codemod.rule import Rule

    class Breaks(Rule):
        NAME = "breaks"
        TRIGGERS = ("boom",)
        DESCRIPTION = "raises on any file with the word boom"

        def visit_Module(self, node: cst.Module) -> None:
            raise TypeError("object of type 'ImportStar' has no len()")

    broken, fine = tmp_path / "broken.py", tmp_path / "fine.py"
    broken.write_text("import keras\nboom = keras.layers.Merge\n")
    fine.write_text("import tensorflow as tf\ntf.set_random_seed(1)\n")
    summary = run([tmp_path], [Breaks, *all_rules()], jobs=1)
    results = {Path(result.path).name: result for result in summary.results}
    assert results["broken.py"].failed and results["broken.py"].rewritten is None
    assert "rule breaks failed" in results["broken.py"].error and "TypeError" in results["broken.py"].error
    assert not results["fine.py"].failed and b"tf.random.set_seed(1)" in results["fine.py"].rewritten  # the others ran
    assert summary.files_failed == 1 and "(1 failed: a defect of migrate's)" in summary.line()


def test_a_rule_whose_output_does_not_parse_leaves_its_file_and_is_named(tmp_path):
    """MarcBS/multimodal_keras_wrapper callbacks.py (twenty-eighth hold-out): dataset_v1_methods once rewrote an
    assignment's target, `self.output_types = x`, into a call; the file was written and no longer parsed."""
    import libcst as cst

    from migrate.codemod.engine import run
    from migrate.codemod.rule import Rule

    class CallsTargets(Rule):
        NAME = "calls_targets"
        TRIGGERS = ("target",)
        DESCRIPTION = "turns every assignment target into a call"

        def leave_AssignTarget(self, original: cst.AssignTarget, updated: cst.AssignTarget) -> cst.AssignTarget:
            return updated.with_changes(target=cst.Call(cst.Name("f"), args=[cst.Arg(updated.target)]))

    broken = tmp_path / "broken.py"
    broken.write_text("import tensorflow as tf\ntarget = 1\ntf.set_random_seed(1)\n")
    summary = run([tmp_path], [CallsTargets, *all_rules()], jobs=1)
    result = summary.results[0]
    assert result.failed and result.rewritten is None and "rule calls_targets failed" in result.error
    assert "SyntaxError" in result.error and summary.files_failed == 1  # (None: nothing to write)


def test_a_star_import_from_tensorflows_private_keras_is_reported():
    # Mannix1994/MVCNN-Keras model.py:8
    _, findings = rewrite("from tensorflow.python.keras.layers import *\nx = Dense(3)\n", "legacy_import_paths")
    assert [f.line for f in findings] == [1] and "private copy of Keras" in findings[0].message


def test_a_later_rules_trigger_words_count_in_what_an_earlier_rule_writes():
    """govzhz/dl-gesture-recognition's neural_programmer/parameters.py (forty-sixth hold-out): TF 0.x's
    `tf.initialize_all_variables()` became 1.0's global_variables_initializer in the first run, whose word the graph
    program's trigger wants: the route came only on a second run."""
    source = b"import tensorflow as tf\n\ndef build():\n    w = tf.Variable(tf.zeros([2]))\n" \
             b"    init = tf.initialize_all_variables()\n    return w, init\n"
    first = rewrite_source(source, "parameters.py", all_rules())
    second = rewrite_source(first.rewritten, "parameters.py", all_rules())
    assert b"tf.compat.v1.global_variables_initializer()" in first.rewritten
    assert second.rewritten == first.rewritten
