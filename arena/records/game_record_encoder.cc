#include "records/game_record_encoder.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>

namespace arena {
namespace {

using google::protobuf::RepeatedField;
using google::protobuf::RepeatedPtrField;
namespace pb = hearts::proto;

constexpr int kVarintWire = 0;
constexpr int kLengthWire = 2;
// The most bytes a tag and a varint take together (a field number under 2^11, a 64-bit value).
constexpr size_t kMaxScalarBytes = 2 + 10;

int varint_size(uint64_t value) {
  int bytes = 1;
  while (value >= 0x80) {
    value >>= 7;
    ++bytes;
  }
  return bytes;
}

// An int32 is written as its 64-bit sign extension (ten bytes when negative), as protobuf does.
uint64_t wire_value(int32_t value) {
  return static_cast<uint64_t>(static_cast<int64_t>(value));
}
uint64_t wire_value(uint32_t value) {
  return value;
}
uint64_t wire_value(int64_t value) {
  return static_cast<uint64_t>(value);
}
uint64_t wire_value(uint64_t value) {
  return value;
}
uint64_t wire_value(bool value) {
  return value ? 1 : 0;
}

// Writes fields into a std::string used as a byte buffer: the string's size is the room, `p_` the
// end of what is written, so each field checks its room once rather than each byte, and a field's
// tag (its number is a template argument) is a constant.
class WireWriter {
 public:
  // Writes from `pos` on, using the whole string as room.
  WireWriter(std::string* out, size_t pos) : out_(*out) { reset(pos); }

  // proto3 scalars without presence: left out when zero.
  template <int Field, typename T>
  void scalar(T value) {
    if (value == 0) return;
    room(kMaxScalarBytes);
    put_tag<Field, kVarintWire>();
    put_varint(wire_value(value));
  }
  // `optional` scalars: written whenever present, zero included.
  template <int Field>
  void present(bool has, int32_t value) {
    if (!has) return;
    room(kMaxScalarBytes);
    put_tag<Field, kVarintWire>();
    put_varint(wire_value(value));
  }
  template <int Field>
  void text(const std::string& value) {
    if (value.empty()) return;
    room(kMaxScalarBytes + value.size());
    put_tag<Field, kLengthWire>();
    put_varint(value.size());
    std::memcpy(p_, value.data(), value.size());
    p_ += value.size();
  }
  // Packed repeated scalars (proto3's default): one length-delimited run, left out when empty.
  template <int Field, typename T>
  void packed(const RepeatedField<T>& values) {
    if (values.empty()) return;
    room(kMaxScalarBytes + 10 * static_cast<size_t>(values.size()));
    const size_t body = open<Field>();
    for (T value : values) put_varint(wire_value(value));
    close(body);
  }
  // A sub-message: open() before its fields, close() with open()'s result after them.
  template <int Field>
  size_t open() {
    room(kMaxScalarBytes);
    put_tag<Field, kLengthWire>();
    return reserve_length();
  }
  void close(size_t body) {
    const auto length = static_cast<size_t>(p_ - base_) - body;
    if (length < 0x80) [[likely]] {  // the reserved byte holds it
      base_[body - 1] = static_cast<unsigned char>(length);
      return;
    }
    close_long(body, length);
  }
  // The record's own length prefix (no tag), for a length-delimited top-level message.
  size_t open_top() {
    room(kMaxScalarBytes);
    return reserve_length();
  }
  size_t end() const { return static_cast<size_t>(p_ - base_); }

