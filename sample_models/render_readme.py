"""Turn the generator's samples.jsonl into samples.json (read by the tests) and README.md (read by people)."""
import json
import sys
from pathlib import Path

HEADER = """# sample_models: real files from real legacy Keras

Every `.h5` here was written by the legacy Keras named in its row, running on the Python named there:
`generate.py` (`generate_keras1.py` for Keras 1.2.2) builds, compiles, trains and saves each model
with that stack's own code (`multi_gpu_model` is the real one; only its device check is patched to
report fake GPUs, and every op runs on the CPU). `make_samples.sh` builds the eight legacy stacks
(Python 2.7 to 3.8) with pyenv and reruns them; CI never does. Nothing here was written with h5py by hand.

Beside each `<name>.h5`:
- `<name>.npz`: `in_*`, the inputs, and `out_*`, the legacy stack's own outputs on them. Compiled
  models also carry one more training step: `step_x_*`, `step_y_*` (the batch), `step_loss` and
  `step_out_*` (outputs on `in_*` after `train_on_batch` on that batch, taken by the same stack after
  reloading the saved file with `load_model`: what the legacy stack does when it resumes from the file).
- `<name>.json` for weights-only files: the template's architecture, as `to_json()` wrote it.

`samples.json` lists the same rows for the tests, with what each file must inspect as (format,
wrapper depth, replicas per level outermost first). The samples that exist to be refused (`converts: false`)
live apart, in `../refused_models/` (their rows say `folder`), so that a zoo run over this folder is green.

| file | Python | TensorFlow | Keras | format | depth | replicas | what it exercises |
|---|---|---|---|---|---|---|---|
"""


def move_apart(folder, row):
    """A sample made to be refused goes to ../refused_models with its reference, and its row says so."""
    refused = folder.parent / "refused_models"
    refused.mkdir(exist_ok=True)
    stem = Path(row["file"]).stem
    for path in folder.glob(stem + ".*"):
        path.replace(refused / path.name)
    row["folder"] = "../refused_models"


def main(folder):
    folder = Path(folder)
    new = [json.loads(line) for line in (folder / "samples.jsonl").read_text().splitlines() if line.strip()]
    # A partial run (named makers only) adds or replaces its rows; a full run starts from an empty samples.json.
    kept = json.loads((folder / "samples.json").read_text()) if (folder / "samples.json").exists() else []
    rows = {row["file"]: row for row in kept + new}.values()
    rows = sorted(rows, key=lambda row: row["file"])
    for row in rows:
        if row.get("converts") is False:
            move_apart(folder, row)
    (folder / "samples.json").write_text(json.dumps(rows, indent=1, sort_keys=True) + "\n")
    (folder / "samples.jsonl").unlink()
    lines = [
        "| `{file}` | {python} | {tensorflow} | {keras} | {format} | {wrapper_depth} | {replicas} | {exercises} |".format(
            **dict(row, replicas=row["replicas"] or "-"))
        for row in rows
    ]
    (folder / "README.md").write_text(HEADER + "\n".join(lines) + "\n")


if __name__ == "__main__":
    main(sys.argv[1])
