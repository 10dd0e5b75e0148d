"""The main menu's entries, registered rather than hard-coded.

Another feature adds its entry with ``add_menu_item`` (e.g. "Continue"
shown only when an autosave exists) without touching the menu scene.
``order`` places it: the built-in entries use 20, 30, 40 and 100 (Quit);
Continue belongs at 10, Game library / Set up position at 50-60, Settings at 90.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple


class MenuItem(NamedTuple):
    key: str
    label: str
    action: Callable[[Any], object]                  # action(app)
    condition: Callable[[Any], object] | None        # condition(app): shown when true
    order: int
    primary: bool


MENU_ITEMS: dict[str, MenuItem] = {}


def add_menu_item(key: str, label: str, action: Callable[[Any], object],
                  condition: Callable[[Any], object] | None = None, order: int = 50, primary: bool = False) -> None:
    """Register an entry: ``action(app)`` runs when chosen; ``condition(app)`` hides it when False."""
    MENU_ITEMS[key] = MenuItem(key, label, action, condition, order, primary)


def visible_items(app: Any) -> list[MenuItem]:

    items = sorted(MENU_ITEMS.values(), key=lambda item: (item.order, item.key))
    out = []
    for item in items:
        try:
            shown = item.condition is None or item.condition(app)
        except Exception:
            shown = False  # a broken condition hides its entry instead of breaking the menu
        if shown:
            out.append(item)
    return out


# The built-in entries.
add_menu_item("1p", "1 Player", lambda app: app.push("new_game", mode="1p"), order=20, primary=True)
add_menu_item("2p", "2 Players", lambda app: app.push("two_players"), order=30)  # here, or online
add_menu_item("watch", "Computer vs Computer", lambda app: app.push("new_game", mode="watch"), order=40)
add_menu_item("quit", "Quit", lambda app: app.quit(), order=100)
