#include "bench/reference_deal.h"

#include <time.h>

#include <algorithm>
#include <bit>
#include <vector>

#include "hearts/card_set.h"
#include "hearts/game.h"

namespace arena {
namespace {

constexpr uint64_t kSuit = 0x1FFF;  // the 13 cards of a suit, at bits 16 * suit
constexpr uint64_t kHearts = kSuit << 32;
constexpr uint64_t kQueenOfSpades = uint64_t{1} << (48 + 10);
constexpr uint64_t kTwoOfClubs = 1;
constexpr uint64_t kPenalty = kHearts | kQueenOfSpades;

// The standard rules' legal cards for the seat holding `hand`.
uint64_t legal_cards(uint64_t hand, uint64_t led_suit_mask, bool first_trick, bool leading,
                     bool hearts_broken) {
  if (leading) {
    if (first_trick) return kTwoOfClubs;
    const uint64_t allowed = hearts_broken ? hand : hand & ~kHearts;
    return allowed ? allowed : hand;
  }
  const uint64_t follow = hand & led_suit_mask;
  if (follow) return follow;
  if (first_trick && (hand & ~kPenalty)) return hand & ~kPenalty;
  return hand;
}

}  // namespace

ReferenceDeal play_reference_deal(uint64_t seed, int deal_index, hearts::Rng& chooser) {
  // The deal, as Game::deal_from_seed: the 52 ids in ascending order, shuffled, dealt round the
  // table from the eldest seat.
  std::array<uint8_t, 52> deck;
  for (int suit = 0, k = 0; suit < 4; ++suit)
    for (int rank = 0; rank < 13; ++rank) deck[k++] = static_cast<uint8_t>(16 * suit + rank);
  hearts::Rng rng(hearts::derive_seed(seed, static_cast<uint64_t>(deal_index)));
  rng.shuffle(std::span<uint8_t>(deck));
  std::array<uint64_t, 4> hands{};
  for (int k = 0; k < 52; ++k) hands[(k + deal_index) & 3] |= uint64_t{1} << deck[k];

  ReferenceDeal out;
  int leader = 0;
  while (!(hands[leader] & kTwoOfClubs)) ++leader;
  bool hearts_broken = false;
  for (int trick = 0; trick < 13; ++trick) {
    uint64_t led_mask = 0, taken = 0;
    int best_id = -1, winner = leader;
    for (int k = 0; k < 4; ++k) {
      const int seat = (leader + k) & 3;
      const uint64_t legal = legal_cards(hands[seat], led_mask, trick == 0, k == 0, hearts_broken);
      const hearts::CardSet set(legal);
      const int id = set.nth(static_cast<int>(chooser.uniform(set.size()))).id();
      const uint64_t bit = uint64_t{1} << id;
      hands[seat] &= ~bit;
      taken |= bit;
      if (k == 0) led_mask = kSuit << (16 * (id >> 4));
      if (bit & led_mask && id > best_id) {
        best_id = id;
        winner = seat;
      }
      hearts_broken |= (bit & kHearts) != 0;
    }
    out.points[winner] += std::popcount(taken & kHearts) + ((taken & kQueenOfSpades) ? 13 : 0);
    leader = winner;
  }
  for (int s = 0; s < 4; ++s) {
    if (out.points[s] == 26) {
      for (int t = 0; t < 4; ++t) out.score[t] = t == s ? 0 : 26;
      return out;
    }
  }
  out.score = out.points;
  return out;
}

}  // namespace arena

