// RGBAColor: an sRGB colour with alpha, parsed from "#RRGGBB", "#RRGGBBAA" (or CSS's "#RGB", "#RGBA")
// or "transparent".

/// An sRGB colour with alpha.
public struct RGBAColor: Sendable, Hashable {
    /// The red channel, 0–255.
    public var red: UInt8
    /// The green channel, 0–255.
    public var green: UInt8
    /// The blue channel, 0–255.
    public var blue: UInt8
    /// The alpha channel, 0 (transparent) to 255 (opaque).
    public var alpha: UInt8

    /// A colour from its channels, opaque unless `alpha` says otherwise.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Opaque black.
    public static let black = RGBAColor(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = RGBAColor(red: 255, green: 255, blue: 255)
    /// Fully transparent.
    package static let transparent = RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)

    /// Parses "#RRGGBB", "#RRGGBBAA", CSS's short "#RGB" and "#RGBA" (each digit doubled: "#fff" is
    /// "#ffffff"), or "transparent"; nil otherwise. The digits are hexadecimal digits only.
    package init?(parsing text: String) {
        if text.lowercased() == "transparent" {
            self = .transparent
            return
        }
        var hex = Substring(text)
        if hex.hasPrefix("#") { hex = hex.dropFirst() }
        // Hexadecimal digits only: UInt32(_:radix:) alone would take a leading "+".
        guard [3, 4, 6, 8].contains(hex.count), hex.unicodeScalars.allSatisfy(\.properties.isASCIIHexDigit) else { return nil }
        let digits = hex.count <= 4 ? Substring(hex.flatMap { [$0, $0] }) : hex
        guard let value = UInt32(digits, radix: 16) else { return nil }
        if digits.count == 6 {
            self.init(red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
        } else {
            self.init(
                red: UInt8(value >> 24 & 0xFF), green: UInt8(value >> 16 & 0xFF), blue: UInt8(value >> 8 & 0xFF),
                alpha: UInt8(value & 0xFF))
        }
    }

    /// "#RRGGBB" or "#RRGGBBAA" when not opaque.
    package var hex: String {
        func h(_ v: UInt8) -> String { (v < 16 ? "0" : "") + String(v, radix: 16) }
        return "#" + h(red) + h(green) + h(blue) + (alpha == 255 ? "" : h(alpha))
    }
}
