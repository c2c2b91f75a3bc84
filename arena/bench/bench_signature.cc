#include "bench/bench_signature.h"

#include <memory>

#include "common/sha256.h"
#include "hearts/rng.h"
#include "match/clock.h"
#include "match/referee.h"
#include "match/seating.h"
#include "players/bot_specs.h"

namespace arena {
namespace {

constexpr int kGamesPerPreset = 8;
constexpr uint64_t kSignatureSeed = 20261121;

// Appends integers to the hashed stream in a fixed little-endian width, so the hash does not
// depend on how the record happens to be encoded.
class HashStream {
 public:
  void add(int64_t value) {
    for (int b = 0; b < 8; ++b) bytes_.push_back(static_cast<char>((value >> (8 * b)) & 0xff));
  }
  const std::string& bytes() const { return bytes_; }

 private:
  std::string bytes_;
};

void hash_game(const hearts::proto::GameRecord& record, HashStream& stream, BenchSignature& out) {
  for (const auto& deal : record.deals()) {
    for (const auto& pass : deal.passes()) {
      stream.add(pass.seat());
      for (uint32_t card : pass.cards()) stream.add(card);
    }
    for (const auto& play : deal.plays()) {
      stream.add(play.seat());
      stream.add(play.card());
    }
    for (int32_t score : deal.deal_scores()) stream.add(score);
    for (int32_t score : deal.scores_after()) stream.add(score);
    for (int32_t counter : deal.counters_after()) stream.add(counter);
    out.plays += deal.plays_size();
  }
  for (int32_t score : record.final_scores()) stream.add(score);
  for (int32_t rank : record.ranks()) stream.add(rank);
  stream.add(record.violations_size());
  out.deals += record.deals_size();
  ++out.games;
}

}  // namespace

bool compute_bench_signature(const std::vector<std::string>& search_path, BenchSignature* out,
                             std::string* error) {
  std::vector<std::shared_ptr<PlayerSource>> sources;
  for (const std::string& spec : kSignatureBots) {
    auto source = resolve_bot_spec(spec, search_path, error);
    if (!source) return false;
    sources.push_back(std::move(source));
  }
  *out = BenchSignature{};
  HashStream stream;
  const ManualClock clock;  // never moves: no timeouts, whatever the machine
  hearts::proto::GameRecord record;
  uint32_t game_index = 0;
  for (const hearts::Preset& preset : hearts::presets()) {
    // heuristic, one of the signature's bots, plays one deck only; two-deck games are tested
    // in their own tests (tests/cli, tests/sdk/cancellation_test.cc).
    if (preset.rules.decks != 1) continue;
    const hearts::CompiledRules rules = *hearts::compile(preset.rules);
    const int n = preset.rules.num_players;
    Referee referee(rules, RefereeOptions{}, clock);
    for (int g = 0; g < kGamesPerPreset; ++g, ++game_index) {
      const uint64_t seed = hearts::derive_seed(kSignatureSeed, game_index);
      std::vector<PlayerSource*> seat_sources;
      for (int s = 0; s < n; ++s)
        seat_sources.push_back(sources[static_cast<size_t>(s + g) % sources.size()].get());
      SeatedPlayers players;
      if (!seat_players(seat_sources, rules, seed, &players, error)) return false;
      referee.play_game(seed, game_index, players.seats, &record);
      hash_game(record, stream, *out);
    }
  }
  out->hash = sha256_hex(stream.bytes()).substr(0, 16);
  return true;
}

}  // namespace arena
