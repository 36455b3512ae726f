#include "turnfile/turnfile.hpp"

#include <cctype>
#include <deque>
#include <limits>
#include <map>
#include <set>
#include <sstream>
#include <string_view>

#include <fmt/format.h>
#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

#include "core/errors.hpp"
#include "core/tally.hpp"
#include "turnfile/refusal.hpp"

namespace turnfile {

void refuse_at(const std::string& source, const YAML::Mark& mark, const std::string& why,
               bool with_column) {
  nlohmann::json detail = {{"file", source}};
  std::string where = source;
  if (mark.line >= 0) {
    detail["line"] = mark.line + 1;
    where = fmt::format("{}:{}", source, mark.line + 1);
    if (with_column) {
      detail["column"] = mark.column + 1;
      where += fmt::format(":{}", mark.column + 1);
    }
  }
  throw core::UserError(core::Exit::kRejected, where + ": " + why, detail);
}

namespace {

// A YAML document as the parser's events give it. The text is parsed once, event by event (see
// TreeBuilder below), and every check and conversion reads this tree: yaml-cpp's own nodes would
// need the text parsed a second time (YAML::LoadAll).
struct Node {
  enum class Kind { kNull, kScalar, kSequence, kMap };
  Kind kind = Kind::kNull;
  YAML::Mark mark;
  std::string tag;     // a scalar's: "?" when plain, "!" when quoted, else the tag written
  std::string scalar;  // a scalar's text
  // A sequence's items; a mapping's keys and values in turn. An alias is the node it names, so
  // one node may be reached from several places (and, through an anchor on a collection used
  // inside it, from itself: the depth limit stops that).
  std::vector<const Node*> items;

  bool is_scalar() const { return kind == Kind::kScalar; }
  bool is_sequence() const { return kind == Kind::kSequence; }
  bool is_map() const { return kind == Kind::kMap; }
  // The value of the first entry whose key is the scalar `key`; null when there is none.
  const Node* get(std::string_view key) const {
    for (std::size_t i = 0; i + 1 < items.size(); i += 2)
      if (items[i]->is_scalar() && items[i]->scalar == key) return items[i + 1];
    return nullptr;
  }
};

// The nodes of one document; they live as long as the tree (a deque: a node never moves).
struct Tree {
  std::deque<Node> nodes;
  const Node* root = nullptr;
};

nlohmann::json scalar_value(const Node& node) {
  const std::string& text = node.scalar;
  if (node.tag != "?") return text;  // quoted or explicitly tagged: a string
  if (text == "true" || text == "True" || text == "TRUE") return true;
  if (text == "false" || text == "False" || text == "FALSE") return false;
  if (text.empty() || text == "~" || text == "null" || text == "Null" || text == "NULL")
    return nullptr;
  std::size_t i = (text[0] == '-' || text[0] == '+') ? 1 : 0;
  if (i < text.size() && text.size() - i <= 18 &&
      text.find_first_not_of("0123456789", i) == std::string::npos)
    return std::stoll(text);
  return text;
}

nlohmann::json convert(const Node& node, const std::string& source, int depth) {
  if (depth > kMaxDepth) refuse_at(source, node.mark, "nested too deeply");
  switch (node.kind) {
    case Node::Kind::kMap: {
      nlohmann::json obj = nlohmann::json::object();
      for (std::size_t i = 0; i + 1 < node.items.size(); i += 2) {
        const Node& key = *node.items[i];
        if (!key.is_scalar()) refuse_at(source, key.mark, "a key must be a word");
        if (obj.contains(key.scalar))
          refuse_at(source, key.mark, "key '" + key.scalar + "' given twice");
        obj[key.scalar] = convert(*node.items[i + 1], source, depth + 1);
      }
      return obj;
    }
    case Node::Kind::kSequence: {
      nlohmann::json arr = nlohmann::json::array();
      for (const Node* item : node.items) arr.push_back(convert(*item, source, depth + 1));
      return arr;
    }
    case Node::Kind::kScalar:
      return scalar_value(node);
    default:
      return nullptr;
  }
}

// Where a byte is: 1-based line, and column in characters.
YAML::Mark mark_of(const std::string& text, std::size_t offset) {
  YAML::Mark mark;
  mark.pos = static_cast<int>(offset);
  mark.line = 0;
  mark.column = 0;
  for (std::size_t i = 0; i < offset; ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte == '\n') {
      ++mark.line;
      mark.column = 0;
    } else if ((byte & 0xC0) != 0x80) {
      ++mark.column;
    }
  }
  return mark;
}

// The length of the well-formed UTF-8 sequence (RFC 3629: no overlong forms, no surrogates,
// nothing above U+10FFFF) that starts a non-ASCII byte at bytes[i], or 0 when there is none.
std::size_t utf8_sequence(const unsigned char* bytes, std::size_t i, std::size_t size) {
  const unsigned char c = bytes[i];
  std::size_t length = 0;
  unsigned char low = 0x80, high = 0xBF;  // the range of the second byte
  if (c >= 0xC2 && c <= 0xDF) {
    length = 2;
  } else if (c >= 0xE0 && c <= 0xEF) {
    length = 3;
    if (c == 0xE0) low = 0xA0;
    if (c == 0xED) high = 0x9F;
  } else if (c >= 0xF0 && c <= 0xF4) {
    length = 4;
    if (c == 0xF0) low = 0x90;
    if (c == 0xF4) high = 0x8F;
  }
  bool ok = length != 0 && i + length <= size && bytes[i + 1] >= low && bytes[i + 1] <= high;
  for (std::size_t k = 2; ok && k < length; ++k) ok = (bytes[i + k] & 0xC0) == 0x80;
  return ok ? length : 0;
}

// Turn files are UTF-8 text: refuses the first byte that is not well-formed UTF-8 or is a
// control character YAML forbids.
void check_text(const std::string& text, const std::string& source) {
  const auto* bytes = reinterpret_cast<const unsigned char*>(text.data());
  const std::size_t size = text.size();
  for (std::size_t i = 0; i < size;) {
    const unsigned char c = bytes[i];
    if (c < 0x80) {
      if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7F)
        refuse_at(source, mark_of(text, i),
                  fmt::format("control character 0x{:02X}: a turn file is plain text", c));
      ++i;
      continue;
    }
    const std::size_t length = utf8_sequence(bytes, i, size);
    if (length == 0)
      refuse_at(source, mark_of(text, i),
                fmt::format("byte 0x{:02X} is not UTF-8: a turn file is UTF-8 text", c));
    i += length;
  }
}

