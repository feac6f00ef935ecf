"""session_graph_class: must-not-change cases first, then before/after, then the whole pipeline and executed."""

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

from tests.codemod.helpers import assert_rewrites, assert_unchanged, legacy_env, rewrite

RULE = "session_graph_class"
ROOT = Path(__file__).parents[2]
PROBE = Path(__file__).parent / "scripts" / "yolo_class_probe.py"
REFERENCES = Path(__file__).parent / "data" / "keras231_yolo_class_refs.npz"
LEGACY = Path("/tmp/legacy37/bin/python")

# keras-yolo3's yolo.py, trimmed: what varies between the cases is spliced in with str.replace.
IDIOM = '''
from keras import backend as K
from keras.models import load_model
from keras.utils import multi_gpu_model
from yolo3.model import yolo_eval

class YOLO(object):
    def __init__(self, **kwargs):
        self.anchors = self._get_anchors()
        self.sess = K.get_session()
        self.boxes, self.scores, self.classes = self.generate()

    def generate(self):
        try:
            self.yolo_model = load_model(self.model_path, compile=False)
        except:
            self.yolo_model = yolo_body(Input(shape=(None,None,3)), num_anchors//3, num_classes)

        # Generate output tensor targets for filtered bounding boxes.
        self.input_image_shape = K.placeholder(shape=(2, ))
        if self.gpu_num>=2:
            self.yolo_model = multi_gpu_model(self.yolo_model, gpus=self.gpu_num)
        boxes, scores, classes = yolo_eval(self.yolo_model.output, self.anchors,
                len(self.class_names), self.input_image_shape,
                score_threshold=self.score, iou_threshold=self.iou)
        return boxes, scores, classes

    def detect_image(self, image):
        image_data = prepare(image)
        out_boxes, out_scores, out_classes = self.sess.run(
            [self.boxes, self.scores, self.classes],
            feed_dict={
                self.yolo_model.input: image_data,
                self.input_image_shape: [image.size[1], image.size[0]],
                K.learning_phase(): 0
            })
        return out_boxes, out_scores, out_classes

    def close_session(self):
        self.sess.close()
'''


def _variant(old: str, new: str) -> str:
    assert old in IDIOM, old
    return IDIOM.replace(old, new)


def test_a_class_that_differs_from_the_idiom_stays():
    variants = [
        # the session, the tensors or the placeholder used elsewhere
        ("        return out_boxes,", "        self.sess.run(self.boxes)\n        return out_boxes,"),
        ("        self.sess.close()", "        self.sess.close()\n        print(self.scores)"),
        ("        return out_boxes,", "        print(yolo.input_image_shape)\n        return out_boxes,"),
        # a feed_dict key more or less, a training phase, a fetch list in another order
        ("                K.learning_phase(): 0\n", "                K.learning_phase(): 1\n"),
        ("                self.input_image_shape: [image.size[1], image.size[0]],\n", ""),
        ("                K.learning_phase(): 0\n", "                K.learning_phase(): 0, self.other: 1\n"),
        ("[self.boxes, self.scores, self.classes],", "[self.scores, self.boxes, self.classes],"),
        # the generating call reads a local of generate(), or the placeholder twice
        ("len(self.class_names), self.input_image_shape,", "num_classes, self.input_image_shape,"),
        ("score_threshold=self.score,", "score_threshold=self.input_image_shape,"),
        # a placeholder of another shape of call; a generator that returns something else
        ("K.placeholder(shape=(2, ))", "K.placeholder(ndim=1)"),
        ("        return boxes, scores, classes", "        return boxes, classes, scores"),
        # generate() called again elsewhere; a session with a config
        ("        image_data = prepare(image)", "        image_data = prepare(image)\n        self.generate()"),
        ("self.sess = K.get_session()", "self.sess = tf.Session(config=config)"),
    ]
    for old, new in variants:
        assert_unchanged(_variant(old, new), RULE)
    assert_unchanged(IDIOM.replace("from keras import backend as K", "from keras import backend as K\ntf = 3"), RULE)


def test_the_idiom_is_computed_where_it_was_run():
    findings = assert_rewrites(IDIOM, '''
from keras import backend as K
from keras.models import load_model
from keras.utils import multi_gpu_model
from yolo3.model import yolo_eval
import keras
import tensorflow as tf

class YOLO(object):
    def __init__(self, **kwargs):
        self.anchors = self._get_anchors()
        self.generate()

    def generate(self):
        try:
            self.yolo_model = load_model(self.model_path, compile=False)
        except:
            self.yolo_model = yolo_body(Input(shape=(None,None,3)), num_anchors//3, num_classes)

        # Generate output tensor targets for filtered bounding boxes.
        if self.gpu_num>=2:
            self.yolo_model = multi_gpu_model(self.yolo_model, gpus=self.gpu_num)

    def detect_image(self, image):
        image_data = prepare(image)
        out_boxes, out_scores, out_classes = tf.nest.map_structure(lambda t: t.numpy(), yolo_eval(self.yolo_model(image_data, training=False), self.anchors,
                len(self.class_names), keras.ops.convert_to_tensor([image.size[1], image.size[0]], 'float32'),
                score_threshold=self.score, iou_threshold=self.iou))
        return out_boxes, out_scores, out_classes

    def close_session(self):
        pass
''', RULE)  # noqa: E501
    assert findings == []


