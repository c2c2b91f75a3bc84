#!/usr/bin/env python3
"""pyduck: a remote Hearts bot for Black Lady Arena, written in Python with gRPC.

The bot is a gRPC server implementing the Bot service of proto/bot_service.proto; the arena dials
it (bot spec grpc://HOST:PORT) and makes one unary call per decision. Every request carries the
seat's full observation, so this bot keeps no state between calls.

Strategy (the same as examples/remote_bot_cpp):
  play: the highest legal card that does not win the current trick (a lower card of the suit
        led, or any card of another suit); when every legal card would win, or when leading, the
        lowest legal card. "Highest" and "lowest" are by rank (card % 16); between equal ranks
        the card worth more points counts as higher.
  pass: the highest-ranked legal cards, exactly observation.pass_plan.count of them.
  moon: old moon.  dealer's choice: pass to the left, the rules' pass count.
  notifications: ignored.

Run it with Debian's Python, which has python3-grpcio:
  ./generate_stubs.sh && /usr/bin/python3 bot.py --listen 127.0.0.1:50051
--listen also takes port 0 (prints the port chosen) and unix:PATH.
"""

import argparse
import os
import signal
import sys
import threading
from concurrent import futures

HERE = os.path.dirname(os.path.abspath(__file__))
# The generated stubs: gen/ next to this file, or the folder named by HEARTS_PY_STUBS.
sys.path.insert(0, os.environ.get("HEARTS_PY_STUBS") or os.path.join(HERE, "gen"))

try:
    import grpc
except ImportError:
    sys.exit("bot.py: cannot import grpc; use /usr/bin/python3 with python3-grpcio installed "
             "(scripts/setup installs it)")
try:
    import bot_service_pb2 as pb
    import bot_service_pb2_grpc as pb_grpc
except ImportError as error:
    sys.exit(f"bot.py: cannot import the generated stubs ({error}); run ./generate_stubs.sh first")

NAME = "pyduck"
VERSION = "1.0"
AUTHOR = "Black Lady Arena examples"


def suit(card):
    return card // 16


def rank(card):
    return card % 16


def points(obs, card):
    return obs.card_points[card] if card < len(obs.card_points) else 0


def current_trick(obs):
    """The plays of the trick in progress: from trick_start on (tricks vary in length under a
    stock or booster nines); an older arena without it plays one card per seat per trick."""
    if obs.HasField("trick_start"):
        return list(obs.plays)[obs.trick_start:]
    in_trick = len(obs.plays) % obs.num_players
    return list(obs.plays)[len(obs.plays) - in_trick:] if in_trick else []


def choose_play(obs):
    legal = list(obs.legal)
    high_key = lambda card: (rank(card), points(obs, card), card)
    trick = current_trick(obs)
    if trick:
        led = suit(trick[0].card)
        winning = max(rank(play.card) for play in trick if suit(play.card) == led)
        losing = [card for card in legal if suit(card) != led or rank(card) < winning]
        if losing:
            return max(losing, key=high_key)
    return min(legal, key=lambda card: (rank(card), card))


def plan(obs):
    """This deal's pass plan."""
    return obs.pass_plan


def choose_pass(obs):
    ranked = sorted(obs.legal, key=lambda card: (rank(card), points(obs, card), card), reverse=True)
    return ranked[:plan(obs).count]


def pass_count(obs):
    """The rules' pass count, resolved by the arena (0 in the options means automatic)."""
    return obs.pass_count


class PyDuck(pb_grpc.BotServicer):
    def GetInfo(self, request, context):
        return pb.BotInfoReply(name=NAME, version=VERSION, author=AUTHOR, protocol_version=1)

    def ChoosePass(self, request, context):
        obs = request.observation
        count = plan(obs).count
        if count > len(obs.legal):
            context.abort(grpc.StatusCode.INVALID_ARGUMENT,
                          f"asked to pass {count} of {len(obs.legal)} passable cards")
        return pb.PassReply(cards=choose_pass(obs))

    def ChoosePlay(self, request, context):
        obs = request.observation
        if obs.num_players <= 0 or not obs.legal:
            context.abort(grpc.StatusCode.INVALID_ARGUMENT, "no legal card or no players")
        return pb.PlayReply(card=choose_play(obs))

    def ChooseMoon(self, request, context):
        return pb.MoonReply(new_moon=False)

    def ChoosePassPlan(self, request, context):
        obs = request.observation
        return pb.PassPlanReply(
            plan=pb.PassPlan(kind=pb.PASS_OFFSET, offset=1, count=pass_count(obs)))

    def NotifyDealEnd(self, request, context):
        return pb.NotifyReply()

    def NotifyGameEnd(self, request, context):
        return pb.NotifyReply()


def main():
    parser = argparse.ArgumentParser(description="pyduck: a remote Hearts bot (gRPC server)")
    parser.add_argument("--listen", default="127.0.0.1:50051",
                        help="HOST:PORT (port 0: any free port) or unix:PATH "
                             "(default 127.0.0.1:50051)")
    parser.add_argument("--threads", type=int, default=8, help="worker threads (default 8)")
    args = parser.parse_args()

    # No SO_REUSEPORT: a second bot on a busy port must fail, not share the port.
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=args.threads),
                         options=[("grpc.so_reuseport", 0)])
    pb_grpc.add_BotServicer_to_server(PyDuck(), server)
    try:
        port = server.add_insecure_port(args.listen)
    except RuntimeError as error:
        sys.exit(f"bot.py: cannot listen on {args.listen}: {error}")
    if port == 0:
        sys.exit(f"bot.py: cannot listen on {args.listen}")

    stop = threading.Event()
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, lambda *_: stop.set())

    server.start()
    address = args.listen
    if not address.startswith("unix:") and address.endswith(":0"):
        address = f"{address[:-2]}:{port}"
    print(f"listening on {address}", flush=True)

    while not stop.wait(0.5):
        pass
    # Refuse new calls and give calls in flight a second to finish.
    server.stop(grace=1.0).wait()
    print("stopped", flush=True)


if __name__ == "__main__":
    main()
