# Embeds every built game's rules page (src/games/<game>/rules.md: the rules in short, in the
# project's words) into the library as text, so the referee answers `rules` by mail and on the
# command line from any directory. Written at configure time into
# generated/referee/embedded_rules.inc, one {folder, text} entry a game, in the order of
# CARAVAN_BUILT_GAMES (cmake/Games.cmake); editing a page reconfigures. Nothing here names a game:
# a game without a rules page has none to send, and the tests say so.
set(CARAVAN_RULES_ENTRIES "")
foreach(folder ${CARAVAN_BUILT_GAMES})
  set(page ${CMAKE_CURRENT_SOURCE_DIR}/src/games/${folder}/rules.md)
  if(NOT EXISTS ${page})
    continue()
  endif()
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${page})
  file(READ ${page} text)
  string(FIND "${text}" ")caravan_rules\"" clash)
  if(NOT clash EQUAL -1)
    message(FATAL_ERROR "${page} holds the text that ends the embedded string")
  endif()
  string(APPEND CARAVAN_RULES_ENTRIES "    {\"${folder}\", R\"caravan_rules(${text})caravan_rules\"},\n")
endforeach()
set(CARAVAN_EMBEDDED_RULES ${CMAKE_CURRENT_BINARY_DIR}/generated/referee/embedded_rules.inc)
file(WRITE ${CARAVAN_EMBEDDED_RULES}.new "${CARAVAN_RULES_ENTRIES}")
file(COPY_FILE ${CARAVAN_EMBEDDED_RULES}.new ${CARAVAN_EMBEDDED_RULES} ONLY_IF_DIFFERENT)
set_source_files_properties(src/referee/rules.cpp PROPERTIES
  INCLUDE_DIRECTORIES ${CMAKE_CURRENT_BINARY_DIR}/generated)
