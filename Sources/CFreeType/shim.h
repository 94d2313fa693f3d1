// CFreeType: the FreeType 2 API as one clang module, plus shims for function-like macros and the
// error strings that Debian's build leaves out. Only Sources/BidiRender/Interop imports this module.
#ifndef CFREETYPE_SHIM_H
#define CFREETYPE_SHIM_H

#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include FT_TRUETYPE_TABLES_H
#include FT_MULTIPLE_MASTERS_H

// FT_LOAD_TARGET_ is a function-like macro: it packs a render mode into load flags.
static inline FT_Int32 CFreeType_FT_LOAD_TARGET_(FT_Render_Mode mode) { return FT_LOAD_TARGET_(mode); }

// FT_Error_String returns NULL on Debian (built without FT_CONFIG_OPTION_ERROR_STRINGS), so the
// messages are built here, once, from FreeType's own error list (fterrdef.h).
static inline const char *CFreeType_errorString(FT_Error code) {
#undef FTERRORS_H_
#define FT_ERRORDEF(e, v, s) case v: return s;
#define FT_ERROR_START_LIST switch (code) {
#define FT_ERROR_END_LIST }
#include FT_ERRORS_H
    return "unknown FreeType error";
}

#endif
