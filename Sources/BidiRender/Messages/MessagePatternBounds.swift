// MessagePatternBounds: the limits a catalog pattern must keep before ICU sees it, and where in it an
// error is. ICU's MessagePattern parser and MessageFormat's formatter recurse once or more per nested
// message (`{g, select, other {…}}`): a pattern nested a few thousand deep overflows the stack inside
// ICU. So a pattern is at most `maximumLength` UTF-16 units and `maximumDepth` nested messages deep,
// checked here first.
//
// The depth is counted as ICU's MessagePattern counts its nesting level (messagepattern.cpp:
// parseMessage, parseArg, parseSimpleStyle, parseChoiceStyle, parsePluralOrSelectStyle), apostrophe
// quoting included (ApostropheMode DOUBLE_OPTIONAL), on the pattern up to the first place ICU's parser
// would stop; it never counts less than ICU would. The same walk remembers where a pattern goes
// wrong for the errors ICU reports at offset 0 (an unclosed `{`, a plural or select without `other`).

/// The limits of a catalog pattern, and the places its errors are at.
struct MessagePatternBounds {
    /// The longest pattern, in UTF-16 units: real ones are well under 1,000; far below ICU's own
    /// 32,767 argument numbers.
    static let maximumLength = 16_384
    /// The deepest nesting of messages (`{a, select, other {…}}` is depth 1 inside): real catalogs
    /// use 2 or 3. ICU 72 takes about 1.3 KB of stack a level: a 512 KB thread (Dispatch's default)
    /// overflows between 200 and 400 levels, the 8 MB main thread between 3,200 and 6,400.
    static let maximumDepth = 32

    /// The deepest nesting reached (0: no nested message), up to `maximumDepth + 1`, where the walk stops.
    private(set) var depth = 0
    /// The UTF-16 offset of the `{` that passes `maximumDepth`.
    private(set) var tooDeepAt: Int?
    /// The UTF-16 offset of the innermost `{` left open at the pattern's end.
    private(set) var unclosedAt: Int?
    /// The UTF-16 offset of the first plural or select argument without an `other` message.
    private(set) var missingOtherAt: Int?
    /// The UTF-16 offset where the walk found a syntax error (where ICU's parser stops too).
    private(set) var syntaxErrorAt: Int?

    private let u: [UInt16]
    private var i = 0
    private var openBraces: [Int] = []

    private enum Stop: Error { case stop }
    private enum Parent { case none, choice, plural, select }

    /// Walks `units`, the pattern's UTF-16 code units.
    init(_ units: [UInt16]) {
        u = units
        do {
            try message(nesting: 0, parent: .none)
        } catch {}
        openBraces = []
    }

    private static let apostrophe: UInt16 = 0x27, lbrace: UInt16 = 0x7B, rbrace: UInt16 = 0x7D, pipe: UInt16 = 0x7C
    private static let pound: UInt16 = 0x23, comma: UInt16 = 0x2C

    /// Pattern_White_Space (PatternProps::isWhiteSpace).
    private static func isWhiteSpace(_ c: UInt16) -> Bool {
        (0x09...0x0D).contains(c) || c == 0x20 || c == 0x85 || c == 0x200E || c == 0x200F || c == 0x2028 || c == 0x2029
    }

    /// Ends an identifier: white space or ASCII Pattern_Syntax (ICU also stops at non-ASCII syntax
    /// characters; going on past them only reads further than ICU, which has stopped with an error).
    private static func endsIdentifier(_ c: UInt16) -> Bool {
        isWhiteSpace(c) || (c < 0x80 && !(c == 0x5F || (0x30...0x39).contains(c) || (0x41...0x5A).contains(c) || (0x61...0x7A).contains(c)))
    }

    private mutating func skipWhiteSpace() {
        while i < u.count, Self.isWhiteSpace(u[i]) { i += 1 }
    }

    private func index(of c: UInt16, from start: Int) -> Int? {
        var k = start
        while k < u.count {
            if u[k] == c { return k }
            k += 1
        }
        return nil
    }

    private mutating func fail(at offset: Int) throws(Stop) -> Never {
        syntaxErrorAt = offset
        throw .stop
    }

    /// parseMessage: text up to the message's end (`}` when nested, consumed; `|` or `}` of a choice,
    /// not consumed; the pattern's end at the top level).
    private mutating func message(nesting: Int, parent: Parent) throws(Stop) {
        if nesting > depth { depth = nesting }
        if nesting > Self.maximumDepth {
            tooDeepAt = openBraces.last ?? 0
            throw .stop
        }
        while i < u.count {
            let c = u[i]
            i += 1
            if c == Self.apostrophe {
                guard i < u.count else { break }
                let next = u[i]
                if next == Self.apostrophe {
                    i += 1
                } else if next == Self.lbrace || next == Self.rbrace || (parent == .choice && next == Self.pipe)
                    || ((parent == .plural) && next == Self.pound)
                {
                    // Quoted literal text to the next single apostrophe ('' inside is one apostrophe).
                    var k = i
                    while true {
                        guard let j = index(of: Self.apostrophe, from: k + 1) else {
                            i = u.count
                            break
                        }
                        if j + 1 < u.count, u[j + 1] == Self.apostrophe {
                            k = j + 1
                            continue
                        }
                        i = j + 1
                        break
                    }
                }
            } else if c == Self.lbrace {
                try argument(at: i - 1, nesting: nesting)
            } else if (nesting > 0 && c == Self.rbrace) || (parent == .choice && c == Self.pipe) {
                if parent == .choice { i -= 1 }
                return
            }
        }
        if nesting > 0 {
            unclosedAt = openBraces.last
            throw .stop
        }
    }

