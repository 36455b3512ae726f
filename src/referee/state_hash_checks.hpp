// An audit's state-hash checks, made on a second thread while the replay goes on. Hashing each
// replayed state (BLAKE2b over its text) is up to two fifths of an audit's time, and no later
// turn needs it: the replay hands each turn's state over and goes on to the next turn, and the
// checks of a game are waited for at its end. Handing over costs something too, so a short game
// (under kLongGame turns) and a game whose states are short (under kLongState bytes of text) are
// checked on the calling thread as they go, and so is the end of a game, fewer turns than a
// batch. An audit of short games never starts the thread. Internal to the referee module.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace core {
class State;
}

namespace referee {

class StateHashChecks {
 public:
  static constexpr std::int64_t kLongGame = 64;  // turns
  // Bytes of a state's text. On this project's machines (2026-11-27) handing a turn over cost
  // more than hashing it for states of 1-2 KB (nv-caravan, decktet-caravan): 512 made
  // decktet-caravan's audit 1.3x slower than no thread (docs/PERFORMANCE.md, eleventh session).
  static constexpr std::size_t kLongState = 2048;
  // Turns handed over at once. The game's last turns, fewer than a batch, are hashed by the
  // caller: 8 made caravanserai's audit 1.06x faster than 16 once the thread stayed awake.
  static constexpr std::size_t kBatch = 8;
  static constexpr std::size_t kQueued = 2;  // batches waiting at most
  // Texts of checked turns kept for spare_text() at most: those of the batches that can be out at
  // once, and two more.
  static constexpr std::size_t kSpares = kBatch * (kQueued + 2);
  struct Turn {
    std::int64_t number = 0;
    // The state as the replay made it, as state_hash_of_texts() takes it.
    std::string state_text, rng, host_text;
    std::string recorded;  // the state hash that the record holds for this turn
  };
  struct Outcome {
    std::optional<std::int64_t> first_differing;  // the first turn whose hash is not the recorded
    // The last turn checked (up to the first that differed): its state's text and its hash.
    std::string last_text, last_hash;
  };

  StateHashChecks() = default;
  StateHashChecks(const StateHashChecks&) = delete;
  StateHashChecks& operator=(const StateHashChecks&) = delete;
  ~StateHashChecks();

  // The checks of a game of `turns` recorded turns start.
  void start_game(std::int64_t turns);
  // An empty string to write the next turn's state text into (State::write_view_text): the text
  // of a turn already checked, whose memory is kept (a state's text of several KB was allocated
  // and freed for every turn: a tenth of caravanserai's audit). Empty with no memory when none
  // has come back yet.
  std::string spare_text();
  // Checks `turn`, now or later; turns come in their order.
  void check(Turn turn);
  // Checks the turn whose state the replay has just made, `state` (with its generator's and the
  // table's state as texts): its text is written now, into a spare text.
  void check_state(std::int64_t number, const core::State& state, std::string rng,
                   std::string host_text, std::string recorded);
  // Whether a check already made found a hash that differs: the replay need not go on.
  bool differed() const { return differed_.load(std::memory_order_relaxed); }
  // Waits for every check since the last finish() and gives what they found; the checks that
  // follow start afresh (the next game). Throws what a check threw.
  Outcome finish();
  // How many turns were handed to the thread so far, over every game.
  std::int64_t handed_over() const { return handed_over_; }

 private:
  // How long the thread stays awake for the next batch once it has checked those queued. Waking
  // a sleeping thread cost the replay 6% of caravanserai's audit on this project's machines (a
  // futex wake, which their paravirtualised kernel makes dear); a game of long states sends a
  // batch every 50-100 us. Awake, the thread yields the processor to whatever else may run.
  static constexpr std::chrono::microseconds kAwake{200};
  // The checks of `batch`, in order, into `outcome`; whether a hash differed. The texts that
  // `outcome` lets go of stay in `batch`, so that they go back to the thread that made them.
  static bool run(std::vector<Turn>& batch, Outcome& outcome);
  // Keeps the state texts of checked turns for spare_text(), up to kSpares of them; frees the rest.
  void recycle(std::vector<Turn>& batch);
  void work();  // the thread's loop

  bool long_game_ = false;
  std::optional<bool> handing_over_;  // for this game, decided by its first turn
  std::vector<Turn> pending_;         // the caller's: turns not yet handed over
  std::vector<std::string> spares_;   // the caller's: texts of checked turns, for spare_text()
  std::int64_t handed_over_ = 0;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<std::vector<Turn>> queued_, checked_;  // batches for the thread, and back
  bool busy_ = false, stopping_ = false;
  std::exception_ptr error_;
  // The thread's while a batch is queued or being checked, else the caller's; finish() waits for
  // neither to be so before it reads it.
  Outcome outcome_;
  std::atomic<bool> differed_{false};
  std::atomic<bool> signalled_{false};  // a batch is queued, or the thread is to stop
  std::thread worker_;
};

}  // namespace referee
