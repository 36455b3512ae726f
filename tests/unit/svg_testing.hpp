// Reading a picture back in the tests: GLib's markup parser checks it is well-formed XML and
// collects what a reader of the picture would look for (its text, its classes, its elements).
#pragma once

#include <map>
#include <string>
#include <vector>

namespace svg_testing {

// A <text>'s box, estimated from its x, y, font size, anchor, weight and characters (never measured
// from a font): each character is given an advance a little wider than DejaVu Sans's for its kind
// (0.32 of the size for a space, 0.64 for a digit, 0.35 for i, l, j, I and punctuation such as .,:;
// 0.62 for other lower-case letters, 0.76 for capitals, 1.0 for m, w, M and W, 0.84 for anything
// beyond ASCII such as a suit's symbol or an arrow; 0.61 for every character of a monospaced
// text), bold 10% wider; the box reaches 0.78 of the size above the baseline and 0.24 below it.
// The estimate is meant to be generous: two boxes that do not meet are two texts that do not touch
// in DejaVu Sans; two that meet may, at worst, have a hair between them.
struct TextBox {
  double left = 0, top = 0, right = 0, bottom = 0;
  std::string text;
};
// Whether two boxes share more than `slack` user units each way.
bool overlap(const TextBox& a, const TextBox& b, double slack = 0.5);
// The estimated width of `text` at font size `size` (as above).
double estimated_width(const std::string& text, double size, bool bold, bool mono = false);

// A shape that carries a class (rect, circle, ellipse, polygon): its height in user units, after
// the translations of the groups around it.
struct Shape {
  std::string name;
  double top = 0, height = 0;
};

struct Parsed {
  bool well_formed = false;
  std::string error;                              // GLib's message when not well-formed
  std::vector<std::string> texts;                 // the content of every <text>, in order
  std::map<std::string, int> elements;            // element name -> count
  std::map<std::string, int> classes;             // each class of a class attribute -> count
  std::vector<std::string> titles;                // the content of every <title> (tooltips)
  std::map<std::string, std::string> class_text;  // class -> the texts inside its elements
  std::vector<TextBox> text_boxes;                // every <text>, its box estimated
  std::map<std::string, std::vector<Shape>> class_shapes;  // class -> the shapes carrying it
  double width = 0;                                        // the outermost <svg>'s width
  std::string all_text() const;                            // texts joined by newlines
  bool has_text(const std::string& text) const;            // some <text> is exactly `text`
};

Parsed parse(const std::string& markup);

}  // namespace svg_testing
