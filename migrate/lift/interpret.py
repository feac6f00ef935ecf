"""An abstract interpreter: one decoded code object -> the expression it returns, computed over
symbols, never run.

Values on its stack are expressions over the Lambda's inputs (`ir`), plain constants, module
symbols (`K`, `tf.nn`), and the markers CPython's calling convention pushes. Only the opcodes in
`_HANDLERS` are understood; any other one, a backward jump (a loop), a branch on a tensor, a store
outside the function's own locals, or an import of a module not in `callees.IMPORTABLE` stops the
reading with the reason (TorchDynamo's "graph break", without a fallback). Arithmetic between
constants is folded with Python's own operators on the numbers read, never on anything callable.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from migrate.lift.callees import (
    CONSTANT_CALLS,
    CONSTANT_WRAPPERS,
    CONSTANTS,
    FLOAT_DTYPES,
    FOLDABLE,
    IMPORTABLE,
    ROOTS,
    canonical,
)
from migrate.lift.decode import DecodedCode, Instruction
from migrate.lift.ir import BinOp, Call, Const, Expr, Input, Sequence, Subscript, UnaryOp

MAX_STEPS = 2000
_EXPRS = (Input, Const, Call, BinOp, UnaryOp, Subscript, Sequence)
# BINARY_OP's argument (3.11+): the operator, in-place forms 13 on
_NB_OPS = ("+", "&", "//", "<<", "@", "*", "%", "|", "**", ">>", "-", "/", "^")
_LEGACY_BINARY = {"BINARY_ADD": "+", "BINARY_SUBTRACT": "-", "BINARY_MULTIPLY": "*", "BINARY_TRUE_DIVIDE": "/",
                  "BINARY_DIVIDE": "/", "BINARY_FLOOR_DIVIDE": "//", "BINARY_POWER": "**", "BINARY_MODULO": "%",
                  "BINARY_MATRIX_MULTIPLY": "@"}
_LEGACY_BINARY.update({name.replace("BINARY_", "INPLACE_"): op for name, op in _LEGACY_BINARY.items()})
_FOLD = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv, "//": operator.floordiv,
         "%": operator.mod, "**": operator.pow}
_COMPARE = {"<": operator.lt, "<=": operator.le, "==": operator.eq, "!=": operator.ne, ">": operator.gt,
            ">=": operator.ge}
_NUMBER = (int, float)
_LOOPS = {"SETUP_LOOP", "GET_ITER", "FOR_ITER", "JUMP_BACKWARD", "JUMP_BACKWARD_NO_INTERRUPT", "GET_AITER"}


class LiftError(Exception):
    """The function cannot be read symbolically; the message says why (shown to the user)."""


class Misread(LiftError):
    """This Python's tables do not fit the code (an opcode it lacks, a stack that underflows, a name that is
    no identifier): the bytecode is another Python's. Ranked below every other reason."""


class _Null:
    def __repr__(self) -> str:
        return "NULL"


NULL = _Null()


@dataclass(frozen=True)
class Symbol:
    """A module or a name in one: `path` resolved (`keras.backend.mean`), `written` as the user wrote it."""

    path: str
    written: str

    def attr(self, name: str) -> Symbol:
        return Symbol(f"{self.path}.{name}", f"{self.written}.{name}")


@dataclass(frozen=True)
class InputList:
    """The Lambda's argument when it is called on a list of `count` tensors."""

    count: int


def interpret(code: DecodedCode, bindings: dict[str, Any], closure: list[Any]) -> Expr:
    """The expression `code` returns, given its parameters' values (`bindings`) and its closure."""
    return _Machine(code, bindings, closure).run()


