// Mail out, the MIME side: GMime builds the message (linked into caravan-ref-mail only,
// src/mail/mime.hpp).
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

GMimeObject* text_part(const std::string& body, const char* subtype = "plain") {
  GMimeTextPart* part = g_mime_text_part_new_with_subtype(subtype);
  g_mime_text_part_set_text(part, body.c_str());
  g_mime_text_part_set_charset(part, "utf-8");  // set_text would name us-ascii for ASCII text
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
  Ref<GMimeStream> stream(
      g_mime_stream_mem_new_with_buffer(file.content.data(), file.content.size()));
  Ref<GMimeDataWrapper> content(
      g_mime_data_wrapper_new_with_stream(stream.get(), GMIME_CONTENT_ENCODING_DEFAULT));
  g_mime_part_set_content(part, content.get());
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
