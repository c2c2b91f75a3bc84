"""The Python bot kit's own pieces: cards and card sets against the arena's ids, an observation
built from a real protobuf message, and the server's replies to a bot (called in process through
the servicer, with a stand-in for the gRPC context that records an abort).

Run by CTest (python_kit_unit) with PYTHONPATH=build/python and Debian's /usr/bin/python3.
"""

import unittest

from blacklady_arena import Bot, Card, CardSet, Observation, PassKind, Phase, SPADES
from blacklady_arena._runtime import pb
from blacklady_arena.observation import observation_from_proto
from blacklady_arena.server import _Servicer


class CardTest(unittest.TestCase):
    def test_ids_match_the_protocol(self):
        # proto/bot_service.proto: 2C = 0, QS = 58, AH = 44; id = suit * 16 + rank.
        self.assertEqual(Card("2C"), 0)
        self.assertEqual(Card("QS"), 58)
        self.assertEqual(Card("AH"), 44)
        self.assertEqual(Card("10H"), Card("TH"))
        self.assertEqual((Card("QS").suit, Card("QS").rank), (SPADES, 10))
        self.assertEqual(str(Card(26)), "QD")
        self.assertEqual(str(Card(8)), "10C")

    def test_bad_cards_are_refused_with_their_text(self):
        with self.assertRaisesRegex(ValueError, "bad card 'ZZ'"):
            Card("ZZ")
        with self.assertRaisesRegex(ValueError, "out of range"):
            Card(64)


class CardSetTest(unittest.TestCase):
    def test_iterates_in_ascending_id_order_like_the_sdk(self):
        cards = CardSet.parse("QS 2C AH 10C")
        self.assertEqual([int(c) for c in cards], [0, 8, 44, 58])
        self.assertEqual(str(cards), "2C 10C AH QS")
        self.assertEqual(len(cards), 4)
        self.assertEqual(cards.lowest(), Card("2C"))
        self.assertEqual(cards.highest(), Card("QS"))

    def test_membership_and_set_operations(self):
        a = CardSet.parse("2C 10C QS")
        b = CardSet(["QS", 44])
        self.assertIn(Card("QS"), a)
        self.assertIn(58, a)
        self.assertNotIn("AH", a)
        self.assertEqual(a | b, CardSet.parse("2C 10C AH QS"))
        self.assertEqual(a & b, CardSet.parse("QS"))
        self.assertEqual(a - b, CardSet.parse("2C 10C"))
        self.assertEqual(a.of_suit(0), CardSet.parse("2C 10C"))
        self.assertFalse(CardSet())
        with self.assertRaises(ValueError):
            CardSet().lowest()


def play_request():
    """A request to play with the 3D led and the 7D beating it, as the arena sends one."""
    obs = pb.Observation(phase=pb.PHASE_PLAY, seat=2, num_players=4, legal=[18, 24, 28],
                         hand=[18, 24, 28, 58], trick_start=0, lead_suit=1,
                         card_points=[0] * 64)
    obs.plays.add(seat=0, card=17)  # 3D
    obs.plays.add(seat=1, card=21)  # 7D
    obs.card_points[58] = 13
    obs.pass_plan.kind = pb.PASS_OFFSET
    obs.pass_plan.count = 3
    return pb.DecisionRequest(game_id="g1", seat=2, observation=obs)


class ObservationTest(unittest.TestCase):
    def test_typed_view_of_a_protobuf_observation(self):
        obs = observation_from_proto(play_request().observation, "g1")
        self.assertIsInstance(obs, Observation)
        self.assertEqual(obs.phase, Phase.PLAY)
        self.assertEqual(obs.legal, CardSet.parse("4D 10D AD"))
        self.assertIn(Card("QS"), obs.hand)
        self.assertEqual([str(p.card) for p in obs.current_trick], ["3D", "7D"])
        self.assertEqual(obs.points(Card("QS")), 13)
        self.assertEqual(obs.pass_plan.kind, PassKind.OFFSET)
        self.assertIsNone(obs.partner)  # unset in the message: an older arena
        self.assertEqual(obs.game_id, "g1")

    def test_current_trick_without_trick_start_counts_one_card_a_seat(self):
        request = play_request()
        request.observation.ClearField("trick_start")
        obs = observation_from_proto(request.observation)
        self.assertEqual(len(obs.current_trick), 2)


class Aborted(Exception):
    pass


class Context:
    """The part of grpc.ServicerContext the servicer uses: abort raises, as gRPC's does."""

    def abort(self, code, details):
        self.code, self.details = code, details
        raise Aborted(details)


class Lowest(Bot):
    name = "lowest-py"

    def choose_play(self, obs):
        return obs.legal.lowest()

    def choose_pass(self, obs):
        cards = list(obs.legal)  # ascending
        return cards[len(cards) - obs.pass_plan.count:]


class ServicerTest(unittest.TestCase):
    def test_replies_carry_the_bots_cards_as_ids(self):
        servicer = _Servicer(Lowest())
        self.assertEqual(servicer.GetInfo(pb.InfoRequest(), Context()).name, "lowest-py")
        self.assertEqual(servicer.ChoosePlay(play_request(), Context()).card, 18)
        self.assertEqual(list(servicer.ChoosePass(play_request(), Context()).cards), [18, 24, 28])
        plan = servicer.ChoosePassPlan(play_request(), Context()).plan
        self.assertEqual((plan.kind, plan.offset), (pb.PASS_OFFSET, 1))

    def test_info_skips_exactly_the_notifications_the_bot_does_not_handle(self):
        class HearsGameEnds(Lowest):
            def on_game_end(self, obs, result):
                pass

        info = _Servicer(Lowest()).GetInfo(pb.InfoRequest(), Context())
        self.assertEqual((info.skips_deal_end, info.skips_game_end), (True, True))
        info = _Servicer(HearsGameEnds()).GetInfo(pb.InfoRequest(), Context())
        self.assertEqual((info.skips_deal_end, info.skips_game_end), (True, False))

    def test_a_bot_that_raises_gets_an_internal_error_naming_the_method(self):
        class Broken(Lowest):
            def choose_play(self, obs):
                raise KeyError("oops")

        context = Context()
        with self.assertRaises(Aborted):
            with _quiet_stderr():
                _Servicer(Broken()).ChoosePlay(play_request(), context)
        self.assertIn("Broken.choose_play raised KeyError", context.details)

    def test_a_bot_without_choose_pass_says_so(self):
        class PlayOnly(Bot):
            def choose_play(self, obs):
                return obs.legal.lowest()

        context = Context()
        with self.assertRaises(Aborted), _quiet_stderr():
            _Servicer(PlayOnly()).ChoosePass(play_request(), context)
        self.assertIn("PlayOnly does not implement choose_pass", context.details)


def _quiet_stderr():
    import contextlib
    import io
    return contextlib.redirect_stderr(io.StringIO())


if __name__ == "__main__":
    unittest.main()
