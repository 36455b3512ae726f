// The Caravanserai map as a picture, from the tiles the view carries: every hexagon cell with its
// name, the Caravanserai cells in their colours (and letters), the loose goods, and each caravan
// as a path from tail to head in its player's colour; a map too wide for legible goods is cut
// into bands of columns, stacked. Cells the last turn named are outlined.
// A move in words, for a button, is written here too.
#include "core/svg.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "games/caravanserai/caravanserai.hpp"

namespace games::caravanserai {

namespace {

using core::Document;
namespace svg = core::svg;
namespace colour = core::svg::colour;

// Phone first: the page shows the picture at most 640 px wide and, on a 390 px phone, 374 px
// wide. The map takes the width, in bands of columns where it is too wide for its goods to be
// legible (lay_out_map); what it says is below it, wrapped to the width.
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

// The map is drawn in bands of whole columns, stacked, when it is too wide for its goods to be
// legible across the width: a good is a square of kGoodShare cell radii, at least kLeastGood
// units (28.7 px where the picture is 374 px wide), and no band's cells are larger than
// kLargestRadius. The bands together are at most kMapBudget tall unless the least good needs more.
constexpr double kGoodShare = 1.25;
constexpr double kLeastGood = 46;
constexpr double kLargestRadius = 40;
constexpr double kMapBudget = 2000;
constexpr double kMapLeft = 22;  // the row letters' margin
constexpr double kBandGap = 34;  // between one band and the next band's heading

// A band: the cells of half-columns first..last (a whole number of columns), the rows they
// cover, and where the band starts down the picture.
struct Band {
  int first = 0;
  int last = 0;
  int top_row = 0;
  int bottom_row = 0;
  double top = 0;
};

struct MapLayout {
  std::vector<Band> bands;
  double radius = 0;  // a cell's, from its centre to a corner
  double bottom = 0;  // below the last band
};

// The bands of at most `span` half-columns from one cell's left edge to another's (a band starts
// at an even half-column, so that a column is never cut), their rows from the board.
std::vector<Band> bands_of(const Board& b, int span) {
  int widest = 0;
  for (int cell = 0; cell < b.size(); ++cell) widest = std::max(widest, b.half_column(cell));
  std::vector<Band> bands;
  for (int first = 0; first <= widest;) {
    int next = first + span + 1;
    if (next % 2 != 0) --next;
    bands.push_back({.first = first,
                     .last = std::min(next - 1, widest),
                     .top_row = b.rows(),
                     .bottom_row = -1});
    first = next;
  }
  for (int cell = 0; cell < b.size(); ++cell)
    for (Band& band : bands)
      if (b.half_column(cell) >= band.first && b.half_column(cell) <= band.last) {
        band.top_row = std::min(band.top_row, b.row(cell));
        band.bottom_row = std::max(band.bottom_row, b.row(cell));
      }
  std::erase_if(bands, [](const Band& band) { return band.bottom_row < 0; });
  return bands;
}

// The fewest bands whose least good is legible, each as narrow as that count allows; then the
// radius that fills the width, kept within kLargestRadius and (if the least good allows) the
// budget; then each band's place down the picture.
MapLayout lay_out_map(const Board& b) {
  const double least = kLeastGood / kGoodShare;
  const double room = kWidth - kMapLeft - 6;
  const auto fit = [&](const std::vector<Band>& bands) {
    int widest = 0;  // in half-columns from the first cell's left edge to the last's
    for (const Band& band : bands) widest = std::max(widest, band.last - band.first);
    return room / ((widest / 2.0 + 1) * std::sqrt(3.0));
  };
  MapLayout map;
  double fitted = 0;
  const int across = std::max(4, b.half_columns());
  for (std::size_t count = 1; count <= 4 && fitted < least; ++count) {
    for (int span = 3; span <= across; ++span) {
      auto bands = bands_of(b, span);
      if (bands.size() > count) continue;
      map.bands = std::move(bands);
      fitted = fit(map.bands);
      break;
    }
  }
  double rows = 0;  // the bands' height in cell radii
  for (const Band& band : map.bands) rows += (band.bottom_row - band.top_row) * 1.5 + 2;
  map.radius = std::min(fitted, std::max(least, std::min(kLargestRadius, kMapBudget / rows)));
  double y = map.bands.size() > 1 ? 32 : 24;
  for (Band& band : map.bands) {
    band.top = y;
    y += ((band.bottom_row - band.top_row) * 1.5 + 2) * map.radius + kBandGap;
  }
  map.bottom = y - kBandGap;
  return map;
}

// "West: columns 1-8", "East: columns 9-16" (and "Middle" between), or "Part 2 of 4: ...".
std::string band_heading(std::size_t index, std::size_t count, const Band& band) {
  std::string part = fmt::format("Part {} of {}", index + 1, count);
  if (count <= 3) part = index == 0 ? "West" : index + 1 == count ? "East" : "Middle";
  return fmt::format("{}: columns {}\u2013{}", part, band.first / 2 + 1, band.last / 2 + 1);
}

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
  const MapLayout map = lay_out_map(b);
  const double r = map.radius;
  const double w = r * std::sqrt(3.0);
  const auto band_of = [&](int cell) -> const Band& {
    for (const Band& band : map.bands)
      if (b.half_column(cell) <= band.last) return band;
    return map.bands.back();
  };
  // A cell's centre in the frame of `band` (a cell of another band lies beyond its edge).
  const auto centre_in = [&](const Band& band, int cell) {
    return std::pair{kMapLeft + (b.half_column(cell) - band.first) * w / 2 + w / 2,
                     band.top + (b.row(cell) - band.top_row) * 1.5 * r + r};
  };
  const auto centre = [&](int cell) { return centre_in(band_of(cell), cell); };
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
  // A good: a square (its corners rounded, so that it keeps clear of the names in the cells
  // around) in its colour with its letter, so goods differ by more than hue.
  const auto good = [&](int g, double x, double y, double side, const char* edge, double edge_width,
                        bool face) {
    d.rect(x - side / 2, y - side / 2, side, side,
           {.fill = kGoodFill[g],
            .stroke = edge,
            .stroke_width = edge_width,
            .css_class = face ? "face" : ""},
           side * 0.18);
    d.text(
        x, y + side * 0.3, std::string(1, kLetters[g]),
        {.size = side * 0.75, .anchor = svg::Anchor::kMiddle, .bold = true, .fill = kGoodInk[g]});
  };
  const double side = kGoodShare * r;  // a good's side
  const double lower = 0.03 * r;       // a piece's centre below its cell's
  const double name_size = std::max(10.0, 0.3 * r);
  // The cells a caravan covers (their colour letter would sit under its pieces).
  std::set<int> covered;
  for (const Player& p : pos.players)
    for (const Piece& piece : p.caravan) covered.insert(piece.cell);

