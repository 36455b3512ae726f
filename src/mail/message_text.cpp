// The text side of reading a mail: finding a turn in a body, undoing format=flowed, quotes and
// signatures, and HTML. No MIME here (mime.hpp).
#include <algorithm>
#include <array>
#include <cstring>

#include <glib.h>

#include "core/text.hpp"
#include "mail/message.hpp"

namespace mail {

namespace {

using core::ascii_lower;

// The keys a turn file or a mail command starts a line with.
const std::array<const char*, 11> kTurnKeys = {"game",  "player",  "turn",     "token",
                                               "moves", "end",     "action",   "until",
                                               "chain", "command", "signature"};

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t end = text.find('\n', start);
    std::string line = text.substr(start, end == std::string::npos ? end : end - start);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    lines.push_back(std::move(line));
    if (end == std::string::npos) break;
    start = end + 1;
  }
  if (!lines.empty() && lines.back().empty()) lines.pop_back();
  return lines;
}

std::string join_lines(const std::vector<std::string>& lines) {
  std::string text;
  for (const auto& line : lines) text += line + "\n";
  return text;
}

// Non-breaking spaces (HTML mail, some clients' indentation) become plain spaces; trailing
// blanks go.
std::string clean_line(const std::string& raw) {
  // Copied, not replaced in place: g++ 12 at -O3 reports a false -Wrestrict for replace() here.
  std::string line;
  line.reserve(raw.size());
  for (std::size_t i = 0; i < raw.size(); ++i) {
    if (raw.compare(i, 2, "\xC2\xA0") == 0) {
      line += ' ';
      ++i;
    } else {
      line += raw[i];
    }
  }
  while (!line.empty() && (line.back() == ' ' || line.back() == '\t' || line.back() == '\r'))
    line.pop_back();
  return line;
}

// The turn key that starts `text` ("moves:", "game: 3f9a"), in any case: a phone may have
// capitalised it ("Game: 3f9a"). Its length, or 0 when the text starts with none.
std::size_t turn_key_at_start(const std::string& text) {
  for (const char* key : kTurnKeys) {
    const std::size_t length = std::strlen(key);
    if (text.size() < length || g_ascii_strncasecmp(text.c_str(), key, length) != 0) continue;
    std::size_t at = length;
    while (at < text.size() && text[at] == ' ') ++at;
    if (at < text.size() && text[at] == ':' && (at + 1 == text.size() || text[at + 1] == ' '))
      return length;
  }
  return 0;
}

bool starts_with_turn_key(const std::string& text) { return turn_key_at_start(text) > 0; }

// The line with its leading turn key in lower case, as the turn file reader wants it.
std::string with_key_lowered(std::string text) {
  const std::size_t length = turn_key_at_start(text);
  for (std::size_t i = 0; i < length; ++i) text[i] = g_ascii_tolower(text[i]);
  return text;
}

// Where `key` (lower case) is written as a key of a flow mapping in `lowered` (the line in lower
// case): after '{' or ',' (and blanks or a quote), before ':'. npos when it is not.
std::size_t flow_key_at(const std::string& lowered, const std::string& key, std::size_t from = 0) {
  for (auto at = lowered.find(key, from); at != std::string::npos; at = lowered.find(key, at + 1)) {
    std::size_t before = at;
    while (before > 0 && (lowered[before - 1] == ' ' || lowered[before - 1] == '"')) --before;
    std::size_t after = at + key.size();
    while (after < lowered.size() && (lowered[after] == ' ' || lowered[after] == '"')) ++after;
    if (before > 0 && (lowered[before - 1] == '{' || lowered[before - 1] == ',') &&
        after < lowered.size() && lowered[after] == ':')
      return at;
  }
  return std::string::npos;
}

bool has_flow_key(const std::string& text, const std::string& key) {
  return flow_key_at(ascii_lower(text), key) != std::string::npos;
}

// A whole turn (or command) on one line, as a JSON object or a YAML flow mapping, the way a bot
// writes it: {"game": "3f9a01bc", "player": "ann", ..., "moves": ["b1"]}.
bool is_flow_turn(const std::string& line) {
  if (line.size() < 2 || line.front() != '{' || line.back() != '}') return false;
  return has_flow_key(line, "game") &&
         (has_flow_key(line, "moves") || has_flow_key(line, "action") ||
          has_flow_key(line, "command"));
}

// A flow turn with its turn keys in lower case ({Game: 3f9a, Moves: [b1]}).
std::string with_flow_keys_lowered(std::string line) {
  const std::string lowered = ascii_lower(line);
  for (const char* key : kTurnKeys) {
    const std::string name = key;
    for (auto at = flow_key_at(lowered, name); at != std::string::npos;
         at = flow_key_at(lowered, name, at + 1))
      line.replace(at, name.size(), name);
  }
  return line;
}

std::size_t indentation(const std::string& line) {
  const auto first = line.find_first_not_of(' ');
  return first == std::string::npos ? line.size() : first;
}

}  // namespace

bool same_address(const std::string& a, const std::string& b) {
  return ascii_lower(a) == ascii_lower(b);
}

std::string decode_flowed(const std::string& text, bool delete_space) {
  // RFC 3676: a line ending in a space continues on the next; a leading space was added by the
  // sender to protect the line (space-stuffing) and is removed; "-- " is never joined.
  std::string out;
  bool joining = false;
  for (std::string line : split_lines(text)) {
    if (!line.empty() && line[0] == ' ') line.erase(0, 1);
    const bool soft = !line.empty() && line.back() == ' ' && line != "-- ";
    if (soft && delete_space) line.pop_back();
    out += line;
    if (!soft) out += "\n";
    joining = soft;
  }
  if (joining) out += "\n";
  return out;
}

