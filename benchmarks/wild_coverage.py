"""Coverage of real files people committed: migrate vs stock Keras 3's own loader, on the same files, in one run.

    python benchmarks/wild_coverage.py [--wild ../shared/wild_models]

For every file of the shared wild sample that carries an architecture, it counts:
- migrate: `migrate zoo` converts it with no options and, where the sample has a reference from the legacy
  stack, the output reproduces it (|out - ref| <= 1e-4 + 1e-6 |ref| per element; the zoo checks it);
- stock Keras 3: `keras.saving.load_model(path, safe_mode=True)` loads it and, where a reference exists,
  reproduces it within the same tolerance (each file in its own process, so one crash costs one file).
It prints both as converted / with-architecture and names the files either side fails, with the reason.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STOCK = """
import json, sys
import numpy as np
import keras
path, ref = sys.argv[1], sys.argv[2]
model = keras.saving.load_model(path, safe_mode=True)
if ref:
    bundle = np.load(ref)
    names = sorted(k for k in bundle.files if k.startswith("in_"))
    xs = [bundle[k] for k in names]
    outs = model.predict(xs if len(xs) > 1 else xs[0], verbose=0)
    outs = outs if isinstance(outs, (list, tuple)) else [outs]
    refs = [bundle[k] for k in sorted(k for k in bundle.files if k.startswith("out_"))]
    for got, want in zip(outs, refs):
        if np.any(np.abs(np.asarray(got) - want) > 1e-4 + 1e-6 * np.abs(want)):
            sys.exit("loads, but its outputs differ from the reference")
"""


def with_architecture(wild: Path) -> list[dict]:
    return [row for row in json.loads((wild / "manifest.json").read_text()) if row["has_architecture"]]


def reference(wild: Path, name: str) -> Path | None:
    stem = name[:-len(Path(name).suffix)] if Path(name).suffix else name
    path = wild / "refs" / f"{stem}.npz"
    return path if path.exists() else None


def run_migrate(wild: Path, rows: list[dict], work: Path) -> dict[str, str | None]:
    """One zoo run over copies of the files, each with its reference beside it: name -> None or the error."""
    source = work / "src"
    source.mkdir()
    for row in rows:
        original = wild / "files" / row["name"]
        (shutil.copytree if original.is_dir() else shutil.copy)(original, source / row["name"])
        ref = reference(wild, row["name"])
        if ref:
            shutil.copy(ref, source / ref.name)
    subprocess.run([sys.executable, "-m", "migrate", "zoo", source, "-o", work / "out"], cwd=ROOT,
                   capture_output=True, text=True, timeout=3600)
    report = json.loads((work / "out" / "report.json").read_text())
    found = {model["source"]: model for model in report["models"]}
    return {row["name"]: (None if found.get(row["name"], {}).get("status") == "converted"
                          else (found.get(row["name"]) or {}).get("error") or "not found by the zoo")
            for row in rows}


def run_stock(wild: Path, rows: list[dict]) -> dict[str, str | None]:
    """Stock Keras 3 on each file in a fresh process: name -> None or the last line of its error."""
    results = {}
    for row in rows:
        ref = reference(wild, row["name"])
        done = subprocess.run([sys.executable, "-c", STOCK, wild / "files" / row["name"], str(ref or "")],
                              capture_output=True, text=True, timeout=600)
        lines = [line for line in done.stderr.splitlines() if line.strip()]
        results[row["name"]] = None if done.returncode == 0 else (lines[-1][:160] if lines else f"exit {done.returncode}")
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wild", type=Path, default=ROOT.parent / "shared" / "wild_models")
    args = parser.parse_args()
    rows = with_architecture(args.wild)
    with tempfile.TemporaryDirectory() as work:
        ours = run_migrate(args.wild, rows, Path(work))
    stock = run_stock(args.wild, rows)
    total = len(rows)
    print(f"files with an architecture:        {total}")
    print(f"migrate zoo (no options):          {sum(v is None for v in ours.values())}/{total} converted")
    print(f"stock Keras 3 load_model (safe):   {sum(v is None for v in stock.values())}/{total} loaded")
    worse = [name for name in ours if ours[name] and stock[name] is None]
    print(f"loaded by Keras 3, not by migrate: {len(worse)}  (goal: 0)")
    for name, error in sorted(ours.items()):
        if error:
            print(f"  migrate fails   {name}: {error[:200]}")
    for name, error in sorted(stock.items()):
        if error:
            print(f"  Keras 3 fails   {name}: {error}")


if __name__ == "__main__":
    main()
