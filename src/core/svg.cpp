#include "core/svg.hpp"

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

std::string document(std::string_view element) {
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + std::string(element);
}

}  // namespace core::svg
