"""inspect_file's report: what it says about wrappers, templates, weights, training and problems."""

from __future__ import annotations

import pytest

from migrate.diagnosis import inspect_file
from tests.conftest import real, sample, sample_params


@pytest.mark.parametrize("row", sample_params())
def test_every_sample_reports_its_format_depth_and_replicas(row):
    report = inspect_file(sample(row["file"]))
    assert (report.format, report.wrapper_depth, report.replicas) == (row["format"], row["wrapper_depth"], row["replicas"])
    assert (report.training is not None) == row["compiled"]


def test_multi_io_wrapper_report():
    report = inspect_file(sample("k231_mgpu3_multi_io.h5"))
    template = report.template
    assert (template.name, template.class_name, template.params) == ("two_towers", "Model", 196)
    assert [(s.name, s.shape) for s in template.inputs] == [("left", [None, 8]), ("right", [None, 6])]
    assert [(s.name, s.shape) for s in template.outputs] == [("score", [None, 1]), ("aux", [None, 3])]
    assert report.training.optimizer == "Adam"
    assert report.training.loss_weights == {"score": 1.0, "aux": 0.5}
    assert report.optimizer_state == 1 + 3 * 8
    assert {entry["kind"] for entry in report.lambdas} == {"multi_gpu_slice"}
    assert len(report.lambdas) == 6


def test_weights_only_report_uses_the_sidecar_architecture():
    report = inspect_file(sample("k231_checkpoint_weights.h5"))
    assert report.architecture_source.endswith("k231_checkpoint_weights.json")
    assert (report.template.name, report.template.params) == ("mlp", 212)
    assert not report.keras3_loadable and "weights-only" in report.problems[0]


def test_weights_only_without_architecture_says_what_to_do():
    report = inspect_file(real("l3_downstream_weights_only.h5"))
    assert report.template is None
    assert any("--architecture" in note for note in report.notes)


def test_user_lambda_is_named_with_what_convert_does_with_it():
    report = inspect_file(real("dl4j_space_to_depth_graph_tf2.h5"))
    assert any("space_to_depth_x2" in problem and "lifts it to built-in layers (Reshape, Permute)" in problem
               for problem in report.problems)
    entry = next(entry for entry in report.lambdas if entry["layer"] == "space_to_depth_x2")
    assert entry["source"] == "lambda x: tf.space_to_depth(x, block_size=2)" and entry["lifts"]


def test_an_unliftable_user_lambda_is_named_with_the_way_out():
    report = inspect_file(sample("k231_lambda_loop.h5"))
    problem = next(problem for problem in report.problems if "'running_sum'" in problem)
    assert "cannot lift it (it loops" in problem and "--lambda" in problem
    entry = report.lambdas[0]
    assert not entry["lifts"] and entry["source"] is None and "loops" in entry["not_lifted_because"]


def test_keras1_file():
    report = inspect_file(real("bc_davinderc.h5"))
    assert report.keras_version == "1.2.0" and report.keras3_verdict == "fails"
    assert any("Keras 1" in problem for problem in report.problems)


def test_each_user_lambda_is_named_once_with_its_way_out():
    report = inspect_file(real("dl4j_model_lambda.h5"))
    for layer in ("lambda_3", "lambda_4"):
        naming = [problem for problem in report.problems if f"'{layer}'" in problem]
        assert len(naming) == 1 and "holds marshalled Python 2.7 bytecode" in naming[0] and "lifts it" in naming[0]
