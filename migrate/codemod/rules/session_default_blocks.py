"""`with sess.as_default():` around Keras code, the session made for it -> the block's body, in place.

Scripts that ran several models (one per process or thread, each on its own GPU) made a session and ran the model
under it:

    config = tf.ConfigProto()
    config.gpu_options.allow_growth = True
    sess = tf.Session(config=config)
    with sess.as_default():
        model = create_model(gpu)
        preds = model.predict_on_batch(x_batch)

(killthekitten/kaggle-carvana-2017 ensemble_gpu.py). `as_default()` made the session the one Keras 2 ran its
graph in; TensorFlow 2 runs eagerly and has no session to make default. Where the session is bound once in the
function (or module) by `S = tf.Session(...)` and every other use of it there is a `with S.as_default():` or an
installing `set_session(S)`, each such `with` goes and its body stays in place. The session's own line (and its
config) is then read nowhere but by set_session: memory_growth_preamble, after this rule, turns it into TF2's
`tf.config` calls or reports it. Not in a program that turns eager execution off (tf1_graph_program's route).
"""

from __future__ import annotations

import libcst as cst
import libcst.matchers as m

from migrate.codemod.rule import NAMES, Rule
from migrate.codemod.syntax import in_place, names_in
from migrate.codemod.tf1_policy import SESSIONS, runs_eagerly

_AS_DEFAULT = m.Call(func=m.Attribute(value=m.Name(), attr=m.Name("as_default")), args=[])


class SessionDefaultBlocks(Rule):
    NAME = "session_default_blocks"
    ORDER = 4  # before memory_growth_preamble (5), which then finds the session read nowhere but set_session
    TRIGGERS = ("as_default",)
    REQUIRES = ("Session",)
    METADATA_DEPENDENCIES = NAMES
    DESCRIPTION = "sess = tf.Session(...); with sess.as_default(): body -> body (the session left to the preamble rule)"

    def visit_Module(self, node: cst.Module) -> None:
        self.eager = runs_eagerly(node.code, self.context.scratch.get("survey"))
        self.scopes: list[cst.CSTNode] = [node]
        self.blocks: set[int] = set()  # ids of the With statements that go

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.scopes.append(node)

    def leave_FunctionDef(self, original: cst.FunctionDef, updated: cst.FunctionDef) -> cst.FunctionDef:
        self.scopes.pop()
        return updated

    def visit_With(self, node: cst.With) -> None:
        if not self.eager or len(node.items) != 1 or node.items[0].asname is not None or \
                not m.matches(node.items[0].item, _AS_DEFAULT):
            return
        session = node.items[0].item.func.value.value
        if self._only_made_defaulted_and_installed(self.scopes[-1], session):
            self.blocks.add(id(node))

    def _only_made_defaulted_and_installed(self, scope: cst.CSTNode, session: str) -> bool:
        """`session` is bound once in the scope to a new tf.Session, and read only by `with S.as_default():` and
        `set_session(S)`."""
        made = [assign for assign in m.findall(scope, m.Assign(targets=[m.AssignTarget(target=m.Name(session))]))
                if isinstance(assign.value, cst.Call) and self.qualified_names(assign.value.func) & set(SESSIONS)]
        defaulted = m.findall(scope, m.Call(func=m.Attribute(value=m.Name(session), attr=m.Name("as_default")),
                                            args=[]))
        installed = [call for call in m.findall(scope, m.Call(args=[m.Arg(value=m.Name(session), keyword=None)]))
                     if any(name.endswith(".set_session") for name in self.qualified_names(call.func))]
        uses = sum(name.value == session for name in names_in(scope))
        return len(made) == 1 and uses == 1 + len(defaulted) + len(installed)

    def leave_With(self, original: cst.With, updated: cst.With) -> cst.BaseStatement | cst.FlattenSentinel:
        if id(original) not in self.blocks:
            return updated
        self.converted()
        return in_place(updated.body, updated.leading_lines)
