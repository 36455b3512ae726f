#include "referee/actions.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "core/errors.hpp"
#include "referee/referee.hpp"
#include "referee/turns.hpp"

namespace referee {

using core::Document;

namespace {

[[noreturn]] void refuse(const std::string& message) {
  throw core::UserError(core::Exit::kRejected, message);
}

std::string key(int seat) { return std::to_string(seat); }

bool contains(const Document& list, int seat) {
  return std::find(list.begin(), list.end(), Document(seat)) != list.end();
}

// Every active seat other than `by` is in `accepted`.
bool all_others_accept(const store::GameRow& row, int by, const Document& accepted) {
  for (int seat : active_seats(row))
    if (seat != by && !contains(accepted, seat)) return false;
  return true;
}

// One seat's answer to the standing request host[key] (a draw offer, an undo request): a
// decline withdraws it; an acceptance is counted. True when every other active seat has accepted.
// `what` names the request with its article ("a draw offer").
bool answer_request(const store::GameRow& row, Document& host, const char* key,
                    const std::string& what, int seat, bool accept) {
  const std::string noun = what.substr(what.find(' ') + 1);
  if (!host.contains(key)) refuse(fmt::format("no {} stands", noun));
  Document& request = host[key];
  if (request["by"] == seat) refuse(fmt::format("{} is answered by the other players", what));
  if (contains(request["accepted"], seat)) refuse("you have accepted already");
  if (!accept) {
    host.erase(key);
    return false;
  }
  request["accepted"].push_back(seat);
  return all_others_accept(row, request["by"].get<int>(), request["accepted"]);
}

void set_or_erase(Document& host, const char* name, Document value) {
  if (value.is_null() || (value.is_object() && value.empty()))
    host.erase(name);
  else
    host[name] = std::move(value);
}

void declare(store::GameRow& row, const std::string& by, const std::vector<int>& winners,
             const std::string& reason = "") {
  Document result = {{"by", by}, {"winners", winners}};
  if (!reason.empty()) result["reason"] = reason;
  row.host["result"] = result;
  row.host.erase("draw");
  row.host.erase("undo");
}

Document event(const store::GameRow& row, int seat, const Document& action) {
  Document full = action;
  full["player"] = player_name(row, seat);
  return event_document({core::kEveryone, full, nullptr});
}

// `seat` leaves the game: with two seats (or fewer) left the others win; with more the engine goes
// on without it, or ends the game ranking the rest. An engine that cannot go on without the seat
// leaves the game to the referee, who ends it with the remaining seats sharing the win.
void leave(GameContext& context, int seat, const std::string& by, Document& events) {
  store::GameRow& row = context.row;
  std::vector<int> others;
  for (int other : active_seats(row))
    if (other != seat) others.push_back(other);
  Document retired = row.host.value("retired", Document::array());
  retired.push_back(seat);
  row.host["retired"] = retired;
  row.host.erase("draw");
  row.host.erase("undo");
  row.host.erase("last_move");
  if (row.host.contains("misses")) row.host["misses"].erase(key(seat));
  if (others.size() < 2) return declare(row, by, others);
  std::unique_ptr<core::State> trial = context.state->clone();
  core::Rng rng = context.rng;
  try {
    for (const auto& e : trial->retire(seat, rng)) events.push_back(event_document(e));
  } catch (const core::MoveError&) {
    return declare(row, by, others);
  }
  context.state = std::move(trial);
  context.rng = rng;
  if (context.state->finished()) row.host["result"] = {{"by", by}};
}

void restore(GameContext& context, const Document& snapshot) {
  context.state = context.engine->restore(
      snapshot.at("state"), static_cast<int>(context.row.players.size()), options_of(context.row));
  context.rng = core::Rng::restore(snapshot.at("rng").get<std::string>());
  context.row.host = snapshot.at("host");
}

void take_back(GameContext& context, std::int64_t turn, const SnapshotSource& snapshots) {
  const Document before = snapshots(turn - 1);
  if (before.is_null()) refuse(fmt::format("no snapshot is kept from before turn {}", turn));
  const Document misses = context.row.host.value("misses", Document::object());
  restore(context, before);
  Document& host = context.row.host;
  host.erase("draw");
  host.erase("undo");
  host.erase("last_move");
  set_or_erase(host, "misses", misses);
}

int seat_named(const store::GameRow& row, const Document& name) {
  for (const auto& player : row.players)
    if (name.is_string() && player.name == name.get<std::string>()) return player.seat;
  refuse(fmt::format("no player {} in game {}", name.dump(), row.id));
}

Document admin(GameContext& context, const Document& action, std::int64_t number,
               const SnapshotSource& snapshots) {
  store::GameRow& row = context.row;
  const std::string op = action.value("op", "");
  Document events = Document::array({event(row, -1, action)});
  // The clock, the seats and the observers, not the game.
  if (op == "address" || op == "replace" || op == "extend" || op == "observe" || op == "notify")
    return events;
  if (op == "pause") {
    row.host["paused"] = {{"remaining", action.value("remaining", Document())}};
  } else if (op == "resume") {
    if (!row.host.contains("paused")) refuse("the game is not paused");
    row.host.erase("paused");
  } else if (op == "end") {
    std::vector<int> winners;
    for (const auto& name : action.value("winners", Document::array()))
      winners.push_back(seat_named(row, name));
    declare(row, "adjudication", winners, action.value("reason", ""));
  } else if (op == "rollback") {
    const std::int64_t to = action.value("to", std::int64_t{-1});
    if (to < 0 || to >= number)
      refuse(fmt::format("turn {} is not a turn of game {} before this one", to, row.id));
    const Document snapshot = snapshots(to);
    if (snapshot.is_null()) refuse(fmt::format("no snapshot is kept after turn {}", to));
    restore(context, snapshot);
  } else {
    refuse(fmt::format("unknown admin operation '{}'", op));
  }
  return events;
}

}  // namespace

Document snapshot_of(const GameContext& context) {
  return {{"state", context.state->view(core::kReferee)},
          {"rng", context.rng.save()},
          {"host", context.row.host}};
}

bool asks_for_earlier_state(const Document& action) {
  if (!action.is_object()) return false;
  const std::string name = action.value("action", "");
  return name == "accept-undo" || (name == "admin" && action.value("op", "") == "rollback");
}

Document apply_action(GameContext& context, int seat, const Document& action, std::int64_t number,
                      const SnapshotSource& snapshots, std::optional<core::Time> now) {
  store::GameRow& row = context.row;
  const std::string name = action.value("action", "");
  // The game master may still roll a finished game back.
  if (name == "admin" && action.value("op", "") == "rollback")
    return admin(context, action, number, snapshots);
  Document& host = row.host;
  if (name == "nmr") {  // after the default moves the clock made, which may have ended the game
    host["misses"][key(seat)] = host.value("misses", Document::object()).value(key(seat), 0) + 1;
    return Document::array({event(row, seat, action)});
  }
  if (game_over(*context.state, row)) refuse(fmt::format("game {} is over", row.id));
  if (name == "admin") return admin(context, action, number, snapshots);
  if (seat >= 0 && contains(row.host.value("retired", Document::array()), seat))
    refuse(fmt::format("{} has left game {}", player_name(row, seat), row.id));

  Document events = Document::array({event(row, seat, action)});
  if (name == "resign" || name == "forfeit") {
    leave(context, seat, name == "resign" ? "resignation" : "forfeit", events);
  } else if (name == "offer-draw") {
    if (host.contains("draw")) refuse("a draw offer already stands");
    if (active_seats(row).size() < 2) refuse("there is nobody to accept a draw");
    host["draw"] = {{"by", seat}, {"accepted", Document::array()}};
  } else if (name == "accept-draw" || name == "decline-draw") {
    if (answer_request(row, host, "draw", "a draw offer", seat, name == "accept-draw"))
      declare(row, "draw", {});
  } else if (name == "request-undo") {
    if (host.contains("undo")) refuse("an undo request already stands");
    if (!host.contains("last_move"))
      refuse("there is no turn to take back (none since the last resignation, undo or start)");
    host["undo"] = {{"by", seat}, {"turn", host["last_move"]}, {"accepted", Document::array()}};
    events[0]["full"]["turn"] = host["last_move"];
  } else if (name == "accept-undo" || name == "decline-undo") {
    const std::int64_t turn =
        host.contains("undo") ? host["undo"].value("turn", std::int64_t{0}) : 0;
    if (answer_request(row, host, "undo", "an undo request", seat, name == "accept-undo")) {
      take_back(context, turn, snapshots);
      events.push_back(
          event_document({core::kEveryone, {{"undone", turn}, {"back_to", turn - 1}}, nullptr}));
    }
  } else if (name == "absent") {
    const auto until = core::parse_time(action.value("until", ""));
    if (!until) refuse("'until' must be an ISO-8601 UTC time, such as 2026-03-01T12:00:00Z");
    if (now) {
      const std::int64_t days = row.timing.value("absence", std::int64_t{0});
      if (days <= 0) refuse("this game allows no absences (see 'new --absence')");
      if (*until <= *now) refuse("'until' is in the past");
      if (*until > *now + std::chrono::days(days))
        refuse(fmt::format("an absence in this game lasts at most {} days", days));
    }
    host["absent"][key(seat)] = core::format_time(*until);
  } else {
    refuse(fmt::format("unknown action '{}'", name));
  }
  return events;
}

void add_table_fields(Document& doc, const store::GameRow& row) {
  const Document& host = row.host;
  const auto names = [&row](const Document& seats) {
    Document list = Document::array();
    for (const auto& seat : seats) list.push_back(player_name(row, seat.get<int>()));
    return list;
  };
  if (host.contains("draw"))
    doc["draw_offer"] = {{"by", player_name(row, host["draw"]["by"].get<int>())},
                         {"accepted", names(host["draw"]["accepted"])}};
  if (host.contains("undo"))
    doc["undo_request"] = {{"by", player_name(row, host["undo"]["by"].get<int>())},
                           {"turn", host["undo"]["turn"]},
                           {"accepted", names(host["undo"]["accepted"])}};
  if (host.contains("retired")) doc["left"] = names(host["retired"]);
  if (host.contains("absent"))
    for (const auto& [seat, until] : host["absent"].items())
      doc["absent"][player_name(row, std::stoi(seat))] = until;
  if (host.contains("paused")) doc["paused"] = true;
}

void after_own_moves(store::GameRow& row, int seat, std::int64_t number) {
  Document& host = row.host;
  host.erase("draw");
  host.erase("undo");
  host["last_move"] = number;
  if (host.contains("misses")) {
    host["misses"].erase(key(seat));
    set_or_erase(host, "misses", host["misses"]);
  }
}

namespace {

// replay_turn's steps: each event of the turn's moves goes to `take_event`, each of its action's
// to `take_document`.
void replay(GameContext& context, const store::TurnRow& turn, const SnapshotSource& snapshots,
            const std::function<void(core::Event&)>& take_event,
            const std::function<void(Document&)>& take_document) {
  if (!turn.moves.empty()) apply_moves(context, turn.seat, turn.moves, take_event);
  if (turn.action.is_null()) {
    if (!turn.forced) after_own_moves(context.row, turn.seat, turn.number);
    return;
  }
  for (auto& e :
       apply_action(context, turn.seat, turn.action, turn.number, snapshots, std::nullopt))
    take_document(e);
}

}  // namespace

Document replay_turn(GameContext& context, const store::TurnRow& turn,
                     const SnapshotSource& snapshots) {
  Document events = Document::array();
  replay(
      context, turn, snapshots,
      [&events](core::Event& event) { events.push_back(event_document(std::move(event))); },
      [&events](Document& event) { events.push_back(std::move(event)); });
  return events;
}

std::string replay_turn_text(GameContext& context, const store::TurnRow& turn,
                             const SnapshotSource& snapshots) {
  std::string text = "[";
  auto next = [&text]() -> std::string& {
    if (text.size() > 1) text += ',';
    return text;
  };
  replay(
      context, turn, snapshots, [&next](core::Event& event) { append_event_text(next(), event); },
      [&next](Document& event) { next() += event.dump(); });
  return text += ']';
}

std::vector<OpenAction> actions_open_to(const core::Document& view, const std::string& player) {
  std::vector<OpenAction> actions;
  if (view.value("finished", false)) return actions;
  if (view.contains("draw_offer")) {
    const auto& offer = view["draw_offer"];
    const bool mine = offer.value("by", "") == player;
    const auto& accepted = offer.value("accepted", core::Document::array());
    if (!mine && std::find(accepted.begin(), accepted.end(), player) == accepted.end()) {
      actions.push_back({"accept-draw", "Accept the draw"});
      actions.push_back({"decline-draw", "Decline the draw"});
    } else if (mine) {
      actions.push_back({"decline-draw", "Withdraw my draw offer"});
    }
  } else {
    actions.push_back({"offer-draw", "Offer a draw"});
  }
  if (view.contains("undo_request")) {
    if (view["undo_request"].value("by", "") != player) {
      actions.push_back({"accept-undo", "Accept the undo"});
      actions.push_back({"decline-undo", "Decline the undo"});
    }
  } else {
    actions.push_back({"request-undo", "Ask to undo the last move"});
  }
  actions.push_back({"resign", "Resign"});
  return actions;
}

}  // namespace referee
