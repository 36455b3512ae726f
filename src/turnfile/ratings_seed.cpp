#include "turnfile/ratings_seed.hpp"

#include <cmath>
#include <set>
#include <utility>

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include "core/engine.hpp"
#include "core/errors.hpp"
#include "turnfile/refusal.hpp"

namespace turnfile {

namespace {

// File and line: a seed file's entries are a line each.
[[noreturn]] void refuse(const std::string& source, const YAML::Mark& mark,
                         const std::string& why) {
  refuse_at(source, mark, why, false);
}

std::string text_of(const std::string& source, const YAML::Node& node, const std::string& key) {
  if (!node.IsScalar() || node.Scalar().empty())
    refuse(source, node.Mark(), fmt::format("'{}' must be a word", key));
  return node.Scalar();
}

double number_of(const std::string& source, const YAML::Node& node, const std::string& key,
                 double low, bool low_allowed, double high, bool high_allowed) {
  double value = 0;
  if (!node.IsScalar() || !YAML::convert<double>::decode(node, value) || !std::isfinite(value))
    refuse(source, node.Mark(), fmt::format("'{}' must be a number", key));
  if (value < low || (value == low && !low_allowed) || value > high ||
      (value == high && !high_allowed))
    refuse(source, node.Mark(),
           fmt::format("'{}' is {}; it must be {} {} and {} {}", key, node.Scalar(),
                       low_allowed ? "at least" : "above", low, high_allowed ? "at most" : "below",
                       high));
  return value;
}

}  // namespace

std::vector<RatingSeed> parse_rating_seeds(const std::string& text, const std::string& source) {
  YAML::Node root;
  try {
    root = YAML::Load(text);
  } catch (const YAML::ParserException& error) {
    refuse(source, error.mark, error.msg);
  }
  if (root.IsNull()) return {};
  if (!root.IsSequence())
    refuse(source, root.Mark(),
           "a seed file is a list of entries (player, kind, rating, deviation, volatility)");
  static const std::set<std::string> kKeys = {"player", "kind", "rating", "deviation",
                                              "volatility"};
  std::vector<RatingSeed> seeds;
  std::set<std::pair<std::string, std::string>> seen;
  for (const YAML::Node& entry : root) {
    if (!entry.IsMap())
      refuse(source, entry.Mark(),
             "each entry is a mapping of player, kind, rating, deviation and volatility");
    std::set<std::string> given;
    for (const auto& item : entry) {
      const std::string key = item.first.IsScalar() ? item.first.Scalar() : std::string();
      if (!kKeys.contains(key))
        refuse(source, item.first.Mark(),
               fmt::format("unknown key '{}'; an entry has player, kind, rating, deviation and "
                           "volatility",
                           key));
      if (!given.insert(key).second)
        refuse(source, item.first.Mark(), fmt::format("'{}' given twice", key));
    }
    for (const auto& key : kKeys)
      if (!given.contains(key))
        refuse(source, entry.Mark(), fmt::format("the entry has no '{}'", key));
    RatingSeed seed;
    seed.line = entry.Mark().line + 1;
    seed.player = text_of(source, entry["player"], "player");
    seed.kind = text_of(source, entry["kind"], "kind");
    if (core::find_engine(seed.kind) == nullptr)
      refuse(source, entry["kind"].Mark(),
             fmt::format("there is no game '{}' (caravan-ref games lists them)", seed.kind));
    seed.rating = number_of(source, entry["rating"], "rating", 0, true, 4000, true);
    seed.deviation = number_of(source, entry["deviation"], "deviation", 0, false, 350, true);
    seed.volatility = number_of(source, entry["volatility"], "volatility", 0, false, 1, false);
    if (!seen.insert({seed.player, seed.kind}).second)
      refuse(source, entry.Mark(),
             fmt::format("{} has a rating at {} already", seed.player, seed.kind));
    seeds.push_back(std::move(seed));
  }
  return seeds;
}

}  // namespace turnfile
