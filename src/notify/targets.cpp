#include "notify/targets.hpp"

#include <cctype>

#include <fmt/format.h>

#include "core/errors.hpp"
#include "store/notify_targets.hpp"

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
  if (const auto same = store::active_notify_target_with_url(db, game, spec.url))
    refuse(fmt::format("game {} has that target already (target {})", game, *same));
  return store::insert_notify_target(db, game, format_name(spec.format), spec.url);
}

bool remove_target(store::Database& db, const std::string& game, std::int64_t id) {
  return store::remove_notify_target(db, game, id);
}

std::vector<Target> targets_of(store::Database& db, const std::string& game) {
  std::vector<Target> targets;
  for (const auto& row : store::active_notify_targets(db, game))
    targets.push_back({row.id, game, parse_format(row.format), row.url});
  return targets;
}

core::Document describe_targets(store::Database& db, const std::string& game) {
  core::Document list = core::Document::array();
  for (const auto& row : store::listed_notify_targets(db, game)) {
    core::Document item = {{"id", row.id},
                           {"format", row.format},
                           {"added", row.added_at},
                           {"state", row.stopped_at ? "stopped" : "active"}};
    if (row.stopped_at) {
      item["stopped"] = *row.stopped_at;
      item["reason"] = row.stop_reason.value_or("");
    }
    list.push_back(std::move(item));
  }
  return list;
}

core::Document untold_stops(store::Database& db) {
  core::Document list = core::Document::array();
  for (const auto& stop : store::untold_notify_target_stops(db))
    list.push_back({{"game", stop.game},
                    {"target", stop.id},
                    {"format", stop.format},
                    {"stopped", stop.stopped_at.value_or("")},
                    {"reason", stop.stop_reason.value_or("")}});
  return list;
}

void stops_told(store::Database& db, const core::Document& stops) {
  for (const auto& stop : stops) store::mark_stop_told(db, stop.at("target").get<std::int64_t>());
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
  return store::set_mention_of(db, game, seat, format_name(spec.platform), spec.user);
}

std::vector<std::string> mentions_of(store::Database& db, const std::string& game,
                                     const std::vector<int>& seats, Format platform) {
  std::vector<std::string> users;
  for (const int seat : seats)
    if (auto user = store::mention_of(db, game, seat, format_name(platform)))
      users.push_back(std::move(*user));
  return users;
}

}  // namespace notify
