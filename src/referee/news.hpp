// A game's news for its notification targets (caravan-ref(1), NOTIFICATIONS; the document's
// schema is schema/json/notify-event.schema.json): what a committed change recorded, as an
// observer without a seat may know it. Made from the turns the change has in hand
// (GameContext::untold), never from the store.
//
// Promise: nothing in it that an observer's view or history does not show: no token, no hand, no
// move that only its player sees (a turn's moves are left out; its events are those shown to an
// observer), no deck order, no chain value or state hash. The target URLs are never in it.
#pragma once

#include <string>
#include <vector>

#include "referee/game_context.hpp"
#include "store/sqlite.hpp"

namespace referee {

// {version, event, game, kind, title, turn, at, players, turns, to_move, next_turn, deadline,
// paused, finished, result, text}: `to_move` the names of the seats to move, `next_turn` the
// number a turn file written after this change carries (the record's next; null once over). `event`
// names the change: "created" for a new game, else worked out from its first turn (turn, action,
// clock or correction; result when the change ended the game).
core::Document news_document(const GameContext& context, const std::vector<store::TurnRow>& turns,
                             const std::string& event = {});

// In the change's transaction, before it commits: queues the news of the turns the context
// recorded (and empties them) to each of the game's targets (notify/outbox.hpp), with the
// observer's picture for Discord's. A game without targets costs one query.
void tell_news(store::Database& db, GameContext& context, const std::string& event = {});

}  // namespace referee
