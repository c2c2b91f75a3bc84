"""serve(bot, address): the gRPC server the arena dials (bot spec grpc://HOST:PORT)."""

from __future__ import annotations

import argparse
import signal
import sys
import threading
import traceback
from concurrent import futures
from typing import Callable, List, Optional

from ._runtime import grpc, pb, pb_grpc
from .bot import Bot
from .cards import Card
from .observation import deal_result_from_proto, observation_from_proto

PROTOCOL_VERSION = 1


class _Servicer(pb_grpc.BotServicer):
    """The Bot service of proto/bot_service.proto, answered by a Bot."""

    def __init__(self, bot: Bot) -> None:
        self._bot = bot

    def _decide(self, context, what: str, decide: Callable[[], object]):
        # A bot that raises gets an INTERNAL error back (the arena records a violation) and its
        # traceback on stderr, where its author looks.
        try:
            return decide()
        except Exception as error:  # noqa: BLE001 - any bug in the bot's code
            traceback.print_exc(file=sys.stderr)
            context.abort(grpc.StatusCode.INTERNAL,
                          f"{type(self._bot).__name__}.{what} raised {type(error).__name__}: "
                          f"{error}")

    def GetInfo(self, request, context):
        # A bot that keeps Bot's do-nothing handler is not sent that notification at all.
        kind = type(self._bot)
        return pb.BotInfoReply(name=self._bot.name, version=self._bot.version,
                               author=self._bot.author, protocol_version=PROTOCOL_VERSION,
                               skips_deal_end=kind.on_deal_end is Bot.on_deal_end,
                               skips_game_end=kind.on_game_end is Bot.on_game_end)

    def ChoosePass(self, request, context):
        obs = observation_from_proto(request.observation, request.game_id)
        cards = self._decide(context, "choose_pass", lambda: self._bot.choose_pass(obs))
        return pb.PassReply(cards=[int(Card(card)) for card in cards])

    def ChoosePlay(self, request, context):
        obs = observation_from_proto(request.observation, request.game_id)
        card = self._decide(context, "choose_play", lambda: self._bot.choose_play(obs))
        return pb.PlayReply(card=int(Card(card)))

    def ChooseMoon(self, request, context):
        obs = observation_from_proto(request.observation, request.game_id)
        new_moon = self._decide(context, "choose_moon", lambda: self._bot.choose_moon(obs))
        return pb.MoonReply(new_moon=bool(new_moon))

    def ChoosePassPlan(self, request, context):
        obs = observation_from_proto(request.observation, request.game_id)
        plan = self._decide(context, "choose_pass_plan", lambda: self._bot.choose_pass_plan(obs))
        return pb.PassPlanReply(
            plan=pb.PassPlan(kind=int(plan.kind), offset=plan.offset, count=plan.count))

    def NotifyDealEnd(self, request, context):
        obs = observation_from_proto(request.observation, request.game_id)
        result = deal_result_from_proto(request.result)
        self._decide(context, "on_deal_end", lambda: self._bot.on_deal_end(obs, result))
        return pb.NotifyReply()

    def NotifyGameEnd(self, request, context):
        obs = observation_from_proto(request.observation, request.game_id)
        result = deal_result_from_proto(request.result)
        self._decide(context, "on_game_end", lambda: self._bot.on_game_end(obs, result))
        return pb.NotifyReply()


def serve(bot: Bot, address: str = "127.0.0.1:50051", threads: int = 8,
          stop: Optional[threading.Event] = None) -> None:
    """Serves `bot` on `address` until SIGINT or SIGTERM (or until `stop` is set).

    address: HOST:PORT, port 0 for any free port, or unix:PATH. Prints "listening on ADDRESS"
    (with the port chosen) once ready. A port already in use is an error (SystemExit), never
    shared. On stop, calls in flight get a second to finish. Signal handlers are installed only
    when called from the main thread.
    """
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=threads),
                         options=[("grpc.so_reuseport", 0)])
    pb_grpc.add_BotServicer_to_server(_Servicer(bot), server)
    try:
        port = server.add_insecure_port(address)
    except RuntimeError as error:
        raise SystemExit(f"blacklady_arena: cannot listen on {address}: {error}") from error
    if port == 0:
        raise SystemExit(f"blacklady_arena: cannot listen on {address}")
    stop = stop or threading.Event()
    if threading.current_thread() is threading.main_thread():
        for signum in (signal.SIGINT, signal.SIGTERM):
            signal.signal(signum, lambda *_: stop.set())
    server.start()
    if not address.startswith("unix:") and address.endswith(":0"):
        address = f"{address[:-2]}:{port}"
    print(f"listening on {address}", flush=True)
    while not stop.wait(0.5):
        pass
    server.stop(grace=1.0).wait()


def run(bot: Bot, argv: Optional[List[str]] = None) -> None:
    """serve(bot, ...) with the command line options --listen and --threads."""
    parser = argparse.ArgumentParser(description=f"{bot.name}: a remote Hearts bot (gRPC)")
    parser.add_argument("--listen", default="127.0.0.1:50051",
                        help="HOST:PORT (port 0: any free port) or unix:PATH "
                             "(default 127.0.0.1:50051)")
    parser.add_argument("--threads", type=int, default=8, help="worker threads (default 8)")
    args = parser.parse_args(argv)
    serve(bot, args.listen, args.threads)
