#!/bin/bash
# Device side of the GPU check, one call of the device tool from the repository root, carrying .gpucheck and .whl:
#   here, first: python tools/gpu_check/prep.py, and the wheels the GPU image lacks (it has JAX, PyTorch, h5py,
#   NumPy, rich, absl, ml-dtypes, but no Keras and no TensorFlow; xdis for migrate's own convert):
#     python3 -m pip download --no-deps --only-binary=:all: --python-version 3.12 --implementation cp \
#       --platform manylinux_2_28_x86_64 --platform manylinux2014_x86_64 -d .whl keras==3.15.1 namex optree xdis==6.3.0
# Then: stock-Keras loads of every converted file on PyTorch and JAX on the GPU with TF32 off (about 1 and 4
# minutes on an H200), and migrate convert itself on each backend there (three samples; migrate turns TF32 off).
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 1
export PYTHONPATH=/tmp/site PYTHONUNBUFFERED=1
nvidia-smi -L
KERAS_BACKEND=torch TF32=off timeout 150 python3 tools/gpu_check/check.py .gpucheck/pairs.json 2>"$OUT/torch.err" | tail -1 | cut -c1-1500
KERAS_BACKEND=jax TF32=off timeout 330 python3 tools/gpu_check/check.py .gpucheck/pairs.json 2>"$OUT/jax.err" >"$OUT/jax.log"
tail -1 "$OUT/jax.log" | cut -c1-3000
jobs=/tmp/jobs.json
python3 - "$jobs" <<'PY'
import json, sys
names = ["k231_nested3.h5", "k231_lambda_math.h5", "k231_channels_first_mixed.h5"]
json.dump({n: [f"sample_models/{n}", f"sample_models/{n[:-3]}.npz", f"/tmp/{i}.keras"] for i, n in enumerate(names)},
          open(sys.argv[1], "w"))
PY
for backend in jax torch; do
  PYTHONPATH=/tmp/site:$PWD KERAS_BACKEND=$backend timeout 90 python3 -m tests.convert.convert_on_backend "$jobs" \
    2>"$OUT/convert_$backend.err" | tail -1 | cut -c1-1500
done
