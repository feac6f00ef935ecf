"""Keras 2.2-2.3's random image transforms of keras.preprocessing.image (johngrabner/keras-image-ocr's
`image.random_rotation(...)`, data augmentation written by hand), under a seeded NumPy generator: Keras 2.3.1 and the
rewritten script under Keras 3 (keras_preprocessing 1.1.2's functions written into the file) give the same arrays:
tests/codemod/test_legacy_import_paths.py runs both. argv: (unused), the .npz to write."""
import sys

import numpy as np
from keras.preprocessing import image
from keras.preprocessing.image import random_channel_shift, random_shear, random_shift, random_zoom

np.random.seed(0)
x = np.random.uniform(0, 255, size=(12, 10, 3))
np.savez(sys.argv[2],
         rotated=image.random_rotation(x, 30, row_axis=0, col_axis=1, channel_axis=2),
         rotated_first=image.random_rotation(np.moveaxis(x, 2, 0), 15),  # (the centre read from axes 0 and 1)
         shifted=random_shift(x, 0.2, 0.1, row_axis=0, col_axis=1, channel_axis=2, fill_mode='constant'),
         sheared=random_shear(x, 20, row_axis=0, col_axis=1, channel_axis=2, fill_mode='reflect'),
         zoomed=random_zoom(x, (0.8, 1.2), row_axis=0, col_axis=1, channel_axis=2),
         channels=random_channel_shift(x, 40, channel_axis=2))
print('ok')
