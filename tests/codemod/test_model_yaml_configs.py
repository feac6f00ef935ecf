"""model_yaml_configs: must-not-change cases first, then before/after, then a model round-tripped under Keras 3."""

import os
import subprocess
import sys
import textwrap

from migrate.codemod.keras2_helpers import MODEL_FROM_YAML, TO_YAML
from tests.codemod.helpers import assert_unchanged, rewrite

RULE = "model_yaml_configs"


def test_a_projects_own_to_yaml_and_a_json_the_file_writes_stay():
    assert_unchanged("""
        from keras.models import Sequential, model_from_json
        from omegaconf import OmegaConf

        text = OmegaConf.to_yaml(config)
        model = Sequential()
        open('m.json', 'w').write(model.to_json())
        again = model_from_json(open('m.json').read())
    """, RULE)


def test_yaml_configs_go_through_keras_3s_json_and_a_json_only_read_is_advised():
    # kulak-at/keras-audio-recognition audio_model.py and predict.py: the model written as YAML, read back elsewhere
    got, findings = rewrite("""
        from keras.models import Sequential, model_from_yaml
        import keras

        model = Sequential()
        with open('model.yaml', 'w') as f:
            f.write(model.to_yaml())
        loaded = model_from_yaml(open('model.yaml').read())
        other = keras.models.model_from_yaml(text, custom_objects={'f': f})
    """, RULE)
    assert "from keras.models import Sequential\n" in got and "import json\n" in got and "import yaml\n" in got
    assert "f.write(keras2_to_yaml(model))" in got and "loaded = keras2_model_from_yaml(open('model.yaml').read())" in got
    assert "other = keras2_model_from_yaml(text, custom_objects={'f': f})" in got
    assert MODEL_FROM_YAML[1].strip() in got and TO_YAML[1].strip() in got and not findings
    again, _ = rewrite(got, RULE)
    assert again == got
    _, findings = rewrite("""
        from keras.models import model_from_json, model_from_yaml
        model = model_from_json(open('model.json').read())
        model.load_weights('model.h5')
        other = model_from_yaml(open('model.yaml').read())
    """, RULE)
    assert [(f.line, f.advice) for f in findings] == [(3, True), (5, True)]
    assert "a JSON file Keras 2 wrote" in findings[0].message and "a YAML file Keras 2 wrote" in findings[1].message


def test_a_model_written_as_yaml_and_read_back_under_keras_3_predicts_alike(tmp_path):
    script = tmp_path / "roundtrip.py"
    script.write_text(textwrap.dedent("""
        import numpy as np
        from keras.layers import Dense, Input
        from keras.models import Model, model_from_yaml

        inputs = Input(shape=(4,))
        model = Model(inputs, Dense(3, activation='softmax')(Dense(5, activation='relu')(inputs)))
        with open('model.yaml', 'w') as f:
            f.write(model.to_yaml())
        loaded = model_from_yaml(open('model.yaml').read())
        loaded.set_weights(model.get_weights())
        x = np.random.RandomState(0).normal(size=(6, 4)).astype('float32')
        assert np.array_equal(loaded.predict(x, verbose=0), model.predict(x, verbose=0))
        print('ok', [layer.__class__.__name__ for layer in loaded.layers])
    """))
    subprocess.run([sys.executable, "-m", "migrate", "code", "--write", str(script)], check=True, capture_output=True)
    run = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, cwd=tmp_path, timeout=300,
                         env={**os.environ, "TF_CPP_MIN_LOG_LEVEL": "3"})
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.strip().endswith("ok ['InputLayer', 'Dense', 'Dense']")
