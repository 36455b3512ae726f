#include "games/decktet_caravan/decktet_caravan.hpp"

#include <algorithm>
#include <cctype>
#include <set>
#include <stdexcept>

#include <fmt/format.h>

#include "core/text.hpp"
#include "games/decktet_caravan/draw.hpp"

namespace games::decktet_caravan {
namespace {

using core::trimmed_lower;

using core::Document;
using core::MoveError;
using core::SetupError;

constexpr std::array<const char*, 2> kSeatLabels = {"Player 1", "Player 2"};

Document codes(const std::vector<Card>& cards) {
  Document out = Document::array();
  for (Card card : cards) out.push_back(card_code(card));
  return out;
}

Document per_seat(const std::array<int, 2>& values) {
  return {{kSeatLabels[0], values[0]}, {kSeatLabels[1], values[1]}};
}

void insert_sorted(std::vector<Card>& cards, Card card) {
  cards.insert(std::upper_bound(cards.begin(), cards.end(), card), card);
}

bool holds(const std::vector<Card>& cards, Card card) {
  return std::binary_search(cards.begin(), cards.end(), card);
}

void remove_card(std::vector<Card>& cards, Card card) {
  cards.erase(std::lower_bound(cards.begin(), cards.end(), card));
}

int count_wild(const std::vector<Card>& cards) {
  return static_cast<int>(std::count_if(cards.begin(), cards.end(), is_wild));
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

const std::set<std::string> kStateKeys = {
    "game_hands", "hand",  "season",    "hand_opener", "scores_by_hand", "face_up",  "turned_aside",
    "set_aside",  "cards", "collected", "plays",       "to_move",        "went_out", "last_hand"};
// Keys a view adds; a position may carry them (a referee view saved as it is): they are
// recomputed.
const std::set<std::string> kDerivedKeys = {"viewer",          "phase",      "scoring",
                                            "set_aside_count", "hand_sizes", "to_beat",
                                            "collected_value", "cumulative", "result"};

}  // namespace

std::string seat_label(int seat) {
  if (seat < 0 || seat > 1) throw std::out_of_range(fmt::format("no seat {}", seat));
  return kSeatLabels[static_cast<std::size_t>(seat)];
}

int card_value(Card card, const std::array<Card, 2>& face_up) {
  int value = 0;
  for (Card up : face_up)
    if (has_suit(card, info(up).suits[0])) value += is_crown(up) ? 1 : -1;
  return value;
}

// ---- State --------------------------------------------------------------------------------

DecktetCaravanState::DecktetCaravanState(int game_hands) : game_hands_(game_hands) {}

std::vector<core::Event> DecktetCaravanState::start(core::Rng& rng) {
  std::vector<core::Event> events;
  const int opener = static_cast<int>(rng.below(2));  // Ruling DK-7: drawn from the seed
  deal(opener, rng, events);
  return events;
}

void DecktetCaravanState::deal(int opener, core::Rng& rng, std::vector<core::Event>& events) {
  std::vector<Card> wilds, numerals;
  for (Card card = 0; card < kCards; ++card) (is_wild(card) ? wilds : numerals).push_back(card);
  rng.shuffle(wilds);
  rng.shuffle(numerals);
  cards_ = {};
  set_aside_.clear();
  turned_aside_.reset();
  std::size_t next = 0;
  for (; next < 2 * kWildsDealt; ++next) cards_[next % 2].push_back(wilds[next]);
  face_up_ = {wilds[next], wilds[next + 1]};
  next += 2;
  // Ruling DK-10: a second face-up card of the first one's suit is set aside, in view of
  // both, and the next card of the pile is turned up instead.
  if (share_suit(face_up_[0], face_up_[1])) {
    turned_aside_ = face_up_[1];
    face_up_[1] = wilds[next++];
  }
  for (; next < wilds.size(); ++next) set_aside_.push_back(wilds[next]);
  for (next = 0; next < 2 * kNumeralsDealt; ++next) cards_[next % 2].push_back(numerals[next]);
  for (; next < numerals.size(); ++next) set_aside_.push_back(numerals[next]);
  for (auto& cards : cards_) std::sort(cards.begin(), cards.end());
  std::sort(set_aside_.begin(), set_aside_.end());
  collected_ = {};
  plays_.clear();
  season_ = 1;
  went_out_.reset();
  hand_opener_ = opener;
  to_move_ = opener;

  Document scoring = Document::object();
  for (Card up : face_up_)
    scoring[suit_name(info(up).suits[0])] = is_crown(up) ? "+1 per card" : "-1 per card";
  events.push_back(
      {core::kEveryone,
       {{"event", "deal"},
        {"hand", hand_},
        {"face_up", codes({face_up_[0], face_up_[1]})},
        {"turned_aside", turned_aside_ ? Document(card_code(*turned_aside_)) : Document(nullptr)},
        {"scoring", scoring},
        {"opener", seat_label(opener)}},
       nullptr});
  for (int seat = 0; seat < 2; ++seat) {
    const auto& cards = cards_[static_cast<std::size_t>(seat)];
    Document full = {
        {"event", "cards"}, {"hand", hand_}, {"seat", seat_label(seat)}, {"cards", codes(cards)}};
    Document redacted = {{"event", "cards"},
                         {"hand", hand_},
                         {"seat", seat_label(seat)},
                         {"cards", {{"hidden", cards.size()}}}};
    events.push_back({seat, std::move(full), std::move(redacted)});
  }
}

core::Result DecktetCaravanState::result() const {
  const auto total = cumulative();
  core::Result result;
  result.scores = {static_cast<double>(total[0]), static_cast<double>(total[1])};
  if (total[0] > total[1]) result.winners = {0};
  if (total[1] > total[0]) result.winners = {1};  // Ruling DK-10: equal totals draw
  return result;
}

int DecktetCaravanState::collected_value(int seat) const {
  int value = 0;
  for (Card card : collected_[static_cast<std::size_t>(seat)]) value += card_value(card, face_up_);
  return value;
}

std::array<int, 2> DecktetCaravanState::cumulative() const {
  std::array<int, 2> total{};
  for (const auto& scores : scores_by_hand_) {
    total[0] += scores[0];
    total[1] += scores[1];
  }
  return total;
}

std::vector<Play> DecktetCaravanState::plays_available() const {
  if (!to_move_) return {};
  const auto& hand = cards_[static_cast<std::size_t>(*to_move_)];
  if (plays_.empty()) return all_caravans(hand);  // Ruling DK-4: a season opens with a caravan
  const Play& table = plays_.back().play;
  std::vector<Play> out;
  if (table.kind == PlayKind::kCaravan)
    for (Play& play : all_caravans(hand))
      if (beats(play, table)) out.push_back(std::move(play));
  for (Play& play : all_bandits(hand))
    if (beats(play, table)) out.push_back(std::move(play));
  return out;
}

std::vector<Document> DecktetCaravanState::legal_moves() const {
  std::vector<Document> moves;
  if (!to_move_) return moves;
  for (const Play& play : plays_available()) moves.emplace_back(format_play(play));
  if (!plays_.empty()) moves.emplace_back("pass");
  return moves;
}

std::optional<Document> DecktetCaravanState::forced_move() const {
  if (!to_move_ || plays_.empty()) return std::nullopt;
  if (!plays_available().empty()) return std::nullopt;
  return Document("pass");
}

Document DecktetCaravanState::default_move() const {
  if (!to_move_) throw MoveError("the game is over: no more moves");
  if (!plays_.empty()) return "pass";
  // all_caravans lists the shortest first, then the lowest top rank: a single low numeral.
  const auto caravans = all_caravans(cards_[static_cast<std::size_t>(*to_move_)]);
  if (caravans.empty()) throw MoveError("there is no legal move to play");
  return format_play(caravans.front());
}

void DecktetCaravanState::check_play(int player, const Play& play) const {
  for (const Placed& placed : play.cards)
    if (!holds(cards_[static_cast<std::size_t>(player)], placed.card))
      throw MoveError(fmt::format("you do not hold {}", card_label(placed.card)));
  if (plays_.empty()) {
    if (play.kind == PlayKind::kBandit)
      throw MoveError("a season opens with a caravan; a bandit can only answer (ruling DK-4)");
    return;
  }
  const Play& table = plays_.back().play;
  if (beats(play, table)) return;
  const std::string shown = format_play(table);
  if (table.kind == PlayKind::kBandit) {
    if (play.kind == PlayKind::kCaravan)
      throw MoveError(fmt::format(
          "no caravan beats the bandit {}: answer with a higher bandit or pass", shown));
    throw MoveError(fmt::format(
        "{} does not beat the bandit {}: bandits rank Ace, Crown, Ace and Crown of two suits, "
        "Ace and Crown of one suit",
        format_play(play), shown));
  }
  if (play.length() != table.length())
    throw MoveError(
        fmt::format("a caravan answers a caravan of the same length: {} has {} card(s), yours {}",
                    shown, table.length(), play.length()));
  throw MoveError(
      fmt::format("your caravan reaches rank {}; it must go higher than {}, which "
                  "reaches rank {}",
                  play.top(), shown, table.top()));
}

std::vector<core::Event> DecktetCaravanState::apply(int player, const Document& move,
                                                    core::Rng& rng) {
  if (!to_move_) throw MoveError("the game is over: no more moves");
  if (player != *to_move_)
    throw MoveError(fmt::format("it is not your turn: {} is to move", seat_label(*to_move_)));
  std::vector<core::Event> events;
  if (move.is_string() && trimmed_lower(move.get<std::string>()) == "pass") {
    if (plays_.empty())
      throw MoveError("you open this season: play a caravan (only an answer may pass)");
    events.push_back(
        {core::kEveryone,
         {{"event", "pass"}, {"hand", hand_}, {"season", season_}, {"seat", seat_label(player)}},
         nullptr});
    const int last_player = plays_.back().seat;
    settle_season(events);
    if (went_out_)
      end_hand("went out", rng, events);  // Ruling DK-5: the opponent's last play was a pass
    else
      open_next_season(last_player, rng, events);
    return events;
  }

  Play play = parse_play(move);
  check_play(player, play);
  auto& hand = cards_[static_cast<std::size_t>(player)];
  for (const Placed& placed : play.cards) remove_card(hand, placed.card);
  const bool last_play = went_out_.has_value();
  Document full = {
      {"event", "play"},           {"hand", hand_},
      {"season", season_},         {"seat", seat_label(player)},
      {"play", format_play(play)}, {"kind", play.kind == PlayKind::kCaravan ? "caravan" : "bandit"},
      {"cards_left", hand.size()}};
  // Ruling DK-9: only the first player to empty their hand goes out.
  if (hand.empty() && !went_out_) {
    went_out_ = player;
    full["went_out"] = true;
  }
  plays_.push_back({player, std::move(play)});
  events.push_back({core::kEveryone, std::move(full), nullptr});
  if (last_play) {
    // Ruling DK-5: the opponent made their one play after the other went out.
    settle_season(events);
    end_hand("went out", rng, events);
  } else {
    to_move_ = 1 - player;
  }
  return events;
}

void DecktetCaravanState::settle_season(std::vector<core::Event>& events) {
  const SeasonPlay& last = plays_.back();
  // A caravan's player collects; a bandit's opponent does.
  const int collector = last.play.kind == PlayKind::kCaravan ? last.seat : 1 - last.seat;
  Document cards = Document::array();
  int value = 0;
  for (const SeasonPlay& played : plays_) {
    for (const Placed& placed : played.play.cards) {
      insert_sorted(collected_[static_cast<std::size_t>(collector)], placed.card);
      cards.push_back(card_code(placed.card));
      value += card_value(placed.card, face_up_);
    }
  }
  events.push_back({core::kEveryone,
                    {{"event", "collect"},
                     {"hand", hand_},
                     {"season", season_},
                     {"seat", seat_label(collector)},
                     {"cards", cards},
                     {"value", value}},
                    nullptr});
  plays_.clear();
}

void DecktetCaravanState::open_next_season(int last_player, core::Rng& rng,
                                           std::vector<core::Event>& events) {
  // The player who made the last play opens; ruling DK-4: with only Aces and Crowns they
  // cannot, and the other opens; if neither can, the hand ends.
  int opener = last_player;
  if (!can_open(cards_[static_cast<std::size_t>(opener)])) opener = 1 - opener;
  if (!can_open(cards_[static_cast<std::size_t>(opener)])) {
    end_hand("no one can open", rng, events);
    return;
  }
  ++season_;
  to_move_ = opener;
  Document full = {
      {"event", "season"}, {"hand", hand_}, {"season", season_}, {"opener", seat_label(opener)}};
  if (opener != last_player) full["cannot_open"] = seat_label(last_player);
  events.push_back({core::kEveryone, std::move(full), nullptr});
}

void DecktetCaravanState::end_hand(const char* reason, core::Rng& rng,
                                   std::vector<core::Event>& events) {
  std::array<int, 2> score = {collected_value(0), collected_value(1)};
  Document bonus = nullptr;
  if (went_out_) {
    // Ruling DK-5: 5 plus one per card the opponent still holds.
    const int out = *went_out_;
    const int left = static_cast<int>(cards_[static_cast<std::size_t>(1 - out)].size());
    score[static_cast<std::size_t>(out)] += kGoingOutBonus + left;
    bonus = {{"seat", seat_label(out)}, {"points", kGoingOutBonus + left}};
  }
  scores_by_hand_.push_back(score);
  std::vector<Card> revealed = set_aside_;  // Ruling DK-6: shown to both now
  if (turned_aside_) insert_sorted(revealed, *turned_aside_);
  last_hand_ = {{"hand", hand_},
                {"ended", reason},
                {"face_up", codes({face_up_[0], face_up_[1]})},
                {"set_aside", codes(revealed)},
                {"collected_value", per_seat({collected_value(0), collected_value(1)})},
                {"cards_left", per_seat({static_cast<int>(cards_[0].size()),
                                         static_cast<int>(cards_[1].size())})},
                {"bonus", bonus},
                {"scores", per_seat(score)}};
  const auto total = cumulative();
  Document full = last_hand_;
  full["event"] = "hand_end";
  full["cumulative"] = per_seat(total);
  events.push_back({core::kEveryone, std::move(full), nullptr});

  if (hand_ >= game_hands_) {
    to_move_.reset();
    Document winners = Document::array();
    for (int seat : result().winners) winners.push_back(seat_label(seat));
    events.push_back(
        {core::kEveryone,
         {{"event", "game_over"}, {"winners", winners}, {"cumulative", per_seat(total)}},
         nullptr});
    return;
  }
  // Ruling DK-7: the lower total opens; on a tie, the one who did not open this hand.
  const int opener = total[0] < total[1] ? 0 : total[1] < total[0] ? 1 : 1 - hand_opener_;
  ++hand_;
  deal(opener, rng, events);
}

Document DecktetCaravanState::view(int viewer) const {
  const bool referee = viewer == core::kReferee;
  Document doc;
  doc["viewer"] = referee ? std::string("referee") : seat_label(viewer);
  doc["game_hands"] = game_hands_;
  doc["hand"] = hand_;
  doc["season"] = season_;
  doc["hand_opener"] = seat_label(hand_opener_);
  doc["to_move"] = to_move_ ? Document(seat_label(*to_move_)) : Document(nullptr);
  doc["phase"] = !to_move_        ? "game over"
                 : plays_.empty() ? "open"
                 : went_out_      ? "last play"
                                  : "answer";
  doc["went_out"] = went_out_ ? Document(seat_label(*went_out_)) : Document(nullptr);
  doc["face_up"] = codes({face_up_[0], face_up_[1]});
  Document scoring = Document::object();
  for (Card up : face_up_) scoring[suit_name(info(up).suits[0])] = is_crown(up) ? 1 : -1;
  doc["scoring"] = scoring;
  doc["turned_aside"] = turned_aside_ ? Document(card_code(*turned_aside_)) : Document(nullptr);
  if (referee) doc["set_aside"] = codes(set_aside_);
  doc["set_aside_count"] = set_aside_.size();
  Document cards = Document::object();
  Document sizes = Document::object();
  Document collected = Document::object();
  for (int seat = 0; seat < 2; ++seat) {
    const auto& held = cards_[static_cast<std::size_t>(seat)];
    if (referee || viewer == seat) cards[seat_label(seat)] = codes(held);
    const int wild = count_wild(held);
    sizes[seat_label(seat)] = {{"aces_crowns", wild},
                               {"numerals", static_cast<int>(held.size()) - wild}};
    collected[seat_label(seat)] = codes(collected_[static_cast<std::size_t>(seat)]);
  }
  doc["cards"] = cards;
  doc["hand_sizes"] = sizes;
  Document plays = Document::array();
  for (const SeasonPlay& played : plays_)
    plays.push_back({{"seat", seat_label(played.seat)},
                     {"play", format_play(played.play)},
                     {"kind", played.play.kind == PlayKind::kCaravan ? "caravan" : "bandit"}});
  doc["plays"] = plays;
  doc["to_beat"] = plays_.empty() ? Document(nullptr) : Document(format_play(plays_.back().play));
  doc["collected"] = collected;
  doc["collected_value"] = per_seat({collected_value(0), collected_value(1)});
  Document by_hand = Document::array();
  for (const auto& scores : scores_by_hand_) by_hand.push_back(per_seat(scores));
  doc["scores_by_hand"] = by_hand;
  doc["cumulative"] = per_seat(cumulative());
  doc["last_hand"] = last_hand_;
  if (!to_move_) {
    Document winners = Document::array();
    for (int seat : result().winners) winners.push_back(seat_label(seat));
    doc["result"] = {{"winners", winners}, {"scores", per_seat(cumulative())}};
  }
  return doc;
}

std::unique_ptr<core::State> DecktetCaravanState::clone() const {
  return std::make_unique<DecktetCaravanState>(*this);
}

std::unique_ptr<core::State> DecktetCaravanState::resample(int viewer, core::Rng& rng) const {
  auto other = std::make_unique<DecktetCaravanState>(*this);
  if (viewer != 0 && viewer != 1) return other;
  // Hidden from the viewer: the opponent's cards and the cards set aside. How many Aces and
  // Crowns the opponent holds is known (four were dealt and every play is public), so the two
  // kinds are redrawn separately.
  auto& opponent = other->cards_[static_cast<std::size_t>(1 - viewer)];
  std::vector<Card> wilds, numerals;
  for (const auto* pile : {&opponent, &other->set_aside_})
    for (Card card : *pile) (is_wild(card) ? wilds : numerals).push_back(card);
  const std::size_t opponent_wilds = static_cast<std::size_t>(count_wild(opponent));
  const std::size_t opponent_numerals = opponent.size() - opponent_wilds;
  rng.shuffle(wilds);
  rng.shuffle(numerals);
  opponent.assign(wilds.begin(), wilds.begin() + static_cast<std::ptrdiff_t>(opponent_wilds));
  opponent.insert(opponent.end(), numerals.begin(),
                  numerals.begin() + static_cast<std::ptrdiff_t>(opponent_numerals));
  other->set_aside_.assign(wilds.begin() + static_cast<std::ptrdiff_t>(opponent_wilds),
                           wilds.end());
  other->set_aside_.insert(other->set_aside_.end(),
                           numerals.begin() + static_cast<std::ptrdiff_t>(opponent_numerals),
                           numerals.end());
  std::sort(opponent.begin(), opponent.end());
  std::sort(other->set_aside_.begin(), other->set_aside_.end());
  return other;
}

void DecktetCaravanState::set_from(const Document& doc) {
  if (!doc.is_object()) throw SetupError("a decktet-caravan position must be a JSON object");
  for (const auto& [key, value] : doc.items())
    if (kStateKeys.count(key) == 0 && kDerivedKeys.count(key) == 0)
      throw SetupError(fmt::format("position: unknown key '{}'", key));

  hand_ = read_int(need(doc, "hand"), "hand", 1, game_hands_);
  season_ = doc.contains("season") ? read_int(doc.at("season"), "season", 1, 1000) : 1;
  hand_opener_ = read_seat(need(doc, "hand_opener"), "hand_opener");
  const Document& to_move = need(doc, "to_move");
  to_move_.reset();
  if (!to_move.is_null()) to_move_ = read_seat(to_move, "to_move");
  went_out_.reset();
  if (doc.contains("went_out") && !doc.at("went_out").is_null())
    went_out_ = read_seat(doc.at("went_out"), "went_out");

  scores_by_hand_.clear();
  if (doc.contains("scores_by_hand")) {
    const Document& list = doc.at("scores_by_hand");
    if (!list.is_array()) throw SetupError("position: \"scores_by_hand\" must be a list");
    for (const Document& item : list) {
      if (!item.is_object() || !item.contains(kSeatLabels[0]) || !item.contains(kSeatLabels[1]) ||
          item.size() != 2)
        throw SetupError(
            "position: each of \"scores_by_hand\" must be {\"Player 1\": n, \"Player 2\": m}");
      scores_by_hand_.push_back({read_int(item.at(kSeatLabels[0]), "a hand's score", -1000, 1000),
                                 read_int(item.at(kSeatLabels[1]), "a hand's score", -1000, 1000)});
    }
  }
  const std::size_t scored = scores_by_hand_.size();
  if (to_move_ && scored + 1 != static_cast<std::size_t>(hand_))
    throw SetupError(
        fmt::format("position: hand {} is being played, so \"scores_by_hand\" must "
                    "list {} hand(s), not {}",
                    hand_, hand_ - 1, scored));
  if (!to_move_ && (hand_ != game_hands_ || scored != static_cast<std::size_t>(game_hands_)))
    throw SetupError(
        fmt::format("position: to_move is null (the game is over), so hand must be "
                    "{} and \"scores_by_hand\" list {} hands",
                    game_hands_, game_hands_));

  const Document& face_up = need(doc, "face_up");
  if (!face_up.is_array() || face_up.size() != 2)
    throw SetupError("position: \"face_up\" must list two cards");
  face_up_ = {read_card(face_up[0], "face_up"), read_card(face_up[1], "face_up")};
  if (!is_wild(face_up_[0]) || !is_wild(face_up_[1]))
    throw SetupError("position: the face-up cards must be Aces or Crowns");
  if (share_suit(face_up_[0], face_up_[1]))
    throw SetupError("position: the two face-up cards must differ in suit (DK-10)");
  turned_aside_.reset();
  if (doc.contains("turned_aside") && !doc.at("turned_aside").is_null()) {
    turned_aside_ = read_card(doc.at("turned_aside"), "turned_aside");
    if (!is_wild(*turned_aside_) || !share_suit(*turned_aside_, face_up_[0]))
      throw SetupError(
          "position: the turned-aside card is an Ace or Crown of the first face-up card's suit");
  }
  set_aside_ = read_card_list(need(doc, "set_aside"), "set_aside");
  const int aside_wilds = count_wild(set_aside_) + (turned_aside_ ? 1 : 0);
  const int aside_numerals = static_cast<int>(set_aside_.size()) - count_wild(set_aside_);
  if (aside_wilds != 2 || aside_numerals != 2)
    throw SetupError(
        "position: two Aces or Crowns (counting a turned-aside card) and two numerals are set "
        "aside");
  cards_ = read_per_seat_cards(need(doc, "cards"), "cards");
  collected_ = read_per_seat_cards(need(doc, "collected"), "collected");

  plays_.clear();
  const Document& plays = doc.contains("plays") ? doc.at("plays") : Document::array();
  if (!plays.is_array()) throw SetupError("position: \"plays\" must be a list");
  for (const Document& item : plays) {
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
    if (plays_.empty() && played.play.kind != PlayKind::kCaravan)
      throw SetupError("position: a season opens with a caravan");
    if (!plays_.empty() && plays_.back().seat == played.seat)
      throw SetupError("position: the players' plays alternate");
    if (!plays_.empty() && !beats(played.play, plays_.back().play))
      throw SetupError(fmt::format("position: {} does not beat {}", format_play(played.play),
                                   format_play(plays_.back().play)));
    plays_.push_back(std::move(played));
  }

  // Every card exactly once.
  std::vector<int> seen(kCards, 0);
  auto count = [&](const std::vector<Card>& cards) {
    for (Card card : cards) ++seen[static_cast<std::size_t>(card)];
  };
  count({face_up_[0], face_up_[1]});
  if (turned_aside_) count({*turned_aside_});
  count(set_aside_);
  for (int seat = 0; seat < 2; ++seat) {
    count(cards_[static_cast<std::size_t>(seat)]);
    count(collected_[static_cast<std::size_t>(seat)]);
  }
  for (const SeasonPlay& played : plays_)
    for (const Placed& placed : played.play.cards) count({placed.card});
  for (Card card = 0; card < kCards; ++card) {
    const int n = seen[static_cast<std::size_t>(card)];
    if (n != 1)
      throw SetupError(
          fmt::format("position: {} appears {} times; every card is in exactly one "
                      "place",
                      card_code(card), n));
  }

  if (to_move_) {
    const int mover = *to_move_;
    if (went_out_) {
      if (!cards_[static_cast<std::size_t>(*went_out_)].empty() || plays_.empty() ||
          plays_.back().seat != *went_out_ || mover == *went_out_)
        throw SetupError(
            "position: a player who went out holds no cards, made the last play, and the "
            "opponent is to move");
    } else if (cards_[0].empty() || cards_[1].empty()) {
      throw SetupError("position: a player holds no cards but went_out is not set");
    }
    if (plays_.empty() && !can_open(cards_[static_cast<std::size_t>(mover)]))
      throw SetupError(
          fmt::format("position: {} opens the season but holds only Aces and Crowns (DK-4)",
                      seat_label(mover)));
    if (!plays_.empty() && plays_.back().seat == mover)
      throw SetupError("position: the player who made the last play is not the one to move");
  } else if (!plays_.empty()) {
    throw SetupError("position: the game is over but a season is still being played");
  }

  last_hand_ = doc.contains("last_hand") ? doc.at("last_hand") : Document(nullptr);
  if (!last_hand_.is_null() && !last_hand_.is_object())
    throw SetupError("position: \"last_hand\" must be null or a summary object");
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

}  // namespace games::decktet_caravan
