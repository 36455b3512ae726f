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

Document seat_doc(int seat) { return seat < 0 ? Document(nullptr) : Document(name_of(seat)); }

}  // namespace

Document NvCaravanState::caravan_doc(int index) const {
  const Caravan& c = caravans_[at(index)];
  Document cards = Document::array();
  auto& items = cards.get_ref<Document::array_t&>();
  items.reserve(at(c.size()));
  for (int j = 0; j < c.size(); ++j) {
    const Slot& slot = c.slot(j);
    Object entry;
    if (slot.faces > 0) {
      Document attached = Document::array();
      attached.get_ref<Document::array_t&>().reserve(slot.faces);
      for (int i = 0; i < slot.faces; ++i) {
        attached.push_back(Object()
                               .add("by", name_of(slot.by(i)))
                               .add("card", card_name(slot.face[at(i)]))
                               .done());
      }
      entry.add("attached", std::move(attached));
    }
    items.push_back(entry.add("card", card_name(slot.card)).done());
  }
  const int s = c.suit();
  const int bid = c.bid();
  return Object()
      .add("bid", bid)
      .add("caravan", index + 1)
      .add("cards", std::move(cards))
      .add("direction", direction_doc(c.direction()))
      .add("owner", name_of(owner_of(index)))
      .add("sold", bid >= kSoldMin && bid <= kSoldMax)
      .add("suit", s < 0 ? Document(nullptr) : Document(std::string(1, suit_letter(s))))
      .done();
}

Document NvCaravanState::view(int viewer) const {
  Document caravans = Document::array();
  caravans.get_ref<Document::array_t&>().reserve(kCaravans);
  for (int i = 0; i < kCaravans; ++i) caravans.push_back(caravan_doc(i));
  Document pairs = Document::array();
  pairs.get_ref<Document::array_t&>().reserve(3);
  std::array<int, 2> won{};
  for (int pair = 0; pair < 3; ++pair) {
    const auto w = pair_winner(pair);
    if (w) ++won[at(*w)];
    pairs.push_back(Object()
                        .add("bids", Document::array_t{caravans_[at(pair)].bid(),
                                                       caravans_[at(pair + 3)].bid()})
                        .add("caravans", Document::array_t{pair + 1, pair + 4})
                        .add("pair", pair + 1)
                        .add("won_by", seat_doc(w ? *w : -1))
                        .done());
  }
  Object players;
  for (int seat = 0; seat < 2; ++seat) {
    const PlayerCards& p = players_[at(seat)];
    const bool sees_hand = viewer == seat || viewer == core::kReferee;
    Object entry;
    if (viewer == core::kReferee) entry.add("deck", names(p.deck));
    entry.add("deck_size", static_cast<std::size_t>(p.deck.size()));
    entry.add("discard", names(p.discard));
    if (sees_hand) entry.add("hand", names(p.hand.cards()));
    entry.add("hand_size", static_cast<std::size_t>(p.hand.size()));
    players.add(name_of(seat), entry.done());
  }
  Document doc =
      Object()
          .add("caravans", std::move(caravans))
          .add("finished", finished_)
          .add("first", name_of(first_))
          .add("pairs", std::move(pairs))
          .add("phase", opening_ ? "opening" : "play")
          .add("players", players.done())
          .add("reason", finished_ ? Document(reason()) : Document(nullptr))
          .add("score", Object().add("North", won[0]).add("South", won[1]).done())
          .add("to_move", name_of(to_move_))
          .add("viewer", viewer == core::kReferee               ? Document("referee")
                         : viewer == kNorth || viewer == kSouth ? Document(name_of(viewer))
                                                                : Document(nullptr))
          .add("winner", seat_doc(winner_))
          .done();
  if (ended_) {  // nobody is to move
    doc["ended"] = core::ending_document(*ended_, {kSeatNames.begin(), kSeatNames.end()});
    doc["to_move"] = nullptr;
  }
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
    const std::vector<Card> hand = read_cards(p.at("hand"), "players." + who + ".hand");
    const std::vector<Card> deck = read_cards(p.at("deck"), "players." + who + ".deck");
    const std::vector<Card> discard =
        p.contains("discard") ? read_cards(p.at("discard"), "players." + who + ".discard")
                              : std::vector<Card>{};
    PlayerCards& cards = players_[at(seat)];
    cards = {};
    for (const auto* zone : {&hand, &deck, &discard}) {
      for (const Card& card : *zone) take(seat, card, "players." + who);
    }
    for (const Card& card : hand) cards.hand.insert(code_of(card));
    for (const Card& card : deck) cards.deck.push_back(code_of(card));
    for (const Card& card : discard) cards.discard.push_back(code_of(card));
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
      c.push(Slot::of(code_of(*card)));
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
        c.attach(c.size() - 1, code_of(*face), by);
      }
    }
    if (c.size() >= 2 && rank_of(c.last().card) == rank_of(c.slot(c.size() - 2).card)) {
      const Document d = entry.value("direction", Document());
      if (d != "up" && d != "down") {
        throw SetupError(fmt::format(
            "position: {} ends with two equal values: give its direction, up or down (rule 5.4)",
            where));
      }
      c.held = d == "up" ? Direction::kUp : Direction::kDown;
      if (c.last().queens() % 2 == 1) c.held = flipped(c.held);
    }
  }

  if (opening_) {
    for (const Caravan& c : caravans_) {
      if (c.size() > 1 || (!c.empty() && c.slot(0).faces > 0)) {
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
      int numbers = 0;
      players_[at(seat)].hand.each([&](Code card) { numbers += is_number(card) ? 1 : 0; });
      if (numbers < 3 - started(seat)) {
        throw SetupError(
            fmt::format("position: {} has {} caravans to start but fewer number cards in hand",
                        name_of(seat), 3 - started(seat)));
      }
    }
  }
  settle();  // NV-11: a position that is already decided ends at once
}

