"""The zoo's reports: report.json (for tools), report.md (for people in a terminal or a PR), report.html
(one self-contained page, no network: summary, charts of statuses and wrapper depths, a sortable and
filterable table). All are written atomically."""

from __future__ import annotations

import html
import json
from collections import Counter
from pathlib import Path
from typing import Any

from migrate.export.record import short_line
from migrate.save import write_text_atomically
from migrate.zoo.records import ModelRow

STATUS_COLOURS = {"converted": "#2e7d32", "skipped": "#1565c0", "failed": "#c62828"}


def build_report(rows: list[ModelRow], seconds: float) -> dict[str, Any]:
    """The report as JSON data (the form every report file is rendered from): rows sorted by source."""
    models = [row.to_json() for row in sorted(rows, key=lambda row: row.source)]
    counts = Counter(model["status"] for model in models)
    # What this run converted: a rerun's skipped rows keep their last conversion's warnings and Lambda
    # counts for the table, but the summary line counts this run's work, so that its numbers add up.
    converted = [model for model in models if model["status"] == "converted"]
    summary = {"total": len(models), "converted": counts["converted"], "skipped": counts["skipped"],
               "failed": counts["failed"], "seconds": round(seconds, 3),
               "warnings": sum(len(m["warnings"]) for m in converted),
               "with_warnings": sum(1 for m in converted if m["warnings"]),
               "lambdas_lifted": sum(m["lambdas_lifted"] for m in converted),
               "wrapper_depths": dict(sorted(Counter(str(m["wrapper_depth"] or 0) for m in models
                                                     if m["status"] != "failed").items())),
               "exports": _export_counts(models)}
    return {"models": models, "summary": summary}


def _export_counts(models: list[dict[str, Any]]) -> dict[str, dict[str, int]]:
    """Per format: how many models were asked for it, how many got a file, how many matched in its runtime."""
    counts: dict[str, dict[str, int]] = {}
    for export in (export for m in models for export in m.get("exports") or ()):
        count = counts.setdefault(export["format"], {"asked": 0, "written": 0, "matched": 0})
        count["asked"] += 1
        count["written"] += export.get("path") is not None
        count["matched"] += bool(export.get("matched"))
    return counts


def summary_line(report: dict[str, Any]) -> str:
    """`N converted, M skipped, K failed`, then what the N converted in this run lifted and warned of, if any."""
    s = report["summary"]
    line = f"{s['converted']} converted, {s['skipped']} skipped, {s['failed']} failed"
    line += f"; {s['lambdas_lifted']} user Lambda(s) lifted to built-in layers" if s.get("lambdas_lifted") else ""
    line += "".join(f"; {name}: {c['matched']}/{c['asked']} exported and matched" for name, c in s.get("exports", {}).items())
    return line + (f"; {s['with_warnings']} converted with {s['warnings']} warning(s)" if s["warnings"] else "")


def write_reports(out: Path, report: dict[str, Any]) -> None:
    write_text_atomically(out / "report.json", json.dumps(report, indent=1) + "\n")
    write_text_atomically(out / "report.md", render_markdown(report))
    write_text_atomically(out / "report.html", render_html(report))


