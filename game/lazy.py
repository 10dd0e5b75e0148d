"""Package attributes that load their submodule on first use.

    __getattr__, __dir__ = lazy_exports(__name__, globals(), {"read_pdn": "pdn", ...})

A start-up that needs one name (the tournament agent, the window's first
frame) pays only for the submodule that holds it.
"""

from __future__ import annotations

from importlib import import_module

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable


def lazy_exports(package: str, namespace: dict[str, object],
                 exports: dict[str, str]) -> tuple[Callable[[str], object], Callable[[], list[str]]]:
    """The module-level ``__getattr__`` and ``__dir__`` of ``package``: a name
    of ``exports`` (name -> submodule) is imported from its submodule on first
    use and kept in ``namespace`` (the package's globals()), so the next use
    is a plain lookup."""

    def __getattr__(name: str) -> object:
        module = exports.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(f"{package}.{module}"), name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return namespace["__all__"]  # type: ignore[return-value]  # the package's __all__, a list of names

    return __getattr__, __dir__
