#include "svg_testing.hpp"

#include <algorithm>
#include <memory>

#include <glib.h>

namespace svg_testing {

namespace {

struct Reader {
  Parsed* out;
  int in_text = 0;
  int in_title = 0;
  std::vector<std::vector<std::string>> open_classes;  // per open element, its classes
};

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
  for (int i = 0; names[i]; ++i)
    if (std::string(names[i]) == "class") classes = tokens(values[i]);
  for (const std::string& c : classes) ++reader->out->classes[c];
  reader->open_classes.push_back(std::move(classes));
}

void on_end(GMarkupParseContext*, const gchar* name, gpointer data, GError**) {
  auto* reader = static_cast<Reader*>(data);
  if (std::string(name) == "text") --reader->in_text;
  if (std::string(name) == "title") --reader->in_title;
  reader->open_classes.pop_back();
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
  Reader reader{.out = &parsed, .open_classes = {}};
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
