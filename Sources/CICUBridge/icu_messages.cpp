// icu_messages: the localized-message half of bidirender_icu.h, on ICU4C's C++ MessageFormat. The C
// API (umsg_*) takes positional arguments only; icu::MessageFormat::format with argument names
// takes `{name}`, and icu::MessagePattern lists the arguments a pattern names, with their types.
// ICU does all the parsing and formatting (plural rules from CLDR, locale number formats).
#include "bidirender_icu.h"

#include <new>
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

extern "C" br_message_format *br_message_format_open(const uint16_t *pattern, int32_t length, const char *locale,
                                                     int32_t *error_offset, char *error, size_t error_size) {
    if (error_offset) *error_offset = -1;
    icu::UnicodeString text(reinterpret_cast<const UChar *>(pattern), length);
    UParseError parse_error;
    parse_error.offset = -1;
    UErrorCode status = U_ZERO_ERROR;
    // ICU's UMemory::operator new returns NULL when memory runs out (no exception).
    icu::MessageFormat *format = new icu::MessageFormat(text, icu::Locale(locale), parse_error, status);
    if (!format) {
        copy_error(U_MEMORY_ALLOCATION_ERROR, error, error_size);
        return nullptr;
    }
    if (U_FAILURE(status)) {
        if (error_offset) *error_offset = parse_error.offset;
        copy_error(status, error, error_size);
        delete format;
        return nullptr;
    }
    // The same pattern through ICU's own parser again, for the arguments and their types
    // (MessageFormat keeps its MessagePattern private).
    icu::MessagePattern parts(status);
    parts.parse(text, &parse_error, status);
    br_message_format *result = new (std::nothrow) br_message_format();
    if (U_FAILURE(status) || !result) {
        copy_error(U_FAILURE(status) ? status : U_MEMORY_ALLOCATION_ERROR, error, error_size);
        delete format;
        delete result;
        return nullptr;
    }
    result->format = format;
    for (int32_t i = 0; i + 1 < parts.countParts(); i++) {
        const icu::MessagePattern::Part &part = parts.getPart(i);
        if (part.getType() != UMSGPAT_PART_TYPE_ARG_START) continue;
        const icu::MessagePattern::Part &name = parts.getPart(i + 1);  // ARG_NAME or ARG_NUMBER
        // getSubstring aliases the MessagePattern's copy of the pattern, which dies with it: copy.
        icu::UnicodeString alias = parts.getSubstring(name);
        result->arguments.push_back(Argument{icu::UnicodeString(alias.getBuffer(), alias.length()), kind_of(part.getArgType())});
    }
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

extern "C" int32_t br_message_format_format(br_message_format *format, int32_t count, const uint16_t *names,
                                            const int32_t *name_lengths, const uint16_t *texts,
                                            const int32_t *text_lengths, const double *numbers,
                                            const uint8_t *is_number, char *error, size_t error_size) {
    std::vector<icu::UnicodeString> argument_names;
    std::vector<icu::Formattable> values;
    argument_names.reserve(static_cast<size_t>(count));
    values.reserve(static_cast<size_t>(count));
    const UChar *name = reinterpret_cast<const UChar *>(names);
    const UChar *text = reinterpret_cast<const UChar *>(texts);
    for (int32_t i = 0; i < count; i++) {
        argument_names.emplace_back(name, name_lengths[i]);
        name += name_lengths[i];
        if (is_number[i]) {
            values.emplace_back(numbers[i]);
        } else {
            values.emplace_back(icu::UnicodeString(text, text_lengths[i]));
            text += text_lengths[i];
        }
    }
    UErrorCode status = U_ZERO_ERROR;
    format->result.remove();
    format->format->format(argument_names.data(), values.data(), count, format->result, status);
    if (U_FAILURE(status)) {
        copy_error(status, error, error_size);
        return -1;
    }
    return format->result.length();
}

extern "C" const uint16_t *br_message_format_result(const br_message_format *format) {
    return reinterpret_cast<const uint16_t *>(format->result.getBuffer());
}
