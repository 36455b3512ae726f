// Compares a browser's screenshot with a stored reference image, with a tolerance (the browser
// test, tests/e2e/browser.sh). PNG files are read by cairo; nothing here decodes PNG by hand.
//
//   png-compare REFERENCE ACTUAL [MAX_FRACTION]  exit 0 when at most MAX_FRACTION (default
//                                                0.02) of the pixels differ visibly, 1 if more
//   png-compare --not-blank ACTUAL               exit 0 when over 2% of the pixels differ from
//                                                the corner pixel (something was drawn)
// Exit 2: a file cannot be read, or the sizes differ.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>

#include <cairo.h>

namespace {

using Surface = std::unique_ptr<cairo_surface_t, decltype(&cairo_surface_destroy)>;

Surface load(const char* path) {
  Surface surface(cairo_image_surface_create_from_png(path), cairo_surface_destroy);
  if (cairo_surface_status(surface.get()) != CAIRO_STATUS_SUCCESS) {
    std::fprintf(stderr, "png-compare: cannot read %s as PNG\n", path);
    std::exit(2);
  }
  cairo_surface_flush(surface.get());
  return surface;
}

std::uint32_t pixel(cairo_surface_t* surface, int x, int y) {
  const unsigned char* row =
      cairo_image_surface_get_data(surface) + y * cairo_image_surface_get_stride(surface);
  std::uint32_t value = 0;
  std::memcpy(&value, row + 4 * x, sizeof value);
  return value;
}

// Two pixels differ visibly when one of their channels differs by more than 48 of 255 (the
// smoothing of text edges differs by less from one run to the next).
bool differ(std::uint32_t a, std::uint32_t b) {
  for (int shift = 0; shift < 32; shift += 8) {
    const int ca = static_cast<int>((a >> shift) & 0xff);
    const int cb = static_cast<int>((b >> shift) & 0xff);
    if (std::abs(ca - cb) > 48) return true;
  }
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 3 && std::string(argv[1]) == "--not-blank") {
    Surface image = load(argv[2]);
    const int w = cairo_image_surface_get_width(image.get());
    const int h = cairo_image_surface_get_height(image.get());
    const std::uint32_t corner = pixel(image.get(), 0, 0);
    long drawn = 0;
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) drawn += differ(pixel(image.get(), x, y), corner);
    const double fraction = w * h > 0 ? static_cast<double>(drawn) / (w * h) : 0;
    std::printf("%s: %dx%d, %.1f%% drawn\n", argv[2], w, h, 100 * fraction);
    return fraction > 0.02 ? 0 : 1;
  }
  if (argc != 3 && argc != 4) {
    std::fprintf(stderr, "usage: png-compare REFERENCE ACTUAL [MAX_FRACTION] | --not-blank PNG\n");
    return 2;
  }
  const double tolerance = argc == 4 ? std::atof(argv[3]) : 0.02;
  Surface reference = load(argv[1]);
  Surface actual = load(argv[2]);
  const int w = cairo_image_surface_get_width(reference.get());
  const int h = cairo_image_surface_get_height(reference.get());
  if (w != cairo_image_surface_get_width(actual.get()) ||
      h != cairo_image_surface_get_height(actual.get())) {
    std::fprintf(stderr, "png-compare: %s is %dx%d, %s is %dx%d\n", argv[1], w, h, argv[2],
                 cairo_image_surface_get_width(actual.get()),
                 cairo_image_surface_get_height(actual.get()));
    return 2;
  }
  long changed = 0;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      changed += differ(pixel(reference.get(), x, y), pixel(actual.get(), x, y));
  const double fraction = w * h > 0 ? static_cast<double>(changed) / (w * h) : 0;
  std::printf("%s: %.2f%% of %dx%d pixels differ from %s (at most %.2f%%)\n", argv[2],
              100 * fraction, w, h, argv[1], 100 * tolerance);
  return fraction <= tolerance ? 0 : 1;
}
