#include "core/data.hpp"

#include <stdexcept>
#include <utility>

#include <fmt/format.h>

namespace core {

namespace {

// Each file's name and its content as JSON text, converted from its YAML by the build
// (cmake/EmbedData.cmake): the core reads no YAML.
const std::pair<const char*, const char*> kData[] = {
#include "core/embedded_data.inc"
    {nullptr, nullptr}};

}  // namespace

Document embedded_data(const std::string& path) {
  for (const auto& [name, text] : kData)
    if (name && path == name) return Document::parse(text);
  throw std::out_of_range(fmt::format("no data file {} is built in", path));
}

std::vector<std::string> embedded_data_files() {
  std::vector<std::string> names;
  for (const auto& entry : kData)
    if (entry.first) names.emplace_back(entry.first);
  return names;
}

Document option_document(const std::string& option, const std::string& value) {
  try {
    return Document::parse(value);
  } catch (const Document::parse_error&) {
    throw SetupError(
        fmt::format("option {} must name a data file (the command line reads it; given: '{}')",
                    option, value.size() > 60 ? value.substr(0, 60) + "..." : value));
  }
}

}  // namespace core
