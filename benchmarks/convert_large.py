"""Converting a legacy wrapper with > 500 MB of weights: wall time against a plain copy of the file, and
peak memory against the weight bytes, measured in one run.

    python benchmarks/convert_large.py [--legacy-python /tmp/migrate-legacy/k231/bin/python] [--keep DIR]

Two files are made by real Keras 2.3.1 (benchmarks/make_large_wrapper.py, gpus=2 wrappers, > 500 MB of
float32 weights each): "wide", two 256 MiB kernels (the worst case: any loader's per-weight copies are
half the model each), and "deep", eight 64 MiB kernels. Build that stack with sample_models/make_samples.sh.
Peak memory is the maximum resident set of each child process (getrusage); TensorFlow's baseline is a
process that imports Keras and builds a one-layer model. Goal: peak <= baseline + 2 x weight bytes.
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
        if not source.exists():
            if not Path(args.legacy_python).exists():
                raise SystemExit(f"no legacy Keras at {args.legacy_python}: run sample_models/make_samples.sh first")
            subprocess.run([args.legacy_python, str(HERE / "make_large_wrapper.py"), str(source), shape], check=True,
                           capture_output=True)
        report(shape, source, work, baseline)
    if not args.keep:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
