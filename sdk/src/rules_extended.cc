// The stock (Domino Hearts), booster-nines and joker options: validation, the derived tables,
// and their names. docs/rules.md, section 9, gives the readings and sources.
#include <string>

#include "hearts/rules.h"
#include "rules_internal.h"

namespace hearts {
namespace {

Status option_error(std::string_view option, const std::string& why) {
  return Status::error("invalid rules: " + std::string(option) + ": " + why);
}

Status validate_stock(const Rules& r) {
  const int n = r.num_players;
  if (r.stock_hand_size < 0) return option_error("stock_hand_size", "must be 0 (off) or positive");
  if (r.stock_hand_size == 0) return Status();
  if (n * r.stock_hand_size > kDeckSize) {
    return option_error("stock_hand_size", std::to_string(n) + " hands of " +
                                               std::to_string(r.stock_hand_size) +
                                               " need more than the 52 cards");
  }
  if (r.pass_schedule != PassSchedule::kNone) {
    return option_error("stock_hand_size", "a stock game passes no cards (set pass_schedule=none)");
  }
  if (r.deck_adjust != DeckAdjust::kMorehead2001) {
    return option_error("deck_adjust",
                        "a stock game deals from all 52 cards and removes none (leave the "
                        "default)");
  }
  if (r.booster_nines) {
    return option_error("booster_nines",
                        "not with a stock: hands of different sizes would "
                        "leave the extra rounds undefined");
  }
  if (r.jokers != JokerKind::kNone) {
    return option_error("jokers", "not with a stock (no source plays them together)");
  }
  return Status();
}

Status validate_jokers(const Rules& r) {
  const bool valueless = r.jokers == JokerKind::kValueless;
  if (r.jokers == JokerKind::kZeroClubsDiamonds && r.joker_count != 2) {
    return option_error("joker_count", "the zero of clubs and of diamonds are always 2");
  }
  if (valueless && (r.joker_count < 1 || r.joker_count > 2)) {
    return option_error("joker_count", std::to_string(r.joker_count) + " is outside 1..2");
  }
  if (!valueless && (r.joker_play != JokerPlay::kAnyTime || r.joker_lead != JokerLead::kNever)) {
    return option_error(r.joker_play != JokerPlay::kAnyTime ? "joker_play" : "joker_lead",
                        "needs jokers=valueless");
  }
  if (r.jokers == JokerKind::kNone && r.joker_points != 0) {
    return option_error("joker_points", "needs jokers");
  }
  if (r.joker_scoring != JokerScoring::kAlways && r.joker_points == 0) {
    return option_error("joker_scoring", "needs joker_points");
  }
  if (r.joker_points < -100 || r.joker_points > 100) {
    return option_error("joker_points", "values must be in -100..100");
  }
  if (r.jokers == JokerKind::kNone) return Status();
  const int cards = kDeckSize + r.joker_count;
  if (r.deck_adjust != DeckAdjust::kKitty && cards % r.num_players > 4) {
    return option_error(
        "jokers", std::to_string(cards) + " cards leave " + std::to_string(cards % r.num_players) +
                      " over at " + std::to_string(r.num_players) +
                      " players; the removal orders name 4 (use deck_adjust=kitty)");
  }
  return Status();
}

// The jokers dealt under `r` (held ids).
CardSet jokers_of(const Rules& r) {
  if (r.jokers == JokerKind::kZeroClubsDiamonds) return CardSet{kZeroOfClubs, kZeroOfDiamonds};
  if (r.jokers != JokerKind::kValueless) return CardSet();
  return r.joker_count == 1 ? CardSet{kJoker1} : CardSet{kJoker1, kJoker2};
}

}  // namespace

// The rules of the other variants that change who plays or what may be played, which no source
// combines with a stock, nines or jokers (their play path is the plain one).
static Status validate_extended_combinations(const Rules& r) {
  const bool extended = r.stock_hand_size > 0 || r.booster_nines || r.jokers != JokerKind::kNone;
  if (!extended) return Status();
  const char* other = r.partnership != Partnership::kNone ? "partnership"
                      : r.play_anticlockwise              ? "play_anticlockwise"
                      : !r.likha_cards.empty()            ? "likha_cards"
                      : r.heart_lead_first_trick != HeartLeadFirstTrick::kAllowed
                          ? "heart_lead_first_trick"
                      : r.deck_adjust == DeckAdjust::kHeartsette ? "deck_adjust"
                      : r.complex_scores                         ? "complex_scores"
                                                                 : nullptr;
  if (other == nullptr) return Status();
  return option_error(other,
                      "not with a stock, booster nines or jokers (no source plays them "
                      "together)");
}

Status detail::validate_extended(const Rules& r) {
  if (Status status = validate_stock(r); !status.ok()) return status;
  if (Status status = validate_jokers(r); !status.ok()) return status;
  return validate_extended_combinations(r);
}

void detail::compile_extended(CompiledRules& c) {
  const Rules& r = c.rules;
  const int n = r.num_players;
  c.extended_play = true;
  const CardSet jokers = jokers_of(r);
  c.zero_cards = jokers & CardSet{kZeroOfClubs, kZeroOfDiamonds};
  c.free_jokers = jokers - c.zero_cards;
  if (r.stock_hand_size > 0) {
    c.in_play = CardSet::full_deck();
    c.hand_size = r.stock_hand_size;
    c.kitty_size = 0;
    c.stock_size = kDeckSize - n * r.stock_hand_size;
  } else {
    const int cards = kDeckSize + jokers.size();
    c.hand_size = cards / n;
    c.in_play = CardSet::full_deck() | jokers;
    if (const Card* order = removal_order_of(r.deck_adjust)) {
      for (int i = 0; i < cards % n; ++i) c.in_play.erase(order[i]);
      c.kitty_size = 0;
    } else {
      c.kitty_size = cards % n;
    }
  }
  // Every id a joker can be played as carries its value, so summing plays counts it.
  for (int id = 0; id < 64; ++id) {
    const Card card = Card::from_id(id);
    if (card.is_joker()) c.card_points[id] = jokers.contains(card.held()) ? r.joker_points : 0;
  }
  c.penalty_cards = CardSet();
  c.counters = CardSet();
  c.moon_total = 0;
  for (Card card : c.in_play) {
    const int value = c.card_points[card.id()];
    if (r.penalty_breaks_hearts && value > 0) c.breaks_hearts.insert(card);
    if (value == 0) continue;
    c.counters.insert(card);
    if (value > 0) {
      c.penalty_cards.insert(card);
      c.moon_total += value;
    }
  }
}

std::string_view name(JokerKind v) {
  switch (v) {
    case JokerKind::kNone:
      return "none";
    case JokerKind::kZeroClubsDiamonds:
      return "zero-clubs-diamonds";
    case JokerKind::kValueless:
      return "valueless";
  }
  return "?";
}

std::string_view name(JokerPlay v) {
  switch (v) {
    case JokerPlay::kAnyTime:
      return "any-time";
    case JokerPlay::kWhenVoid:
      return "when-void";
  }
  return "?";
}

std::string_view name(JokerLead v) {
  switch (v) {
    case JokerLead::kNever:
      return "never";
    case JokerLead::kNextCard:
      return "next-card";
    case JokerLead::kCalledSuit:
      return "called-suit";
  }
  return "?";
}

std::string_view name(JokerScoring v) {
  switch (v) {
    case JokerScoring::kAlways:
      return "always";
    case JokerScoring::kHeartsTrick:
      return "hearts-trick";
  }
  return "?";
}

}  // namespace hearts
