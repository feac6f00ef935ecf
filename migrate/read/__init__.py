"""Reading legacy Keras HDF5 files with h5py and json alone.

Nothing here imports TensorFlow or Keras, and nothing read from a file is ever executed,
unmarshalled or deserialized into objects: configs stay plain JSON data, weights stay datasets.
"""

from migrate.read.hdf5 import LegacyFile, WeightInfo, read_legacy_file

__all__ = ["LegacyFile", "WeightInfo", "read_legacy_file"]