def render_markdown(report: dict[str, Any]) -> str:
    s = report["summary"]
    lines = ["# migrate zoo report", "", f"**{summary_line(report)}** of {s['total']} models in {s['seconds']:.1f} s.",
             "", "| source | status | output | Keras | depth | replicas | params | Lambdas lifted | seconds | max abs diff "
             "| within tolerance | exports | warnings | error or note |", "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for m in report["models"]:
        cells = [m["source"], m["status"], m["output"] or "", m["keras_version"] or "", m["wrapper_depth"] or 0,
                 m["replicas"] or "", m["params"] or "", m.get("lambdas_lifted") or "", f"{m['seconds']:.2f}" if m["seconds"] else "",
                 f"{m['max_abs_diff']:.2g}" if m["max_abs_diff"] is not None else "", _yes_no(m.get("within_tolerance")),
                 "; ".join(short_line(export) for export in m.get("exports") or ()),
                 "; ".join(m["warnings"]),
                 m["error"] or m["note"] or ""]
        lines.append("| " + " | ".join(str(c).replace("|", "\\|") for c in cells) + " |")
    return "\n".join(lines) + "\n"


def _yes_no(value: bool | None) -> str:
    """A yes/no cell; empty where nothing was compared."""
    return "" if value is None else "yes" if value else "no"


def _bars(counts: dict[str, int], colours: dict[str, str] | None, title: str) -> str:
    """An inline SVG bar chart: no script, no network."""
    if not counts:
        return ""
    peak = max(counts.values()) or 1
    rows = []
    for i, (label, value) in enumerate(counts.items()):
        width = 260 * value / peak
        colour = (colours or {}).get(label, "#6a1b9a")
        rows.append(f'<text x="0" y="{22 * i + 15}">{html.escape(label)}</text>'
                    f'<rect x="90" y="{22 * i + 3}" width="{width:.1f}" height="16" fill="{colour}"></rect>'
                    f'<text x="{96 + width:.1f}" y="{22 * i + 15}">{value}</text>')
    height = 22 * len(counts) + 4
    return (f'<figure><figcaption>{html.escape(title)}</figcaption><svg role="img" aria-label="{html.escape(title)}" '
            f'viewBox="0 0 400 {height}" width="400" height="{height}" font-size="13">{"".join(rows)}</svg></figure>')


# Why the layout is this way: long paths and error messages have no spaces to wrap at, so the long-text columns
# may break anywhere; below 1100 px (a phone, a tablet) thirteen columns cannot fit side by side, so each row becomes a card
# of label: value lines (labels from data-label), empty fields are left out, and the header stays as a wrapped
# row of sort buttons. The charts scale down with their viewBox. Nothing here widens the page past its window.
STYLE = """
*{box-sizing:border-box} body{font-family:system-ui,sans-serif;margin:24px;color:#222} h1{margin:0 0 4px}
.cards{display:flex;flex-wrap:wrap;gap:12px;margin:16px 0}
.card{padding:12px 18px;border-radius:8px;background:#f4f4f4;min-width:110px}
.card b{display:block;font-size:28px} .converted b{color:#2e7d32} .skipped b{color:#1565c0} .failed b{color:#c62828}
.charts{display:flex;flex-wrap:wrap;gap:16px 40px} figure{margin:0;max-width:100%}
figcaption{font-weight:600;margin-bottom:6px} svg{max-width:100%;height:auto}
.controls{margin-top:20px;display:flex;flex-wrap:wrap;gap:12px;align-items:center}
input,select{padding:6px;font-size:14px;max-width:100%} #filter{flex:0 1 22em;min-width:0}
table{border-collapse:collapse;width:100%;margin-top:12px;font-size:13px}
th,td{border-bottom:1px solid #ddd;padding:6px;text-align:left;vertical-align:top}
th{cursor:pointer;background:#fafafa;position:sticky;top:0} th:after{content:" \\2195";color:#aaa}
td.long{overflow-wrap:anywhere;min-width:5em} td.error{color:#c62828}
td[data-label=source]{min-width:9em} td[data-label=error]{min-width:12em}
tr.failed td{background:#fff5f5} .status{font-weight:600}
@media (max-width:1100px){
 body{margin:12px} .card{min-width:0;flex:1 1 90px;padding:10px 12px}
 table,thead,tbody,tr,td{display:block} table{margin-top:16px}
 thead tr{display:flex;flex-wrap:wrap;gap:6px;align-items:center} thead tr:before{content:"sort by";color:#555}
 th{position:static;border:1px solid #ddd;border-radius:14px;padding:3px 10px;font-weight:500;font-size:13px}
 tbody tr{border:1px solid #ddd;border-radius:8px;margin:10px 0;padding:6px 0}
 tbody tr.failed{background:#fff5f5} tr.failed td{background:none}
 td{display:grid;grid-template-columns:7.5em minmax(0,1fr);gap:8px;border:0;padding:3px 12px;min-width:0}
 td:before{content:attr(data-label);color:#666;font-weight:400} td:empty{display:none}
 td.error{max-width:none} td.long{min-width:0}
}
"""

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>migrate zoo report</title>
<style>{style}</style></head><body>
<h1>migrate zoo report</h1><div>{total} models, {seconds:.1f} s</div>
<div class="cards"><div class="card converted"><b>{converted}</b>converted</div>
<div class="card skipped"><b>{skipped}</b>skipped</div><div class="card failed"><b>{failed}</b>failed</div></div>
<div class="charts">{status_chart}{depth_chart}</div>
<div class="controls"><input id="filter" placeholder="filter by any text" aria-label="filter">
<select id="status"><option value="">all statuses</option><option>converted</option><option>skipped</option><option>failed</option></select>
<label><input type="checkbox" id="warned"> only with warnings ({with_warnings})</label></div>
<table id="models"><thead><tr>{header}</tr></thead><tbody>{rows}</tbody></table>
<script>
const table = document.getElementById("models"), body = table.tBodies[0];
function applyFilter() {{
  const text = document.getElementById("filter").value.toLowerCase(), status = document.getElementById("status").value;
  for (const row of body.rows) {{
    const warned = document.getElementById("warned").checked;
    const show = row.textContent.toLowerCase().includes(text) && (!status || row.dataset.status === status)
      && (!warned || row.dataset.warnings === "yes");
    row.style.display = show ? "" : "none";
  }}
}}
document.getElementById("filter").addEventListener("input", applyFilter);
document.getElementById("status").addEventListener("change", applyFilter);
document.getElementById("warned").addEventListener("change", applyFilter);
function sortBy(th) {{
  const column = th.cellIndex, ascending = th.dataset.order !== "asc";
  th.dataset.order = ascending ? "asc" : "desc";
  const key = cell => {{ const v = cell.dataset.value ?? cell.textContent; const n = parseFloat(v); return isNaN(n) ? v : n; }};
  [...body.rows].sort((a, b) => {{
    const x = key(a.cells[column]), y = key(b.cells[column]);
    return (x > y ? 1 : x < y ? -1 : 0) * (ascending ? 1 : -1);
  }}).forEach(row => body.appendChild(row));
}}
table.tHead.addEventListener("click", event => {{ const th = event.target.closest("th"); if (th) sortBy(th); }});
// A view can be linked: ?filter=TEXT&status=failed&warned=1&sort=COLUMN&order=desc
const query = new URLSearchParams(location.search);
document.getElementById("filter").value = query.get("filter") ?? "";
document.getElementById("status").value = query.get("status") ?? "";
document.getElementById("warned").checked = query.get("warned") === "1";
const sorted = [...table.tHead.rows[0].cells].find(th => th.dataset.column === query.get("sort"));
if (sorted) {{ if (query.get("order") === "desc") sorted.dataset.order = "asc"; sortBy(sorted); }}
applyFilter();
</script></body></html>
"""


COLUMNS = ("source", "status", "error", "output", "keras_version", "wrapper_depth", "replicas", "params",
           "lambdas_lifted", "seconds", "max_abs_diff", "within_tolerance", "exports", "warnings", "note")
LONG_TEXT = ("source", "error", "output", "exports", "warnings", "note")


def _shown(column: str, value: Any) -> str:
    """A cell's text: numbers rounded to what a reader compares, lists joined, nothing for no value."""
    if value is None or value == []:
        return ""
    if column == "seconds":
        return f"{value:.2f}"
    if column == "max_abs_diff":
        return f"{value:.2g}"
    if isinstance(value, bool):
        return _yes_no(value)
    if column == "replicas":
        return " x ".join(map(str, value))
    if column == "exports":
        return "; ".join(map(short_line, value))
    return "; ".join(value) if column == "warnings" else str(value)


def _cell(column: str, value: Any) -> str:
    """One <td>: its class lets long paths and messages break anywhere, data-label names it when the row is shown
    as a card on a narrow screen, and data-value keeps numeric sorting exact despite the rounding shown."""
    classes = " ".join(["long"] * (column in LONG_TEXT) + ["status"] * (column == "status")
                       + ["error"] * (column in ("error", "warnings")))
    label = column.replace("_", " ")
    sort = f' data-value="{html.escape(str(value))}"' if isinstance(value, (int, float)) else ""
    css = f' class="{classes}"' if classes else ""
    return f'<td{css} data-label="{label}"{sort}>{html.escape(_shown(column, value))}</td>'


def _row(model: dict[str, Any]) -> str:
    """One <tr>; its data-status and data-warnings are what the page's filter script reads."""
    warned = "yes" if model["warnings"] else "no"
    cells = "".join(_cell(c, model.get(c)) for c in COLUMNS)
    return f'<tr class="{model["status"]}" data-status="{model["status"]}" data-warnings="{warned}">{cells}</tr>'


def render_html(report: dict[str, Any]) -> str:
    s = report["summary"]
    header = "".join(f'<th data-column="{c}">{c.replace("_", " ")}</th>' for c in COLUMNS)
    statuses = {k: s[k] for k in ("converted", "skipped", "failed")}
    depths = {f"depth {k}": v for k, v in s["wrapper_depths"].items()}
    return PAGE.format(style=STYLE, with_warnings=s["with_warnings"], total=s["total"], seconds=s["seconds"],
                       converted=s["converted"], skipped=s["skipped"], failed=s["failed"],
                       status_chart=_bars(statuses, STATUS_COLOURS, "Models by status"),
                       depth_chart=_bars(depths, None, "multi_gpu_model wrapper depth"), header=header,
                       rows="".join(_row(m) for m in report["models"]))
