// raw_icu: ICU's ubidi as a C program would call it, for the reorder-icu benchmark: setPara and
// getVisualMap on a reused UBiDi object, the UTF-32 → UTF-16 conversion included.
// No ICU type appears here (Foundation's own ICU would clash with a clang module of the system's).
#ifndef RAW_ICU_H
#define RAW_ICU_H
#include <stdint.h>

typedef struct raw_icu raw_icu;

/// Buffers for texts of up to `capacity` code points.
raw_icu *raw_icu_create(int capacity);
void raw_icu_destroy(raw_icu *r);

/// Reorders `text` (UTF-32, `len` code points) as one line under a forced direction (rtl != 0 for
/// RTL). Returns the number of entries of the visual map (in UTF-16 units), or -1 on failure.
int raw_icu_reorder(raw_icu *r, const uint32_t *text, int len, int rtl);
#endif
