// The Huber board as a picture, drawn from the board data the view carries: the grid with its
// square names, the markets, the numbered spaces with their loose goods and demand markers, and
// every camel (a shape and a colour per player) with the good it carries. The squares the last
// turn's actions named are outlined.
#include "core/svg.hpp"

#include <set>

#include <fmt/format.h>

#include "games/huber_caravan/huber_caravan.hpp"

namespace games::huber_caravan {

namespace {

using core::Document;
namespace svg = core::svg;
namespace colour = core::svg::colour;

constexpr double kLeft = 26;
constexpr double kTop = 26;
constexpr double kPanel = 118;  // the players' panel on the right
constexpr double kWidth = 600;

using core::svg::text_of;

// The cubes' colours, as in the box; the good's initials are printed on each cube too.
const char* cube_fill(int good) {
  static constexpr const char* kFill[kGoodKinds] = {
      colour::kVermillion, colour::kBlue, colour::kWhite, "#8C6239",
      colour::kGrey,       "#9B59B6",     colour::kGreen, "#F6B8C9"};
  return kFill[good];
}
const char* cube_ink(int good) {
  return good == kMeat || good == kSwords || good == kHides || good == kCloth || good == kGems
             ? colour::kWhite
             : colour::kBlack;
}
std::string initials(int good) {
  static constexpr const char* kShort[kGoodKinds] = {"Me", "Sw", "Sa", "Hi",
                                                     "Iv", "Cl", "Ge", "Pa"};
  return kShort[good];
}

// A shape and a colour per seat, so seats differ in shape as well as hue.
struct SeatLook {
  const char* name;
  const char* fill;
};
constexpr SeatLook kSeats[] = {{"Black", colour::kBlack},
                               {"Blue", colour::kBlue},
                               {"Green", colour::kGreen},
                               {"Yellow", colour::kYellow}};

int seat_index(const std::string& name) {
  for (int i = 0; i < 4; ++i)
    if (name == kSeats[i].name) return i;
  return 0;
}

void seat_mark(svg::Drawing& d, int seat, double cx, double cy, double r) {
  const svg::Style style{.fill = kSeats[seat].fill, .stroke = colour::kBlack, .stroke_width = 1.2};
  switch (seat) {
    case 0:
      d.circle(cx, cy, r, style);
      break;
    case 1:
      d.rect(cx - r, cy - r, 2 * r, 2 * r, style);
      break;
    case 2:
      d.polygon({cx, cy - r * 1.25, cx + r * 1.25, cy, cx, cy + r * 1.25, cx - r * 1.25, cy},
                style);
      break;
    default:
      d.polygon({cx, cy - r * 1.2, cx + r * 1.2, cy + r, cx - r * 1.2, cy + r}, style);
  }
}

void cube(svg::Drawing& d, int good, double x, double y, double size) {
  d.rect(x, y, size, size, {.fill = cube_fill(good), .stroke = colour::kBlack, .stroke_width = 1},
         2);
  d.text(
      x + size / 2, y + size * 0.72, initials(good),
      {.size = size * 0.58, .anchor = svg::Anchor::kMiddle, .bold = true, .fill = cube_ink(good)});
}

// Every string in an action that names a square of the board.
void squares_named(const Document& doc, const Board& board, std::set<int>& out) {
  if (doc.is_string()) {
    if (auto sq = board.parse_square(doc.get<std::string>())) out.insert(*sq);
  } else if (doc.is_structured()) {
    for (const Document& item : doc) squares_named(item, board, out);
  }
}

// An action as a turn file writes it, in YAML's flow style: {good: {from: g1, to: f1}}.
std::string flow(const Document& doc) {
  if (doc.is_string()) return doc.get<std::string>();
  if (!doc.is_object()) return doc.dump();
  std::string out;
  for (const auto& [key, value] : doc.items())
    out += (out.empty() ? "{" : ", ") + key + ": " + flow(value);
  return out.empty() ? "{}" : out + "}";
}

}  // namespace

core::Engine::Picture HuberCaravanEngine::picture(const Document& view, const Document& last,
                                                  int viewer) const {
  std::string holding;
  svg::Drawing d(600, 0);
  Board board;
  try {
    board = board_of(view.at("board"));
  } catch (const std::exception&) {
    return Engine::picture(view, last, viewer);  // not a board this engine can read: text
  }
  const double cell = std::min(64.0, (kWidth - kLeft - kPanel - 8) / board.columns);
  const auto x_of = [&](int sq) { return kLeft + (sq % board.columns) * cell; };
  const auto y_of = [&](int sq) { return kTop + (sq / board.columns) * cell; };

  for (int c = 0; c < board.columns; ++c)
    d.text(kLeft + (c + 0.5) * cell, kTop - 9, std::string(1, static_cast<char>('a' + c)),
           {.size = 15, .anchor = svg::Anchor::kMiddle, .bold = true});
  for (int r = 0; r < board.rows; ++r)
    d.text(kLeft - 12, kTop + (r + 0.5) * cell + 5, std::to_string(r + 1),
           {.size = 15, .anchor = svg::Anchor::kMiddle, .bold = true});

  for (int sq = 0; sq < board.squares(); ++sq) {
    const double x = x_of(sq);
    const double y = y_of(sq);
    const auto market = board.market_of(sq);
    d.rect(x, y, cell, cell,
           {.fill = market ? "#F3EBDD" : colour::kSand,
            .stroke = colour::kDarkGrey,
            .stroke_width = 1});
    d.text(x + cell - 3, y + cell - 4, board.square_name(sq),
           {.size = 10, .anchor = svg::Anchor::kEnd, .fill = colour::kDarkGrey});
    if (market) {  // a market: a band in the good's colour and its name
      d.rect(x + 1, y + 1, cell - 2, 15, {.fill = cube_fill(*market), .opacity = 0.9});
      d.text(x + cell / 2, y + 12, good_name(*market),
             {.size = 11, .anchor = svg::Anchor::kMiddle, .bold = true, .fill = cube_ink(*market)});
    }
  }

  // Numbered spaces: the number in a circle, the loose good, the demand markers.
  for (const Document& space : core::member(view, "spaces")) {
    const auto sq = board.parse_square(text_of(core::member(space, "at")));
    if (!sq) continue;
    const double x = x_of(*sq);
    const double y = y_of(*sq);
    d.circle(x + 11, y + 11, 9,
             {.fill = colour::kWhite, .stroke = colour::kBlack, .stroke_width = 1.2});
    d.text(x + 11, y + 15.5, text_of(core::member(space, "number")),
           {.size = 12, .anchor = svg::Anchor::kMiddle, .bold = true});
    if (const auto good = parse_good(text_of(core::member(space, "good")))) {
      d.begin_group(fmt::format("{}: {} on space {}", board.square_name(*sq), good_name(*good),
                                text_of(core::member(space, "number"))));
      cube(d, *good, x + 24, y + 3, 18);
      d.end_group();
    }
    const int demand = space.value("demand", 0);
    for (int i = 0; i < demand; ++i)
      d.polygon({x + 48 + i * 7.0, y + 6, x + 52 + i * 7.0, y + 11, x + 48 + i * 7.0, y + 16,
                 x + 44 + i * 7.0, y + 11},
                {.fill = colour::kOrange, .stroke = colour::kBlack, .stroke_width = 0.8});
  }

  // Camels: up to four in a row along the bottom of a square, the good they carry above them.
  std::map<int, int> on_square;
  const Document& players = core::member(view, "players");
  for (const Document& p : players) {
    const int seat = seat_index(text_of(core::member(p, "seat")));
    for (const Document& camel : core::member(p, "camels")) {
      const auto sq = board.parse_square(text_of(core::member(camel, "at")));
      if (!sq) continue;
      const int slot = on_square[*sq]++;
      const double cx = x_of(*sq) + 10 + (slot % 4) * 14.0;
      const double cy = y_of(*sq) + cell - 20 - (slot / 4) * 12.0;
      const auto good = parse_good(text_of(core::member(camel, "good")));
      d.begin_group(fmt::format("{} camel on {}{}", kSeats[seat].name, board.square_name(*sq),
                                good ? " carrying " + good_name(*good) : std::string()),
                    "camel");
      seat_mark(d, seat, cx, cy, 6);
      if (good) cube(d, *good, cx - 6, cy - 21, 12);
      if (camel.value("under", false))
        d.line(cx - 7, cy + 8, cx + 7, cy + 8, {.stroke = colour::kBlack, .stroke_width = 2});
      d.end_group();
    }
  }

  // What the last turn did: the squares its actions named.
  std::set<int> marked;
  std::string summary;
  if (last.is_object())
    for (const Document& e : core::member(last, "events")) {
      if (!e.is_object() || !e.contains("action")) continue;
      squares_named(e.at("action"), board, marked);
      summary += (summary.empty() ? "" : "; ") + text_of(core::member(e, "seat")) + " " +
                 flow(e.at("action"));
    }
  for (int sq : marked)
    d.rect(x_of(sq) + 2, y_of(sq) + 2, cell - 4, cell - 4,
           {.stroke = colour::kHighlight, .stroke_width = 3, .dash = "6 4", .css_class = "last"},
           4);

  // The players' panel: shape, supply, goods held, score; then the bag.
  const Document& turn = core::member(view, "turn");
  const std::string to_move = text_of(core::member(turn, "player"));
  double px = kLeft + board.columns * cell + 12;
  double y = kTop + 6;
  for (const Document& p : players) {
    const std::string name = text_of(core::member(p, "seat"));
    const int seat = seat_index(name);
    seat_mark(d, seat, px + 7, y + 1, 7);
    d.text(px + 20, y + 6, name + (name == to_move ? " \u25C0" : ""), {.size = 14, .bold = true});
    d.text(px, y + 24,
           fmt::format("supply {}, held {}", text_of(core::member(p, "supply"), "0"),
                       text_of(core::member(p, "held"), "0")),
           {.size = 12});
    d.text(px, y + 40, fmt::format("score {}", text_of(core::member(p, "score"), "0")),
           {.size = 12});
    if (viewer >= 0 && seat_index(name) == viewer && name == kSeats[viewer].name)
      holding = fmt::format("{} camel(s) in your supply, {} good(s) held",
                            text_of(core::member(p, "supply"), "0"),
                            text_of(core::member(p, "held"), "0"));
    y += 56;
  }
  if (to_move.size())
    d.text(px, y, fmt::format("{} actions left", text_of(core::member(turn, "left"), "0")),
           {.size = 12});
  y += 20;
  d.text(px, y, "In the bag:", {.size = 12, .bold = true});
  const Document& bag = core::member(view, "bag");
  int row = 0;
  for (int good = 0; good < kGoodKinds; ++good) {
    const int count =
        bag.is_object()
            ? bag.value(good_name(good), 0)
            : static_cast<int>(std::count(bag.begin(), bag.end(), Document(good_name(good))));
    const double bx = px + (row % 2) * 56;
    const double by = y + 8 + (row / 2) * 22;
    cube(d, good, bx, by, 16);
    d.text(bx + 20, by + 13, std::to_string(count), {.size = 12});
    ++row;
  }
  const double bottom = std::max(kTop + board.rows * cell, y + 8 + 4 * 22) + 8;
  double ly = bottom + 14;
  // The last turn's actions, as many to a line as fit the width.
  std::string line = "Last:";
  std::size_t start = 0;
  while (start < summary.size()) {
    std::size_t end = summary.find("; ", start);
    if (end == std::string::npos) end = summary.size();
    const std::string part = summary.substr(start, end - start);
    if (line.size() + part.size() > 72 && line != "Last:") {
      d.text(8, ly, line, {.size = 13, .bold = true, .fill = colour::kHighlight});
      ly += 18;
      line.clear();
    }
    line += " " + part + (end < summary.size() ? ";" : "");
    start = end + 2;
  }
  if (!summary.empty()) {
    d.text(8, ly, line, {.size = 13, .bold = true, .fill = colour::kHighlight});
    ly += 18;
  }
  d.text(8, ly,
         "Moves: place: c3 \u2022 move: {from: c3, to: d3} \u2022 pickup: b2 \u2022 steal: e4 "
         "\u2022 good: {from: b2, to: d3} \u2022 end",
         {.size = 11, .fill = colour::kDarkGrey});
  d.set_height(ly + 10);
  d.set_title("huber-caravan");
  return Picture::of(d, holding);
}

}  // namespace games::huber_caravan
