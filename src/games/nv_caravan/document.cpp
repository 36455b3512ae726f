// The nv-caravan state as a document: view() for every viewer (a player sees their own hand and
// the size of the other's; the referee sees both hands and the decks in order) and set_from(),
// which reads a referee's document back (`new --position`) and refuses what the rules cannot
// reach, saying why.
#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "games/nv_caravan/common.hpp"
#include "games/nv_caravan/nv_caravan.hpp"

namespace games::nv_caravan {
namespace {

using namespace internal;  // NOLINT(google-build-using-namespace): this engine's own helpers
using core::Document;
using core::SetupError;

int seat_from(const Document& value) {
  for (int seat = 0; seat < 2; ++seat) {
    if (value == name_of(seat)) return seat;
  }
  return -1;
}

Document direction_doc(Direction d) {
  if (d == Direction::kUp) return "up";
  if (d == Direction::kDown) return "down";
  return nullptr;
}

std::vector<Card> read_cards(const Document& list, const std::string& where) {
  if (!list.is_array())
    throw SetupError(fmt::format("position: {} must be a list of cards", where));
  std::vector<Card> cards;
  for (const Document& item : list) {
    auto card = item.is_string() ? parse_card(item.get<std::string>()) : std::nullopt;
    if (!card) throw SetupError(fmt::format("position: {}: {} is not a card", where, item.dump()));
    cards.push_back(*card);
  }
  return cards;
}

}  // namespace

Document NvCaravanState::caravan_doc(int index) const {
  const Caravan& c = caravans_[at(index)];
  Document cards = Document::array();
  for (const Slot& slot : c.cards) {
    Document entry = {{"card", card_name(slot.card)}};
    if (!slot.attached.empty()) {
      Document attached = Document::array();
      for (const Attached& a : slot.attached) {
        attached.push_back({{"card", card_name(a.card)}, {"by", name_of(a.by)}});
      }
      entry["attached"] = attached;
    }
    cards.push_back(entry);
  }
  const int s = suit(c);
  return {{"caravan", index + 1},
          {"owner", name_of(owner_of(index))},
          {"cards", cards},
          {"bid", bid(c)},
          {"direction", direction_doc(direction(c))},
          {"suit", s < 0 ? Document(nullptr) : Document(std::string(1, suit_letter(s)))},
          {"sold", sold(c)}};
}

Document NvCaravanState::view(int viewer) const {
  Document doc;
  doc["viewer"] = viewer == core::kReferee               ? Document("referee")
                  : viewer == kNorth || viewer == kSouth ? Document(name_of(viewer))
                                                         : Document(nullptr);
  doc["phase"] = opening_ ? "opening" : "play";
  doc["to_move"] = name_of(to_move_);
  doc["first"] = name_of(first_);
  Document players = Document::object();
  for (int seat = 0; seat < 2; ++seat) {
    const PlayerCards& p = players_[at(seat)];
    Document entry = {
        {"hand_size", p.hand.size()}, {"deck_size", p.deck.size()}, {"discard", names(p.discard)}};
    if (viewer == seat || viewer == core::kReferee) entry["hand"] = names(p.hand);
    if (viewer == core::kReferee) entry["deck"] = names(p.deck);
    players[name_of(seat)] = entry;
  }
  doc["players"] = players;
  Document caravans = Document::array();
  for (int i = 0; i < kCaravans; ++i) caravans.push_back(caravan_doc(i));
  doc["caravans"] = caravans;
  Document pairs = Document::array();
  std::array<int, 2> won{};
  for (int pair = 0; pair < 3; ++pair) {
    const auto w = pair_winner(pair);
    if (w) ++won[at(*w)];
    pairs.push_back({{"pair", pair + 1},
                     {"caravans", {pair + 1, pair + 4}},
                     {"bids", {bid(caravans_[at(pair)]), bid(caravans_[at(pair + 3)])}},
                     {"won_by", w ? Document(name_of(*w)) : Document(nullptr)}});
  }
  doc["pairs"] = pairs;
  doc["score"] = {{"North", won[0]}, {"South", won[1]}};
  doc["finished"] = finished_;
  doc["winner"] = winner_ ? Document(name_of(*winner_)) : Document(nullptr);
  doc["reason"] = finished_ ? Document(reason_) : Document(nullptr);
  return doc;
}

void NvCaravanState::set_from(const Document& doc, const DeckRules& rules) {
  if (!doc.is_object()) throw SetupError("an nv-caravan position must be a JSON object");
  static const std::set<std::string> kKeys = {"phase",    "to_move", "first", "players",
                                              "caravans", "viewer",  "pairs", "score",
                                              "finished", "winner",  "reason"};
  for (const auto& [key, value] : doc.items()) {
    if (kKeys.count(key) == 0) throw SetupError(fmt::format("position: unknown key '{}'", key));
  }
  for (const char* key : {"phase", "to_move", "players", "caravans"}) {
    if (!doc.contains(key)) throw SetupError(fmt::format("position: \"{}\" is missing", key));
  }
  const Document& phase = doc.at("phase");
  if (phase != "opening" && phase != "play") {
    throw SetupError("position: phase must be \"opening\" or \"play\"");
  }
  opening_ = phase == "opening";
  to_move_ = seat_from(doc.at("to_move"));
  if (to_move_ < 0) throw SetupError("position: to_move must be \"North\" or \"South\"");
  first_ = doc.contains("first") ? seat_from(doc.at("first")) : kNorth;
  if (first_ < 0) throw SetupError("position: first must be \"North\" or \"South\"");

  // Every card must come from its owner's deck (the options), and only once.
  std::array<std::set<Card>, 2> seen;
  const auto take = [&](int seat, const Card& card, const std::string& where) {
    const auto& deck = rules.decks[at(seat)];
    if (std::find(deck.begin(), deck.end(), card) == deck.end()) {
      throw SetupError(fmt::format("position: {}: {} is not a card of {}'s deck", where,
                                   card_name(card), name_of(seat)));
    }
    if (!seen[at(seat)].insert(card).second) {
      throw SetupError(fmt::format("position: {}: {}'s {} is there twice", where, name_of(seat),
                                   card_name(card)));
    }
  };

  const Document& players = doc.at("players");
  if (!players.is_object()) throw SetupError("position: players must be {North: ..., South: ...}");
  for (int seat = 0; seat < 2; ++seat) {
    const std::string who = name_of(seat);
    if (!players.contains(who))
      throw SetupError(fmt::format("position: players.{} is missing", who));
    const Document& p = players.at(who);
    if (!p.is_object())
      throw SetupError(fmt::format("position: players.{} must be an object", who));
    for (const auto& [key, value] : p.items()) {
      if (key != "hand" && key != "deck" && key != "discard" && key != "hand_size" &&
          key != "deck_size") {
        throw SetupError(fmt::format("position: players.{}: unknown key '{}'", who, key));
      }
    }
    for (const char* key : {"hand", "deck"}) {
      if (!p.contains(key)) {
        throw SetupError(fmt::format(
            "position: players.{}.{} is missing (a player's view is not a complete position)", who,
            key));
      }
    }
    PlayerCards& cards = players_[at(seat)];
    cards.hand = read_cards(p.at("hand"), "players." + who + ".hand");
    cards.deck = read_cards(p.at("deck"), "players." + who + ".deck");
    cards.discard = p.contains("discard")
                        ? read_cards(p.at("discard"), "players." + who + ".discard")
                        : std::vector<Card>{};
    std::sort(cards.hand.begin(), cards.hand.end());
    for (const auto* zone : {&cards.hand, &cards.deck, &cards.discard}) {
      for (const Card& card : *zone) take(seat, card, "players." + who);
    }
  }

  const Document& caravans = doc.at("caravans");
  if (!caravans.is_array() || caravans.size() != at(kCaravans)) {
    throw SetupError("position: caravans must be a list of the 6 caravans, 1 to 6");
  }
  for (int i = 0; i < kCaravans; ++i) {
    const Document& entry = caravans[at(i)];
    const std::string where = fmt::format("caravan {}", i + 1);
    if (!entry.is_object() || !entry.contains("cards") || !entry.at("cards").is_array()) {
      throw SetupError(fmt::format("position: {} must be {{cards: [...]}}", where));
    }
    if (entry.contains("caravan") && entry.at("caravan") != i + 1) {
      throw SetupError(fmt::format("position: the caravan listed {} says {}", i + 1,
                                   entry.at("caravan").dump()));
    }
    const int owner = owner_of(i);
    Caravan& c = caravans_[at(i)];
    c = {};
    for (const Document& item : entry.at("cards")) {
      const Document& name = item.is_object() ? item.value("card", Document()) : item;
      auto card = name.is_string() ? parse_card(name.get<std::string>()) : std::nullopt;
      if (!card || !is_number(*card)) {
        throw SetupError(
            fmt::format("position: {}: {} is not a number card (A-10)", where, name.dump()));
      }
      take(owner, *card, where);
      Slot slot{*card, {}};
      const Document attached =
          item.is_object() ? item.value("attached", Document::array()) : Document::array();
      if (!attached.is_array() || attached.size() > at(kMaxAttached)) {
        throw SetupError(fmt::format("position: {}: {} carries at most 3 face cards, as a list",
                                     where, card_name(*card)));
      }
      for (const Document& a : attached) {
        const Document& face_name = a.is_object() ? a.value("card", Document()) : a;
        auto face = face_name.is_string() ? parse_card(face_name.get<std::string>()) : std::nullopt;
        if (!face || !is_face(*face) || face->rank == kJack) {
          throw SetupError(
              fmt::format("position: {}: {} cannot be attached (a Queen, King or Joker)", where,
                          face_name.dump()));
        }
        const int by = a.is_object() && a.contains("by") ? seat_from(a.at("by")) : owner;
        if (by < 0) throw SetupError(fmt::format("position: {}: by must be North or South", where));
        take(by, *face, where);
        slot.attached.push_back({*face, by});
      }
      c.cards.push_back(slot);
    }
    const std::size_t n = c.cards.size();
    if (n >= 2 && c.cards[n - 1].card.rank == c.cards[n - 2].card.rank) {
      const Document d = entry.value("direction", Document());
      if (d != "up" && d != "down") {
        throw SetupError(fmt::format(
            "position: {} ends with two equal values: give its direction, up or down (rule 5.4)",
            where));
      }
      c.held = d == "up" ? Direction::kUp : Direction::kDown;
      if (queens_on(c.cards.back()) % 2 == 1) c.held = flipped(c.held);
    }
  }

  if (opening_) {
    for (const Caravan& c : caravans_) {
      if (c.cards.size() > 1 || (!c.cards.empty() && !c.cards[0].attached.empty())) {
        throw SetupError("position: in the opening a caravan holds at most one number card");
      }
    }
    const int mine = started(first_);
    const int theirs = started(1 - first_);
    const int expected = mine == theirs ? first_ : mine == theirs + 1 ? 1 - first_ : -1;
    if (expected < 0 || mine + theirs == kCaravans) {
      throw SetupError(fmt::format(
          "position: in the opening North has started {} caravans and South {}: that is no "
          "opening position with {} first",
          started(kNorth), started(kSouth), name_of(first_)));
    }
    if (expected != to_move_) {
      throw SetupError(fmt::format("position: in this opening {} is to move, not {}",
                                   name_of(expected), name_of(to_move_)));
    }
    for (int seat = 0; seat < 2; ++seat) {
      if (count_numbers(players_[at(seat)].hand) < 3 - started(seat)) {
        throw SetupError(
            fmt::format("position: {} has {} caravans to start but fewer number cards in hand",
                        name_of(seat), 3 - started(seat)));
      }
    }
  }
  settle();  // NV-11: a position that is already decided ends at once
}

}  // namespace games::nv_caravan
