"""The board of an online game: the moves, both clocks, the opponent's name, draw offers, resigning,
and the connection's state, all from ``game.net``'s client, polled each frame.

Params: ``host=True`` (start the embedded server, then create the game) or ``url`` (a
server to join), and ``hello`` (the client's first message).  The window never waits
on the network: the client's thread and the server's process do the waiting.  A
finished game is saved to the library once (``game.net.library.save_finished``).
"""

from __future__ import annotations

import logging
import os
import time
from typing import TYPE_CHECKING, Any

import pygame

from ....controller.clock import format_clock
from ....net.client import Client, Refused, State, Status, Welcome
from ....net.protocol import ProtocolError
from ....net.view import GameView
from ....rules import BLACK, WHITE
from ... import theme
from ...geometry import BoardGeometry
from ...scene import Scene, register
from ...widgets import Button, FocusGroup
from . import seat

if TYPE_CHECKING:
    from ....net.host import HostedServer
    from ...layout_check import Box
    from ...theme import Colour

    # a panel line: (text, colour, bold, wrapped); placed: (text, colour, bold, rect, size, wrapped)
    PanelLine = tuple[str, Colour, bool, bool]
    PlacedLine = tuple[str, Colour, bool, pygame.Rect, int, bool]

log = logging.getLogger(__name__)
# a hosted game's server listens on every address, so others can reach it, and on one port, the one a
# player forwards on their router (game.net.host.DEFAULT_PORT); CHECKERS_ONLINE_LISTEN and
# CHECKERS_ONLINE_PORT choose others (the loopback only, a port of the player's choice; tools/net_xvfb.py)
LISTEN = os.environ.get("CHECKERS_ONLINE_LISTEN", "").strip() or "0.0.0.0"


def _port(text: str) -> int:
    return int(text) if text.isdigit() and 0 < int(text) < 65536 else 8765


PORT = _port(os.environ.get("CHECKERS_ONLINE_PORT", "").strip())
FOOTER = "Click a piece, then where it goes · Esc leaves the game"


def connection_words(status: str, reason: str, view: GameView, seat: Welcome | None) -> str:
    """One line for the connection: waiting, connected, the opponent gone (clock running), reconnecting."""
    if status == "failed":
        return f"Could not play: {reason}"
    if status in ("connecting",) or seat is None:
        return "Connecting…"
    if status == "reconnecting":
        return f"Connection lost ({reason}): reconnecting, your seat is kept"
    if not view.seen:
        return "Connected"
    if seat.seat == "observer":
        return "Watching"
    me = BLACK if seat.seat == "black" else WHITE
    other = 1 - me
    if view.over:
        return view.outcome_words or "Game over"
    if not view.names[other]:
        return "Waiting for your opponent to join…"
    if not view.present[other]:
        running = " (their clock runs)" if view.running and view.game.turn == other else ""
        return f"{view.names[other]} is gone{running}: waiting for them to reconnect"
    return f"{view.names[other]} is connected"


def portrait(size: tuple[int, int]) -> bool:
    """A window taller than wide: the panel goes under the board."""
    return size[1] >= size[0] * 1.2


