// render_png (picture.hpp): librsvg draws the SVG into a cairo surface; libimagequant chooses at
// most 256 colours for it and maps each of its colours to one; libpng writes a palette PNG.
// Linked into caravan-ref-mail only (with cairo, pango and the rest: some thirty libraries), where
// mail's pictures are made; cli.hpp says why.
//
// Why a palette: a board is flat colours, text and their anti-aliased edges, which 256 colours
// hold without a visible change; at twice the layout's pixels the same picture as 32-bit RGBA
// (cairo's own PNG writer) is three to four times the bytes and most of a mail, and compressing
// four bytes a pixel where one will do is most of what writing it costs (docs/PERFORMANCE.md,
// Mail).
#include <algorithm>
#include <csetjmp>
#include <cstdint>
#include <cstring>
#include <deque>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

#include <cairo.h>
#include <libimagequant.h>
#include <librsvg/rsvg.h>
#include <png.h>

#include "referee/picture.hpp"

namespace referee {

namespace {

// The last pictures made, newest first: a process that draws the same picture again (a replay,
// the same view in two mails) draws it once.
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

// libimagequant's settings. At most 256 colours, and fewer where fewer keep the picture within
// quality 80 of 100 (libimagequant's measure): a board's flat fills and text edges need few, and
// every colour saved shortens the rows. Speed 10 of 1-10, the quickest palette: the picture's
// distinct colours, not its pixels, go in (below). No dithering: a flat colour stays one colour
// and an edge stays an edge, where dithering would speckle both (and cost bytes).
constexpr int kMaxQuality = 80;
constexpr int kQuantSpeed = 10;
constexpr float kDithering = 0.0F;
// zlib's default level: on rows of palette indices, level 9 takes ten times as long for 8% fewer
// bytes. No filter: filters help smooth photographs, not palette indices (the PNG
// specification's advice for palette images).
constexpr int kZlibLevel = 6;

// A cairo ARGB32 pixel (premultiplied, one native-endian 32-bit word) as straight RGBA.
liq_color straight(std::uint32_t pixel) {
  const unsigned a = pixel >> 24;
  unsigned r = (pixel >> 16) & 0xff, g = (pixel >> 8) & 0xff, b = pixel & 0xff;
  if (a != 255 && a != 0) {
    r = (r * 255 + a / 2) / a;
    g = (g * 255 + a / 2) / a;
    b = (b * 255 + a / 2) / a;
  }
  return {static_cast<unsigned char>(r), static_cast<unsigned char>(g),
          static_cast<unsigned char>(b), static_cast<unsigned char>(a)};
}

// What libpng reports: its message, kept for the exception thrown after it returns.
struct PngOutput {
  std::string bytes;
  std::string error;
};

void png_failed(png_structp png, png_const_charp message) {
  static_cast<PngOutput*>(png_get_error_ptr(png))->error = message;
  png_longjmp(png, 1);
}
void png_warned(png_structp, png_const_charp) {}
void png_append(png_structp png, png_bytep data, png_size_t length) {
  auto* out = static_cast<PngOutput*>(png_get_io_ptr(png));
  try {
    out->bytes.append(reinterpret_cast<const char*>(data), length);
  } catch (const std::exception&) {
    png_error(png, "out of memory");
  }
}
void png_flushed(png_structp) {}

// libimagequant's objects, each freed by its own function.
struct LiqFree {
  void operator()(liq_attr* attr) const { liq_attr_destroy(attr); }
  void operator()(liq_histogram* histogram) const { liq_histogram_destroy(histogram); }
  void operator()(liq_image* image) const { liq_image_destroy(image); }
  void operator()(liq_result* result) const { liq_result_destroy(result); }
};

// A drawn picture's pixels as cairo keeps them.
struct Pixels {
  const unsigned char* data;
  int stride;
  int width;
  int height;

