"""blacklady_arena: write a Black Lady Arena bot in Python.

    from blacklady_arena import Bot, run

    class Lowest(Bot):
        name = "lowest-py"
        def choose_pass(self, obs):
            cards = list(obs.legal)  # ascending
            return cards[len(cards) - obs.pass_plan.count:]
        def choose_play(self, obs):
            return obs.legal.lowest()

    run(Lowest())  # --listen HOST:PORT; the arena plays it as grpc://HOST:PORT

Needs grpc and protobuf: Debian's python3-grpcio and python3-protobuf, with /usr/bin/python3.
docs/remote-bots.md explains the protocol; python/README.md installs the kit.
"""

from .cards import CLUBS, DIAMONDS, HEARTS, SPADES, Card, CardSet
from .observation import (DealResult, Observation, PassKind, PassPlan, Phase, Play, ReceivedCard,
                          Rules)
from .bot import Bot
from .server import run, serve  # imports grpc: a clear ImportError if it is missing

__all__ = ["Bot", "Card", "CardSet", "CLUBS", "DIAMONDS", "HEARTS", "SPADES", "DealResult",
           "Observation", "PassKind", "PassPlan", "Phase", "Play", "ReceivedCard", "Rules",
           "run", "serve"]
