#include "output/writer.hpp"

#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ostream>
#include <sstream>
#include <stdexcept>

#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>
#include <yaml-cpp/yaml.h>

#include "core/errors.hpp"

namespace output {

namespace {

// Strings that a YAML reader would take for another type are quoted, so a round trip keeps them.
bool needs_quotes(const std::string& s) {
  if (s.empty()) return true;
  static const char* const kSpecial[] = {"true", "false", "yes", "no", "on", "off", "null", "~",
                                         "True", "False", "Yes", "No", "On", "Off", "Null", "NULL",
                                         "TRUE", "FALSE", "YES", "NO", "ON", "OFF", "y",    "n"};
  for (const char* word : kSpecial)
    if (s == word) return true;
  char* end = nullptr;
  std::strtod(s.c_str(), &end);
  return end != s.c_str() && *end == '\0';
}

// A word that yaml-cpp would write plain, proven cheaply: letters, digits, '_', and '-' or '.'
// after the first character; not a number, boolean or null to a YAML reader (needs_quotes).
bool plain_word(const std::string& s) {
  if (s.empty() || s.size() > 256 ||
      !(std::isalnum(static_cast<unsigned char>(s[0])) || s[0] == '_'))
    return false;
  for (const char c : s)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.'))
      return false;
  return !needs_quotes(s);
}

// The text of a word, written as it is.
struct Verbatim {
  const std::string& text;
  friend std::ostream& operator<<(std::ostream& out, const Verbatim& word) {
    return out << word.text;
  }
};

// yaml-cpp decides how to write each string by matching it against its plain-scalar rules one
// character at a time: most of the cost of a YAML answer (a receipt is four long hex strings;
// 45% of a batch of turns, docs/PERFORMANCE.md). A word proven plain above is written through
// the emitter's public scalar writer instead, which places it exactly as a plain string is placed
// (the same text byte for byte: tests/unit/writer_test.cpp); anything else goes the usual way.
void write_string(YAML::Emitter& out, const std::string& s) {
  if (plain_word(s))
    out.WriteIntegralType(Verbatim{s});
  else if (needs_quotes(s))
    out << YAML::DoubleQuoted << s;
  else
    out << s;
}

void emit(YAML::Emitter& out, const nlohmann::json& doc, bool fast) {
  switch (doc.type()) {
    case nlohmann::json::value_t::object:
      out << YAML::BeginMap;
      for (const auto& [key, value] : doc.items()) {
        out << YAML::Key;
        if (fast && plain_word(key))  // other keys as ever: yaml-cpp's choice, never quoted here
          out.WriteIntegralType(Verbatim{key});
        else
          out << key;
        out << YAML::Value;
        emit(out, value, fast);
      }
      out << YAML::EndMap;
      break;
    case nlohmann::json::value_t::array:
      out << YAML::BeginSeq;
      for (const auto& item : doc) emit(out, item, fast);
      out << YAML::EndSeq;
      break;
    case nlohmann::json::value_t::string: {
      const auto& s = doc.get_ref<const std::string&>();
      if (fast)
        write_string(out, s);
      else if (needs_quotes(s))
        out << YAML::DoubleQuoted << s;
      else
        out << s;
      break;
    }
    case nlohmann::json::value_t::boolean:
      out << doc.get<bool>();
      break;
    case nlohmann::json::value_t::number_integer:
      out << doc.get<std::int64_t>();
      break;
    case nlohmann::json::value_t::number_unsigned:
      out << doc.get<std::uint64_t>();
      break;
    case nlohmann::json::value_t::number_float:
      out << doc.get<double>();
      break;
    default:
      out << YAML::Null;
  }
}

void outline(std::ostringstream& out, const nlohmann::json& doc, int indent) {
  const std::string pad(static_cast<std::size_t>(indent) * 2, ' ');
  auto scalar = [](const nlohmann::json& v) {
    if (v.is_string()) return v.get<std::string>();
    if (v.is_null()) return std::string("-");
    return v.dump();
  };
  auto is_flat = [](const nlohmann::json& v) {
    for (const auto& item : v)
      if (item.is_structured()) return false;
    return true;
  };
  if (doc.is_object()) {
    for (const auto& [key, value] : doc.items()) {
      if (value.is_structured() && !(value.is_array() && is_flat(value))) {
        out << pad << key << ":\n";
        outline(out, value, indent + 1);
      } else if (value.is_array()) {
        std::string line;
        for (const auto& item : value) line += (line.empty() ? "" : ", ") + scalar(item);
        out << pad << key << ": " << (line.empty() ? "(none)" : line) << "\n";
      } else {
        out << pad << key << ": " << scalar(value) << "\n";
      }
    }
  } else if (doc.is_array()) {
    for (const auto& item : doc) {
      if (item.is_structured()) {
        out << pad << "-\n";
        outline(out, item, indent + 1);
      } else {
        out << pad << "- " << scalar(item) << "\n";
      }
    }
  } else {
    out << pad << scalar(doc) << "\n";
  }
}

}  // namespace

Format parse_format(const std::string& name) {
  if (name == "yaml") return Format::kYaml;
  if (name == "json") return Format::kJson;
  if (name == "text") return Format::kText;
  throw std::invalid_argument("unknown format '" + name + "' (yaml, json or text)");
}

std::string to_yaml(const nlohmann::json& doc) {
  YAML::Emitter out;
  emit(out, doc, true);
  return std::string(out.c_str()) + "\n";
}

std::string yaml_scalar(const std::string& text) {
  std::string yaml = to_yaml(text);
  while (!yaml.empty() && yaml.back() == '\n') yaml.pop_back();
  return yaml;
}

std::string to_yaml_slowly(const nlohmann::json& doc) {
  YAML::Emitter out;
  emit(out, doc, false);
  return std::string(out.c_str()) + "\n";
}

std::string to_json(const nlohmann::json& doc) { return doc.dump(2) + "\n"; }

std::string to_text(const nlohmann::json& doc) {
  std::ostringstream out;
  outline(out, doc, 0);
  return out.str();
}

std::string to_line(const nlohmann::json& doc) {
  switch (doc.type()) {
    case nlohmann::json::value_t::object: {
      std::string line;
      for (const auto& [key, value] : doc.items())
        line += fmt::format("{}{}: {}", line.empty() ? "" : ", ", key, to_line(value));
      return "{" + line + "}";
    }
    case nlohmann::json::value_t::array: {
      std::string line;
      for (const auto& item : doc) line += (line.empty() ? "" : ", ") + to_line(item);
      return "[" + line + "]";
    }
    case nlohmann::json::value_t::string: {
      const auto& text = doc.get_ref<const std::string&>();
      const bool plain = !text.empty() &&
                         text.find_first_of(",:[]{}#&*!|>'\"%@`\n") == std::string::npos &&
                         text.front() != ' ' && text.back() != ' ' && text.front() != '-';
      return plain ? text : doc.dump();
    }
    case nlohmann::json::value_t::null:
      return "~";
    default:
      return doc.dump();
  }
}

std::string write(const nlohmann::json& doc, Format format) {
  switch (format) {
    case Format::kJson:
      return to_json(doc);
    case Format::kText:
      return to_text(doc);
    case Format::kYaml:
      break;
  }
  return to_yaml(doc);
}

void write_file_atomically(const std::string& path, const std::string& text) {
  // The file the user named, and why it cannot be made: the temporary name is ours, not theirs.
  const auto refuse = [&path](int error) {
    throw core::UserError(core::Exit::kCantCreate,
                          fmt::format("cannot write {}: {}", path, std::strerror(error)));
  };
  const std::string temp = fmt::format("{}.tmp.{}", path, ::getpid());
  const int fd = ::open(temp.c_str(), O_CREAT | O_TRUNC | O_WRONLY | O_CLOEXEC, 0666);
  if (fd < 0) refuse(errno);
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t wrote = ::write(fd, text.data() + done, text.size() - done);
    if (wrote < 0 && errno == EINTR) continue;
    if (wrote <= 0) {
      const int error = wrote < 0 ? errno : EIO;
      ::close(fd);
      ::unlink(temp.c_str());
      refuse(error);
    }
    done += static_cast<std::size_t>(wrote);
  }
  if (::close(fd) != 0) {
    const int error = errno;
    ::unlink(temp.c_str());
    refuse(error);
  }
  if (::rename(temp.c_str(), path.c_str()) != 0) {
    const int error = errno;
    ::unlink(temp.c_str());
    refuse(error);
  }
}

}  // namespace output
