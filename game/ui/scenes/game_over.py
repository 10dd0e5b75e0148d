"""The end of a game, over the final board: who won and why, then New game / Review / Save / Menu."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import pygame

from .. import theme
from ..dialog import DialogScene
from ..scene import register
from ..widgets import same_size
from ..words import outcome_words

if TYPE_CHECKING:
    from ...rules import Outcome


def headline(outcome: Outcome, players: Mapping[int, object], names: Mapping[int, str] | None = None) -> str:
    """"You win!", "White wins" (or the winner's name given: "Ann wins") or "Draw", from the outcome and
    who was a person."""
    if outcome.winner is None:
        return "Draw"
    humans = [c for c, level in players.items() if level is None]
    if len(humans) == 1:
        return "You win!" if outcome.winner == humans[0] else "The computer wins"
    return f"{(names or {}).get(outcome.winner) or theme.side_name(outcome.winner)} wins"


@register("game_over")
class GameOverScene(DialogScene):
    dim = 120
    note = "Esc or a click beside the card: look at the board"

    def enter(self) -> None:
        outcome = self.params["outcome"]
        players = self.params.get("players", {})
        self.title = headline(outcome, players, self.params.get("names"))
        self.message = outcome_words(outcome)
        if self.params.get("warning"):  # the game could not be saved: said before Menu or New game loses it
            self.message = self.params["warning"]
        if outcome.winner is None:
            self.accent = theme.TEXT_DIM
        else:
            humans = [c for c, level in players.items() if level is None]
            lost = len(humans) == 1 and outcome.winner != humans[0]
            self.accent = theme.DANGER if lost else theme.GOOD
        super().enter()

    def buttons(self) -> list[tuple[str, Callable[[], Any], bool]]:
        """New game (the same players again, as the panel's button says), Review, Save (as PDN), Menu;
        Ctrl+Q still quits."""
        out: list[tuple[str, Callable[[], Any], bool]] = [("New game", self.play_again, True)]
        if self.params.get("review") is not None:
            out.append(("Review", self.review, False))
        if self.params.get("save") is not None:
            out.append(("Save", self.save, False))
        return out + [(self.params.get("leave_label") or "Menu", self.menu, False)]

    def resize(self, size: tuple[int, int]) -> None:
        """The card as every dialog's, widened until its buttons' words are as large as the play panel's
        (``theme.button_text_size``): four buttons in the card's width were cut to 14 px beside 20."""
        super().resize(size)
        wanted = theme.button_text_size(size[1])
        buttons = self.widgets
        if not buttons:
            return
        if min(b.label_size() for b in buttons) < wanted:
            self._widen(size, wanted)
        for b in buttons:  # no larger than the panel's either: one button text size on the screen
            b.fixed_size = min(b.fixed_size or wanted, wanted)

    def _widen(self, size: tuple[int, int], wanted: int) -> None:
        """The card and its buttons wide enough for the words at ``wanted``, as far as the window allows."""
        buttons = self.widgets
        gap = max(6, buttons[0].rect.height // 3)
        bh = buttons[0].rect.height
        margin = max(16, bh // 2)
        need = max(theme.text_size(b.text, wanted, b.primary)[0] for b in buttons) + margin + 4
        bw = max(buttons[0].rect.width, need)
        row = len(buttons) * bw + (len(buttons) - 1) * gap
        pad = self.title_rect.x - self.card.x
        width = min(size[0] - 24, max(self.card.width, row + 2 * pad))
        if width > self.card.width:
            grow = width - self.card.width
            self.card = self.card.inflate(grow - grow % 2, 0)
            for rect in (self.title_rect, self.message_rect, self.note_rect):
                rect.x, rect.width = self.card.x + pad, self.card.width - 2 * pad
        bw = min(bw, (self.card.width - 2 * pad - (len(buttons) - 1) * gap) // len(buttons))
        x = self.card.centerx - (len(buttons) * bw + (len(buttons) - 1) * gap) // 2
        for b in buttons:
            b.rect = pygame.Rect(x, b.rect.y, bw, bh)
            x += bw + gap
        same_size(buttons)

    def play_again(self) -> None:
        again = self.params.get("play_again")
        if again is not None:
            again()

    def review(self) -> None:
        self.params["review"]()

    def save(self) -> None:
        """Save the game as PDN; the card then says where (or why not)."""
        path = self.params["save"]()
        if path is not None and self.params.get("warning"):
            self.params["warning"] = None  # saved now: the warning is over
        if path is not None:
            self.message = f"Saved as {path.name} in {path.parent}"
            self.resize(self.size)

    def menu(self) -> None:
        """Menu, or Back to where the game was started from (the play screen's ``leave_game``)."""
        leave = self.params.get("leave")
        if leave is not None:
            leave()
        else:
            self.app.switch("menu")

    def cancel(self) -> None:
        # Esc closes the card to look at the final position; the panel offers a new game.
        self.app.pop()

    def handle_event(self, event: Any) -> None:
        # a click beside the card closes it as Esc does: the mouse alone can look at the final
        # board too (the panel's buttons offer all the card does, and Esc brings it back)
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                and not self.card.collidepoint(event.pos)):
            self.cancel()
            return
        super().handle_event(event)

