"""`migrate convert` against Keras 3's own `load_model` + `save`, and depth 8 against depth 1, in one run.

    python benchmarks/convert_speed.py [--repeat 3]

Part 1 uses the files stock Keras 3 can load at all (chosen by `migrate inspect`'s verdict, which the
test suite checks against Keras 3 itself): sample_models/ and, when present, ../shared/real_models/.
Keras 3 loads with compile=False (with compile=True it fails on some of them, e.g. `lr`). Both sides run
in this process after one warm-up, taking turns in each of --repeat rounds (a machine busier for a while
slows every side alike), best of each. migrate's time includes its verification: a reload of the written
file with stock Keras 3 in safe mode (uncompiled; its compile settings are then deserialized and compiled
stock, and its saved optimizer variables compared digest for digest with the converted model's: what a
compiled load restores, without building a second set of slots), its weights' digests against the
converted ones, and one prediction (the reloaded model's on the reference, or on synthetic inputs against
the converted model's). "vs compiled" is against Keras 3's `load_model` with compile=True (what migrate's
output carries: the compile settings and optimizer state) + `save`, where Keras 3 compiles the file at all;
"reload alone" is the stock, uncompiled `load_model` of migrate's written file by itself.

Last run (2026-11-25, 2-core machine shared with other work, --repeat 5; the same script run on the code
before this change, right before it): median 2.35x (before: 2.07x; the two runs differ by their noise:
per file the ratios moved both ways by up to 0.3x), 1.13x without the reload check (1.12x), 2.07x against
a compiled load + save (2.14x). The uncompiled reload cut the check on the files that carry a training
config: Xception 0.24 -> 0.18 s and 0.22 -> 0.18 s, tfk23_plain_sequential 25 -> 20 ms. The goal (<= 1x)
is not met, and cannot be with this design: migrate's build + save alone is Keras 3's load + save
(1.1x), and the one stock reload of the written file, which the guarantee needs, costs 0.8x of Keras 3's
load + save by itself (median "reload alone"): a stock `.keras` load is slower than a legacy-HDF5 load
(its per-layer state walk). Below 1x needs the reload to be the only Keras build: the `.keras` config
written as data and the weights written with h5py, with no in-memory model.

Part 2 converts real multi_gpu_model wrappers of the same template nested 1 and 8 levels deep.
Part 0 times convert's refusal of a text file renamed .h5 (refused before TensorFlow starts), as a
whole command, against `python -c "import tensorflow"` (what any refusal after the start would cost).
Part 3 converts the real user-Lambda files (samples and corpus) and measures, inside the same conversions,
the time spent lifting their Lambdas (reading the bytecode, interpreting it, lowering it; every call site
timed, the reading cache emptied before each run) against the whole conversion: the goal is under 5%.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
import warnings
from pathlib import Path

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
warnings.filterwarnings("ignore")

ROOT = Path(__file__).resolve().parent.parent


def best_time(function, repeat: int) -> float:
    function()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return min(times)


def interleaved(sides: dict, repeat: int, verify: dict, path: Path) -> tuple[dict, float]:
    """Each side's best time over `repeat` rounds, the sides taking turns within every round (after one warm-up
    round), so that a machine busier for a while slows every side alike; and the verification seconds of
    migrate's best run. A side that raises (Keras 3 compiling a legacy config) is None."""
    best: dict = {}
    checked = 0.0
    for round_ in range(repeat + 1):
        for name, function in sides.items():
            if name in best and best[name] is None:
                continue
            start = time.perf_counter()
            try:
                function()
            except Exception:
                best[name] = None
                continue
            seconds = time.perf_counter() - start
            if round_ and (name not in best or seconds < best[name]):
                best[name] = seconds
                if name == "ours":
                    checked = verify[path]
    return best, checked


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    _early_refusal(args.repeat)

    import keras

    keras.utils.disable_interactive_logging()
    import logging

    logging.getLogger("absl").setLevel(logging.ERROR)
    from migrate.convert import ConvertOptions, convert
    from migrate.diagnosis import inspect_file

    real = ROOT.parent / "shared" / "real_models"
    files = sorted((ROOT / "sample_models").glob("*.h5")) + (sorted(real.glob("*.h5")) if real.is_dir() else [])
    loadable = [p for p in files if inspect_file(p).keras3_verdict == "loads"]
    out = Path(tempfile.mkdtemp())

    verify = {}

    def ours(path: Path) -> None:
        verify[path] = convert(path, ConvertOptions(output=out / "ours.keras", force=True)).rebuild.verify_seconds

    def theirs(path: Path) -> None:
        keras.models.load_model(path, compile=False).save(out / "theirs.keras")

    def theirs_compiled(path: Path) -> None:
        keras.models.load_model(path).save(out / "theirs.keras")

    def reload_alone(path: Path) -> None:  # the stock load inside migrate's verification, by itself
        keras.saving.load_model(out / "ours.keras", safe_mode=True, compile=False)

    print(f"Part 1: {len(loadable)} files stock Keras 3 loads; seconds per file, best of {args.repeat}")
    print(f"{'file':44s} {'migrate':>9s} {'of which verify':>16s} {'keras3':>9s} {'ratio':>7s} {'w/o verify':>11s} "
          f"{'vs compiled':>12s} {'reload alone':>13s}")
    ratios, bare, compiled, reloads = [], [], [], []
    for path in loadable:
        sides = {"ours": lambda path=path: ours(path), "theirs": lambda path=path: theirs(path),
                 "reload": lambda path=path: reload_alone(path), "compiled": lambda path=path: theirs_compiled(path)}
        best, checked = interleaved(sides, args.repeat, verify, path)
        mine, stock = best["ours"], best["theirs"]
        reloads.append(best["reload"] / stock)
        ratios.append(mine / stock)
        bare.append((mine - checked) / stock)
        if best.get("compiled") is not None:
            compiled.append(mine / best["compiled"])
            versus = f"{compiled[-1]:11.2f}x"
        else:  # Keras 3 cannot compile the legacy training config (e.g. `lr`)
            versus = f"{'-':>12s}"
        print(f"{path.name:44s} {mine:9.3f} {checked:16.3f} {stock:9.3f} {mine / stock:6.2f}x {bare[-1]:10.2f}x "
              f"{versus} {reloads[-1]:12.2f}x")
    print(f"median ratio migrate / (keras3 load_model + save): {statistics.median(ratios):.2f}x (goal: <= 1); "
          f"without migrate's reload verification: {statistics.median(bare):.2f}x; against load_model(compile=True) "
          f"+ save on the {len(compiled)} files Keras 3 compiles: {statistics.median(compiled or [float('nan')]):.2f}x; "
          f"the stock reload of the written file alone: {statistics.median(reloads):.2f}x")

    print("\nPart 2: the same template wrapped 1 and 8 levels deep (real Keras 2.3.1 files)")
    shallow = best_time(lambda: ours(ROOT / "sample_models" / "k231_mgpu2_mlp_adam.h5"), args.repeat)
    deep = best_time(lambda: ours(ROOT / "sample_models" / "k231_nested8.h5"), args.repeat)
    print(f"depth 1: {shallow:.3f} s   depth 8: {deep:.3f} s   ratio {deep / shallow:.2f}x (goal: <= 1.2)")

    print("\nPart 3: lifting user Lambdas, as a share of the conversions that do it (best of "
          f"{args.repeat})")
    from migrate.lift import _read_once

    lambda_files = [p for p in files if inspect_file(p).lambdas and any(
        entry["kind"] == "user" and entry.get("lifts") for entry in inspect_file(p).lambdas)]
    spent = _time_lifting()
    shares = []
    print(f"{'file':44s} {'lambdas':>8s} {'convert s':>10s} {'lifting s':>10s} {'share':>7s}")
    for path in lambda_files:
        runs = []
        for _ in range(args.repeat + 1):
            spent[0] = 0.0
            _read_once.cache_clear()  # each run reads its Lambdas afresh, as converting a new file does
            start = time.perf_counter()
            result = convert(path, ConvertOptions(output=out / "lifted.keras", force=True))
            runs.append((time.perf_counter() - start, spent[0]))
        total, lifting = min(runs[1:])
        shares.append(lifting / total)
        print(f"{path.name:44s} {result.lambdas_lifted:8d} {total:10.3f} {lifting:10.4f} {lifting / total:6.1%}")
    print(f"lifting's share of a conversion: median {statistics.median(shares):.1%}, largest {max(shares):.1%} "
          "(goal: < 5%)")


