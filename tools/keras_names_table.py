"""Write `migrate/codemod/data/keras_legacy_names.py`: every public name of Keras 2.3.1, 2.2.4, 2.1.6 and tf.keras that
Keras 3 lacks, with the Keras 3 name that holds the same object (or None and why).

Derived from the packages, not by hand: `dump` runs in a legacy stack and lists every public module and name
(a walk of each module's `__dict__` from the package's root, every submodule imported first), with the
identity of the object each name holds; `build` runs in the project's environment, walks Keras 3 the same way,
and maps each legacy name Keras 3 does not have to another legacy name of the same object that Keras 3 does
have (`keras.models.Input` is `keras.layers.Input`; `keras.losses.mse` is `keras.losses.mean_squared_error`;
`keras.layers.normalization.BatchNormalization` is `keras.layers.BatchNormalization`). A few substitutes that
are not the same object but compute the same (SUBSTITUTES, each with its reason), and the legacy ports of Keras 3's
`tensorflow.keras` checked to compute what Keras 2.3.1 did (TF_KERAS_PORTS: `keras.preprocessing.text.Tokenizer`
-> `tensorflow.keras.preprocessing.text.Tokenizer`), and the names of Keras versions no stack installs (KERAS1)
are the only hand-written part.

    /tmp/legacy37/bin/python tools/keras_names_table.py dump keras keras /tmp/keras231.json
    /tmp/legacy37/bin/python tools/keras_names_table.py dump tensorflow.keras tensorflow.keras /tmp/tfkeras115.json
    /tmp/tfkeras/bin/python tools/keras_names_table.py dump tf_keras tensorflow.keras /tmp/tfkeras2.json
    /tmp/legacy37/bin/pip install --target /tmp/k224 keras==2.2.4 --no-deps   # 2018's Keras, beside 2.3.1
    PYTHONPATH=/tmp/k224 /tmp/legacy37/bin/python tools/keras_names_table.py dump keras keras /tmp/keras224.json
    /tmp/legacy37/bin/pip install --target /tmp/k216 keras==2.1.6 --no-deps   # 2017's Keras, multi_gpu_model's first
    PYTHONPATH=/tmp/k216 /tmp/legacy37/bin/python tools/keras_names_table.py dump keras keras /tmp/keras216.json
    .venv/bin/python tools/keras_names_table.py build /tmp/keras231.json /tmp/tfkeras115.json /tmp/tfkeras2.json \
        /tmp/keras224.json /tmp/keras216.json

(Python 3.7 runs `dump`: no syntax newer than it there.)
"""

import importlib
import inspect
import json
import os
import pkgutil
import sys
import textwrap

TABLE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                     "migrate", "codemod", "data", "keras_legacy_names.py")
# Packages whose classes and functions a Keras package re-exports as its own.
OWNERS = ("keras", "keras_applications", "keras_preprocessing", "tensorflow", "tf_keras")
SKIPPED_PARTS = ("src", "tests", "api", "_impl")

# Not the same object, but the same computation, where the condition holds (checked by the rule). Each: legacy
# name (last part) -> (Keras 3 name in the same module, condition).
SUBSTITUTES = {
    "CuDNNLSTM": ("LSTM", "positional-units-only"),  # cuDNN's LSTM: sigmoid/tanh, biases summed; LSTM uses cuDNN
    "CuDNNGRU": ("GRU", "positional-units-only"),  # cuDNN's GRU is GRU(reset_after=True), Keras 3's default
    # Keras 2.3.1's loss functions Keras 3 renamed: the same arithmetic (mean over the last axis of
    # x + softplus(-2x) - log 2; y_true and y_pred clipped to [epsilon, 1], sum of y_true log(y_true / y_pred)),
    # equal to Keras 2.3.1's values (tests/codemod/test_legacy_import_paths.py, keras231_losses_refs.npz)
    "logcosh": ("log_cosh", ""),
    **{name: ("kl_divergence", "") for name in ("kullback_leibler_divergence", "kld", "KLD")},
}

