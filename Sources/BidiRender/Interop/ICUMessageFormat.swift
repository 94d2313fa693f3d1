// ICUMessageFormat: one compiled ICU MessageFormat pattern, through the plain-C bridge CICUBridge
// (icu_messages.cpp: icu::MessagePattern for the argument slots, icu::MessageFormat on the pattern
// with its arguments numbered by slot). The only Swift code that calls it.
//
// Thread-safety: ICU's MessageFormat creates its number and plural formatters lazily inside format,
// and the bridge keeps the last result in the object, so each `ICUMessageFormat` serializes its
// formats with a lock. It is safe to share; concurrent formats of one pattern wait for each other.

internal import CICUBridge

/// Owner of one compiled pattern (br_message_format_open / br_message_format_close).
final class ICUMessageFormat: @unchecked Sendable {
    /// What an argument of the pattern takes (BR_MESSAGE_ARGUMENT_*).
    enum ArgumentKind: Sendable, Hashable {
        /// `{name}`: text, or a number ICU formats for the locale.
        case any
        /// `{n, plural, …}`, `{n, number}`, `{n, selectordinal, …}`, `{n, date}`, …: a number only.
        case number
        /// `{g, select, …}`: text only, the selector.
        case text
    }

    /// ICU's refusal of a pattern: its error name and where, in UTF-16 units from the start of the
    /// pattern (nil when ICU gives no place; 0 may also mean ICU did not say).
    struct PatternError: Error, Sendable {
        var name: String
        var utf16Offset: Int?
    }

    /// A value for one argument slot.
    enum Value {
        case text(String)
        case double(Double)
        /// A decimal number in ASCII ("99999999999999999999"), given to ICU exactly.
        case decimal(String)
        /// A date, in milliseconds since 1970-01-01 00:00 UTC.
        case date(Double)
    }

    private let handle: OpaquePointer
    private let lock = Lock()
    /// The pattern's argument slots, in order of first use: each name once, and a name used both
    /// as a `select` selector and elsewhere twice (the selector's slot has kind `.text`).
    let arguments: [(name: String, kind: ArgumentKind)]

    /// Compiles `pattern` for `locale`, an ICU locale id ("ar_EG", "zh_Hans"; "" for the root). The
    /// caller keeps the pattern within `MessagePatternBounds` (ICU recurses per nesting level).
    init(pattern: String, locale: String) throws(PatternError) {
        let units = Array(pattern.utf16)
        var offset: Int32 = -1
        var error = [CChar](repeating: 0, count: 64)
        let opened = units.withUnsafeBufferPointer { p in
            br_message_format_open(p.baseAddress, Int32(clamping: p.count), locale, &offset, &error, error.count)
        }
        guard let opened else {
            let name = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw PatternError(name: name, utf16Offset: offset >= 0 ? Int(offset) : nil)
        }
        handle = opened
        var list: [(String, ArgumentKind)] = []
        for i in 0..<br_message_format_argument_count(opened) {
            var length: Int32 = 0
            var kind: Int32 = 0
            let name = br_message_format_argument(opened, i, &length, &kind)
            let text = String(decoding: UnsafeBufferPointer(start: name, count: Int(length)), as: UTF16.self)
            let k: ArgumentKind =
                Int(kind) == BR_MESSAGE_ARGUMENT_NUMBER ? .number : Int(kind) == BR_MESSAGE_ARGUMENT_TEXT ? .text : .any
            list.append((text, k))
        }
        arguments = list
    }

    deinit {
        br_message_format_close(handle)
    }

    /// Formats with one value per slot of `arguments`, in that order (icu::MessageFormat::format
    /// with an array). Returns the text, or ICU's error name.
    func format(_ values: [Value]) -> Result<String, ICUError> {
        var texts: [UInt16] = []
        var textLengths: [Int32] = []
        var numbers: [Double] = []
        var kinds: [UInt8] = []
        for value in values {
            switch value {
            case .double(let n):
                numbers.append(n)
                kinds.append(UInt8(BR_MESSAGE_VALUE_DOUBLE))
                textLengths.append(0)
            case .date(let milliseconds):
                numbers.append(milliseconds)
                kinds.append(UInt8(BR_MESSAGE_VALUE_DATE))
                textLengths.append(0)
            case .text(let t), .decimal(let t):
                let start = texts.count
                texts.append(contentsOf: t.utf16)
                textLengths.append(Int32(clamping: texts.count - start))
                numbers.append(0)
                if case .decimal = value { kinds.append(UInt8(BR_MESSAGE_VALUE_DECIMAL)) } else { kinds.append(UInt8(BR_MESSAGE_VALUE_TEXT)) }
            }
        }
        var error = [CChar](repeating: 0, count: 64)
        return lock.withLock {
            let length = br_message_format_format(
                handle, Int32(clamping: values.count), texts, textLengths, numbers, kinds, &error, error.count)
            guard length >= 0 else {
                return .failure(ICUError(name: String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)))
            }
            return .success(String(decoding: UnsafeBufferPointer(start: br_message_format_result(handle), count: Int(length)), as: UTF16.self))
        }
    }

    /// An ICU error name ("U_ILLEGAL_ARGUMENT_ERROR").
    struct ICUError: Error, Sendable {
        var name: String
    }
}
