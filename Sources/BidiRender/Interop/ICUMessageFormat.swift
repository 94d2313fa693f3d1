// ICUMessageFormat: one compiled ICU MessageFormat pattern, through the plain-C bridge CICUBridge
// (icu_messages.cpp: icu::MessageFormat with named arguments, icu::MessagePattern for the argument
// list). The only Swift code that calls it.
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

    /// ICU's refusal of a pattern: its error name and where its parser stopped, in code points
    /// from the start of the pattern (nil when ICU gives no offset).
    struct PatternError: Error, Sendable {
        var name: String
        var offset: Int?
    }

    private let handle: OpaquePointer
    private let lock = Lock()
    /// Every argument occurrence of the pattern, nested ones included, in pattern order.
    let arguments: [(name: String, kind: ArgumentKind)]

    /// Compiles `pattern` for `locale`, an ICU locale id ("ar_EG", "zh_Hans"; "" for the root).
    init(pattern: String, locale: String) throws(PatternError) {
        let units = Array(pattern.utf16)
        var offset: Int32 = -1
        var error = [CChar](repeating: 0, count: 64)
        let opened = units.withUnsafeBufferPointer { p in
            br_message_format_open(p.baseAddress, Int32(p.count), locale, &offset, &error, error.count)
        }
        guard let opened else {
            let name = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw PatternError(name: name, offset: offset >= 0 ? Self.scalarOffset(utf16: Int(offset), in: pattern) : nil)
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

    /// Formats with named arguments (icu::MessageFormat::format). Returns the text, or ICU's error name.
    func format(_ values: [(name: String, value: MessageArgument)]) -> Result<String, ICUError> {
        var names: [UInt16] = []
        var nameLengths: [Int32] = []
        var texts: [UInt16] = []
        var textLengths: [Int32] = []
        var numbers: [Double] = []
        var isNumber: [UInt8] = []
        for (name, value) in values {
            let before = names.count
            names.append(contentsOf: name.utf16)
            nameLengths.append(Int32(names.count - before))
            switch value {
            case .number(let n):
                numbers.append(n)
                isNumber.append(1)
                textLengths.append(0)
            case .text(let t):
                let start = texts.count
                texts.append(contentsOf: t.utf16)
                textLengths.append(Int32(texts.count - start))
                numbers.append(0)
                isNumber.append(0)
            }
        }
        var error = [CChar](repeating: 0, count: 64)
        return lock.withLock {
            let length = br_message_format_format(
                handle, Int32(values.count), names, nameLengths, texts, textLengths, numbers, isNumber, &error, error.count)
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

    /// The code point offset of UTF-16 offset `utf16` in `text` (ICU counts in UTF-16 units).
    private static func scalarOffset(utf16: Int, in text: String) -> Int {
        var units = 0
        var scalars = 0
        for scalar in text.unicodeScalars {
            if units >= utf16 { break }
            units += scalar.utf16.count
            scalars += 1
        }
        return scalars
    }
}
