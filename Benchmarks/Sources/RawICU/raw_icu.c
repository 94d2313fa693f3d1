// raw_icu: ubidi with a reused UBiDi object and buffers.
#include "raw_icu.h"
#include <stdlib.h>
#include <unicode/ubidi.h>

struct raw_icu {
    int capacity;
    UBiDi *bidi;
    UChar *utf16;
    int32_t *map;
};

raw_icu *raw_icu_create(int capacity) {
    raw_icu *r = calloc(1, sizeof *r);
    if (!r) return NULL;
    UErrorCode status = U_ZERO_ERROR;
    r->capacity = capacity;
    r->bidi = ubidi_openSized(capacity * 2, 0, &status);
    r->utf16 = malloc(sizeof(UChar) * capacity * 2);
    r->map = malloc(sizeof(int32_t) * capacity * 2);
    if (U_FAILURE(status) || !r->utf16 || !r->map) { raw_icu_destroy(r); return NULL; }
    return r;
}

void raw_icu_destroy(raw_icu *r) {
    if (!r) return;
    if (r->bidi) ubidi_close(r->bidi);
    free(r->utf16);
    free(r->map);
    free(r);
}

int raw_icu_reorder(raw_icu *r, const uint32_t *text, int len, int rtl) {
    if (len > r->capacity) return -1;
    int32_t n = 0;
    for (int i = 0; i < len; i++) {
        uint32_t c = text[i];
        if (c >= 0x10000) {
            r->utf16[n++] = (UChar)(0xD7C0 + (c >> 10));
            r->utf16[n++] = (UChar)(0xDC00 | (c & 0x3FF));
        } else {
            r->utf16[n++] = (UChar)c;
        }
    }
    UErrorCode status = U_ZERO_ERROR;
    ubidi_setPara(r->bidi, r->utf16, n, rtl ? 1 : 0, NULL, &status);
    ubidi_getVisualMap(r->bidi, r->map, &status);
    return U_FAILURE(status) ? -1 : n;
}
