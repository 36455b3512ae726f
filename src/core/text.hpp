// Small text helpers for reading what people write (seat names, option words, board files).
#pragma once

#include <algorithm>
#include <cctype>
#include <string>

namespace core {

// The text without surrounding blanks (space, tab, CR, LF).
inline std::string trimmed(const std::string& text) {
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return "";
  const auto last = text.find_last_not_of(" \t\r\n");
  return text.substr(first, last - first + 1);
}

// The text in ASCII lower case.
inline std::string ascii_lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

// The text without surrounding blanks, in ASCII lower case.
inline std::string trimmed_lower(const std::string& text) { return ascii_lower(trimmed(text)); }

}  // namespace core
