// Reading a picture back in the tests: GLib's markup parser checks it is well-formed XML and
// collects what a reader of the picture would look for (its text, its classes, its elements).
#pragma once

#include <map>
#include <string>
#include <vector>

namespace svg_testing {

struct Parsed {
  bool well_formed = false;
  std::string error;                              // GLib's message when not well-formed
  std::vector<std::string> texts;                 // the content of every <text>, in order
  std::map<std::string, int> elements;            // element name -> count
  std::map<std::string, int> classes;             // each class of a class attribute -> count
  std::vector<std::string> titles;                // the content of every <title> (tooltips)
  std::map<std::string, std::string> class_text;  // class -> the texts inside its elements
  std::string all_text() const;                   // texts joined by newlines
  bool has_text(const std::string& text) const;   // some <text> is exactly `text`
};

Parsed parse(const std::string& markup);

}  // namespace svg_testing
