#include "notify/payload.hpp"

namespace notify {

namespace {

// At most `limit` bytes of UTF-8 text, cut before a character that would not fit whole.
std::string cut(const std::string& text, std::size_t limit) {
  if (text.size() <= limit) return text;
  std::size_t end = limit - 3;  // room for "…"
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
  return text.substr(0, end) + "\xE2\x80\xA6";
}

// Slack reads &, < and > as its own markup (links, mentions): escaped, they show as written.
std::string slack_escaped(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    if (c == '&')
      out += "&amp;";
    else if (c == '<')
      out += "&lt;";
    else if (c == '>')
      out += "&gt;";
    else
      out += c;
  }
  return out;
}

}  // namespace

std::string body(const core::Document& event, Format format) {
  const std::string text = event.value("text", std::string());
  switch (format) {
    case Format::kDiscord:
      // No mention in a player's name pings anyone: Discord parses none.
      return core::Document{{"content", cut(text, kChatTextBytes)},
                            {"username", "caravan-ref"},
                            {"allowed_mentions", {{"parse", core::Document::array()}}}}
          .dump(-1, ' ', false, core::Document::error_handler_t::replace);
    case Format::kSlack:
      return core::Document{{"text", slack_escaped(cut(text, kChatTextBytes))}}.dump(
          -1, ' ', false, core::Document::error_handler_t::replace);
    case Format::kJson:
      break;
  }
  return event.dump(-1, ' ', false, core::Document::error_handler_t::replace);
}

}  // namespace notify
