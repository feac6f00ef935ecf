"""migrate: rescue legacy Keras models and the code that trained them.

The package follows the data: `h5` reads a legacy file without executing anything, `graph` turns its
config into a version-neutral graph, `unwrap` peels `multi_gpu_model` wrappers off it, `diagnosis`
says what is wrong with it, and `cli` sits on top. Nothing on that reading side imports Keras.
"""

__version__ = "0.1.0"
