#!/usr/bin/env python3
"""pyduck: a remote Hearts bot for Black Lady Arena, written with the Python bot kit.

The kit (python/, package blacklady_arena) runs the gRPC server the arena dials (bot spec
grpc://HOST:PORT) and hands each decision to this Bot as a typed Observation. Every request
carries the seat's full observation, so this bot keeps no state between calls.

Strategy (the same as examples/remote_bot_cpp):
  play: the highest legal card that does not win the current trick (a lower card of the suit
        led, or any card of another suit); when every legal card would win, or when leading, the
        lowest legal card. "Highest" and "lowest" are by rank; between equal ranks the card
        worth more points counts as higher.
  pass: the highest-ranked legal cards, exactly obs.pass_plan.count of them.
  moon: old moon.  dealer's choice: pass to the left, the rules' pass count (the kit's default).

Run it with Debian's Python, which has python3-grpcio, and the kit installed (pip install
./python) or built (cmake --build build --target python_kit, then PYTHONPATH=build/python):
  /usr/bin/python3 bot.py --listen 127.0.0.1:50051
--listen also takes port 0 (prints the port chosen) and unix:PATH.
"""

import sys

try:
    from blacklady_arena import Bot, Card, Observation, run
except ImportError as error:
    sys.exit(f"bot.py: {error}")


class PyDuck(Bot):
    name = "pyduck"
    version = "1.0"
    author = "Black Lady Arena examples"

    def choose_play(self, obs: Observation) -> Card:
        high_key = lambda card: (card.rank, obs.points(card), card)  # noqa: E731
        trick = obs.current_trick
        if trick:
            led = trick[0].card.suit
            winning = max(play.card.rank for play in trick if play.card.suit == led)
            losing = [card for card in obs.legal if card.suit != led or card.rank < winning]
            if losing:
                return max(losing, key=high_key)
        return min(obs.legal, key=lambda card: (card.rank, card))

    def choose_pass(self, obs: Observation) -> list:
        count = obs.pass_plan.count
        if count > len(obs.legal):
            raise ValueError(f"asked to pass {count} of {len(obs.legal)} passable cards")
        ranked = sorted(obs.legal, key=lambda card: (card.rank, obs.points(card), card),
                        reverse=True)
        return ranked[:count]


if __name__ == "__main__":
    run(PyDuck())
