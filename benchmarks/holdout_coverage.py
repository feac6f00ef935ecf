"""Coverage on any folder of real model files with references: migrate zoo vs stock Keras 3, checked independently.

    python benchmarks/holdout_coverage.py FOLDER [--json OUT.json]
    python benchmarks/holdout_coverage.py --weights-only LIST.json [--json OUT.json]

FOLDER holds model files (anything `migrate zoo` finds) and, in FOLDER/refs/, a reference per file made by the
legacy stack that wrote it: `<stem>.npz` (`in_*` inputs, `out_*` outputs), or `<stem>.error.txt` where that stack
could not run the file. For every file it runs, each in its own process:
- `migrate zoo FOLDER -o OUT` with no options (the zoo checks the references itself);
- then, independently of the zoo's verdict, loads each written `.keras` in stock Keras 3 (`safe_mode=True`, no
  custom objects, migrate not imported) and compares it with the reference: |out - ref| <= 1e-4 + 1e-6 |ref|;
- stock Keras 3's own `keras.saving.load_model(source, safe_mode=True)` on the source, held to the same test.
A file counts for migrate when the zoo converted it and the independent check passes (or, with no reference,
the output loads and runs). It prints the counts, then every file either side fails with the reason.

`--weights-only LIST.json` takes `[{"file": ..., "tree": ...}, ...]`: each checkpoint is converted with
`migrate convert FILE --from-code TREE` alone (its own repository's tree), and counts as rescued when the
written `.keras` loads in stock Keras 3 in safe mode, runs, and holds every array of the checkpoint bit for bit (or, for a
recurrent hard_sigmoid gate migrate keeps exact, each column times 1.2).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOLERANCE = "np.abs(got - want) > 1e-4 + 1e-6 * np.abs(want)"
CHECK = f"""
import json, sys
sys.modules["migrate"] = None  # a written file must load without migrate
import numpy as np
import keras

def check(path, ref):
    model = keras.saving.load_model(path, safe_mode=True, compile=False)
    if ref:
        bundle = np.load(ref)
        xs = [bundle[k] for k in sorted((k for k in bundle.files if k.startswith("in_")), key=lambda k: int(k[3:]))]
        wants = [bundle[k] for k in sorted((k for k in bundle.files if k.startswith("out_")), key=lambda k: int(k[4:]))]
    else:
        xs = [np.random.RandomState(0).uniform(-1, 1, [2] + [d or 8 for d in t.shape[1:]]).astype("float32")
              if "float" in str(t.dtype) else np.zeros([2] + [d or 8 for d in t.shape[1:]], str(t.dtype))
              for t in model.inputs]
        wants = None
    outs = model.predict(xs if len(xs) > 1 else xs[0], verbose=0)
    outs = outs if isinstance(outs, (list, tuple)) else [outs]
    if wants is None:
        return None
    if len(outs) != len(wants):
        return f"{{len(outs)}} outputs, the reference has {{len(wants)}}"
    for got, want in zip(outs, wants):
        got = np.asarray(got)
        if got.shape != want.shape:
            return f"output shape {{got.shape}}, the reference's {{want.shape}}"
        if np.any({TOLERANCE}):
            return f"loads, but its outputs differ from the reference (max |diff| {{np.max(np.abs(got - want)):.3g}})"
    return None

for path, ref in json.loads(sys.argv[1]):
    try:
        error = check(path, ref)
    except BaseException as exc:
        lines = [line for line in str(exc).splitlines() if line.strip()]
        error = f"{{type(exc).__name__}}: {{' '.join(lines[:3])[:300]}}"
    keras.backend.clear_session()
    print("RESULT " + json.dumps([path, error]), flush=True)
"""
HOLDS_CHECKPOINT = """
import sys, hashlib
sys.modules["migrate"] = None
import h5py, numpy as np
import keras
path, checkpoint = sys.argv[1], sys.argv[2]
model = keras.saving.load_model(path, safe_mode=True, compile=False)
xs = [np.zeros([2] + [d or 8 for d in t.shape[1:]], str(t.dtype)) for t in model.inputs]
model.predict(xs if len(xs) > 1 else xs[0], verbose=0)
def digest(a):
    a = np.ascontiguousarray(a)
    return (a.shape, hashlib.sha256(a.tobytes()).hexdigest())
have = [digest(np.asarray(w)) for w in model.weights]
arrays = [np.asarray(w) for w in model.weights]
def scaled(array):
    # migrate keeps a Keras 2 recurrent hard_sigmoid exact by scaling those gates' columns by 1.2: each column of the
    # written array is the checkpoint's times 1 or 1.2
    for got in arrays:
        if got.shape == array.shape and got.dtype == array.dtype:
            with np.errstate(divide="ignore", invalid="ignore"):
                ratio = np.where(array != 0, got / array, 1.0).reshape(-1, array.shape[-1])
            if np.all(np.isclose(ratio, 1.0, rtol=1e-6) | np.isclose(ratio, 1.2, rtol=1e-6)):
                return True
    return False
