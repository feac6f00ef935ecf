"""A TensorFlow 1 checkpoint's tensors read by name through `pywrap_tensorflow.NewCheckpointReader`, as
juanluisrosaramos/CRNN_OCR's inspect_checkpoint.py (TensorFlow's own tool of that name) reads them. TensorFlow 1.15 and
the rewritten script under TensorFlow 2 (compat.v1's reader) give the same arrays: tests/codemod/test_private_tf_names_moved.py
runs both. argv: the checkpoint's prefix, the .npz to write."""
import sys

import numpy as np
from tensorflow.python import pywrap_tensorflow

reader = pywrap_tensorflow.NewCheckpointReader(sys.argv[1])
shapes = reader.get_variable_to_shape_map()
found = {name.replace('/', '_'): reader.get_tensor(name) for name in sorted(shapes)}
np.savez(sys.argv[2], **found)
print('ok')