  std::uint32_t at(int x, int y) const {
    std::uint32_t pixel;
    std::memcpy(&pixel, data + static_cast<std::ptrdiff_t>(y) * stride + 4 * x, sizeof pixel);
    return pixel;
  }
};

// The picture's distinct colours and how often each occurs, each numbered. A drawn board has a
// few thousand colours in a million pixels, mostly in runs: the palette is chosen from the
// counted colours (libimagequant's histogram) and each colour is mapped to the palette once, not
// each pixel.
struct Colours {
  std::unordered_map<std::uint32_t, std::uint32_t> number;  // cairo's pixel word -> its number
  std::vector<liq_histogram_entry> counted;                 // by number
};

Colours count_colours(const Pixels& pixels) {
  Colours colours;
  std::uint32_t last_pixel = 0, last_number = 0;
  bool any = false;
  for (int y = 0; y < pixels.height; ++y)
    for (int x = 0; x < pixels.width; ++x) {
      const std::uint32_t pixel = pixels.at(x, y);
      if (!any || pixel != last_pixel) {
        const auto [it, added] =
            colours.number.try_emplace(pixel, static_cast<std::uint32_t>(colours.counted.size()));
        if (added) colours.counted.push_back({straight(pixel), 0});
        last_pixel = pixel;
        last_number = it->second;
        any = true;
      }
      ++colours.counted[last_number].count;
    }
  return colours;
}

// Where the rows of palette indices come from: each row is made when libpng is ready for it, so
// that no second copy of the picture is ever whole in memory.
struct Rows {
  const Pixels* pixels;
  const Colours* colours;
  const unsigned char* index_of;  // a colour's palette index, by its number
  unsigned char* row;             // one row of indices, `pixels->width` bytes

