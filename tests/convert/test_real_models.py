"""The real-model corpus: every file with a reference (the corpus's or ours) converts with no options and
reproduces it, user Lambdas included; the others fail with the documented message."""

from __future__ import annotations

from pathlib import Path

import pytest

from migrate.convert import ConvertOptions, convert_file
from tests.conftest import REAL, REAL_FILES, skip_without_corpus

# References for corpus files the corpus has none for: user-Lambda files whose bytecode the corpus's
# Python 3.7 oracle could not run. Made with ../shared/tools/oracle_refs.py on a real Python 2.7 legacy
# stack (Keras 2.3.1, TensorFlow 1.15.0) for the two Python 2 files, and with ORACLE_LAMBDA set to the
# source migrate decoded from the bytecode for Python 3.5's bc_davinderc (see corpus_refs/README.md).
OWN_REFS = Path(__file__).parent / "corpus_refs"
LAMBDA_FILES = {"bc_davinderc.h5", "dl4j_model_lambda.h5", "dl4j_sequential_lambda.h5", "dl4j_deepfm.h5",
                "dl4j_space_to_depth_graph_tf2.h5"}
# Files known not to reproduce yet, with the reason (strict xfail: fixing one fails the run until it moves).
OPEN: dict[str, str] = {}


def reference_for(path: Path) -> Path | None:
    """The corpus's own reference for a file, else ours, else None."""
    for candidate in (REAL / "refs" / f"{path.stem}.npz", OWN_REFS / f"{path.stem}.npz"):
        if candidate.exists():
            return candidate
    return None


def _params(with_reference: bool):
    if not REAL_FILES:
        return [pytest.param(None, marks=pytest.mark.real_corpus, id="no-corpus")]
    chosen = [p for p in REAL_FILES if (reference_for(p) is not None) == with_reference]
    return [pytest.param(p, id=p.name, marks=[pytest.mark.xfail(reason=OPEN[p.name], strict=True)]
                         if p.name in OPEN else []) for p in chosen]


@pytest.mark.parametrize("path", _params(with_reference=True))
def test_files_with_a_reference_reproduce_it_with_no_options(path, tmp_path):
    result = convert_file(path, ConvertOptions(output=tmp_path / "out.keras", reference=reference_for(path)))
    assert result.status == "converted", result.error
    assert result.within_tolerance


def test_every_lambda_file_has_a_reference_and_lifts_every_lambda(tmp_path):
    if not REAL_FILES:
        skip_without_corpus()
    assert LAMBDA_FILES <= {p.name for p in REAL_FILES if reference_for(p)}
    for name in sorted(LAMBDA_FILES):
        result = convert_file(REAL / name, ConvertOptions(output=tmp_path / f"{name}.keras",
                                                          reference=reference_for(REAL / name)))
        assert result.status == "converted", result.error
        lifted = [note for note in result.rebuild.notes if "read as data) lifted to" in note]
        assert lifted and not any("custom_objects" in note for note in result.rebuild.notes), name
        config = (tmp_path / f"{name}.keras").read_bytes()
        assert b'"Lambda"' not in _archive_config(tmp_path / f"{name}.keras"), name
        assert config


def test_a_users_own_function_still_wins_over_lifting(tmp_path):
    """--lambda replaces what migrate would lift (the user may know better); the output then needs it to load."""
    path = REAL / "dl4j_space_to_depth_graph_tf2.h5"
    if not path.exists():
        skip_without_corpus()
    result = convert_file(path, ConvertOptions(
        output=tmp_path / "b.keras", reference=reference_for(path),
        lambdas=("space_to_depth_x2=tests.convert.legacy_functions:space_to_depth_x2",)))
    assert result.status == "converted", result.error
    assert any("custom_objects" in note for note in result.rebuild.notes)
    assert not any("lifted to" in note for note in result.rebuild.notes)


def _archive_config(path: Path) -> bytes:
    import zipfile

    with zipfile.ZipFile(path) as archive:
        return archive.read("config.json")


def test_weights_only_without_architecture_says_what_to_do(tmp_path):
    path = REAL / "l3_downstream_weights_only.h5"
    if not path.exists():
        skip_without_corpus()
    result = convert_file(path, ConvertOptions(output=tmp_path / "x.keras"))
    assert result.status == "failed" and "--architecture" in result.error


def test_semantic_fixes_are_reported():
    path = REAL / "dl4j_lstm_functional_k208.h5"
    if not path.exists():
        skip_without_corpus()
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as out:
        result = convert_file(path, ConvertOptions(output=Path(out) / "x.keras",
                                                   reference=REAL / "refs" / "dl4j_lstm_functional_k208.npz"))
    assert result.status == "converted" and result.rebuild.weights_fixed == 3
    assert any("hard_sigmoid" in note for note in result.rebuild.notes)
