"""Warnings are data: they travel from the conversion record to every report and to the summary line."""

from __future__ import annotations

import json

from migrate.zoo.records import ModelRow
from migrate.zoo.report import build_report, render_html, render_markdown, summary_line

ROWS = [ModelRow("a.h5", "converted", warnings=("optimizer state not carried: x", "weights matched by order")),
        ModelRow("b.h5", "converted"), ModelRow("c.h5", "failed", error="not HDF5", warnings=("ignored",))]


def test_must_not_mention_warnings_when_there_are_none():
    assert summary_line(build_report([ROWS[1]], 0.1)) == "1 converted, 0 skipped, 0 failed"


def test_the_summary_counts_warnings_of_converted_models():
    report = build_report(ROWS, 0.1)
    assert summary_line(report) == "2 converted, 0 skipped, 1 failed; 1 converted with 2 warning(s)"
    assert json.loads(json.dumps(report))["models"][0]["warnings"] == list(ROWS[0].warnings)


def test_markdown_and_html_show_them():
    report = build_report(ROWS, 0.1)
    assert "optimizer state not carried: x; weights matched by order" in render_markdown(report)
    page = render_html(report)
    assert 'data-warnings="yes"' in page and "only with warnings (1)" in page


def test_old_manifests_without_warnings_still_read():
    assert ModelRow.from_json({"source": "a.h5", "status": "converted", "extra": 1}).warnings == ()
