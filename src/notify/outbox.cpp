#include "notify/outbox.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "notify/payload.hpp"
#include "notify/targets.hpp"

namespace notify {

using core::Document;

namespace {

// How long a sender may be at one message before another may take it over (a sender that died
// mid-post): four times the longest post.
constexpr core::Seconds kLease = 4 * kMaxPostTimeout;

std::string time_text(core::Time time) { return core::format_time(time); }

// A claim is about senders running at once, which the test clock does not move: it is taken and
// read on the system's clock, so that a sender whose clock is set days on (tick --now) never takes
// over a message another is still posting.
std::string real_now() {
  return time_text(std::chrono::floor<core::Seconds>(std::chrono::system_clock::now()));
}
std::string claim_until() {
  return time_text(std::chrono::floor<core::Seconds>(std::chrono::system_clock::now()) + kLease);
}

// The oldest unsent message of each target that is still sent the news: only it may go next.
constexpr const char* kHeads =
    "SELECT MIN(o.id) FROM notify_outbox o JOIN notify_targets t ON t.id = o.target_id WHERE "
    "o.sent_at IS NULL AND t.removed_at IS NULL AND t.stopped_at IS NULL GROUP BY o.target_id";

// Each thread its own: serve plays turns on several at once (src/serve/server.cpp).
thread_local std::vector<std::string> queued;  // queued_games()

struct Message {
  std::int64_t id = 0, target = 0;
  std::string key, body, picture;
  int attempts = 0;
  std::optional<std::string> failing_since;
};

// The target's next message, claimed for this sender; none when it has nothing due.
std::optional<Message> claim(store::Database& db, std::int64_t target) {
  store::Transaction tx(db);
  const std::string now = time_text(core::now());
  store::Statement next(
      db,
      "SELECT o.id, o.key, o.body, o.attempts, o.next_at, o.claimed_until, "
      "o.failing_since, t.stopped_at, t.removed_at, o.picture FROM notify_outbox o JOIN "
      "notify_targets t ON t.id = o.target_id WHERE o.target_id = ? AND "
      "o.sent_at IS NULL ORDER BY o.id LIMIT 1");
  next.bind(1, target);
  if (!next.step() || next.text(4) > now || (!next.is_null(5) && next.text(5) > real_now()) ||
      !next.is_null(7) || !next.is_null(8))
    return std::nullopt;
  Message message{next.integer(0),
                  target,
                  next.text(1),
                  next.text(2),
                  next.is_null(9) ? std::string() : next.text(9),
                  static_cast<int>(next.integer(3)),
                  {}};
  if (!next.is_null(6)) message.failing_since = next.text(6);
  store::Statement mark(db, "UPDATE notify_outbox SET claimed_until = ? WHERE id = ?");
  mark.bind(1, claim_until()).bind(2, message.id);
  mark.run();
  tx.commit();
  return message;
}

std::string error_words(const PostResult& result) {
  return result.status != 0 ? fmt::format("HTTP {}", result.status) : result.error;
}

// When the message is tried next after this failure (the receiver's Retry-After on 429 and 503
// when it gave one, else the back-off).
core::Time next_try(const PostResult& result, int attempts, core::Time now) {
  if ((result.status == 429 || result.status == 503) && result.retry_after)
    return now + std::clamp(*result.retry_after, core::Seconds(1), kLongestRetryAfter);
  return now + backoff(attempts);
}

// Returns the reason the target was stopped, if it was.
std::optional<std::string> settle(store::Database& db, const Message& message,
                                  const PostResult& result) {
  store::Transaction tx(db);
  const core::Time now = core::now();
  const int attempts = message.attempts + 1;
  std::optional<std::string> stopped;
  if (result.ok()) {
    store::Statement sent(db,
                          "UPDATE notify_outbox SET sent_at = ?, attempts = ?, last_error = NULL, "
                          "claimed_until = NULL, failing_since = NULL WHERE id = ?");
    sent.bind(1, time_text(now)).bind(2, std::int64_t{attempts}).bind(3, message.id);
    sent.run();
  } else {
    const std::string error = error_words(result);
    const std::string since = message.failing_since.value_or(time_text(now));
    if (result.permanent())
      stopped = fmt::format("the receiver answered {}: the webhook is gone or not allowed", error);
    else if (time_text(now - kGiveUp) >= since)
      stopped = fmt::format("failing for {} ({} attempts), last {}", core::duration_words(kGiveUp),
                            attempts, error);
    store::Statement failed(db,
                            "UPDATE notify_outbox SET attempts = ?, last_error = ?, next_at = ?, "
                            "claimed_until = NULL, failing_since = ? WHERE id = ?");
    failed.bind(1, std::int64_t{attempts}).bind(2, error);
    failed.bind(3, time_text(next_try(result, attempts, now))).bind(4, since).bind(5, message.id);
    failed.run();
    if (stopped) {
      store::Statement stop(
          db,
          "UPDATE notify_targets SET stopped_at = ?, stop_reason = ? WHERE id = ? "
          "AND stopped_at IS NULL");
      stop.bind(1, time_text(now)).bind(2, *stopped).bind(3, message.target);
      stop.run();
    }
  }
  tx.commit();
  return stopped;
}

// The targets of `game` still sent the news.
std::vector<std::int64_t> active_targets(store::Database& db, const std::string& game) {
  store::Statement select(db,
                          "SELECT id FROM notify_targets WHERE game_id = ? AND removed_at IS NULL "
                          "AND stopped_at IS NULL ORDER BY id");
  select.bind(1, game);
  std::vector<std::int64_t> ids;
  while (select.step()) ids.push_back(select.integer(0));
  return ids;
}

bool head_due(store::Database& db, std::int64_t target, const std::string& now) {
  store::Statement head(db,
                        "SELECT next_at, claimed_until FROM notify_outbox WHERE target_id = ? AND "
                        "sent_at IS NULL ORDER BY id LIMIT 1");
  head.bind(1, target);
  return head.step() && head.text(0) <= now && (head.is_null(1) || head.text(1) <= real_now());
}

}  // namespace

int queue(store::Database& db, const Document& event, const std::string& picture) {
  const auto targets = targets_of(db, event.at("game").get<std::string>());
  if (targets.empty()) return 0;
  if (std::find(queued.begin(), queued.end(), targets.front().game) == queued.end())
    queued.push_back(targets.front().game);
  const std::string now = time_text(core::now());
  // The seats to move, by their place among the players: their chat users are pinged.
  std::vector<int> to_move;
  const Document& players = event.at("players");
  for (const auto& name : event.value("to_move", Document::array()))
    for (std::size_t seat = 0; seat < players.size(); ++seat)
      if (players[seat] == name) to_move.push_back(static_cast<int>(seat));
  Document message = event;
  for (const Target& target : targets) {
    const std::string key = fmt::format("caravan-ref:{}:{}:{}", target.game,
                                        event.at("turn").get<std::int64_t>(), target.id);
    message["id"] = key;
    // A statement a message: one stepped to its end takes no new values until reset.
    store::Statement insert(
        db,
        "INSERT INTO notify_outbox (target_id, game_id, turn, event, key, body, "
        "queued_at, next_at, picture) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
    insert.bind(1, target.id).bind(2, target.game).bind(3, event.at("turn").get<std::int64_t>());
    insert.bind(4, event.at("event").get<std::string>()).bind(5, key);
    const std::vector<std::string> users =
        target.format == Format::kJson ? std::vector<std::string>{}
                                       : mentions_of(db, target.game, to_move, target.format);
    insert.bind(6, body(message, target.format, users)).bind(7, now).bind(8, now);
    if (target.format == Format::kDiscord && !picture.empty())
      insert.bind(9, picture);
    else
      insert.bind_null(9);
    insert.run();
  }
  return static_cast<int>(targets.size());
}

const std::vector<std::string>& queued_games() { return queued; }

bool owed(store::Database& db, const Games& games) {
  const std::string now = time_text(core::now());
  if (games) {
    for (const auto& game : *games)
      for (const std::int64_t target : active_targets(db, game))
        if (head_due(db, target, now)) return true;
    return false;
  }
  store::Statement due(db, fmt::format("SELECT 1 FROM notify_outbox WHERE id IN ({}) AND "
                                       "next_at <= ? AND (claimed_until IS NULL OR "
                                       "claimed_until <= ?) LIMIT 1",
                                       kHeads));
  due.bind(1, now).bind(2, real_now());
  return due.step();
}

core::Seconds backoff(int attempts) {
  const int doublings = std::clamp(attempts - 1, 0, 7);  // 30 s * 2^7 > 1 h
  return std::min(core::Seconds(30) * (1 << doublings), core::Seconds(3600));
}

Document waiting(store::Database& db, const std::optional<std::string>& game) {
  store::Statement heads(
      db,
      fmt::format(
          "SELECT o.game_id, o.target_id, t.format, (SELECT COUNT(*) FROM notify_outbox c "
          "WHERE c.target_id = o.target_id AND c.sent_at IS NULL), o.next_at, o.attempts, "
          "o.last_error FROM notify_outbox o JOIN notify_targets t ON t.id = o.target_id "
          "WHERE o.id IN ({}) AND (CAST(?1 AS TEXT) IS NULL OR o.game_id = ?1) ORDER BY o.game_id, "
          "o.target_id",
          kHeads));
  heads.bind(1, game);
  Document list = Document::array();
  while (heads.step()) {
    Document item = {{"game", heads.text(0)},        {"target", heads.integer(1)},
                     {"format", heads.text(2)},      {"waiting", heads.integer(3)},
                     {"attempts", heads.integer(5)}, {"next_attempt", heads.text(4)}};
    if (!heads.is_null(6)) item["last_error"] = heads.text(6);
    list.push_back(std::move(item));
  }
  store::Statement stopped(
      db,
      "SELECT t.game_id, t.id, t.format, (SELECT COUNT(*) FROM notify_outbox c WHERE c.target_id "
      "= t.id AND c.sent_at IS NULL), t.stopped_at, t.stop_reason FROM notify_targets t WHERE "
      "t.stopped_at IS NOT NULL AND t.removed_at IS NULL AND (CAST(?1 AS TEXT) IS NULL OR "
      "t.game_id = ?1) "
      "ORDER BY t.game_id, t.id");
  stopped.bind(1, game);
  while (stopped.step())
    list.push_back({{"game", stopped.text(0)},
                    {"target", stopped.integer(1)},
                    {"format", stopped.text(2)},
                    {"waiting", stopped.integer(3)},
                    {"stopped", stopped.text(4)},
                    {"reason", stopped.text(5)}});
  return list;
}

std::vector<Owing> owing(store::Database& db, const Games& games) {
  std::vector<Owing> targets;
  const auto add = [&](const std::optional<std::string>& game) {
    store::Statement select(
        db,
        "SELECT t.id, t.url FROM notify_targets t WHERE (CAST(?1 AS TEXT) IS NULL OR "
        "t.game_id = ?1) AND t.removed_at IS NULL AND t.stopped_at IS NULL "
        "AND EXISTS (SELECT 1 FROM notify_outbox o WHERE o.target_id = t.id "
        "AND o.sent_at IS NULL) ORDER BY t.id");
    select.bind(1, game);
    while (select.step()) targets.push_back({select.integer(0), select.text(1)});
  };
  if (games)
    for (const auto& game : *games) add(game);
  else
    add(std::nullopt);
  return targets;
}

Document deliver_to(store::Database& db, const Owing& target, const Post& post) {
  Document report = {{"sent", 0}, {"failed", 0}, {"stopped", 0}, {"results", Document::array()}};
  const auto count = [&](const char* what) { report[what] = report[what].get<int>() + 1; };
  while (const auto message = claim(db, target.target)) {
    const PostResult result = post(target.url, message->body, message->key, message->picture);
    const auto stopped = settle(db, *message, result);
    Document line = {{"target", target.target}, {"key", message->key}};
    if (result.status != 0) line["status"] = result.status;
    if (!result.ok()) line["error"] = result.status != 0 ? "HTTP error" : result.error;
    if (stopped) line["stopped"] = *stopped;
    report["results"].push_back(std::move(line));
    count(result.ok() ? "sent" : "failed");
    if (stopped) count("stopped");
    if (!result.ok()) break;  // the later ones wait behind it
  }
  return report;
}

void add_report(Document& total, const Document& part) {
  for (const char* what : {"sent", "failed", "stopped"})
    total[what] = total[what].get<int>() + part[what].get<int>();
  for (const auto& line : part["results"]) total["results"].push_back(line);
}

Document deliver(store::Database& db, const Post& post, const Games& games) {
  Document report = {{"sent", 0}, {"failed", 0}, {"stopped", 0}, {"results", Document::array()}};
  for (const Owing& target : owing(db, games)) add_report(report, deliver_to(db, target, post));
  return report;
}

}  // namespace notify
