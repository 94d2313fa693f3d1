// raw_raqm: libraqm 0.7 as a C program would call it, for the layout-raqm benchmark: bidi,
// itemization and shaping of a whole message as one line (raqm breaks no lines) under a forced RTL
// paragraph, with per-code-point font fallback over BidiRender's own regular fonts, opened once with
// FreeType. No raqm or FreeType type appears here.
#ifndef RAW_RAQM_H
#define RAW_RAQM_H
#include <stdint.h>

typedef struct raw_raqm raw_raqm;

/// Opens the Arabic, Latin (Noto Sans) and Chinese regular fonts of `fonts_dir` (the repository's
/// Fonts/ folder) at `size` px. Returns NULL on failure.
raw_raqm *raw_raqm_create(const char *fonts_dir, int size);
void raw_raqm_destroy(raw_raqm *r);

/// Lays out `text` (UTF-32, `len` code points) as one RTL line: each code point in the first of the
/// Arabic, Latin and Chinese fonts that maps it (else the Latin one), then raqm_layout. Returns the
/// number of glyphs, or -1 on failure.
int raw_raqm_layout(raw_raqm *r, const uint32_t *text, int len);
#endif
