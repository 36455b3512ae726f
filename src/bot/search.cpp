// SO-ISMCTS after Cowling, Powley and Whitehouse (2012): one tree for the searching seat's
// information set, its nodes reached by actions, each determinisation walking only the children
// legal in it; a child's UCB counts the times it was available, not its parent's visits.
#include "bot/search.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <stdexcept>
#include <vector>

namespace bot {
namespace {

using core::ActionId;

// The scores are chances of winning, mostly the evaluation's, which moves little from one move to
// the next: at 0.7 the search spread its visits too evenly to tell the moves apart (nv-caravan at
// 0.1 s a move against greedy: 0.77 over 200 games at 0.7, 0.90 at 0.3 with the policy's order
// below; docs/BOTS.md, What it took).
constexpr double kExploration = 0.3;

// Above this many legal actions a node widens with its visits: it first adds the kRanked best of
// kRankSample actions by the engine's evaluation one action ahead (progressive widening with a
// prior: the search starts where the greedy bot would look), then actions drawn from the list.
constexpr std::size_t kWide = 64;
constexpr std::size_t kRankSample = 128;
constexpr std::size_t kRanked = 12;
// Ranking costs kRankSample evaluations: a wide node below the root ranks its actions only once it
// has been walked through this many times (until then it widens by random draws), so that the
// many nodes a search passes once or twice do not cost more than the playouts.
constexpr std::uint32_t kRankAfter = 8;

// In a deterministic game (State::deterministic) a node keeps its legal actions the first time
// they are listed, while all kept lists hold fewer than kKeptActions actions (8 bytes each: within
// the bot's 64 MB with the tree). Keeping them only from a node's fourth walk on cost caravanserai
// a third of its playouts: most nodes are walked through a few times, and each walk listed them.
constexpr std::size_t kKeptActions = std::size_t{1} << 21;

struct Node {
  ActionId action = 0;
  int mover = -1;  // the seat that made `action`
  double reward = 0;
  std::uint32_t visits = 0;
  std::uint32_t available = 0;
  std::vector<std::unique_ptr<Node>> children;
  std::vector<ActionId> ranked;  // wide nodes: the actions to add first, best first
  std::vector<ActionId> legal;   // deterministic games: the legal actions, sorted, once kept
  bool was_ranked = false;

  Node* child(ActionId a) {
    for (auto& c : children)
      if (c->action == a) return c.get();
    return nullptr;
  }
};

double ucb(const Node& n) {
  return n.reward / n.visits +
         kExploration * std::sqrt(std::log(static_cast<double>(n.available)) / n.visits);
}

// Each seat's score of a position a playout reached: the result, or the evaluation.
std::vector<double> scores(const core::State& state) {
  std::vector<double> out(static_cast<std::size_t>(state.num_players()));
  for (int seat = 0; seat < state.num_players(); ++seat)
    out[static_cast<std::size_t>(seat)] = state.evaluate(seat);
  return out;
}

class Search {
 public:
  Search(const Budget& budget, core::Rng& rng, Stats& stats, int seat, bool deterministic,
         bool by_policy)
      : budget_(budget),
        rng_(rng),
        stats_(stats),
        seat_(seat),
        deterministic_(deterministic),
        by_policy_(by_policy) {}

