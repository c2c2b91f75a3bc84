// A GameRecord's bytes, written straight from its fields rather than through protobuf's generic
// serialisation.
//
// A records file holds one GameRecord per game, and a game has some 600 small sub-messages (a
// PlayRecord per card). Protobuf sizes each sub-message in one pass and writes it in another,
// through virtual calls, about 150,000 instructions a game; this encoder writes each field once,
// reserving a byte for a sub-message's length and moving the body only when the length needs more
// (docs/performance.md, "Records"). The bytes are exactly protobuf's (fields in number order,
// proto3 defaults left out, packed repeated scalars), so readers, verify and hashes of the file
// cannot tell which wrote them; tests compare the two on random records and real games, and check
// that every field of the .proto is one this encoder writes.
//
// Unknown fields are not written: only records the arena builds itself (which have none) come
// here; a record read back from a file is re-encoded with protobuf (RecordsWriter::encode).
//
// Thread safety: pure functions.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "records.pb.h"

namespace arena {

// Appends `record` to `out`, length-delimited as a records file holds it (a varint32 size, then
// the message): the same bytes as RecordsWriter::encode(record).
void encode_game_record(const hearts::proto::GameRecord& record, std::string* out);

// As encode_game_record, but written at `pos` of `buffer`, whose whole size is room (it grows when
// that is not enough, never shrinks); returns where the bytes end. What lies beyond is left as it
// was, so a writer can reuse one buffer from game to game without clearing or refilling it.
size_t encode_game_record_at(const hearts::proto::GameRecord& record, size_t pos,
                             std::string* buffer);

// The field numbers this encoder writes for a message of records.proto (its full name, such as
// "hearts.proto.PlayRecord"), in the order written; empty for a message it does not encode.
std::span<const int> encoded_field_numbers(std::string_view message_full_name);

}  // namespace arena
