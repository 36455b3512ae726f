# Embeds every game's data file (src/games/<game>/data/*.yaml: boards, tile sets) into the
# library, so the binary carries its default data and runs from any directory. Each is converted
# to JSON at build time (cmake/embed_data.cpp, with the turn files' YAML reader): the core
# (core/data.cpp) reads JSON, and a data file that is not good YAML fails the build.
file(GLOB CARAVAN_DATA_FILES CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/src/games/*/data/*.yaml)
list(SORT CARAVAN_DATA_FILES)
add_executable(caravan-embed-data cmake/embed_data.cpp src/turnfile/turnfile.cpp
  src/core/tally.cpp)
target_include_directories(caravan-embed-data PRIVATE src)
target_link_libraries(caravan-embed-data PRIVATE nlohmann_json::nlohmann_json fmt::fmt yaml-cpp
  caravan_warnings)
set(CARAVAN_EMBEDDED_DATA ${CMAKE_CURRENT_BINARY_DIR}/generated/core/embedded_data.inc)
add_custom_command(OUTPUT ${CARAVAN_EMBEDDED_DATA}
  COMMAND caravan-embed-data ${CARAVAN_EMBEDDED_DATA} ${CMAKE_CURRENT_SOURCE_DIR}/src/games
    ${CARAVAN_DATA_FILES}
  DEPENDS caravan-embed-data ${CARAVAN_DATA_FILES}
  COMMENT "Embedding the games' data files as JSON" VERBATIM)
target_sources(caravan PRIVATE ${CARAVAN_EMBEDDED_DATA})
