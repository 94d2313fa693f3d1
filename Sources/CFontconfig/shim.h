// CFontconfig: fontconfig as one clang module, for system font fallback.
// Only Sources/BidiRender/Interop imports this module.
#ifndef CFONTCONFIG_SHIM_H
#define CFONTCONFIG_SHIM_H

#include <fontconfig/fontconfig.h>

// FC_CHARSET, FC_LANG, FC_FILE … are string macros Swift imports; the object names are kept here for
// one place to read them.

#endif
