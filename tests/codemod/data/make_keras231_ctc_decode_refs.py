"""Reference values of Keras 2.3.1's K.ctc_decode (TF 1.15 backend) on random softmax outputs, for
tests/codemod/test_backend_functions_to_ops.py: greedy, beam search with one and two paths (and merge_repeated=True),
input lengths shorter than the time axis. Run by the legacy stack, not by the suite:
`/tmp/legacy37/bin/python tests/codemod/data/make_keras231_ctc_decode_refs.py tests/codemod/data/keras231_ctc_decode_refs.npz`"""
import sys

import keras.backend as K
import numpy as np

# (greedy, beam_width, top_paths, merge_repeated) per decoding, on every input
DECODINGS = ((True, 100, 1, False), (False, 100, 1, False), (False, 100, 2, False), (False, 4, 2, False),
             (False, 10, 3, True))
rng = np.random.RandomState(0)
out = {}
for case, (batch, steps, classes) in enumerate(((4, 12, 4), (3, 20, 6), (2, 9, 3))):
    logits = rng.normal(size=(batch, steps, classes)).astype("float32") * 2
    y_pred = (np.exp(logits) / np.exp(logits).sum(-1, keepdims=True)).astype("float32")
    input_length = rng.randint(steps // 2, steps + 1, size=(batch,)).astype("int32")
    input_length[0] = steps
    out[f"y_pred_{case}"], out[f"input_length_{case}"] = y_pred, input_length
    for index, (greedy, beam_width, top_paths, merge_repeated) in enumerate(DECODINGS):
        decoded, log_prob = K.ctc_decode(K.constant(y_pred), K.constant(input_length), greedy=greedy,
                                         beam_width=beam_width, top_paths=top_paths, merge_repeated=merge_repeated)
        for path, dense in enumerate(decoded):
            out[f"decoded_{case}_{index}_{path}"] = K.eval(dense)
        out[f"log_prob_{case}_{index}"] = K.eval(log_prob)
np.savez_compressed(sys.argv[1], **out)
print({n: v.shape for n, v in out.items()})