namespace arena {

const hearts::CompiledRules& standard_held_rules() {
  static const hearts::CompiledRules rules = [] {
    hearts::Rules r = *hearts::preset_rules("standard");
    r.pass_schedule = hearts::PassSchedule::kNone;
    return *hearts::compile(r);
  }();
  return rules;
}

namespace {

// The deal's cards, each chosen as the reference chooses it; `after_card` runs after each play
// (a clock read, or nothing). The pass is held and the moon is not a choice: the deal is in play
// until its last card, so the loop per card is the reference's (a legal set, a random card).
template <typename AfterCard>
void play_cards(hearts::Game& game, hearts::Rng& chooser, AfterCard&& after_card) {
  while (game.phase() == hearts::Phase::kPlay) {
    const hearts::CardSet legal = game.legal_plays();
    game.play_checked(legal.nth(static_cast<int>(chooser.uniform(legal.size()))));
    after_card();
  }
}

}  // namespace

int play_engine_game(const hearts::CompiledRules& rules, uint64_t seed, hearts::Rng& chooser,
                     const std::function<void(int, const ReferenceDeal&)>& on_deal,
                     const Clock* clock, int64_t* clock_sum) {
  hearts::Game game(rules, seed);
  int deals = 0;
  while (!game.is_over()) {
    game.deal_from_seed();
    if (clock != nullptr) {
      int64_t sum = 0;
      play_cards(game, chooser, [&] { sum += clock->now_us(); });
      *clock_sum += sum;
    } else {
      play_cards(game, chooser, [] {});
    }
    ReferenceDeal out;
    const hearts::DealResult& result = game.last_deal();
    for (int s = 0; s < 4; ++s) {
      out.points[s] = result.points_taken[s];
      out.score[s] = result.deal_score[s];
    }
    on_deal(deals++, out);
  }
  return deals;
}

}  // namespace arena

namespace arena {
namespace {

double thread_cpu_seconds() {
  timespec now{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + 1e-9 * static_cast<double>(now.tv_nsec);
}

// Plays with `play` (a deal or a game at a time; it returns the deals played) for at least
// `seconds` of CPU; adds the deals and seconds to the totals and returns this run's deals per
// second. `seed` carries on from run to run.
template <typename Play>
double timed_run(const Play& play, double seconds, uint64_t* seed, long long* deals,
                 double* total_seconds) {
  hearts::Rng chooser(*seed);
  long long count = 0;
  const double start = thread_cpu_seconds();
  double elapsed = 0;
  do {
    for (int k = 0; k < 16; ++k) count += play(++*seed, chooser);
    elapsed = thread_cpu_seconds() - start;
  } while (elapsed < seconds);
  *deals += count;
  *total_seconds += elapsed;
  return static_cast<double>(count) / elapsed;
}

}  // namespace

EngineAloneBench bench_engine_alone(double seconds_per_run, int rounds) {
  const hearts::CompiledRules& rules = standard_held_rules();
  // Whole games of the engine; the reference plays as many deals per seed (ten, about a game's).
  int sink = 0;
  const auto engine = [&](uint64_t seed, hearts::Rng& chooser) {
    return play_engine_game(rules, seed, chooser,
                            [&sink](int, const ReferenceDeal& deal) { sink += deal.score[0]; });
  };
  const auto reference = [&](uint64_t seed, hearts::Rng& chooser) {
    for (int d = 0; d < 10; ++d) sink += play_reference_deal(seed, d, chooser).score[0];
    return 10;
  };
  const TscClock clock;
  int64_t clock_sum = 0;
  const auto timed = [&](uint64_t seed, hearts::Rng& chooser) {
    return play_engine_game(
        rules, seed, chooser, [&sink](int, const ReferenceDeal& deal) { sink += deal.score[0]; },
        &clock, &clock_sum);
  };
  EngineAloneBench out;
  std::vector<double> ratios;
  uint64_t engine_seed = 1, reference_seed = 1, timed_seed = 1;
  for (int r = 0; r < rounds; ++r) {
    double engine_rate = 0, reference_rate = 0;
    // The three runs of a round take turns at going first.
    for (int turn = 0; turn < 3; ++turn) {
      switch ((turn + r) % 3) {
        case 0:
          engine_rate = timed_run(engine, seconds_per_run, &engine_seed, &out.engine_deals,
                                  &out.engine_seconds);
          break;
        case 1:
          reference_rate = timed_run(reference, seconds_per_run, &reference_seed,
                                     &out.reference_deals, &out.reference_seconds);
          break;
        default:
          timed_run(timed, seconds_per_run, &timed_seed, &out.timed_deals, &out.timed_seconds);
          break;
      }
    }
    ratios.push_back(engine_rate / reference_rate);
  }
  volatile int keep = sink + static_cast<int>(clock_sum & 1);  // the deals' results are used
  (void)keep;
  std::sort(ratios.begin(), ratios.end());
  if (!ratios.empty()) {
    out.ratio_median = ratios[ratios.size() / 2];
    out.ratio_low = ratios.front();
    out.ratio_high = ratios.back();
  }
  return out;
}

}  // namespace arena
