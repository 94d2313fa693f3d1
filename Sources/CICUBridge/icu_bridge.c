// icu_bridge: implementation of bidirender_icu.h on ICU4C (libicu-dev).
#include "bidirender_icu.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/uloc.h>
#include <unicode/uchar.h>
#include <unicode/uclean.h>
#include <unicode/ustring.h>
#include <unicode/uversion.h>

#if U_ICU_VERSION_MAJOR_NUM < 70
#error "BidiRender needs ICU 70 or later (u_stringHasBinaryProperty and UCHAR_RGI_EMOJI)"
#endif

struct br_breaker {
    int kind;            // BR_BREAK_*
    UBreakIterator *iterator;
    UChar *utf16;        // the text as UTF-16
    int32_t *unit_to_cp; // UTF-16 unit index -> code point index
    int32_t capacity;    // in UTF-16 units
};

static void copy_error(UErrorCode status, char *error, size_t error_size) {
    if (error && error_size > 0) {
        strncpy(error, u_errorName(status), error_size - 1);
        error[error_size - 1] = 0;
    }
}

br_breaker *br_breaker_open(int kind, const char *locale, char *error, size_t error_size) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIteratorType type = kind == BR_BREAK_WORD ? UBRK_WORD : kind == BR_BREAK_SENTENCE ? UBRK_SENTENCE : UBRK_LINE;
    UBreakIterator *iterator = ubrk_open(type, locale, NULL, 0, &status);
    if (U_FAILURE(status) || !iterator) {
        copy_error(status, error, error_size);
        return NULL;
    }
    br_breaker *breaker = calloc(1, sizeof *breaker);
    if (!breaker) {
        ubrk_close(iterator);
        copy_error(U_MEMORY_ALLOCATION_ERROR, error, error_size);
        return NULL;
    }
    breaker->kind = kind;
    breaker->iterator = iterator;
    return breaker;
}

void br_breaker_close(br_breaker *breaker) {
    if (!breaker) return;
    ubrk_close(breaker->iterator);
    free(breaker->utf16);
    free(breaker->unit_to_cp);
    free(breaker);
}

/// Converts UTF-32 to UTF-16 into growable buffers, recording the code point of each unit.
static int to_utf16(const uint32_t *text, int32_t length, UChar **utf16, int32_t **unit_to_cp, int32_t *capacity,
                    int32_t *units) {
    int32_t needed = length * 2 + 1;
    if (needed > *capacity) {
        UChar *u = realloc(*utf16, sizeof(UChar) * needed);
        if (!u) return -1;
        *utf16 = u;
        int32_t *m = realloc(*unit_to_cp, sizeof(int32_t) * needed);
        if (!m) return -1;
        *unit_to_cp = m;
        *capacity = needed;
    }
    int32_t n = 0;
    for (int32_t i = 0; i < length; i++) {
        uint32_t c = text[i];
        if (c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) c = 0xFFFD;
        if (c >= 0x10000) {
            (*utf16)[n] = (UChar)(0xD7C0 + (c >> 10));
            (*unit_to_cp)[n++] = i;
            (*utf16)[n] = (UChar)(0xDC00 | (c & 0x3FF));
            (*unit_to_cp)[n++] = i;
        } else {
            (*utf16)[n] = (UChar)c;
            (*unit_to_cp)[n++] = i;
        }
    }
    (*unit_to_cp)[n] = length;
    *units = n;
    return 0;
}

