// bidirender_icu: the small plain-C face of ICU that BidiRender uses — UAX #14 line breaking
// and UAX #29 word and sentence boundaries (ubrk), Unicode and emoji properties (uchar), localized messages (icu::MessageFormat with named
// arguments, in icu_messages.cpp), UTS #39 spoof checks (uspoof, in icu_spoof.c) and, for tests and benchmarks, ICU's independent UAX #9
// implementation (ubidi).
// No ICU type appears here: a clang module of the system ICU clashes with Foundation's own ICU, so
// Swift sees only this header.
#ifndef BIDIRENDER_ICU_H
#define BIDIRENDER_ICU_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The kinds of break iterator a br_breaker can be: UAX #14 line break opportunities, UAX #29 word
/// and sentence boundaries.
enum { BR_BREAK_LINE = 0, BR_BREAK_WORD = 1, BR_BREAK_SENTENCE = 2 };

/// Added to a word boundary's value by br_breaker_breaks when the segment ending there is a word
/// (letters, numbers, kana or ideographs: ICU's rule status at or past UBRK_WORD_NONE_LIMIT), not
/// spaces or punctuation.
enum { BR_WORDLIKE = 4 };

/// A reusable ICU break iterator of one kind for one locale (ubrk_open) with a UTF-16 scratch
/// buffer. Not thread-safe: one per thread.
typedef struct br_breaker br_breaker;

/// Opens a breaker of `kind` (BR_BREAK_*) for `locale` (a BCP 47 or ICU locale id; "" for the root
/// rules). Returns NULL on failure and writes ICU's error name to `error` (at most `error_size` bytes).
br_breaker *br_breaker_open(int kind, const char *locale, char *error, size_t error_size);

/// Frees a breaker (ubrk_close). NULL is allowed.
void br_breaker_close(br_breaker *breaker);

/// The boundaries of `text` (UTF-32, `length` code points), one value for each i in 0...length
/// (length + 1 entries) in `out`: 0 where there is none; for a line breaker 1 where a line may
/// start at code point i (a break opportunity before it) and 2 where one must (after a mandatory
/// break such as U+2028); for a word breaker 1, or 1 + BR_WORDLIKE, where a segment ends; for a
/// sentence breaker 1 where a sentence ends. out[0] is always 0; out[length] is not 0 for a text
/// that is not empty. Returns 0, or -1 when ICU fails or memory runs out.
int br_breaker_breaks(br_breaker *breaker, const uint32_t *text, int32_t length, uint8_t *out);

/// Whether `breaker`'s rules are ICU's root rules: the locale its data was loaded from (ICU's actual
/// locale) is root. 1 or 0. (Keywords such as lb=loose change the rules but not that locale.)
int br_breaker_root_rules(br_breaker *breaker);

/// ICU's UAX #9 on one paragraph of UTF-32 text (`length` code points), as one line:
/// ubidi_setPara, ubidi_getLevels and ubidi_getVisualMap, converting through UTF-16.
/// `paragraph_level` is 0 (LTR), 1 (RTL) or -1 (auto, P2–P3 with LTR default).
/// Writes the level of every code point to `levels` and the code point indices in visual order to
/// `visual` (all `length` of them, controls included). Returns the paragraph level, or -1 on failure.
int br_icu_bidi(const uint32_t *text, int32_t length, int paragraph_level, uint8_t *levels, int32_t *visual);

/// The same for one line `line_start..<line_end` (code point indices) of the paragraph
/// (ubidi_setLine): rules L1–L2 on that line only. Writes the line's code point indices in visual
/// order to `visual` (line_end - line_start entries). Returns 0, or -1 on failure.
int br_icu_bidi_line(const uint32_t *text, int32_t length, int paragraph_level, int32_t line_start, int32_t line_end,
                     int32_t *visual);

/// The Unicode version of ICU's character data (u_getUnicodeVersion), written as
/// "major.minor.patch" to `out` (at most `out_size` bytes, NUL included).
void br_icu_unicode_version(char *out, size_t out_size);

/// Whether `c` takes part in cursive joining: 1 unless its Joining_Type (ArabicShaping.txt) is U,
/// non-joining; 0 for a non-joining character.
int br_is_joining(uint32_t c);

