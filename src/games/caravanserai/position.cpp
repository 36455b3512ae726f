#include "games/caravanserai/position.hpp"

#include <numeric>

namespace games::caravanserai {

int Player::reserve_pieces() const {
  return std::accumulate(goods.begin(), goods.end(), 0) + camels;
}

int Position::active_seats() const {
  int active = 0;
  for (int s = 0; s < num_players(); ++s) active += is_retired(s) ? 0 : 1;
  return active;
}

int Position::next_active(int seat) const {
  int next = seat;
  do next = (next + 1) % num_players();
  while (is_retired(next) && next != seat);
  return next;
}

int Position::market_total() const { return std::accumulate(market.begin(), market.end(), 0); }

bool Position::can_place(int seat) const {
  const Player& p = players[static_cast<std::size_t>(seat)];
  if (p.camels <= 0 || p.caravan.empty()) return false;
  const int head = p.caravan.back().cell;
  for (int d = 0; d < kDirections; ++d) {
    const int next = board->neighbour(head, d);
    if (next >= 0 && occupant[static_cast<std::size_t>(next)] < 0) return true;
  }
  return false;
}

bool Position::good_available(int seat, int colour) const {
  if (market[static_cast<std::size_t>(colour)] > 0) return true;
  for (int s = 0; s < num_players(); ++s)
    if (s != seat &&
        players[static_cast<std::size_t>(s)].goods[static_cast<std::size_t>(colour)] > 0)
      return true;
  return false;
}

void Position::market_took_last() {
  // CS-10/CS-12: the placement that empties the market finishes its round, then everyone plays
  // once more. The current turn is counted down when it ends, hence the extra one.
  // Solo: the game ends with this turn.
  if (final_turns_left) return;
  int later = 0;  // the seats still playing after this one in the round
  for (int s = to_move + 1; s < num_players(); ++s) later += is_retired(s) ? 0 : 1;
  final_turns_left = solo() ? 1 : later + active_seats() + 1;
}

int Position::take_good(int seat, int colour) {
  const auto c = static_cast<std::size_t>(colour);
  if (market[c] > 0) {
    --market[c];
    if (market_total() == 0) market_took_last();
    return -1;
  }
  int best = -1, most = 0;
  for (int k = 1; k < num_players(); ++k) {  // the next in turn order wins ties
    const int s = (seat + k) % num_players();
    const int held = players[static_cast<std::size_t>(s)].goods[c];
    if (held > most) {
      most = held;
      best = s;
    }
  }
  if (best >= 0) --players[static_cast<std::size_t>(best)].goods[c];
  return best >= 0 ? best : -2;
}

bool Position::can_put_good(int seat, int cell) const {
  if (cell < 0 || cell >= board->size()) return false;
  const auto i = static_cast<std::size_t>(cell);
  const int colour = board->colour(cell);
  return colour >= 0 && loose[i] < 0 && occupant[i] < 0 && good_available(seat, colour);
}

bool Position::any_good_to_put(int seat) const {
  for (int cell = 0; cell < board->size(); ++cell)
    if (can_put_good(seat, cell)) return true;
  return false;
}

void Position::put_good(int seat, int cell) {
  const int colour = board->colour(cell);
  if (take_good(seat, colour) != -2) loose[static_cast<std::size_t>(cell)] = colour;
}

}  // namespace games::caravanserai
