// Games read one at a time, in order: the statistics' input when the games are kept in a compact
// form (a tournament keeps tens of bytes per game, arena/tournament/game_table.h) rather than as a
// GameResult each. Every function of this folder that takes std::span<const GameResult> also
// takes a GameSource and gives bit-identical results for the same games.
//
// Contract: for_each calls `visit` once per game, in order, with a GameResult that lives during
// that call only (an implementation may reuse one object); size() is the number of games.
// Thread safety: for_each is const; implementations here allow any number of concurrent readers
// while no one modifies the games.
#pragma once

#include <cstddef>
#include <functional>
#include <span>

#include "rating/types.h"

namespace arena::rating {

class GameSource {
 public:
  virtual ~GameSource() = default;
  virtual size_t size() const = 0;
  virtual void for_each(const std::function<void(const GameResult&)>& visit) const = 0;
};

// Games already held as GameResults: a view of the caller's span (not owned; it must outlive
// the view).
class SpanGames final : public GameSource {
 public:
  explicit SpanGames(std::span<const GameResult> games) : games_(games) {}
  size_t size() const override { return games_.size(); }
  void for_each(const std::function<void(const GameResult&)>& visit) const override {
    for (const GameResult& game : games_) visit(game);
  }

 private:
  std::span<const GameResult> games_;
};

}  // namespace arena::rating
