"""How many models `migrate convert --export onnx,tflite,savedmodel` carries into each deployable format.

    python benchmarks/export_coverage.py [--with-reference-only] [--no-reference] [FILE_OR_FOLDER ...]
        (default: sample_models/ and ../shared/real_models/)

Every model file under a folder (`*.h5`, `*.hdf5`, `*.keras`, SavedModel directories; a folder holding `files/`,
as ../shared/wild_models/ does, means its `files/`) is converted with its reference (`<stem>.npz`, or
`refs/<stem>.npz` beside it or beside its folder) into a temporary folder, with all three formats; each format is
checked in its own runtime (onnxruntime, the LiteRT interpreter, tf.saved_model.load) against the reference
outputs, or, for a file without one (every file with --no-reference), against the converted model's own outputs
on synthetic inputs of its shapes. --with-reference-only skips the files that have no reference. Prints one line
per file and format, then the counts: converted files that export to both ONNX and TFLite and reproduce (the bar:
90%), and the rest with reasons.
"""

from __future__ import annotations

import argparse
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
MODEL_SUFFIXES = (".h5", ".hdf5", ".keras")


def model_files(targets: list[Path]) -> list[Path]:
    """The model files named, or found in the folders named (a corpus folder with `files/` means those)."""
    files: list[Path] = []
    for target in targets:
        if not target.is_dir() or (target / "saved_model.pb").exists():
            files.append(target)
            continue
        folder = target / "files" if (target / "files").is_dir() else target
        files += sorted(p for p in folder.iterdir() if p.suffix.lower() in MODEL_SUFFIXES
                        or (p.is_dir() and (p / "saved_model.pb").exists()))
    return files


def reference_of(path: Path) -> Path | None:
    """`<stem>.npz` beside the file, in `refs/` beside it, or in `refs/` beside its folder (wild_models' layout)."""
    stem = path.name if path.is_dir() else path.stem
    for candidate in (path.with_name(stem + ".npz"), path.parent / "refs" / f"{stem}.npz",
                      path.parent.parent / "refs" / f"{stem}.npz"):
        if candidate.is_file():
            return candidate
    return None


def main(arguments: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("targets", nargs="*", type=Path)
    parser.add_argument("--with-reference-only", action="store_true", help="skip files without a reference")
    parser.add_argument("--no-reference", action="store_true", help="check against the converted model's own outputs")
    args = parser.parse_args(arguments)
    sys.path.insert(0, str(ROOT))
    from migrate.convert import ConvertOptions, convert_file

    targets = args.targets or [ROOT / "sample_models", ROOT.parent / "shared" / "real_models"]
    files = [(p, reference_of(p)) for p in model_files(targets)]
    if args.with_reference_only:
        files = [(p, ref) for p, ref in files if ref is not None]
    rows, counts, missed = [], Counter(), []
    with tempfile.TemporaryDirectory() as out:
        for path, reference in files:
            reference = None if args.no_reference else reference
            options = ConvertOptions(output=Path(out) / f"{path.stem}.keras", exports=FORMATS, force=True,
                                     reference=reference, no_reference=reference is None)
            result = convert_file(path, options)
            if result.status != "converted":
                counts["not converted"] += 1
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
            rows.append((path.name, {n: e.max_abs_diff for n, e in by_format.items()}))
    print()
    converted = counts["converted"]
    print(f"{len(files)} files, {converted} converted ({'own outputs' if args.no_reference else 'references'} "
          "where they have one)")
    for name in FORMATS:
        worst = max((d[name] for _, d in rows if d.get(name) is not None), default=float("nan"))
        print(f"{name}: {counts[name + ' matched']}/{converted} matched; largest max abs difference {worst:.3g}")
    print(f"onnx and tflite both: {counts['onnx and tflite']}/{converted} "
          f"({100 * counts['onnx and tflite'] / max(converted, 1):.0f}%)")
    for name, reasons in missed:
        print(f"  missed {name}: " + " | ".join(reason.replace(str(out) + '/', '') for reason in reasons))


if __name__ == "__main__":
    main(sys.argv[1:])
