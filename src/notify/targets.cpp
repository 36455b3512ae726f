#include "notify/targets.hpp"

#include <cctype>

#include <fmt/format.h>

#include "core/clock.hpp"
#include "core/errors.hpp"

namespace notify {

namespace {

[[noreturn]] void refuse(const std::string& message) {
  throw core::UserError(core::Exit::kUsage, message);
}

Format parse_format(const std::string& name) {
  if (name == "json") return Format::kJson;
  if (name == "discord") return Format::kDiscord;
  if (name == "slack") return Format::kSlack;
  refuse(fmt::format("unknown notification format '{}' (json, discord or slack)", name));
}

// The host of an http(s) URL, lower case; empty when `url` is not one.
std::string host_of(const std::string& url) {
  std::string rest;
  for (const std::string scheme : {"http://", "https://"})
    if (url.size() > scheme.size() && url.compare(0, scheme.size(), scheme) == 0)
      rest = url.substr(scheme.size());
  const auto end = rest.find_first_of("/?#");
  std::string authority = rest.substr(0, end);
  if (const auto at = authority.rfind('@'); at != std::string::npos) authority.erase(0, at + 1);
  std::string host = authority;
  if (host.starts_with('['))
    host = host.substr(0, host.find(']') == std::string::npos ? 0 : host.find(']') + 1);
  else
    host = host.substr(0, host.find(':'));
  for (auto& c : host) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return host;
}

}  // namespace

std::string format_name(Format format) {
  switch (format) {
    case Format::kDiscord:
      return "discord";
    case Format::kSlack:
      return "slack";
    case Format::kJson:
      break;
  }
  return "json";
}

TargetSpec parse_target(const std::string& text) {
  TargetSpec spec;
  std::string url = text;
  bool named = false;
  if (const auto colon = text.find(':'); colon != std::string::npos) {
    const std::string before = text.substr(0, colon);
    if (before != "http" && before != "https" && text.compare(colon + 1, 2, "//") != 0) {
      spec.format = parse_format(before);
      url = text.substr(colon + 1);
      named = true;
    }
  }
  const std::string host = host_of(url);
  if (host.empty())
    refuse(
        "a notification target is an http:// or https:// URL, optionally after json:, "
        "discord: or slack:");
  for (const char c : url)
    if (static_cast<unsigned char>(c) <= ' ' || c == 0x7f)
      refuse("a notification target's URL has a space or a control character in it");
  if (!named) {
    if ((host == "discord.com" || host == "discordapp.com" || host.ends_with(".discord.com")) &&
        url.find("/api/webhooks/") != std::string::npos)
      spec.format = Format::kDiscord;
    else if (host == "hooks.slack.com")
      spec.format = Format::kSlack;
  }
  spec.url = url;
  return spec;
}

std::int64_t add_target(store::Database& db, const std::string& game, const TargetSpec& spec) {
  store::Statement same(db,
                        "SELECT id FROM notify_targets WHERE game_id = ? AND url = ? AND "
                        "removed_at IS NULL AND stopped_at IS NULL");
  same.bind(1, game).bind(2, spec.url);
  if (same.step())
    refuse(fmt::format("game {} has that target already (target {})", game, same.integer(0)));
  store::Statement insert(
      db, "INSERT INTO notify_targets (game_id, format, url, added_at) VALUES (?, ?, ?, ?)");
  insert.bind(1, game).bind(2, format_name(spec.format)).bind(3, spec.url);
  insert.bind(4, core::format_time(core::now()));
  insert.run();
  return db.last_insert_id();
}

bool remove_target(store::Database& db, const std::string& game, std::int64_t id) {
  store::Statement remove(db,
                          "UPDATE notify_targets SET removed_at = ? WHERE id = ? AND game_id = ? "
                          "AND removed_at IS NULL");
  remove.bind(1, core::format_time(core::now())).bind(2, id).bind(3, game);
  remove.run();
  if (db.changes() == 0) return false;
  store::Statement drop(db, "DELETE FROM notify_outbox WHERE target_id = ? AND sent_at IS NULL");
  drop.bind(1, id);
  drop.run();
  return true;
}

std::vector<Target> targets_of(store::Database& db, const std::string& game) {
  store::Statement select(db,
                          "SELECT id, format, url FROM notify_targets WHERE game_id = ? AND "
                          "removed_at IS NULL AND stopped_at IS NULL ORDER BY id");
  select.bind(1, game);
  std::vector<Target> targets;
  while (select.step())
    targets.push_back({select.integer(0), game, parse_format(select.text(1)), select.text(2)});
  return targets;
}

core::Document describe_targets(store::Database& db, const std::string& game) {
  store::Statement select(
      db,
      "SELECT id, format, added_at, stopped_at, stop_reason FROM notify_targets "
      "WHERE game_id = ? AND removed_at IS NULL ORDER BY id");
  select.bind(1, game);
  core::Document list = core::Document::array();
  while (select.step()) {
    core::Document item = {{"id", select.integer(0)},
                           {"format", select.text(1)},
                           {"added", select.text(2)},
                           {"state", select.is_null(3) ? "active" : "stopped"}};
    if (!select.is_null(3)) {
      item["stopped"] = select.text(3);
      item["reason"] = select.text(4);
    }
    list.push_back(std::move(item));
  }
  return list;
}

core::Document untold_stops(store::Database& db) {
  store::Statement select(db,
                          "SELECT game_id, id, format, stopped_at, stop_reason FROM notify_targets "
                          "WHERE stopped_at IS NOT NULL AND stop_told_at IS NULL AND removed_at IS "
                          "NULL ORDER BY stopped_at, id");
  core::Document list = core::Document::array();
  while (select.step())
    list.push_back({{"game", select.text(0)},
                    {"target", select.integer(1)},
                    {"format", select.text(2)},
                    {"stopped", select.text(3)},
                    {"reason", select.text(4)}});
  return list;
}

void stops_told(store::Database& db, const core::Document& stops) {
  for (const auto& stop : stops) {
    store::Statement told(db, "UPDATE notify_targets SET stop_told_at = ? WHERE id = ?");
    told.bind(1, core::format_time(core::now())).bind(2, stop.at("target").get<std::int64_t>());
    told.run();
  }
}

MentionSpec parse_mention(const std::string& text) {
  const auto colon = text.find(':');
  const std::string platform = text.substr(0, colon);
  if (colon == std::string::npos || (platform != "discord" && platform != "slack"))
    refuse("a chat user is discord:ID or slack:ID (discord: or slack: alone removes the link)");
  MentionSpec spec{parse_format(platform), text.substr(colon + 1)};
  const std::string& id = spec.user;
  bool good = id.empty();
  if (!good && spec.platform == Format::kDiscord)
    good = id.size() >= 17 && id.size() <= 20 &&
           id.find_first_not_of("0123456789") == std::string::npos;
  if (!good && spec.platform == Format::kSlack)
    good = id.size() >= 3 && id.size() <= 20 && (id[0] == 'U' || id[0] == 'W') &&
           id.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") == std::string::npos;
  if (!good)
    refuse(spec.platform == Format::kDiscord
               ? "a Discord user id is 17 to 20 digits (Developer Mode, Copy User ID)"
               : "a Slack user id is U or W then capitals and digits (Copy member ID)");
  return spec;
}

bool set_mention(store::Database& db, const std::string& game, int seat, const MentionSpec& spec) {
  if (spec.user.empty()) {
    store::Statement remove(db,
                            "DELETE FROM notify_mentions WHERE game_id = ? AND seat = ? AND "
                            "platform = ?");
    remove.bind(1, game).bind(2, std::int64_t{seat}).bind(3, format_name(spec.platform));
    remove.run();
    return db.changes() > 0;
  }
  store::Statement upsert(
      db,
      "INSERT INTO notify_mentions (game_id, seat, platform, user_id) VALUES "
      "(?, ?, ?, ?) ON CONFLICT (game_id, seat, platform) DO UPDATE SET "
      "user_id = excluded.user_id WHERE notify_mentions.user_id <> excluded.user_id");
  upsert.bind(1, game).bind(2, std::int64_t{seat}).bind(3, format_name(spec.platform));
  upsert.bind(4, spec.user);
  upsert.run();
  return db.changes() > 0;
}

std::vector<std::string> mentions_of(store::Database& db, const std::string& game,
                                     const std::vector<int>& seats, Format platform) {
  std::vector<std::string> users;
  for (const int seat : seats) {
    store::Statement select(db,
                            "SELECT user_id FROM notify_mentions WHERE game_id = ? AND seat = ? "
                            "AND platform = ?");
    select.bind(1, game).bind(2, std::int64_t{seat}).bind(3, format_name(platform));
    if (select.step()) users.push_back(select.text(0));
  }
  return users;
}

}  // namespace notify
