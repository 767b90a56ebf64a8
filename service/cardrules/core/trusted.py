"""The one way the core builds a trusted value: a frozen dataclass instance without its checks.

WHY: a state that comes from outside (a caller, the gRPC converter, a test) is checked by its class's
``__post_init__``. The engines (Sâm ``apply``/``deal``/``replay``, Liêng betting ``apply``) then derive new states
only from states that passed that gate, and by construction those satisfy the same invariants. Re-checking
every derived state cost most of a replay, so they are built with :func:`unchecked_constructor` instead. Each
such path has a property test that rebuilds the derived states through the public constructors and checks that
they validate and compare equal (``tests/core/sam/test_trusted_states.py``, ``tests/core/lieng/test_properties.py``),
so a bug here cannot go unnoticed.

HOW: ``object.__new__`` makes an empty instance and each field is stored through its slot's descriptor
(``cls.field.__set__``: what ``object.__setattr__`` looks up and calls, without the lookup by name, about a third
cheaper), going around the frozen dataclass's refusing ``__setattr__`` — what the dataclass's own ``__init__``
does, without ``__post_init__``. The constructor is generated once per class (as :mod:`dataclasses` generates
``__init__``), so it takes every field positionally, in declaration order, and cannot leave one unset.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


def unchecked_constructor(cls: type[T]) -> Callable[..., T]:
    """A function ``(field1, field2, …) -> cls`` taking every field of the frozen dataclass ``cls`` (``init=False``
    ones included) in declaration order and storing them without any check.

    Only for values derived from already validated ones; see the module docstring for why that is safe.
    """
    names = [f.name for f in dataclasses.fields(cls)]  # type: ignore[arg-type]
    if list(getattr(cls, "__slots__", ())) != names:
        raise TypeError(f"{cls.__qualname__} must be a slotted dataclass (slots=True)")
    if {"obj", "new", "cls"} & set(names):
        raise TypeError(f"{cls.__qualname__}: a field name clashes with the generated code's own names")
    params = ", ".join(names)
    stores = "".join(f"    set_{name}(obj, {name})\n" for name in names)
    source = f"def unchecked({params}):\n    obj = new(cls)\n{stores}    return obj\n"
    namespace: dict[str, Any] = {"new": object.__new__, "cls": cls}
    namespace.update({f"set_{name}": cls.__dict__[name].__set__ for name in names})
    exec(source, namespace)  # the source is built from the class's own field names only
    constructor: Callable[..., T] = namespace["unchecked"]
    constructor.__qualname__ = f"unchecked_constructor({cls.__qualname__})"
    constructor.__doc__ = f"``{cls.__qualname__}({params})`` without its checks (see cardrules.core.trusted)."
    return constructor
