// Documents out: every command builds its answer as data and one writer turns it into YAML
// (yaml-cpp), JSON (nlohmann-json) or plain text for people. Nothing here knows a game.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace output {

enum class Format { kYaml, kJson, kText };

// "yaml", "json" or "text"; throws std::invalid_argument otherwise.
Format parse_format(const std::string& name);

std::string to_yaml(const nlohmann::json& doc);
// A string as one YAML value on a line of its own (no line end): quoted when a reader would take
// it for something else ("Ann: x #y", "- [Ann]", "yes", "1e3"), as to_yaml writes it.
std::string yaml_scalar(const std::string& text);
// The same YAML with every string left to yaml-cpp's own checks: the reference to_yaml's faster
// path for plain words is tested against.
std::string to_yaml_slowly(const nlohmann::json& doc);
std::string to_json(const nlohmann::json& doc);
// A readable indented outline of any document (boards are drawn by the engines instead).
std::string to_text(const nlohmann::json& doc);
// Any document on one line, in YAML's flow style without needless quotes: {move: b6, moved: 1}.
std::string to_line(const nlohmann::json& doc);

std::string write(const nlohmann::json& doc, Format format);

// Writes `text` to `path` atomically: a temporary file beside it, written whole, then renamed.
// A file that cannot be made is core::UserError 73 (EX_CANTCREAT) naming `path` and the reason.
void write_file_atomically(const std::string& path, const std::string& text);

}  // namespace output
