// A notification's body as each kind of target takes it, made from the one event document
// (referee/news.hpp; schema/json/notify-event.schema.json): the event itself for JSON, its `text`
// for Discord's and Slack's incoming webhooks, escaped for their markup so that a player's name
// shows as written. Nothing is added that the event does not hold but the mention of the chat
// user linked to the seat to move and, while someone is to move, a "Your move" button that names
// the game alone (caravan-ref(1), PLAYING FROM CHAT: serve answers it to whoever presses it).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/engine.hpp"
#include "notify/targets.hpp"

namespace notify {

// The longest text each chat takes in a message, in characters: Discord's `content`, Slack's
// `text`.
inline constexpr std::size_t kDiscordCharacters = 2000;
inline constexpr std::size_t kSlackCharacters = 40000;

// Slack's section block takes 3000 characters of text.
inline constexpr std::size_t kSlackSectionCharacters = 3000;

// What the board message's button sends back when pressed (Discord's custom_id, Slack's value):
// this, then the game's id. serve's chat routes answer it (src/serve/chat.hpp).
inline constexpr std::string_view kBoardButton = "b|";

// `text` escaped for the chat's markup (kJson: as written, for Slack's plain_text) in at most
// `limit` characters (escapes included): a longer one keeps its first line and its last ("Now X to
// move, until ..."), and as many lines after the first as fit, "…" on a line of its own for those
// left out; a line too long is cut at a character's boundary and ends in "…".
std::string chat_text(const std::string& text, Format format, std::size_t limit);

// `mentions`: the chat users (Discord's or Slack's user ids) linked to the seats to move, pinged
// (<@ID> before the text; Discord's allowed_mentions names them alone). While a seat is to move,
// the message carries one button, "Your move" (kBoardButton and the game): Discord's as a message
// component (honoured by an application-owned webhook, dropped by a channel's plain one), Slack's
// in a Block Kit actions block after the text in blocks (the `text` then is the notification's
// fallback).
std::string body(const core::Document& event, Format format,
                 const std::vector<std::string>& mentions = {});

}  // namespace notify
