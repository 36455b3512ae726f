// Pictures of a view (referee::view's document): the engine's drawing under a header naming the
// game, the turn, the viewer and who is to move; as an SVG file, as a PNG (librsvg), and as a
// self-contained HTML page with the legal moves and the history beside the picture.
//
// Promise: everything drawn comes from documents made for this viewer (their view, their legal
// moves, their history), so nothing hidden from them can appear; no script, no external font or
// file; every string is escaped by GLib (core::svg::escape).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/engine.hpp"
#include "referee/html.hpp"
#include "store/sqlite.hpp"

namespace referee {

// The game's latest turn as `player` (nullopt: the referee) may see it; null before any turn.
// The picture marks it (a view's own `last` is empty for the player who has just moved).
// `next_turn` (a view's `turn`, the position's turn: referee/position.hpp): the latest turn of
// that view that changed the position, the one numbered next_turn - 1, even if more turns were
// committed since the view was made. Without it, the game's latest turn, whatever it did.
core::Document latest_turn(store::Database& db, const std::string& game,
                           const std::optional<std::string>& player,
                           std::optional<std::int64_t> next_turn = std::nullopt);

// The whole picture of a view and the viewer's holding in words; `latest` (latest_turn) is
// marked, or, when null, the last of the view's `last` turns.
core::Engine::Picture picture(const core::Document& view, const core::Document& latest = nullptr);
// A standalone SVG document.
std::string picture_svg(const core::Document& view, const core::Document& latest = nullptr);
// The picture rendered to PNG bytes by librsvg, at `scale` times its size: by default twice
// its layout's pixels (1200 px wide for a picture laid out 600 wide), sharp on high-density
// screens when shown at the layout's width (the SVG's width attribute).
inline constexpr double kPngScale = 2.0;
std::string picture_png(const core::Document& view, const core::Document& latest = nullptr,
                        double scale = kPngScale);
// An SVG document rendered to PNG bytes; throws std::runtime_error when librsvg refuses it.
std::string render_png(const std::string& svg, double scale = 1.0);

// One HTML page: the picture, the holding headed with the viewer's name, the legal moves
// (`moves`: referee::legal_moves's list, empty when not to move; `total`: how many there are,
// 0 for moves.size()) as one-tap links when `links.to` is given, a turn file to fill in, the
// history in sentences (referee::history for this viewer), and the deadline when the view has
// one. With `step` (a live page building a move a part at a time, links.form_action its
// address), each next part that names a spot of the picture (Picture::spots: a square) is also a
// link on the picture itself, as its link below the picture is.
std::string html_page(const core::Document& view, const core::Document& moves,
                      const core::Document& history, const TurnLinks& links = {},
                      std::size_t total = 0, const MoveStep* step = nullptr);

}  // namespace referee
