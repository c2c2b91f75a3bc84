// The Game's slam bid: Partnership Hearts' third version (docs/rules.md, section 8.4). After
// the passes each seat from eldest hand may bid to take every trick; the first bid ends the
// bidding, and the holder of the AH becomes the bidder's silent partner for the deal.
#include <string>

#include "hearts/game.h"

namespace hearts {
namespace {

constexpr Card kAceOfHearts{Suit::kHearts, Rank::kAce};

}  // namespace

void Game::begin_slam_bid() {
  phase_ = Phase::kSlamBid;
  to_act_ = eldest();
  slam_declined_ = 0;
}

Status Game::bid_slam(bool bid) {
  if (phase_ != Phase::kSlamBid) {
    return Status::error("bid_slam: the game is in phase " + std::string(name(phase_)));
  }
  if (bid) {
    slam_bidder_ = to_act_;
    end_slam_bid();
  } else if (++slam_declined_ == num_players()) {
    end_slam_bid();
  } else {
    to_act_ = next_seat(to_act_);
  }
  return Status();
}

void Game::end_slam_bid() {
  slam_bidding_over_ = true;
  slam_partner_ = -1;
  if (slam_bidder_ >= 0) {
    for (int s = 0; s < num_players(); ++s) {
      if (s != slam_bidder_ && hands_[s].contains(kAceOfHearts)) slam_partner_ = s;
    }
  }
  begin_play();
}

int Game::slam_partner_seen_by(int seat) const {
  if (slam_partner_ < 0) return -1;
  return seat == slam_partner_ || played_cards().contains(kAceOfHearts) ? slam_partner_ : -1;
}

void Game::judge_slam_bid() {
  DealResult& d = last_deal_;
  d.slam_bidder = slam_bidder_;
  d.slam_partner = slam_partner_;
  if (slam_bidder_ < 0) return;  // no bid: plain Omnibus, each seat alone
  int team_tricks = tricks_won_[slam_bidder_];
  if (slam_partner_ >= 0) team_tricks += tricks_won_[slam_partner_];
  d.slam_made = team_tricks == tricks_completed_;
  if (d.slam_made) {
    // The team took every trick, so every counter: the bidder scores the team's moon.
    if (!rules_.penalty_cards.empty()) d.moon_shooter = slam_bidder_;
  } else if (d.moon_shooter == slam_bidder_ || d.moon_shooter == slam_partner_) {
    d.moon_shooter = -1;  // the bid was for every trick: every counter alone is no moon
  }
}

void Game::pool_slam_points() {
  // A made slam is one shooter: the team's points sit with the bidder, so the moon rule scores
  // the team as it would score a single player; combine_slam_scores() then shares the result.
  const DealResult& d = last_deal_;
  if (d.slam_partner < 0) return;
  auto& score = last_deal_.deal_score;
  score[d.slam_bidder] += score[d.slam_partner];
  score[d.slam_partner] = 0;
}

void Game::combine_slam_scores() {
  // "they combine their scores": each of the two scores the sum of their deal scores.
  auto& score = last_deal_.deal_score;
  const DealResult& d = last_deal_;
  const int sum = score[d.slam_bidder] + score[d.slam_partner];
  score[d.slam_bidder] = sum;
  score[d.slam_partner] = sum;
}

}  // namespace hearts
