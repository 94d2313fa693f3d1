// raw_raqm: libraqm on FreeType faces opened once, one raqm object per message.
#include "raw_raqm.h"
#include <raqm.h>
#include <stdio.h>
#include <stdlib.h>

/// The fonts BidiRender lays the corpus out with, relative to the Fonts/ folder, in fallback order.
static const char *const font_files[] = {
    "NotoSansArabic/NotoSansArabic-Regular.ttf",
    "NotoSans/NotoSans-Regular.ttf",
    "NotoSansSC/NotoSansSC-Regular.otf",
};
enum { FONT_COUNT = sizeof font_files / sizeof *font_files, LATIN = 1 };

struct raw_raqm {
    FT_Library library;
    FT_Face faces[FONT_COUNT];
};

raw_raqm *raw_raqm_create(const char *fonts_dir, int size) {
    if (!fonts_dir || size <= 0) return NULL;
    raw_raqm *r = calloc(1, sizeof *r);
    if (!r) return NULL;
    if (FT_Init_FreeType(&r->library)) { r->library = NULL; goto fail; }
    for (int i = 0; i < FONT_COUNT; i++) {
        char path[4096];
        int n = snprintf(path, sizeof path, "%s/%s", fonts_dir, font_files[i]);
        if (n < 0 || n >= (int)sizeof path) goto fail;
        if (FT_New_Face(r->library, path, 0, &r->faces[i])) { r->faces[i] = NULL; goto fail; }
        if (FT_Set_Pixel_Sizes(r->faces[i], 0, (FT_UInt)size)) goto fail;
    }
    return r;
fail:
    raw_raqm_destroy(r);
    return NULL;
}

void raw_raqm_destroy(raw_raqm *r) {
    if (!r) return;
    for (int i = 0; i < FONT_COUNT; i++) {
        if (r->faces[i]) FT_Done_Face(r->faces[i]);
    }
    if (r->library) FT_Done_FreeType(r->library);
    free(r);
}

/// The first face whose cmap maps `c`, else the Latin one (whose .notdef then shows it).
static FT_Face face_for(const raw_raqm *r, uint32_t c) {
    for (int i = 0; i < FONT_COUNT; i++) {
        if (FT_Get_Char_Index(r->faces[i], c)) return r->faces[i];
    }
    return r->faces[LATIN];
}

/// Sets each run of code points with the same face on `rq` (raqm_set_text's indices: code points).
/// `len` is at least 1.
static bool set_faces(const raw_raqm *r, raqm_t *rq, const uint32_t *text, size_t len) {
    size_t start = 0;
    FT_Face current = face_for(r, text[0]);
    for (size_t i = 1; i <= len; i++) {
        FT_Face face = i < len ? face_for(r, text[i]) : NULL;
        if (face == current) continue;
        if (!raqm_set_freetype_face_range(rq, current, start, i - start)) return false;
        start = i;
        current = face;
    }
    return true;
}

int raw_raqm_layout(raw_raqm *r, const uint32_t *text, int len) {
    if (!r || len < 0 || (!text && len > 0)) return -1;
    if (len == 0) return 0;
    // raqm 0.7 has no way to reset an object (raqm_clear_contents came later): one per message.
    raqm_t *rq = raqm_create();
    if (!rq) return -1;
    int glyphs = -1;
    size_t n = (size_t)len;
    if (raqm_set_text(rq, text, n) && raqm_set_par_direction(rq, RAQM_DIRECTION_RTL) &&
        raqm_set_language(rq, "ar", 0, n) && set_faces(r, rq, text, n) && raqm_layout(rq)) {
        size_t count = 0;
        raqm_glyph_t *g = raqm_get_glyphs(rq, &count);
        if (g || count == 0) glyphs = (int)count;
    }
    raqm_destroy(rq);
    return glyphs;
}
