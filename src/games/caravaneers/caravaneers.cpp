#include "games/caravaneers/caravaneers.hpp"

#include <algorithm>
#include <bit>
#include <cctype>
#include <cmath>
#include <set>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>

#include "core/text.hpp"

namespace games::caravaneers {
namespace {

using core::trimmed_lower;

using core::Document;
using core::MoveError;
using core::SetupError;

constexpr std::array<const char*, 2> kSeatNames = {"South", "East"};

bool in_desert(Square sq) { return sq.col < kDesert && sq.row < kDesert; }

// The square at `pos` along line `line` of `seat`: South's lines are the columns, East's the rows.
Square on_line(int seat, int line, int pos) {
  return seat == kSouth ? Square{line, pos} : Square{pos, line};
}

// The line of `seat` that `sq` lies on.
int seat_line(int seat, Square sq) { return seat == kSouth ? sq.col : sq.row; }

std::string line_name(int seat, int line) {
  return seat == kSouth ? fmt::format("column {}", static_cast<char>('a' + line))
                        : fmt::format("row {}", line + 1);
}

int seat_from_name(const Document& value) {
  for (int seat = 0; seat < 2; ++seat) {
    if (value == kSeatNames[static_cast<std::size_t>(seat)]) return seat;
  }
  return -1;
}

// Reads the `majority` option; an absent key gives nullopt.
std::optional<bool> parse_options(const std::map<std::string, std::string>& opts) {
  std::optional<bool> majority;
  for (const auto& [key, value] : opts) {
    if (key != "majority") {
      throw SetupError(fmt::format("caravaneers has no option '{}' (known: majority)", key));
    }
    if (value != "true" && value != "false") {
      throw SetupError(fmt::format("option majority must be true or false, not '{}'", value));
    }
    majority = value == "true";
  }
  return majority;
}

void check_players(int players) {
  if (players != 2) {
    throw SetupError(fmt::format("caravaneers needs exactly 2 players, not {}", players));
  }
}

// The majority rule for a restored game: the document's "majority" key when present, else the
// option; both present and different is an error.
bool restored_majority(const Document& doc, std::optional<bool> option) {
  if (!doc.is_object() || !doc.contains("majority")) return option.value_or(false);
  const Document& stored = doc.at("majority");
  if (!stored.is_boolean()) throw SetupError("position: \"majority\" must be true or false");
  bool value = stored.get<bool>();
  if (option && *option != value) {
    throw SetupError(
        fmt::format("position says majority={} but the option says majority={}", value, *option));
  }
  return value;
}

}  // namespace

std::string square_name(Square sq) {
  return fmt::format("{}{}", static_cast<char>('a' + sq.col), sq.row + 1);
}

std::optional<Square> parse_square(const std::string& text) {
  std::string s = trimmed_lower(text);
  if (s.size() != 2 || s[0] < 'a' || s[0] >= 'a' + kSize || s[1] < '1' || s[1] >= '1' + kSize) {
    return std::nullopt;
  }
  return Square{s[0] - 'a', s[1] - '1'};
}

// ---- State ------------------------------------------------------------------------------------

CaravaneersState::CaravaneersState(bool majority) : majority_(majority) {}

bool CaravaneersState::occupied(Square sq) const {
  return in_desert(sq) && ((rows_[static_cast<std::size_t>(sq.row)] >> sq.col) & 1) != 0;
}

void CaravaneersState::set_occupied(Square sq, bool value) {
  auto& row = rows_[static_cast<std::size_t>(sq.row)];
  auto& column = columns_[static_cast<std::size_t>(sq.col)];
  const auto in_row = static_cast<std::uint8_t>(1u << sq.col);
  const auto in_column = static_cast<std::uint8_t>(1u << sq.row);
  row = static_cast<std::uint8_t>(value ? row | in_row : row & ~in_row);
  column = static_cast<std::uint8_t>(value ? column | in_column : column & ~in_column);
}

void CaravaneersState::set_start() {
  rows_ = {};
  columns_ = {};
  for (int i = 0; i < kDesert; ++i) {
    set_occupied({i, 0}, true);  // a1..f1
    set_occupied({0, i}, true);  // a1..a6
  }
  captures_ = {0, 0};
  to_move_ = kSouth;
  finished_ = false;
}

LineStatus CaravaneersState::line_status(int seat, int line) const {
  LineStatus status;
  const unsigned bits = line_bits(seat, line);
  if (bits == 0) return status;
  status.count = __builtin_popcount(bits);
  status.tail = __builtin_ctz(bits);
  status.lead = 31 - __builtin_clz(bits);
  const unsigned from_tail = bits >> status.tail;
  // Not one run of pieces from the tail: the first empty position after the run is the gap.
  if ((from_tail & (from_tail + 1)) != 0) status.gap = status.tail + __builtin_ctz(~from_tail);
  // Beyond the desert lies the mover's caravanserai, except on the first line: a7 and g1.
  status.into_mountain = status.lead == kDesert - 1 && line == 0;
  return status;
}

bool CaravaneersState::movable(int seat, int line) const {
  const unsigned bits = line_bits(seat, line);
  if (bits == 0) return false;
  const unsigned from_tail = bits >> __builtin_ctz(bits);
  if ((from_tail & (from_tail + 1)) != 0) return false;        // a gap
  return !(line == 0 && (bits & (1u << (kDesert - 1))) != 0);  // into a mountain
}

unsigned CaravaneersState::movable_lines(int seat) const {
  unsigned lines = 0;
  for (int line = 0; line < kDesert; ++line) lines |= movable(seat, line) ? 1u << line : 0u;
  return lines;
}

std::vector<Square> CaravaneersState::movable_leads(int seat) const {
  std::vector<Square> leads;
  for (unsigned lines = movable_lines(seat); lines != 0; lines &= lines - 1) {
    const int line = __builtin_ctz(lines);
    leads.push_back(on_line(seat, line, 31 - __builtin_clz(line_bits(seat, line))));
  }
  return leads;
}

std::optional<int> CaravaneersState::current_player() const {
  if (finished_) return std::nullopt;
  return to_move_;
}

core::Result CaravaneersState::result() const {
  if (ended_) return core::ending_result(*ended_, 2);
  core::Result result;
  result.scores = {static_cast<double>(captures_[kSouth]), static_cast<double>(captures_[kEast])};
  if (captures_[kSouth] > captures_[kEast]) result.winners = {kSouth};
  if (captures_[kEast] > captures_[kSouth]) result.winners = {kEast};
  return result;
}

double CaravaneersState::evaluate(int seat) const {
  if (finished()) return core::outcome(result(), seat);
  const int other = 1 - seat;
  const double lead =
      captures_[static_cast<std::size_t>(seat)] - captures_[static_cast<std::size_t>(other)] +
      0.25 * (std::popcount(movable_lines(seat)) - std::popcount(movable_lines(other)));
  return 1 / (1 + std::exp(-lead));
}

std::vector<Document> CaravaneersState::legal_moves() const {
  std::vector<Document> moves;
  if (finished_) return moves;
  auto leads = movable_leads(to_move_);
  std::sort(leads.begin(), leads.end(),
            [](Square a, Square b) { return square_name(a) < square_name(b); });
  for (Square lead : leads) moves.emplace_back(square_name(lead));
  if (moves.empty()) moves.emplace_back("pass");
  return moves;
}

std::optional<Document> CaravaneersState::forced_move() const {
  if (finished_ || can_move(to_move_)) return std::nullopt;
  return Document("pass");
}

Square CaravaneersState::checked_lead(int seat, const std::string& text) const {
  auto sq = parse_square(text);
  if (!sq) {
    throw MoveError(fmt::format(
        "'{}' is not a square: write a column a-g and a row 1-7, such as \"c3\", or \"pass\"",
        text));
  }
  std::string name = square_name(*sq);
  if (!in_desert(*sq) || !occupied(*sq))
    throw MoveError(fmt::format("there is no piece on {}", name));
  int line = seat == kSouth ? sq->col : sq->row;
  int pos = seat == kSouth ? sq->row : sq->col;
  LineStatus status = line_status(seat, line);
  std::string where = line_name(seat, line);
  if (status.lead != pos) {
    throw MoveError(fmt::format("{} is not the leading piece of {}; {} is", name, where,
                                square_name(on_line(seat, line, status.lead))));
  }
  if (status.gap) {
    throw MoveError(fmt::format("{} is a broken caravan: {} is empty, so it cannot move", where,
                                square_name(on_line(seat, line, *status.gap))));
  }
  if (status.into_mountain) {
    throw MoveError(fmt::format("{} cannot move: {} ahead is a mountain", name,
                                square_name(on_line(seat, line, status.lead + 1))));
  }
  return *sq;
}

std::pair<int, int> CaravaneersState::move_line(int seat, int line) {
  const LineStatus status = line_status(seat, line);
  // One run of pieces steps forward: its tail square empties and the square beyond its lead
  // fills, or the lead enters the mover's caravanserai (mountains were refused before).
  set_occupied(on_line(seat, line, status.tail), false);
  const int captured = status.lead + 1 == kDesert ? 1 : 0;
  if (captured == 0) set_occupied(on_line(seat, line, status.lead + 1), true);
  captures_[static_cast<std::size_t>(seat)] += captured;
  return {status.count, captured};
}

void CaravaneersState::pass_turn() {
  to_move_ = 1 - to_move_;
  settle();
}

void CaravaneersState::legal_actions(std::vector<core::ActionId>& out) const {
  out.clear();
  if (finished_) return;
  const unsigned lines = movable_lines(to_move_);
  for (unsigned rest = lines; rest != 0; rest &= rest - 1)
    out.push_back(static_cast<core::ActionId>(__builtin_ctz(rest)));
  if (lines == 0) out.push_back(kPass);
}

core::ActionId CaravaneersState::random_action(core::Rng& chooser) const {
  if (finished_) throw MoveError("there is no legal move to play");
  unsigned lines = movable_lines(to_move_);
  if (lines == 0) return kPass;
  // The n-th movable line, n drawn as legal_actions() would be indexed.
  for (auto n = chooser.below(static_cast<std::uint64_t>(__builtin_popcount(lines))); n > 0; --n)
    lines &= lines - 1;
  return static_cast<core::ActionId>(__builtin_ctz(lines));
}

void CaravaneersState::apply_action(core::ActionId action, core::Rng&) {
  if (action != kPass) move_line(to_move_, static_cast<int>(action));
  pass_turn();
}

Document CaravaneersState::move_of(core::ActionId action) const {
  if (action == kPass) return "pass";
  const int line = static_cast<int>(action);
  return square_name(on_line(to_move_, line, 31 - __builtin_clz(line_bits(to_move_, line))));
}

std::optional<core::ActionId> CaravaneersState::action_of(const Document& move) const {
  if (finished_ || !move.is_string()) return std::nullopt;
  const unsigned lines = movable_lines(to_move_);
  if (lines == 0) return move == "pass" ? std::optional<core::ActionId>(kPass) : std::nullopt;
  // Only the canonical name of a leading piece, as legal_moves() lists it.
  const auto sq = parse_square(move.get<std::string>());
  if (!sq) return std::nullopt;
  const int line = to_move_ == kSouth ? sq->col : sq->row;
  if (line >= kDesert || (lines >> line & 1) == 0) return std::nullopt;
  const auto action = static_cast<core::ActionId>(line);
  if (move_of(action) != move) return std::nullopt;
  return action;
}

void CaravaneersState::settle() {
  bool majority_reached =
      majority_ && (captures_[kSouth] >= kMajority || captures_[kEast] >= kMajority);
  finished_ = majority_reached || (!can_move(kSouth) && !can_move(kEast));
}

std::vector<core::Event> CaravaneersState::apply(int player, const Document& move, core::Rng&) {
  if (finished_) throw MoveError("the game is over: no more moves");
  if (player != to_move_) {
    throw MoveError(fmt::format("it is not your turn: {} is to move",
                                kSeatNames[static_cast<std::size_t>(to_move_)]));
  }
  if (!move.is_string()) {
    throw MoveError("a move must be a string naming a square, such as \"c3\", or \"pass\"");
  }
  std::string text = move.get<std::string>();
  Document full = {{"seat", kSeatNames[static_cast<std::size_t>(player)]}};
  if (trimmed_lower(text) == "pass") {
    auto leads = movable_leads(player);
    if (!leads.empty()) {
      throw MoveError(fmt::format("you cannot pass while you have a move (such as {})",
                                  square_name(leads.front())));
    }
    full["move"] = "pass";
  } else {
    Square lead = checked_lead(player, text);
    auto [moved, captured] = move_line(player, seat_line(player, lead));
    full["move"] = square_name(lead);
    full["moved"] = moved;
    full["captured"] = captured;
  }
  pass_turn();
  return core::public_event(std::move(full));
}

void CaravaneersState::conclude(const core::Ending& ending) {
  ended_ = ending;
  finished_ = true;
}

Document CaravaneersState::view(int) const {
  Document pieces = Document::array();
  for (int col = 0; col < kDesert; ++col) {
    for (int row = 0; row < kDesert; ++row) {
      if (occupied({col, row})) pieces.push_back(square_name({col, row}));
    }
  }
  Document doc = {{"pieces", pieces},
                  {"captures", {{"South", captures_[kSouth]}, {"East", captures_[kEast]}}},
                  {"to_move", finished_ ? Document(nullptr)
                                        : Document(kSeatNames[static_cast<std::size_t>(to_move_)])},
                  {"majority", majority_}};
  if (ended_) doc["ended"] = core::ending_document(*ended_, {kSeatNames.begin(), kSeatNames.end()});
  return doc;
}

void CaravaneersState::set_from(const Document& doc) {
  if (!doc.is_object()) throw SetupError("a caravaneers position must be a JSON object");
  for (const auto& [key, value] : doc.items()) {
    if (key != "pieces" && key != "captures" && key != "to_move" && key != "majority") {
      throw SetupError(fmt::format("position: unknown key '{}'", key));
    }
  }
  for (const char* key : {"pieces", "captures", "to_move"}) {
    if (!doc.contains(key)) throw SetupError(fmt::format("position: \"{}\" is missing", key));
  }
  rows_ = {};
  columns_ = {};
  const Document& pieces = doc.at("pieces");
  if (!pieces.is_array()) throw SetupError("position: \"pieces\" must be a list of squares");
  for (const Document& item : pieces) {
    auto sq = item.is_string() ? parse_square(item.get<std::string>()) : std::nullopt;
    if (!sq) throw SetupError(fmt::format("position: {} is not a square", item.dump()));
    if (!in_desert(*sq)) {
      throw SetupError(
          fmt::format("position: a piece on {} is outside the desert (a1-f6)", square_name(*sq)));
    }
    if (occupied(*sq)) {
      throw SetupError(fmt::format("position: {} is listed twice", square_name(*sq)));
    }
    set_occupied(*sq, true);
  }
  const Document& captures = doc.at("captures");
  if (!captures.is_object() || captures.size() != 2 || !captures.contains("South") ||
      !captures.contains("East")) {
    throw SetupError("position: \"captures\" must be {\"South\": n, \"East\": m}");
  }
  for (int seat = 0; seat < 2; ++seat) {
    const Document& n = captures.at(kSeatNames[static_cast<std::size_t>(seat)]);
    if (!n.is_number_integer() || n.get<long long>() < 0 || n.get<long long>() > kPieces) {
      throw SetupError(fmt::format("position: captures of {} must be a whole number 0-{}, not {}",
                                   kSeatNames[static_cast<std::size_t>(seat)], kPieces, n.dump()));
    }
    captures_[static_cast<std::size_t>(seat)] = n.get<int>();
  }
  int total = static_cast<int>(pieces.size()) + captures_[kSouth] + captures_[kEast];
  if (total != kPieces) {
    throw SetupError(fmt::format("position: {} pieces on the board and {} captured make {}, not {}",
                                 pieces.size(), captures_[kSouth] + captures_[kEast], total,
                                 kPieces));
  }
  const Document& to_move = doc.at("to_move");
  if (!to_move.is_null() && seat_from_name(to_move) < 0) {
    throw SetupError(fmt::format("position: to_move must be \"South\", \"East\" or null, not {}",
                                 to_move.dump()));
  }
  to_move_ = to_move.is_null() ? kSouth : seat_from_name(to_move);
  settle();
  if (to_move.is_null() && !finished_) {
    throw SetupError("position: to_move is null but the game is not over (a player can move)");
  }
}

std::string CaravaneersEngine::draw(const Document& view) const {
  std::set<std::string> pieces;
  for (const Document& item : view.value("pieces", Document::array())) {
    if (item.is_string()) pieces.insert(item.get<std::string>());
  }
  std::ostringstream out;
  out << "   a b c d e f g\n";
  for (int row = 0; row < kSize; ++row) {
    out << ' ' << row + 1 << ' ';
    for (int col = 0; col < kSize; ++col) {
      Square sq{col, row};
      bool mountain =
          (col == 0 && row == kSize - 1) || (col == kSize - 1 && (row == 0 || row == kSize - 1));
      char cell = '.';
      if (mountain) {
        cell = '^';
      } else if (row == kSize - 1) {
        cell = 'S';
      } else if (col == kSize - 1) {
        cell = 'E';
      } else if (pieces.count(square_name(sq)) > 0) {
        cell = 'o';
      }
      out << cell << (col + 1 < kSize ? " " : "\n");
    }
  }
  Document captures = view.value("captures", Document::object());
  Document to_move = view.value("to_move", Document());
  out << fmt::format("Captures: South {}, East {}", captures.value("South", 0),
                     captures.value("East", 0));
  const std::string ending = core::ending_words(view);
  out << (to_move.is_string() ? fmt::format(". {} to move.\n", to_move.get<std::string>())
          : ending.empty()    ? std::string(". Game over.\n")
                              : fmt::format(". Game over: {}.\n", ending));
  return out.str();
}

std::unique_ptr<core::State> CaravaneersState::clone() const {
  return std::make_unique<CaravaneersState>(*this);
}

// ---- Engine -----------------------------------------------------------------------------------

std::vector<core::OptionInfo> CaravaneersEngine::options() const {
  return {{"majority", "true|false", "false",
           "end the game at once when a player has captured 6 pieces"}};
}

std::string CaravaneersEngine::seat_name(int seat) const {
  if (seat < 0 || seat > 1)
    throw std::out_of_range(fmt::format("caravaneers has no seat {}", seat));
  return kSeatNames[static_cast<std::size_t>(seat)];
}

core::Setup CaravaneersEngine::start(int players, const std::map<std::string, std::string>& opts,
                                     core::Rng&) const {
  check_players(players);
  auto state = std::make_unique<CaravaneersState>(parse_options(opts).value_or(false));
  state->set_start();
  return {std::move(state), {}};
}

std::unique_ptr<core::State> CaravaneersEngine::restore(
    const Document& doc, int players, const std::map<std::string, std::string>& opts) const {
  check_players(players);
  auto state = std::make_unique<CaravaneersState>(restored_majority(doc, parse_options(opts)));
  state->set_from(doc);
  return state;
}

const core::Engine::Notation& CaravaneersEngine::notation() const {
  static const Notation kNotation{
      "a move is the square of the piece that leads the line you move", {"c3", "a6"}, {}};
  return kNotation;
}

}  // namespace games::caravaneers
