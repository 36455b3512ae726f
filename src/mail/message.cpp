#include "mail/message.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstring>
#include <memory>

#include <gmime/gmime.h>

#include "core/crypto.hpp"
#include "mail/gmime_util.hpp"

namespace mail {

namespace {

const std::array<const char*, 6> kTurnKeys = {"game", "player", "turn", "token", "moves", "end"};

std::string lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

std::string trim(const std::string& text) {
  const auto begin = text.find_first_not_of(" \t\r\n");
  if (begin == std::string::npos) return "";
  const auto end = text.find_last_not_of(" \t\r\n");
  return text.substr(begin, end - begin + 1);
}

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
std::string clean_line(std::string line) {
  for (std::size_t at = line.find("\xC2\xA0"); at != std::string::npos;
       at = line.find("\xC2\xA0", at))
    line.replace(at, 2, " ");
  while (!line.empty() && (line.back() == ' ' || line.back() == '\t' || line.back() == '\r'))
    line.pop_back();
  return line;
}

// "moves:" or "game: 3f9a" at the start of `text` (after `indent` spaces): a turn file's key.
bool starts_with_turn_key(const std::string& text) {
  for (const char* key : kTurnKeys) {
    const std::size_t length = std::strlen(key);
    if (text.compare(0, length, key) != 0) continue;
    std::size_t at = length;
    while (at < text.size() && text[at] == ' ') ++at;
    if (at < text.size() && text[at] == ':' && (at + 1 == text.size() || text[at + 1] == ' '))
      return true;
  }
  return false;
}

std::size_t indentation(const std::string& line) {
  const auto first = line.find_first_not_of(' ');
  return first == std::string::npos ? line.size() : first;
}

// Bytes in `charset` to UTF-8: the declared charset first, else UTF-8 if the bytes are valid,
// else Windows-1252 (what unlabelled 8-bit mail nearly always is).
std::string to_utf8(const std::string& bytes, const char* charset) {
  auto convert = [&bytes](const char* from) -> std::optional<std::string> {
    gsize written = 0;
    GError* error = nullptr;
    gchar* out = g_convert(bytes.data(), static_cast<gssize>(bytes.size()), "UTF-8", from, nullptr,
                           &written, &error);
    if (!out) {
      g_clear_error(&error);
      return std::nullopt;
    }
    std::string text(out, written);
    g_free(out);
    return text;
  };
  if (charset && *charset) {
    const std::string name = lower(charset);
    if (name != "utf-8" && name != "utf8" && name != "us-ascii")
      if (auto text = convert(g_mime_charset_iconv_name(charset))) return *text;
  }
  if (g_utf8_validate(bytes.data(), static_cast<gssize>(bytes.size()), nullptr)) return bytes;
  if (auto text = convert("WINDOWS-1252")) return *text;
  gchar* valid = g_utf8_make_valid(bytes.data(), static_cast<gssize>(bytes.size()));
  std::string text(valid);
  g_free(valid);
  return text;
}

// A leaf part's content with its transfer encoding undone and its charset turned into UTF-8.
std::string part_text(GMimePart* part) {
  GMimeDataWrapper* content = g_mime_part_get_content(part);
  if (!content) return "";
  Ref<GMimeStream> memory(g_mime_stream_mem_new());
  g_mime_data_wrapper_write_to_stream(content, memory.get());
  GByteArray* bytes = g_mime_stream_mem_get_byte_array(as<GMimeStreamMem>(memory.get()));
  const std::string raw(reinterpret_cast<const char*>(bytes->data), bytes->len);
  GMimeObject* object = as<GMimeObject>(part);
  std::string text = to_utf8(raw, g_mime_object_get_content_type_parameter(object, "charset"));
  text.erase(std::remove(text.begin(), text.end(), '\r'), text.end());
  const char* format = g_mime_object_get_content_type_parameter(object, "format");
  if (format && lower(format) == "flowed") {
    const char* delsp = g_mime_object_get_content_type_parameter(object, "delsp");
    text = decode_flowed(text, delsp && lower(delsp) == "yes");
  }
  return text;
}

struct Found {
  std::vector<TurnText> yaml;  // attachments
  std::vector<std::string> plain;
  std::vector<std::string> html;
};

bool is_yaml_name(const std::string& name) {
  const std::string low = lower(name);
  auto ends = [&low](const char* suffix) {
    const std::size_t n = std::strlen(suffix);
    return low.size() >= n && low.compare(low.size() - n, n, suffix) == 0;
  };
  return ends(".yaml") || ends(".yml");
}

constexpr int kMaxDepth = 20;

void collect(GMimeObject* object, Found& found, int depth) {
  if (!object || depth > kMaxDepth) return;
  if (is<GMimeMessagePart>(object)) {
    GMimeMessage* inner = g_mime_message_part_get_message(as<GMimeMessagePart>(object));
    if (inner) collect(g_mime_message_get_mime_part(inner), found, depth + 1);
    return;
  }
  if (is<GMimeMultipart>(object)) {
    auto* multipart = as<GMimeMultipart>(object);
    const int count = g_mime_multipart_get_count(multipart);
    for (int i = 0; i < count; ++i)
      collect(g_mime_multipart_get_part(multipart, i), found, depth + 1);
    return;
  }
  if (!is<GMimePart>(object)) return;
  auto* part = as<GMimePart>(object);
  GMimeContentType* type = g_mime_object_get_content_type(object);
  const std::string media = type ? lower(g_mime_content_type_get_media_type(type)) : "text";
  const std::string subtype = type ? lower(g_mime_content_type_get_media_subtype(type)) : "plain";
  const char* filename = g_mime_part_get_filename(part);
  const bool attachment = g_mime_part_is_attachment(part) || (filename && *filename);
  const bool yaml =
      (filename && is_yaml_name(filename)) || subtype == "yaml" || subtype == "x-yaml";
  if (yaml) {
    found.yaml.push_back(
        {part_text(part), std::string("attachment ") + (filename ? filename : "(no name)")});
  } else if (!attachment && media == "text" && subtype == "plain") {
    found.plain.push_back(part_text(part));
  } else if (!attachment && media == "text" && subtype == "html") {
    found.html.push_back(part_text(part));
  }
}

bool header_says_automatic(GMimeObject* message) {
  auto header = [message](const char* name) {
    const char* value = g_mime_object_get_header(message, name);
    return value ? lower(trim(value)) : std::string();
  };
  const std::string auto_submitted = header("Auto-Submitted");
  if (!auto_submitted.empty() && auto_submitted != "no") return true;
  const std::string precedence = header("Precedence");
  if (precedence == "bulk" || precedence == "junk" || precedence == "list") return true;
  if (!header("X-Autoreply").empty() || !header("X-Autorespond").empty()) return true;
  if (!header("List-Id").empty()) return true;
  const std::string return_path = header("Return-Path");
  return return_path == "<>";
}

// Header text as UTF-8, whatever the sender wrote: raw 8-bit bytes in some other charset are
// converted by GMime's guess (the charset that converts the most), and anything still not UTF-8
// becomes U+FFFD. Everything read from a header is recorded and answered as JSON and YAML.
std::string utf8_text(const char* text) {
  if (!text) return {};
  const std::size_t size = std::strlen(text);
  if (g_utf8_validate(text, static_cast<gssize>(size), nullptr)) return text;
  std::unique_ptr<char, decltype(&g_free)> guessed(g_mime_utils_decode_8bit(nullptr, text, size),
                                                   g_free);
  const char* best = guessed ? guessed.get() : text;
  std::unique_ptr<char, decltype(&g_free)> valid(g_utf8_make_valid(best, -1), g_free);
  return valid.get();
}

std::optional<Mailbox> first_mailbox(InternetAddressList* list) {
  if (!list) return std::nullopt;
  const int count = internet_address_list_length(list);
  for (int i = 0; i < count; ++i) {
    InternetAddress* address = internet_address_list_get_address(list, i);
    if (!is<InternetAddressMailbox>(address)) continue;
    const char* spec = internet_address_mailbox_get_addr(as<InternetAddressMailbox>(address));
    if (!spec || !std::strchr(spec, '@')) continue;
    return Mailbox{utf8_text(internet_address_get_name(address)), utf8_text(spec)};
  }
  return std::nullopt;
}

std::optional<TurnText> choose_turn(const Found& found) {
  for (const auto& yaml : found.yaml)
    if (has_top_level_moves(yaml.text)) return yaml;
  for (const auto& text : found.plain)
    if (auto block = find_turn_block(strip_quotes_and_signature(text)))
      return TurnText{*block, "the message text"};
  for (const auto& html : found.html)
    if (auto block = find_turn_block(strip_quotes_and_signature(html_to_text(html))))
      return TurnText{*block, "the HTML text"};
  for (const auto& yaml : found.yaml)
    if (find_turn_block(yaml.text)) return yaml;
  return std::nullopt;
}

}  // namespace

Incoming read_message(const std::string& raw) {
  init_gmime();
  Incoming in;
  in.size = raw.size();
  Ref<GMimeStream> stream(g_mime_stream_mem_new_with_buffer(raw.data(), raw.size()));
  Ref<GMimeParser> parser(g_mime_parser_new_with_stream(stream.get()));
  g_mime_parser_set_format(parser.get(), GMIME_FORMAT_MESSAGE);
  Ref<GMimeMessage> message(g_mime_parser_construct_message(parser.get(), nullptr));

  if (message) {
    GMimeObject* object = as<GMimeObject>(message.get());
    in.message_id = utf8_text(g_mime_message_get_message_id(message.get()));
    in.from = first_mailbox(g_mime_message_get_from(message.get()));
    in.subject = utf8_text(g_mime_message_get_subject(message.get()));
    if (const char* refs = g_mime_object_get_header(object, "References")) {
      GMimeReferences* list = g_mime_references_parse(nullptr, refs);
      if (list) {
        for (int i = 0; i < g_mime_references_length(list); ++i)
          in.references.push_back(utf8_text(g_mime_references_get_message_id(list, i)));
        g_mime_references_free(list);
      }
    }
    in.automatic = header_says_automatic(object);
    if (in.from && (lower(in.from->address).rfind("mailer-daemon@", 0) == 0 ||
                    lower(in.from->address).rfind("postmaster@", 0) == 0))
      in.automatic = true;
    Found found;
    collect(g_mime_message_get_mime_part(message.get()), found, 0);
    in.turn = choose_turn(found);
  }
  if (in.message_id.empty()) {
    // The same bytes delivered twice must still be recognised as one message.
    in.message_id = core::hash_hex(raw).substr(0, 32) + "@caravan-ref.invalid";
    in.message_id_made_up = true;
  }
  return in;
}

std::optional<Mailbox> parse_mailbox(const std::string& text) {
  init_gmime();
  InternetAddressList* list = internet_address_list_parse(nullptr, text.c_str());
  if (!list) return std::nullopt;
  auto mailbox = first_mailbox(list);
  g_object_unref(list);
  return mailbox;
}

bool same_address(const std::string& a, const std::string& b) { return lower(a) == lower(b); }

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
    block.push_back(body);
  }
  while (!block.empty() && block.back().empty()) block.pop_back();
  return join_lines(block);
}

bool has_top_level_moves(const std::string& text) {
  for (const auto& line : split_lines(text))
    if (line.rfind("moves", 0) == 0 && starts_with_turn_key(line)) return true;
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
      std::string tag = lower(html.substr(i + 1, close - i - 1));
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
