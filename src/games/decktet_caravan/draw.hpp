// Decktet Caravan views drawn as text for people: the table, the scores and the cards, with
// every card's Decktet name beside its short form.
#pragma once

#include <string>

#include "core/engine.hpp"

namespace games::decktet_caravan {

// Draws any view (a seat's or the referee's) that DecktetCaravanState::view gives.
std::string draw_view(const core::Document& view);

}  // namespace games::decktet_caravan
