// Mail in, the MIME side: GMime parses the message and finds its parts (linked into
// caravan-ref-mail only, src/mail/mime.hpp).
#include <algorithm>
#include <cstring>
#include <memory>

#include <gmime/gmime.h>

#include "core/text.hpp"
#include "mail/gmime_util.hpp"
#include "mail/mime.hpp"

namespace mail {

namespace {

using core::ascii_lower;

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
    const std::string name = ascii_lower(charset);
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
  if (format && ascii_lower(format) == "flowed") {
    const char* delsp = g_mime_object_get_content_type_parameter(object, "delsp");
    text = decode_flowed(text, delsp && ascii_lower(delsp) == "yes");
  }
  return text;
}

struct Found {
  std::vector<TurnText> yaml;  // attachments
  std::vector<std::string> plain;
  std::vector<std::string> html;
};

bool is_yaml_name(const std::string& name) {
  const std::string low = ascii_lower(name);
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
  const std::string media = type ? ascii_lower(g_mime_content_type_get_media_type(type)) : "text";
  const std::string subtype =
      type ? ascii_lower(g_mime_content_type_get_media_subtype(type)) : "plain";
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
    return value ? core::trimmed_lower(value) : std::string();
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

Incoming gmime_read_message(const std::string& raw) {
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
    if (const char* parent = g_mime_object_get_header(object, "In-Reply-To")) {
      GMimeReferences* list = g_mime_references_parse(nullptr, parent);
      if (list) {
        if (g_mime_references_length(list) > 0)
          in.in_reply_to = utf8_text(g_mime_references_get_message_id(list, 0));
        g_mime_references_free(list);
      }
    }
    in.automatic = header_says_automatic(object);
    if (in.from && (ascii_lower(in.from->address).rfind("mailer-daemon@", 0) == 0 ||
                    ascii_lower(in.from->address).rfind("postmaster@", 0) == 0))
      in.automatic = true;
    Found found;
    collect(g_mime_message_get_mime_part(message.get()), found, 0);
    in.turn = choose_turn(found);
  }
  return in;
}

std::optional<Mailbox> gmime_parse_mailbox(const std::string& text) {
  init_gmime();
  InternetAddressList* list = internet_address_list_parse(nullptr, text.c_str());
  if (!list) return std::nullopt;
  auto mailbox = first_mailbox(list);
  g_object_unref(list);
  return mailbox;
}

}  // namespace mail
