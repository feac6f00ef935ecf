"""Converting a legacy wrapper with > 500 MB of weights: wall time against a plain copy of the file, and
peak memory against the weight bytes, measured in one run.

    python benchmarks/convert_large.py [--legacy-python /tmp/migrate-legacy/k231/bin/python] [--keep DIR]

Two files are made by real Keras 2.3.1 (benchmarks/make_large_wrapper.py, gpus=2 wrappers, > 500 MB of
float32 weights each): "wide", two 256 MiB kernels (the worst case: any loader's per-weight copies are
half the model each), and "deep", eight 64 MiB kernels. Build that stack with sample_models/make_samples.sh;
without it, the same layers unwrapped are written in Keras 2.3.1's layout with h5py
(benchmarks/make_large_legacy.py) and the report says so.
Peak memory is the maximum resident set of each child process (getrusage); TensorFlow's baseline is a
process that imports Keras and builds a one-layer model. Keras 3's own `load_model` (compile=False) + `save`
of the same file is measured the same way. Goals: peak <= baseline + 2 x weight bytes, and <= 1.5x Keras 3's
load + save peak.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
MEASURE = """
import resource, subprocess, sys, time
start = time.perf_counter()
code = subprocess.call(sys.argv[1:], stdout=subprocess.DEVNULL)
print(time.perf_counter() - start, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024, code)
"""
LOAD = "import keras, sys; keras.saving.load_model(sys.argv[1])"
LOAD_SAVE = "import keras, sys; keras.saving.load_model(sys.argv[1], compile=False).save(sys.argv[2])"
BASELINE = "import keras; keras.Sequential([keras.Input((4,)), keras.layers.Dense(2)]).predict(__import__('numpy').ones((1, 4)), verbose=0)"


def measured(command: list[str]) -> tuple[float, int]:
    """(wall seconds, peak RSS bytes) of `command` run as a child of a fresh measuring process."""
    out = subprocess.run([sys.executable, "-c", MEASURE, *command], capture_output=True, text=True, check=True)
    seconds, peak, code = out.stdout.split()
    if code != "0":
        raise SystemExit(f"{command[:3]} failed with exit code {code}")
    return float(seconds), int(peak)


def report(shape: str, source: Path, work: Path, baseline: int) -> None:
    """Convert `source` in a child process and print its time and peak against a copy and Keras's own load."""
    env_python = sys.executable
    start = time.perf_counter()
    shutil.copyfile(source, work / "copy.h5")
    copy_seconds = time.perf_counter() - start
    (work / "copy.h5").unlink()
    seconds, peak = measured([env_python, "-m", "migrate", "convert", str(source), "-o", str(work / "out.keras"),
                              "--force"])
    _, keras_load = measured([env_python, "-c", LOAD, str(work / "out.keras")])
    stock_seconds, stock_peak = measured([env_python, "-c", LOAD_SAVE, str(source), str(work / "stock.keras")])
    from migrate.read import read_legacy_file

    file = read_legacy_file(source)
    weights = file.weight_bytes
    largest = max(w.nbytes for group in file.layer_weights.values() for w in group)
    print(f"\n{shape}: file {source.stat().st_size / 2**20:.0f} MiB, weights {weights / 2**20:.0f} MiB, "
          f"largest weight {largest / 2**20:.0f} MiB")
    print(f"  plain copy of the file:      {copy_seconds:7.2f} s")
    print(f"  migrate convert (process):   {seconds:7.2f} s   ratio {seconds / copy_seconds:.1f}x the copy")
    print(f"  migrate convert peak:        {peak / 2**20:7.0f} MiB = baseline + {(peak - baseline) / weights:.2f} x weights")
    print(f"  stock Keras 3 load_model of the output, fresh process: {keras_load / 2**20:.0f} MiB = baseline + "
          f"{(keras_load - baseline) / weights:.2f} x weights")
    print(f"  Keras 3 load_model + save of the source: {stock_seconds:.2f} s, peak {stock_peak / 2**20:.0f} MiB = baseline + "
          f"{(stock_peak - baseline) / weights:.2f} x weights")
    print(f"  migrate / Keras 3 load + save: time {seconds / stock_seconds:.2f}x, peak {peak / stock_peak:.2f}x "
          "(goal: peak <= 1.5x)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--legacy-python", default="/tmp/migrate-legacy/k231/bin/python")
    parser.add_argument("--keep", type=Path, help="folder to keep the large file in between runs")
    args = parser.parse_args()
    work = args.keep or Path(tempfile.mkdtemp())
    work.mkdir(parents=True, exist_ok=True)
    env_python = sys.executable
    _, baseline = measured([env_python, "-c", BASELINE])
    print(f"TensorFlow baseline peak: {baseline / 2**20:.0f} MiB (goal: migrate's peak <= baseline + 2 x weights)")
    for shape in ("wide", "deep"):
        source = work / f"large_wrapper_{shape}.h5"
        legacy = Path(args.legacy_python).exists()
        if not legacy:  # no Keras 2.3.1 here: the same layers, unwrapped, in its file layout
            source = work / f"large_legacy_{shape}.h5"
        if not source.exists() and legacy:
            subprocess.run([args.legacy_python, str(HERE / "make_large_wrapper.py"), str(source), shape], check=True,
                           capture_output=True)
        elif not source.exists():
            subprocess.run([env_python, str(HERE / "make_large_legacy.py"), str(source), shape], check=True)
        report(shape if legacy else f"{shape} (h5py-written Keras 2.3.1 layout, no wrapper)", source, work, baseline)
    if not args.keep:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
