"""The one way the core builds a trusted value: a frozen dataclass instance without its checks.

WHY: a state that comes from outside (a caller, the gRPC converter, a test) is checked by its class's
``__post_init__``. The engines (Sâm ``apply``/``deal``/``replay``, Liêng betting ``apply``) then derive new states
only from states that passed that gate, and by construction those satisfy the same invariants. Re-checking
every derived state cost most of a replay, so they are built by a *trusted constructor* instead: a plain function
beside its class (``trusted_table``, ``trusted_seat`` in ``sam/state.py``; ``_derived_seat``, ``_derived_state`` in
``lieng/betting.py``) taking every field by keyword. Each such path has a property test that rebuilds the derived
states through the public constructors and checks that they validate and compare equal
(``tests/core/sam/test_trusted_states.py``, ``tests/core/lieng/test_properties.py``), and ``tests/core/test_trusted.py``
checks that each trusted constructor stores every field and gives a left-out field its dataclass default, so a bug
here cannot go unnoticed.

HOW: :func:`blank` makes an instance with no field set (the class's own ``__new__``), and the constructor stores
each field through its slot's descriptor (:func:`slot_setter`, looked up once per field), going around the
frozen dataclass's refusing ``__setattr__`` — what the dataclass's own ``__init__`` does, without
``__post_init__``. ``object.__setattr__(obj, name, value)`` does the same store after looking ``name`` up on the
type at every call: the descriptor's own ``__set__`` halves the cost of a store, interpreted or compiled
(measured on replay + settlement, ``tests/benchmarks/bench_compiled.py``).

COMPILED: the state classes are mypyc *non-native* classes (``@mypyc_attr(native_class=False)``): ordinary Python
classes whose methods are compiled. A native class's typed attributes would refuse a mistyped value with a
``TypeError`` (and read ``True`` given for an ``int`` as ``1``) before ``__post_init__`` could name the field in an
:class:`~cardrules.core.errors.InvalidInput`, which the suite checks for every such field. Compiled methods still
check a field's declared type when they read it, so the checks read what a caller gave through an untyped alias
of ``self`` (``sam/state.py``, "AS GIVEN"). And compiled code compares two values statically typed as one of these
classes by identity (mypyc does not see the dataclass's ``__eq__``): code that means equality compares them typed
as ``object`` (``lieng/bots/view.py``). The modules whose validated inputs are read by code that cannot do that
cheaply stay interpreted (``setup.py``'s ``PLAIN``, each with its reason).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


def blank(cls: type[T]) -> T:
    """An instance of the frozen, slotted dataclass ``cls`` with no field stored yet, for its trusted constructor
    to fill (every field, with ``object.__setattr__``). Only for values derived from already validated ones."""
    return cls.__new__(cls)


def slot_setter(cls: type[T], name: str) -> Callable[[T, Any], None]:
    """The store of the field ``name`` of the frozen, slotted dataclass ``cls``: its slot descriptor's ``__set__``,
    which ``object.__setattr__`` would look up by name on every call (about half of that call's cost, measured in
    the replay benchmark). Only for the trusted constructors."""
    setter: Callable[[T, Any], None] = cls.__dict__[name].__set__
    return setter
