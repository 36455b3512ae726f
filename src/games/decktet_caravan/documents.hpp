// Documents built key by key, values moved in. nlohmann's initializer lists copy every value at
// least twice and test whether each list is an object, which made the referee's view (made at
// every turn of an audit) cost several times its compact state's worth.
#pragma once

#include <array>
#include <utility>

#include "core/engine.hpp"

namespace games::decktet_caravan::documents {

using core::Document;

// Adds `key` to `object`; fastest when keys come in sorted order, as the object keeps them.
template <class T>
void put(Document& object, const char* key, T&& value) {
  auto& fields = object.get_ref<Document::object_t&>();
  fields.emplace_hint(fields.end(), key, std::forward<T>(value));
}

// {"event": name}, the start of every event.
inline Document event(const char* name) {
  Document out = Document::object();
  put(out, "event", name);
  return out;
}

}  // namespace games::decktet_caravan::documents