def test_a_typed_placeholder_and_a_run_without_the_learning_phase():
    source = _variant("K.placeholder(shape=(2, ))", "K.placeholder(shape=(2, ), dtype='int32')")
    source = source.replace("                K.learning_phase(): 0\n", "").replace(
        "[image.size[1], image.size[0]],\n", "[image.size[1], image.size[0]]\n")
    source = source.replace("from keras import backend as K", "import tensorflow as tf\nfrom keras import backend as K")
    got, findings = rewrite(source, RULE)
    assert "keras.ops.convert_to_tensor([image.size[1], image.size[0]], 'int32')" in got
    assert "tf.nest.map_structure(lambda t: t.numpy(), yolo_eval(self.yolo_model(image_data, training=False)" in got
    assert got.count("import tensorflow as tf") == 1 and "self.sess" not in got and findings == []


def test_the_whole_pipeline_leaves_no_session_placeholder_or_learning_phase():
    """Before this rule tf1_session_code and backend_functions_to_ops reported K.get_session, K.placeholder and
    K.learning_phase here; now nothing is left for review, and the multi_gpu_model lines are still rewritten."""
    got, findings = rewrite(IDIOM)
    assert [finding for finding in findings if not finding.advice] == []
    assert "get_session" not in got and "placeholder" not in got and "learning_phase" not in got
    assert "multi_gpu_model" not in got and "tf.distribute.MirroredStrategy()" in got
    assert "        # Generate output tensor targets for filtered bounding boxes.\n" in got
    again, _ = rewrite(got)
    assert again == got


def test_the_rewritten_class_detects_what_keras_2_3_1_did(tmp_path):
    """The probe rewritten by `migrate code --write` and run under Keras 3 gives what its detect_image gave under
    Keras 2.3.1 + TF 1.15 (tests/codemod/data/keras231_yolo_class_refs.npz, made by make_keras231_yolo_class_refs.py
    with /tmp/legacy37): the model called with training=False (its Dropout off, as the fed learning phase 0 had it),
    the image shape fed as float32, as the placeholder took it."""
    target = tmp_path / PROBE.name
    shutil.copy(PROBE, target)
    done = subprocess.run([sys.executable, "-m", "migrate", "code", "--write", str(target)], capture_output=True,
                          text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 0 and ", 0 sites left for review," in done.stderr, done.stderr
    body = target.read_text().split('"""', 2)[2]  # the code, not the docstring
    assert "self.sess" not in body and "placeholder" not in body and "learning_phase" not in body
    run = subprocess.run([sys.executable, str(target), str(tmp_path / "keras3.npz")], capture_output=True, text=True,
                         timeout=300, env=dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3"), cwd=tmp_path)
    assert run.returncode == 0 and run.stdout.strip().endswith("ok"), run.stderr[-2500:]
    got, ref = np.load(tmp_path / "keras3.npz"), np.load(REFERENCES)
    assert 0 < np.count_nonzero(ref["scores"]) < ref["scores"].size  # some cells under the threshold, some over
    np.testing.assert_allclose(got["boxes"], ref["boxes"], rtol=1e-5)
    np.testing.assert_allclose(got["scores"], ref["scores"], rtol=1e-5, atol=1e-7)
    np.testing.assert_array_equal(got["classes"], ref["classes"])


@pytest.mark.skipif(not LEGACY.exists(), reason="the Keras 2.3.1 stack (/tmp/legacy37) is not here")
def test_the_references_are_what_keras_2_3_1_computes_now(tmp_path):
    maker = REFERENCES.parent / "make_keras231_yolo_class_refs.py"
    run = subprocess.run([str(LEGACY), str(maker), str(tmp_path / "keras2.npz")], capture_output=True, text=True,
                         timeout=300, env=legacy_env())
    assert run.returncode == 0, run.stderr[-2500:]
    got, ref = np.load(tmp_path / "keras2.npz"), np.load(REFERENCES)
    for name in ("boxes", "scores", "classes"):
        np.testing.assert_array_equal(got[name], ref[name], err_msg=name)


def test_the_probe_is_the_idiom():
    """The executed probe is rewritten by this rule, not left to the others."""
    got, _ = rewrite(PROBE.read_text(), RULE)
    assert "self.sess" not in got and textwrap.dedent("""\
        out_boxes, out_scores, out_classes = tf.nest.map_structure(""") in textwrap.dedent(
        got[got.index("        out_boxes"):])
