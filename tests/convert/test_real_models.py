"""The real-model corpus: files with a reference reproduce it; the others convert with the documented
option or fail with the documented message."""

from __future__ import annotations

import pytest

from migrate.convert import ConvertOptions, convert_file
from tests.conftest import REAL, REAL_FILES, skip_without_corpus

F = "tests.convert.legacy_functions"
# The user's own functions for each file's Lambdas (see legacy_functions.py).
LAMBDAS = {
    "dl4j_deepfm.h5": (f"cat_embed_2d_genure_mean={F}:mean_over_fields_keepdims", f"embed_1d_mean={F}:mean_over_fields",
                       f"sum_of_tensors={F}:sum_over_fields", f"square_of_tensors={F}:square", f"lambda_1={F}:half"),
    "dl4j_space_to_depth_graph_tf2.h5": (f"space_to_depth_x2={F}:space_to_depth_x2",),
    "bc_davinderc.h5": (f"lambda_1={F}:normalize_pixels",),
    "dl4j_model_lambda.h5": (f"lambda_3={F}:squared", f"lambda_4={F}:tripled"),
    "dl4j_sequential_lambda.h5": (f"lambda_1={F}:squared", f"lambda_2={F}:tripled"),
}
# Files known not to reproduce yet, with the reason (strict xfail: fixing one fails the run until it moves).
OPEN: dict[str, str] = {}


def _params(with_reference: bool):
    if not REAL_FILES:
        return [pytest.param(None, marks=pytest.mark.real_corpus, id="no-corpus")]
    chosen = [p for p in REAL_FILES if (REAL / "refs" / (p.stem + ".npz")).exists() == with_reference]
    return [pytest.param(p, id=p.name, marks=[pytest.mark.xfail(reason=OPEN[p.name], strict=True)]
                         if p.name in OPEN else []) for p in chosen]


@pytest.mark.parametrize("path", _params(with_reference=True))
def test_files_with_a_reference_reproduce_it(path, tmp_path):
    options = ConvertOptions(output=tmp_path / "out.keras", reference=REAL / "refs" / (path.stem + ".npz"),
                             lambdas=LAMBDAS.get(path.name, ()))
    result = convert_file(path, options)
    assert result.status == "converted", result.error
    assert result.max_abs_diff <= 1e-4


@pytest.mark.parametrize("path", [p for p in _params(with_reference=True) + _params(with_reference=False)
                                  if p.values[0] is None or p.values[0].name in LAMBDAS])
def test_user_lambdas_fail_with_the_way_out_then_convert_with_it(path, tmp_path):
    failed = convert_file(path, ConvertOptions(output=tmp_path / "a.keras"))
    assert failed.status == "failed"
    assert "--lambda" in failed.error and "never runs" in failed.error and path.name in failed.error
    assert not (tmp_path / "a.keras").exists()
    converted = convert_file(path, ConvertOptions(output=tmp_path / "b.keras", lambdas=LAMBDAS[path.name]))
    assert converted.status == "converted", converted.error
    assert any("custom_objects" in note for note in converted.rebuild.notes)


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
