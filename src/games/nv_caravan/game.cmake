# This engine, as the build lists it (cmake/Games.cmake): its class, declared in
# nv_caravan.hpp, and its place in `caravan-ref games` and the README's table (lowest first).
set(GAME_ENGINE games::nv_caravan::NvCaravanEngine)
set(GAME_ORDER 20)
