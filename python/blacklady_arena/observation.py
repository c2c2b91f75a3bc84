"""A typed view of the observation the arena sends with every decision (proto Observation).

Everything one seat may know at a decision, and nothing more: see proto/bot_service.proto for
each field's exact meaning. Card lists become Card and CardSet values; `raw` keeps the protobuf
message for any field added to the protocol after this kit.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

from .cards import Card, CardSet


class Phase(enum.IntEnum):
    """The decision asked for (proto DecisionPhase)."""
    UNSPECIFIED = 0
    PASS = 1
    PLAY = 2
    MOON_CHOICE = 3
    DEALER_CHOICE = 4
    DEAL_END = 5
    GAME_END = 6


class PassKind(enum.IntEnum):
    """Where passed cards go (proto PassKind)."""
    HOLD = 0
    OFFSET = 1   # to the seat `offset` places to the left
    SCATTER = 2  # card k to seat + 1 + k
    STAR = 3     # card k to seat + 2 + k (five players)
    SHUFFLE = 4  # to a central pile, shuffled and re-dealt


@dataclass(frozen=True)
class PassPlan:
    kind: PassKind = PassKind.HOLD
    offset: int = 0
    count: int = 0


@dataclass(frozen=True)
class Play:
    seat: int
    card: Card


@dataclass(frozen=True)
class ReceivedCard:
    card: Card
    from_seat: int  # -1: from the shuffle pile


@dataclass(frozen=True)
class Rules:
    """The preset closest to the rules in force, plus the options that differ from it."""
    preset: str
    options: Dict[str, str]


@dataclass(frozen=True)
class DealResult:
    """The end of a deal (proto DealResult), given to Bot.on_deal_end and on_game_end."""
    deal_index: int
    points_taken: List[int]
    deal_scores: List[int]
    moon_shooter: int  # -1: none
    new_moon: bool
    raw: Any = field(repr=False, compare=False, default=None)


@dataclass(frozen=True)
class Observation:
    """One seat's view at a decision. `legal` holds the cards that may be played (PLAY) or
    passed (PASS); the arena checks every reply against it."""

    phase: Phase
    legal: CardSet
    rules: Rules
    seat: int
    num_players: int
    dealer: int
    deal_index: int
    game_index: int
    pass_plan: PassPlan
    hand: CardSet
    dealt_hand: CardSet
    passed: List[Card]  # in order: card k went to the pass plan's k-th target
    received: List[ReceivedCard]
    kitty: CardSet
    plays: List[Play]  # every card played this deal, in order
    trick_winners: List[int]
    trick_leader: int
    hearts_broken: bool
    points_taken: List[int]  # this deal, per seat
    tricks_won: List[int]
    scores: List[int]  # game scores before this deal
    deals_completed: int
    time_left_us: int
    bank_left_us: int  # -1: no bank
    random_seed: int
    card_points: List[int]  # the value of each card id 0..63 under these rules
    cards_per_hand: int
    pass_count: int
    moon_total: int
    cards_in_play: CardSet
    trick_start: Optional[int]  # index in plays of the current trick's first card
    lead_suit: int  # -1 before one is set
    partner: Optional[int]  # -1: no partnership; None: an older arena did not say
    counters: List[int]
    forbidden_passes: CardSet
    scores_imag: List[int]  # Complex Hearts only
    # Tricks of any length, the stock and jokers (docs/rules.md section 9).
    trick_length: int
    hand_counts: List[int]
    drawn_counts: List[int]
    stock_size: int
    drawn: List[Card]
    # Two decks (Cancellation Hearts): the second copies; empty with one deck.
    hand_twice: CardSet
    dealt_hand_twice: CardSet
    cards_in_play_twice: CardSet
    game_id: str = ""
    raw: Any = field(repr=False, compare=False, default=None)

    @property
    def current_trick(self) -> List[Play]:
        """The plays of the trick in progress (empty when this seat leads)."""
        if self.trick_start is not None:
            return self.plays[self.trick_start:]
        in_trick = len(self.plays) % self.num_players  # an arena older than trick_start
        return self.plays[len(self.plays) - in_trick:] if in_trick else []

    def points(self, card: Card) -> int:
        """What the card is worth under the rules in force (0 for ids beyond card_points)."""
        return self.card_points[card] if card < len(self.card_points) else 0


def _cards(values) -> List[Card]:
    return [Card(value) for value in values]


def observation_from_proto(message: Any, game_id: str = "") -> Observation:
    """The typed view of a proto Observation (hearts.proto.Observation)."""
    m = message
    return Observation(
        phase=Phase(m.phase), legal=CardSet(m.legal),
        rules=Rules(m.rules.preset, dict(m.rules.options)), seat=m.seat,
        num_players=m.num_players, dealer=m.dealer, deal_index=m.deal_index,
        game_index=m.game_index,
        pass_plan=PassPlan(PassKind(m.pass_plan.kind), m.pass_plan.offset, m.pass_plan.count),
        hand=CardSet(m.hand), dealt_hand=CardSet(m.dealt_hand), passed=_cards(m.passed),
        received=[ReceivedCard(Card(r.card), r.from_seat) for r in m.received],
        kitty=CardSet(m.kitty), plays=[Play(p.seat, Card(p.card)) for p in m.plays],
        trick_winners=list(m.trick_winners), trick_leader=m.trick_leader,
        hearts_broken=m.hearts_broken, points_taken=list(m.points_taken),
        tricks_won=list(m.tricks_won), scores=list(m.scores),
        deals_completed=m.deals_completed, time_left_us=m.time_left_us,
        bank_left_us=m.bank_left_us, random_seed=m.random_seed,
        card_points=list(m.card_points), cards_per_hand=m.cards_per_hand,
        pass_count=m.pass_count, moon_total=m.moon_total, cards_in_play=CardSet(m.cards_in_play),
        trick_start=m.trick_start if m.HasField("trick_start") else None,
        lead_suit=m.lead_suit, partner=m.partner if m.HasField("partner") else None,
        counters=list(m.counters), forbidden_passes=CardSet(m.forbidden_passes),
        scores_imag=list(m.scores_imag), trick_length=m.trick_length,
        hand_counts=list(m.hand_counts), drawn_counts=list(m.drawn_counts),
        stock_size=m.stock_size, drawn=_cards(m.drawn), hand_twice=CardSet(m.hand_twice),
        dealt_hand_twice=CardSet(m.dealt_hand_twice),
        cards_in_play_twice=CardSet(m.cards_in_play_twice), game_id=game_id, raw=m)


def deal_result_from_proto(message: Any) -> DealResult:
    m = message
    return DealResult(m.deal_index, list(m.points_taken), list(m.deal_scores), m.moon_shooter,
                      m.new_moon, raw=m)
