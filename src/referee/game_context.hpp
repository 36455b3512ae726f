// What every referee operation needs about one game: its row, its engine, its state restored from
// the snapshot and its generator. Internal to the referee module.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/engine.hpp"
#include "store/game_store.hpp"

namespace referee {

struct GameContext {
  store::GameRow row;
  const core::Engine* engine = nullptr;
  std::unique_ptr<core::State> state;
  core::Rng rng;
  // The last turn record_turn stored from this context (without its snapshot): a picture of the
  // game as the turn left it marks it without reading it back (referee/in_hand.hpp).
  std::optional<store::TurnRow> last_turn{};
  // The turns record_turn stored from this context that no news has told yet (without their
  // snapshots): the change's transaction tells them to the game's notification targets
  // (referee/news.hpp), which empties this.
  std::vector<store::TurnRow> untold{};
};

std::map<std::string, std::string> options_of(const store::GameRow& row);
// Throws UserError 66 when there is no such game, 74 when its snapshot does not match its hash.
GameContext load_game(store::GameStore& games, const std::string& id);
// The engine, state and generator of context.row, as load_game gives them from the row it reads
// (UserError 74 when the snapshot does not match its hash).
void restore_state(store::GameStore& games, GameContext& context);
// A player's view (the referee's when `player` is empty, an observer's, who has no seat, when
// `observer`) of a game already in memory: what referee::view gives, without loading the
// snapshot again.
core::Document view_of(store::GameStore& games, const GameContext& context,
                       const std::optional<std::string>& player, bool observer = false);
// A game's history as `player` (the referee when nullopt, an observer when `observer`) may see
// it: what referee::history gives, from a row already read.
core::Document history_of(store::GameStore& games, const store::GameRow& row,
                          const std::optional<std::string>& player, bool observer);
// The seat of `name`, or UserError 77.
int seat_of(const store::GameRow& row, const std::string& name);
// The hash that the record keeps after every turn: the complete state, the generator and, once
// it holds anything, the table's state (store::GameRow::host; see referee/actions.hpp).
std::string state_hash(const core::Document& state, const std::string& rng,
                       const core::Document& host = core::Document::object());
// The same from the state's text: the dump() of State::view(kReferee).
std::string state_hash_of_text(const std::string& state_text, const std::string& rng,
                               const core::Document& host = core::Document::object());
// The table's state as the state hash takes it: its text, or nothing while it holds nothing (a
// game that never used an action hashes as games always did, so older records still verify).
std::string host_text_for_hash(const core::Document& host);
// The state hash from texts: the state's, the generator's and host_text_for_hash(host).
std::string state_hash_of_texts(std::string_view state_text, std::string_view rng,
                                std::string_view host_text);

// The state kept for undo and rollback, {"host":...,"rng":"...","state":...}, as dump() writes
// that document, from the state's text.
std::string snapshot_text(const std::string& state_text, const std::string& rng,
                          const core::Document& host);
// Whether a state kept for undo and rollback, as stored ({"host":...,"rng":"...","state":...}),
// has `hash`: read from its text as the referee writes it (no document made), else as a document.
bool kept_snapshot_has_hash(std::string_view text, const std::string& hash);

// The seats still in the game (none of them has resigned or forfeited).
std::vector<int> active_seats(const store::GameRow& row);
// Over by the rules, or by the referee (resignation, draw, forfeit, adjudication).
bool game_over(const core::State& state, const store::GameRow& row);
// How the referee ended the game (a result it declared), or nullopt: running, or over by the
// rules. An agreed draw after a seat has left is shared by the seats that remain.
std::optional<core::Ending> declared_ending(const store::GameRow& row);
// The state as every output shows it: `state` itself, or, when the referee ended the game, a copy
// that the engine has concluded (core::State::conclude). The kept state is never concluded.
const core::State& shown_state(const core::State& state, const store::GameRow& row,
                               std::unique_ptr<core::State>& concluded);
// {by, draw, winner, winners?, scores}, null while the game runs. `by` says how it ended.
core::Document result_document(const core::State& state, const store::GameRow& row);
// `result` as releases before scores were given to declared results wrote it (a result the
// referee declared had "scores": {}): a record or database made then still verifies and audits.
core::Document result_as_written_before_scores(const core::Document& result);
core::Document to_move_names(const core::State& state, const store::GameRow& row);
// A seat's name, or "referee" for the game master's own turns (seat -1).
std::string player_name(const store::GameRow& row, int seat);
// Events as `viewer` (a seat, or core::kReferee) may see them.
core::Document visible(const core::Document& events, int viewer);
core::Document event_document(core::Event event);
// Appends event_document(event).dump() to `out`, without making the document.
void append_event_text(std::string& out, const core::Event& event);

}  // namespace referee
