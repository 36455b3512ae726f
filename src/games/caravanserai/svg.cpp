// The Caravanserai map as a picture, from the tiles the view carries: every hexagon cell with its
// name, the Caravanserai cells in their colours (and letters), the loose goods, and each caravan
// as a path from tail to head in its player's colour. Cells the last turn named are outlined.
#include "core/svg.hpp"

#include <cmath>
#include <set>

#include <fmt/format.h>

#include "games/caravanserai/caravanserai.hpp"

namespace games::caravanserai {

namespace {

using core::Document;
namespace svg = core::svg;
namespace colour = core::svg::colour;

constexpr double kWidth = 600;
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
  const double w = (kWidth - 40) / (b.half_columns() / 2.0 + 1);
  const double r = w / std::sqrt(3.0);
  const double left = 28;
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
  for (int row = 0; row < b.rows(); ++row)
    d.text(10, top + row * 1.5 * r + r + 5, std::string(1, static_cast<char>('a' + row)),
           {.size = 14, .anchor = svg::Anchor::kMiddle, .bold = true});

  for (int cell = 0; cell < b.size(); ++cell) {
    const int c = b.colour(cell);
    const double x = cx(cell);
    const double y = cy(cell);
    d.polygon(hexagon(x, y, r - 0.5), {.fill = c >= 0 ? kGoodFill[c] : colour::kSand,
                                       .stroke = colour::kDarkGrey,
                                       .stroke_width = c >= 0 ? 2 : 0.8});
    if (c >= 0) d.polygon(hexagon(x, y, r * 0.62), {.fill = colour::kSand});
    std::string label = b.name(cell);
    if (c >= 0) label += std::string(1, kLetters[c]);
    d.text(x, y - r * 0.42, label,
           {.size = std::max(8.0, r * 0.42),
            .anchor = svg::Anchor::kMiddle,
            .fill = c >= 0 ? kGoodInk[c] : colour::kDarkGrey});
    if (pos.loose[static_cast<std::size_t>(cell)] >= 0) {
      const int g = pos.loose[static_cast<std::size_t>(cell)];
      d.begin_group(fmt::format("{}: a {} good", b.name(cell), colour_name(g)));
      d.rect(x - r * 0.3, y - r * 0.15, r * 0.6, r * 0.6,
             {.fill = kGoodFill[g], .stroke = colour::kBlack, .stroke_width = 1});
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
      path.push_back(cy(piece.cell) + r * 0.12);
    }
    d.begin_group(fmt::format("caravan {}, length {}", letter, p.caravan.size()), "caravan");
    d.polyline(path, {.stroke = kSeatFill[s % 6], .stroke_width = r * 0.28});
    for (std::size_t i = 0; i < p.caravan.size(); ++i) {
      const Piece& piece = p.caravan[i];
      const double x = cx(piece.cell);
      const double y = cy(piece.cell) + r * 0.12;
      if (piece.kind == kCamel) {
        const bool head = i + 1 == p.caravan.size();
        d.circle(x, y, r * (head ? 0.42 : 0.3),
                 {.fill = kSeatFill[s % 6], .stroke = colour::kWhite, .stroke_width = 1.5});
        if (head)
          d.text(x, y + r * 0.2, letter,
                 {.size = r * 0.55,
                  .anchor = svg::Anchor::kMiddle,
                  .bold = true,
                  .fill = s == 1 || s == 3 ? colour::kBlack : colour::kWhite});
      } else {
        d.rect(x - r * 0.26, y - r * 0.26, r * 0.52, r * 0.52,
               {.fill = kGoodFill[piece.kind], .stroke = kSeatFill[s % 6], .stroke_width = 2.5});
      }
    }
    d.end_group();
  }

  std::set<int> marked;
  std::string summary;
  if (last.is_object()) {
    cell_names(last.value("moves", Document()), b, marked);
    for (const Document& e : last.value("events", Document::array())) cell_names(e, b, marked);
    if (last.contains("player")) summary = last["player"].get<std::string>();
  }
  for (int cell : marked)
    d.polygon(
        hexagon(cx(cell), cy(cell), r - 3),
        {.stroke = colour::kHighlight, .stroke_width = 3, .dash = "5 3", .css_class = "last"});

  double y = top + (b.rows() - 1) * 1.5 * r + 2 * r + 20;
  std::string market;
  for (int c = 0; c < kColours; ++c)
    market += fmt::format("{}{} {}", c ? ", " : "", colour_name(c),
                          pos.market[static_cast<std::size_t>(c)]);
  d.text(8, y, "Market: " + market, {.size = 13});
  y += 20;
  for (int s = 0; s < pos.num_players(); ++s) {
    const Player& p = pos.players[static_cast<std::size_t>(s)];
    std::string goods;
    for (int c = 0; c < kColours; ++c)
      goods +=
          fmt::format("{}{}{}", c ? " " : "", kLetters[c], p.goods[static_cast<std::size_t>(c)]);
    const std::string line =
        fmt::format("{}: length {}, reserve: camels {}, goods {}", static_cast<char>('A' + s),
                    p.caravan.size(), p.camels, goods);
    d.circle(14, y - 5, 6, {.fill = kSeatFill[s % 6], .stroke = colour::kBlack, .stroke_width = 1});
    d.text(26, y, line + (pos.phase != Phase::kOver && pos.to_move == s ? "  \u25C0 to move" : ""),
           {.size = 13, .bold = pos.to_move == s});
    if (s == viewer) holding = fmt::format("{} camel(s) and goods {}", p.camels, goods);
    y += 20;
  }
  if (!marked.empty()) {
    d.text(8, y, "Outlined: the cells of " + summary + "'s last turn.",
           {.size = 13, .bold = true, .fill = colour::kHighlight});
    y += 20;
  }
  d.text(8, y, "Moves: {start: d7}, {path: [...], decline: [...], place: [...]}, {place: f3}",
         {.size = 11, .fill = colour::kDarkGrey});
  d.set_height(y + 12);
  d.set_title("caravanserai");
  return Picture::of(d, holding);
}

}  // namespace games::caravanserai
