#include "referee/move_lines.hpp"

#include <algorithm>
#include <map>
#include <vector>

#include "output/writer.hpp"

namespace referee {

namespace {

using core::Document;

// The game's move keys in the order its manual page writes them (core::Engine::notation).
const std::vector<std::string>& key_order(const std::string& kind) {
  static const std::vector<std::string> kNone;
  const core::Engine* engine = core::find_engine(kind);
  return engine ? engine->notation().key_order : kNone;
}

std::string value_line(const Document& value, const std::string& kind) {
  if (value.is_object()) return move_line(value, kind);
  if (value.is_array()) {
    std::string text = "[";
    for (const auto& item : value) text += (text.size() > 1 ? ", " : "") + value_line(item, kind);
    return text + "]";
  }
  return output::to_line(value);
}

// What a move moves: its first key, and the thing it names when the move says where it goes
// (the card played, the camel or good moved from a space, the first step of a path).
std::string label_of(const Document& move, const std::string& kind) {
  if (move.is_string()) {
    const std::string word = move.get<std::string>();
    const auto space = word.find(' ');
    return space == std::string::npos ? std::string() : word.substr(0, space);
  }
  if (!move.is_object() || move.empty()) return {};
  const std::string first = ordered_keys(move, kind).front();
  const Document& value = move[first];
  if (value.is_object() && value.contains("from"))
    return first + " " + output::to_line(value["from"]);
  if (value.is_array() && !value.empty()) return first + " " + value_line(value[0], kind);
  if (move.size() > 1 && value.is_primitive()) return first + " " + output::to_line(value);
  return first;
}

}  // namespace

std::vector<std::string> ordered_keys(const Document& map, const std::string& kind) {
  std::vector<std::string> keys;
  for (const auto& key : key_order(kind))
    if (map.contains(key)) keys.push_back(key);
  for (const auto& [key, value] : map.items())  // the rest, as the document has them
    if (std::find(keys.begin(), keys.end(), key) == keys.end()) keys.push_back(key);
  return keys;
}

std::string move_line(const Document& move, const std::string& kind) {
  if (!move.is_object()) return value_line(move, kind);
  std::string text = "{";
  for (const auto& key : ordered_keys(move, kind))
    text += (text.size() > 1 ? ", " : "") + key + ": " + value_line(move[key], kind);
  return text + "}";
}

std::vector<MoveGroup> group_moves(const Document& moves, const std::string& kind) {
  std::vector<MoveGroup> groups;
  std::map<std::string, std::size_t> index;
  const core::Engine* engine = core::find_engine(kind);
  for (const auto& move : moves) {
    const std::string label = label_of(move, kind);
    auto [it, fresh] = index.emplace(label, groups.size());
    if (fresh) groups.push_back({label, {}});
    MoveGroup& group = groups[it->second];
    group.moves.push_back(move_line(move, kind));
    if (engine) group.phrases.push_back(engine->move_phrase(move));
  }
  return groups;
}

}  // namespace referee
