#include "referee/game_context.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "core/clock.hpp"
#include "core/crypto.hpp"
#include "core/errors.hpp"

namespace referee {

using core::Document;

std::map<std::string, std::string> options_of(const store::GameRow& row) {
  std::map<std::string, std::string> options;
  for (const auto& [key, value] : row.options.items()) options[key] = value.get<std::string>();
  return options;
}

GameContext load_game(store::GameStore& games, const std::string& id) {
  auto row = games.find_game(id);
  if (!row)
    throw core::UserError(core::Exit::kNoInput, fmt::format("no game '{}' in this database", id));
  GameContext context;
  context.row = std::move(*row);
  restore_state(games, context);
  return context;
}

void restore_state(store::GameStore& games, GameContext& context) {
  const store::GameRow& row = context.row;
  const std::string& id = row.id;
  const core::Engine* engine = core::find_engine(row.kind);
  if (!engine)
    throw core::UserError(
        core::Exit::kInternal,
        fmt::format("game {} is of kind '{}', which this build does not know", id, row.kind));
  // The snapshot is what every turn is played on: one changed outside the referee (a card
  // swapped in the database) is refused here, never played on and signed for.
  if (state_hash(row.state, row.rng, row.host) != row.state_hash)
    throw core::UserError(core::Exit::kIoError,
                          fmt::format("game {}: the stored snapshot does not match its state hash "
                                      "(the database was changed outside caravan-ref); "
                                      "'caravan-ref audit {}' tells more",
                                      id, id));
  context.state = engine->restore(row.state, static_cast<int>(row.players.size()), options_of(row));
  context.engine = engine;
  context.rng = core::Rng::restore(row.rng);
  if (core::clock_is_set()) {  // only a clock set by hand can be behind the record
    const auto subject = fmt::format("game {}", id);
    core::warn_if_before(row.created_at, subject);
    if (const auto last = games.last_applied_at(id)) core::warn_if_before(*last, subject);
  }
}

int seat_of(const store::GameRow& row, const std::string& name) {
  for (const auto& player : row.players)
    if (player.name == name) return player.seat;
  throw core::UserError(core::Exit::kNoPermission,
                        fmt::format("no player '{}' in game {}", name, row.id));
}

std::string state_hash(const Document& state, const std::string& rng, const Document& host) {
  return state_hash_of_text(state.dump(), rng, host);
}

std::string state_hash_of_text(const std::string& state_text, const std::string& rng,
                               const Document& host) {
  return state_hash_of_texts(state_text, rng, host_text_for_hash(host));
}

std::string host_text_for_hash(const Document& host) {
  return host.is_null() || host.empty() ? std::string() : host.dump();
}

std::string state_hash_of_texts(std::string_view state_text, std::string_view rng,
                                std::string_view host_text) {
  if (host_text.empty()) return core::hash_hex({state_text, "\n", rng});
  return core::hash_hex({state_text, "\n", rng, "\n", host_text});
}

std::string snapshot_text(const std::string& state_text, const std::string& rng,
                          const Document& host) {
  // dump() writes the keys in order: host, rng, state.
  return "{\"host\":" + host.dump() + ",\"rng\":" + Document(rng).dump() +
         ",\"state\":" + state_text + "}";
}

bool kept_snapshot_has_hash(std::string_view text, const std::string& hash) {
  // dump() writes the keys in order: host, rng, state. The generator's text has no quote, and a
  // key of the host's own cannot be read as `,"rng":"` (its strings escape their quotes).
  constexpr std::string_view open = "{\"host\":", rng_key = ",\"rng\":\"",
                             state_key = "\",\"state\":";
  if (text.starts_with(open) && text.ends_with('}')) {
    const auto rng_at = text.find(rng_key);
    const auto state_at =
        rng_at == std::string_view::npos ? rng_at : text.find(state_key, rng_at + rng_key.size());
    if (state_at != std::string_view::npos) {
      const std::string_view host = text.substr(open.size(), rng_at - open.size());
      const std::string_view rng =
          text.substr(rng_at + rng_key.size(), state_at - rng_at - rng_key.size());
      const std::size_t state_from = state_at + state_key.size();
      const std::string_view state = text.substr(state_from, text.size() - 1 - state_from);
      if (state_hash_of_texts(state, rng, host == "{}" ? std::string_view() : host) == hash)
        return true;
    }
  }
  try {  // another spelling of the same snapshot, or a changed one
    const Document snapshot = Document::parse(text);
    return snapshot.is_object() && snapshot.contains("state") && snapshot.contains("rng") &&
           snapshot["rng"].is_string() &&
           state_hash(snapshot["state"], snapshot["rng"].get<std::string>(),
                      snapshot.value("host", Document::object())) == hash;
  } catch (const nlohmann::json::exception&) {
    return false;
  }
}

namespace {

// A score as the result writes it: whole numbers as whole numbers ("6", not "6.0").
Document score_document(double score) {
  if (score == static_cast<double>(static_cast<std::int64_t>(score)))
    return static_cast<std::int64_t>(score);
  return score;
}

// The referee's own result (resignation, draw, forfeit, adjudication): winners by seat, and each
// seat's share of the outcome as its score (core::ending_result).
Document declared_result(const Document& declared, const store::GameRow& row) {
  Document winners = Document::array();
  for (const auto& seat : declared.at("winners"))
    winners.push_back(row.players.at(seat.get<std::size_t>()).name);
  const bool draw = declared.at("by") == "draw";
  const core::Result shares =
      core::ending_result(*declared_ending(row), static_cast<int>(row.players.size()));
  Document scores = Document::object();
  for (const auto& player : row.players)
    scores[player.name] = score_document(shares.scores.at(static_cast<std::size_t>(player.seat)));
  Document doc = {{"by", declared.at("by")}, {"draw", draw}, {"scores", scores}};
  doc["winner"] = winners.size() == 1 ? winners[0] : Document(nullptr);
  if (winners.size() > 1) doc["winners"] = winners;
  if (declared.contains("reason")) doc["reason"] = declared["reason"];
  return doc;
}

}  // namespace

std::vector<int> active_seats(const store::GameRow& row) {
  std::vector<int> seats;
  const Document retired = row.host.value("retired", Document::array());
  for (const auto& player : row.players)
    if (std::find(retired.begin(), retired.end(), Document(player.seat)) == retired.end())
      seats.push_back(player.seat);
  return seats;
}

std::optional<core::Ending> declared_ending(const store::GameRow& row) {
  const Document& declared = core::member(row.host, "result");
  if (!declared.contains("winners")) return std::nullopt;
  core::Ending ending{declared.at("by").get<std::string>(), {}};
  for (const auto& seat : declared.at("winners")) ending.winners.push_back(seat.get<int>());
  if (ending.by == "draw" && ending.winners.empty()) {
    const std::vector<int> active = active_seats(row);
    if (active.size() < row.players.size()) ending.winners = active;
  }
  return ending;
}

const core::State& shown_state(const core::State& state, const store::GameRow& row,
                               std::unique_ptr<core::State>& concluded) {
  if (state.finished()) return state;
  const auto ending = declared_ending(row);
  if (!ending) return state;
  concluded = state.clone();
  concluded->conclude(*ending);
  return *concluded;
}

bool game_over(const core::State& state, const store::GameRow& row) {
  return state.finished() ||
         (row.host.contains("result") && row.host["result"].contains("winners"));
}

std::string player_name(const store::GameRow& row, int seat) {
  return seat < 0 ? std::string("referee") : row.players.at(static_cast<std::size_t>(seat)).name;
}

Document result_document(const core::State& state, const store::GameRow& row) {
  const Document declared = row.host.value("result", Document());
  if (!declared.is_null() && declared.contains("winners")) return declared_result(declared, row);
  if (!state.finished()) return nullptr;
  const core::Result result = state.result();
  Document scores = Document::object();
  for (const auto& player : row.players)
    if (static_cast<std::size_t>(player.seat) < result.scores.size())
      scores[player.name] = score_document(result.scores[static_cast<std::size_t>(player.seat)]);
  Document winners = Document::array();
  for (int seat : result.winners)
    winners.push_back(row.players.at(static_cast<std::size_t>(seat)).name);
  const bool draw = winners.empty() || (winners.size() == row.players.size() && winners.size() > 1);
  // An engine that ended the game when a seat left it ranks the rest: by resignation, forfeit.
  Document doc = {{"by", declared.is_null() ? Document("rules") : declared.at("by")},
                  {"draw", draw},
                  {"scores", scores}};
  doc["winner"] = winners.size() == 1 ? winners[0] : Document(nullptr);
  if (winners.size() > 1 && !draw) doc["winners"] = winners;
  return doc;
}

Document result_as_written_before_scores(const Document& result) {
  if (!result.is_object() || result.value("by", "rules") == "rules") return result;
  Document earlier = result;
  earlier["scores"] = Document::object();
  return earlier;
}

Document to_move_names(const core::State& state, const store::GameRow& row) {
  Document names = Document::array();
  if (game_over(state, row)) return names;
  if (auto seat = state.current_player())
    names.push_back(row.players.at(static_cast<std::size_t>(*seat)).name);
  return names;
}

Document event_document(core::Event event) {
  Document doc = Document::object();
  doc["audience"] = event.audience;
  doc["full"] = std::move(event.full);
  doc["redacted"] = std::move(event.redacted);
  return doc;
}

void append_event_text(std::string& out, const core::Event& event) {
  // event_document's keys in the order its mapping keeps them (sorted).
  out += "{\"audience\":";
  out += std::to_string(event.audience);
  out += ",\"full\":";
  out += event.full.dump();
  out += ",\"redacted\":";
  out += event.redacted.dump();
  out += '}';
}

Document visible(const Document& events, int viewer) {
  Document shown = Document::array();
  for (const auto& event : events) {
    const int audience = event.at("audience").get<int>();
    if (viewer == core::kReferee || audience == core::kEveryone || audience == viewer)
      shown.push_back(event.at("full"));
    else if (!event.at("redacted").is_null())
      shown.push_back(event.at("redacted"));
  }
  return shown;
}

}  // namespace referee
