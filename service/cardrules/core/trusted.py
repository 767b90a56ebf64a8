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

HOW: :func:`blank` makes an instance with no field set (the class's own ``__new__``, which a compiled class
requires), and the constructor stores each field with ``object.__setattr__``, going around the frozen
dataclass's refusing ``__setattr__`` — what the dataclass's own ``__init__`` does, without ``__post_init__``.
Plain code on purpose: mypyc compiles both calls to direct C calls, and the interpreter runs them nearly as fast
as the generated constructors that used to stand here.

COMPILED: a compiled class's typed attributes refuse a mistyped value with a ``TypeError`` (and read ``True``
given for an ``int`` as ``1``) before ``__post_init__`` could name the field in an
:class:`~cardrules.core.errors.InvalidInput`, which the suite checks for every such field; so the modules of the
validated inputs (states, actions, records, house rules) stay interpreted (``setup.py``'s ``PLAIN``), and the
compiled engines that read them call them as Python objects.
"""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")


def blank(cls: type[T]) -> T:
    """An instance of the frozen, slotted dataclass ``cls`` with no field stored yet, for its trusted constructor
    to fill (every field, with ``object.__setattr__``). Only for values derived from already validated ones."""
    return cls.__new__(cls)