class _Machine:
    def __init__(self, code: DecodedCode, bindings: dict[str, Any], closure: list[Any]) -> None:
        self.code = code
        self.version = tuple(int(part) for part in code.python.split("."))
        self.locals: dict[str, Any] = dict(bindings)
        self.closure = dict(zip(code.freevars, closure, strict=False)) if len(closure) == len(code.freevars) else {}
        self.stack: list[Any] = []
        self.kwnames: tuple[str, ...] = ()
        self.at = {ins.offset: index for index, ins in enumerate(code.instructions)}
        self.result: Any = None

    def run(self) -> Expr:
        pc, steps = 0, 0
        instructions = self.code.instructions
        if self.version >= (3, 11) and "RESUME" not in [ins.opname for ins in instructions[:3]]:
            raise Misread("it does not start as every Python 3.11+ function does (RESUME)")
        loops = [ins.opname for ins in instructions if ins.opname in _LOOPS]
        if loops:
            raise LiftError(f"it loops ({loops[0]}), which migrate does not read")
        while pc < len(instructions):
            steps += 1
            if steps > MAX_STEPS:
                raise LiftError("it runs too long to read")
            ins = instructions[pc]
            handler = _HANDLERS.get(ins.opname) or _HANDLERS.get(ins.opname.split("+")[0] + "+")
            if ins.opname in _LOOPS:
                raise LiftError(f"it loops ({ins.opname}), which migrate does not read")
            if handler is None:
                error = Misread if ins.opname.startswith("<") else LiftError
                raise error(f"it uses {ins.opname}, which migrate does not read")
            jump = handler(self, ins)
            if self.result is not None:
                return self._returned(self.result)
            pc = pc + 1 if jump is None else self._target(ins, jump)
        raise LiftError("it ends without returning")

    def _target(self, ins: Instruction, offset: int) -> int:
        if offset <= ins.offset:
            raise LiftError("it loops, which migrate does not read")
        if offset not in self.at:
            raise Misread("it jumps into the middle of an instruction")
        return self.at[offset]

    def _returned(self, value: Any) -> Expr:
        if isinstance(value, _EXPRS) and not isinstance(value, Const):
            return value
        raise LiftError(f"it returns {_describe(value)}, not a tensor")

    # ------------------------------------------------------------------ stack helpers
    def push(self, value: Any) -> None:
        self.stack.append(value)

    def pop(self, count: int | None = None) -> Any:
        if count is None:
            if not self.stack:
                raise Misread("its bytecode underflows the stack")
            return self.stack.pop()
        if count > len(self.stack):
            raise Misread("its bytecode underflows the stack")
        if count == 0:
            return []
        values = self.stack[-count:]
        del self.stack[-count:]
        return values


# ---------------------------------------------------------------------- values


def _describe(value: Any) -> str:
    if isinstance(value, Symbol):
        return f"'{value.written}'"
    if isinstance(value, InputList):
        return "its list of inputs"
    return repr(value) if isinstance(value, (*_NUMBER, str, tuple, type(None))) else type(value).__name__


def as_expr(value: Any) -> Expr:
    """A value as an expression operand: constants wrapped, tensors as they are."""
    if isinstance(value, _EXPRS):
        return value
    if isinstance(value, InputList):
        return Sequence(tuple(Input(i) for i in range(value.count)))
    if isinstance(value, (list, tuple)) and any(isinstance(item, (*_EXPRS, InputList)) for item in value):
        return Sequence(tuple(as_expr(item) for item in value), "list" if isinstance(value, list) else "tuple")
    if _is_constant(value):
        return Const(value)
    raise LiftError(f"it uses {_describe(value)} as a value")


def _is_constant(value: Any) -> bool:
    if isinstance(value, (bool, *_NUMBER, str, type(None), slice, type(Ellipsis))):
        return True
    return isinstance(value, (tuple, list)) and all(_is_constant(item) for item in value)


def _is_tensor(value: Any) -> bool:
    return isinstance(value, _EXPRS) and not isinstance(value, Const)


def _binary(op: str, left: Any, right: Any, py2_divide: bool = False) -> Any:
    """`left op right`: folded when both are numbers, an expression when either is a tensor."""
    if isinstance(left, _NUMBER) and isinstance(right, _NUMBER) and op in _FOLD:
        if op == "**" and (abs(right) > 64 or abs(left) > 1e6):
            raise LiftError("it raises a constant to a power too large to fold")
        if op == "/" and py2_divide and isinstance(left, int) and isinstance(right, int):
            op = "//"
        try:
            return _FOLD[op](left, right)
        except (ArithmeticError, ValueError) as exc:
            raise LiftError(f"its constant arithmetic fails ({type(exc).__name__})") from None
    if _is_tensor(left) or _is_tensor(right):
        if isinstance(left, InputList) or isinstance(right, InputList):
            raise LiftError(f"it applies {op} to its list of inputs")
        return BinOp(op, as_expr(left), as_expr(right))
    raise LiftError(f"it applies {op} to {_describe(left)} and {_describe(right)}")


