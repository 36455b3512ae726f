#include "targets.hpp"

#include <array>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/engine.hpp"
#include "core/errors.hpp"
#include "output/writer.hpp"
#include "turnfile/turnfile.hpp"

#if __has_include("mail/message.hpp")
#include "mail/message.hpp"
#define CARAVAN_FUZZ_HAVE_MAIL 1
#endif

namespace fuzz {

namespace {

using core::Document;
using Options = std::map<std::string, std::string>;

std::atomic<std::size_t> contained{0};

// The first legal moves a position's random game picks among: some games list millions.
constexpr std::size_t kPageSize = 64;

// A promise of the code under test is broken: stop here so the input is kept.
[[noreturn]] void broken(const std::string& what) {
  std::fprintf(stderr, "fuzz: broken promise: %s\n", what.c_str());
  std::abort();
}

bool strict() {
  static const bool value = [] {
    const char* text = std::getenv("CARAVAN_FUZZ_STRICT");
    return text && *text && std::string(text) != "0";
  }();
  return value;
}

// An engine (or another module's) bug that the referee contains: fatal only when strict.
void contained_error(const std::string& what) {
  ++contained;
  if (strict()) broken(what);
  if (std::getenv("CARAVAN_FUZZ_VERBOSE"))
    std::fprintf(stderr, "fuzz: contained: %s\n", what.c_str());
}

class Bytes {
 public:
  Bytes(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}
  std::uint8_t next() { return at_ < size_ ? data_[at_++] : 0; }
  std::string rest() {
    std::string text(reinterpret_cast<const char*>(data_) + at_, size_ - at_);
    at_ = size_;
    return text;
  }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t at_ = 0;
};

std::vector<std::string> lines_of(const std::string& text, std::size_t most) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size() && lines.size() < most) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

// The defaults, then each enumerated value of each option on its own (as the shared suites do).
std::vector<Options> configurations(const core::Engine& engine) {
  std::vector<Options> configs = {{}};
  for (const auto& option : engine.options()) {
    const std::string& values = option.values;
    if (values.find('|') == std::string::npos) continue;
    std::size_t start = 0;
    while (start <= values.size()) {
      const std::size_t bar = values.find('|', start);
      const std::string value = values.substr(start, bar - start);
      if (!value.empty() && value != option.fallback) configs.push_back({{option.name, value}});
      if (bar == std::string::npos) break;
      start = bar + 1;
    }
  }
  return configs;
}

struct Game {
  const core::Engine* engine = nullptr;
  int players = 0;
  Options options;
  std::uint64_t seed = 0;
};

Game pick_game(Bytes& in) {
  const auto& all = core::engines();
  if (all.empty()) broken("no engine is registered");
  Game game;
  game.engine = all[in.next() % all.size()];
  const int span = game.engine->max_players() - game.engine->min_players() + 1;
  game.players = game.engine->min_players() + in.next() % span;
  const auto configs = configurations(*game.engine);
  game.options = configs[in.next() % configs.size()];
  game.seed = in.next();
  return game;
}

std::string label(const Game& game) {
  std::string text = game.engine->id() + ", " + std::to_string(game.players) + " players";
  for (const auto& [key, value] : game.options) text += ", " + key + "=" + value;
  return text;
}

// A move or document written like a turn file's, or nullopt when the reader refuses it.
std::optional<Document> read_yaml(const std::string& text) {
  try {
    return turnfile::yaml_to_document(text, "fuzz");
  } catch (const core::UserError&) {
    return std::nullopt;
  }
}

// The positions check_state has checked in this process, each as a hash of its game (engine,
// players, options) and the dump of its referee view. That text is the whole position
// (check_state holds the state restored from it to the same text), and every check is a function
// of the position; so a position met again is not checked again. Inputs that libFuzzer makes from
// one another share their first moves, and with them most of their positions: checking each
// position once runs about twice the inputs in the same time (docs/PERFORMANCE.md). A crash's
// replay runs in a fresh process, which checks every position it meets.
//
// A table of 2^18 hashes in static storage, each at the slot its low bits name; a position whose
// slot another one takes is checked again when met again. The table never allocates: when more
// was allocated than freed during an input, libFuzzer runs the input again to look for a leak.
class CheckedPositions {
 public:
  static std::uint64_t key(const Game& game, const std::string& text) {
    const std::uint64_t hash = std::hash<std::string>()(label(game) + '\n' + text);
    return hash == 0 ? 1 : hash;  // 0 marks an empty slot
  }
  bool contains(std::uint64_t key) const { return slots_[key % kSlots] == key; }
  void add(std::uint64_t key) { slots_[key % kSlots] = key; }

