// A small SVG writer for the pictures of the games (each engine's svg.cpp draws with it).
//
// Promise: every string put in a picture (text, attribute values) is escaped by GLib's
// g_markup_escape_text, never by hand; text stays text (selectable, searchable); a picture names
// no external font, image or script. Lengths are user units; a Drawing of width 600 is shown at
// most 640 px wide and, on a 390 px phone, 374 px wide: there a unit is 0.62 px, so a piece a
// player must read (a card face, a good) is at least 46 units tall (28 px) and carries the class
// "face".
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace core::svg {

// The Okabe-Ito palette (distinguishable with every common colour-vision deficiency), and the
// greys the pictures use around it.
namespace colour {
inline constexpr const char* kBlack = "#000000";
inline constexpr const char* kOrange = "#E69F00";
inline constexpr const char* kSkyBlue = "#56B4E9";
inline constexpr const char* kGreen = "#009E73";
inline constexpr const char* kYellow = "#F0E442";
inline constexpr const char* kBlue = "#0072B2";
inline constexpr const char* kVermillion = "#D55E00";
inline constexpr const char* kPurple = "#CC79A7";
inline constexpr const char* kWhite = "#FFFFFF";
inline constexpr const char* kPaper = "#FBF8F1";  // the background
inline constexpr const char* kSand = "#EFE3C8";
inline constexpr const char* kGrey = "#999999";
inline constexpr const char* kDarkGrey = "#555555";
// The last turn is marked in this colour (with a dashed outline, so it is not colour alone).
inline constexpr const char* kHighlight = kVermillion;
}  // namespace colour

// A value of a view as a picture writes it: a string as it is, a number in digits, anything
// else as `fallback`.
std::string text_of(const nlohmann::json& value, const std::string& fallback = "");

// Escapes text for XML character data and attribute values (GLib). Invalid UTF-8 is repaired and
// control characters that XML 1.0 cannot carry are dropped first.
std::string escape(std::string_view text);

// Presentation attributes of one shape; empty members are left out.
struct Style {
  std::string fill{};
  std::string stroke{};
  double stroke_width = 0;
  std::string dash{};    // stroke-dasharray, e.g. "4 3"
  double opacity = 1.0;  // fill-opacity
  std::string css_class{};
};

enum class Anchor { kStart, kMiddle, kEnd };

struct TextStyle {
  double size = 14;
  Anchor anchor = Anchor::kStart;
  bool bold = false;
  bool mono = false;
  std::string fill = colour::kBlack;
};

// A standalone SVG file of an element made by Drawing::element().
std::string document(std::string_view element);

// One picture: shapes appended in drawing order, then written as a whole document.
class Drawing {
 public:
  Drawing(double width, double height) : width_(width), height_(height) {}

  double width() const { return width_; }
  double height() const { return height_; }
  void set_height(double height) { height_ = height; }
  void set_title(std::string title) { title_ = std::move(title); }

  void rect(double x, double y, double w, double h, const Style& style, double radius = 0);
  void circle(double cx, double cy, double r, const Style& style);
  void line(double x1, double y1, double x2, double y2, const Style& style);
  // Points as x0, y0, x1, y1, ...; closed (polygon) or open (polyline).
  void polygon(const std::vector<double>& points, const Style& style);
  void polyline(const std::vector<double>& points, const Style& style);
  void text(double x, double y, std::string_view content, const TextStyle& style = {});
  // A tooltip (<title>) for the shapes appended between begin_group and end_group.
  void begin_group(std::string_view tooltip = {}, std::string_view css_class = {});
  void end_group();
  // An <svg> element made by another Drawing's element(), with its top-left corner at (x, y).
  void place(std::string_view element, double x, double y);

  // The <svg> element alone (for inline HTML).
  std::string element() const;
  // A standalone SVG file: the XML declaration and the element.
  std::string document() const { return svg::document(element()); }

 private:
  std::string body_;
  double width_;
  double height_;
  std::string title_;
  int open_groups_ = 0;
};

// A playing card's face, for the card games' pictures: a white card with rounded corners, its
// rank large at the left in the ink of its first suit, its suits' symbols large at the right (so
// suits differ by shape as well as colour), and a note in small type in the top corner. The card's
// rectangle has the class "face" (what the tests measure), its group "card".
struct CardFace {
  struct Suit {
    std::string symbol;  // "\u2660"; DejaVu Sans must have the glyph (the PNG uses it)
    std::string ink;
  };
  std::string rank;         // "7", "10", "K"
  std::string rank_ink{};   // empty: the first suit's ink
  std::vector<Suit> suits;  // none for a card without a suit
  std::string note;         // e.g. the source deck ("/2"); may be empty
  std::string tooltip;      // the card in words, its code as moves write it: "7 of Spades (7S)"
  bool marked = false;      // outlined as what the last turn did (class "last")
};
void card(Drawing& d, double x, double y, double width, double height, const CardFace& face);
// The width card() needs for a face of this height, so that its rank and symbols do not collide.
double card_width(const CardFace& face, double height);

// The last turn in words ("North played 7\u2660 on caravan 1."), bold in the highlight colour,
// in a group of class "last-turn" (the one sentence of a picture that says what just happened),
// wrapped at spaces to lines of at most `width`; `y` is the first line's baseline. Returns the
// height of the lines drawn.
double last_turn_text(Drawing& d, double x, double y, std::string_view sentence, double width = 584,
                      double size = 15);

// Text cut at spaces into lines of at most `width` user units at font size `size` (measured
// generously, as bold DejaVu Sans); a word longer than a line stays whole.
std::vector<std::string> wrap(std::string_view text, double width, double size);

// A number as SVG wants it: at most two decimals, no trailing zeros.
std::string number(double value);

}  // namespace core::svg