/// Whether `c`'s Joining_Type is T, transparent (most combining marks): joining looks past it to
/// the character before or after.
int br_is_transparent_joining(uint32_t c);

/// Emoji properties of `c` (UTS #51, ICU's u_hasBinaryProperty), each 1 or 0: Emoji,
/// Emoji_Presentation, Extended_Pictographic, Regional_Indicator and Emoji_Modifier.
int br_is_emoji(uint32_t c);
int br_has_emoji_presentation(uint32_t c);
int br_is_extended_pictographic(uint32_t c);
int br_is_regional_indicator(uint32_t c);
int br_is_emoji_modifier(uint32_t c);
/// Whether `c`'s Grapheme_Cluster_Break is Extend (UAX #29), 1 or 0.
int br_is_grapheme_extend(uint32_t c);
/// `c`'s Line_Break class (UAX #14) as ICU's `ULineBreak` numbers it (U_LB_ALPHABETIC is 2, ...).
int br_line_break_class(uint32_t c);

/// Whether `text` (UTF-16, `length` units) is exactly one RGI emoji sequence of UTS #51 (ED-27: a
/// basic emoji, keycap, flag, tag, modifier or ZWJ sequence), by ICU's u_stringHasBinaryProperty
/// with UCHAR_RGI_EMOJI (ICU 70 and later): 1 or 0; 0 for an empty or negative length.
int br_is_rgi_emoji(const uint16_t *text, int32_t length);

/// UTS #39 restriction levels (section 5.2), from the strictest: ASCII only, one script, one script
/// plus Han with Hiragana/Katakana, Bopomofo or Hangul (highly restrictive), one Recommended script
/// plus Latin (moderately), any Recommended scripts (minimally), anything.
enum {
    BR_RESTRICTION_ASCII = 1, BR_RESTRICTION_SINGLE_SCRIPT = 2, BR_RESTRICTION_HIGHLY = 3,
    BR_RESTRICTION_MODERATELY = 4, BR_RESTRICTION_MINIMALLY = 5, BR_RESTRICTION_UNRESTRICTIVE = 6
};

/// The UTS #39 restriction level of `text` (an identifier: a name, a host; UTF-16, `length` units)
/// by ICU's spoof checker (uspoof_check2 with USPOOF_AUX_INFO): a BR_RESTRICTION_* value, or -1 for
/// an empty text or an ICU error. The checker is the process's one, opened on first use and only
/// read after: every br_spoof_* function is thread-safe.
int br_spoof_restriction_level(const uint16_t *text, int32_t length);

/// The UTS #39 skeleton of `text` (uspoof_getSkeleton): two strings with equal skeletons are
/// confusable. Writes at most `capacity` units to `out` and returns the skeleton's length (more
/// than `capacity`: call again with room for it), or -1 on an ICU error.
int32_t br_spoof_skeleton(const uint16_t *text, int32_t length, uint16_t *out, int32_t capacity);

/// Whether `a` and `b` are confusable (uspoof_areConfusable): 0 when not, else the BR_CONFUSABLE_*
/// bits (both in one script, in mixed scripts, each wholly in a script of its own); -1 on an error.
enum { BR_CONFUSABLE_SINGLE_SCRIPT = 1, BR_CONFUSABLE_MIXED_SCRIPT = 2, BR_CONFUSABLE_WHOLE_SCRIPT = 4 };
int br_spoof_confusable(const uint16_t *a, int32_t a_length, const uint16_t *b, int32_t b_length);

/// The Unicode form of the domain name `name` (UTF-8, `length` bytes) by UTS #46 (ICU's uidna,
/// nontransitional): each "xn--" label decoded from Punycode. Writes at most `capacity` bytes to
/// `out` and returns the result's length (more than `capacity`: call again with room for it), or
/// -1 when ICU reports an error or the name is not a valid one. Thread-safe: one converter for the
/// process, opened on first use and only read after.
int32_t br_idna_to_unicode(const char *name, int32_t length, char *out, int32_t capacity);

