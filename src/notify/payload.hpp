// A notification's body as each kind of target takes it, made from the one event document
// (referee/news.hpp; schema/json/notify-event.schema.json): the event itself for JSON, its `text`
// for Discord's and Slack's incoming webhooks. Nothing is added that the event does not hold.
#pragma once

#include <string>

#include "core/engine.hpp"
#include "notify/targets.hpp"

namespace notify {

// The longest text a chat message is given (Discord takes 2,000 characters): a longer one is cut
// at a character's boundary and ends in "…".
inline constexpr std::size_t kChatTextBytes = 1900;

std::string body(const core::Document& event, Format format);

}  // namespace notify
