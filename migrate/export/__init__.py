"""Deployable forms of a converted model (ONNX, LiteRT/TFLite, TensorFlow SavedModel), each checked in its own
runtime against the same inputs and outputs as the `.keras` file.

Past rebuild in the pipeline: it takes the Keras 3 model stock Keras reloaded from the written file, so it may
import frameworks (lazily, inside functions; importing this package imports none). `record` is plain data
for the reports; `formats` writes and runs each format.
"""

from migrate.export.record import FORMATS, ExportRecord, parse_formats

__all__ = ["FORMATS", "ExportRecord", "parse_formats"]
