#include "turnfile/redact.hpp"

namespace turnfile {

namespace {

// Every `token: VALUE` (in any mapping style, the key quoted or not) has VALUE, up to the end of
// its line or flow item, replaced by what `replace` makes of it.
template <typename Replace>
std::string replace_token_values(const std::string& text, Replace replace) {
  std::string out;
  std::size_t copied = 0;
  for (std::size_t at = text.find("token"); at != std::string::npos;
       at = text.find("token", at + 1)) {
    std::size_t i = at + 5;
    if (i < text.size() && (text[i] == '"' || text[i] == '\'')) ++i;
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
    if (i >= text.size() || text[i] != ':') continue;
    ++i;
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
    const std::size_t end = text.find_first_of(",}\r\n#", i);
    std::size_t stop = end == std::string::npos ? text.size() : end;
    while (stop > i && (text[stop - 1] == ' ' || text[stop - 1] == '\t')) --stop;
    if (stop == i) continue;
    const std::string value = text.substr(i, stop - i);
    if (value == kTokenMarker) continue;
    out.append(text, copied, i - copied).append(replace(value));
    copied = stop;
    at = stop - 1;
  }
  return out.append(text, copied, std::string::npos);
}

std::string without_token_lines(const std::string& text) {
  return replace_token_values(text, [](const std::string&) { return std::string(kTokenMarker); });
}

}  // namespace

std::string without_token(const std::string& text, const TurnRequest& request) {
  if (!request.token_span) return without_token_lines(text);
  const auto [begin, end] = *request.token_span;
  return without_token_lines(text.substr(0, begin) + kTokenMarker + text.substr(end));
}

std::string without_token(const std::string& text) { return without_token_lines(text); }

std::string with_token_cut_short(const std::string& text) {
  return replace_token_values(text, [](const std::string& value) {
    const bool quoted = value.size() >= 2 && (value.front() == '"' || value.front() == '\'') &&
                        value.back() == value.front();
    const std::string bare = quoted ? value.substr(1, value.size() - 2) : value;
    if (bare.size() <= 4) return value;
    const std::string cut = bare.substr(0, 4) + "...";
    return quoted ? value.front() + cut + value.back() : cut;
  });
}

}  // namespace turnfile