def _subscript(value: Any, index: Any) -> Any:
    if isinstance(value, InputList):
        if isinstance(index, int) and -value.count <= index < value.count:
            return Input(index % value.count)
        if isinstance(index, slice):
            return [Input(i) for i in range(value.count)[index]]
        raise LiftError(f"it indexes its {value.count} inputs with {_describe(index)}")
    if _is_tensor(value):
        key = index if isinstance(index, tuple) else (index,)
        if not all(_static_index(item) for item in key):
            raise LiftError(f"it indexes a tensor with {_describe(index)}, not a static slice")
        return Subscript(value, key)
    if isinstance(value, (tuple, list)) and isinstance(index, (int, slice)):
        try:
            return value[index]
        except IndexError:
            raise LiftError("it indexes a constant out of range") from None
    raise LiftError(f"it indexes {_describe(value)}")


def _static_index(item: Any) -> bool:
    if isinstance(item, slice):
        return all(part is None or (isinstance(part, int) and not isinstance(part, bool))
                   for part in (item.start, item.stop, item.step))
    return item is None or item is Ellipsis or (isinstance(item, int) and not isinstance(item, bool))


def _call(function: Any, args: list[Any], kwargs: dict[str, Any]) -> Any:
    """A call, read: folded for pure math on constants, an IR Call for a named function."""
    if not isinstance(function, Symbol):
        raise LiftError(f"it calls {_describe(function)}")
    path = canonical(function.path)
    constant_args = all(_is_constant(value) for value in (*args, *kwargs.values()))
    if path in FOLDABLE and constant_args and not kwargs and len(args) == 1 and isinstance(args[0], _NUMBER):
        return _fold_call(path, args[0])
    if path in CONSTANT_CALLS and not args and not kwargs:
        return CONSTANT_CALLS[path]
    if path in CONSTANT_WRAPPERS and args and isinstance(args[0], _NUMBER) and not isinstance(args[0], bool) \
            and all(_is_constant(v) or isinstance(v, Symbol) for v in (*args[1:], *kwargs.values())):
        return _wrapped_number(function.written, args, kwargs)
    if path in ("list", "tuple") and len(args) == 1 and isinstance(args[0], (list, tuple)):
        return list(args[0]) if path == "list" else tuple(args[0])
    if not any(isinstance(v, (*_EXPRS, InputList)) or _holds_tensor(v) for v in (*args, *kwargs.values())):
        raise LiftError(f"it calls '{function.written}' on constants only: a side effect or a value made when "
                        "it runs, not an operation on its inputs")
    return Call(function.written, path, tuple(as_expr(value) for value in args),
                tuple((key, as_expr(value)) for key, value in kwargs.items()))


def _wrapped_number(written: str, args: list[Any], kwargs: dict[str, Any]) -> float:
    """`tf.constant(1e-7)`, `K.constant(2.0, dtype='float32')`: the number, which broadcasts as the
    tensor did. Only float dtypes: an integer tensor would change what the arithmetic around it means."""
    dtype = kwargs.get("dtype", args[1] if len(args) > 1 else None)
    dtype = canonical(dtype.path) if isinstance(dtype, Symbol) else dtype
    if len(args) > 2 or set(kwargs) - {"dtype", "name"} or dtype not in FLOAT_DTYPES:
        raise LiftError(f"it calls '{written}' with arguments migrate does not read as a float constant")
    return float(args[0])


def _holds_tensor(value: Any) -> bool:
    return isinstance(value, (list, tuple)) and any(isinstance(v, (*_EXPRS, InputList)) for v in value)


