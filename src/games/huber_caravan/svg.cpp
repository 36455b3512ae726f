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
      {.size = size * 0.62, .anchor = svg::Anchor::kMiddle, .bold = true, .fill = cube_ink(good)});
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

  std::set<int> goods_drawn;  // for the legend, which names only these
  bool demand_drawn = false;
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
      goods_drawn.insert(*good);
      d.begin_group(fmt::format("{}: {} on space {}", board.square_name(*sq), good_name(*good),
                                text_of(core::member(space, "number"))));
      cube(d, *good, x + 23, y + 2, 22);
      d.end_group();
    }
    const int demand = space.value("demand", 0);
    demand_drawn = demand_drawn || demand > 0;
    for (int i = 0; i < demand; ++i) demand_marker(d, x + 53 + i * 7.0, y + 11);
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
      const double cx = x_of(*sq) + 10 + (slot % 4) * 15.0;
      const double cy = y_of(*sq) + cell - 20 - (slot / 4) * 12.0;
      const auto good = parse_good(text_of(core::member(camel, "good")));
      d.begin_group(fmt::format("{} camel on {}{}", kSeats[seat].name, board.square_name(*sq),
                                good ? " carrying " + good_name(*good) : std::string()),
                    "camel");
      seat_mark(d, seat, cx, cy, 6);
      if (good) {
        cube(d, *good, cx - 7, cy - 23, 14);
        goods_drawn.insert(*good);
      }
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
      const std::string words = action_words(e.at("action"));
      if (words.empty()) continue;
      if (summary.empty())
        summary = text_of(core::member(e, "seat")) + " ";
      else
        summary += ", then ";
      summary += words;
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
  double ly = bottom + 16;
  if (!summary.empty()) ly += svg::last_turn_text(d, 8, ly, summary + ".") + 4;
  // The legend: the goods on the board or on camels, each by cube and name.
  double lx = 8;
  for (int good = 0; good < kGoodKinds; ++good) {
    if (!goods_drawn.count(good)) continue;
    if (lx > kWidth - 100) {
      lx = 8;
      ly += 24;
    }
    cube(d, good, lx, ly - 14, 18);
    d.text(lx + 22, ly, good_name(good), {.size = 14});
    lx += 96;
  }
  if (demand_drawn) {
    if (lx > kWidth - 160) {
      lx = 8;
      ly += 24;
    }
    demand_marker(d, lx + 8, ly - 5);
    d.text(lx + 18, ly, "demand marker", {.size = 14});
    lx += 140;
  }
  if (lx > 8) ly += 16;
  d.set_height(ly + 10);
  d.set_title("huber-caravan");
  return Picture::of(d, holding);
}

}  // namespace games::huber_caravan