 private:
  [[gnu::always_inline]] void room(size_t bytes) {
    if (static_cast<size_t>(end_ - p_) < bytes) [[unlikely]]
      grow(bytes);
  }
  [[gnu::noinline]] void grow(size_t bytes) {
    const auto pos = static_cast<size_t>(p_ - base_);
    // The string's capacity first: a writer reused from game to game keeps its buffer.
    out_.resize(std::max({out_.capacity(), out_.size() * 2, pos + bytes + 4096}));
    reset(pos);
  }
  void reset(size_t pos) {
    base_ = reinterpret_cast<unsigned char*>(out_.data());
    p_ = base_ + pos;
    end_ = base_ + out_.size();
  }
  // A length over 127 bytes needs more than the reserved byte: the body moves up to make room.
  [[gnu::noinline]] void close_long(size_t body, size_t length) {
    const auto extra = static_cast<size_t>(varint_size(length) - 1);
    room(extra);
    std::memmove(base_ + body + extra, base_ + body, length);
    p_ = base_ + body - 1;
    put_varint(length);
    p_ += length;
  }
  size_t reserve_length() {
    ++p_;
    return static_cast<size_t>(p_ - base_);
  }
  template <int Field, int Wire>
  void put_tag() {
    constexpr uint32_t kTag = static_cast<uint32_t>(Field) << 3 | Wire;
    static_assert(kTag < 0x4000, "tags of one or two bytes");
    if constexpr (kTag < 0x80) {
      *p_++ = static_cast<unsigned char>(kTag);
    } else {
      p_[0] = static_cast<unsigned char>(kTag | 0x80);
      p_[1] = static_cast<unsigned char>(kTag >> 7);
      p_ += 2;
    }
  }
  void put_varint(uint64_t value) {
    while (value >= 0x80) {
      *p_++ = static_cast<unsigned char>(value | 0x80);
      value >>= 7;
    }
    *p_++ = static_cast<unsigned char>(value);
  }

