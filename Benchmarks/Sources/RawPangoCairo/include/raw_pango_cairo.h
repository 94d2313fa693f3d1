// raw_pango_cairo: Pango laying a message out and Cairo rasterizing it, as a C program would call
// them, for the render-pango-cairo benchmark: the same paragraph layout as raw_pango (forced RTL base
// direction, a fixed width, wrapping at words then characters, only BidiRender's own regular fonts
// through a fontconfig configuration of those files), then `pango_cairo_show_layout` into a reused
// ARGB32 Cairo image surface, cleared to white and drawn in black, unhinted and anti-aliased in grey
// like BidiRender's renderer. No Pango, Cairo, GLib or fontconfig type appears here.
#ifndef RAW_PANGO_CAIRO_H
#define RAW_PANGO_CAIRO_H

typedef struct raw_pango_cairo raw_pango_cairo;

/// A renderer of layouts `width` px wide in a `size` px font (families Noto Sans Arabic, Noto Sans,
/// Noto Sans CJK SC) on the regular fonts of `fonts_dir` (the repository's Fonts/ folder). Returns
/// NULL on failure.
raw_pango_cairo *raw_pango_cairo_create(const char *fonts_dir, int width, int size);
void raw_pango_cairo_destroy(raw_pango_cairo *r);

/// Lays out `text` (UTF-8, `len` bytes) as one paragraph and draws it into the surface, which grows
/// to the layout's pixel size when it is smaller (and is reused otherwise); only the layout's area is
/// cleared and drawn. Returns the number of lines, or -1 on failure.
int raw_pango_cairo_render(raw_pango_cairo *r, const char *text, int len);

/// `raw_pango_cairo_render`, then the layout's area written as a PNG file through
/// `cairo_surface_write_to_png_stream` (Cairo's own encoder, on libpng) into a byte counter: the
/// baseline of a message to PNG bytes. Returns the PNG's size in bytes, or -1 on failure.
long raw_pango_cairo_render_png(raw_pango_cairo *r, const char *text, int len);
/// The byte at `offset` of the surface's pixel data after the last render (ARGB32, premultiplied,
/// native-endian words; `stride` bytes a row), for checks; -1 past the surface.
int raw_pango_cairo_byte(raw_pango_cairo *r, int offset);
/// The surface's stride in bytes and the last layout's pixel width and height.
void raw_pango_cairo_size(raw_pango_cairo *r, int *stride, int *width, int *height);
#endif
