"""report.html in a real browser: it renders offline, its table is there, it sorts and filters, it fits a desktop
and a phone screen without horizontal overflow, and screenshots are taken."""

from __future__ import annotations

import html
import re
import shutil
import struct
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
# What widens a page: paths and messages with no space to wrap at, as real zoos and tracebacks have.
LONG_PATH = "/".join(["zoo", *(f"team_with_a_long_directory_name_{i}" for i in range(6)), "model_" + "0123456789" * 6])
LONG_ERROR = "ValueError: " + "x" * 160 + " " + "the saved layer config could not be read " * 8
LONG_MODELS = [ModelRow.from_json(row) for row in [
    {"source": LONG_PATH + ".h5", "status": "failed", "output": None, "keras_version": None, "wrapper_depth": 0,
     "replicas": [], "params": 0, "seconds": 0.1, "max_abs_diff": None, "error": LONG_ERROR},
    {"source": LONG_PATH + "_b.h5", "status": "converted", "output": LONG_PATH + "_b.keras", "keras_version": "2.3.1",
     "wrapper_depth": 2, "replicas": [2, 4], "params": 212, "seconds": 0.4, "max_abs_diff": 1e-7, "error": None,
     "warnings": ["optimizer state not carried: " + "y" * 120], "note": "used " + LONG_PATH + ".json beside it"},
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


def screenshot(page, width, tmp_path):
    """A PNG of the page in a window `width` x 900, checked to be that size, for a person to look at (pytest keeps
    tmp_path); unlike --dump-dom, --screenshot honours window widths below 500 px."""
    shot = tmp_path / f"report-{width}.png"
    subprocess.run([CHROMIUM, *FLAGS, "--user-data-dir=" + str(tmp_path / "profile"), f"--screenshot={shot}",
                    f"--window-size={width},900", page.as_uri()], capture_output=True, timeout=120, check=True)
    png = shot.read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">II", png[16:24]) == (width, 900)
    return shot


MEASURE = ('<script>addEventListener("load", () => { const w = document.getElementById("page").contentWindow;'
           ' const out = document.createElement("output"); out.id = "measured";'
           ' out.textContent = [w.document.documentElement.scrollWidth, w.document.documentElement.clientWidth,'
           ' w.innerWidth].join(" "); document.body.append(out); });</script>')


def page_widths(page, width, tmp_path):
    """(scrollWidth, clientWidth, innerWidth) of the page shown in a viewport `width` CSS px wide.

    Headless Chromium's --dump-dom lays a page out at least 500 px wide whatever --window-size asks (a 390 px window
    measured innerWidth 500), so the page goes in an iframe exactly `width` wide, inside a wider window: the iframe is
    the page's viewport (its media queries and innerWidth follow it), and a script in the outer page, same-origin
    through srcdoc, writes the three numbers into the DOM that --dump-dom prints."""
    harness = tmp_path / f"measure-{width}.html"
    harness.write_text(f'<!doctype html><body style="margin:0"><iframe id="page" style="border:0;width:{width}px;'
                       f'height:900px" srcdoc="{html.escape(page.read_text())}"></iframe>{MEASURE}</body>')
    profile = ["--user-data-dir=" + str(tmp_path / "profile"), f"--window-size={width + 200},1000"]
    dom = subprocess.run([CHROMIUM, *FLAGS, *profile, "--dump-dom", harness.as_uri()], capture_output=True,
                         text=True, timeout=120)
    assert dom.returncode == 0, dom.stderr[-2000:]
    measured = re.search(r'<output id="measured">(\d+) (\d+) (\d+)</output>', dom.stdout)
    assert measured, dom.stdout[-2000:]
    return tuple(int(n) for n in measured.groups())


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
    assert screenshot(page, 1280, tmp_path).stat().st_size > 10_000


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


@pytest.mark.parametrize("width", [1280, 390])
def test_long_paths_and_errors_do_not_overflow_desktop_or_phone(tmp_path, chromium, width):
    """At a laptop's 1280 px and a phone's 390 px the page is no wider than its window: long paths and messages break,
    and the table turns into cards on the phone. innerWidth is checked first, so the test cannot pass by measuring
    some other width; scrollWidth is compared with clientWidth, the width left beside a vertical scrollbar."""
    page = tmp_path / "report.html"
    page.write_text(render_html(build_report(LONG_MODELS + MODELS, 1.5)))
    scroll_width, client_width, inner_width = page_widths(page, width, tmp_path)
    assert inner_width == width
    assert scroll_width <= client_width, f"the page is {scroll_width} px wide in a {client_width} px viewport"
    screenshot(page, width, tmp_path)