  std::string& out_;
  unsigned char* base_ = nullptr;
  unsigned char* p_ = nullptr;
  unsigned char* end_ = nullptr;
};

// Each message's fields in number order, as protobuf writes them. The field lists below say the
// same, for the test that checks them against records.proto.

void write_pass_plan(WireWriter& w, const pb::PassPlanRecord& plan) {
  w.scalar<1>(static_cast<int32_t>(plan.kind()));
  w.scalar<2>(plan.offset());
  w.scalar<3>(plan.count());
}

void write_pass(WireWriter& w, const pb::PassRecord& pass) {
  w.scalar<1>(pass.seat());
  w.packed<2>(pass.cards());
  w.scalar<3>(pass.think_us());
}

void write_play(WireWriter& w, const pb::PlayRecord& play) {
  w.scalar<1>(play.seat());
  w.scalar<2>(play.card());
  w.scalar<3>(play.think_us());
  w.packed<4>(play.drawn());
}

void write_slam_bid(WireWriter& w, const pb::SlamBidRecord& bid) {
  w.scalar<1>(bid.seat());
  w.scalar<2>(bid.bid());
  w.scalar<3>(bid.think_us());
}

void write_violation(WireWriter& w, const pb::Violation& violation) {
  w.scalar<1>(static_cast<int32_t>(violation.kind()));
  w.scalar<2>(violation.seat());
  w.text<3>(violation.bot());
  w.scalar<4>(violation.game());
  w.scalar<5>(violation.deal());
  w.scalar<6>(violation.trick());
  w.text<7>(violation.detail());
  w.text<8>(violation.grpc_status());
}

template <int Field, typename Message, typename WriteOne>
void write_each(WireWriter& w, const RepeatedPtrField<Message>& messages, WriteOne write_one) {
  for (const Message& message : messages) {
    const size_t body = w.template open<Field>();
    write_one(w, message);
    w.close(body);
  }
}

// Fields 1-17 of a DealRecord: the deal, its passes and plays, and its scoring.
void write_deal_play(WireWriter& w, const pb::DealRecord& deal) {
  w.scalar<1>(deal.deal_index());
  w.scalar<2>(deal.dealer());
  w.packed<3>(deal.hands());
  w.scalar<4>(deal.kitty());
  if (deal.has_pass_plan()) {
    const size_t body = w.open<5>();
    write_pass_plan(w, deal.pass_plan());
    w.close(body);
  }
  write_each<6>(w, deal.passes(), write_pass);
  write_each<8>(w, deal.plays(), write_play);
  w.packed<9>(deal.trick_winners());
  w.packed<10>(deal.points_taken());
  w.packed<11>(deal.deal_scores());
  w.scalar<12>(deal.moon_shooter());
  w.scalar<13>(deal.new_moon());
  w.scalar<14>(deal.sun_shooter());
  w.packed<15>(deal.scores_after());
  w.packed<16>(deal.counters_after());
  w.scalar<17>(deal.moon_choice_made());
}

// Fields 18-29: the rule options' extras (complex scores, partnerships, the stock, two decks,
// the slam bid).
void write_deal_extras(WireWriter& w, const pb::DealRecord& deal) {
  w.packed<18>(deal.deal_scores_imag());
  w.packed<19>(deal.scores_after_imag());
  w.present<20>(deal.has_moon_team(), deal.moon_team());
  w.packed<21>(deal.stock());
  w.packed<22>(deal.trick_sizes());
  w.present<23>(deal.has_last_holder(), deal.last_holder());
  w.scalar<24>(deal.left_over());
  w.packed<25>(deal.hands_twice());
  write_each<26>(w, deal.slam_bids(), write_slam_bid);
  w.present<27>(deal.has_slam_bidder(), deal.slam_bidder());
  w.present<28>(deal.has_slam_partner(), deal.slam_partner());
  w.scalar<29>(deal.slam_made());
}

void write_deal(WireWriter& w, const pb::DealRecord& deal) {
  write_deal_play(w, deal);
  write_deal_extras(w, deal);
}

void write_game(WireWriter& w, const pb::GameRecord& game) {
  w.scalar<1>(game.game_index());
  w.scalar<2>(game.seed());
  w.packed<3>(game.seat_bots());
  write_each<4>(w, game.deals(), write_deal);
  write_each<5>(w, game.violations(), write_violation);
  w.packed<6>(game.final_scores());
  w.packed<7>(game.final_counters());
  w.packed<8>(game.ranks());
  w.packed<9>(game.forfeited());
  w.scalar<10>(game.think_us_total());
  w.scalar<11>(game.group_key());
  w.scalar<12>(game.table());
  w.scalar<13>(game.rotation());
  w.packed<14>(game.fallback_decisions());
  w.packed<15>(game.final_scores_imag());
  w.packed<16>(game.seat_teams());
  w.packed<17>(game.team_scores());
  w.packed<18>(game.table_teams());
  w.packed<19>(game.host_pause_us());
  w.packed<20>(game.late_answers());
}

constexpr std::array kGameFields = {1,  2,  3,  4,  5,  6,  7,  8,  9,  10,
                                    11, 12, 13, 14, 15, 16, 17, 18, 19, 20};
constexpr std::array kDealFields = {1,  2,  3,  4,  5,  6,  8,  9,  10, 11, 12, 13, 14, 15,
                                    16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29};
constexpr std::array kPassPlanFields = {1, 2, 3};
constexpr std::array kPassFields = {1, 2, 3};
constexpr std::array kPlayFields = {1, 2, 3, 4};
constexpr std::array kSlamBidFields = {1, 2, 3};
constexpr std::array kViolationFields = {1, 2, 3, 4, 5, 6, 7, 8};

}  // namespace

size_t encode_game_record_at(const hearts::proto::GameRecord& record, size_t pos,
                             std::string* buffer) {
  WireWriter w(buffer, pos);
  const size_t body = w.open_top();
  write_game(w, record);
  w.close(body);
  return w.end();
}

void encode_game_record(const hearts::proto::GameRecord& record, std::string* out) {
  out->resize(encode_game_record_at(record, out->size(), out));
}

std::span<const int> encoded_field_numbers(std::string_view message_full_name) {
  if (message_full_name == pb::GameRecord::descriptor()->full_name()) return kGameFields;
  if (message_full_name == pb::DealRecord::descriptor()->full_name()) return kDealFields;
  if (message_full_name == pb::PassPlanRecord::descriptor()->full_name()) return kPassPlanFields;
  if (message_full_name == pb::PassRecord::descriptor()->full_name()) return kPassFields;
  if (message_full_name == pb::PlayRecord::descriptor()->full_name()) return kPlayFields;
  if (message_full_name == pb::SlamBidRecord::descriptor()->full_name()) return kSlamBidFields;
  if (message_full_name == pb::Violation::descriptor()->full_name()) return kViolationFields;
  return {};
}

}  // namespace arena
