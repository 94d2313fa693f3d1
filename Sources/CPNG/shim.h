// CPNG: libpng's simplified API (png_image_*), which reports errors in the png_image struct instead
// of longjmp, so Swift can call it safely. Only Sources/BidiRender/Interop imports this module.
#ifndef CPNG_SHIM_H
#define CPNG_SHIM_H

#include <png.h>

// PNG_IMAGE_VERSION and PNG_FORMAT_RGBA are macro expressions.
static inline png_uint_32 CPNG_PNG_IMAGE_VERSION(void) { return PNG_IMAGE_VERSION; }
static inline png_uint_32 CPNG_PNG_FORMAT_RGBA(void) { return PNG_FORMAT_RGBA; }

// PNG_IMAGE_PNG_SIZE_MAX is a function-like macro: an upper bound on the PNG bytes of `image`
// (its width, height and format set), so that one png_image_write_to_memory call writes the file.
static inline png_alloc_size_t CPNG_PNG_IMAGE_PNG_SIZE_MAX(const png_image *image) {
    return PNG_IMAGE_PNG_SIZE_MAX(*image);
}

// PNG_IMAGE_FAILED is a function-like macro: whether the image's warning_or_error says error.
static inline int CPNG_PNG_IMAGE_FAILED(png_image *image) { return PNG_IMAGE_FAILED(*image); }

#endif