  for (std::size_t i = 0; i < map.bands.size(); ++i) {
    const Band& band = map.bands[i];
    if (map.bands.size() > 1)
      d.text(8, band.top - 8, band_heading(i, map.bands.size(), band),
             {.size = 15, .bold = true, .fill = colour::kDarkGrey});
    for (int row = band.top_row; row <= band.bottom_row; ++row)
      d.text(9, band.top + (row - band.top_row) * 1.5 * r + r + 5,
             std::string(1, static_cast<char>('a' + row)),
             {.size = 14, .anchor = svg::Anchor::kMiddle, .bold = true});
  }
  for (int cell = 0; cell < b.size(); ++cell) {
    const int c = b.colour(cell);
    const auto [x, y] = centre(cell);
    d.polygon(hexagon(x, y, r - 0.5), {.fill = c >= 0 ? kGoodFill[c] : colour::kSand,
                                       .stroke = colour::kDarkGrey,
                                       .stroke_width = c >= 0 ? 2 : 0.8});
    if (c >= 0) d.polygon(hexagon(x, y, r * 0.62), {.fill = colour::kSand});
    // The name in dark ink on a tag of sand (the ring of a Caravanserai cell, whatever its
    // colour, runs under it), above the piece that may stand on it; a Caravanserai's colour
    // letter in the middle, so colours differ by more than hue.
    const double name_y = y + lower - side / 2 - 1.5 - 0.24 * name_size;
    if (c >= 0) {
      const double tag = 0.62 * name_size * static_cast<double>(b.name(cell).size()) + 6;
      d.rect(x - tag / 2, name_y - 0.8 * name_size, tag, 1.05 * name_size, {.fill = colour::kSand},
             3);
    }
    d.text(x, name_y, b.name(cell),
           {.size = name_size,
            .anchor = svg::Anchor::kMiddle,
            .fill = c >= 0 ? colour::kBlack : colour::kDarkGrey});
    if (c >= 0 && pos.loose[static_cast<std::size_t>(cell)] < 0 && !covered.count(cell))
      d.text(x, y + r * 0.2, std::string(1, kLetters[c]),
             {.size = r * 0.5, .anchor = svg::Anchor::kMiddle, .bold = true});
    if (pos.loose[static_cast<std::size_t>(cell)] >= 0) {
      const int g = pos.loose[static_cast<std::size_t>(cell)];
      used[static_cast<std::size_t>(g)] = true;
      d.begin_group(fmt::format("{}: a {} good", b.name(cell), colour_name(g)));
      good(g, x, y + lower, side, colour::kBlack, 1, true);
      d.end_group();
    }
  }

