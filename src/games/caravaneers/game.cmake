# This engine, as the build lists it (cmake/Games.cmake): its class, declared in
# caravaneers.hpp, and its place in `caravan-ref games` and the README's table (lowest first).
set(GAME_ENGINE games::caravaneers::CaravaneersEngine)
set(GAME_ORDER 10)
