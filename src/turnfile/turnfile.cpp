#include "turnfile/turnfile.hpp"

#include <limits>
#include <set>
#include <sstream>

#include <fmt/format.h>
#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

#include "core/errors.hpp"

namespace turnfile {

namespace {

[[noreturn]] void reject(const std::string& source, const YAML::Mark& mark,
                         const std::string& message) {
  nlohmann::json detail = {{"file", source}};
  std::string where = source;
  if (mark.line >= 0) {
    detail["line"] = mark.line + 1;
    detail["column"] = mark.column + 1;
    where = fmt::format("{}:{}:{}", source, mark.line + 1, mark.column + 1);
  }
  throw core::UserError(core::Exit::kRejected, where + ": " + message, detail);
}

nlohmann::json scalar_value(const YAML::Node& node) {
  const std::string& text = node.Scalar();
  if (node.Tag() != "?") return text;  // quoted or explicitly tagged: a string
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

nlohmann::json convert(const YAML::Node& node, const std::string& source, int depth) {
  if (depth > kMaxDepth) reject(source, node.Mark(), "nested too deeply");
  switch (node.Type()) {
    case YAML::NodeType::Map: {
      nlohmann::json obj = nlohmann::json::object();
      for (const auto& entry : node) {
        if (!entry.first.IsScalar()) reject(source, entry.first.Mark(), "a key must be a word");
        const std::string key = entry.first.Scalar();
        if (obj.contains(key)) reject(source, entry.first.Mark(), "key '" + key + "' given twice");
        obj[key] = convert(entry.second, source, depth + 1);
      }
      return obj;
    }
    case YAML::NodeType::Sequence: {
      nlohmann::json arr = nlohmann::json::array();
      for (const auto& item : node) arr.push_back(convert(item, source, depth + 1));
      return arr;
    }
    case YAML::NodeType::Scalar:
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
        reject(source, mark_of(text, i),
               fmt::format("control character 0x{:02X}: a turn file is plain text", c));
      ++i;
      continue;
    }
    const std::size_t length = utf8_sequence(bytes, i, size);
    if (length == 0)
      reject(source, mark_of(text, i),
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
void check_limits(const YAML::Node& node, const std::string& source, int depth, std::size_t& values,
                  std::size_t max_values) {
  if (depth > kMaxDepth)
    reject(source, node.Mark(), fmt::format("nested more than {} deep", kMaxDepth));
  if (++values > max_values)
    reject(source, node.Mark(),
           fmt::format("more than {} values (each use of an alias counts again)", max_values));
  switch (node.Type()) {
    case YAML::NodeType::Map:
      for (const auto& entry : node) {
        check_limits(entry.first, source, depth + 1, values, max_values);
        check_limits(entry.second, source, depth + 1, values, max_values);
      }
      break;
    case YAML::NodeType::Sequence:
      for (const auto& item : node) check_limits(item, source, depth + 1, values, max_values);
      break;
    case YAML::NodeType::Scalar:
      if (node.Scalar().size() > kMaxString)
        reject(source, node.Mark(),
               fmt::format("a value of {} bytes; at most {} are accepted", node.Scalar().size(),
                           kMaxString));
      if (!valid_utf8(node.Scalar()))
        reject(source, node.Mark(),
               "an escape gives a value that is not UTF-8 (write \\u00A0 and the like instead)");
      break;
    default:
      break;
  }
}

// Reads the text's events before any node is built, and refuses a second document or more events
// than kMaxValues allows. yaml-cpp 0.7 never stops on some short texts (a stray "," after a
// top-level value: documents of null without end, memory growing until the process is killed);
// this pass stops them at their second document.
class EventLimit : public YAML::EventHandler {
 public:
  EventLimit(const std::string& source, std::size_t max_values)
      : source_(source), max_values_(max_values) {}
  void OnDocumentStart(const YAML::Mark& mark) override {
    if (++documents_ > 1)
      reject(source_, mark,
             "a turn file is one YAML document; a second begins here (after '---' or '...', or "
             "a ',' outside brackets)");
    count(mark);
  }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark& mark, YAML::anchor_t) override { count(mark); }
  void OnAlias(const YAML::Mark& mark, YAML::anchor_t) override { count(mark); }
  void OnScalar(const YAML::Mark& mark, const std::string&, YAML::anchor_t,
                const std::string&) override {
    count(mark);
  }
  void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t,
                       YAML::EmitterStyle::value) override {
    count(mark);
  }
  void OnSequenceEnd() override {}
  void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t,
                  YAML::EmitterStyle::value) override {
    count(mark);
  }
  void OnMapEnd() override {}

 private:
  void count(const YAML::Mark& mark) {
    if (++events_ > max_values_)
      reject(source_, mark, fmt::format("more than {} values", max_values_));
  }
  const std::string& source_;
  std::size_t max_values_;
  int documents_ = 0;
  std::size_t events_ = 0;
};

YAML::Node load(const std::string& text, const std::string& source, const Limits& limits) {
  if (text.size() > limits.max_bytes)
    throw core::UserError(core::Exit::kRejected,
                          fmt::format("{}: the file is {} bytes; at most {} are accepted", source,
                                      text.size(), limits.max_bytes),
                          {{"file", source}});
  check_text(text, source);
  YAML::Node root;
  try {
    // One document only: a second one (or anything after `...`) would otherwise be dropped
    // unseen, and a signed file could carry text its signature does not cover.
    {
      std::istringstream in(text);
      YAML::Parser parser(in);
      EventLimit limit(source, limits.max_values);
      while (parser.HandleNextDocument(limit)) {
      }
    }
    const std::vector<YAML::Node> documents = YAML::LoadAll(text);
    if (documents.size() > 1)
      reject(source, documents[1].Mark(),
             "a turn file is one YAML document; nothing may follow '---' or '...'");
    if (!documents.empty()) root = documents[0];
  } catch (const YAML::DeepRecursion& e) {
    reject(source, e.mark, fmt::format("nested more than {} deep", kMaxDepth));
  } catch (const YAML::ParserException& e) {
    reject(source, e.mark, "not valid YAML: " + e.msg);
  }
  std::size_t values = 0;
  check_limits(root, source, 0, values, limits.max_values);
  return root;
}

// Where the scalar `node` is written in `text`: from its mark to after its closing quote, or to
// where a plain scalar's text ends. None when the text there is not the scalar (an alias to it,
// a block scalar, a plain scalar over several lines): then redaction falls back to lines.
std::optional<std::pair<std::size_t, std::size_t>> scalar_span(const std::string& text,
                                                               const YAML::Node& node) {
  if (node.Mark().pos < 0) return std::nullopt;
  const auto begin = static_cast<std::size_t>(node.Mark().pos);
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
  const std::string& value = node.Scalar();
  if (text.compare(begin, value.size(), value) != 0) return std::nullopt;
  return std::make_pair(begin, begin + value.size());
}

std::string required_string(const YAML::Node& doc, const char* key, const std::string& source) {
  const YAML::Node node = doc[key];
  if (!node.IsScalar() || node.Scalar().empty())
    reject(source, node.Mark(), fmt::format("'{}' must be a non-empty word", key));
  return node.Scalar();
}

}  // namespace

nlohmann::json yaml_to_document(const std::string& text, const std::string& source,
                                const Limits& limits) {
  return convert(load(text, source, limits), source, 0);
}

TurnRequest parse(const std::string& text, const std::string& source) {
  const YAML::Node doc = load(text, source, kTurnFileLimits);
  if (!doc.IsMap())
    reject(source, doc.Mark(), "a turn file is a mapping of game, player, turn, token and moves");

  static const std::set<std::string> kKeys = {"game", "player", "turn",   "token", "moves",
                                              "end",  "chain",  "action", "until", "signature"};
  for (const auto& entry : doc) {
    const std::string key = entry.first.IsScalar() ? entry.first.Scalar() : "?";
    if (!kKeys.count(key))
      reject(source, entry.first.Mark(),
             fmt::format("unknown key '{}' (a turn file has game, player, turn, token or "
                         "signature, moves or action, end, chain)",
                         key));
  }
  for (const char* key : {"game", "player", "turn"})
    if (!doc[key]) reject(source, doc.Mark(), fmt::format("missing key '{}'", key));
  if (!doc["moves"] && !doc["action"]) reject(source, doc.Mark(), "missing key 'moves'");
  if (doc["moves"] && doc["action"])
    reject(source, doc["action"].Mark(), "a turn file has moves or an action, not both");
  if (doc["until"] && !doc["action"])
    reject(source, doc["until"].Mark(), "'until' goes with 'action: absent'");
  if (!doc["token"] && !doc["signature"])
    reject(source, doc.Mark(), "missing key 'token' (or 'signature' for a signed turn)");
  if (doc["token"] && doc["signature"])
    reject(source, doc["signature"].Mark(), "a turn file has a token or a signature, not both");

  TurnRequest request;
  request.source = source;
  request.game = required_string(doc, "game", source);
  request.player = required_string(doc, "player", source);
  if (doc["token"]) {
    request.token = required_string(doc, "token", source);
    request.token_span = scalar_span(text, doc["token"]);
  }
  if (doc["signature"]) request.signature = required_string(doc, "signature", source);
  if (doc["chain"]) request.chain = required_string(doc, "chain", source);
  request.document = convert(doc, source, 0);

  const nlohmann::json turn = convert(doc["turn"], source, 0);
  if (!turn.is_number_integer() || turn.get<std::int64_t>() < 1)
    reject(source, doc["turn"].Mark(), "'turn' must be a whole number from 1");
  request.turn = turn.get<std::int64_t>();

  if (doc["end"]) {
    const nlohmann::json end = convert(doc["end"], source, 0);
    if (!end.is_boolean()) reject(source, doc["end"].Mark(), "'end' must be true or false");
    request.end = end.get<bool>();
  }

  if (doc["action"]) {
    request.action = {{"action", required_string(doc, "action", source)}};
    static const std::set<std::string> kActions = {"resign",       "offer-draw",   "accept-draw",
                                                   "decline-draw", "request-undo", "accept-undo",
                                                   "decline-undo", "absent"};
    if (!kActions.count(request.action["action"].get<std::string>()))
      reject(source, doc["action"].Mark(),
             "'action' must be resign, offer-draw, accept-draw, decline-draw, request-undo, "
             "accept-undo, decline-undo or absent");
    const bool absent = request.action["action"] == "absent";
    if (absent != static_cast<bool>(doc["until"]))
      reject(source, doc["action"].Mark(),
             absent ? "'action: absent' needs 'until' (an ISO-8601 UTC time)"
                    : "'until' goes with 'action: absent'");
    if (absent) request.action["until"] = required_string(doc, "until", source);
    return request;
  }
  const YAML::Node moves = doc["moves"];
  // One move written without a list (`moves: a4`, `moves: {play: 3D, on: 1}`) is a list of one.
  if (moves.IsScalar() || moves.IsMap()) {
    request.moves.push_back(convert(moves, source, 1));
    request.move_positions.push_back({moves.Mark().line + 1, moves.Mark().column + 1});
    return request;
  }
  if (!moves.IsSequence() || moves.size() == 0)
    reject(source, moves.Mark(), "'moves' must be a list with at least one move");
  for (const auto& move : moves) {
    request.moves.push_back(convert(move, source, 1));
    request.move_positions.push_back({move.Mark().line + 1, move.Mark().column + 1});
  }
  return request;
}

}  // namespace turnfile
