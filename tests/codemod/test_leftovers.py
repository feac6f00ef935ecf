"""No silent leftovers: legacy code the rewrite could not convert is reported, counted and fails --check;
lints are advice; files that do not parse as Python 3 say why and are never rewritten."""

from __future__ import annotations

import textwrap

import libcst as cst

from migrate.codemod.engine import Summary, rewrite_source
from migrate.codemod.leftovers import unreported
from migrate.codemod.registry import all_rules
from migrate.codemod.rule import Finding
from tests.codemod.helpers import rewrite


def _result(source: str, *names: str):
    rules = [rule for rule in all_rules() if not names or rule.NAME in names]
    return rewrite_source(textwrap.dedent(source).encode(), "example.py", rules)


# ---------------------------------------------------------------- must not report

def test_converted_code_leaves_nothing():
    _, findings = rewrite("""
        model.fit_generator(batches(), steps_per_epoch=3)
        model.evaluate_generator(batches(), 3)
    """)
    assert findings == []


def test_a_projects_own_multi_gpu_model_and_generator_methods_are_not_leftovers():
    _, findings = rewrite("""
        def multi_gpu_model(model, gpus):
            return model

        class Trainer:
            def fit_generator(self, data):
                return data

            def run(self):
                return self.fit_generator([1])

        parallel = multi_gpu_model(build(), 2)
        Trainer().run()
    """)
    assert findings == []


def test_python3_file_with_nothing_to_do_is_never_parsed():
    assert _result("print 'python 2 but nothing migrate rewrites'\n").error is None


# ---------------------------------------------------------------- leftovers

def test_the_scan_names_legacy_calls_left_in_the_rewritten_code_that_no_rule_reported():
    module = cst.parse_module(textwrap.dedent("""
        from keras.utils import multi_gpu_model
        models = [multi_gpu_model(m, 2) for m in templates]
        model.predict_generator(batches())
    """))
    rules = {"multi_gpu_model_to_mirrored", "fit_generator_to_fit"}
    left = unreported(module, "x.py", rules, None, [])
    assert [(f.rule, f.line, f.column) for f in left] == [("multi_gpu_model_to_mirrored", 3, 11),
                                                          ("fit_generator_to_fit", 4, 1)]
    assert all(not f.advice for f in left)  # the import is not named: the call says enough
    reported = [Finding("x.py", 3, 11, "multi_gpu_model_to_mirrored", "in a comprehension")]
    assert [f.line for f in unreported(module, "x.py", rules, None, reported)] == [4]
    assert unreported(module, "x.py", {"fit_generator_to_fit"}, None, [])[0].line == 4  # only selected rules
    assert [f.line for f in unreported(module, "x.py", rules, [1, 1, 7, 9], [])] == [7, 9]  # lines as read


def test_generator_call_a_rule_refused_is_reported_once():
    _, findings = rewrite("""
        model.fit_generator(g, 1, 2, 0, [], None, 1, 1, None, 10, 1, False, True, 0, 'extra')
    """, "fit_generator_to_fit")
    assert [(f.rule, f.advice) for f in findings] == [("fit_generator_to_fit", False)]
    assert "more positional arguments" in findings[0].message


def test_scan_reports_an_unreported_multi_gpu_import_when_no_call_is_left():
    """An import of multi_gpu_model no rule removes (the name is used, not called): it fails in Keras 3."""
    got, findings = rewrite("""
        from keras.utils import multi_gpu_model
        WRAPPERS = {"multi": multi_gpu_model}
    """, "multi_gpu_model_to_mirrored")
    assert "import multi_gpu_model" in got
    assert [(f.line, f.advice) for f in findings] == [(2, False)]
    assert "import multi_gpu_model left" in findings[0].message


def test_a_reported_call_is_not_reported_twice_nor_its_import():
    _, findings = rewrite("""
        from keras.utils import multi_gpu_model
        try:
            parallel = multi_gpu_model(model, cpu_relocation=True)
        except ValueError:
            parallel = model
            model = shrink(model)
    """, "multi_gpu_model_to_mirrored")
    assert len(findings) == 1 and "try/except" in findings[0].message


def test_leftovers_are_counted_apart_from_advice():
    summary = Summary(results=[])
    result = _result("""
        import tensorflow as tf
        from keras import backend as K
        K.set_session(tf.Session(graph=graph))
        sess = tf.compat.v1.Session()
        model.fit_generator(batches(), workers=4)
    """)
    kinds = sorted((f.rule, f.advice) for f in result.findings)
    assert kinds == [("fit_generator_to_fit", True), ("tf1_session_code", False), ("tf1_session_code", True),
                     ("tf1_session_code", True)]
    assert len(result.leftovers) == 1 and len(result.advice) == 3
    summary.sites_for_review, summary.advice = len(result.leftovers), len(result.advice)
    assert summary.line() == "0 files changed, 0 sites converted, 1 sites left for review, 3 advice, 0 files skipped"
    assert summary.work_left() and summary.work_left(strict=True)


def test_advice_alone_fails_only_strict():
    summary = Summary(advice=3)
    assert not summary.work_left() and summary.work_left(strict=True)


def test_lints_are_advice_and_printed_as_such():
    _, findings = rewrite("""
        import tensorflow as tf
        strategy = tf.distribute.MirroredStrategy(devices=["/gpu:0", "/gpu:1"])
        model.fit(x, y, batch_size=33)
    """, "mirrored_strategy_lints")
    assert findings and all(f.advice for f in findings)
    assert ": mirrored_strategy_lints: advice: batch_size=33" in str(findings[0])


# ---------------------------------------------------------------- Python 2

def _unconverted(source: str):
    """`source` rewritten without the python2_syntax step (`--ignore python2_syntax`): a Python 2 file stays
    unparsed, and the report says why."""
    return rewrite_source(textwrap.dedent(source).encode(), "example.py", [rule for rule in all_rules() if rule.NAME != "python2_syntax"])


def test_python2_file_with_work_to_do_says_python2_and_is_not_rewritten():
    result = _unconverted("""
        print 'training'
        model.fit_generator(batches(), 10)
    """)
    assert result.rewritten is None and not result.changed
    assert result.error == "example.py: not rewritten: Python 2 (print statement, line 2); run 2to3 on it first"


def test_python2_that_libcst_would_accept_is_still_python2():
    """LibCST's parser takes `except E, e:`; Python 3 does not, so neither does migrate."""
    result = _unconverted("""
        try:
            model.fit_generator(batches(), 10)
        except IOError, e:
            pass
    """)
    assert result.rewritten is None and "Python 2 (except X, e, line 4)" in result.error


def test_other_syntax_errors_say_they_do_not_parse():
    result = _result("""
        def broken(:
            model.fit_generator(batches(), 10)
    """)
    assert result.error.startswith("example.py: not rewritten: does not parse as Python 3 (")


def test_an_unparsed_file_fails_check():
    assert Summary(files_skipped=1).work_left()
