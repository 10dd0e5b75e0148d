"""The end of a game, over the final board: who won and why, then New game / Review / Save / Menu."""

import pygame

from .. import theme
from ..dialog import DialogScene
from ..scene import register
from ..words import outcome_words


def headline(outcome, players):
    """"You win!", "White wins" or "Draw", from the outcome and who was a person."""
    if outcome.winner is None:
        return "Draw"
    humans = [c for c, level in players.items() if level is None]
    if len(humans) == 1:
        return "You win!" if outcome.winner == humans[0] else "The computer wins"
    return f"{theme.side_name(outcome.winner)} wins"


@register("game_over")
class GameOverScene(DialogScene):
    dim = 120
    note = "Esc or a click beside the card: look at the board"

    def enter(self):
        outcome = self.params["outcome"]
        players = self.params.get("players", {})
        self.title = headline(outcome, players)
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

    def buttons(self):
        """New game (the same players again, as the panel's button says), Review, Save (as PDN), Menu;
        Ctrl+Q still quits."""
        out = [("New game", self.play_again, True)]
        if self.params.get("review") is not None:
            out.append(("Review", self.review, False))
        if self.params.get("save") is not None:
            out.append(("Save", self.save, False))
        return out + [("Menu", self.menu, False)]

    def play_again(self):
        again = self.params.get("play_again")
        if again is not None:
            again()

    def review(self):
        self.params["review"]()

    def save(self):
        """Save the game as PDN; the card then says where (or why not)."""
        path = self.params["save"]()
        if path is not None and self.params.get("warning"):
            self.params["warning"] = None  # saved now: the warning is over
        if path is not None:
            self.message = f"Saved as {path.name} in {path.parent}"
            self.resize(self.size)

    def menu(self):
        self.app.switch("menu")

    def cancel(self):
        # Esc closes the card to look at the final position; the panel offers a new game.
        self.app.pop()

    def handle_event(self, event):
        # a click beside the card closes it as Esc does: the mouse alone can look at the final
        # board too (the panel's buttons offer all the card does, and Esc brings it back)
        if (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                and not self.card.collidepoint(event.pos)):
            self.cancel()
            return
        super().handle_event(event)

