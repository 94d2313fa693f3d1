// One case of HarfBuzz's shaping tests (`.tests` lines, copied into HarfBuzzShapeTests/): its font,
// options, text and expected glyphs, and why the engine's shaping cannot run it, when it cannot.
import Foundation
@_spi(Tools) @testable import BidiRender

/// One glyph as `hb-shape` prints it (`gid=cluster@x,y+advance`); nil for a field the case's output
/// leaves out. Without advances (`--ned`), x and y are absolute positions, as hb-shape prints them.
struct HBTestGlyph: Equatable, CustomStringConvertible {
    var id: UInt32
    var cluster: Int?
    var x: Int?
    var y: Int?
    var xAdvance: Int?
    var yAdvance: Int?

    var description: String {
        var text = "\(id)"
        if let cluster { text += "=\(cluster)" }
        if let x, let y, x != 0 || y != 0 { text += "@\(x),\(y)" }
        if let xAdvance { text += "+\(xAdvance)" }
        if let yAdvance, yAdvance != 0 { text += ",\(yAdvance)" }
        return text
    }

    /// Parses one item of hb-shape's text output, filling the fields `shown` says it prints.
    init?(_ item: Substring, clusters: Bool, positions: Bool, advances: Bool) {
        var rest = item
        func number(_ s: Substring) -> Int? { Int(s) }
        func take(until stops: Set<Character>) -> Substring {
            let end = rest.firstIndex(where: { stops.contains($0) }) ?? rest.endIndex
            defer { rest = rest[end...] }
            return rest[..<end]
        }
        guard let id = UInt32(take(until: ["=", "@", "+"])) else { return nil }
        self.id = id
        if rest.first == "=" {
            rest = rest.dropFirst()
            cluster = number(take(until: ["@", "+"]))
        }
        if positions { (x, y) = (0, 0) }
        if rest.first == "@" {
            rest = rest.dropFirst()
            let xy = take(until: ["+"]).split(separator: ",")
            guard xy.count == 2 else { return nil }
            (x, y) = (number(xy[0]), number(xy[1]))
        }
        if positions && advances { (xAdvance, yAdvance) = (0, 0) }
        if rest.first == "+" {
            let advance = rest.dropFirst().split(separator: ",")
            guard let first = advance.first else { return nil }
            xAdvance = number(first)
            if advance.count > 1 { yAdvance = number(advance[1]) }
            rest = rest[rest.endIndex...]
        }
        guard rest.isEmpty, (cluster != nil) == clusters else { return nil }
    }

    init(id: UInt32) { self.id = id }
}

/// A case of a `.tests` file as vendored: `SOURCE:LINE;FONT;OPTIONS;UNICODES;EXPECTED`.
struct HBShapeCase {
    /// The HarfBuzz test file and line the case comes from ("spaces.tests:12").
    var origin: String
    var font: String
    var faceIndex = 0
    var before: [UInt32] = []
    var text: [UInt32] = []
    var after: [UInt32] = []
    /// Right to left, left to right, or nil: from the script, as HarfBuzz guesses.
    var rightToLeft: Bool?
    var script: ScriptTag?
    var language: String?
    var features: [String] = []
    /// `--variations=wght=N`, the only axis the engine's fonts vary.
    var weight: Double?
    var slant = 0.0
    var fontSize: Int?
    var clusters = true
    var positions = true
    var advances = true
    var removesDefaultIgnorables = false
    var expected: [HBTestGlyph] = []
    /// Why the engine's shaping cannot run the case (an option it has no way to express), or nil.
    var skip: String?