int br_breaker_breaks(br_breaker *breaker, const uint32_t *text, int32_t length, uint8_t *out) {
    memset(out, 0, (size_t)length + 1);
    if (length <= 0) return 0;
    int32_t units = 0;
    if (to_utf16(text, length, &breaker->utf16, &breaker->unit_to_cp, &breaker->capacity, &units) != 0) return -1;
    UErrorCode status = U_ZERO_ERROR;
    ubrk_setText(breaker->iterator, breaker->utf16, units, &status);
    if (U_FAILURE(status)) return -1;
    for (int32_t b = ubrk_following(breaker->iterator, 0); b != UBRK_DONE; b = ubrk_next(breaker->iterator)) {
        int32_t rule = ubrk_getRuleStatus(breaker->iterator);
        uint8_t value = 1;
        if (breaker->kind == BR_BREAK_LINE && rule >= UBRK_LINE_HARD && rule < UBRK_LINE_HARD_LIMIT) value = 2;
        if (breaker->kind == BR_BREAK_WORD && rule >= UBRK_WORD_NONE_LIMIT) value = 1 + BR_WORDLIKE;
        out[breaker->unit_to_cp[b]] = value;
        if (b >= units) break;
    }
    ubrk_setText(breaker->iterator, NULL, 0, &status);
    return 0;
}

int br_breaker_root_rules(br_breaker *breaker) {
    UErrorCode status = U_ZERO_ERROR;
    const char *actual = ubrk_getLocaleByType(breaker->iterator, ULOC_ACTUAL_LOCALE, &status);
    return U_SUCCESS(status) && actual != NULL && strcmp(actual, "root") == 0 ? 1 : 0;
}

int br_icu_bidi(const uint32_t *text, int32_t length, int paragraph_level, uint8_t *levels, int32_t *visual) {
    UChar *utf16 = NULL;
    int32_t *unit_to_cp = NULL;
    int32_t capacity = 0, units = 0;
    int result = -1;
    UBiDi *bidi = NULL;
    int32_t *map = NULL;
    if (length == 0) return paragraph_level < 0 ? 0 : paragraph_level;
    if (to_utf16(text, length, &utf16, &unit_to_cp, &capacity, &units) != 0) goto done;
    UErrorCode status = U_ZERO_ERROR;
    bidi = ubidi_openSized(units, 0, &status);
    if (U_FAILURE(status)) goto done;
    UBiDiLevel level = paragraph_level < 0 ? UBIDI_DEFAULT_LTR : (UBiDiLevel)paragraph_level;
    ubidi_setPara(bidi, utf16, units, level, NULL, &status);
    if (U_FAILURE(status)) goto done;
    const UBiDiLevel *unit_levels = ubidi_getLevels(bidi, &status);
    if (U_FAILURE(status)) goto done;
    for (int32_t u = 0; u < units; u++) levels[unit_to_cp[u]] = unit_levels[u];
    map = malloc(sizeof(int32_t) * units);
    if (!map) goto done;
    ubidi_getVisualMap(bidi, map, &status);
    if (U_FAILURE(status)) goto done;
    int32_t n = 0;
    for (int32_t v = 0; v < units; v++) {
        int32_t u = map[v];
        if (u < 0) continue;
        int32_t cp = unit_to_cp[u];
        // A supplementary character is two units; list it once.
        if (u > 0 && unit_to_cp[u - 1] == cp) continue;
        visual[n++] = cp;
    }
    result = ubidi_getParaLevel(bidi);
done:
    if (bidi) ubidi_close(bidi);
    free(map);
    free(utf16);
    free(unit_to_cp);
    return result;
}

