// The text picture of a Caravanserai position: the hexagon map, the market and the caravans.
#include <sstream>

#include <fmt/format.h>

#include "games/caravanserai/caravanserai.hpp"

namespace games::caravanserai {
namespace {

constexpr char kColourLetters[] = {'W', 'K', 'P', 'R', 'Y'};

char colour_letter(int colour) { return kColourLetters[colour]; }

std::string counts_text(const std::array<int, kColours>& counts) {
  std::string text;
  for (int c = 0; c < kColours; ++c)
    text +=
        fmt::format("{}{}{}", c ? " " : "", colour_letter(c), counts[static_cast<std::size_t>(c)]);
  return text;
}

}  // namespace

std::string draw_position(const Position& pos) {
  const Board& b = *pos.board;
  std::vector<std::string> lines(
      static_cast<std::size_t>(b.rows()),
      std::string(static_cast<std::size_t>(2 * b.half_columns() + 4), ' '));
  for (int cell = 0; cell < b.size(); ++cell) {
    const auto i = static_cast<std::size_t>(cell);
    const int colour = b.colour(cell);
    std::string text = colour >= 0 ? fmt::format("({})", colour_letter(colour)) : " . ";
    if (pos.loose[i] >= 0) text = fmt::format("*{}*", colour_letter(colour));
    const int owner = pos.occupant[i];
    if (owner >= 0) {
      const auto& caravan = pos.players[static_cast<std::size_t>(owner)].caravan;
      char piece = 'c';
      for (const Piece& p : caravan)
        if (p.cell == cell)
          piece = p.kind == kCamel ? 'c' : static_cast<char>(colour_letter(p.kind) - 'A' + 'a');
      if (caravan.back().cell == cell) piece = '@';
      text = fmt::format("{}{}{}", static_cast<char>('A' + owner), piece,
                         colour >= 0 ? colour_letter(colour) : ' ');
    }
    lines[static_cast<std::size_t>(b.row(cell))].replace(
        static_cast<std::size_t>(2 * b.half_column(cell)), 3, text);
  }
  std::ostringstream out;
  std::string header = "     ";
  for (int col = 0; 4 * col < 2 * b.half_columns(); ++col) header += fmt::format("{:<4}", col + 1);
  header.erase(header.find_last_not_of(' ') + 1);
  out << header << '\n';
  for (std::size_t r = 0; r < lines.size(); ++r) {
    std::string line = lines[r];
    line.erase(line.find_last_not_of(' ') + 1);
    out << ' ' << static_cast<char>('a' + r) << "  " << line << '\n';
  }
  out << "Key: .  desert   (R) Caravanserai cell (W white, K black, P purple, R red, Y yellow)\n"
         "     *R* a good standing on it   Ar  a red good of caravan A   Ac  a camel   A@  the "
         "head "
         "camel\n"
         "     (a third letter names the Caravanserai cell under a caravan piece)\n";
  return out.str();
}

std::string CaravanseraiEngine::draw(const core::Document& view) const {
  Position pos;
  try {
    pos = position_from_document(view, std::nullopt);
  } catch (const core::SetupError& e) {
    return std::string("(not a caravanserai view: ") + e.what() + ")\n";
  }
  std::ostringstream out;
  const int n = pos.num_players();
  out << fmt::format("Caravanserai, {} player{}{}. ", n, n == 1 ? " (solo)" : "s",
                     pos.expert ? ", expert" : "");
  if (const std::string ending = core::ending_words(view); !ending.empty()) {
    out << "Game over: " << ending << ".\n";
  } else if (pos.phase == Phase::kOver) {
    out << "Game over.\n";
  } else {
    out << fmt::format("Round {}: {} to {}.\n", pos.turn_number + 1,
                       static_cast<char>('A' + pos.to_move),
                       pos.phase == Phase::kStart ? "choose a starting cell"
                       : pos.owed > 0 ? fmt::format("put {} good(s) on the board", pos.owed)
                                      : std::string("place"));
  }
  out << fmt::format("Market: {} ({} left)", counts_text(pos.market), pos.market_total());
  if (pos.final_turns_left && pos.phase != Phase::kOver)
    out << fmt::format(". The market has run out: {} turn(s) left", *pos.final_turns_left);
  out << ".\n\n" << draw_position(pos) << '\n';
  out << "Caravans (tail to head):\n";
  for (int s = 0; s < n; ++s) {
    const Player& p = pos.players[static_cast<std::size_t>(s)];
    out << fmt::format(
        " {}  length {:>2}, reserve {:>2} (goods {}, camels {}):", static_cast<char>('A' + s),
        p.caravan.size(), p.reserve_pieces(), counts_text(p.goods), p.camels);
    for (const Piece& piece : p.caravan)
      out << ' ' << pos.board->name(piece.cell) << ':'
          << (piece.kind == kCamel ? std::string("camel") : colour_name(piece.kind));
    out << '\n';
  }
  if (pos.solo())
    out << fmt::format("Solo level: {}\n",
                       solo_level(static_cast<int>(pos.players[0].caravan.size())));
  return out.str();
}

}  // namespace games::caravanserai
