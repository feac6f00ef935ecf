"""Indentation that mixes tabs and spaces: Python 3 reads it, LibCST's native parser refuses it (LibCST issues 829
and 951). The file is rewritten through its indentation expanded to Python 2's 8 columns; lines no rule changed
keep their bytes. Before this, such a file was named "does not parse as Python 3" and left (andreum/
user-movie-embedding, 6 files)."""

from __future__ import annotations

import ast

import libcst as cst
import pytest

from migrate.codemod.engine import rewrite_source
from migrate.codemod.indentation import expand_indentation
from migrate.codemod.registry import all_rules

# Issue 829's shape: a tab and a space, then two tabs and a space. Python 3 accepts it.
REFUSED = b"import keras\ndef foo(m, g):\n\t with m:\n\t\t m.fit_generator(g)\n"


def test_libcst_refuses_what_python_3_reads():
    """The premise: if LibCST ever reads this, the workaround is dead code and this test says so."""
    ast.parse(REFUSED)
    with pytest.raises(cst.ParserSyntaxError):
        cst.parse_module(REFUSED)


def test_the_rewritten_line_changes_and_every_other_line_keeps_its_tabs():
    result = rewrite_source(REFUSED, "train.py", all_rules())
    assert result.error is None
    assert result.rewritten == b"import keras\ndef foo(m, g):\n\t with m:\n                 m.fit(g)\n"
    ast.parse(result.rewritten)
    assert not [f for f in result.findings if f.rule == "indentation"]
    assert rewrite_source(result.rewritten, "train.py", all_rules()).rewritten == result.rewritten


def test_a_file_with_nothing_to_rewrite_stays_byte_identical():
    source = REFUSED.replace(b"m.fit_generator(g)", b"m.fit(g)")
    result = rewrite_source(source, "train.py", all_rules())
    assert result.error is None and result.rewritten == source


def test_kept_and_rewritten_lines_python_3_would_refuse_together_keep_the_expanded_indentation():
    """`\\t\\t pass` kept under a rewritten line of 17 spaces: the same column at a tab's 8, not at a tab's 1,
    which Python 3 refuses (TabError). The whole file then keeps its expanded indentation, and says so."""
    source = REFUSED + b"\t\t pass\n"
    result = rewrite_source(source, "train.py", all_rules())
    assert result.rewritten == (b"import keras\ndef foo(m, g):\n         with m:\n                 m.fit(g)\n"
                                b"                 pass\n")
    assert [(f.rule, f.line, f.message) for f in result.findings] == [
        ("indentation", 1, "tabs in the indentation of 3 lines expanded to 8 columns (the same blocks): the lines kept "
                           "and the lines rewritten would mix them in a way Python 3 refuses")]


def test_a_file_python_3_refuses_is_still_named():
    source = b"import keras\ndef foo(m, g):\n\t with m:\n\t\t m.fit_generator(g\n"
    result = rewrite_source(source, "train.py", all_rules())
    assert result.rewritten is None and "does not parse as Python 3" in result.error


def test_expansion_counts_tabs_to_the_next_multiple_of_8_and_leaves_strings_and_blank_lines():
    text = 'if x:\n\t  a = """\n\tb"""\n  \t\n  \t  c = 1\n'
    assert expand_indentation(text) == ('if x:\n          a = """\n\tb"""\n  \t\n          c = 1\n', 2)
    assert expand_indentation("if x:\n\t  a = 1\n   \tb = 2\n") == ("if x:\n\t  a = 1\n   \tb = 2\n", 0)
