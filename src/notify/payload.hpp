// A notification's body as each kind of target takes it, made from the one event document
// (referee/news.hpp; schema/json/notify-event.schema.json): the event itself for JSON, its `text`
// for Discord's and Slack's incoming webhooks, escaped for their markup so that a player's name
// shows as written. Nothing is added that the event does not hold but the mention of the chat
// user linked to the seat to move.
#pragma once

#include <string>
#include <vector>

#include "core/engine.hpp"
#include "notify/targets.hpp"

namespace notify {

// The longest text each chat takes in a message, in characters: Discord's `content`, Slack's
// `text`.
inline constexpr std::size_t kDiscordCharacters = 2000;
inline constexpr std::size_t kSlackCharacters = 40000;

// `text` escaped for the chat's markup in at most `limit` characters (escapes included): a longer
// one keeps its first line and its last ("Now X to move, until ..."), and as many lines after the
// first as fit, "…" on a line of its own for those left out; a line too long is cut at a
// character's boundary and ends in "…".
std::string chat_text(const std::string& text, Format format, std::size_t limit);

// `mentions`: the chat users (Discord's or Slack's user ids) linked to the seats to move, pinged
// (<@ID> before the text; Discord's allowed_mentions names them alone).
std::string body(const core::Document& event, Format format,
                 const std::vector<std::string>& mentions = {});

}  // namespace notify
