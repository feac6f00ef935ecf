"""Running one rule on a snippet, and the checks every before/after case shares."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
import textwrap
from collections import Counter
from pathlib import Path

from migrate.codemod.engine import rewrite_source
from migrate.codemod.registry import all_rules


def rewrite(source: str, *names: str) -> tuple[str, list]:
    """Rewrite dedented `source` with the named rules (default: all); (new source, findings)."""
    rules = [rule for rule in all_rules() if not names or rule.NAME in names]
    result = rewrite_source(textwrap.dedent(source).encode(), "example.py", rules)
    assert result.error is None, result.error
    return result.rewritten.decode(), list(result.findings)


def assert_rewrites(before: str, after: str, *names: str) -> list:
    """The rewrite is exactly `after`, `after` parses, and a second run changes nothing."""
    got, findings = rewrite(before, *names)
    expected = textwrap.dedent(after)
    assert got == expected
    ast.parse(expected)
    again, _ = rewrite(expected, *names)
    assert again == expected
    return findings


def leftover_reports(stderr: str) -> Counter:
    """The leftovers a run printed, as (path, rule, message): positions differ between a run on the original
    and one on its rewrite (lines moved), what is left must not."""
    found: Counter = Counter()
    for line in stderr.splitlines():
        parts = line.split(": ", 2)
        if len(parts) == 3 and parts[0].count(":") >= 2 and not parts[2].startswith("advice: "):
            found[(parts[0].rsplit(":", 2)[0], parts[1], parts[2])] += 1
    return found


def assert_unchanged(source: str, *names: str) -> list:
    got, findings = rewrite(source, *names)
    assert got == textwrap.dedent(source)
    return findings


# Runs a rewritten script as `python -c MIRRORED_ON_TWO_CPUS SCRIPT ARGS...` with no GPUs: TensorFlow's CPU split into two
# logical devices, and the script's MirroredStrategy() placed on them.
MIRRORED_ON_TWO_CPUS = """
import os, runpy, sys
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
import tensorflow as tf
cpu = tf.config.list_physical_devices("CPU")[0]
tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * 2)
Mirrored = tf.distribute.MirroredStrategy
class OnTwoCpus(Mirrored):
    # No GPUs here: the rewritten script's MirroredStrategy() runs on the two logical CPUs instead, and
    # devices=["/gpu:0", "/gpu:1"] on /cpu:0 and /cpu:1.
    def __init__(self, devices=None, **kwargs):
        devices = [d.replace("gpu", "cpu") for d in devices] if devices else ["/cpu:0", "/cpu:1"]
        super().__init__(devices=devices, **kwargs)
