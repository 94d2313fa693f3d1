// raw_pango_setup: what the Pango baselines (raw_pango, raw_pango_cairo) share: a fontconfig
// configuration of BidiRender's regular fonts only, and a context and layout on a font map of it
// (forced RTL base direction, Arabic language, a fixed width, wrapping at words then characters).
// For C only: the RawPango Swift module exports raw_pango.h alone (include/module.modulemap).
#ifndef RAW_PANGO_SETUP_H
#define RAW_PANGO_SETUP_H
#include <fontconfig/fontconfig.h>
#include <pango/pango.h>

/// The objects of one baseline, each owned by it.
typedef struct raw_pango_parts {
    FcConfig *config;
    PangoFontMap *font_map;
    PangoContext *context;
    PangoFontDescription *font;
    PangoLayout *layout;
} raw_pango_parts;

/// Fills `parts` on `font_map` (a fontconfig font map, which `parts` then owns) for layouts `width`
/// px wide in a `size` px font on the fonts of `fonts_dir`. Returns 0, or -1 with `parts` partly
/// filled (free it with raw_pango_parts_free either way).
int raw_pango_parts_init(raw_pango_parts *parts, PangoFontMap *font_map, const char *fonts_dir, int width, int size);
/// Frees what `parts` holds.
void raw_pango_parts_free(raw_pango_parts *parts);
#endif
