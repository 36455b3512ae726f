// Fits the weights of nv-caravan's evaluation (src/games/nv_caravan/evaluation.cpp) to self-play.
// It plays GAMES games between two bots of LEVEL (a level, or LEVEL/BUDGET with a number of
// playouts). Each move is a random one with probability EPSILON, so that the games see more than
// the bots' habits, and one block of five games in fifty is played at random throughout (there
// hands run out, which the bots' games never reach). At every position it records, for each
// seat, the features that seat can see and how the game ended for it. A logistic regression
// (Newton's method, a small ridge; each game weighs the same, however long) fits the weights to
// four games in five. On the fifth it prints the log loss, and the share of positions of decided
// games whose winner is favoured, for the weights in use and for the fitted ones; then the
// fitted weights, as the lines that set them. Usage:
//   caravan-ref-nv-evaluation [GAMES=2000] [LEVEL=greedy] [EPSILON=0.1] [SEED=1]
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "bot/bot.hpp"
#include "core/engine.hpp"
#include "games/nv_caravan/nv_caravan.hpp"

namespace {

using games::nv_caravan::NvCaravanState;
constexpr int kFeatures = NvCaravanState::kFeatures;
using Row = std::array<double, kFeatures>;

struct Sample {
  Row features;
  int seat;
  double outcome;     // 1 won, 0 lost, 1/2 drawn
  double evaluation;  // evaluate() with the weights in use
  double weight;      // each game counts once in the fit, however long it was
  bool held_out;
};

// "to_move" as the enum names it: kToMove.
std::string enum_name(const std::string& name) {
  std::string out = "k";
  bool upper = true;
  for (char c : name) {
    if (c == '_') {
      upper = true;
      continue;
    }
    out += upper ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
    upper = false;
  }
  return out;
}

double logistic(double z) { return 1 / (1 + std::exp(-z)); }

double dot(const Row& w, const Row& f) {
  double z = 0;
  for (int i = 0; i < kFeatures; ++i)
    z += w[static_cast<std::size_t>(i)] * f[static_cast<std::size_t>(i)];
  return z;
}

// Solves a * x = b (a symmetric positive definite, kFeatures square) by Gaussian elimination.
Row solve(std::vector<double> a, Row b) {
  const int n = kFeatures;
  for (int col = 0; col < n; ++col) {
    int pivot = col;
    for (int r = col + 1; r < n; ++r)
      if (std::abs(a[r * n + col]) > std::abs(a[pivot * n + col])) pivot = r;
    for (int c = 0; c < n; ++c) std::swap(a[col * n + c], a[pivot * n + c]);
    std::swap(b[col], b[pivot]);
    for (int r = col + 1; r < n; ++r) {
      const double k = a[r * n + col] / a[col * n + col];
      for (int c = col; c < n; ++c) a[r * n + c] -= k * a[col * n + c];
      b[r] -= k * b[col];
    }
  }
  Row x{};
  for (int r = n - 1; r >= 0; --r) {
    double s = b[r];
    for (int c = r + 1; c < n; ++c) s -= a[r * n + c] * x[c];
    x[r] = s / a[r * n + r];
  }
  return x;
}

// Ridge-regularised logistic regression by Newton's method on the samples not held out.
Row fit(const std::vector<Sample>& samples) {
  constexpr double kRidge = 1.0;
  Row w{};
  for (int iteration = 0; iteration < 25; ++iteration) {
    std::vector<double> hessian(kFeatures * kFeatures, 0.0);
    Row gradient{};
    for (const Sample& s : samples) {
      if (s.held_out) continue;
      const double p = logistic(dot(w, s.features));
      const double weight = s.weight * p * (1 - p);
      for (int i = 0; i < kFeatures; ++i) {
        gradient[i] += s.weight * (s.outcome - p) * s.features[i];
        for (int j = 0; j < kFeatures; ++j)
          hessian[i * kFeatures + j] += weight * s.features[i] * s.features[j];
      }
    }
    for (int i = 1; i < kFeatures; ++i) {  // the bias is not held back
      gradient[i] -= kRidge * w[i];
      hessian[i * kFeatures + i] += kRidge;
    }
    for (int i = 0; i < kFeatures; ++i) hessian[i * kFeatures + i] += 1e-9;
    const Row step = solve(hessian, gradient);
    double largest = 0;
    for (int i = 0; i < kFeatures; ++i) {
      w[i] += step[i];
      largest = std::max(largest, std::abs(step[i]));
    }
    if (largest < 1e-6) break;
  }
  return w;
}

// Log loss and the share of decided positions whose winner is favoured, on the held-out games.
void report(const char* name, const std::vector<Sample>& samples, const Row* weights) {
  double loss = 0;
  int n = 0, right = 0, decided = 0;
  for (const Sample& s : samples) {
    if (!s.held_out) continue;
    const double p =
        std::clamp(weights ? logistic(dot(*weights, s.features)) : s.evaluation, 1e-6, 1 - 1e-6);
    loss -= s.outcome * std::log(p) + (1 - s.outcome) * std::log(1 - p);
    ++n;
    if (s.outcome != 0.5) {
      ++decided;
      right += (p > 0.5) == (s.outcome > 0.5) ? 1 : 0;
    }
  }
  std::printf("%-16s held-out log loss %.4f, winner favoured %.3f (%d positions)\n", name,
              loss / std::max(1, n), static_cast<double>(right) / std::max(1, decided), n);
}

}  // namespace

