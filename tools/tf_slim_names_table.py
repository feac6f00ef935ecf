"""Write `migrate/codemod/data/tf_slim_names.py`: the public names of tf-slim (the `tf_slim` package, TF 1's
`tf.contrib.slim` on TensorFlow 2), for `contrib_slim_to_tf_slim`, which rewrites a module only when every slim name it
reads is one of them. Read from the installed package, not by hand:

    .venv/bin/python tools/tf_slim_names_table.py

READ holds what `import tf_slim` alone lets a program read by attribute (`tf_slim.conv2d`, `tf_slim.learning.train`,
`tf_slim.losses.softmax_cross_entropy`), walked first, before any other submodule is imported; MODULES holds every
importable module (tests left out) with its public names, for `from tf_slim.nets import resnet_v1` and
`resnet_v1.resnet_v1_50`. Where tf-slim's batch_norm cannot build its layer under the installed TensorFlow (2.16 and
later: see `batch_norm_builds`), it is left out, with the nets that call it (resnet, inception): a module reading them
stays contrib's, reported.
"""

import importlib
import os
import pkgutil
import sys
import types

TABLE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                     "migrate", "codemod", "data", "tf_slim_names.py")


def public(module: types.ModuleType) -> list[str]:
    return sorted(name for name in vars(module) if not name.startswith("_"))


def readable(module: types.ModuleType, path: str, seen: set[int], found: set[str]) -> None:
    """Every public dotted name under `path`, recursing into tf_slim's own modules."""
    if id(module) in seen:
        return
    seen.add(id(module))
    for name in public(module):
        value = getattr(module, name)
        found.add(f"{path}.{name}")
        if isinstance(value, types.ModuleType) and value.__name__.startswith("tf_slim"):
            readable(value, f"{path}.{name}", seen, found)


def batch_norm_builds() -> bool:
    """Whether tf-slim's batch_norm can build its layer here: it takes TensorFlow's `tensorflow.python.layers.
    normalization`, which TF 2.16+ loads from tf_keras by a path tf_keras 2.16+ no longer has."""
    try:
        from tensorflow.python.layers import normalization

        return normalization.BatchNormalization is not None
    except Exception:  # noqa: BLE001 - ModuleNotFoundError (no tf_keras, or its moved path): either way it does not
        return False


def from_broken(module: str, name: str, broken: set[str]) -> bool:
    """Whether `module.name` is one of the broken modules, or a function or class defined in one (re-exported:
    tf_slim.nets.inception's inception_v3)."""
    value = getattr(importlib.import_module(module), name)
    home = value.__name__ if isinstance(value, types.ModuleType) else getattr(value, "__module__", "") or ""
    return f"{module}.{name}" in broken or home in broken


def main() -> None:
    import tf_slim

    read: set[str] = {"tf_slim"}
    readable(tf_slim, "tf_slim", set(), read)
    modules = {"tf_slim": public(tf_slim)}
    for info in pkgutil.walk_packages(tf_slim.__path__, "tf_slim."):
        if info.name.endswith("_test") or ".tests" in info.name:
            continue
        modules[info.name] = public(importlib.import_module(info.name))
    if not batch_norm_builds():  # batch_norm, and the nets whose arg_scope (or body) calls it, fail when called
        broken = {name for name in modules if name.startswith("tf_slim.nets.") and
                  "batch_norm" in open(importlib.import_module(name).__file__).read()}
        read = {name for name in read if name.rpartition(".")[2] != "batch_norm" and
                not any(name == b or name.startswith(b + ".") for b in broken)}
        modules = {module: [name for name in names if name != "batch_norm" and not from_broken(module, name, broken)]
                   for module, names in modules.items() if module not in broken}
    lines = ['"""The public names of tf-slim 1.1.0 (`tf_slim`, TF 1\'s tf.contrib.slim on TensorFlow 2): READ, what `import',
             "tf_slim` alone lets a program read by attribute; MODULES, each importable module's public names.",
             'Written by tools/tf_slim_names_table.py from the installed package: do not edit by hand."""', "",
             "READ = frozenset({"]
    lines += [f"    {name!r}," for name in sorted(read)]
    lines += ["})", "", "MODULES = {"]
    for module, names in sorted(modules.items()):
        lines.append(f"    {module!r}: frozenset({{")
        lines += [f"        {name!r}," for name in names]
        lines.append("    }),")
    lines.append("}")
    table = sys.argv[1] if len(sys.argv) > 1 else TABLE  # another path: to compare with the committed table
    with open(table, "w") as out:
        out.write("\n".join(lines) + "\n")
    print(f"{table}: {len(read)} names read, {len(modules)} modules")


if __name__ == "__main__":
    main()
