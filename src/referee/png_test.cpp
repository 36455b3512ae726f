// Mail's pictures as palette PNG (png.cpp): every engine's board comes out as a PNG of at most
// 256 colours that, decoded, is the full-colour drawing to within a few levels, and transparency
// survives. The full-colour drawing is made here by librsvg and cairo directly, as the PNG was
// before palettes.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include <cairo.h>
#include <gtest/gtest.h>
#include <librsvg/rsvg.h>
#include <png.h>

#include "core/engine.hpp"
#include "core/rng.hpp"
#include "referee/picture.hpp"

namespace {

using core::Document;

struct Rgba {
  int width = 0;
  int height = 0;
  std::vector<unsigned char> bytes;  // R, G, B, A a pixel, straight alpha

  const unsigned char* at(int x, int y) const {
    return bytes.data() + 4 * (static_cast<std::size_t>(y) * static_cast<std::size_t>(width) +
                               static_cast<std::size_t>(x));
  }
};

// libpng's own reading of a PNG, as any mail program's would be.
Rgba decode(const std::string& png) {
  png_image image;
  std::memset(&image, 0, sizeof image);
  image.version = PNG_IMAGE_VERSION;
  Rgba out;
  if (!png_image_begin_read_from_memory(&image, png.data(), png.size())) return out;
  image.format = PNG_FORMAT_RGBA;
  out.width = static_cast<int>(image.width);
  out.height = static_cast<int>(image.height);
  out.bytes.resize(PNG_IMAGE_SIZE(image));
  if (!png_image_finish_read(&image, nullptr, out.bytes.data(), 0, nullptr)) out = {};
  return out;
}

// The same SVG drawn by librsvg into a cairo surface at `scale`, un-premultiplied.
Rgba full_colour(const std::string& svg, double scale) {
  RsvgHandle* handle =
      rsvg_handle_new_from_data(reinterpret_cast<const guint8*>(svg.data()), svg.size(), nullptr);
  Rgba out;
  if (!handle) return out;
  gdouble width = 0, height = 0;
  rsvg_handle_get_intrinsic_size_in_pixels(handle, &width, &height);
  out.width = static_cast<int>(width * scale + 0.5);
  out.height = static_cast<int>(height * scale + 0.5);
  cairo_surface_t* surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, out.width, out.height);
  cairo_t* cr = cairo_create(surface);
  const RsvgRectangle viewport{0, 0, static_cast<double>(out.width),
                               static_cast<double>(out.height)};
  rsvg_handle_render_document(handle, cr, &viewport, nullptr);
  cairo_surface_flush(surface);
  const unsigned char* data = cairo_image_surface_get_data(surface);
  const int stride = cairo_image_surface_get_stride(surface);
  for (int y = 0; y < out.height; ++y)
    for (int x = 0; x < out.width; ++x) {
      std::uint32_t pixel;
      std::memcpy(&pixel, data + y * stride + 4 * x, sizeof pixel);
      const unsigned a = pixel >> 24;
      for (const int shift : {16, 8, 0}) {
        const unsigned c = (pixel >> shift) & 0xff;
        out.bytes.push_back(static_cast<unsigned char>(a == 0 ? 0 : (c * 255 + a / 2) / a));
      }
      out.bytes.push_back(static_cast<unsigned char>(a));
    }
  cairo_destroy(cr);
  cairo_surface_destroy(surface);
  g_object_unref(handle);
  return out;
}

// The PNG's colour type (IHDR, byte 25): 3 is a palette.
int colour_type(const std::string& png) {
  return png.size() > 25 ? static_cast<unsigned char>(png[25]) : -1;
}

TEST(PalettePng, EveryEnginesBoardIsAPaletteOfTheFullColourDrawing) {
  for (const core::Engine* engine : core::engines()) {
    SCOPED_TRACE(engine->id());
    core::Rng rng(5);
    const auto state = engine->start(engine->min_players(), {}, rng).state;
    const Document view = {{"game", "g1"},
                           {"kind", engine->id()},
                           {"turn", 1},
                           {"to_move", Document::array({engine->seat_name(0)})},
                           {"finished", false},
                           {"you", "referee"},
                           {"state", state->view(core::kReferee)},
                           {"last", Document::array()}};
    const std::string svg = referee::picture_svg(view);
    const std::string png = referee::render_png(svg, referee::kPngScale);
    EXPECT_EQ(colour_type(png), 3);
    const Rgba got = decode(png);
    const Rgba want = full_colour(svg, referee::kPngScale);
    ASSERT_GT(want.width, 0);
    ASSERT_EQ(got.width, want.width);
    ASSERT_EQ(got.height, want.height);
    // Flat colours (most of a board) keep their colour; edges and text may move a few levels.
    double total = 0;
    std::size_t far = 0;
    const std::size_t pixels = want.bytes.size() / 4;
    for (std::size_t i = 0; i < want.bytes.size(); ++i) {
      const int d = std::abs(int{got.bytes[i]} - int{want.bytes[i]});
      total += d;
      if (d > 48) ++far;
    }
    const double mean = total / static_cast<double>(want.bytes.size());
    EXPECT_LT(mean, 1.5) << "mean difference a channel";
    EXPECT_LT(far, pixels / 200) << far << " channels of " << pixels << " pixels off by over 48";
    // The paper in the corner is the paper's own colour.
    for (int c = 0; c < 4; ++c) EXPECT_NEAR(got.at(1, 1)[c], want.at(1, 1)[c], 2) << c;
  }
}

TEST(PalettePng, TransparencyIsKept) {
  const std::string svg =
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"40\" height=\"20\">"
      "<rect x=\"0\" y=\"0\" width=\"20\" height=\"20\" fill=\"#c02020\"/>"
      "<rect x=\"20\" y=\"0\" width=\"10\" height=\"20\" fill=\"#2040c0\" fill-opacity=\"0.5\"/>"
      "</svg>";
  const std::string png = referee::render_png(svg, 2.0);
  EXPECT_EQ(colour_type(png), 3);
  const Rgba got = decode(png);
  ASSERT_EQ(got.width, 80);
  ASSERT_EQ(got.height, 40);
  EXPECT_EQ(got.at(10, 10)[3], 255);
  EXPECT_NEAR(got.at(10, 10)[0], 0xc0, 2);
  EXPECT_NEAR(got.at(50, 10)[3], 128, 3);
  EXPECT_NEAR(got.at(50, 10)[2], 0xc0, 3);
  EXPECT_EQ(got.at(70, 10)[3], 0);
}

TEST(PalettePng, AnSvgThatCannotBeReadIsAnError) {
  EXPECT_THROW(referee::render_png("<svg", 2.0), std::runtime_error);
}

}  // namespace
