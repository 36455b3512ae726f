// The one interface every rule engine implements (after OpenSpiel's Game/State).
//
// An Engine is immutable: it describes a game (id, seats, options) and makes States. A State is a
// position that moves are applied to. Engines speak only in Documents (JSON-shaped data): they
// never see SQLite, YAML files or the command line. The referee core never knows a game's rules.
//
// Randomness: a State never owns a generator. Every call that may need chance receives the game's
// Rng; the core stores the Rng's state beside the snapshot, so set-up from (options, seed) and
// replay of the record give the same game on every machine.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/rng.hpp"

namespace core {

namespace svg {
class Drawing;
}

using Document = nlohmann::json;

// Who may see an event or a piece of state. kEveryone, or a seat number (0-based). As a viewer,
// kEveryone is an observer without a seat: it sees only what every player sees.
constexpr int kEveryone = -1;
// The referee (game master) sees everything; passed as the viewer for a full view.
constexpr int kReferee = -2;

// Something that happened, as each viewer may see it. `full` goes to `audience` (and the
// referee); everyone else gets `redacted`, or nothing when `redacted` is null.
struct Event {
  int audience = kEveryone;
  Document full;
  Document redacted;  // null: the others learn nothing
};

// A move's one event, which everyone sees. (Moved into the list: a braced list copies what it
// holds, here the whole document.)
inline std::vector<Event> public_event(Document full) {
  std::vector<Event> events;
  events.push_back({kEveryone, std::move(full), nullptr});
  return events;
}

// A move the engine refused, or a move document it could not read. The message says why, in
// words a player understands ("c4 is not the leading piece of column c; c5 is").
class MoveError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Bad options, player count or position at set-up.
class SetupError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct OptionInfo {
  std::string name;
  std::string values;  // e.g. "true|false", "0|1|2", "1..10"
  std::string fallback;
  std::string help;
};

struct Result {
  // The seats sharing first place after every tie-break: one seat is a win; none, or every
  // seat of a game of several players, is a draw.
  std::vector<int> winners;
  std::vector<double> scores;  // one per seat
};

// How a game ended outside its rules (State::conclude): a resignation, an agreed draw, a forfeit,
// the game master's ruling.
struct Ending {
  std::string by;            // "resignation", "draw", "forfeit", "adjudication"
  std::vector<int> winners;  // seats; none: a draw
};
// Such an ending as a result: its winners, and each seat's share of the outcome as its score (1 for
// a sole winner, 1/k for a place shared by k seats, 1/n each in a draw, 0 for a loss), since the
// rules never scored the game.
Result ending_result(const Ending& ending, int players);
// The ending as a view writes it under "ended": {"by": ..., "winners": [seat names]}.
Document ending_document(const Ending& ending, const std::vector<std::string>& seat_names);
// How a game ended outside its rules, in words to follow a verb ("won by forfeit", "ended by
// agreement"): the one wording of every ending, for engines' boards and the referee's lines alike.
std::string ending_how(const std::string& by);
// How the game of `view` ended outside its rules, in words for a board ("ended by resignation"),
// or "" when it did not.
std::string ending_words(const Document& view);
std::string ending_words(const Ending& ending);

// A legal move packed into a number by its engine (State's fast path, below).
using ActionId = std::uint64_t;

class State {
 public:
  virtual ~State() = default;

  virtual int num_players() const = 0;
  // The seat to move, or nullopt when the game is finished.
  virtual std::optional<int> current_player() const = 0;
  virtual bool finished() const = 0;
  // Only meaningful when finished().
  virtual Result result() const = 0;

