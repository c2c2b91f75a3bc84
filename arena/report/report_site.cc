#include "report/report_site.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>

#include "common/console.h"
#include "common/read_file.h"
#include "common/rules_spec.h"
#include "records/records_io.h"
#include "report/game_view.h"
#include "report/report_assets.h"

namespace arena {
namespace {

namespace fs = std::filesystem;
namespace pb = hearts::proto;

// Writes a temporary file beside `path` and renames it over `path` (see the header: no fsync).
bool replace_file(const fs::path& path, const std::string& content, std::string* error) {
  const fs::path temp = path.string() + ".tmp-" + std::to_string(::getpid());
  {
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    out.write(content.data(), static_cast<std::streamsize>(content.size()));
    if (!out.flush()) {
      *error = path.string() + ": cannot write it";
      fs::remove(temp);
      return false;
    }
  }
  std::error_code ec;
  fs::rename(temp, path, ec);
  if (ec) {
    *error = path.string() + ": cannot replace it: " + ec.message();
    fs::remove(temp);
    return false;
  }
  return true;
}

bool make_folder(const fs::path& dir, std::string* error) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) {
    *error = "report folder " + dir.string() + ": cannot create it: " + ec.message();
    return false;
  }
  return true;
}

// Reads every file game by game (never all of them parsed at once): writes each game's script
// and keeps its row in *rows, sorted by game number at the end (shards interleave). *header is
// the first file's.
bool read_and_write_games(const std::vector<std::string>& files, const ReportSite& site,
                          pb::RecordsHeader* header, std::vector<ReportRow>* rows,
                          std::string* error) {
  std::set<long long> seen;
  hearts::CompiledRules rules;
  std::string failure;
  for (size_t i = 0; i < files.size() && failure.empty(); ++i) {
    const auto on_header = [&](const pb::RecordsHeader& read) {
      if (i == 0) {
        *header = read;
        return header_rules(*header, &rules, &failure);
      }
      if (headers_compatible(*header, read, &failure)) return true;
      failure = files[0] + " and " + files[i] + " cannot be reported together: " + failure;
      return false;
    };
    const auto on_game = [&](pb::GameRecord& game) {
      ReportRow row = ReportIndex::row_of(game);
      if (!seen.insert(row.number).second) {
        failure = files[i] + ": game " + std::to_string(row.number) + " appears twice in the files";
        return false;
      }
      rows->push_back(std::move(row));
      return site.write_game(game, rules, &failure);
    };
    std::string torn;
    if (!for_each_record(files[i], on_header, on_game, &torn, error)) return false;
    if (!torn.empty()) std::fprintf(stderr, "arena: warning: %s\n", torn.c_str());
  }
  if (!failure.empty()) {
    *error = failure;
    return false;
  }
  std::sort(rows->begin(), rows->end(),
            [](const ReportRow& a, const ReportRow& b) { return a.number < b.number; });
  return true;
}

}  // namespace

std::string report_script(const std::string& loader, const Json& data) {
  // "</" inside a string would end an inline script; escaping it keeps the text safe anywhere.
  std::string text = dump_json(data, -1);
  for (size_t at = text.find("</"); at != std::string::npos; at = text.find("</", at + 2)) {
    text.replace(at, 2, "<\\/");
  }
  return "BLA." + loader + "(" + text + ");\n";
}

std::string report_game_path(long long number) {
  char name[32];
  std::snprintf(name, sizeof name, "games/%06lld.js", number);
  return name;
}

bool ReportSite::write_assets(std::string* error) const {
  if (!make_folder(fs::path(dir_) / "games", error) ||
      !make_folder(fs::path(dir_) / "data", error)) {
    return false;
  }
  for (const ReportAsset& asset : report_assets()) {
    if (!replace_file(fs::path(dir_) / asset.name, std::string(asset.content), error)) {
      return false;
    }
  }
  return true;
}

bool ReportSite::write_game(const pb::GameRecord& game, const hearts::CompiledRules& rules,
                            std::string* error) const {
  const long long number = report_game_number(game.game_index());
  const std::string script =
      "BLA.game(" + std::to_string(number) + ", " + game_view_text(game, rules) + ");\n";
  return replace_file(fs::path(dir_) / report_game_path(number), script, error);
}

bool ReportSite::write_index(const ReportIndex& index, const Json& results, bool live,
                             std::string* error) const {
  // The list first: a page that sees a new index then finds every game it lists.
  return replace_file(fs::path(dir_) / "data" / "games.js",
                      report_script("games", index.games_json()), error) &&
         replace_file(fs::path(dir_) / "data" / "index.js",
                      report_script("index", index.index_json(results, live)), error);
}

bool header_rules(const pb::RecordsHeader& header, hearts::CompiledRules* out, std::string* error) {
  hearts::Rules rules;
  if (const hearts::Status status = from_rules_spec(header.rules(), &rules); !status.ok()) {
    *error = "the records' rules: " + status.message();
    return false;
  }
  std::optional<hearts::CompiledRules> compiled = hearts::compile(rules, error);
  if (!compiled) return false;
  *out = *compiled;
  return true;
}

bool report_results(const ReportIndex& index, const ReportOptions& options, Json* out,
                    std::string* error) {
  if (!options.results_path.empty() && fs::exists(options.results_path)) {
    std::string text, why;
    if (read_whole_file(options.results_path, &text, &why)) {
      Json given = Json::parse(text, nullptr, false);
      if (!given.is_discarded() && given.value("games", -1) == static_cast<int>(index.games())) {
        *out = std::move(given);
        return true;
      }
    }
  }
  ResultsOptions results;
  results.bootstrap_samples = options.bootstrap_samples;
  results.seed = index.header().series_seed();  // as the tournament and `arena rate`
  results.threads = options.threads;
  return index.results(results, out, error);
}

bool write_report(const std::vector<std::string>& files, const std::string& out_dir,
                  const ReportOptions& options, std::string* summary, std::string* error) {
  const ReportSite site(out_dir);
  if (!site.write_assets(error)) return false;
  pb::RecordsHeader header;
  std::vector<ReportRow> rows;
  if (!read_and_write_games(files, site, &header, &rows, error)) return false;
  ReportIndex index(header);
  for (const ReportRow& row : rows) {
    if (!index.add(row, error)) return false;
  }
  Json results;
  if (!report_results(index, options, &results, error)) return false;
  if (!site.write_index(index, results, false, error)) return false;
  *summary = "report of " + count_of(static_cast<long long>(rows.size()), "game") + " in " +
             (fs::path(out_dir) / "index.html").string();
  return true;
}

}  // namespace arena
