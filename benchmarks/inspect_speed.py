"""`migrate inspect` on 20 legacy files against the bare cost of `import keras`, measured in one run.

    python benchmarks/inspect_speed.py [--repeat 5]

Both are timed as fresh processes, as a user meets them, and the median of the repeats is reported.
The claim being measured: inspecting 20 files takes well under the time of `import keras`.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def timed(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True, cwd=ROOT)
    return time.perf_counter() - start


def median_time(command: list[str], repeat: int) -> float:
    timed(command)  # warm the file cache
    return statistics.median(timed(command) for _ in range(repeat))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    files = sorted(str(p) for p in (ROOT / "sample_models").glob("*.h5"))[:20]
    inspect = median_time([sys.executable, "-m", "migrate", "inspect", "--json", *files], args.repeat)
    keras = median_time([sys.executable, "-c", "import keras"], args.repeat)
    empty = median_time([sys.executable, "-c", "pass"], args.repeat)
    print(f"files inspected:                  {len(files)}")
    print(f"python startup (no work):         {empty:.3f} s")
    print(f"migrate inspect --json, 20 files: {inspect:.3f} s")
    print(f"python -c 'import keras':         {keras:.3f} s")
    print(f"ratio inspect / import keras:     {inspect / keras:.2f}x  (goal: well under 1)")


if __name__ == "__main__":
    main()
