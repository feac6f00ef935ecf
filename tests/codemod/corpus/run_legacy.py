"""Run every corpus script under a real legacy stack (Keras 2.3.1 + TensorFlow 1.15, Python 3.7: build it
with ../shared/tools/make_legacy_venv.sh), multi_gpu_model stubbed to the identity (it needs GPUs): a new
Model object over the template's own inputs and outputs, so that recipes which copy the wrapper's
attributes (ModelMGPU) get an object of their own.
Not run by CI; its output is recorded in README.md here.

    /tmp/legacy37/bin/python tests/codemod/corpus/run_legacy.py [SCRIPT ...]
"""
from __future__ import print_function

import glob
import os
import runpy
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
STUB = """
import os, runpy, sys
os.environ["TF_CPP_MIN_LOG_LEVEL"] = "3"
import keras, keras.utils, keras.utils.multi_gpu_utils as mgpu, tensorflow as tf
identity = lambda model, gpus=None, *args, **kwargs: keras.models.Model(model.inputs, model.outputs)
keras.utils.multi_gpu_model = mgpu.multi_gpu_model = identity
tf_identity = lambda model, gpus=None, *args, **kwargs: tf.keras.models.Model(model.inputs, model.outputs)
tf.keras.utils.multi_gpu_model = tf_identity
sys.argv = sys.argv[1:]
runpy.run_path(sys.argv[0], run_name="__main__")
"""


def main(scripts):
    failed = 0
    for script in scripts or sorted(glob.glob(os.path.join(HERE, "s*.py"))):
        out = tempfile.mkdtemp()
        done = subprocess.run([sys.executable, "-c", STUB, script, out], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, universal_newlines=True)
        ok = done.returncode == 0 and done.stdout.strip().endswith("ok")
        failed += not ok
        print("%-40s %s" % (os.path.basename(script), "ok" if ok else "FAILED: " + done.stderr.strip()[-300:]))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main(sys.argv[1:])
