"""The scenes.  Every module in this package registers its scenes on import."""

import importlib
import pkgutil


def load_all() -> None:
    """Import every scene module so each ``@register`` has run."""
    for info in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{info.name}")
