// CFriBidi: the FriBidi C API as one clang module, plus shims for its function-like macros,
// which do not import into Swift. Only Sources/BidiRender/Interop imports this module.
#ifndef CFRIBIDI_SHIM_H
#define CFRIBIDI_SHIM_H

#include <fribidi.h>

// FRIBIDI_FLAGS_DEFAULT is a multi-line macro expression, which Swift does not import.
static inline FriBidiFlags CFriBidi_FRIBIDI_FLAGS_DEFAULT(void) { return FRIBIDI_FLAGS_DEFAULT; }

// FRIBIDI_BRACKET_OPEN_MASK is an unsigned literal macro with a suffix Swift does not import reliably.
static inline FriBidiBracketType CFriBidi_FRIBIDI_BRACKET_OPEN_MASK(void) { return FRIBIDI_BRACKET_OPEN_MASK; }

// FRIBIDI_NO_BRACKET is defined as a cast expression.
static inline FriBidiBracketType CFriBidi_FRIBIDI_NO_BRACKET(void) { return FRIBIDI_NO_BRACKET; }

#endif
