// Mail out, the MIME side: GMime builds the message (linked into caravan-ref-mail only,
// src/mail/mime.hpp).
#include <string_view>

#include <gmime/gmime.h>

#include "mail/gmime_util.hpp"
#include "mail/mime.hpp"

namespace mail {

namespace {

std::string bracketed(const std::vector<std::string>& ids) {
  std::string text;
  for (const auto& id : ids) text += (text.empty() ? "<" : " <") + id + ">";
  return text;
}

// Each part's transfer encoding is chosen once, here, from its bytes, by GMime's measure for 7-bit
// transport (GMimeFilterBest): 7bit for ASCII lines of at most 998 characters (RFC 5322),
// quoted-printable for longer lines or text with a few 8-bit bytes, base64 for the rest (a
// picture). The HTML goes as quoted-printable at the least: its lines run to thousands of
// characters, its encoder breaks them with soft line breaks of at most 76 (RFC 2045) that the
// reader undoes. A line over 998 in transit would be folded by the next SMTP hop (Postfix inserts
// a line break and a space), corrupting a move link.
void choose_transfer_encoding(GMimePart* part, bool encoded_at_least) {
  Ref<GMimeFilter> filter(g_mime_filter_best_new(GMIME_FILTER_BEST_ENCODING));
  Ref<GMimeStream> null(g_mime_stream_null_new());
  Ref<GMimeStream> measured(g_mime_stream_filter_new(null.get()));
  g_mime_stream_filter_add(as<GMimeStreamFilter>(measured.get()), filter.get());
  g_mime_data_wrapper_write_to_stream(g_mime_part_get_content(part), measured.get());
  g_mime_stream_flush(measured.get());
  GMimeContentEncoding encoding = g_mime_filter_best_encoding(as<GMimeFilterBest>(filter.get()),
                                                              GMIME_ENCODING_CONSTRAINT_7BIT);
  if (encoding == GMIME_CONTENT_ENCODING_DEFAULT)
    encoding =
        encoded_at_least ? GMIME_CONTENT_ENCODING_QUOTEDPRINTABLE : GMIME_CONTENT_ENCODING_7BIT;
  g_mime_part_set_content_encoding(part, encoding);
}

// The bytes as they are: the transfer encoding is chosen from them.
void set_content(GMimePart* part, const std::string& bytes, bool encoded_at_least = false) {
  Ref<GMimeStream> stream(g_mime_stream_mem_new_with_buffer(bytes.data(), bytes.size()));
  Ref<GMimeDataWrapper> content(
      g_mime_data_wrapper_new_with_stream(stream.get(), GMIME_CONTENT_ENCODING_DEFAULT));
  g_mime_part_set_content(part, content.get());
  choose_transfer_encoding(part, encoded_at_least);
}

// UTF-8 text as it is. (g_mime_text_part_set_text would convert text that Latin-1 can hold into
// Latin-1 and fix the encoding at 7bit or 8bit, whatever the length of its lines.)
GMimeObject* text_part(const std::string& body, const char* subtype = "plain") {
  GMimeTextPart* part = g_mime_text_part_new_with_subtype(subtype);
  g_mime_text_part_set_charset(part, "utf-8");
  set_content(as<GMimePart>(part), body, std::string_view(subtype) == "html");
  return as<GMimeObject>(part);
}

GMimeObject* attachment_part(const Attachment& file) {
  const auto slash = file.media_type.find('/');
  const std::string type = file.media_type.substr(0, slash);
  const std::string subtype =
      slash == std::string::npos ? "octet-stream" : file.media_type.substr(slash + 1);
  GMimePart* part = g_mime_part_new_with_type(type.c_str(), subtype.c_str());
  GMimeObject* object = as<GMimeObject>(part);
  if (type == "text" || subtype == "yaml" || subtype == "json")
    g_mime_object_set_content_type_parameter(object, "charset", "utf-8");
  set_content(part, file.content);
  // also sets Content-Disposition: attachment
  g_mime_part_set_filename(part, file.filename.c_str());
  if (file.shown_inline) g_mime_object_set_disposition(object, GMIME_DISPOSITION_INLINE);
  if (!file.content_id.empty()) g_mime_object_set_content_id(object, file.content_id.c_str());
  return object;
}

// The text, or with an HTML body: alternative(text, related(html, the parts it shows)).
GMimeObject* body_part(const Outgoing& mail) {
  if (mail.html.empty()) return text_part(mail.body);
  GMimeMultipart* alternative = g_mime_multipart_new_with_subtype("alternative");
  Ref<GMimeObject> text(text_part(mail.body));
  g_mime_multipart_add(alternative, text.get());
  Ref<GMimeObject> html(text_part(mail.html, "html"));
  bool related = false;
  for (const auto& file : mail.attachments) related = related || !file.content_id.empty();
  if (!related) {
    g_mime_multipart_add(alternative, html.get());
    return as<GMimeObject>(alternative);
  }
  Ref<GMimeMultipart> shown(g_mime_multipart_new_with_subtype("related"));
  g_mime_object_set_content_type_parameter(as<GMimeObject>(shown.get()), "type", "text/html");
  g_mime_multipart_add(shown.get(), html.get());
  for (const auto& file : mail.attachments)
    if (!file.content_id.empty()) {
      Ref<GMimeObject> part(attachment_part(file));
      g_mime_multipart_add(shown.get(), part.get());
    }
  g_mime_multipart_add(alternative, as<GMimeObject>(shown.get()));
  return as<GMimeObject>(alternative);
}

}  // namespace

Composed gmime_compose(const Outgoing& mail, const Mailbox& from, const std::string& domain,
                       std::int64_t unix_seconds) {
  init_gmime();
  Ref<GMimeMessage> message(g_mime_message_new(TRUE));
  GMimeObject* object = as<GMimeObject>(message.get());
  g_mime_message_add_mailbox(message.get(), GMIME_ADDRESS_TYPE_FROM, from.name.c_str(),
                             from.address.c_str());
  g_mime_message_add_mailbox(message.get(), GMIME_ADDRESS_TYPE_TO, mail.to.name.c_str(),
                             mail.to.address.c_str());
  g_mime_message_set_subject(message.get(), mail.subject.c_str(), "utf-8");
  GDateTime* date = g_date_time_new_from_unix_utc(unix_seconds);
  g_mime_message_set_date(message.get(), date);
  g_date_time_unref(date);

  Composed composed;
  if (mail.message_id) {
    composed.message_id = *mail.message_id;
  } else {
    char* id = g_mime_utils_generate_message_id(domain.c_str());
    composed.message_id = id;
    g_free(id);
  }
  g_mime_message_set_message_id(message.get(), composed.message_id.c_str());
  if (mail.in_reply_to)
    g_mime_object_set_header(object, "In-Reply-To", ("<" + *mail.in_reply_to + ">").c_str(),
                             nullptr);
  if (!mail.references.empty())
    g_mime_object_set_header(object, "References", bracketed(mail.references).c_str(), nullptr);
  g_mime_object_set_header(object, "Auto-Submitted",
                           mail.answers_a_message ? "auto-replied" : "auto-generated", nullptr);

  Ref<GMimeObject> body(body_part(mail));
  std::vector<const Attachment*> beside;  // the parts not shown by the HTML
  for (const auto& file : mail.attachments)
    if (mail.html.empty() || file.content_id.empty()) beside.push_back(&file);
  if (beside.empty()) {
    g_mime_message_set_mime_part(message.get(), body.get());
  } else {
    Ref<GMimeMultipart> mixed(g_mime_multipart_new_with_subtype("mixed"));
    g_mime_multipart_add(mixed.get(), body.get());
    for (const Attachment* file_ptr : beside) {
      const Attachment& file = *file_ptr;
      Ref<GMimeObject> attachment(attachment_part(file));
      g_mime_multipart_add(mixed.get(), attachment.get());
    }
    g_mime_message_set_mime_part(message.get(), as<GMimeObject>(mixed.get()));
  }
  g_mime_object_encode(object, GMIME_ENCODING_CONSTRAINT_7BIT);

  char* text = g_mime_object_to_string(object, nullptr);
  composed.bytes = text;
  g_free(text);
  return composed;
}

}  // namespace mail
