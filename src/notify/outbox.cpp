#include "notify/outbox.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "notify/payload.hpp"
#include "notify/targets.hpp"

namespace notify {

using core::Document;

namespace {

// How long a sender may be at one message before another may take it over (a sender that died
// mid-post): far longer than a post's timeout.
constexpr core::Seconds kLease{120};

std::string time_text(core::Time time) { return core::format_time(time); }

// The oldest unsent message of each target: only it may go next.
constexpr const char* kHeads =
    "SELECT MIN(id) FROM notify_outbox WHERE sent_at IS NULL GROUP BY target_id";

struct Message {
  std::int64_t id = 0;
  std::string key, body;
  int attempts = 0;
};

// The target's next message, claimed for this sender; none when it has nothing due.
std::optional<Message> claim(store::Database& db, std::int64_t target) {
  store::Transaction tx(db);
  const std::string now = time_text(core::now());
  store::Statement next(db,
                        "SELECT id, key, body, attempts, next_at, claimed_until FROM notify_outbox "
                        "WHERE target_id = ? AND sent_at IS NULL ORDER BY id LIMIT 1");
  next.bind(1, target);
  if (!next.step() || next.text(4) > now || (!next.is_null(5) && next.text(5) > now))
    return std::nullopt;
  Message message{next.integer(0), next.text(1), next.text(2), static_cast<int>(next.integer(3))};
  store::Statement mark(db, "UPDATE notify_outbox SET claimed_until = ? WHERE id = ?");
  mark.bind(1, time_text(core::now() + kLease)).bind(2, message.id);
  mark.run();
  tx.commit();
  return message;
}

void settle(store::Database& db, const Message& message, const PostResult& result) {
  store::Transaction tx(db);
  const core::Time now = core::now();
  const int attempts = message.attempts + 1;
  if (result.ok()) {
    store::Statement sent(db,
                          "UPDATE notify_outbox SET sent_at = ?, attempts = ?, last_error = NULL, "
                          "claimed_until = NULL WHERE id = ?");
    sent.bind(1, time_text(now)).bind(2, std::int64_t{attempts}).bind(3, message.id);
    sent.run();
  } else {
    const std::string error =
        result.status != 0 ? fmt::format("HTTP {}", result.status) : result.error;
    store::Statement failed(db,
                            "UPDATE notify_outbox SET attempts = ?, last_error = ?, next_at = ?, "
                            "claimed_until = NULL WHERE id = ?");
    failed.bind(1, std::int64_t{attempts}).bind(2, error);
    failed.bind(3, time_text(now + backoff(attempts))).bind(4, message.id);
    failed.run();
  }
  tx.commit();
}

}  // namespace

int queue(store::Database& db, const Document& event) {
  const auto targets = targets_of(db, event.at("game").get<std::string>());
  if (targets.empty()) return 0;
  const std::string now = time_text(core::now());
  Document message = event;
  for (const Target& target : targets) {
    const std::string key = fmt::format("caravan-ref:{}:{}:{}", target.game,
                                        event.at("turn").get<std::int64_t>(), target.id);
    message["id"] = key;
    // A statement a message: one stepped to its end takes no new values until reset.
    store::Statement insert(
        db,
        "INSERT INTO notify_outbox (target_id, game_id, turn, event, key, body, "
        "queued_at, next_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
    insert.bind(1, target.id).bind(2, target.game).bind(3, event.at("turn").get<std::int64_t>());
    insert.bind(4, event.at("event").get<std::string>()).bind(5, key);
    insert.bind(6, body(message, target.format)).bind(7, now).bind(8, now);
    insert.run();
  }
  return static_cast<int>(targets.size());
}

bool owed(store::Database& db) {
  const std::string now = time_text(core::now());
  store::Statement due(db, fmt::format("SELECT 1 FROM notify_outbox WHERE id IN ({}) AND "
                                       "next_at <= ? AND (claimed_until IS NULL OR "
                                       "claimed_until <= ?) LIMIT 1",
                                       kHeads));
  due.bind(1, now).bind(2, now);
  return due.step();
}

core::Seconds backoff(int attempts) {
  const int doublings = std::clamp(attempts - 1, 0, 7);  // 30 s * 2^7 > 1 h
  return std::min(core::Seconds(30) * (1 << doublings), core::Seconds(3600));
}

Document waiting(store::Database& db, const std::optional<std::string>& game) {
  store::Statement heads(
      db,
      fmt::format("SELECT o.game_id, o.target_id, t.format, (SELECT COUNT(*) FROM notify_outbox c "
                  "WHERE c.target_id = o.target_id AND c.sent_at IS NULL), o.next_at, o.attempts, "
                  "o.last_error FROM notify_outbox o JOIN notify_targets t ON t.id = o.target_id "
                  "WHERE o.id IN ({}) AND (?1 IS NULL OR o.game_id = ?1) ORDER BY o.game_id, "
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
  return list;
}

Document deliver(store::Database& db, const Post& post) {
  std::vector<std::pair<std::int64_t, std::string>> targets;
  {
    store::Statement owing(db,
                           "SELECT DISTINCT t.id, t.url FROM notify_outbox o JOIN notify_targets "
                           "t ON t.id = o.target_id WHERE o.sent_at IS NULL AND t.removed_at IS "
                           "NULL ORDER BY t.id");
    while (owing.step()) targets.emplace_back(owing.integer(0), owing.text(1));
  }
  Document report = {{"sent", 0}, {"failed", 0}, {"results", Document::array()}};
  for (const auto& [target, url] : targets) {
    while (const auto message = claim(db, target)) {
      const PostResult result = post(url, message->body, message->key);
      settle(db, *message, result);
      Document line = {{"target", target}, {"key", message->key}};
      if (result.status != 0) line["status"] = result.status;
      if (!result.ok()) line["error"] = result.status != 0 ? "HTTP error" : result.error;
      report["results"].push_back(std::move(line));
      report[result.ok() ? "sent" : "failed"] =
          report[result.ok() ? "sent" : "failed"].get<int>() + 1;
      if (!result.ok()) break;  // the later ones wait behind it
    }
  }
  return report;
}

}  // namespace notify
