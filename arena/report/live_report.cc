#include "report/live_report.h"

#include <google/protobuf/io/coded_stream.h>

#include "records/records_io.h"

namespace arena {

namespace pb = hearts::proto;

void LiveReport::start(const pb::RecordsHeader& header) {
  index_ = std::make_unique<ReportIndex>(header);
  if (!header_rules(header, &rules_, &error_) || !site_.write_assets(&error_)) return;
  last_write_ = std::chrono::steady_clock::now();
  ResultsOptions quick;
  quick.bootstrap_samples = 0;
  Json results;
  std::string ignored;  // fewer than two bots or no game yet: an empty leaderboard
  if (!index_->results(quick, &results, &ignored)) results = Json::object();
  (void)site_.write_index(*index_, results, true, &error_);
}

void LiveReport::started(const pb::RecordsHeader& header, const std::string& records_path) {
  start(header);
  if (!error_.empty()) return;
  // A resumed run's games, one at a time (the file may hold many).
  std::string torn;
  (void)for_each_record(
      records_path, [](const pb::RecordsHeader&) { return true; },
      [this](pb::GameRecord& game) {
        add_game(game);
        return error_.empty();
      },
      &torn, &error_);
}

void LiveReport::game_written(const std::string& encoded) {
  // The bytes are length-delimited: a varint size, then the message.
  google::protobuf::io::CodedInputStream in(reinterpret_cast<const uint8_t*>(encoded.data()),
                                            static_cast<int>(encoded.size()));
  uint32_t size = 0;
  pb::GameRecord game;
  if (!in.ReadVarint32(&size) ||
      !game.ParseFromArray(encoded.data() + in.CurrentPosition(), static_cast<int>(size))) {
    if (error_.empty()) error_ = "report: a game written to the records does not parse";
    return;
  }
  add_game(game);
}

void LiveReport::add_game(const pb::GameRecord& game) {
  if (!error_.empty() || !index_) return;
  if (!index_->add(game, &error_) || !site_.write_game(game, rules_, &error_)) return;
  write_index_if_due();
}

void LiveReport::write_index_if_due() {
  const auto now = std::chrono::steady_clock::now();
  if (now - last_write_ < interval_) return;
  last_write_ = now;
  ResultsOptions quick;
  quick.bootstrap_samples = 0;  // point estimates: the bootstrap waits for the end
  Json results;
  if (!index_->results(quick, &results, &error_)) return;
  (void)site_.write_index(*index_, results, true, &error_);
}

bool LiveReport::finish(const ReportOptions& options, std::string* error) {
  if (!index_ && error_.empty()) error_ = "report: the run ended before its records were open";
  if (error_.empty()) {
    Json results;
    if (report_results(*index_, options, &results, &error_)) {
      (void)site_.write_index(*index_, results, false, &error_);
    }
  }
  *error = error_;
  return error_.empty();
}

}  // namespace arena
