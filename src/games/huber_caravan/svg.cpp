// The Huber board as a picture, drawn from the board data the view carries: the grid with its
// square names, the markets, the numbered spaces with their loose goods and demand markers, and
// every camel (a shape and a colour per player) with the good it carries. The squares the last
// turn's actions named are outlined. An action in words, for a button, is written here too.
#include "core/svg.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include <fmt/format.h>

#include "games/huber_caravan/huber_caravan.hpp"

namespace games::huber_caravan {

namespace {

using core::Document;
namespace svg = core::svg;
namespace colour = core::svg::colour;

// Phone first: the page shows the picture at most 640 px wide and, on a 390 px phone, 374 px
// wide. The grid takes the width (the players and the bag below it); a good is 46 units, 28 px
// there, and a row of the grid grows where a square holds more than one.
constexpr double kLeft = 26;
constexpr double kTop = 28;
constexpr double kWidth = 600;
constexpr double kGood = 46;
constexpr double kBand = 24;  // a square's bottom band: its number or market, and its name
constexpr double kText = 17;

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

// A good as a cube; `face` for the goods on the board (class "face"), not the legend's.
void cube(svg::Drawing& d, int good, double x, double y, double size, bool face = false) {
  d.rect(x, y, size, size,
         {.fill = cube_fill(good),
          .stroke = colour::kBlack,
          .stroke_width = 1,
          .css_class = face ? "face" : ""},
         2);
  d.text(
      x + size / 2, y + size * 0.68, initials(good),
      {.size = size * 0.5, .anchor = svg::Anchor::kMiddle, .bold = true, .fill = cube_ink(good)});
}

void demand_marker(svg::Drawing& d, double cx, double cy) {
  d.polygon({cx, cy - 5, cx + 4, cy, cx, cy + 5, cx - 4, cy},
            {.fill = colour::kOrange, .stroke = colour::kBlack, .stroke_width = 0.8});
}

// Every string in an action that names a square of the board.
void squares_named(const Document& doc, const Board& board, std::set<int>& out) {
  if (doc.is_string()) {
    if (auto sq = board.parse_square(doc.get<std::string>())) out.insert(*sq);
  } else if (doc.is_structured()) {
    for (const Document& item : doc) squares_named(item, board, out);
  }
}

// An action in words, after the seat's name: "placed a camel on c3", "moved a camel from c3
// to d3", "passed a good from b2 to d3".
std::string action_words(const Document& action) {
  if (action.is_string()) return action.get<std::string>() == "end" ? "ended the turn" : "";
  if (!action.is_object() || action.size() != 1) return {};
  const std::string key = action.begin().key();
  const Document& body = action.begin().value();
  const std::string at =
      body.is_string() ? body.get<std::string>() : text_of(core::member(body, "at"));
  const std::string from = text_of(core::member(body, "from"));
  const std::string to = text_of(core::member(body, "to"));
  const std::string colour = text_of(core::member(body, "colour"));
  const std::string good = colour.empty() ? std::string("a good") : "the " + colour;
  if (key == "place") return "placed a camel on " + at;
  if (key == "pickup") return "picked up the good on " + at;
  if (key == "move") return fmt::format("moved a camel from {} to {}", from, to);
  if (key == "steal") {
    const std::string victim = text_of(core::member(body, "victim"));
    return fmt::format("stole {} on {}{}", good, at, victim.empty() ? "" : " from " + victim);
  }
  if (key == "good") return fmt::format("passed {} from {} to {}", good, from, to);
  return {};
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
  const double cell = std::min(96.0, (kWidth - kLeft - 6) / board.columns);

  bool demand_drawn = false;
  bool under_drawn = false;
  // What stands on each square: the loose good, then the camels (a loaded one as its good with
  // the seat's mark on its corner, an empty one as the mark alone).
  struct Item {
    int good = -1;  // -1: none
    int seat = -1;  // -1: a loose good
    bool under = false;
    std::string tooltip;
  };
  std::map<int, std::vector<Item>> items;
  for (const Document& space : core::member(view, "spaces")) {
    const auto sq = board.parse_square(text_of(core::member(space, "at")));
    if (!sq) continue;
    if (const auto good = parse_good(text_of(core::member(space, "good"))))
      items[*sq].push_back({*good, -1, false,
                            fmt::format("{}: {} on space {}", board.square_name(*sq),
                                        good_name(*good), text_of(core::member(space, "number")))});
  }
  const Document& players = core::member(view, "players");
  for (const Document& p : players) {
    const int seat = seat_index(text_of(core::member(p, "seat")));
    for (const Document& camel : core::member(p, "camels")) {
      const auto sq = board.parse_square(text_of(core::member(camel, "at")));
      if (!sq) continue;
      const auto good = parse_good(text_of(core::member(camel, "good")));
      under_drawn = under_drawn || (good && camel.value("under", false));
      items[*sq].push_back(
          {good ? *good : -1, seat, camel.value("under", false),
           fmt::format("{} camel on {}{}", kSeats[seat].name, board.square_name(*sq),
                       good ? " carrying " + good_name(*good) : std::string())});
    }
  }
  // Each square's contents laid out: goods 46 units, as many a line as the width takes (one,
  // beside the empty camels' marks, which are grouped by seat and stacked two high at the right,
  // or below the goods when those leave no room). A row of the grid is as tall as its fullest
  // square needs, so that no good shrinks.
  struct Contents {
    std::vector<const Item*> goods;
    std::map<int, int> empty;  // seat -> empty camels
    double columns = 0;        // of marks, at the right
    bool marks_below = false;
    double height = 0;  // what the square needs
  };
  std::map<int, Contents> layouts;
  std::vector<double> row_height(static_cast<std::size_t>(board.rows), cell);
  for (const auto& [sq, here] : items) {
    Contents& l = layouts[sq];
    for (const Item& item : here) {
      if (item.good >= 0)
        l.goods.push_back(&item);
      else
        ++l.empty[item.seat];
    }
    l.columns = std::ceil(static_cast<double>(l.empty.size()) / 2.0);
    l.marks_below = !l.goods.empty() && cell - 6 - 24.0 * l.columns < kGood;
    if (l.marks_below) l.columns = 0;
    const double room = cell - 6 - 24.0 * l.columns;
    const auto per_line = static_cast<std::size_t>(std::max(1.0, (room + 3) / (kGood + 3)));
    const double lines = std::ceil(static_cast<double>(l.goods.size()) / per_line);
    const double marks =
        l.marks_below ? 26.0 * std::ceil(static_cast<double>(l.empty.size()) / 3.0) : 0;
    l.height = 3 + lines * (kGood + 3) + marks + kBand + 2;
    double& row = row_height[static_cast<std::size_t>(sq / board.columns)];
    row = std::max(row, l.height);
  }
  std::vector<double> row_top(static_cast<std::size_t>(board.rows) + 1, kTop);
  for (int r = 0; r < board.rows; ++r)
    row_top[static_cast<std::size_t>(r) + 1] =
        row_top[static_cast<std::size_t>(r)] + row_height[static_cast<std::size_t>(r)];
  const auto x_of = [&](int sq) { return kLeft + (sq % board.columns) * cell; };
  const auto y_of = [&](int sq) { return row_top[static_cast<std::size_t>(sq / board.columns)]; };
  const auto h_of = [&](int sq) {
    return row_height[static_cast<std::size_t>(sq / board.columns)];
  };

  for (int c = 0; c < board.columns; ++c)
    d.text(kLeft + (c + 0.5) * cell, kTop - 9, std::string(1, static_cast<char>('a' + c)),
           {.size = 18, .anchor = svg::Anchor::kMiddle, .bold = true});
  for (int r = 0; r < board.rows; ++r)
    d.text(kLeft - 13,
           row_top[static_cast<std::size_t>(r)] + row_height[static_cast<std::size_t>(r)] / 2 + 6,
           std::to_string(r + 1), {.size = 18, .anchor = svg::Anchor::kMiddle, .bold = true});

  // Each square: its ground, and in its bottom band the market's good (on a band of its colour)
  // or the space's number on the left, and the square's name on the right.
  std::vector<Picture::Spot> spots;  // each square, where a move names it
  for (int sq = 0; sq < board.squares(); ++sq) {
    const double x = x_of(sq);
    const double y = y_of(sq);
    const double h = h_of(sq);
    const auto market = board.market_of(sq);
    spots.push_back({board.square_name(sq), x, y, cell, h});
    d.rect(x, y, cell, h, {.fill = colour::kSand, .stroke = colour::kDarkGrey, .stroke_width = 1});
    d.text(x + cell - 4, y + h - 6, board.square_name(sq),
           {.size = 13, .anchor = svg::Anchor::kEnd, .fill = colour::kDarkGrey});
    if (market) {
      d.rect(x + 1, y + h - kBand, cell - 26, kBand - 1,
             {.fill = cube_fill(*market), .stroke = colour::kDarkGrey, .stroke_width = 0.5});
      d.text(x + 4, y + h - 7, good_name(*market),
             {.size = 12, .bold = true, .fill = cube_ink(*market)});
    }
  }
  for (const Document& space : core::member(view, "spaces")) {
    const auto sq = board.parse_square(text_of(core::member(space, "at")));
    if (!sq) continue;
    const double x = x_of(*sq);
    const double bottom = y_of(*sq) + h_of(*sq);
    d.circle(x + 12, bottom - 12, 10,
             {.fill = colour::kWhite, .stroke = colour::kBlack, .stroke_width = 1.2});
    d.text(x + 12, bottom - 7, text_of(core::member(space, "number")),
           {.size = 13, .anchor = svg::Anchor::kMiddle, .bold = true});
    const int demand = space.value("demand", 0);
    demand_drawn = demand_drawn || demand > 0;
    for (int i = 0; i < demand; ++i) demand_marker(d, x + 30 + i * 10.0, bottom - 12);
  }

  for (const auto& [sq, l] : layouts) {
    const double room = cell - 6 - 24.0 * l.columns;
    double ix = x_of(sq) + 3;
    double top = y_of(sq) + 3;
    for (const Item* item : l.goods) {
      if (ix > x_of(sq) + 3 && ix + kGood > x_of(sq) + 3 + room) {  // the next line
        ix = x_of(sq) + 3;
        top += kGood + 3;
      }
      d.begin_group(item->tooltip, item->seat >= 0 ? "camel" : "");
      cube(d, item->good, ix, top, kGood, true);
      if (item->seat >= 0) seat_mark(d, item->seat, ix + kGood - 6, top + kGood - 6, 5.5);
      if (item->under)
        d.line(ix + 2, top + kGood + 2, ix + kGood - 2, top + kGood + 2,
               {.stroke = colour::kBlack, .stroke_width = 2.5});
      ix += kGood + 3;
      d.end_group();
    }
    const double marks_top = l.marks_below ? top + kGood + 4 : y_of(sq) + 3;
    int slot = 0;
    for (const auto& [seat, n] : l.empty) {
      const double mx = l.marks_below ? x_of(sq) + 14 + 24.0 * (slot % 3)
                                      : x_of(sq) + cell - 15 - 24.0 * (l.columns - 1 - slot / 2);
      const double my =
          l.marks_below ? marks_top + 12 + 26.0 * (slot / 3) : marks_top + 12 + 25.0 * (slot % 2);
      d.begin_group(fmt::format("{} empty {} {} on {}", n, kSeats[seat].name,
                                n == 1 ? "camel" : "camels", board.square_name(sq)),
                    "camel");
      seat_mark(d, seat, mx, my, 9);
      if (n > 1)
        d.text(mx, my + 4, std::to_string(n),
               {.size = 11,
                .anchor = svg::Anchor::kMiddle,
                .bold = true,
                .fill = seat == 3 ? colour::kBlack : colour::kWhite});
      d.end_group();
      ++slot;
    }
  }

  // What the last turn did: the squares its actions named.
  std::set<int> marked;
  std::string summary;
  if (last.is_object())
    for (const Document& e : core::member(last, "events")) {
      if (!e.is_object() || !e.contains("action")) continue;
      squares_named(e.at("action"), board, marked);
      const std::string words = action_words(e.at("action"));
      if (words.empty()) continue;
      if (summary.empty())
        summary = text_of(core::member(e, "seat")) + " ";
      else
        summary += ", then ";
      summary += words;
    }
  for (int sq : marked)
    d.rect(x_of(sq) + 2, y_of(sq) + 2, cell - 4, h_of(sq) - 4,
           {.stroke = colour::kHighlight, .stroke_width = 3, .dash = "6 4", .css_class = "last"},
           4);

  // Below the board: each player (shape, supply, goods held, score), the bag, the last turn in
  // words, and the legend.
  const Document& turn = core::member(view, "turn");
  const std::string to_move = text_of(core::member(turn, "player"));
  double y = row_top.back() + 28;
  for (const Document& p : players) {
    const std::string name = text_of(core::member(p, "seat"));
    const int seat = seat_index(name);
    seat_mark(d, seat, 16, y - 6, 8);
    d.text(
        32, y,
        fmt::format("{}{}: supply {}, held {}, score {}", name, name == to_move ? " (to move)" : "",
                    text_of(core::member(p, "supply"), "0"), text_of(core::member(p, "held"), "0"),
                    text_of(core::member(p, "score"), "0")),
        {.size = 16, .bold = name == to_move});
    if (viewer >= 0 && seat_index(name) == viewer && name == kSeats[viewer].name)
      holding = fmt::format("{} camel(s) in your supply, {} good(s) held",
                            text_of(core::member(p, "supply"), "0"),
                            text_of(core::member(p, "held"), "0"));
    y += 26;
  }
  if (to_move.size()) {
    d.text(8, y, fmt::format("{} actions left", text_of(core::member(turn, "left"), "0")),
           {.size = kText});
    y += 26;
  }
  d.text(8, y, "In the bag:", {.size = kText, .bold = true});
  y += 10;
  const Document& bag = core::member(view, "bag");
  for (int good = 0; good < kGoodKinds; ++good) {
    const int count =
        bag.is_object()
            ? bag.value(good_name(good), 0)
            : static_cast<int>(std::count(bag.begin(), bag.end(), Document(good_name(good))));
    const double bx = 8 + (good % 4) * 146;
    const double by = y + (good / 4) * 36;
    cube(d, good, bx, by, 28);
    d.text(bx + 34, by + 21, fmt::format("{} {}", count, good_name(good)), {.size = 15});
  }
  double ly = y + 2 * 36 + 22;
  if (!summary.empty()) ly += svg::last_turn_text(d, 8, ly, summary + ".", kWidth - 16, kText) + 4;
  // The legend, of what is drawn: the camels' marks are explained by the players' lines.
  if (demand_drawn) {
    demand_marker(d, 16, ly - 5);
    d.text(28, ly, "a demand marker", {.size = 15});
    ly += 22;
  }
  if (under_drawn) {
    d.line(8, ly + 2, 24, ly + 2, {.stroke = colour::kBlack, .stroke_width = 2.5});
    d.text(28, ly, "under a good: kept under its camel, where nobody can steal it", {.size = 15});
    ly += 22;
  }
  d.set_height(ly + 10);
  d.set_title("huber-caravan");
  Picture picture = Picture::of(d, holding);
  picture.spots = std::move(spots);
  return picture;
}

std::string HuberCaravanEngine::move_phrase(const Document& move) const {
  if (move.is_string() && move.get<std::string>() == "end") return "End the turn";
  if (move.is_object() && move.size() == 1) {
    const std::string key = move.begin().key();
    const Document& body = move.begin().value();
    const std::string at =
        body.is_string() ? body.get<std::string>() : text_of(core::member(body, "at"));
    const std::string from = text_of(core::member(body, "from"));
    const std::string to = text_of(core::member(body, "to"));
    std::string good = text_of(core::member(body, "colour"), text_of(core::member(body, "color")));
    good = good.empty() ? std::string("a good") : "the " + good;
    if (key == "place" && !at.empty()) return "Place a camel on " + at;
    if (key == "pickup" && !at.empty()) return "Pick up the good on " + at;
    if (key == "move" && !from.empty()) return fmt::format("Move a camel from {} to {}", from, to);
    if (key == "steal" && !at.empty()) {
      const std::string victim = text_of(core::member(body, "victim"));
      return fmt::format("Steal {} on {}{}", good, at, victim.empty() ? "" : " from " + victim);
    }
    if (key == "good" && !from.empty()) {
      const Document& under = core::member(body, "under");
      return fmt::format("Pass {}{} from {} to {}", good,
                         !under.is_boolean() ? ""
                         : under.get<bool>() ? " (the stolen one)"
                                             : " (not the stolen one)",
                         from, to);
    }
  }
  return Engine::move_phrase(move);
}

}  // namespace games::huber_caravan
