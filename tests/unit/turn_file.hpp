// A turn file as a player writes one, for every test that submits one: the header keys, then
// moves or an action, built here rather than as YAML strings written by hand in each suite.
//
//   TurnFile(game, "ann", 3).token(token).move(move)          moves, one a line
//   TurnFile(game, "ann", 3).token(token).moves("[b1, c2]")   moves written as given
//   TurnFile(game, "ann", 3).token(token).action("resign")
//   TurnFile(game, "ann", 3).token(token).lines("moves:\n  - place: c3\nend: false\n")
//
// A test of how the reader takes YAML itself (quoting, flow style, errors) writes its text by
// hand: this builder writes one plain form.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/engine.hpp"

class TurnFile {
 public:
  TurnFile(std::string game, std::string player, std::int64_t turn)
      : game_(std::move(game)), player_(std::move(player)), turn_(turn) {}

  TurnFile& token(std::string value) {
    token_ = std::move(value);
    return *this;
  }
  TurnFile& chain(std::string value) {
    chain_ = std::move(value);
    return *this;
  }
  // One more move, as its document (JSON is YAML in flow style: numbers stay numbers).
  TurnFile& move(const core::Document& move) {
    moves_.push_back(move.dump());
    return *this;
  }
  // Every move as a list: a document, or YAML text as written ("[b1]", a wrong shape on purpose).
  TurnFile& moves(const core::Document& list) { return moves(list.dump()); }
  TurnFile& moves(std::string yaml) {
    moves_text_ = std::move(yaml);
    return *this;
  }
  TurnFile& moves(const char* yaml) { return moves(std::string(yaml)); }
  TurnFile& action(std::string name) {
    action_ = std::move(name);
    return *this;
  }
  // Any other key (until, end), its value as YAML.
  TurnFile& with(std::string key, std::string yaml) {
    extra_.emplace_back(std::move(key), std::move(yaml));
    return *this;
  }
  // The rest of the file as YAML lines, as written ("moves:\n  - place: c3\nend: false\n").
  TurnFile& lines(std::string yaml) {
    lines_ = std::move(yaml);
    if (!lines_.empty() && lines_.back() != '\n') lines_ += '\n';
    return *this;
  }

  std::string text() const {
    // The game id quoted: an id of digits alone is still a string where a signature reads it.
    std::string text =
        "game: \"" + game_ + "\"\nplayer: " + player_ + "\nturn: " + std::to_string(turn_) + "\n";
    if (!token_.empty()) text += "token: " + token_ + "\n";
    if (!chain_.empty()) text += "chain: " + chain_ + "\n";
    for (const auto& [key, value] : extra_) text += key + ": " + value + "\n";
    if (!action_.empty()) text += "action: " + action_ + "\n";
    if (!moves_text_.empty()) text += "moves: " + moves_text_ + "\n";
    if (!moves_.empty()) {
      text += "moves:\n";
      for (const auto& move : moves_) text += "  - " + move + "\n";
    }
    return text + lines_;
  }
  operator std::string() const { return text(); }  // NOLINT: a turn file is its text

 private:
  std::string game_, player_;
  std::int64_t turn_;
  std::string token_, chain_, action_, moves_text_, lines_;
  std::vector<std::string> moves_;
  std::vector<std::pair<std::string, std::string>> extra_;
};
