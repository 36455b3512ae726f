// render_png (picture.hpp): librsvg draws the SVG into a cairo surface, cairo writes the PNG.
//
// librsvg and cairo (and pango, fontconfig, harfbuzz... some thirty libraries with them) are
// opened on the first picture rendered, not linked: only a mail with a picture pays to load
// them, never every command's start (docs/PERFORMANCE.md). The headers give the types;
// core::SharedLibrary finds the functions, by the names the headers declare.
#include <memory>
#include <stdexcept>
#include <string>

#include <cairo.h>
#include <librsvg/rsvg.h>

#include "core/shared_library.hpp"
#include "referee/picture.hpp"

namespace referee {

namespace {

// The Debian 12 package librsvg2-2; cairo's functions are found through it (its dependency).
constexpr const char* kLibrary = "librsvg-2.so.2";

struct Librsvg {
  decltype(&rsvg_handle_new_from_data) new_from_data = nullptr;
  decltype(&g_object_unref) object_unref = nullptr;  // GObject's, which librsvg brings
  decltype(&g_error_free) error_free = nullptr;      // GLib's, likewise
  decltype(&rsvg_handle_get_intrinsic_size_in_pixels) intrinsic_size = nullptr;
  decltype(&rsvg_handle_render_document) render_document = nullptr;
  decltype(&cairo_image_surface_create) image_surface_create = nullptr;
  decltype(&cairo_create) create = nullptr;
  decltype(&cairo_destroy) destroy = nullptr;
  decltype(&cairo_surface_destroy) surface_destroy = nullptr;
  decltype(&cairo_surface_write_to_png_stream) write_to_png_stream = nullptr;
  std::string error;  // why it could not be opened; empty when it was
};

const Librsvg& librsvg() {
  static const Librsvg loaded = [] {
    Librsvg l;
    core::SharedLibrary library(kLibrary);
    library.find("rsvg_handle_new_from_data", l.new_from_data);
    library.find("g_object_unref", l.object_unref);
    library.find("g_error_free", l.error_free);
    library.find("rsvg_handle_get_intrinsic_size_in_pixels", l.intrinsic_size);
    library.find("rsvg_handle_render_document", l.render_document);
    library.find("cairo_image_surface_create", l.image_surface_create);
    library.find("cairo_create", l.create);
    library.find("cairo_destroy", l.destroy);
    library.find("cairo_surface_destroy", l.surface_destroy);
    library.find("cairo_surface_write_to_png_stream", l.write_to_png_stream);
    l.error = library.error();
    return l;
  }();
  return loaded;
}

}  // namespace

std::string render_png(const std::string& svg_text, double scale) {
  const Librsvg& rsvg = librsvg();
  if (!rsvg.error.empty()) throw std::runtime_error("no PNG: librsvg: " + rsvg.error);
  GError* error = nullptr;
  std::unique_ptr<RsvgHandle, decltype(&g_object_unref)> handle(
      rsvg.new_from_data(reinterpret_cast<const guint8*>(svg_text.data()), svg_text.size(), &error),
      rsvg.object_unref);
  if (!handle) {
    const std::string why = error ? error->message : "unknown error";
    if (error) rsvg.error_free(error);
    throw std::runtime_error("librsvg cannot read the picture: " + why);
  }
  gdouble width = 0, height = 0;
  if (!rsvg.intrinsic_size(handle.get(), &width, &height))
    throw std::runtime_error("the picture has no size");
  const int w = static_cast<int>(width * scale + 0.5);
  const int h = static_cast<int>(height * scale + 0.5);
  std::unique_ptr<cairo_surface_t, decltype(&cairo_surface_destroy)> surface(
      rsvg.image_surface_create(CAIRO_FORMAT_ARGB32, w, h), rsvg.surface_destroy);
  std::unique_ptr<cairo_t, decltype(&cairo_destroy)> cr(rsvg.create(surface.get()), rsvg.destroy);
  const RsvgRectangle viewport{0, 0, static_cast<double>(w), static_cast<double>(h)};
  if (!rsvg.render_document(handle.get(), cr.get(), &viewport, &error)) {
    const std::string why = error ? error->message : "unknown error";
    if (error) rsvg.error_free(error);
    throw std::runtime_error("librsvg cannot draw the picture: " + why);
  }
  std::string png;
  const auto append = [](void* closure, const unsigned char* data, unsigned int length) {
    static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
    return CAIRO_STATUS_SUCCESS;
  };
  if (rsvg.write_to_png_stream(surface.get(), append, &png) != CAIRO_STATUS_SUCCESS)
    throw std::runtime_error("cairo cannot write the PNG");
  return png;
}

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
