// raw_fribidi: FriBidi with reused buffers, as a C program would call it.
#include "raw_fribidi.h"
#include <fribidi.h>
#include <stdlib.h>

struct raw_fribidi {
    int capacity;
    FriBidiCharType *types;
    FriBidiBracketType *brackets;
    FriBidiLevel *levels;
    FriBidiStrIndex *map;
};

raw_fribidi *raw_fribidi_create(int capacity) {
    raw_fribidi *r = calloc(1, sizeof *r);
    if (!r) return NULL;
    r->capacity = capacity;
    r->types = malloc(sizeof(FriBidiCharType) * capacity);
    r->brackets = malloc(sizeof(FriBidiBracketType) * capacity);
    r->levels = malloc(sizeof(FriBidiLevel) * capacity);
    r->map = malloc(sizeof(FriBidiStrIndex) * capacity);
    if (!r->types || !r->brackets || !r->levels || !r->map) { raw_fribidi_destroy(r); return NULL; }
    return r;
}

void raw_fribidi_destroy(raw_fribidi *r) {
    if (!r) return;
    free(r->types);
    free(r->brackets);
    free(r->levels);
    free(r->map);
    free(r);
}

int raw_fribidi_reorder(raw_fribidi *r, const uint32_t *text, int len, int rtl) {
    if (len > r->capacity) return -1;
    fribidi_get_bidi_types(text, len, r->types);
    fribidi_get_bracket_types(text, len, r->types, r->brackets);
    FriBidiParType base = rtl ? FRIBIDI_PAR_RTL : FRIBIDI_PAR_LTR;
    if (!fribidi_get_par_embedding_levels_ex(r->types, r->brackets, len, &base, r->levels)) return -1;
    for (int i = 0; i < len; i++) r->map[i] = i;
    FriBidiFlags flags = FRIBIDI_FLAGS_DEFAULT & ~FRIBIDI_FLAG_REORDER_NSM;
    if (!fribidi_reorder_line(flags, r->types, len, 0, base, r->levels, NULL, r->map)) return -1;
    return len;
}

const int32_t *raw_fribidi_map(const raw_fribidi *r) { return r->map; }
