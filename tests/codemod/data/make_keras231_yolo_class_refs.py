"""What keras-yolo3's YOLO class gave under Keras 2.3.1 + TF 1.15 (tests/codemod/scripts/yolo_class_probe.py, run by
tests/codemod/test_session_graph_class.py): run with /tmp/legacy37,
`python make_keras231_yolo_class_refs.py keras231_yolo_class_refs.npz`."""
import runpy
import sys
from pathlib import Path

probe = Path(__file__).resolve().parents[1] / "scripts" / "yolo_class_probe.py"
sys.argv = [str(probe), sys.argv[1]]
runpy.run_path(str(probe), run_name="__main__")
