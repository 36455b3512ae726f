#include "svg_testing.hpp"

#include <algorithm>
#include <cstdlib>
#include <memory>
#include <sstream>
#include <string_view>

#include <glib.h>

namespace svg_testing {

namespace {

struct Reader {
  Parsed* out;
  int in_text = 0;
  int in_title = 0;
  std::vector<std::vector<std::string>> open_classes;  // per open element, its classes
  std::vector<std::pair<double, double>> offsets;      // per open element, its translation
  // The open <text>'s attributes, until its end tag gives its content.
  double text_x = 0, text_y = 0, text_size = 16;
  std::string text_anchor;
  bool text_bold = false, text_mono = false;
};

double number_of(const char* value) { return value ? std::strtod(value, nullptr) : 0; }

// "translate(8,20)" or "translate(8 20)" -> (8, 20); anything else -> (0, 0).
std::pair<double, double> translation(const std::string& transform) {
  const std::size_t open = transform.find("translate(");
  if (open == std::string::npos) return {0, 0};
  std::string inside = transform.substr(open + 10, transform.find(')', open) - open - 10);
  std::replace(inside.begin(), inside.end(), ',', ' ');
  std::istringstream in(inside);
  double x = 0, y = 0;
  in >> x >> y;
  return {x, y};
}

std::vector<std::string> tokens(const std::string& value) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start < value.size()) {
    std::size_t end = value.find(' ', start);
    if (end == std::string::npos) end = value.size();
    if (end > start) out.push_back(value.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

void on_start(GMarkupParseContext*, const gchar* name, const gchar** names, const gchar** values,
              gpointer data, GError**) {
  auto* reader = static_cast<Reader*>(data);
  ++reader->out->elements[name];
  if (std::string(name) == "text") {
    ++reader->in_text;
    reader->out->texts.emplace_back();
  }
  if (std::string(name) == "title") {
    ++reader->in_title;
    reader->out->titles.emplace_back();
  }
  std::vector<std::string> classes;
  std::map<std::string, std::string> attrs;
  for (int i = 0; names[i]; ++i) attrs[names[i]] = values[i];
  if (attrs.count("class")) classes = tokens(attrs["class"]);
  for (const std::string& c : classes) ++reader->out->classes[c];
  const auto attr = [&](const char* key) {
    const auto found = attrs.find(key);
    return found == attrs.end() ? 0.0 : number_of(found->second.c_str());
  };
  const std::string element(name);
  auto offset = reader->offsets.empty() ? std::pair<double, double>{0, 0} : reader->offsets.back();
  const auto own = translation(attrs["transform"]);
  offset.first += own.first;
  offset.second += own.second;
  if (element == "svg" && reader->offsets.empty()) reader->out->width = attr("width");
  if (element == "text") {
    reader->text_x = offset.first + attr("x");
    reader->text_y = offset.second + attr("y");
    reader->text_size = attrs.count("font-size") ? attr("font-size") : 16;
    reader->text_anchor = attrs["text-anchor"];
    reader->text_bold = attrs["font-weight"] == "bold";
    reader->text_mono = attrs["font-family"].find("Mono") != std::string::npos;
  }
  if (!classes.empty()) {
    Shape shape{.name = element};
    if (element == "rect") {
      shape.top = offset.second + attr("y");
      shape.height = attr("height");
    } else if (element == "circle") {
      shape.top = offset.second + attr("cy") - attr("r");
      shape.height = 2 * attr("r");
    } else if (element == "ellipse") {
      shape.top = offset.second + attr("cy") - attr("ry");
      shape.height = 2 * attr("ry");
    } else if (element == "polygon") {
      std::string points = attrs["points"];
      std::replace(points.begin(), points.end(), ',', ' ');
      std::istringstream in(points);
      double low = 1e18, high = -1e18;
      for (double px = 0, py = 0; in >> px >> py;) {
        low = std::min(low, py);
        high = std::max(high, py);
      }
      shape.top = offset.second + low;
      shape.height = high > low ? high - low : 0;
    }
    if (element == "rect" || element == "circle" || element == "ellipse" || element == "polygon")
      for (const std::string& c : classes) reader->out->class_shapes[c].push_back(shape);
  }
  reader->offsets.push_back(offset);
  reader->open_classes.push_back(std::move(classes));
}

void on_end(GMarkupParseContext*, const gchar* name, gpointer data, GError**) {
  auto* reader = static_cast<Reader*>(data);
  if (std::string(name) == "text") {
    --reader->in_text;
    const std::string& content = reader->out->texts.back();
    const double size = reader->text_size;
    const double width = estimated_width(content, size, reader->text_bold, reader->text_mono);
    double left = reader->text_x;
    if (reader->text_anchor == "middle") left -= width / 2;
    if (reader->text_anchor == "end") left -= width;
    reader->out->text_boxes.push_back({.left = left,
                                       .top = reader->text_y - 0.78 * size,
                                       .right = left + width,
                                       .bottom = reader->text_y + 0.24 * size,
                                       .text = content});
  }
  if (std::string(name) == "title") --reader->in_title;
  reader->open_classes.pop_back();
  reader->offsets.pop_back();
}

void on_text(GMarkupParseContext*, const gchar* text, gsize length, gpointer data, GError**) {
  auto* reader = static_cast<Reader*>(data);
  if (reader->in_title > 0) reader->out->titles.back().append(text, length);
  if (reader->in_text == 0) return;
  reader->out->texts.back().append(text, length);
  for (const auto& classes : reader->open_classes)
    for (const std::string& c : classes) reader->out->class_text[c].append(text, length) += "\n";
}

}  // namespace

double estimated_width(const std::string& text, double size, bool bold, bool mono) {
  double ems = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if ((c & 0xC0) == 0x80) continue;  // a UTF-8 continuation byte starts no character
    if (mono) {
      ems += 0.61;
    } else if (c >= 0x80) {
      ems += 0.84;
    } else if (c == ' ') {
      ems += 0.32;
    } else if (c >= '0' && c <= '9') {
      ems += 0.64;
    } else if (c == 'm' || c == 'w' || c == 'M' || c == 'W') {
      ems += 1.0;
    } else if (std::string_view("iljI.,:;'|!").find(static_cast<char>(c)) !=
               std::string_view::npos) {
      ems += 0.35;
    } else if (c >= 'a' && c <= 'z') {
      ems += 0.62;
    } else if (c >= 'A' && c <= 'Z') {
      ems += 0.76;
    } else {
      ems += 0.62;  // other punctuation: ( ) - / + and the like, all narrower
    }
  }
  return ems * size * (bold && !mono ? 1.1 : 1.0);
}

bool overlap(const TextBox& a, const TextBox& b, double slack) {
  return std::min(a.right, b.right) - std::max(a.left, b.left) > slack &&
         std::min(a.bottom, b.bottom) - std::max(a.top, b.top) > slack;
}

std::string Parsed::all_text() const {
  std::string joined;
  for (const auto& text : texts) joined += text + "\n";
  return joined;
}

bool Parsed::has_text(const std::string& text) const {
  return std::find(texts.begin(), texts.end(), text) != texts.end();
}

Parsed parse(const std::string& markup) {
  Parsed parsed;
  // GMarkup reads elements, not the XML declaration or a doctype: skip those.
  std::string body = markup;
  if (body.rfind("<?xml", 0) == 0) body = body.substr(body.find("?>") + 2);
  if (body.rfind("\n<!DOCTYPE", 0) == 0 || body.rfind("<!DOCTYPE", 0) == 0)
    body = body.substr(body.find('>', body.find("<!DOCTYPE")) + 1);
  Reader reader{.out = &parsed, .open_classes = {}, .offsets = {}, .text_anchor = {}};
  GMarkupParser parser{on_start, on_end, on_text, nullptr, nullptr};
  std::unique_ptr<GMarkupParseContext, decltype(&g_markup_parse_context_free)> context(
      g_markup_parse_context_new(&parser, G_MARKUP_TREAT_CDATA_AS_TEXT, &reader, nullptr),
      g_markup_parse_context_free);
  GError* error = nullptr;
  parsed.well_formed = g_markup_parse_context_parse(context.get(), body.data(),
                                                    static_cast<gssize>(body.size()), &error) &&
                       g_markup_parse_context_end_parse(context.get(), &error);
  if (error) {
    parsed.error = error->message;
    g_error_free(error);
  }
  return parsed;
}

}  // namespace svg_testing
