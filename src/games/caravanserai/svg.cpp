// The Caravanserai map as a picture, from the tiles the view carries: every hexagon cell with its
// name, the Caravanserai cells in their colours (and letters), the loose goods, and each caravan
// as a path from tail to head in its player's colour. Cells the last turn named are outlined.
// A move in words, for a button, is written here too.
#include "core/svg.hpp"

#include <array>
#include <cmath>
#include <set>

#include <fmt/format.h>

#include "games/caravanserai/caravanserai.hpp"

namespace games::caravanserai {

namespace {

using core::Document;
namespace svg = core::svg;
namespace colour = core::svg::colour;

// Phone first: the page shows the picture at most 640 px wide and, on a 390 px phone, 374 px
// wide. The map takes the width, its goods as large as a cell allows; what it says is below it,
// wrapped to the width.
constexpr double kWidth = 600;
constexpr double kText = 17;
using core::svg::text_of;
constexpr const char* kGoodFill[kColours] = {colour::kWhite, "#333333", colour::kPurple,
                                             colour::kVermillion, colour::kYellow};
constexpr const char* kGoodInk[kColours] = {colour::kBlack, colour::kWhite, colour::kBlack,
                                            colour::kWhite, colour::kBlack};
constexpr char kLetters[] = {'W', 'K', 'P', 'R', 'Y'};
constexpr const char* kSeatFill[] = {colour::kBlue,    colour::kOrange, colour::kGreen,
                                     colour::kSkyBlue, colour::kPurple, colour::kBlack};

void cell_names(const Document& doc, const Board& board, std::set<int>& out) {
  if (doc.is_string()) {
    if (auto cell = board.find(doc.get<std::string>())) out.insert(*cell);
  } else if (doc.is_structured()) {
    for (const Document& item : doc) cell_names(item, board, out);
  }
}

// Cell names as a person lists them: "d7", "d7 and e7", "d7, e7 and f7".
std::string cell_list(const Document& doc) {
  std::vector<std::string> names;
  if (doc.is_string()) names.push_back(doc.get<std::string>());
  if (doc.is_array())
    for (const Document& item : doc)
      if (item.is_string()) names.push_back(item.get<std::string>());
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i)
    out += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + names[i];
  return out;
}

// One move in words, after its player's name: "started at d7", "moved along d7, e7 and e8".
std::string move_words(const Document& move) {
  if (move.is_string())
    return move.get<std::string>() == "pass" ? "passed" : move.get<std::string>();
  if (!move.is_object()) return {};
  std::vector<std::string> parts;
  if (move.contains("start")) parts.push_back("started at " + cell_list(move["start"]));
  if (move.contains("path")) parts.push_back("moved along " + cell_list(move["path"]));
  if (move.contains("decline")) parts.push_back("declined " + cell_list(move["decline"]));
  if (move.contains("place")) parts.push_back("placed on " + cell_list(move["place"]));
  std::string out;
  for (std::size_t i = 0; i < parts.size(); ++i)
    out += (i == 0 ? "" : i + 1 == parts.size() ? " and " : ", ") + parts[i];
  return out;
}

}  // namespace

