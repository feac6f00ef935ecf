"""Keras 1 per-gate RNN weights joined as Keras 2's loader joined them (the samples check the numbers)."""

from migrate.read import WeightInfo
from migrate.translate.weights import keras1_joined


def _per_gate(layer, gates, units=3, inputs=2):
    infos = []
    for gate in gates:
        for kind, shape in (("W", (inputs, units)), ("U", (units, units)), ("b", (units,))):
            infos.append(WeightInfo(f"{layer}_{kind}_{gate}:0", f"/w/{layer}/{layer}_{kind}_{gate}:0", shape, "float32"))
    return tuple(infos)


def test_lstm_gates_are_joined_in_keras2_order():
    joined = keras1_joined("LSTM", _per_gate("lstm", "icfo"))
    assert [info.shape for info in joined] == [(2, 12), (3, 12), (12,)]
    assert [part.rsplit("_", 1)[-1] for part in joined[0].parts] == ["i:0", "f:0", "c:0", "o:0"]
    assert [part.split("/")[-1] for part in joined[2].parts] == ["lstm_b_i:0", "lstm_b_f:0", "lstm_b_c:0", "lstm_b_o:0"]


def test_gru_gates_keep_their_order():
    joined = keras1_joined("GRU", _per_gate("gru", "zrh"))
    assert [part.split("/")[-1] for part in joined[1].parts] == ["gru_U_z:0", "gru_U_r:0", "gru_U_h:0"]


def test_anything_else_is_left_as_it_is():
    three = _per_gate("lstm", "i")
    assert keras1_joined("LSTM", three) is three and keras1_joined("Dense", three) is three
