"""TF 1's RNN cells (`tf.nn.rnn_cell.LSTMCell`, `GRUCell`, `BasicLSTMCell`, `BasicRNNCell`, `MultiRNNCell`,
`DropoutWrapper`, `LSTMStateTuple`; contrib.rnn's, the same classes) written out in `tf.compat.v1` ops, for a TF1 graph
program that hands them to `tf.compat.v1.nn.dynamic_rnn`, `static_rnn` or `bidirectional_dynamic_rnn`, which TF 2 still
has: under Keras 3, TF 2's `tf.compat.v1.nn.rnn_cell` has no cells (they were Keras 2's layers).

Each class is what TF 1.15's of that name computed, read from its source (`tensorflow/python/ops/rnn_cell_impl.py`):
the same variables (`rnn/lstm_cell/kernel`, `rnn/multi_rnn_cell/cell_0/gru_cell/gates/bias`), made with
`tf.compat.v1.get_variable` under the same scopes, so a checkpoint TF 1.15 wrote restores into them; the same ops in
the same order. The scoping is TF 1's layers': a cell's first call opens a scope named after it (`lstm_cell`,
`lstm_cell_1`, or its `name`) under the caller's, and every later call re-enters it with reuse (`Tf1RNNCell`).
`tests/codemod/scripts/tf1_rnn_cells_probe.py` gives TF 1.15's outputs from its checkpoint. Options no code of the
corpora passes (sharded variables, variational dropout, a state filter) raise, naming the option.
"""

from __future__ import annotations