  // Every legal move for the current player, each in canonical notation. Each item, as it is,
  // is accepted by apply().
  virtual std::vector<Document> legal_moves() const = 0;
  // A page of the legal moves: those that begin with `prefix` (see has_prefix; null: every
  // move), at most `limit` of them, with the count of all that match. Games whose move lists are
  // huge override it to generate only the page.
  struct MovePage {
    std::vector<Document> moves;
    std::size_t total = 0;
    // false: the engine stopped counting at a bound of its own, and there are at least `total`
    // (a game whose moves can number in the millions says so rather than count them all).
    bool total_exact = true;
  };
  virtual MovePage legal_moves_page(const Document& prefix, std::size_t limit) const;
  // Checks the move (the player must be the one to move) and applies it. Throws MoveError and
  // leaves the state unchanged when the move is malformed or illegal. Returns the events.
  virtual std::vector<Event> apply(int player, const Document& move, Rng& rng) = 0;
  // ---- Moves as numbers: the fast path for random play, bots and replays ----
  //
  // An ActionId is a legal move packed into a number by the engine that listed it; it means
  // something only to the state that listed it (and to states equal to it). No document is made
  // and no event is reported: the documents above stay the boundary (the CLI, turn files, the
  // record), these are for code that plays many moves. By default an action is the index of the
  // move in legal_moves() (or 0 for the forced move), so every engine has the fast path and an
  // engine makes it fast by overriding all five together. The shared engine suite checks that
  // both paths agree move for move: the same moves, the same states, the same generator.
  // Every move the player to move may make, as actions, into `out` (cleared first): the forced
  // move alone when there is one. Empty when the game is finished.
  virtual void legal_actions(std::vector<ActionId>& out) const;
  // One of legal_actions(), drawn uniformly with `chooser` (not the game's generator). Engines
  // with huge move lists override it to draw without listing them all.
  virtual ActionId random_action(Rng& chooser) const;
  // An action for a search bot's playout: any legal action, drawn with `chooser` as cheaply as
  // the engine can, not necessarily uniformly (an engine whose lists are costly walks to one
  // action without listing the others). By default random_action().
  virtual ActionId playout_action(Rng& chooser) const { return random_action(chooser); }
  // Applies a legal action (one that legal_actions() listed for this state) for the player to
  // move. An action that is not legal here is a programming error: engines may only assert it.
  virtual void apply_action(ActionId action, Rng& rng);
  // The move document of a legal action, as legal_moves() lists it.
  virtual Document move_of(ActionId action) const;
  // The action of a legal move document, or nullopt when `move` is not legal here.
  virtual std::optional<ActionId> action_of(const Document& move) const;

  // A move the referee makes for the current player without a turn file (a forced pass),
  // or nullopt when the player must choose.
  virtual std::optional<Document> forced_move() const = 0;

  // A move that ends the current player's turn before its moves run out, for games whose turn
  // is several moves (a turn file that does not say `end: false` is closed with it). nullopt in
  // games where a turn ends by itself.
  virtual std::optional<Document> end_turn_move() const { return std::nullopt; }

  // The move a player who did not answer would least regret (a clock's `default` policy plays
  // it for them). Only asked of the seat to move; each engine says in its man page what it
  // picks, and the shared engine suite checks that apply() accepts it. By default: the first
  // legal move.
  virtual Document default_move() const;

  // `seat` leaves the game (resignation, forfeit) while at least two other seats play on. The
  // engine either goes on without it (current_player() never names it again) or ends the game,
  // ranking the seats that remain (result() then never lists `seat` among the winners). Returns
  // what happened, as events. A two-seat game never asks: the referee ends it. By default the
  // engine cannot (MoveError): games of more than two seats override it.
  virtual std::vector<Event> retire(int seat, Rng& rng);

  // The game ends here, for a reason outside the rules (Ending). From then on finished() is true,
  // nobody is to move, there is no legal move, result() is ending_result(ending), and every view
  // says so: finished (where the view has that field), nobody to move, and "ended"
  // (ending_document); draw() and picture() show how it ended. Such a view is no position to
  // play on: the referee refuses it as a start, so restore() never sees "ended". The
  // referee ends only the copies it shows (views, moves, pictures, mail), never the state it
  // keeps and hashes, so that every record made before replays as it did.
  virtual void conclude(const Ending& ending) = 0;

