// Engine::draw for nv-caravan: any view (a player's or the referee's) as a table for people.
#include <sstream>

#include <fmt/format.h>

#include "games/nv_caravan/nv_caravan.hpp"

namespace games::nv_caravan {
namespace {

using core::Document;

std::string text(const Document& value, const std::string& fallback = "-") {
  if (value.is_string()) return value.get<std::string>();
  if (value.is_number()) return value.dump();
  return fallback;
}

std::string card_list(const Document& cards) {
  if (!cards.is_array() || cards.empty()) return "-";
  std::string out;
  // Appended piece by piece: `"literal" + std::string&&` trips g++ 12's false -Wrestrict at -O3.
  for (const Document& card : cards) {
    if (!out.empty()) out += ' ';
    out += text(card, "?");
  }
  return out;
}

std::string player_line(const std::string& seat, const Document& p) {
  std::string hand = p.contains("hand") ? fmt::format("hand {} ({})", card_list(p.at("hand")),
                                                      p.value("hand_size", 0))
                                        : fmt::format("hand {} cards", p.value("hand_size", 0));
  std::string out = fmt::format("{}: {}, deck {}", seat, hand, p.value("deck_size", 0));
  if (p.contains("deck")) out += fmt::format(" [{}]", card_list(p.at("deck")));
  const Document discard = p.value("discard", Document::array());
  out += fmt::format(", discard {}", discard.size());
  if (!discard.empty()) out += fmt::format(" ({})", card_list(discard));
  return out + "\n";
}

// "1:7H 2:9H+KS+QD* 3:10H": position, card, the face cards on it (* = the other player's).
std::string caravan_cards(const Document& caravan) {
  const Document cards = caravan.value("cards", Document::array());
  if (cards.empty()) return "(empty)";
  const std::string owner = text(caravan.value("owner", Document()));
  std::string out;
  int pos = 0;
  for (const Document& slot : cards) {
    out +=
        fmt::format("{}{}:{}", out.empty() ? "" : " ", ++pos, text(slot.value("card", Document())));
    for (const Document& a : slot.value("attached", Document::array())) {
      out += fmt::format("+{}{}", text(a.value("card", Document())),
                         text(a.value("by", Document())) == owner ? "" : "*");
    }
  }
  return out;
}

std::string caravan_line(const Document& c) {
  return fmt::format("  {:>2} {:<5} {:>4}  {:<4}  {:<4}  {:<4}  {}\n",
                     text(c.value("caravan", Document())), text(c.value("owner", Document())),
                     text(c.value("bid", Document())), c.value("sold", false) ? "SOLD" : "",
                     text(c.value("direction", Document())), text(c.value("suit", Document())),
                     caravan_cards(c));
}

}  // namespace

std::string NvCaravanEngine::draw(const Document& view) const {
  std::ostringstream out;
  const std::string viewer = text(view.value("viewer", Document()), "spectator");
  // The viewer's side at the bottom; the referee sees North at the top.
  const std::string bottom = viewer == "South" ? "South" : "North";
  const std::string top = bottom == "North" ? "South" : "North";
  const std::string phase = text(view.value("phase", Document()));
  if (view.value("finished", false)) {
    out << fmt::format("Game over: {}.", text(view.value("reason", Document()), "finished"));
  } else {
    out << fmt::format("{} to move ({}).", text(view.value("to_move", Document())),
                       phase == "opening" ? "opening: start each of your caravans" : "play");
  }
  out << fmt::format(" You are {}.\n\n", viewer == "referee" ? "the referee" : viewer);

  const Document players = view.value("players", Document::object());
  const Document caravans = view.value("caravans", Document::array());
  const auto side = [&](const std::string& seat) {
    for (const Document& c : caravans) {
      if (c.is_object() && c.value("owner", Document()) == seat) out << caravan_line(c);
    }
  };
  out << "   # owner   bid  sold  dir   suit  cards (position:card, +face cards; * = opponent's)\n";
  out << player_line(top, players.value(top, Document::object()));
  side(top);
  out << "  pairs:";
  for (const Document& pair : view.value("pairs", Document::array())) {
    const Document bids = pair.value("bids", Document::array());
    const Document ids = pair.value("caravans", Document::array());
    out << fmt::format(
        "  {}-{} {}:{} {}", text(ids.size() == 2 ? ids[0] : Document()),
        text(ids.size() == 2 ? ids[1] : Document()), text(bids.size() == 2 ? bids[0] : Document()),
        text(bids.size() == 2 ? bids[1] : Document()),
        pair.value("won_by", Document()).is_string() ? "won by " + text(pair.at("won_by"))
                                                     : std::string("open"));
  }
  out << "\n";
  side(bottom);
  out << player_line(bottom, players.value(bottom, Document::object()));
  return out.str();
}

}  // namespace games::nv_caravan
