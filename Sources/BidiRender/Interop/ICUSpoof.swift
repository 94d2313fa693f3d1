// ICUSpoof: UTS #39 through ICU's spoof checker (CICUBridge's br_spoof_*): an identifier's restriction
// level, its skeleton, and whether two identifiers are confusable. The checker is the process's one,
// opened by the bridge on first use and only read after, so every call here is thread-safe.

internal import CICUBridge

enum ICUSpoof {
    /// A UTS #39 restriction level (section 5.2), from the strictest.
    enum RestrictionLevel: Int, Comparable, CustomStringConvertible {
        case ascii = 1, singleScript, highlyRestrictive, moderatelyRestrictive, minimallyRestrictive, unrestricted

        static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }

        var description: String {
            switch self {
            case .ascii: "ascii"
            case .singleScript: "single-script"
            case .highlyRestrictive: "highly-restrictive"
            case .moderatelyRestrictive: "moderately-restrictive"
            case .minimallyRestrictive: "minimally-restrictive"
            case .unrestricted: "unrestricted"
            }
        }
    }

    /// The restriction level of `text` (nil for an empty text or an ICU error).
    static func restrictionLevel(_ text: String) -> RestrictionLevel? {
        let utf16 = Array(text.utf16)
        guard !utf16.isEmpty, let length = Int32(exactly: utf16.count) else { return nil }
        let level = utf16.withUnsafeBufferPointer { br_spoof_restriction_level($0.baseAddress, length) }
        return RestrictionLevel(rawValue: Int(level))
    }

    /// The UTS #39 skeleton of `text`: confusable strings have equal skeletons (nil on an ICU error).
    static func skeleton(_ text: String) -> String? {
        let utf16 = Array(text.utf16)
        guard let length = Int32(exactly: utf16.count) else { return nil }
        var capacity = utf16.count * 2 + 8
        while true {
            var out = [UInt16](repeating: 0, count: capacity)
            let needed = utf16.withUnsafeBufferPointer { source in
                out.withUnsafeMutableBufferPointer { br_spoof_skeleton(source.baseAddress, length, $0.baseAddress, Int32(clamping: capacity)) }
            }
            if needed < 0 { return nil }
            if Int(needed) <= capacity { return String(decoding: out[..<Int(needed)], as: UTF16.self) }
            capacity = Int(needed)
        }
    }

    /// Whether `a` and `b` are confusable, in UTS #39's three ways.
    struct Confusability: OptionSet {
        let rawValue: Int
        static let singleScript = Confusability(rawValue: 1)
        static let mixedScript = Confusability(rawValue: 2)
        static let wholeScript = Confusability(rawValue: 4)
    }

    /// How `a` and `b` are confusable (empty: not; also on an ICU error).
    static func confusability(_ a: String, _ b: String) -> Confusability {
        let (x, y) = (Array(a.utf16), Array(b.utf16))
        guard let xl = Int32(exactly: x.count), let yl = Int32(exactly: y.count) else { return [] }
        let bits = x.withUnsafeBufferPointer { xp in
            y.withUnsafeBufferPointer { yp in br_spoof_confusable(xp.baseAddress, xl, yp.baseAddress, yl) }
        }
        return bits < 0 ? [] : Confusability(rawValue: Int(bits))
    }
}
