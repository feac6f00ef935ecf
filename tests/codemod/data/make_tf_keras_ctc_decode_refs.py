"""Reference values of tf.keras 2's tf.keras.backend.ctc_decode (tf_keras 2.21, the tf.keras 2 of TensorFlow 2.3 and
later: padded to the time axis, merge_repeated in its beam search) on the inputs of keras231_ctc_decode_refs.npz, for
tests/codemod/test_backend_functions_to_ops.py. Run by the tf.keras stack, not by the suite:
`/tmp/tfkeras/bin/python tests/codemod/data/make_tf_keras_ctc_decode_refs.py tests/codemod/data/keras231_ctc_decode_refs.npz
tests/codemod/data/tf_keras_ctc_decode_refs.npz`"""
import sys

import numpy as np
from tf_keras import backend as K

# (greedy, beam_width, top_paths) per decoding, on every input
DECODINGS = ((True, 100, 1), (False, 100, 1), (False, 100, 2), (False, 4, 2), (False, 10, 3))
inputs = np.load(sys.argv[1])
out = {}
for case in range(3):
    y_pred, input_length = inputs[f"y_pred_{case}"], inputs[f"input_length_{case}"]
    for index, (greedy, beam_width, top_paths) in enumerate(DECODINGS):
        decoded, log_prob = K.ctc_decode(y_pred, input_length, greedy=greedy, beam_width=beam_width,
                                         top_paths=top_paths)
        for path, dense in enumerate(decoded):
            out[f"decoded_{case}_{index}_{path}"] = K.eval(dense)
        out[f"log_prob_{case}_{index}"] = K.eval(log_prob)
np.savez_compressed(sys.argv[2], **out)
print({n: v.shape for n, v in out.items()})
