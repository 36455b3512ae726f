// What every State has unless its engine says otherwise.
#include "core/engine.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "core/svg.hpp"

namespace core {

bool has_prefix(const Document& move, const Document& prefix) {
  if (prefix.is_null()) return true;
  if (prefix.is_string())
    return move.is_string() &&
           move.get_ref<const std::string&>().rfind(prefix.get_ref<const std::string&>(), 0) == 0;
  if (prefix.is_object()) {
    if (!move.is_object()) return false;
    for (const auto& [key, value] : prefix.items())
      if (!move.contains(key) || !has_prefix(move.at(key), value)) return false;
    return true;
  }
  if (prefix.is_array()) {
    if (!move.is_array() || move.size() < prefix.size()) return false;
    for (std::size_t i = 0; i < prefix.size(); ++i) {
      const bool last = i + 1 == prefix.size();
      if (last ? !has_prefix(move[i], prefix[i]) : move[i] != prefix[i]) return false;
    }
    return true;
  }
  return move == prefix;
}

const Document& member(const Document& doc, const char* key) {
  static const Document none;
  if (!doc.is_object()) return none;
  const auto at = doc.find(key);
  return at == doc.end() ? none : *at;
}

bool identical(const Document& a, const Document& b) {
  // Whole numbers are written alike whether read as signed or unsigned (a parser reads 5 as
  // unsigned; an engine's 5 is signed).
  if (a.is_number_integer() && b.is_number_integer()) return a == b;
  if (a.type() != b.type()) return false;
  if (a.is_array()) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
      if (!identical(a[i], b[i])) return false;
    return true;
  }
  if (a.is_object()) {
    if (a.size() != b.size()) return false;
    for (auto x = a.begin(), y = b.begin(); x != a.end(); ++x, ++y)
      if (x.key() != y.key() || !identical(x.value(), y.value())) return false;
    return true;
  }
  if (a.is_number_float()) {  // -0.0 == 0.0, but they are written apart
    const double p = a.get<double>(), q = b.get<double>();
    return p == q && std::signbit(p) == std::signbit(q);
  }
  return a == b;
}

State::MovePage State::legal_moves_page(const Document& prefix, std::size_t limit) const {
  MovePage page;
  for (auto& move : legal_moves()) {
    if (!has_prefix(move, prefix)) continue;
    ++page.total;
    if (page.moves.size() < limit) page.moves.push_back(std::move(move));
  }
  return page;
}

void State::legal_actions(std::vector<ActionId>& out) const {
  out.clear();
  if (finished()) return;
  const std::size_t count = forced_move() ? 1 : legal_moves().size();
  for (std::size_t i = 0; i < count; ++i) out.push_back(i);
}

ActionId State::random_action(Rng& chooser) const {
  std::vector<ActionId> actions;
  legal_actions(actions);
  if (actions.empty()) throw MoveError("there is no legal move to play");
  return actions[chooser.below(actions.size())];
}

Document State::move_of(ActionId action) const {
  if (auto forced = forced_move()) {
    if (action != 0) throw MoveError(fmt::format("no action {} here: one move is forced", action));
    return std::move(*forced);
  }
  std::vector<Document> moves = legal_moves();
  if (action >= moves.size()) throw MoveError(fmt::format("no action {} here", action));
  return std::move(moves[action]);
}

std::optional<ActionId> State::action_of(const Document& move) const {
  if (auto forced = forced_move())
    return move == *forced ? std::optional<ActionId>(0) : std::nullopt;
  const std::vector<Document> moves = legal_moves();
  for (std::size_t i = 0; i < moves.size(); ++i)
    if (moves[i] == move) return i;
  return std::nullopt;
}

void State::apply_action(ActionId action, Rng& rng) {
  const std::optional<int> player = current_player();
  if (!player) throw MoveError("the game is finished");
  apply(*player, move_of(action), rng);
}

Document State::default_move() const {
  MovePage first = legal_moves_page(nullptr, 1);
  if (first.moves.empty()) throw MoveError("there is no legal move to play");
  return first.moves.front();
}

