"""python2_syntax: a file or notebook cell that parses as Python 2 and not as Python 3 gets 2to3's fixers (fissix)
first; must-not-change cases first, then before/after, notebooks, behaviour against a real Python 2.7, and a
Python 2 Keras script that runs under Keras 3 after `migrate code --write`."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_notebook

from migrate.codemod.engine import rewrite_source
from migrate.codemod.notebooks import rewrite_notebook
from migrate.codemod.registry import all_rules
from tests.codemod.helpers import assert_rewrites, assert_unchanged, rewrite
from tests.conftest import ROOT

pytest.importorskip("fissix")

RULE = "python2_syntax"
UNCHECKED = "Python 2's `/` floors between ints, Python 3's does not: not checked"


def _python2() -> str | None:
    """A real Python 2.7 interpreter, if this machine has one (pyenv's, or one on PATH)."""
    candidates = [os.environ.get("MIGRATE_PYTHON2"), shutil.which("python2.7"),
                  str(Path.home() / ".pyenv" / "versions" / "2.7.18" / "bin" / "python2.7")]
    for candidate in filter(None, candidates):
        try:
            said = subprocess.run([candidate, "-c", "import sys; print(sys.version_info[0])"], capture_output=True,
                                  text=True, timeout=30)
        except OSError:
            continue
        if said.returncode == 0 and said.stdout.strip() == "2":
            return candidate
    return None


PYTHON2 = _python2()


# ---------------------------------------------------------------- must not change

def test_python_3_stays_byte_identical_even_where_2to3_would_wrap_it():
    """Only a file Python 3 cannot parse is converted: `d.keys()` in Python 3 code is its author's."""
    assert not assert_unchanged("""
        from __future__ import print_function
        import keras
        keys = d.keys()
        for i in range(3):
            print(i, end=" ")
        squares = map(lambda x: x * x, keys)
    """)


def test_neither_python_3_nor_python_2_is_named_as_before():
    result = rewrite_source(b"import keras\nmodel.fit_generator(batches\n", "example.py", all_rules())
    assert result.rewritten is None and result.error.startswith("example.py: not rewritten: does not parse as Python 3")


def test_ignored_the_python_2_file_is_named_and_left():
    rules = [rule for rule in all_rules() if rule.NAME != RULE]
    result = rewrite_source(b"import keras\nprint 'x'\nmodel.fit_generator(b, 1)\n", "example.py", rules)
    assert result.rewritten is None and "Python 2 (print statement, line 2); run 2to3 on it first" in result.error


# ---------------------------------------------------------------- before/after

def test_print_statements_become_calls():
    findings = assert_rewrites("""
        import sys
        print "epoch", 1
        print >>sys.stderr, "loss", 0.5
        print "no newline",
        print
    """, """
        import sys
        print("epoch", 1)
        print("loss", 0.5, file=sys.stderr)
        print("no newline", end=' ')
        print()
    """, RULE)
    assert [str(f) for f in findings] == [
        "example.py:3:1: python2_syntax: advice: rewritten from Python 2 by 2to3's fixers (print)"]


def test_except_raise_exec_backquotes_ne_and_literals():
    assert_rewrites("""
        try:
            x = 0777 + 10L
        except (IOError, OSError), e:
            raise ValueError, "bad: %s" % `e`
        if x <> 1:
            exec "y = 2"
    """, """
        try:
            x = 0o777 + 10
        except (IOError, OSError) as e:
            raise ValueError("bad: %s" % repr(e))
        if x != 1:
            exec("y = 2")
    """, RULE)


def test_what_python_3_lacks_or_does_otherwise_behaves_as_in_python_2():
    """Lists where Python 2 returned lists, the names and modules Python 3 renamed."""
    findings = assert_rewrites("""
        import cPickle, Queue, urllib2
        print 'loading'
        names = labels.keys()
        for name, value in labels.iteritems():
            if isinstance(value, basestring) and labels.has_key(name):
                total = long(total) + len(unicode(value))
        firsts = zip(a, b)[0]
        for i in xrange(3):
            line = raw_input()
        queue = Queue.Queue()
        data = cPickle.load(urllib2.urlopen(url))
    """, """
        import pickle, queue, urllib.request, urllib.error, urllib.parse
        print('loading')
        names = list(labels.keys())
        for name, value in labels.items():
            if isinstance(value, str) and name in labels:
                total = int(total) + len(str(value))
        firsts = list(zip(a, b))[0]
        for i in range(3):
            line = input()
        queue = queue.Queue()
        data = pickle.load(urllib.request.urlopen(url))
    """, RULE)
    assert findings[0].message == ("rewritten from Python 2 by 2to3's fixers (print, unicode, long, xrange, basestring, "
                                   "raw_input, has_key, imports, urllib, dict, zip)")


def test_a_script_keeps_import_utils_and_its_future_imports():
    """`import utils` next to a script run as `python train.py` is no relative import (fix_import is left
    out), and `from __future__ import ...` says how the code was meant (fix_future is left out)."""
    assert_rewrites("""
        from __future__ import absolute_import
        import utils
        print utils.VERSION
    """, """
        from __future__ import absolute_import
        import utils
        print(utils.VERSION)
    """, RULE)


def test_divisions_python_2_may_have_floored_are_named():
    findings = assert_rewrites("""
        print 'split'
        half = len(x) / 2
        scaled = x / 255.0
        rate = float(hits) / total
        score = (float(hits) + 1e-9) / (2 * total)
        steps /= batch_size
    """, """
        print('split')
        half = len(x) / 2
        scaled = x / 255.0
        rate = float(hits) / total
        score = (float(hits) + 1e-9) / (2 * total)
        steps /= batch_size
    """, RULE)
    assert findings[0].message.endswith(f"; {UNCHECKED} at lines 3, 7 (write `//` where both sides are ints)")


def test_true_division_imported_from_the_future_names_no_division():
    findings = assert_rewrites("""
        from __future__ import division
        print len(x) / 2
    """, """
        from __future__ import division
        print(len(x) / 2)
    """, RULE)
    assert UNCHECKED not in findings[0].message


def test_the_keras_rules_run_on_the_result_and_report_lines_of_the_file_as_read():
    """tuple_params adds a line; the Keras rules' reports still name the line the user wrote."""
    source = """
        import tensorflow as tf
        from keras.optimizers import SGD
        def scale((x, y)):
            return x
        opt = SGD(lr=0.1)
        print "compiled"
        sess = tf.Session()
    """
    got, findings = rewrite(source)
    assert got == textwrap.dedent("""
        import tensorflow as tf
        from keras.optimizers import SGD
        def scale(xxx_todo_changeme):
            (x, y) = xxx_todo_changeme
            return x
        opt = SGD(learning_rate=0.1)
        print("compiled")
        sess = tf.Session()
    """)
    assert [(f.line, f.rule, f.advice) for f in findings] == [
        (4, RULE, True), (8, "tf1_session_code", False)]
    assert rewrite(got)[0] == got


def test_encoding_line_endings_and_a_missing_last_newline_are_kept():
    source = "# -*- coding: latin-1 -*-\r\nimport keras\r\nprint 'caf\xe9'\r\nx = 1".encode("latin-1")
    result = rewrite_source(source, "example.py", all_rules())
    assert result.rewritten == "# -*- coding: latin-1 -*-\r\nimport keras\r\nprint('caf\xe9')\r\nx = 1".encode("latin-1")
    assert result.converted == 1


def test_a_python_2_module_without_keras_is_converted_too():
    """A helper a training script imports (yanpanlau/DDPG-Keras-Torcs snakeoil3_gym.py: `except socket.error,
    emsg:`) stops the run under Python 3 as surely as the script."""
    result = rewrite_source(b"import socket\ntry:\n    s = socket.socket()\nexcept socket.error, emsg:\n    print emsg\n",
                            "snakeoil.py", all_rules())
    assert result.rewritten == b"import socket\ntry:\n    s = socket.socket()\nexcept socket.error as emsg:\n    print(emsg)\n"
    assert [f.message for f in result.findings] == ["rewritten from Python 2 by 2to3's fixers (print, except)"]



def test_a_python_2_module_2to3_cannot_make_python_3_is_named_not_left_silently():
    """Python 2 took `async` as a name; Python 3.7 made it a keyword, and no 2to3 fixer renames it, so 2to3's
    output does not parse either. The file is named, not left silently."""
    source = b"import cPickle\nasync = True\nprint 'KEK', async\n"
    result = rewrite_source(source, "process_data.py", all_rules())
    assert result.rewritten is None
    assert result.error == ("process_data.py: not rewritten: Python 2 (print statement, line 3); 2to3's fixers leave "
                            "it unparsable by Python 3 (invalid syntax, line 2)")
    assert rewrite_source(source.replace(b"print 'KEK', async", b"print(1)"), "helper.py", all_rules()).error is None


def test_indentation_mixing_tabs_and_spaces_is_expanded_as_python_2_read_it():
    """Rachnog/Deep-Trading multimodal/process_data.py's shape: a block indented with a tab then spaces against
    one with spaces then a tab, which Python 2 read as the same 8 columns and Python 3 refuses (TabError), so
    2to3's output did not parse and the file was left as Python 2 (garbersc/keras-galaxies: 21 files). The
    tabs of each indentation become spaces to the next multiple of 8, as Python 2's tokenizer counted them."""
    source = b"import cPickle\ndef f(e):\n\ttry:\n\t    \tprint 'KEK', e\n\t        return 1\n\texcept:\n\t\tpass\n"
    result = rewrite_source(source, "process_data.py", all_rules())
    assert result.error is None
    assert result.rewritten == (b"import pickle\ndef f(e):\n        try:\n                print('KEK', e)\n"
                                b"                return 1\n        except:\n                pass\n")
    assert [f.message for f in result.findings] == [
        "rewritten from Python 2 by 2to3's fixers (print, imports); tabs in the indentation of 5 lines expanded to "
        "8 columns, as Python 2 read them"]
    assert [f.line for f in result.findings] == [1]


def test_a_tab_inside_a_multi_line_string_is_the_strings_value_and_stays():
    """Only indentation is expanded: a line inside a triple-quoted string keeps its tab, and a file Python 3
    parses keeps its tabs however it mixes them with spaces (consistently)."""
    source = b'def f():\n\tdoc = """a\n\tb"""\n        print doc\n'
    result = rewrite_source(source, "doc.py", all_rules())
    assert result.rewritten == b'def f():\n        doc = """a\n\tb"""\n        print(doc)\n'
    consistent = b"def f():\n\tif True:\n\t\treturn 1\n"
    assert rewrite_source(consistent, "tabs.py", all_rules()).rewritten == consistent


# ---------------------------------------------------------------- notebooks

def _notebook(*sources: str) -> bytes:
    notebook = new_notebook(cells=[new_code_cell(source) for source in sources])
    notebook.metadata["kernelspec"] = {"name": "python2", "language": "python", "display_name": "Python 2"}
    return nbformat.writes(notebook).encode()


def test_a_python_2_cell_is_converted_and_its_imports_serve_later_cells():
    data = _notebook("%matplotlib inline\nfrom keras.optimizers import SGD\nprint 'imported'",
                     "opt = SGD(lr=0.01)\nhalf = n / 2",
                     "for k, v in logs.iteritems():\n    !echo $k\n    print k, v")
    result = rewrite_notebook(data, "nb.ipynb", all_rules())
    assert result.error is None
    after = nbformat.reads(result.rewritten.decode(), as_version=4)
    assert [cell.source for cell in after.cells] == [
        "%matplotlib inline\nfrom keras.optimizers import SGD\nprint('imported')",
        "opt = SGD(learning_rate=0.01)\nhalf = n / 2",  # a Python 3 cell: its `/` is its author's
        "for k, v in logs.items():\n    !echo $k\n    print(k, v)"]
    assert [str(f) for f in result.findings if f.rule == RULE] == [
        "nb.ipynb:cell 1:3:1: python2_syntax: advice: cells 1, 3 rewritten from Python 2 by 2to3's fixers (print, dict)"]
    assert result.converted == 2  # the notebook's conversion and SGD's lr=
    again = rewrite_notebook(result.rewritten, "nb.ipynb", all_rules())
    assert not again.changed and again.findings == ()


def test_a_notebook_cells_divisions_are_named_by_cell():
    result = rewrite_notebook(_notebook("import keras", "print 'x'\nsteps = n / batch"), "nb.ipynb", all_rules())
    assert [f.message for f in result.findings] == [
        f"cell 2 rewritten from Python 2 by 2to3's fixers (print); {UNCHECKED} at cell 2 line 2 "
        "(write `//` where both sides are ints)"]


# ---------------------------------------------------------------- against Python 2.7 itself

BEHAVIOUR = """
import cPickle, Queue
from itertools import izip
labels = {'cat': 3, 'dog': 5, 'emu': 1}
print sorted(labels.keys()), type(labels.keys()).__name__, labels.has_key('cat')
print map(lambda x: x * 2, [1, 2]), filter(None, [0, 1, 2]), zip('ab', [1, 2])[1]
print range(3), list(xrange(2)), 10L + 1, 0777, `labels['cat']`, 2 <> 3
for pair in sorted(labels.iteritems()):
    print pair,
print
print isinstance(u'x', basestring), unicode('y'), long(4), reduce(lambda a, b: a + b, [1, 2, 3])
print list(izip([1], [2])), cPickle.loads(cPickle.dumps({'a': 1})), Queue.Queue().qsize()
def first((a, b)):
    return a
print first((7, 8)), apply(max, (1, 9))
class It(object):
    def __init__(self):
        self.n = 0
    def __iter__(self):
        return self
    def next(self):
        self.n += 1
        if self.n > 2:
            raise StopIteration
        return self.n
    def __nonzero__(self):
        return False
print list(It()), bool(It()), It().__init__.im_func.func_name
try:
    raise KeyError, 'k'
except KeyError, e:
    print 'caught', e
"""


def _run_both(tmp_path: Path, source: str) -> tuple[subprocess.CompletedProcess, subprocess.CompletedProcess]:
    """The original run by Python 2.7 and its conversion run by this Python, each checked to succeed."""
    original = tmp_path / "py2.py"
    original.write_text(source)
    before = subprocess.run([PYTHON2, str(original)], capture_output=True, text=True, timeout=60)
    assert before.returncode == 0, before.stderr
    converted = tmp_path / "py3.py"
    converted.write_bytes(rewrite_source(source.encode(), "py2.py", all_rules()).rewritten)
    after = subprocess.run([sys.executable, str(converted)], capture_output=True, text=True, timeout=60)
    assert after.returncode == 0, after.stderr
    return before, after


@pytest.mark.skipif(PYTHON2 is None, reason="no Python 2.7 interpreter here")
def test_the_converted_program_prints_what_python_2_printed(tmp_path):
    """What the chosen fixers do, checked against a real Python 2.7 running the original."""
    before, after = _run_both(tmp_path, BEHAVIOUR)
    # One difference 2to3 keeps: `print x,` then `print` leaves a space before the newline, which Python 2's
    # softspace dropped. Every value printed is the same.
    assert after.stdout != before.stdout
    assert [line.rstrip() for line in after.stdout.splitlines()] == before.stdout.splitlines()
    assert "0755" not in before.stdout and len(before.stdout.splitlines()) == 9


TABS = 'def f(n):\n\tout = []\n        for i in range(n):\n\t    \tif i % 2:\n\t\t\tout.append(i)\n' \
       '        \telse:\n\t\t\tout.append(-i)\n\treturn out, """x\n\ty"""\nprint f(4)\n'


@pytest.mark.skipif(PYTHON2 is None, reason="no Python 2.7 interpreter here")
def test_expanded_indentation_keeps_python_2s_blocks(tmp_path):
    """Blocks indented by a tab, by 8 spaces and by a tab with spaces between: Python 2.7 ran the original,
    Python 3 runs the converted file, and both print the same (the string's tab included)."""
    before, after = _run_both(tmp_path, TABS)
    assert after.stdout == before.stdout == "([0, 1, -2, 3], 'x\\n\\ty')\n"


# ---------------------------------------------------------------- speed: fissix only where needed

def test_a_python_3_tree_never_imports_fissix(tmp_path):
    (tmp_path / "train.py").write_text("import keras\nmodel.fit_generator(batches(), 10)\nprint('done')\n")
    (tmp_path / "util.py").write_text("def f(x):\n    return x / 2\n")
    probe = ("import sys\nfrom pathlib import Path\nfrom migrate.codemod.engine import run\n"
             "from migrate.codemod.registry import all_rules\n"
             f"summary = run([Path({str(tmp_path)!r})], all_rules())\n"
             "assert summary.files_changed == 1, summary.line()\nprint('fissix' in sys.modules)")
    said = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert said.returncode == 0 and said.stdout.strip() == "False", said.stderr


# ---------------------------------------------------------------- executed: a Python 2 Keras script under Keras 3

KERAS_SCRIPT = """\
# A 2017 Keras training script, Python 2: print statements, cPickle, iteritems, has_key, xrange, except X, e.
import sys
import cPickle
import numpy as np
from keras.models import Sequential
from keras.layers import Dense, Dropout
from keras.optimizers import SGD

np.random.seed(7)
data = {'x': np.random.rand(64, 8).astype('float32'), 'y': np.random.randint(0, 2, (64, 1))}
data['x'] /= 2.0
print "samples:", len(data['x'])
for name, value in sorted(data.iteritems()):
    print "%s %s" % (name, value.shape)

model = Sequential()
model.add(Dense(output_dim=16, input_dim=8, init='uniform', activation='relu'))
model.add(Dropout(0.1))
model.add(Dense(1, activation='sigmoid'))
model.compile(loss='binary_crossentropy', optimizer=SGD(lr=0.1, decay=1e-6), metrics=['accuracy'])
history = model.fit(data['x'], data['y'], nb_epoch=2, batch_size=16, verbose=0)
for epoch in xrange(len(history.history['loss'])):
    print epoch, history.history['acc'][epoch]
try:
    cPickle.dump(history.history, open(sys.argv[1], 'wb'))
except IOError, e:
    print >>sys.stderr, "could not save the history:", e
    raise SystemExit, 1
if not data.has_key('z'):
    print 'ok'
"""


def test_a_python_2_keras_script_runs_under_keras_3(tmp_path):
    script = tmp_path / "train.py"
    script.write_text(KERAS_SCRIPT)
    if PYTHON2 is not None:  # the fixture is real Python 2
        compiled = subprocess.run([PYTHON2, "-m", "py_compile", str(script)], capture_output=True, text=True, timeout=60)
        assert compiled.returncode == 0, compiled.stderr
    done = subprocess.run([sys.executable, "-m", "migrate", "code", "--write", str(script)], capture_output=True,
                          text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 0 and ", 0 sites left for review," in done.stderr, done.stderr
    assert f"{script}:3:1: python2_syntax: advice: rewritten from Python 2 by 2to3's fixers (print, except, raise, " \
           "xrange, has_key, imports, dict)" in done.stderr
    again = subprocess.run([sys.executable, "-m", "migrate", "code", "--check", str(script)], capture_output=True,
                           text=True, timeout=300, cwd=ROOT)
    assert again.returncode == 0 and again.stderr.splitlines()[-1].startswith("0 files changed, 0 sites converted")
    env = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3")
    run = subprocess.run([sys.executable, str(script), str(tmp_path / "history.pkl")], capture_output=True, text=True,
                         timeout=600, env=env, cwd=tmp_path)
    assert run.returncode == 0 and run.stdout.strip().endswith("ok"), run.stderr[-2500:]
    assert "samples: 64" in run.stdout and (tmp_path / "history.pkl").exists()