  void iterate(core::State& world) {
    std::vector<Node*> path{&root_};
    Node* node = &root_;
    bool expanded = false;
    while (!world.finished() && !expanded) {
      const int mover = *world.current_player();
      const std::vector<ActionId>& legal = legal_of(*node, world);
      if (legal.empty()) break;
      Node* next = nullptr;
      // Where the engine plays a light policy, the other seats' moves in the tree are its moves:
      // each plays what the evaluation likes best for it in the drawn position, and the search
      // chooses only the seat's own. Chosen by UCB instead, the other seats' moves were the answers
      // that did best against the seat's real hand, which no opponent sees: the longer the search,
      // the more it feared them (nv-caravan against greedy, 0.90 at 0.1 s a move, 0.74 at 1 s;
      // 0.82 at 1 s with this; docs/BOTS.md, What it took).
      if (by_policy_ && mover != seat_) {
        const ActionId a = policy(world);
        next = node->child(a);
        if (next == nullptr) {
          if (nodes_ >= budget_.max_nodes) break;  // full: play out from here
          next = add(*node, a, mover);
          expanded = true;
        }
        world.apply_action(next->action, rng_);
        path.push_back(next);
        node = next;
        continue;
      }
      // Expand: a legal action this node has not tried yet (the light policy's choice of them
      // where the engine plays one, else one at random; for huge lists, one drawn at random, while
      // the node has fewer children than its visits allow). Where the policy orders them, a node
      // below the root widens with its visits whatever its size: trying every move once before
      // choosing among them made a node's value the mean of the policy's best few moves, then of
      // all of them, in most of the nodes of a search of a few thousand playouts (nv-caravan, mcts
      // at 10,000 playouts over 40 games: 0.30 against normal and 0.80 against greedy before, 0.70
      // and 1.00 with this; docs/BOTS.md, What it took).
      const bool wide = legal.size() > kWide;
      const bool widens = wide || (by_policy_ && node != &root_);
      if (nodes_ < budget_.max_nodes &&
          (!widens || node->children.size() < widening(node->visits))) {
        if (!wide) {
          untried_.clear();
          for (ActionId a : legal)
            if (node->child(a) == nullptr) untried_.push_back(a);
          if (!untried_.empty())
            next = add(*node,
                       by_policy_ ? best_of(world, untried_, mover)
                                  : untried_[rng_.below(untried_.size())],
                       mover);
        } else {
          const ActionId a = widen(*node, world, legal, mover);
          next = node->child(a);
          if (next == nullptr) next = add(*node, a, mover);
        }
      }
      if (next != nullptr) {
        expanded = true;
      } else {
        next = select(*node, legal);
        if (next == nullptr) {  // no child is legal in this world: add one, if the tree may grow
          if (nodes_ >= budget_.max_nodes) break;  // full: play out from here
          next = add(
              *node,
              by_policy_ && !wide ? best_of(world, legal, mover) : legal[rng_.below(legal.size())],
              mover);
          expanded = true;
        }
      }
      world.apply_action(next->action, rng_);
      path.push_back(next);
      node = next;
    }
    // The light policy's plies, then random actions, until the evaluation scores the position.
    for (int ply = world.playout_policy_plies(); ply > 0 && !world.finished(); --ply)
      world.apply_action(policy(world), rng_);
    // Playout, until the engine's evaluation scores the position instead.
    const int horizon = world.playout_horizon();
    for (int depth = 0; depth < horizon && !world.finished(); ++depth)
      world.apply_action(world.playout_action(rng_), rng_);
    const std::vector<double> score = scores(world);
    for (Node* n : path) {
      ++n->visits;
      if (n->mover >= 0) n->reward += score[static_cast<std::size_t>(n->mover)];
    }
    ++stats_.playouts;
  }

  // The root's most visited action among those legal at the root.
  ActionId best(const std::vector<ActionId>& root_legal) const {
    const Node* best = nullptr;
    for (const auto& c : root_.children) {
      if (!std::binary_search(root_legal.begin(), root_legal.end(), c->action)) continue;
      if (best == nullptr || c->visits > best->visits ||
          (c->visits == best->visits && c->reward > best->reward))
        best = c.get();
    }
    return best != nullptr ? best->action : root_legal.front();
  }

  std::size_t nodes() const { return nodes_; }

 private:
  // The children a wide node may have after `visits` visits: 1 + 2 v^(1/4) (5 at 16 visits, 21 at
  // 10,000, 35 at 90,000). With the square root instead (600 children at 90,000 visits, most of
  // them drawn at random) a long search spread its visits over hundreds of moves its evaluation
  // can hardly tell apart and played the most visited of them, often an aimless one: in
  // huber-caravan at one second a move it scored 0.10 over 20 games against greedy (docs/BOTS.md).
  static std::size_t widening(std::uint32_t visits) {
    return 1 + static_cast<std::size_t>(2 * std::sqrt(std::sqrt(static_cast<double>(visits))));
  }

  // The legal actions of `world`, which the walk reached at `node`, sorted: the node's kept list
  // in a deterministic game, else listed (and kept, in a deterministic game while there is room).
  const std::vector<ActionId>& legal_of(Node& node, const core::State& world) {
    if (!node.legal.empty()) return node.legal;
    world.legal_actions(legal_);
    std::sort(legal_.begin(), legal_.end());
    if (deterministic_ && kept_ + legal_.size() <= kKeptActions) {
      node.legal = legal_;
      kept_ += legal_.size();
      return node.legal;
    }
    return legal_;
  }