wanted = []
with h5py.File(checkpoint, "r") as f:
    root = f["model_weights"] if "model_weights" in f else f
    root.visititems(lambda name, obj: wanted.append(obj[()]) if isinstance(obj, h5py.Dataset) else None)
missing = [a for a in wanted if digest(a) not in have and not (a.ndim and scaled(a))]
if missing:
    sys.exit(f"{len(missing)} of the checkpoint's {len(wanted)} arrays are not in the written model")
"""


def last_line(done: subprocess.CompletedProcess) -> str | None:
    """None when the child succeeded, else the last non-empty line it wrote (the reason)."""
    if done.returncode == 0:
        return None
    lines = [line for line in (done.stderr + done.stdout).splitlines() if line.strip()]
    return lines[-1].strip()[:300] if lines else f"exit {done.returncode}"


def in_child(code: str, *args: str, timeout: int = 600) -> str | None:
    """Runs code in a fresh Python (stock Keras 3, migrate not importable from the cwd): None or the reason."""
    try:
        done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                              timeout=timeout, cwd=tempfile.gettempdir(), env=_env())
    except subprocess.TimeoutExpired:
        return f"timed out after {timeout} s"
    return last_line(done)


def checked(pairs: list[tuple[str, str]]) -> dict[str, str | None]:
    """Each (model, reference) loaded and compared in a fresh stock Keras 3 process, one process for the lot
    (a session cleared between files); a file that crashes the process is checked again alone."""
    results: dict[str, str | None] = {}
    todo = list(pairs)
    while todo:
        try:
            done = subprocess.run([sys.executable, "-c", CHECK, json.dumps(todo)], capture_output=True, text=True,
                                  timeout=600 + 60 * len(todo), cwd=tempfile.gettempdir(), env=_env())
            output, reason = done.stdout, last_line(done)
        except subprocess.TimeoutExpired as exc:
            output, reason = (exc.stdout or b"").decode() if isinstance(exc.stdout, bytes) else (exc.stdout or ""), "timed out"
        for line in output.splitlines():
            if line.startswith("RESULT "):
                path, error = json.loads(line[7:])
                results[path] = error
        todo = [pair for pair in todo if pair[0] not in results]
        if todo:  # the process died on todo[0]
            results[todo[0][0]] = f"crashed stock Keras 3: {reason}"
            todo = todo[1:]
    return results


def _env() -> dict:
    import os
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["TF_CPP_MIN_LOG_LEVEL"] = "3"
    return env


def sources(folder: Path) -> list[Path]:
    """Model files and SavedModel directories directly in FOLDER (refs/ and hidden entries left out)."""
    return sorted(p for p in folder.iterdir() if p.name != "refs" and not p.name.startswith(".")
                  and (p.is_dir() or p.suffix.lower() in (".h5", ".hdf5", ".keras")))


def stem(path: Path) -> str:
    return path.name if path.is_dir() else path.stem


def reference(folder: Path, path: Path) -> tuple[Path | None, str | None]:
    """The reference bundle and, where the legacy stack could not run the file, the last line of why."""
    npz = folder / "refs" / f"{stem(path)}.npz"
    error = folder / "refs" / f"{stem(path)}.error.txt"
    if npz.exists():
        return npz, None
    if error.exists():
        lines = [line for line in error.read_text().splitlines() if line.strip()]
        return None, lines[-1][:200] if lines else "error"
    return None, "no reference"


def run_zoo(folder: Path, out: Path) -> dict[str, dict]:
    done = subprocess.run([sys.executable, "-m", "migrate", "zoo", str(folder), "-o", str(out)], cwd=ROOT,
                          capture_output=True, text=True, timeout=7200)
    report = out / "report.json"
    if not report.exists():
        sys.exit(f"zoo wrote no report: {last_line(done)}")
    return {model["source"]: model for model in json.loads(report.read_text())["models"]}


def measure_folder(folder: Path, stock: dict[str, dict]) -> list[dict]:
    """The zoo on FOLDER, then its outputs and (unless reused) the sources checked in stock Keras 3."""
    rows = []
    with tempfile.TemporaryDirectory() as work:
        out = Path(work) / "out"
        zoo = run_zoo(folder, out)
        outputs, originals = [], []
        for path in sources(folder):
            ref, ref_error = reference(folder, path)
            model = zoo.get(path.name) or {}
            row = {"name": path.name, "reference": str(ref) if ref else None, "reference_error": ref_error,
                   "zoo_status": model.get("status", "not found by the zoo"),
                   "zoo_error": model.get("error"), "note": model.get("note"), "written": None}
            written = out / model["output"] if model.get("output") else None
            if model.get("status") == "converted" and written and written.exists():
                row["written"] = str(written)
                outputs.append((str(written), str(ref or "")))
                custom = sorted(p.name for p in written.parent.glob(f"{written.stem}*_custom.py"))
                if custom:
                    row["note"] = f"wrote {', '.join(custom)}; {row['note'] or ''}"
            else:
                row["migrate"] = model.get("error") or row["zoo_status"]
            if path.name in stock:  # stock Keras 3 on a source does not depend on migrate's branch
                row["stock"] = stock[path.name]["stock"]
            else:
                originals.append((str(path), str(ref or "")))
            row["source"] = str(path)
            rows.append(row)
        results = checked(outputs + originals)
    for row in rows:
        if row["written"]:
            row["migrate"] = results[row["written"]]
        if "stock" not in row:
            row["stock"] = results[row["source"]]
    return rows


def measure_weights_only(listing: Path, jobs: int) -> list[dict]:
    with ThreadPoolExecutor(jobs) as pool:
        return list(pool.map(rescue, json.loads(listing.read_text())))


def rescue(item: dict) -> dict:
    """One checkpoint converted with --from-code TREE alone, its output checked in a fresh stock Keras 3."""
    checkpoint, tree = Path(item["file"]), Path(item["tree"])
    with tempfile.TemporaryDirectory() as work:
        written = Path(work) / f"{checkpoint.stem}.keras"
        try:
            done = subprocess.run([sys.executable, "-m", "migrate", "convert", str(checkpoint), "-o", str(written),
                                   "--from-code", str(tree)], cwd=ROOT, capture_output=True, text=True, timeout=900)
        except subprocess.TimeoutExpired:
            return {"name": item.get("name", checkpoint.name), "migrate": "timed out", "architecture_from": None}
        error = last_line(done)
        if error is None:
            error = in_child(HOLDS_CHECKPOINT, str(written), str(checkpoint))
        said = [line for line in done.stdout.splitlines() if "architecture" in line]
        print(f"  {checkpoint.name}: {'rescued' if error is None else 'FAIL'}", file=sys.stderr)
        return {"name": item.get("name", checkpoint.name), "migrate": error,
                "architecture_from": said[0].strip()[:200] if said else None}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, nargs="?")
    parser.add_argument("--weights-only", type=Path, help="JSON list of {file, tree} checkpoints")
    parser.add_argument("--json", type=Path, help="write every row here")
    parser.add_argument("--jobs", type=int, default=2, help="checkpoints converted at once (--weights-only)")
    parser.add_argument("--stock-from", type=Path, help="an earlier --json of the same folder: reuse its stock Keras 3 results")
    args = parser.parse_args()
    if args.weights_only:
        rows = measure_weights_only(args.weights_only, args.jobs)
        rescued = sum(row["migrate"] is None for row in rows)
        print(f"weights-only, --from-code TREE alone: {rescued}/{len(rows)} rescued")
        for row in rows:
            print(f"  {'ok  ' if row['migrate'] is None else 'FAIL'} {row['name']}: "
                  f"{row['migrate'] or row['architecture_from'] or ''}")
    elif args.folder:
        stock = {row["name"]: row for row in json.loads(args.stock_from.read_text())} if args.stock_from else {}
        rows = measure_folder(args.folder, stock)
        total = len(rows)
        ours = sum(row["migrate"] is None for row in rows)
        stock = sum(row["stock"] is None for row in rows)
        worse = [row for row in rows if row["stock"] is None and row["migrate"] is not None]
        with_ref = [row for row in rows if row["reference"]]
        print(f"files with an architecture:          {total} ({len(with_ref)} with a reference)")
        print(f"migrate zoo, reproduces (no options): {ours}/{total}"
              f"  ({sum(row['migrate'] is None for row in with_ref)}/{len(with_ref)} of those with a reference)")
        print(f"stock Keras 3 load_model (safe):      {stock}/{total}")
        print(f"loaded by Keras 3, not by migrate:    {len(worse)}  (goal: 0)")
        for row in rows:
            if row["migrate"] is not None:
                print(f"  migrate fails  {row['name']}: {row['migrate']}")
        for row in rows:
            if row["stock"] is not None:
                print(f"  Keras 3 fails  {row['name']}: {row['stock']}")
    else:
        parser.error("give FOLDER or --weights-only LIST.json")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
