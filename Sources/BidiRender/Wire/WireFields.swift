// WireFields: the typed fields of a decoded request object, read strictly. JSONSerialization gives
// every JSON number and boolean as an NSNumber, and on Linux `true as? Int` is 1 and `1 as? Bool` is
// true: a boolean is told apart by its class (the one `NSNumber(value: true)` has), never by a cast.
// Every error names the field by its path ("spans[0].style").

import Foundation

/// Typed reads of a request object's fields; each throws a `WireError` naming the key.
enum WireFields {
    typealias Path = [JSONPathComponent]

    /// The class JSONSerialization uses for `true` and `false` (__NSCFBoolean on Darwin and Linux).
    private static let booleanType = type(of: NSNumber(value: true))

    /// Whether `value` came from a JSON `true` or `false`.
    static func isBoolean(_ value: Any) -> Bool {
        guard let number = value as? NSNumber else { return false }
        if type(of: number) == booleanType { return true }
        // objCType is "c" (read as bytes: a String of it would cost more than the rest of the field).
        let code = number.objCType
        return code[0] == CChar(UInt8(ascii: "c")) && code[1] == 0
    }

    /// A JSON number (not a boolean, not a string) as a Double, or nil when `value` is not one.
    static func double(_ value: Any) -> Double? {
        guard !(value is String), !isBoolean(value), let number = value as? NSNumber else { return nil }
        return number.doubleValue
    }

    /// The field's value, nil when it is absent or null.
    static func value(_ object: [String: Any], _ key: String) -> Any? {
        guard let value = object[key], !(value is NSNull) else { return nil }
        return value
    }

    /// A JSON number that is a whole number in `range`; nil when it is not a number. Throws naming
    /// the key at `path` when it is a number but not a whole one in the range.
    static func integer(_ value: Any, at path: Path, in range: ClosedRange<Int>) throws(WireError) -> Int? {
        guard let number = double(value) else { return nil }
        guard number.rounded() == number, number >= Double(range.lowerBound), number <= Double(range.upperBound),
            let integer = Int(exactly: number)
        else {
            throw WireError(
                "\"\(path.dotted)\" must be a whole number from \(range.lowerBound) to \(range.upperBound), not \(number.valueText)", at: path)
        }
        return integer
    }

    /// An optional string field; throws naming the key if it is not a string.
    static func string(_ object: [String: Any], _ key: String, in path: Path = []) throws(WireError) -> String? {
        guard let value = value(object, key) else { return nil }
        guard let string = value as? String else { throw WireError("\"\((path + [.key(key)]).dotted)\" must be a string", at: path + [.key(key)]) }
        return string
    }

    /// An optional number field; throws naming the key if it is not a number (a boolean or a string
    /// is not).
    static func number(_ object: [String: Any], _ key: String, in path: Path = []) throws(WireError) -> Double? {
        guard let value = value(object, key) else { return nil }
        guard let number = double(value) else { throw WireError("\"\((path + [.key(key)]).dotted)\" must be a number", at: path + [.key(key)]) }
        return number
    }

    /// An optional boolean field; throws naming the key if it is not `true` or `false` (1 is not).
    static func boolean(_ object: [String: Any], _ key: String, in path: Path = []) throws(WireError) -> Bool? {
        guard let value = value(object, key) else { return nil }
        guard isBoolean(value), let flag = value as? Bool else {
            throw WireError("\"\((path + [.key(key)]).dotted)\" must be true or false", at: path + [.key(key)])
        }
        return flag
    }

    /// An optional enum field spelled as its raw value; throws listing the allowed values.
    /// `among` narrows the allowed values (all the cases by default).
    static func choice<T: RawRepresentable & CaseIterable>(
        _ object: [String: Any], _ key: String, as: T.Type, in path: Path = [], among: [T]? = nil
    ) throws(WireError) -> T? where T.RawValue == String {
        guard let raw = try string(object, key, in: path) else { return nil }
        let cases = among ?? Array(T.allCases)
        guard let value = T(rawValue: raw), cases.contains(where: { $0.rawValue == raw }) else {
            let allowed = cases.map(\.rawValue).joined(separator: ", ")
            throw WireError("\"\((path + [.key(key)]).dotted)\" must be one of \(allowed), not \"\(raw)\"", at: path + [.key(key)])
        }
        return value
    }

    /// Throws naming the first key of `object` (in sorted order) that is not in `keys`, with the
    /// known key it resembles when one differs only in case, "-" or "_" ("maxlines": "maxLines").
    static func checkKeys(_ object: [String: Any], _ keys: Set<String>, in path: Path = []) throws(WireError) {
        guard let unknown = object.keys.filter({ !keys.contains($0) }).min() else { return }
        func folded(_ key: String) -> String { key.lowercased().filter { $0 != "-" && $0 != "_" } }
        let where_ = path.isEmpty ? "" : "\(path.dotted): "
        if let near = keys.sorted().first(where: { folded($0) == folded(unknown) }) {
            throw WireError("\(where_)unknown key \"\(unknown)\" (did you mean \"\(near)\"?)", at: path + [.key(unknown)])
        }
        throw WireError(
            "\(where_)unknown key \"\(unknown)\" (the keys are \(keys.sorted().joined(separator: ", ")))", at: path + [.key(unknown)])
    }
}
