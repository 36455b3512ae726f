// The build's converter for the games' data files (cmake/EmbedData.cmake): reads each
// src/games/<game>/data/*.yaml with the turn files' YAML reader and writes it as JSON text into
// the list core/data.cpp embeds, so the core parses JSON and includes no YAML reader.
//
//   caravan-embed-data OUTPUT GAMES_DIR FILE...
#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>

#include "core/errors.hpp"
#include "turnfile/turnfile.hpp"

int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: caravan-embed-data OUTPUT GAMES_DIR FILE...\n";
    return 64;
  }
  const std::filesystem::path games_dir = argv[2];
  std::ostringstream items;
  try {
    for (int i = 3; i < argc; ++i) {
      const std::filesystem::path file = argv[i];
      std::ifstream in(file, std::ios::binary);
      const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
      if (!in.good() && !in.eof()) throw std::runtime_error("cannot read " + file.string());
      const std::string name = file.lexically_relative(games_dir).generic_string();
      const std::string json = turnfile::yaml_to_document(text, name).dump();
      if (json.find(")caravan_data\"") != std::string::npos)
        throw std::runtime_error(name + " holds the text that ends the embedded string");
      items << "    {\"" << name << "\", R\"caravan_data(" << json << ")caravan_data\"},\n";
    }
  } catch (const std::exception& e) {
    std::cerr << "caravan-embed-data: " << e.what() << "\n";
    return 65;
  }
  const std::filesystem::path output = argv[1];
  std::filesystem::create_directories(output.parent_path());
  std::ofstream out(output, std::ios::binary);
  out << items.str();
  return out.good() ? 0 : 74;
}