core::Engine::Picture CaravanseraiEngine::picture(const Document& view, const Document& last,
                                                  int viewer) const {
  Position pos;
  try {
    pos = position_from_document(view, std::nullopt);
  } catch (const core::SetupError&) {
    return Engine::picture(view, last, viewer);
  }
  std::string holding;
  svg::Drawing d(600, 0);
  const Board& b = *pos.board;
  // Pointy-top hexagons: a cell is two half-columns wide, rows are 1.5 radii apart.
  const double w = (kWidth - 30) / (b.half_columns() / 2.0 + 1);
  const double r = w / std::sqrt(3.0);
  const double left = 22;
  const double top = 24;
  const auto cx = [&](int cell) { return left + b.half_column(cell) * w / 2 + w / 2; };
  const auto cy = [&](int cell) { return top + b.row(cell) * 1.5 * r + r; };
  const auto hexagon = [&](double x, double y, double radius) {
    std::vector<double> points;
    for (int k = 0; k < 6; ++k) {
      const double a = (60.0 * k - 30.0) * 3.14159265358979 / 180.0;
      points.push_back(x + radius * std::cos(a));
      points.push_back(y + radius * std::sin(a));
    }
    return points;
  };
  std::array<bool, kColours> used{};  // the goods' colours drawn, for the legend
  // A good: a square in its colour with its letter, so goods differ by more than hue.
  const auto good = [&](svg::Drawing& out, int g, double x, double y, double side,
                        bool face = false) {
    out.rect(x - side / 2, y - side / 2, side, side,
             {.fill = kGoodFill[g],
              .stroke = colour::kBlack,
              .stroke_width = 1,
              .css_class = face ? "face" : ""});
    out.text(
        x, y + side * 0.3, std::string(1, kLetters[g]),
        {.size = side * 0.75, .anchor = svg::Anchor::kMiddle, .bold = true, .fill = kGoodInk[g]});
  };
  // The cells a caravan covers (their colour letter would sit under its pieces).
  std::set<int> covered;
  for (const Player& p : pos.players)
    for (const Piece& piece : p.caravan) covered.insert(piece.cell);
  for (int row = 0; row < b.rows(); ++row)
    d.text(9, top + row * 1.5 * r + r + 5, std::string(1, static_cast<char>('a' + row)),
           {.size = 14, .anchor = svg::Anchor::kMiddle, .bold = true});

  for (int cell = 0; cell < b.size(); ++cell) {
    const int c = b.colour(cell);
    const double x = cx(cell);
    const double y = cy(cell);
    d.polygon(hexagon(x, y, r - 0.5), {.fill = c >= 0 ? kGoodFill[c] : colour::kSand,
                                       .stroke = colour::kDarkGrey,
                                       .stroke_width = c >= 0 ? 2 : 0.8});
    if (c >= 0) d.polygon(hexagon(x, y, r * 0.62), {.fill = colour::kSand});
    // The name in dark ink on sand (inside the ring of a Caravanserai cell, whatever its
    // colour); a Caravanserai's colour letter below it, so colours differ by more than hue.
    d.text(x, y - r * 0.42, b.name(cell),
           {.size = std::max(8.0, r * 0.34),
            .anchor = svg::Anchor::kMiddle,
            .fill = c >= 0 ? colour::kBlack : colour::kDarkGrey});
    if (c >= 0 && pos.loose[static_cast<std::size_t>(cell)] < 0 && !covered.count(cell))
      d.text(x, y + r * 0.42, std::string(1, kLetters[c]),
             {.size = std::max(8.0, r * 0.5), .anchor = svg::Anchor::kMiddle, .bold = true});
    if (pos.loose[static_cast<std::size_t>(cell)] >= 0) {
      const int g = pos.loose[static_cast<std::size_t>(cell)];
      used[static_cast<std::size_t>(g)] = true;
      d.begin_group(fmt::format("{}: a {} good", b.name(cell), colour_name(g)));
      good(d, g, x, y + r * 0.22, r * 0.92, true);
      d.end_group();
    }
  }

  // Caravans: a path tail to head, goods as squares, camels as discs, the head with its letter.
  for (int s = 0; s < pos.num_players(); ++s) {
    const Player& p = pos.players[static_cast<std::size_t>(s)];
    if (p.caravan.empty()) continue;
    const std::string letter(1, static_cast<char>('A' + s));
    std::vector<double> path;
    for (const Piece& piece : p.caravan) {
      path.push_back(cx(piece.cell));
      path.push_back(cy(piece.cell) + r * 0.22);
    }
    d.begin_group(fmt::format("caravan {}, length {}", letter, p.caravan.size()), "caravan");
    d.polyline(path, {.stroke = kSeatFill[s % 6], .stroke_width = r * 0.28});
    for (std::size_t i = 0; i < p.caravan.size(); ++i) {
      const Piece& piece = p.caravan[i];
      const double x = cx(piece.cell);
      const double y = cy(piece.cell) + r * 0.22;
      if (piece.kind == kCamel) {
        const bool head = i + 1 == p.caravan.size();
        d.circle(x, y, r * (head ? 0.46 : 0.34),
                 {.fill = kSeatFill[s % 6], .stroke = colour::kWhite, .stroke_width = 1.5});
        if (head)
          d.text(x, y + r * 0.2, letter,
                 {.size = r * 0.55,
                  .anchor = svg::Anchor::kMiddle,
                  .bold = true,
                  .fill = s == 1 || s == 3 ? colour::kBlack : colour::kWhite});
      } else {
        used[static_cast<std::size_t>(piece.kind)] = true;
        d.rect(x - r * 0.46, y - r * 0.46, r * 0.92, r * 0.92,
               {.fill = kGoodFill[piece.kind],
                .stroke = kSeatFill[s % 6],
                .stroke_width = 2.5,
                .css_class = "face"});
        d.text(x, y + r * 0.24, std::string(1, kLetters[piece.kind]),
               {.size = r * 0.66,
                .anchor = svg::Anchor::kMiddle,
                .bold = true,
                .fill = kGoodInk[piece.kind]});
      }
    }
    d.end_group();
  }

  std::set<int> marked;
  std::string summary;
  if (last.is_object()) {
    cell_names(last.value("moves", Document()), b, marked);
    for (const Document& e : last.value("events", Document::array())) cell_names(e, b, marked);
    // Said from the events (everyone sees them, the seat's letter and the move), else from the
    // turn's moves and its player.
    std::string done;
    std::string who;
    for (const Document& e : last.value("events", Document::array())) {
      if (!e.is_object() || !e.contains("move")) continue;
      const std::string words = move_words(e["move"]);
      if (words.empty()) continue;
      who = text_of(core::member(e, "seat"));
      done += (done.empty() ? "" : ", then ") + words;
    }
    if (done.empty() && last.contains("player")) {
      who = text_of(last["player"]);
      for (const Document& move : last.value("moves", Document::array())) {
        const std::string words = move_words(move);
        if (!words.empty()) done += (done.empty() ? "" : ", then ") + words;
      }
    }
    if (!who.empty() && !done.empty()) summary = fmt::format("{} {}.", who, done);
  }
  for (int cell : marked)
    d.polygon(
        hexagon(cx(cell), cy(cell), r - 3),
        {.stroke = colour::kHighlight, .stroke_width = 3, .dash = "5 3", .css_class = "last"});

  double y = top + (b.rows() - 1) * 1.5 * r + 2 * r + 24;
  const auto lines = [&](const std::string& text, double x, const svg::TextStyle& style) {
    for (const std::string& line : svg::wrap(text, kWidth - 8 - x, style.size)) {
      d.text(x, y, line, style);
      y += style.size + 7;
    }
  };
  std::string market;
  for (int c = 0; c < kColours; ++c)
    market += fmt::format("{}{} {}", c ? ", " : "", colour_name(c),
                          pos.market[static_cast<std::size_t>(c)]);
  lines("Market: " + market, 8, {.size = kText});
  y += 4;
  for (int s = 0; s < pos.num_players(); ++s) {
    const Player& p = pos.players[static_cast<std::size_t>(s)];
    std::string goods;
    for (int c = 0; c < kColours; ++c)
      goods +=
          fmt::format("{}{}{}", c ? " " : "", kLetters[c], p.goods[static_cast<std::size_t>(c)]);
    const std::string line =
        fmt::format("{}: length {}, reserve: camels {}, goods {}", static_cast<char>('A' + s),
                    p.caravan.size(), p.camels, goods);
    d.circle(14, y - 6, 7, {.fill = kSeatFill[s % 6], .stroke = colour::kBlack, .stroke_width = 1});
    const bool moving = pos.phase != Phase::kOver && pos.to_move == s;
    lines(line + (moving ? " (to move)" : ""), 28, {.size = 16, .bold = moving});
    if (s == viewer) holding = fmt::format("{} camel(s) and goods {}", p.camels, goods);
  }
  if (!summary.empty()) y += svg::last_turn_text(d, 8, y + 4, summary, kWidth - 16, kText) + 8;
  // The legend: the goods drawn, each by colour, letter and name.
  double x = 8;
  for (int c = 0; c < kColours; ++c) {
    if (!used[static_cast<std::size_t>(c)]) continue;
    if (x > kWidth - 120) {
      x = 8;
      y += 30;
    }
    good(d, c, x + 12, y - 6, 24);
    d.text(x + 30, y, colour_name(c), {.size = 16});
    x += 116;
  }
  if (x > 8) y += 24;
  d.set_height(y + 12);
  d.set_title("caravanserai");
  return Picture::of(d, holding);
}

