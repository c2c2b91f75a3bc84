// Records files: a RecordsHeader, then one GameRecord per game, each length-delimited
// (proto/records.proto). The writer flushes after every game, so a killed run loses at most the
// game in progress; the reader keeps every complete game of a torn file and says what it cut.
//
// Thread safety: a RecordsWriter is used by one thread at a time (the tournament serialises
// appends); reading is a pure function of the file.
#pragma once

#include <fstream>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "players/player.h"
#include "records.pb.h"

namespace arena {

inline constexpr char kRecordsFormat[] = "black-lady-arena-records";
inline constexpr uint32_t kRecordsFormatVersion = 1;

// Appends a bot's identity to a header's bot list. A bot with its own time limit gets its bank
// scaled from the header's: set move_time_limit_us and game_time_bank_us first.
void add_bot(const BotIdentity& identity, hearts::proto::RecordsHeader* header);

class RecordsWriter {
 public:
  // Creates (truncates) `path` and writes the header. Null with *error naming the file on failure.
  static std::unique_ptr<RecordsWriter> create(const std::string& path,
                                               const hearts::proto::RecordsHeader& header,
                                               std::string* error);
  // Opens an existing records file (already checked with read_records) to append games.
  static std::unique_ptr<RecordsWriter> open_append(const std::string& path, std::string* error);
  // Appends one game the arena built and flushes it to the operating system. False with *error
  // on failure. Encoded by encode_game(), which writes no unknown fields.
  bool append(const hearts::proto::GameRecord& game, std::string* error);
  // A game as append() writes it, so callers can encode on other threads: protobuf's bytes,
  // written by the records encoder (game_record_encoder.h) for a record the arena built.
  static std::string encode_game(const hearts::proto::GameRecord& game);
  // Any message length-delimited through protobuf itself: the header, and games read back from a
  // file (which may carry fields this version does not know, kept as they were).
  static std::string encode(const google::protobuf::Message& message);
  // Appends bytes from encode() and flushes them. False with *error on failure.
  bool append_encoded(std::string_view bytes, std::string* error);
  const std::string& path() const { return path_; }

 private:
  RecordsWriter(std::string path, std::ofstream out)
      : path_(std::move(path)), out_(std::move(out)) {}
  bool write_message(const google::protobuf::Message& message, std::string* error);
  std::string path_;
  std::ofstream out_;
  std::string buffer_;  // append()'s encoding, reused from game to game (its size is room)
};

struct RecordsFile {
  hearts::proto::RecordsHeader header;
  std::vector<hearts::proto::GameRecord> games;
  // Empty for a clean file; otherwise one line saying what was cut off after the last complete
  // game (a killed run leaves a torn last record).
  std::string torn;
  // True if reading stopped at a record that is complete but cannot be parsed, with more bytes
  // after it: the file was damaged, not cut short, and games after that point are lost to it.
  bool damaged = false;
};

// Reads a whole records file. False with *error (naming the file) if it cannot be read at all:
// missing, not a records file, or a damaged header. A torn tail is not an error: see `torn`.
bool read_records(const std::string& path, RecordsFile* out, std::string* error);

// As read_records, one game at a time, for files too large to hold parsed (a report of 100,000
// games): `on_header` gets the header, then `on_game` each complete game in file order (it may
// move from it). Either returning false stops the reading, and the call still returns true: the
// callback keeps its own reason. *torn as RecordsFile::torn (a damaged file says so there too).
bool for_each_record(const std::string& path,
                     const std::function<bool(const hearts::proto::RecordsHeader&)>& on_header,
                     const std::function<bool(hearts::proto::GameRecord&)>& on_game,
                     std::string* torn, std::string* error);

}  // namespace arena
