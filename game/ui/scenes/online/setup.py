"""Hosting an online game (side, clock, name) and joining one (the invitation, a name)."""

from __future__ import annotations

from ....controller.clock import PRESETS
from ....net.invite import InviteError, read_invite
from ... import theme
from ...scene import register
from ...widgets import Button, Chooser, Widget
from .form import FormPage, TextField

SIDES = (("black", theme.SIDE_NAMES[0]), ("white", theme.SIDE_NAMES[1]), ("random", "Random"))
CLOCKS = [str(tc) for tc in PRESETS] + ["off"]
CLOCK_WORDS = [tc.words for tc in PRESETS] + ["No clock"]


@register("online_host")
class HostScene(FormPage):
    title = "Host a game online"

    def build(self) -> list[Widget]:
        self.name_field = TextField("Your name", "Host", 40)
        self.side = Chooser("Your side", [shown for _, shown in SIDES])
        self.clock = Chooser("Clock", CLOCK_WORDS)
        return [self.name_field, self.side, self.clock, Button("Host the game", self.act, primary=True),
                Button("Back", self.back)]

    def lines(self) -> list[str]:
        return ["Your game runs a server on this computer (port 8765) and shows an invitation: "
                "on your network your friend joins with it at once.",
                "From outside your network, forward TCP port 8765 on your router to this computer, "
                "or play on a server someone runs (checkers-server)."]

    def act(self) -> None:
        hello = {"type": "create", "name": self.name_field.text.strip()[:40] or "Host",
                 "side": SIDES[self.side.index][0], "control": CLOCKS[self.clock.index], "draw_rule": "official"}
        self.app.push("online_board", host=True, hello=hello)


@register("online_join")
class JoinScene(FormPage):
    title = "Join a game"

    def build(self) -> list[Widget]:
        self.invite = TextField("Invitation", "", 300)
        self.name_field = TextField("Your name", "Guest", 40)
        self.error: str | None = None
        return [self.invite, self.name_field, Button("Join", self.act, primary=True), Button("Back", self.back)]

    def lines(self) -> list[str]:
        out = ["Paste (Ctrl+V) or type the invitation your friend read out: "
               "the address and the game code, like ws://192.168.1.20:8765/K7M2QX"]
        return out + ([f"!{self.error}"] if self.error else [])

    def act(self) -> None:
        try:
            invite = read_invite(self.invite.text)
        except InviteError as e:
            self.error = str(e)
            self.resize(self.size)   # the error's paragraph takes its room
            return
        self.error = None
        self.resize(self.size)
        hello = {"type": "join", "game": invite.code, "name": self.name_field.text.strip()[:40] or "Guest"}

        self.app.push("online_board", url=invite.url, hello=hello, invite=str(invite))
