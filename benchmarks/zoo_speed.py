"""`migrate zoo` on a generated zoo of 200+ real legacy models: models per second with --jobs 1 and 2,
against a naive shell loop calling `migrate convert` once per file, and the rerun against the first run.

    python benchmarks/zoo_speed.py [--copies 6] [--loop-files 12]

The zoo is sample_models/ (44 real legacy files, with their sidecar architectures) copied into
--copies subfolders. The loop pays one process (and one TensorFlow import) per model, so it is
timed on its first --loop-files files and compared as a rate.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def wall(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, capture_output=True, check=False, cwd=ROOT)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--copies", type=int, default=6)
    parser.add_argument("--loop-files", type=int, default=12)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp())
    zoo = work / "zoo"
    for i in range(args.copies):
        shutil.copytree(ROOT / "sample_models", zoo / f"experiment_{i}",
                        ignore=shutil.ignore_patterns("*.npz", "*.py", "*.sh", "*.md", "samples.json"))
    models = sorted(zoo.rglob("*.h5"))
    count = len(models)
    migrate = [sys.executable, "-m", "migrate"]
    first1 = wall([*migrate, "zoo", str(zoo), "-o", str(work / "out1"), "--jobs", "1"])
    first2 = wall([*migrate, "zoo", str(zoo), "-o", str(work / "out2"), "--jobs", "2"])
    rerun = wall([*migrate, "zoo", str(zoo), "-o", str(work / "out2"), "--jobs", "2"])
    start = time.perf_counter()
    for index, model in enumerate(models[: args.loop_files]):
        subprocess.run([*migrate, "convert", str(model), "-o", str(work / "loop" / f"{index}.keras")],
                       capture_output=True, check=False)
    loop_rate = args.loop_files / (time.perf_counter() - start)
    print(f"zoo: {count} models")
    for name, seconds in (("zoo --jobs 1", first1), ("zoo --jobs 2", first2)):
        rate = count / seconds
        print(f"{name:28s} {seconds:7.1f} s  {rate:6.2f} models/s  {rate / loop_rate:5.1f}x the loop")
    print(f"{'loop of migrate convert':28s} {'':9s} {loop_rate:6.2f} models/s  (timed on {args.loop_files} files)")
    print(f"{'rerun, nothing changed':28s} {rerun:7.2f} s  {first2 / rerun:6.1f}x faster than the first run")
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
