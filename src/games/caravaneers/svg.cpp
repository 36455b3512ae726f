// The Caravaneers board as a picture: the desert, both caravanserais and the mountains, with the
// square names a move is written in and the line the last move pushed.
#include "core/svg.hpp"

#include <set>

#include <fmt/format.h>

#include "games/caravaneers/caravaneers.hpp"

namespace games::caravaneers {

namespace {

using core::Document;
namespace svg = core::svg;
namespace colour = core::svg::colour;

constexpr double kCell = 56;
constexpr double kLeft = 44;
constexpr double kTop = 34;
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
  d.text(x + 4, y + 13, square_name(sq), {.size = 11, .fill = colour::kDarkGrey});
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
  svg::Drawing d(600, 0);
  std::set<std::string> pieces;
  for (const Document& item : view.value("pieces", Document::array()))
    if (item.is_string()) pieces.insert(item.get<std::string>());

  for (int i = 0; i < kSize; ++i) {
    const std::string letter(1, static_cast<char>('a' + i));
    d.text(x_of(i) + kCell / 2, kTop - 10, letter,
           {.size = 16, .anchor = svg::Anchor::kMiddle, .bold = true});
    d.text(kLeft - 14, y_of(i) + kCell / 2 + 6, std::to_string(i + 1),
           {.size = 16, .anchor = svg::Anchor::kMiddle, .bold = true});
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
      d.circle(x_of(col) + kCell / 2, y_of(row) + kCell / 2 + 3, kCell * 0.3,
               {.fill = colour::kBlack, .stroke = colour::kWhite, .stroke_width = 2});
      d.end_group();
    }

  Document turn_event;
  if (last.is_object())
    for (const Document& event : last.value("events", Document::array()))
      if (event.is_object() && event.contains("move")) turn_event = event;
  if (turn_event.is_object()) mark_last(d, turn_event);

  // The side panel: who pushes which way, the captures, and the last move in words.
  const Document captures = view.value("captures", Document::object());
  const Document to_move = view.value("to_move", Document());
  const double px = kLeft + kBoard + 18;
  double y = kTop + 14;
  const auto line = [&](const std::string& text, const svg::TextStyle& style = {.size = 14}) {
    d.text(px, y, text, style);
    y += style.size + 8;
  };
  line("South", {.size = 16, .bold = true, .fill = colour::kBlue});
  line("down the columns");
  line(fmt::format("captured {}", captures.value("South", 0)));
  y += 10;
  line("East", {.size = 16, .bold = true, .fill = colour::kVermillion});
  line("along the rows");
  line(fmt::format("captured {}", captures.value("East", 0)));
  y += 10;
  line(to_move.is_string() ? fmt::format("{} to move", to_move.get<std::string>())
                           : std::string("Game over"),
       {.size = 15, .bold = true});
  if (const std::string ending = core::ending_words(view); !ending.empty()) line(ending);
  double bottom = kTop + kBoard + 24;
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
    bottom += svg::last_turn_text(d, kLeft - 36, bottom, sentence);
  }
  d.set_height(bottom);
  d.set_title("Caravaneers");
  return Picture::of(d, holding);
}

}  // namespace games::caravaneers
