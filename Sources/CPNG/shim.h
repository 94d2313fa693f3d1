// CPNG: libpng's simplified API (png_image_*), which reports errors in the png_image struct instead
// of longjmp, so Swift can call it safely; and one writer on libpng's full API (for the zlib level
// and the row filters, which the simplified API does not offer) whose setjmp, longjmp and callbacks
// all stay in this C header: no libpng error ever unwinds a Swift frame. Only
// Sources/BidiRender/Interop imports this module.
#ifndef CPNG_SHIM_H
#define CPNG_SHIM_H

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

// PNG_IMAGE_VERSION and PNG_FORMAT_RGBA are macro expressions.
static inline png_uint_32 CPNG_PNG_IMAGE_VERSION(void) { return PNG_IMAGE_VERSION; }
static inline png_uint_32 CPNG_PNG_FORMAT_RGBA(void) { return PNG_FORMAT_RGBA; }


// The bytes cpng_write_rgba writes: malloc'd, grown by doubling. Its caller owns them and frees
// them with cpng_buffer_free, success or not.
typedef struct {
    unsigned char *bytes;
    size_t count;
    size_t capacity;
} CPNGBuffer;

static inline void cpng_buffer_free(CPNGBuffer *buffer) {
    free(buffer->bytes);
    buffer->bytes = NULL;
    buffer->count = buffer->capacity = 0;
}

// Makes room for `capacity` bytes up front (a guess at the file's size saves the doublings);
// returns 0 when malloc fails (the writer then grows the buffer as it goes).
static inline int cpng_buffer_reserve(CPNGBuffer *buffer, size_t capacity) {
    if (buffer->capacity >= capacity) return 1;
    unsigned char *moved = (unsigned char *)realloc(buffer->bytes, capacity);
    if (!moved) return 0;
    buffer->bytes = moved;
    buffer->capacity = capacity;
    return 1;
}

// Where a libpng error jumps back to, and its message.
typedef struct {
    jmp_buf jump;
    char message[160];
} CPNGFailure;

static inline void cpng_on_error(png_structp png, png_const_charp message) {
    CPNGFailure *failure = (CPNGFailure *)png_get_error_ptr(png);
    strncpy(failure->message, message ? message : "unknown error", sizeof failure->message - 1);
    failure->message[sizeof failure->message - 1] = 0;
    longjmp(failure->jump, 1);
}

static inline void cpng_on_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

static inline void cpng_append(png_structp png, png_bytep data, size_t length) {
    CPNGBuffer *buffer = (CPNGBuffer *)png_get_io_ptr(png);
    if (length > (size_t)-1 - buffer->count) png_error(png, "the PNG passes the address space");
    if (buffer->count + length > buffer->capacity) {
        size_t next = buffer->capacity ? buffer->capacity : 4096;
        while (next < buffer->count + length) next = next > ((size_t)-1) / 2 ? buffer->count + length : next * 2;
        unsigned char *moved = (unsigned char *)realloc(buffer->bytes, next);
        if (!moved) png_error(png, "out of memory");
        buffer->bytes = moved;
        buffer->capacity = next;
    }
    memcpy(buffer->bytes + buffer->count, data, length);
    buffer->count += length;
}

static inline void cpng_flush(png_structp png) { (void)png; }

// Writes `height` rows of `width` RGBA pixels (8 bits a channel, sRGB, straight alpha; rows of
// width × 4 bytes, one after another) as a PNG into `out`, at zlib `level` (0: stored, 9: smallest),
// each row filtered by libpng's adaptive choice among the five PNG filters when `filtered`, else
// unfiltered; with an sRGB chunk, as png_image_write_to_memory writes one. Returns 1, or 0 with
// libpng's reason in `message` (NUL-terminated, at most `size` bytes with it). The sides must be
// 1 or more and within libpng's limits (the caller checks them).
static inline int cpng_write_rgba(const unsigned char *pixels, png_uint_32 width, png_uint_32 height, int level,
                                  int filtered, CPNGBuffer *out, char *message, size_t size) {
    CPNGFailure failure;
    failure.message[0] = 0;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &failure, cpng_on_error, cpng_on_warning);
    if (!png) {
        strncpy(message, "png_create_write_struct failed", size - 1);
        message[size - 1] = 0;
        return 0;
    }
    png_infop info = png_create_info_struct(png);
    if (!info) {
        png_destroy_write_struct(&png, NULL);
        strncpy(message, "png_create_info_struct failed", size - 1);
        message[size - 1] = 0;
        return 0;
    }
    // `png` and `info` are not changed after setjmp, so they keep their values after a longjmp.
    if (setjmp(failure.jump)) {
        png_destroy_write_struct(&png, &info);
        strncpy(message, failure.message, size - 1);
        message[size - 1] = 0;
        return 0;
    }
    png_set_write_fn(png, out, cpng_append, cpng_flush);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_BASE,
                 PNG_FILTER_TYPE_BASE);
    png_set_sRGB(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
    png_write_info(png, info);
    // After the header, as png_image_write_main sets its fast options: writing IHDR resets an unset
    // filter choice to all filters.
    png_set_filter(png, PNG_FILTER_TYPE_BASE, filtered ? PNG_ALL_FILTERS : PNG_NO_FILTERS);
    png_set_compression_level(png, level);
    for (png_uint_32 y = 0; y < height; y++) png_write_row(png, pixels + (size_t)y * width * 4);
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    return 1;
}

#endif
