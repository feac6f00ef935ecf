"""Run as `KERAS_BACKEND=jax python -m tests.convert.backend_check PAIRS.json`: load each converted model
with stock Keras on this backend (safe mode on, migrate never imported; custom objects only for models
built with the user's own functions, from tests/convert/legacy_functions.py), run it on its reference
inputs and write its outputs to the `.npz` named for it (`arr_0`, ...). Prints, as JSON, {name: null, or
the error text}; the calling test judges the outputs with migrate.verify's tolerance."""

import json
import sys

import keras
import numpy as np


def numbered(bundle, prefix):
    count = sum(1 for key in bundle.files if key.startswith(prefix) and key[len(prefix):].isdigit())
    return [bundle[f"{prefix}{i}"] for i in range(count)]


def run_model(model_path, reference, user_functions, out_path):
    inputs = numbered(np.load(reference), "in_")
    custom = None
    if user_functions:
        from tests.convert import legacy_functions

        custom = {name: getattr(legacy_functions, name) for name in user_functions}
    model = keras.saving.load_model(model_path, safe_mode=True, custom_objects=custom)
    outputs = model(inputs if len(inputs) > 1 else inputs[0], training=False)
    outputs = outputs if isinstance(outputs, (list, tuple)) else [outputs]
    np.savez(out_path, *[keras.ops.convert_to_numpy(o) for o in outputs])


def main(pairs_file):
    results = {}
    for name, (model_path, reference, user_functions, out_path) in json.loads(open(pairs_file).read()).items():
        try:
            run_model(model_path, reference, user_functions, out_path)
            results[name] = None
        except Exception as exc:  # reported per model, so one failure does not hide the others
            results[name] = f"{type(exc).__name__}: {exc}"[:300]
    assert "migrate" not in sys.modules
    print(json.dumps({"backend": keras.backend.backend(), "results": results}))


if __name__ == "__main__":
    main(sys.argv[1])
