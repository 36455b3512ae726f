#include "referee/rules.hpp"

#include <algorithm>
#include <string_view>
#include <utility>

#include "core/engine.hpp"

namespace referee {

namespace {

// {folder of src/games, page}, written by cmake/EmbedDocs.cmake.
constexpr std::pair<std::string_view, std::string_view> kPages[] = {
#include "referee/embedded_rules.inc"
    {"", ""},  // so that the list is never empty
};

// A game's folder is its id with '_' for '-' (cmake/Games.cmake).
std::string folder_of(std::string kind) {
  std::replace(kind.begin(), kind.end(), '-', '_');
  return kind;
}

}  // namespace

std::optional<std::string> rules_page(const std::string& kind) {
  if (kind.empty()) return std::nullopt;
  const std::string folder = folder_of(kind);
  for (const auto& [name, page] : kPages)
    if (name == folder && !page.empty()) return std::string(page);
  return std::nullopt;
}

std::vector<std::string> games_with_rules() {
  std::vector<std::string> kinds;
  for (const core::Engine* engine : core::engines())
    if (rules_page(engine->id())) kinds.push_back(engine->id());
  return kinds;
}

}  // namespace referee
