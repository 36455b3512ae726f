# The rule engines: every folder of src/games, each declaring its engine in its game.cmake
# (GAME_ENGINE, the class in <folder>/<folder>.hpp; GAME_ORDER, its place in `caravan-ref games`).
# From them this writes generated/games/engines.cpp, the explicit list behind core::engines():
# a new game is its folder, and nothing here or in src/core names it.
#
# CARAVAN_GAMES, a smaller list (folder names, e.g. "nv_caravan;huber_caravan"), makes a quicker
# build for work on one engine; caravaneers, which the referee's own tests play, is always built.
# Sets CARAVAN_GAME_DIRS (every game folder), CARAVAN_BUILT_GAMES (the built ones, in order) and
# CARAVAN_ENGINE_LIST (the generated source).
set(CARAVAN_GAMES "" CACHE STRING "engines to build, as folders of src/games (empty: all)")
file(GLOB CARAVAN_GAME_DIRS LIST_DIRECTORIES true CONFIGURE_DEPENDS
  RELATIVE ${CMAKE_CURRENT_SOURCE_DIR}/src/games ${CMAKE_CURRENT_SOURCE_DIR}/src/games/*)

function(caravan_read_game folder)
  set(GAME_ENGINE "")
  set(GAME_ORDER "")
  include(${CMAKE_CURRENT_SOURCE_DIR}/src/games/${folder}/game.cmake)
  if(NOT GAME_ENGINE OR NOT GAME_ORDER MATCHES "^[0-9]+$")
    message(FATAL_ERROR "src/games/${folder}/game.cmake must set GAME_ENGINE and GAME_ORDER")
  endif()
  set(game_engine ${GAME_ENGINE} PARENT_SCOPE)
  set(game_order ${GAME_ORDER} PARENT_SCOPE)
endfunction()

set(CARAVAN_ORDERED_GAMES "")
foreach(folder ${CARAVAN_GAME_DIRS})
  if(NOT IS_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}/src/games/${folder})
    continue()
  endif()
  if(NOT EXISTS ${CMAKE_CURRENT_SOURCE_DIR}/src/games/${folder}/game.cmake)
    message(FATAL_ERROR "src/games/${folder} has no game.cmake (see cmake/Games.cmake)")
  endif()
  if(NOT (CARAVAN_GAMES STREQUAL "" OR folder IN_LIST CARAVAN_GAMES OR folder STREQUAL
          "caravaneers"))
    list(FILTER CARAVAN_SOURCES EXCLUDE REGEX "/src/games/${folder}/")
    continue()
  endif()
  caravan_read_game(${folder})
  # Sorted as text: the order, zero-padded, first.
  string(LENGTH "${game_order}" digits)
  math(EXPR pad "8 - ${digits}")
  string(REPEAT "0" ${pad} zeros)
  list(APPEND CARAVAN_ORDERED_GAMES "${zeros}${game_order}|${folder}|${game_engine}")
endforeach()
list(SORT CARAVAN_ORDERED_GAMES)

set(CARAVAN_BUILT_GAMES "")
set(includes "")
set(objects "")
set(pointers "")
set(previous "")
foreach(entry ${CARAVAN_ORDERED_GAMES})
  string(REPLACE "|" ";" fields "${entry}")
  list(GET fields 0 order)
  list(GET fields 1 folder)
  list(GET fields 2 engine)
  if(order STREQUAL previous)
    message(FATAL_ERROR "two games declare GAME_ORDER ${order}: each needs its own place")
  endif()
  set(previous ${order})
  list(APPEND CARAVAN_BUILT_GAMES ${folder})
  string(APPEND includes "#include \"games/${folder}/${folder}.hpp\"\n")
  string(APPEND objects "  static const ${engine} ${folder};\n")
  string(APPEND pointers "      &${folder},\n")
endforeach()

set(CARAVAN_ENGINE_LIST ${CMAKE_CURRENT_BINARY_DIR}/generated/games/engines.cpp)
file(WRITE ${CARAVAN_ENGINE_LIST}.new "// Written by cmake/Games.cmake from src/games/*/game.cmake.
#include <vector>

#include \"core/engine.hpp\"
${includes}
namespace core {

const std::vector<const Engine*>& engines() {
${objects}  static const std::vector<const Engine*> all = {
${pointers}  };
  return all;
}

}  // namespace core
")
file(COPY_FILE ${CARAVAN_ENGINE_LIST}.new ${CARAVAN_ENGINE_LIST} ONLY_IF_DIFFERENT)