def footer_size(size: tuple[int, int]) -> int:
    return max(16, min(22, size[1] // 40))


def footer_top(size: tuple[int, int]) -> int:
    """The top of the footer's line of keys, at the window's foot under everything."""
    return size[1] - theme.font(footer_size(size)).get_height() - 6


def board_geometry(size: tuple[int, int], flipped: bool) -> BoardGeometry:
    """Where the board is in a window of ``size``: the left of the window, as large as it fits above the
    footer (the top in a portrait window)."""
    w, h = size
    margin = theme.margin(size)
    if portrait(size):
        side = min(w - 2 * margin, int(h * 0.56)) // 8 * 8
        return BoardGeometry(((w - side) // 2, margin, side, side), flipped=flipped)
    bottom = footer_top(size)
    side = min(bottom - 2 * margin, int(w * 0.62)) // 8 * 8
    return BoardGeometry((margin, (bottom - side) // 2, side, side), flipped=flipped)


@register("online_board")
class OnlineBoardScene(Scene):
    def enter(self) -> None:
        p = self.params
        self.hello: dict[str, Any] = dict(p.get("hello") or {})
        self.view = GameView()
        self.client: Client | None = None
        self.hosted: HostedServer | None = None
        self.seat: Welcome | None = None
        self.status, self.reason = "connecting", ""
        self.notice: str | None = None
        self.picked: list[int] = []          # the squares clicked so far of the move being made
        self.saved: str | None = None         # the line saying where the finished game went
        self.invite: str | None = p.get("invite")
        if p.get("host"):
            from ....net.host import HostedServer
            from ....store import data_dir

            self.hosted = HostedServer(data_dir() / "online-games.sqlite3", LISTEN, PORT)
        else:
            self.url: str = p["url"]
            self.client = Client(self.url, self.hello)
        self.offer = Button("Offer draw", lambda: self._send("offer_draw"))
        self.accept = Button("Accept draw", lambda: self._send("accept_draw"))
        self.decline = Button("Decline draw", lambda: self._send("decline_draw"))
        self.resign = Button("Resign", lambda: self._send("resign", ply=None))
        self.leave_button = Button("Leave", self.app.pop)
        self.buttons = [self.offer, self.accept, self.decline, self.resign, self.leave_button]
        self.focus = FocusGroup(self.buttons, focus=None)
        self.resize(self.size)

    def leave(self) -> None:
        if self.client is not None:
            self.client.close(wait=0)
        if self.hosted is not None:
            self.hosted.close(wait=0.5)

    def quit_question(self) -> tuple[str, str] | None:
        if self.view.seen and not self.view.over and self.my_side() is not None:
            return ("Leave the online game?", "Your clock keeps running while you are away.")
        return None

    # -- the network, polled -------------------------------------------------------------

    def my_side(self) -> int | None:
        if self.seat is None or self.seat.seat == "observer":
            return None
        return BLACK if self.seat.seat == "black" else WHITE

    def _send(self, kind: str, ply: int | None = 0) -> None:
        if self.client is None or self.my_side() is None:
            return
        if ply is None:
            self.client.send(kind)
        else:
            self.client.send(kind, ply=self.view.game.ply)

    def update(self, dt: float) -> None:
        if self.hosted is not None and self.client is None:
            started = self.hosted.poll()
            if isinstance(started, int):
                self.url = f"ws://127.0.0.1:{started}"
                self.client = Client(self.url, self.hello)
            elif isinstance(started, str):
                self.status, self.reason = "failed", started
        if self.client is None:
            return
        for event in self.client.poll():
            if isinstance(event, Welcome):
                self.seat = event
                if event.token:
                    seat.remember(self.url, event.game, event.token, self.hosted is not None)
                if self.hosted is not None and self.hosted.port is not None:
                    from ....net.cli import lan_address

                    # the address others reach: this computer's on the network when listening on every
                    # address, else the one address listened on (CHECKERS_ONLINE_LISTEN=127.0.0.1: this one)
                    address = (lan_address() or "127.0.0.1") if LISTEN in ("0.0.0.0", "::") else LISTEN
                    self.invite = f"ws://{address}:{self.hosted.port}/{event.game}"
                self.resize(self.size)
            elif isinstance(event, State):
                try:
                    self.view.update(event.fields, event.at)
                except ProtocolError as e:
                    self.notice = str(e)
                self.picked = []
            elif isinstance(event, Refused):
                self.notice = event.reason
            elif isinstance(event, Status):
                self.status, self.reason = event.state, event.reason
        if self.view.over and self.saved is None and self.my_side() is not None:
            self.saved = self._save()
            seat.forget()

    def _save(self) -> str:
        from ....net.library import save_finished

        try:
            path = save_finished(self.view)
        except Exception as e:   # never a traceback for the player
            log.warning("online game not saved: %s", e)
            return f"Not saved: {e}"
        return f"Saved to your library ({path.name})"

    # -- the player's input --------------------------------------------------------------

    def handle_event(self, event: Any) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if self.focus.handle_event(event):
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            square = self.geometry.square_at_pixel(event.pos)
            if square is not None:
                self.click(square)

    def click(self, square: int) -> None:
        side = self.my_side()
        game = self.view.game
        if side is None or game.outcome is not None or game.turn != side or self.view.over:
            return
        picked = self.picked + [square]
        moves = [m for m in game.legal_moves() if list(m.path[:len(picked)]) == picked]
        if not moves:
            # a click elsewhere starts again from that piece, if it can move
            moves = [m for m in game.legal_moves() if m.path[0] == square]
            self.picked = [square] if moves else []
            return
        done = [m for m in moves if list(m.path) == picked]
        if len(moves) == 1 and len(picked) >= 2 and moves[0].end == square:
            done = moves
        if done and self.client is not None:  # (a seat, so a client: my_side is None without one)
            self.client.send("move", ply=game.ply, path=list(done[0].path))
            self.picked = []
            self.notice = None
        else:
            self.picked = picked

    # -- layout and drawing --------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        margin = theme.margin(size)
        self.geometry = g = board_geometry(size, self.my_side() != WHITE)
        self.footer_size = footer_size(size)
        bottom = footer_top(size)
        bh = max(26, min(52, h // 16))
        if portrait(size):
            # the panel under the board, its buttons in two rows (three, then two) at its foot
            self.panel = pygame.Rect(margin, g.rect.bottom + margin, w - 2 * margin, bottom - g.rect.bottom - margin)
            rows: tuple[tuple[Button, ...], ...] = ((self.offer, self.accept, self.decline),
                                                    (self.resign, self.leave_button))
            y = self.panel.bottom - 2 * bh - 6
            for row in rows:
                bw = (self.panel.width - 6 * (len(row) - 1)) // len(row)
                for i, b in enumerate(row):
                    b.rect = pygame.Rect(self.panel.x + i * (bw + 6), y, bw, bh)
                y += bh + 6
            self.text_rect = pygame.Rect(self.panel.x, self.panel.y, self.panel.width, y - 2 * (bh + 6) - self.panel.y)
        else:
            panel_x = margin * 2 + g.rect.width
            self.panel = pygame.Rect(panel_x, margin, w - panel_x - margin, bottom - margin)
            y = self.panel.bottom - len(self.buttons) * (bh + 6) + 6
            for b in self.buttons:
                b.rect = pygame.Rect(self.panel.x, y, self.panel.width, bh)
                y += bh + 6
            self.text_rect = pygame.Rect(self.panel.x, self.panel.y, self.panel.width,
                                         self.buttons[0].rect.y - margin - self.panel.y)
        self.text_size = max(16, min(36, h // 34, self.panel.width // 14))

    def _refresh_buttons(self) -> None:
        side, view = self.my_side(), self.view
        playing = side is not None and view.seen and not view.over
        self.offer.enabled = playing and view.draw_offer is None
        self.accept.enabled = self.decline.enabled = playing and view.draw_offer == (None if side is None else 1 - side)
        self.resign.enabled = playing

    def draw(self, surface: pygame.Surface) -> None:
        self._refresh_buttons()   # what can be pressed follows the state drawn (no state changes here)
        theme.gradient_background(surface)
        self.draw_board(surface)
        self.draw_panel(surface)
        self.focus.draw(surface)
        footer = theme.elide(FOOTER, self.footer_size, self.size[0] - 2 * theme.margin(self.size))
        theme.blit_text(surface, footer, self.footer_size, theme.TEXT_FAINT, (self.size[0] // 2, self.size[1] - 4),
                        "midbottom")

    def draw_board(self, surface: pygame.Surface) -> None:
        g = self.geometry
        pygame.draw.rect(surface, theme.BOARD_FRAME, g.rect.inflate(12, 12))
        for drow in range(8):
            for dcol in range(8):
                dark = (drow + dcol) % 2 == 1
                pygame.draw.rect(surface, theme.DARK_SQUARE if dark else theme.LIGHT_SQUARE, g.cell_rect(drow, dcol))
        game = self.view.game
        if game.moves:
            for sq in (game.moves[-1].start, game.moves[-1].end):
                pygame.draw.rect(surface, theme.LAST_MOVE, g.square_rect(sq), 3)
        for sq in self.picked:
            pygame.draw.rect(surface, theme.SELECTED, g.square_rect(sq), 4)
        position = game.position
        radius = g.square * 38 // 100
        for sq in range(1, 33):
            piece = position.piece_at(sq)
            if piece is None:
                continue
            colour, king = piece
            fill = theme.BLACK_PIECE if colour == BLACK else theme.WHITE_PIECE
            edge = theme.BLACK_PIECE_EDGE if colour == BLACK else theme.WHITE_PIECE_EDGE
            center = g.square_center(sq)
            pygame.draw.circle(surface, fill, center, radius)
            pygame.draw.circle(surface, edge, center, radius, 3)
            if king:
                theme.blit_text(surface, "K", radius, theme.CROWN, center, "center", bold=True)

    def panel_lines(self) -> list[PanelLine]:
        """What the panel says, top to bottom: ``(text, colour, bold, wrapped)``; a player's line is cut
        short at the panel's edge (their name may be long), every other line is wrapped whole."""
        view = self.view
        lines: list[PanelLine] = []
        me = self.my_side()
        order = (WHITE, BLACK) if me != WHITE else (BLACK, WHITE)   # the opponent on top, as on the board
        t = time.monotonic()
        for side in order:
            name = view.names[side] or ("(waiting)" if view.seen else "")
            who = " (you)" if side == me else ""
            clock = f"  {format_clock(view.remaining(side, t))}" if view.control is not None and view.seen else ""
            to_move = view.seen and not view.over and view.game.turn == side
            gone = "" if view.present[side] or not view.seen else " · away"
            lines.append((f"{theme.SIDE_NAMES[side]}{clock}{gone}{' · to move' if to_move else ''}",
                          theme.ACCENT if to_move else theme.TEXT, True, False))
            if name:
                lines.append((f"{name}{who}", theme.ACCENT if to_move else theme.TEXT, False, False))
        lines.append((connection_words(self.status, self.reason, view, self.seat),
                      theme.DANGER if self.status == "failed" else theme.ACCENT, False, True))
        if view.draw_offer is not None and not view.over:
            who = "You offer" if view.draw_offer == me else f"{view.names[view.draw_offer] or 'Your opponent'} offers"
            lines.append((f"{who} a draw", theme.TEXT, False, True))
        if self.invite and (not view.seen or not view.names[1 - (me or 0)]):
            lines.append(("Invitation (read it out or paste it):", theme.TEXT_DIM, False, True))
            lines.append((self.invite, theme.TEXT, True, True))
            if self.hosted is not None:
                lines.append((f"From outside your network: forward TCP port {self.hosted.port or PORT} on your "
                              "router to this computer.", theme.TEXT_DIM, False, True))
        if self.notice:
            lines.append((self.notice, theme.DANGER, False, True))
        if self.saved:
            lines.append((self.saved, theme.TEXT_DIM, False, True))
        return lines

    def panel_layout(self) -> list[PlacedLine]:
        """``(text, colour, bold, rect, size)`` of each line of the panel as drawn: the lines at the panel's
        text size, smaller when they would run into the buttons (never below a readable size)."""
        area = self.text_rect
        lines = self.panel_lines()
        for size in range(self.text_size, 15, -1):   # 16: the least readable size
            placed: list[PlacedLine] = []
            y = area.y
            for text, colour, bold, wrapped in lines:
                parts = theme.wrap(text, size, area.width, bold) if wrapped else [
                    theme.elide(text, size, area.width, bold)]
                height = len(parts) * theme.font(size, bold).get_linesize()
                placed.append((text, colour, bold, pygame.Rect(area.x, y, area.width, height), size, wrapped))
                y += height + size // 3
            if y - size // 3 <= area.bottom:
                break
        return placed

    def draw_panel(self, surface: pygame.Surface) -> None:
        for text, colour, bold, rect, size, wrapped in self.panel_layout():
            if wrapped:
                y = rect.y
                for part in theme.wrap(text, size, rect.width, bold):
                    theme.blit_text(surface, part, size, colour, (rect.x, y), "topleft", bold=bold)
                    y += theme.font(size, bold).get_linesize()
            else:
                theme.blit_text(surface, theme.elide(text, size, rect.width, bold), size, colour, rect.topleft,
                                "topleft", bold=bold)

    def layout_boxes(self) -> list[Box]:
        from ...layout_check import Box

        boxes = [Box("board", self.geometry.rect.inflate(12, 12))]
        for i, (text, _, bold, rect, size, wrapped) in enumerate(self.panel_layout()):
            shown = text if wrapped else theme.elide(text, size, rect.width, bold)
            boxes.append(Box(f"line{i}", rect, shown, size, bold=bold, wrap=wrapped))
        boxes += self.focus.text_boxes("button")
        footer = theme.elide(FOOTER, self.footer_size, self.size[0] - 2 * theme.margin(self.size))
        width, height = theme.text_size(footer, self.footer_size)
        boxes.append(Box("footer", pygame.Rect((self.size[0] - width) // 2, self.size[1] - 4 - height, width, height),
                         footer, self.footer_size))
        return boxes

    def wants_redraw(self) -> bool:

        return True   # the clocks run
