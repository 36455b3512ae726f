// The referee: every operation a game master or bot asks for, as Documents in and out.
//
// Promise: it never knows a game's rules (engines do) nor how its answers are printed (output
// does). A turn is checked, applied and stored in one transaction: a rejected turn leaves only its
// submission row. A turn costs one snapshot load, whatever the length of the game's history.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "bot/bot.hpp"
#include "core/engine.hpp"
#include "core/errors.hpp"
#include "store/sqlite.hpp"
#include "turnfile/turnfile.hpp"

namespace referee {

using core::Document;

// The games a command holds in hand (referee/in_hand.hpp): each function below that takes one
// loads a game at most once for the whole command and leaves it there, as its turns left it, for
// the writers that follow. Those that take the database load what they need for themselves.
class GamesInHand;

// A game's clock as `new` is given it (see caravan-ref(1)): durations such as "72h" or "3d", the
// NMR policy ("wait", "default", "forfeit:N", "default,forfeit:3"), absences in days. No deadline:
// no clock.
struct TimingRequest {
  std::optional<std::string> deadline{}, grace{}, remind{}, nmr{};
  int absence_days = 0;
};

struct NewGame {
  std::string kind;
  // Seat order; "Ann <ann@example.org>" registers Ann with an address for play by mail.
  std::vector<std::string> players;
  std::map<std::string, std::string> options;
  std::optional<std::uint64_t> seed;  // from the OS when absent
  std::optional<Document> position;   // a `view --referee` document, or just its state
  // Player name -> Ed25519 public key (hex): that player signs turn files instead of a token.
  std::map<std::string, std::string> keys{};
  TimingRequest timing{};
  // "Name <addr>" or an address: observers who follow the game by mail without a seat.
  std::vector<std::string> observers{};
  // Player name -> bot spec (parse_bot_spec): the referee's bot plays that seat.
  std::map<std::string, std::string> bots{};
  // "[json:|discord:|slack:]URL": where the game tells its news (notify::parse_target).
  std::vector<std::string> notify{};
};

// Prints game, kind, seed_commitment, chain and players [{name, seat, role, token or key}]: the
// only time tokens are shown.
Document create_game(store::Database& db, const NewGame& request);

// A player's view, or the referee's when `player` is empty.
Document view(store::Database& db, const std::string& game,
              const std::optional<std::string>& player);
// What an observer without a seat sees: nothing that any seat does not see.
Document observer_view(store::Database& db, const std::string& game);
// A view drawn for a person: a header, the engine's board, what happened since.
std::string draw_view(const Document& view);

// The legal moves of `player` now (none when not to move) that begin with `prefix` (null: all;
// see core::has_prefix), at most `limit`, and how many there are in all.
struct MoveList {
  Document moves = Document::array();
  std::size_t total = 0;
  bool total_exact = true;  // false: at least `total` (see core::State::MovePage)
};
MoveList legal_moves(store::Database& db, const std::string& game, const std::string& player,
                     const Document& prefix = nullptr, std::size_t limit = SIZE_MAX);

// What submit made of a turn file. The game as the turn left it stays in the GamesInHand that
// submit was given, for everything written about the turn afterwards.
struct TurnOutcome {
  Document answer;  // accepted, game, turn, chain, receipt, ... or accepted: false, error
  int exit_code = 0;
  std::string game;  // empty when the file named no known game
  Document file;     // the turn file as read (turnfile::TurnRequest::document); null when unread
  std::map<std::string, Document> views;  // when asked: file stem (player, "referee") -> view
};
// Never throws for a bad turn file: the verdict is in the answer and exit_code, and the
// submission is recorded either way. Throws only when the database cannot be written.
struct SubmitOptions {
  bool views = true;  // false: the answer alone (a batch that writes no view files)
  // Checks and plays the turn exactly as submit does, then rolls it back: records nothing (no
  // submission row, no receipt) and answers with `dry_run: true` and, when accepted, the view
  // the player would then have (`view`).
  bool dry_run = false;
  // Then each turn that a seat the referee's bot holds owes in the game, each its own turn
  // (play_seated_bots): the answer gets them as `bots`, and its to_move, next_turn, finished,
  // result and deadline are the game's as they leave it. The views are made after them.
  bool seated_bots = true;
};
TurnOutcome submit(GamesInHand& games, const std::string& text, const std::string& source,
                   const SubmitOptions& options = {});
// The same for a file the caller has read already (turnfile::read(text, source)): not read again.
TurnOutcome submit(GamesInHand& games, const std::string& text, const turnfile::Read& read,
                   const SubmitOptions& options = {});
TurnOutcome submit(store::Database& db, const std::string& text, const std::string& source,
                   const SubmitOptions& options = {});
// The answer submit gives for a refused turn, for a failure before the referee sees the file
// (a file that cannot be read): {accepted: false, error: {code, kind, message, ...}}.
Document rejection(const core::UserError& error);

Document history(store::Database& db, const std::string& game,
                 const std::optional<std::string>& player);
Document observer_history(store::Database& db, const std::string& game);
// Which games `list` shows; every field narrows the list.
struct ListFilter {
  std::optional<std::string> player{};   // games this player sits in
  std::optional<std::string> to_move{};  // games where this player is to move
  bool overdue = false;                  // running games past their deadline
  std::optional<bool> finished{};        // finished (true) or running (false) games
};
// Each game with its players, whose move it is and the deadline.
Document list_games(store::Database& db, const ListFilter& filter = {});

// The clock's round (cron or a systemd timer runs it): sends the reminders that are due and
// applies each game's NMR policy to the seat that missed its deadline, one transaction per game.
// Returns {now, actions: [{game, player, action, ...}], errors?: [{game, code, message}]}: a game
// that cannot be handled is listed under errors, changed not at all, and the others still run.
// Two ticks at the same time do what one does; a concurrent submit is either before or after a
// game's tick, never inside it.
Document tick(GamesInHand& games);
Document tick(store::Database& db);

// The game master's hand: every operation is a turn of the game's record, with its reason.
struct AdminRequest {
  std::string game;
  // address, replace, extend, pause, resume, end, rollback, observe, notify
  std::string op;
  std::string reason;
  std::string player{};   // address, replace: the seat's player
  std::string address{};  // address; replace (optional); notify: the target
  std::string by{};       // replace: the substitute; extend: a duration; notify --remove: the id
  std::string key{};      // replace: the substitute's public key (optional)
  std::string bot{};      // replace: the referee's bot takes the seat (a bot spec)
  std::vector<std::string> winners{};  // end
  std::int64_t to = -1;                // rollback
  bool remove = false;                 // observe: --remove ADDRESS; notify: remove ID
};
// "Ann <ann@example.org>" as {address, name}; a bare address has no name. UserError 64 when
// there is no address in it and `required`, or the address is not one.
struct NamedAddress {
  std::string name, address;
};
NamedAddress split_address(const std::string& text, bool required);
// UserError 64 unless `address` is an addr-spec and `name` holds no control character
// (core/address.hpp): every address the referee stores passes here first.
void check_address(const std::string& address, const std::string& name = "");
Document admin(GamesInHand& games, const AdminRequest& request);
Document admin(store::Database& db, const AdminRequest& request);
// A game's notification targets and what waits for them (admin notify list): {game, targets:
// [{id, format, added}], waiting: notify::waiting}. Never a target's URL. UserError 66 for no game.
Document notify_targets(store::Database& db, const std::string& game);
// Replays each game (or one) from its record; ok: false names the first turn that disagrees.
Document audit(store::Database& db, const std::optional<std::string>& game);
Document describe_engines();

// A seat's bot as `new --bot NAME=LEVEL` and `admin replace --bot LEVEL` give it: a level, and
// for a fixed budget a number of playouts after a colon ("mcts:500"). UserError 64 otherwise.
struct BotSpec {
  bot::Level level = bot::Level::kRandom;
  bot::Budget budget{};
};
BotSpec parse_bot_spec(const std::string& text);
std::string bot_spec_text(const BotSpec& spec);

// A bot plays `player`'s turn (caravan-ref(1), bot). The turn file is submitted as any other:
// signed with the referee's key for a seat the referee's bot holds, with `token` for a person's
// seat; with neither it is only written, for the person to send.
struct BotRequest {
  std::string game;
  std::string player;
  BotSpec spec{};
  std::optional<std::uint64_t> seed{};  // default: from the game and the turn number
  std::string token{};
  // Then the turns that seats the referee's bot holds owe, as after any submitted turn.
  bool seated_bots = true;
};
struct BotPlay {
  Document turn;                          // the turn file as a document (without its signature)
  std::string text;                       // the turn file as submitted or to be sent
  Document stats;                         // level, seed, playouts, nodes
  std::optional<TurnOutcome> submission;  // absent when nothing was submitted
};
BotPlay play_bot(GamesInHand& games, const BotRequest& request);
BotPlay play_bot(store::Database& db, const BotRequest& request);
// The turns owed in `game` by the seats the referee's bot holds, played one after another until
// a person is to move, the game is over or a bot cannot move: each a turn of its own, in its own
// transaction, within its level's budget. Every command whose turn makes it a bot's move calls
// it before it answers (submit, so `mail` and `bot`; admin; new; tick), so nobody waits for
// tick; it never throws. A bot that fails (throws, or its turn is refused) leaves the game as its
// previous turn left it, and the game waits at that turn until the next tick tries again. Returns
// [{game, player, action: bot, level, turn, accepted, error?: {code, kind, message}}], nothing
// private in it; when a turn was played and `answer` is given, it gets them as `bots`, and those of
// its to_move, next_turn, finished (with result and deadline) that it has tell the game now.
Document play_seated_bots(GamesInHand& games, const std::string& game, Document* answer = nullptr);
// The same for every game where a bot is to move (tick calls it).
Document play_bots(GamesInHand& games);

// An action a seat may take now, as a live page or a chat offers it: its name in a turn file
// (`action:`) and what a button says.
struct OpenAction {
  const char* name;
  const char* label;
};
// From the seat's view: answer or withdraw a standing draw offer or make one, answer another's
// undo request or ask for one, resign. None once the game is over.
std::vector<OpenAction> actions_open_to(const core::Document& view, const std::string& player);

}  // namespace referee