// A value as YAML's escapes left it (yaml-cpp writes "\_" and "\N" as one raw byte, not as
// UTF-8): whether it is still UTF-8.
bool valid_utf8(const std::string& text) {
  const auto* bytes = reinterpret_cast<const unsigned char*>(text.data());
  for (std::size_t i = 0; i < text.size();) {
    if (bytes[i] < 0x80) {
      ++i;
      continue;
    }
    const std::size_t length = utf8_sequence(bytes, i, text.size());
    if (length == 0) return false;
    i += length;
  }
  return true;
}

// Walks the document as convert() will, each alias expanded, and refuses it before conversion
// when it nests too deeply, expands to too many values or holds a value too long.
void check_limits(const Node& node, const std::string& source, int depth, std::size_t& values,
                  std::size_t max_values) {
  if (depth > kMaxDepth)
    refuse_at(source, node.mark, fmt::format("nested more than {} deep", kMaxDepth));
  if (++values > max_values)
    refuse_at(source, node.mark,
              fmt::format("more than {} values (each use of an alias counts again)", max_values));
  switch (node.kind) {
    case Node::Kind::kMap:
    case Node::Kind::kSequence:
      for (const Node* item : node.items)
        check_limits(*item, source, depth + 1, values, max_values);
      break;
    case Node::Kind::kScalar:
      if (node.scalar.size() > kMaxString)
        refuse_at(source, node.mark,
                  fmt::format("a value of {} bytes; at most {} are accepted", node.scalar.size(),
                              kMaxString));
      if (!valid_utf8(node.scalar))
        refuse_at(source, node.mark,
                  "an escape gives a value that is not UTF-8 (write \\u00A0 and the like instead)");
      break;
    default:
      break;
  }
}

// Builds the tree from the parser's events, and refuses a second document, or more events than
// kMaxValues allows, as they come. yaml-cpp 0.7 never stops on some short texts (a stray "," after
// a top-level value: documents of null without end, memory growing until the process is killed);
// reading events stops them at their second document, which YAML::Load would never reach.
class TreeBuilder : public YAML::EventHandler {
 public:
  TreeBuilder(Tree& tree, const std::string& source, std::size_t max_values)
      : tree_(tree), source_(source), max_values_(max_values) {}

