// JSONWriter: compact JSON written straight into a byte buffer: literal pieces copied from static
// text, integers and px numbers formatted on the stack, strings escaped in place. A document of
// thousands of values costs no allocation per value: the buffer grows by doubling, a caller that
// reuses it keeps its capacity, and each write is a bounds check and a copy (no Array bookkeeping
// per byte). `JSONText`'s string forms are this writer's output.
//
// Thread-safety: a writer is a value for one thread; copies share the buffer, so it is passed inout
// and never copied while in use.

import Foundation

/// A byte buffer that JSON text is written into.
package struct JSONWriter {
    /// The buffer: its one owner, which frees it.
    private final class Storage {
        var base: UnsafeMutablePointer<UInt8>
        var capacity: Int
        var count = 0

        init(capacity: Int) {
            self.capacity = max(64, capacity)
            base = .allocate(capacity: self.capacity)
        }

        deinit { base.deallocate() }

        /// Makes room for `more` bytes after `count`, and returns where they go.
        @inline(__always)
        func reserve(_ more: Int) -> UnsafeMutablePointer<UInt8> {
            if count + more > capacity { grow(count + more) }
            return base + count
        }

        private func grow(_ needed: Int) {
            var next = capacity * 2
            while next < needed { next *= 2 }
            let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: next)
            moved.update(from: base, count: count)
            base.deallocate()
            (base, capacity) = (moved, next)
        }
    }

    private let storage: Storage

    package init(capacity: Int = 0) {
        storage = Storage(capacity: capacity)
    }

    /// How many bytes are written.
    package var count: Int { storage.count }

    /// The UTF-8 text written so far.
    package var bytes: [UInt8] { Array(UnsafeBufferPointer(start: storage.base, count: storage.count)) }

    /// The text written so far, as a String.
    package var string: String { String(decoding: UnsafeBufferPointer(start: storage.base, count: storage.count), as: UTF8.self) }

    /// Empties the buffer, keeping its capacity.
    package mutating func removeAll() {
        storage.count = 0
    }

    /// Appends `count` bytes from `source`.
    @inline(__always)
    private mutating func append(_ source: UnsafePointer<UInt8>, count: Int) {
        storage.reserve(count).update(from: source, count: count)
        storage.count += count
    }

    /// Appends `text` as it is (keys, punctuation, literals). Inlined: its length is then known
    /// where it is called, and the copy is a few moves.
    @inline(__always)
    package mutating func raw(_ text: StaticString) {
        append(text.utf8Start, count: text.utf8CodeUnitCount)
    }

    /// Appends one ASCII byte.
    package mutating func byte(_ byte: UInt8) {
        storage.reserve(1).pointee = byte
        storage.count += 1
    }

    /// Appends `text` as it is: text already JSON (a nested document) or known to need no escape.
    /// (Disfavoured, so that a literal takes the `StaticString` form, a copy without a String.)
    @_disfavoredOverload
    package mutating func raw(_ text: String) {
        var text = text
        text.withUTF8 { if let base = $0.baseAddress { append(base, count: $0.count) } }
    }

    /// Appends "," unless `first`: the separator before a list's later items.
    package mutating func comma(unless first: Bool) {
        if !first { byte(UInt8(ascii: ",")) }
    }

    /// Appends an integer in decimal.
    package mutating func integer(_ value: some BinaryInteger) {
        guard let small = Int64(exactly: value) else { return raw(String(value)) }
        let p = storage.reserve(Self.longestDecimal)
        storage.count += Self.decimal(small.magnitude, negative: small < 0, thousandths: 0, at: p)
    }

    /// Appends `key` (a key with its punctuation, `,"x":`) and then `value` as `number(_:)` does.
    package mutating func number(_ key: StaticString, _ value: Double) {
        raw(key)
        number(value)
    }

    /// Appends `key` (a key with its punctuation, `{"start":`) and then `value` in decimal.
    package mutating func integer(_ key: StaticString, _ value: some BinaryInteger) {
        raw(key)
        integer(value)
    }

    /// Appends `key` (a key with its punctuation, `,"family":`) and then `value` as `string(_:)` does.
    package mutating func string(_ key: StaticString, _ value: String) {
        raw(key)
        string(value)
    }

    /// Appends `true` or `false`.
    package mutating func boolean(_ value: Bool) {
        value ? raw("true") : raw("false")
    }

    /// Appends a number in px, rounded to 1/1000 and without trailing zeros ("12.5", "0", "-3.125");
    /// a whole number past ±9.2e15, the shortest exponent form from ±1e21 (as JavaScript writes
    /// them: "1e+308", not 309 digits), and 0 for NaN and infinities. Never traps.
    package mutating func number(_ value: Double) {
        let p = storage.reserve(Self.longestDecimal)
        if let written = Self.number(value, at: p) {
            storage.count += written
            return
        }
        if value.isFinite, abs(value) >= 1e21 {
            raw(value.description)
            return
        }
        // Past Int64's thousandths (|value| ≥ 9.2e15 px): a whole number.
        if value < 0 { byte(UInt8(ascii: "-")) }
        raw(String(format: "%.0f", abs(value).rounded()))
    }

    /// Appends one glyph of a layout's JSON, `{"id":…,"cluster":…,"x":…,"y":…,"advance":…}`, after a
    /// comma unless `first`: the document's most repeated object, written with one bounds check.
    package mutating func glyph(id: UInt32, cluster: Int, x: Double, y: Double, advance: Double, first: Bool) {
        let start = storage.reserve(64 + 4 * Self.longestDecimal)
        var p = start
        @inline(__always) func put(_ text: StaticString) {
            p.update(from: text.utf8Start, count: text.utf8CodeUnitCount)
            p += text.utf8CodeUnitCount
        }
        @inline(__always) func put(_ value: Double) -> Bool {
            guard let written = Self.number(value, at: p) else { return false }
            p += written
            return true
        }
        put(first ? "{\"id\":" : ",{\"id\":")
        p += Self.decimal(UInt64(id), negative: false, thousandths: 0, at: p)
        put(",\"cluster\":")
        p += Self.decimal(cluster.magnitude.toUInt64, negative: cluster < 0, thousandths: 0, at: p)
        put(",\"x\":")
        if put(x) {
            put(",\"y\":")
            if put(y) {
                put(",\"advance\":")
                if put(advance) {
                    put("}")
                    storage.count += p - start
                    return
                }
            }
        }
        // A coordinate past ±9.2e15 px: the slow path, value by value.
        raw(first ? "{\"id\":" : ",{\"id\":")
        integer(id)
        raw(",\"cluster\":")
        integer(cluster)
        raw(",\"x\":")
        number(x)
        raw(",\"y\":")
        number(y)
        raw(",\"advance\":")
        number(advance)
        byte(UInt8(ascii: "}"))
    }

    /// Appends `text` as a JSON string literal (RFC 8259 escaping: the quote, the backslash and the
    /// controls below U+0020; \n, \r and \t by name, the others as \u00XX).
    package mutating func string(_ text: String) {
        var text = text
        text.withUTF8 { string(utf8: $0) }
    }

    /// `string(_:)` for a part of a string.
    package mutating func string(_ text: Substring) {
        var text = text
        text.withUTF8 { string(utf8: $0) }
    }

    /// `string(_:)` of UTF-8 text: the runs that need no escape copied whole.
    private mutating func string(utf8: UnsafeBufferPointer<UInt8>) {
        byte(UInt8(ascii: "\""))
        guard let base = utf8.baseAddress else { return byte(UInt8(ascii: "\"")) }
        var start = 0
        for i in 0..<utf8.count {
            let b = base[i]
            guard b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") else { continue }
            if i > start { append(base + start, count: i - start) }
            start = i + 1
            byte(UInt8(ascii: "\\"))
            switch b {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): byte(b)
            case 0x0A: byte(UInt8(ascii: "n"))
            case 0x0D: byte(UInt8(ascii: "r"))
            case 0x09: byte(UInt8(ascii: "t"))
            default:
                let hex: StaticString = "0123456789abcdef"
                raw("u00")
                byte(hex.utf8Start[Int(b >> 4)])
                byte(hex.utf8Start[Int(b & 15)])
            }
        }
        if utf8.count > start { append(base + start, count: utf8.count - start) }
        byte(UInt8(ascii: "\""))
    }

    /// The most bytes `decimal` writes: a sign, 20 digits, a point and 3 digits.
    private static let longestDecimal = 25

    /// Writes `value` as `number(_:)` does at `p` and returns the bytes written, or nil when it is
    /// past Int64's thousandths (nothing written).
    @inline(__always)
    private static func number(_ value: Double, at p: UnsafeMutablePointer<UInt8>) -> Int? {
        let scaled = value * 1000
        // Within ±2^63 (NaN and infinities fail the test): its thousandths rounded half away from
        // zero, as `rounded()` does, without the call into libm. Truncating is exact there, and so is
        // the fraction left (whole for |scaled| ≥ 2^52).
        guard abs(scaled) < 9_223_372_036_854_775_808.0 else {
            guard value.isFinite else {
                p.pointee = UInt8(ascii: "0")
                return 1
            }
            return nil  // past Int64's thousandths: the slow path, as before the writer
        }
        var thousandths = Int64(scaled)
        let fraction = scaled - Double(thousandths)
        if fraction >= 0.5 { thousandths += 1 } else if fraction <= -0.5 { thousandths -= 1 }
        if thousandths == 0 {
            p.pointee = UInt8(ascii: "0")
            return 1
        }
        let magnitude = thousandths.magnitude
        return decimal(magnitude / 1000, negative: thousandths < 0, thousandths: magnitude % 1000, at: p)
    }

    /// "00" to "99": two digits a step.
    private static let digitPairs: StaticString =
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

    /// Writes `whole` in decimal at `p`, after a minus sign when `negative`, then, when
    /// `thousandths` is not 0, a point and its three digits without trailing zeros; returns the
    /// bytes written (at most `longestDecimal`).
    @inline(__always)
    private static func decimal(_ whole: UInt64, negative: Bool, thousandths: UInt64, at p: UnsafeMutablePointer<UInt8>) -> Int {
        let pairs = digitPairs.utf8Start
        var q = p
        if negative {
            q.pointee = UInt8(ascii: "-")
            q += 1
        }
        var digits = 1
        var power: UInt64 = 10
        while digits < 20, whole >= power {
            digits += 1
            power &*= 10
        }
        var value = whole
        var i = digits
        while value >= 100 {
            let pair = Int(value % 100) * 2
            value /= 100
            i -= 2
            q[i] = pairs[pair]
            q[i + 1] = pairs[pair + 1]
        }
        if value >= 10 {
            q[0] = pairs[Int(value) * 2]
            q[1] = pairs[Int(value) * 2 + 1]
        } else {
            q[0] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value)
        }
        q += digits
        if thousandths != 0 {
            let rest = Int(thousandths % 100)
            q[0] = UInt8(ascii: ".")
            q[1] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: thousandths / 100)
            q[2] = pairs[rest * 2]
            q[3] = pairs[rest * 2 + 1]
            // Without trailing zeros: ".5", ".25", ".125".
            q += rest == 0 ? 2 : rest % 10 == 0 ? 3 : 4
        }
        return q - p
    }
}

extension UInt {
    fileprivate var toUInt64: UInt64 { UInt64(self) }
}
