#include "records/records_io.h"

#include <algorithm>
#include <cstdint>

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl.h>

#include "common/console.h"
#include "common/read_file.h"
#include "players/bot_time_limit.h"
#include "records/game_record_encoder.h"

namespace arena {

void add_bot(const BotIdentity& id, hearts::proto::RecordsHeader* header) {
  auto* bot = header->add_bots();
  bot->set_name(id.name);
  bot->set_version(id.version);
  bot->set_author(id.author);
  bot->set_spec(id.spec);
  bot->set_file_sha256(id.file_sha256);
  bot->set_transport(id.transport);
  bot->set_runs_as(id.runs_as);
  if (id.move_time_limit_us > 0) {
    bot->set_move_time_limit_us(id.move_time_limit_us);
    bot->set_game_time_bank_us(scaled_bank_us(header->game_time_bank_us(),
                                              header->move_time_limit_us(), id.move_time_limit_us));
  }
}

std::unique_ptr<RecordsWriter> RecordsWriter::create(const std::string& path,
                                                     const hearts::proto::RecordsHeader& header,
                                                     std::string* error) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) {
    *error = "records file " + path + ": cannot be created";
    return nullptr;
  }
  std::unique_ptr<RecordsWriter> writer(new RecordsWriter(path, std::move(out)));
  hearts::proto::RecordsHeader full = header;
  full.set_format(kRecordsFormat);
  full.set_format_version(kRecordsFormatVersion);
  if (!writer->write_message(full, error)) return nullptr;
  return writer;
}

std::unique_ptr<RecordsWriter> RecordsWriter::open_append(const std::string& path,
                                                          std::string* error) {
  std::ofstream out(path, std::ios::binary | std::ios::app);
  if (!out) {
    *error = "records file " + path + ": cannot be opened for appending";
    return nullptr;
  }
  return std::unique_ptr<RecordsWriter>(new RecordsWriter(path, std::move(out)));
}

bool RecordsWriter::append(const hearts::proto::GameRecord& game, std::string* error) {
  const size_t size = encode_game_record_at(game, 0, &buffer_);
  return append_encoded(std::string_view(buffer_.data(), size), error);
}

std::string RecordsWriter::encode_game(const hearts::proto::GameRecord& game) {
  // Encoded in this thread's buffer, kept from game to game, then copied out at its exact size:
  // a fresh string would be grown (and zero-filled) several times a game.
  thread_local std::string buffer;
  const size_t size = encode_game_record_at(game, 0, &buffer);
  return buffer.substr(0, size);
}

std::string RecordsWriter::encode(const google::protobuf::Message& message) {
  std::string bytes;
  google::protobuf::io::StringOutputStream stream(&bytes);
  google::protobuf::io::CodedOutputStream coded(&stream);
  coded.WriteVarint32(static_cast<uint32_t>(message.ByteSizeLong()));
  message.SerializeWithCachedSizes(&coded);
  coded.Trim();
  return bytes;
}

bool RecordsWriter::write_message(const google::protobuf::Message& message, std::string* error) {
  return append_encoded(encode(message), error);
}

bool RecordsWriter::append_encoded(std::string_view bytes, std::string* error) {
  // One write per message, then a flush: a kill can tear only the message being written.
  out_.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  out_.flush();
  if (!out_) {
    *error = "records file " + path_ + ": write failed";
    return false;
  }
  return true;
}

namespace {

// The delimited messages of a records file read one at a time, remembering the sizes of the last
// torn record for the error message.
class MessageReader {
 public:
  explicit MessageReader(const std::string& bytes)
      : bytes_(bytes), stream_(bytes.data(), static_cast<int>(bytes.size())), coded_(&stream_) {
    coded_.SetTotalBytesLimit(static_cast<int>(std::min<size_t>(bytes.size() + 1, INT32_MAX)));
  }

  // Reads one delimited message; returns 1 on success, 0 at a clean end, -1 if torn or bad at
  // the end, -2 if bad with more bytes after it (damaged).
  int read_one(google::protobuf::Message* message, std::string* problem) {
    const int start = coded_.CurrentPosition();
    uint32_t size = 0;
    if (!coded_.ReadVarint32(&size)) {
      if (start == static_cast<int>(bytes_.size())) return 0;
      *problem = "a torn length prefix at byte " + std::to_string(start);
      return -1;
    }
    const int remaining = static_cast<int>(bytes_.size()) - coded_.CurrentPosition();
    if (static_cast<int64_t>(size) > remaining) {
      announced_ = size;
      present_ = remaining;
      *problem = "a torn record at byte " + std::to_string(start) + " (" + std::to_string(size) +
                 " bytes announced, " + std::to_string(remaining) + " present)";
      return -1;
    }
    const int body = coded_.CurrentPosition();
    const auto limit = coded_.PushLimit(static_cast<int>(size));
    const bool parsed = message->ParseFromCodedStream(&coded_) && coded_.ConsumedEntireMessage();
    coded_.PopLimit(limit);
    if (!parsed) {
      const int64_t after = static_cast<int64_t>(bytes_.size()) - body - size;
      *problem = "an unreadable record at byte " + std::to_string(start);
      if (after > 0) {
        *problem += " (" + std::to_string(after) +
                    " more bytes follow it: the file is damaged, not cut short)";
        return -2;
      }
      return -1;
    }
    return 1;
  }

