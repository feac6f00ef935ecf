"""report.html in a real browser: it renders offline, its table is there, and a screenshot is taken."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from migrate.zoo.records import ModelRow
from migrate.zoo.report import build_report, render_html

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
MODELS = [ModelRow.from_json(row) for row in [
    {"source": "a/m1.h5", "status": "converted", "output": "a/m1.keras", "keras_version": "2.3.1", "wrapper_depth": 2,
     "replicas": [2, 4], "params": 212, "seconds": 0.4, "max_abs_diff": None, "error": None,
     "warnings": ["optimizer state not carried: 4 saved slots do not fit Adam"]},
    {"source": "a/m2.h5", "status": "skipped", "output": "a/m2.keras", "keras_version": "2.2.4", "wrapper_depth": 1,
     "replicas": [2], "params": 900, "seconds": 0.0, "max_abs_diff": None, "error": None},
    {"source": "b/bad.h5", "status": "failed", "output": None, "keras_version": None, "wrapper_depth": 0,
     "replicas": [], "params": 0, "seconds": 0.1, "max_abs_diff": None, "error": "b/bad.h5: not an HDF5 file <x>"},
]]


def test_html_escapes_what_files_say():
    page = render_html(build_report(MODELS, 1.5))
    assert "not an HDF5 file &lt;x&gt;" in page and "<x>" not in page


def dump_dom(page, query, tmp_path):
    """The page's DOM after its scripts ran, as headless Chromium renders it."""
    profile = ["--user-data-dir=" + str(tmp_path / "profile")]
    dom = subprocess.run([CHROMIUM, *FLAGS, *profile, "--dump-dom", page.as_uri() + query], capture_output=True,
                         text=True, timeout=120)
    assert dom.returncode == 0, dom.stderr[-2000:]
    return dom.stdout


def visible_sources(dom):
    """The source cell of every row not hidden by the filter, in the order shown."""
    rows = re.findall(r'<tr class="[a-z]+" data-status="[a-z]+" data-warnings="[a-z]+"( style="display: none;")?>'
                      r'<td[^>]*>([^<]*)</td>', dom)
    return [source for hidden, source in rows if not hidden]


@pytest.fixture
def chromium():
    """Debian's Chromium. Without it these tests skip and say why; no test reads the environment (such as CI)
    to decide, so a run passes or fails the same everywhere, and the skip reason names the fix."""
    if CHROMIUM is None:
        pytest.skip("Debian's chromium is not installed: `apt-get install -y chromium` (.ci/run installs it)")
    return CHROMIUM


def test_renders_in_headless_chromium_with_a_screenshot(tmp_path, chromium):
    page = tmp_path / "report.html"
    page.write_text(render_html(build_report(MODELS, 1.5)))
    dom = dump_dom(page, "", tmp_path)
    assert dom.count('<tr class="') == 3 and "Models by status" in dom
    assert visible_sources(dom) == ["a/m1.h5", "a/m2.h5", "b/bad.h5"]
    shot = tmp_path / "report.png"
    subprocess.run([CHROMIUM, *FLAGS, "--user-data-dir=" + str(tmp_path / "profile"), f"--screenshot={shot}",
                    "--window-size=1280,800", page.as_uri()], capture_output=True, timeout=120, check=True)
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 10_000


@pytest.mark.parametrize("query, shown", [
    ("?sort=params&order=desc", ["a/m2.h5", "a/m1.h5", "b/bad.h5"]),
    ("?sort=params", ["b/bad.h5", "a/m1.h5", "a/m2.h5"]),
    ("?status=failed", ["b/bad.h5"]),
    ("?filter=2.2.4", ["a/m2.h5"]),
    ("?warned=1", ["a/m1.h5"]),
])
def test_sorts_and_filters_in_the_browser(tmp_path, chromium, query, shown):
    """The table's own script sorts and filters (driven by a linkable query string), read off the DOM."""
    page = tmp_path / "report.html"
    page.write_text(render_html(build_report(MODELS, 1.5)))
    assert visible_sources(dump_dom(page, query, tmp_path)) == shown
