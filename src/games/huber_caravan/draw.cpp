// Huber's Caravan: any view drawn for a person (the grid, then what stands on it in words).
#include <map>
#include <sstream>

#include <fmt/format.h>

#include "games/huber_caravan/huber_caravan.hpp"

namespace games::huber_caravan {
namespace {

using core::Document;

constexpr std::array<const char*, kGoodKinds> kMarketCodes = {"Me", "Sw", "Sa", "Hi",
                                                              "IV", "CL", "GE", "PA"};
constexpr int kCellCamels = 4;  // camel letters shown in one cell; more are counted as "+n"

std::string text_of(const Document& doc, const char* key, const std::string& fallback = "") {
  return doc.is_object() && doc.contains(key) && doc.at(key).is_string()
             ? doc.at(key).get<std::string>()
             : fallback;
}

int int_of(const Document& doc, const char* key) {
  return doc.is_object() && doc.contains(key) && doc.at(key).is_number_integer()
             ? doc.at(key).get<int>()
             : 0;
}

// Black's camels are k, Blue's b, Green's g, Yellow's y; a capital letter carries a good.
char camel_letter(const std::string& seat, bool loaded) {
  char letter = seat == "Black" ? 'k' : seat.empty() ? '?' : static_cast<char>(seat[0] | 0x20);
  return loaded ? static_cast<char>(letter & ~0x20) : letter;
}

std::string camel_words(const Document& camel) {
  const std::string good = text_of(camel, "good");
  if (good.empty()) return text_of(camel, "at") + " empty";
  return fmt::format("{} {}{}", text_of(camel, "at"), good,
                     camel.value("under", false) ? " (stolen, under)" : "");
}

}  // namespace

std::string HuberCaravanEngine::draw(const Document& view) const {
  Board board;
  try {
    board = board_of(view.at("board"));
  } catch (const std::exception&) {
    board = Board::standard();
  }
  const Document& players = core::member(view, "players");
  const Document& spaces = core::member(view, "spaces");

  std::vector<std::string> place(static_cast<std::size_t>(board.squares()), ". ");
  for (int good = 0; good < kGoodKinds; ++good)
    place[static_cast<std::size_t>(board.markets[static_cast<std::size_t>(good)])] =
        kMarketCodes[static_cast<std::size_t>(good)];
  for (std::size_t i = 0; i < board.spaces.size(); ++i) {
    const bool loose =
        spaces.is_array() && i < spaces.size() && core::member(spaces[i], "good").is_string();
    place[static_cast<std::size_t>(board.spaces[i])] =
        fmt::format("{}{}", i + 1, loose ? '*' : ' ');
  }
  std::vector<std::string> camels(place.size());
  for (const auto& player : players) {
    const std::string seat = text_of(player, "seat");
    for (const auto& camel : core::member(player, "camels")) {
      const auto sq = board.parse_square(text_of(camel, "at"));
      if (sq) camels[static_cast<std::size_t>(*sq)] += camel_letter(seat, camel.contains("good"));
    }
  }

  std::ostringstream out;
  out << "   ";
  for (int col = 0; col < board.columns; ++col)
    out << fmt::format(" {:<7}", std::string(1, static_cast<char>('a' + col)));
  out << '\n';
  for (int row = 0; row < board.rows; ++row) {
    out << fmt::format("{:>2} ", row + 1);
    for (int col = 0; col < board.columns; ++col) {
      const auto sq = static_cast<std::size_t>(row * board.columns + col);
      std::string here = camels[sq];
      if (static_cast<int>(here.size()) > kCellCamels)
        here = here.substr(0, kCellCamels - 2) +
               fmt::format("+{}", here.size() - static_cast<std::size_t>(kCellCamels - 2));
      out << fmt::format(" {}{:<5}", place[sq], here);
    }
    out << '\n';
  }
  out << "Key: 1-8 numbered spaces (* a loose good); markets Me meat, Sw swords, Sa salt, Hi "
         "hides,\n"
         "     IV ivory, CL cloth, GE gems, PA paper; camels k Black, b Blue, g Green, y Yellow\n"
         "     (a capital letter carries a good).\n";

  out << "Spaces:";
  for (const auto& space : spaces) {
    const Document& good = core::member(space, "good");
    out << fmt::format("  {} {} {}", int_of(space, "number"), text_of(space, "at"),
                       good.is_string() ? good.get<std::string>() : "-");
    if (int_of(space, "demand") > 0) out << fmt::format(" (+{} demand)", int_of(space, "demand"));
  }
  out << '\n';
  for (const auto& player : players) {
    std::vector<std::string> carried, delivered;
    for (const auto& camel : core::member(player, "camels")) carried.push_back(camel_words(camel));
    const Document& goods = core::member(player, "delivered");
    for (const auto& [good, count] : goods.items())
      delivered.push_back(fmt::format("{} {}", good, count.dump()));
    out << fmt::format(
        "{}: score {}; delivered {}; demand {}; theft {}; {} in supply; camels {}\n",
        text_of(player, "seat"), int_of(player, "score"),
        delivered.empty() ? "nothing" : fmt::format("{}", fmt::join(delivered, ", ")),
        int_of(player, "demand"), int_of(player, "theft"), int_of(player, "supply"),
        carried.empty() ? "none" : fmt::format("{}", fmt::join(carried, ", ")));
  }
  const Document& bag = core::member(view, "bag");
  std::map<std::string, int> counts;
  if (bag.is_array()) {
    for (const auto& good : bag)
      if (good.is_string()) ++counts[good.get<std::string>()];
  } else if (bag.is_object()) {
    for (const auto& [good, count] : bag.items())
      if (count.is_number_integer()) counts[good] = count.get<int>();
  }
  std::vector<std::string> parts;
  for (int good = 0; good < kGoodKinds; ++good)
    if (counts[good_name(good)] > 0)
      parts.push_back(fmt::format("{} {}", good_name(good), counts[good_name(good)]));
  out << fmt::format("Bag: {} goods{}{}\n", int_of(view, "bag_size"), parts.empty() ? "" : ": ",
                     fmt::join(parts, ", "));
  if (view.value("end_triggered", false))
    out << "The bag is empty: the next delivery ends the game.\n";
  const Document& turn = core::member(view, "turn");
  if (view.value("finished", false)) {
    const std::string ending = core::ending_words(view);
    out << fmt::format("Game over ({}).\n",
                       ending.empty() ? text_of(view, "ended_by", "finished") : ending);
  } else {
    out << fmt::format("Round {}: {} to move, {} of {} actions left.\n", int_of(turn, "number"),
                       text_of(turn, "player"), int_of(turn, "left"), int_of(turn, "actions"));
  }
  return out.str();
}

}  // namespace games::huber_caravan
