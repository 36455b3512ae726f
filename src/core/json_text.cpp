#include "core/json_text.hpp"

#include <algorithm>

#include <nlohmann/json.hpp>

namespace core {

// nlohmann (ensure_ascii false) writes `"` and `\` escaped, the control characters 0x08-0x0D it
// has short forms for as \b \t \n \f \r, the other control characters as \u00XX in lower-case
// hex, and every other byte as it is once it has checked the text is UTF-8 (it throws on text
// that is not). Text with bytes over 0x7F goes to nlohmann itself, so its check and its error stay
// the same. Plain ASCII never comes here: the header copies it at once (JsonText::quoted).
void JsonText::escaped(std::string_view text, char after) {
  separate();
  escaped_string(text);
  if (after != '\0') put(after);
}

void JsonText::escaped_string(std::string_view text) {
  if (std::any_of(text.begin(), text.end(),
                  [](char c) { return static_cast<unsigned char>(c) >= 0x80; })) {
    put(nlohmann::json(std::string(text)).dump());
    return;
  }
  static constexpr char kHex[] = "0123456789abcdef";
  put('"');
  for (const char c : text) {
    switch (c) {
      case '"':
        put(std::string_view("\\\""));
        break;
      case '\\':
        put(std::string_view("\\\\"));
        break;
      case '\b':
        put(std::string_view("\\b"));
        break;
      case '\t':
        put(std::string_view("\\t"));
        break;
      case '\n':
        put(std::string_view("\\n"));
        break;
      case '\f':
        put(std::string_view("\\f"));
        break;
      case '\r':
        put(std::string_view("\\r"));
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          const auto byte = static_cast<unsigned char>(c);
          put(std::string_view("\\u00"));
          put(kHex[byte >> 4]);
          put(kHex[byte & 15]);
        } else {
          put(c);
        }
    }
  }
  put('"');
}

}  // namespace core
