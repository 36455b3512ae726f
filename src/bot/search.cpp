// SO-ISMCTS after Cowling, Powley and Whitehouse (2012): one tree for the searching seat's
// information set, its nodes reached by actions, each determinisation walking only the children
// legal in it; a child's UCB counts the times it was available, not its parent's visits.
#include "bot/search.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <span>
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

constexpr std::uint32_t kNone = UINT32_MAX;

// A node of the tree, reached by `action`. The tree lives in one array (Search::nodes_), each node
// linking to its first child and its next sibling by index, its action lists in two shared pools:
// 48 bytes a node, where a node that held its own vectors and its children's pointers took some
// 150 with the allocator's share, so that a tree three times as large fits in the same memory.
struct Node {
  ActionId action = 0;
  double reward = 0;
  std::uint32_t visits = 0;
  std::uint32_t available = 0;
  std::uint32_t first_child = kNone;
  std::uint32_t next_sibling = kNone;
  // Deterministic games: the legal actions, sorted, once kept (Search::kept_[legal_begin, +size)).
  std::uint32_t legal_begin = 0;
  std::uint32_t legal_size = 0;
  // Wide nodes: the actions to add first, best first (Search::ranked_[ranked_begin, +size)).
  std::uint32_t ranked_begin = 0;
  std::uint16_t children = 0;
  std::uint8_t ranked_size = 0;
  std::int8_t mover = -1;  // the seat that made `action`
};
static_assert(sizeof(Node) == 48);
static_assert(kRanked <= UINT8_MAX, "Node::ranked_size counts them");

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
        by_policy_(by_policy) {
    // Room for the whole tree and every kept list from the start: reserved memory costs nothing
    // until it is written, while an array that grew by doubling would hold its old copy and its
    // new one at once at its last step, half as much again as the bound.
    nodes_.reserve(
        std::min<std::uint64_t>(budget.max_nodes, budget.playouts.value_or(budget.max_nodes) + 1));
    if (deterministic_) kept_.reserve(kKeptActions);
    nodes_.emplace_back();  // the root
  }

  void iterate(core::State& world) {
    path_.assign(1, kRoot);
    std::uint32_t node = kRoot;
    bool expanded = false;
    while (!world.finished() && !expanded) {
      const int mover = *world.current_player();
      const std::span<const ActionId> legal = legal_of(node, world);
      if (legal.empty()) break;
      std::uint32_t next = kNone;
      // Where the engine plays a light policy, the other seats' moves in the tree are its moves:
      // each plays what the evaluation likes best for it in the drawn position, and the search
      // chooses only the seat's own. Chosen by UCB instead, the other seats' moves were the answers
      // that did best against the seat's real hand, which no opponent sees: the longer the search,
      // the more it feared them (nv-caravan against greedy, 0.90 at 0.1 s a move, 0.74 at 1 s;
      // 0.82 at 1 s with this; docs/BOTS.md, What it took).
      if (by_policy_ && mover != seat_) {
        const ActionId a = policy(world);
        next = child(node, a);
        if (next == kNone) {
          if (full()) break;  // play out from here
          next = add(node, a, mover);
          expanded = true;
        }
        world.apply_action(nodes_[next].action, rng_);
        path_.push_back(next);
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
      const bool widens = wide || (by_policy_ && node != kRoot);
      if (!full() && (!widens || nodes_[node].children < widening(nodes_[node].visits))) {
        if (!wide) {
          untried_.clear();
          for (ActionId a : legal)
            if (child(node, a) == kNone) untried_.push_back(a);
          if (!untried_.empty())
            next = add(node,
                       by_policy_ ? best_of(world, untried_, mover)
                                  : untried_[rng_.below(untried_.size())],
                       mover);
        } else {
          const ActionId a = widen(node, world, legal, mover);
          next = child(node, a);
          if (next == kNone) next = add(node, a, mover);
        }
      }
      if (next != kNone) {
        expanded = true;
      } else {
        next = select(node, legal);
        if (next == kNone) {  // no child is legal in this world: add one, if the tree may grow
          if (full()) break;  // play out from here
          next = add(
              node,
              by_policy_ && !wide ? best_of(world, legal, mover) : legal[rng_.below(legal.size())],
              mover);
          expanded = true;
        }
      }
      world.apply_action(nodes_[next].action, rng_);
      path_.push_back(next);
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
    for (std::uint32_t i : path_) {
      Node& n = nodes_[i];
      ++n.visits;
      if (n.mover >= 0) n.reward += score[static_cast<std::size_t>(n.mover)];
    }
    ++stats_.playouts;
  }

  // The root's most visited action among those legal at the root.
  ActionId best(const std::vector<ActionId>& root_legal) const {
    const Node* best = nullptr;
    for (std::uint32_t i = nodes_[kRoot].first_child; i != kNone; i = nodes_[i].next_sibling) {
      const Node& c = nodes_[i];
      if (!std::binary_search(root_legal.begin(), root_legal.end(), c.action)) continue;
      if (best == nullptr || c.visits > best->visits ||
          (c.visits == best->visits && c.reward > best->reward))
        best = &c;
    }
    return best != nullptr ? best->action : root_legal.front();
  }

  std::size_t nodes() const { return nodes_.size(); }

 private:
  static constexpr std::uint32_t kRoot = 0;

  // The children a wide node may have after `visits` visits: 1 + 2 v^(1/4) (5 at 16 visits, 21 at
  // 10,000, 35 at 90,000). With the square root instead (600 children at 90,000 visits, most of
  // them drawn at random) a long search spread its visits over hundreds of moves its evaluation
  // can hardly tell apart and played the most visited of them, often an aimless one: in
  // huber-caravan at one second a move it scored 0.10 over 20 games against greedy (docs/BOTS.md).
  static std::size_t widening(std::uint32_t visits) {
    return 1 + static_cast<std::size_t>(2 * std::sqrt(std::sqrt(static_cast<double>(visits))));
  }

  bool full() const { return nodes_.size() >= budget_.max_nodes; }

  // The child of `node` reached by `action`, or kNone.
  std::uint32_t child(std::uint32_t node, ActionId action) const {
    for (std::uint32_t i = nodes_[node].first_child; i != kNone; i = nodes_[i].next_sibling)
      if (nodes_[i].action == action) return i;
    return kNone;
  }

  // The legal actions of `world`, which the walk reached at `node`, sorted: the node's kept list
  // in a deterministic game, else listed (and kept, in a deterministic game while there is room).
  std::span<const ActionId> legal_of(std::uint32_t node, const core::State& world) {
    Node& n = nodes_[node];
    if (n.legal_size > 0) return {kept_.data() + n.legal_begin, n.legal_size};
    world.legal_actions(legal_);
    std::sort(legal_.begin(), legal_.end());
    if (deterministic_ && kept_.size() + legal_.size() <= kKeptActions) {
      n.legal_begin = static_cast<std::uint32_t>(kept_.size());
      n.legal_size = static_cast<std::uint32_t>(legal_.size());
      kept_.insert(kept_.end(), legal_.begin(), legal_.end());
      return {kept_.data() + n.legal_begin, n.legal_size};
    }
    return legal_;
  }

  // The next action a wide node adds: its best ranked action legal here and not yet a child, or
  // one drawn at random. Ranks the node's actions in the first world that widens it.
  ActionId widen(std::uint32_t node, const core::State& world, std::span<const ActionId> legal,
                 int mover) {
    if (nodes_[node].ranked_size == 0 && (node == kRoot || nodes_[node].visits >= kRankAfter)) {
      std::vector<std::pair<double, ActionId>> scored;
      for (std::size_t i = 0; i < std::min(kRankSample, legal.size()); ++i) {
        const ActionId a = legal.size() <= kRankSample ? legal[i] : legal[rng_.below(legal.size())];
        scored.emplace_back(world.evaluate_after(a, mover, rng_), a);
      }
      std::sort(scored.begin(), scored.end(),
                [](const auto& x, const auto& y) { return x.first > y.first; });
      Node& n = nodes_[node];
      n.ranked_begin = static_cast<std::uint32_t>(ranked_.size());
      n.ranked_size = static_cast<std::uint8_t>(std::min(kRanked, scored.size()));
      for (std::size_t i = 0; i < n.ranked_size; ++i) ranked_.push_back(scored[i].second);
    }
    const Node& n = nodes_[node];
    for (std::size_t i = n.ranked_begin; i < n.ranked_begin + n.ranked_size; ++i) {
      const ActionId a = ranked_[i];
      if (child(node, a) == kNone && std::binary_search(legal.begin(), legal.end(), a)) return a;
    }
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
  ActionId best_of(const core::State& world, std::span<const ActionId> actions, int mover) {
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

  // A new last child of `parent` (the children keep the order they were added in, which UCB's
  // and best()'s ties follow).
  std::uint32_t add(std::uint32_t parent, ActionId action, int mover) {
    if (nodes_[parent].children == UINT16_MAX)
      throw std::length_error("a search node has more children than it can count");
    const auto index = static_cast<std::uint32_t>(nodes_.size());
    Node& n = nodes_.emplace_back();
    n.action = action;
    n.mover = static_cast<std::int8_t>(mover);
    n.available = 1;
    std::uint32_t* link = &nodes_[parent].first_child;
    while (*link != kNone) link = &nodes_[*link].next_sibling;
    *link = index;
    ++nodes_[parent].children;
    return index;
  }

  // UCB over the children legal in this world, each counted as available.
  std::uint32_t select(std::uint32_t node, std::span<const ActionId> legal) {
    std::uint32_t best = kNone;
    double best_value = 0;
    for (std::uint32_t i = nodes_[node].first_child; i != kNone; i = nodes_[i].next_sibling) {
      Node& c = nodes_[i];
      if (!std::binary_search(legal.begin(), legal.end(), c.action)) continue;
      ++c.available;
      if (c.visits == 0) return i;
      const double value = ucb(c);
      if (best == kNone || value > best_value) {
        best = i;
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
  bool by_policy_;  // the light policy orders the seat's untried actions and plays the others
  std::vector<Node> nodes_;       // the tree, the root first
  std::vector<ActionId> kept_;    // the kept legal lists of deterministic games
  std::vector<ActionId> ranked_;  // the wide nodes' ranked actions
  std::vector<std::uint32_t> path_;
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
