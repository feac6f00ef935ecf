"""`migrate code` against `tf_upgrade_v2` (ships with TensorFlow) on two generated trees, in one run.

    python benchmarks/code_speed.py [--files 500] [--tree 3000]

1. **scripts**: legacy training scripts (multi_gpu_model in functions, classes, conditionals,
   fit_generator, TF1 sessions) and plain utility modules, a third each: every rule has work.
2. **repository**: shaped like a real project: nested packages, `__init__.py` files, data loaders,
   model definitions, tests and utilities of varied length, and 1 file in 100 with multi_gpu_model.
   Most files give migrate nothing to do: it skips them before parsing; tf_upgrade_v2 parses them all.

Both tools run as fresh processes over the whole folder, as a user would run them; files per second is
files / wall time, and the ratio is to tf_upgrade_v2 on the same tree.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LEGACY = (ROOT / "tests" / "codemod" / "scripts" / "legacy_train.py").read_text()
CLASS_BASED = '''
import tensorflow as tf
from keras.utils.training_utils import multi_gpu_model
from keras.optimizers import SGD
from keras import backend as K

K.set_session(tf.Session(config=tf.ConfigProto()))


class Trainer{n}:
    def __init__(self, gpus={g}):
        self.model = self.build()
        if gpus > 1:
            self.parallel = multi_gpu_model(self.model, gpus=gpus)
        else:
            self.parallel = self.model
        self.parallel.compile(SGD(lr=0.0{n}, momentum=0.9, decay=1e-6), "categorical_crossentropy")

    def train(self, gen):
        return self.parallel.fit_generator(gen, {n}, 10, workers=4)

    def build(self):
        from keras.layers.core import Dense
        from keras.models import Sequential
        return Sequential([Dense({n} + 1, input_shape=(8,))])
'''
UTILITY = '''
import os
import json


def load_config_{n}(path):
    """Read a JSON config; {n} is just a variant number."""
    with open(os.path.join(path, "config.json")) as handle:
        return json.load(handle)


def merge(a, b):
    result = dict(a)
    for key, value in b.items():
        result[key] = merge(result[key], value) if isinstance(value, dict) and key in result else value
    return result
'''


DATA_LOADER = '''
"""Data loading for experiment {n}."""
import os

import numpy as np


class Loader{n}(object):
    def __init__(self, root, batch_size={n}):
        self.root = root
        self.batch_size = batch_size
        self.files = sorted(os.listdir(root))

    def __len__(self):
        return len(self.files) // self.batch_size

    def batches(self):
        while True:
            for start in range(0, len(self.files), self.batch_size):
                names = self.files[start:start + self.batch_size]
                yield np.stack([np.load(os.path.join(self.root, name)) for name in names])
'''
MODEL_DEF = '''
from keras.layers import BatchNormalization, Dense, Dropout, Input
from keras.models import Model


def block_{n}(x, units):
    x = Dense(units, activation="relu")(x)
    x = BatchNormalization()(x)
    return Dropout(0.{n})(x)


def build_{n}(input_dim, classes):
    inputs = Input(shape=(input_dim,))
    x = block_{n}(inputs, 128)
    x = block_{n}(x, 64)
    return Model(inputs, Dense(classes, activation="softmax")(x))
'''
TEST_MODULE = '''
import unittest


class Test{n}(unittest.TestCase):
    def test_shapes(self):
        self.assertEqual(len([1] * {n}), {n})

    def test_merge(self):
        self.assertEqual(dict(a=1, **dict(b={n})), {"a": 1, "b": {n}})
'''


def make_repository(folder: Path, count: int) -> None:
    """Nested packages of ordinary modules, some long, and 1 file in 100 with multi_gpu_model."""
    ordinary = [UTILITY, DATA_LOADER, MODEL_DEF, TEST_MODULE, UTILITY * 3, DATA_LOADER + UTILITY]
    for i in range(count):
        package = folder / f"pkg_{i % 7}" / f"sub_{i % 13}"
        if not package.exists():
            package.mkdir(parents=True)
            (package / "__init__.py").write_text("")
        if i % 100 == 0:
            text = (LEGACY if i % 200 == 0 else CLASS_BASED).replace("G = 2", f"G = {2 + i % 3}")
        else:
            text = ordinary[i % len(ordinary)]
        (package / f"module_{i}.py").write_text(text.replace("{n}", str(i % 97 + 1)).replace("{g}", "2"))


def make_corpus(folder: Path, count: int) -> None:
    templates = [LEGACY, CLASS_BASED, UTILITY]
    for i in range(count):
        text = templates[i % len(templates)].replace("{n}", str(i % 97 + 1)).replace("{g}", str(2 + i % 3))
        sub = folder / f"project_{i % 20}"
        sub.mkdir(exist_ok=True)
        (sub / f"module_{i}.py").write_text(text.replace("G = 2", f"G = {2 + i % 3}"))


def wall(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, capture_output=True, check=False)
    return time.perf_counter() - start


def compare(label: str, corpus: Path, work: Path, repeat: int = 1) -> None:
    """Time both tools over one tree and print files/s and the ratio to tf_upgrade_v2: with `repeat` rounds,
    the tools take turns in each round, and each one's median wall time is used (a shared machine drifts)."""
    files = sum(1 for _ in corpus.rglob("*.py"))
    upgrade = shutil.which("tf_upgrade_v2") or str(Path(sys.executable).with_name("tf_upgrade_v2"))
    outtree = work / f"{corpus.name}-upgraded"
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    commands = {
        "migrate code --jobs 1": [sys.executable, "-m", "migrate", "code", "--check", "--jobs", "1", str(corpus)],
        f"migrate code ({cpus} jobs)": [sys.executable, "-m", "migrate", "code", "--check", str(corpus)],
        "tf_upgrade_v2": [upgrade, "--intree", str(corpus), "--outtree", str(outtree),
                          "--reportfile", str(work / f"{corpus.name}-report.txt")],
    }
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(repeat):
        for name, command in commands.items():
            shutil.rmtree(outtree, ignore_errors=True)
            times[name].append(wall(command))
    results = {name: statistics.median(seconds) for name, seconds in times.items()}
    baseline = files / results["tf_upgrade_v2"]
    rounds = f", median of {repeat} rounds" if repeat > 1 else ""
    print(f"{label}: {files} files{rounds}")
    for name, seconds in results.items():
        rate = files / seconds
        print(f"  {name:24s} {seconds:7.2f} s  {rate:7.1f} files/s  {rate / baseline:5.2f}x tf_upgrade_v2")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=500, help="files in the scripts tree")
    parser.add_argument("--tree", type=int, default=3000, help="files in the repository-shaped tree")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp())
    scripts, repository = work / "scripts", work / "repository"
    scripts.mkdir()
    repository.mkdir()
    make_corpus(scripts, args.files)
    make_repository(repository, args.tree)
    compare("scripts (every file has work)", scripts, work)
    compare("repository (1 file in 100 with multi_gpu_model)", repository, work)
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
