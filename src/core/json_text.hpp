// JSON text written straight into one string, byte for byte as nlohmann's compact dump() writes
// the same document: engines use it for State::view_text(), to write a view from their compact
// state without building a Document first.
//
// Promise: the same bytes as Document::dump() (no indent, ensure_ascii false) for strings,
// integers, booleans and null. Objects are written in the order the caller gives their keys:
// the caller writes them in nlohmann's order (sorted as std::string compares them, byte by byte),
// which the shared engine suite checks against view(viewer).dump(). No floating-point numbers.
#pragma once

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

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

// Writes `before` (unless '\0'), then `text` (plain) in quotes, then `after` (unless '\0') at
// `p`, which has room for text.size() + 4 bytes; returns the end of what it wrote.
inline char* write_quoted(char* p, char before, std::string_view text, char after) {
  if (before != '\0') *p++ = before;
  *p++ = '"';
  if (!text.empty()) std::memcpy(p, text.data(), text.size());
  p += text.size();
  *p++ = '"';
  if (after != '\0') *p++ = after;
  return p;
}

// write_quoted at the end of `out`: one growth of the string instead of one a character.
inline void append_quoted(std::string& out, char before, std::string_view text, char after) {
  const std::size_t at = out.size();
  out.resize(at + text.size() + 4);
  const char* end = write_quoted(out.data() + at, before, text, after);
  out.resize(static_cast<std::size_t>(end - out.data()));
}

class JsonText {
 public:
  // `reserve`: the bytes expected, so that the string grows once.
  explicit JsonText(std::size_t reserve = 0) : JsonText(std::string(), reserve) {}
  // The same, writing into `buffer`'s memory (what it held is overwritten): a caller that writes
  // many texts hands the last one back instead of allocating anew.
  JsonText(std::string buffer, std::size_t reserve) : out_(std::move(buffer)) {
    out_.resize(std::max({reserve, out_.capacity(), std::size_t{64}}));
  }

  JsonText& begin_object() {
    separate();
    put('{');
    first_ = true;
    return *this;
  }
  JsonText& end_object() {
    put('}');
    first_ = false;
    return *this;
  }
  JsonText& begin_array() {
    separate();
    put('[');
    first_ = true;
    return *this;
  }
  JsonText& end_array() {
    put(']');
    first_ = false;
    return *this;
  }
  // The key of the next value of an object.
  JsonText& key(std::string_view name) {
    if (plain_json_string(name)) [[likely]]
      quoted(name, ':');
    else
      escaped(name, ':');
    first_ = true;  // its value follows without a comma
    return *this;
  }
  // A key written in the source as a literal ("deck"): copied as it is, its length known when
  // compiled (views write hundreds of keys). Such a key must be plain (letters, digits, '_'; no
  // quote, backslash or control character); one that needs escapes is passed as a string_view.
  // The engine suite compares every view's text with dump(), which a key not plain would fail.
  template <std::size_t N>
  [[gnu::always_inline]] JsonText& key(const char (&name)[N]) {
    static_assert(N > 1, "a key literal");
    char* p = room(N + 3);
    const char* const start = p;
    if (!first_) *p++ = ',';
    *p++ = '"';
    std::memcpy(p, name, N - 1);
    p += N - 1;
    *p++ = '"';
    *p++ = ':';
    len_ += static_cast<std::size_t>(p - start);
    first_ = true;
    return *this;
  }
  JsonText& string(std::string_view text) {
    if (plain_json_string(text)) [[likely]]
      quoted(text, '\0');
    else
      escaped(text, '\0');
    return *this;
  }
  // A string the caller knows needs no escapes (a card's or a cell's code, a word of the engine's
  // own): copied without the check. The engine suite compares every view's text with dump(),
  // which a string needing escapes would fail.
  JsonText& plain(std::string_view text) {
    quoted(text, '\0');
    return *this;
  }
  template <typename Int,
            typename = std::enable_if_t<std::is_integral_v<Int> && !std::is_same_v<Int, bool>>>
  JsonText& number(Int value) {
    separate();
    char* at = room(24);
    len_ += static_cast<std::size_t>(std::to_chars(at, at + 24, value).ptr - at);
    return *this;
  }
  JsonText& boolean(bool value) {
    separate();
    put(value ? std::string_view("true") : std::string_view("false"));
    return *this;
  }
  // A value already written as JSON text (a Document's dump()), copied as it is.
  JsonText& raw(std::string_view json) {
    separate();
    put(json);
    return *this;
  }
  JsonText& null() {
    separate();
    put(std::string_view("null"));
    return *this;
  }

  std::string_view text() const { return {out_.data(), len_}; }
  std::string take() {
    out_.resize(len_);
    len_ = 0;
    return std::move(out_);
  }

 private:
  // The text is out_[0, len_); out_ is kept longer than that, so that a write is a copy into
  // room already there (std::string's own appends cost a call and a check each).
  [[gnu::always_inline]] char* room(std::size_t bytes) {
    if (len_ + bytes > out_.size()) [[unlikely]]
      grow(bytes);
    return out_.data() + len_;
  }
  void grow(std::size_t bytes) { out_.resize(std::max(out_.size() * 2, len_ + bytes)); }
  void put(char c) {
    *room(1) = c;
    ++len_;
  }
  void put(std::string_view text) {
    if (text.empty()) return;
    std::memcpy(room(text.size()), text.data(), text.size());
    len_ += text.size();
  }
  void separate() {
    if (!first_) put(',');
    first_ = false;
  }
  // The separating comma if one is due, then `text` (plain) in quotes, then `after` unless '\0'.
  void quoted(std::string_view text, char after) {
    char* const start = room(text.size() + 4);
    len_ += static_cast<std::size_t>(write_quoted(start, first_ ? '\0' : ',', text, after) - start);
    first_ = false;
  }
  // The separating comma if one is due, then a JSON string with nlohmann's escapes (see
  // json_text.cpp), then `after` unless '\0'.
  void escaped(std::string_view text, char after);
  void escaped_string(std::string_view text);

  std::string out_;
  std::size_t len_ = 0;
  bool first_ = true;
};

}  // namespace core