  // Caravans: a path tail to head, goods as squares edged in the player's colour, camels as
  // discs, the head with its letter. Where a caravan crosses from one band to the next, its path
  // runs to the edge it crosses in both.
  for (int s = 0; s < pos.num_players(); ++s) {
    const Player& p = pos.players[static_cast<std::size_t>(s)];
    if (p.caravan.empty()) continue;
    const std::string letter(1, static_cast<char>('A' + s));
    d.begin_group(fmt::format("caravan {}, length {}", letter, p.caravan.size()), "caravan");
    const svg::Style path_style{.stroke = kSeatFill[s % 6], .stroke_width = r * 0.28};
    std::vector<double> path;
    for (std::size_t i = 0; i < p.caravan.size(); ++i) {
      const int cell = p.caravan[i].cell;
      const Band& band = band_of(cell);
      if (i > 0 && &band_of(p.caravan[i - 1].cell) != &band) {
        // Close the run at the edge it crosses, and start the next one from that edge.
        const int before = p.caravan[i - 1].cell;
        const auto edge = [&](const Band& in) {
          const auto [x0, y0] = centre_in(in, before);
          const auto [x1, y1] = centre_in(in, cell);
          return std::pair{(x0 + x1) / 2, (y0 + y1) / 2 + lower};
        };
        const auto [ex, ey] = edge(band_of(before));
        path.insert(path.end(), {ex, ey});
        d.polyline(path, path_style);
        const auto [nx, ny] = edge(band);
        path = {nx, ny};
      }
      const auto [x, y] = centre(cell);
      path.insert(path.end(), {x, y + lower});
    }
    d.polyline(path, path_style);
    for (std::size_t i = 0; i < p.caravan.size(); ++i) {
      const Piece& piece = p.caravan[i];
      const auto [x, cell_y] = centre(piece.cell);
      const double y = cell_y + lower;
      if (piece.kind == kCamel) {
        const bool head = i + 1 == p.caravan.size();
        d.circle(x, y, r * (head ? 0.5 : 0.36),
                 {.fill = kSeatFill[s % 6], .stroke = colour::kWhite, .stroke_width = 1.5});
        if (head)
          d.text(x, y + r * 0.21, letter,
                 {.size = r * 0.6,
                  .anchor = svg::Anchor::kMiddle,
                  .bold = true,
                  .fill = s == 1 || s == 3 ? colour::kBlack : colour::kWhite});
      } else {
        used[static_cast<std::size_t>(piece.kind)] = true;
        good(piece.kind, x, y, side, kSeatFill[s % 6], 3.5, true);
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
  for (int cell : marked) {
    const auto [x, y] = centre(cell);
    d.polygon(
        hexagon(x, y, r - 3),
        {.stroke = colour::kHighlight, .stroke_width = 3, .dash = "5 3", .css_class = "last"});
  }

  double y = map.bottom + 24;
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
    good(c, x + 12, y - 6, 24, colour::kBlack, 1, false);
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
