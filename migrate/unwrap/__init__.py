"""Peeling `multi_gpu_model` wrappers off a graph, level by level, recognised by structure alone."""

from migrate.unwrap.detect import Unwrapped, WrapperLevel, unwrap
from migrate.unwrap.lambdas import LambdaInfo, classify_lambdas, slice_arguments

__all__ = ["LambdaInfo", "Unwrapped", "WrapperLevel", "classify_lambdas", "slice_arguments", "unwrap"]