int main(int argc, char** argv) {
  const int games = argc > 1 ? std::atoi(argv[1]) : 2000;
  const std::string level_text = argc > 2 ? argv[2] : "greedy";
  const double epsilon = argc > 3 ? std::atof(argv[3]) : 0.1;
  const std::uint64_t seed = argc > 4 ? std::strtoull(argv[4], nullptr, 10) : 1;
  const auto slash = level_text.find('/');
  const auto level = bot::parse_level(level_text.substr(0, slash));
  bot::Budget budget;
  if (slash != std::string::npos)
    budget.playouts = std::strtoull(level_text.c_str() + slash + 1, nullptr, 10);
  if (!level) {
    std::fprintf(stderr, "level '%s': random, greedy, mcts, easy, normal or hard\n",
                 level_text.c_str());
    return 64;
  }
  const core::Engine* engine = nullptr;
  for (const core::Engine* e : core::engines())
    if (e->id() == "nv-caravan") engine = e;

  std::vector<Sample> samples;
  for (int g = 0; g < games; ++g) {
    const std::uint64_t deal = seed * 1000003 + static_cast<std::uint64_t>(g);
    core::Rng rng(deal), chooser(deal * 7 + 3);
    auto state = engine->start(2, {}, rng).state;
    std::vector<Sample> game;
    for (int ply = 0; ply < 2000 && !state->finished(); ++ply) {
      const auto& nv = dynamic_cast<const NvCaravanState&>(*state);
      for (int seat = 0; seat < 2; ++seat)
        game.push_back({nv.features(seat), seat, 0, state->evaluate(seat), 0, g % 5 == 4});
      const int mover = *state->current_player();
      if ((g / 5) % 10 == 9 || chooser.below(1000) < static_cast<std::uint64_t>(epsilon * 1000)) {
        state->apply_action(state->random_action(chooser), rng);
        continue;
      }
      const bot::Seat view{engine, mover, 2, {}, state->view(mover)};
      state->apply(mover, bot::choose(view, *level, budget, chooser.next()), rng);
    }
    if (!state->finished()) continue;
    for (Sample& s : game) {
      s.outcome = core::outcome(state->result(), s.seat);
      s.weight = 100.0 / static_cast<double>(game.size());
      samples.push_back(s);
    }
  }
  std::printf("%d games of %s (random moves %.2f), %zu positions\n", games, level_text.c_str(),
              epsilon, samples.size() / 2);
  const Row w = fit(samples);
  report("weights in use", samples, nullptr);
  report("fitted", samples, &w);
  for (int i = 0; i < kFeatures; ++i)
    std::printf("  w[%s] = %.3f;\n",
                enum_name(NvCaravanState::kFeatureNames[static_cast<std::size_t>(i)]).c_str(),
                w[static_cast<std::size_t>(i)]);
}
