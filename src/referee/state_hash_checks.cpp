#include "referee/state_hash_checks.hpp"

#include <chrono>
#include <utility>

#include "core/engine.hpp"
#include "referee/game_context.hpp"

namespace referee {

StateHashChecks::~StateHashChecks() {
  {
    const std::lock_guard lock(mutex_);
    stopping_ = true;
    signalled_.store(true, std::memory_order_release);
  }
  changed_.notify_all();
  if (worker_.joinable()) worker_.join();
}

void StateHashChecks::start_game(std::int64_t turns) {
  long_game_ = turns >= kLongGame;
  handing_over_.reset();
}

std::string StateHashChecks::spare_text() {
  if (spares_.empty()) return {};
  std::string text = std::move(spares_.back());
  spares_.pop_back();
  text.clear();
  return text;
}

void StateHashChecks::recycle(std::vector<Turn>& batch) {
  static const std::size_t no_memory = std::string().capacity();  // the string's own room
  for (Turn& turn : batch)
    if (spares_.size() < kSpares && turn.state_text.capacity() > no_memory)
      spares_.push_back(std::move(turn.state_text));
  batch.clear();
}

void StateHashChecks::check_state(std::int64_t number, const core::State& state, std::string rng,
                                  std::string host_text, std::string recorded) {
  Turn turn{number, spare_text(), std::move(rng), std::move(host_text), std::move(recorded)};
  state.write_view_text(core::kReferee, turn.state_text);
  check(std::move(turn));
}

void StateHashChecks::check(Turn turn) {
  if (!handing_over_) handing_over_ = long_game_ && turn.state_text.size() >= kLongState;
  pending_.push_back(std::move(turn));
  if (!*handing_over_) {
    if (run(pending_, outcome_)) differed_.store(true, std::memory_order_relaxed);
    recycle(pending_);
    return;
  }
  if (pending_.size() < kBatch) return;
  std::deque<std::vector<Turn>> checked;
  {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return queued_.size() < kQueued; });
    handed_over_ += static_cast<std::int64_t>(pending_.size());
    queued_.push_back(std::move(pending_));
    signalled_.store(true, std::memory_order_release);
    std::swap(checked, checked_);
    if (!worker_.joinable()) worker_ = std::thread([this] { work(); });
  }
  changed_.notify_all();
  pending_ = {};
  pending_.reserve(kBatch);
  // The texts of `checked` come back to the thread that made them, for its next turns.
  for (std::vector<Turn>& batch : checked) recycle(batch);
}

StateHashChecks::Outcome StateHashChecks::finish() {
  // The last turns, fewer than a batch, are checked here while the thread checks those before.
  Outcome rest;
  run(pending_, rest);
  recycle(pending_);
  std::exception_ptr error;
  std::deque<std::vector<Turn>> checked;
  {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return queued_.empty() && !busy_; });
    std::swap(error, error_);
    std::swap(checked, checked_);
  }
  for (std::vector<Turn>& batch : checked) recycle(batch);
  differed_.store(false, std::memory_order_relaxed);
  Outcome done = std::exchange(outcome_, {});
  if (error) std::rethrow_exception(error);
  if (!done.first_differing && (rest.first_differing || !rest.last_hash.empty()))
    done = std::move(rest);  // none of the thread's differs: the game's last turns are here
  return done;
}

bool StateHashChecks::run(std::vector<Turn>& batch, Outcome& outcome) {
  for (Turn& turn : batch) {
    if (outcome.first_differing) break;  // the first is known: the rest need no hashing
    std::string hash = state_hash_of_texts(turn.state_text, turn.rng, turn.host_text);
    if (hash != turn.recorded) outcome.first_differing = turn.number;
    std::swap(outcome.last_text, turn.state_text);
    std::swap(outcome.last_hash, hash);
  }
  return outcome.first_differing.has_value();
}

void StateHashChecks::work() {
  std::unique_lock lock(mutex_);
  for (;;) {
    if (queued_.empty() && !stopping_) {
      // The next batch usually comes within a batch's replay: wait for it awake, giving the
      // processor to anything else that wants it, and sleep only after kAwake.
      lock.unlock();
      const auto until = std::chrono::steady_clock::now() + kAwake;
      while (!signalled_.load(std::memory_order_acquire) &&
             std::chrono::steady_clock::now() < until)
        std::this_thread::yield();
      lock.lock();
    }
    changed_.wait(lock, [&] { return stopping_ || !queued_.empty(); });
    if (stopping_) return;
    std::vector<Turn> batch = std::move(queued_.front());
    queued_.pop_front();
    signalled_.store(!queued_.empty(), std::memory_order_release);
    busy_ = true;
    lock.unlock();
    std::exception_ptr error;
    try {
      if (run(batch, outcome_)) differed_.store(true, std::memory_order_relaxed);
    } catch (...) {
      error = std::current_exception();
    }
    lock.lock();
    if (error && !error_) error_ = error;
    checked_.push_back(std::move(batch));
    busy_ = false;
    changed_.notify_all();
  }
}

}  // namespace referee
