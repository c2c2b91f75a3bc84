#include "records/recorded_deal.h"

#include <string>
#include <vector>

namespace arena {

hearts::Status deal_recorded_hands(hearts::Game& game, const hearts::proto::DealRecord& deal) {
  std::vector<hearts::CardSet> hands;
  for (uint64_t bits : deal.hands()) hands.emplace_back(bits);
  if (game.rules().rules.decks != 2) {
    // A stock game's record lists the stock in drawing order.
    std::vector<hearts::Card> stock;
    for (int id : deal.stock()) {
      if (id < 0 || id >= 64 || !hearts::Card::from_id(id).is_valid()) {
        return hearts::Status::error("stock: card id " + std::to_string(id) + " is not a card");
      }
      stock.push_back(hearts::Card::from_id(id));
    }
    return game.deal_hands(hands, hearts::CardSet(deal.kitty()), stock);
  }
  // A two-deck record lists one second-copy set per seat; a missing one reads as none, which the
  // engine then refuses as not the cards in play.
  std::vector<hearts::CardSet> twice(hands.size());
  for (int s = 0; s < deal.hands_twice_size() && s < static_cast<int>(twice.size()); ++s) {
    twice[s] = hearts::CardSet(deal.hands_twice(s));
  }
  return game.deal_hands_twice(hands, twice);
}

std::optional<hearts::PassPlan> plan_from_record(const hearts::proto::PassPlanRecord& record,
                                                 std::string* why) {
  using hearts::PassKind;
  using hearts::proto::PassPlanRecord;
  hearts::PassPlan plan;
  switch (record.kind()) {
    case PassPlanRecord::HOLD:
      plan.kind = PassKind::kHold;
      break;
    case PassPlanRecord::OFFSET:
      plan.kind = PassKind::kOffset;
      break;
    case PassPlanRecord::SCATTER:
      plan.kind = PassKind::kScatter;
      break;
    case PassPlanRecord::STAR:
      plan.kind = PassKind::kStar;
      break;
    case PassPlanRecord::SHUFFLE:
      plan.kind = PassKind::kShuffle;
      break;
    default:
      *why = "unknown kind " + std::to_string(record.kind());
      return std::nullopt;
  }
  if (record.offset() < 0 || record.offset() > 255 || record.count() < 0 || record.count() > 255) {
    *why = "offset " + std::to_string(record.offset()) + " or count " +
           std::to_string(record.count()) + " out of range";
    return std::nullopt;
  }
  plan.offset = static_cast<uint8_t>(record.offset());
  plan.count = static_cast<uint8_t>(record.count());
  return plan;
}

}  // namespace arena
