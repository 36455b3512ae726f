// A game's notification targets and its seats' chat users as the database keeps them
// (notify_targets, notify_mentions): the SQL of notify/targets.hpp, which keeps the policy (what
// a target or a chat user may be, what may be shown). Formats and platforms are their names
// (json, discord, slack). Every write is in the caller's transaction; times are store::now_utc.
//
// A target's URL is a secret: only active_notify_targets() reads it, for the sender.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "store/sqlite.hpp"

namespace store {

struct NotifyTargetRow {
  std::int64_t id = 0;
  std::string game;
  std::string format;
  std::string url{};       // active_notify_targets() alone fills it
  std::string added_at{};  // the others fill it and the two below
  std::optional<std::string> stopped_at{};
  std::optional<std::string> stop_reason{};
};

// The id of the game's target with this URL that still gets its news, if any.
std::optional<std::int64_t> active_notify_target_with_url(Database& db, const std::string& game,
                                                          const std::string& url);
// Adds a target, now; its id.
std::int64_t insert_notify_target(Database& db, const std::string& game, const std::string& format,
                                  const std::string& url);
// Marks the game's target removed, now, and drops the messages still owed to it; false when
// the game has no such target (or it was removed before).
bool remove_notify_target(Database& db, const std::string& game, std::int64_t id);
// The game's targets that still get its news (neither removed nor stopped), oldest first:
// id, format and url.
std::vector<NotifyTargetRow> active_notify_targets(Database& db, const std::string& game);
// The game's targets not removed, stopped ones too, oldest first: all but the url.
std::vector<NotifyTargetRow> listed_notify_targets(Database& db, const std::string& game);
// The targets stopped whose game master has not been told yet, by the time they stopped: all
// but the url and added_at. mark_stop_told() marks one told, now.
std::vector<NotifyTargetRow> untold_notify_target_stops(Database& db);
void mark_stop_told(Database& db, std::int64_t target);

// The chat user linked to a seat on a platform, if any.
std::optional<std::string> mention_of(Database& db, const std::string& game, int seat,
                                      const std::string& platform);
// Links the seat to `user` on the platform (empty: removes the link); false when nothing changed.
bool set_mention_of(Database& db, const std::string& game, int seat, const std::string& platform,
                    const std::string& user);

}  // namespace store
