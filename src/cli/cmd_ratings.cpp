// caravan-ref ratings [--kind KIND] [--seed-from FILE]: each player's Glicko-2 rating per game
// kind, computed from the finished games (referee/ratings.hpp), from the ratings a seed file gives.
#include <memory>
#include <string>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "cli/cli.hpp"
#include "core/engine.hpp"
#include "core/errors.hpp"
#include "referee/ratings.hpp"
#include "turnfile/ratings_seed.hpp"

namespace cli {

namespace {

struct RatingsOptions {
  std::string kind;
  std::string seed_from;
};

// The text table: one block a kind, its players by rating.
std::string ratings_text(const nlohmann::json& doc) {
  std::string out;
  std::string kind;
  int rank = 0;
  for (const auto& row : doc.at("ratings")) {
    if (row.at("kind") != kind) {
      kind = row.at("kind").get<std::string>();
      rank = 0;
      out +=
          fmt::format("{}{}\n  {:>3}  {:<24} {:>8} {:>9} {:>10} {:>6}\n", out.empty() ? "" : "\n",
                      kind, "#", "player", "rating", "deviation", "volatility", "games");
    }
    out += fmt::format("  {:>3}  {:<24} {:>8.2f} {:>9.2f} {:>10.6f} {:>6}\n", ++rank,
                       row.at("player").get<std::string>(), row.at("rating").get<double>(),
                       row.at("deviation").get<double>(), row.at("volatility").get<double>(),
                       row.at("games").get<int>());
  }
  if (out.empty()) out = "No finished game has been rated yet.\n";
  return out;
}

}  // namespace

void add_ratings(CLI::App& app, Context& context, Handler& handler) {
  auto opts = std::make_shared<RatingsOptions>();
  auto* cmd = app.add_subcommand(
      "ratings", "each player's Glicko-2 rating per game kind, from the finished games");
  cmd->add_option("--kind", opts->kind, "this game kind alone");
  cmd->add_option("--seed-from", opts->seed_from,
                  "ratings to start from (YAML or JSON: player, kind, rating, deviation, "
                  "volatility)");
  cmd->callback([&context, &handler, opts] {
    handler = [&context, opts] {
      if (!opts->kind.empty() && core::find_engine(opts->kind) == nullptr)
        throw core::UserError(
            core::Exit::kUsage,
            fmt::format("there is no game '{}' (caravan-ref games lists them)", opts->kind));
      std::vector<referee::Rating> seeds;
      if (!opts->seed_from.empty()) {
        const std::string source = opts->seed_from == "-" ? "<stdin>" : opts->seed_from;
        for (const auto& seed : turnfile::parse_rating_seeds(read_input(opts->seed_from), source))
          seeds.push_back(
              {seed.player, seed.kind, {seed.rating, seed.deviation, seed.volatility}, 0});
      }
      const auto table = referee::ratings(context.existing_db(), seeds, opts->kind);
      context.print(referee::ratings_document(table), ratings_text);
      return 0;
    };
  });
}

}  // namespace cli