  int64_t announced() const { return announced_; }  // of the last torn record
  int64_t present() const { return present_; }

 private:
  const std::string& bytes_;
  google::protobuf::io::ArrayInputStream stream_;
  google::protobuf::io::CodedInputStream coded_;
  int64_t announced_ = 0, present_ = 0;
};

// Reads the header into `header`; false with `error` set unless it is one this arena reads.
bool read_header(MessageReader& reader, const std::string& path, const std::string& bytes,
                 hearts::proto::RecordsHeader* header, std::string* error) {
  std::string problem;
  const int header_read = reader.read_one(header, &problem);
  if (header_read < 0 && bytes.find(kRecordsFormat) != std::string::npos) {
    // Ours, cut inside the header: the run was stopped before its first game was written.
    *error = "records file " + path + ": its header is cut short (" +
             std::to_string(reader.present()) + " of " + std::to_string(reader.announced()) +
             " bytes): it holds no games; delete it and run again";
    return false;
  }
  if (header_read != 1 || header->format() != kRecordsFormat) {
    *error = "records file " + path + ": not a Black Lady Arena records file" +
             (problem.empty() ? "" : " (" + problem + ")");
    return false;
  }
  if (header->format_version() > kRecordsFormatVersion) {
    *error = "records file " + path + ": format version " +
             std::to_string(header->format_version()) + " is newer than this arena reads (" +
             std::to_string(kRecordsFormatVersion) + ")";
    return false;
  }
  return true;
}

// Reads the games up to the end of the file or the first torn or bad record (noted in out->torn).
void read_games(MessageReader& reader, const std::string& path, RecordsFile* out) {
  std::string problem;
  while (true) {
    hearts::proto::GameRecord game;
    const int result = reader.read_one(&game, &problem);
    if (result == 0) break;
    if (result < 0) {
      out->damaged = result == -2;
      out->torn =
          "records file " + path + ": " + problem + " after " +
          count_of(static_cast<long long>(out->games.size()), "complete game") + "; " +
          (out->damaged ? "only the games before it can be read" : "the complete games are kept");
      break;
    }
    out->games.push_back(std::move(game));
  }
}

}  // namespace

bool read_records(const std::string& path, RecordsFile* out, std::string* error) {
  std::string bytes, why;
  if (!read_whole_file(path, &bytes, &why)) {
    *error = "records file " + path + ": cannot be read (" + why + ")";
    return false;
  }
  MessageReader reader(bytes);
  *out = RecordsFile{};
  if (bytes.empty()) {
    *error = "records file " + path + ": empty (not even a header: was the run killed at once?)";
    return false;
  }
  if (!read_header(reader, path, bytes, &out->header, error)) return false;
  read_games(reader, path, out);
  return true;
}

bool for_each_record(const std::string& path,
                     const std::function<bool(const hearts::proto::RecordsHeader&)>& on_header,
                     const std::function<bool(hearts::proto::GameRecord&)>& on_game,
                     std::string* torn, std::string* error) {
  std::string bytes, why;
  if (!read_whole_file(path, &bytes, &why)) {
    *error = "records file " + path + ": cannot be read (" + why + ")";
    return false;
  }
  if (bytes.empty()) {
    *error = "records file " + path + ": empty (not even a header: was the run killed at once?)";
    return false;
  }
  MessageReader reader(bytes);
  hearts::proto::RecordsHeader header;
  if (!read_header(reader, path, bytes, &header, error)) return false;
  torn->clear();
  if (!on_header(header)) return true;
  std::string problem;
  hearts::proto::GameRecord game;
  for (long long games = 0;; ++games) {
    const int result = reader.read_one(&game, &problem);
    if (result == 0) break;
    if (result < 0) {
      *torn =
          "records file " + path + ": " + problem + " after " + count_of(games, "complete game") +
          "; " +
          (result == -2 ? "only the games before it can be read" : "the complete games are kept");
      break;
    }
    if (!on_game(game)) break;
  }
  return true;
}

}  // namespace arena
