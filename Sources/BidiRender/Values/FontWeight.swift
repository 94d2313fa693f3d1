// FontWeight and FontStyle: what a caller asks for, and the CSS Fonts Level 4 rule that picks the
// nearest weight a font package has.

import Foundation

/// A font weight from 1 to 1000 (CSS Fonts 4 §2.2; OpenType usWeightClass).
public struct FontWeight: Sendable, Hashable, Comparable, CustomStringConvertible, ExpressibleByIntegerLiteral {
    /// The numeric weight, 1…1000.
    public let value: Int

    /// A weight from 1 to 1000; nil outside that range.
    public init?(_ value: Int) {
        guard (1...1000).contains(value) else { return nil }
        self.value = value
    }

    /// A weight written as a number: `weight: 500`, `weight: 600` (CSS's names are the hundreds:
    /// 100 thin, 200 extra-light, 300 light, 400 regular, 500 medium, 600 semibold, 700 bold,
    /// 800 extra-bold, 900 black). A literal outside 1…1000 is clamped into it; a computed value
    /// goes through `init?(_:)`, which refuses it.
    public init(integerLiteral value: Int) {
        self.value = min(1000, max(1, value))
    }

    /// A weight from a number ("500") or a name: thin 100, extralight 200, light 300, regular 400,
    /// medium 500, semibold 600, bold 700, extrabold 800, black 900 (also "normal", "ultralight",
    /// "demibold", "ultrabold", "heavy", with or without "-" or " "). Case-insensitive.
    package init?(parsing text: String) {
        let key = text.lowercased().filter { $0 != "-" && $0 != " " && $0 != "_" }
        if let number = Int(text.trimmingCharacters(in: .whitespaces)) {
            self.init(number)
        } else if let named = Self.names[key] {
            self.init(named)
        } else {
            return nil
        }
    }

    /// A weight from a user's text, as `init?(parsing:)` reads it.
    /// - Throws: `.invalidValue` naming `key` (an option like "--weight" or a JSON key) when `text`
    ///   is neither a whole number from 1 to 1000 nor a weight name.
    package init(validating text: String, key: String = "weight") throws(BidiRenderError) {
        guard let weight = FontWeight(parsing: text) else {
            throw .invalidValue(
                key: key, value: String(text.prefix(40)),
                reason: "a weight is a whole number from 1 to 1000 or a name (\(Self.nameList))")
        }
        self = weight
    }

    /// The weight names `init?(parsing:)` takes, lightest first: "thin, hairline, extralight, …".
    package static var nameList: String {
        names.sorted { ($0.value, $0.key) < ($1.value, $1.key) }.map(\.key).joined(separator: ", ")
    }

    // The nine names, as literals. `regular` and `bold` are public; the others
    // are written as numbers outside (`weight: 600`).
    /// 100.
    package static let thin: FontWeight = 100
    /// 200.
    package static let extraLight: FontWeight = 200
    /// 300.
    package static let light: FontWeight = 300
    /// 400, the default.
    public static let regular: FontWeight = 400
    /// 500.
    package static let medium: FontWeight = 500
    /// 600.
    package static let semibold: FontWeight = 600
    /// 700.
    public static let bold: FontWeight = 700
    /// 800.
    package static let extraBold: FontWeight = 800
    /// 900.
    package static let black: FontWeight = 900

    static let names: [String: Int] = [
        "thin": 100, "hairline": 100, "extralight": 200, "ultralight": 200, "light": 300,
        "regular": 400, "normal": 400, "book": 400, "medium": 500, "semibold": 600, "demibold": 600,
        "bold": 700, "extrabold": 800, "ultrabold": 800, "black": 900, "heavy": 900,
    ]

    public static func < (a: FontWeight, b: FontWeight) -> Bool { a.value < b.value }

    public var description: String { String(value) }

    /// Picks the weight to use from `available`, by the CSS Fonts Level 4 font-weight matching rule
    /// (§5.2, step 4 "font-weight"):
    /// - a desired weight from 400 to 500 tries the weights from it up to 500 in ascending order,
    ///   then the weights below it in descending order, then the weights above 500 in ascending order;
    /// - below 400, the weights at or below it in descending order, then above it in ascending order;
    /// - above 500, the weights at or above it in ascending order, then below it in descending order.
    /// So "medium" (500) on {400, 700} gets 400, and "semibold" (600) gets 700. Nil if `available`
    /// is empty.
    func nearest(in available: some Collection<FontWeight>) -> FontWeight? {
        let sorted = Set(available).sorted()
        if sorted.contains(self) { return self }
        let below = sorted.filter { $0 < self }.reversed()
        let above = sorted.filter { $0 > self }
        if value >= 400 && value <= 500 {
            let upTo500 = above.filter { $0.value <= 500 }
            let beyond500 = above.filter { $0.value > 500 }
            return upTo500.first ?? below.first ?? beyond500.first
        }
        if value < 400 { return below.first ?? above.first }
        return above.first ?? below.first
    }
}

extension FontWeight {
    /// Picks, among faces that each serve a range of weights, the face to use and the weight to use
    /// it at, by CSS Fonts 4 §5.2 (step 4, "font-weight") over ranges: a face whose range holds the
    /// desired weight matches exactly, at that weight (a variable font's `wght` axis is set to it).
    /// Otherwise each face stands for the end of its range nearest the desired weight — the lower end
    /// of a range above it, the upper end of a range below it — and `nearest(in:)`'s search order
    /// picks among those ends; the weight used is that end, the desired weight clamped into the
    /// face's range. A static face is the range `w...w`. Ties go to the first face. Nil if
    /// `available` is empty.
    func match(in available: [ClosedRange<FontWeight>]) -> (index: Int, weight: FontWeight)? {
        if let inside = available.firstIndex(where: { $0.contains(self) }) { return (inside, self) }
        let ends = available.map { $0.upperBound < self ? $0.upperBound : $0.lowerBound }
        guard let end = nearest(in: ends), let index = ends.firstIndex(of: end) else { return nil }
        return (index, end)
    }
}

/// Upright or italic.
public enum FontStyle: String, Sendable, Hashable, CaseIterable {
    /// Upright.
    case normal
    /// Italic: an italic face of the package, or a synthetic slant where the package's italic rule allows it.
    case italic
}
