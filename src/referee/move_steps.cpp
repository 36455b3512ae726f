#include "referee/move_steps.hpp"

#include <algorithm>

#include "output/writer.hpp"
#include "referee/move_lines.hpp"

namespace referee {

namespace {

using core::Document;

struct Leaf {
  Document::json_pointer at;
  std::string label;
  const Document* value;
};

// The move's parts in notation order (see the header): where each is, what it is called.
void leaves(const Document& value, const std::string& kind, const Document::json_pointer& at,
            const std::string& label, std::vector<Leaf>& out) {
  if (value.is_object() && !value.empty()) {
    for (const auto& key : ordered_keys(value, kind))
      leaves(value[key], kind, at / key, label.empty() ? key : label + " " + key, out);
  } else if (value.is_array() && !value.empty()) {
    // A list in a list (caravanserai's [yellow, 2]: a good and how many) is one part.
    for (std::size_t i = 0; i < value.size(); ++i)
      if (value[i].is_array())
        out.push_back(
            {at / i,
             (label.empty() ? std::string("part") : label + ", part") + " " + std::to_string(i + 1),
             &value[i]});
      else
        leaves(
            value[i], kind, at / i,
            (label.empty() ? std::string("part") : label + ", part") + " " + std::to_string(i + 1),
            out);
  } else {
    out.push_back({at, label, &value});
  }
}

std::vector<Leaf> leaves(const Document& move, const std::string& kind) {
  std::vector<Leaf> out;
  if (!move.is_null()) leaves(move, kind, Document::json_pointer(), "", out);
  return out;
}

// The partial move made of the first `count` parts.
Document partial_of(const std::vector<Leaf>& parts, std::size_t count) {
  Document partial;
  for (std::size_t i = 0; i < count; ++i) {
    if (parts[i].at.empty()) return *parts[i].value;  // the move is one word
    partial[parts[i].at] = *parts[i].value;
  }
  return partial;
}

bool begins_with(const std::vector<Leaf>& move, const std::vector<Leaf>& chosen) {
  if (move.size() < chosen.size()) return false;
  for (std::size_t i = 0; i < chosen.size(); ++i)
    if (move[i].at != chosen[i].at || *move[i].value != *chosen[i].value) return false;
  return true;
}

std::string value_text(const Document& value, const std::string& kind) {
  if (value.is_object()) return move_line(value, kind);
  if (!value.is_array()) return output::to_line(value);
  std::string text = "[";
  for (const auto& item : value) text += (text.size() > 1 ? ", " : "") + value_text(item, kind);
  return text + "]";
}

}  // namespace

MoveStep next_step(const Document& moves, const Document& chosen, const std::string& kind) {
  MoveStep step;
  const auto parts = leaves(chosen, kind);
  const std::size_t next = parts.size();
  for (const auto& move : moves) {
    const auto its = leaves(move, kind);
    if (!begins_with(its, parts)) continue;
    ++step.matching;
    if (its.size() == next) {
      if (!step.complete) step.complete = move;
      continue;
    }
    Document partial = partial_of(its, next + 1);
    auto choice = std::find_if(step.choices.begin(), step.choices.end(),
                               [&](const MoveStep::Choice& c) { return c.partial == partial; });
    if (choice == step.choices.end())
      choice = step.choices.insert(
          choice, {its[next].label, value_text(*its[next].value, kind), std::move(partial)});
    (its.size() == next + 1 ? choice->whole : choice->more) = true;
  }
  return step;
}

std::string chosen_words(const Document& chosen, const std::string& kind) {
  std::string words;
  for (const auto& leaf : leaves(chosen, kind))
    words += (words.empty() ? "" : ", then ") +
             (leaf.label.empty() ? std::string() : leaf.label + " ") +
             value_text(*leaf.value, kind);
  return words;
}

}  // namespace referee
