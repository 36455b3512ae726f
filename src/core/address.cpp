#include "core/address.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace core {

namespace {

constexpr std::size_t kMaxAddress = 254;  // RFC 5321's limit for a path, less its brackets
constexpr std::size_t kMaxLocalPart = 64;

bool is_control(unsigned char c) { return c < 0x20 || c == 0x7f; }

// atext of RFC 5322, 3.2.3: letters, digits and these; UTF-8 (RFC 6532) beyond ASCII.
bool is_atext(unsigned char c) {
  if (c >= 0x80) return true;
  if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) return true;
  return std::string_view("!#$%&'*+-/=?^_`{|}~").find(static_cast<char>(c)) !=
         std::string_view::npos;
}

// One or more runs of atext joined by single dots.
bool is_dot_atom(std::string_view text) {
  if (text.empty() || text.front() == '.' || text.back() == '.') return false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c == '.') {
      if (text[i + 1] == '.') return false;
    } else if (!is_atext(c)) {
      return false;
    }
  }
  return true;
}

// "..." with printable characters, and a backslash quoting one of them.
bool is_quoted_string(std::string_view text) {
  if (text.size() < 2 || text.front() != '"' || text.back() != '"') return false;
  for (std::size_t i = 1; i + 1 < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (is_control(c) || c == '"') return false;
    if (c == '\\' && (++i + 1 >= text.size() || is_control(static_cast<unsigned char>(text[i]))))
      return false;
  }
  return true;
}

// [192.0.2.1] or [IPv6:...]: printable ASCII without brackets or backslashes inside.
bool is_domain_literal(std::string_view text) {
  if (text.size() < 3 || text.front() != '[' || text.back() != ']') return false;
  for (std::size_t i = 1; i + 1 < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c <= 0x20 || c >= 0x7f || c == '[' || c == ']' || c == '\\') return false;
  }
  return true;
}

}  // namespace

std::optional<std::string> address_problem(std::string_view address) {
  for (const char c : address)
    if (is_control(static_cast<unsigned char>(c)))
      return "it holds a control character (a line break, a tab...)";
  if (address.size() > kMaxAddress) return fmt::format("it is longer than {} bytes", kMaxAddress);
  const auto at = address.rfind('@');
  if (at == std::string_view::npos) return "it has no @";
  const std::string_view local = address.substr(0, at), domain = address.substr(at + 1);
  if (local.empty()) return "nothing stands before the @";
  if (local.size() > kMaxLocalPart)
    return fmt::format("the part before the @ is longer than {} bytes", kMaxLocalPart);
  if (!is_dot_atom(local) && !is_quoted_string(local))
    return "the part before the @ holds a space, a second @ or another character an address "
           "cannot have there";
  if (domain.empty()) return "nothing stands after the @";
  if (!is_dot_atom(domain) && !is_domain_literal(domain))
    return "the domain after the @ is not a domain name";
  return std::nullopt;
}

std::optional<std::string> display_name_problem(std::string_view name) {
  for (const char c : name)
    if (is_control(static_cast<unsigned char>(c)))
      return "the name holds a control character (a line break, a tab...)";
  return std::nullopt;
}

std::optional<std::string> mailbox_problem(std::string_view address, std::string_view name) {
  if (auto problem = address_problem(address)) return problem;
  return display_name_problem(name);
}

std::string quoted(std::string_view text) {
  return nlohmann::json(std::string(text))
      .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace core