    init?(line: Substring) {
        let fields = line.split(separator: ";", omittingEmptySubsequences: false)
        guard fields.count == 5 else { return nil }
        origin = String(fields[0])
        font = String(fields[1])
        guard let text = Self.codePoints(fields[3]) else { return nil }
        self.text = text
        var tokens = fields[2].split(separator: " ")[...]
        while let token = tokens.popFirst() {
            var (name, value) = (token, Substring?.none)
            if let eq = token.firstIndex(of: "=") {
                (name, value) = (token[..<eq], token[token.index(after: eq)...])
            } else if let next = tokens.first, !next.hasPrefix("--"), !Self.flags.contains(String(name)) {
                value = tokens.popFirst()
            }
            guard apply(String(name), value.map(String.init) ?? "") else { return nil }
        }
        // The engine keeps default-ignorables as glyphs: the option changes nothing on a text without one.
        if removesDefaultIgnorables, text.contains(where: DefaultIgnorable.contains) {
            skip = skip ?? "--remove-default-ignorables on a default-ignorable code point"
        }
        let items = fields[4].dropFirst().dropLast().split(separator: "|")
        guard fields[4].hasPrefix("["), fields[4].hasSuffix("]") else { return nil }
        if skip != nil { return }
        var glyphs: [HBTestGlyph] = []
        for item in items {
            guard let glyph = HBTestGlyph(item, clusters: clusters, positions: positions, advances: advances) else { return nil }
            glyphs.append(glyph)
        }
        expected = glyphs
    }

    /// Options that take no value.
    static let flags: Set<String> = [
        "--no-glyph-names", "--no-positions", "--no-clusters", "--no-advances", "--ned", "--remove-default-ignorables",
        "--bot", "--eot", "--preserve-default-ignorables", "--show-extents", "--show-flags", "--unsafe-to-concat",
        "--verify", "--utf8-clusters", "--normalize-glyphs",
    ]

    /// Takes option `name`; false when its value is malformed. An option the engine's shaping cannot
    /// express sets `skip`.
    mutating func apply(_ name: String, _ value: String) -> Bool {
        switch name {
        case "--no-glyph-names": break
        case "--remove-default-ignorables": removesDefaultIgnorables = true
        case "--font-funcs" where value == "ot" || value == "ft": break
        case "--shaper" where value == "ot": break
        case "--cluster-level" where value == "0": break
        case "--no-positions": positions = false
        case "--no-clusters": clusters = false
        case "--no-advances": advances = false
        case "--ned": (clusters, advances) = (false, false)
        case "--font-size": fontSize = Int(value)
        case "--face-index": faceIndex = Int(value) ?? 0
        case "--script": script = ScriptTag(parsing: value)
        case "--language": language = value
        case "--font-slant": slant = Double(value) ?? 0
        case "--unicodes-before", "--unicodes-after":
            guard let context = Self.codePoints(Substring(value)) else { return false }
            if name.hasSuffix("before") { before = context } else { after = context }
        case "--direction":
            switch value.lowercased().first {
            case "l": rightToLeft = false
            case "r": rightToLeft = true
            default: skip = skip ?? "--direction ttb or btt (vertical text)"
            }
        case "--features":
            features = value.split(separator: ",").map(String.init)
            if features.contains(where: { $0.contains("[") }) { skip = skip ?? "--features with a cluster range" }
            if HBFeatures(features) == nil { return false }
        case "--variations":
            let axes = value.split(separator: ",").map { $0.split(separator: "=") }
            if axes.count == 1, axes[0].count == 2, axes[0][0] == "wght", let w = Double(axes[0][1]) {
                weight = w
            } else {
                skip = skip ?? "--variations of an axis other than wght"
            }
        case "--font-funcs", "--shaper", "--cluster-level": skip = skip ?? "\(name)=\(value)"
        default: skip = skip ?? name
        }
        return true
    }

    /// "U+0627,U+0628" or "627,628" as code points; nil for anything else or a non-scalar.
    static func codePoints(_ field: Substring) -> [UInt32]? {
        var out: [UInt32] = []
        for item in field.split(separator: ",") {
            let hex = item.hasPrefix("U+") || item.hasPrefix("u+") ? item.dropFirst(2) : item
            guard let value = UInt32(hex, radix: 16), Unicode.Scalar(value) != nil else { return nil }
            out.append(value)
        }
        return out
    }
}
