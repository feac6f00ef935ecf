"""layer_node_accessors: must-not-change cases first, then before/after, then Keras 2.3.1's numbers."""

from pathlib import Path

from tests.codemod.helpers import assert_rewrites, assert_unchanged, legacy37, probe_under_both, rewrite

RULE = "layer_node_accessors"
SCRIPTS = Path(__file__).parent / "scripts"


def test_another_node_a_variable_index_and_a_projects_own_method_stay():
    assert_unchanged("""
        second = shared.get_output_at(1)
        last = shared.get_output_at(-1)
        each = [shared.get_input_at(i) for i in range(2)]

        class Graph:
            def get_output_at(self, index):
                return self.nodes[index]

        g = Graph()
        node = g.get_output_at(0)
    """, RULE)


def test_the_first_nodes_tensors_and_shapes_are_keras_3s_input_and_output():
    # iandreariley/Keras-Siamese-FC and feature extractors: `Model(base.get_input_at(0), layer.get_output_at(0))`
    assert_rewrites("""
        features = Model(inputs=base.get_input_at(0), outputs=model.layers[-2].get_output_at(node_index=0))
        n = shared.get_output_shape_at(0)[-1]
        size = shared.get_input_shape_at(0)[1:]
    """, """
        features = Model(inputs=base.input, outputs=model.layers[-2].output)
        n = shared.output.shape[-1]
        size = shared.input.shape[1:]
    """, RULE)


def test_nothing_of_the_accessors_is_left_for_the_last_pass():
    _, findings = rewrite("""
        from keras.models import Model
        model = Model(a, b)
        out = model.layers[1].get_output_at(0)
    """)
    assert not [f for f in findings if "get_output_at" in f.message]


def test_the_rewritten_sub_model_of_a_shared_layer_predicts_as_keras_2_3_1(tmp_path):
    got, target = probe_under_both(legacy37(), SCRIPTS / "layer_node_accessors_probe.py", tmp_path / "none",
                                   tmp_path, ("first", "both", "shapes", "input_shape"))
    assert "first = Model(shared.input, shared.output)" in target.read_text() and got["shapes"].tolist() == [-1, 3]
