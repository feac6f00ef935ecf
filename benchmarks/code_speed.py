"""`migrate code` against `tf_upgrade_v2` (ships with TensorFlow) on one generated corpus, in one run.

    python benchmarks/code_speed.py [--files 500]

The corpus: legacy-style training scripts (multi_gpu_model in functions, classes, conditionals,
fit_generator, TF1 sessions) and plain utility modules, varied by name and constants. Both tools run as
fresh processes over the whole folder, as a user would run them; files per second is files / wall time.
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=500)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp())
    corpus = work / "corpus"
    corpus.mkdir()
    make_corpus(corpus, args.files)
    upgrade = shutil.which("tf_upgrade_v2") or str(Path(sys.executable).with_name("tf_upgrade_v2"))
    results = {
        "migrate code --jobs 1": wall([sys.executable, "-m", "migrate", "code", "--check", "--jobs", "1", str(corpus)]),
        "migrate code --jobs 2": wall([sys.executable, "-m", "migrate", "code", "--check", "--jobs", "2", str(corpus)]),
        "tf_upgrade_v2": wall([upgrade, "--intree", str(corpus), "--outtree", str(work / "upgraded"),
                               "--reportfile", str(work / "report.txt")]),
    }
    baseline = args.files / results["tf_upgrade_v2"]
    print(f"corpus: {args.files} files")
    for name, seconds in results.items():
        rate = args.files / seconds
        print(f"{name:24s} {seconds:7.2f} s  {rate:7.1f} files/s  {rate / baseline:5.2f}x tf_upgrade_v2")
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
