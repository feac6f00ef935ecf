"""Reading Keras files (HDF5, `.keras` zips, SavedModel directories) with h5py, json and plain Python.

Nothing here imports TensorFlow or Keras, and nothing read from a file is ever executed,
unmarshalled or deserialized into objects: configs stay plain JSON data, weights stay datasets.
"""

from migrate.read.detect import detect_container, read_model_file
from migrate.read.hdf5 import LegacyFile, WeightInfo, read_legacy_file

__all__ = ["LegacyFile", "WeightInfo", "detect_container", "read_legacy_file", "read_model_file"]
