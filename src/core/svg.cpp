#include "core/svg.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <stdexcept>

#include <fmt/format.h>
#include <glib.h>

namespace core::svg {

namespace {

// XML 1.0 allows tab, newline and carriage return among the C0 controls, and nothing below them.
bool allowed_in_xml(unsigned char c) { return c >= 0x20 || c == '\t' || c == '\n' || c == '\r'; }

std::string attr(const char* name, const std::string& value) {
  return value.empty() ? std::string() : fmt::format(" {}=\"{}\"", name, escape(value));
}

std::string style_attrs(const Style& s) {
  std::string out = attr("class", s.css_class);
  out += attr("fill", s.fill.empty() ? std::string("none") : s.fill);
  if (s.opacity < 1.0) out += fmt::format(" fill-opacity=\"{}\"", number(s.opacity));
  out += attr("stroke", s.stroke);
  if (!s.stroke.empty() && s.stroke_width > 0)
    out += fmt::format(" stroke-width=\"{}\"", number(s.stroke_width));
  out += attr("stroke-dasharray", s.dash);
  return out;
}

std::string points_attr(const std::vector<double>& points) {
  std::string out;
  for (std::size_t i = 0; i + 1 < points.size(); i += 2)
    out += fmt::format("{}{},{}", out.empty() ? "" : " ", number(points[i]), number(points[i + 1]));
  return out;
}

constexpr const char* kSans = "DejaVu Sans, Verdana, Arial, sans-serif";
constexpr const char* kMono = "DejaVu Sans Mono, Menlo, Consolas, monospace";

}  // namespace

std::string text_of(const nlohmann::json& value, const std::string& fallback) {
  if (value.is_string()) return value.get<std::string>();
  if (value.is_number()) return value.dump();
  return fallback;
}

std::string escape(std::string_view text) {
  std::string clean;
  clean.reserve(text.size());
  for (char c : text)
    if (allowed_in_xml(static_cast<unsigned char>(c))) clean.push_back(c);
  std::unique_ptr<gchar, decltype(&g_free)> valid(
      g_utf8_make_valid(clean.data(), static_cast<gssize>(clean.size())), g_free);
  std::unique_ptr<gchar, decltype(&g_free)> escaped(g_markup_escape_text(valid.get(), -1), g_free);
  return escaped.get();
}

std::string number(double value) {
  if (!std::isfinite(value)) throw std::invalid_argument("svg: a coordinate is not finite");
  std::string out = fmt::format("{:.2f}", value);
  out.erase(out.find_last_not_of('0') + 1);
  if (out.back() == '.') out.pop_back();
  return out == "-0" ? "0" : out;
}

void Drawing::rect(double x, double y, double w, double h, const Style& style, double radius) {
  body_ += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"", number(x), number(y),
                       number(w), number(h));
  if (radius > 0) body_ += fmt::format(" rx=\"{}\"", number(radius));
  body_ += style_attrs(style) + "/>\n";
}

void Drawing::circle(double cx, double cy, double r, const Style& style) {
  body_ += fmt::format("<circle cx=\"{}\" cy=\"{}\" r=\"{}\"{}/>\n", number(cx), number(cy),
                       number(r), style_attrs(style));
}

void Drawing::line(double x1, double y1, double x2, double y2, const Style& style) {
  body_ += fmt::format("<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"{}/>\n", number(x1),
                       number(y1), number(x2), number(y2), style_attrs(style));
}

void Drawing::polygon(const std::vector<double>& points, const Style& style) {
  body_ += fmt::format("<polygon points=\"{}\"{}/>\n", points_attr(points), style_attrs(style));
}

void Drawing::polyline(const std::vector<double>& points, const Style& style) {
  Style open = style;
  body_ += fmt::format("<polyline points=\"{}\"{} stroke-linejoin=\"round\"/>\n",
                       points_attr(points), style_attrs(open));
}

void Drawing::text(double x, double y, std::string_view content, const TextStyle& style) {
  static constexpr const char* kAnchors[] = {"start", "middle", "end"};
  body_ += fmt::format(
      "<text x=\"{}\" y=\"{}\" font-family=\"{}\" font-size=\"{}\" fill=\"{}\"{}{}>{}</text>\n",
      number(x), number(y), style.mono ? kMono : kSans, number(style.size), escape(style.fill),
      style.anchor == Anchor::kStart
          ? std::string()
          : fmt::format(" text-anchor=\"{}\"", kAnchors[static_cast<int>(style.anchor)]),
      style.bold ? " font-weight=\"bold\"" : "", escape(content));
}

