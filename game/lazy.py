"""Package attributes that load their submodule on first use.

    __getattr__, __dir__ = lazy_exports(__name__, globals(), {"read_pdn": "pdn", ...})

A start-up that needs one name (the tournament agent, the window's first
frame) pays only for the submodule that holds it.
"""

from importlib import import_module


def lazy_exports(package, namespace, exports):
    """The module-level ``__getattr__`` and ``__dir__`` of ``package``: a name
    of ``exports`` (name -> submodule) is imported from its submodule on first
    use and kept in ``namespace`` (the package's globals()), so the next use
    is a plain lookup."""

    def __getattr__(name):
        module = exports.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(f"{package}.{module}"), name)
        namespace[name] = value
        return value

    def __dir__():
        return namespace["__all__"]

    return __getattr__, __dir__