def _fold_call(path: str, value: float) -> float:
    functions: dict[str, Callable[[float], float]] = {
        "math.sqrt": math.sqrt, "numpy.sqrt": math.sqrt, "math.exp": math.exp, "numpy.exp": math.exp,
        "math.log": math.log, "numpy.log": math.log, "numpy.float32": float, "numpy.float64": float,
        "float": float, "int": int, "abs": abs}
    try:
        return functions[path](value)
    except (ArithmeticError, ValueError) as exc:
        raise LiftError(f"'{path}' of {value!r} fails ({type(exc).__name__})") from None


# ---------------------------------------------------------------------- opcode handlers
# Each takes the machine and the instruction; returns a jump target offset, or None to go on.


def _load_fast(m: _Machine, ins: Instruction) -> None:
    name = str(ins.argval)
    if name not in m.locals:
        raise Misread(f"it reads the local '{name}' before it has a value")
    m.push(m.locals[name])


def _load_fast_pair(m: _Machine, ins: Instruction) -> None:  # 3.13 LOAD_FAST_LOAD_FAST
    for index in (ins.arg >> 4, ins.arg & 15):
        _load_fast(m, Instruction(ins.offset, "LOAD_FAST", index, m.code.varnames[index]))


def _store_fast(m: _Machine, ins: Instruction) -> None:
    value, name = m.pop(), str(ins.argval)
    if isinstance(value, Symbol) and "." not in value.written:  # `import tensorflow as tf`: shown as tf
        value = Symbol(value.path, name)
    m.locals[name] = value


def _store_fast_pair(m: _Machine, ins: Instruction) -> None:  # 3.13 STORE_FAST_STORE_FAST (`x, y = vect`)
    for index in (ins.arg >> 4, ins.arg & 15):
        _store_fast(m, Instruction(ins.offset, "STORE_FAST", index, m.code.varnames[index]))


def _store_fast_load_fast(m: _Machine, ins: Instruction) -> None:  # 3.13 STORE_FAST_LOAD_FAST
    _store_fast(m, Instruction(ins.offset, "STORE_FAST", ins.arg >> 4, m.code.varnames[ins.arg >> 4]))
    _load_fast(m, Instruction(ins.offset, "LOAD_FAST", ins.arg & 15, m.code.varnames[ins.arg & 15]))


def _load_const(m: _Machine, ins: Instruction) -> None:
    value = ins.argval
    if not _is_constant(value):
        raise LiftError(f"it loads a constant of type {type(value).__name__}, which migrate does not read")
    m.push(value)


def _name(ins: Instruction) -> str:
    """The name an instruction loads; one that is no identifier means the wrong Python's tables."""
    name = str(ins.argval)
    if not name.isidentifier():
        raise Misread(f"it names {name!r}, which is no identifier")
    return name


def _load_global(m: _Machine, ins: Instruction) -> None:
    name = _name(ins)
    if m.version >= (3, 11) and ins.arg is not None and ins.arg & 1:
        m.push(NULL)
    m.push(_global(name))


_BUILTIN_CONSTANTS = {"True": True, "False": False, "None": None}  # Python 2 loads these as globals


def _global(name: str) -> Any:
    if name in _BUILTIN_CONSTANTS:
        return _BUILTIN_CONSTANTS[name]
    if name in ROOTS:
        return Symbol(ROOTS[name], name)
    return Symbol(name, name)  # unknown: kept by name; the lowering refuses calls to it


def _load_deref(m: _Machine, ins: Instruction) -> None:
    name = str(ins.argval)
    if name not in m.closure:
        raise LiftError(f"it reads the closure variable '{name}', which the file does not hold")
    value = m.closure[name]
    if not _is_constant(value):
        raise LiftError(f"its closure variable '{name}' is not a constant")
    m.push(tuple(value) if isinstance(value, list) else value)


def _load_attr(m: _Machine, ins: Instruction) -> None:
    obj, name = m.pop(), _name(ins)
    method = m.version >= (3, 12) and ins.arg is not None and ins.arg & 1
    if not isinstance(obj, Symbol):
        raise LiftError(f"it reads the attribute '{name}' of {_describe(obj)}")
    value = obj.attr(name)
    value = CONSTANTS.get(canonical(value.path), value)
    if method:
        _push_callable(m, value)
    else:
        m.push(value)