def _early_refusal(repeat: int) -> None:
    import subprocess
    import sys

    text = Path(tempfile.mkdtemp()) / "notes.h5"
    text.write_text("not HDF5 at all\n")

    def command(*argv: str) -> float:
        def run() -> None:
            subprocess.run([sys.executable, *argv], capture_output=True, check=False)
        return best_time(run, repeat)

    refusal = command("-m", "migrate", "convert", str(text))
    tensorflow = command("-c", "import tensorflow")
    print(f"Part 0: convert refuses a text file renamed .h5 in {refusal:.3f} s (whole command, best of {repeat}); "
          f"`import tensorflow` alone takes {tensorflow:.3f} s: {refusal / tensorflow:.2f}x (goal: < 0.5 s)\n")


def _time_lifting() -> list[float]:
    """Wrap every place a conversion calls into the lifting code (read_lambda, lower) with a timer."""
    import importlib

    spent = [0.0]

    def timed(function):
        def wrapper(*args, **kwargs):
            start = time.perf_counter()
            try:
                return function(*args, **kwargs)
            finally:
                spent[0] += time.perf_counter() - start
        return wrapper

    for module_name in ("migrate.unwrap.lambdas", "migrate.graph.shapes", "migrate.rebuild.model",
                        "migrate.rebuild.lifted", "migrate.lift.stubs"):
        module = importlib.import_module(module_name)
        for name in ("read_lambda", "lower"):
            if hasattr(module, name):
                setattr(module, name, timed(getattr(module, name)))
    return spent


if __name__ == "__main__":
    main()