void Drawing::begin_group(std::string_view tooltip, std::string_view css_class) {
  body_ += "<g" + attr("class", std::string(css_class)) + ">";
  if (!tooltip.empty()) body_ += "<title>" + escape(tooltip) + "</title>";
  body_ += "\n";
  ++open_groups_;
}

void Drawing::end_group() {
  if (open_groups_ == 0) throw std::logic_error("svg: end_group without begin_group");
  --open_groups_;
  body_ += "</g>\n";
}

void Drawing::place(std::string_view element, double x, double y) {
  body_ += fmt::format("<g transform=\"translate({},{})\">\n", number(x), number(y));
  body_ += element;
  body_ += "</g>\n";
}

std::string Drawing::element() const {
  std::string out = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" "
      "viewBox=\"0 0 {0} {1}\" role=\"img\">\n",
      number(width_), number(height_));
  if (!title_.empty()) out += "<title>" + escape(title_) + "</title>\n";
  out += body_;
  for (int i = 0; i < open_groups_; ++i) out += "</g>\n";
  return out + "</svg>\n";
}

namespace {
// Glyph widths as fractions of the font size, DejaVu Sans Bold's digits and capitals and the
// widest suit symbols (a little generous, so that a narrower fallback font never overflows the
// card, and no symbol meets the next).
constexpr double kRankAdvance = 0.84;
constexpr double kSymbolAdvance = 0.86;
constexpr double kPad = 4;
// The note grows with the card, so that it stays readable where a card is drawn large.
double note_size(double height) { return std::max(9.0, height * 0.28); }
double note_width(const CardFace& face, double height) {
  return face.note.empty() ? 0
                           : 0.7 * note_size(height) * static_cast<double>(face.note.size()) + 1;
}
}  // namespace

double card_width(const CardFace& face, double height) {
  const double rank = kRankAdvance * height * 0.6 * static_cast<double>(face.rank.size());
  const double symbols = kSymbolAdvance * height * 0.62 * static_cast<double>(face.suits.size());
  return kPad * 2 + rank + symbols + note_width(face, height) + 2;
}

void card(Drawing& d, double x, double y, double width, double height, const CardFace& face) {
  d.begin_group(face.tooltip, face.marked ? "card last" : "card");
  d.rect(x, y, width, height,
         {.fill = colour::kWhite,
          .stroke = face.marked ? colour::kHighlight : colour::kDarkGrey,
          .stroke_width = face.marked ? 2.5 : 1,
          .dash = face.marked ? "5 3" : "",
          .css_class = "face"},
         4);
  const std::string ink = !face.rank_ink.empty() ? face.rank_ink
                          : face.suits.empty()   ? std::string(colour::kBlack)
                                                 : face.suits[0].ink;
  const double baseline = y + height * 0.5 + height * 0.6 * 0.36;
  d.text(x + kPad, baseline, face.rank, {.size = height * 0.6, .bold = true, .fill = ink});
  double sx = x + width - kPad - note_width(face, height);
  for (auto it = face.suits.rbegin(); it != face.suits.rend(); ++it) {
    d.text(sx, baseline, it->symbol,
           {.size = height * 0.62, .anchor = Anchor::kEnd, .fill = it->ink});
    sx -= kSymbolAdvance * height * 0.62;
  }
  if (!face.note.empty())
    d.text(x + width - kPad, y + height * 0.45, face.note,
           {.size = note_size(height), .anchor = Anchor::kEnd, .fill = colour::kDarkGrey});
  d.end_group();
}

std::vector<std::string> wrap(std::string_view text, double width, double size) {
  // Characters, not bytes: a UTF-8 continuation byte starts no character.
  const auto length = [](std::string_view s) {
    return static_cast<double>(std::count_if(
        s.begin(), s.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
  };
  const double per_line = std::max(1.0, width / (0.64 * size));
  std::vector<std::string> lines;
  std::string line;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find(' ', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view word = text.substr(start, end - start);
    if (!line.empty() && length(line) + 1 + length(word) > per_line) {
      lines.push_back(line);
      line.clear();
    }
    if (!line.empty()) line += ' ';
    line += word;
    start = end + 1;
  }
  if (!line.empty()) lines.push_back(line);
  return lines;
}

double last_turn_text(Drawing& d, double x, double y, std::string_view sentence, double width,
                      double size) {
  d.begin_group({}, "last-turn");
  double used = 0;
  for (const std::string& line : wrap(sentence, width, size)) {
    d.text(x, y + used, line, {.size = size, .bold = true, .fill = colour::kHighlight});
    used += size * 1.35;
  }
  d.end_group();
  return used;
}

std::string document(std::string_view element) {
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + std::string(element);
}

}  // namespace core::svg
