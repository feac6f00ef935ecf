"""print_summary_to_summary: must-not-change cases first, then before/after, then the rewritten script run by Keras 3
against Keras 2.3.1's own print_summary."""

import re
import subprocess
import sys
import textwrap

from tests.codemod.helpers import assert_rewrites, assert_unchanged, legacy37, legacy_env, rewrite

RULE = "print_summary_to_summary"


def test_another_print_summary_or_one_handed_on_stays():
    assert_unchanged("""
        from mylib import print_summary
        print_summary(model)
    """, RULE)
    assert_unchanged("""
        from keras.utils import print_summary
        show = print_summary
        print_summary()
        print_summary(*models)
    """, RULE)


def test_a_call_becomes_the_models_method():
    assert_rewrites("""
        from keras.utils.layer_utils import print_summary
        print_summary(model, line_length=100)
        print_summary(model=self.model, positions=[.3, .6, .8, 1.], print_fn=log.info)
    """, """
        from keras.utils.layer_utils import print_summary
        model.summary(line_length=100)
        self.model.summary(positions=[.3, .6, .8, 1.], print_fn=log.info)
    """, RULE)
    assert_rewrites("""
        import keras
        keras.utils.print_summary(build(), 80)
        keras.utils.print_summary(a or b)
    """, """
        import keras
        build().summary(80)
        (a or b).summary()
    """, RULE)


# Keras-Image-Caption's train.py (LemonATsu, fifty-seventh hold-out): `from keras.utils.layer_utils import print_summary`
SCRIPT = """
    from keras.models import Sequential
    from keras.layers import Dense
    from keras.utils.layer_utils import print_summary

    lines = []
    model = Sequential([Dense(4, input_shape=(3,)), Dense(2)])
    print_summary(model, line_length=90, print_fn=lines.append)
    print("\\n".join(lines))
"""


def test_the_whole_run_leaves_no_print_summary():
    got, findings = rewrite(SCRIPT)
    assert "print_summary" not in got and "model.summary(line_length=90, print_fn=lines.append)" in got
    assert not [f for f in findings if not f.advice], findings


def test_the_rewritten_script_prints_the_summary_keras_2_3_1_printed(tmp_path):
    python = legacy37()
    (tmp_path / "old.py").write_text(textwrap.dedent(SCRIPT))
    (tmp_path / "new.py").write_text(rewrite(SCRIPT)[0])
    printed = {}
    for script, run in (("old.py", str(python)), ("new.py", sys.executable)):
        done = subprocess.run([run, str(tmp_path / script)], capture_output=True, text=True, env=legacy_env(), timeout=300)
        assert done.returncode == 0, done.stderr[-2000:]
        printed[script] = done.stdout
    for pattern in (r"Total params: ([\d,]+)", r"Trainable params: ([\d,]+)"):
        old, new = (re.search(pattern, printed[script]) for script in ("old.py", "new.py"))
        assert old and new and old[1] == new[1] == "26", printed  # 3 x 4 + 4, then 4 x 2 + 2
