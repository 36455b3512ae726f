# Embeds every games' data file (src/games/<game>/data/*.yaml: boards, tile sets) into a
# generated header, so the binary carries its default data and runs from any directory.
file(GLOB CARAVAN_DATA_FILES CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/src/games/*/data/*.yaml)
list(SORT CARAVAN_DATA_FILES)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${CARAVAN_DATA_FILES})
set(CARAVAN_DATA_ITEMS "")
foreach(data ${CARAVAN_DATA_FILES})
  file(READ ${data} text)
  file(RELATIVE_PATH name ${CMAKE_CURRENT_SOURCE_DIR}/src/games ${data})
  string(APPEND CARAVAN_DATA_ITEMS "    {\"${name}\", R\"caravan_data(${text})caravan_data\"},\n")
endforeach()
file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/generated/games/embedded_data.inc.new "${CARAVAN_DATA_ITEMS}")
file(COPY_FILE ${CMAKE_CURRENT_BINARY_DIR}/generated/games/embedded_data.inc.new
  ${CMAKE_CURRENT_BINARY_DIR}/generated/games/embedded_data.inc ONLY_IF_DIFFERENT)