  void OnDocumentStart(const YAML::Mark& mark) override {
    if (++documents_ > 1)
      refuse_at(source_, mark,
                "a turn file is one YAML document; a second begins here (after '---' or '...', or "
                "a ',' outside brackets)");
    count(mark);
  }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    add(make(Node::Kind::kNull, mark), anchor);
  }
  void OnAlias(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    count(mark);
    const auto named = anchors_.find(anchor);
    if (named == anchors_.end()) refuse_at(source_, mark, "an alias to no anchor");
    add(named->second, YAML::NullAnchor);
  }
  void OnScalar(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                const std::string& value) override {
    Node* node = make(Node::Kind::kScalar, mark);
    node->tag = tag;
    node->scalar = value;
    add(node, anchor);
  }
  void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                       YAML::EmitterStyle::value) override {
    open(make(Node::Kind::kSequence, mark), anchor);
  }
  void OnSequenceEnd() override { open_.pop_back(); }
  void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                  YAML::EmitterStyle::value) override {
    open(make(Node::Kind::kMap, mark), anchor);
  }
  void OnMapEnd() override { open_.pop_back(); }

 private:
  void count(const YAML::Mark& mark) {
    if (++events_ > max_values_)
      refuse_at(source_, mark, fmt::format("more than {} values", max_values_));
  }
  Node* make(Node::Kind kind, const YAML::Mark& mark) {
    count(mark);
    Node& node = tree_.nodes.emplace_back();
    node.kind = kind;
    node.mark = mark;
    return &node;
  }
  // A node in its place: the root, or the next item of the collection open around it.
  void add(const Node* node, YAML::anchor_t anchor) {
    if (anchor != YAML::NullAnchor) anchors_[anchor] = node;
    if (open_.empty())
      tree_.root = node;
    else
      open_.back()->items.push_back(node);
  }
  // A collection is named by its anchor from its start, as yaml-cpp's own nodes are.
  void open(Node* node, YAML::anchor_t anchor) {
    add(node, anchor);
    open_.push_back(node);
  }

  Tree& tree_;
  const std::string& source_;
  std::size_t max_values_;
  int documents_ = 0;
  std::size_t events_ = 0;
  std::vector<Node*> open_;
  std::map<YAML::anchor_t, const Node*> anchors_;
};

// The text's one document as a tree (its root null when the text is empty), within `limits`.
Tree load(const std::string& text, const std::string& source, const Limits& limits) {
  if (text.size() > limits.max_bytes)
    throw core::UserError(core::Exit::kRejected,
                          fmt::format("{}: the file is {} bytes; at most {} are accepted", source,
                                      text.size(), limits.max_bytes),
                          {{"file", source}});
  check_text(text, source);
  Tree tree;
  try {
    // One document only: a second one (or anything after `...`) would otherwise be dropped
    // unseen, and a signed file could carry text its signature does not cover.
    std::istringstream in(text);
    YAML::Parser parser(in);
    TreeBuilder builder(tree, source, limits.max_values);
    while (parser.HandleNextDocument(builder)) {
    }
  } catch (const YAML::DeepRecursion& e) {
    refuse_at(source, e.mark, fmt::format("nested more than {} deep", kMaxDepth));
  } catch (const YAML::ParserException& e) {
    refuse_at(source, e.mark, "not valid YAML: " + e.msg);
  }
  if (!tree.root) {  // an empty text: one null, at no place, as yaml-cpp reads it
    Node& null = tree.nodes.emplace_back();
    null.mark = YAML::Mark::null_mark();
    tree.root = &null;
  }
  std::size_t values = 0;
  check_limits(*tree.root, source, 0, values, limits.max_values);
  return tree;
}

// Where the scalar `node` is written in `text`: from its mark to after its closing quote, or to
// where a plain scalar's text ends. None when the text there is not the scalar (an alias to it,
// a block scalar, a plain scalar over several lines): then redaction falls back to lines.
std::optional<std::pair<std::size_t, std::size_t>> scalar_span(const std::string& text,
                                                               const Node& node) {
  if (node.mark.pos < 0) return std::nullopt;
  const auto begin = static_cast<std::size_t>(node.mark.pos);
  if (begin >= text.size()) return std::nullopt;
  const char quote = text[begin];
  if (quote == '"' || quote == '\'') {
    for (std::size_t i = begin + 1; i < text.size(); ++i) {
      if (quote == '"' && text[i] == '\\') {
        ++i;
      } else if (text[i] == quote) {
        if (quote == '\'' && i + 1 < text.size() && text[i + 1] == '\'') {
          ++i;
          continue;
        }
        return std::make_pair(begin, i + 1);
      }
    }
    return std::nullopt;
  }
  const std::string& value = node.scalar;
  if (text.compare(begin, value.size(), value) != 0) return std::nullopt;
  return std::make_pair(begin, begin + value.size());
}

std::string required_string(const Node& doc, const char* key, const std::string& source) {
  const Node* node = doc.get(key);
  if (!node || !node->is_scalar() || node->scalar.empty())
    refuse_at(source, node ? node->mark : doc.mark,
              fmt::format("'{}' must be a non-empty word", key));
  return node->scalar;
}

}  // namespace

nlohmann::json yaml_to_document(const std::string& text, const std::string& source,
                                const Limits& limits) {
  return convert(*load(text, source, limits).root, source, 0);
}

