"""K.relu of Keras 2.3.1 on fixed inputs (tests/codemod/test_backend_functions_to_ops.py): run with /tmp/legacy37,
`python make_keras231_relu_refs.py keras231_relu_refs.npz`."""
import sys

import numpy as np
from keras import backend as K

x = np.linspace(-4, 9, 27).astype("float32").reshape(3, 9)
cases = {"alpha": dict(alpha=0.2), "alpha_max": dict(alpha=0.1, max_value=5.0), "max": dict(max_value=3.0),
         "threshold": dict(threshold=1.0), "all": dict(alpha=0.3, max_value=6.0, threshold=0.5)}
out = {"x": x}
for name, kw in cases.items():
    out[name] = K.eval(K.relu(K.constant(x), **kw))
np.savez(sys.argv[1], **out)
print("ok")
