/* The floor for the memory of `mail` (issue 16): a C program that does only the part of a mail
 * that needs the most memory, drawing each player's picture to PNG with librsvg and cairo, as
 * referee/png.cpp does (an ARGB surface of the picture's size, the PNG written to memory).
 * Nothing else: no database, no GMime, no C++ runtime. bench/long_game.sh prints its peak
 * resident set beside mail's, for the pictures of the same views.
 * Usage: picture-floor PICTURE.svg... */
#include <cairo.h>
#include <librsvg/rsvg.h>
#include <stdio.h>

static cairo_status_t count_bytes(void* closure, const unsigned char* data, unsigned int length) {
  (void)data;
  *(size_t*)closure += length;
  return CAIRO_STATUS_SUCCESS;
}

static int draw(const char* path) {
  GError* error = NULL;
  RsvgHandle* handle = rsvg_handle_new_from_file(path, &error);
  if (!handle) {
    fprintf(stderr, "picture-floor: %s: %s\n", path, error ? error->message : "unreadable");
    return 1;
  }
  gdouble width = 0, height = 0;
  rsvg_handle_get_intrinsic_size_in_pixels(handle, &width, &height);
  cairo_surface_t* surface =
      cairo_image_surface_create(CAIRO_FORMAT_ARGB32, (int)(width + 0.5), (int)(height + 0.5));
  cairo_t* cr = cairo_create(surface);
  const RsvgRectangle viewport = {0, 0, width, height};
  int failed = !rsvg_handle_render_document(handle, cr, &viewport, &error);
  size_t bytes = 0;
  failed = failed ||
           cairo_surface_write_to_png_stream(surface, count_bytes, &bytes) != CAIRO_STATUS_SUCCESS;
  if (failed) fprintf(stderr, "picture-floor: %s: cannot be drawn\n", path);
  cairo_destroy(cr);
  cairo_surface_destroy(surface);
  g_object_unref(handle);
  if (error) g_error_free(error);
  return failed;
}

int main(int argc, char** argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: picture-floor PICTURE.svg...\n");
    return 64;
  }
  int failed = 0;
  for (int i = 1; i < argc; ++i) failed |= draw(argv[i]);
  return failed ? 65 : 0;
}
