// raw_pango_cairo: Pango's layout (pangocairo on fontconfig) drawn by Cairo into an image surface.
#include "raw_pango_cairo.h"
#include <cairo.h>
#include "raw_pango_setup.h"
#include <pango/pangocairo.h>
#include <stdlib.h>

struct raw_pango_cairo {
    raw_pango_parts parts;    // configuration, font map, context, layout (raw_pango_setup.h)
    cairo_surface_t *surface; // reused while the layouts fit
    cairo_t *cr;              // draws on `surface`
    int surface_width, surface_height;
    int width_px, height_px; // the pixel size of the last layout
};

raw_pango_cairo *raw_pango_cairo_create(const char *fonts_dir, int width, int size) {
    if (!fonts_dir || width <= 0 || size <= 0) return NULL;
    raw_pango_cairo *r = calloc(1, sizeof *r);
    if (!r) return NULL;
    // Cairo's FreeType font map is a fontconfig font map: it takes the same configuration.
    if (raw_pango_parts_init(&r->parts, pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT), fonts_dir, width, size) != 0) {
        raw_pango_cairo_destroy(r);
        return NULL;
    }
    // Unhinted outlines and metrics, grey anti-aliasing: what BidiRender's renderer draws.
    cairo_font_options_t *options = cairo_font_options_create();
    cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY);
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
    pango_cairo_context_set_font_options(r->parts.context, options);
    cairo_font_options_destroy(options);
    pango_layout_context_changed(r->parts.layout);
    return r;
}

void raw_pango_cairo_destroy(raw_pango_cairo *r) {
    if (!r) return;
    if (r->cr) cairo_destroy(r->cr);
    if (r->surface) cairo_surface_destroy(r->surface);
    raw_pango_parts_free(&r->parts);
    free(r);
}

/// Makes the surface at least `width` × `height` px (a new one only when it is too small).
static int ensure_surface(raw_pango_cairo *r, int width, int height) {
    if (r->surface && width <= r->surface_width && height <= r->surface_height) return 0;
    if (r->cr) cairo_destroy(r->cr);
    if (r->surface) cairo_surface_destroy(r->surface);
    r->surface_width = width > r->surface_width ? width : r->surface_width;
    r->surface_height = height > r->surface_height ? height : r->surface_height;
    r->surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, r->surface_width, r->surface_height);
    r->cr = cairo_create(r->surface);
    return cairo_status(r->cr) == CAIRO_STATUS_SUCCESS ? 0 : -1;
}

int raw_pango_cairo_render(raw_pango_cairo *r, const char *text, int len) {
    if (!r || len < 0 || (!text && len > 0)) return -1;
    pango_layout_set_text(r->parts.layout, text ? text : "", len);
    int lines = pango_layout_get_line_count(r->parts.layout);
    pango_layout_get_pixel_size(r->parts.layout, &r->width_px, &r->height_px);
    int width = r->width_px > 0 ? r->width_px : 1, height = r->height_px > 0 ? r->height_px : 1;
    if (ensure_surface(r, width, height) != 0) return -1;
    // Clear the layout's area to white, then draw the text in black over it.
    cairo_set_operator(r->cr, CAIRO_OPERATOR_SOURCE);
    cairo_set_source_rgb(r->cr, 1, 1, 1);
    cairo_rectangle(r->cr, 0, 0, width, height);
    cairo_fill(r->cr);
    cairo_set_operator(r->cr, CAIRO_OPERATOR_OVER);
    cairo_set_source_rgb(r->cr, 0, 0, 0);
    cairo_move_to(r->cr, 0, 0);
    pango_cairo_show_layout(r->cr, r->parts.layout);
    cairo_surface_flush(r->surface);
    return cairo_status(r->cr) == CAIRO_STATUS_SUCCESS ? lines : -1;
}

/// Counts the bytes Cairo writes.
static cairo_status_t count_bytes(void *closure, const unsigned char *data, unsigned int length) {
    (void)data;
    *(long *)closure += length;
    return CAIRO_STATUS_SUCCESS;
}

long raw_pango_cairo_render_png(raw_pango_cairo *r, const char *text, int len) {
    if (raw_pango_cairo_render(r, text, len) < 0) return -1;
    int width = r->width_px > 0 ? r->width_px : 1, height = r->height_px > 0 ? r->height_px : 1;
    // The layout's area of the reused surface, as its own surface (no copy until Cairo reads it).
    cairo_surface_t *area = cairo_surface_create_for_rectangle(r->surface, 0, 0, width, height);
    long bytes = 0;
    cairo_status_t status = cairo_surface_write_to_png_stream(area, count_bytes, &bytes);
    cairo_surface_destroy(area);
    return status == CAIRO_STATUS_SUCCESS ? bytes : -1;
}

int raw_pango_cairo_byte(raw_pango_cairo *r, int offset) {
    if (!r || !r->surface || offset < 0) return -1;
    int size = cairo_image_surface_get_stride(r->surface) * r->surface_height;
    return offset < size ? cairo_image_surface_get_data(r->surface)[offset] : -1;
}

void raw_pango_cairo_size(raw_pango_cairo *r, int *stride, int *width, int *height) {
    if (stride) *stride = r && r->surface ? cairo_image_surface_get_stride(r->surface) : 0;
    if (width) *width = r ? r->width_px : 0;
    if (height) *height = r ? r->height_px : 0;
}
