// The Caravaneers board as a picture: the desert, both caravanserais and the mountains, with the
// square names a move is written in and the line the last move pushed; and a move in words.
#include "core/svg.hpp"

#include <set>

#include <fmt/format.h>

#include "core/text.hpp"
#include "games/caravaneers/caravaneers.hpp"

namespace games::caravaneers {

namespace {

using core::Document;
namespace svg = core::svg;
namespace colour = core::svg::colour;

// Phone first: the page shows the picture at most 640 px wide and, on a 390 px phone, 374 px
// wide; the board takes the width (a piece 50 units across is 31 px there), what it says below.
constexpr double kCell = 79;
constexpr double kLeft = 34;
constexpr double kTop = 34;
constexpr double kWidth = 600;
constexpr double kBoard = kCell * kSize;

bool mountain(Square sq) {
  return (sq.col == 0 && sq.row == kSize - 1) ||
         (sq.col == kSize - 1 && (sq.row == 0 || sq.row == kSize - 1));
}

double x_of(int col) { return kLeft + col * kCell; }
double y_of(int row) { return kTop + row * kCell; }

void draw_square(svg::Drawing& d, Square sq) {
  const double x = x_of(sq.col);
  const double y = y_of(sq.row);
  std::string fill = colour::kSand;
  if (mountain(sq))
    fill = "#D9D9D9";
  else if (sq.row == kSize - 1)
    fill = "#CFE6F5";  // South's caravanserai: light sky blue
  else if (sq.col == kSize - 1)
    fill = "#F8E2B0";  // East's: light orange
  d.rect(x, y, kCell, kCell, {.fill = fill, .stroke = colour::kDarkGrey, .stroke_width = 1});
  if (mountain(sq)) {
    d.polygon({x + 10, y + kCell - 12, x + kCell / 2, y + 12, x + kCell - 10, y + kCell - 12},
              {.fill = colour::kGrey, .stroke = colour::kDarkGrey, .stroke_width = 1.5});
    return;
  }
  d.text(x + 5, y + 17, square_name(sq), {.size = 15, .fill = colour::kDarkGrey});
}

// The squares the last move went over: from the old tail to one step past the old lead.
void mark_last(svg::Drawing& d, const Document& event) {
  const auto lead = parse_square(event.value("move", std::string()));
  if (!lead) return;
  const bool south = event.value("seat", std::string()) == "South";
  const int moved = event.value("moved", 1);
  const int along = south ? lead->row : lead->col;
  const int from = std::max(0, along - moved + 1);
  const int to = std::min(kSize - 1, along + 1);
  const double fixed = south ? x_of(lead->col) : y_of(lead->row);
  const double start = (south ? y_of(from) : x_of(from)) + 3;
  const double length = (to - from + 1) * kCell - 6;
  const svg::Style style{
      .stroke = colour::kHighlight, .stroke_width = 3, .dash = "7 4", .css_class = "last"};
  if (south)
    d.rect(fixed + 3, start, kCell - 6, length, style, 6);
  else
    d.rect(start, fixed + 3, length, kCell - 6, style, 6);
}

}  // namespace

core::Engine::Picture CaravaneersEngine::picture(const Document& view, const Document& last,
                                                 int) const {
  std::string holding;
  svg::Drawing d(kWidth, 0);
  std::set<std::string> pieces;
  for (const Document& item : view.value("pieces", Document::array()))
    if (item.is_string()) pieces.insert(item.get<std::string>());

  for (int i = 0; i < kSize; ++i) {
    const std::string letter(1, static_cast<char>('a' + i));
    d.text(x_of(i) + kCell / 2, kTop - 10, letter,
           {.size = 20, .anchor = svg::Anchor::kMiddle, .bold = true});
    d.text(kLeft - 16, y_of(i) + kCell / 2 + 7, std::to_string(i + 1),
           {.size = 20, .anchor = svg::Anchor::kMiddle, .bold = true});
  }
  for (int row = 0; row < kSize; ++row)
    for (int col = 0; col < kSize; ++col) draw_square(d, {col, row});
  d.rect(kLeft, kTop, kCell * kDesert, kCell * kDesert,
         {.stroke = colour::kBlack, .stroke_width = 2.5});

  for (int row = 0; row < kDesert; ++row)
    for (int col = 0; col < kDesert; ++col) {
      const Square sq{col, row};
      if (!pieces.count(square_name(sq))) continue;
      d.begin_group(fmt::format("a piece on {}", square_name(sq)), "piece");
      d.circle(x_of(col) + kCell / 2, y_of(row) + kCell / 2 + 6, kCell * 0.32,
               {.fill = colour::kBlack,
                .stroke = colour::kWhite,
                .stroke_width = 2,
                .css_class = "face"});
      d.end_group();
    }

  Document turn_event;
  if (last.is_object())
    for (const Document& event : last.value("events", Document::array()))
      if (event.is_object() && event.contains("move")) turn_event = event;
  if (turn_event.is_object()) mark_last(d, turn_event);

  // Below the board: who pushes which way and the captures, who moves, and the last move in
  // words.
  const Document captures = view.value("captures", Document::object());
  const Document to_move = view.value("to_move", Document());
  double bottom = kTop + kBoard + 30;
  d.text(8, bottom,
         fmt::format("South pushes down the columns, captured {}", captures.value("South", 0)),
         {.size = 17, .bold = true, .fill = colour::kBlue});
  bottom += 26;
  d.text(8, bottom,
         fmt::format("East pushes along the rows, captured {}", captures.value("East", 0)),
         {.size = 17, .bold = true, .fill = colour::kVermillion});
  bottom += 26;
  std::string state = to_move.is_string() ? fmt::format("{} to move.", to_move.get<std::string>())
                                          : std::string("Game over.");
  if (const std::string ending = core::ending_words(view); !ending.empty()) state += " " + ending;
  for (const std::string& line : svg::wrap(state, kWidth - 16, 17)) {
    d.text(8, bottom, line, {.size = 17});
    bottom += 24;
  }
  if (turn_event.is_object()) {
    // The last move in words below the board: "South pushed the line that c3 led (3 pieces,
    // 1 captured)", or "East passed".
    const std::string seat = turn_event.value("seat", std::string());
    const std::string move = turn_event.value("move", std::string());
    const int moved = turn_event.value("moved", 0);
    const int captured = turn_event.value("captured", 0);
    const std::string sentence =
        move == "pass"
            ? seat + " passed."
            : fmt::format("{} pushed the line that {} led ({} piece{}, {} captured).", seat, move,
                          moved, moved == 1 ? "" : "s",
                          captured == 0 ? std::string("none") : std::to_string(captured));
    bottom += svg::last_turn_text(d, 8, bottom + 2, sentence, kWidth - 16, 17);
  }
  bottom += 4;
  d.set_height(bottom);
  d.set_title("Caravaneers");
  return Picture::of(d, holding);
}

std::string CaravaneersEngine::move_phrase(const Document& move) const {
  if (move.is_string()) {
    const std::string text = core::trimmed_lower(move.get<std::string>());
    if (text == "pass") return "Pass";
    if (const auto lead = parse_square(text))
      return fmt::format("Push the line {} leads", square_name(*lead));
  }
  return Engine::move_phrase(move);
}

}  // namespace games::caravaneers