std::vector<Event> State::retire(int seat, Rng& rng) {
  (void)rng;
  throw MoveError(fmt::format("this game cannot go on without seat {}", seat));
}

Result ending_result(const Ending& ending, int players) {
  Result result;
  result.winners = ending.winners;
  const double share = ending.winners.empty() ? 1.0 / players : 1.0 / ending.winners.size();
  result.scores.assign(static_cast<std::size_t>(players), ending.winners.empty() ? share : 0.0);
  for (const int seat : ending.winners) result.scores.at(static_cast<std::size_t>(seat)) = share;
  return result;
}

Document ending_document(const Ending& ending, const std::vector<std::string>& seat_names) {
  Document winners = Document::array();
  for (const int seat : ending.winners)
    winners.push_back(seat_names.at(static_cast<std::size_t>(seat)));
  return {{"by", ending.by}, {"winners", winners}};
}

std::string ending_how(const std::string& by) {
  return by == "draw"           ? "by agreement"
         : by == "adjudication" ? "by the game master's ruling"
                                : "by " + by;
}

std::string ending_words(const Ending& ending) {
  std::string words("ended ");  // appended: g++ 12 -O3 warns on "literal" + temporary (-Wrestrict)
  return words += ending_how(ending.by);
}

std::string ending_words(const Document& view) {
  const Document& by = member(member(view, "ended"), "by");
  return by.is_string() ? ending_words(Ending{by.get<std::string>(), {}}) : "";
}

double outcome(const Result& result, int seat) {
  const auto& winners = result.winners;
  if (winners.empty())
    return result.scores.empty() ? 0 : 1.0 / static_cast<double>(result.scores.size());
  if (std::find(winners.begin(), winners.end(), seat) == winners.end()) return 0;
  return 1.0 / static_cast<double>(winners.size());
}

double State::evaluate(int seat) const {
  if (finished()) return outcome(result(), seat);
  return 1.0 / static_cast<double>(num_players());
}

double State::evaluate_after(ActionId action, int seat, Rng& rng) const {
  std::unique_ptr<State> next = clone();
  next->apply_action(action, rng);
  return next->evaluate(seat);
}

std::unique_ptr<State> Engine::from_view(const Document& view, int seat, int players,
                                         const std::map<std::string, std::string>& opts,
                                         Rng& rng) const {
  (void)seat;
  (void)rng;
  return restore(view, players, opts);
}

Engine::Picture Engine::Picture::of(const svg::Drawing& drawing, std::string holding) {
  return {drawing.element(), drawing.width(), drawing.height(), std::move(holding), {}};
}

// Engines without a drawing of their own: the text board, one <text> a line.
Engine::Picture Engine::picture(const Document& view, const Document&, int) const {
  constexpr double kLine = 16;
  svg::Drawing d(600, 0);
  const std::string board = draw(view);
  double y = kLine;
  std::size_t start = 0;
  while (start < board.size()) {
    const std::size_t end = board.find('\n', start);
    const std::size_t stop = end == std::string::npos ? board.size() : end;
    d.text(8, y, std::string_view(board).substr(start, stop - start), {.size = 12, .mono = true});
    y += kLine;
    start = stop + 1;
  }
  d.set_height(y);
  return Picture::of(d);
}

std::string Engine::move_phrase(const Document& move) const {
  std::string phrase;
  if (move.is_string()) {
    phrase = move.get<std::string>();
  } else {
    // The flow style of a turn file: {play: JH, on: 2}.
    phrase = move.dump();
    std::string plain;
    for (char c : phrase)
      if (c != '"') plain += c;
    phrase.clear();
    for (std::size_t i = 0; i < plain.size(); ++i) {
      phrase += plain[i];
      if ((plain[i] == ':' || plain[i] == ',') && i + 1 < plain.size() && plain[i + 1] != ' ')
        phrase += ' ';
    }
  }
  if (!phrase.empty() && phrase[0] >= 'a' && phrase[0] <= 'z')
    phrase[0] = char(phrase[0] - 'a' + 'A');
  return phrase;
}

}  // namespace core
