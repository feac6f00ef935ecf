"""Reference values of Keras 2.3.1's K.ctc_batch_cost (TF 1.15 backend) on random softmax outputs, for
tests/codemod/test_backend_functions_to_ops.py. Run by the legacy stack, not by the suite:
`/tmp/legacy37/bin/python tests/codemod/data/make_keras231_ctc_refs.py tests/codemod/data/keras231_ctc_refs.npz`"""
import sys

import keras.backend as K
import numpy as np

rng = np.random.RandomState(0)
out = {}
for case, (batch, steps, classes, labels) in enumerate(((4, 12, 6, 5), (3, 20, 11, 7), (2, 8, 3, 3))):
    logits = rng.normal(size=(batch, steps, classes)).astype("float32") * 2
    y_pred = (np.exp(logits) / np.exp(logits).sum(-1, keepdims=True)).astype("float32")
    y_true = rng.randint(0, classes - 1, size=(batch, labels)).astype("float32")  # the last class is the blank
    label_length = rng.randint(1, labels + 1, size=(batch, 1)).astype("float32")
    input_length = rng.randint(2 * labels + 1, steps + 1, size=(batch, 1)).astype("float32")
    out.update({f"{name}_{case}": value for name, value in (("y_pred", y_pred), ("y_true", y_true),
                ("label_length", label_length), ("input_length", input_length))})
    out[f"loss_{case}"] = K.eval(K.ctc_batch_cost(K.constant(y_true), K.constant(y_pred), K.constant(input_length),
                                                  K.constant(label_length)))
np.savez_compressed(sys.argv[1], **out)
print({n: v.shape for n, v in out.items()})
