"""On the GPU machine (device side of tools/gpu_check/run.sh):

    KERAS_BACKEND=jax TF32=off python3 tools/gpu_check/check.py .gpucheck/pairs.json

Loads every converted .keras with stock Keras 3 (safe mode, no custom objects, migrate not imported), runs it on its
reference inputs and judges each output element by migrate's one tolerance, |got - ref| <= 1e-4 + 1e-6 |ref|
(migrate/bounds.py). TF32 is switched by the environment variable TF32 (off / on) before Keras starts. JAX runs
`predict` (one compiled program per model: eager JAX compiles every op for every new shape, minutes for the
corpus). For a model JAX does not reproduce on the GPU, each top-level layer's output is computed on the GPU and on
the CPU and the first layer where they part is named. Prints a JSON line per model and a summary line; writes
$OUT/BACKEND_tf32_TF32.json."""

import json
import os
import sys
import time

BACKEND, TF32 = os.environ["KERAS_BACKEND"], os.environ["TF32"]
if BACKEND == "torch":
    import torch

    torch.backends.cuda.matmul.allow_tf32 = TF32 == "on"
    torch.backends.cudnn.allow_tf32 = TF32 == "on"
    torch.set_float32_matmul_precision("high" if TF32 == "on" else "highest")
    DEVICE = torch.cuda.get_device_name(0) if torch.cuda.is_available() else "cpu"
else:
    import jax

    jax.config.update("jax_default_matmul_precision", "highest" if TF32 == "off" else None)
    DEVICE = str(jax.devices()[0])
import keras  # noqa: E402
import numpy as np  # noqa: E402


def numbered(bundle, prefix):
    count = sum(1 for key in bundle.files if key.startswith(prefix) and key[len(prefix):].isdigit())
    return [bundle[f"{prefix}{i}"] for i in range(count)]


def run(model, inputs):
    x = inputs if len(inputs) > 1 else inputs[0]
    out = model.predict(x, batch_size=len(inputs[0]), verbose=0) if BACKEND == "jax" else model(x, training=False)
    return [keras.ops.convert_to_numpy(o).astype(np.float64) for o in (out if isinstance(out, (list, tuple)) else [out])]


def judged(got, expected):
    worst, over = 0.0, 0.0
    for g, e in zip(got, expected, strict=False):  # a count that differs fails below
        e = e.astype(np.float64)
        diff = np.abs(g - e)
        if diff.size:
            worst = max(worst, float(diff.max()))
            over = max(over, float((diff - (1e-4 + 1e-6 * np.abs(e))).max()))
    return {"within": len(got) == len(expected) and over <= 0, "max_abs_diff": worst, "over_tolerance_by": over}


def parting_layer(model, inputs):
    """JAX only: the first top-level layer whose output on the GPU leaves the tolerance of its output on the CPU."""
    import jax

    for layer in model.layers:
        if isinstance(layer, keras.layers.InputLayer):
            continue
        probe = keras.Model(model.inputs, layer.output)
        on_gpu = run(probe, inputs)
        with jax.default_device(jax.devices("cpu")[0]):
            on_cpu = run(probe, inputs)
        verdict = judged(on_gpu, on_cpu)
        if not verdict["within"]:
            return {"layer": layer.name, "class": type(layer).__name__, **verdict}
    return None


def main(pairs_file):
    results, start = {}, time.time()
    for name, (model_path, ref_path, _) in json.load(open(pairs_file)).items():
        try:
            ref = np.load(ref_path)
            inputs, expected = numbered(ref, "in_"), numbered(ref, "out_")
            model = keras.saving.load_model(model_path, safe_mode=True)
            results[name] = judged(run(model, inputs), expected)
            if not results[name]["within"] and BACKEND == "jax" and DEVICE.startswith("cuda"):
                results[name]["gpu_cpu_parting"] = parting_layer(model, inputs)
        except Exception as exc:  # one model's failure is its own result
            results[name] = {"error": f"{type(exc).__name__}: {exc}"[:300]}
        keras.backend.clear_session()
        print(name, json.dumps(results[name]), flush=True)
    assert "migrate" not in sys.modules
    bad = {name: result for name, result in results.items() if not result.get("within")}
    print(json.dumps({"backend": keras.backend.backend(), "device": DEVICE, "tf32": TF32, "models": len(results),
                      "reproduced": len(results) - len(bad), "seconds": round(time.time() - start, 1),
                      "not_reproduced": bad}))
    with open(os.path.join(os.environ.get("OUT", "/tmp"), f"{BACKEND}_tf32_{TF32}.json"), "w") as out:
        json.dump(results, out, indent=1)


if __name__ == "__main__":
    main(sys.argv[1])