def _push_callable(m: _Machine, function: Any) -> None:
    """A method-style load: CPython pushes (callable, NULL) in 3.13, (NULL, callable) before."""
    if m.version >= (3, 13):
        m.push(function)
        m.push(NULL)
    else:
        m.push(NULL)
        m.push(function)


def _load_method(m: _Machine, ins: Instruction) -> None:
    obj, name = m.pop(), _name(ins)
    if not isinstance(obj, Symbol):
        raise LiftError(f"it calls the method '{name}' of {_describe(obj)}")
    _push_callable(m, obj.attr(name))


def _push_null(m: _Machine, ins: Instruction) -> None:
    m.push(NULL)


def _nothing(m: _Machine, ins: Instruction) -> None:
    return None


def _kw_names(m: _Machine, ins: Instruction) -> None:  # 3.11-3.12
    names = ins.argval
    m.kwnames = tuple(names) if isinstance(names, tuple) else tuple(m.code.consts[ins.arg])


def _call_function(m: _Machine, ins: Instruction) -> None:
    """CALL_FUNCTION: before 3.6 its argument counts positional (low byte) and keyword pairs (high byte)."""
    if m.version < (3, 6):
        positional, keywords = ins.arg & 0xFF, (ins.arg >> 8) & 0xFF
        pairs = m.pop(2 * keywords)
        kwargs = {str(pairs[i]): pairs[i + 1] for i in range(0, len(pairs), 2)}
        args = m.pop(positional)
    else:
        args, kwargs = m.pop(ins.arg), {}
    m.push(_call(m.pop(), args, kwargs))


def _call_function_kw(m: _Machine, ins: Instruction) -> None:
    if m.version < (3, 6):
        raise LiftError("it calls a function with **kwargs")
    names = m.pop()
    values = m.pop(ins.arg)
    split = len(values) - len(names)
    m.push(_call(m.pop(), values[:split], dict(zip(names, values[split:], strict=True))))


def _call_method(m: _Machine, ins: Instruction) -> None:  # 3.7-3.10 CALL_METHOD, 3.11+ CALL
    names, m.kwnames = m.kwnames, ()
    values = m.pop(ins.arg)
    split = len(values) - len(names)
    m.push(_call(_callable_of(m.pop(2)), values[:split], dict(zip(names, values[split:], strict=True))))


def _call_kw(m: _Machine, ins: Instruction) -> None:  # 3.13
    m.kwnames = tuple(m.pop())
    _call_method(m, ins)


def _callable_of(slots: list[Any]) -> Any:
    found = [value for value in slots if value is not NULL]
    if len(found) != 1:
        raise LiftError("it calls a method of an object")
    return found[0]


def _binary_op(m: _Machine, ins: Instruction) -> None:
    right, left = m.pop(), m.pop()
    if ins.opname == "BINARY_OP":
        if ins.arg is None or ins.arg % 13 >= len(_NB_OPS) or ins.arg >= 26:
            raise LiftError(f"it uses the binary operator #{ins.arg}")
        op = _NB_OPS[ins.arg % 13]
    else:
        op = _LEGACY_BINARY[ins.opname]
    m.push(_binary(op, left, right, py2_divide=ins.opname in ("BINARY_DIVIDE", "INPLACE_DIVIDE")))


def _unary(m: _Machine, ins: Instruction) -> None:
    value = m.pop()
    op = {"UNARY_NEGATIVE": "-", "UNARY_POSITIVE": "+", "UNARY_INVERT": "~", "UNARY_NOT": "not"}[ins.opname]
    if isinstance(value, _NUMBER) or (op == "not" and _is_constant(value)):
        m.push({"-": operator.neg, "+": operator.pos, "~": operator.invert, "not": operator.not_}[op](value))
    elif _is_tensor(value) and op in "-+~":
        m.push(value if op == "+" else UnaryOp(op, value))
    else:
        raise LiftError(f"it applies unary {op} to {_describe(value)}")


def _binary_subscr(m: _Machine, ins: Instruction) -> None:
    index, value = m.pop(), m.pop()
    m.push(_subscript(value, index))


def _binary_slice(m: _Machine, ins: Instruction) -> None:  # 3.12+: TOS2[TOS1:TOS]
    stop, start, value = m.pop(), m.pop(), m.pop()
    m.push(_subscript(value, slice(start, stop)))