  // What `viewer` may know (a seat, or kReferee for everything). For kReferee this is the
  // complete state: restore(view(kReferee)) gives an equal State, and its dump() is the one text
  // of the state that the referee hashes and stores.
  virtual Document view(int viewer) const = 0;
  virtual std::unique_ptr<State> clone() const = 0;

  // A state `viewer` cannot tell from this one: everything hidden from them (other hands, deck
  // and bag orders) redrawn with `rng`, consistently with all they have seen. The leak test
  // checks view(viewer) and legal moves stay the same. Games without hidden information clone.
  virtual std::unique_ptr<State> resample(int viewer, Rng& rng) const {
    (void)viewer;
    (void)rng;
    return clone();
  }

  // How good this position looks for `seat`, as a chance of winning in [0, 1]: the engine's own
  // one-ply judgement, which the greedy bot maximises and the search bot uses where it stops a
  // playout early (src/bot). Each engine says in its man page (BOTS) what it counts. Judged only
  // from what `seat` may know (view(seat)). A finished game scores 1 for a sole win, 1/k for a
  // place shared by k seats, 0 otherwise (outcome(), below); by default an unfinished game scores
  // 1/num_players().
  virtual double evaluate(int seat) const;

  // evaluate(seat) of the position after `action` (legal here), which the bots weigh for every
  // action they judge one move ahead. By default a clone's; an engine may make the move on a
  // copy that costs less (nv-caravan: on the stack).
  virtual double evaluate_after(ActionId action, int seat, Rng& rng) const;

  // How many random actions a search bot's playout plays before evaluate() judges the position
  // (the bot stops sooner at the end of the game). Long where random play still tells who wins;
  // short where it undoes the plans that evaluate() sees (huber-caravan's chains of camels).
  virtual int playout_horizon() const { return 60; }

  // How many plies a search bot's playout plays first with a light policy, before the random
  // actions of playout_horizon(): each mover plays the action after which evaluate() judges the
  // position best for it (a drawn sample where the actions are many). Where the evaluation sees
  // one move ahead but not the answer to it (nv-caravan), one such ply lets the search see the
  // answer. Where it is not 0, the search's tree also plays the other seats' moves by the policy,
  // and its nodes take the seat's own untried actions in the policy's order, the best first,
  // instead of at random. By default none.
  virtual int playout_policy_plies() const { return 0; }

  // Whether the same actions from this position reach the same positions in every position that
  // resample() could draw: nothing hidden, nothing left to chance (caravanserai after its
  // set-up). A search bot then lists the legal actions of a position it reaches once, not in
  // every playout. By default not.
  virtual bool deterministic() const { return false; }
};

// What a finished game gives `seat`: 1 for a sole win, 1/k for a first place shared by k seats,
// 0 for a loss; a draw that names no winner gives every seat 1/n, as an even share.
double outcome(const Result& result, int seat);

// A new game and what happened while setting it up (deals, revealed hands), as events.
struct Setup {
  std::unique_ptr<State> state;
  std::vector<Event> events;
};

class Engine {
 public:
  virtual ~Engine() = default;

  virtual std::string id() const = 0;
  virtual std::string title() const = 0;
  virtual int min_players() const = 0;
  virtual int max_players() const = 0;
  virtual std::vector<OptionInfo> options() const = 0;
  // A seat's name in this game ("South", "East"); may be plain "Player 1".
  virtual std::string seat_name(int seat) const = 0;
  // True when some state is hidden from some player (the leak tests run on these engines).
  virtual bool hidden_information() const = 0;
  // How a move is written in this game, for people (the invitation, legal moves in mail and
  // html): one sentence, two moves from its man page (a test checks the page still shows them),
  // and the keys of a move in the order the page writes them (none where moves are words).
  struct Notation {
    std::string how;
    std::array<std::string, 2> examples;  // each a YAML list item's text ("c3", "{discard: 4C}")
    std::vector<std::string> key_order;
  };
  virtual const Notation& notation() const = 0;

