// The bots' strength table (docs/BOTS.md): for every engine, each pairing of levels plays many
// games, each deal twice with the seats swapped, and the table gives the first level's score (a
// win 1, a shared first place 1/k, a loss 0) with a 95% Wilson interval, the milliseconds a move
// of each side took and the search's playouts a second. Besides the bots' levels a side may be
// `sparring` (bench/sparring.hpp: two plies over a tactical evaluation, reading the whole state).
// Prints Markdown, and on standard error a line a game: its deal, who sat first, seat 0's score,
// the points of each seat and the turns played. Usage:
//   caravan-ref-bot-strength [GAMES=40] [BUDGET=200] [ENGINE|all] [PAIRINGS] [FIRST_DEAL=1]
// BUDGET is a number of playouts a move (the same games anywhere) or a time (100ms, 1s: not).
// PAIRINGS is a comma-separated list of FIRST:SECOND, each side a level, LEVEL/BUDGET (its own
// budget; BUDGET `seated`: none, as the referee's seated bots play) or sparring; by default
// greedy:random,mcts:greedy,mcts:random,mcts:sparring,greedy:sparring. The deals are numbered from
// FIRST_DEAL (so that two processes, one a core, can share a long match).
//   caravan-ref-bot-strength speed [BUDGET=2000] [ENGINE|all] [POSITIONS=4]
// times the search instead: from the middle of POSITIONS games between greedy bots (the ply
// halfway through each), one mcts choice with BUDGET, and prints the playouts a second.
//   caravan-ref-bot-strength ladder [GAMES=20] [ENGINE|all] [LEVELS=random,greedy,easy,normal,hard]
// rates the levels on one Glicko-2 scale (referee/ratings.hpp, as `caravan-ref ratings` rates
// people): every pair of LEVELS plays GAMES games, each at the budget the referee seats it with,
// each deal from both seats; the games of one deal number, across all pairs, are one rating
// period, so the ratings settle over GAMES/2 periods from a newcomer's 1500/350. Prints each
// level's rating, deviation and score in Markdown (`mcts` seated is `hard`: it is left out).
//   caravan-ref-bot-strength answer
// answers a match that a program outside the project referees (docs/BOTS.md: against
// thekingofspain's master): one JSON request a line on standard input,
//   {"engine": ID, "state": <complete state: view(kReferee)>, "seat": N, "options": {...},
//    "players": N (2), "level": LEVEL, "budget": BUDGET, "seed": N, "told": {...}}
// and one line back: {"move": <the bot's move>, "playouts": N, "legal": [<every legal move>]}, or
// {"error": "..."} (a BUDGET it cannot read ends the program with 64, as in the other modes). The
// bot is given view(seat) of the restored state and nothing more; `told`, when given, replaces
// options as the bot knows them (where the other game keeps a deck secret that caravan-ref's
// options would make public).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "bot/bot.hpp"
#include "core/engine.hpp"
#include "referee/ratings.hpp"
#include "sparring.hpp"

