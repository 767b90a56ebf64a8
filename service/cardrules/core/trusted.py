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
``__init__``). It takes every field by keyword only, so each call names what it sets; a field left out takes
the dataclass's own default, as with the checked constructor (a field without one must be given).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


def unchecked_constructor(cls: type[T]) -> Callable[..., T]:
    """A function ``(*, field1, field2=default, …) -> cls`` taking the fields of the frozen dataclass ``cls``
    (``init=False`` ones included) by keyword and storing them without any check; a field left out takes its
    dataclass default.

    Only for values derived from already validated ones; see the module docstring for why that is safe.
    """
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    names = [f.name for f in fields]
    if list(getattr(cls, "__slots__", ())) != names:
        raise TypeError(f"{cls.__qualname__} must be a slotted dataclass (slots=True)")
    if {"obj", "new", "cls"} & set(names) or any(name.startswith("default_") for name in names):
        raise TypeError(f"{cls.__qualname__}: a field name clashes with the generated code's own names")
    namespace: dict[str, Any] = {"new": object.__new__, "cls": cls}
    params = []
    for f in fields:
        if f.default is dataclasses.MISSING:
            params.append(f.name)
        else:
            namespace[f"default_{f.name}"] = f.default
            params.append(f"{f.name}=default_{f.name}")
    stores = "".join(f"    set_{name}(obj, {name})\n" for name in names)
    source = f"def unchecked(*, {', '.join(params)}):\n    obj = new(cls)\n{stores}    return obj\n"
    namespace.update({f"set_{name}": cls.__dict__[name].__set__ for name in names})
    exec(source, namespace)  # the source is built from the class's own field names only
    constructor: Callable[..., T] = namespace["unchecked"]
    constructor.__qualname__ = f"unchecked_constructor({cls.__qualname__})"
    constructor.__doc__ = (
        f"``{cls.__qualname__}(*, {', '.join(names)})`` without its checks (see cardrules.core.trusted)."
    )
    return constructor
