// Small text helpers for reading what people write (seat names, option words, board files).
#pragma once

#include <algorithm>
#include <cctype>
#include <string>

namespace core {

// The text without surrounding blanks (space, tab, CR, LF), in ASCII lower case.
inline std::string trimmed_lower(const std::string& text) {
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return "";
  const auto last = text.find_last_not_of(" \t\r\n");
  std::string out = text.substr(first, last - first + 1);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

}  // namespace core