 private:
  static constexpr std::size_t kSlots = std::size_t{1} << 18;
  std::array<std::uint64_t, kSlots> slots_{};
};

CheckedPositions checked;

// What the referee does with every state it stores and shows: the complete view must restore to
// an equal state, and every seat's view must print and draw. Returns the dump of the referee's
// view (the text the referee hashes), which the next move's refusal check compares with. A position
// already checked (see CheckedPositions) is only written.
std::string check_state(const Game& game, const core::State& state, const std::string& when) {
  std::string text;
  try {
    // The text the state hash is taken of, which the state restored from the view writes again.
    const Document full = state.view(core::kReferee);
    text = full.dump();
    const std::uint64_t key = CheckedPositions::key(game, text);
    if (checked.contains(key)) return text;
    const std::string& full_text = text;
    const auto again = game.engine->restore(full, game.players, game.options);
    if (again->view(core::kReferee).dump() != full_text) {
      contained_error(label(game) + ": " + when + ": restore(view) differs");
      return text;
    }
    // A drawing and a dump are functions of their view: a seat's view identical to one already
    // drawn (every seat's, in a game that hides nothing) is not drawn again.
    (void)game.engine->draw(full);
    std::vector<Document> drawn;
    for (int seat = 0; seat < game.players; ++seat) {
      Document view = state.view(seat);
      if (core::identical(view, full)) continue;
      bool seen = false;
      for (const Document& other : drawn) seen = seen || core::identical(view, other);
      if (seen) continue;
      (void)view.dump();
      (void)game.engine->draw(view);
      drawn.push_back(std::move(view));
    }
    if (state.finished()) {
      const core::Result result = state.result();
      if (result.scores.size() != static_cast<std::size_t>(game.players))
        contained_error(label(game) + ": " + when + ": a result without a score per seat");
      for (int seat : result.winners)
        if (seat < 0 || seat >= game.players)
          contained_error(label(game) + ": " + when + ": a winner who is not a seat");
    }
    checked.add(key);
  } catch (const std::exception& e) {
    contained_error(label(game) + ": " + when + ": " + e.what());
    if (text.empty()) text = state.view(core::kReferee).dump();  // thrown on, as try_move did
  }
  return text;
}

// Applies `move` for `seat`; a refusal must leave the state as it was: `text`, the
// dump of its referee view (the cheaper to compare), made again only when a
// refusal changed it.
bool try_move(const Game& game, core::State& state, int seat, const Document& move, core::Rng& rng,
              const std::string& when, std::string& text) {
  try {
    state.apply(seat, move, rng);
    return true;
  } catch (const core::MoveError&) {
    std::string now = state.view(core::kReferee).dump();
    if (now != text) {
      contained_error(label(game) + ": " + when + ": a refused move changed the state");
      text = std::move(now);
    }
  } catch (const std::exception& e) {
    contained_error(label(game) + ": " + when + ": apply threw " + e.what());
    try {  // what the state is now, whatever the throw left
      text = state.view(core::kReferee).dump();
    } catch (const std::exception&) {
      text.clear();
    }
  }
  return false;
}

// A page of legal moves for `prefix`: at most the limit, each on the prefix. (Not compared with
// legal_moves(), which may be huge: games with long lists generate only the page.)
void check_page(const Game& game, const core::State& state, const Document& prefix) {
  try {
    const auto page = state.legal_moves_page(prefix, 5);
    if (page.total < page.moves.size() || page.moves.size() > 5)
      return contained_error(label(game) + ": legal_moves_page gives a page of the wrong size");
    for (const auto& move : page.moves)
      if (!core::has_prefix(move, prefix))
        return contained_error(label(game) + ": legal_moves_page gives a move off the prefix");
  } catch (const std::exception& e) {
    contained_error(label(game) + ": legal moves: " + e.what());
  }
}

// Plays the input's lines as moves (see targets.hpp); returns nothing, checks as it goes. `text`
// is the dump of the state's referee view as it stands (check_state's answer), kept from move to
// move.
void play_lines(const Game& game, core::State& state, core::Rng& rng, const std::string& input,
                std::string text) {
  for (const std::string& line : lines_of(input, 256)) {
    if (state.finished()) return;
    const auto seat = state.current_player();
    if (!seat) return contained_error(label(game) + ": not finished, but nobody to move");
    if (!line.empty() && line[0] == '#') {
      // A legal move drawn on the fast path with N as the chooser's seed (random_action, which
      // draws without listing millions of moves), then played as its document: the two paths
      // must agree.
      core::Rng chooser(std::strtoull(line.c_str() + 1, nullptr, 10));
      Document move;
      try {
        move = state.move_of(state.random_action(chooser));
      } catch (const std::exception& e) {
        return contained_error(label(game) + ": no legal move drawn: " + e.what());
      }
      if (!try_move(game, state, *seat, move, rng, "legal move " + move.dump(), text))
        return contained_error(label(game) + ": a drawn legal move was refused: " + move.dump());
      text = check_state(game, state, "after " + move.dump());
    } else if (!line.empty() && line[0] == '!') {
      if (game.players < 2) continue;
      const auto move = read_yaml(line.substr(1));
      if (!move) continue;
      const int other = (*seat + 1) % game.players;
      if (try_move(game, state, other, *move, rng, "out of turn", text))
        return contained_error(label(game) +
                               ": accepted a move from a seat not to move: " + move->dump());
    } else if (!line.empty() && line[0] == '?') {
      const auto prefix = read_yaml(line.substr(1));
      if (prefix) check_page(game, state, *prefix);
    } else {
      const auto move = read_yaml(line);
      if (!move) continue;
      if (try_move(game, state, *seat, *move, rng, "move " + move->dump(), text))
        text = check_state(game, state, "after " + move->dump());
    }
  }
}

// Every node of a document, as JSON pointers in depth-first order.
void collect_paths(const Document& doc, const nlohmann::json::json_pointer& at,
                   std::vector<nlohmann::json::json_pointer>& paths) {
  paths.push_back(at);
  if (doc.is_object())
    for (const auto& [key, value] : doc.items()) collect_paths(value, at / key, paths);
  else if (doc.is_array())
    for (std::size_t i = 0; i < doc.size(); ++i) collect_paths(doc[i], at / i, paths);
}

// An edit "N VALUE": node N (mod the count) becomes VALUE (YAML), or is removed when VALUE is
// empty.
void edit(Document& doc, const std::string& line) {
  std::vector<nlohmann::json::json_pointer> paths;
  collect_paths(doc, nlohmann::json::json_pointer(), paths);
  const std::size_t space = line.find(' ');
  const std::size_t index = std::strtoul(line.c_str(), nullptr, 10) % paths.size();
  const auto& path = paths[index];
  const std::string value = space == std::string::npos ? "" : line.substr(space + 1);
  if (value.empty()) {
    if (path.empty()) return;
    Document& parent = doc[path.parent_pointer()];
    if (parent.is_object())
      parent.erase(path.back());
    else if (parent.is_array())
      parent.erase(std::stoul(path.back()));
    return;
  }
  if (const auto replacement = read_yaml(value)) doc[path] = *replacement;
}

}  // namespace