    /// parseArg: `{name}`, `{name, type}`, `{name, type, style}`; `i` is past the `{` at `start`.
    private mutating func argument(at start: Int, nesting: Int) throws(Stop) {
        openBraces.append(start)
        skipWhiteSpace()
        let nameStart = i
        while i < u.count, !Self.endsIdentifier(u[i]) { i += 1 }
        skipWhiteSpace()
        guard i < u.count else {
            unclosedAt = start
            throw .stop
        }
        if u[i] == Self.rbrace {
            i += 1
            openBraces.removeLast()
            return
        }
        guard u[i] == Self.comma else { try fail(at: nameStart) }
        i += 1
        skipWhiteSpace()
        let typeStart = i
        while i < u.count, (0x41...0x5A).contains(u[i]) || (0x61...0x7A).contains(u[i]) { i += 1 }
        let type = String(decoding: u[typeStart..<i], as: UTF16.self).lowercased()
        skipWhiteSpace()
        guard i < u.count else {
            unclosedAt = start
            throw .stop
        }
        guard !type.isEmpty, u[i] == Self.comma || u[i] == Self.rbrace else { try fail(at: nameStart) }
        let parent: Parent? =
            switch type {
            case "choice": .choice
            case "plural", "selectordinal": .plural
            case "select": .select
            default: nil
            }
        if u[i] == Self.rbrace {
            guard parent == nil else { try fail(at: nameStart) }
        } else {
            i += 1
            switch parent {
            case nil: try simpleStyle(start: start)
            case .choice?: try choiceStyle(nesting: nesting)
            case let parent?: try pluralOrSelectStyle(argumentStart: start, nesting: nesting, parent: parent)
            }
        }
        // At the argument's `}` (a choice may also have reached the end).
        guard i < u.count else {
            unclosedAt = start
            throw .stop
        }
        i += 1
        openBraces.removeLast()
    }

    /// parseSimpleStyle: to the argument's `}`, not consumed; any apostrophe quotes to the next one.
    private mutating func simpleStyle(start: Int) throws(Stop) {
        let styleStart = i
        var nested = 0
        while i < u.count {
            let c = u[i]
            i += 1
            if c == Self.apostrophe {
                guard let j = index(of: Self.apostrophe, from: i) else { try fail(at: styleStart) }
                i = j + 1
            } else if c == Self.lbrace {
                nested += 1
            } else if c == Self.rbrace {
                if nested > 0 {
                    nested -= 1
                } else {
                    i -= 1
                    return
                }
            }
        }
        unclosedAt = start
        throw .stop
    }

    /// parseChoiceStyle: `number # message | number < message …`, to the argument's `}`.
    private mutating func choiceStyle(nesting: Int) throws(Stop) {
        let start = i
        skipWhiteSpace()
        guard i < u.count, u[i] != Self.rbrace else { try fail(at: start) }
        while true {
            let numberStart = i
            skipDouble()
            guard i > numberStart else { try fail(at: start) }
            skipWhiteSpace()
            guard i < u.count, u[i] == Self.pound || u[i] == 0x3C || u[i] == 0x2264 else { try fail(at: start) }
            i += 1
            try message(nesting: nesting + 1, parent: .choice)
            guard i < u.count, u[i] != Self.rbrace else { return }
            i += 1
            skipWhiteSpace()
        }
    }

    /// parsePluralOrSelectStyle: `selector {message} …`, to the argument's `}`.
    private mutating func pluralOrSelectStyle(argumentStart: Int, nesting: Int, parent: Parent) throws(Stop) {
        let start = i
        var hasOther = false
        var isEmpty = true
        while true {
            skipWhiteSpace()
            guard i < u.count else { try fail(at: start) }
            if u[i] == Self.rbrace {
                if !hasOther {
                    missingOtherAt = argumentStart
                    throw .stop
                }
                return
            }
            let selectorStart = i
            if parent == .plural, u[i] == 0x3D {  // "=3"
                i += 1
                skipDouble()
                guard i > selectorStart + 1 else { try fail(at: start) }
            } else {
                while i < u.count, !Self.endsIdentifier(u[i]) { i += 1 }
                guard i > selectorStart else { try fail(at: start) }
                let selector = String(decoding: u[selectorStart..<i], as: UTF16.self)
                if parent == .plural, selector == "offset", i < u.count, u[i] == 0x3A {
                    guard isEmpty else { try fail(at: start) }
                    i += 1
                    skipWhiteSpace()
                    let valueStart = i
                    skipDouble()
                    guard i > valueStart else { try fail(at: start) }
                    isEmpty = false
                    continue
                }
                if selector == "other" { hasOther = true }
            }
            skipWhiteSpace()
            guard i < u.count, u[i] == Self.lbrace else { try fail(at: selectorStart) }
            openBraces.append(i)
            i += 1
            try message(nesting: nesting + 1, parent: parent)
            openBraces.removeLast()
            isEmpty = false
        }
    }

    /// skipDouble: digits, signs, ".", "e", "E" and "∞".
    private mutating func skipDouble() {
        while i < u.count {
            let c = u[i]
            if (c < 0x30 && c != 0x2B && c != 0x2D && c != 0x2E) || (c > 0x39 && c != 0x65 && c != 0x45 && c != 0x221E) { break }
            i += 1
        }
    }
}
