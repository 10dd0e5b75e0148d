"""2 Players: at this computer, or online (host a game, or join one)."""

from ...scene import register
from ...widgets import Button
from .form import FormPage


@register("two_players")
class TwoPlayersScene(FormPage):
    title = "2 Players"

    def build(self):
        return [Button("On this computer", lambda: self.app.push("new_game", mode="2p"), primary=True),
                Button("Host a game online", lambda: self.app.push("online_host")),
                Button("Join a game", lambda: self.app.push("online_join")),
                Button("Back", self.back)]

    def lines(self):
        return ["Play at one board, or each at your own computer.",
                "Hosting runs a small server in the game; your friend joins with the invitation it shows."]
