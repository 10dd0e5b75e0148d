"""2 Players: at this computer, or online (host a game, or join one)."""

from __future__ import annotations

from typing import Any

from ...scene import register
from ...widgets import Button, Widget
from . import seat
from .form import FormPage


@register("two_players")
class TwoPlayersScene(FormPage):
    title = "2 Players"

    def build(self) -> list[Widget]:
        kept = seat.last()
        back: list[Widget] = [Button(
"Back to your online game", lambda: self.reopen(kept))] if kept else []
        return back + [Button("On this computer", lambda: self.app.push("new_game", mode="2p"), primary=not kept),
                Button("Host a game online", lambda: self.app.push("online_host")),
                Button("Join a game", lambda: self.app.push("online_join")),
                Button("Back", self.back)]

    def reopen(self, kept: dict[str, Any]) -> None:
        """The unfinished online game kept on disk: its seat again (a hosted game's server started again)."""
        hello = {"type": "resume", "game": kept["game"], "token": kept["token"]}
        if kept.get("hosted"):
            self.app.push("online_board", host=True, hello=hello)
        else:
            self.app.push("online_board", url=kept["url"], hello=hello)

    def lines(self) -> list[str]:

        return ["Play at one board, or each at your own computer.",
                "Hosting runs a small server in the game; your friend joins with the invitation it shows."]
