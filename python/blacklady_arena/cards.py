"""Cards and sets of cards, with the arena's ids: id = suit * 16 + rank.

Suits clubs, diamonds, hearts, spades are 0..3; ranks 2..A are 0..12 (2C = 0, QS = 58, AH = 44),
as in proto/bot_service.proto and the C++ SDK (hearts/card.h). Ids 13..15 of a suit are jokers
under the jokers rules; they print as "J<id>".
"""

from __future__ import annotations

from typing import Iterable, Iterator, Union

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
SUIT_LETTERS = "CDHS"
RANK_TEXT = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")

CardLike = Union["Card", int, str]


class Card(int):
    """One card: an int (its id) with a suit, a rank and a name. Immutable; compares and sorts
    by id, so by suit and then rank, and goes on the wire as is.

    Card(58), Card("QS"), Card("10H") and Card("TH") all work.
    """

    __slots__ = ()

    def __new__(cls, card: CardLike) -> "Card":
        if isinstance(card, Card):
            return card
        if isinstance(card, str):
            return super().__new__(cls, _parse(card))
        if not 0 <= int(card) < 64:
            raise ValueError(f"card id {card} is out of range (0..63)")
        return super().__new__(cls, card)

    @property
    def suit(self) -> int:
        """0 clubs, 1 diamonds, 2 hearts, 3 spades."""
        return int(self) >> 4

    @property
    def rank(self) -> int:
        """0 for the deuce up to 12 for the ace."""
        return int(self) & 15

    @property
    def is_joker(self) -> bool:
        return self.rank >= 13

    def __str__(self) -> str:
        if self.is_joker:
            return f"J{int(self)}"
        return RANK_TEXT[self.rank] + SUIT_LETTERS[self.suit]

    def __repr__(self) -> str:
        return f"Card('{self}')"


def _parse(text: str) -> int:
    name = text.strip().upper()
    if len(name) < 2 or name[-1] not in SUIT_LETTERS:
        raise ValueError(f"bad card '{text}': expected a rank and a suit letter, like QS or 10H")
    rank_text = "10" if name[:-1] == "T" else name[:-1]
    if rank_text not in RANK_TEXT:
        raise ValueError(f"bad card '{text}': unknown rank '{name[:-1]}'")
    return SUIT_LETTERS.index(name[-1]) * 16 + RANK_TEXT.index(rank_text)


class CardSet:
    """An immutable set of cards as one 64-bit mask (bit id), like the SDK's hearts::CardSet.

    Iterates in ascending id order; supports len, `in`, ==, |, & and -. Build it from cards,
    ids or names: CardSet(["QS", 44]), CardSet.parse("2C 10C QS").
    """

    __slots__ = ("_bits",)

    def __init__(self, cards: Iterable[CardLike] = ()) -> None:
        bits = 0
        for card in cards:
            bits |= 1 << Card(card)
        self._bits = bits

    @classmethod
    def from_bits(cls, bits: int) -> "CardSet":
        result = cls()
        result._bits = bits & ((1 << 64) - 1)
        return result

    @classmethod
    def parse(cls, text: str) -> "CardSet":
        """Cards separated by spaces or commas, e.g. "2C 10C QS"."""
        return cls(name for name in text.replace(",", " ").split())

    @property
    def bits(self) -> int:
        return self._bits

    def __iter__(self) -> Iterator[Card]:
        bits = self._bits
        while bits:
            low = bits & -bits
            yield Card(low.bit_length() - 1)
            bits ^= low

    def __len__(self) -> int:
        return bin(self._bits).count("1")

    def __bool__(self) -> bool:
        return self._bits != 0

    def __contains__(self, card: object) -> bool:
        try:
            return bool(self._bits >> Card(card) & 1)  # type: ignore[arg-type]
        except (TypeError, ValueError):
            return False

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and other._bits == self._bits

    def __hash__(self) -> int:
        return hash(self._bits)

    def __or__(self, other: "CardSet") -> "CardSet":
        return CardSet.from_bits(self._bits | other._bits)

    def __and__(self, other: "CardSet") -> "CardSet":
        return CardSet.from_bits(self._bits & other._bits)

    def __sub__(self, other: "CardSet") -> "CardSet":
        return CardSet.from_bits(self._bits & ~other._bits)

    def of_suit(self, suit: int) -> "CardSet":
        """The cards of one suit (0..3) in this set."""
        return CardSet.from_bits(self._bits & (0xFFFF << (16 * suit)))

    def lowest(self) -> Card:
        """The card with the lowest id (by rank within one suit). ValueError if empty."""
        if not self._bits:
            raise ValueError("lowest() of an empty CardSet")
        return Card((self._bits & -self._bits).bit_length() - 1)

    def highest(self) -> Card:
        """The card with the highest id. ValueError if empty."""
        if not self._bits:
            raise ValueError("highest() of an empty CardSet")
        return Card(self._bits.bit_length() - 1)

    def __str__(self) -> str:
        return " ".join(str(card) for card in self) or "-"

    def __repr__(self) -> str:
        return f"CardSet.parse('{self}')"
