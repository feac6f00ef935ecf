"""Prepare the GPU check (run here, with the project's venv, from the repository root):

    python tools/gpu_check/prep.py

Converts what tests/convert/test_backends.py converts (the samples, ../shared's real corpus, the Theano and Keras 1
samples, the wild files and containers with a reference) into `.gpucheck/` (ignore it in .git/info/exclude):
models/N.keras, refs/N.npz, and pairs.json {name: [model, reference, []]}. The three TeachableMachine wild files
are one architecture: two are left out to keep the folder under the device's 64 MiB (about 43 MB)."""

import json
import shutil
from pathlib import Path

from migrate.convert import ConvertOptions, convert_file
from tests.conftest import REAL_FILES, SAMPLE_ROWS, sample
from tests.convert.test_backends import _legacy_and_wild_sources
from tests.convert.test_real_models import reference_for

SAME_ARCHITECTURE = ("963n__TeachableMachine-Water-Classification__keras_model.h5",
                     "A-Knight__TeachableMachine__keras_model.h5")


def sources() -> dict[str, tuple[Path, Path]]:
    found = {"sample_" + row["file"]: (sample(row["file"]), sample(row["file"].replace(".h5", ".npz")))
             for row in SAMPLE_ROWS if row.get("converts", True)}
    found.update(("real_" + path.name, (path, reference_for(path))) for path in REAL_FILES if reference_for(path))
    found.update(("wild_" + name, pair) for name, pair in _legacy_and_wild_sources().items()
                 if name not in SAME_ARCHITECTURE)
    return found


def main(out: Path = Path(".gpucheck")) -> None:
    shutil.rmtree(out, ignore_errors=True)
    (out / "models").mkdir(parents=True)
    (out / "refs").mkdir()
    pairs, failed = {}, {}
    for index, (name, (source, reference)) in enumerate(sources().items()):
        model = out / "models" / f"{index}.keras"
        result = convert_file(source, ConvertOptions(output=model, reference=reference))
        if result.status != "converted":
            failed[name] = str(result.error)[:200]
            continue
        shutil.copy(reference, out / "refs" / f"{index}.npz")
        pairs[name] = [str(model), str(out / "refs" / f"{index}.npz"), []]
    (out / "pairs.json").write_text(json.dumps(pairs, indent=1))
    print(len(pairs), "converted; failed:", failed)


if __name__ == "__main__":
    main()
