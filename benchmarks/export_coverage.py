"""How many models `migrate convert --export onnx,tflite,savedmodel` carries into each deployable format.

    python benchmarks/export_coverage.py [FILE_OR_FOLDER ...]      (default: sample_models/ and ../shared/real_models/)

Every `.h5` is converted with its reference (`<stem>.npz` or `refs/<stem>.npz` beside it) into a temporary
folder, with all three formats; each format is checked in its own runtime (onnxruntime, the LiteRT
interpreter, tf.saved_model.load) against the reference outputs, or, for a file without one, against the
converted model's own outputs on the check inputs. Prints one line per file and format, then the counts:
converted files that export to both ONNX and TFLite and reproduce (the bar: 90%), and the rest with reasons.
"""

from __future__ import annotations

import os
import sys
import tempfile
import warnings
from collections import Counter
from pathlib import Path

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
warnings.filterwarnings("ignore")

ROOT = Path(__file__).resolve().parent.parent
FORMATS = ("onnx", "tflite", "savedmodel")


def legacy_files(arguments: list[str]) -> list[Path]:
    targets = [Path(a) for a in arguments] or [ROOT / "sample_models", ROOT.parent / "shared" / "real_models"]
    files = []
    for target in targets:
        files += sorted(target.glob("*.h5")) if target.is_dir() else [target]
    return files


def main(arguments: list[str]) -> None:
    sys.path.insert(0, str(ROOT))
    from migrate.convert import ConvertOptions, convert_file

    rows, counts, missed = [], Counter(), []
    with tempfile.TemporaryDirectory() as out:
        for path in legacy_files(arguments):
            result = convert_file(path, ConvertOptions(output=Path(out) / f"{path.stem}.keras", exports=FORMATS))
            if result.status != "converted":
                print(f"{path.name}: not converted ({result.error})", flush=True)
                continue
            counts["converted"] += 1
            by_format = {export.format: export for export in result.rebuild.exports}
            for export in by_format.values():
                counts[f"{export.format} matched"] += bool(export.matched)
                print(f"{path.name}: {export.line().replace(str(out) + '/', '')} in {export.seconds:.1f} s", flush=True)
            both = all(by_format[name].matched for name in ("onnx", "tflite"))
            counts["onnx and tflite"] += both
            if not both:
                missed.append((path.name, [by_format[n].line() for n in ("onnx", "tflite") if not by_format[n].matched]))
            diffs = {n: e.max_abs_diff for n, e in by_format.items()}
            rows.append((path.name, result.reference is not None, diffs))
    print()
    converted = counts["converted"]
    for name in FORMATS:
        worst = max((d[name] for _, _, d in rows if d.get(name) is not None), default=None)
        print(f"{name}: {counts[name + ' matched']}/{converted} matched; largest max abs difference {worst:.3g}")
    print(f"onnx and tflite both: {counts['onnx and tflite']}/{converted} "
          f"({100 * counts['onnx and tflite'] / max(converted, 1):.0f}%)")
    for name, reasons in missed:
        print(f"  missed {name}: " + " | ".join(reason.replace(str(out) + '/', '') for reason in reasons))


if __name__ == "__main__":
    main(sys.argv[1:])
