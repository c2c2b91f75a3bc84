// The ismcts bot's search tree: one tree of information sets shared by every sampled world.
//
// A node is the sequence of cards played since the root decision (ours and the others'), so
// every world that reaches it shows this seat the same history: its own hand and legal cards
// there are the same in all of them, and its statistics are what this seat can know there (no
// strategy fusion for its own later decisions). Each node keeps the visits and the summed reward
// of the seat searching (the bot's own seat); the others' nodes are reached through their
// modelled play, not chosen by statistics.
//
// Memory: a pool of nodes reserved once (capacity fixed at construction); reset() keeps the
// storage, so a search allocates nothing per node visit. When the pool is full the tree stops
// growing and the search goes on with rollouts from the deepest node reached.
//
// Header-only so the plugin and its test compile the same code (namespace hearts_ismcts).
// Thread safety: a plain value; one search uses it at a time.
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

#include "hearts/card_set.h"

namespace hearts_ismcts {

using hearts::Card;
using hearts::CardSet;

struct Node {
  int32_t first_child = -1;
  int32_t next_sibling = -1;
  uint32_t visits = 0;
  float reward_sum = 0;  // of the searching seat, higher is better
  Card card;             // the card played into this node (none for the root)
  uint8_t mover = 0;     // the (rebuilt deal's) seat that played it
  CardSet children;      // the cards of the children, for a quick "is it expanded"
};

class Tree {
 public:
  // Reserves `capacity` nodes (at least 1: the root).
  explicit Tree(int capacity) : capacity_(capacity < 1 ? 1 : capacity) {
    nodes_.reserve(static_cast<size_t>(capacity_));
    reset();
  }

  // Drops every node but a fresh root (index 0); the storage is kept.
  void reset() {
    nodes_.clear();
    nodes_.push_back(Node{});
  }

  int size() const { return static_cast<int>(nodes_.size()); }
  bool full() const { return size() >= capacity_; }
  Node& at(int index) { return nodes_[static_cast<size_t>(index)]; }
  const Node& at(int index) const { return nodes_[static_cast<size_t>(index)]; }

  // The child of `parent` reached by `card`, or -1.
  int child(int parent, Card card) const {
    if (!at(parent).children.contains(card)) return -1;
    for (int c = at(parent).first_child; c >= 0; c = at(c).next_sibling) {
      if (at(c).card == card) return c;
    }
    return -1;
  }

  // Adds the child of `parent` reached by `card` played by `mover`; -1 if the pool is full.
  // Precondition: no such child yet.
  int add_child(int parent, Card card, int mover) {
    if (full()) return -1;
    Node node;
    node.card = card;
    node.mover = static_cast<uint8_t>(mover);
    node.next_sibling = at(parent).first_child;
    nodes_.push_back(node);
    const int index = size() - 1;
    at(parent).first_child = index;
    at(parent).children.insert(card);
    return index;
  }

  // The child to descend to at one of our own nodes: UCB1 on the mean reward, plus a
  // progressive bias toward the heuristic's card that fades with the child's visits (so the
  // heuristic's advice counts most while the statistics are thin). `exploration` scales the
  // UCB term; rewards are in about [-1, 1].
  int select_ucb(int parent, Card heuristic_card, double exploration, double bias) const {
    const double log_n = std::log(static_cast<double>(at(parent).visits) + 1.0);
    int best = -1;
    double best_value = -1e300;
    for (int c = at(parent).first_child; c >= 0; c = at(c).next_sibling) {
      const Node& node = at(c);
      const double n = node.visits;
      double value = n > 0 ? node.reward_sum / n + exploration * std::sqrt(log_n / n) : 1e9;
      if (node.card == heuristic_card) value += bias / (n + 1.0);
      if (value > best_value) {
        best_value = value;
        best = c;
      }
    }
    return best;
  }

  // How many children a node of ours may have after `visits` visits (progressive widening):
  // the heuristic's card first, then one more every `widen` visits, so a few visits are not
  // spent trying every legal card once.
  static int allowed_children(uint32_t visits, int widen) {
    return 1 + static_cast<int>(visits / static_cast<uint32_t>(widen < 1 ? 1 : widen));
  }

 private:
  int capacity_;
  std::vector<Node> nodes_;
};

}  // namespace hearts_ismcts
