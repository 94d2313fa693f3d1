// CHarfBuzz: HarfBuzz and its FreeType integration (hb-ft) as one clang module.
// Only Sources/BidiRender/Interop imports this module.
#ifndef CHARFBUZZ_SHIM_H
#define CHARFBUZZ_SHIM_H

#include <hb.h>
#include <hb-ft.h>

// HB_TAG is a function-like macro: four characters packed big-endian into a tag.
static inline hb_tag_t CHarfBuzz_HB_TAG(char c1, char c2, char c3, char c4) { return HB_TAG(c1, c2, c3, c4); }

#endif