TurnRequest parse(const std::string& text, const std::string& source) {
  core::tally(core::Step::kTurnFileRead);
  const Tree tree = load(text, source, kTurnFileLimits);
  const Node& doc = *tree.root;
  if (!doc.is_map())
    refuse_at(source, doc.mark, "a turn file is a mapping of game, player, turn, token and moves");

  static const std::set<std::string> kKeys = {"game", "player", "turn",   "token", "moves",
                                              "end",  "chain",  "action", "until", "signature"};
  for (std::size_t i = 0; i < doc.items.size(); i += 2) {
    const Node& entry = *doc.items[i];
    const std::string key = entry.is_scalar() ? entry.scalar : "?";
    std::string lowered = key;
    for (char& c : lowered) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (!kKeys.count(key) && kKeys.count(lowered))
      refuse_at(source, entry.mark,
                fmt::format("unknown key '{}': a turn file's keys are written in lower case "
                            "(write '{}')",
                            key, lowered));
    if (!kKeys.count(key))
      refuse_at(source, entry.mark,
                fmt::format("unknown key '{}' (a turn file has game, player, turn, token or "
                            "signature, moves or action, end, chain)",
                            key));
  }
  for (const char* key : {"game", "player", "turn"})
    if (!doc.get(key)) refuse_at(source, doc.mark, fmt::format("missing key '{}'", key));
  if (!doc.get("moves") && !doc.get("action")) refuse_at(source, doc.mark, "missing key 'moves'");
  if (doc.get("moves") && doc.get("action"))
    refuse_at(source, doc.get("action")->mark, "a turn file has moves or an action, not both");
  if (doc.get("until") && !doc.get("action"))
    refuse_at(source, doc.get("until")->mark, "'until' goes with 'action: absent'");
  if (!doc.get("token") && !doc.get("signature"))
    refuse_at(source, doc.mark, "missing key 'token' (or 'signature' for a signed turn)");
  if (doc.get("token") && doc.get("signature"))
    refuse_at(source, doc.get("signature")->mark,
              "a turn file has a token or a signature, not both");

  TurnRequest request;
  request.source = source;
  request.game = required_string(doc, "game", source);
  request.player = required_string(doc, "player", source);
  if (doc.get("token")) {
    request.token = required_string(doc, "token", source);
    request.token_span = scalar_span(text, *doc.get("token"));
  }
  if (doc.get("signature")) request.signature = required_string(doc, "signature", source);
  if (doc.get("chain")) request.chain = required_string(doc, "chain", source);
  request.document = convert(doc, source, 0);

  const nlohmann::json turn = convert(*doc.get("turn"), source, 0);
  if (!turn.is_number_integer() || turn.get<std::int64_t>() < 1)
    refuse_at(source, doc.get("turn")->mark, "'turn' must be a whole number from 1");
  request.turn = turn.get<std::int64_t>();

  if (doc.get("end")) {
    const nlohmann::json end = convert(*doc.get("end"), source, 0);
    if (!end.is_boolean()) refuse_at(source, doc.get("end")->mark, "'end' must be true or false");
    request.end = end.get<bool>();
  }

  if (doc.get("action")) {
    request.action = {{"action", required_string(doc, "action", source)}};
    static const std::set<std::string> kActions = {"resign",       "offer-draw",   "accept-draw",
                                                   "decline-draw", "request-undo", "accept-undo",
                                                   "decline-undo", "absent"};
    if (!kActions.count(request.action["action"].get<std::string>()))
      refuse_at(source, doc.get("action")->mark,
                "'action' must be resign, offer-draw, accept-draw, decline-draw, request-undo, "
                "accept-undo, decline-undo or absent");
    const bool absent = request.action["action"] == "absent";
    if (absent != static_cast<bool>(doc.get("until")))
      refuse_at(source, doc.get("action")->mark,
                absent ? "'action: absent' needs 'until' (an ISO-8601 UTC time)"
                       : "'until' goes with 'action: absent'");
    if (absent) request.action["until"] = required_string(doc, "until", source);
    return request;
  }
  const Node& moves = *doc.get("moves");
  // One move written without a list (`moves: a4`, `moves: {play: 3D, on: 1}`) is a list of one.
  if (moves.is_scalar() || moves.is_map()) {
    request.moves.push_back(convert(moves, source, 1));
    request.move_positions.push_back({moves.mark.line + 1, moves.mark.column + 1});
    return request;
  }
  if (!moves.is_sequence() || moves.items.empty())
    refuse_at(source, moves.mark, "'moves' must be a list with at least one move");
  for (const Node* move : moves.items) {
    request.moves.push_back(convert(*move, source, 1));
    request.move_positions.push_back({move->mark.line + 1, move->mark.column + 1});
  }
  return request;
}

Read read(const std::string& text, const std::string& source) {
  Read result;
  try {
    result.request = parse(text, source);
  } catch (const core::UserError& error) {
    result.error = error;
  }
  return result;
}

}  // namespace turnfile
