// CPangoReference: Pango (pangoft2 on a fontconfig configuration of one font file) as the tests'
// reference for carets, hit-testing and visual movement. Used only by the test target; the wrappers
// below keep GObject casts and macros on the C side.
#ifndef CPANGO_REFERENCE_H
#define CPANGO_REFERENCE_H

#include <fontconfig/fontconfig.h>
#include <pango/pangoft2.h>
#include <stdlib.h>

typedef struct {
    FcConfig *config;
    PangoFontMap *font_map;
    PangoContext *context;
    PangoLayout *layout;
} cpango_reference;

/// A layout on `font_file` alone (family `family`) at `size_px`, with base direction RTL when `rtl`,
/// unrounded glyph positions, no width (one line per paragraph). NULL on failure.
static inline cpango_reference *cpango_reference_create(const char *font_file, const char *family, double size_px, int rtl) {
    cpango_reference *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    p->config = FcConfigCreate();
    if (!p->config || !FcConfigAppFontAddFile(p->config, (const FcChar8 *)font_file)) return NULL;
    p->font_map = pango_ft2_font_map_new();
    pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(p->font_map), p->config);
    p->context = pango_font_map_create_context(p->font_map);
    pango_context_set_round_glyph_positions(p->context, FALSE);
    pango_context_set_base_dir(p->context, rtl ? PANGO_DIRECTION_RTL : PANGO_DIRECTION_LTR);
    PangoFontDescription *font = pango_font_description_new();
    pango_font_description_set_family(font, family);
    pango_font_description_set_absolute_size(font, size_px * PANGO_SCALE);
    pango_context_set_font_description(p->context, font);
    p->layout = pango_layout_new(p->context);
    pango_layout_set_auto_dir(p->layout, FALSE);
    pango_layout_set_font_description(p->layout, font);
    pango_font_description_free(font);
    return p;
}

static inline void cpango_reference_destroy(cpango_reference *p) {
    if (!p) return;
    if (p->layout) g_object_unref(p->layout);
    if (p->context) g_object_unref(p->context);
    if (p->font_map) {
        pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(p->font_map), NULL);
        g_object_unref(p->font_map);
    }
    if (p->config) FcConfigDestroy(p->config);
    free(p);
}

static inline void cpango_reference_set_text(cpango_reference *p, const char *text, int length) {
    pango_layout_set_text(p->layout, text, length);
}

/// The strong and weak cursors of byte index `index` (pango_layout_get_cursor_pos), x in px.
static inline void cpango_reference_cursor(cpango_reference *p, int index, double *strong_x, double *weak_x) {
    PangoRectangle strong, weak;
    pango_layout_get_cursor_pos(p->layout, index, &strong, &weak);
    *strong_x = (double)strong.x / PANGO_SCALE;
    *weak_x = (double)weak.x / PANGO_SCALE;
}

/// The byte index and trailing count at (x, y) px (pango_layout_xy_to_index).
static inline int cpango_reference_xy_to_index(cpango_reference *p, double x, double y, int *trailing) {
    int index = 0;
    pango_layout_xy_to_index(p->layout, (int)(x * PANGO_SCALE), (int)(y * PANGO_SCALE), &index, trailing);
    return index;
}

/// One step of the strong cursor (pango_layout_move_cursor_visually); G_MAXINT or -1 off the ends.
static inline int cpango_reference_move(cpango_reference *p, int index, int trailing, int direction, int *new_trailing) {
    int new_index = 0;
    pango_layout_move_cursor_visually(p->layout, TRUE, index, trailing, direction, &new_index, new_trailing);
    return new_index;
}

/// The layout's pixel width (logical extents), in px.
static inline double cpango_reference_width(cpango_reference *p) {
    PangoRectangle logical;
    pango_layout_get_extents(p->layout, NULL, &logical);
    return (double)logical.width / PANGO_SCALE;
}

#endif
