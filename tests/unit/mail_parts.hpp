// A sent message as its reader sees it, for the mail tests: each leaf part as it travelled
// (encoded) and decoded, with GMime, whatever its transfer encoding. A test that asserts what a
// mail does NOT hold (a token, another player's pass) must look at the decoded parts: in a
// quoted-printable part a soft line break can split the very string it looks for.
#pragma once

#include <string>
#include <vector>

#include <gmime/gmime.h>

#include "mail/gmime_util.hpp"

namespace mail_parts {

struct Leaf {
  std::string type;  // "text/html"
  GMimeContentEncoding encoding;
  std::string encoded;
  std::string decoded;
};

inline std::string bytes_of(GMimeStream* stream) {
  mail::Ref<GMimeStream> memory(g_mime_stream_mem_new());
  g_mime_stream_reset(stream);
  g_mime_stream_write_to_stream(stream, memory.get());
  const GByteArray* array =
      g_mime_stream_mem_get_byte_array(mail::as<GMimeStreamMem>(memory.get()));
  return {reinterpret_cast<const char*>(array->data), array->len};
}

inline std::vector<Leaf> leaves_of(const std::string& wire) {
  mail::init_gmime();
  mail::Ref<GMimeStream> stream(g_mime_stream_mem_new_with_buffer(wire.data(), wire.size()));
  mail::Ref<GMimeParser> parser(g_mime_parser_new_with_stream(stream.get()));
  mail::Ref<GMimeMessage> message(g_mime_parser_construct_message(parser.get(), nullptr));
  std::vector<Leaf> leaves;
  if (!message) return leaves;
  g_mime_message_foreach(
      message.get(),
      [](GMimeObject*, GMimeObject* object, gpointer data) {
        if (!mail::is<GMimePart>(object)) return;
        GMimePart* part = mail::as<GMimePart>(object);
        GMimeDataWrapper* content = g_mime_part_get_content(part);
        mail::Ref<GMimeStream> decoded(g_mime_stream_mem_new());
        g_mime_data_wrapper_write_to_stream(content, decoded.get());
        char* type = g_mime_content_type_get_mime_type(g_mime_object_get_content_type(object));
        static_cast<std::vector<Leaf>*>(data)->push_back(
            {type, g_mime_part_get_content_encoding(part),
             bytes_of(g_mime_data_wrapper_get_stream(content)), bytes_of(decoded.get())});
        g_free(type);
      },
      &leaves);
  return leaves;
}

// The message as sent (its headers and encoded parts) followed by every part decoded: what any
// reader of it could find.
inline std::string readable(const std::string& wire) {
  std::string all = wire;
  for (const auto& leaf : leaves_of(wire)) all += "\n" + leaf.decoded;
  return all;
}

}  // namespace mail_parts
