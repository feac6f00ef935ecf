"""`<stem>_lambdas.py` review files: an importable module name, and every name the decoded functions use bound."""

from __future__ import annotations

from pathlib import Path

from migrate.lift.stubs import HEADER, _aliases, module_name, stub_path


def test_the_module_name_is_importable_whatever_the_file_is_called():
    assert module_name(Path("my-model.v2.h5")) == "my_model_v2_lambdas"
    assert module_name(Path("2020 run/final.h5")) == "final_lambdas"
    assert module_name(Path("42.h5")) == "lambda_42_lambdas"
    assert stub_path(Path("a/my-model.h5"), Path("out/my-model.keras")) == Path("out/my_model_lambdas.py")


def test_modules_the_functions_name_are_bound_and_nothing_else():
    header = HEADER.format(source="m.h5", options="")
    functions = ["\n\ndef f(x):\n    return tf.nn.relu(backend.mean(x, axis=-1)) + np.pi + K.epsilon()\n",
                 "\n\ndef g(x):\n    y = x * 2\n    return f(y) + math.e + abs(y)\n"]
    aliases = _aliases(header, functions)
    assert aliases.splitlines() == ["backend = ops  # 'backend' in the original code: check each call",
                                    "tf = ops  # 'tf' in the original code: check each call"]
    namespace: dict = {}
    exec(compile(header.replace("from keras import ops", "ops = object()") + aliases, "m_lambdas.py", "exec"), namespace)
    assert namespace["tf"] is namespace["ops"]
