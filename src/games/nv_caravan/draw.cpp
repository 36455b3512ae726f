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

// A seat's entry in the view's players, or an empty mapping when it has none.
const Document& player_of(const Document& players, const std::string& seat) {
  static const Document none = Document::object();
  const Document& p = core::member(players, seat.c_str());
  return p.is_null() ? none : p;
}

std::string player_line(const std::string& seat, const Document& p) {
  std::string hand = p.contains("hand") ? fmt::format("hand {} ({})", card_list(p.at("hand")),
                                                      p.value("hand_size", 0))
                                        : fmt::format("hand {} cards", p.value("hand_size", 0));
  std::string out = fmt::format("{}: {}, deck {}", seat, hand, p.value("deck_size", 0));
  if (p.contains("deck")) out += fmt::format(" [{}]", card_list(p.at("deck")));
  const Document& discard = core::member(p, "discard");
  out += fmt::format(", discard {}", discard.size());
  if (!discard.empty()) out += fmt::format(" ({})", card_list(discard));
  return out + "\n";
}

// "1:7H 2:9H+KS+QD* 3:10H": position, card, the face cards on it (* = the other player's).
std::string caravan_cards(const Document& caravan) {
  const Document& cards = core::member(caravan, "cards");
  if (cards.empty()) return "(empty)";
  const std::string owner = text(core::member(caravan, "owner"));
  std::string out;
  int pos = 0;
  for (const Document& slot : cards) {
    out += fmt::format("{}{}:{}", out.empty() ? "" : " ", ++pos, text(core::member(slot, "card")));
    for (const Document& a : core::member(slot, "attached")) {
      out += fmt::format("+{}{}", text(core::member(a, "card")),
                         text(core::member(a, "by")) == owner ? "" : "*");
    }
  }
  return out;
}

std::string caravan_line(const Document& c) {
  return fmt::format("  {:>2} {:<5} {:>4}  {:<4}  {:<4}  {:<4}  {}\n",
                     text(core::member(c, "caravan")), text(core::member(c, "owner")),
                     text(core::member(c, "bid")), c.value("sold", false) ? "SOLD" : "",
                     text(core::member(c, "direction")), text(core::member(c, "suit")),
                     caravan_cards(c));
}

}  // namespace

std::string NvCaravanEngine::draw(const Document& view) const {
  std::ostringstream out;
  const std::string viewer = text(core::member(view, "viewer"), "spectator");
  // The viewer's side at the bottom; the referee sees North at the top.
  const std::string bottom = viewer == "South" ? "South" : "North";
  const std::string top = bottom == "North" ? "South" : "North";
  const std::string phase = text(core::member(view, "phase"));
  if (view.value("finished", false)) {
    out << fmt::format("Game over: {}.", text(core::member(view, "reason"), "finished"));
  } else {
    out << fmt::format("{} to move ({}).", text(core::member(view, "to_move")),
                       phase == "opening" ? "opening: start each of your caravans" : "play");
  }
  // A seat by its role; someone without one (an observer) watches.
  out << (viewer == "referee"     ? std::string(" You are the referee.\n\n")
          : viewer == "spectator" ? std::string(" You are watching (no seat).\n\n")
                                  : fmt::format(" You are {}.\n\n", viewer));

  const Document& players = core::member(view, "players");
  const Document& caravans = core::member(view, "caravans");
  const auto side = [&](const std::string& seat) {
    for (const Document& c : caravans) {
      if (c.is_object() && core::member(c, "owner") == seat) out << caravan_line(c);
    }
  };
  out << "   # owner   bid  sold  dir   suit  cards (position:card, +face cards; * = opponent's)\n";
  out << player_line(top, player_of(players, top));
  side(top);
  out << "  pairs:";
  for (const Document& pair : core::member(view, "pairs")) {
    const Document& bids = core::member(pair, "bids");
    const Document& ids = core::member(pair, "caravans");
    out << fmt::format(
        "  {}-{} {}:{} {}", text(ids.size() == 2 ? ids[0] : Document()),
        text(ids.size() == 2 ? ids[1] : Document()), text(bids.size() == 2 ? bids[0] : Document()),
        text(bids.size() == 2 ? bids[1] : Document()),
        core::member(pair, "won_by").is_string() ? "won by " + text(pair.at("won_by"))
                                                 : std::string("open"));
  }
  out << "\n";
  side(bottom);
  out << player_line(bottom, player_of(players, bottom));
  return out.str();
}

}  // namespace games::nv_caravan
