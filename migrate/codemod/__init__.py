"""`migrate code`: LibCST rewrites of Keras 2 training code for Keras 3 and MirroredStrategy.

Never imports TensorFlow or Keras: it reads code as code. The engine parses each file once and runs
every selected rule over the tree; each rule lives in its own module under `rules/` and is
discovered, never imported by name.
"""
