"""The Bot base class: subclass it, implement choose_pass and choose_play, and serve it."""

from __future__ import annotations

from typing import Iterable

from .cards import Card
from .observation import DealResult, Observation, PassKind, PassPlan


class Bot:
    """A Hearts bot. The arena asks for one decision per call, with the seat's whole
    observation, so a bot may keep no state; if it keeps some, calls for different games and
    seats may come at once from several threads (serve's `threads`), so guard it.

    Set `name`, `version` and `author` as class attributes: the arena records them.
    """

    name: str = "python-bot"
    version: str = "1.0"
    author: str = ""

    def choose_pass(self, obs: Observation) -> Iterable[Card]:
        """Exactly obs.pass_plan.count cards of obs.legal to pass (phase PASS)."""
        raise NotImplementedError(f"{type(self).__name__} does not implement choose_pass")

    def choose_play(self, obs: Observation) -> Card:
        """One card of obs.legal to play (phase PLAY)."""
        raise NotImplementedError(f"{type(self).__name__} does not implement choose_play")

    def choose_moon(self, obs: Observation) -> bool:
        """After shooting the moon, when the rules give the choice: True for new moon (add the
        points to the others) instead of old moon (take them off one's own score)."""
        return False

    def choose_pass_plan(self, obs: Observation) -> PassPlan:
        """The dealer's choice of pass, when the rules give it: by default to the left."""
        return PassPlan(PassKind.OFFSET, 1, obs.pass_count)

    def on_deal_end(self, obs: Observation, result: DealResult) -> None:
        """Told at the end of each deal; the default ignores it (and a bot that keeps the
        default is not told at all: serve() says so to the arena)."""

    def on_game_end(self, obs: Observation, result: DealResult) -> None:
        """Told at the end of each game; the default ignores it (and a bot that keeps the
        default is not told at all)."""