tf.distribute.MirroredStrategy = OnTwoCpus
sys.argv = sys.argv[1:]
runpy.run_path(sys.argv[0], run_name="__main__")
"""


def legacy37() -> Path:
    """The Python of the Keras 2.3.1 + TensorFlow 1.15 stack (`$MIGRATE_LEGACY37`, else /tmp/legacy37: built by
    ../shared/tools/); the calling test skips, saying so, where it is absent."""
    import pytest

    path = Path(os.environ.get("MIGRATE_LEGACY37", "/tmp/legacy37")) / "bin" / "python"
    if not path.exists():
        pytest.skip(f"no Keras 2.3.1 / TensorFlow 1.15 stack at {path}")
    return path


def legacy_env(**extra: str) -> dict[str, str]:
    """The environment for a legacy stack's Python (TF 1.15 + Keras 2.3.1) started from a test.

    TensorFlow 2 sets TF2_BEHAVIOR=1 in this process as soon as any test imports it, and TF 1.15 reads it as
    "run eagerly", where Keras 2.3.1's `K.function` and `predict` stop on `get_session`. Which test imported
    TensorFlow first depends on how pytest-xdist deals the tests out, so every legacy run drops it.
    """
    env = {key: value for key, value in os.environ.items() if key != "TF2_BEHAVIOR"}
    return {**env, "TF_CPP_MIN_LOG_LEVEL": "3", **extra}


def assert_legacy_references(script: Path, references: Path, folder: Path, names: tuple[str, ...] = ()) -> None:
    """The script run under the Keras 2.3.1 stack (it writes argv[1], a .npz) gives the committed references exactly
    (each of `names`, or every array of them): what a reference file says Keras 2.3.1 computes, it computes now."""
    import numpy as np

    run = subprocess.run([str(legacy37()), str(script), str(folder / "keras2.npz")], capture_output=True, text=True,
                         timeout=300, env=legacy_env())
    assert run.returncode == 0, run.stderr[-2500:]
    got, ref = np.load(folder / "keras2.npz"), np.load(references)
    for name in names or ref.files:
        np.testing.assert_array_equal(got[name], ref[name], err_msg=name)


def rewritten_copy(script: Path, folder: Path) -> Path:
    """`script` copied into `folder` and rewritten there by the CLI, as a user runs it: the rewrite must leave
    nothing for review, since the executed tests then prove the whole output runs."""
    target = folder / script.name
    shutil.copy(script, target)
    done = subprocess.run([sys.executable, "-m", "migrate", "code", "--write", str(target)], capture_output=True,
                          text=True, timeout=300, cwd=Path(__file__).parents[2])
    assert done.returncode == 0 and ", 0 sites left for review," in done.stderr, done.stderr
    return target


def rewritten_outputs(script: Path, folder: Path):
    """`script` rewritten by the CLI (`rewritten_copy`) and run under Keras 3 from `folder`, writing argv[1]; it must
    end with `ok`: its arrays (a loaded .npz)."""
    import numpy as np

    target = rewritten_copy(script, folder)
    run = subprocess.run([sys.executable, str(target), str(folder / "keras3.npz")], capture_output=True, text=True,
                         timeout=300, env=dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3"), cwd=folder)
    assert run.returncode == 0 and run.stdout.strip().endswith("ok"), run.stderr[-2500:]
    return np.load(folder / "keras3.npz")


def trained_on_cpus(target: Path, *args: str) -> str:
    """What the rewritten script printed, run under MirroredStrategy on two logical CPUs from its own folder
    (`args` are its command line); it must end with `ok`."""
    run = subprocess.run([sys.executable, "-c", MIRRORED_ON_TWO_CPUS, str(target), *args], capture_output=True,
                         text=True, timeout=600, env=dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3"), cwd=target.parent)
    assert run.returncode == 0 and run.stdout.strip().endswith("ok"), run.stderr[-2500:]
    return run.stdout


def probe_under_both(legacy: Path, probe: Path, weights: Path, folder: Path, outputs: tuple[str, ...],
                     **legacy_extra: str) -> tuple:
    """A probe script run under the Keras 2.3.1 stack (`legacy`; `legacy_extra` added to its environment, such as a
    PYTHONPATH to an older Keras), then rewritten by the CLI and run under Keras 3, each writing its arrays (.npz)
    from the same weights: every array of `outputs` of the rewrite equal to Keras 2.3.1's (shape, dtype, values);
    (Keras 3's arrays, the rewritten script) back, for a test's own checks."""
    import numpy as np

    run = subprocess.run([str(legacy), str(probe), str(weights), str(folder / "keras2.npz")], capture_output=True,
                         text=True, timeout=300, env=legacy_env(**legacy_extra))
    assert run.returncode == 0, run.stderr[-2500:]
    (folder / "out").mkdir()
    target = rewritten_copy(probe, folder / "out")
    run = subprocess.run([sys.executable, str(target), str(weights), str(folder / "keras3.npz")], capture_output=True,
                         text=True, timeout=300, env={**os.environ, "TF_CPP_MIN_LOG_LEVEL": "3"}, cwd=folder)
    assert run.returncode == 0 and run.stdout.strip().endswith("ok"), run.stderr[-2500:]
    got, ref = np.load(folder / "keras3.npz"), np.load(folder / "keras2.npz")
    for name in outputs:
        assert got[name].shape == ref[name].shape and got[name].dtype == ref[name].dtype, name
        np.testing.assert_allclose(got[name], ref[name], rtol=1e-6, atol=1e-4, err_msg=name)
    return got, target
