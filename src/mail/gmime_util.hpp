// Small C++ helpers over GMime's GObject types, internal to the MIME side: one-time
// initialisation, an owning reference, and type checks and casts without C-style casts.
#pragma once

#include <memory>
#include <mutex>

#include <gmime/gmime.h>

namespace mail {

inline void init_gmime() {
  static std::once_flag once;
  std::call_once(once, [] { g_mime_init(); });
}

struct GObjectUnref {
  void operator()(void* object) const {
    if (object) g_object_unref(object);
  }
};
// Owns one reference of a GObject.
template <typename T>
using Ref = std::unique_ptr<T, GObjectUnref>;

template <typename T>
GType type_of();
template <>
inline GType type_of<GMimeMessagePart>() {
  return g_mime_message_part_get_type();
}
template <>
inline GType type_of<GMimeMultipart>() {
  return g_mime_multipart_get_type();
}
template <>
inline GType type_of<GMimePart>() {
  return g_mime_part_get_type();
}
template <>
inline GType type_of<InternetAddressMailbox>() {
  return internet_address_mailbox_get_type();
}

template <typename T, typename U>
bool is(U* object) {
  return object &&
         g_type_check_instance_is_a(reinterpret_cast<GTypeInstance*>(object), type_of<T>());
}

// GObject "inheritance" is a struct prefix: the cast GMime's own macros make.
template <typename T, typename U>
T* as(U* object) {
  return reinterpret_cast<T*>(object);
}

}  // namespace mail
