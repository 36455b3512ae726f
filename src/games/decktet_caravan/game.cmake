# This engine, as the build lists it (cmake/Games.cmake): its class, declared in
# decktet_caravan.hpp, and its place in `caravan-ref games` and the README's table (lowest first).
set(GAME_ENGINE games::decktet_caravan::DecktetCaravanEngine)
set(GAME_ORDER 30)
