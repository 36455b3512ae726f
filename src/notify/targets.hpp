// A game's notification targets (caravan-ref(1), NOTIFICATIONS): webhooks that are told the
// game's public news after every change. A target is a URL and the format it takes: the generic
// JSON event (schema/json/notify-event.schema.json), or the payload of Discord's or Slack's
// incoming webhooks.
//
// Promise: a target's URL is a secret (whoever holds it can post to the channel). It is stored in
// notify_targets alone and never returned by anything here but targets_of(), for the sender:
// listings show a target's id and format, errors never quote it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/engine.hpp"
#include "store/sqlite.hpp"

namespace notify {

enum class Format { kJson, kDiscord, kSlack };
std::string format_name(Format format);

struct TargetSpec {
  Format format = Format::kJson;
  std::string url;
};
// "[json:|discord:|slack:]URL": an http or https URL, its format given before it or, when not,
// Discord's or Slack's when the URL is one of their webhooks, else JSON. UserError 64 otherwise,
// without repeating the URL.
TargetSpec parse_target(const std::string& text);

struct Target {
  std::int64_t id = 0;
  std::string game;
  Format format = Format::kJson;
  std::string url;
};

// In the caller's transaction. add: the new target's id (UserError 64 when the game has that URL
// already, not stopped); remove: false when the game has no such target; the messages still owed
// to it are dropped.
std::int64_t add_target(store::Database& db, const std::string& game, const TargetSpec& spec);
bool remove_target(store::Database& db, const std::string& game, std::int64_t id);
// The game's targets that still get its news (neither removed nor stopped), oldest first.
std::vector<Target> targets_of(store::Database& db, const std::string& game);
// What may be shown of the game's targets, stopped ones too: [{id, format, added, state (active,
// stopped), stopped?, reason?}] (no URL).
core::Document describe_targets(store::Database& db, const std::string& game);

// The targets stopped (outbox.hpp) whose game master has not been told by mail yet: [{game,
// target, format, stopped, reason}], oldest first; stops_told() marks them told, in the caller's
// transaction.
core::Document untold_stops(store::Database& db);
void stops_told(store::Database& db, const core::Document& stops);

// A seat's link to a chat user (admin notify mention): "discord:ID" (Discord's user id, 17 to 20
// digits) or "slack:ID" (Slack's, U or W then capitals and digits); "discord:" or "slack:" alone
// removes the link. UserError 64 otherwise.
struct MentionSpec {
  Format platform = Format::kDiscord;
  std::string user;  // empty: remove the link
};
MentionSpec parse_mention(const std::string& text);
// In the caller's transaction: links the seat (or removes its link); false when nothing changed.
bool set_mention(store::Database& db, const std::string& game, int seat, const MentionSpec& spec);
// The chat users linked to `seats` on `platform`, in the seats' order.
std::vector<std::string> mentions_of(store::Database& db, const std::string& game,
                                     const std::vector<int>& seats, Format platform);

}  // namespace notify