  void fill(int y) const {
    std::uint32_t last_pixel = 0;
    unsigned char last_index = 0;
    for (int x = 0; x < pixels->width; ++x) {
      const std::uint32_t pixel = pixels->at(x, y);
      if (x == 0 || pixel != last_pixel) {
        last_pixel = pixel;
        last_index = index_of[colours->number.find(pixel)->second];  // every colour was counted
      }
      row[x] = last_index;
    }
  }
};

// Writes the rows with their palette as a PNG into out.bytes; false when libpng failed
// (out.error says why). libpng leaves by longjmp, back to the setjmp here: nothing between them
// has a destructor, and nothing here is read after it.
bool write_rows(png_structp png, png_infop info, const Rows& rows, const liq_palette& palette) {
  if (setjmp(png_jmpbuf(png))) return false;
  const unsigned count = palette.count;
  // Fewer colours, fewer bits an index: a picture of 16 colours or fewer packs two a byte.
  const int depth = count <= 2 ? 1 : count <= 4 ? 2 : count <= 16 ? 4 : 8;
  png_set_IHDR(png, info, static_cast<png_uint_32>(rows.pixels->width),
               static_cast<png_uint_32>(rows.pixels->height), depth, PNG_COLOR_TYPE_PALETTE,
               PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_color colours[256];
  png_byte alpha[256];
  int translucent = 0;  // entries up to the last one that is not opaque (tRNS may stop there)
  for (unsigned i = 0; i < count; ++i) {
    colours[i] = {palette.entries[i].r, palette.entries[i].g, palette.entries[i].b};
    alpha[i] = palette.entries[i].a;
    if (alpha[i] != 255) translucent = static_cast<int>(i) + 1;
  }
  png_set_PLTE(png, info, colours, static_cast<int>(count));
  if (translucent > 0) png_set_tRNS(png, info, alpha, translucent, nullptr);
  png_set_compression_level(png, kZlibLevel);
  png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
  png_write_info(png, info);
  if (depth < 8) png_set_packing(png);
  for (int y = 0; y < rows.pixels->height; ++y) {
    rows.fill(y);
    png_write_row(png, rows.row);
  }
  png_write_end(png, nullptr);
  return true;
}

bool write_palette_png(PngOutput& out, const Rows& rows, const liq_palette& palette) {
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &out, png_failed, png_warned);
  if (!png) return false;
  png_infop info = png_create_info_struct(png);
  bool written = false;
  if (info) {
    png_set_write_fn(png, &out, png_append, png_flushed);
    written = write_rows(png, info, rows, palette);
  }
  png_destroy_write_struct(&png, info ? &info : nullptr);
  return written;
}

std::string palette_png(const Pixels& pixels) {
  const Colours colours = count_colours(pixels);
  const int distinct = static_cast<int>(colours.counted.size());
  const std::unique_ptr<liq_attr, LiqFree> attr(liq_attr_create());
  if (!attr) throw std::runtime_error("libimagequant cannot start");
  liq_set_speed(attr.get(), kQuantSpeed);
  liq_set_quality(attr.get(), 0, kMaxQuality);
  const std::unique_ptr<liq_histogram, LiqFree> histogram(liq_histogram_create(attr.get()));
  if (!histogram || liq_histogram_add_colors(histogram.get(), attr.get(), colours.counted.data(),
                                             distinct, 0) != LIQ_OK)
    throw std::runtime_error("libimagequant cannot count the picture's colours");
  liq_result* made = nullptr;
  if (liq_histogram_quantize(histogram.get(), attr.get(), &made) != LIQ_OK)
    throw std::runtime_error("libimagequant cannot choose the picture's colours");
  const std::unique_ptr<liq_result, LiqFree> result(made);
  liq_set_dithering_level(result.get(), kDithering);
  // The palette as chosen from the weighted colours, copied before the mapping below: mapping
  // would refine it as though each distinct colour were one pixel.
  const liq_palette palette = *liq_get_palette(result.get());
  // The distinct colours as one row of an image, mapped to the palette by libimagequant.
  std::vector<liq_color> distinct_row(colours.counted.size());
  for (std::size_t i = 0; i < distinct_row.size(); ++i) distinct_row[i] = colours.counted[i].color;
  const std::unique_ptr<liq_image, LiqFree> image(
      liq_image_create_rgba(attr.get(), distinct_row.data(), distinct, 1, 0));
  std::vector<unsigned char> index_of(distinct_row.size());
  if (!image || liq_write_remapped_image(result.get(), image.get(), index_of.data(),
                                         index_of.size()) != LIQ_OK)
    throw std::runtime_error("libimagequant cannot map the picture to its colours");
  std::vector<unsigned char> row(static_cast<std::size_t>(pixels.width));
  PngOutput out;
  if (!write_palette_png(out, Rows{&pixels, &colours, index_of.data(), row.data()}, palette))
    throw std::runtime_error("libpng cannot write the PNG: " +
                             (out.error.empty() ? std::string("out of memory") : out.error));
  return std::move(out.bytes);
}

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
  if (w <= 0 || h <= 0) throw std::runtime_error("the picture has no size");
  // A new surface starts transparent.
  std::unique_ptr<cairo_surface_t, decltype(&cairo_surface_destroy)> surface(
      cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h), cairo_surface_destroy);
  if (cairo_surface_status(surface.get()) != CAIRO_STATUS_SUCCESS)
    throw std::runtime_error("cairo cannot make a surface of the picture's size");
  {
    std::unique_ptr<cairo_t, decltype(&cairo_destroy)> cr(cairo_create(surface.get()),
                                                          cairo_destroy);
    const RsvgRectangle viewport{0, 0, static_cast<double>(w), static_cast<double>(h)};
    if (!rsvg_handle_render_document(handle.get(), cr.get(), &viewport, &error)) {
      const std::string why = error ? error->message : "unknown error";
      if (error) g_error_free(error);
      throw std::runtime_error("librsvg cannot draw the picture: " + why);
    }
  }
  cairo_surface_flush(surface.get());
  return palette_png(Pixels{cairo_image_surface_get_data(surface.get()),
                            cairo_image_surface_get_stride(surface.get()), w, h});
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
