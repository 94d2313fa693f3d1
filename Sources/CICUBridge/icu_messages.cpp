// icu_messages: the localized-message half of bidirender_icu.h, on ICU4C's C++ MessageFormat. The C
// API (umsg_*) takes positional arguments only; icu::MessageFormat::format with argument names
// takes `{name}`, and icu::MessagePattern lists the arguments a pattern names, with their types.
// ICU does all the parsing and formatting (plural rules from CLDR, locale number formats); the bridge
// only renumbers the arguments (see bidirender_icu.h) and passes decimal numbers exactly.
#include "bidirender_icu.h"

#include <map>
#include <new>
#include <string>
#include <string.h>
#include <vector>

#include <unicode/fmtable.h>
#include <unicode/locid.h>
#include <unicode/messagepattern.h>
#include <unicode/msgfmt.h>
#include <unicode/parseerr.h>
#include <unicode/unistr.h>

namespace {

struct Argument {
    icu::UnicodeString name;
    int kind;
};

void copy_error(UErrorCode status, char *error, size_t error_size) {
    if (error && error_size > 0) {
        strncpy(error, u_errorName(status), error_size - 1);
        error[error_size - 1] = 0;
    }
}

/// The kind of value an argument of type `type` takes (see BR_MESSAGE_ARGUMENT_*).
int kind_of(UMessagePatternArgType type) {
    switch (type) {
    case UMSGPAT_ARG_TYPE_NONE: return BR_MESSAGE_ARGUMENT_ANY;
    case UMSGPAT_ARG_TYPE_SELECT: return BR_MESSAGE_ARGUMENT_TEXT;
    default: return BR_MESSAGE_ARGUMENT_NUMBER;  // simple (number, date, …), choice, plural, selectordinal
    }
}

}  // namespace

struct br_message_format {
    icu::MessageFormat *format;
    std::vector<Argument> arguments;
    icu::UnicodeString result;
};

namespace {

/// Where ICU rejects an argument of `parts` on its own: the UTF-16 offset of the first simple argument
/// (`{n, number, ::x}`, `{d, nonsense}`) that icu::MessageFormat refuses as a pattern by itself, with
/// its error; -1 if none does. For errors MessageFormat finds after parsing, which leave UParseError
/// at 0.
int32_t rejected_argument(const icu::MessagePattern &parts, const icu::UnicodeString &text, const icu::Locale &locale,
                          UErrorCode *rejected) {
    for (int32_t i = 0; i < parts.countParts(); i++) {
        const icu::MessagePattern::Part &part = parts.getPart(i);
        if (part.getType() != UMSGPAT_PART_TYPE_ARG_START || part.getArgType() != UMSGPAT_ARG_TYPE_SIMPLE) continue;
        const icu::MessagePattern::Part &limit = parts.getPart(parts.getLimitPartIndex(i));
        icu::UnicodeString argument(text, part.getIndex(), limit.getLimit() - part.getIndex());
        UParseError parse_error;
        UErrorCode status = U_ZERO_ERROR;
        icu::MessageFormat alone(argument, locale, parse_error, status);
        if (U_FAILURE(status)) {
            *rejected = status;
            return part.getIndex();
        }
    }
    return -1;
}

}  // namespace