namespace {

using Clock = std::chrono::steady_clock;

// "200" playouts, "100ms", "2s" of time, or "seated": no budget, as a bot the referee seats
// plays (bot::search's own default).
bot::Budget budget_of(const std::string& text) {
  bot::Budget budget;
  if (text == "seated") return budget;
  char* end = nullptr;
  const unsigned long long n = std::strtoull(text.c_str(), &end, 10);
  const std::string unit = end;
  if (unit.empty()) {
    budget.playouts = n;
  } else if (unit == "ms") {
    budget.time = std::chrono::milliseconds(static_cast<long long>(n));
  } else if (unit == "s") {
    budget.time = std::chrono::seconds(static_cast<long long>(n));
  } else {
    std::fprintf(stderr, "budget '%s': a number of playouts, Nms, Ns or seated\n", text.c_str());
    std::exit(64);
  }
  return budget;
}

struct Side {
  std::string name;
  std::optional<bot::Level> level;    // nullopt: the sparring partner
  std::optional<bot::Budget> budget;  // nullopt: the table's
  double seconds = 0;
  long moves = 0;
  bot::Stats stats;
};

// "LEVEL", "sparring", or "LEVEL/BUDGET" with a budget of its own.
std::optional<Side> side_named(const std::string& name) {
  Side side;
  side.name = name;
  if (name == "sparring") return side;
  const auto slash = name.find('/');
  if (slash != std::string::npos) side.budget = budget_of(name.substr(slash + 1));
  side.level = bot::parse_level(name.substr(0, slash));
  if (side.level) return side;
  return std::nullopt;
}

// One turn of `side` for the seat to move, applied to the game.
void play_turn(const core::Engine& engine, core::State& state, core::Rng& rng, Side& side,
               int players, const bot::Budget& budget, std::uint64_t seed) {
  const int seat = *state.current_player();
  const auto start = Clock::now();
  if (!side.level) {
    core::Rng chooser(seed);
    while (!state.finished() && state.current_player() == seat) {
      const core::Document move = state.move_of(sparring::choose(engine.id(), state, rng, chooser));
      state.apply(seat, move, rng);
      ++side.moves;
    }
  } else {
    const bot::Seat view{&engine, seat, players, {}, state.view(seat)};
    const auto moves = bot::play_turn(
        view, *side.level, side.budget ? *side.budget : budget, seed,
        [&](const core::Document& move) {
          state.apply(seat, move, rng);
          return state.view(seat);
        },
        &side.stats);
    side.moves += static_cast<long>(moves.size());
  }
  side.seconds += std::chrono::duration<double>(Clock::now() - start).count();
}

// One game, seats taking `seats` in order; returns seat 0's score.
double play(const core::Engine& engine, std::vector<Side*> seats, const bot::Budget& budget,
            std::uint64_t seed) {
  const int players = static_cast<int>(seats.size());
  core::Rng rng(seed);
  auto state = engine.start(players, {}, rng).state;
  int turn = 0;
  for (; turn < 5000 && !state->finished(); ++turn) {
    const int seat = *state->current_player();
    if (auto forced = state->forced_move()) {
      state->apply(seat, *forced, rng);
      continue;
    }
    play_turn(engine, *state, rng, *seats[static_cast<std::size_t>(seat)], players, budget,
              seed * 7919 + static_cast<std::uint64_t>(turn));
  }
  const bool finished = state->finished();
  const double score = finished ? core::outcome(state->result(), 0) : 0.5;
  // One line a game on standard error, so that a lost game can be found and played again.
  std::string points = finished ? "" : " - (unfinished)";
  if (finished)
    for (double p : state->result().scores) points += fmt::format(" {:g}", p);
  fmt::print(stderr, "deal {}: {} (seat 0) vs {}: {:g}, points{}, {} turns\n", seed, seats[0]->name,
             seats[1]->name, score, points, turn);
  return score;
}

// The 95% Wilson score interval of a mean score over n games.
std::pair<double, double> wilson(double mean, int n) {
  const double z = 1.96, z2 = z * z;
  const double centre = (mean + z2 / (2 * n)) / (1 + z2 / n);
  const double half = z * std::sqrt(mean * (1 - mean) / n + z2 / (4.0 * n * n)) / (1 + z2 / n);
  return {centre - half, centre + half};
}

std::string per_second(const Side& side) {
  if (side.stats.playouts == 0 || side.seconds <= 0) return "-";
  char text[32];
  std::snprintf(text, sizeof text, "%.0f", static_cast<double>(side.stats.playouts) / side.seconds);
  return text;
}

// The position halfway through a game between greedy bots, dealt with `seed`.
std::unique_ptr<core::State> middle_game(const core::Engine& engine, std::uint64_t seed) {
  std::vector<std::unique_ptr<core::State>> seen;
  core::Rng rng(seed);
  auto state = engine.start(2, {}, rng).state;
  for (int turn = 0; turn < 5000 && !state->finished(); ++turn) {
    const int seat = *state->current_player();
    if (auto forced = state->forced_move()) {
      state->apply(seat, *forced, rng);
      continue;
    }
    seen.push_back(state->clone());
    const bot::Seat view{&engine, seat, 2, {}, state->view(seat)};
    state->apply(seat, bot::choose(view, bot::Level::kGreedy, {}, seed * 31 + turn), rng);
  }
  return std::move(seen[seen.size() / 2]);
}

// Playouts a second of one mcts choice at the middle of `positions` games, per engine.
int speed(const bot::Budget& budget, const std::string& only, int positions) {
  std::printf("| engine | playouts/s (each position) | ms a choice | tree nodes |\n");
  std::printf("|---|---|---|---|\n");
  for (const core::Engine* engine : core::engines()) {
    if (!only.empty() && engine->id() != only) continue;
    std::string rates, times, nodes;
    for (int p = 1; p <= positions; ++p) {
      const auto state = middle_game(*engine, static_cast<std::uint64_t>(p));
      const int seat = *state->current_player();
      const bot::Seat view{engine, seat, 2, {}, state->view(seat)};
      bot::Stats stats;
      const auto start = Clock::now();
      bot::choose(view, bot::Level::kMcts, budget, 1, &stats);
      const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
      char text[64];
      std::snprintf(text, sizeof text, "%s%.0f", p > 1 ? ", " : "",
                    static_cast<double>(stats.playouts) / seconds);
      rates += text;
      std::snprintf(text, sizeof text, "%s%.1f", p > 1 ? ", " : "", 1000 * seconds);
      times += text;
      std::snprintf(text, sizeof text, "%s%zu", p > 1 ? ", " : "", stats.nodes);
      nodes += text;
    }
    std::printf("| %s | %s | %s | %s |\n", engine->id().c_str(), rates.c_str(), times.c_str(),
                nodes.c_str());
    std::fflush(stdout);
  }
  return 0;
}

// The ladder mode (see the top): the levels of each engine rated against each other.
int ladder(int games, const std::string& only, const std::string& level_list) {
  std::vector<std::string> levels;
  std::istringstream list(level_list);
  for (std::string item; std::getline(list, item, ',');) {
    if (!bot::parse_level(item)) {
      std::fprintf(stderr, "level '%s': one of random, greedy, mcts, easy, normal, hard\n",
                   item.c_str());
      return 64;
    }
    levels.push_back(item);
  }
  if (games < 2 || levels.size() < 2) {
    std::fprintf(stderr, "a ladder needs GAMES of 2 or more and two levels or more\n");
    return 64;
  }
  std::printf(
      "%d games a pair of levels (deals 1-%d, each from both seats), each level at its seated "
      "budget; Glicko-2, tau %.1f, one rating period a deal\n\n",
      games, games / 2, referee::kGlickoTau);
  std::printf(
      "| engine | level | rating | deviation | score | games |\n|---|---|---|---|---|---|\n");
  const bot::Budget seated;
  for (const core::Engine* engine : core::engines()) {
    if (!only.empty() && engine->id() != only) continue;
    std::vector<referee::RatedGame> rated;
    std::map<std::string, std::pair<double, int>> scores;  // level -> points, games
    std::vector<Side> sides;
    for (const auto& name : levels) sides.push_back(*side_named(name + "/seated"));
    for (int deal = 1; deal <= games / 2; ++deal)
      for (std::size_t i = 0; i < sides.size(); ++i)
        for (std::size_t j = i + 1; j < sides.size(); ++j)
          for (const bool swapped : {false, true}) {
            Side& first = swapped ? sides[j] : sides[i];
            Side& second = swapped ? sides[i] : sides[j];
            const double score =
                play(*engine, {&first, &second}, seated, static_cast<std::uint64_t>(deal));
            const std::string a = bot::level_name(*first.level), b = bot::level_name(*second.level);
            rated.push_back({fmt::format("{}-{}-{}-{}", deal, a, b, swapped),
                             engine->id(),
                             fmt::format("deal-{:05}", deal),
                             {"bot:" + a, "bot:" + b},
                             {score < 0.5 ? 1 : 0, score > 0.5 ? 1 : 0}});
            scores[a].first += score;
            scores[b].first += 1 - score;
            ++scores[a].second;
            ++scores[b].second;
          }
    for (const auto& rating : referee::compute_ratings(std::move(rated), {})) {
      const std::string level = rating.player.substr(4);  // "bot:"
      std::printf("| %s | %s | %.0f | %.0f | %.2f | %d |\n", engine->id().c_str(), level.c_str(),
                  rating.glicko.rating, rating.glicko.deviation,
                  scores[level].first / scores[level].second, scores[level].second);
    }
    std::fflush(stdout);
  }
  return 0;
}

// The answer mode: a bot's move for each request on standard input (see the top).
int answer() {
  for (std::string line; std::getline(std::cin, line);) {
    core::Document reply;
    try {
      const core::Document request = core::Document::parse(line);
      const core::Engine* engine = core::find_engine(request.at("engine").get<std::string>());
      if (engine == nullptr) throw std::runtime_error("no such engine");
      const auto options = request.value("options", std::map<std::string, std::string>{});
      const int players = request.value("players", 2);
      const int seat = request.at("seat").get<int>();
      const auto state = engine->restore(request.at("state"), players, options);
      const auto level = bot::parse_level(request.value("level", "hard"));
      if (!level) throw std::runtime_error("no such level");
      const bot::Seat view{engine, seat, players, request.value("told", options),
                           state->view(seat)};
      bot::Stats stats;
      reply["move"] = bot::choose(view, *level, budget_of(request.value("budget", "1s")),
                                  request.value("seed", std::uint64_t{1}), &stats);
      reply["playouts"] = stats.playouts;
      reply["legal"] = state->legal_moves();
    } catch (const std::exception& e) {
      reply = {{"error", e.what()}};
    }
    std::cout << reply.dump() << std::endl;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1 && std::string(argv[1]) == "answer") return answer();
  if (argc > 1 && std::string(argv[1]) == "ladder")
    return ladder(argc > 2 ? std::atoi(argv[2]) : 20,
                  argc > 3 && std::string(argv[3]) != "all" ? argv[3] : "",
                  argc > 4 ? argv[4] : "random,greedy,easy,normal,hard");
  if (argc > 1 && std::string(argv[1]) == "speed")
    return speed(budget_of(argc > 2 ? argv[2] : "2000"),
                 argc > 3 && std::string(argv[3]) != "all" ? argv[3] : "",
                 argc > 4 ? std::atoi(argv[4]) : 4);
  const int games = argc > 1 ? std::atoi(argv[1]) : 40;
  const std::string budget_text = argc > 2 ? argv[2] : "200";
  const bot::Budget budget = budget_of(budget_text);
  const std::string only = argc > 3 && std::string(argv[3]) != "all" ? argv[3] : "";
  std::vector<std::pair<std::string, std::string>> pairings;
  std::istringstream list(argc > 4 ? argv[4]
                                   : "greedy:random,mcts:greedy,mcts:random,mcts:sparring,"
                                     "greedy:sparring");
  for (std::string item; std::getline(list, item, ',');) {
    const auto colon = item.find(':');
    if (colon == std::string::npos || !side_named(item.substr(0, colon)) ||
        !side_named(item.substr(colon + 1))) {
      std::fprintf(stderr, "pairing '%s': FIRST:SECOND, each a level or sparring\n", item.c_str());
      return 64;
    }
    pairings.emplace_back(item.substr(0, colon), item.substr(colon + 1));
  }
  const long first_deal = argc > 5 ? std::atol(argv[5]) : 1;
  if (first_deal < 1) {
    std::fprintf(stderr, "FIRST_DEAL '%s': a deal number, 1 or more\n", argv[5]);
    return 64;
  }
  std::printf(
      "%d games a pairing (each deal from both seats, deals %ld-%ld), two players, budget %s a "
      "move\n\n",
      games, first_deal, first_deal + (games + 1) / 2 - 1,
      budget.playouts ? (budget_text + " playouts").c_str() : budget_text.c_str());
  std::printf(
      "| engine | pairing | score of the first | 95%% interval | ms/move (first, second) | "
      "playouts/s (first) |\n");
  std::printf("|---|---|---|---|---|---|\n");
  for (const core::Engine* engine : core::engines()) {
    if (!only.empty() && engine->id() != only) continue;
    for (const auto& [first_name, second_name] : pairings) {
      Side first = *side_named(first_name), second = *side_named(second_name);
      double score = 0;
      for (int g = 0; g < games; ++g) {
        const auto deal = static_cast<std::uint64_t>(first_deal + g / 2);
        if (g % 2 == 0)
          score += play(*engine, {&first, &second}, budget, deal);
        else
          score += 1 - play(*engine, {&second, &first}, budget, deal);
      }
      const double mean = score / games;
      const auto [low, high] = wilson(mean, games);
      std::printf("| %s | %s vs %s | %.2f | %.2f-%.2f | %.2f, %.2f | %s |\n", engine->id().c_str(),
                  first.name.c_str(), second.name.c_str(), mean, low, high,
                  1000 * first.seconds / std::max(1L, first.moves),
                  1000 * second.seconds / std::max(1L, second.moves), per_second(first).c_str());
      std::fflush(stdout);
    }
  }
}
