"""Keys and the mouse: what each does in review.

Part of ReviewScene (game/ui/scenes/review/__init__.py), which is made of one class per job."""

from __future__ import annotations

from typing import Any

import pygame

from ...report_view import (
    count_at,
)
from .state import ReviewState


class Input(ReviewState):
    """Keys and the mouse: what each does in review."""

    KEYS = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_PAGEUP: -10, pygame.K_PAGEDOWN: 10}

    def handle_event(self, event: Any) -> None:
        if event.type == pygame.KEYDOWN and self._key(event):
            return
        if event.type == pygame.MOUSEWHEEL:
            self.step(-1 if event.y > 0 else 1)
            return
        if self._mouse(event):
            return
        self.focus.handle_event(event)

    def _key(self, event: Any) -> bool:
        k = event.key
        ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        if ctrl:
            if k == pygame.K_s:
                self.save_annotated()
                return True
            return False
        if k == pygame.K_ESCAPE:
            # Esc undoes the latest thing first: the why line, then a report being made, then review
            if self.why is not None:
                self.end_why()
            elif self.analysing:
                self.cancel_analysis()
            else:
                self.back()
        elif k in self.KEYS:
            self.step(self.KEYS[k])
        elif k == pygame.K_HOME:
            if self.why is not None:
                self.step(-len(self.why.moves))
            else:
                self.go(0)
        elif k == pygame.K_END:
            if self.why is not None:
                self.step(len(self.why.moves))
            else:
                self.go(self.total)
        elif k == pygame.K_f:
            self.flip()
        elif k == pygame.K_n:
            self.numbers = not self.numbers
        elif k == pygame.K_a:
            self.toggle_live()
        elif k == pygame.K_g:
            if self.analysing:
                self.cancel_analysis()
            else:
                self.start_analysis()
        elif k == pygame.K_p:
            self.practice.open()
        elif k == pygame.K_w:
            if self.why is not None:
                self.end_why()
            else:
                self.start_why()
        else:
            return False
        return True

    def _mouse(self, event: Any) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = event.pos
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.report is not None and self.table_rect.collidepoint(event.pos):
                hit = count_at(self.table_rect, self.table_text, event.pos)
                if hit is not None:
                    self.next_marked(hit[0], (hit[1],))
                    return True
            if self.report is not None and self.graph.rect.collidepoint(event.pos):
                self.graph_dragging = True
                at = self.graph.ply_at(event.pos)
                if at is not None:  # (inside the graph, which has scores once there is a report)
                    self.go(at)
                return True
            ply = self.move_list.ply_at(self.list_rect, self.list_line_h, self.ply, event.pos)
            if ply is not None:
                self.go(ply)
                return True
            if self.note_rect.collidepoint(event.pos) and self.why is None and self.explained() is not None:
                self.start_why()
                return True
        if event.type == pygame.MOUSEMOTION and self.graph_dragging:
            x = max(self.graph.rect.x, min(self.graph.rect.right - 1, event.pos[0]))
            at = self.graph.ply_at((x, self.graph.rect.centery))
            if at is not None:
                self.go(at)


            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.graph_dragging:
            self.graph_dragging = False
            return True
        return False
