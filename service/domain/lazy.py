"""A computed attribute kept on its object after the first read, without a lock.

Python 3.11's :class:`functools.cached_property` takes a lock on every first read (the
functools documentation, "Changed in version 3.12": "Prior to Python 3.12, cached_property
included an undocumented lock ...; in Python 3.12+ this locking is removed"). The
sizing plans (:class:`~service.domain.sizing.memory.InferencePlan`) are made by the dozen
for each request and read a few such attributes once each, so that lock was a measurable
part of a sizing. Their values are pure functions of the object's fields: two threads that
compute one at once compute the same value, and either may be kept.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic, TypeVar, overload

T = TypeVar("T")

if TYPE_CHECKING:
    from functools import cached_property as cached_property
else:

    class cached_property(Generic[T]):  # named as the functools one it stands for
        """:class:`functools.cached_property` without the lock (see the module)."""

        def __init__(self, func: Callable[[Any], T]) -> None:
            self.func = func
            self.attrname: str | None = None
            self.__doc__ = func.__doc__

        def __set_name__(self, owner: type, name: str) -> None:
            self.attrname = name

        @overload
        def __get__(self, instance: None, owner: type | None = None) -> cached_property[T]: ...

        @overload
        def __get__(self, instance: object, owner: type | None = None) -> T: ...

        def __get__(self, instance: object | None, owner: type | None = None) -> Any:
            if instance is None:
                return self
            value = self.func(instance)
            # the instance's own attribute from now on: this descriptor (no __set__) is no
            # longer asked; a frozen dataclass's __setattr__ is not gone through
            instance.__dict__[self.attrname] = value  # type: ignore[index]
            return value