std::unique_ptr<core::State> NvCaravanEngine::from_view(
    const Document& view, int seat, int players, const std::map<std::string, std::string>& opts,
    core::Rng& rng) const {
  if (seat != kNorth && seat != kSouth) return restore(view, players, opts);
  const DeckRules rules = deck_rules(opts);
  // Every card the view shows, by the seat whose deck it came from.
  std::array<std::vector<Card>, 2> shown;
  const auto show = [&](int owner, const Document& name) {
    const auto card = name.is_string() ? parse_card(name.get<std::string>()) : std::nullopt;
    if (owner >= 0 && card) shown[at(owner)].push_back(*card);
  };
  const Document& players_doc = view.at("players");
  for (int s = 0; s < 2; ++s) {
    const Document& p = players_doc.at(name_of(s));
    for (const char* zone : {"hand", "discard"})
      if (p.contains(zone))
        for (const Document& name : p.at(zone)) show(s, name);
  }
  const Document& caravans = view.at("caravans");
  for (std::size_t i = 0; i < caravans.size(); ++i) {
    const int owner = owner_of(static_cast<int>(i));
    for (const Document& item : caravans[i].at("cards")) {
      show(owner, item.is_object() ? item.value("card", Document()) : item);
      if (!item.is_object()) continue;
      for (const Document& face : item.value("attached", Document::array()))
        show(face.is_object() && face.contains("by") ? seat_from(face.at("by")) : owner,
             face.is_object() ? face.value("card", Document()) : face);
    }
  }
  Document complete = view;
  complete.erase("viewer");
  for (int s = 0; s < 2; ++s) {
    std::vector<Card> unseen = rules.decks[at(s)];
    for (const Card& card : shown[at(s)]) {
      const auto found = std::find(unseen.begin(), unseen.end(), card);
      if (found != unseen.end()) unseen.erase(found);
    }
    std::stable_partition(unseen.begin(), unseen.end(),
                          [](const Card& card) { return is_number(card); });
    Document& p = complete["players"][name_of(s)];
    std::size_t hand = 0;
    if (s != seat) {
      hand = std::min(unseen.size(), p.value("hand_size", std::size_t{0}));
      p["hand"] = Document::array();
      for (std::size_t i = 0; i < hand; ++i) p["hand"].push_back(card_name(unseen[i]));
    }
    p["deck"] = Document::array();
    for (std::size_t i = hand; i < unseen.size(); ++i) p["deck"].push_back(card_name(unseen[i]));
  }
  return restore(complete, players, opts)->resample(seat, rng);
}

}  // namespace games::nv_caravan
