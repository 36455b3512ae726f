#include "notify/payload.hpp"

#include <vector>

namespace notify {

namespace {

bool continuation(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

// The characters (code points) of UTF-8 text.
std::size_t characters(const std::string& text) {
  std::size_t count = 0;
  for (const char c : text) count += continuation(c) ? 0 : 1;
  return count;
}

// Discord's markdown: a backslash before a character shows it as written. Everywhere: emphasis,
// spoilers, code, mentions and timestamps (<...>), masked links ([..](..)), the backslash itself;
// at a line's start also headings, lists and quotes.
std::string discord_escaped(const std::string& line) {
  std::string out;
  out.reserve(line.size() + line.size() / 4);
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    bool escape = false;
    switch (c) {
      case '\\':
      case '*':
      case '_':
      case '~':
      case '|':
      case '`':
      case '<':
      case '[':
      case ']':
      case '@':
        escape = true;
        break;
      case '#':
      case '-':
      case '>':
      case '+':
        escape = i == 0;
        break;
      default:
        break;
    }
    if (escape) out += '\\';
    out += c;
  }
  return out;
}

// Slack reads &, < and > as its own markup (links, mentions): escaped, they show as written.
// Slack has no escape for *, _ and ~: its message is sent with mrkdwn off instead.
std::string slack_escaped(const std::string& line) {
  std::string out;
  out.reserve(line.size());
  for (const char c : line) {
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

// At most `limit` characters of `line` escaped, cut before a character that would not fit whole
// with its escape and the "…" after it.
std::string escaped_prefix(const std::string& line, std::size_t limit,
                           std::string (*escape)(const std::string&)) {
  std::string out;
  std::size_t used = 0;
  for (std::size_t i = 0; i < line.size();) {
    std::size_t end = i + 1;
    while (end < line.size() && continuation(line[end])) ++end;
    const std::string piece = escape(line.substr(i, end - i));
    if (used + characters(piece) + 1 > limit) break;
    out += piece;
    used += characters(piece);
    i = end;
  }
  return out + "\xE2\x80\xA6";
}

// Slack's plain_text shows what it is given as written: nothing to escape.
std::string as_written(const std::string& line) { return line; }

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (true) {
    const auto end = text.find('\n', start);
    lines.push_back(text.substr(start, end == std::string::npos ? end : end - start));
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return lines;
}

}  // namespace

std::string chat_text(const std::string& text, Format format, std::size_t limit) {
  std::string (*escape)(const std::string&) = format == Format::kSlack     ? slack_escaped
                                              : format == Format::kDiscord ? discord_escaped
                                                                           : as_written;
  std::vector<std::string> lines = lines_of(text);
  std::vector<std::string> escaped;
  std::size_t total = 0;
  for (const auto& line : lines) {
    escaped.push_back(escape(line));
    total += characters(escaped.back()) + (escaped.size() > 1 ? 1 : 0);
  }
  if (total <= limit) {
    std::string out;
    for (std::size_t i = 0; i < escaped.size(); ++i) {
      if (i > 0) out += '\n';
      out += escaped[i];
    }
    return out;
  }
  if (lines.size() == 1) return escaped_prefix(lines.front(), limit, escape);
  // Too long: the first line (what game) and the last (who is to move, until when) are kept,
  // and as many lines after the first as fit; "…" stands for the ones left out.
  const std::string ellipsis = "\xE2\x80\xA6";
  std::string last = escaped.back();
  if (characters(last) + 2 > limit / 2) last = escaped_prefix(lines.back(), limit / 2, escape);
  std::size_t room = limit - characters(last) - 2 - 1;  // "\n…\n" around the cut
  std::string head;
  for (std::size_t i = 0; i + 1 < escaped.size(); ++i) {
    const std::size_t need = characters(escaped[i]) + (i > 0 ? 1 : 0);
    if (need > room) {
      if (i == 0) head = escaped_prefix(lines[0], room, escape);
      break;
    }
    head += (i > 0 ? "\n" : "") + escaped[i];
    room -= need;
  }
  return head + "\n" + ellipsis + "\n" + last;
}

namespace {

// Whether the event leaves a seat to move: then the message carries the "Your move" button.
bool someone_to_move(const core::Document& event) {
  return !event.value("finished", false) && event.contains("to_move") &&
         event["to_move"].is_array() && !event["to_move"].empty() && event.contains("game") &&
         event["game"].is_string();
}

std::string button_id(const core::Document& event) {
  std::string id(kBoardButton);
  id += event["game"].get<std::string>();
  return id;
}

// Slack's message with the button: the same lines in blocks (a mention and the page's link in
// mrkdwn, which makes them a ping and a link; the text itself as plain_text, which shows a name's
// markup as written), then the actions block.
core::Document slack_blocks(const core::Document& event, const std::string& text,
                            const std::string& ping, const std::string& page) {
  core::Document blocks = core::Document::array();
  if (!ping.empty())
    blocks.push_back({{"type", "section"}, {"text", {{"type", "mrkdwn"}, {"text", ping}}}});
  blocks.push_back(
      {{"type", "section"},
       {"text",
        {{"type", "plain_text"},
         {"text", text.empty() ? "-" : chat_text(text, Format::kJson, kSlackSectionCharacters)},
         {"emoji", false}}}});
  if (!page.empty())
    blocks.push_back({{"type", "context"},
                      {"elements", core::Document::array({{{"type", "mrkdwn"}, {"text", page}}})}});
  blocks.push_back(
      {{"type", "actions"},
       {"elements",
        core::Document::array(
            {{{"type", "button"},
              {"action_id", "board"},
              {"style", "primary"},
              {"text", {{"type", "plain_text"}, {"text", "Your move"}, {"emoji", false}}},
              {"value", button_id(event)}}})}});
  return blocks;
}

}  // namespace

std::string body(const core::Document& event, Format format,
                 const std::vector<std::string>& mentions) {
  const std::string text = event.value("text", std::string());
  std::string ping;  // "<@ID> " for each user linked to a seat to move
  for (const auto& user : mentions) ping += "<@" + user + "> ";
  // The public page on a line of its own after the text, in angle brackets: a link on both
  // platforms, and on Discord one without a preview under the board's picture.
  std::string link, page;
  if (event.contains("page")) {
    link = event["page"].get<std::string>();
    link.insert(0, 1, '<').push_back('>');
    page = '\n' + link;
  }
  const bool button = someone_to_move(event);
  switch (format) {
    case Format::kDiscord: {
      // Only the users linked to the seats to move are pinged; no mention in a player's name
      // pings anyone (Discord parses none but the users listed).
      core::Document allowed = {{"parse", core::Document::array()}};
      if (!mentions.empty()) allowed["users"] = mentions;
      core::Document message = {
          {"content",
           ping +
               chat_text(text, format, kDiscordCharacters - characters(ping) - characters(page)) +
               page},
          {"username", "caravan-ref"},
          {"allowed_mentions", allowed}};
      if (button)
        message["components"] = core::Document::array(
            {{{"type", 1},
              {"components", core::Document::array({{{"type", 2},
                                                     {"style", 1},
                                                     {"label", "Your move"},
                                                     {"custom_id", button_id(event)}}})}}});
      return message.dump(-1, ' ', false, core::Document::error_handler_t::replace);
    }
    case Format::kSlack: {
      core::Document message = {
          {"text",
           ping + chat_text(text, format, kSlackCharacters - characters(ping) - characters(page)) +
               page},
          {"mrkdwn", false}};
      if (button) message["blocks"] = slack_blocks(event, text, ping, link);
      return message.dump(-1, ' ', false, core::Document::error_handler_t::replace);
    }
    case Format::kJson:
      break;
  }
  return event.dump(-1, ' ', false, core::Document::error_handler_t::replace);
}

}  // namespace notify