# Keras 2 names Keras 3's `keras` lacks but its TensorFlow namespace keeps as a legacy port (`keras/_tf_keras`, what
# `tensorflow.keras` is under TensorFlow 2.16+), mapped there where the port computes what Keras 2.3.1 did (with fixed
# seeds, to 1e-6: tests/codemod/test_image_data_generator_to_tf_keras.py runs both). Not in it: ImageDataGenerator
# (exact only without rotation, shift, zoom, shear, brightness and ZCA: rule image_data_generator_to_tf_keras judges
# each), NumpyArrayIterator and DirectoryIterator (what they give is their generator's), the affine and brightness
# functions (the port swaps x and y: rows move by width_shift_range), the `keras.backend` functions.
TF_KERAS_PORTS = frozenset({
    "keras.preprocessing.text.Tokenizer", "keras.preprocessing.text.tokenizer_from_json",
    "keras.preprocessing.text.text_to_word_sequence", "keras.preprocessing.text.hashing_trick",
    "keras.preprocessing.text.one_hot",  # Python's hash() as in Keras 2: the same within a process, not across
    "keras.preprocessing.sequence.TimeseriesGenerator", "keras.preprocessing.sequence.make_sampling_table",
    "keras.preprocessing.sequence.skipgrams",
    "keras.preprocessing.image.Iterator",  # the base of a project's own iterator: its index order and seeds
    "keras.preprocessing.image.apply_channel_shift", "keras.preprocessing.image.random_channel_shift",
    # PIL's brightness enhancer on the image scaled to 0-255, as Keras 2.3.1 did (its default scale=True)
    "keras.preprocessing.image.apply_brightness_shift", "keras.preprocessing.image.random_brightness",
    "keras.layers.ThresholdedReLU",
})

# Keras 1 names no installed stack has (Keras 2.0 removed them), with what replaced them: written to the table as
# they are, each reported where it is imported or used.
MERGE_LAYER = ("Keras 1's Merge layer: use keras.layers.Add, Concatenate, Multiply, Average, Maximum or Dot (for "
               "its mode=); a Merge of Sequential models becomes the functional form: keras.layers.concatenate("
               "[m1.output, m2.output]) (or its mode's function), the layers after it applied to that, and "
               "keras.Model([m1.input, m2.input], outputs)")
MERGE_FUNCTION = "Keras 1's merge function: use keras.layers.add, concatenate, multiply, average, maximum or dot (for its mode=)"
KERAS1 = {
    "keras.initializations": "Keras 1's initializations module: use keras.initializers (RandomNormal(stddev=...), "
                             "GlorotUniform(), get(name))",
    "keras.layers.Merge": MERGE_LAYER,
    "keras.layers.core.Merge": MERGE_LAYER,
    "keras.engine.topology.Merge": MERGE_LAYER,
    "keras.legacy.layers.Merge": MERGE_LAYER,  # where Keras 2.0-2.1 kept it (2.1.6's dump has these, not what they were)
    "keras.legacy.models.Merge": MERGE_LAYER,
    "keras.layers.core.merge": MERGE_FUNCTION,
    "keras.legacy.layers.merge": MERGE_FUNCTION,
    "keras.regularizers.WeightRegularizer": "Keras 1's WeightRegularizer: use keras.regularizers.L1L2(l1=..., l2=...)",
    "keras.regularizers.ActivityRegularizer": "Keras 1's ActivityRegularizer: use keras.regularizers.L1L2 as "
                                              "activity_regularizer=",
}

# Names Keras 3 has nothing exact for, with what to do (instead of the generic hint): written to the table as the
# reason, reported where they are imported or used.
_FROM_CONFIG = ("Keras 3 has none: Keras 2 read {'class_name', 'config'} with keras.layers.deserialize, which in Keras "
                "3 knows no Sequential or Functional; to copy a model use keras.models.clone_model(model) and "
                "set_weights(model.get_weights()), to rebuild a saved one keras.models.model_from_json(model.to_json())")
_FROM_YAML = ("removed (loading YAML could run arbitrary code): write the architecture with model.to_json() and read "
              "it with keras.models.model_from_json")
