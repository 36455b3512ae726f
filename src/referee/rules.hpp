// A game's rules in short, in the project's own words (src/games/<game>/rules.md, embedded at
// build time by cmake/EmbedDocs.cmake): aim, set-up, a turn, the end and the score, and how a
// move is written, short enough for a phone. What `rules` answers by mail and on the command line;
// the game's manual page (caravan-ref-<kind>(6)) and docs/rules/<kind>.md hold the whole of it.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace referee {

// The rules page of the game `kind` (an engine's id: "nv-caravan"), as Markdown text; none when
// the game has no page or is not built.
std::optional<std::string> rules_page(const std::string& kind);

// The ids of the games that have a page, in the order of `caravan-ref games`.
std::vector<std::string> games_with_rules();

}  // namespace referee
