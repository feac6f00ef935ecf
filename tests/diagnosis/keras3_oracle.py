"""Run in a subprocess by the verdict test: what stock Keras 3 really does with each file.

Prints one JSON object: path -> "fails" (load or predict raises), "wrong" (max abs difference from
the reference outputs outside migrate.verify's tolerance, in predict() or in an eager call), or "loads". Files without a reference are only loaded.
"""

import json
import os
import sys
import warnings

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
warnings.filterwarnings("ignore")

import keras  # noqa: E402
import numpy as np  # noqa: E402

from migrate.verify.tolerance import within  # noqa: E402  (plain numpy: the one tolerance, no Keras of migrate's)


def behaviour(path, reference):
    try:
        model = keras.models.load_model(path, compile=False)
        if reference is None:
            return "loads"
        bundle = np.load(reference)
        inputs = [bundle[f"in_{i}"] for i in range(sum(k.startswith("in_") for k in bundle.files))]
        feed = inputs if len(inputs) > 1 else inputs[0]
        expected = [bundle[f"out_{i}"] for i in range(sum(k.startswith("out_") for k in bundle.files))]
        right = True
        for outputs in (model.predict(feed, verbose=0), model(feed, training=False)):  # traced, then eager
            outputs = outputs if isinstance(outputs, (list, tuple)) else [outputs]
            right = right and within([np.asarray(got) for got in outputs], expected)
    except Exception:
        return "fails"
    return "loads" if right else "wrong"


pairs = json.loads(sys.argv[1])
print(json.dumps({path: behaviour(path, ref) for path, ref in pairs}))
