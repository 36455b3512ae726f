# This engine, as the build lists it (cmake/Games.cmake): its class, declared in
# caravanserai.hpp, and its place in `caravan-ref games` and the README's table (lowest first).
set(GAME_ENGINE games::caravanserai::CaravanseraiEngine)
set(GAME_ORDER 50)