std::string strip_quotes_and_signature(const std::string& text) {
  std::vector<std::string> kept;
  for (const auto& raw : split_lines(text)) {
    if (raw == "-- " || raw == "--") break;  // the signature delimiter; some clients trim it
    const std::string line = clean_line(raw);
    const auto first = line.find_first_not_of(' ');
    if (first != std::string::npos && line[first] == '>') continue;
    kept.push_back(line);
  }
  return join_lines(kept);
}

std::optional<std::string> find_turn_block(const std::string& text) {
  const std::vector<std::string> lines = split_lines(text);
  std::size_t start = 0;
  std::size_t indent = 0;
  for (; start < lines.size(); ++start) {
    const std::string line = clean_line(lines[start]);
    if (is_flow_turn(core::trimmed(line)))
      return with_flow_keys_lowered(core::trimmed(line)) + "\n";
    indent = indentation(line);
    if (indent < line.size() && starts_with_turn_key(line.substr(indent))) break;
  }
  if (start == lines.size()) return std::nullopt;

  std::vector<std::string> block;
  for (std::size_t i = start; i < lines.size(); ++i) {
    const std::string line = clean_line(lines[i]);
    if (line.find_first_not_of(' ') == std::string::npos) {
      block.emplace_back();
      continue;
    }
    const std::size_t lead = indentation(line);
    if (lead < indent) break;
    const std::string body = line.substr(indent);
    // At the block's own level only turn keys and list items belong to it ("moves:\n- f1").
    if (lead == indent && !starts_with_turn_key(body) && body.rfind("- ", 0) != 0 && body != "-")
      break;
    block.push_back(lead == indent ? with_key_lowered(body) : body);
  }
  while (!block.empty() && block.back().empty()) block.pop_back();
  return join_lines(block);
}

bool has_top_level_moves(const std::string& text) {
  for (const auto& line : split_lines(text))
    if ((line.rfind("moves", 0) == 0 && starts_with_turn_key(line)) ||
        is_flow_turn(core::trimmed(line)))
      return true;
  return false;
}

std::string html_to_text(const std::string& html) {
  static const std::array<const char*, 12> kBreaks = {"br", "p",  "div", "li", "tr", "h1",
                                                      "h2", "h3", "pre", "ul", "ol", "table"};
  std::string out;
  bool in_pre = false;
  int skipping = 0;  // inside <head>, <style>, <script> or a quoted <blockquote>
  std::size_t i = 0;
  auto at_line_start = [&out] { return out.empty() || out.back() == '\n'; };
  while (i < html.size()) {
    const char c = html[i];
    if (c == '<') {
      const std::size_t close = html.find('>', i);
      if (close == std::string::npos) break;
      std::string tag = ascii_lower(html.substr(i + 1, close - i - 1));
      i = close + 1;
      if (tag.rfind("!--", 0) == 0) {  // a comment may hold '>'; skip to its end
        const std::size_t end = html.find("-->", i - 1);
        i = end == std::string::npos ? html.size() : end + 3;
        continue;
      }
      const bool closing = !tag.empty() && tag[0] == '/';
      if (closing) tag.erase(0, 1);
      const std::string name = tag.substr(0, tag.find_first_of(" \t\n/"));
      if (name == "head" || name == "style" || name == "script" || name == "blockquote") {
        skipping += closing ? -1 : 1;
        skipping = std::max(skipping, 0);
        continue;
      }
      if (name == "pre") in_pre = !closing;
      for (const char* block : kBreaks)
        if (name == block && (name == "br" || !at_line_start())) out += '\n';
      continue;
    }
    if (skipping > 0) {
      ++i;
      continue;
    }
    if (c == '&') {
      const std::size_t semi = html.find(';', i);
      if (semi != std::string::npos && semi - i <= 8) {
        const std::string entity = html.substr(i + 1, semi - i - 1);
        std::string decoded;
        if (entity == "nbsp")
          decoded = " ";
        else if (entity == "amp")
          decoded = "&";
        else if (entity == "lt")
          decoded = "<";
        else if (entity == "gt")
          decoded = ">";
        else if (entity == "quot")
          decoded = "\"";
        else if (entity == "apos" || entity == "#39")
          decoded = "'";
        else if (entity.size() > 1 && entity[0] == '#') {
          const bool hex = entity[1] == 'x' || entity[1] == 'X';
          const unsigned long code =
              std::strtoul(entity.c_str() + (hex ? 2 : 1), nullptr, hex ? 16 : 10);
          char buffer[8] = {};
          const int length = g_unichar_to_utf8(static_cast<gunichar>(code), buffer);
          decoded.assign(buffer, static_cast<std::size_t>(length));
        }
        if (!decoded.empty()) {
          out += decoded;
          i = semi + 1;
          continue;
        }
      }
    }
    if ((c == '\n' || c == '\r') && !in_pre) {
      // Source line breaks are spaces in HTML, except right after a block break.
      if (!at_line_start()) out += ' ';
      ++i;
      continue;
    }
    out += c;
    ++i;
  }
  std::vector<std::string> lines;
  for (const auto& line : split_lines(out)) lines.push_back(clean_line(line));
  return join_lines(lines);
}

}  // namespace mail