def _py2_slice(m: _Machine, ins: Instruction) -> None:  # SLICE+0..3
    form = int(ins.opname.split("+")[1])
    stop = m.pop() if form & 2 else None
    start = m.pop() if form & 1 else None
    m.push(_subscript(m.pop(), slice(start, stop)))


def _build_slice(m: _Machine, ins: Instruction) -> None:
    parts = m.pop(ins.arg)
    if not all(part is None or isinstance(part, int) for part in parts):
        raise LiftError("it slices with bounds that are not constant integers")
    m.push(slice(*parts))


def _build_tuple(m: _Machine, ins: Instruction) -> None:
    m.push(tuple(m.pop(ins.arg)))


def _build_list(m: _Machine, ins: Instruction) -> None:
    m.push(list(m.pop(ins.arg)))


def _list_extend(m: _Machine, ins: Instruction) -> None:  # 3.9+: [1, 2, 3] is BUILD_LIST 0 + LIST_EXTEND
    items = m.pop()
    target = m.stack[-ins.arg] if ins.arg and ins.arg <= len(m.stack) else None
    if not isinstance(target, list) or not isinstance(items, (tuple, list)):
        raise LiftError("it builds a list from something other than constants")
    target.extend(items)


def _list_to_tuple(m: _Machine, ins: Instruction) -> None:
    m.push(tuple(m.pop()))


def _unpack_sequence(m: _Machine, ins: Instruction) -> None:
    value = m.pop()
    items = [Input(i) for i in range(value.count)] if isinstance(value, InputList) else value
    if not isinstance(items, (list, tuple)) or len(items) != ins.arg:
        raise LiftError(f"it unpacks {_describe(value)} into {ins.arg} names")
    for item in reversed(items):
        m.push(item)


def _return_value(m: _Machine, ins: Instruction) -> None:
    m.result = m.pop()


def _return_const(m: _Machine, ins: Instruction) -> None:
    m.result = ins.argval


def _pop_top(m: _Machine, ins: Instruction) -> None:
    m.pop()


def _rot_two(m: _Machine, ins: Instruction) -> None:
    top, second = m.pop(), m.pop()
    m.push(top)
    m.push(second)


def _swap(m: _Machine, ins: Instruction) -> None:
    if not ins.arg or ins.arg > len(m.stack):
        raise Misread("its bytecode underflows the stack")
    m.stack[-1], m.stack[-ins.arg] = m.stack[-ins.arg], m.stack[-1]


def _copy(m: _Machine, ins: Instruction) -> None:
    if not ins.arg or ins.arg > len(m.stack):
        raise Misread("its bytecode underflows the stack")
    m.push(m.stack[-ins.arg])


def _dup_top(m: _Machine, ins: Instruction) -> None:
    _copy(m, Instruction(ins.offset, "COPY", 1, None))


def _import_name(m: _Machine, ins: Instruction) -> None:
    """`import tensorflow as tf` inside the body binds a symbol; nothing is imported."""
    fromlist, _level = m.pop(), m.pop()
    name = str(ins.argval)
    if name not in IMPORTABLE:
        raise LiftError(f"it imports '{name}', which migrate does not read")
    bound = name if fromlist or "." not in name else name.split(".")[0]
    m.push(Symbol(bound, bound.split(".")[-1]))


def _import_from(m: _Machine, ins: Instruction) -> None:
    module = m.stack[-1] if m.stack else None
    if not isinstance(module, Symbol):
        raise LiftError("it imports from something that is not a module")
    m.push(Symbol(f"{module.path}.{ins.argval}", str(ins.argval)))


def _compare(m: _Machine, ins: Instruction) -> None:
    right, left = m.pop(), m.pop()
    if not (_is_constant(left) and _is_constant(right)):
        raise LiftError("it compares tensors, which decides a branch at run time")
    symbol = str(ins.argval if isinstance(ins.argval, str) else ins.argrepr).replace("bool(", "").rstrip(")")
    if ins.opname == "IS_OP":
        m.push((left is right) != bool(ins.arg))
    elif symbol in _COMPARE:
        m.push(_COMPARE[symbol](left, right))
    else:
        raise LiftError(f"it compares with {symbol!r}")


