// The steps of a turn that the move documents (caravanserai.cpp) and the actions (actions.cpp)
// share, so that both make the same changes in the same order.
#pragma once

#include "games/caravanserai/position.hpp"

namespace games::caravanserai {

// Puts the starting camel of the player to move on `cell` (checked by the caller) and gives it
// the good of the cell's colour and the good standing there. Returns where the colour's good
// came from (Position::take_good).
int start_caravan(Position& pos, int cell);
// Puts one owed good on `cell` (CS-8); throws core::MoveError when it may not go there.
void put_owed_good(Position& pos, int cell);
// Ends the turn of the player to move: the final round, the solo end, the next player, and the
// end when nobody can place (CS-10, CS-12).
void finish(Position& pos);

}  // namespace games::caravanserai
