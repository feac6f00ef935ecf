"""Property test: a real sample with one config value replaced converts, or fails with a record saying
why; no other exception escapes, and a failure writes nothing but the review file its error names."""

from __future__ import annotations

import json
import shutil

import h5py
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from migrate.convert import ConvertOptions, convert_file
from tests.conftest import SAMPLES
from tests.read.test_fuzz import _paths, _replace, json_values

# Small, quick models of every generation (one each), so that each example costs a fraction of a second.
SOURCES = ["k122_functional_merge.h5", "k216_plain_sequential.h5", "k224_mgpu2_mlp_adam.h5",
           "k231_mgpu2_seq2seq_mask.h5", "tfk115_plain_submodel.h5", "tfk23_mgpu2_tf_ops.h5", "tfk23_mgpu2_cudnn.h5"]


@settings(deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
          max_examples=30)
@given(source=st.sampled_from(SOURCES), pick=st.integers(min_value=0), value=json_values,
       attribute=st.sampled_from(["model_config", "training_config"]))
def test_mutated_files_convert_or_fail_with_a_record(tmp_path_factory, source, pick, value, attribute):
    folder = tmp_path_factory.mktemp("fuzz")
    path = folder / source
    shutil.copy(SAMPLES / source, path)
    with h5py.File(path, "r+") as h5:
        if attribute in h5.attrs:
            document = json.loads(h5.attrs[attribute])
            places = list(_paths(document))
            h5.attrs[attribute] = json.dumps(_replace(document, places[pick % len(places)][0], value))
    result = convert_file(path, ConvertOptions(output=folder / "out.keras"))
    assert result.status in ("converted", "failed")
    if result.status == "failed":
        assert result.error and str(path) in result.error
        # A mutation can make a multi_gpu_model slicer a user Lambda (a merge's axis changed, say): then the
        # refusal leaves `<stem>_lambdas.py` for review, as documented, and its error says so. Nothing else.
        review = folder / f"{path.stem}_lambdas.py"
        expected = sorted([source] + ([review.name] if str(review) in result.error else []))
        assert sorted(p.name for p in folder.iterdir()) == expected
        if review.exists():
            compile(review.read_text(), str(review), "exec")