ADVICE = {
    **{f"{module}.model_from_config": _FROM_CONFIG
       for module in ("keras.models", "keras.engine.saving", "tensorflow.keras.models")},
    **{f"{module}.model_from_yaml": _FROM_YAML for module in ("keras.models", "keras.engine.saving", "tensorflow.keras.models")},
    "tensorflow.keras.experimental.export_saved_model":
        "Keras 3 has none: model.export(path) writes a SavedModel for serving (tf.saved_model.load, TF Serving) "
        "whose serving_default signature names its outputs output_0, ... where TF 1.15 used the output layers' "
        "names, and without the Keras model load_from_saved_model read back; to reload the model in Keras, "
        "model.save('model.keras') and keras.models.load_model",
    "tensorflow.keras.experimental.load_from_saved_model":
        "Keras 3 has none: keras.layers.TFSMLayer(path, call_endpoint='serving_default') calls a SavedModel (no "
        "training); a model saved with model.save('model.keras') loads with keras.models.load_model",
    **{f"keras.{module}.huber_loss": "Keras 2.3.1's huber_loss gave each element's loss; keras.losses.huber(y_true, "
                                     "y_pred, delta) is their mean over the last axis (keras.losses.Huber as a loss)"
       for module in ("losses", "objectives")},
    **{f"keras.metrics.{name}": "Keras 2.3.1's metric was +sum(l2_normalize(y_true) * l2_normalize(y_pred)) over "
                                "the axis; keras.losses.cosine_similarity is its negative (keras.metrics."
                                "CosineSimilarity as a metric)" for name in ("cosine", "cosine_proximity", "cosine_similarity")},
    "keras.metrics.accuracy": "Keras 2.3.1's accuracy was each element's equality, not a mean: keras.ops.cast("
                              "keras.ops.equal(y_true, y_pred), 'float32') (keras.metrics.Accuracy as a metric)",
    "tensorflow.keras.layers.experimental.SyncBatchNormalization":
        "use keras.layers.BatchNormalization(..., synchronized=True) (the statistics of the whole batch across "
        "replicas; it takes no renorm arguments)",
}

# ---------------------------------------------------------------- dump (legacy stacks)

def _import_all(root):
    """Import every submodule of `root` (failures skipped) so that the attribute walk reaches them."""
    package = importlib.import_module(root)
    for info in pkgutil.walk_packages(getattr(package, "__path__", []), root + "."):
        if any(part in SKIPPED_PARTS or part.startswith("_") for part in info.name.split(".")[1:]):
            continue
        try:
            importlib.import_module(info.name)
        except Exception:  # noqa: BLE001 - an optional dependency missing: its names are not public here
            pass
    return package


def _submodule(obj, name, parent, api):
    """Whether `obj`, found as attribute `name` of module `parent`, is its submodule: not `K` for `backend`, not
    numpy, not `constraints` in `keras.layers.normalization` (another module's import of `keras.constraints`).
    In a generated API package (`api`: tf.keras, tf_keras, Keras 3's tf.keras) every module is an API module,
    named after its attribute though it may live elsewhere (TF 1.15's wrappers, Keras 3's `_tf_keras`)."""
    module_name = getattr(obj, "__name__", "")
    if name in SKIPPED_PARTS:
        return False
    return module_name.endswith("." + name) if api else module_name == parent.__name__ + "." + name


def _public_alias(obj, name):
    """Whether `obj`, found as attribute `name` of another module, is a public Keras module of that name: Keras 2's
    star imports re-exported the modules a module imported (`from keras.layers import regularizers` is
    `keras.regularizers`), and Keras 2.1's `keras.layers` re-exported its `from .. import backend as K`, which
    scripts imported (`from keras.layers import K`: the backend, keras.backend in Keras 3). Numpy is not."""
    parts = getattr(obj, "__name__", "").split(".")
    if name == "K" and parts == ["keras", "backend"]:
        return True
    return parts[0] == "keras" and parts[-1] == name and len(parts) > 1 and \
        not any(part.startswith("_") or part in SKIPPED_PARTS for part in parts)


def walk(module, path, names, seen, api=False):
    """Record path -> (kind, identity) for each public attribute; recurse into the package's submodules."""
    seen.add(path)
    for name in sorted(dir(module)):  # dir, not vars: TensorFlow's API modules are lazy wrappers
        if name.startswith("_"):
            continue
        try:
            obj = getattr(module, name)
        except Exception:  # noqa: BLE001 - a lazy attribute whose import fails is not usable either
            continue
        full = path + "." + name
        if inspect.ismodule(obj) or type(obj).__name__ == "TFModuleWrapper":  # TF 1.15's lazy API modules
            if _submodule(obj, name, module, api):
                names[full] = ("module", str(id(obj)))
                if full not in seen and full.count(".") < 8:
                    walk(obj, full, names, seen, api)
            elif not api and _public_alias(obj, name):
                names[full] = ("alias", obj.__name__)
        elif inspect.isclass(obj) or inspect.isroutine(obj):
            if (getattr(obj, "__module__", None) or "").split(".")[0] in OWNERS:
                names[full] = ("class" if inspect.isclass(obj) else "function", str(id(obj)))


