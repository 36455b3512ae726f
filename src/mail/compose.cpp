#include "mail/compose.hpp"

#include <gmime/gmime.h>

#include "mail/gmime_util.hpp"

namespace mail {

namespace {

std::string domain_of(const std::string& address) {
  const auto at = address.rfind('@');
  return at == std::string::npos ? "localhost" : address.substr(at + 1);
}

std::string bracketed(const std::vector<std::string>& ids) {
  std::string text;
  for (const auto& id : ids) text += (text.empty() ? "<" : " <") + id + ">";
  return text;
}

GMimeObject* text_part(const std::string& body) {
  GMimeTextPart* part = g_mime_text_part_new_with_subtype("plain");
  g_mime_text_part_set_text(part, body.c_str());
  g_mime_text_part_set_charset(part, "utf-8");  // set_text would name us-ascii for ASCII text
  return as<GMimeObject>(part);
}

GMimeObject* yaml_part(const std::string& name, const std::string& yaml) {
  GMimePart* part = g_mime_part_new_with_type("application", "yaml");
  GMimeObject* object = as<GMimeObject>(part);
  g_mime_object_set_content_type_parameter(object, "charset", "utf-8");
  Ref<GMimeStream> stream(g_mime_stream_mem_new_with_buffer(yaml.data(), yaml.size()));
  Ref<GMimeDataWrapper> content(
      g_mime_data_wrapper_new_with_stream(stream.get(), GMIME_CONTENT_ENCODING_DEFAULT));
  g_mime_part_set_content(part, content.get());
  g_mime_part_set_filename(part, name.c_str());  // also sets Content-Disposition: attachment
  return object;
}

}  // namespace

Composed compose(const Outgoing& mail, const Mailbox& from) {
  init_gmime();
  Ref<GMimeMessage> message(g_mime_message_new(TRUE));
  GMimeObject* object = as<GMimeObject>(message.get());
  g_mime_message_add_mailbox(message.get(), GMIME_ADDRESS_TYPE_FROM, from.name.c_str(),
                             from.address.c_str());
  g_mime_message_add_mailbox(message.get(), GMIME_ADDRESS_TYPE_TO, mail.to.name.c_str(),
                             mail.to.address.c_str());
  g_mime_message_set_subject(message.get(), mail.subject.c_str(), "utf-8");
  GDateTime* now = g_date_time_new_now_local();
  g_mime_message_set_date(message.get(), now);
  g_date_time_unref(now);

  Composed composed;
  char* id = g_mime_utils_generate_message_id(domain_of(from.address).c_str());
  composed.message_id = id;
  g_free(id);
  g_mime_message_set_message_id(message.get(), composed.message_id.c_str());
  if (mail.in_reply_to)
    g_mime_object_set_header(object, "In-Reply-To", ("<" + *mail.in_reply_to + ">").c_str(),
                             nullptr);
  if (!mail.references.empty())
    g_mime_object_set_header(object, "References", bracketed(mail.references).c_str(), nullptr);
  g_mime_object_set_header(object, "Auto-Submitted",
                           mail.in_reply_to ? "auto-replied" : "auto-generated", nullptr);

  Ref<GMimeObject> body(text_part(mail.body));
  if (mail.attachment_name.empty()) {
    g_mime_message_set_mime_part(message.get(), body.get());
  } else {
    Ref<GMimeMultipart> mixed(g_mime_multipart_new_with_subtype("mixed"));
    g_mime_multipart_add(mixed.get(), body.get());
    Ref<GMimeObject> attachment(yaml_part(mail.attachment_name, mail.attachment_yaml));
    g_mime_multipart_add(mixed.get(), attachment.get());
    g_mime_message_set_mime_part(message.get(), as<GMimeObject>(mixed.get()));
  }
  g_mime_object_encode(object, GMIME_ENCODING_CONSTRAINT_7BIT);

  char* text = g_mime_object_to_string(object, nullptr);
  composed.bytes = text;
  g_free(text);
  return composed;
}

}  // namespace mail