HELPERS: dict[str, str] = {
    "Tf1RNNCell": '''
class Tf1RNNCell:
    """The variable scoping of TF 1's RNN cells (TF 2 has none of them): the first call opens a scope named after the
    cell (`lstm_cell`, `lstm_cell_1`...; `name` if given) under the caller's, later calls re-enter it with reuse, so
    the variables are named and shared as TF 1 named and shared them."""

    base_name = "rnn_cell"

    def __init__(self, reuse=None, name=None, dtype=None):
        self._reuse, self._name, self._dtype = reuse, name, dtype
        self._outer, self._scope, self.built = None, None, False

    def __call__(self, inputs, state, scope=None):
        if scope is not None:
            with tf.compat.v1.variable_scope(scope) as opened:
                return self._layer_call(inputs, state, opened)
        if self._outer is None:  # TF 1's RNNCell kept its caller's scope at the first call
            self._outer = tf.compat.v1.variable_scope(tf.compat.v1.get_variable_scope())
        with self._outer:
            return self._layer_call(inputs, state, None)

    def _layer_call(self, inputs, state, scope):
        if self._scope is None:
            default = self._name or self.base_name
            opening = tf.compat.v1.variable_scope(scope if scope is not None else default) if self._reuse else \\
                tf.compat.v1.variable_scope(scope, default_name=default)
            with opening as captured:
                self._scope = captured
        with tf.compat.v1.variable_scope(self._scope, reuse=True if self.built else self._reuse,
                                         auxiliary_name_scope=False):
            inputs = tf.convert_to_tensor(inputs)
            if not self.built:
                self._dtype = self._dtype or inputs.dtype.base_dtype
                self.build(inputs.shape)
                self.built = True
            return self.call(inputs, state)

    def build(self, inputs_shape):
        pass

    def zero_state(self, batch_size, dtype):
        return tf.nest.map_structure(lambda size: tf.zeros([batch_size, size], dtype=dtype), self.state_size)

    def variable(self, name, shape, initializer=None):
        return tf.compat.v1.get_variable(name, shape, dtype=self._dtype, initializer=initializer)

    @staticmethod
    def activation_of(activation):
        if activation is None:
            return tf.tanh
        return getattr(tf.nn, activation) if isinstance(activation, str) else activation
''',
    "Tf1LSTMStateTuple": '''
class Tf1LSTMStateTuple(collections.namedtuple("LSTMStateTuple", ("c", "h"))):
    """TF 1's tf.nn.rnn_cell.LSTMStateTuple (TF 2 has none): an LSTM's state, (c, h)."""

    __slots__ = ()

    @property
    def dtype(self):
        if self.c.dtype != self.h.dtype:
            raise TypeError("Inconsistent internal state: %s vs %s" % (self.c.dtype, self.h.dtype))
        return self.c.dtype
''',
    "Tf1BasicRNNCell": '''
class Tf1BasicRNNCell(Tf1RNNCell):
    """TF 1's tf.nn.rnn_cell.BasicRNNCell (TF 2 has none): the same variables under the same scope, the same ops."""

    base_name = "basic_rnn_cell"

    def __init__(self, num_units, activation=None, reuse=None, name=None, dtype=None, **kwargs):
        super().__init__(reuse, name, dtype)
        self._num_units, self._activation = num_units, self.activation_of(activation)
        self.state_size = self.output_size = num_units

    def build(self, inputs_shape):
        self._kernel = self.variable("kernel", [inputs_shape[-1] + self._num_units, self._num_units])
        self._bias = self.variable("bias", [self._num_units], tf.compat.v1.zeros_initializer())

    def call(self, inputs, state):
        output = self._activation(tf.nn.bias_add(tf.matmul(tf.concat([inputs, state], 1), self._kernel), self._bias))
        return output, output
''',
    "Tf1GRUCell": '''
class Tf1GRUCell(Tf1RNNCell):
    """TF 1's tf.nn.rnn_cell.GRUCell (TF 2 has none): the same variables under the same scope, the same ops."""

    base_name = "gru_cell"

    def __init__(self, num_units, activation=None, reuse=None, kernel_initializer=None, bias_initializer=None,
                 name=None, dtype=None, **kwargs):
        super().__init__(reuse, name, dtype)
        self._num_units, self._activation = num_units, self.activation_of(activation)
        self._kernel_initializer, self._bias_initializer = kernel_initializer, bias_initializer
        self.state_size = self.output_size = num_units

    def build(self, inputs_shape):
        depth, units = inputs_shape[-1] + self._num_units, self._num_units
        self._gate_kernel = self.variable("gates/kernel", [depth, 2 * units], self._kernel_initializer)
        self._gate_bias = self.variable("gates/bias", [2 * units], self._bias_initializer if self._bias_initializer
                                        is not None else tf.compat.v1.constant_initializer(1.0))
        self._candidate_kernel = self.variable("candidate/kernel", [depth, units], self._kernel_initializer)
        self._candidate_bias = self.variable("candidate/bias", [units], self._bias_initializer if
                                             self._bias_initializer is not None else
                                             tf.compat.v1.zeros_initializer())

    def call(self, inputs, state):
        gates = tf.nn.bias_add(tf.matmul(tf.concat([inputs, state], 1), self._gate_kernel), self._gate_bias)
        r, u = tf.split(value=tf.sigmoid(gates), num_or_size_splits=2, axis=1)
        candidate = tf.nn.bias_add(tf.matmul(tf.concat([inputs, r * state], 1), self._candidate_kernel),
                                   self._candidate_bias)
        c = self._activation(candidate)
        new_h = u * state + (1 - u) * c
        return new_h, new_h
''',
    "Tf1BasicLSTMCell": '''
class Tf1BasicLSTMCell(Tf1RNNCell):
    """TF 1's tf.nn.rnn_cell.BasicLSTMCell (TF 2 has none): the same variables under the same scope, the same ops."""

    base_name = "basic_lstm_cell"

    def __init__(self, num_units, forget_bias=1.0, state_is_tuple=True, activation=None, reuse=None, name=None,
                 dtype=None, **kwargs):
        super().__init__(reuse, name, dtype)
        self._num_units, self._forget_bias, self._state_is_tuple = num_units, forget_bias, state_is_tuple
        self._activation = self.activation_of(activation)
        self.state_size = Tf1LSTMStateTuple(num_units, num_units) if state_is_tuple else 2 * num_units
        self.output_size = num_units

    def build(self, inputs_shape):
        self._kernel = self.variable("kernel", [inputs_shape[-1] + self._num_units, 4 * self._num_units])
        self._bias = self.variable("bias", [4 * self._num_units], tf.compat.v1.zeros_initializer())

    def call(self, inputs, state):
        c, h = state if self._state_is_tuple else tf.split(value=state, num_or_size_splits=2, axis=1)
        gates = tf.nn.bias_add(tf.matmul(tf.concat([inputs, h], 1), self._kernel), self._bias)
        i, j, f, o = tf.split(value=gates, num_or_size_splits=4, axis=1)
        forget_bias = tf.constant(self._forget_bias, dtype=f.dtype)
        new_c = tf.add(tf.multiply(c, tf.sigmoid(tf.add(f, forget_bias))),
                       tf.multiply(tf.sigmoid(i), self._activation(j)))
        new_h = tf.multiply(self._activation(new_c), tf.sigmoid(o))
        return new_h, Tf1LSTMStateTuple(new_c, new_h) if self._state_is_tuple else tf.concat([new_c, new_h], 1)
''',
    "Tf1LSTMCell": '''
class Tf1LSTMCell(Tf1RNNCell):
    """TF 1's tf.nn.rnn_cell.LSTMCell (TF 2 has none): the same variables under the same scope, the same ops."""

    base_name = "lstm_cell"

    def __init__(self, num_units, use_peepholes=False, cell_clip=None, initializer=None, num_proj=None,
                 proj_clip=None, num_unit_shards=None, num_proj_shards=None, forget_bias=1.0, state_is_tuple=True,
                 activation=None, reuse=None, name=None, dtype=None, **kwargs):
        if num_unit_shards is not None or num_proj_shards is not None:
            raise ValueError("Tf1LSTMCell: sharded variables are not written out here")
        super().__init__(reuse, name, dtype)
        self._num_units, self._use_peepholes, self._cell_clip = num_units, use_peepholes, cell_clip
        self._initializer, self._num_proj, self._proj_clip = initializer, num_proj, proj_clip
        self._forget_bias, self._state_is_tuple = forget_bias, state_is_tuple
        self._activation = self.activation_of(activation)
        self.output_size = num_proj or num_units
        self.state_size = Tf1LSTMStateTuple(num_units, self.output_size) if state_is_tuple else \\
            num_units + self.output_size

    def build(self, inputs_shape):
        units = self._num_units
        self._kernel = self.variable("kernel", [inputs_shape[-1] + self.output_size, 4 * units], self._initializer)
        self._bias = self.variable("bias", [4 * units], tf.compat.v1.zeros_initializer())
        if self._use_peepholes:
            self._w_f_diag, self._w_i_diag, self._w_o_diag = (
                self.variable(name, [units], self._initializer) for name in ("w_f_diag", "w_i_diag", "w_o_diag"))
        if self._num_proj is not None:
            self._proj_kernel = self.variable("projection/kernel", [units, self._num_proj], self._initializer)

    def call(self, inputs, state):
        if self._state_is_tuple:
            c_prev, m_prev = state
        else:
            c_prev = tf.slice(state, [0, 0], [-1, self._num_units])
            m_prev = tf.slice(state, [0, self._num_units], [-1, self.output_size])
        lstm_matrix = tf.nn.bias_add(tf.matmul(tf.concat([inputs, m_prev], 1), self._kernel), self._bias)
        i, j, f, o = tf.split(value=lstm_matrix, num_or_size_splits=4, axis=1)
        if self._use_peepholes:
            c = (tf.sigmoid(f + self._forget_bias + self._w_f_diag * c_prev) * c_prev +
                 tf.sigmoid(i + self._w_i_diag * c_prev) * self._activation(j))
        else:
            c = tf.sigmoid(f + self._forget_bias) * c_prev + tf.sigmoid(i) * self._activation(j)
        if self._cell_clip is not None:
            c = tf.clip_by_value(c, -self._cell_clip, self._cell_clip)
        if self._use_peepholes:
            m = tf.sigmoid(o + self._w_o_diag * c) * self._activation(c)
        else:
            m = tf.sigmoid(o) * self._activation(c)
        if self._num_proj is not None:
            m = tf.matmul(m, self._proj_kernel)
            if self._proj_clip is not None:
                m = tf.clip_by_value(m, -self._proj_clip, self._proj_clip)
        return m, Tf1LSTMStateTuple(c, m) if self._state_is_tuple else tf.concat([c, m], 1)
''',
    "Tf1MultiRNNCell": '''
class Tf1MultiRNNCell(Tf1RNNCell):
    """TF 1's tf.nn.rnn_cell.MultiRNNCell (TF 2 has none): each cell under `cell_0`, `cell_1`... in its scope."""

    base_name = "multi_rnn_cell"

    def __init__(self, cells, state_is_tuple=True):
        super().__init__()
        self._cells, self._state_is_tuple = list(cells), state_is_tuple
        sizes = [cell.state_size for cell in self._cells]
        self.state_size = tuple(sizes) if state_is_tuple else sum(sizes)
        self.output_size = self._cells[-1].output_size

    def zero_state(self, batch_size, dtype):
        if self._state_is_tuple:
            return tuple(cell.zero_state(batch_size, dtype) for cell in self._cells)
        return super().zero_state(batch_size, dtype)

    def call(self, inputs, state):
        position, outputs, states = 0, inputs, []
        for index, cell in enumerate(self._cells):
            with tf.compat.v1.variable_scope("cell_%d" % index):
                if self._state_is_tuple:
                    current = state[index]
                else:
                    current = tf.slice(state, [0, position], [-1, cell.state_size])
                    position += cell.state_size
                outputs, new_state = cell(outputs, current)
                states.append(new_state)
        return outputs, tuple(states) if self._state_is_tuple else tf.concat(states, 1)
''',
    "Tf1DropoutWrapper": '''
class Tf1DropoutWrapper:
    """TF 1's tf.nn.rnn_cell.DropoutWrapper (TF 2 has none): dropout on the cell's inputs, state (an LSTM's h, not c)
    and outputs where a keep probability is a tensor or a number under 1; no scope of its own."""

    def __init__(self, cell, input_keep_prob=1.0, output_keep_prob=1.0, state_keep_prob=1.0,
                 variational_recurrent=False, input_size=None, dtype=None, seed=None,
                 dropout_state_filter_visitor=None):
        if variational_recurrent or dropout_state_filter_visitor is not None:
            raise ValueError("Tf1DropoutWrapper: variational_recurrent and a state filter are not written out here")
        self.cell, self._seed = cell, seed
        self._input_keep_prob, self._output_keep_prob = input_keep_prob, output_keep_prob
        self._state_keep_prob = state_keep_prob

    @property
    def state_size(self):
        return self.cell.state_size

    @property
    def output_size(self):
        return self.cell.output_size

    def zero_state(self, batch_size, dtype):
        return self.cell.zero_state(batch_size, dtype)

    def _dropout(self, value, keep_prob):
        return tf.nn.dropout(value, rate=1 - keep_prob, seed=self._seed)

    def _dropout_state(self, state):
        """TF 1's default state filter: an LSTM's h dropped, its c kept; every other tensor dropped."""
        if isinstance(state, Tf1LSTMStateTuple):
            return Tf1LSTMStateTuple(state.c, self._dropout(state.h, self._state_keep_prob))
        if isinstance(state, (tuple, list)):
            return type(state)(self._dropout_state(part) for part in state)
        return self._dropout(state, self._state_keep_prob)

    def __call__(self, inputs, state, scope=None):
        should = lambda keep_prob: not isinstance(keep_prob, float) or keep_prob < 1
        if should(self._input_keep_prob):
            inputs = tf.nest.map_structure(lambda value: self._dropout(value, self._input_keep_prob), inputs)
        output, new_state = self.cell(inputs, state, scope=scope)
        if should(self._state_keep_prob):
            new_state = self._dropout_state(new_state)
        if should(self._output_keep_prob):
            output = tf.nest.map_structure(lambda value: self._dropout(value, self._output_keep_prob), output)
        return output, new_state
''',
}

# What each helper uses of the others (written in with it).
DEPENDS: dict[str, tuple[str, ...]] = {
    "Tf1BasicRNNCell": ("Tf1RNNCell",), "Tf1GRUCell": ("Tf1RNNCell",),
    "Tf1BasicLSTMCell": ("Tf1RNNCell", "Tf1LSTMStateTuple"), "Tf1LSTMCell": ("Tf1RNNCell", "Tf1LSTMStateTuple"),
    "Tf1MultiRNNCell": ("Tf1RNNCell",), "Tf1DropoutWrapper": ("Tf1LSTMStateTuple",), "Tf1LSTMStateTuple": (),
}

# What follows `tensorflow.` in the name of each TF 1 class -> the class written out for it.
CLASSES: dict[str, str] = {
    f"{module}.{name}": f"Tf1{name}"
    for module in ("nn.rnn_cell", "compat.v1.nn.rnn_cell", "contrib.rnn")
    for name in ("BasicRNNCell", "GRUCell", "BasicLSTMCell", "LSTMCell", "MultiRNNCell", "DropoutWrapper",
                 "LSTMStateTuple")
}
