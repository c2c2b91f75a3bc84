#include "players/observation_proto.h"

#include <algorithm>

#include "common/rules_spec.h"
#include "hearts/rule_options.h"
#include "players/observation_check.h"

namespace arena {
namespace {

namespace pb = hearts::proto;

void add_cards(hearts::CardSet cards, google::protobuf::RepeatedField<int32_t>* out) {
  out->Reserve(cards.size());
  for (hearts::Card card : cards) out->Add(card.id());
}

// A checked list of card ids as a set.
hearts::CardSet card_set(const google::protobuf::RepeatedField<int32_t>& ids) {
  hearts::CardSet cards;
  for (int32_t id : ids) cards.insert(hearts::Card::from_id(id));
  return cards;
}

pb::DecisionPhase phase_to_proto(hearts::Phase phase) {
  switch (phase) {
    case hearts::Phase::kPass:
      return pb::PHASE_PASS;
    case hearts::Phase::kPlay:
      return pb::PHASE_PLAY;
    case hearts::Phase::kMoonChoice:
      return pb::PHASE_MOON_CHOICE;
    case hearts::Phase::kDealerChoice:
      return pb::PHASE_DEALER_CHOICE;
    case hearts::Phase::kGameOver:
      return pb::PHASE_GAME_END;
    case hearts::Phase::kSlamBid:
      return pb::PHASE_SLAM_BID;
    default:
      return pb::PHASE_DEAL_END;
  }
}

hearts::Phase phase_from_proto(pb::DecisionPhase phase) {
  switch (phase) {
    case pb::PHASE_PASS:
      return hearts::Phase::kPass;
    case pb::PHASE_PLAY:
      return hearts::Phase::kPlay;
    case pb::PHASE_MOON_CHOICE:
      return hearts::Phase::kMoonChoice;
    case pb::PHASE_DEALER_CHOICE:
      return hearts::Phase::kDealerChoice;
    case pb::PHASE_GAME_END:
      return hearts::Phase::kGameOver;
    case pb::PHASE_SLAM_BID:
      return hearts::Phase::kSlamBid;
    default:
      return hearts::Phase::kDeal;
  }
}

// The ABI-4 fields. A request from an arena that predates them (no trick_start) plays tricks of
// one card per seat without a stock: derive them as that arena would have.
void read_trick_and_stock(const pb::Observation& in, int hand_size, OwnedObservation* out) {
  hearts::Observation& obs = out->obs;
  const int n = in.num_players();
  out->hand_counts = {};
  out->drawn_counts = {};
  obs.hand_counts = out->hand_counts.data();
  obs.drawn_counts = out->drawn_counts.data();
  if (in.has_trick_start()) {
    obs.trick_start = in.trick_start();
    obs.trick_length = in.trick_length();
    obs.lead_suit = in.lead_suit();
    for (int s = 0; s < in.hand_counts_size() && s < n; ++s) {
      out->hand_counts[s] = in.hand_counts(s);
    }
    for (int s = 0; s < in.drawn_counts_size() && s < n; ++s) {
      out->drawn_counts[s] = in.drawn_counts(s);
    }
    obs.stock_size = in.stock_size();
    obs.drawn = card_set(in.drawn());
    return;
  }
  obs.trick_start = obs.tricks_completed * n;
  obs.trick_length = n;
  obs.lead_suit = obs.num_plays > obs.trick_start
                      ? static_cast<int>(out->plays[obs.trick_start].card.suit())
                      : -1;
  for (int s = 0; s < n; ++s) out->hand_counts[s] = hand_size;
  for (int k = 0; k < obs.num_plays; ++k) --out->hand_counts[out->plays[k].seat];
}

}  // namespace

pb::PassPlan to_proto(const hearts::PassPlan& plan) {
  pb::PassPlan out;
  out.set_kind(static_cast<pb::PassKind>(plan.kind));
  out.set_offset(plan.offset);
  out.set_count(plan.count);
  return out;
}

hearts::PassPlan from_proto(const pb::PassPlan& plan) {
  hearts::PassPlan out;
  const int kind = plan.kind();
  out.kind = kind >= 0 && kind <= 4 ? static_cast<hearts::PassKind>(kind) : hearts::PassKind::kHold;
  out.offset = static_cast<uint8_t>(std::clamp(plan.offset(), 0, 255));
  out.count = static_cast<uint8_t>(std::clamp(plan.count(), 0, 255));
  return out;
}

pb::RulesSpec compact_rules_spec(const hearts::Rules& rules) {
  // The preset needing the fewest overrides; the first of equals (presets() starts with standard).
  const auto& options = hearts::rule_options();
  std::vector<std::string> values;
  values.reserve(options.size());
  for (const hearts::RuleOption& option : options) values.push_back(option.get(rules));
  const hearts::Preset* best = nullptr;
  size_t best_diffs = options.size() + 1;
  for (const hearts::Preset& preset : hearts::presets()) {
    size_t diffs = 0;
    for (size_t k = 0; k < options.size() && diffs < best_diffs; ++k) {
      diffs += options[k].get(preset.rules) != values[k];
    }
    if (diffs < best_diffs) {
      best = &preset;
      best_diffs = diffs;
    }
  }
  pb::RulesSpec spec;
  spec.set_preset(std::string(best->name));
  for (size_t k = 0; k < options.size(); ++k) {
    if (options[k].get(best->rules) != values[k]) {
      (*spec.mutable_options())[std::string(options[k].name)] = values[k];
    }
  }
  return spec;
}

void to_proto(const hearts::Observation& obs, const pb::RulesSpec& rules_spec,
              pb::Observation* out) {
  const int n = obs.num_players;
  out->set_phase(phase_to_proto(obs.phase));
  add_cards(obs.legal, out->mutable_legal());
  *out->mutable_rules() = rules_spec;
  out->set_seat(obs.seat);
  out->set_num_players(n);
  out->set_dealer(obs.dealer);
  out->set_deal_index(obs.deal_index);
  out->set_game_index(obs.game_index);
  *out->mutable_pass_plan() = to_proto(obs.pass);
  add_cards(obs.hand, out->mutable_hand());
  add_cards(obs.dealt_hand, out->mutable_dealt_hand());
  for (int k = 0; k < obs.passed_count; ++k) out->add_passed(obs.passed[k].id());
  for (int k = 0; k < obs.received_count; ++k) {
    auto* received = out->add_received();
    received->set_card(obs.received[k].card.id());
    received->set_from_seat(obs.received[k].from_seat);
  }
  add_cards(obs.kitty, out->mutable_kitty());
  out->mutable_plays()->Reserve(obs.num_plays);
  for (const hearts::PlayRecord& play : obs.all_plays()) {
    auto* p = out->add_plays();
    p->set_seat(play.seat);
    p->set_card(play.card.id());
  }
  for (int k = 0; k < obs.tricks_completed; ++k) {
    const uint8_t winner = obs.trick_winners[k];
    out->add_trick_winners(winner == hearts::kVoidTrick ? -1 : winner);
  }
  out->set_trick_leader(obs.trick_leader);
  out->set_hearts_broken(obs.hearts_broken);
  for (int s = 0; s < n; ++s) {
    out->add_points_taken(obs.points_taken[s]);
    out->add_tricks_won(obs.tricks_won[s]);
    out->add_scores(obs.scores[s]);
    out->add_counters(obs.counters[s]);
  }
  if (obs.rules->rules.complex_scores) {
    for (int s = 0; s < n; ++s) out->add_scores_imag(obs.scores_imag[s]);
  }
  out->set_deals_completed(obs.deals_completed);
  out->set_time_left_us(obs.time_left_us);
  out->set_bank_left_us(obs.bank_left_us);
  out->set_random_seed(obs.random_seed);
  out->mutable_card_points()->Reserve(64);
  for (int id = 0; id < 64; ++id) out->add_card_points(obs.rules->card_points[id]);
  out->set_cards_per_hand(obs.rules->hand_size);
  out->set_pass_count(obs.rules->pass_count);
  out->set_moon_total(obs.rules->moon_total);
  add_cards(obs.rules->in_play, out->mutable_cards_in_play());
  add_cards(obs.rules->rules.forbidden_passes, out->mutable_forbidden_passes());
  out->set_partner(obs.partner);
  out->set_trick_start(obs.trick_start);
  out->set_trick_length(obs.trick_length);
  out->set_lead_suit(obs.lead_suit);
  for (int s = 0; s < n; ++s) {
    out->add_hand_counts(obs.hand_counts[s]);
    out->add_drawn_counts(obs.drawn_counts[s]);
  }
  out->set_stock_size(obs.stock_size);
  add_cards(obs.drawn, out->mutable_drawn());
  add_cards(obs.hand_twice, out->mutable_hand_twice());
  add_cards(obs.dealt_hand_twice, out->mutable_dealt_hand_twice());
  add_cards(obs.rules->in_play_twice, out->mutable_cards_in_play_twice());
  if (obs.rules->rules.partnership_slam_bid) {
    out->set_slam_bidder(obs.slam_bidder);
    out->set_slam_partner(obs.slam_partner);
  }
}

std::shared_ptr<const hearts::CompiledRules> RulesCache::get(const pb::RulesSpec& spec,
                                                             std::string* error) {
  std::string key = spec.SerializeAsString();
  {
    std::lock_guard lock(mutex_);
    if (auto it = by_bytes_.find(key); it != by_bytes_.end()) return it->second;
  }
  hearts::Rules rules;
  if (hearts::Status status = from_rules_spec(spec, &rules); !status.ok()) {
    *error = status.message();
    return nullptr;
  }
  std::lock_guard lock(mutex_);
  std::shared_ptr<const hearts::CompiledRules> compiled;
  for (const auto& known : compiled_) {
    if (known->rules == rules) compiled = known;
  }
  if (!compiled) {
    compiled = std::make_shared<const hearts::CompiledRules>(*hearts::compile(rules));
    if (compiled_.size() >= kMaxRules) {
      compiled_.clear();
      by_bytes_.clear();
    }
    compiled_.push_back(compiled);
  }
  if (by_bytes_.size() >= kMaxKeys) by_bytes_.clear();
  by_bytes_.emplace(std::move(key), compiled);
  return compiled;
}

bool from_proto(const pb::Observation& in, const hearts::CompiledRules* rules, hearts::Phase asked,
                OwnedObservation* out, std::string* error) {
  if (std::string problem = check_observation(in, *rules, asked); !problem.empty()) {
    *error = std::move(problem);
    return false;
  }
  // Checked: every count below is bounded by the rules and every card id is a card.
  hearts::Observation& obs = out->obs;
  obs = hearts::Observation{};
  out->point_at_own_arrays();
  const int n = in.num_players();
  const bool notification = asked == hearts::Phase::kDeal || asked == hearts::Phase::kGameOver;
  obs.phase = notification ? phase_from_proto(in.phase()) : asked;
  obs.rules = rules;
  obs.seat = in.seat();
  obs.num_players = n;
  obs.dealer = in.dealer();
  obs.deal_index = in.deal_index();
  obs.game_index = in.game_index();
  obs.pass = from_proto(in.pass_plan());
  obs.legal = card_set(in.legal());
  obs.hand = card_set(in.hand());
  obs.dealt_hand = card_set(in.dealt_hand());
  obs.kitty = card_set(in.kitty());
  for (int32_t id : in.passed()) out->passed[obs.passed_count++] = hearts::Card::from_id(id);
  for (const auto& r : in.received()) {
    out->received[obs.received_count++] = {hearts::Card::from_id(r.card()),
                                           static_cast<int8_t>(r.from_seat())};
  }
  for (const auto& p : in.plays()) {
    out->plays[obs.num_plays++] = {static_cast<uint8_t>(p.seat()), hearts::Card::from_id(p.card())};
  }
  for (int32_t w : in.trick_winners()) {
    out->trick_winners[obs.tricks_completed++] =
        w < 0 ? hearts::kVoidTrick : static_cast<uint8_t>(w);
  }
  obs.trick_leader = in.trick_leader();
  obs.hearts_broken = in.hearts_broken();
  out->points_taken = {};
  out->tricks_won = {};
  out->scores = {};
  out->counters = {};
  for (int s = 0; s < n; ++s) {
    out->points_taken[s] = in.points_taken(s);
    out->tricks_won[s] = in.tricks_won(s);
    out->scores[s] = in.scores(s);
    out->counters[s] = in.counters(s);
  }
  out->scores_imag = {};
  for (int s = 0; s < n && s < in.scores_imag_size(); ++s) out->scores_imag[s] = in.scores_imag(s);
  obs.deals_completed = in.deals_completed();
  obs.time_left_us = in.time_left_us();
  obs.bank_left_us = in.bank_left_us();
  obs.random_seed = in.random_seed();
  obs.partner = in.has_partner() ? in.partner() : hearts::partner_of(rules->rules, obs.seat);
  read_trick_and_stock(in, rules->hand_size, out);
  obs.hand_twice = card_set(in.hand_twice());
  obs.dealt_hand_twice = card_set(in.dealt_hand_twice());
  obs.slam_bidder = in.has_slam_bidder() ? in.slam_bidder() : -1;
  obs.slam_partner = in.has_slam_partner() ? in.slam_partner() : -1;
  return true;
}

void to_proto(const hearts::DealResult& result, int num_players, pb::DealResult* out) {
  out->set_deal_index(result.deal_index);
  for (int s = 0; s < num_players; ++s) {
    out->add_points_taken(result.points_taken[s]);
    out->add_deal_scores(result.deal_score[s]);
  }
  out->set_moon_shooter(result.moon_shooter);
  out->set_new_moon(result.new_moon);
  out->set_sun_shooter(result.sun_shooter);
  out->set_moon_team(result.moon_team);
  if (result.last_holder >= 0) {
    out->set_last_holder(result.last_holder);
    add_cards(result.left_over, out->mutable_left_over());
  }
  if (result.slam_bidder >= 0) {
    out->set_slam_bidder(result.slam_bidder);
    out->set_slam_partner(result.slam_partner);
    out->set_slam_made(result.slam_made);
  }
}

hearts::DealResult from_proto(const pb::DealResult& in) {
  hearts::DealResult out;
  out.deal_index = in.deal_index();
  for (int s = 0; s < in.points_taken_size() && s < hearts::kMaxPlayers; ++s) {
    out.points_taken[s] = in.points_taken(s);
  }
  for (int s = 0; s < in.deal_scores_size() && s < hearts::kMaxPlayers; ++s) {
    out.deal_score[s] = in.deal_scores(s);
  }
  out.moon_shooter = in.moon_shooter();
  out.new_moon = in.new_moon();
  out.sun_shooter = in.sun_shooter();
  out.moon_team = in.has_moon_team() ? in.moon_team() : -1;
  out.last_holder = in.has_last_holder() ? in.last_holder() : -1;
  for (int32_t id : in.left_over()) {
    if (id >= 0 && id < 64) out.left_over.insert(hearts::Card::from_id(id));
  }
  out.slam_bidder = in.has_slam_bidder() ? in.slam_bidder() : -1;
  out.slam_partner = in.has_slam_partner() ? in.slam_partner() : -1;
  out.slam_made = in.slam_made();
  return out;
}

}  // namespace arena
