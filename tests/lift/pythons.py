"""Real Pythons of every band legacy Keras ran on (pyenv's), compiling Lambda sources to marshalled code the
way Keras's `func_dump` stored it. Each Python compiles a whole batch in one process; nothing it
compiles is run, there or here."""

from __future__ import annotations

import base64
import json
import os
import subprocess
from functools import cache
from pathlib import Path

import pytest

PYENV = Path(os.environ.get("PYENV_ROOT", "/root/.pyenv")) / "versions"
BANDS = ("2.7", "3.6", "3.7", "3.8", "3.9", "3.10", "3.11", "3.12", "3.13")
# What migrate reports for each: the band whose Pythons read the same opcodes.
BAND_OF = {"2.7": "2.7", "3.6": "3.6-3.7", "3.7": "3.6-3.7", "3.8": "3.8-3.10", "3.9": "3.8-3.10",
           "3.10": "3.8-3.10", "3.11": "3.11", "3.12": "3.12", "3.13": "3.13"}

# Runs under Python 2.7 to 3.13: the first function defined by each source, marshalled, base64 (Keras 2's form).
_COMPILER = r"""
import base64, json, marshal, sys
out = []
for source in json.loads(sys.stdin.read()):
    code = compile(source, "<lambda>", "exec")
    function = [c for c in code.co_consts if hasattr(c, "co_code")][0]
    out.append(base64.b64encode(marshal.dumps(function)).decode("ascii"))
sys.stdout.write(json.dumps(out))
"""


def python_for(band: str) -> Path | None:
    found = sorted(PYENV.glob(f"{band}.*/bin/python"))
    return found[0] if found else None


def available_bands() -> list[str]:
    return [band for band in BANDS if python_for(band)]


def band_params() -> list:
    """One pytest param per band; bands whose Python is not installed are skipped, and say so."""
    return [pytest.param(band, id=f"py{band}", marks=[] if python_for(band) else
                         pytest.mark.skip(reason=f"no Python {band} under {PYENV}")) for band in BANDS]


@cache
def _compile_batch(band: str, sources: tuple[str, ...]) -> tuple[str, ...]:
    python = python_for(band)
    done = subprocess.run([str(python), "-c", _COMPILER], input=json.dumps(list(sources)), capture_output=True,
                          text=True, timeout=120)
    if done.returncode != 0:
        raise AssertionError(f"Python {band} could not compile: {done.stderr[-1500:]}")
    return tuple(json.loads(done.stdout))


def compile_lambdas(band: str, sources: list[str]) -> list[str]:
    """Base64 marshal of each source's function, compiled by Python `band`."""
    return list(_compile_batch(band, tuple(sources)))


def lambda_config(blob_b64: str, arguments: dict | None = None, defaults: list | None = None,
                  closure: list | None = None, raw: bool = False) -> dict:
    """A Lambda layer's config as Keras stored it: base64 text (Keras >= 2.1) or, with `raw`, the marshal
    bytes as raw_unicode_escape text (Keras 1 and 2.0)."""
    function = base64.b64decode(blob_b64).decode("raw_unicode_escape") if raw else blob_b64
    return {"name": "lambda_1", "function": [function, defaults, closure], "function_type": "lambda",
            "arguments": arguments or {}}
