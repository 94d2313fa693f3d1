// raw_pango: Pango (pangoft2) as a C program would call it, for the layout-pango benchmark: a full
// paragraph layout (bidi, itemization, font fallback, shaping, line breaking) at a fixed width under
// a forced RTL base direction, on one reused PangoContext and PangoLayout. Its fontconfig
// configuration holds only BidiRender's own regular fonts, so both lay out with the same files.
// No Pango, GLib or fontconfig type appears here.
#ifndef RAW_PANGO_H
#define RAW_PANGO_H

typedef struct raw_pango raw_pango;

/// A layout `width` px wide in a `size` px font (families Noto Sans Arabic, Noto Sans, Noto Sans CJK
/// SC), wrapping at words then characters, on the regular fonts of `fonts_dir` (the repository's
/// Fonts/ folder). Returns NULL on failure.
raw_pango *raw_pango_create(const char *fonts_dir, int width, int size);
void raw_pango_destroy(raw_pango *p);

/// Lays out `text` (UTF-8, `len` bytes) as one paragraph and reads its pixel size. Returns the number
/// of lines, or -1 on failure.
int raw_pango_layout(raw_pango *p, const char *text, int len);
#endif
