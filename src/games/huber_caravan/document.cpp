// The huber-caravan state as a document: view() for every viewer (the referee's is complete) and
// set_from(), which reads such a document back (`new --position`) and refuses any position the
// rules cannot reach with a SetupError that says why.
#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "games/huber_caravan/common.hpp"
#include "games/huber_caravan/huber_caravan.hpp"

namespace games::huber_caravan {
namespace {

using core::Document;

int number_in(const Document& doc, const char* key, int low, int high, std::optional<int> dflt) {
  if (!doc.contains(key)) {
    if (dflt) return *dflt;
    bad_position(fmt::format("\"{}\" is missing", key));
  }
  const Document& value = doc.at(key);
  if (!value.is_number_integer() || value.get<long long>() < low || value.get<long long>() > high)
    bad_position(
        fmt::format("\"{}\" must be a whole number {}-{}, not {}", key, low, high, value.dump()));
  return value.get<int>();
}

void only_keys(const Document& doc, const std::set<std::string>& keys, const std::string& what) {
  if (!doc.is_object()) bad_position(fmt::format("{} must be a mapping", what));
  for (const auto& item : doc.items())
    if (!keys.count(item.key()))
      bad_position(fmt::format("{} has an unknown key '{}'", what, item.key()));
}

int good_in(const Document& value, const std::string& what) {
  const auto good = value.is_string() ? parse_good(value.get<std::string>()) : std::nullopt;
  if (!good) bad_position(fmt::format("{} is {}, not a good", what, value.dump()));
  return *good;
}

// The goods in the order of their names, as a mapping keyed by name sorts them.
constexpr std::array<int, kGoodKinds> kGoodsByName = {kCloth, kGems,  kHides, kIvory,
                                                      kMeat,  kPaper, kSalt,  kSwords};

}  // namespace

// Built member by member, each mapping's keys in sorted order (its std::map then appends at
// the end): an audit makes the referee's view after every action, and initializer lists would
// copy every nested document once more.
Document HuberCaravanState::spaces_document() const {
  const Board& board = this->board();
  Document spaces = Document::array();
  spaces.get_ref<Document::array_t&>().reserve(spaces_.size());
  for (std::size_t i = 0; i < spaces_.size(); ++i) {
    const Space& space = spaces_[i];
    Document d = Document::object();
    put(d, "at", square_name(board.spaces[i]));
    put(d, "demand", space.demand);
    put(d, "good", space.good >= 0 ? Document(good_name(space.good)) : Document());
    put(d, "number", i + 1);
    spaces.push_back(std::move(d));
  }
  return spaces;
}

Document HuberCaravanState::view(int viewer) const {
  Document players = Document::array();
  players.get_ref<Document::array_t&>().reserve(static_cast<std::size_t>(num_players()));
  for (int s = 0; s < num_players(); ++s) {
    const auto& player = this->player(s);
    Document camels = Document::array();
    camels.get_ref<Document::array_t&>().reserve(static_cast<std::size_t>(player.camels.size()));
    for (const auto& camel : player.camels) {
      Document c = Document::object();
      put(c, "at", square_name(camel.square));
      if (camel.loaded()) put(c, "good", good_name(camel.good));
      if (camel.under) put(c, "under", true);
      camels.push_back(std::move(c));
    }
    Document delivered = Document::object();
    for (int good : kGoodsByName)
      if (player.delivered[static_cast<std::size_t>(good)] > 0)
        put(delivered, good_name(good), player.delivered[static_cast<std::size_t>(good)]);
    Document p = Document::object();
    put(p, "camels", std::move(camels));
    put(p, "delivered", std::move(delivered));
    put(p, "demand", player.demand);
    put(p, "held", held(s));
    put(p, "score", score(s));
    put(p, "seat", seat(s));
    put(p, "supply", player.supply);
    put(p, "theft", player.theft);
    players.push_back(std::move(p));
  }
  Document spaces = spaces_document();
  Document bag = Document::array();
  if (viewer == core::kReferee) {
    bag.get_ref<Document::array_t&>().reserve(static_cast<std::size_t>(bag_.size()));
    for (int good : bag_) bag.push_back(good_name(good));
  } else {  // a player knows what is left in the bag, never its order
    bag = Document::object();
    for (int good : kGoodsByName)
      put(bag, good_name(good),
          static_cast<std::ptrdiff_t>(std::count(bag_.begin(), bag_.end(), good)));
  }
  Document turn = Document::object();
  put(turn, "actions", allowance());
  put(turn, "left", int{left_});
  put(turn, "number", turn_number_);
  put(turn, "player", finished_ ? Document() : Document(seat(to_move_)));

  Document doc = Document::object();
  put(doc, "bag", std::move(bag));
  put(doc, "bag_size", static_cast<std::size_t>(bag_.size()));
  put(doc, "board", layout_->board_document);
  put(doc, "camels", setting().camels);
  put(doc, "end_triggered", bag_.empty());
  if (ended_) {
    std::vector<std::string> names;
    for (int s = 0; s < num_players(); ++s) names.emplace_back(seat(s));
    put(doc, "ended", core::ending_document(*ended_, names));
  }
  put(doc, "ended_by", ended_by_ == Ending::kNone ? Document() : Document(ending_name(ended_by_)));
  put(doc, "finished", finished_);
  put(doc, "idle_turns", idle_turns_);
  put(doc, "last_progress_turn", last_progress_turn_);
  put(doc, "players", std::move(players));
  // Written only once a seat has left, so that the snapshots of every other game stay as they were.
  if (retired_ != 0) {
    Document left = Document::array();
    for (int s = 0; s < num_players(); ++s)
      if (retired(s)) left.push_back(seat(s));
    put(doc, "retired", std::move(left));
  }
  put(doc, "short", setting().short_game);
  put(doc, "spaces", std::move(spaces));
  put(doc, "turn", std::move(turn));
  return doc;
}

void HuberCaravanState::set_from(const Document& doc) {
  only_keys(doc,
            {"board", "camels", "short", "players", "spaces", "bag", "bag_size", "end_triggered",
             "turn", "last_progress_turn", "idle_turns", "finished", "ended_by", "retired"},
            "the position");
  const Board& board = this->board();
  const int n = num_players();
  std::array<int, kGoodKinds> in_play{};
  auto square_in = [&](const Document& value, const std::string& what) {
    const auto sq = value.is_string() ? board.parse_square(value.get<std::string>()) : std::nullopt;
    if (!sq) bad_position(fmt::format("{} is {}, not a square of the board", what, value.dump()));
    return *sq;
  };

  if (!doc.contains("players") || !doc.at("players").is_array() ||
      doc.at("players").size() != static_cast<std::size_t>(n))
    bad_position(fmt::format("\"players\" must list the {} players in seat order", n));
  int theft_total = 0;
  for (int s = 0; s < n; ++s) {
    const Document& p = doc.at("players")[static_cast<std::size_t>(s)];
    const std::string who = seat(s);
    only_keys(p, {"seat", "supply", "camels", "delivered", "demand", "theft", "held", "score"},
              who);
    if (p.value("seat", Document()) != who)
      bad_position(fmt::format("player {} must have \"seat\": \"{}\"", s + 1, who));
    PlayerState& player = this->player(s);
    player.supply = number_in(p, "supply", 0, setting().camels, std::nullopt);
    std::vector<Camel> camels;
    if (!p.contains("camels") || !p.at("camels").is_array())
      bad_position(fmt::format("{}: \"camels\" must list the camels on the board", who));
    for (const Document& c : p.at("camels")) {
      only_keys(c, {"at", "good", "under"}, who + "'s camel");
      Camel camel;
      camel.square =
          static_cast<std::int16_t>(square_in(c.value("at", Document()), who + "'s camel"));
      if (c.contains("good") && !c.at("good").is_null()) {
        camel.good = static_cast<std::int8_t>(good_in(c.at("good"), who + "'s camel's good"));
        ++in_play[static_cast<std::size_t>(camel.good)];
      }
      if (c.contains("under")) {
        if (!c.at("under").is_boolean())
          bad_position(who + "'s camel: \"under\" must be true or false");
        camel.under = c.at("under").get<bool>();
        if (camel.under && !camel.loaded())
          bad_position(fmt::format("{}'s camel on {} has nothing under it", who,
                                   board.square_name(camel.square)));
      }
      camels.push_back(camel);
    }
    if (player.supply + static_cast<int>(camels.size()) != setting().camels)
      bad_position(fmt::format("{} has {} camels in supply and {} on the board, not {}", who,
                               player.supply, camels.size(), setting().camels));
    player.camels.clear();
    for (const Camel& camel : camels) player.camels.push_back(camel);
    if (loaded(s) >= setting().camels)
      bad_position(fmt::format("every camel of {} is loaded, which no action allows (HC-5)", who));
    sort_camels(s);
    player.delivered = {};
    const Document delivered = p.value("delivered", Document::object());
    if (!delivered.is_object()) bad_position(who + ": \"delivered\" must map goods to counts");
    for (const auto& item : delivered.items()) {
      const int good = good_in(Document(item.key()), who + "'s delivered good");
      if (!item.value().is_number_integer() || item.value().get<long long>() < 0 ||
          item.value().get<long long>() > 9)
        bad_position(fmt::format("{}: delivered {} must be a count, not {}", who, item.key(),
                                 item.value().dump()));
      player.delivered[static_cast<std::size_t>(good)] += item.value().get<int>();
      in_play[static_cast<std::size_t>(good)] += item.value().get<int>();
    }
    player.demand = number_in(p, "demand", 0, 1000, 0);
    player.theft = number_in(p, "theft", 0, n, std::nullopt);
    theft_total += player.theft;
  }
  if (theft_total != n)
    bad_position(fmt::format("the players hold {} theft markers; the game has {}", theft_total, n));

  if (!doc.contains("spaces") || !doc.at("spaces").is_array() ||
      doc.at("spaces").size() != static_cast<std::size_t>(kSpaces))
    bad_position("\"spaces\" must list the 8 numbered spaces");
  for (std::size_t i = 0; i < spaces_.size(); ++i) {
    const Document& d = doc.at("spaces")[i];
    only_keys(d, {"number", "at", "good", "demand"}, fmt::format("space {}", i + 1));
    if (d.contains("number") && d.at("number") != i + 1)
      bad_position(fmt::format("space {} says number {}", i + 1, d.at("number").dump()));
    if (d.contains("at") && d.at("at") != board.square_name(board.spaces[i]))
      bad_position(fmt::format("space {} is on {}, not {}", i + 1,
                               board.square_name(board.spaces[i]), d.at("at").dump()));
    Space& space = spaces_[i];
    space = Space{};
    if (d.contains("good") && !d.at("good").is_null()) {
      space.good = static_cast<std::int8_t>(
          good_in(d.at("good"), fmt::format("the good on space {}", i + 1)));
      ++in_play[static_cast<std::size_t>(space.good)];
    }
    space.demand = number_in(d, "demand", 0, 1000, 0);
  }

  if (!doc.contains("bag") || !doc.at("bag").is_array())
    bad_position(
        "\"bag\" must list the goods in the bag, front first (a player's view has only counts: "
        "restore needs the referee's view)");
  std::vector<int> bag;
  for (const Document& item : doc.at("bag")) {
    bag.push_back(good_in(item, "a good in the bag"));
    ++in_play[static_cast<std::size_t>(bag.back())];
  }
  for (int good = 0; good < kGoodKinds; ++good) {
    const int want = component_count(good, setting().short_game);
    if (in_play[static_cast<std::size_t>(good)] != want)
      bad_position(fmt::format("{} {} in the game (bag, spaces, camels, delivered); the box has {}",
                               in_play[static_cast<std::size_t>(good)], good_name(good), want));
  }
  bag_.assign(bag);  // no more than the box holds: checked above
  if (!bag_.empty() && loose_goods() <= kRefillAt)
    bad_position(fmt::format(
        "{} loose goods and a bag that is not empty: the refill is overdue (HC-7)", loose_goods()));

  retired_ = 0;
  if (doc.contains("retired")) {
    const Document& left = doc.at("retired");
    if (!left.is_array()) bad_position("\"retired\" must list the seats that left the game");
    for (const Document& item : left) {
      const auto s = item.is_string() ? seat_from_name(item.get<std::string>(), n) : std::nullopt;
      if (!s || item != seat(*s) || retired(*s))
        bad_position(
            fmt::format("\"retired\": {} is not a seat of this game named once", item.dump()));
      retired_ = static_cast<std::uint8_t>(retired_ | (1U << *s));
    }
  }

  if (!doc.contains("turn")) bad_position("\"turn\" is missing");
  const Document& turn = doc.at("turn");
  only_keys(turn, {"number", "player", "actions", "left"}, "turn");
  turn_number_ = number_in(turn, "number", 1, 1000000, std::nullopt);
  finished_ = doc.value("finished", Document(false)) == true;
  if (doc.contains("finished") && !doc.at("finished").is_boolean())
    bad_position("\"finished\" must be true or false");
  const Document who = turn.value("player", Document());
  if (finished_) {
    if (!who.is_null()) bad_position("the game is finished, so turn.player must be null");
    to_move_ = static_cast<std::int8_t>((turn_number_ - 1) % n);
  } else {
    const auto s = who.is_string() ? seat_from_name(who.get<std::string>(), n) : std::nullopt;
    if (!s || who != seat(*s))
      bad_position(fmt::format("turn.player must name a seat of this game, not {}", who.dump()));
    to_move_ = static_cast<std::int8_t>(*s);
    if (retired(to_move_))
      bad_position(fmt::format("{} has left the game and cannot be to move", seat(to_move_)));
    if (active_seats() < 2) bad_position("a game that goes on needs two seats that have not left");
  }
  if (turn.contains("actions") && turn.at("actions") != allowance())
    bad_position(fmt::format("turn {} has {} actions, not {}", turn_number_, allowance(),
                             turn.at("actions").dump()));
  left_ = static_cast<std::int8_t>(
      number_in(turn, "left", finished_ ? 0 : 1, allowance(), std::nullopt));
  last_progress_turn_ = number_in(doc, "last_progress_turn", 0, turn_number_, 0);
  idle_turns_ = number_in(doc, "idle_turns", 0, n, 0);
  const Document ended = doc.value("ended_by", Document());
  ended_by_ = Ending::kNone;
  if (!ended.is_null()) {
    for (Ending e : {Ending::kDelivery, Ending::kStall, Ending::kIdle, Ending::kRetired})
      if (ended == ending_name(e)) ended_by_ = e;
    if (ended_by_ == Ending::kNone)
      bad_position(fmt::format(
          "\"ended_by\" must be delivery, stall, idle, retired or null, not {}", ended.dump()));
  }
  if (finished_ != (ended_by_ != Ending::kNone))
    bad_position("\"finished\" and \"ended_by\" disagree: a finished game says how it ended");

  // Derived values: when given, they must agree.
  if (doc.contains("bag_size") && doc.at("bag_size") != bag_.size())
    bad_position(fmt::format("bag_size says {} but the bag holds {}", doc.at("bag_size").dump(),
                             bag_.size()));
  if (doc.contains("end_triggered") && doc.at("end_triggered") != bag_.empty())
    bad_position("end_triggered must be true exactly when the bag is empty");
  for (int s = 0; s < n; ++s) {
    const Document& p = doc.at("players")[static_cast<std::size_t>(s)];
    if (p.contains("held") && p.at("held") != held(s))
      bad_position(fmt::format("{} holds {} goods, not {}", seat(s), held(s), p.at("held").dump()));
    if (p.contains("score") && p.at("score") != score(s))
      bad_position(
          fmt::format("{}'s score is {}, not {}", seat(s), score(s), p.at("score").dump()));
  }
}

}  // namespace games::huber_caravan
