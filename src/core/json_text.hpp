// JSON text written straight into one string, byte for byte as nlohmann's compact dump() writes
// the same document: engines use it for State::view_text(), to write a view from their compact
// state without building a Document first.
//
// Promise: the same bytes as Document::dump() (no indent, ensure_ascii false) for strings,
// integers, booleans and null. Objects are written in the order the caller gives their keys:
// the caller writes them in nlohmann's order (sorted as std::string compares them, byte by byte),
// which the shared engine suite checks against view(viewer).dump(). No floating-point numbers.
#pragma once

#include <charconv>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

namespace core {

// Whether `text` goes into JSON as it is between quotes: printable ASCII without '"' or '\\' (the
// keys, names and card codes of views, nearly always).
inline bool plain_json_string(std::string_view text) {
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || byte >= 0x80 || c == '"' || c == '\\') return false;
  }
  return true;
}

// Appends `before` (unless '\0'), then `text` (plain) in quotes, then `after` (unless '\0') to
// `out`: one growth of the string instead of one a character.
inline void append_quoted(std::string& out, char before, std::string_view text, char after) {
  const std::size_t at = out.size();
  out.resize(at + (before != '\0' ? 1 : 0) + text.size() + 2 + (after != '\0' ? 1 : 0));
  char* p = out.data() + at;
  if (before != '\0') *p++ = before;
  *p++ = '"';
  p += text.copy(p, text.size());
  *p++ = '"';
  if (after != '\0') *p = after;
}

class JsonText {
 public:
  // `reserve`: the bytes expected, so that the string grows once.
  explicit JsonText(std::size_t reserve = 0) { out_.reserve(reserve); }

  JsonText& begin_object() {
    separate();
    out_ += '{';
    first_ = true;
    return *this;
  }
  JsonText& end_object() {
    out_ += '}';
    first_ = false;
    return *this;
  }
  JsonText& begin_array() {
    separate();
    out_ += '[';
    first_ = true;
    return *this;
  }
  JsonText& end_array() {
    out_ += ']';
    first_ = false;
    return *this;
  }
  // The key of the next value of an object.
  JsonText& key(std::string_view name) {
    if (plain_json_string(name)) {
      quoted(name, ':');
    } else {
      separate();
      escaped(name);
      out_ += ':';
    }
    first_ = true;  // its value follows without a comma
    return *this;
  }
  JsonText& string(std::string_view text) {
    if (plain_json_string(text)) {
      quoted(text, '\0');
    } else {
      separate();
      escaped(text);
    }
    return *this;
  }
  template <typename Int,
            typename = std::enable_if_t<std::is_integral_v<Int> && !std::is_same_v<Int, bool>>>
  JsonText& number(Int value) {
    separate();
    char digits[24];
    const auto end = std::to_chars(digits, digits + sizeof digits, value).ptr;
    out_.append(digits, end);
    return *this;
  }
  JsonText& boolean(bool value) {
    separate();
    out_ += value ? "true" : "false";
    return *this;
  }
  // A value already written as JSON text (a Document's dump()), copied as it is.
  JsonText& raw(std::string_view json) {
    separate();
    out_ += json;
    return *this;
  }
  JsonText& null() {
    separate();
    out_ += "null";
    return *this;
  }

  const std::string& text() const { return out_; }
  std::string take() { return std::move(out_); }

 private:
  void separate() {
    if (!first_) out_ += ',';
    first_ = false;
  }
  // The separating comma if one is due, then `text` (plain) in quotes, then `after`.
  void quoted(std::string_view text, char after) {
    append_quoted(out_, first_ ? '\0' : ',', text, after);
    first_ = false;
  }
  // A JSON string with nlohmann's escapes (see json_text.cpp).
  void escaped(std::string_view text);

  std::string out_;
  bool first_ = true;
};

}  // namespace core
