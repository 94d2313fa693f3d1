// raw_fribidi: the FriBidi C baseline the Swift reorder path is measured against. It does the same
// work with FriBidi's own API and preallocated buffers: bidi types, bracket types, levels and
// reorder_line, the whole message as one line.
#ifndef RAW_FRIBIDI_H
#define RAW_FRIBIDI_H
#include <stdint.h>

typedef struct raw_fribidi raw_fribidi;

/// Buffers for texts of up to `capacity` code points.
raw_fribidi *raw_fribidi_create(int capacity);
void raw_fribidi_destroy(raw_fribidi *r);

/// Reorders `text` (UTF-32, `len` code points) as one line under a forced direction (rtl != 0 for
/// RTL). Returns the number of entries of the visual map, or -1 on failure.
int raw_fribidi_reorder(raw_fribidi *r, const uint32_t *text, int len, int rtl);

/// The visual map of the last call.
const int32_t *raw_fribidi_map(const raw_fribidi *r);
#endif