int br_icu_bidi_line(const uint32_t *text, int32_t length, int paragraph_level, int32_t line_start, int32_t line_end,
                     int32_t *visual) {
    UChar *utf16 = NULL;
    int32_t *unit_to_cp = NULL;
    int32_t capacity = 0, units = 0;
    int result = -1;
    UBiDi *bidi = NULL, *line = NULL;
    int32_t *map = NULL;
    if (line_start < 0 || line_end > length || line_start > line_end) return -1;
    if (line_start == line_end) return 0;
    if (to_utf16(text, length, &utf16, &unit_to_cp, &capacity, &units) != 0) goto done;
    // The UTF-16 unit range of the line.
    int32_t unit_start = 0, unit_end = units;
    while (unit_start < units && unit_to_cp[unit_start] < line_start) unit_start++;
    unit_end = unit_start;
    while (unit_end < units && unit_to_cp[unit_end] < line_end) unit_end++;
    UErrorCode status = U_ZERO_ERROR;
    bidi = ubidi_openSized(units, 0, &status);
    line = ubidi_openSized(units, 0, &status);
    if (U_FAILURE(status)) goto done;
    UBiDiLevel level = paragraph_level < 0 ? UBIDI_DEFAULT_LTR : (UBiDiLevel)paragraph_level;
    ubidi_setPara(bidi, utf16, units, level, NULL, &status);
    ubidi_setLine(bidi, unit_start, unit_end, line, &status);
    if (U_FAILURE(status)) goto done;
    int32_t line_units = unit_end - unit_start;
    map = malloc(sizeof(int32_t) * (line_units > 0 ? line_units : 1));
    if (!map) goto done;
    ubidi_getVisualMap(line, map, &status);
    if (U_FAILURE(status)) goto done;
    int32_t n = 0;
    for (int32_t v = 0; v < line_units; v++) {
        int32_t u = map[v];
        if (u < 0) continue;
        u += unit_start;
        int32_t cp = unit_to_cp[u];
        if (u > unit_start && unit_to_cp[u - 1] == cp) continue;
        visual[n++] = cp;
    }
    result = 0;
done:
    if (line) ubidi_close(line);
    if (bidi) ubidi_close(bidi);
    free(map);
    free(utf16);
    free(unit_to_cp);
    return result;
}

const char *br_icu_version(void) {
    return U_ICU_VERSION;
}

void br_icu_unicode_version(char *out, size_t out_size) {
    UVersionInfo version;
    if (out_size == 0) return;
    u_getUnicodeVersion(version);
    snprintf(out, out_size, "%u.%u.%u", (unsigned)version[0], (unsigned)version[1], (unsigned)version[2]);
}

int br_is_joining(uint32_t c) {
    return u_getIntPropertyValue((UChar32)c, UCHAR_JOINING_TYPE) != U_JT_NON_JOINING;
}

int br_is_transparent_joining(uint32_t c) {
    return u_getIntPropertyValue((UChar32)c, UCHAR_JOINING_TYPE) == U_JT_TRANSPARENT;
}

int br_is_emoji(uint32_t c) {
    return u_hasBinaryProperty((UChar32)c, UCHAR_EMOJI) ? 1 : 0;
}

int br_has_emoji_presentation(uint32_t c) {
    return u_hasBinaryProperty((UChar32)c, UCHAR_EMOJI_PRESENTATION) ? 1 : 0;
}

int br_is_extended_pictographic(uint32_t c) {
    return u_hasBinaryProperty((UChar32)c, UCHAR_EXTENDED_PICTOGRAPHIC) ? 1 : 0;
}

int br_is_grapheme_extend(uint32_t c) {
    return u_getIntPropertyValue((UChar32)c, UCHAR_GRAPHEME_CLUSTER_BREAK) == U_GCB_EXTEND ? 1 : 0;
}

int br_is_regional_indicator(uint32_t c) {
    return u_hasBinaryProperty((UChar32)c, UCHAR_REGIONAL_INDICATOR) ? 1 : 0;
}

int br_is_emoji_modifier(uint32_t c) {
    return u_hasBinaryProperty((UChar32)c, UCHAR_EMOJI_MODIFIER) ? 1 : 0;
}

int br_line_break_class(uint32_t c) {
    return u_getIntPropertyValue((UChar32)c, UCHAR_LINE_BREAK);
}

int br_is_rgi_emoji(const uint16_t *text, int32_t length) {
    if (!text || length <= 0) return 0;
    return u_stringHasBinaryProperty((const UChar *)text, length, UCHAR_RGI_EMOJI) ? 1 : 0;
}
