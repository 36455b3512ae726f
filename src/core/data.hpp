// The data files that ship with the engines (src/games/<game>/data/*.yaml: a board, a tile
// set), embedded in the binary at build time, and the reader for data a game master supplies.
// The build converts the YAML files to JSON (cmake/EmbedData.cmake), so the core reads JSON only.
//
// Promise: an engine gets its data as a Document and never opens a file; a data file a game
// master names with an option is read by the command line and reaches the engine as JSON text.
#pragma once

#include <string>
#include <vector>

#include "core/engine.hpp"

namespace core {

// The embedded file "<game>/data/<name>.yaml" (e.g. "huber_caravan/data/board.yaml") as a
// Document; throws std::out_of_range when no such file was embedded.
Document embedded_data(const std::string& path);
// The names of every embedded data file.
std::vector<std::string> embedded_data_files();

// An option value of kind FILE as the engine receives it: JSON text. Throws SetupError with the
// option's name when it is not JSON.
Document option_document(const std::string& option, const std::string& value);

}  // namespace core
