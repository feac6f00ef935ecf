"""Names legacy configs use for whole models (as opposed to layers), in every Keras generation.

The reading side needs them to find nested models in a config; the graph builds on the same set.
"""

MODEL_CLASSES = frozenset({"Model", "Functional", "Sequential", "Container"})
