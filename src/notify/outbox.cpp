#include "notify/outbox.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "notify/payload.hpp"
#include "notify/targets.hpp"
#include "store/outbox_store.hpp"

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
  store::NotifyOutboxStore outbox(db);
  store::Transaction tx(db);
  const std::string now = time_text(core::now());
  const auto head = outbox.head(target);
  if (!head || head->next_at > now || (head->claimed_until && *head->claimed_until > real_now()) ||
      head->target_stopped || head->target_removed)
    return std::nullopt;
  const Message message{head->id,      target,         head->key,          head->body,
                        head->picture, head->attempts, head->failing_since};
  outbox.claim(message.id, claim_until());
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
  store::NotifyOutboxStore outbox(db);
  store::Transaction tx(db);
  const core::Time now = core::now();
  const int attempts = message.attempts + 1;
  std::optional<std::string> stopped;
  if (result.ok()) {
    outbox.mark_sent(message.id, time_text(now), attempts);
  } else {
    const std::string error = error_words(result);
    const std::string since = message.failing_since.value_or(time_text(now));
    if (result.permanent())
      stopped = fmt::format("the receiver answered {}: the webhook is gone or not allowed", error);
    else if (time_text(now - kGiveUp) >= since)
      stopped = fmt::format("failing for {} ({} attempts), last {}", core::duration_words(kGiveUp),
                            attempts, error);
    outbox.put_off(message.id, attempts, error, time_text(next_try(result, attempts, now)), since);
    if (stopped) outbox.stop_target(message.target, time_text(now), *stopped);
  }
  tx.commit();
  return stopped;
}

bool head_due(store::NotifyOutboxStore& outbox, std::int64_t target, const std::string& now) {
  const auto head = outbox.head_schedule(target);
  return head && head->next_at <= now &&
         (!head->claimed_until || *head->claimed_until <= real_now());
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
  store::NotifyOutboxStore outbox(db);
  for (const Target& target : targets) {
    const std::string key = fmt::format("caravan-ref:{}:{}:{}", target.game,
                                        event.at("turn").get<std::int64_t>(), target.id);
    message["id"] = key;
    const std::vector<std::string> users =
        target.format == Format::kJson ? std::vector<std::string>{}
                                       : mentions_of(db, target.game, to_move, target.format);
    outbox.queue({.target = target.id,
                  .game = target.game,
                  .turn = event.at("turn").get<std::int64_t>(),
                  .event = event.at("event").get<std::string>(),
                  .key = key,
                  .body = body(message, target.format, users),
                  .queued_at = now,
                  .picture = target.format == Format::kDiscord && !picture.empty()
                                 ? std::optional<std::string>(picture)
                                 : std::nullopt});
  }
  return static_cast<int>(targets.size());
}

const std::vector<std::string>& queued_games() { return queued; }

bool owed(store::Database& db, const Games& games) {
  const std::string now = time_text(core::now());
  store::NotifyOutboxStore outbox(db);
  if (games) {
    for (const auto& game : *games)
      for (const std::int64_t target : outbox.active_targets(game))
        if (head_due(outbox, target, now)) return true;
    return false;
  }
  return outbox.any_due(now, real_now());
}

core::Seconds backoff(int attempts) {
  const int doublings = std::clamp(attempts - 1, 0, 7);  // 30 s * 2^7 > 1 h
  return std::min(core::Seconds(30) * (1 << doublings), core::Seconds(3600));
}

Document waiting(store::Database& db, const std::optional<std::string>& game) {
  store::NotifyOutboxStore outbox(db);
  Document list = Document::array();
  for (const auto& head : outbox.waiting(game)) {
    Document item = {{"game", head.game},         {"target", head.target},
                     {"format", head.format},     {"waiting", head.waiting},
                     {"attempts", head.attempts}, {"next_attempt", head.next_at}};
    if (head.last_error) item["last_error"] = *head.last_error;
    list.push_back(std::move(item));
  }
  for (const auto& target : outbox.stopped(game))
    list.push_back({{"game", target.game},
                    {"target", target.target},
                    {"format", target.format},
                    {"waiting", target.waiting},
                    {"stopped", target.stopped_at},
                    {"reason", target.reason}});
  return list;
}

std::vector<Owing> owing(store::Database& db, const Games& games) {
  store::NotifyOutboxStore outbox(db);
  std::vector<Owing> targets;
  const auto add = [&](const std::optional<std::string>& game) {
    for (const auto& target : outbox.owing(game)) targets.push_back({target.target, target.url});
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