extern "C" br_message_format *br_message_format_open(const uint16_t *pattern, int32_t length, const char *locale,
                                                     int32_t *error_offset, char *error, size_t error_size) {
    if (error_offset) *error_offset = -1;
    icu::UnicodeString text(reinterpret_cast<const UChar *>(pattern), length);
    icu::Locale icu_locale(locale);
    UParseError parse_error;
    parse_error.offset = -1;
    UErrorCode status = U_ZERO_ERROR;
    // ICU's own parser first: the arguments, their types, and where a syntax error is.
    icu::MessagePattern parts(status);
    parts.parse(text, &parse_error, status);
    if (U_FAILURE(status)) {
        if (error_offset) *error_offset = parse_error.offset;
        copy_error(status, error, error_size);
        return nullptr;
    }
    br_message_format *result = new (std::nothrow) br_message_format();
    if (!result) {
        copy_error(U_MEMORY_ALLOCATION_ERROR, error, error_size);
        return nullptr;
    }
    // One slot per (name, whether it is a select selector), numbered in order of first use; the
    // pattern again with each argument name replaced by its slot number.
    std::map<std::pair<icu::UnicodeString, bool>, int32_t> slots;
    icu::UnicodeString numbered;
    int32_t copied = 0;
    for (int32_t i = 0; i + 1 < parts.countParts(); i++) {
        const icu::MessagePattern::Part &part = parts.getPart(i);
        if (part.getType() != UMSGPAT_PART_TYPE_ARG_START) continue;
        const icu::MessagePattern::Part &name_part = parts.getPart(i + 1);  // ARG_NAME or ARG_NUMBER
        // getSubstring aliases the MessagePattern's copy of the pattern, which dies with it: copy.
        icu::UnicodeString alias = parts.getSubstring(name_part);
        icu::UnicodeString name(alias.getBuffer(), alias.length());
        bool selector = part.getArgType() == UMSGPAT_ARG_TYPE_SELECT;
        int kind = kind_of(part.getArgType());
        auto found = slots.find({name, selector});
        int32_t slot;
        if (found == slots.end()) {
            slot = static_cast<int32_t>(result->arguments.size());
            slots.emplace(std::make_pair(name, selector), slot);
            result->arguments.push_back(Argument{name, kind});
        } else {
            slot = found->second;
            if (kind == BR_MESSAGE_ARGUMENT_NUMBER) result->arguments[static_cast<size_t>(slot)].kind = kind;
        }
        numbered.append(text, copied, name_part.getIndex() - copied);
        numbered.append(icu::UnicodeString::fromUTF8(std::to_string(slot)));
        copied = name_part.getLimit();
    }
    numbered.append(text, copied, text.length() - copied);
    // ICU's UMemory::operator new returns NULL when memory runs out (no exception).
    icu::MessageFormat *format = new icu::MessageFormat(numbered, icu_locale, parse_error, status);
    if (!format || U_FAILURE(status)) {
        UErrorCode rejected = status;
        int32_t at = format ? rejected_argument(parts, text, icu_locale, &rejected) : -1;
        if (error_offset) *error_offset = at;
        copy_error(format ? rejected : U_MEMORY_ALLOCATION_ERROR, error, error_size);
        delete format;
        delete result;
        return nullptr;
    }
    result->format = format;
    return result;
}

extern "C" void br_message_format_close(br_message_format *format) {
    if (!format) return;
    delete format->format;
    delete format;
}

extern "C" int32_t br_message_format_argument_count(const br_message_format *format) {
    return static_cast<int32_t>(format->arguments.size());
}

extern "C" const uint16_t *br_message_format_argument(const br_message_format *format, int32_t index,
                                                      int32_t *name_length, int *kind) {
    const Argument &argument = format->arguments[static_cast<size_t>(index)];
    *name_length = argument.name.length();
    *kind = argument.kind;
    return reinterpret_cast<const uint16_t *>(argument.name.getBuffer());
}

extern "C" int32_t br_message_format_format(br_message_format *format, int32_t count, const uint16_t *texts,
                                            const int32_t *text_lengths, const double *numbers, const uint8_t *kinds,
                                            char *error, size_t error_size) {
    std::vector<icu::Formattable> values;
    values.reserve(static_cast<size_t>(count));
    const UChar *text = reinterpret_cast<const UChar *>(texts);
    UErrorCode status = U_ZERO_ERROR;
    for (int32_t i = 0; i < count; i++) {
        switch (kinds[i]) {
        case BR_MESSAGE_VALUE_DOUBLE:
            values.emplace_back(numbers[i]);
            break;
        case BR_MESSAGE_VALUE_DATE:
            values.emplace_back(static_cast<UDate>(numbers[i]), icu::Formattable::kIsDate);
            break;
        case BR_MESSAGE_VALUE_DECIMAL: {
            std::string digits;
            digits.reserve(static_cast<size_t>(text_lengths[i]));
            for (int32_t k = 0; k < text_lengths[i]; k++) digits.push_back(static_cast<char>(text[k] & 0x7F));
            text += text_lengths[i];
            values.emplace_back(icu::StringPiece(digits), status);
            if (U_FAILURE(status)) {
                copy_error(status, error, error_size);
                return -1;
            }
            break;
        }
        default:
            values.emplace_back(icu::UnicodeString(text, text_lengths[i]));
            text += text_lengths[i];
        }
    }
    format->result.remove();
    icu::FieldPosition ignored;
    format->format->format(values.data(), count, format->result, ignored, status);
    if (U_FAILURE(status)) {
        copy_error(status, error, error_size);
        return -1;
    }
    return format->result.length();
}

extern "C" const uint16_t *br_message_format_result(const br_message_format *format) {
    return reinterpret_cast<const uint16_t *>(format->result.getBuffer());
}
