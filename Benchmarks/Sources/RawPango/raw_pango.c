// raw_pango: Pango's full layout through pangoft2, on a fontconfig configuration of our fonts only.
#include "raw_pango.h"
#include "raw_pango_setup.h"
#include <fontconfig/fontconfig.h>
#include <pango/pangoft2.h>
#include <stdio.h>
#include <stdlib.h>

/// The fonts BidiRender lays the corpus out with, relative to the Fonts/ folder.
static const char *const font_files[] = {
    "NotoSansArabic/NotoSansArabic-Regular.ttf",
    "NotoSans/NotoSans-Regular.ttf",
    "NotoSansSC/NotoSansSC-Regular.otf",
};

int raw_pango_parts_init(raw_pango_parts *p, PangoFontMap *font_map, const char *fonts_dir, int width, int size) {
    p->font_map = font_map;
    if (!font_map) return -1;
    // A configuration with no configuration files: no system fonts, no aliases, only our three files.
    p->config = FcConfigCreate();
    if (!p->config) return -1;
    for (size_t i = 0; i < sizeof font_files / sizeof *font_files; i++) {
        char path[4096];
        int n = snprintf(path, sizeof path, "%s/%s", fonts_dir, font_files[i]);
        if (n < 0 || n >= (int)sizeof path || !FcConfigAppFontAddFile(p->config, (const FcChar8 *)path)) return -1;
    }
    pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(p->font_map), p->config); // takes its own reference
    p->context = pango_font_map_create_context(p->font_map);
    if (!p->context) return -1;
    pango_context_set_base_dir(p->context, PANGO_DIRECTION_RTL);
    pango_context_set_language(p->context, pango_language_from_string("ar"));
    // The fonts' own family names (the Chinese one is "Noto Sans CJK SC"), at an absolute pixel size.
    p->font = pango_font_description_new();
    pango_font_description_set_family(p->font, "Noto Sans Arabic,Noto Sans,Noto Sans CJK SC");
    pango_font_description_set_absolute_size(p->font, size * PANGO_SCALE);
    pango_context_set_font_description(p->context, p->font);
    p->layout = pango_layout_new(p->context);
    if (!p->layout) return -1;
    pango_layout_set_auto_dir(p->layout, FALSE);
    pango_layout_set_font_description(p->layout, p->font);
    pango_layout_set_width(p->layout, width * PANGO_SCALE);
    pango_layout_set_wrap(p->layout, PANGO_WRAP_WORD_CHAR);
    return 0;
}

void raw_pango_parts_free(raw_pango_parts *p) {
    if (p->layout) g_object_unref(p->layout);
    if (p->context) g_object_unref(p->context);
    if (p->font_map) {
        // Pango 1.50 keeps its reference to the configuration when the font map is finalized (later
        // versions drop it there): detaching it first frees it on every version.
        pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(p->font_map), NULL);
        g_object_unref(p->font_map);
    }
    if (p->font) pango_font_description_free(p->font);
    if (p->config) FcConfigDestroy(p->config);
    *p = (raw_pango_parts){0};
}

struct raw_pango {
    raw_pango_parts parts;
    int width_px, height_px; // the pixel size of the last layout
};

raw_pango *raw_pango_create(const char *fonts_dir, int width, int size) {
    if (!fonts_dir || width <= 0 || size <= 0) return NULL;
    raw_pango *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    if (raw_pango_parts_init(&p->parts, pango_ft2_font_map_new(), fonts_dir, width, size) != 0) {
        raw_pango_destroy(p);
        return NULL;
    }
    return p;
}

void raw_pango_destroy(raw_pango *p) {
    if (!p) return;
    raw_pango_parts_free(&p->parts);
    free(p);
}

int raw_pango_layout(raw_pango *p, const char *text, int len) {
    if (!p || len < 0 || (!text && len > 0)) return -1;
    pango_layout_set_text(p->parts.layout, text ? text : "", len);
    // Either call runs the whole layout: itemize, fallback, shape, break.
    int lines = pango_layout_get_line_count(p->parts.layout);
    pango_layout_get_pixel_size(p->parts.layout, &p->width_px, &p->height_px);
    return lines;
}