def _conditional_jump(m: _Machine, ins: Instruction) -> int | None:
    value = m.pop()
    if not _is_constant(value):
        raise LiftError("it branches on a tensor, which is decided at run time")
    name = ins.opname
    if "NONE" in name:
        taken = (value is None) == ("NOT_NONE" not in name)
    else:
        taken = bool(value) == ("TRUE" in name)
    return int(ins.argval) if taken else None


def _jump(m: _Machine, ins: Instruction) -> int:
    return int(ins.argval)


def _store_elsewhere(m: _Machine, ins: Instruction) -> None:
    raise LiftError(f"it stores to '{ins.argval}' outside its own locals ({ins.opname})")


_HANDLERS: dict[str, Callable[[_Machine, Instruction], int | None]] = {
    "LOAD_FAST": _load_fast, "LOAD_FAST_CHECK": _load_fast, "LOAD_FAST_BORROW": _load_fast,
    "LOAD_FAST_LOAD_FAST": _load_fast_pair, "STORE_FAST_STORE_FAST": _store_fast_pair,
    "STORE_FAST_LOAD_FAST": _store_fast_load_fast, "STORE_FAST": _store_fast, "LOAD_CONST": _load_const,
    "LOAD_SMALL_INT": _load_const, "LOAD_GLOBAL": _load_global, "LOAD_NAME": _load_global,
    "LOAD_DEREF": _load_deref, "LOAD_ATTR": _load_attr, "LOAD_METHOD": _load_method, "PUSH_NULL": _push_null,
    "NOP": _nothing, "RESUME": _nothing, "CACHE": _nothing, "PRECALL": _nothing, "COPY_FREE_VARS": _nothing,
    "MAKE_CELL": _nothing, "EXTENDED_ARG": _nothing, "TO_BOOL": _nothing, "NOT_TAKEN": _nothing,
    "KW_NAMES": _kw_names, "CALL_FUNCTION": _call_function, "CALL_FUNCTION_KW": _call_function_kw,
    "CALL_METHOD": _call_method, "CALL": _call_method, "CALL_KW": _call_kw, "BINARY_OP": _binary_op,
    **{name: _binary_op for name in _LEGACY_BINARY},
    "UNARY_NEGATIVE": _unary, "UNARY_POSITIVE": _unary, "UNARY_INVERT": _unary, "UNARY_NOT": _unary,
    "BINARY_SUBSCR": _binary_subscr, "BINARY_SLICE": _binary_slice, "SLICE+": _py2_slice,
    "BUILD_SLICE": _build_slice, "BUILD_TUPLE": _build_tuple, "BUILD_LIST": _build_list,
    "LIST_EXTEND": _list_extend, "LIST_TO_TUPLE": _list_to_tuple, "UNPACK_SEQUENCE": _unpack_sequence,
    "RETURN_VALUE": _return_value, "RETURN_CONST": _return_const, "POP_TOP": _pop_top, "ROT_TWO": _rot_two,
    "SWAP": _swap, "COPY": _copy, "DUP_TOP": _dup_top, "IMPORT_NAME": _import_name, "IMPORT_FROM": _import_from,
    "COMPARE_OP": _compare, "IS_OP": _compare,
    **{name: _conditional_jump for name in (
        "POP_JUMP_IF_FALSE", "POP_JUMP_IF_TRUE", "POP_JUMP_FORWARD_IF_FALSE", "POP_JUMP_FORWARD_IF_TRUE",
        "POP_JUMP_IF_NONE", "POP_JUMP_IF_NOT_NONE", "POP_JUMP_FORWARD_IF_NONE", "POP_JUMP_FORWARD_IF_NOT_NONE")},
    "JUMP_FORWARD": _jump, "JUMP_ABSOLUTE": _jump, "JUMP": _jump, "JUMP_NO_INTERRUPT": _jump,
    "STORE_GLOBAL": _store_elsewhere, "STORE_NAME": _store_elsewhere, "STORE_ATTR": _store_elsewhere,
    "STORE_DEREF": _store_elsewhere, "STORE_SUBSCR": _store_elsewhere,
}