  // The next action a wide node adds: its best ranked action legal here and not yet a child, or
  // one drawn at random. Ranks the node's actions in the first world that widens it.
  ActionId widen(Node& node, const core::State& world, const std::vector<ActionId>& legal,
                 int mover) {
    if (!node.was_ranked && (&node == &root_ || node.visits >= kRankAfter)) {
      node.was_ranked = true;
      std::vector<std::pair<double, ActionId>> scored;
      for (std::size_t i = 0; i < std::min(kRankSample, legal.size()); ++i) {
        const ActionId a = legal.size() <= kRankSample ? legal[i] : legal[rng_.below(legal.size())];
        scored.emplace_back(world.evaluate_after(a, mover, rng_), a);
      }
      std::sort(scored.begin(), scored.end(),
                [](const auto& x, const auto& y) { return x.first > y.first; });
      for (std::size_t i = 0; i < std::min(kRanked, scored.size()); ++i)
        node.ranked.push_back(scored[i].second);
    }
    for (ActionId a : node.ranked)
      if (node.child(a) == nullptr && std::binary_search(legal.begin(), legal.end(), a)) return a;
    return legal[rng_.below(legal.size())];
  }

  // The light playout policy: the action the evaluation likes best for the mover one move
  // ahead, among all of them or, where there are more than kRankSample, as many drawn.
  ActionId policy(const core::State& world) {
    world.legal_actions(policy_);
    if (policy_.size() > kRankSample) {
      policy_.clear();
      for (std::size_t i = 0; i < kRankSample; ++i) policy_.push_back(world.random_action(rng_));
    }
    return best_of(world, policy_, *world.current_player());
  }

  // Of `actions` (not empty), the one after which the evaluation judges `world` best for `mover`.
  ActionId best_of(const core::State& world, const std::vector<ActionId>& actions, int mover) {
    ActionId best = actions.front();
    double best_value = -1;
    for (ActionId a : actions) {
      const double value = world.evaluate_after(a, mover, rng_);
      if (value > best_value) {
        best = a;
        best_value = value;
      }
    }
    return best;
  }

  Node* add(Node& parent, ActionId action, int mover) {
    auto child = std::make_unique<Node>();
    child->action = action;
    child->mover = mover;
    child->available = 1;
    parent.children.push_back(std::move(child));
    ++nodes_;
    return parent.children.back().get();
  }

  // UCB over the children legal in this world, each counted as available.
  Node* select(Node& node, const std::vector<ActionId>& legal) {
    Node* best = nullptr;
    double best_value = 0;
    for (auto& c : node.children) {
      if (!std::binary_search(legal.begin(), legal.end(), c->action)) continue;
      ++c->available;
      if (c->visits == 0) return c.get();
      const double value = ucb(*c);
      if (best == nullptr || value > best_value) {
        best = c.get();
        best_value = value;
      }
    }
    return best;
  }

  const Budget& budget_;
  core::Rng& rng_;
  Stats& stats_;
  int seat_;  // the searching seat
  bool deterministic_;
  bool by_policy_;        // the light policy orders the seat's untried actions and plays the others
  std::size_t kept_ = 0;  // actions in the nodes' kept lists
  Node root_;
  std::size_t nodes_ = 1;
  std::vector<ActionId> legal_, untried_, policy_;
};

}  // namespace

ActionId search(const core::State& world, int seat, const Budget& budget, core::Rng& rng,
                Stats& stats) {
  if (!budget.playouts && !budget.time)
    throw std::invalid_argument("a search needs a number of playouts or a time");
  std::vector<ActionId> root_legal;
  world.legal_actions(root_legal);
  if (root_legal.empty()) throw core::MoveError("there is no legal move to play");
  std::sort(root_legal.begin(), root_legal.end());
  if (root_legal.size() == 1) return root_legal.front();

  Search tree(budget, rng, stats, seat, world.deterministic(), world.playout_policy_plies() > 0);
  const auto start = std::chrono::steady_clock::now();
  const std::uint64_t playouts = budget.playouts.value_or(UINT64_MAX);
  for (std::uint64_t i = 0; i < playouts; ++i) {
    if (budget.time && i % 16 == 0 && std::chrono::steady_clock::now() - start >= *budget.time)
      break;
    std::unique_ptr<core::State> drawn = world.resample(seat, rng);
    tree.iterate(*drawn);
  }
  stats.nodes = tree.nodes();
  return tree.best(root_legal);
}

}  // namespace bot
