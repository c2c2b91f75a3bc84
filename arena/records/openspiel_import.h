// Importing DeepMind OpenSpiel 'hearts' games as arena records.
//
// An action log holds one game per line, OpenSpiel's History() of a finished game:
//   a[0]       the pass direction (chance): 0 no pass, 1 left, 2 across, 3 right. It is always
//              present: with pass_cards=false OpenSpiel still asks for it, and 0 (No Pass) is
//              then its only legal value.
//   a[1..52]   the deal (chance): the k-th card dealt goes to seat k % 4
//   12 passes  when a[0] != 0: seat 0's three cards, then seats 1, 2 and 3
//   52 plays
// Cards are OpenSpiel indices, rank * 4 + suit (2C = 0, QS = 43, AS = 51). A line is either just
// the actions separated by spaces, or '|'-separated fields one of which is "actions=..." (the
// format of the conformance file: "name | points=[...] | returns=[...] | moon=... | actions=...").
// When a "points=[...]" field is present the engine's deal scores must equal it. Blank lines and
// lines starting with '#' are skipped.
//
// Each game is re-played through hearts::Game under the "openspiel" preset with the OpenSpiel
// parameters applied, so an illegal action is an error naming the line; each becomes one
// GameRecord (one deal, seed 0) with the engine's results.
//
// Thread safety: pure functions of their arguments (the importer reads the log file).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "hearts/rules.h"
#include "hearts/status.h"
#include "records.pb.h"

namespace arena {

// OpenSpiel's eight 'hearts' game parameters, with OpenSpiel's defaults.
struct OpenSpielParams {
  bool pass_cards = true;                      // false -> pass_schedule=none
  bool no_pts_on_first_trick = true;           // -> no_points_first_trick
  bool can_lead_any_club = false;              // -> first_lead=any-club (else two-of-clubs)
  bool jd_bonus = false;                       // -> jack_of_diamonds_points=-10 (else 0)
  bool avoid_all_tricks_bonus = false;         // -> no_tricks_bonus
  bool qs_breaks_hearts = true;                // -> queen_breaks_hearts
  bool must_break_hearts = true;               // -> hearts_must_be_broken
  bool can_lead_hearts_instead_of_qs = false;  // -> lead_hearts_if_only_penalty
};

// Parses "hearts(jd_bonus=true,pass_cards=false)" or the bare "jd_bonus=true,pass_cards=false";
// "" and "hearts()" give the defaults. Values are true or false. Unknown parameters, bad values
// and other games are errors naming them.
hearts::Status parse_openspiel_params(std::string_view text, OpenSpielParams* params);

// The engine rules for these parameters: the "openspiel" preset with the mapped options.
hearts::Status openspiel_rules(const OpenSpielParams& params, hearts::Rules* rules);

// Re-plays one game's actions; on success `record` holds the full game record (seat_bots 0..3).
// The error (no position prefix) names the action: "a[60] (pass by seat 1): ...".
hearts::Status openspiel_game_record(const hearts::CompiledRules& rules,
                                     const OpenSpielParams& params, const std::vector<int>& actions,
                                     uint32_t game_index, hearts::proto::GameRecord* record);

struct ImportedGames {
  hearts::proto::RecordsHeader header;  // rules, four "openspiel-seat-K" bots, transport "import"
  std::vector<hearts::proto::GameRecord> games;
};

// Reads and re-plays every game of the log at `path`. Errors are one line naming the file and,
// for a game, its line. `command` goes into the header. With check_points false a line's
// "points=" field is ignored (to re-score a log under other parameters).
hearts::Status import_openspiel_log(const std::string& path, const std::string& params_text,
                                    const std::string& command, ImportedGames* out,
                                    bool check_points = true);

}  // namespace arena
