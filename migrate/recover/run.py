"""Run a construction slice, and only that, with Keras 3 in a child process.

The child is `sys.executable` with the slice's source on stdin, in a fresh empty folder, with a timeout
and `KERAS_BACKEND` set; nothing else of the user's code or of the model file is given to it. It prints
one marked line: the model's Keras 3 config and each layer's weight shapes.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
from typing import Any

from migrate.errors import RecoveryError, one_line
from migrate.recover.script import MARK

TIMEOUT_S = 180


def run_slice(script: str, timeout: float = TIMEOUT_S) -> dict[str, Any]:
    """The slice's model as `{"config": ..., "layers": [[name, [shape, ...]], ...]}`; RecoveryError
    with the child's last error line when it fails or runs out of time."""
    environment = {**os.environ, "KERAS_BACKEND": os.environ.get("KERAS_BACKEND", "tensorflow"),
                   "TF_CPP_MIN_LOG_LEVEL": "3", "CUDA_VISIBLE_DEVICES": "", "PYTHONDONTWRITEBYTECODE": "1"}
    environment.pop("PYTHONPATH", None)
    with tempfile.TemporaryDirectory(prefix="migrate-slice-") as folder:
        try:
            done = subprocess.run([sys.executable, "-I", "-"], input=script, capture_output=True, text=True,
                                  cwd=folder, env=environment, timeout=timeout)
        except subprocess.TimeoutExpired:
            raise RecoveryError(f"the construction slice ran past {timeout:.0f} s") from None
    for line in done.stdout.splitlines():
        if line.startswith(MARK):
            return json.loads(line[len(MARK):])
    raise RecoveryError(f"the construction slice failed: {_last_error(done.stderr)}")


def _last_error(stderr: str) -> str:
    """The exception line of a traceback: the last line naming an exception (its message may run on
    over more lines), else the last non-empty line."""
    lines = [line for line in stderr.splitlines() if line.strip()]
    for index in range(len(lines) - 1, -1, -1):
        if re.match(r"[A-Za-z_][\w.]*(Error|Exception|Exit|Interrupt)\b", lines[index]):
            return one_line(" ".join(lines[index:index + 3]))[:300]
    return one_line(lines[-1])[:300] if lines else "no output"