  // A new game. Options are validated here (unknown key, bad value: SetupError).
  virtual Setup start(int players, const std::map<std::string, std::string>& opts,
                      Rng& rng) const = 0;
  // A state from a complete document (what view(kReferee) gives). Checks it is consistent and
  // throws SetupError with the reason otherwise.
  virtual std::unique_ptr<State> restore(const Document& state, int players,
                                         const std::map<std::string, std::string>& opts) const = 0;

  // A complete state that `seat` cannot tell from any game whose view(seat) is `view`: what the
  // view hides (other hands, deck and bag orders) drawn with `rng`, consistently with everything
  // it shows. This is how a bot sees a game: from its own view only, never the referee's state.
  // The shared engine suite checks that view(seat) of the result is `view` again. By default
  // restore(view): right for the games that hide nothing.
  virtual std::unique_ptr<State> from_view(const Document& view, int seat, int players,
                                           const std::map<std::string, std::string>& opts,
                                           Rng& rng) const;

  // A view (what State::view gives, for any viewer) drawn for a person: a board, not a dump.
  virtual std::string draw(const Document& view) const = 0;

  // The same view as a picture (each engine's svg.cpp, with core/svg.hpp): one <svg> element
  // with the names a turn file uses on it (squares, caravan numbers, cells, card codes). `last` is
  // the latest turn as `viewer` (a seat, or kReferee) may see it ({player, moves, events}), or
  // null; what it changed is marked. `holding` is the viewer's own hand, reserve or supply in
  // words, for the page beside the picture (empty when the viewer holds nothing). Drawn from the
  // view alone, so what the viewer may not know cannot appear. By default: draw()'s text.
  struct Picture {
    std::string svg;  // an <svg> element of width x height user units
    double width = 0;
    double height = 0;
    std::string holding;
    // The places a move can name (a square by its coordinate), each where it is drawn, in the
    // picture's user units: a live page makes those a move's next part names into links. None by
    // default.
    struct Spot {
      std::string name;
      double x = 0, y = 0, width = 0, height = 0;
    };
    std::vector<Spot> spots{};
    static Picture of(const svg::Drawing& drawing, std::string holding = {});
  };
  virtual Picture picture(const Document& view, const Document& last, int viewer) const;

  // A legal move as a person says it, for a button or a list of moves: one short phrase in the
  // game's own words that begins with a capital ("Play J♥ on caravan 2, card 3", "Move to c4",
  // "Pass"). Read from the move alone (a move the engine gave as legal). By default the move as a
  // turn file writes it, its first letter a capital.
  virtual std::string move_phrase(const Document& move) const;
};

// Whether `move` begins with `prefix`: null matches everything; a string is a prefix of a string;
// an object's keys must all be in the move with values that begin with the prefix's; a list
// matches the first items of a list, its last item as a prefix. Anything else must be equal.
bool has_prefix(const Document& move, const Document& prefix);

// `doc[key]` when `doc` is an object that has it, else null: Document::value() without the copy,
// for readers of views (a null iterates as empty, as a missing list should).
const Document& member(const Document& doc, const char* key);

// Whether `a` and `b` are the same document as written: equal, and of the same kinds all the
// way down (== takes 1 and 1.0 as equal; a reader that refuses 1.0 must not). dump() writes two
// identical documents the same; this tells so without writing them.
bool identical(const Document& a, const Document& b);

// The built-in engines, in the order of `caravan-ref games`: an explicit list the build writes
// from the folders of src/games, each with its game.cmake (cmake/Games.cmake); no
// self-registration.
const std::vector<const Engine*>& engines();
// nullptr when there is no engine of that id.
const Engine* find_engine(const std::string& id);

}  // namespace core