void turnfile_target(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const turnfile::TurnRequest request = turnfile::parse(text, "fuzz.yaml");
    if (request.game.empty() || request.player.empty() || request.turn < 1)
      broken("parse accepted a file without game, player or turn");
    if (request.moves.empty() || request.moves.size() != request.move_positions.size())
      broken("parse gave moves without a position each");
    // What the referee prints and stores must print: YAML and JSON, so valid UTF-8.
    (void)output::write(request.document, output::Format::kYaml);
    (void)output::write(request.moves, output::Format::kJson);
    (void)output::to_line(request.moves);
  } catch (const core::UserError& e) {
    if (e.code() != core::Exit::kRejected) broken("a turn file refused with a code other than 65");
    const Document error = {{"message", e.what()}, {"detail", e.detail()}};
    try {
      (void)output::write(error, output::Format::kYaml);
      (void)error.dump();
    } catch (const std::exception& inner) {
      broken(std::string("the refusal cannot be printed: ") + inner.what());
    }
  } catch (const std::exception& e) {
    broken(std::string("parse threw something other than a refusal: ") + e.what());
  }
  try {
    const Document doc = turnfile::yaml_to_document(text, "fuzz.yaml");
    (void)output::write(doc, output::Format::kYaml);
    (void)output::write(doc, output::Format::kJson);
    (void)output::write(doc, output::Format::kText);
  } catch (const core::UserError& e) {
    if (e.code() != core::Exit::kRejected) broken("a document refused with a code other than 65");
  } catch (const std::exception& e) {
    broken(std::string("yaml_to_document threw something other than a refusal: ") + e.what());
  }
}