def constants(package, names):
    """Keras 2's application modules re-exported keras_applications' own as an attribute
    (`keras.applications.vgg16.vgg16`); scripts read its weight URLs there (`...vgg16.vgg16.WEIGHTS_PATH_NO_TOP`):
    path -> ("constant", the string), for every upper-case string constant."""
    applications = getattr(package, "applications", None)
    for info in pkgutil.iter_modules(getattr(applications, "__path__", [])):
        module = getattr(applications, info.name, None)
        inner = getattr(module, info.name, None)
        if inspect.ismodule(inner) and inner.__name__.startswith("keras_applications."):
            for name, value in sorted(vars(inner).items()):
                if name.isupper() and isinstance(value, str):
                    names[f"{package.__name__}.applications.{info.name}.{info.name}.{name}"] = ("constant", value)


def dump(root, spelled, out):
    """Walk package `root`, recording its paths as spelled in user code (`tf_keras.layers` -> `tensorflow.keras...`)."""
    package = _import_all(root) if root in ("keras", "tf_keras") else importlib.import_module(root)
    names = {}
    walk(package, root, names, set(), api=root != "keras")
    if root == "keras":
        constants(package, names)
    names = {spelled + path[len(root):]: value for path, value in names.items()}
    with open(out, "w") as handle:
        json.dump(names, handle, sort_keys=True)
    print(f"{out}: {len(names)} names")


# ---------------------------------------------------------------- build (project environment, Keras 3)

def keras3_paths():
    """Every public path of Keras 3 as user code spells it (`keras.X` and, through TensorFlow, `tensorflow.keras.X`)
    -> its kind (module, class, function)."""
    import keras
    import keras._tf_keras.keras as tf_keras

    paths = {}
    for package, spelled in ((keras, "keras"), (tf_keras, "tensorflow.keras")):
        names = {}
        walk(package, package.__name__, names, set(), api=spelled != "keras")
        paths.update({spelled + path[len(package.__name__):]: kind for path, (kind, _) in names.items()})
    return paths


def _preference(legacy, candidate):
    """Order candidates: the removed module's parent first (`keras.layers.normalization.X` -> `keras.layers.X`),
    then the shortest."""
    parent = legacy.rsplit(".", 2)[0]
    return (not candidate.startswith(parent + "."), candidate.count("."), candidate)


def _substitute(path, paths, keras3):
    """The substitute (SUBSTITUTES) in the Keras 3 module of one of the paths naming the same object: `path`'s own
    module first (`keras.metrics.logcosh` -> `keras.metrics.log_cosh`, which `from keras import metrics` reaches)."""
    found = sorted(p.rsplit(".", 1)[0] + "." + SUBSTITUTES[p.rsplit(".", 1)[1]][0] for p in paths
                   if p.rsplit(".", 1)[1] in SUBSTITUTES)
    found = [p for p in found if p in keras3]
    own = [p for p in found if p.rsplit(".", 1)[0] == path.rsplit(".", 1)[0]]
    return (own or [min(found, key=len)])[0] if found else None


def _hint(path, keras3):
    """Why a name has no Keras 3 counterpart, and where to look."""
    name = path.rsplit(".", 1)[1]
    root = "tensorflow.keras" if path.startswith("tensorflow.keras.") else "keras"
    if ".backend." in path + "." and root + ".ops." + name in keras3:
        return f"a Keras 2 backend function: use {root}.ops.{name}"
    if ".backend." in path + ".":
        return "a Keras 2 backend function Keras 3 lacks: use keras.ops or tf.* instead"
    alike = sorted(p for p in keras3 if p.rsplit(".", 1)[-1] == name and p.startswith(root + "."))
    if alike:
        return f"{alike[0]} has the name (not the same object: check it does the same)"
    return "no public Keras 3 name holds it: copy what you use of it into your own code"


def _same_in(path, paths, keras3):
    """Whether another name of the object `path` holds in this stack is a Keras 3 name (callable there)."""
    return any(keras3.get(p) not in (None, "module") for p in paths if p != path)


