"""Device functions that only apply one atomic builtin to their two parameters, read as that builtin.

`atomAdd(float *a, float v) { atomicAdd(a, v); }` with a `double` overload of the same body, or of the compare-and-
swap loop that adds through a double's bits (chosen by an `#if` on the architecture), is atomicAdd on the element
type of the pointer it is given in every definition: C++ picks the overload by that pointer's type, whose `val` then
converts the value as atomicAdd's own conversion does. A call of such a name becomes a call of the builtin, so the
lowering sees the atomic it knows. A name with any other definition stays a call of a device function."""

from __future__ import annotations

import dataclasses

from . import ir
from .builtins import bits_table, builtins
from .instances import size_of

# The builtin a compare-and-swap loop performs when it stores `val OP value-of-old-bits` (the loop's arithmetic).
CAS_LOOP_OPERATIONS = {"+": "atomicAdd"}


def _base(ctype: str) -> str:
    return " ".join(ctype.replace("*", " ").replace("&", " ").replace("const", " ").split())


def _pair(fn: ir.Function) -> tuple[str, str, str] | None:
    """(address, value, element type) of a `void f(T *address, T value)` device function, else None."""
    if fn.kernel or fn.tparams or len(fn.params) != 2 or fn.rtype.split()[-1:] not in ([], ["void"]):
        return None
    address, value = fn.params
    if not address.pointer or value.pointer or _base(address.ctype) != _base(value.ctype):
        return None
    return address.name, value.name, _base(value.ctype)


def _forwarded(fn: ir.Function) -> str | None:
    """The atomic builtin the function's one statement applies to its two parameters in order."""
    pair = _pair(fn)
    if pair is None or len(fn.body) != 1 or not isinstance(fn.body[0], ir.ExprStmt):
        return None
    call = fn.body[0].expr
    if not isinstance(call, ir.Call) or call.func not in builtins().atomics or call.targs or call.kwargs:
        return None
    return call.func if call.args == (ir.Name(pair[0]), ir.Name(pair[1])) else None


def _cas_loop(fn: ir.Function) -> str | None:
    """The atomic builtin a compare-and-swap loop over the bits of `*address` performs, written as the CUDA guide
    writes atomicAdd for double: `U *p = (U *)address; U old = *p, assumed; do { assumed = old; old =
    atomicCAS(p, assumed, TO_BITS(val OP FROM_BITS(assumed))); } while (assumed != old);`."""
    pair = _pair(fn)
    if pair is None or len(fn.body) != 6:
        return None
    address, value, element = pair
    cast, old, assumed, first, swap, loop = fn.body
    if not (isinstance(cast, ir.Decl) and isinstance(cast.value, ir.Cast) and cast.value.operand == ir.Name(address)
            and isinstance(old, ir.Decl) and old.value == ir.Index(ir.Name(cast.name), (ir.Num(0),))
            and isinstance(assumed, ir.Decl) and assumed.value is None
            and first == ir.Assign(ir.Name(assumed.name), "=", ir.Name(old.name))
            and isinstance(loop, ir.While) and loop.body == (first, swap)
            and loop.test == ir.Bin("!=", ir.Name(assumed.name), ir.Name(old.name))):
        return None
    bits = _base(cast.value.ctype)
    if _base(cast.ctype) != bits or _base(old.ctype) != bits or _base(assumed.ctype) != bits \
            or size_of(bits) is None or size_of(bits) != size_of(element):
        return None
    new = swap.value if isinstance(swap, ir.Assign) and swap.target == ir.Name(old.name) and swap.op == "=" else None
    if not (isinstance(new, ir.Call) and new.func == "atomicCAS" and len(new.args) == 3
            and new.args[:2] == (ir.Name(cast.name), ir.Name(assumed.name))):
        return None
    to_bits = new.args[2]
    table = bits_table()
    if not (isinstance(to_bits, ir.Call) and to_bits.func in table and len(to_bits.args) == 1
            and table[to_bits.func][0] == element and isinstance(to_bits.args[0], ir.Bin)):
        return None
    arithmetic = to_bits.args[0]
    back = ir.Call(next((n for n, (src, dst) in table.items() if src == table[to_bits.func][1] and dst == element),
                        ""), (ir.Name(assumed.name),))
    operands = {arithmetic.left, arithmetic.right}
    if arithmetic.op not in CAS_LOOP_OPERATIONS or operands != {ir.Name(value), back}:
        return None
    return CAS_LOOP_OPERATIONS[arithmetic.op]


def atomic_aliases(module: ir.Module) -> dict[str, str]:
    """Device function name -> the atomic builtin every one of its definitions (overloads, `#if` arms) applies to
    its two parameters, one definition per element type at most once it is read as the builtin."""
    found: dict[str, str] = {}
    for name, fn in module.functions.items():
        definitions = module.overloads.get(name) or (fn,)
        done = {_forwarded(f) or _cas_loop(f) for f in definitions}
        if len(done) == 1 and None not in done:
            found[name] = done.pop()
    return found


def read_as_builtins(module: ir.Module) -> None:
    """Every call of an atomic wrapper in the module's functions written as the builtin it applies."""
    aliases = atomic_aliases(module)
    if not aliases:
        return
    for name, fn in list(module.functions.items()):
        if name in aliases:
            continue
        calls = {node: dataclasses.replace(node, func=aliases[node.func]) for node in ir.nodes(fn.body)
                 if isinstance(node, ir.Call) and node.func in aliases and len(node.args) == 2 and not node.targs}
        if calls:
            module.functions[name] = dataclasses.replace(fn, body=ir.replaced(fn.body, calls))
