"""What a file is when no Keras reader takes it, told by its bytes alone, so a refusal names it.

People keep models under any name: a `model.keras` that is a Python pickle, a `weights.h5` that is a
PyTorch zip, a TensorFlow checkpoint's `.index`, a Keras 0.x weights file. Each gets one line that says
what it is and what to do. Everything here looks at magic bytes, zip member names and HDF5 group names;
nothing is ever unpickled or run (a pickle executes code when loaded: that is why it is refused).
"""

from __future__ import annotations

import json
import re
import zipfile
from pathlib import Path

import h5py

PICKLE_PROTOCOLS = range(2, 6)  # `\x80 N` opens every pickle of protocol 2 and later
# torch.save before PyTorch 1.6 wrote a pickle whose first object is this magic number.
TORCH_LEGACY_MAGIC = bytes.fromhex("8a0a6cfc9c46f9206aa85019")
# A LevelDB table (a TensorFlow checkpoint's `.index`) ends with this number.
TABLE_MAGIC = bytes.fromhex("57fb808b247547db")
CHECKPOINT_DATA = re.compile(r"\.data-\d{5}-of-\d{5}$")
NUMPY_MAGIC = b"\x93NUMPY"
LFS_POINTER = b"version https://git-lfs.github.com/spec/"
LFS = ("a Git LFS pointer, not the model itself (the repository keeps its files in Git LFS): run `git lfs pull` "
       "in the repository, then convert the file it downloads")
ZIP_MAGIC = b"PK\x03\x04"
HEAD_BYTES = 64

NO_UNPICKLING = ("migrate never unpickles a file, since loading a pickle runs code; only if you trust it, load it "
                 "where it was written and save the model with model.save('model.keras') or "
                 "model.save('model.h5'), then convert that")
NOT_KERAS = "migrate converts Keras models only"
TF_CHECKPOINT = ("a TensorFlow checkpoint, variables with no Keras config: build the model with the training "
                 "code, call model.load_weights(PREFIX) on the checkpoint's prefix and save it with "
                 "model.save('model.h5'), then convert that")


def describe_foreign(path: Path) -> str | None:
    """One line on what `path` is and what to do, for a file no Keras reader takes; None when unknown."""
    head, tail = _ends(path)
    if head.startswith(LFS_POINTER):
        return LFS
    return (_pickle(path, head) or _tf_checkpoint(path, head, tail) or _tflite(head)
            or (describe_zip(path) if zipfile.is_zipfile(path) else None)
            or ("a NumPy array file (.npy): " + NOT_KERAS if head.startswith(NUMPY_MAGIC) else None))


def describe_zip(path: Path) -> str:
    """What a zip archive holds, by its member names: a `.keras` file of some Keras, PyTorch, NumPy, other."""
    try:
        with zipfile.ZipFile(path) as archive:
            names = archive.namelist()
            version = _keras_version(archive) if "config.json" in names else None
    except (zipfile.BadZipFile, OSError):
        return "a damaged zip archive"
    if any(name == "data.pkl" or name.endswith("/data.pkl") for name in names):
        return "a PyTorch checkpoint, a torch.save zip holding data.pkl: " + NOT_KERAS
    if "config.json" in names:
        if version and version.split(".")[0].isdigit() and int(version.split(".")[0]) >= 3:
            return (f"a Keras {version} .keras archive: it needs no migration (keras.saving.load_model reads it); "
                    "as a template, pass it to --architecture")
        return f"a Keras {version or '2.13+'} .keras archive, read as a .keras file rather than HDF5"
    if names and all(name.endswith(".npy") for name in names):
        return "a NumPy archive (.npz): " + NOT_KERAS
    if "model.weights.h5" in names or "metadata.json" in names:
        return "a .keras archive without its config.json (damaged or cut short): save the model again"
    return "a zip archive without config.json: not a .keras file"


def describe_hdf5(h5: h5py.File) -> str:
    """What an HDF5 file with no Keras 1-2 model or weights layout is: Keras 0.x or Keras 3 weights, or data."""
    if "nb_layers" in h5.attrs or "layer_0" in h5 or "nb_params" in getattr(h5.get("graph"), "attrs", {}):
        return ("a Keras 0.x weights file: groups layer_0, layer_1, ... of param_0, param_1, ... with no layer "
                "names or config; migrate reads Keras 1 and later: build the model in Keras 3 and set each layer's "
                "weights from layer_K/param_N in order")
    if "layers" in h5 and "vars" in h5:
        return ("a Keras 3 weights file, as model.save_weights writes .weights.h5: it needs no migration; build "
                "the model in Keras 3 and call model.load_weights on it")
    return "HDF5 with no model_config, model_weights or layer_names"


def is_lfs_pointer(path: Path) -> bool:
    """A Git LFS pointer file committed where the real file should be."""
    return _ends(path)[0].startswith(LFS_POINTER)


def is_zip_start(path: Path) -> bool:
    """A zip's local header at offset 0 (zipfile also accepts a zip anywhere inside other bytes)."""
    return _ends(path)[0].startswith(ZIP_MAGIC)


def _ends(path: Path) -> tuple[bytes, bytes]:
    try:
        with path.open("rb") as stream:
            head = stream.read(HEAD_BYTES)
            stream.seek(max(0, path.stat().st_size - len(TABLE_MAGIC)))
            return head, stream.read()
    except OSError:
        return b"", b""


def _pickle(path: Path, head: bytes) -> str | None:
    """A pickle of protocol 2+ (joblib, torch.save before 1.6, pickle.dump of a model or of its bytes)."""
    if len(head) < 2 or head[0] != 0x80 or head[1] not in PICKLE_PROTOCOLS:
        return None
    if head[2:].startswith(TORCH_LEGACY_MAGIC):
        return "a PyTorch checkpoint, a torch.save pickle: " + NOT_KERAS
    inside = " wrapping a .keras zip archive" if zipfile.is_zipfile(path) and _zip_has(path, "config.json") else ""
    return f"a Python pickle{inside}: {NO_UNPICKLING}"


def _tf_checkpoint(path: Path, head: bytes, tail: bytes) -> str | None:
    """A TensorFlow checkpoint's parts: the `.index` table, a `.data-K-of-N` shard, the `checkpoint` list."""
    if tail == TABLE_MAGIC and path.suffix == ".index":
        return TF_CHECKPOINT
    if CHECKPOINT_DATA.search(path.name):
        return TF_CHECKPOINT
    if path.name == "checkpoint" and head.startswith(b"model_checkpoint_path:"):
        return TF_CHECKPOINT
    return None


def _tflite(head: bytes) -> str | None:
    if head[4:8] == b"TFL3":
        return "a TensorFlow Lite model (.tflite): it cannot be turned back into a Keras model"
    return None


def _zip_has(path: Path, member: str) -> bool:
    try:
        with zipfile.ZipFile(path) as archive:
            return member in archive.namelist()
    except (zipfile.BadZipFile, OSError):
        return False


def _keras_version(archive: zipfile.ZipFile) -> str | None:
    """`metadata.json`'s keras_version, read only when the member is small."""
    try:
        if archive.getinfo("metadata.json").file_size > 2**16:
            return None
        version = json.loads(archive.read("metadata.json")).get("keras_version")
    except (KeyError, ValueError, AttributeError, zipfile.BadZipFile, OSError):
        return None
    return version if isinstance(version, str) else None
