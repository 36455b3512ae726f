#include "referee/news.hpp"

#include <fmt/format.h>

#include "core/clock.hpp"
#include "notify/outbox.hpp"
#include "notify/targets.hpp"
#include "referee/page_link.hpp"
#include "referee/picture.hpp"
#include "referee/prose.hpp"
#include "referee/turns.hpp"

namespace referee {

using core::Document;

namespace {

std::string change_of(const store::TurnRow& turn) {
  if (turn.seat < 0) return "correction";
  const std::string name = turn.action.is_object() ? turn.action.value("action", "") : "";
  if (name == "nmr" || name == "forfeit") return "clock";
  if (!turn.action.is_null()) return "action";
  return "turn";
}

std::string line_of(const Document& turn, const SeatLabels& labels) {
  std::string words;
  for (const auto& event : turn.at("events")) {
    if (!words.empty()) words += "; ";
    words += event_words(event, labels);
  }
  if (words.empty()) {
    words = label(labels, turn.at("player").get<std::string>());
    words += turn.value("forced", false) ? " passed" : " played";
  }
  return fmt::format("Turn {}: {}", turn.at("turn").get<std::int64_t>(), words);
}

std::string names(const Document& list) {
  std::string out;
  for (const auto& name : list) {
    if (!out.empty()) out += ", ";
    out += name.get<std::string>();
  }
  return out;
}

std::string text_of(const Document& news, const SeatLabels& labels) {
  std::string text =
      fmt::format("{} game {}", news["title"].get<std::string>(), news["game"].get<std::string>());
  if (news["event"] == "created") {
    text += " has begun: ";
    text += names(news["players"]);
  }
  for (const auto& turn : news["turns"]) {
    text += '\n';
    text += line_of(turn, labels);
  }
  text += '\n';
  if (news["finished"].get<bool>()) {
    text += finished_line(news["result"], [](const std::string& name) { return name; });
  } else if (!news["to_move"].empty()) {
    text += "Now ";
    text += names(news["to_move"]);
    text += " to move";
    if (news["paused"].get<bool>())
      text += " (the clock is paused)";
    else if (news["deadline"].is_string()) {
      text += ", until ";
      text += deadline_words(news["deadline"].get<std::string>());
    }
  }
  return text;
}

}  // namespace

Document news_document(const GameContext& context, const std::vector<store::TurnRow>& turns,
                       const std::string& event) {
  const store::GameRow& row = context.row;
  const bool finished = game_over(*context.state, row);
  std::string change = event;
  if (change.empty()) {
    change = turns.empty() ? "correction" : change_of(turns.front());
    const bool ended_by_master = change == "correction" && !turns.empty() &&
                                 turns.front().action.is_object() &&
                                 turns.front().action.value("op", "") == "end";
    if (finished && (change != "correction" || ended_by_master)) change = "result";
  }
  Document players = Document::array(), roles = Document::array();
  for (const auto& player : row.players) {
    players.push_back(player.name);
    roles.push_back({{"name", player.name}, {"role", context.engine->seat_name(player.seat)}});
  }
  Document told = Document::array();
  for (const auto& turn : turns) {
    Document shown = turn_document(turn, row, core::kEveryone);
    shown.erase("chain");
    shown.erase("moves");  // an observer learns a move from its events only
    told.push_back(std::move(shown));
  }
  Document news = {{"version", 1},
                   {"event", change},
                   {"game", row.id},
                   {"kind", row.kind},
                   {"title", context.engine->title()},
                   {"turn", row.next_turn - 1},
                   {"at", core::format_time(core::now())},
                   {"players", players},
                   {"turns", told},
                   {"to_move", to_move_names(*context.state, row)},
                   {"next_turn", finished ? Document() : Document(row.next_turn)},
                   {"deadline", row.deadline && !finished ? Document(*row.deadline) : Document()},
                   {"paused", row.host.contains("paused")},
                   {"finished", finished},
                   {"result", result_document(*context.state, row)}};
  news["text"] = text_of(news, seat_labels(roles));
  // A channel is read by many: the public page, never a seat's own.
  if (const auto base = mail_base_url()) news["page"] = observer_url(*base, row.id);
  return news;
}

void tell_news(store::Database& db, GameContext& context, const std::string& event) {
  std::vector<store::TurnRow> turns;
  turns.swap(context.untold);
  if (turns.empty() && event.empty()) return;
  const auto targets = notify::targets_of(db, context.row.id);
  if (targets.empty()) return;
  // Discord's messages carry the board as an observer without a seat sees it: the picture of
  // the observer's view, made from the game in hand (rendered to PNG by the sender).
  std::string picture;
  for (const auto& target : targets)
    if (target.format == notify::Format::kDiscord) {
      store::GameStore games(db);
      picture = picture_svg(view_of(games, context, std::nullopt, true));
      break;
    }
  notify::queue(db, news_document(context, turns, event), picture);
}

}  // namespace referee
