# The JSON Schemas of the answers, gathered into one folder of the build, CARAVAN_SCHEMA_DIR
# (build/schema/json), where the tests check the real answers against them:
#   - schema/json/*.schema.json, the commands' answers;
#   - each game's own part, src/games/<folder>/state.schema.json, as state-<kind>.schema.json;
#   - kinds.schema.json, the one schema that lists the kinds, written here from the games the
#     build makes (CARAVAN_BUILT_GAMES, cmake/Games.cmake), in the order `caravan-ref games`
#     lists them.
# A new game brings its schema in its folder; nothing here names a game.
set(CARAVAN_SCHEMA_DIR ${CMAKE_CURRENT_BINARY_DIR}/schema/json)
file(REMOVE_RECURSE ${CARAVAN_SCHEMA_DIR})
file(GLOB command_schemas CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/schema/json/*.schema.json)
foreach(schema ${command_schemas})
  get_filename_component(name ${schema} NAME)
  configure_file(${schema} ${CARAVAN_SCHEMA_DIR}/${name} COPYONLY)
endforeach()

# One kind's entries; the kind is its folder's name with "-" for "_".
set(kinds "")
set(moves "")
set(views "")
set(logs "")
set(exports "")
foreach(folder ${CARAVAN_BUILT_GAMES})
  string(REPLACE "_" "-" kind ${folder})
  set(own ${CMAKE_CURRENT_SOURCE_DIR}/src/games/${folder}/state.schema.json)
  if(NOT EXISTS ${own})
    message(FATAL_ERROR "src/games/${folder} has no state.schema.json (see cmake/Schemas.cmake)")
  endif()
  configure_file(${own} ${CARAVAN_SCHEMA_DIR}/state-${kind}.schema.json COPYONLY)
  set(state "state-${kind}.schema.json")
  set(move "{\"$ref\": \"${state}#/$defs/move\"}")
  set(events "{\"items\": {\"anyOf\": [{\"$ref\": \"common.schema.json#/$defs/referee_event\"}, \
{\"$ref\": \"common.schema.json#/$defs/undone_event\"}, {\"$ref\": \"${state}#/$defs/event\"}]}}")
  set(when "\"if\": {\"properties\": {\"kind\": {\"const\": \"${kind}\"}}, \"required\": [\"kind\"]}")
  list(APPEND kinds "\"${kind}\"")
  list(APPEND moves "        ${move}")
  list(APPEND views "        {${when},
         \"then\": {\"properties\": {\"state\": {\"$ref\": \"${state}\"},
           \"last\": {\"items\": {\"properties\": {\"moves\": {\"items\": ${move}},
             \"events\": ${events}}}}}}}")
  list(APPEND logs "        {${when},
         \"then\": {\"properties\": {\"turns\": {\"items\": {\"properties\": {
           \"moves\": {\"items\": ${move}}, \"events\": ${events}}}}}}}")
  list(APPEND exports "        {${when},
         \"then\": {\"properties\": {\"turns\": {\"items\": {\"properties\": {
           \"moves\": {\"items\": ${move}}}}}}}}")
endforeach()
list(JOIN kinds ", " kinds)
list(JOIN moves ",\n" moves)
list(JOIN views ",\n" views)
list(JOIN logs ",\n" logs)
list(JOIN exports ",\n" exports)
file(WRITE ${CARAVAN_SCHEMA_DIR}/kinds.schema.json "{
  \"$schema\": \"https://json-schema.org/draft/2020-12/schema\",
  \"$id\": \"kinds.schema.json\",
  \"title\": \"caravan-ref kinds\",
  \"description\": \"The rule engines, as `caravan-ref games` lists them, and what each adds to the answers: the only schema that lists the kinds. Each kind's own part is its state-<kind>.schema.json. Written by the build (cmake/Schemas.cmake) from the games it makes.\",
  \"$defs\": {
    \"kind\": {\"description\": \"a rule engine (caravan-ref games)\", \"enum\": [${kinds}]},
    \"move\": {\"description\": \"one move of any engine\", \"anyOf\": [
${moves}]},
    \"view\": {\"allOf\": [
${views}]},
    \"log\": {\"allOf\": [
${logs}]},
    \"export\": {\"allOf\": [
${exports}]}
  }
}
")