std::string CaravanseraiEngine::move_phrase(const Document& move) const {
  if (move.is_string() && move.get<std::string>() == "pass") return "Pass";
  if (!move.is_object()) return Engine::move_phrase(move);
  std::vector<std::string> parts;
  if (move.contains("start")) parts.push_back("Start at " + cell_list(move["start"]));
  if (const Document& path = core::member(move, "path"); path.is_array()) {
    // "Go NE: purple, 2 yellow, purple, turn E, 2 purple" (the head camel is implied).
    std::string laid;
    std::string heading;
    for (const Document& item : path) {
      std::string said;
      if (item.is_string() && parse_direction(item.get<std::string>())) {
        if (heading.empty()) {
          heading = item.get<std::string>();
          continue;
        }
        said = "turn " + item.get<std::string>();
      } else if (item.is_string()) {
        said = item.get<std::string>() == "lying" ? "a lying camel" : item.get<std::string>();
      } else if (item.is_array() && item.size() == 2) {
        said = fmt::format("{} {}", text_of(item[1]), text_of(item[0]));
      } else if (item.is_object() && item.contains("turn")) {
        said = "turn " + text_of(item["turn"]);
      } else {
        said = item.dump();
      }
      laid += (laid.empty() ? "" : ", ") + said;
    }
    parts.push_back("Go " + heading + (laid.empty() ? std::string() : ": " + laid));
  }
  if (move.contains("decline")) parts.push_back("decline " + cell_list(move["decline"]));
  if (move.contains("place"))
    parts.push_back((parts.empty() ? "Place a good on " : "goods owed to ") +
                    cell_list(move["place"]));
  if (parts.empty()) return Engine::move_phrase(move);
  std::string out;
  for (std::size_t i = 0; i < parts.size(); ++i) out += (i == 0 ? "" : "; ") + parts[i];
  return out;
}

}  // namespace games::caravanserai