/// One compiled ICU MessageFormat pattern (icu::MessageFormat) for one locale, with the argument
/// slots its pattern uses (read by icu::MessagePattern) and the result of the last format. Not
/// thread-safe: ICU creates number and plural formatters lazily inside format, and the result is
/// kept in the object, so callers serialize every use of one.
///
/// The pattern ICU compiles has its argument names replaced by slot numbers ("{name}" -> "{3}"), so
/// that formatting finds each value by index (ICU looks a name up in a linear scan of the names:
/// quadratic in the arguments) and a name used both as a `select` selector and shown elsewhere gets
/// two slots: the selector's value is matched raw, the shown one can be isolated. Slot numbers stay
/// below 32768 (icu::MessagePattern::Part::MAX_VALUE): callers bound the pattern's size below that.
typedef struct br_message_format br_message_format;

/// What an argument slot takes: text or a number (`{name}`), a number only (`{n, plural, …}`,
/// `{n, number}`, `{n, selectordinal, …}`, `{n, date}`, …), or text only (`{g, select, …}`).
enum {
    BR_MESSAGE_ARGUMENT_ANY = 0,
    BR_MESSAGE_ARGUMENT_NUMBER = 1,
    BR_MESSAGE_ARGUMENT_TEXT = 2,
};

/// How a value is passed to br_message_format_format.
enum {
    /// `text_lengths[i]` UTF-16 units of `texts`.
    BR_MESSAGE_VALUE_TEXT = 0,
    /// `numbers[i]`, a double.
    BR_MESSAGE_VALUE_DOUBLE = 1,
    /// A decimal number spelled in ASCII in `text_lengths[i]` units of `texts` ("-12.5", "1e3",
    /// "99999999999999999999"), given to ICU exactly (icu::Formattable's decimal-number constructor).
    BR_MESSAGE_VALUE_DECIMAL = 2,
    /// `numbers[i]`, a date: milliseconds since 1970-01-01 00:00 UTC (ICU's UDate).
    BR_MESSAGE_VALUE_DATE = 3,
};

/// Compiles `pattern` (UTF-16, `length` units) for `locale` (an ICU or BCP 47 locale id). Returns
/// NULL when ICU rejects it: writes ICU's error name to `error` (at most `error_size` bytes) and the
/// offset in UTF-16 units of the pattern where ICU's parser stopped to `*error_offset` (UParseError's
/// offset; for an error ICU finds after parsing, such as an unknown type or a bad number skeleton,
/// the start of the argument that ICU rejects alone; -1 when neither is known).
br_message_format *br_message_format_open(const uint16_t *pattern, int32_t length, const char *locale,
                                          int32_t *error_offset, char *error, size_t error_size);

/// Frees a compiled pattern. NULL is allowed.
void br_message_format_close(br_message_format *format);

/// The number of argument slots of the pattern (each name once, a selector name twice when it is
/// also shown).
int32_t br_message_format_argument_count(const br_message_format *format);

/// Argument slot `index` (in order of first use): its name, as UTF-16 units valid while `format`
/// lives (`*name_length` of them), and its kind, a BR_MESSAGE_ARGUMENT_ value.
const uint16_t *br_message_format_argument(const br_message_format *format, int32_t index, int32_t *name_length,
                                           int *kind);

/// Formats with one value per slot, `count` of them (br_message_format_argument_count), by index
/// (icu::MessageFormat::format with an array). Value i is of kind `kinds[i]`, a BR_MESSAGE_VALUE_:
/// `numbers[i]`, or `text_lengths[i]` units of `texts` (all texts and decimals one after another).
/// Returns the length of the result in UTF-16 units (read it with br_message_format_result), or -1
/// with ICU's error name in `error`.
int32_t br_message_format_format(br_message_format *format, int32_t count, const uint16_t *texts,
                                 const int32_t *text_lengths, const double *numbers, const uint8_t *kinds, char *error,
                                 size_t error_size);

/// The result of the last successful br_message_format_format, valid until the next call on `format`.
const uint16_t *br_message_format_result(const br_message_format *format);

/// The ICU version string, for example "72.1".
const char *br_icu_version(void);

#ifdef __cplusplus
}
#endif

#endif
