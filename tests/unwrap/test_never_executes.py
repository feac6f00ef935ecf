"""A Lambda whose bytecode would write a file if it ever ran: inspect must read it and run nothing."""

from __future__ import annotations

import base64
import json
import marshal
import shutil
import subprocess
import sys

import h5py

from tests.conftest import sample


def _payload(marker):
    """Code for this very Python that creates `marker` when called: the worst a model file can hold."""
    source = f"def get_slice(data, i, parts):\n    open({str(marker)!r}, 'w').write('ran')\n    return data\n"
    namespace = {}
    exec(compile(source, "<payload>", "exec"), namespace)
    return base64.b64encode(marshal.dumps(namespace["get_slice"].__code__)).decode()


def _plant(path, payload):
    with h5py.File(path, "r+") as h5:
        config = json.loads(h5.attrs["model_config"])
        for layer in config["config"]["layers"]:
            if layer["class_name"] == "Lambda":
                layer["config"]["function"] = [payload, None, None]
        h5.attrs["model_config"] = json.dumps(config)


def test_payload_is_real_and_inspect_never_runs_it(tmp_path):
    proof = tmp_path / "proof"
    function = type(_plant)(marshal.loads(base64.b64decode(_payload(proof))), {})
    function(None, 0, 2)
    assert proof.exists()  # the payload does what it says when run

    marker = tmp_path / "pwned"
    model = tmp_path / "trap.h5"
    shutil.copy(sample("k231_mgpu2_mlp_adam.h5"), model)
    _plant(model, _payload(marker))
    result = subprocess.run([sys.executable, "-m", "migrate", "inspect", "--json", str(model)],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)[0]
    assert report["wrapper"] == {"depth": 1, "replicas": [2]}
    assert {entry["bytecode_python"] for entry in report["lambdas"]} == {"3.11+"}
    assert not marker.exists()
