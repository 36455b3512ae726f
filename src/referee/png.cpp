// render_png (picture.hpp): librsvg draws the SVG into a cairo surface, cairo writes the PNG.
// Linked into caravan-ref-mail only (with cairo, pango and the rest: some thirty libraries), where
// mail's pictures are made; cli.hpp says why.
#include <deque>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>

#include <cairo.h>
#include <librsvg/rsvg.h>

#include "referee/picture.hpp"

namespace referee {

namespace {

// The last pictures made, newest first: a process that draws the same picture again (a replay,
// the same view in two mails) draws it once. At twice the layout's pixels a PNG costs some
// 100 ms, most of it in compressing.
constexpr std::size_t kKept = 16;
struct Made {
  std::string svg;
  double scale;
  std::string png;
};
std::mutex kept_lock;
std::deque<Made> kept;

std::string draw(const std::string& svg_text, double scale);

}  // namespace

std::string render_png(const std::string& svg_text, double scale) {
  {
    const std::lock_guard<std::mutex> lock(kept_lock);
    for (const Made& made : kept)
      if (made.scale == scale && made.svg == svg_text) return made.png;
  }
  std::string png = draw(svg_text, scale);
  const std::lock_guard<std::mutex> lock(kept_lock);
  kept.push_front({svg_text, scale, png});
  if (kept.size() > kKept) kept.pop_back();
  return png;
}

namespace {

std::string draw(const std::string& svg_text, double scale) {
  GError* error = nullptr;
  std::unique_ptr<RsvgHandle, decltype(&g_object_unref)> handle(
      rsvg_handle_new_from_data(reinterpret_cast<const guint8*>(svg_text.data()), svg_text.size(),
                                &error),
      g_object_unref);
  if (!handle) {
    const std::string why = error ? error->message : "unknown error";
    if (error) g_error_free(error);
    throw std::runtime_error("librsvg cannot read the picture: " + why);
  }
  gdouble width = 0, height = 0;
  if (!rsvg_handle_get_intrinsic_size_in_pixels(handle.get(), &width, &height))
    throw std::runtime_error("the picture has no size");
  const int w = static_cast<int>(width * scale + 0.5);
  const int h = static_cast<int>(height * scale + 0.5);
  std::unique_ptr<cairo_surface_t, decltype(&cairo_surface_destroy)> surface(
      cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h), cairo_surface_destroy);
  std::unique_ptr<cairo_t, decltype(&cairo_destroy)> cr(cairo_create(surface.get()), cairo_destroy);
  const RsvgRectangle viewport{0, 0, static_cast<double>(w), static_cast<double>(h)};
  if (!rsvg_handle_render_document(handle.get(), cr.get(), &viewport, &error)) {
    const std::string why = error ? error->message : "unknown error";
    if (error) g_error_free(error);
    throw std::runtime_error("librsvg cannot draw the picture: " + why);
  }
  std::string png;
  const auto append = [](void* closure, const unsigned char* data, unsigned int length) {
    static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
    return CAIRO_STATUS_SUCCESS;
  };
  if (cairo_surface_write_to_png_stream(surface.get(), append, &png) != CAIRO_STATUS_SUCCESS)
    throw std::runtime_error("cairo cannot write the PNG");
  return png;
}

}  // namespace

}  // namespace referee

// fontconfig, which librsvg's text layout loads, keeps its caches for the life of the process and
// never frees them: LeakSanitizer would report them in every test that renders a PNG. Only
// fontconfig's allocations are exempt, and only in sanitized builds (this file is linked wherever
// a PNG can be made).
#if defined(__SANITIZE_ADDRESS__)
#define CARAVAN_LEAK_CHECKED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CARAVAN_LEAK_CHECKED 1
#endif
#endif
#ifdef CARAVAN_LEAK_CHECKED
extern "C" const char* __lsan_default_suppressions() { return "leak:libfontconfig.so\n"; }
#endif
