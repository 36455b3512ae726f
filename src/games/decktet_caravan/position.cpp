// Decktet Caravan at the boundary: the views (documents made from the compact state), the
// positions restore() reads back, and the engine's set-up.
#include <algorithm>
#include <array>
#include <cctype>
#include <string_view>

#include <fmt/format.h>

#include "games/decktet_caravan/decktet_caravan.hpp"
#include "games/decktet_caravan/documents.hpp"
#include "games/decktet_caravan/draw.hpp"

namespace games::decktet_caravan {
namespace {

using core::Document;
using core::MoveError;
using core::SetupError;
using documents::put;
using packed::Cards;

int count_wild(const std::vector<Card>& cards) {
  return static_cast<int>(std::count_if(cards.begin(), cards.end(), is_wild));
}

Cards mask_of(const std::vector<Card>& cards) {
  Cards mask = 0;
  for (Card card : cards) mask |= packed::bit(card);
  return mask;
}

// The `hands` option; nullopt when absent.
std::optional<int> parse_options(const std::map<std::string, std::string>& opts) {
  std::optional<int> hands;
  for (const auto& [key, value] : opts) {
    if (key != "hands")
      throw SetupError(fmt::format("decktet-caravan has no option '{}' (known: hands)", key));
    const bool digits = !value.empty() && value.size() <= 2 &&
                        std::all_of(value.begin(), value.end(),
                                    [](unsigned char c) { return std::isdigit(c) != 0; });
    const int n = digits ? std::stoi(value) : 0;
    if (n < 1 || n > kMaxHands)
      throw SetupError(fmt::format("option hands must be a whole number from 1 to {}, not '{}'",
                                   kMaxHands, value));
    hands = n;
  }
  return hands;
}

void check_players(int players) {
  if (players != 2)
    throw SetupError(fmt::format("decktet-caravan needs exactly 2 players, not {}", players));
}

// ---- Reading a position -------------------------------------------------------------------

const Document& need(const Document& doc, const char* key) {
  if (!doc.contains(key)) throw SetupError(fmt::format("position: \"{}\" is missing", key));
  return doc.at(key);
}

int read_seat(const Document& value, const std::string& where) {
  for (int seat = 0; seat < 2; ++seat)
    if (value == kSeatLabels[static_cast<std::size_t>(seat)]) return seat;
  throw SetupError(fmt::format("position: {} must be \"Player 1\" or \"Player 2\", not {}", where,
                               value.dump()));
}

int read_int(const Document& value, const std::string& where, int low, int high) {
  if (!value.is_number_integer() || value.get<long long>() < low || value.get<long long>() > high)
    throw SetupError(fmt::format("position: {} must be a whole number from {} to {}, not {}", where,
                                 low, high, value.dump()));
  return value.get<int>();
}

Card read_card(const Document& value, const std::string& where) {
  auto card = value.is_string() ? parse_card(value.get<std::string>()) : std::nullopt;
  if (!card)
    throw SetupError(fmt::format("position: {} holds {}, not a card", where, value.dump()));
  return *card;
}

std::vector<Card> read_card_list(const Document& value, const std::string& where) {
  if (!value.is_array())
    throw SetupError(fmt::format("position: {} must be a list of cards", where));
  std::vector<Card> cards;
  for (const Document& item : value) cards.push_back(read_card(item, where));
  std::sort(cards.begin(), cards.end());
  return cards;
}

std::array<std::vector<Card>, 2> read_per_seat_cards(const Document& value, const char* key) {
  if (!value.is_object() || value.size() != 2 || !value.contains(kSeatLabels[0]) ||
      !value.contains(kSeatLabels[1]))
    throw SetupError(fmt::format(
        "position: \"{}\" must be {{\"Player 1\": [cards], \"Player 2\": [cards]}}", key));
  return {read_card_list(value.at(kSeatLabels[0]), fmt::format("{} of Player 1", key)),
          read_card_list(value.at(kSeatLabels[1]), fmt::format("{} of Player 2", key))};
}

// Sorted, for a binary search; constant data, so nothing is built at the start of every command.
constexpr std::array<std::string_view, 14> kStateKeys = {
    "cards", "collected",      "face_up", "game_hands", "hand",    "hand_opener",  "last_hand",
    "plays", "scores_by_hand", "season",  "set_aside",  "to_move", "turned_aside", "went_out"};
// Keys a view adds; a position may carry them (a referee view saved as it is): they are
// recomputed.
constexpr std::array<std::string_view, 9> kDerivedKeys = {
    "collected_value", "cumulative",      "hand_sizes", "phase", "result",
    "scoring",         "set_aside_count", "to_beat",    "viewer"};
static_assert(std::is_sorted(kStateKeys.begin(), kStateKeys.end()));
static_assert(std::is_sorted(kDerivedKeys.begin(), kDerivedKeys.end()));

template <std::size_t N>
bool among(const std::array<std::string_view, N>& keys, std::string_view key) {
  return std::binary_search(keys.begin(), keys.end(), key);
}

}  // namespace

Document face_up_codes(const std::array<Card, 2>& face_up) {
  Document out = Document::array();
  out.emplace_back(kDeck[static_cast<std::size_t>(face_up[0])].code);
  out.emplace_back(kDeck[static_cast<std::size_t>(face_up[1])].code);
  return out;
}

// ---- Views --------------------------------------------------------------------------------

Document DecktetCaravanState::last_hand() const {
  if (!has_summary_) return restored_last_hand_;
  const HandSummary& s = summary_;
  Document bonus;
  if (s.bonus_seat >= 0) {
    bonus = Document::object();
    put(bonus, "points", s.bonus_points);
    put(bonus, "seat", seat_text(s.bonus_seat));
  }
  Document out = Document::object();
  put(out, "bonus", std::move(bonus));
  put(out, "cards_left", per_seat(s.cards_left));
  put(out, "collected_value", per_seat(s.collected_value));
  put(out, "ended", s.no_one_could_open ? "no one can open" : "went out");
  put(out, "face_up", face_up_codes(s.face_up));
  put(out, "hand", s.hand);
  put(out, "scores", per_seat(s.scores));
  put(out, "set_aside", packed::codes(s.revealed));
  return out;
}

// Keys in sorted order, as the document keeps them (documents.hpp).
Document DecktetCaravanState::view(int viewer) const {
  const bool referee = viewer == core::kReferee;
  const bool seated = viewer == 0 || viewer == 1;
  Document doc = Document::object();
  Document cards = Document::object();
  for (int seat = 0; seat < 2; ++seat)
    if (referee || viewer == seat)
      put(cards, seat_text(seat), packed::codes(cards_[static_cast<std::size_t>(seat)]));
  put(doc, "cards", std::move(cards));
  Document collected = Document::object();
  for (int seat = 0; seat < 2; ++seat)
    put(collected, seat_text(seat), packed::codes(collected_[static_cast<std::size_t>(seat)]));
  put(doc, "collected", std::move(collected));
  put(doc, "collected_value", per_seat({collected_value(0), collected_value(1)}));
  const auto total = cumulative();
  put(doc, "cumulative", per_seat(total));
  if (ended_)
    put(doc, "ended", core::ending_document(*ended_, {kSeatLabels.begin(), kSeatLabels.end()}));
  put(doc, "face_up", face_up_codes(face_up_));
  put(doc, "game_hands", game_hands_);
  put(doc, "hand", hand_);
  put(doc, "hand_opener", seat_text(hand_opener_));
  Document sizes = Document::object();
  for (int seat = 0; seat < 2; ++seat) {
    const Cards held = cards_[static_cast<std::size_t>(seat)];
    const int wild = packed::count(held & packed::kTables.wilds);
    Document size = Document::object();
    put(size, "aces_crowns", wild);
    put(size, "numerals", packed::count(held) - wild);
    put(sizes, seat_text(seat), std::move(size));
  }
  put(doc, "hand_sizes", std::move(sizes));
  put(doc, "last_hand", last_hand());
  put(doc, "phase",
      to_move_ < 0     ? "game over"
      : !answering()   ? "open"
      : went_out_ >= 0 ? "last play"
                       : "answer");
  Document plays = Document::array();
  plays.get_ref<Document::array_t&>().reserve(static_cast<std::size_t>(play_count_));
  for (int i = 0; i < play_count_; ++i) {
    const core::ActionId play = plays_[static_cast<std::size_t>(i)];
    Document played = Document::object();
    put(played, "kind", packed::is_bandit(play) ? "bandit" : "caravan");
    put(played, "play", packed::text(play));
    put(played, "seat", seat_text(play_seats_[static_cast<std::size_t>(i)]));
    plays.push_back(std::move(played));
  }
  put(doc, "plays", std::move(plays));
  if (to_move_ < 0) {
    Document winners = Document::array();
    for (int seat : result().winners) winners.emplace_back(seat_text(seat));
    Document result_doc = Document::object();
    put(result_doc, "scores", per_seat(total));
    put(result_doc, "winners", std::move(winners));
    put(doc, "result", std::move(result_doc));
  }
  Document by_hand = Document::array();
  by_hand.get_ref<Document::array_t&>().reserve(static_cast<std::size_t>(hands_scored_));
  for (int hand = 0; hand < hands_scored_; ++hand)
    by_hand.push_back(per_seat(scores_by_hand_[static_cast<std::size_t>(hand)]));
  put(doc, "scores_by_hand", std::move(by_hand));
  Document scoring = Document::object();
  for (Card up : face_up_) put(scoring, suit_name(info(up).suits[0]), is_crown(up) ? 1 : -1);
  put(doc, "scoring", std::move(scoring));
  put(doc, "season", season_);
  if (referee) put(doc, "set_aside", packed::codes(set_aside_));
  put(doc, "set_aside_count", static_cast<std::size_t>(packed::count(set_aside_)));
  put(doc, "to_beat", answering() ? Document(packed::text(table())) : Document());
  put(doc, "to_move", to_move_ >= 0 ? Document(seat_text(to_move_)) : Document());
  put(doc, "turned_aside", turned_aside_ >= 0 ? Document(card_code(turned_aside_)) : Document());
  put(doc, "viewer", referee ? "referee" : seated ? seat_text(viewer) : "spectator");
  put(doc, "went_out", went_out_ >= 0 ? Document(seat_text(went_out_)) : Document());
  return doc;
}

// ---- Positions ----------------------------------------------------------------------------

void DecktetCaravanState::set_from(const Document& doc) {
  if (!doc.is_object()) throw SetupError("a decktet-caravan position must be a JSON object");
  for (const auto& [key, value] : doc.items())
    if (!among(kStateKeys, key) && !among(kDerivedKeys, key))
      throw SetupError(fmt::format("position: unknown key '{}'", key));

  hand_ = read_int(need(doc, "hand"), "hand", 1, game_hands_);
  season_ = doc.contains("season") ? read_int(doc.at("season"), "season", 1, 1000) : 1;
  hand_opener_ = read_seat(need(doc, "hand_opener"), "hand_opener");
  const Document& to_move_doc = need(doc, "to_move");
  to_move_ = to_move_doc.is_null() ? -1 : read_seat(to_move_doc, "to_move");
  went_out_ = -1;
  if (doc.contains("went_out") && !doc.at("went_out").is_null())
    went_out_ = read_seat(doc.at("went_out"), "went_out");

  std::vector<std::array<int, 2>> scores_by_hand;
  if (doc.contains("scores_by_hand")) {
    const Document& list = doc.at("scores_by_hand");
    if (!list.is_array()) throw SetupError("position: \"scores_by_hand\" must be a list");
    for (const Document& item : list) {
      if (!item.is_object() || !item.contains(kSeatLabels[0]) || !item.contains(kSeatLabels[1]) ||
          item.size() != 2)
        throw SetupError(
            "position: each of \"scores_by_hand\" must be {\"Player 1\": n, \"Player 2\": m}");
      scores_by_hand.push_back({read_int(item.at(kSeatLabels[0]), "a hand's score", -1000, 1000),
                                read_int(item.at(kSeatLabels[1]), "a hand's score", -1000, 1000)});
    }
  }
  const std::size_t scored = scores_by_hand.size();
  if (to_move_ >= 0 && scored + 1 != static_cast<std::size_t>(hand_))
    throw SetupError(
        fmt::format("position: hand {} is being played, so \"scores_by_hand\" must "
                    "list {} hand(s), not {}",
                    hand_, hand_ - 1, scored));
  if (to_move_ < 0 && (hand_ != game_hands_ || scored != static_cast<std::size_t>(game_hands_)))
    throw SetupError(
        fmt::format("position: to_move is null (the game is over), so hand must be "
                    "{} and \"scores_by_hand\" list {} hands",
                    game_hands_, game_hands_));
  hands_scored_ = static_cast<int>(scored);  // at most game_hands_, checked just above
  std::copy(scores_by_hand.begin(), scores_by_hand.end(), scores_by_hand_.begin());

  const Document& face_up = need(doc, "face_up");
  if (!face_up.is_array() || face_up.size() != 2)
    throw SetupError("position: \"face_up\" must list two cards");
  face_up_ = {read_card(face_up[0], "face_up"), read_card(face_up[1], "face_up")};
  if (!is_wild(face_up_[0]) || !is_wild(face_up_[1]))
    throw SetupError("position: the face-up cards must be Aces or Crowns");
  if (share_suit(face_up_[0], face_up_[1]))
    throw SetupError("position: the two face-up cards must differ in suit (DK-10)");
  turned_aside_ = -1;
  if (doc.contains("turned_aside") && !doc.at("turned_aside").is_null()) {
    turned_aside_ = read_card(doc.at("turned_aside"), "turned_aside");
    if (!is_wild(turned_aside_) || !share_suit(turned_aside_, face_up_[0]))
      throw SetupError(
          "position: the turned-aside card is an Ace or Crown of the first face-up card's suit");
  }
  const std::vector<Card> set_aside = read_card_list(need(doc, "set_aside"), "set_aside");
  const int aside_wilds = count_wild(set_aside) + (turned_aside_ >= 0 ? 1 : 0);
  const int aside_numerals = static_cast<int>(set_aside.size()) - count_wild(set_aside);
  if (aside_wilds != 2 || aside_numerals != 2)
    throw SetupError(
        "position: two Aces or Crowns (counting a turned-aside card) and two numerals are set "
        "aside");
  const auto cards = read_per_seat_cards(need(doc, "cards"), "cards");
  const auto collected = read_per_seat_cards(need(doc, "collected"), "collected");

  struct SeasonPlay {
    int seat = 0;
    Play play;
  };
  std::vector<SeasonPlay> plays;
  const Document& plays_doc = doc.contains("plays") ? doc.at("plays") : Document::array();
  if (!plays_doc.is_array()) throw SetupError("position: \"plays\" must be a list");
  for (const Document& item : plays_doc) {
    if (!item.is_object() || !item.contains("seat") || !item.contains("play"))
      throw SetupError("position: each play is {\"seat\": \"Player 1\", \"play\": \"3MW 4MS\"}");
    SeasonPlay played;
    played.seat = read_seat(item.at("seat"), "a play's seat");
    try {
      played.play = parse_play(item.at("play"));
    } catch (const MoveError& error) {
      throw SetupError(
          fmt::format("position: the play {}: {}", item.at("play").dump(), error.what()));
    }
    if (plays.empty() && played.play.kind != PlayKind::kCaravan)
      throw SetupError("position: a season opens with a caravan");
    if (!plays.empty() && plays.back().seat == played.seat)
      throw SetupError("position: the players' plays alternate");
    if (!plays.empty() && !beats(played.play, plays.back().play))
      throw SetupError(fmt::format("position: {} does not beat {}", format_play(played.play),
                                   format_play(plays.back().play)));
    plays.push_back(std::move(played));
  }

  // Every card exactly once.
  std::vector<int> seen(kCards, 0);
  auto tally = [&](const std::vector<Card>& list) {
    for (Card card : list) ++seen[static_cast<std::size_t>(card)];
  };
  tally({face_up_[0], face_up_[1]});
  if (turned_aside_ >= 0) tally({turned_aside_});
  tally(set_aside);
  for (int seat = 0; seat < 2; ++seat) {
    tally(cards[static_cast<std::size_t>(seat)]);
    tally(collected[static_cast<std::size_t>(seat)]);
  }
  for (const SeasonPlay& played : plays)
    for (const Placed& placed : played.play.cards) tally({placed.card});
  for (Card card = 0; card < kCards; ++card) {
    const int n = seen[static_cast<std::size_t>(card)];
    if (n != 1)
      throw SetupError(
          fmt::format("position: {} appears {} times; every card is in exactly one "
                      "place",
                      card_code(card), n));
  }

  if (to_move_ >= 0) {
    const int mover = to_move_;
    if (went_out_ >= 0) {
      if (!cards[static_cast<std::size_t>(went_out_)].empty() || plays.empty() ||
          plays.back().seat != went_out_ || mover == went_out_)
        throw SetupError(
            "position: a player who went out holds no cards, made the last play, and the "
            "opponent is to move");
    } else if (cards[0].empty() || cards[1].empty()) {
      throw SetupError("position: a player holds no cards but went_out is not set");
    }
    if (plays.empty() && !can_open(cards[static_cast<std::size_t>(mover)]))
      throw SetupError(fmt::format(
          "position: {} opens the season but holds only Aces and Crowns (DK-4)", seat_text(mover)));
    if (!plays.empty() && plays.back().seat == mover)
      throw SetupError("position: the player who made the last play is not the one to move");
  } else if (!plays.empty()) {
    throw SetupError("position: the game is over but a season is still being played");
  }

  Document last = doc.contains("last_hand") ? doc.at("last_hand") : Document(nullptr);
  if (!last.is_null() && !last.is_object())
    throw SetupError("position: \"last_hand\" must be null or a summary object");

  // Checked: now the compact state. Every play beats the one before, so a season holds at most
  // eight caravans and four bandits: within kMaxPlays.
  set_aside_ = mask_of(set_aside);
  for (int seat = 0; seat < 2; ++seat) {
    cards_[static_cast<std::size_t>(seat)] = mask_of(cards[static_cast<std::size_t>(seat)]);
    collected_[static_cast<std::size_t>(seat)] = mask_of(collected[static_cast<std::size_t>(seat)]);
  }
  play_count_ = static_cast<int>(plays.size());
  for (std::size_t i = 0; i < plays.size(); ++i) {
    plays_[i] = packed::pack(plays[i].play);
    play_seats_[i] = plays[i].seat;
  }
  has_summary_ = false;
  restored_last_hand_ = std::move(last);
}

// ---- Engine -------------------------------------------------------------------------------

std::vector<core::OptionInfo> DecktetCaravanEngine::options() const {
  return {{"hands", fmt::format("1..{}", kMaxHands), std::to_string(kDefaultHands),
           "hands in a game; each player's scores add up over them"}};
}

std::string DecktetCaravanEngine::seat_name(int seat) const {
  if (seat < 0 || seat > 1)
    throw std::out_of_range(fmt::format("decktet-caravan has no seat {}", seat));
  return kSeatLabels[static_cast<std::size_t>(seat)];
}

core::Setup DecktetCaravanEngine::start(int players, const std::map<std::string, std::string>& opts,
                                        core::Rng& rng) const {
  check_players(players);
  auto state = std::make_unique<DecktetCaravanState>(parse_options(opts).value_or(kDefaultHands));
  auto events = state->start(rng);
  return {std::move(state), std::move(events)};
}

std::unique_ptr<core::State> DecktetCaravanEngine::restore(
    const Document& doc, int players, const std::map<std::string, std::string>& opts) const {
  check_players(players);
  const std::optional<int> option = parse_options(opts);
  if (!doc.is_object()) throw SetupError("a decktet-caravan position must be a JSON object");
  int hands = option.value_or(kDefaultHands);
  if (doc.contains("game_hands")) {
    hands = read_int(doc.at("game_hands"), "game_hands", 1, kMaxHands);
    if (option && *option != hands)
      throw SetupError(
          fmt::format("position says game_hands={} but the option says hands={}", hands, *option));
  }
  auto state = std::make_unique<DecktetCaravanState>(hands);
  state->set_from(doc);
  return state;
}

std::string DecktetCaravanEngine::draw(const Document& view) const { return draw_view(view); }

std::unique_ptr<core::State> DecktetCaravanEngine::from_view(
    const Document& view, int seat, int players, const std::map<std::string, std::string>& opts,
    core::Rng& rng) const {
  if (seat != 0 && seat != 1) return restore(view, players, opts);
  std::vector<bool> shown(kCards, false);
  const auto show = [&](const std::vector<Card>& cards) {
    for (Card card : cards) shown[static_cast<std::size_t>(card)] = true;
  };
  show(read_card_list(need(view, "face_up"), "face_up"));
  if (view.contains("turned_aside") && !view.at("turned_aside").is_null())
    show({read_card(view.at("turned_aside"), "turned_aside")});
  for (const auto& [who, cards] : need(view, "cards").items()) show(read_card_list(cards, who));
  for (const auto& [who, cards] : need(view, "collected").items()) show(read_card_list(cards, who));
  for (const Document& item : view.value("plays", Document::array()))
    for (const Placed& placed : parse_play(item.at("play")).cards) show({placed.card});

  std::vector<Card> wilds, numerals;
  for (Card card = 0; card < kCards; ++card)
    if (!shown[static_cast<std::size_t>(card)]) (is_wild(card) ? wilds : numerals).push_back(card);
  const std::string opponent = seat_text(1 - seat);
  const Document& sizes = need(view, "hand_sizes").at(opponent);
  const auto deal = [](std::vector<Card>& from, std::size_t n, Document& to) {
    for (std::size_t i = 0; i < n && !from.empty(); ++i) {
      to.push_back(card_code(from.back()));
      from.pop_back();
    }
  };
  Document hand = Document::array(), aside = Document::array();
  deal(wilds, sizes.value("aces_crowns", std::size_t{0}), hand);
  deal(numerals, sizes.value("numerals", std::size_t{0}), hand);
  deal(wilds, wilds.size(), aside);
  deal(numerals, numerals.size(), aside);
  Document complete = view;
  complete.erase("viewer");
  complete["cards"][opponent] = std::move(hand);
  complete["set_aside"] = std::move(aside);
  return restore(complete, players, opts)->resample(seat, rng);
}

}  // namespace games::decktet_caravan
