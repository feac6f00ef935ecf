"""TensorFlowOpLayer node_defs -> keras.ops calls (read as JSON; the samples check the numbers)."""

import pytest

from migrate.errors import UnsupportedModelError
from migrate.translate.tf_ops import OpCall, TensorArg, op_call


def _layer(op, inputs, constants=None, **attrs):
    return {"name": op, "node_def": {"name": op, "op": op, "input": inputs, "attr": attrs}, "constants": constants or {}}


@pytest.mark.parametrize("config, expected", [
    (_layer("Relu", ["d/BiasAdd"], T={"type": "DT_FLOAT"}), OpCall("relu", [TensorArg(0)])),
    (_layer("Mul", ["Relu", "Mul/y"], {"1": 2.0}), OpCall("multiply", [TensorArg(0), 2.0])),
    (_layer("RealDiv", ["c", "x"], {"0": 1.0}), OpCall("divide", [1.0, TensorArg(0)])),
    (_layer("AddV2", ["a", "b"]), OpCall("add", [TensorArg(0), TensorArg(1)])),
    (_layer("Mean", ["h", "Mean/reduction_indices"], {"1": -1}, keep_dims={"b": True}),
     OpCall("mean", [TensorArg(0)], {"axis": -1, "keepdims": True})),
    (_layer("Sum", ["h", "Sum/reduction_indices"], {"1": [1, 2]}), OpCall("sum", [TensorArg(0)], {"axis": (1, 2), "keepdims": False})),
    (_layer("ConcatV2", ["a", "b", "concat/axis"], {"2": -1}, N={"i": "2"}),
     OpCall("concatenate", [[TensorArg(0), TensorArg(1)]], {"axis": -1})),
    (_layer("Reshape", ["x", "Reshape/shape"], {"1": [-1, 4, 4]}), OpCall("reshape", [TensorArg(0), (-1, 4, 4)])),
    (_layer("Transpose", ["x", "perm"], {"1": [0, 2, 1]}), OpCall("transpose", [TensorArg(0)], {"axes": [0, 2, 1]})),
    (_layer("Squeeze", ["x"], squeeze_dims={"list": {"i": ["-1"]}}), OpCall("squeeze", [TensorArg(0)], {"axis": (-1,)})),
    (_layer("Cast", ["x"], DstT={"type": "DT_INT32"}), OpCall("cast", [TensorArg(0)], {"dtype": "int32"})),
    (_layer("Relu", ["x", "^control_dependency"]), OpCall("relu", [TensorArg(0)])),
], ids=lambda value: value.function if isinstance(value, OpCall) else value["node_def"]["op"])
def test_each_op_becomes_its_keras_op(config, expected):
    assert op_call(config, "tf_op_layer_x") == expected


@pytest.mark.parametrize("config", [
    _layer("StridedSlice", ["x", "b", "e", "s"], {"1": [0], "2": [1], "3": [1]}),
    _layer("MatMul", ["a", "b"], transpose_b={"b": True}),
    _layer("Mean", ["x", "axis_tensor"]),
], ids=["unmapped", "transposed-matmul", "axis-from-a-tensor"])
def test_what_has_no_exact_keras_op_is_refused_by_layer_with_the_way_out(config):
    with pytest.raises(UnsupportedModelError) as caught:
        op_call(config, "model/tf_op_layer_x")
    assert caught.value.layer == "model/tf_op_layer_x" and config["node_def"]["op"] in str(caught.value)


@pytest.mark.parametrize("config", [
    {"name": "x", "node_def": True},
    {"name": "x", "node_def": {"op": "Mean", "input": ["a", "b"], "attr": ["keep_dims"]}},
    {"name": "x", "node_def": {"op": "Relu", "input": "a"}},
    {"name": "x", "node_def": {"op": "Mul", "input": ["a", "b"]}, "constants": [2.0]},
], ids=["node-not-object", "attr-not-object", "input-not-list", "constants-not-object"])
def test_malformed_node_defs_are_malformed_files(config):
    from migrate.errors import MalformedFileError

    with pytest.raises(MalformedFileError, match="node_def"):
        op_call(config, "tf_op_layer_x")


def test_op_lambda_reads_as_the_call_it_stands_for():
    from migrate.lift.ir import Call, Const, Input
    from migrate.translate.tf_ops import op_lambda_function

    function = op_lambda_function({"function": "math.truediv"}, {"y": None, "name": None}, 1, {"y": 1}, "m/div")
    assert function.inputs == 2 and function.name == "div"
    assert function.body == Call("tf.math.truediv", "tensorflow.math.truediv", (Input(0),), (("y", Input(1)),))
    assert op_lambda_function({"function": "math.reduce_mean"}, {"axis": [1, 2], "keepdims": True}, 1, {},
                              "m").body.kwargs == (("axis", Const((1, 2))), ("keepdims", Const(True)))


def test_op_lambda_on_a_list_takes_a_sequence():
    from migrate.lift.ir import Input, Sequence
    from migrate.translate.tf_ops import op_lambda_function

    function = op_lambda_function({"function": "concat"}, {"axis": -1}, 2, {}, "m")
    assert function.body.args == (Sequence((Input(0), Input(1))),)


def test_op_lambda_without_a_function_is_malformed():
    from migrate.errors import MalformedFileError
    from migrate.translate.tf_ops import op_lambda_function

    with pytest.raises(MalformedFileError):
        op_lambda_function({}, {}, 1, {}, "m")
