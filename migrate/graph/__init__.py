"""A plain, version-neutral model of a Keras config: layers, their calls, and the tensors between them.

`build_graph` accepts every config shape legacy Keras wrote and normalises the differences (list or
dict Sequential, 3- or 4-element inbound entries, nested models' shifted node indices) so that later
stages see one form only.
"""

from migrate.graph.build import build_graph
from migrate.graph.model import MODEL_CLASSES, OP_LAMBDA_CLASSES, Graph, KeywordTensor, Layer, TensorRef

__all__ = ["MODEL_CLASSES", "OP_LAMBDA_CLASSES", "Graph", "KeywordTensor", "Layer", "TensorRef", "build_graph"]
