"""Plain data to JSON and back, exactly: what a state, an observation or a layout holds.

``to_data`` turns a value made of ints, floats, strings, booleans, None, lists, tuples,
dicts, sets and the engine's registered record types (a layout, a rule's typed state) into
JSON types; ``from_data`` turns it back into an equal value. Lists stay lists; tuples,
dicts with keys that are not strings, sets and records are written as one-key objects
(``{"tuple": [...]}``, ``{"dict": [[k, v], ...]}``, ``{"set": [...]}``, ``{"record":
name, "fields": {...}}``), and a whole number beyond ±2**53 (a tile mask of a large set)
as ``{"int": "decimal digits"}``, so that a browser reads every number exactly.

A record type is registered by name (``register``), so reading never imports or runs
anything a document names: an unknown name is refused (``DataError``).
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable

SAFE = 1 << 53


class DataError(ValueError):
    """A document that is not what ``to_data`` writes."""


#: record type name -> (class, the fields written, a function that makes an empty one)
_RECORDS: dict[str, tuple[type, tuple[str, ...], Callable[[], Any]]] = {}
#: record type name -> field -> how to read it (a cache written as the value it caches)
_READERS: dict[str, dict[str, Callable[[Any], Any]]] = {}
_NAMES: dict[type, str] = {}


def fields_of(cls: type) -> tuple[str, ...]:
    """Every slot of ``cls`` and its bases (or a dataclass's fields)."""
    if dataclasses.is_dataclass(cls):
        return tuple(f.name for f in dataclasses.fields(cls))
    names: list[str] = []
    for c in reversed(cls.__mro__):
        for n in getattr(c, "__slots__", ()):
            if n not in names and not n.startswith("__"):
                names.append(n)
    return tuple(names)


def register(cls: type, name: str | None = None, skip: tuple[str, ...] = (),
             make: Callable[[], Any] | None = None, read: dict[str, Callable[[Any], Any]] | None = None) -> type:
    """Let ``cls`` be written and read as a record (its slots or dataclass fields, less
    ``skip``: tables shared from elsewhere; ``make`` makes the empty record the fields are
    read into, with the skipped ones set; ``read`` says how to read a field that is a cache:
    it is written as the value it caches)."""
    name = name or cls.__qualname__
    fields = tuple(f for f in fields_of(cls) if f not in skip)
    _RECORDS[name] = (cls, fields, make or (lambda: object.__new__(cls)))
    _READERS[name] = dict(read or {})
    _NAMES[cls] = name
    return cls


def to_data(value: Any) -> Any:
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, int):
        return value if -SAFE <= value <= SAFE else {"int": str(value)}
    if isinstance(value, float):
        return value
    if isinstance(value, list):
        return [to_data(x) for x in value]
    if isinstance(value, tuple):
        return {"tuple": [to_data(x) for x in value]}
    if isinstance(value, (set, frozenset)):
        return {"set": sorted((to_data(x) for x in value), key=repr)}
    if isinstance(value, dict):
        return {"dict": [[to_data(k), to_data(v)] for k, v in value.items()]}
    name = _NAMES.get(type(value))
    if name is None:
        raise DataError(f"a {type(value).__name__} cannot be written as data")
    _, fields, _ = _RECORDS[name]
    readers = _READERS[name]
    return {"record": name, "fields": {f: to_data(readers[f](value) if f in readers else getattr(value, f))
                                       for f in fields if hasattr(value, f)}}


def from_data(data: Any) -> Any:
    if data is None or isinstance(data, (bool, str, float)):
        return data
    if isinstance(data, int):
        return data
    if isinstance(data, list):
        return [from_data(x) for x in data]
    if not isinstance(data, dict) or len(data) not in (1, 2):
        raise DataError(f"not a value written by to_data: {str(data)[:60]}")
    if "int" in data:
        try:
            return int(data["int"])
        except (TypeError, ValueError):
            raise DataError(f"not a whole number: {str(data['int'])[:40]}") from None
    if "tuple" in data:
        return tuple(from_data(x) for x in _list(data["tuple"]))
    if "set" in data:
        return {from_data(x) for x in _list(data["set"])}
    if "dict" in data:
        return {_key(from_data(k)): from_data(v) for k, v in (_pair(p) for p in _list(data["dict"]))}
    if "record" in data:
        entry = _RECORDS.get(data["record"])
        if entry is None:
            raise DataError(f"unknown record type {str(data['record'])[:40]!r}")
        cls, fields, make = entry
        obj = make()
        raw = data.get("fields")
        if not isinstance(raw, dict):
            raise DataError(f"record {data['record']} without its fields")
        for f, v in raw.items():
            if f not in fields:
                raise DataError(f"record {data['record']} has no field {str(f)[:40]!r}")
            object.__setattr__(obj, f, from_data(v))
        return obj
    raise DataError(f"not a value written by to_data: {str(data)[:60]}")


def _list(x: Any) -> list:
    if not isinstance(x, list):
        raise DataError("a list was expected")
    return x


def _pair(x: Any) -> tuple:
    if not isinstance(x, list) or len(x) != 2:
        raise DataError("a [key, value] pair was expected")
    return x[0], x[1]


def _key(k: Any) -> Any:
    if isinstance(k, (list, set, dict)):
        raise DataError("a dict key must be a number, a string or a tuple")
    return k
