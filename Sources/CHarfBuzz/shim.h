// CHarfBuzz: HarfBuzz and its FreeType integration (hb-ft) as one clang module.
// Only Sources/BidiRender/Interop imports this module.
#ifndef CHARFBUZZ_SHIM_H
#define CHARFBUZZ_SHIM_H

#include <hb.h>
#include <hb-ft.h>
#include <hb-ot.h>

#endif