void moves_target(const std::uint8_t* data, std::size_t size) {
  Bytes in(data, size);
  const Game game = pick_game(in);
  core::Rng rng(game.seed);
  std::unique_ptr<core::State> state;
  try {
    state = game.engine->start(game.players, game.options, rng).state;
  } catch (const core::SetupError&) {
    return;  // an option that does not go with this player count
  } catch (const std::exception& e) {
    return contained_error(label(game) + ": start threw " + e.what());
  }
  std::string text = check_state(game, *state, "at the start");
  play_lines(game, *state, rng, in.rest(), std::move(text));
}

void position_target(const std::uint8_t* data, std::size_t size) {
  Bytes in(data, size);
  const Game game = pick_game(in);
  const std::uint8_t mode = in.next();
  core::Rng rng(game.seed);
  Document doc;
  if (mode & 1) {  // a whole document, as `new --position FILE` reads it
    const auto read = read_yaml(in.rest());
    if (!read) return;
    doc = *read;
    if (doc.is_object() && doc.contains("state")) doc = doc["state"];
  } else {  // a real position of this game, a few random moves in, then edited
    std::unique_ptr<core::State> real;
    try {
      real = game.engine->start(game.players, game.options, rng).state;
      for (int i = 0; i < (mode >> 1) && !real->finished() && real->current_player(); ++i) {
        auto legal = real->legal_moves_page(nullptr, kPageSize).moves;
        if (legal.empty()) break;
        real->apply(*real->current_player(), legal[rng.below(legal.size())], rng);
      }
    } catch (const core::SetupError&) {
      return;
    } catch (const std::exception& e) {
      return contained_error(label(game) + ": a random game failed: " + e.what());
    }
    doc = real->view(core::kReferee);
    for (const std::string& line : lines_of(in.rest(), 16)) edit(doc, line);
  }

  std::unique_ptr<core::State> state;
  try {
    state = game.engine->restore(doc, game.players, game.options);
  } catch (const core::SetupError&) {
    return;  // refused with a reason: what restore promises
  } catch (const std::exception& e) {
    return contained_error(label(game) + ": restore threw " + e.what());
  }
  std::string text = check_state(game, *state, "a restored position");
  if (state->finished()) return;
  play_lines(game, *state, rng, "#0\n#1\n#2\n", std::move(text));
}

void mail_target(const std::uint8_t* data, std::size_t size) {
#ifdef CARAVAN_FUZZ_HAVE_MAIL
  const std::string raw(reinterpret_cast<const char*>(data), size);
  mail::Incoming incoming;
  try {
    incoming = mail::read_message(raw);
  } catch (const std::exception& e) {
    broken(std::string("read_message threw: ") + e.what());
  } catch (...) {
    broken("read_message threw");
  }
  if (incoming.size != size) contained_error("mail: the message size is not its byte count");
  try {  // the filter records and answers with these
    Document summary = {{"message_id", incoming.message_id}, {"subject", incoming.subject}};
    if (incoming.from) summary["from"] = incoming.from->address;
    (void)summary.dump();
  } catch (const std::exception& e) {
    contained_error(std::string("mail: a header cannot be recorded: ") + e.what());
  }
  if (!incoming.turn) return;
  const std::string& text = incoming.turn->text;
  try {
    const auto request = turnfile::parse(text, incoming.turn->origin);
    (void)output::write(request.document, output::Format::kYaml);
  } catch (const core::UserError&) {
  } catch (const std::exception& e) {
    broken(std::string("the turn found in a message broke the reader: ") + e.what());
  }
#else
  (void)data;
  (void)size;
#endif
}

const std::vector<Target>& targets() {
  static const std::vector<Target> all = {
      {"turnfile", turnfile_target},
      {"moves", moves_target},
      {"position", position_target},
#ifdef CARAVAN_FUZZ_HAVE_MAIL
      {"mail", mail_target},
#endif
  };
  return all;
}

std::size_t contained_engine_errors() { return contained.load(); }

}  // namespace fuzz