def build(dumps, out=TABLE):
    keras3 = keras3_paths()
    table, values, aliases = {}, {}, set()
    for dumped in dumps:
        with open(dumped) as handle:
            names = json.load(handle)
        # tf.keras (TF 1.13 to 2.1) built its applications on the same keras_applications modules: the spelling
        # through tensorflow.keras, where it resolved, named the same constants
        values.update({spelled: value for path, (kind, value) in names.items() if kind == "constant"
                       for spelled in (path, "tensorflow." + path)})
        names = {path: entry for path, entry in names.items() if entry[0] != "constant"}
        by_identity = {}
        for path, (_, identity) in names.items():
            by_identity.setdefault(identity, []).append(path)
        for path, (kind, identity) in sorted(names.items()):
            if kind == "alias":  # another module's name for a Keras module: Keras 3's module of that name, if any
                if path not in keras3 and keras3.get(identity) == "module":
                    table.setdefault(path, (identity, ""))
                    aliases.add(path)
                continue
            if path in keras3 or (path in table and table[path][0] is not None) or \
                    (path in table and not _same_in(path, by_identity[identity], keras3)):
                continue  # a name a later stack maps (TF 1.15's experimental.CosineDecay is tf_keras 2's schedule)
            # another legacy name of the same object that Keras 3 has, a callable there too (a function may be a
            # class now: custom_object_scope)
            same = sorted((p for p in by_identity[identity] if keras3.get(p) not in (None, "module")),
                          key=lambda p: _preference(path, p))
            name = path.rsplit(".", 1)[1]
            ported = sorted("tensorflow." + p for p in by_identity[identity]
                            if p in TF_KERAS_PORTS and "tensorflow." + p in keras3)
            if same and kind != "module":
                table[path] = (same[0], "")
            elif ported and kind != "module":
                table[path] = (ported[0], "")
            elif name in SUBSTITUTES and _substitute(path, by_identity[identity], keras3):
                table[path] = (_substitute(path, by_identity[identity], keras3), SUBSTITUTES[name][1])
            elif kind == "module":
                table[path] = (None, "module")
            else:
                table[path] = (None, _hint(path, keras3))
    for path, why in KERAS1.items():  # Keras 1's names: what replaced them, over a dump's "no public name"
        if table.get(path, (None, ""))[0] is None:
            table[path] = (None, why)
    for path, why in ADVICE.items():
        if table.get(path, (None, ""))[0] is None:
            table[path] = (None, why)
    _write(table, values, aliases, out)


def _write(table, values, aliases, out):
    import keras

    lines = [f'"""Every public name of Keras 2.3.1, 2.2.4, 2.1.6 and tf.keras (TF 1.15, tf_keras 2.21) that Keras {keras.__version__} lacks ->',
             "(the Keras 3 name holding the same object, '') or (None, why). A module is (None, 'module').",
             "Written by tools/keras_names_table.py from the installed packages: do not edit by hand.\"\"\"",
             "", "LEGACY = {"]
    for path, (target, why) in sorted(table.items()):
        line = f"    {path!r}: ({target!r}, {why!r}),"
        if len(line) <= 120:
            lines.append(line)
        elif len(f"        ({target!r}, {why!r}),") <= 150:
            lines.append(f"    {path!r}:\n        ({target!r}, {why!r}),")
        else:  # a long reason: its parts, joined by Python
            parts = textwrap.wrap(why, 100, drop_whitespace=False)
            lines.append(f"    {path!r}:\n        ({target!r}, {parts[0]!r}")
            lines += [f"         {part!r}" for part in parts[1:]]
            lines[-1] += "),"
    lines.append("}")
    lines += ["", "# Keras 2's string constants Keras 3 has no public name for (the weight URLs of keras.applications.X.X):",
              "# the value itself stands in for the name.", "CONSTANTS = {"]
    for path, value in sorted(values.items()):
        line = f"    {path!r}: {value!r},"
        lines.append(line if len(line) <= 120 else f"    {path!r}:\n        {value!r},")
    lines.append("}")
    lines += ["", "# The entries above that are a module's name for a Keras module (Keras 2.2.4's star imports re-exported",
              "# the modules a module imported: `from keras.layers import regularizers`).", "MODULE_ALIASES = frozenset({"]
    lines += [f"    {path!r}," for path in sorted(aliases)]
    lines.append("})")
    with open(out, "w") as handle:
        handle.write("\n".join(lines) + "\n")
    mapped = sum(target is not None for target, _ in table.values())
    print(f"{out}: {len(table)} legacy names Keras 3 lacks, {mapped} mapped")


if __name__ == "__main__":
    if sys.argv[1] == "dump":
        dump(sys.argv[2], sys.argv[3], sys.argv[4])
    elif sys.argv[2] == "--out":  # build --out PATH DUMP...: somewhere else than the committed table
        build(sys.argv[4:], sys.argv[3])
    else:
        build(sys.argv[2:])
